/* test_expr_sound.c -- randomized soundness of the ball evaluator.
 *
 * Random expression trees over x, y, z (every numeric builtin, comparisons,
 * logic, if) are compiled and evaluated on random boxes by expr_eval_run
 * (tighten = 0 and 1, prec 64 and 128).  Independently, the same trees are
 * walked at sample points of the box by an MPFR evaluator written here; it
 * carries the value at two precisions (256 and 400 bits) and an exact fmpq
 * value while a subtree stays rational, so it can tell when a domain test, a
 * sign or a comparison is too close to call ("ambiguous": such points are
 * skipped, never guessed).  Asserted, for every root:
 *   box EXPR_DEFINED    -> the point is defined and its value is in the ball;
 *   box EXPR_UNDEFINED  -> the point is undefined;
 *   box TV_TRUE / FALSE -> the predicate holds / fails at the point.
 * The same checks are made for the point itself evaluated as a box.
 *
 * Point semantics assumed (the oracle's): a comparison with an undefined
 * operand is undefined and logic over it is Kleene's (false and undefined =
 * false); if(c, a, b) is undefined where c is; 0^(p/q) = 0 for p > 0; x^(p/q)
 * with q even is undefined for x < 0; cbrt is odd; atan2(0, x < 0) = pi.
 * Conventions that differ between libraries are never checked: atan2(0, 0)
 * and exponents with an odd denominator other than 1 are skipped/not made.
 *
 * The double-interval fast path (expr_fast_run, tighten 0 and 1) is checked
 * the same way on a double box enclosing the box and on the point, for every
 * tree it has and for a second tree per trial made of its operations only.
 *
 * Reproduce one case: FC_SOUND_SEED=S FC_SOUND_TRIAL=T [FC_SOUND_FAST=1] build/tests/test_expr_sound
 * (FC_SOUND_SEED alone runs 1000 trials of that seed).
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>
#include <mpfr.h>
#include "expr/expr.h"

#define LO_PREC 256
#define HI_PREC 400
#define MAG_CAP 900        /* values beyond 2^MAG_CAP are not checked */
#define RAT_BITS 4096      /* exact rationals beyond this size become floats */
#define NPOINTS 6
#define MAX_ROOTS 3
#ifndef MAX_FAIL_PRINT
#define MAX_FAIL_PRINT 12
#endif

/* ------------------------------------------------------------ PRNG */

typedef struct { uint64_t s; } rng_t;

static uint64_t rng_next(rng_t *r) /* splitmix64 */
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int rng_int(rng_t *r, int n) { return (int)(rng_next(r) % (uint64_t)n); }
static int rng_pct(rng_t *r, int pct) { return rng_int(r, 100) < pct; }

/* ------------------------------------------------------------ generator */

static const char *var_names[3] = {"x", "y", "z"};

typedef struct {
    rng_t *r;
    int nvars;
    int budget;             /* nodes left before only leaves are made */
    int fast;               /* 1: only operations the double-interval fast path has */
} gen_t;

static expr_t gen_num(gen_t *g, int depth);
static expr_t gen_bool(gen_t *g, int depth);

static expr_t gen_var(gen_t *g)
{
    return expr_var(var_names[rng_int(g->r, g->nvars)]);
}

static expr_t gen_const(gen_t *g)
{
    static const ulong dens[] = {1, 1, 2, 3, 4, 5, 7, 8, 10, 16};
    slong p = rng_int(g->r, 19) - 9;
    return expr_num_si(p, dens[rng_int(g->r, 10)]);
}

static expr_t gen_leaf(gen_t *g)
{
    int k = rng_int(g->r, 100);
    g->budget--;
    if (k < 55) return gen_var(g);
    if (k < 82) return gen_const(g);
    if (k < 91) return expr_new(EXPR_PI);
    return expr_new(EXPR_E);
}

static expr_t fn1(const char *name, expr_t a) { return expr_func(name, 1, &a); }

static expr_t fn2(const char *name, expr_t a, expr_t b)
{
    expr_t args[2];
    args[0] = a;
    args[1] = b;
    return expr_func(name, 2, args);
}

/* A function applied straight to a variable, so that the box edges ([0, 1],
 * [-1, 1], a pole of tan) meet the domain edges. */
static expr_t gen_edge_atom(gen_t *g)
{
    expr_t v = gen_var(g);
    g->budget -= 2;
    switch (rng_int(g->r, 10)) {
    case 0: return fn1("sqrt", v);
    case 1: return fn1(g->fast ? "sqrt" : "log", v);
    case 2: return fn1(g->fast ? "sin" : "asin", v);
    case 3: return fn1(g->fast ? "cos" : "acos", v);
    case 4: return fn1("tan", v);
    case 5: return fn1(g->fast ? "tan" : "cot", v);
    case 6: return expr_binary(EXPR_DIV, expr_num_si(1, 1), v);
    case 7: return expr_binary(EXPR_POW, v, expr_num_si(-1, 2));
    case 8: return expr_binary(EXPR_POW, v, expr_num_si(1, 2));
    default: return g->fast ? expr_binary(EXPR_DIV, v, gen_var(g)) : fn2("atan2", v, gen_var(g));
    }
}

/* exponents: integers and rationals with denominator 2 or 4 only (for odd
 * denominators the meaning of a negative base is a convention) */
static expr_t gen_exponent(gen_t *g)
{
    static const slong ex[][2] = {{2, 1}, {3, 1}, {-1, 1}, {-2, 1}, {4, 1}, {1, 1}, {5, 1},
                                  {1, 2}, {3, 2}, {-1, 2}, {1, 4}, {5, 2}, {-3, 2}, {3, 4}};
    int k = rng_int(g->r, (int)(sizeof(ex) / sizeof(ex[0])));
    if (g->fast && ex[k][1] == 4) return expr_num_si(ex[k][0], 2);
    return expr_num_si(ex[k][0], (ulong)ex[k][1]);
}

static const char *fn_names1[] = {"sin", "cos", "tan", "cot", "asin", "acos", "atan",
                                  "sinh", "cosh", "tanh", "exp", "log", "sqrt", "cbrt",
                                  "abs", "sign"};
/* the same slots for the fast path's operations */
static const char *fast_names1[] = {"sin", "cos", "tan", "tan", "sin", "cos", "sqrt",
                                    "sin", "cos", "abs", "sqrt", "sqrt", "sqrt", "abs",
                                    "abs", "sign"};

static expr_t gen_num(gen_t *g, int depth)
{
    int k;
    if (depth <= 0 || g->budget <= 0 || rng_pct(g->r, 20))
        return rng_pct(g->r, 20) ? gen_edge_atom(g) : gen_leaf(g);
    g->budget--;
    k = rng_int(g->r, 34);
    if (k < 16) {
        return fn1(g->fast ? fast_names1[k] : fn_names1[k], gen_num(g, depth - 1));
    } else if (k < 18) {
        expr_t a = gen_num(g, depth - 1);
        if (g->fast) return expr_binary(EXPR_DIV, a, gen_num(g, depth - 1));
        return fn2("atan2", a, gen_num(g, depth - 1));
    } else if (k < 21) {
        int n = 2 + rng_int(g->r, 2), i;
        expr_t args[3];
        for (i = 0; i < n; i++) args[i] = gen_num(g, depth - 1);
        return expr_func(k == 18 ? "max" : "min", n, args);
    } else if (k < 23) {
        expr_t args[3];
        args[0] = gen_bool(g, depth - 1);
        args[1] = gen_num(g, depth - 1);
        args[2] = gen_num(g, depth - 1);
        return expr_func("if", 3, args);
    } else if (k < 24) {
        return expr_unary(EXPR_NEG, gen_num(g, depth - 1));
    } else if (k < 27) {
        return expr_binary(EXPR_POW, gen_num(g, depth - 1), gen_exponent(g));
    } else {
        static const expr_kind ops[] = {EXPR_ADD, EXPR_ADD, EXPR_SUB, EXPR_SUB, EXPR_MUL, EXPR_MUL, EXPR_DIV};
        expr_t a = gen_num(g, depth - 1);
        return expr_binary(ops[k - 27], a, gen_num(g, depth - 1));
    }
}

