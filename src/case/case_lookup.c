/* case_lookup.c -- names to indices, and the parameter box of a point. */
#include <string.h>
#include "case/case_impl.h"

int case_param_index(const case_t *c, const char *name)
{
    int i;
    for (i = 0; i < c->nparams; i++)
        if (c->params[i].name && strcmp(c->params[i].name, name) == 0) return i;
    return -1;
}

int case_def_index(const case_t *c, const char *name)
{
    int i;
    for (i = 0; i < c->ndefs; i++)
        if (c->defs[i].name && strcmp(c->defs[i].name, name) == 0) return i;
    return -1;
}

int case_region_index(const case_t *c, const char *name)
{
    int i;
    for (i = 0; i < c->nregions; i++)
        if (c->regions[i].name && strcmp(c->regions[i].name, name) == 0) return i;
    return -1;
}

int case_point_index(const case_t *c, const char *name)
{
    int i;
    for (i = 0; i < c->npoints; i++)
        if (c->points[i].name && strcmp(c->points[i].name, name) == 0) return i;
    return -1;
}

/* Encloses a constant expression (validated by case_read) at prec; falls
 * back to [-inf, inf] should the evaluation not be defined. */
static void const_at(arb_t out, const expr_t e, expr_scope_t empty, slong prec)
{
    expr_tv_t tv;
    if (expr_eval_once(out, &tv, e, empty, NULL, prec) != EXPR_DEFINED) arb_indeterminate(out);
}

void case_point_box(arb_ptr box, const case_t *c, int point, slong prec)
{
    expr_scope_t empty = expr_scope_new();
    const case_point *pt = point >= 0 ? &c->points[point] : NULL;
    arb_t lo, hi;
    int i, j;

    arb_init(lo);
    arb_init(hi);
    for (i = 0; i < c->nparams; i++) {
        const case_param *p = &c->params[i];
        const expr_node *set = NULL;
        if (pt)
            for (j = 0; j < pt->nset; j++)
                if (pt->set_param[j] == i) set = pt->set_value[j];
        if (set) {
            const_at(box + i, (expr_t) set, empty, prec);
        } else if (p->is_range) {
            const_at(lo, p->lo, empty, prec);
            const_at(hi, p->hi, empty, prec);
            expr_interval_ball(box + i, lo, hi, prec);
        } else {
            const_at(box + i, p->value, empty, prec);
        }
    }
    arb_clear(lo);
    arb_clear(hi);
    expr_scope_free(empty);
}

const char *case_claim_kind_name(case_claim_kind k)
{
    switch (k) {
    case CASE_CLAIM_IMPLIES: return "implies";
    case CASE_CLAIM_IMPLIED_BY: return "implied_by";
    case CASE_CLAIM_THRESHOLD: return "threshold";
    case CASE_CLAIM_IDENTITY: return "identity";
    default: return "equivalent";
    }
}
