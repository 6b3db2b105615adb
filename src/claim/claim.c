/* claim.c -- equivalence and implication claims decided by certified paving
 * of the set where claim and model differ. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "claim/claim.h"
#include "claim/claim_impl.h"

int claim_threshold(claim_result *out, const case_t *c, const case_claim *cl, const pave_options *opt,
                    int depth_override, fc_error *err);
int claim_identity(claim_result *out, const case_t *c, const case_claim *cl, const pave_options *opt,
                   int depth_override, fc_error *err);

const char *claim_status_name(claim_status s)
{
    switch (s) {
    case CLAIM_PROVED: return "proved";
    case CLAIM_REFUTED: return "refuted";
    case CLAIM_CONSISTENT: return "consistent";
    default: return "inconclusive";
    }
}

/* The axes of the claim: `over = a[, b]`, else the case's range parameters. */
static int claim_axes(int *ax, const case_t *c, const case_claim *cl, fc_error *err)
{
    int n = 0, i;
    if (cl->nover > 0) {
        if (cl->nover > 2) {
            fc_error_at(err, c->path, cl->over_line, cl->over_col,
                        "claim %s: over must name one or two range parameters", cl->name);
            return -1;
        }
        for (i = 0; i < cl->nover; i++) ax[n++] = cl->over[i];
    } else {
        for (i = 0; i < c->nparams; i++)
            if (c->params[i].is_range) {
                if (n == 2) {
                    fc_error_at(err, c->path, cl->line, cl->col,
                                "claim %s: the case has more than two range parameters; "
                                "say which with 'over = a, b'", cl->name);
                    return -1;
                }
                ax[n++] = i;
            }
    }
    if (n == 0) {
        fc_error_at(err, c->path, cl->line, cl->col,
                    "claim %s: no range parameter to decide it over", cl->name);
        return -1;
    }
    return n;
}

/* The four categories of a claim's paving (claim.h): both hold, claim only,
 * model only, neither; roots in that order. */
static void claim_category_roots(expr_t *roots, const expr_t cp, const expr_t mp)
{
    roots[0] = expr_binary(EXPR_AND, expr_copy(cp), expr_copy(mp));
    roots[1] = expr_binary(EXPR_AND, expr_copy(cp), expr_unary(EXPR_NOT, expr_copy(mp)));
    roots[2] = expr_binary(EXPR_AND, expr_copy(mp), expr_unary(EXPR_NOT, expr_copy(cp)));
    roots[3] = expr_binary(EXPR_AND, expr_unary(EXPR_NOT, expr_copy(cp)), expr_unary(EXPR_NOT, expr_copy(mp)));
}

int claim_category_pave(claim_result *out, const case_t *c, const case_claim *cl, const expr_t cp,
                        const expr_t mp, const pave_options *opt, int x, int y, int depth, long max_cells,
                        fc_error *err)
{
    expr_t roots[4];
    expr_prog_t prog;
    expr_error_t ee;
    arb_ptr box;
    pave_problem pb;
    int i, rc = 0;
    long k;

    claim_category_roots(roots, cp, mp);
    prog = expr_compile(roots, 4, c->scope, &ee);
    for (i = 0; i < 4; i++) expr_free(roots[i]);
    if (prog == NULL) {
        fc_error_at(err, c->path, cl->line, cl->col, "claim %s: %s", cl->name, ee.msg);
        return -2;
    }
    box = _arb_vec_init(c->nparams + 1);
    case_point_box(box, c, -1, 128);
    out->has_paving = 1;
    out->depth = depth;
    out->x = x;
    out->y = y;
    arb_init(out->x_lo); arb_init(out->x_hi); arb_init(out->y_lo); arb_init(out->y_hi);
    expr_eval_once(out->x_lo, NULL, c->params[x].lo, NULL, NULL, 128);
    expr_eval_once(out->x_hi, NULL, c->params[x].hi, NULL, NULL, 128);
    if (y >= 0) {
        expr_eval_once(out->y_lo, NULL, c->params[y].lo, NULL, NULL, 128);
        expr_eval_once(out->y_hi, NULL, c->params[y].hi, NULL, NULL, 128);
    }
    pave_result_init(&out->pave);
    pave_problem_setup(&pb, opt, prog, 4, box, c->nparams, x, y, out->x_lo, out->x_hi, out->y_lo, out->y_hi,
                       depth, cl->name);
    pb.max_cells = max_cells;
    /* fricert check wants the verdict of an equivalence only: its coarsest
       difference (claim only, model only), and so the witness, is in the first
       level that has one */
    if (opt->verdicts_only && cl->kind == CASE_CLAIM_EQUIVALENT) pb.stop_labels = 6u;
    if (pave_run(&out->pave, &pb) < 0) {
        fc_error_at(err, c->path, cl->line, cl->col, "claim %s: internal: two categories both certified",
                    cl->name);
        rc = -2;
        goto done;
    }
    /* each side on each cell, from its category (-1: not decided) */
    out->cell_claim = flint_malloc((out->pave.ncells + 1) * sizeof(signed char));
    out->cell_model = flint_malloc((out->pave.ncells + 1) * sizeof(signed char));
    if (out->cell_claim == NULL || out->cell_model == NULL) { rc = -2; goto done; }
    for (k = 0; k < out->pave.ncells; k++) {
        static const signed char tc[4] = {1, 1, 0, 0}, tm[4] = {1, 0, 1, 0};
        int l = out->pave.cells[k].label;
        out->cell_claim[k] = l >= 0 && l < 4 ? tc[l] : -1;
        out->cell_model[k] = l >= 0 && l < 4 ? tm[l] : -1;
    }
done:
    expr_prog_free(prog);
    _arb_vec_clear(box, c->nparams + 1);
    return rc;
}

