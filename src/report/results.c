/* results.c -- compute everything a case asks for: enclosures at points,
 * certified pavings of its plots, claim verdicts. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "report/results.h"
#include "claim/claim.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

const char *claim_status_name(claim_status s)
{
    switch (s) {
    case CLAIM_PROVED: return "proved";
    case CLAIM_REFUTED: return "refuted";
    case CLAIM_CONSISTENT: return "consistent";
    default: return "inconclusive";
    }
}

static void point_clear(results_point *p)
{
    flint_free(p->qnames);
    if (p->q) _arb_vec_clear(p->q, p->nq + 1);
    flint_free(p->qst);
    flint_free(p->bnames);
    flint_free(p->b);
}

/* Evaluates every numeric definition and every region / boolean definition
 * at the box of point index (-1: the case's own values). */
static int compute_point(results_point *rp, const case_t *c, int index, slong prec)
{
    int n = 0, i, nb = 0, nq = 0, nact = 0;
    expr_t *roots = flint_malloc((c->ndefs + c->nregions + 1) * sizeof(expr_t));
    int *isq = flint_malloc((c->ndefs + c->nregions + 1) * sizeof(int));
    int *act = flint_malloc((c->nparams + 1) * sizeof(int));
    arb_ptr box = _arb_vec_init(c->nparams + 1);
    expr_error_t err;
    expr_prog_t prog = NULL;
    int rc = 0;

    memset(rp, 0, sizeof *rp);
    rp->index = index;
    rp->name = index >= 0 ? c->points[index].name : "case";
    for (i = 0; i < c->nregions; i++) { roots[n] = expr_var(c->regions[i].name); isq[n++] = 0; nb++; }
    for (i = 0; i < c->ndefs; i++) {
        roots[n] = expr_var(c->defs[i].name);
        isq[n++] = !c->defs[i].is_bool;
        if (c->defs[i].is_bool) nb++; else nq++;
    }
    rp->nq = nq;
    rp->nb = nb;
    rp->qnames = flint_malloc((nq + 1) * sizeof(char *));
    rp->q = _arb_vec_init(nq + 1);
    rp->qst = flint_calloc(nq + 1, sizeof(expr_status));
    rp->bnames = flint_malloc((nb + 1) * sizeof(char *));
    rp->b = flint_calloc(nb + 1, sizeof(tv_t));
    if (n > 0) prog = expr_compile(roots, n, c->scope, &err);
    if (n > 0 && prog == NULL) rc = -2;
    else if (n > 0) {
        expr_eval_t ev;
        int kq = 0, kb = 0;
        case_point_box(box, c, index, prec);
        for (i = 0; i < c->nparams; i++)
            if (!arb_is_exact(box + i)) act[nact++] = i;
        ev = expr_eval_new(prog, act, nact, prec);
        expr_eval_run(ev, box, 1);
        for (i = 0; i < n; i++) {
            if (isq[i]) {
                rp->qnames[kq] = roots[i]->name;
                rp->qst[kq] = expr_eval_value(rp->q + kq, ev, i);
                kq++;
            } else {
                rp->bnames[kb] = roots[i]->name;
                rp->b[kb] = expr_eval_truth(ev, i);
                kb++;
            }
        }
        expr_eval_free(ev);
    }
    /* names must outlive the ASTs: the case's own strings (roots are the
       regions, then the definitions, in order: no lookup by name) */
    if (rc == 0 && n > 0) {
        int kq = 0, kb = 0;
        for (i = 0; i < c->nregions; i++) rp->bnames[kb++] = c->regions[i].name;
        for (i = 0; i < c->ndefs; i++) {
            if (c->defs[i].is_bool) rp->bnames[kb++] = c->defs[i].name;
            else rp->qnames[kq++] = c->defs[i].name;
        }
    }
    for (i = 0; i < n; i++) expr_free(roots[i]);
    flint_free(roots);
    flint_free(isq);
    flint_free(act);
    _arb_vec_clear(box, c->nparams + 1);
    if (prog) expr_prog_free(prog);
    return rc;
}

void results_pave_problem(pave_problem *pb, const results_options *opt, expr_prog_t prog, int nregions,
                          arb_srcptr box, int nparams, int x, int y, arb_srcptr x_lo, arb_srcptr x_hi,
                          arb_srcptr y_lo, arb_srcptr y_hi, int depth, const char *name)
{
    memset(pb, 0, sizeof *pb);
    pb->prog = prog;
    pb->nregions = nregions;
    pb->box = box;
    pb->nparams = nparams;
    pb->xparam = x;
    pb->yparam = y;
    pb->x_lo = x_lo;
    pb->x_hi = x_hi;
    pb->y_lo = y_lo;
    pb->y_hi = y_hi;
    pb->depth = depth;
    pb->threads = opt->threads > 0 ? opt->threads : 1;
    pb->prec = 64;
    pb->max_prec = opt->prec > 256 ? opt->prec : 256;
    pb->progress = opt->progress;
    pb->cancel = opt->cancel;
    pb->name = name;
}

static void const_ball(arb_t out, const expr_t e, slong prec)
{
    expr_eval_once(out, NULL, e, NULL, NULL, prec);
}

