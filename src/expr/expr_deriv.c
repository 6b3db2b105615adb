/* expr_deriv.c -- symbolic derivative and trivial simplification.
 *
 * The simplifying constructors below (mk_*) take ownership of their
 * operands and apply only identities that hold wherever both sides are
 * defined: exact rational constant folding (never a division by zero),
 * 0 + a, a + 0, a - 0, 0 - a = -a, 0 a = a 0 = 0, 1 a = a 1 = a, a / 1,
 * a^1 = a, a^0 = 1, -(-a) = a, and sign normalisations (a + (-b) = a - b,
 * (-a) b = -(a b), constants moved to the front of a product). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "expr/expr.h"

#define DERIV_MAX_DEPTH 2000
#define FOLD_MAX_BITS 4096   /* no folded power larger than this */

/* ------------------------------------------------------------ helpers */

static int is_num(const expr_t e) { return e->kind == EXPR_NUM; }
static int is_zero(const expr_t e) { return is_num(e) && fmpq_is_zero(e->num); }
static int is_one(const expr_t e) { return is_num(e) && fmpq_is_one(e->num); }

static int is_minus_one(const expr_t e)
{
    return is_num(e) && fmpz_is_one(fmpq_denref(e->num)) && fmpz_equal_si(fmpq_numref(e->num), -1);
}

static expr_t num_si(slong n) { return expr_num_si(n, 1); }

/* Returns child i of e and frees the rest of e. */
static expr_t take_child(expr_t e, int i)
{
    expr_t c = e->args[i];
    e->args[i] = NULL;
    expr_free(e);
    return c;
}

static expr_t fn1(const char *name, expr_t a) { return expr_func(name, 1, &a); }

/* ------------------------------------------------ simplifying builders */

static expr_t mk_neg(expr_t a)
{
    if (is_num(a)) {
        fmpq_neg(a->num, a->num);
        return a;
    }
    if (a->kind == EXPR_NEG) return take_child(a, 0);
    return expr_unary(EXPR_NEG, a);
}

static expr_t fold(expr_kind k, expr_t a, expr_t b)
{
    switch (k) {
    case EXPR_ADD: fmpq_add(a->num, a->num, b->num); break;
    case EXPR_SUB: fmpq_sub(a->num, a->num, b->num); break;
    case EXPR_MUL: fmpq_mul(a->num, a->num, b->num); break;
    default: fmpq_div(a->num, a->num, b->num); break;   /* b != 0 checked */
    }
    expr_free(b);
    return a;
}

static expr_t mk_sub(expr_t a, expr_t b);

static expr_t mk_add(expr_t a, expr_t b)
{
    if (is_num(a) && is_num(b)) return fold(EXPR_ADD, a, b);
    if (is_zero(a)) { expr_free(a); return b; }
    if (is_zero(b)) { expr_free(b); return a; }
    if (is_num(b) && fmpq_sgn(b->num) < 0) return mk_sub(a, mk_neg(b));
    if (b->kind == EXPR_NEG) return mk_sub(a, take_child(b, 0));
    return expr_binary(EXPR_ADD, a, b);
}

static expr_t mk_sub(expr_t a, expr_t b)
{
    if (is_num(a) && is_num(b)) return fold(EXPR_SUB, a, b);
    if (is_zero(b)) { expr_free(b); return a; }
    if (is_zero(a)) { expr_free(a); return mk_neg(b); }
    if (is_num(b) && fmpq_sgn(b->num) < 0) return mk_add(a, mk_neg(b));
    if (b->kind == EXPR_NEG) return mk_add(a, take_child(b, 0));
    return expr_binary(EXPR_SUB, a, b);
}

static expr_t mk_mul(expr_t a, expr_t b)
{
    if (is_num(a) && is_num(b)) return fold(EXPR_MUL, a, b);
    if (is_zero(a)) { expr_free(b); return a; }
    if (is_zero(b)) { expr_free(a); return b; }
    if (is_one(a)) { expr_free(a); return b; }
    if (is_one(b)) { expr_free(b); return a; }
    if (is_minus_one(a)) { expr_free(a); return mk_neg(b); }
    if (is_minus_one(b)) { expr_free(b); return mk_neg(a); }
    if (a->kind == EXPR_NEG) return mk_neg(mk_mul(take_child(a, 0), b));
    if (b->kind == EXPR_NEG) return mk_neg(mk_mul(a, take_child(b, 0)));
    if (is_num(b)) return mk_mul(b, a);                      /* constant first */
    if (is_num(a) && b->kind == EXPR_MUL && is_num(b->args[0])) {
        expr_t c = b->args[0], x = b->args[1];
        b->nargs = 0;
        expr_free(b);
        return mk_mul(fold(EXPR_MUL, a, c), x);
    }
    return expr_binary(EXPR_MUL, a, b);
}