/* The kind's relation (claim => model, model => claim) paved alone, as
 * before the categories: roots "the relation holds", "claim only", "model
 * only" (the latter FALSE for implies, the former for implied_by); fills D. */
static int claim_relation_pave(pave_result *d, const case_t *c, const case_claim *cl, const expr_t cp,
                               const expr_t mp, const pave_options *opt, const claim_result *out, int depth,
                               fc_error *err)
{
    expr_t roots[3];
    expr_prog_t prog;
    expr_error_t ee;
    arb_ptr box;
    pave_problem pb;
    int i, imp = cl->kind == CASE_CLAIM_IMPLIES, rc = 0;

    roots[0] = expr_binary(EXPR_IMPLIES, expr_copy(imp ? cp : mp), expr_copy(imp ? mp : cp));
    roots[1] = imp ? expr_binary(EXPR_AND, expr_copy(cp), expr_unary(EXPR_NOT, expr_copy(mp))) : expr_new(EXPR_FALSE);
    roots[2] = imp ? expr_new(EXPR_FALSE) : expr_binary(EXPR_AND, expr_copy(mp), expr_unary(EXPR_NOT, expr_copy(cp)));
    prog = expr_compile(roots, 3, c->scope, &ee);
    for (i = 0; i < 3; i++) expr_free(roots[i]);
    if (prog == NULL) {
        fc_error_at(err, c->path, cl->line, cl->col, "claim %s: %s", cl->name, ee.msg);
        return -2;
    }
    box = _arb_vec_init(c->nparams + 1);
    case_point_box(box, c, -1, 128);
    pave_result_init(d);
    pave_problem_setup(&pb, opt, prog, 3, box, c->nparams, out->x, out->y, out->x_lo, out->x_hi, out->y_lo,
                       out->y_hi, depth, cl->name);
    /* a difference (labels 1, 2) found at some level: the coarsest one, and so
       the witness, is in that level; the deeper levels cannot change them */
    if (opt->verdicts_only) pb.stop_labels = 6u;
    if (pave_run(d, &pb) < 0) {
        fc_error_at(err, c->path, cl->line, cl->col, "claim %s: internal: agreement and difference both certified",
                    cl->name);
        rc = -2;
    }
    expr_prog_free(prog);
    _arb_vec_clear(box, c->nparams + 1);
    return rc;
}

