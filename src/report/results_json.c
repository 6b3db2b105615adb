/* results_json.c -- results.json (schema fricert-results/1, DESIGN.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "report/results_json.h"
#include "base/fc_ball.h"
#include "canvas/canvas.h"

static json_t *str_flint(char *s)
{
    json_t *j = json_string(s ? s : "");
    flint_free(s);
    return j;
}

static json_t *ball_json(const arb_t x, slong prec)
{
    char *mid, *rad;
    json_t *o;
    fc_ball_mid_rad(&mid, &rad, x, fc_ball_digits(prec));
    o = json_pack("{s:s, s:s, s:s}", "mid", mid, "rad", rad, "status", "defined");
    flint_free(mid);
    flint_free(rad);
    return o;
}

static json_t *params_json(const case_t *c)
{
    json_t *a = json_array();
    int i;
    for (i = 0; i < c->nparams; i++) {
        const case_param *p = &c->params[i];
        json_t *o = json_pack("{s:s}", "name", p->name);
        if (p->is_range) {
            json_object_set_new(o, "lo", str_flint(expr_to_text(p->lo)));
            json_object_set_new(o, "hi", str_flint(expr_to_text(p->hi)));
        } else
            json_object_set_new(o, "value", str_flint(expr_to_text(p->value)));
        json_object_set_new(o, "description", json_string(p->desc ? p->desc : ""));
        json_object_set_new(o, "unit", json_string(p->unit ? p->unit : ""));
        json_array_append_new(a, o);
    }
    return a;
}

/* Parameter I at point K (-1: the case's own values) as written: the
 * exact value ("4/5", "atan(2)") or the range "LO .. HI". */
static json_t *exact_json(const case_t *c, int k, int i)
{
    const case_param *p = &c->params[i];
    expr_t set = NULL;
    char *a, *b;
    json_t *j;
    int m;
    if (k >= 0)
        for (m = 0; m < c->points[k].nset; m++)
            if (c->points[k].set_param[m] == i) set = c->points[k].set_value[m];
    if (set != NULL || !p->is_range) return str_flint(expr_to_text(set != NULL ? set : p->value));
    a = expr_to_text(p->lo);
    b = expr_to_text(p->hi);
    j = json_pack("{s:s, s:s}", "lo", a, "hi", b);
    flint_free(a);
    flint_free(b);
    return j;
}

static json_t *points_json(const run_results *res)
{
    const case_t *c = res->c;
    json_t *a = json_array();
    int k, i;
    for (k = 0; k < res->npoints; k++) {
        const run_point *pt = &res->points[k];
        json_t *o = json_pack("{s:s}", "name", pt->name), *at = json_object(), *q = json_object();
        json_t *reg = json_object(), *pred = json_object(), *exact = json_object();
        for (i = 0; i < c->nparams && pt->at; i++) {
            char *s = fc_ball_str(pt->at + i, res->prec);
            json_object_set_new(at, c->params[i].name, json_string(s));
            flint_free(s);
            json_object_set_new(exact, c->params[i].name, exact_json(c, pt->index, i));
        }
        for (i = 0; i < pt->nq; i++) {
            if (pt->qst[i] == EXPR_DEFINED) json_object_set_new(q, pt->qnames[i], ball_json(pt->q + i, res->prec));
            else
                json_object_set_new(q, pt->qnames[i], json_pack("{s:s}", "status",
                                    pt->qst[i] == EXPR_UNDEFINED ? "undefined" : "unknown"));
        }
        for (i = 0; i < pt->nb; i++) {
            int isreg = i < c->nregions;   /* regions come first */
            json_object_set_new(isreg ? reg : pred, pt->bnames[i], json_string(expr_tv_name(pt->b[i])));
        }
        json_object_set_new(o, "at", at);
        json_object_set_new(o, "exact", exact);
        json_object_set_new(o, "quantities", q);
        json_object_set_new(o, "regions", reg);
        json_object_set_new(o, "predicates", pred);
        json_array_append_new(a, o);
    }
    return a;
}

static json_t *ball_range(const arb_t lo, const arb_t hi)
{
    char *a = arb_get_str(lo, 20, 0), *b = arb_get_str(hi, 20, 0);
    json_t *j = json_pack("[s, s]", a, b);
    flint_free(a);
    flint_free(b);
    return j;
}

