/* test_expr_deriv.c -- symbolic derivative and simplification.
 *
 * The derivative is checked numerically and independently: for random
 * expression trees the derivative AST is evaluated with Arb (a small
 * tree-walking evaluator written here) and compared with a central
 * difference quotient of the original tree computed with MPFR (256 bits,
 * step 2^-60, so the quotient is within ~1e-35 relative of the derivative).
 * Every fourth derivative is also evaluated with the library's
 * expr_eval_once. Plus hand-checked derivatives against closed forms computed separately,
 * exact strings of simplified results, and the error cases. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <mpfr.h>
#include <cmocka.h>
#include "fc_test.h"
#include "expr/expr.h"

#define PREC 256

static expr_t V(const char *n) { return expr_var(n); }
static expr_t N(slong p) { return expr_num_si(p, 1); }
static expr_t Q(slong p, ulong q) { return expr_num_si(p, q); }
static expr_t B(expr_kind k, expr_t a, expr_t b) { return expr_binary(k, a, b); }
static expr_t F1(const char *f, expr_t a) { return expr_func(f, 1, &a); }
static expr_t F2(const char *f, expr_t a, expr_t b)
{
    expr_t x[2] = {a, b};
    return expr_func(f, 2, x);
}

/* ------------------------------------------------------------ environment */

#define MAXV 4
typedef struct {
    int n;
    const char *name[MAXV];
    arb_t ball[MAXV];      /* exact point values */
    mpfr_t mp[MAXV];       /* same values (for the difference quotient) */
    expr_scope_t scope;    /* definitions looked up by the evaluators, or NULL */
} env_t;

static void env_init(env_t *v)
{
    int i;
    v->n = 0;
    v->scope = NULL;
    for (i = 0; i < MAXV; i++) {
        arb_init(v->ball[i]);
        mpfr_init2(v->mp[i], PREC);
    }
}

static void env_clear(env_t *v)
{
    int i;
    for (i = 0; i < MAXV; i++) {
        arb_clear(v->ball[i]);
        mpfr_clear(v->mp[i]);
    }
}

/* name = p / q (exact in both representations if q is a power of 2) */
static void env_set(env_t *v, const char *name, slong p, ulong q)
{
    int i = v->n++;
    v->name[i] = name;
    arb_set_si(v->ball[i], p);
    arb_div_ui(v->ball[i], v->ball[i], q, PREC);
    mpfr_set_si(v->mp[i], p, MPFR_RNDN);
    mpfr_div_ui(v->mp[i], v->mp[i], q, MPFR_RNDN);
}

static int env_find(const env_t *v, const char *name)
{
    int i;
    for (i = 0; i < v->n; i++)
        if (strcmp(v->name[i], name) == 0) return i;
    return -1;
}

static expr_t env_def(const env_t *v, const char *name)
{
    expr_t def = NULL;
    int idx;
    if (v->scope && expr_scope_lookup(v->scope, name, &idx, &def) == 1) return def;
    return NULL;
}

/* ------------------------------------------------- Arb tree evaluator */

/* Returns 0 and sets out (a ball containing the value), or -1 if outside
 * the domain, undecided, or unsupported. */
static int aev(arb_t out, const expr_t e, const env_t *v);

/* 1 true, 0 false, -1 undecided */
static int atruth(const expr_t e, const env_t *v)
{
    arb_t a, b;
    int r = -1, ok;
    if (e->kind == EXPR_TRUE) return 1;
    if (e->kind == EXPR_FALSE) return 0;
    arb_init(a);
    arb_init(b);
    ok = aev(a, e->args[0], v) == 0 && aev(b, e->args[1], v) == 0;
    if (ok) {
        arb_sub(a, a, b, PREC);    /* a - b */
        switch (e->kind) {
        case EXPR_LT: r = arb_is_negative(a) ? 1 : arb_is_nonnegative(a) ? 0 : -1; break;
        case EXPR_LE: r = arb_is_nonpositive(a) ? 1 : arb_is_positive(a) ? 0 : -1; break;
        case EXPR_GT: r = arb_is_positive(a) ? 1 : arb_is_nonpositive(a) ? 0 : -1; break;
        case EXPR_GE: r = arb_is_nonnegative(a) ? 1 : arb_is_negative(a) ? 0 : -1; break;
        default: r = -1;
        }
    }
    arb_clear(a);
    arb_clear(b);
    return r;
}

