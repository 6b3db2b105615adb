/* claim_threshold.c -- "(exists over: model) iff claim" claims, where the
 * claim is a condition on the other parameter (e.g. mu > 4/3).
 *
 * A certified paving of (over, param) with the regions "model" and "not
 * model" looks for counterexamples of both kinds:
 *   a cell where the model holds and the claim is certified false;
 *   a value of param where the claim is certified true and every cell that
 *   meets it is certified "not model" (so the model fails for every `over`).
 * Without a counterexample the claim is consistent, and exact algebra
 * (claim_threshold_algebra, when the model is polynomial after substitution)
 * may prove it. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "claim/claim.h"
#include "claim/claim_impl.h"

/* Truth of a compiled one-root predicate on a box. */
static expr_tv_t truth_on(expr_eval_t ev, arb_srcptr box)
{
    expr_eval_run(ev, box, 1);
    return expr_eval_truth(ev, 0);
}

int claim_threshold(claim_result *out, const case_t *c, const case_claim *cl, const pave_options *opt,
                    int depth_override, fc_error *err)
{
    int over, param = cl->param, i, depth = cl->depth > 0 ? cl->depth : 10, rc = 0;
    expr_t mp, cp;
    expr_error_t ee;
    expr_prog_t cprog;
    expr_eval_t cev;
    arb_ptr box, cbox;
    long found = -1, j;
    fmpq_t wq[2];
    int act[2];

    if (cl->nover == 0) {
        fc_error_at(err, c->path, cl->line, cl->col,
                    "claim %s: a threshold claim needs 'over' (the quantified parameter)", cl->name);
        return -1;
    }
    over = cl->nover == 1 ? cl->over[0] : -1;
    if (param < 0)
        for (i = 0; i < c->nparams; i++)
            if (c->params[i].is_range && i != over) {
                if (param >= 0) {
                    fc_error_at(err, c->path, cl->line, cl->col,
                                "claim %s: more than one other range parameter; say which "
                                "with 'param = NAME'", cl->name);
                    return -1;
                }
                param = i;
            }
    if (over < 0 || !c->params[over].is_range || param < 0 || !c->params[param].is_range || over == param) {
        int at_over = over < 0 || cl->param < 0;
        fc_error_at(err, c->path, at_over ? cl->over_line : cl->param_line,
                    at_over ? cl->over_col : cl->param_col,
                    "claim %s: over and param must be two different range parameters", cl->name);
        return -1;
    }
    if (depth_override > 0) depth = depth_override;
    if ((mp = claim_model_pred(c, cl, err)) == NULL) return -1;
    if ((cp = claim_pred(c, cl, "claim", err)) == NULL) { expr_free(mp); return -1; }

    cprog = expr_compile(&cp, 1, c->scope, &ee);
    if (cprog == NULL) {
        fc_error_at(err, c->path, cl->line, cl->col, "claim %s: %s", cl->name, ee.msg);
        expr_free(mp);
        expr_free(cp);
        return -2;
    }
    act[0] = over;
    act[1] = param;
    cev = expr_eval_new(cprog, act, 2, 128);
    box = _arb_vec_init(c->nparams + 1);
    cbox = _arb_vec_init(c->nparams + 1);
    case_point_box(box, c, -1, 128);
    _arb_vec_set(cbox, box, c->nparams);
    /* the four categories (both, claim only, model only, neither) over (over, param) */
    rc = claim_category_pave(out, c, cl, cp, mp, opt, over, param, depth, 0, err);
    if (rc != 0)
        goto cleanup;
    fmpq_init(wq[0]);
    fmpq_init(wq[1]);

    /* (a) the model holds on a whole cell on which the claim is certified false */
    for (i = 0; i < out->pave.ncells && found < 0; i++) {
        const pave_cell *cc = out->pave.cells + i;
        if (cc->label != 2) continue;   /* the model holds and the claim is certified false */
        pave_cell_box(cbox + over, cbox + param, &out->pave, cc);
        if (truth_on(cev, cbox) == EXPR_TV_FALSE) {
            arf_t a, b, d, e;
            arf_init(a); arf_init(b); arf_init(d); arf_init(e);
            pave_cell_ends(a, b, d, e, &out->pave, cc);
            claim_simplest(wq[0], a, b);
            claim_simplest(wq[1], d, e);
            found = i;
            arf_clear(a); arf_clear(b); arf_clear(d); arf_clear(e);
        }
    }
    if (found >= 0) {
        const char *names[2];
        names[0] = c->params[over].name;
        names[1] = c->params[param].name;
        out->status = CLAIM_REFUTED;
        claim_set_witness(out, 2, names, wq[0]);   /* wq[0], wq[1] are contiguous */
        arb_set_fmpq(cbox + over, wq[0], c->prec);
        arb_set_fmpq(cbox + param, wq[1], c->prec);
        out->model_side = claim_side_text(mp, c, cbox, c->prec, "model");
        out->claim_side = claim_side_text(cp, c, cbox, c->prec, "claim");
        out->detail = fc_printf("Refuted: the model is certified true on a whole cell of the paving "
                                   "(depth %d) on which the claim is certified false.", depth);
    } else {
        /* (b) a value of param, with the claim true, at which every cell says "not model" */
        /* each cell's param extent, once, as doubles rounded outward: a
           prefilter for the exact overlap test below */
        double *ylo = flint_malloc((out->pave.ncells + 1) * sizeof(double));
        double *yhi = flint_malloc((out->pave.ncells + 1) * sizeof(double));
        {
            arf_t a, b, d, e;
            arf_init(a); arf_init(b); arf_init(d); arf_init(e);
            for (j = 0; j < out->pave.ncells; j++) {
                pave_cell_ends(a, b, d, e, &out->pave, out->pave.cells + j);
                ylo[j] = arf_get_d(d, ARF_RND_FLOOR);
                yhi[j] = arf_get_d(e, ARF_RND_CEIL);
            }
            arf_clear(a); arf_clear(b); arf_clear(d); arf_clear(e);
        }
        for (i = 0; i < out->pave.ncells && found < 0; i++) {
            const pave_cell *cc = out->pave.cells + i;
            arb_t pq;
            arf_t a, b, d, e;
            double plo, phi;
            int all = 1;
            if (cc->label != 1) continue;
            pave_cell_box(cbox + over, cbox + param, &out->pave, cc);
            if (truth_on(cev, cbox) != EXPR_TV_TRUE) continue;
            arb_init(pq);
            arf_init(a); arf_init(b); arf_init(d); arf_init(e);
            pave_cell_ends(a, b, d, e, &out->pave, cc);
            claim_simplest(wq[1], d, e);
            arb_set_fmpq(pq, wq[1], 128);
            {
                arf_t t;
                arf_init(t);
                arb_get_lbound_arf(t, pq, 128);
                plo = arf_get_d(t, ARF_RND_FLOOR);
                arb_get_ubound_arf(t, pq, 128);
                phi = arf_get_d(t, ARF_RND_CEIL);
                arf_clear(t);
            }
            for (j = 0; j < out->pave.ncells && all; j++) {
                arb_t qx, qy;
                if (yhi[j] < plo || ylo[j] > phi || out->cell_model[j] == 0)
                    continue;
                arb_init(qx);
                arb_init(qy);
                pave_cell_box(qx, qy, &out->pave, out->pave.cells + j);
                if (arb_overlaps(qy, pq)) {
                    /* the model certified false there, from the category or alone */
                    expr_tv_t t = EXPR_TV_UNKNOWN;
                    if (out->cell_model[j] == -1 && out->pave.cells[j].label == PAVE_UNDECIDED) {
                        /* once per cell: -2 marks "evaluated, not certified false" */
                        arb_set(cbox + over, qx);
                        arb_set(cbox + param, qy);
                        expr_eval_once(NULL, &t, mp, c->scope, cbox, 128);
                        out->cell_model[j] = t == EXPR_TV_FALSE ? 0 : t == EXPR_TV_TRUE ? 1 : -2;
                    }
                    if (t != EXPR_TV_FALSE) all = 0;
                }
                arb_clear(qx);
                arb_clear(qy);
            }
            if (all) found = i;
            arb_clear(pq);
            arf_clear(a); arf_clear(b); arf_clear(d); arf_clear(e);
        }
        flint_free(ylo);
        flint_free(yhi);
        if (found >= 0) {
            const char *name = c->params[param].name;
            out->status = CLAIM_REFUTED;
            claim_set_witness(out, 1, &name, wq[1]);
            arb_set_fmpq(cbox + param, wq[1], c->prec);
            out->claim_side = claim_side_text(cp, c, cbox, c->prec, "claim");
            {
                char *on = expr_name_unicode(c->params[over].name), *pn = expr_name_unicode(c->params[param].name);
                out->model_side = fc_printf("The model is certified false for every %s in its range at %s = %s.",
                                            on ? on : c->params[over].name, pn ? pn : c->params[param].name,
                                            out->wvalues[0]);
                flint_free(on);
                flint_free(pn);
            }
            out->detail = fc_printf("Refuted: every cell of the paving (depth %d) that meets %s = %s is "
                                       "certified \"not model\", while the claim holds there.", depth,
                                       c->params[param].name, out->wvalues[0]);
        } else {
            out->undecided = out->pave.undecided + out->pave.pending;
            rc = claim_threshold_algebra(out, c, cl, mp, cp, over, param, err);
            if (rc == 0) {   /* neither proved nor refuted by algebra */
                out->status = CLAIM_CONSISTENT;
                if (out->detail == NULL)
                    out->detail = fc_printf("Consistent: no counterexample in a certified paving of depth %d; "
                                               "undecided area %.6g of the box.", depth, out->undecided);
            }
            if (rc > 0) rc = 0;
        }
    }
    if (rc == 0) claim_boundary_sample(out, c, cp);
    fmpq_clear(wq[0]);
    fmpq_clear(wq[1]);
cleanup:
    expr_eval_free(cev);
    expr_prog_free(cprog);
    _arb_vec_clear(box, c->nparams + 1);
    _arb_vec_clear(cbox, c->nparams + 1);
    expr_free(mp);
    expr_free(cp);
    return rc;
}
