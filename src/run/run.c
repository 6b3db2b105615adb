/* run.c -- compute everything a case asks for: enclosures at points,
 * certified pavings of its plots, claim verdicts, expectations, provenance. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "run/run_impl.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static void point_clear(run_point *p)
{
    flint_free(p->qnames);
    if (p->at) _arb_vec_clear(p->at, p->nparams + 1);
    if (p->q) _arb_vec_clear(p->q, p->nq + 1);
    flint_free(p->qst);
    flint_free(p->bnames);
    flint_free(p->b);
}

/* Evaluates every numeric definition and every region / boolean definition
 * at the box of point index (-1: the case's own values). */
static int compute_point(run_point *rp, const case_t *c, int index, slong prec)
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
    /* roots: the regions, then the definitions; names[k] is root k's name (the case's own string) */
    const char **names = flint_malloc((c->ndefs + c->nregions + 1) * sizeof(char *));
    for (i = 0; i < c->nregions; i++) {
        names[n] = c->regions[i].name;
        roots[n] = expr_var(c->regions[i].name);
        isq[n++] = 0;
        nb++;
    }
    for (i = 0; i < c->ndefs; i++) {
        names[n] = c->defs[i].name;
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
    rp->b = flint_calloc(nb + 1, sizeof(expr_tv_t));
    case_point_box(box, c, index, prec);
    if (n > 0) prog = expr_compile(roots, n, c->scope, &err);
    if (n > 0 && prog == NULL) rc = -2;
    else if (n > 0) {
        expr_eval_t ev;
        int kq = 0, kb = 0;
        for (i = 0; i < c->nparams; i++)
            if (!arb_is_exact(box + i)) act[nact++] = i;
        ev = expr_eval_new(prog, act, nact, prec);
        expr_eval_run(ev, box, 1);
        for (i = 0; i < n; i++) {
            if (isq[i]) {
                rp->qnames[kq] = names[i];
                rp->qst[kq] = expr_eval_value(rp->q + kq, ev, i);
                kq++;
            } else {
                rp->bnames[kb] = names[i];
                rp->b[kb] = expr_eval_truth(ev, i);
                kb++;
            }
        }
        expr_eval_free(ev);
    }
    for (i = 0; i < n; i++) expr_free(roots[i]);
    flint_free(roots);
    flint_free(names);
    flint_free(isq);
    flint_free(act);
    rp->nparams = c->nparams;
    rp->at = box;
    if (prog) expr_prog_free(prog);
    return rc;
}

static void run_pave_options(pave_options *po, const run_options *opt)
{
    po->prec = opt->prec;
    po->threads = opt->threads;
    po->progress = opt->progress;
    po->cancel = opt->cancel;
    po->verdicts_only = opt->verdicts_only;
}

static void const_ball(arb_t out, const expr_t e, slong prec)
{
    expr_eval_once(out, NULL, e, NULL, NULL, prec);
}