static int aev_func(arb_t y, const expr_t e, const env_t *v)
{
    arb_t a, b;
    int ok = 0, t;
    if (e->fn == FN_IF) {
        t = atruth(e->args[0], v);
        return t < 0 ? -1 : aev(y, e->args[t ? 1 : 2], v);
    }
    arb_init(a);
    arb_init(b);
    if (aev(a, e->args[0], v)) goto fail;
    if (e->nargs > 1 && aev(b, e->args[1], v)) goto fail;
    switch (e->fn) {
    case FN_SIN: arb_sin(y, a, PREC); break;
    case FN_COS: arb_cos(y, a, PREC); break;
    case FN_TAN: arb_tan(y, a, PREC); break;
    case FN_COT: arb_cot(y, a, PREC); break;
    case FN_ASIN: arb_asin(y, a, PREC); break;
    case FN_ACOS: arb_acos(y, a, PREC); break;
    case FN_ATAN: arb_atan(y, a, PREC); break;
    case FN_ATAN2: arb_atan2(y, a, b, PREC); break;
    case FN_SINH: arb_sinh(y, a, PREC); break;
    case FN_COSH: arb_cosh(y, a, PREC); break;
    case FN_TANH: arb_tanh(y, a, PREC); break;
    case FN_EXP: arb_exp(y, a, PREC); break;
    case FN_LOG: arb_log(y, a, PREC); break;
    case FN_SQRT: arb_sqrt(y, a, PREC); break;
    case FN_CBRT:
        if (!arb_is_positive(a)) goto fail;
        arb_root_ui(y, a, 3, PREC);
        break;
    case FN_ABS: arb_abs(y, a); break;
    case FN_SIGN:
        if (!arb_is_positive(a) && !arb_is_negative(a) && !arb_is_zero(a)) goto fail;
        arb_sgn(y, a);
        break;
    case FN_MIN: case FN_MAX: {
        int i;
        arb_set(y, a);
        for (i = 1; i < e->nargs; i++) {
            if (i > 1 && aev(b, e->args[i], v)) goto fail;
            if (e->fn == FN_MIN) arb_min(y, y, b, PREC);
            else arb_max(y, y, b, PREC);
        }
        break;
    }
    default: goto fail;
    }
    ok = arb_is_finite(y);
fail:
    arb_clear(a);
    arb_clear(b);
    return ok ? 0 : -1;
}

static int aev(arb_t out, const expr_t e, const env_t *v)
{
    arb_t a, b;
    int r = 0, i;
    expr_t def;
    switch (e->kind) {
    case EXPR_NUM: arb_set_fmpq(out, e->num, PREC); return 0;
    case EXPR_PI: arb_const_pi(out, PREC); return 0;
    case EXPR_E: arb_const_e(out, PREC); return 0;
    case EXPR_VAR:
        if ((i = env_find(v, e->name)) >= 0) { arb_set(out, v->ball[i]); return 0; }
        if ((def = env_def(v, e->name)) != NULL) return aev(out, def, v);
        return -1;
    case EXPR_FUNC: return aev_func(out, e, v);
    case EXPR_NEG:
        if (aev(out, e->args[0], v)) return -1;
        arb_neg(out, out);
        return 0;
    case EXPR_ADD: case EXPR_SUB: case EXPR_MUL: case EXPR_DIV: case EXPR_POW: break;
    default: return -1;
    }
    arb_init(a);
    arb_init(b);
    if (aev(a, e->args[0], v) || aev(b, e->args[1], v)) r = -1;
    else switch (e->kind) {
    case EXPR_ADD: arb_add(out, a, b, PREC); break;
    case EXPR_SUB: arb_sub(out, a, b, PREC); break;
    case EXPR_MUL: arb_mul(out, a, b, PREC); break;
    case EXPR_DIV: arb_div(out, a, b, PREC); break;
    default:
        if (e->args[1]->kind == EXPR_NUM && fmpz_is_one(fmpq_denref(e->args[1]->num)))
            arb_pow_fmpz(out, a, fmpq_numref(e->args[1]->num), PREC);
        else if (arb_is_positive(a))
            arb_pow(out, a, b, PREC);
        else
            r = -1;
    }
    if (r == 0 && !arb_is_finite(out)) r = -1;
    arb_clear(a);
    arb_clear(b);
    return r;
}

/* ------------------------------------------------- MPFR tree evaluator */

static int mev(mpfr_t out, const expr_t e, const env_t *v);

static int mtruth(const expr_t e, const env_t *v)
{
    mpfr_t a, b;
    int r = -1;
    if (e->kind == EXPR_TRUE) return 1;
    if (e->kind == EXPR_FALSE) return 0;
    mpfr_inits2(PREC, a, b, (mpfr_ptr) 0);
    if (mev(a, e->args[0], v) == 0 && mev(b, e->args[1], v) == 0) {
        switch (e->kind) {
        case EXPR_LT: r = mpfr_less_p(a, b); break;
        case EXPR_LE: r = mpfr_lessequal_p(a, b); break;
        case EXPR_GT: r = mpfr_greater_p(a, b); break;
        case EXPR_GE: r = mpfr_greaterequal_p(a, b); break;
        default: r = -1;
        }
    }
    mpfr_clears(a, b, (mpfr_ptr) 0);
    return r;
}