/* Area bounds in parameter units: fraction times the paved box's area, rounded outward. */
static json_t *units_json(const pave_result *pr, double lo, double hi)
{
    arb_t A, t;
    arf_t u;
    json_t *o;
    arb_init(A);
    arb_init(t);
    arf_init(u);
    arb_set_arf(A, pr->w);
    arb_set_arf(t, pr->h);
    arb_mul(A, A, t, 128);
    arb_set_d(t, lo);
    arb_mul(t, t, A, 128);
    arb_get_lbound_arf(u, t, 128);
    o = json_object();
    json_object_set_new(o, "lo", json_real(arf_get_d(u, ARF_RND_FLOOR)));
    arb_set_d(t, hi);
    arb_mul(t, t, A, 128);
    arb_get_ubound_arf(u, t, 128);
    json_object_set_new(o, "hi", json_real(arf_get_d(u, ARF_RND_CEIL)));
    arb_clear(A);
    arb_clear(t);
    arf_clear(u);
    return o;
}

static json_t *plots_json(const run_results *res)
{
    const case_t *c = res->c;
    json_t *a = json_array();
    int k, r;
    for (k = 0; k < res->nplots; k++) {
        const run_plot *rp = &res->plots[k];
        const case_plot *pl = rp->plot;
        const pave_result *pr = &rp->pave;
        json_t *o, *regs = json_array(), *area = json_object(), *units = json_object();
        char *x0 = pave_arf_decimal(pr->x0), *y0 = pave_arf_decimal(pr->y0);
        char *w = pave_arf_decimal(pr->w), *h = pave_arf_decimal(pr->h);
        for (r = 0; r < run_plot_nregions(rp); r++) {
            const char *nm = run_plot_region_name(rp, c, r);
            json_array_append_new(regs, json_string(nm));
            json_object_set_new(area, nm, json_pack("{s:f, s:f}", "lo", pr->area_lo[r], "hi", pr->area_hi[r]));
            json_object_set_new(units, nm, units_json(pr, pr->area_lo[r], pr->area_hi[r]));
        }
        /* every area as {lo, hi}: these three are exact counts of cells (lo = hi) */
        json_object_set_new(area, "undecided", json_pack("{s:f, s:f}", "lo", pr->undecided, "hi", pr->undecided));
        json_object_set_new(area, "pending", json_pack("{s:f, s:f}", "lo", pr->pending, "hi", pr->pending));
        json_object_set_new(area, "none", json_pack("{s:f, s:f}", "lo", pr->none, "hi", pr->none));
        o = json_pack("{s:s, s:s, s:s, s:o, s:o, s:o, s:s, s:o, s:o, s:{s:s, s:s, s:s, s:s}, "
                      "s:{s:I, s:I, s:i, s:i, s:I, s:f, s:s}}",
                      "name", pl->name, "x", c->params[pl->x].name, "y", c->params[pl->y].name,
                      "x_range", ball_range(rp->x_lo, rp->x_hi), "y_range", ball_range(rp->y_lo, rp->y_hi),
                      "regions", regs, "cells_file", rp->cells_file, "area", area, "area_units", units,
                      "paved_box", "x0", x0, "y0", y0, "w", w, "h", h,
                      "stats", "cells", (json_int_t) pr->ncells, "evaluations", (json_int_t) pr->evaluations,
                      "max_depth", pr->max_depth, "depth", rp->depth, "max_precision_bits",
                      (json_int_t) pr->max_prec_used, "seconds", getenv("SOURCE_DATE_EPOCH") ? 0.0 : pr->seconds,
                      "budget", pr->budget_hit == 1 ? "cells" : pr->budget_hit == 2 ? "seconds"
                                : pr->budget_hit == 3 ? "memory" : "none");
        if (pl->nlabels > 0) {   /* a multi-label plot: its labels, and each combination's true labels */
            json_t *labs = json_array(), *sets = json_object();
            int j;
            for (j = 0; j < pl->nlabels; j++) json_array_append_new(labs, json_string(pl->labels[j]));
            for (r = 0; r < rp->nsets; r++) {
                json_t *t = json_array();
                for (j = 0; j < pl->nlabels; j++)
                    if ((rp->sets[r] >> j) & 1) json_array_append_new(t, json_string(pl->labels[j]));
                json_object_set_new(sets, rp->set_names[r], t);
            }
            json_object_set_new(o, "labels", labs);
            json_object_set_new(o, "label_sets", sets);
        }
        flint_free(x0); flint_free(y0); flint_free(w); flint_free(h);
        json_array_append_new(a, o);
    }
    return a;
}

/* The parameters claim RC holds at fixed values, as the report states them
 * beside its verdict: every parameter that is not a range and not an axis
 * of the claim's paving, NAME -> {exact (as written), mid, rad, status}
 * (the ball encloses the exact value at the case's precision). */
static json_t *claim_fixed_json(const run_results *res, const claim_result *rc)
{
    const case_t *c = res->c;
    json_t *o = json_object();
    int i;
    for (i = 0; i < c->nparams; i++) {
        const case_param *p = &c->params[i];
        json_t *b;
        if (p->is_range || (rc->has_paving && (i == rc->x || i == rc->y))) continue;
        b = ball_json(p->value_ball, c->prec);
        json_object_set_new(b, "exact", str_flint(expr_to_text(p->value)));
        json_object_set_new(o, p->name, b);
    }
    return o;
}

