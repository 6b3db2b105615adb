/* expr_scope.c -- names of a case: parameters and definitions; type checks. */
#include <stdio.h>
#include <string.h>
#include "expr/expr.h"
#include "base/fc_strmap.h"

typedef struct {
    char *name;
    int kind;        /* 0 param, 1 numeric def, 2 boolean def */
    int index;       /* parameter index */
    expr_t def;
} scope_entry;

struct expr_scope_struct {
    scope_entry *e;
    int n, alloc, nparams;
    fc_strmap index;   /* name -> position in e (lookups in O(1)) */
};

expr_scope_t expr_scope_new(void)
{
    return flint_calloc(1, sizeof(expr_scope_struct));
}

void expr_scope_free(expr_scope_t s)
{
    int i;
    if (s == NULL) return;
    for (i = 0; i < s->n; i++) flint_free(s->e[i].name);
    flint_free(s->e);
    fc_strmap_clear(&s->index);
    flint_free(s);
}

int expr_name_reserved(const char *name)
{
    static const char *w[] = {"pi", "e", "true", "false", "and", "or", "not", "xor",
                              "implies", "iff", "exists", "forall", NULL};
    int i, a, b;
    for (i = 0; w[i]; i++)
        if (strcmp(w[i], name) == 0) return 1;
    return expr_fn_lookup(name, &a, &b) != FN_USER;
}

static int add(expr_scope_t s, const char *name, int kind, expr_t def)
{
    size_t n;
    if (expr_name_reserved(name)) return -1;
    if (fc_strmap_get(&s->index, name) >= 0) return -1;
    if (s->n == s->alloc) {
        s->alloc = s->alloc ? 2 * s->alloc : 16;
        s->e = flint_realloc(s->e, s->alloc * sizeof(scope_entry));
    }
    n = strlen(name) + 1;
    s->e[s->n].name = flint_malloc(n);
    memcpy(s->e[s->n].name, name, n);
    s->e[s->n].kind = kind;
    s->e[s->n].def = def;
    s->e[s->n].index = kind == 0 ? s->nparams++ : -1;
    fc_strmap_put(&s->index, name, s->n);
    s->n++;
    return kind == 0 ? s->e[s->n - 1].index : 0;
}

int expr_scope_add_param(expr_scope_t s, const char *name) { return add(s, name, 0, NULL); }

int expr_scope_add_def(expr_scope_t s, const char *name, expr_t def, int is_bool)
{
    return add(s, name, is_bool ? 2 : 1, def);
}

int expr_scope_nparams(const expr_scope_t s) { return s->nparams; }

expr_scope_t expr_scope_extend(const expr_scope_t s, const char *name)
{
    expr_scope_t r = expr_scope_new();
    int i;
    for (i = 0; s != NULL && i < s->n; i++) add(r, s->e[i].name, s->e[i].kind, s->e[i].def);
    if (add(r, name, 0, NULL) < 0) {
        expr_scope_free(r);
        return NULL;
    }
    return r;
}

const char *expr_scope_param_name(const expr_scope_t s, int index)
{
    int i;
    for (i = 0; i < s->n; i++)
        if (s->e[i].kind == 0 && s->e[i].index == index) return s->e[i].name;
    return NULL;
}

int expr_scope_lookup(const expr_scope_t s, const char *name, int *index, expr_t *def)
{
    int i;
    if (s == NULL || (i = fc_strmap_get(&s->index, name)) < 0) return -1;
    if (index) *index = s->e[i].index;
    if (def) *def = s->e[i].def;
    return s->e[i].kind;
}

/* ------------------------------------------------------------ type check */

typedef struct {
    const expr_scope_t s;
    expr_error_t *err;
    const char *bound[8];   /* variables bound by disc/res/root/extremum functions */
    int nbound;
    int nquant;             /* enclosing exists / forall */
} checker;

#define EXPR_QUANT_MAX_NEST 3   /* as in expr_quant.h */