static int mev(mpfr_t out, const expr_t e, const env_t *v)
{
    mpfr_t a, b;
    int r = 0, i;
    mpfr_rnd_t R = MPFR_RNDN;
    expr_t def;

    switch (e->kind) {
    case EXPR_NUM:
        mpfr_init2(a, PREC);
        fmpz_get_mpfr(out, fmpq_numref(e->num), R);
        fmpz_get_mpfr(a, fmpq_denref(e->num), R);
        mpfr_div(out, out, a, R);
        mpfr_clear(a);
        return 0;
    case EXPR_PI: mpfr_const_pi(out, R); return 0;
    case EXPR_E: mpfr_set_ui(out, 1, R); mpfr_exp(out, out, R); return 0;
    case EXPR_VAR:
        if ((i = env_find(v, e->name)) >= 0) { mpfr_set(out, v->mp[i], R); return 0; }
        if ((def = env_def(v, e->name)) != NULL) return mev(out, def, v);
        return -1;
    case EXPR_NEG:
        if (mev(out, e->args[0], v)) return -1;
        mpfr_neg(out, out, R);
        return 0;
    case EXPR_FUNC:
        if (e->fn == FN_IF) {
            int t = mtruth(e->args[0], v);
            return t < 0 ? -1 : mev(out, e->args[t ? 1 : 2], v);
        }
        if ((e->fn == FN_MIN || e->fn == FN_MAX) && e->nargs > 2) {   /* fold */
            mpfr_init2(a, PREC);
            r = mev(out, e->args[0], v);
            for (i = 1; i < e->nargs && r == 0; i++) {
                r = mev(a, e->args[i], v);
                if (e->fn == FN_MIN) mpfr_min(out, out, a, R);
                else mpfr_max(out, out, a, R);
            }
            mpfr_clear(a);
            return r;
        }
        break;
    case EXPR_ADD: case EXPR_SUB: case EXPR_MUL: case EXPR_DIV: case EXPR_POW: break;
    default: return -1;
    }
    mpfr_inits2(PREC, a, b, (mpfr_ptr) 0);
    if (mev(a, e->args[0], v) || (e->nargs > 1 && mev(b, e->args[1], v))) {
        mpfr_clears(a, b, (mpfr_ptr) 0);
        return -1;
    }
    switch (e->kind) {
    case EXPR_ADD: mpfr_add(out, a, b, R); break;
    case EXPR_SUB: mpfr_sub(out, a, b, R); break;
    case EXPR_MUL: mpfr_mul(out, a, b, R); break;
    case EXPR_DIV: mpfr_div(out, a, b, R); break;
    case EXPR_POW: mpfr_pow(out, a, b, R); break;
    default:
        switch (e->fn) {
        case FN_SIN: mpfr_sin(out, a, R); break;
        case FN_COS: mpfr_cos(out, a, R); break;
        case FN_TAN: mpfr_tan(out, a, R); break;
        case FN_COT: mpfr_cot(out, a, R); break;
        case FN_ASIN: mpfr_asin(out, a, R); break;
        case FN_ACOS: mpfr_acos(out, a, R); break;
        case FN_ATAN: mpfr_atan(out, a, R); break;
        case FN_ATAN2: mpfr_atan2(out, a, b, R); break;
        case FN_SINH: mpfr_sinh(out, a, R); break;
        case FN_COSH: mpfr_cosh(out, a, R); break;
        case FN_TANH: mpfr_tanh(out, a, R); break;
        case FN_EXP: mpfr_exp(out, a, R); break;
        case FN_LOG: mpfr_log(out, a, R); break;
        case FN_SQRT: mpfr_sqrt(out, a, R); break;
        case FN_CBRT: mpfr_cbrt(out, a, R); break;
        case FN_ABS: mpfr_abs(out, a, R); break;
        case FN_SIGN: mpfr_set_si(out, mpfr_sgn(a), R); break;
        case FN_MIN: mpfr_min(out, a, b, R); break;
        case FN_MAX: mpfr_max(out, a, b, R); break;
        default: r = -1;
        }
    }
    if (r == 0 && !mpfr_number_p(out)) r = -1;
    mpfr_clears(a, b, (mpfr_ptr) 0);
    return r;
}

/* ---------------------------------------------------------- comparison */