static expr_t mk_div(expr_t a, expr_t b)
{
    if (is_num(a) && is_num(b) && !fmpq_is_zero(b->num)) return fold(EXPR_DIV, a, b);
    if (is_one(b)) { expr_free(b); return a; }
    if (is_minus_one(b)) { expr_free(b); return mk_neg(a); }
    if (is_zero(a) && is_num(b) && !fmpq_is_zero(b->num)) { expr_free(b); return a; }
    if (a->kind == EXPR_NEG) return mk_neg(mk_div(take_child(a, 0), b));
    if (b->kind == EXPR_NEG) return mk_neg(mk_div(a, take_child(b, 0)));
    return expr_binary(EXPR_DIV, a, b);
}

/* a^b for rationals a and integer b, when small and defined. */
static int fold_pow(fmpq_t r, const fmpq_t a, const fmpq_t b)
{
    slong n;
    if (!fmpz_is_one(fmpq_denref(b)) || !fmpz_fits_si(fmpq_numref(b))) return 0;
    n = fmpz_get_si(fmpq_numref(b));
    if (n < 0 && fmpq_is_zero(a)) return 0;
    if (n > 1000 || n < -1000) return 0;
    if ((fmpz_bits(fmpq_numref(a)) + fmpz_bits(fmpq_denref(a))) * (ulong) FLINT_ABS(n) >
        FOLD_MAX_BITS)
        return 0;
    fmpq_pow_si(r, a, n);
    return 1;
}

static expr_t mk_pow(expr_t a, expr_t b)
{
    if (is_zero(b)) { expr_free(a); expr_free(b); return num_si(1); }
    if (is_one(b)) { expr_free(b); return a; }
    if (is_num(a) && is_num(b)) {
        fmpq_t r;
        fmpq_init(r);
        if (fold_pow(r, a->num, b->num)) {
            fmpq_swap(a->num, r);
            fmpq_clear(r);
            expr_free(b);
            return a;
        }
        fmpq_clear(r);
    }
    return expr_binary(EXPR_POW, a, b);
}

static expr_t mk_binary(expr_kind k, expr_t a, expr_t b)
{
    switch (k) {
    case EXPR_ADD: return mk_add(a, b);
    case EXPR_SUB: return mk_sub(a, b);
    case EXPR_MUL: return mk_mul(a, b);
    case EXPR_DIV: return mk_div(a, b);
    case EXPR_POW: return mk_pow(a, b);
    default: return expr_binary(k, a, b);
    }
}

/* ------------------------------------------------------------ simplify */

/* A copy of e simplified bottom-up with the rules above; equal to e
 * wherever e is defined. Source positions are kept on rebuilt nodes. */
expr_t expr_simplify(const expr_t e)
{
    expr_t r, *args;
    int i;

    if (e == NULL) return NULL;
    if (e->nargs == 0) return expr_copy(e);
    args = flint_malloc(e->nargs * sizeof(expr_t));
    for (i = 0; i < e->nargs; i++) args[i] = expr_simplify(e->args[i]);
    if (e->kind == EXPR_NEG) r = mk_neg(args[0]);
    else if (e->kind == EXPR_FUNC) r = expr_func(e->name, e->nargs, args);
    else if (e->nargs == 1) r = expr_unary(e->kind, args[0]);
    else if (e->kind == EXPR_EXISTS || e->kind == EXPR_FORALL) {
        r = expr_quant(e->kind, e->args[0]->name, args[1], args[2], args[3]);
        expr_free(args[0]);
    } else r = mk_binary(e->kind, args[0], args[1]);
    flint_free(args);
    if (r->line == 0 && r->col == 0) {
        r->line = e->line;
        r->col = e->col;
    }
    return r;
}

/* ---------------------------------------------------------- derivative */

typedef struct {
    const char *var;
    expr_scope_t scope;
    expr_error_t *err;
    int depth;
} dctx;

static expr_t fail(dctx *c, const expr_t e, const char *fmt, ...)
{
    va_list ap;
    if (c->err) {
        c->err->line = e->line;
        c->err->col = e->col;
        va_start(ap, fmt);
        vsnprintf(c->err->msg, sizeof c->err->msg, fmt, ap);
        va_end(ap);
    }
    return NULL;
}

static expr_t d(dctx *c, const expr_t e);

#define CP(x) expr_copy(x)