static int claim_pave(claim_result *out, const case_t *c, const case_claim *cl,
                      const pave_options *opt, int depth_override, fc_error *err)
{
    expr_t cp, mp;
    int ax[2], n, k, rc = 0, depth = cl->depth > 0 ? cl->depth : 10;
    long best = -1, i;
    int eq = cl->kind == CASE_CLAIM_EQUIVALENT, imp = cl->kind == CASE_CLAIM_IMPLIES;
    pave_result dec;
    const pave_result *pr;

    if ((n = claim_axes(ax, c, cl, err)) < 0) return -1;
    if ((cp = claim_pred(c, cl, "claim", err)) == NULL) return -1;
    if ((mp = claim_pred(c, cl, "model", err)) == NULL) { expr_free(cp); return -1; }
    if (depth_override > 0) depth = depth_override;

    pave_result_init(&dec);
    if (eq) {
        /* claim <=> model is certified on a cell exactly when both sides are:
           the four categories decide it */
        rc = claim_category_pave(out, c, cl, cp, mp, opt, ax[0], n == 2 ? ax[1] : -1, depth, 0, err);
        if (rc != 0) goto done;
        pr = &out->pave;
    } else {
        /* an implication is certified where one side alone is decided (the
           claim false, or the model true, for claim => model): paved alone
           for the verdict, then the four categories for the figure, at most
           a few times the verdict's cells (the rest pending in the figure) */
        out->x = ax[0];
        out->y = n == 2 ? ax[1] : -1;
        arb_init(out->x_lo); arb_init(out->x_hi); arb_init(out->y_lo); arb_init(out->y_hi);
        expr_eval_once(out->x_lo, NULL, c->params[ax[0]].lo, NULL, NULL, 128);
        expr_eval_once(out->x_hi, NULL, c->params[ax[0]].hi, NULL, NULL, 128);
        if (n == 2) {
            expr_eval_once(out->y_lo, NULL, c->params[ax[1]].lo, NULL, NULL, 128);
            expr_eval_once(out->y_hi, NULL, c->params[ax[1]].hi, NULL, NULL, 128);
        }
        rc = claim_relation_pave(&dec, c, cl, cp, mp, opt, out, depth, err);
        arb_clear(out->x_lo); arb_clear(out->x_hi); arb_clear(out->y_lo); arb_clear(out->y_hi);
        if (rc != 0) goto done;
        rc = claim_category_pave(out, c, cl, cp, mp, opt, ax[0], n == 2 ? ax[1] : -1, depth,
                                 4 * dec.evaluations + 16384, err);
        if (rc != 0) goto done;
        pr = &dec;
    }
    /* the coarsest cell where the kind's relation is certified false */
    for (i = 0; i < pr->ncells; i++) {
        const pave_cell *cc = pr->cells + i;
        if ((cc->label == 1 || cc->label == 2) && (best < 0 || cc->level < pr->cells[best].level)) best = i;
    }
    if (best >= 0) {
        const pave_cell *cc = pr->cells + best;
        arf_t a, b, d, e;
        fmpq *q = _fmpq_vec_init(2);
        const char *names[2];
        arb_ptr box = _arb_vec_init(c->nparams + 1);
        case_point_box(box, c, -1, c->prec);
        arf_init(a); arf_init(b); arf_init(d); arf_init(e);
        pave_cell_ends(a, b, d, e, pr, cc);
        for (k = 0; k < n; k++) {
            claim_simplest(q + k, k ? d : a, k ? e : b);
            arb_set_fmpq(box + ax[k], q + k, opt->prec > 0 ? opt->prec : c->prec);
            names[k] = c->params[ax[k]].name;
        }
        claim_set_witness(out, n, names, q);
        out->claim_side = claim_side_text(cp, c, box, c->prec, "claim");
        out->model_side = claim_side_text(mp, c, box, c->prec, "model");
        out->status = CLAIM_REFUTED;
        out->detail = fc_printf("Refuted: on a cell of the paving (depth %d) the claim is certified %s and the "
                                "model %s at every point; the witness is the simplest rational point of that "
                                "cell, where the two are evaluated again.",
                                depth, cc->label == 1 ? "true" : "false", cc->label == 1 ? "false" : "true");
        _fmpq_vec_clear(q, 2);
        _arb_vec_clear(box, c->nparams + 1);
        arf_clear(a); arf_clear(b); arf_clear(d); arf_clear(e);
    } else if (pr->undecided == 0 && pr->pending == 0 && pr->none == 0) {
        out->status = CLAIM_PROVED;
        out->detail = fc_printf("Proved on the whole box: on every cell of a certified paving (depth %d, %ld "
                                "cells) the %s is certified at every point.", depth, pr->ncells,
                                eq ? "agreement of claim and model" : imp ? "implication claim \xe2\x87\x92 model"
                                : "implication model \xe2\x87\x92 claim");
    } else {
        out->undecided = pr->undecided + pr->pending;
        out->status = CLAIM_CONSISTENT;
        out->detail = fc_printf("Consistent: no counterexample at depth %d; claim and model are certified to %s "
                                "except on at most %.6g of the box (undecided %.6g, pending %.6g).", depth,
                                eq ? "agree" : "satisfy the implication", out->undecided, pr->undecided,
                                pr->pending);
    }
    if (!eq) {
        out->relation_undecided = dec.undecided + dec.pending;
        /* the implication on the cells its paving left undecided: the closed-form boundary-cell
           certificate (claim_equiv_cert.c) */
        if (out->status == CLAIM_CONSISTENT && claim_equiv_boundary(out, c, cl, opt, &dec))
            out->relation_undecided = out->undecided;
    }
done:
    pave_result_clear(&dec);
    expr_free(cp);
    expr_free(mp);
    return rc;
}