/* Central difference (f(x+h) - f(x-h)) / 2h, h = 2^-60, at variable index
 * iv of v; 0 on success. */
static int central_difference(mpfr_t out, const expr_t e, env_t *v, int iv)
{
    mpfr_t x0, fp, fm;
    int r;
    mpfr_inits2(PREC, x0, fp, fm, (mpfr_ptr) 0);
    mpfr_set(x0, v->mp[iv], MPFR_RNDN);
    mpfr_set_ui_2exp(fm, 1, -60, MPFR_RNDN);
    mpfr_add(v->mp[iv], x0, fm, MPFR_RNDN);      /* exact at 256 bits */
    r = mev(fp, e, v);
    mpfr_sub(v->mp[iv], x0, fm, MPFR_RNDN);
    if (r == 0) r = mev(fm, e, v);
    mpfr_set(v->mp[iv], x0, MPFR_RNDN);
    if (r == 0) {
        mpfr_sub(out, fp, fm, MPFR_RNDN);
        mpfr_mul_2si(out, out, 59, MPFR_RNDN);  /* / (2 * 2^-60) */
    }
    mpfr_clears(x0, fp, fm, (mpfr_ptr) 0);
    return r;
}

/* 1 if the ball d and the quotient q agree: |d - q| < 1e-20 (1 + |q|). */
static int agree(const arb_t d, const mpfr_t q)
{
    arb_t a, t;
    arf_t f;
    int ok;
    arb_init(a);
    arb_init(t);
    arf_init(f);
    arf_set_mpfr(f, q);
    arb_set_arf(a, f);
    arb_sub(a, d, a, PREC);
    arb_abs(a, a);
    arb_set_arf(t, f);
    arb_abs(t, t);
    arb_add_ui(t, t, 1, PREC);
    arb_mul_2exp_si(t, t, -66);    /* 2^-66 ~ 1.4e-20 */
    ok = arb_lt(a, t);
    arb_clear(a);
    arb_clear(t);
    arf_clear(f);
    return ok;
}

/* Differentiates e by name v->name[iv] and compares at the point v.
 * Returns 1 agree, 0 skipped (a value undefined or undecided), fails the
 * test on disagreement. */
static int lib_check = 0;   /* also evaluate with expr_eval_once */

static int check_at(const expr_t e, env_t *v, int iv)
{
    expr_error_t err;
    expr_t de = expr_derivative(e, v->name[iv], v->scope, &err);
    arb_t dv;
    mpfr_t q;
    int r = 0;

    if (de == NULL) print_error("derivative failed: %s\n", err.msg);
    assert_non_null(de);
    arb_init(dv);
    mpfr_init2(q, PREC);
    if (central_difference(q, e, v, iv) == 0 && aev(dv, de, v) == 0) {
        if (!agree(dv, q)) {
            char *s = expr_to_text(e), *t = expr_to_text(de);
            print_error("f = %s\nf' = %s\nArb: %s\nMPFR: ", s, t, arb_get_str(dv, 30, 0));
            mpfr_fprintf(stderr, "%.30Rg\n", q);
            flint_free(s);
            flint_free(t);
        }
        assert_true(agree(dv, q));
        r = 1;
        if (lib_check && v->scope == NULL) {   /* the library evaluator agrees */
            expr_scope_t sc = expr_scope_new();
            arb_ptr box = _arb_vec_init(v->n);
            expr_tv_t tv;
            int i;
            for (i = 0; i < v->n; i++) {
                assert_int_equal(expr_scope_add_param(sc, v->name[i]), i);
                arb_set(box + i, v->ball[i]);
            }
            assert_int_equal(expr_eval_once(dv, &tv, de, sc, box, PREC), EXPR_DEFINED);
            assert_true(agree(dv, q));
            _arb_vec_clear(box, v->n);
            expr_scope_free(sc);
        }
    }
    arb_clear(dv);
    mpfr_clear(q);
    expr_free(de);
    return r;
}

/* ------------------------------------------------------ random trees */

static flint_rand_t rnd;
static ulong rn(ulong n) { return n_randint(rnd, n); }

static expr_t leaf(void)
{
    switch (rn(6)) {
    case 0: case 1: case 2: return V("x");
    case 3: return V("y");
    case 4: return Q((slong) rn(13) - 6, 1 + rn(4));
    default: return expr_new(EXPR_PI);
    }
}

static expr_t one_plus_sq(expr_t u)
{
    return B(EXPR_ADD, N(1), B(EXPR_POW, u, N(2)));
}

