/* expr_ast.c -- AST nodes: construction, copy, free, builtin table. */
#include <stdlib.h>
#include <string.h>
#include "expr/expr.h"

static const struct {
    const char *name;
    expr_fn fn;
    int min_args, max_args;
} fn_table[] = {
    {"sin", FN_SIN, 1, 1},     {"cos", FN_COS, 1, 1},   {"tan", FN_TAN, 1, 1},
    {"cot", FN_COT, 1, 1},     {"asin", FN_ASIN, 1, 1}, {"acos", FN_ACOS, 1, 1},
    {"atan", FN_ATAN, 1, 1},   {"atan2", FN_ATAN2, 2, 2}, {"sinh", FN_SINH, 1, 1},
    {"cosh", FN_COSH, 1, 1},   {"tanh", FN_TANH, 1, 1}, {"exp", FN_EXP, 1, 1},
    {"log", FN_LOG, 1, 1},     {"sqrt", FN_SQRT, 1, 1}, {"cbrt", FN_CBRT, 1, 1},
    {"abs", FN_ABS, 1, 1},     {"sign", FN_SIGN, 1, 1}, {"min", FN_MIN, 2, -1},
    {"max", FN_MAX, 2, -1},    {"if", FN_IF, 3, 3},
};

const char *expr_tv_name(expr_tv_t t)
{
    return t == EXPR_TV_TRUE ? "true" : t == EXPR_TV_FALSE ? "false" : "unknown";
}

expr_fn expr_fn_lookup(const char *name, int *min_args, int *max_args)
{
    size_t i;
    for (i = 0; i < sizeof(fn_table) / sizeof(fn_table[0]); i++)
        if (strcmp(fn_table[i].name, name) == 0) {
            if (min_args) *min_args = fn_table[i].min_args;
            if (max_args) *max_args = fn_table[i].max_args;
            return fn_table[i].fn;
        }
    if (min_args) *min_args = 0;
    if (max_args) *max_args = -1;
    return FN_USER;
}

const char *expr_fn_name(expr_fn fn)
{
    size_t i;
    for (i = 0; i < sizeof(fn_table) / sizeof(fn_table[0]); i++)
        if (fn_table[i].fn == fn) return fn_table[i].name;
    return "?";
}

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *r = flint_malloc(n);
    memcpy(r, s, n);
    return r;
}

expr_t expr_new(expr_kind kind)
{
    expr_t e = flint_calloc(1, sizeof(expr_node));
    e->kind = kind;
    e->fn = FN_USER;
    fmpq_init(e->num);
    arb_init(e->ball);
    return e;
}

expr_t expr_num_si(slong p, ulong q)
{
    expr_t e = expr_new(EXPR_NUM);
    fmpq_t t;
    fmpq_init(t);
    fmpq_set_si(t, p, q);
    fmpq_swap(e->num, t);
    fmpq_clear(t);
    return e;
}

expr_t expr_num_fmpq(const fmpq_t q)
{
    expr_t e = expr_new(EXPR_NUM);
    fmpq_set(e->num, q);
    return e;
}

expr_t expr_var(const char *name)
{
    expr_t e = expr_new(EXPR_VAR);
    e->name = dup_str(name);
    return e;
}

expr_t expr_unary(expr_kind kind, expr_t a)
{
    expr_t e = expr_new(kind);
    e->nargs = 1;
    e->args = flint_malloc(sizeof(expr_t));
    e->args[0] = a;
    return e;
}

expr_t expr_binary(expr_kind kind, expr_t a, expr_t b)
{
    expr_t e = expr_new(kind);
    e->nargs = 2;
    e->args = flint_malloc(2 * sizeof(expr_t));
    e->args[0] = a;
    e->args[1] = b;
    return e;
}

expr_t expr_func(const char *name, int nargs, expr_t *args)
{
    expr_t e = expr_new(EXPR_FUNC);
    int i;
    e->name = dup_str(name);
    e->fn = expr_fn_lookup(name, NULL, NULL);
    e->nargs = nargs;
    e->args = nargs ? flint_malloc(nargs * sizeof(expr_t)) : NULL;
    for (i = 0; i < nargs; i++) e->args[i] = args[i];
    return e;
}

expr_t expr_quant(expr_kind kind, const char *var, expr_t lo, expr_t hi, expr_t pred)
{
    expr_t e = expr_new(kind);
    e->nargs = 4;
    e->args = flint_malloc(4 * sizeof(expr_t));
    e->args[0] = expr_var(var);
    e->args[1] = lo;
    e->args[2] = hi;
    e->args[3] = pred;
    return e;
}

expr_t expr_copy(const expr_t e)
{
    expr_t r;
    int i;
    if (e == NULL) return NULL;
    r = expr_new(e->kind);
    r->fn = e->fn;
    r->nargs = e->nargs;
    r->line = e->line;
    r->col = e->col;
    fmpq_set(r->num, e->num);
    arb_set(r->ball, e->ball);
    r->name = e->name ? dup_str(e->name) : NULL;
    r->args = e->nargs ? flint_malloc(e->nargs * sizeof(expr_t)) : NULL;
    for (i = 0; i < e->nargs; i++) r->args[i] = expr_copy(e->args[i]);
    return r;
}

void expr_free(expr_t e)
{
    int i;
    if (e == NULL) return;
    for (i = 0; i < e->nargs; i++) expr_free(e->args[i]);
    flint_free(e->args);
    flint_free(e->name);
    fmpq_clear(e->num);
    arb_clear(e->ball);
    flint_free(e);
}

int expr_is_bool_node(const expr_t e)
{
    switch (e->kind) {
    case EXPR_LT: case EXPR_LE: case EXPR_GT: case EXPR_GE: case EXPR_EQ: case EXPR_NE:
    case EXPR_TRUE: case EXPR_FALSE: case EXPR_NOT: case EXPR_AND: case EXPR_OR:
    case EXPR_XOR: case EXPR_IMPLIES: case EXPR_IFF: case EXPR_EXISTS: case EXPR_FORALL:
        return 1;
    default:
        return 0;
    }
}