static expr_t gen_bool(gen_t *g, int depth)
{
    int k = rng_int(g->r, 100);
    g->budget--;
    if (depth <= 0 || g->budget <= 0 || k < 50) {
        expr_kind op = (expr_kind)(EXPR_LT + rng_int(g->r, 6));
        expr_t a = gen_num(g, depth - 1);
        expr_t b = rng_pct(g->r, 40) ? gen_const(g) : gen_num(g, depth - 1);
        return expr_binary(op, a, b);
    }
    if (k < 56) return expr_new(rng_pct(g->r, 50) ? EXPR_TRUE : EXPR_FALSE);
    if (k < 66) return expr_unary(EXPR_NOT, gen_bool(g, depth - 1));
    {
        expr_kind op = (expr_kind)(EXPR_AND + rng_int(g->r, 5));
        expr_t a = gen_bool(g, depth - 1);
        return expr_binary(op, a, gen_bool(g, depth - 1));
    }
}

/* ------------------------------------------------------------ printer
 * An independent, fully parenthesised printer for failure reports (the
 * text can be fed to `fricert eval`). */

static void pr(FILE *f, const expr_t e)
{
    static const char *binop[] = {"+", "-", "*", "/", "^"};
    static const char *cmpop[] = {"<", "<=", ">", ">=", "==", "!="};
    static const char *logop[] = {"and", "or", "xor", "implies", "iff"};
    int i;
    switch (e->kind) {
    case EXPR_NUM: fmpq_fprint(f, e->num); break;
    case EXPR_BALL: arb_fprintd(f, e->ball, 20); break;
    case EXPR_PI: fputs("pi", f); break;
    case EXPR_E: fputs("e", f); break;
    case EXPR_VAR: fputs(e->name, f); break;
    case EXPR_NEG: fputs("(-", f); pr(f, e->args[0]); fputs(")", f); break;
    case EXPR_ADD: case EXPR_SUB: case EXPR_MUL: case EXPR_DIV: case EXPR_POW:
        fputs("(", f); pr(f, e->args[0]);
        fprintf(f, " %s ", binop[e->kind - EXPR_ADD]);
        if (e->kind == EXPR_POW) fputs("(", f);
        pr(f, e->args[1]);
        if (e->kind == EXPR_POW) fputs(")", f);
        fputs(")", f);
        break;
    case EXPR_LT: case EXPR_LE: case EXPR_GT: case EXPR_GE: case EXPR_EQ: case EXPR_NE:
        fputs("(", f); pr(f, e->args[0]);
        fprintf(f, " %s ", cmpop[e->kind - EXPR_LT]);
        pr(f, e->args[1]); fputs(")", f);
        break;
    case EXPR_AND: case EXPR_OR: case EXPR_XOR: case EXPR_IMPLIES: case EXPR_IFF:
        fputs("(", f); pr(f, e->args[0]);
        fprintf(f, " %s ", logop[e->kind - EXPR_AND]);
        pr(f, e->args[1]); fputs(")", f);
        break;
    case EXPR_NOT: fputs("(not ", f); pr(f, e->args[0]); fputs(")", f); break;
    case EXPR_TRUE: fputs("true", f); break;
    case EXPR_FALSE: fputs("false", f); break;
    case EXPR_FUNC:
        fprintf(f, "%s(", e->name);
        for (i = 0; i < e->nargs; i++) {
            if (i) fputs(", ", f);
            pr(f, e->args[i]);
        }
        fputs(")", f);
        break;
    default: fputs("?", f); break;
    }
}

/* ------------------------------------------------------------ MPFR oracle */

enum { P_DEF, P_UNDEF, P_AMBIG };              /* numeric point status */
enum { T_FALSE, T_TRUE, T_UNDEF, T_AMBIG };    /* predicate at a point */
#define SGN_AMBIG 2

typedef struct {
    int st;
    int rat;                /* value is exactly q */
    fmpq_t q;
    mpfr_t lo, hi;          /* value at LO_PREC, HI_PREC (set also when rat) */
} pv_struct;
typedef pv_struct pv_t[1];

static void pv_init(pv_t v)
{
    v->st = P_DEF;
    v->rat = 0;
    fmpq_init(v->q);
    mpfr_init2(v->lo, LO_PREC);
    mpfr_init2(v->hi, HI_PREC);
}

static void pv_clear(pv_t v)
{
    fmpq_clear(v->q);
    mpfr_clear(v->lo);
    mpfr_clear(v->hi);
}

/* after every floating operation: +0 for zero, ambiguity for overflow */
static void pv_fin(pv_t v)
{
    if (v->st != P_DEF) return;
    if (!mpfr_number_p(v->lo) || !mpfr_number_p(v->hi)) {
        v->st = P_AMBIG;
        return;
    }
    if (mpfr_zero_p(v->lo)) mpfr_set_zero(v->lo, 1);
    if (mpfr_zero_p(v->hi)) mpfr_set_zero(v->hi, 1);
    if (!mpfr_zero_p(v->hi) && mpfr_get_exp(v->hi) > MAG_CAP) v->st = P_AMBIG;
}

static void pv_set_fmpq(pv_t v, const fmpq_t q)
{
    v->st = P_DEF;
    fmpq_get_mpfr(v->lo, q, MPFR_RNDN);
    fmpq_get_mpfr(v->hi, q, MPFR_RNDN);
    v->rat = fmpz_bits(fmpq_numref(q)) + fmpz_bits(fmpq_denref(q)) <= RAT_BITS;
    if (v->rat) fmpq_set(v->q, q);
    pv_fin(v);
}

static void pv_set_si(pv_t v, slong c)
{
    fmpq_t q;
    fmpq_init(q);
    fmpq_set_si(q, c, 1);
    pv_set_fmpq(v, q);
    fmpq_clear(q);
}

static void pv_set_pv(pv_t v, const pv_t a)
{
    v->st = a->st;
    v->rat = a->rat;
    fmpq_set(v->q, a->q);
    mpfr_set(v->lo, a->lo, MPFR_RNDN);
    mpfr_set(v->hi, a->hi, MPFR_RNDN);
}

/* heuristic error of v->hi: max(2^-200 max(1, |v|), 64 |lo - hi|); 0 if rat */
static void pv_tol(mpfr_t t, const pv_t v)
{
    mpfr_t d;
    if (v->rat) {
        mpfr_set_zero(t, 1);
        return;
    }
    mpfr_init2(d, 64);
    mpfr_sub(d, v->lo, v->hi, MPFR_RNDA);
    mpfr_abs(d, d, MPFR_RNDU);
    mpfr_mul_ui(d, d, 64, MPFR_RNDU);
    mpfr_abs(t, v->hi, MPFR_RNDU);
    if (mpfr_cmp_ui(t, 1) < 0) mpfr_set_ui(t, 1, MPFR_RNDU);
    mpfr_mul_2si(t, t, -200, MPFR_RNDU);
    mpfr_max(t, t, d, MPFR_RNDU);
    mpfr_clear(d);
}