/* Smooth functions defined everywhere (for x, y of moderate size). */
static expr_t smooth(int depth)
{
    if (depth <= 0) return leaf();
    switch (rn(24)) {
    case 0: return leaf();
    case 1: case 2: return B(EXPR_ADD, smooth(depth - 1), smooth(depth - 1));
    case 3: return B(EXPR_SUB, smooth(depth - 1), smooth(depth - 1));
    case 4: case 5: return B(EXPR_MUL, smooth(depth - 1), smooth(depth - 1));
    case 6: return expr_unary(EXPR_NEG, smooth(depth - 1));
    case 7: return B(EXPR_DIV, smooth(depth - 1), one_plus_sq(smooth(depth - 1)));
    case 8: return B(EXPR_POW, smooth(depth - 1), N(2 + (slong) rn(3)));
    case 9: return F1("exp", F1(rn(2) ? "sin" : "atan", smooth(depth - 1)));
    case 10: return F1("sin", smooth(depth - 1));
    case 11: return F1("cos", smooth(depth - 1));
    case 12: return F1("atan", smooth(depth - 1));
    case 13: return F1("sqrt", one_plus_sq(smooth(depth - 1)));
    case 14: return F1("log", one_plus_sq(smooth(depth - 1)));
    case 15: return B(EXPR_POW, one_plus_sq(smooth(depth - 1)), Q((slong) rn(7) - 3, 1 + rn(3)));
    case 16: /* general power a^b with a > 0 */
        return B(EXPR_POW, B(EXPR_ADD, N(2), F1("sin", smooth(depth - 1))),
                 F1("atan", smooth(depth - 1)));
    case 17: return F1("tanh", smooth(depth - 1));
    case 18: return F1(rn(2) ? "sinh" : "cosh", F1("atan", smooth(depth - 1)));
    case 19: { /* asin, acos of u / sqrt(4 + u^2), inside (-1, 1) */
        expr_t u = smooth(depth - 1);
        return F1(rn(2) ? "asin" : "acos",
                  B(EXPR_DIV, u, F1("sqrt", B(EXPR_ADD, N(4), B(EXPR_POW, expr_copy(u), N(2))))));
    }
    case 20: /* tan, cot of (atan(u) + 2) / 3, inside (0.14, 1.2) */
        return F1(rn(2) ? "tan" : "cot",
                  B(EXPR_DIV, B(EXPR_ADD, F1("atan", smooth(depth - 1)), N(2)), N(3)));
    case 21: return F2("atan2", one_plus_sq(smooth(depth - 1)), smooth(depth - 1));
    case 22: return F1("cbrt", one_plus_sq(smooth(depth - 1)));
    default: return B(EXPR_POW, expr_new(EXPR_E), F1("sin", smooth(depth - 1)));
    }
}

/* Piecewise functions: abs, sign, min, max, if (compared away from kinks). */
static expr_t piecewise(int depth)
{
    expr_t a[3];
    if (depth <= 0) return leaf();
    switch (rn(8)) {
    case 0: return F1("abs", piecewise(depth - 1));
    case 1: return B(EXPR_MUL, F1("sign", piecewise(depth - 1)), piecewise(depth - 1));
    case 2: return F2("min", piecewise(depth - 1), piecewise(depth - 1));
    case 3:
        a[0] = piecewise(depth - 1);
        a[1] = smooth(depth - 1);
        a[2] = piecewise(depth - 1);
        return expr_func(rn(2) ? "max" : "min", 3, a);
    case 4:
        a[0] = B(rn(2) ? EXPR_LT : EXPR_GE, smooth(depth - 1), smooth(depth - 1));
        a[1] = piecewise(depth - 1);
        a[2] = piecewise(depth - 1);
        return expr_func("if", 3, a);
    case 5: return B(EXPR_ADD, piecewise(depth - 1), piecewise(depth - 1));
    case 6: return B(EXPR_MUL, piecewise(depth - 1), smooth(depth - 1));
    default: return smooth(depth - 1);
    }
}

/* x, y: random dyadics with 40 bits in [-2, 2] (off every simple
 * rational, so no kink of a piecewise function is hit). */
static void random_point(env_t *v)
{
    v->n = 0;
    env_set(v, "x", (slong) rn(UWORD(1) << 40) - (WORD(1) << 39), UWORD(1) << 38);
    env_set(v, "y", (slong) rn(UWORD(1) << 40) - (WORD(1) << 39), UWORD(1) << 38);
}