int claim_decide(claim_result *out, const case_t *c, const case_claim *cl, const pave_options *opt, int depth,
                 fc_error *err)
{
    int rc;
    memset(out, 0, sizeof *out);
    out->status = CLAIM_INCONCLUSIVE;   /* until something is proved or found */
    out->claim = cl;
    out->plot = -1;
    out->y = -1;
    if (cl->kind == CASE_CLAIM_THRESHOLD) return claim_threshold(out, c, cl, opt, depth, err);
    if (cl->kind == CASE_CLAIM_IDENTITY) return claim_identity(out, c, cl, opt, depth, err);
    rc = claim_pave(out, c, cl, opt, depth, err);
    if (rc == 0 && cl->kind == CASE_CLAIM_EQUIVALENT && out->status == CLAIM_CONSISTENT && out->y < 0 &&
        out->x >= 0) {
        /* a quantified model "exists / forall NAME in LO .. HI : M" in one parameter: exact algebra
           (claim_algebra.c) may prove or refute what the paving left consistent */
        expr_t m = cl->model, def;
        int guard = 0;
        while (m != NULL && m->kind == EXPR_VAR && guard++ < 64)
            m = expr_scope_lookup(c->scope, m->name, NULL, &def) == 2 ? def : NULL;
        if (m != NULL && (m->kind == EXPR_EXISTS || m->kind == EXPR_FORALL) && cl->claim != NULL) {
            int r = claim_threshold_algebra_q(out, c, m->args[3], cl->claim, m->args[0]->name, m->args[1],
                                              m->args[2], m->kind == EXPR_FORALL, out->x);
            if (r < 0) rc = r;
        }
    }
    if (rc == 0 && cl->kind == CASE_CLAIM_EQUIVALENT && out->status == CLAIM_CONSISTENT)
        claim_statics_boundary(out, c, cl);
    if (rc == 0 && cl->kind == CASE_CLAIM_EQUIVALENT && out->status == CLAIM_CONSISTENT)
        claim_equiv_boundary(out, c, cl, opt, &out->pave);
    if (rc == 0 && (out->status == CLAIM_PROVED || out->status == CLAIM_CONSISTENT) && claim_tautology(c, cl)) {
        char *d = fc_printf("Tautology: the model implies the claim by its form alone (with the definitions "
                            "expanded, the claim is one of the model's conjuncts, or the same expression), so "
                            "this verdict says nothing about the mechanics. %s", out->detail ? out->detail : "");
        flint_free(out->detail);
        out->detail = d;
        out->tautology = 1;
    }
    return rc;
}

void claim_result_clear(claim_result *cl)
{
    int k;
    flint_free(cl->detail);
    for (k = 0; k < cl->nwitness; k++) {
        flint_free(cl->wnames[k]);
        flint_free(cl->wvalues[k]);
    }
    flint_free(cl->wnames);
    flint_free(cl->wvalues);
    if (cl->wq) _fmpq_vec_clear(cl->wq, cl->nwitness);
    flint_free(cl->claim_side);
    flint_free(cl->model_side);
    flint_free(cl->cell_claim);
    flint_free(cl->cell_model);
    if (cl->has_paving) {
        pave_result_clear(&cl->pave);
        arb_clear(cl->x_lo);
        arb_clear(cl->x_hi);
        arb_clear(cl->y_lo);
        arb_clear(cl->y_hi);
    }
    memset(cl, 0, sizeof *cl);
}