/* sign of v - c: -1, 0, 1, or SGN_AMBIG when too close to call */
static int pv_cmp_si(const pv_t v, slong c)
{
    mpfr_t t, d;
    int s;
    if (v->rat) return fmpq_cmp_si(v->q, c) < 0 ? -1 : fmpq_cmp_si(v->q, c) > 0;
    mpfr_init2(t, 64);
    mpfr_init2(d, HI_PREC + 64);
    pv_tol(t, v);
    mpfr_sub_si(d, v->hi, c, MPFR_RNDN);
    s = mpfr_sgn(d);
    mpfr_abs(d, d, MPFR_RNDN);
    if (mpfr_cmp(d, t) <= 0) s = SGN_AMBIG;
    mpfr_clear(t);
    mpfr_clear(d);
    return s;
}

static int pv_sgn(const pv_t v) { return pv_cmp_si(v, 0); }

typedef int (*mpfr_fn1)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
typedef int (*mpfr_fn2)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

static void pv_apply1(pv_t v, const pv_t a, mpfr_fn1 f)
{
    v->st = P_DEF;
    v->rat = 0;
    f(v->lo, a->lo, MPFR_RNDN);
    f(v->hi, a->hi, MPFR_RNDN);
    pv_fin(v);
}

static void pv_apply2(pv_t v, const pv_t a, const pv_t b, mpfr_fn2 f)
{
    v->st = P_DEF;
    v->rat = 0;
    f(v->lo, a->lo, b->lo, MPFR_RNDN);
    f(v->hi, a->hi, b->hi, MPFR_RNDN);
    pv_fin(v);
}

/* strict propagation: undefined wins over ambiguous */
static int pv_strict(pv_t v, pv_struct *const *args, int n)
{
    int i, amb = 0;
    for (i = 0; i < n; i++) {
        if (args[i]->st == P_UNDEF) {
            v->st = P_UNDEF;
            return 1;
        }
        if (args[i]->st == P_AMBIG) amb = 1;
    }
    if (amb) v->st = P_AMBIG;
    return amb;
}

static void pv_rat_check(pv_t v)
{
    if (v->rat && fmpz_bits(fmpq_numref(v->q)) + fmpz_bits(fmpq_denref(v->q)) > RAT_BITS)
        v->rat = 0;
}

static int mp_cosh_wrap(mpfr_ptr r, mpfr_srcptr a, mpfr_rnd_t m) { return mpfr_cosh(r, a, m); }

typedef struct {
    const fmpq *pt;  /* point, one rational per parameter */
} oracle_t;

static int oracle_bool(const expr_t e, const oracle_t *o);

static void oracle_num(pv_t v, const expr_t e, const oracle_t *o);

/* a op b for the four field operations; division checks b != 0 */
static void oracle_arith(pv_t v, expr_kind k, const pv_t a, const pv_t b)
{
    if (k == EXPR_DIV) {
        int s = pv_sgn(b);
        if (s == SGN_AMBIG) { v->st = P_AMBIG; return; }
        if (s == 0) { v->st = P_UNDEF; return; }
    }
    v->st = P_DEF;
    if (a->rat && b->rat) {
        fmpq_t q;
        fmpq_init(q);
        if (k == EXPR_ADD) fmpq_add(q, a->q, b->q);
        else if (k == EXPR_SUB) fmpq_sub(q, a->q, b->q);
        else if (k == EXPR_MUL) fmpq_mul(q, a->q, b->q);
        else fmpq_div(q, a->q, b->q);
        pv_set_fmpq(v, q);
        fmpq_clear(q);
        return;
    }
    pv_apply2(v, a, b, k == EXPR_ADD ? mpfr_add : k == EXPR_SUB ? mpfr_sub : k == EXPR_MUL ? mpfr_mul : mpfr_div);
}

static void oracle_pow(pv_t v, const pv_t a, const fmpq_t ex)
{
    slong p = fmpz_get_si(fmpq_numref(ex));
    ulong q = fmpz_get_ui(fmpq_denref(ex));
    int s = pv_sgn(a);
    v->st = P_DEF;
    if (q == 1) {
        if (p < 0 && s == SGN_AMBIG) { v->st = P_AMBIG; return; }
        if (p < 0 && s == 0) { v->st = P_UNDEF; return; }
        if (a->rat) {
            fmpq_t r;
            fmpq_init(r);
            fmpq_pow_si(r, a->q, p);
            pv_set_fmpq(v, r);
            fmpq_clear(r);
            return;
        }
        v->rat = 0;
        mpfr_pow_si(v->lo, a->lo, p, MPFR_RNDN);
        mpfr_pow_si(v->hi, a->hi, p, MPFR_RNDN);
        pv_fin(v);
        return;
    }
    /* even denominator: base must be >= 0, and > 0 for a negative exponent */
    if (s == SGN_AMBIG) { v->st = P_AMBIG; return; }
    if (s < 0 || (s == 0 && p < 0)) { v->st = P_UNDEF; return; }
    if (s == 0) { pv_set_si(v, 0); return; }
    {
        mpfr_t e;
        mpfr_init2(e, 64);
        mpfr_set_si(e, p, MPFR_RNDN);
        mpfr_div_ui(e, e, q, MPFR_RNDN);   /* exact: q is 2 or 4 */
        v->rat = 0;
        mpfr_pow(v->lo, a->lo, e, MPFR_RNDN);
        mpfr_pow(v->hi, a->hi, e, MPFR_RNDN);
        mpfr_clear(e);
        pv_fin(v);
    }
}