static void test_random_smooth(void **state)
{
    env_t v;
    int i, done = 0, tries = 600;
    (void) state;
    flint_randinit(rnd);
    env_init(&v);
    for (i = 0; i < tries; i++) {
        expr_t e = smooth(1 + (int) rn(4));
        random_point(&v);
        lib_check = i % 4 == 0;
        done += check_at(e, &v, (int) rn(2));
        lib_check = 0;
        expr_free(e);
    }
    /* smooth trees are defined everywhere; almost nothing may be skipped */
    if (done < tries * 95 / 100) print_error("only %d of %d compared\n", done, tries);
    assert_true(done >= tries * 95 / 100);
    env_clear(&v);
    flint_randclear(rnd);
}

static void test_random_piecewise(void **state)
{
    env_t v;
    int i, done = 0, tries = 400;
    (void) state;
    flint_randinit(rnd);
    env_init(&v);
    for (i = 0; i < tries; i++) {
        expr_t e = piecewise(1 + (int) rn(4));
        random_point(&v);
        done += check_at(e, &v, 0);
        expr_free(e);
    }
    if (done < tries / 2) print_error("only %d of %d compared\n", done, tries);
    assert_true(done >= tries / 2);
    env_clear(&v);
    flint_randclear(rnd);
}

/* ------------------------------------------------------ hand checks */

/* d/dtheta of 1 + 3 cos^2 - 3 mu sin cos at theta = 1/2, mu = 5/3 equals
 * -6 cos sin - 3 mu (cos^2 - sin^2) (computed here with MPFR); d/dmu is
 * -3 sin cos. The derivative is evaluated by the Arb walker above and by
 * the library's expr_eval_once. */
static void test_rod(void **state)
{
    expr_error_t err;
    expr_t e = expr_parse("1 + 3*cos(theta)^2 - 3*mu*sin(theta)*cos(theta)", 1, 1, &err);
    expr_t dt, dm;
    env_t v;
    mpfr_t s, c, w, t;
    arb_t got;
    (void) state;

    assert_non_null(e);
    env_init(&v);
    env_set(&v, "theta", 1, 2);
    v.n = 1;
    /* mu = 5/3 is not a dyadic: set the ball exactly, MPFR to 256 bits */
    v.name[1] = "mu";
    arb_set_ui(v.ball[1], 5);
    arb_div_ui(v.ball[1], v.ball[1], 3, PREC);
    mpfr_set_ui(v.mp[1], 5, MPFR_RNDN);
    mpfr_div_ui(v.mp[1], v.mp[1], 3, MPFR_RNDN);
    v.n = 2;

    mpfr_inits2(PREC, s, c, w, t, (mpfr_ptr) 0);
    mpfr_set_ui(t, 1, MPFR_RNDN);
    mpfr_div_ui(t, t, 2, MPFR_RNDN);
    mpfr_sin_cos(s, c, t, MPFR_RNDN);
    mpfr_mul(w, c, c, MPFR_RNDN);
    mpfr_fms(w, s, s, w, MPFR_RNDN);       /* sin^2 - cos^2 */
    mpfr_mul(w, w, v.mp[1], MPFR_RNDN);
    mpfr_mul_ui(w, w, 3, MPFR_RNDN);        /* -3 mu (cos^2 - sin^2) */
    mpfr_mul(t, s, c, MPFR_RNDN);
    mpfr_mul_ui(t, t, 6, MPFR_RNDN);
    mpfr_sub(w, w, t, MPFR_RNDN);           /* - 6 sin cos */

    dt = expr_derivative(e, "theta", NULL, &err);
    assert_non_null(dt);
    arb_init(got);
    assert_int_equal(aev(got, dt, &v), 0);
    assert_true(agree(got, w));

    {   /* the same through the library evaluator */
        expr_scope_t sc = expr_scope_new();
        arb_ptr box = _arb_vec_init(2);
        expr_tv_t tv;
        assert_int_equal(expr_scope_add_param(sc, "theta"), 0);
        assert_int_equal(expr_scope_add_param(sc, "mu"), 1);
        arb_set(box + 0, v.ball[0]);
        arb_set(box + 1, v.ball[1]);
        assert_int_equal(expr_eval_once(got, &tv, dt, sc, box, PREC), EXPR_DEFINED);
        assert_true(agree(got, w));
        _arb_vec_clear(box, 2);
        expr_scope_free(sc);
    }

    dm = expr_derivative(e, "mu", NULL, &err);
    assert_non_null(dm);
    assert_int_equal(aev(got, dm, &v), 0);
    mpfr_mul(t, s, c, MPFR_RNDN);
    mpfr_mul_si(t, t, -3, MPFR_RNDN);
    assert_true(agree(got, t));

    arb_clear(got);
    mpfr_clears(s, c, w, t, (mpfr_ptr) 0);
    expr_free(e);
    expr_free(dt);
    expr_free(dm);
    env_clear(&v);
}