static int fail(checker *ck, const expr_t e, const char *fmt, const char *a, const char *b)
{
    ck->err->line = e->line;
    ck->err->col = e->col;
    snprintf(ck->err->msg, sizeof ck->err->msg, fmt, a ? a : "", b ? b : "");
    return -1;
}

static int type_of(checker *ck, const expr_t e);

static int want(checker *ck, const expr_t e, int type)
{
    int t = type_of(ck, e);
    if (t < 0) return -1;
    if (type >= 0 && t != type)
        return fail(ck, e, type ? "expected a condition (a comparison or logic), found a number%s%s"
                                : "expected a number, found a condition%s%s", NULL, NULL);
    return t;
}

/* Functions rewritten by src/alg before compilation: name, arity, position of the
 * bound variable, position of a range argument (-1: none). */
static const struct { const char *name; int nargs, var, range; } user_fns[] = {
    {"disc", 2, 1, -1}, {"res", 3, 2, -1}, {"root", 4, 1, 2},
    {"maxof", 3, 1, 2}, {"minof", 3, 1, 2}, {"argmax", 3, 1, 2}, {"argmin", 3, 1, 2},
};

static int check_user(checker *ck, const expr_t e)
{
    size_t k;
    int i;
    for (k = 0; k < sizeof user_fns / sizeof user_fns[0]; k++)
        if (strcmp(user_fns[k].name, e->name) == 0) break;
    if (k == sizeof user_fns / sizeof user_fns[0])
        return fail(ck, e, "unknown function '%s'%s", e->name, NULL);
    if (e->nargs != user_fns[k].nargs) {
        char n[16];
        snprintf(n, sizeof n, "%d", user_fns[k].nargs);
        return fail(ck, e, "function '%s' takes %s arguments", e->name, n);
    }
    if (e->args[user_fns[k].var]->kind != EXPR_VAR)
        return fail(ck, e->args[user_fns[k].var], "expected the name of the variable of '%s'%s",
                    e->name, NULL);
    if (ck->nbound == 8) return fail(ck, e, "functions with bound variables nested too deeply%s%s", NULL, NULL);
    ck->bound[ck->nbound++] = e->args[user_fns[k].var]->name;
    for (i = 0; i < e->nargs; i++) {
        if (i == user_fns[k].var) continue;
        if (i == user_fns[k].range) {
            if (e->args[i]->kind != EXPR_RANGE) {
                ck->nbound--;
                return fail(ck, e->args[i], "expected a range LO .. HI as argument of '%s'%s", e->name, NULL);
            }
            ck->nbound--;   /* the range ends do not see the bound variable */
            if (want(ck, e->args[i]->args[0], 0) < 0 || want(ck, e->args[i]->args[1], 0) < 0) return -1;
            ck->nbound++;
            continue;
        }
        if (want(ck, e->args[i], 0) < 0) { ck->nbound--; return -1; }
    }
    ck->nbound--;
    return 0;
}

/* exists / forall: the bound name is new (not a name of the scope nor an
 * enclosing bound variable), the range ends are numbers that do not see it,
 * the condition is a predicate that does. */
static int check_quant(checker *ck, const expr_t e)
{
    const char *name = e->args[0]->name;
    int i;
    if (e->args[0]->kind != EXPR_VAR) return fail(ck, e, "expected the name of the bound variable%s%s", NULL, NULL);
    for (i = 0; i < ck->nbound; i++)
        if (strcmp(ck->bound[i], name) == 0)
            return fail(ck, e->args[0], "'%s' is already bound by an enclosing call%s", name, NULL);
    if (expr_scope_lookup(ck->s, name, NULL, NULL) >= 0)
        return fail(ck, e->args[0], "'%s' is already a name of the case; the bound variable needs a new name%s",
                    name, NULL);
    if (want(ck, e->args[1], 0) < 0 || want(ck, e->args[2], 0) < 0) return -1;
    if (ck->nbound == 8) return fail(ck, e, "functions with bound variables nested too deeply%s%s", NULL, NULL);
    if (ck->nquant == EXPR_QUANT_MAX_NEST)   /* each level multiplies the work by its budget */
        return fail(ck, e, "quantifiers nested deeper than 3%s%s", NULL, NULL);
    ck->bound[ck->nbound++] = name;
    ck->nquant++;
    i = want(ck, e->args[3], 1);
    ck->nquant--;
    ck->nbound--;
    return i < 0 ? -1 : 1;
}