/* one-argument builtins, with their domains */
static void oracle_fn1(pv_t v, expr_fn fn, const pv_t a)
{
    int s;
    v->st = P_DEF;
    /* exact values at rational 0 and 1 that we know */
    if (a->rat && fmpq_is_zero(a->q)) {
        switch (fn) {
        case FN_SIN: case FN_TAN: case FN_ASIN: case FN_ATAN: case FN_SINH: case FN_TANH:
        case FN_SQRT: case FN_CBRT: case FN_ABS: case FN_SIGN:
            pv_set_si(v, 0); return;
        case FN_COS: case FN_COSH: case FN_EXP:
            pv_set_si(v, 1); return;
        case FN_COT: case FN_LOG:
            v->st = P_UNDEF; return;
        default: break;
        }
    }
    if (a->rat && fmpq_is_one(a->q) && (fn == FN_LOG || fn == FN_ACOS)) {
        pv_set_si(v, 0);
        return;
    }
    switch (fn) {
    case FN_SIN: pv_apply1(v, a, mpfr_sin); return;
    case FN_COS: pv_apply1(v, a, mpfr_cos); return;
    case FN_ATAN: pv_apply1(v, a, mpfr_atan); return;
    case FN_SINH: pv_apply1(v, a, mpfr_sinh); return;
    case FN_COSH: pv_apply1(v, a, mp_cosh_wrap); return;
    case FN_TANH: pv_apply1(v, a, mpfr_tanh); return;
    case FN_EXP: pv_apply1(v, a, mpfr_exp); return;
    case FN_CBRT: pv_apply1(v, a, mpfr_cbrt); return;
    case FN_TAN: case FN_COT: {
        pv_t c;
        pv_init(c);
        pv_apply1(c, a, fn == FN_TAN ? mpfr_cos : mpfr_sin);
        s = c->st == P_DEF ? pv_sgn(c) : SGN_AMBIG;
        pv_clear(c);
        if (s == SGN_AMBIG) { v->st = P_AMBIG; return; }
        if (s == 0) { v->st = P_UNDEF; return; }
        pv_apply1(v, a, fn == FN_TAN ? mpfr_tan : mpfr_cot);
        return;
    }
    case FN_ASIN: case FN_ACOS: {
        int l = pv_cmp_si(a, -1), u = pv_cmp_si(a, 1);
        if (l == SGN_AMBIG || u == SGN_AMBIG) { v->st = P_AMBIG; return; }
        if (l < 0 || u > 0) { v->st = P_UNDEF; return; }
        pv_apply1(v, a, fn == FN_ASIN ? mpfr_asin : mpfr_acos);
        return;
    }
    case FN_LOG:
        s = pv_sgn(a);
        if (s == SGN_AMBIG) { v->st = P_AMBIG; return; }
        if (s <= 0) { v->st = P_UNDEF; return; }
        pv_apply1(v, a, mpfr_log);
        return;
    case FN_SQRT:
        s = pv_sgn(a);
        if (s == SGN_AMBIG) { v->st = P_AMBIG; return; }
        if (s < 0) { v->st = P_UNDEF; return; }
        if (a->rat && fmpz_is_square(fmpq_numref(a->q)) && fmpz_is_square(fmpq_denref(a->q))) {
            fmpq_t r;
            fmpq_init(r);
            fmpz_sqrt(fmpq_numref(r), fmpq_numref(a->q));
            fmpz_sqrt(fmpq_denref(r), fmpq_denref(a->q));
            pv_set_fmpq(v, r);
            fmpq_clear(r);
            return;
        }
        pv_apply1(v, a, mpfr_sqrt);
        return;
    case FN_ABS:
        if (a->rat) {
            fmpq_t r;
            fmpq_init(r);
            fmpq_abs(r, a->q);
            pv_set_fmpq(v, r);
            fmpq_clear(r);
            return;
        }
        pv_apply1(v, a, mpfr_abs);
        return;
    case FN_SIGN:
        s = pv_sgn(a);
        if (s == SGN_AMBIG) { v->st = P_AMBIG; return; }
        pv_set_si(v, s);
        return;
    default:
        v->st = P_AMBIG;
        return;
    }
}

static void oracle_atan2(pv_t v, const pv_t y, const pv_t x)
{
    int sy = pv_sgn(y), sx = pv_sgn(x);
    v->st = P_DEF;
    /* ambiguous: the origin (a convention), a sign of y that cannot be told
     * where x <= 0 (the cut), a sign of x that cannot be told at y = 0 */
    if ((sy == SGN_AMBIG && sx != 1) || (sx == SGN_AMBIG && (sy == 0 || sy == SGN_AMBIG))
        || (sy == 0 && sx == 0)) {
        v->st = P_AMBIG;
        return;
    }
    if (sy == 0 && sx == 1) { pv_set_si(v, 0); return; }
    pv_apply2(v, y, x, mpfr_atan2);
}

static void oracle_minmax(pv_t v, const expr_t e, const oracle_t *o)
{
    pv_struct *args[8] = {NULL};
    pv_t acc;
    int i, n = e->nargs, allrat = 1, ismax = e->fn == FN_MAX;
    assert_true(n >= 1 && n <= 8);
    for (i = 0; i < n; i++) {
        args[i] = flint_malloc(sizeof(pv_struct));
        pv_init(args[i]);
        oracle_num(args[i], e->args[i], o);
    }
    v->st = P_DEF;
    if (!pv_strict(v, args, n)) {
        pv_init(acc);
        pv_set_pv(acc, args[0]);
        for (i = 0; i < n; i++) allrat &= args[i]->rat;
        for (i = 1; i < n; i++) {
            if (allrat) {
                int c = fmpq_cmp(args[i]->q, acc->q);
                if ((ismax && c > 0) || (!ismax && c < 0)) pv_set_pv(acc, args[i]);
            } else {
                pv_apply2(acc, acc, args[i], ismax ? mpfr_max : mpfr_min);
            }
        }
        pv_set_pv(v, acc);
        pv_clear(acc);
    }
    for (i = 0; i < n; i++) {
        pv_clear(args[i]);
        flint_free(args[i]);
    }
}

static int var_index(const char *name)
{
    int i;
    for (i = 0; i < 3; i++)
        if (strcmp(name, var_names[i]) == 0) return i;
    return -1;
}

static void oracle_num(pv_t v, const expr_t e, const oracle_t *o)
{
    v->st = P_DEF;
    v->rat = 0;
    switch (e->kind) {
    case EXPR_NUM: pv_set_fmpq(v, e->num); return;
    case EXPR_VAR: pv_set_fmpq(v, o->pt + var_index(e->name)); return;
    case EXPR_PI:
        mpfr_const_pi(v->lo, MPFR_RNDN);
        mpfr_const_pi(v->hi, MPFR_RNDN);
        return;
    case EXPR_E:
        mpfr_set_ui(v->lo, 1, MPFR_RNDN);
        mpfr_exp(v->lo, v->lo, MPFR_RNDN);
        mpfr_set_ui(v->hi, 1, MPFR_RNDN);
        mpfr_exp(v->hi, v->hi, MPFR_RNDN);
        return;
    case EXPR_NEG: {
        pv_t a;
        pv_init(a);
        oracle_num(a, e->args[0], o);
        pv_set_pv(v, a);
        if (v->st == P_DEF) {
            fmpq_neg(v->q, v->q);
            mpfr_neg(v->lo, v->lo, MPFR_RNDN);
            mpfr_neg(v->hi, v->hi, MPFR_RNDN);
            pv_fin(v);
        }
        pv_clear(a);
        return;
    }
    case EXPR_ADD: case EXPR_SUB: case EXPR_MUL: case EXPR_DIV: {
        pv_t a, b;
        pv_struct *args[2];
        pv_init(a);
        pv_init(b);
        oracle_num(a, e->args[0], o);
        oracle_num(b, e->args[1], o);
        args[0] = a;
        args[1] = b;
        if (!pv_strict(v, args, 2)) oracle_arith(v, e->kind, a, b);
        pv_rat_check(v);
        pv_clear(a);
        pv_clear(b);
        return;
    }
    case EXPR_POW: {
        pv_t a;
        pv_init(a);
        oracle_num(a, e->args[0], o);
        if (e->args[1]->kind != EXPR_NUM) v->st = P_AMBIG; /* not generated */
        else if (a->st != P_DEF) v->st = a->st;
        else oracle_pow(v, a, e->args[1]->num);
        pv_rat_check(v);
        pv_clear(a);
        return;
    }
    case EXPR_FUNC:
        if (e->fn == FN_MIN || e->fn == FN_MAX) {
            oracle_minmax(v, e, o);
        } else if (e->fn == FN_IF) {
            int c = oracle_bool(e->args[0], o);
            if (c == T_TRUE) oracle_num(v, e->args[1], o);
            else if (c == T_FALSE) oracle_num(v, e->args[2], o);
            else v->st = c == T_UNDEF ? P_UNDEF : P_AMBIG;
        } else if (e->fn == FN_ATAN2) {
            pv_t a, b;
            pv_struct *args[2];
            pv_init(a);
            pv_init(b);
            oracle_num(a, e->args[0], o);
            oracle_num(b, e->args[1], o);
            args[0] = a;
            args[1] = b;
            if (!pv_strict(v, args, 2)) oracle_atan2(v, a, b);
            pv_clear(a);
            pv_clear(b);
        } else {
            pv_t a;
            pv_init(a);
            oracle_num(a, e->args[0], o);
            if (a->st != P_DEF) v->st = a->st;
            else oracle_fn1(v, e->fn, a);
            pv_clear(a);
        }
        return;
    default:
        v->st = P_AMBIG;
        return;
    }
}