/* Definitions are differentiated through: with B = 1 + k cos(theta)^2 and
 * C = B * sin(theta), dC/dtheta = -2 k cos sin^2 + B cos. */
static void test_scope(void **state)
{
    expr_error_t err;
    expr_scope_t sc = expr_scope_new();
    expr_t b = expr_parse("1 + k*cos(theta)^2", 1, 1, &err);
    expr_t c = expr_parse("B*sin(theta)", 1, 1, &err);
    expr_t p = expr_parse("B < 0", 1, 1, &err);
    expr_t e = expr_parse("C + k", 1, 1, &err), de;
    env_t v;
    arb_t got, want, s, co, t;
    (void) state;

    assert_int_equal(expr_scope_add_param(sc, "theta"), 0);
    assert_int_equal(expr_scope_add_param(sc, "k"), 1);
    assert_int_equal(expr_scope_add_def(sc, "B", b, 0), 0);
    assert_int_equal(expr_scope_add_def(sc, "C", c, 0), 0);
    assert_int_equal(expr_scope_add_def(sc, "P", p, 1), 0);
    env_init(&v);
    env_set(&v, "theta", 3, 4);
    env_set(&v, "k", 3, 1);
    v.scope = sc;

    de = expr_derivative(e, "theta", sc, &err);
    assert_non_null(de);
    arb_init(got); arb_init(want); arb_init(s); arb_init(co); arb_init(t);
    assert_int_equal(aev(got, de, &v), 0);
    arb_sin_cos(s, co, v.ball[0], PREC);
    arb_mul(t, co, co, PREC);
    arb_mul_ui(t, t, 3, PREC);
    arb_add_ui(t, t, 1, PREC);                 /* B */
    arb_mul(want, t, co, PREC);                /* B cos */
    arb_mul(t, s, s, PREC);
    arb_mul(t, t, co, PREC);
    arb_mul_ui(t, t, 6, PREC);                 /* 2 k cos sin^2 */
    arb_sub(want, want, t, PREC);
    arb_sub(t, got, want, PREC);
    assert_true(arb_contains_zero(t));
    assert_true(mag_cmp_2exp_si(arb_radref(t), -200) < 0);
    /* and numerically against the difference quotient */
    assert_int_equal(check_at(e, &v, 0), 1);
    /* d/dk: cos^2 sin + 1 */
    assert_int_equal(check_at(e, &v, 1), 1);
    expr_free(de);

    /* a predicate definition cannot be differentiated */
    {
        expr_t q = expr_parse("P", 1, 1, &err);
        err.msg[0] = 0;
        assert_null(expr_derivative(q, "theta", sc, &err));
        assert_true(strstr(err.msg, "P") != NULL);
        expr_free(q);
    }
    arb_clear(got); arb_clear(want); arb_clear(s); arb_clear(co); arb_clear(t);
    env_clear(&v);
    expr_scope_free(sc);
    expr_free(b); expr_free(c); expr_free(p); expr_free(e);
}

/* Exact forms of simple derivatives (after simplification). */
static void test_exact_forms(void **state)
{
    static const char *cases[][3] = {
        {"x^2", "x", "2*x"},
        {"3*x + 1", "x", "3"},
        {"x*y", "x", "y"},
        {"y", "x", "0"},
        {"pi*x", "x", "pi"},
        {"sin(x)", "x", "cos(x)"},
        {"cos(x)", "x", "-sin(x)"},
        {"exp(2*x)", "x", "2*exp(2*x)"},
        {"x^(1/3)", "x", "(1/3)*x^(-2/3)"},
        {"1/x", "x", "-(1/x^2)"},
        {"x^-1", "x", "-x^(-2)"},
        {"abs(x)", "x", "sign(x)"},
        {"sign(x)", "x", "0"},
        {"min(x, 1)", "x", "if(x <= 1, 1, 0)"},
        {"max(x, 2*x, 0)", "x", "if(x >= max(2*x, 0), 1, if(2*x >= 0, 2, 0))"},
        {"if(x < 0, -x, x^2)", "x", "if(x < 0, -1, 2*x)"},
        {"if(x < 0, y, 1)", "x", "0"},
        {"2^x", "x", "2^x*log(2)"},
        {"e^x", "x", "e^x"},
        {"log(x)", "x", "1/x"},
        {"sqrt(x)", "x", "1/(2*sqrt(x))"},
        {"atan(x)", "x", "1/(1 + x^2)"},
        {"x^x", "x", "x^x*(log(x) + x/x)"},
    };
    size_t i;
    (void) state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        expr_error_t err;
        expr_t e = expr_parse(cases[i][0], 1, 1, &err), de;
        char *s;
        assert_non_null(e);
        de = expr_derivative(e, cases[i][1], NULL, &err);
        assert_non_null(de);
        s = expr_to_text(de);
        if (strcmp(s, cases[i][2])) print_error("d/d%s %s: got '%s' want '%s'\n", cases[i][1],
                                                cases[i][0], s, cases[i][2]);
        assert_string_equal(s, cases[i][2]);
        flint_free(s);
        expr_free(e);
        expr_free(de);
    }
}

