/* claim_tautology.c -- does a claim's model imply it syntactically?
 *
 * A verdict "proved" says nothing about the mechanics when the claim follows
 * from the model by its form alone: the claim is one of the model's
 * conjuncts, or the model one of the claim's disjuncts, or the two are the
 * same expression once the case's definitions are expanded. This is checked
 * on the expanded trees, in negation normal form (not pushed through and /
 * or / not and turned into the opposite comparison: not (a >= b) is a < b,
 * true for every real a, b), with A => B read as: every conjunct of B has a
 * conjunct of A whose disjuncts are among its own. The test is sufficient,
 * not necessary: a claim not found a tautology may still be one. */
#include <string.h>
#include "claim/claim.h"
#include "claim/claim_impl.h"

/* e with every definition replaced by its expression (depth-limited). */
static expr_t expand(const expr_t e, const expr_scope_t s, int depth)
{
    expr_t r, def = NULL;
    int i, idx;
    if (e->kind == EXPR_VAR && depth < 64 && expr_scope_lookup(s, e->name, &idx, &def) > 0 && def != NULL)
        return expand(def, s, depth + 1);
    r = expr_copy(e);
    for (i = 0; i < r->nargs; i++) {
        expr_t a = expand(e->args[i], s, depth);
        expr_free(r->args[i]);
        r->args[i] = a;
    }
    return r;
}

static expr_kind flip(expr_kind k)
{
    switch (k) {
    case EXPR_LT: return EXPR_GE;
    case EXPR_LE: return EXPR_GT;
    case EXPR_GT: return EXPR_LE;
    case EXPR_GE: return EXPR_LT;
    case EXPR_EQ: return EXPR_NE;
    case EXPR_NE: return EXPR_EQ;
    default: return k;
    }
}

/* Negation normal form of e (neg: of not e); a new tree. */
static expr_t nnf(const expr_t e, int neg)
{
    expr_t r;
    int i;
    if (e->kind == EXPR_NOT) return nnf(e->args[0], !neg);
    if (e->kind == EXPR_AND || e->kind == EXPR_OR) {
        expr_kind k = neg ? (e->kind == EXPR_AND ? EXPR_OR : EXPR_AND) : e->kind;
        return expr_binary(k, nnf(e->args[0], neg), nnf(e->args[1], neg));
    }
    if (e->kind == EXPR_IMPLIES)   /* a => b  is  not a or b */
        return neg ? expr_binary(EXPR_AND, nnf(e->args[0], 0), nnf(e->args[1], 1))
                   : expr_binary(EXPR_OR, nnf(e->args[0], 1), nnf(e->args[1], 0));
    if (e->kind == EXPR_TRUE || e->kind == EXPR_FALSE)
        return expr_new((e->kind == EXPR_TRUE) != neg ? EXPR_TRUE : EXPR_FALSE);
    r = expr_copy(e);
    if (!neg) return r;
    if (flip(e->kind) != e->kind) {
        r->kind = flip(e->kind);
        return r;
    }
    (void) i;
    return expr_unary(EXPR_NOT, r);
}

typedef struct {
    char **v;
    int n, alloc;
} strset;

static void collect(strset *out, const expr_t e, expr_kind op)
{
    if (e->kind == op) {
        collect(out, e->args[0], op);
        collect(out, e->args[1], op);
        return;
    }
    if (out->n == out->alloc) {
        out->alloc = out->alloc ? 2 * out->alloc : 8;
        out->v = flint_realloc(out->v, out->alloc * sizeof(char *));
    }
    out->v[out->n++] = expr_to_text(e);
}

static void strset_clear(strset *s)
{
    int i;
    for (i = 0; i < s->n; i++) flint_free(s->v[i]);
    flint_free(s->v);
    memset(s, 0, sizeof *s);
}

static int subset(const strset *a, const strset *b)
{
    int i, j;
    for (i = 0; i < a->n; i++) {
        for (j = 0; j < b->n; j++)
            if (strcmp(a->v[i], b->v[j]) == 0) break;
        if (j == b->n) return 0;
    }
    return 1;
}

/* 1 if a => b by form: every conjunct of b has a conjunct of a whose
 * disjuncts are all disjuncts of it (a, b in negation normal form). */
static int implies_by_form(const expr_t a, const expr_t b)
{
    strset ca = {0}, cb = {0};
    int i, j, ok = 1, full = 1;
    /* conjuncts as trees, to split each into disjuncts */
    expr_t *ta = NULL, *tb = NULL;
    int na = 0, nb = 0;
    /* gather the conjunct trees */
    {
        expr_t stack[4096];
        int sp = 0;
        ta = flint_malloc(4096 * sizeof(expr_t));
        tb = flint_malloc(4096 * sizeof(expr_t));
        stack[sp++] = a;
        while (sp > 0 && na < 4096) {
            expr_t e = stack[--sp];
            if (e->kind == EXPR_AND && sp < 4094) { stack[sp++] = e->args[1]; stack[sp++] = e->args[0]; }
            else ta[na++] = e;
        }
        sp = 0;
        stack[sp++] = b;
        while (sp > 0) {
            expr_t e = stack[--sp];
            if (nb == 4096 || (e->kind == EXPR_AND && sp >= 4094)) { full = 0; break; }
            if (e->kind == EXPR_AND) { stack[sp++] = e->args[1]; stack[sp++] = e->args[0]; }
            else tb[nb++] = e;
        }
    }
    /* every conjunct of b must be seen (a's may be cut short: fewer premises) */
    ok = full;
    for (j = 0; j < nb && ok; j++) {
        int found = 0;
        strset_clear(&cb);
        collect(&cb, tb[j], EXPR_OR);
        for (i = 0; i < na && !found; i++) {
            strset_clear(&ca);
            collect(&ca, ta[i], EXPR_OR);
            found = subset(&ca, &cb);
        }
        ok = found;
    }
    strset_clear(&ca);
    strset_clear(&cb);
    flint_free(ta);
    flint_free(tb);
    return ok;
}

int claim_tautology(const case_t *c, const case_claim *cl)
{
    expr_t ce, me, cn, mn;
    int r = 0;
    if (cl->claim == NULL || cl->model == NULL || cl->kind == CASE_CLAIM_THRESHOLD) return 0;
    ce = expand(cl->claim, c->scope, 0);
    me = expand(cl->model, c->scope, 0);
    cn = nnf(ce, 0);
    mn = nnf(me, 0);
    switch (cl->kind) {
    case CASE_CLAIM_IMPLIES: r = implies_by_form(cn, mn); break;
    case CASE_CLAIM_IMPLIED_BY: r = implies_by_form(mn, cn); break;
    default: r = implies_by_form(cn, mn) && implies_by_form(mn, cn); break;
    }
    expr_free(ce); expr_free(me); expr_free(cn); expr_free(mn);
    return r;
}
