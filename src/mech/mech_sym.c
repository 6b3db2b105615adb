/* mech_sym.c -- simplifying AST builders for the model blocks.
 *
 * Each builder takes ownership of its operands and applies only identities
 * that hold wherever the unsimplified form is defined, and that never make
 * a result defined where it is not: exact rational folding, 0 + a = a,
 * 1 a = a, a / 1 = a, and 0 a = 0 only when a is defined everywhere
 * (mech_may_fail(a) == 0). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "mech/mech_impl.h"

static int is_num(const expr_t e) { return e->kind == EXPR_NUM; }
static int is_zero(const expr_t e) { return is_num(e) && fmpq_is_zero(e->num); }
static int is_one(const expr_t e) { return is_num(e) && fmpq_is_one(e->num); }

static int builder_partial(const mech_builder *b, const char *name)
{
    int i, k;
    for (i = 0; i < b->n; i++)
        if (strcmp(b->defs[i].name, name) == 0) return b->partial[i];
    k = expr_scope_lookup(b->scope, name, NULL, NULL);
    return k != 0;   /* parameters are total; definitions of others: assume partial */
}

/* 1 unless e is certainly defined at every point (a polynomial-like
 * expression in parameters and total definitions). */
int mech_may_fail(const mech_builder *b, const expr_t e)
{
    int i;
    switch (e->kind) {
    case EXPR_NUM: case EXPR_PI: case EXPR_E: case EXPR_TRUE: case EXPR_FALSE:
        return 0;
    case EXPR_BALL:
        return 0;
    case EXPR_VAR:
        return builder_partial(b, e->name);
    case EXPR_DIV:
        if (!(is_num(e->args[1]) && !fmpq_is_zero(e->args[1]->num))) return 1;
        return mech_may_fail(b, e->args[0]);
    case EXPR_POW:
        if (!(is_num(e->args[1]) && fmpz_is_one(fmpq_denref(e->args[1]->num)) &&
              fmpz_sgn(fmpq_numref(e->args[1]->num)) >= 0))
            return 1;
        return mech_may_fail(b, e->args[0]);
    case EXPR_FUNC:
        switch (e->fn) {
        case FN_SIN: case FN_COS: case FN_ATAN: case FN_SINH: case FN_COSH: case FN_TANH:
        case FN_EXP: case FN_CBRT: case FN_ABS: case FN_SIGN: case FN_MIN: case FN_MAX:
        case FN_IF:
            break;
        default:
            return 1;
        }
        /* fall through */
    default:
        for (i = 0; i < e->nargs; i++)
            if (mech_may_fail(b, e->args[i])) return 1;
        return 0;
    }
}

expr_t mech_num(slong p, ulong q) { return expr_num_si(p, q); }

static expr_t fold(expr_kind k, expr_t a, expr_t b)
{
    switch (k) {
    case EXPR_ADD: fmpq_add(a->num, a->num, b->num); break;
    case EXPR_SUB: fmpq_sub(a->num, a->num, b->num); break;
    case EXPR_MUL: fmpq_mul(a->num, a->num, b->num); break;
    default: fmpq_div(a->num, a->num, b->num); break;
    }
    expr_free(b);
    return a;
}

static expr_t take_child(expr_t e, int i)
{
    expr_t c = e->args[i];
    e->args[i] = NULL;
    expr_free(e);
    return c;
}

expr_t mech_neg(expr_t x)
{
    if (is_num(x)) {
        fmpq_neg(x->num, x->num);
        return x;
    }
    if (x->kind == EXPR_NEG) return take_child(x, 0);
    return expr_unary(EXPR_NEG, x);
}

expr_t mech_add(const mech_builder *b, expr_t x, expr_t y)
{
    if (is_num(x) && is_num(y)) return fold(EXPR_ADD, x, y);
    if (is_zero(x)) { expr_free(x); return y; }
    if (is_zero(y)) { expr_free(y); return x; }
    if (y->kind == EXPR_NEG) return mech_sub(b, x, take_child(y, 0));
    if (is_num(y) && fmpq_sgn(y->num) < 0) return mech_sub(b, x, mech_neg(y));
    return expr_binary(EXPR_ADD, x, y);
}

expr_t mech_sub(const mech_builder *b, expr_t x, expr_t y)
{
    if (is_num(x) && is_num(y)) return fold(EXPR_SUB, x, y);
    if (is_zero(y)) { expr_free(y); return x; }
    if (is_zero(x)) { expr_free(x); return mech_neg(y); }
    if (y->kind == EXPR_NEG) return mech_add(b, x, take_child(y, 0));
    if (is_num(y) && fmpq_sgn(y->num) < 0) return mech_add(b, x, mech_neg(y));
    return expr_binary(EXPR_SUB, x, y);
}