static int compute_plot(run_results *res, run_plot *rp, const case_t *c, const case_plot *pl,
                        const run_options *opt)
{
    expr_t *roots = flint_malloc((pl->nregions + 1) * sizeof(expr_t));
    arb_ptr box = _arb_vec_init(c->nparams + 1);
    expr_error_t err;
    expr_prog_t prog;
    pave_problem pb;
    pave_options po;
    int i, rc = 0, nroots;
    expr_scope_t ps = run_plot_scope(c, pl);
    expr_scope_t s = ps ? ps : c->scope;

    run_pave_options(&po, opt);
    rp->plot = pl;
    rp->depth = opt->depth > 0 ? opt->depth : pl->depth;
    if (opt->plot_depth_max > 0 && rp->depth > opt->plot_depth_max) rp->depth = opt->plot_depth_max;
    snprintf(rp->cells_file, sizeof rp->cells_file, "%s.cells.csv", pl->name);
    arb_init(rp->x_lo); arb_init(rp->x_hi); arb_init(rp->y_lo); arb_init(rp->y_hi);
    pave_result_init(&rp->pave);
    const_ball(rp->x_lo, pl->x_lo, 128);
    const_ball(rp->x_hi, pl->x_hi, 128);
    const_ball(rp->y_lo, pl->y_lo, 128);
    const_ball(rp->y_hi, pl->y_hi, 128);
    nroots = pl->nregions;
    if (pl->nlabels > 0) {   /* a multi-label plot: paved over the label combinations */
        flint_free(roots);
        roots = run_labels_roots(pl);
        nroots = 1 << pl->nlabels;
    } else
        for (i = 0; i < pl->nregions; i++) roots[i] = expr_var(c->regions[pl->regions[i]].name);
    prog = expr_compile(roots, nroots, s, &err);
    for (i = 0; i < nroots; i++) expr_free(roots[i]);
    flint_free(roots);
    if (prog == NULL) {
        fc_error_at(&res->error, c->path, pl->line, 1, "plot %s: cannot compile its regions: %s", pl->name,
                    err.msg);
        _arb_vec_clear(box, c->nparams + 1);
        if (ps) expr_scope_free(ps);
        return -2;
    }
    if (opt->given) {   /* a paving computed elsewhere (merged tiles) */
        pave_result_clear(&rp->pave);
        rp->pave = opt->given[rp - res->plots];
        pave_result_init(&opt->given[rp - res->plots]);
        rp->ok = 1;
        if (pl->nlabels > 0) {
            /* merged over the label combinations: the labels of the undecided cells, as
               after a whole paving (the same box and precision) */
            case_point_box(box, c, -1, 128);
            pave_problem_setup(&pb, &po, prog, nroots, box, c->nparams, pl->x, pl->y, rp->x_lo, rp->x_hi,
                               rp->y_lo, rp->y_hi, rp->depth, pl->name);
            if (run_labels_finish(rp, c, box, pb.max_prec) != 0) {
                fc_error_at(&res->error, c->path, pl->line, 1, "internal: plot %s: cannot evaluate its labels",
                            pl->name);
                rp->ok = 0;
                expr_prog_free(prog);
                _arb_vec_clear(box, c->nparams + 1);
                if (ps) expr_scope_free(ps);
                return -1;
            }
        }
        expr_prog_free(prog);
        _arb_vec_clear(box, c->nparams + 1);
        if (ps) expr_scope_free(ps);
        return 0;
    }
    case_point_box(box, c, -1, 128);
    /* the model constraints hold on the whole plotted box, or the plot is refused */
    expr_interval_ball(box + pl->x, rp->x_lo, rp->x_hi, 128);
    expr_interval_ball(box + pl->y, rp->y_lo, rp->y_hi, 128);
    rc = run_check_plot_constraints(res, c, pl, s, box, 128);
    if (rc) {
        expr_prog_free(prog);
        _arb_vec_clear(box, c->nparams + 1);
        if (ps) expr_scope_free(ps);
        return rc;
    }
    case_point_box(box, c, -1, 128);
    pave_problem_setup(&pb, &po, prog, nroots, box, c->nparams, pl->x, pl->y, rp->x_lo, rp->x_hi,
                         rp->y_lo, rp->y_hi, rp->depth, pl->name);
    pb.max_cells = pl->max_cells;
    pb.seconds = pl->seconds;
    pb.tile_index = opt->tile_count > 1 ? opt->tile_index : 0;
    pb.tile_count = opt->tile_count > 1 ? opt->tile_count : 1;
    rc = pave_run(&rp->pave, &pb);
    if (rc == -2) {
        fc_error_at(&res->error, c->path, pl->line, 1, "plot %s: depth above %d", pl->name, PAVE_MAX_DEPTH);
    } else if (rc < 0 && pl->nlabels > 0) {
        /* label combinations are exclusive: an overlap is a bug */
        fc_error_at(&res->error, c->path, pl->line, 1, "internal: plot %s: two label combinations overlap",
                    pl->name);
        rc = -1;
    } else if (rc < 0) {
        const pave_cell *cl = &rp->pave.overlap_cell;
        arf_t a, b, d, e;
        char *s[4];
        int k;
        arf_init(a); arf_init(b); arf_init(d); arf_init(e);
        pave_cell_ends(a, b, d, e, &rp->pave, cl);
        s[0] = pave_arf_decimal(a); s[1] = pave_arf_decimal(b);
        s[2] = pave_arf_decimal(d); s[3] = pave_arf_decimal(e);
        fc_error_at(&res->error, c->path, c->regions[pl->regions[rp->pave.overlap_a]].line, 1,
                 "regions '%s' and '%s' overlap: both are certified true on the cell "
                 "%s in [%s, %s], %s in [%s, %s] of plot %s",
                 c->regions[pl->regions[rp->pave.overlap_a]].name,
                 c->regions[pl->regions[rp->pave.overlap_b]].name, c->params[pl->x].name, s[0], s[1],
                 c->params[pl->y].name, s[2], s[3], pl->name);
        for (k = 0; k < 4; k++) flint_free(s[k]);
        arf_clear(a); arf_clear(b); arf_clear(d); arf_clear(e);
        rc = -1;
    } else if (pl->nlabels > 0 && run_labels_finish(rp, c, box, pb.max_prec) != 0) {
        fc_error_at(&res->error, c->path, pl->line, 1, "internal: plot %s: cannot evaluate its labels", pl->name);
        rc = -1;
    } else rp->ok = 1;
    if (rc == -2) rc = -1;
    expr_prog_free(prog);
    _arb_vec_clear(box, c->nparams + 1);
    if (ps) expr_scope_free(ps);
    return rc;
}