static int compute_plot(results_t *res, results_plot *rp, const case_t *c, const case_plot *pl,
                        const results_options *opt)
{
    expr_t *roots = flint_malloc((pl->nregions + 1) * sizeof(expr_t));
    arb_ptr box = _arb_vec_init(c->nparams + 1);
    expr_error_t err;
    expr_prog_t prog;
    pave_problem pb;
    int i, rc = 0;

    rp->plot = pl;
    rp->depth = opt->depth > 0 ? opt->depth : pl->depth;
    snprintf(rp->cells_file, sizeof rp->cells_file, "%s.cells.csv", pl->name);
    arb_init(rp->x_lo); arb_init(rp->x_hi); arb_init(rp->y_lo); arb_init(rp->y_hi);
    pave_result_init(&rp->pave);
    const_ball(rp->x_lo, pl->x_lo, 128);
    const_ball(rp->x_hi, pl->x_hi, 128);
    const_ball(rp->y_lo, pl->y_lo, 128);
    const_ball(rp->y_hi, pl->y_hi, 128);
    for (i = 0; i < pl->nregions; i++) roots[i] = expr_var(c->regions[pl->regions[i]].name);
    prog = expr_compile(roots, pl->nregions, c->scope, &err);
    for (i = 0; i < pl->nregions; i++) expr_free(roots[i]);
    flint_free(roots);
    if (prog == NULL) {
        snprintf(res->error, sizeof res->error, "%s:%d:1: plot %s: cannot compile its regions: %s",
                 c->path, pl->line, pl->name, err.msg);
        _arb_vec_clear(box, c->nparams + 1);
        return -2;
    }
    case_point_box(box, c, -1, 128);
    results_pave_problem(&pb, opt, prog, pl->nregions, box, c->nparams, pl->x, pl->y, rp->x_lo, rp->x_hi,
                         rp->y_lo, rp->y_hi, rp->depth, pl->name);
    pb.max_cells = pl->max_cells;
    pb.seconds = pl->seconds;
    rc = pave_run(&rp->pave, &pb);
    if (rc == -2) {
        snprintf(res->error, sizeof res->error, "%s:%d:1: plot %s: depth above %d", c->path, pl->line, pl->name,
                 PAVE_MAX_DEPTH);
    } else if (rc < 0) {
        const pave_cell *cl = &rp->pave.overlap_cell;
        arf_t a, b, d, e;
        char *s[4];
        int k;
        arf_init(a); arf_init(b); arf_init(d); arf_init(e);
        pave_cell_ends(a, b, d, e, &rp->pave, cl);
        s[0] = pave_arf_decimal(a); s[1] = pave_arf_decimal(b);
        s[2] = pave_arf_decimal(d); s[3] = pave_arf_decimal(e);
        snprintf(res->error, sizeof res->error,
                 "%s:%d:1: regions '%s' and '%s' overlap: both are certified true on the cell "
                 "%s in [%s, %s], %s in [%s, %s] of plot %s",
                 c->path, c->regions[pl->regions[rp->pave.overlap_a]].line,
                 c->regions[pl->regions[rp->pave.overlap_a]].name,
                 c->regions[pl->regions[rp->pave.overlap_b]].name, c->params[pl->x].name, s[0], s[1],
                 c->params[pl->y].name, s[2], s[3], pl->name);
        for (k = 0; k < 4; k++) flint_free(s[k]);
        arf_clear(a); arf_clear(b); arf_clear(d); arf_clear(e);
        rc = -1;
    } else rp->ok = 1;
    if (rc == -2) rc = -1;
    expr_prog_free(prog);
    _arb_vec_clear(box, c->nparams + 1);
    return rc;
}

int results_compute(results_t *res, const case_t *c, const results_options *opt)
{
    double t0 = now();
    int i, rc = 0;
    slong prec = opt->prec > 0 ? opt->prec : c->prec;

    memset(res, 0, sizeof *res);
    res->c = c;
    res->prec = prec;
    res->threads = opt->threads;
    res->npoints = c->npoints + 1;
    res->points = flint_calloc(res->npoints, sizeof(results_point));
    for (i = 0; i < res->npoints && rc == 0; i++)
        rc = compute_point(&res->points[i], c, i - 1, prec);
    if (rc) {
        snprintf(res->error, sizeof res->error, "%s: internal: cannot evaluate its definitions", c->path);
        return rc;
    }
    res->nplots = c->nplots;
    res->plots = flint_calloc(c->nplots + 1, sizeof(results_plot));
    for (i = 0; i < c->nplots && rc == 0; i++)
        rc = compute_plot(res, &res->plots[i], c, &c->plots[i], opt);
    if (rc) return rc;
    res->nclaims = c->nclaims;
    res->claims = flint_calloc(c->nclaims + 1, sizeof(results_claim));
    for (i = 0; i < c->nclaims && rc == 0; i++)
        rc = claim_decide(&res->claims[i], c, &c->claims[i], res, opt, res->error, sizeof res->error);
    res->seconds = now() - t0;
    return rc;
}

void results_clear(results_t *res)
{
    int i;
    for (i = 0; i < res->npoints; i++) point_clear(&res->points[i]);
    flint_free(res->points);
    for (i = 0; i < res->nplots; i++) {
        results_plot *rp = &res->plots[i];
        if (rp->plot == NULL) continue;
        pave_result_clear(&rp->pave);
        arb_clear(rp->x_lo); arb_clear(rp->x_hi); arb_clear(rp->y_lo); arb_clear(rp->y_hi);
    }
    flint_free(res->plots);
    for (i = 0; i < res->nclaims; i++) claim_result_clear(&res->claims[i]);
    flint_free(res->claims);
    memset(res, 0, sizeof *res);
}
