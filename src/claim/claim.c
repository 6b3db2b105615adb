/* claim.c -- equivalence and implication claims decided by certified paving
 * of the set where claim and model differ. */
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

static int claim_pave(claim_result *out, const case_t *c, const case_claim *cl,
                      const pave_options *opt, int depth_override, fc_error *err)
{
    expr_t cp, mp, roots[3];
    expr_prog_t prog;
    expr_error_t ee;
    arb_ptr box;
    pave_problem pb;
    int ax[2], n, i, k, rc = 0, depth = cl->depth > 0 ? cl->depth : 10;
    long best = -1;
    int eq = cl->kind == CASE_CLAIM_EQUIVALENT, imp = cl->kind == CASE_CLAIM_IMPLIES;

    if ((n = claim_axes(ax, c, cl, err)) < 0) return -1;
    if ((cp = claim_pred(c, cl, "claim", err)) == NULL) return -1;
    if ((mp = claim_pred(c, cl, "model", err)) == NULL) { expr_free(cp); return -1; }
    if (depth_override > 0) depth = depth_override;

    roots[0] = expr_binary(eq ? EXPR_IFF : EXPR_IMPLIES, expr_copy(imp || eq ? cp : mp),
                           expr_copy(imp || eq ? mp : cp));
    roots[1] = expr_binary(EXPR_AND, expr_copy(cp), expr_unary(EXPR_NOT, expr_copy(mp)));
    roots[2] = expr_binary(EXPR_AND, expr_copy(mp), expr_unary(EXPR_NOT, expr_copy(cp)));
    if (imp) { expr_free(roots[2]); roots[2] = expr_new(EXPR_FALSE); }
    else if (!eq) { expr_free(roots[1]); roots[1] = expr_new(EXPR_FALSE); }
    prog = expr_compile(roots, 3, c->scope, &ee);
    for (i = 0; i < 3; i++) expr_free(roots[i]);
    if (prog == NULL) {
        fc_error_at(err, c->path, cl->line, cl->col, "claim %s: %s", cl->name, ee.msg);
        expr_free(cp); expr_free(mp);
        return -2;
    }

    box = _arb_vec_init(c->nparams + 1);
    case_point_box(box, c, -1, 128);
    out->has_paving = 1;
    out->depth = depth;
    out->x = ax[0];
    out->y = n == 2 ? ax[1] : -1;
    arb_init(out->x_lo); arb_init(out->x_hi); arb_init(out->y_lo); arb_init(out->y_hi);
    expr_eval_once(out->x_lo, NULL, c->params[ax[0]].lo, NULL, NULL, 128);
    expr_eval_once(out->x_hi, NULL, c->params[ax[0]].hi, NULL, NULL, 128);
    if (n == 2) {
        expr_eval_once(out->y_lo, NULL, c->params[ax[1]].lo, NULL, NULL, 128);
        expr_eval_once(out->y_hi, NULL, c->params[ax[1]].hi, NULL, NULL, 128);
    }
    pave_result_init(&out->pave);
    pave_problem_setup(&pb, opt, prog, 3, box, c->nparams, out->x, out->y, out->x_lo, out->x_hi, out->y_lo,
                         out->y_hi, depth, cl->name);
    /* a difference (labels 1, 2) found at some level: the coarsest one, and so
       the witness, is in that level; the deeper levels cannot change them */
    if (opt->verdicts_only) pb.stop_labels = 6u;
    if (pave_run(&out->pave, &pb) < 0) {
        fc_error_at(err, c->path, cl->line, cl->col,
                    "claim %s: internal: agreement and difference both certified", cl->name);
        rc = -2;
        goto done;
    }
    /* the coarsest cell where they are certified to differ */
    for (i = 0; i < out->pave.ncells; i++) {
        const pave_cell *cc = out->pave.cells + i;
        if (cc->label == 1 || cc->label == 2)
            if (best < 0 || cc->level < out->pave.cells[best].level) best = i;
    }
    if (best >= 0) {
        const pave_cell *cc = out->pave.cells + best;
        arf_t a, b, d, e;
        fmpq *q = _fmpq_vec_init(2);
        const char *names[2];
        arf_init(a); arf_init(b); arf_init(d); arf_init(e);
        pave_cell_ends(a, b, d, e, &out->pave, cc);
        for (k = 0; k < n; k++) {
            claim_simplest(q + k, k ? d : a, k ? e : b);
            arb_set_fmpq(box + ax[k], q + k, opt->prec > 0 ? opt->prec : c->prec);
            names[k] = c->params[ax[k]].name;
        }
        claim_set_witness(out, n, names, q);
        out->claim_side = claim_side_text(cp, c, box, c->prec);
        out->model_side = claim_side_text(mp, c, box, c->prec);
        out->status = CLAIM_REFUTED;
        out->detail = fc_printf("Refuted: on a cell of the paving (depth %d) the %s is certified %s and the %s "
                           "%s at every point; the witness is the simplest rational point of that cell, "
                           "where the two are evaluated again.",
                           depth, "claim", cc->label == 1 ? "true" : "false", "model",
                           cc->label == 1 ? "false" : "true");
        _fmpq_vec_clear(q, 2);
        arf_clear(a); arf_clear(b); arf_clear(d); arf_clear(e);
    } else if (out->pave.undecided == 0 && out->pave.pending == 0 && out->pave.none == 0) {
        out->status = CLAIM_PROVED;
        out->detail = fc_printf("Proved on the whole box: every cell of a certified paving (depth %d, %ld cells) "
                           "has the agreement certified at every point.", depth, out->pave.ncells);
    } else {
        out->undecided = out->pave.undecided + out->pave.pending;
        out->status = CLAIM_CONSISTENT;
        out->detail = fc_printf("Consistent: no counterexample at depth %d; claim and model are certified to agree "
                           "except on at most %.6g of the box (undecided %.6g, pending %.6g).", depth,
                           out->undecided, out->pave.undecided, out->pave.pending);
    }
done:
    expr_prog_free(prog);
    _arb_vec_clear(box, c->nparams + 1);
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
    if (cl->has_paving) {
        pave_result_clear(&cl->pave);
        arb_clear(cl->x_lo);
        arb_clear(cl->x_hi);
        arb_clear(cl->y_lo);
        arb_clear(cl->y_hi);
    }
    memset(cl, 0, sizeof *cl);
}