static int t_known(int t) { return t == T_TRUE || t == T_FALSE; }

static int t_and(int a, int b)
{
    if (a == T_FALSE || b == T_FALSE) return T_FALSE;
    if (a == T_AMBIG || b == T_AMBIG) return T_AMBIG;
    if (a == T_UNDEF || b == T_UNDEF) return T_UNDEF;
    return T_TRUE;
}

static int t_not(int a) { return a == T_TRUE ? T_FALSE : a == T_FALSE ? T_TRUE : a; }

static int t_or(int a, int b) { return t_not(t_and(t_not(a), t_not(b))); }

static int oracle_bool(const expr_t e, const oracle_t *o)
{
    int a, b;
    switch (e->kind) {
    case EXPR_TRUE: return T_TRUE;
    case EXPR_FALSE: return T_FALSE;
    case EXPR_NOT: return t_not(oracle_bool(e->args[0], o));
    case EXPR_AND: case EXPR_OR: case EXPR_XOR: case EXPR_IMPLIES: case EXPR_IFF:
        a = oracle_bool(e->args[0], o);
        b = oracle_bool(e->args[1], o);
        if (e->kind == EXPR_AND) return t_and(a, b);
        if (e->kind == EXPR_OR) return t_or(a, b);
        if (e->kind == EXPR_IMPLIES) return t_or(t_not(a), b);
        if (!t_known(a) || !t_known(b))
            return (a == T_AMBIG || b == T_AMBIG) ? T_AMBIG : T_UNDEF;
        return (e->kind == EXPR_XOR) == (a != b) ? T_TRUE : T_FALSE;
    case EXPR_LT: case EXPR_LE: case EXPR_GT: case EXPR_GE: case EXPR_EQ: case EXPR_NE: {
        pv_t x, y, d;
        int s, r;
        pv_init(x);
        pv_init(y);
        pv_init(d);
        oracle_num(x, e->args[0], o);
        oracle_num(y, e->args[1], o);
        if (x->st == P_UNDEF || y->st == P_UNDEF) r = T_UNDEF;
        else if (x->st == P_AMBIG || y->st == P_AMBIG) r = T_AMBIG;
        else {
            oracle_arith(d, EXPR_SUB, x, y);
            s = d->st == P_DEF ? pv_sgn(d) : SGN_AMBIG;
            if (s == SGN_AMBIG) r = T_AMBIG;
            else {
                switch (e->kind) {
                case EXPR_LT: r = s < 0; break;
                case EXPR_LE: r = s <= 0; break;
                case EXPR_GT: r = s > 0; break;
                case EXPR_GE: r = s >= 0; break;
                case EXPR_EQ: r = s == 0; break;
                default: r = s != 0; break;
                }
                r = r ? T_TRUE : T_FALSE;
            }
        }
        pv_clear(x);
        pv_clear(y);
        pv_clear(d);
        return r;
    }
    default:
        return T_AMBIG;
    }
}

/* ------------------------------------------------------------ checking */

typedef struct {
    ulong trials, roots, points;
    ulong box_runs, box_defined, box_undefined, box_decided;
    ulong pt_runs, pt_defined, pt_decided;
    ulong val_checked, val_skipped, st_checked, tv_checked, tv_skipped, amb_points;
    ulong fast_runs, fast_decided, fast_defined;
    ulong failures;
    uint64_t seed;
    ulong trial;
    expr_t *roots_ast;
    int nroots;
    const fmpq *lo, *hi;
} ctx_t;

static void report_failure(ctx_t *c, int root, const char *what, const char *where, slong prec,
                           int tighten, const fmpq *pt, const arb_t ball, const pv_t v)
{
    int i;
    c->failures++;
    if (c->failures > MAX_FAIL_PRINT) return;
    fprintf(stderr, "\nSOUNDNESS FAILURE (seed %llu trial %lu, reproduce with "
                    "FC_SOUND_SEED=%llu FC_SOUND_TRIAL=%lu): %s [%s, prec %ld, tighten %d]\n",
            (unsigned long long)c->seed, c->trial, (unsigned long long)c->seed, c->trial,
            what, where, (long)prec, tighten);
    fprintf(stderr, "  root %d: ", root);
    pr(stderr, c->roots_ast[root]);
    fprintf(stderr, "\n  box:");
    for (i = 0; i < 3; i++) {
        fprintf(stderr, " %s = ", var_names[i]);
        fmpq_fprint(stderr, c->lo + i);
        fprintf(stderr, " .. ");
        fmpq_fprint(stderr, c->hi + i);
    }
    if (pt) {
        fprintf(stderr, "\n  point:");
        for (i = 0; i < 3; i++) {
            fprintf(stderr, " %s = ", var_names[i]);
            fmpq_fprint(stderr, pt + i);
        }
    }
    if (ball) {
        fprintf(stderr, "\n  ball: ");
        arb_fprintd(stderr, ball, 30);
    }
    if (v && v->st == P_DEF) mpfr_fprintf(stderr, "\n  mpfr: %.40Rg", v->hi);
    fprintf(stderr, "\n");
}

/* ball r of the MPFR value with its heuristic error */
static void pv_get_arb(arb_t r, const pv_t v)
{
    mpfr_t t;
    mpfr_init2(t, 64);
    pv_tol(t, v);
    arf_set_mpfr(arb_midref(r), v->hi);
    {
        arf_t tr;
        arf_init(tr);
        arf_set_mpfr(tr, t);
        arf_get_mag(arb_radref(r), tr);
        arf_clear(tr);
    }
    mpfr_clear(t);
}

/* compare one root's result on a box (or a point box) with the oracle */
static void check_num(ctx_t *c, int root, expr_status st, const arb_t ball, const pv_t v,
                      const char *where, slong prec, int tighten, const fmpq *pt)
{
    if (v->st == P_AMBIG) return;
    if (st == EXPR_DEFINED) {
        arb_t pb;
        c->st_checked++;
        if (v->st == P_UNDEF) {
            report_failure(c, root, "EXPR_DEFINED but undefined at a point", where, prec, tighten, pt, ball, v);
            return;
        }
        if (v->rat) {
            /* exact value: no tolerance */
            c->val_checked++;
            if (!arb_contains_fmpq(ball, v->q))
                report_failure(c, root, "exact value outside the enclosure", where, prec, tighten, pt, ball, v);
            return;
        }
        arb_init(pb);
        pv_get_arb(pb, v);
        if (arb_contains(ball, pb)) c->val_checked++;
        else if (arb_overlaps(ball, pb)) c->val_skipped++;
        else report_failure(c, root, "value outside the enclosure", where, prec, tighten, pt, ball, v);
        arb_clear(pb);
    } else if (st == EXPR_UNDEFINED) {
        c->st_checked++;
        if (v->st == P_DEF)
            report_failure(c, root, "EXPR_UNDEFINED but defined at a point", where, prec, tighten, pt, NULL, v);
    }
}

static void check_bool(ctx_t *c, int root, tv_t tv, int t, const char *where, slong prec,
                       int tighten, const fmpq *pt)
{
    if (tv == TV_UNKNOWN) return;
    if (t == T_AMBIG) {
        c->tv_skipped++;
        return;
    }
    c->tv_checked++;
    if ((tv == TV_TRUE && t != T_TRUE) || (tv == TV_FALSE && t != T_FALSE)) {
        char msg[128];
        snprintf(msg, sizeof msg, "predicate %s on the box but %s at a point", tv_name(tv),
                 t == T_TRUE ? "true" : t == T_FALSE ? "false" : "undefined");
        report_failure(c, root, msg, where, prec, tighten, pt, NULL, NULL);
    }
}