expr_t mech_mul(const mech_builder *b, expr_t x, expr_t y)
{
    if (is_num(x) && is_num(y)) return fold(EXPR_MUL, x, y);
    if (is_zero(x) && !mech_may_fail(b, y)) { expr_free(y); return x; }
    if (is_zero(y) && !mech_may_fail(b, x)) { expr_free(x); return y; }
    if (is_one(x)) { expr_free(x); return y; }
    if (is_one(y)) { expr_free(y); return x; }
    if (x->kind == EXPR_NEG) return mech_neg(mech_mul(b, take_child(x, 0), y));
    if (y->kind == EXPR_NEG) return mech_neg(mech_mul(b, x, take_child(y, 0)));
    if (is_num(x) && fmpq_sgn(x->num) < 0) return mech_neg(mech_mul(b, mech_neg(x), y));
    if (is_num(y) && fmpq_sgn(y->num) < 0) return mech_neg(mech_mul(b, x, mech_neg(y)));
    if (is_num(y)) return expr_binary(EXPR_MUL, y, x);
    return expr_binary(EXPR_MUL, x, y);
}

expr_t mech_div(const mech_builder *b, expr_t x, expr_t y)
{
    if (is_num(x) && is_num(y) && !fmpq_is_zero(y->num)) return fold(EXPR_DIV, x, y);
    if (is_one(y)) { expr_free(y); return x; }
    if (is_zero(x) && is_num(y) && !fmpq_is_zero(y->num)) { expr_free(y); return x; }
    if (x->kind == EXPR_NEG) return mech_neg(mech_div(b, take_child(x, 0), y));
    return expr_binary(EXPR_DIV, x, y);
}

expr_t mech_sq(const mech_builder *b, expr_t x)
{
    if (is_num(x)) {
        fmpq_mul(x->num, x->num, x->num);
        return x;
    }
    if (x->kind == EXPR_NEG) x = take_child(x, 0);
    return expr_binary(EXPR_POW, x, expr_num_si(2, 1));
}

expr_t mech_fn1(const char *name, expr_t x) { return expr_func(name, 1, &x); }

expr_t mech_if(expr_t c, expr_t x, expr_t y)
{
    expr_t a[3];
    if (c->kind == EXPR_TRUE) { expr_free(c); expr_free(y); return x; }
    if (c->kind == EXPR_FALSE) { expr_free(c); expr_free(x); return y; }
    a[0] = c, a[1] = x, a[2] = y;
    return expr_func("if", 3, a);
}

expr_t mech_cmp(expr_kind k, expr_t x, expr_t y) { return expr_binary(k, x, y); }

/* ------------------------------------------------------------ emitting */

static char *full_name(const mech_builder *b, const char *suffix)
{
    size_t n = strlen(b->prefix) + strlen(suffix) + 2;
    char *r = flint_malloc(n);
    snprintf(r, n, "%s_%s", b->prefix, suffix);
    return r;
}

expr_t mech_ref(const mech_builder *b, const char *suffix)
{
    char *nm = full_name(b, suffix);
    expr_t r = expr_var(nm);
    flint_free(nm);
    return r;
}

void mech_emit0(mech_builder *b, const char *suffix, expr_t e, int is_bool)
{
    if (b->n == b->alloc) {
        b->alloc = b->alloc ? 2 * b->alloc : 32;
        b->defs = flint_realloc(b->defs, b->alloc * sizeof(mech_def));
        b->partial = flint_realloc(b->partial, b->alloc * sizeof(int));
    }
    b->partial[b->n] = is_bool ? 0 : mech_may_fail(b, e);
    b->defs[b->n].name = full_name(b, suffix);
    b->defs[b->n].e = e;
    b->defs[b->n].is_bool = is_bool;
    b->defs[b->n].line = b->line;
    b->defs[b->n].constraint = NULL;
    b->n++;
}

void mech_mark_constraint(mech_builder *b, const char *text)
{
    size_t n = strlen(text) + 1;
    b->defs[b->n - 1].constraint = flint_malloc(n);
    memcpy(b->defs[b->n - 1].constraint, text, n);
}

expr_t mech_emit(mech_builder *b, const char *suffix, expr_t e, int is_bool)
{
    mech_emit0(b, suffix, e, is_bool);
    return mech_ref(b, suffix);
}