int run_case(run_results *res, const case_t *c, const run_options *opt)
{
    double t0 = now();
    int i, rc = 0;
    slong prec = opt->prec > 0 ? opt->prec : c->prec;
    pave_options po;

    memset(res, 0, sizeof *res);
    res->c = c;
    res->prec = prec;
    res->threads = opt->threads;
    res->npoints = opt->plots_only ? 0 : c->npoints + 1;
    res->points = flint_calloc(res->npoints, sizeof(run_point));
    for (i = 0; i < res->npoints && rc == 0; i++)
        rc = compute_point(&res->points[i], c, i - 1, prec);
    if (rc) {
        fc_error_at(&res->error, c->path, 0, 0, "internal: cannot evaluate its definitions");
        return rc;
    }
    /* every point satisfies the model constraints (an enclosure excluding 0 is refused) */
    for (i = 0; i < res->npoints && rc == 0; i++) rc = run_check_point_constraints(res, c, &res->points[i]);
    if (rc) return rc;
    res->nplots = c->nplots;
    res->plots = flint_calloc(c->nplots + 1, sizeof(run_plot));
    for (i = 0; i < c->nplots && rc == 0; i++)
        rc = compute_plot(res, &res->plots[i], c, &c->plots[i], opt);
    if (rc) return rc;
    if (opt->plots_only) {
        memcpy(res->sha256, c->sha256, sizeof c->sha256);   /* of the bytes read and parsed, not the file now */
        run_fill_versions(res);
        res->seconds = now() - t0;
        return 0;
    }
    run_pave_options(&po, opt);
    res->nclaims = c->nclaims;
    res->claims = flint_calloc(c->nclaims + 1, sizeof(claim_result));
    for (i = 0; i < c->nclaims && rc == 0; i++)
        rc = claim_decide(&res->claims[i], c, &c->claims[i], &po, opt->depth, &res->error);
    if (rc) return rc;
    res->expect = flint_calloc(c->nexpect + 1, sizeof(run_expect));
    res->nexpect = c->nexpect;
    for (i = 0; i < c->nexpect; i++) {
        run_expect_eval(&res->expect[i], c, i, prec, res);
        if (res->expect[i].passed) res->expect_passed++;
        else res->expect_failed++;
    }
    memcpy(res->sha256, c->sha256, sizeof c->sha256);   /* of the bytes read and parsed, not the file now */
    run_fill_versions(res);
    res->seconds = now() - t0;
    return 0;
}

void run_results_clear(run_results *res)
{
    int i;
    for (i = 0; i < res->npoints; i++) point_clear(&res->points[i]);
    flint_free(res->points);
    for (i = 0; i < res->nplots; i++) {
        run_plot *rp = &res->plots[i];
        if (rp->plot == NULL) continue;
        pave_result_clear(&rp->pave);
        run_labels_clear(rp);
        arb_clear(rp->x_lo); arb_clear(rp->x_hi); arb_clear(rp->y_lo); arb_clear(rp->y_hi);
    }
    flint_free(res->plots);
    for (i = 0; i < res->nclaims; i++) claim_result_clear(&res->claims[i]);
    flint_free(res->claims);
    flint_free(res->expect);
    memset(res, 0, sizeof *res);
}