/* the results of one run */
typedef struct {
    expr_status st[MAX_ROOTS];
    tv_t tv[MAX_ROOTS];
    arb_struct val[MAX_ROOTS];
} run_t;

static void run_collect(run_t *r, expr_eval_t ev, const expr_prog_t prog, int nroots)
{
    int i;
    for (i = 0; i < nroots; i++) {
        if (expr_prog_root_is_bool(prog, i)) {
            r->tv[i] = expr_eval_truth(ev, i);
        } else {
            r->st[i] = expr_eval_value(r->val + i, ev, i);
        }
    }
}

static void random_interval(rng_t *r, fmpq_t lo, fmpq_t hi)
{
    static const slong edge[][4] = {
        {0, 1, 1, 1}, {-1, 1, 1, 1}, {0, 1, 0, 1}, {1, 1, 1, 1}, {-1, 1, -1, 1}, {-1, 1, 0, 1},
        {3, 2, 8, 5}, {157, 100, 158, 100}, {1, 3, 1, 2}, {-2, 1, -1, 1}, {1, 1, 2, 1},
        {0, 1, 1, 1000}, {-1, 2, 1, 2}, {1, 2, 1, 2}, {-10, 1, 10, 1}, {2, 1, 3, 1},
        {1, 1, 3, 1}, {-3, 1, -1, 1}, {-1, 1000, 0, 1}, {31, 20, 8, 5}};
    static const ulong dens[] = {1, 2, 3, 4, 8, 16, 5, 10};
    static const ulong wdens[] = {1, 4, 16, 64, 1024, 3};
    int k = rng_int(r, 100);
    if (k < 35) {
        int i = rng_int(r, (int)(sizeof(edge) / sizeof(edge[0])));
        fmpq_set_si(lo, edge[i][0], (ulong)edge[i][1]);
        fmpq_set_si(hi, edge[i][2], (ulong)edge[i][3]);
        return;
    }
    fmpq_set_si(lo, rng_int(r, 81) - 40, dens[rng_int(r, 8)]);
    if (k < 50) {
        fmpq_set(hi, lo);
        return;
    }
    fmpq_set_si(hi, rng_int(r, 9), wdens[rng_int(r, 6)]);
    fmpq_add(hi, hi, lo);
}

static void random_point(rng_t *r, fmpq_t p, const fmpq_t lo, const fmpq_t hi)
{
    int k = rng_int(r, 100);
    if (k < 20) fmpq_set(p, lo);
    else if (k < 40) fmpq_set(p, hi);
    else {
        /* lo + (hi - lo) * j / n */
        static const ulong ns[] = {2, 4, 16, 1024, 3, 7};
        ulong n = ns[rng_int(r, 6)];
        fmpq_t t;
        fmpq_init(t);
        fmpq_sub(t, hi, lo);
        fmpq_mul_ui(t, t, (ulong)rng_int(r, (int)n + 1));
        fmpz_mul_ui(fmpq_denref(t), fmpq_denref(t), n);
        fmpq_canonicalise(t);
        fmpq_add(p, lo, t);
        fmpq_clear(t);
    }
}

static void set_box(arb_ptr box, const fmpq *lo, const fmpq *hi, slong prec)
{
    arb_t a, b;
    int i;
    arb_init(a);
    arb_init(b);
    for (i = 0; i < 3; i++) {
        arb_set_fmpq(a, lo + i, prec);
        arb_set_fmpq(b, hi + i, prec);
        expr_interval_ball(box + i, a, b, prec);
    }
    arb_clear(a);
    arb_clear(b);
}

static const slong precs[2] = {64, 128};

/* the results of a fast-path run, intervals as balls */
static void fast_collect(run_t *r, expr_fast_t fe, const expr_prog_t prog, int nroots)
{
    int i;
    for (i = 0; i < nroots; i++) {
        if (expr_prog_root_is_bool(prog, i)) {
            r->tv[i] = expr_fast_truth(fe, i);
        } else {
            double lo, hi;
            r->st[i] = expr_fast_value(&lo, &hi, fe, i);
            if (isfinite(lo) && isfinite(hi)) {
                arf_t a, b;
                arf_init(a);
                arf_init(b);
                arf_set_d(a, lo);
                arf_set_d(b, hi);
                arb_set_interval_arf(r->val + i, a, b, 256);
                arf_clear(a);
                arf_clear(b);
            } else arb_indeterminate(r->val + i);
        }
    }
}

/* [flo, fhi]: doubles enclosing [lo, hi] */
static void fast_box(double *flo, double *fhi, const fmpq *lo, const fmpq *hi)
{
    arb_t t;
    double d;
    int i;
    arb_init(t);
    for (i = 0; i < 3; i++) {
        arb_set_fmpq(t, lo + i, 256);
        expr_fast_enclose(flo + i, &d, t);
        arb_set_fmpq(t, hi + i, 256);
        expr_fast_enclose(&d, fhi + i, t);
    }
    arb_clear(t);
}