static void test_errors(void **state)
{
    static const char *cases[][2] = {
        {"x < 1", "predicate"},
        {"f(x) + 1", "cannot differentiate f"},
        {"1 + (x > 0 and true)", "predicate"},
        {"root(x, 0 .. 1)", "cannot differentiate root"},
    };
    size_t i;
    (void) state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        expr_error_t err;
        expr_t e = expr_parse(cases[i][0], 1, 1, &err);
        assert_non_null(e);
        err.msg[0] = 0;
        err.line = err.col = 0;
        assert_null(expr_derivative(e, "x", NULL, &err));
        if (!strstr(err.msg, cases[i][1])) print_error("%s: message '%s'\n", cases[i][0], err.msg);
        assert_true(strstr(err.msg, cases[i][1]) != NULL);
        assert_true(err.line == 1 && err.col >= 1);
        expr_free(e);
    }
    {   /* the position is the offending node's */
        expr_error_t err;
        expr_t e = expr_parse("sin(x) + g(x)", 1, 1, &err);
        assert_null(expr_derivative(e, "x", NULL, &err));
        assert_int_equal(err.col, 10);
        expr_free(e);
    }
}

static void test_simplify(void **state)
{
    static const char *cases[][2] = {
        {"0 + a", "a"},           {"a + 0", "a"},         {"a - 0", "a"},
        {"0 - a", "-a"},          {"0*a", "0"},           {"a*0", "0"},
        {"1*a", "a"},             {"a*1", "a"},           {"a/1", "a"},
        {"a^1", "a"},             {"a^0", "1"},           {"--a", "a"},
        {"-(-(-a))", "-a"},       {"1/2 + 1/3", "5/6"},   {"(1/2 + 1/3)*x", "(5/6)*x"},
        {"2^10", "1024"},         {"(2/3)^-2", "9/4"},    {"1/0", "1/0"},
        {"x/0", "x/0"},           {"0^-1", "0^(-1)"},     {"0/x", "0/x"},
        {"2*(3*x)", "6*x"},       {"x*3", "3*x"},         {"a + -b", "a - b"},
        {"a - -b", "a + b"},      {"a + (-3)", "a - 3"},  {"(-a)*b", "-(a*b)"},
        {"-1*a", "-a"},           {"1 + 2*3 - 4/8", "13/2"},
        {"sin(0 + x) < 1*y and not (x^1 > 0)", "sin(x) < y and not x > 0"},
        {"2^(1/2)", "2^(1/2)"},   {"x^(4/2)", "x^2"},
    };
    size_t i;
    (void) state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        expr_error_t err;
        expr_t e = expr_parse(cases[i][0], 1, 1, &err), r;
        char *s;
        assert_non_null(e);
        r = expr_simplify(e);
        s = expr_to_text(r);
        if (strcmp(s, cases[i][1])) print_error("%s: got '%s' want '%s'\n", cases[i][0], s, cases[i][1]);
        assert_string_equal(s, cases[i][1]);
        flint_free(s);
        expr_free(e);
        expr_free(r);
    }
}

/* simplify keeps values: random smooth trees agree with their simplified
 * forms at random points (Arb, both evaluated with the walker above). */
static void test_simplify_values(void **state)
{
    env_t v;
    int i;
    arb_t a, b;
    (void) state;
    flint_randinit(rnd);
    env_init(&v);
    arb_init(a);
    arb_init(b);
    for (i = 0; i < fc_test_iters(300); i++) {
        expr_t e = smooth(1 + (int) rn(4)), s = expr_simplify(e);
        random_point(&v);
        if (aev(a, e, &v) == 0) {
            assert_int_equal(aev(b, s, &v), 0);
            assert_true(arb_overlaps(a, b));
        }
        expr_free(e);
        expr_free(s);
    }
    arb_clear(a);
    arb_clear(b);
    env_clear(&v);
    flint_randclear(rnd);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact_forms),     cmocka_unit_test(test_simplify),
        cmocka_unit_test(test_errors),          cmocka_unit_test(test_rod),
        cmocka_unit_test(test_scope),           cmocka_unit_test(test_random_smooth),
        cmocka_unit_test(test_random_piecewise), cmocka_unit_test(test_simplify_values),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    flint_cleanup();
    return r;
}