/* d/dx min(a[0..n-1]) (or max): if(a0 <= m, a0', m') with m the min of the
 * rest, so that the derivative of the branch taken is used. */
static expr_t d_minmax(dctx *c, const expr_t e, int from)
{
    expr_t da, drest, rest, args[3];
    int n = e->nargs - from, i;

    da = d(c, e->args[from]);
    if (da == NULL || n == 1) return da;
    drest = d_minmax(c, e, from + 1);
    if (drest == NULL) { expr_free(da); return NULL; }
    if (is_num(da) && is_num(drest) && fmpq_equal(da->num, drest->num)) {
        expr_free(drest);
        return da;
    }
    if (n == 2) rest = CP(e->args[from + 1]);
    else {
        expr_t *r = flint_malloc((n - 1) * sizeof(expr_t));
        for (i = 0; i < n - 1; i++) r[i] = CP(e->args[from + 1 + i]);
        rest = expr_func(e->name, n - 1, r);
        flint_free(r);
    }
    args[0] = expr_binary(e->fn == FN_MIN ? EXPR_LE : EXPR_GE, CP(e->args[from]), rest);
    args[1] = da;
    args[2] = drest;
    return expr_func("if", 3, args);
}

/* Derivative of f(u) given u' (owned): f'(u) u'. */
static expr_t d_unary_fn(const expr_t e, expr_t du)
{
    const expr_t u = e->args[0];
    switch (e->fn) {
    case FN_SIN: return mk_mul(fn1("cos", CP(u)), du);
    case FN_COS: return mk_neg(mk_mul(fn1("sin", CP(u)), du));
    case FN_TAN: return mk_div(du, mk_pow(fn1("cos", CP(u)), num_si(2)));
    case FN_COT: return mk_neg(mk_div(du, mk_pow(fn1("sin", CP(u)), num_si(2))));
    case FN_ASIN: case FN_ACOS: {
        expr_t r = mk_div(du, fn1("sqrt", mk_sub(num_si(1), mk_pow(CP(u), num_si(2)))));
        return e->fn == FN_ASIN ? r : mk_neg(r);
    }
    case FN_ATAN: return mk_div(du, mk_add(num_si(1), mk_pow(CP(u), num_si(2))));
    case FN_SINH: return mk_mul(fn1("cosh", CP(u)), du);
    case FN_COSH: return mk_mul(fn1("sinh", CP(u)), du);
    case FN_TANH: return mk_div(du, mk_pow(fn1("cosh", CP(u)), num_si(2)));
    case FN_EXP: return mk_mul(fn1("exp", CP(u)), du);
    case FN_LOG: return mk_div(du, CP(u));
    case FN_SQRT: return mk_div(du, mk_mul(num_si(2), fn1("sqrt", CP(u))));
    case FN_CBRT: return mk_div(du, mk_mul(num_si(3), mk_pow(fn1("cbrt", CP(u)), num_si(2))));
    case FN_ABS: return mk_mul(fn1("sign", CP(u)), du);
    default: /* FN_SIGN: 0 wherever sign is continuous */
        expr_free(du);
        return num_si(0);
    }
}

static expr_t d_func(dctx *c, const expr_t e)
{
    int lo, hi;
    expr_t da, db, args[3];

    if (e->fn == FN_USER) return fail(c, e, "cannot differentiate %s", e->name);
    expr_fn_lookup(e->name, &lo, &hi);
    if (e->nargs < lo || (hi >= 0 && e->nargs > hi))
        return fail(c, e, "wrong number of arguments to %s", e->name);
    switch (e->fn) {
    case FN_MIN: case FN_MAX:
        return d_minmax(c, e, 0);
    case FN_IF:
        if ((da = d(c, e->args[1])) == NULL) return NULL;
        if ((db = d(c, e->args[2])) == NULL) { expr_free(da); return NULL; }
        if (is_num(da) && is_num(db) && fmpq_equal(da->num, db->num)) {
            expr_free(db);
            return da;
        }
        args[0] = CP(e->args[0]);
        args[1] = da;
        args[2] = db;
        return expr_func("if", 3, args);
    case FN_ATAN2: {   /* atan2(y, x)' = (x y' - y x') / (x^2 + y^2) */
        const expr_t y = e->args[0], x = e->args[1];
        if ((da = d(c, y)) == NULL) return NULL;
        if ((db = d(c, x)) == NULL) { expr_free(da); return NULL; }
        return mk_div(mk_sub(mk_mul(CP(x), da), mk_mul(CP(y), db)),
                      mk_add(mk_pow(CP(x), num_si(2)), mk_pow(CP(y), num_si(2))));
    }
    default:
        if ((da = d(c, e->args[0])) == NULL) return NULL;
        return d_unary_fn(e, da);
    }
}