static void one_trial(ctx_t *c, uint64_t seed, ulong trial, int fast)
{
    rng_t r;
    gen_t g;
    expr_t roots[MAX_ROOTS];
    int isbool[MAX_ROOTS];
    int nroots, i, j, pi, t, pt_i;
    expr_scope_t s;
    expr_prog_t prog;
    expr_error_t err;
    expr_eval_t ev;
    int active[3] = {0, 1, 2};
    int nactive;
    fmpq lo[3], hi[3], pt[3];
    arb_ptr box;
    run_t runs[2][2];        /* [prec][tighten] */
    run_t prun;
    run_t fruns[2];          /* fast path [tighten] */
    expr_fast_t fe;
    double flo[3], fhi[3];

    /* hash (seed, trial) into the starting state so that trials do not
     * share shifted streams */
    r.s = seed;
    r.s = rng_next(&r) ^ (trial * 0xD1B54A32D192ED03ULL);
    r.s = rng_next(&r);
    g.r = &r;
    g.fast = fast;
    g.nvars = 2 + rng_int(&r, 2);
    nroots = 1 + rng_int(&r, MAX_ROOTS);
    for (i = 0; i < nroots; i++) {
        int depth = 1 + rng_int(&r, 5);
        g.budget = 40;
        isbool[i] = rng_pct(&r, 40);
        roots[i] = isbool[i] ? gen_bool(&g, depth) : gen_num(&g, depth);
    }
    c->seed = seed;
    c->trial = trial;
    c->roots_ast = roots;
    c->nroots = nroots;
    c->trials++;
    c->roots += nroots;

    s = expr_scope_new();
    for (i = 0; i < 3; i++) assert_int_equal(expr_scope_add_param(s, var_names[i]), i);
    for (i = 0; i < nroots; i++) {
        if (expr_check(roots[i], s, isbool[i], &err) != 0) {
            fprintf(stderr, "expr_check rejected a generated tree (seed %llu trial %lu): %s\n  ",
                    (unsigned long long)seed, trial, err.msg);
            pr(stderr, roots[i]);
            fprintf(stderr, "\n");
            fail();
        }
    }
    prog = expr_compile(roots, nroots, s, &err);
    if (prog == NULL) {
        fprintf(stderr, "expr_compile failed (seed %llu trial %lu): %s\n", (unsigned long long)seed, trial, err.msg);
        fail();
    }
    assert_int_equal(expr_prog_nroots(prog), nroots);
    for (i = 0; i < nroots; i++) assert_int_equal(expr_prog_root_is_bool(prog, i), isbool[i]);

    /* active parameters: usually all three, sometimes a subset */
    nactive = 3;
    if (rng_pct(&r, 25)) {
        nactive = 1 + rng_int(&r, 2);
        active[0] = rng_int(&r, 3);
        active[1] = (active[0] + 1 + rng_int(&r, 2)) % 3;
    }
    ev = expr_eval_new(prog, active, nactive, precs[0]);
    fe = expr_fast_new(prog, active, nactive);
    if (fast && fe == NULL) {
        fprintf(stderr, "no fast path for a tree made of its operations (seed %llu trial %lu)\n",
                (unsigned long long)seed, trial);
        fail();
    }

    for (i = 0; i < 3; i++) {
        fmpq_init(lo + i);
        fmpq_init(hi + i);
        fmpq_init(pt + i);
        random_interval(&r, lo + i, hi + i);
    }
    c->lo = lo;
    c->hi = hi;
    box = _arb_vec_init(3);
    for (pi = 0; pi < 2; pi++)
        for (t = 0; t < 2; t++)
            for (i = 0; i < MAX_ROOTS; i++) arb_init(runs[pi][t].val + i);
    for (i = 0; i < MAX_ROOTS; i++) arb_init(prun.val + i);
    for (t = 0; t < 2; t++)
        for (i = 0; i < MAX_ROOTS; i++) arb_init(fruns[t].val + i);
    if (fe != NULL) {
        fast_box(flo, fhi, lo, hi);
        for (t = 0; t < 2; t++) {
            expr_fast_run(fe, flo, fhi, t);
            fast_collect(&fruns[t], fe, prog, nroots);
            c->fast_runs++;
            for (i = 0; i < nroots; i++) {
                if (isbool[i]) c->fast_decided += fruns[t].tv[i] != TV_UNKNOWN;
                else c->fast_defined += fruns[t].st[i] == EXPR_DEFINED;
            }
        }
    }

    for (pi = 0; pi < 2; pi++) {
        expr_eval_set_prec(ev, precs[pi]);
        assert_int_equal(expr_eval_prec(ev), precs[pi]);
        set_box(box, lo, hi, precs[pi]);
        for (t = 0; t < 2; t++) {
            expr_eval_run(ev, box, t);
            run_collect(&runs[pi][t], ev, prog, nroots);
            c->box_runs++;
            for (i = 0; i < nroots; i++) {
                if (isbool[i]) c->box_decided += runs[pi][t].tv[i] != TV_UNKNOWN;
                else {
                    c->box_defined += runs[pi][t].st[i] == EXPR_DEFINED;
                    c->box_undefined += runs[pi][t].st[i] == EXPR_UNDEFINED;
                }
            }
        }
    }

    /* the four box runs must not contradict one another */
    for (i = 0; i < nroots; i++) {
        int a, b;
        for (a = 0; a < 4; a++)
            for (b = 0; b < 4; b++) {
                run_t *ra = &runs[a / 2][a % 2], *rb = &runs[b / 2][b % 2];
                char msg[160];
                const char *what = NULL;
                if (isbool[i]) {
                    if (ra->tv[i] == TV_TRUE && rb->tv[i] == TV_FALSE) what = "TRUE and FALSE";
                } else if (ra->st[i] == EXPR_DEFINED && rb->st[i] == EXPR_UNDEFINED) {
                    what = "DEFINED and UNDEFINED";
                } else if (a < b && ra->st[i] == EXPR_DEFINED && rb->st[i] == EXPR_DEFINED
                           && !arb_overlaps(ra->val + i, rb->val + i)) {
                    what = "disjoint enclosures";
                }
                if (what == NULL) continue;
                snprintf(msg, sizeof msg, "box runs disagree: %s; other run prec %ld tighten %d",
                         what, (long)precs[b / 2], b % 2);
                report_failure(c, i, msg, "box", precs[a / 2], a % 2, NULL, isbool[i] ? NULL : ra->val + i, NULL);
                if (!isbool[i] && c->failures <= MAX_FAIL_PRINT) {
                    fprintf(stderr, "  other ball: ");
                    arb_fprintd(stderr, rb->val + i, 30);
                    fprintf(stderr, "\n");
                }
            }
    }

    for (pt_i = 0; pt_i < NPOINTS; pt_i++) {
        oracle_t o;
        pv_t v[MAX_ROOTS];
        int tv[MAX_ROOTS];
        int any_amb = 0;
        for (i = 0; i < 3; i++) random_point(&r, pt + i, lo + i, hi + i);
        o.pt = pt;
        for (i = 0; i < nroots; i++) {
            pv_init(v[i]);
            if (isbool[i]) {
                tv[i] = oracle_bool(roots[i], &o);
                any_amb |= tv[i] == T_AMBIG;
            } else {
                oracle_num(v[i], roots[i], &o);
                any_amb |= v[i]->st == P_AMBIG;
            }
        }
        c->points++;
        c->amb_points += any_amb;
        for (pi = 0; pi < 2; pi++)
            for (t = 0; t < 2; t++)
                for (i = 0; i < nroots; i++) {
                    if (isbool[i]) check_bool(c, i, runs[pi][t].tv[i], tv[i], "box", precs[pi], t, pt);
                    else check_num(c, i, runs[pi][t].st[i], runs[pi][t].val + i, v[i], "box", precs[pi], t, pt);
                }
        for (t = 0; fe != NULL && t < 2; t++)
            for (i = 0; i < nroots; i++) {
                if (isbool[i]) check_bool(c, i, fruns[t].tv[i], tv[i], "fast box", 53, t, pt);
                else check_num(c, i, fruns[t].st[i], fruns[t].val + i, v[i], "fast box", 53, t, pt);
            }
        /* the point as a (double-enclosed) box on the fast path */
        for (t = 0; fe != NULL && t < 2; t++) {
            fast_box(flo, fhi, pt, pt);
            expr_fast_run(fe, flo, fhi, t);
            fast_collect(&prun, fe, prog, nroots);
            c->fast_runs++;
            for (i = 0; i < nroots; i++) {
                if (isbool[i]) check_bool(c, i, prun.tv[i], tv[i], "fast point", 53, t, pt);
                else check_num(c, i, prun.st[i], prun.val + i, v[i], "fast point", 53, t, pt);
            }
        }
        /* the point itself as a box */
        for (pi = 0; pi < 2; pi++) {
            t = pi;   /* natural at 64 bits, tightened at 128 */
            expr_eval_set_prec(ev, precs[pi]);
            for (j = 0; j < 3; j++) arb_set_fmpq(box + j, pt + j, precs[pi]);
            expr_eval_run(ev, box, t);
            run_collect(&prun, ev, prog, nroots);
            c->pt_runs++;
            for (i = 0; i < nroots; i++) {
                if (isbool[i]) {
                    c->pt_decided += prun.tv[i] != TV_UNKNOWN;
                    check_bool(c, i, prun.tv[i], tv[i], "point", precs[pi], t, pt);
                } else {
                    c->pt_defined += prun.st[i] == EXPR_DEFINED;
                    check_num(c, i, prun.st[i], prun.val + i, v[i], "point", precs[pi], t, pt);
                }
            }
        }
        for (i = 0; i < nroots; i++) pv_clear(v[i]);
    }

    for (pi = 0; pi < 2; pi++)
        for (t = 0; t < 2; t++)
            for (i = 0; i < MAX_ROOTS; i++) arb_clear(runs[pi][t].val + i);
    for (i = 0; i < MAX_ROOTS; i++) arb_clear(prun.val + i);
    for (t = 0; t < 2; t++)
        for (i = 0; i < MAX_ROOTS; i++) arb_clear(fruns[t].val + i);
    expr_fast_free(fe);
    _arb_vec_clear(box, 3);
    for (i = 0; i < 3; i++) {
        fmpq_clear(lo + i);
        fmpq_clear(hi + i);
        fmpq_clear(pt + i);
    }
    expr_eval_free(ev);
    expr_prog_free(prog);
    expr_scope_free(s);
    for (i = 0; i < nroots; i++) expr_free(roots[i]);
}