static json_t *claims_json(const run_results *res)
{
    const case_t *c = res->c;
    json_t *a = json_array();
    int k, i;
    for (k = 0; k < res->nclaims; k++) {
        const claim_result *rc = &res->claims[k];
        const char *says = rc->claim->says, *src = rc->claim->source;
        json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:s}", "name", rc->claim->name, "kind",
                              case_claim_kind_name(rc->claim->kind), "status", claim_status_name(rc->status), "says",
                              says ? says : "", "source", src ? src : "");
        json_t *wit = json_object();
        for (i = 0; i < rc->nwitness; i++) json_object_set_new(wit, rc->wnames[i], json_string(rc->wvalues[i]));
        json_object_set_new(o, "witness", wit);
        {
            /* the claim as stated: its predicates and the parameters it ranges over */
            const case_claim *cc = rc->claim;
            char *cl = cc->claim ? expr_to_text(cc->claim) : NULL, *md = cc->model ? expr_to_text(cc->model) : NULL;
            json_object_set_new(o, "predicates", json_pack("{s:s, s:s}", "claim", cl ? cl : "", "model",
                                                           md ? md : ""));
            flint_free(cl);
            flint_free(md);
            if (cc->nover > 0) {
                json_t *ov = json_array();
                for (i = 0; i < cc->nover; i++) json_array_append_new(ov, json_string(c->params[cc->over[i]].name));
                json_object_set_new(o, "over", ov);
            }
            if (cc->param >= 0) json_object_set_new(o, "param", json_string(c->params[cc->param].name));
        }
        json_object_set_new(o, "fixed", claim_fixed_json(res, rc));
        json_object_set_new(o, "detail", json_string(rc->detail ? rc->detail : ""));
        if (rc->claim_side) json_object_set_new(o, "claim_side", json_string(rc->claim_side));
        if (rc->model_side) json_object_set_new(o, "model_side", json_string(rc->model_side));
        if (rc->status == CLAIM_CONSISTENT) json_object_set_new(o, "undecided", json_real(rc->undecided));
        if (rc->status == CLAIM_PROVED || rc->status == CLAIM_CONSISTENT)
            json_object_set_new(o, "tautology", json_boolean(rc->tautology));
        json_array_append_new(a, o);
    }
    return a;
}

char *report_json_dumps(const run_results *res)
{
    const case_t *c = res->c;
    json_t *root = json_pack("{s:s, s:s, s:s, s:s, s:{s:s, s:s, s:s, s:s, s:s, s:s, s:I}, s:s}",
                             "schema", "fricert-results/1", "case", c->id, "title", c->title, "source",
                             c->source ? c->source : "", "engine", "version", res->engine_version, "git", res->git,
                             "flint", res->flint, "arb", res->arb, "cairo", canvas_cairo_version(), "libharu", canvas_hpdf_version(),
                             "precision_bits", (json_int_t) res->prec, "case_sha256", res->sha256);
    char *text, *out;
    size_t n;
    {
        /* the bibliography: [case] references, one entry per non-empty line */
        json_t *refs = json_array();
        const char *p = c->references;
        while (p && *p) {
            const char *e = strchr(p, '\n');
            size_t n0 = e ? (size_t) (e - p) : strlen(p);
            while (n0 > 0 && (*p == ' ' || *p == '\t')) p++, n0--;
            if (n0 > 0) json_array_append_new(refs, json_stringn(p, n0));
            p = e ? e + 1 : p + n0;
        }
        json_object_set_new(root, "references", refs);
        json_t *inc = json_array();   /* provenance of the included .defs files */
        int i;
        for (i = 0; i < c->ninclude; i++)
            json_array_append_new(inc, json_pack("{s:s, s:s}", "path", c->include_name[i], "sha256",
                                                 c->include_sha256[i]));
        json_object_set_new(root, "includes", inc);
    }
    json_object_set_new(root, "parameters", params_json(c));
    json_object_set_new(root, "points", points_json(res));
    json_object_set_new(root, "plots", plots_json(res));
    json_object_set_new(root, "claims", claims_json(res));
    json_object_set_new(root, "expect", json_pack("{s:i, s:i}", "passed", res->expect_passed, "failed",
                                                  res->expect_failed));
    text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
    json_decref(root);
    if (text == NULL) return NULL;
    n = strlen(text);
    out = flint_malloc(n + 2);
    memcpy(out, text, n);
    out[n] = '\n';
    out[n + 1] = 0;
    free(text);   /* jansson's buffer: its own allocator */
    return out;
}