static int type_of(checker *ck, const expr_t e)
{
    int i, lo, hi, k;
    switch (e->kind) {
    case EXPR_NUM: case EXPR_BALL: case EXPR_PI: case EXPR_E:
        return 0;
    case EXPR_TRUE: case EXPR_FALSE:
        return 1;
    case EXPR_VAR:
        for (i = ck->nbound - 1; i >= 0; i--)
            if (strcmp(ck->bound[i], e->name) == 0) return 0;
        k = expr_scope_lookup(ck->s, e->name, NULL, NULL);
        if (k < 0) return fail(ck, e, "unknown name '%s'%s", e->name, NULL);
        return k == 2 ? 1 : 0;
    case EXPR_NEG:
        return want(ck, e->args[0], 0) < 0 ? -1 : 0;
    case EXPR_ADD: case EXPR_SUB: case EXPR_MUL: case EXPR_DIV: case EXPR_POW:
        if (want(ck, e->args[0], 0) < 0 || want(ck, e->args[1], 0) < 0) return -1;
        return 0;
    case EXPR_LT: case EXPR_LE: case EXPR_GT: case EXPR_GE: case EXPR_EQ: case EXPR_NE:
        if (want(ck, e->args[0], 0) < 0 || want(ck, e->args[1], 0) < 0) return -1;
        return 1;
    case EXPR_NOT:
        return want(ck, e->args[0], 1) < 0 ? -1 : 1;
    case EXPR_AND: case EXPR_OR: case EXPR_XOR: case EXPR_IMPLIES: case EXPR_IFF:
        if (want(ck, e->args[0], 1) < 0 || want(ck, e->args[1], 1) < 0) return -1;
        return 1;
    case EXPR_RANGE:
        return fail(ck, e, "a range LO .. HI is not allowed here%s%s", NULL, NULL);
    case EXPR_EXISTS: case EXPR_FORALL:
        return check_quant(ck, e);
    case EXPR_FUNC:
        if (e->fn == FN_USER && strcmp(e->name, "statics_sign") == 0) {   /* layout: expr_statics.c */
            for (i = 0; i < e->nargs; i++)
                if (want(ck, e->args[i], 0) < 0) return -1;
            return 0;
        }
        if (e->fn == FN_USER) return check_user(ck, e) < 0 ? -1 : 0;
        expr_fn_lookup(e->name, &lo, &hi);
        if (e->nargs < lo || (hi >= 0 && e->nargs > hi)) {
            char n[48];
            if (lo == hi) snprintf(n, sizeof n, "%d argument%s", lo, lo == 1 ? "" : "s");
            else snprintf(n, sizeof n, "at least %d arguments", lo);
            return fail(ck, e, "function '%s' takes %s", e->name, n);
        }
        for (i = 0; i < e->nargs; i++)
            if (want(ck, e->args[i], (e->fn == FN_IF && i == 0) ? 1 : 0) < 0) return -1;
        return 0;
    }
    return fail(ck, e, "internal: unknown node%s%s", NULL, NULL);
}

int expr_check(const expr_t e, const expr_scope_t s, int want_type, expr_error_t *err)
{
    checker ck = {s, err, {0}, 0, 0};
    expr_error_t local;
    if (err == NULL) ck.err = &local;
    return want(&ck, e, want_type) < 0 ? -1 : 0;
}

int expr_is_bool(const expr_t e, const expr_scope_t s)
{
    if (e->kind == EXPR_VAR) return expr_scope_lookup(s, e->name, NULL, NULL) == 2;
    return expr_is_bool_node(e);
}