static void test_random_soundness(void **state)
{
    static const uint64_t seeds[] = {1, 2, 3, 20240601, 977, 31337, 4242, 123456789};
    const ulong per_seed = 1000;
    const char *env_seed = getenv("FC_SOUND_SEED"), *env_trial = getenv("FC_SOUND_TRIAL");
    ctx_t c;
    size_t si;
    ulong t;
    clock_t t0 = clock();
    (void)state;
    memset(&c, 0, sizeof c);
    if (env_seed) {
        uint64_t seed = strtoull(env_seed, NULL, 10);
        int fast = getenv("FC_SOUND_FAST") != NULL;
        if (env_trial) one_trial(&c, seed, strtoul(env_trial, NULL, 10), fast);
        else for (t = 0; t < per_seed; t++) one_trial(&c, seed, t, fast);
    } else {
        /* every tree, then as many made only of the fast path's operations */
        for (si = 0; si < sizeof(seeds) / sizeof(seeds[0]); si++)
            for (t = 0; t < per_seed; t++) {
                one_trial(&c, seeds[si], t, 0);
                one_trial(&c, seeds[si], t, 1);
            }
    }
    printf("expr soundness: %lu trials, %lu roots, %lu points (%lu with an ambiguous root), %.2f s\n",
           c.trials, c.roots, c.points, c.amb_points, (double)(clock() - t0) / CLOCKS_PER_SEC);
    printf("  box runs %lu: numeric DEFINED %lu, UNDEFINED %lu; predicates decided %lu\n",
           c.box_runs, c.box_defined, c.box_undefined, c.box_decided);
    printf("  point runs %lu: numeric DEFINED %lu; predicates decided %lu\n",
           c.pt_runs, c.pt_defined, c.pt_decided);
    printf("  checked: %lu values in enclosures (%lu too close to an edge to tell), %lu domain statuses,"
           " %lu truth values (%lu too close to a tie)\n",
           c.val_checked, c.val_skipped, c.st_checked, c.tv_checked, c.tv_skipped);
    printf("  fast path runs %lu: numeric DEFINED %lu; predicates decided %lu\n",
           c.fast_runs, c.fast_defined, c.fast_decided);
    printf("  failures: %lu\n", c.failures);
    assert_int_equal(c.failures, 0);
    if (!env_seed) {
        /* the checks must have had something to bite on */
        assert_true(c.val_checked > 1000);
        assert_true(c.tv_checked > 1000);
        assert_true(c.box_undefined > 10);
        assert_true(c.fast_decided > 1000);
        assert_true(c.fast_defined > 1000);
    }
}

/* ------------------------------------------------------------ tightening
 * f = x (1 - x).  On [9/20, 11/20] its range is [0.2475, 0.25]; the natural
 * extension gives [0.2025, 0.3025] (or wider, [0.1975, 0.3025], from Arb's
 * midpoint-radius product), so f > 23/100 is undecided without tightening.
 * The mean-value form around any point m of the box, f(m) + f'(X)(X - m)
 * with f'(X) = (1 - X) - X = [-1/10, 1/10] and |X - m| <= 1/10, gives at
 * worst 0.2475 - 0.01 = 0.2375 > 0.23: TRUE.  On [1/10, 1/5] (range
 * [0.09, 0.16], f' in [0.6, 0.8] > 0) the natural extension reaches 0.18,
 * so f < 17/100 is undecided; endpoint evaluation gives [0.09, 0.16] and the
 * mean-value form around the midpoint 0.1275 +/- 0.04 <= 0.1675: TRUE. */

static expr_t x_one_minus_x(const char *v)
{
    return expr_binary(EXPR_MUL, expr_var(v), expr_binary(EXPR_SUB, expr_num_si(1, 1), expr_var(v)));
}

static void tighten_case(expr_t pred, slong lo_p, ulong lo_q, slong hi_p, ulong hi_q, int nvars,
                         tv_t want)
{
    expr_scope_t s = expr_scope_new();
    expr_error_t err;
    expr_prog_t prog;
    expr_eval_t ev;
    int active[3] = {0, 1, 2}, i, pi;
    fmpq lo[3], hi[3];
    arb_ptr box = _arb_vec_init(3);
    for (i = 0; i < 3; i++) {
        expr_scope_add_param(s, var_names[i]);
        fmpq_init(lo + i);
        fmpq_init(hi + i);
        fmpq_set_si(lo + i, lo_p, lo_q);
        fmpq_set_si(hi + i, hi_p, hi_q);
    }
    assert_int_equal(expr_check(pred, s, 1, &err), 0);
    prog = expr_compile(&pred, 1, s, &err);
    assert_non_null(prog);
    ev = expr_eval_new(prog, active, nvars, 64);
    for (pi = 0; pi < 2; pi++) {
        expr_eval_set_prec(ev, precs[pi]);
        set_box(box, lo, hi, precs[pi]);
        expr_eval_run(ev, box, 0);
        assert_int_equal(expr_eval_truth(ev, 0), TV_UNKNOWN);
        expr_eval_run(ev, box, 1);
        assert_int_equal(expr_eval_truth(ev, 0), want);
    }
    expr_eval_free(ev);
    expr_prog_free(prog);
    expr_scope_free(s);
    for (i = 0; i < 3; i++) {
        fmpq_clear(lo + i);
        fmpq_clear(hi + i);
    }
    _arb_vec_clear(box, 3);
    expr_free(pred);
}

static void test_tighten_decides(void **state)
{
    (void)state;
    /* x (1 - x) > 23/100 on [9/20, 11/20]: TRUE only with the mean-value form */
    tighten_case(expr_binary(EXPR_GT, x_one_minus_x("x"), expr_num_si(23, 100)), 9, 20, 11, 20, 1, TV_TRUE);
    /* x (1 - x) < 23/100 on the same box: FALSE */
    tighten_case(expr_binary(EXPR_LT, x_one_minus_x("x"), expr_num_si(23, 100)), 9, 20, 11, 20, 1, TV_FALSE);
    /* x (1 - x) < 17/100 on [1/10, 1/5]: monotone, TRUE */
    tighten_case(expr_binary(EXPR_LT, x_one_minus_x("x"), expr_num_si(17, 100)), 1, 10, 1, 5, 1, TV_TRUE);
    /* x (1 - x) + y (1 - y) > 47/100 on [9/20, 11/20]^2 (range [0.495, 0.5];
     * natural >= 0.395; mean-value >= 0.495 - 0.02): TRUE */
    tighten_case(expr_binary(EXPR_GT, expr_binary(EXPR_ADD, x_one_minus_x("x"), x_one_minus_x("y")),
                             expr_num_si(47, 100)),
                 9, 20, 11, 20, 2, TV_TRUE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tighten_decides),
        cmocka_unit_test(test_random_soundness),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    flint_cleanup();
    return r;
}