static expr_t d_pow(dctx *c, const expr_t e)
{
    const expr_t a = e->args[0], b = e->args[1];
    expr_t da, db;

    if ((da = d(c, a)) == NULL) return NULL;
    if ((db = d(c, b)) == NULL) { expr_free(da); return NULL; }
    if (is_zero(db)) {          /* b a^(b-1) a' */
        expr_free(db);
        return mk_mul(mk_mul(CP(b), mk_pow(CP(a), mk_sub(CP(b), num_si(1)))), da);
    }
    if (is_zero(da)) {          /* a^b log(a) b' */
        expr_free(da);
        if (a->kind == EXPR_E) return mk_mul(CP(e), db);
        return mk_mul(mk_mul(CP(e), fn1("log", CP(a))), db);
    }
    /* a^b (b' log a + b a' / a) */
    return mk_mul(CP(e), mk_add(mk_mul(db, fn1("log", CP(a))), mk_div(mk_mul(CP(b), da), CP(a))));
}

static expr_t d_var(dctx *c, const expr_t e)
{
    int idx, kind;
    expr_t def = NULL, r;

    if (strcmp(e->name, c->var) == 0) return num_si(1);
    if (c->scope == NULL) return num_si(0);
    kind = expr_scope_lookup(c->scope, e->name, &idx, &def);
    if (kind == 2) return fail(c, e, "cannot differentiate the predicate %s", e->name);
    if (kind != 1 || def == NULL) return num_si(0);
    r = d(c, def);
    return r;
}

static expr_t d(dctx *c, const expr_t e)
{
    expr_t da, db, r = NULL;

    if (++c->depth > DERIV_MAX_DEPTH) {
        c->depth--;
        return fail(c, e, "expression too deep to differentiate");
    }
    switch (e->kind) {
    case EXPR_NUM: case EXPR_BALL: case EXPR_PI: case EXPR_E:
        r = num_si(0);
        break;
    case EXPR_VAR:
        r = d_var(c, e);
        break;
    case EXPR_NEG:
        if ((da = d(c, e->args[0])) != NULL) r = mk_neg(da);
        break;
    case EXPR_ADD: case EXPR_SUB: case EXPR_MUL: case EXPR_DIV:
        if ((da = d(c, e->args[0])) == NULL) break;
        if ((db = d(c, e->args[1])) == NULL) { expr_free(da); break; }
        if (e->kind == EXPR_ADD) r = mk_add(da, db);
        else if (e->kind == EXPR_SUB) r = mk_sub(da, db);
        else if (e->kind == EXPR_MUL)   /* u' v + u v' */
            r = mk_add(mk_mul(da, CP(e->args[1])), mk_mul(CP(e->args[0]), db));
        else if (is_zero(db)) {         /* u' / v */
            expr_free(db);
            r = mk_div(da, CP(e->args[1]));
        } else if (is_zero(da)) {       /* -(u v') / v^2 */
            expr_free(da);
            r = mk_neg(mk_div(mk_mul(CP(e->args[0]), db), mk_pow(CP(e->args[1]), num_si(2))));
        } else {                        /* (u' v - u v') / v^2 */
            r = mk_div(mk_sub(mk_mul(da, CP(e->args[1])), mk_mul(CP(e->args[0]), db)),
                       mk_pow(CP(e->args[1]), num_si(2)));
        }
        break;
    case EXPR_POW:
        r = d_pow(c, e);
        break;
    case EXPR_FUNC:
        r = d_func(c, e);
        break;
    case EXPR_RANGE:
        r = fail(c, e, "cannot differentiate a range");
        break;
    default:
        r = fail(c, e, "cannot differentiate a predicate");
        break;
    }
    c->depth--;
    return r;
}

/* d e / d var by the standard rules (chain rule for every builtin, the
 * general power rule, abs' = sign, sign' = 0, min/max/if through if()),
 * expanding definitions of s; the result is passed through expr_simplify.
 * It equals the derivative wherever e is differentiable. NULL (err filled,
 * if not NULL) for predicates, ranges and user functions. */
expr_t expr_derivative(const expr_t e, const char *var, const expr_scope_t s, expr_error_t *err)
{
    dctx c;
    expr_t raw, r;

    c.var = var;
    c.scope = s;
    c.err = err;
    c.depth = 0;
    raw = d(&c, e);
    if (raw == NULL) return NULL;
    r = expr_simplify(raw);
    expr_free(raw);
    return r;
}
