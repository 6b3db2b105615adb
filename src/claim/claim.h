/* claim.h -- verdicts on published answers ([claim NAME] sections).
 *
 * A claim states a published answer as a predicate `claim` over the case's
 * parameters and compares it with the model's predicate `model`:
 *   kind = equivalent   claim <=> model
 *   kind = implies      claim  => model
 *   kind = implied_by   model  => claim
 *   kind = threshold    (exists `over`: model) <=> claim, the claim a condition
 *                       on the other range parameter (`param`), e.g. mu > 4/3
 * over a box of one or two range parameters (`over = a, b`; default: the
 * case's range parameters). Verdicts:
 *   refuted      a cell on which the two are certified to differ; the witness
 *                is an exact rational point of it, re-evaluated at that point;
 *   proved       agreement certified on every cell of the box (or by exact
 *                algebra, for thresholds);
 *   consistent   no counterexample; they might differ only on the undecided
 *                area, whose fraction is reported;
 *   inconclusive otherwise, with the reason.
 */
#ifndef FC_CLAIM_H
#define FC_CLAIM_H

#include "case/case.h"
#include "pave/pave.h"

typedef enum { CLAIM_PROVED, CLAIM_REFUTED, CLAIM_CONSISTENT, CLAIM_INCONCLUSIVE } claim_status;

/* The verdict on one claim, with what a writer draws of it. */
typedef struct {
    const case_claim *claim;
    claim_status status;
    char *detail;            /* one paragraph: how it was decided (UTF-8) */
    int nwitness;            /* witness point: parameter names, exact rationals and their text */
    char **wnames, **wvalues;
    fmpq *wq;                /* nwitness exact values (the text is claim_fmpq_text of each) */
    char *claim_side, *model_side; /* enclosures/verdicts of both sides at the witness */
    double undecided;        /* area fraction where they might differ (consistent): the cells on which
                                the kind's relation is not certified */
    int plot;                /* index of a plot to draw the claim over, or -1 */
    /* the paving of the four categories (has_paving): regions 0 both hold
       (claim and model true), 1 claim only (claim true, model false), 2 model
       only, 3 neither; x, y parameter indices (y = -1: 1-D). It decided the
       claim, except for implies / implied_by: there a paving of the
       implication alone decided it (it stops where one side settles it),
       and the categories' paving, for the figure, has a cell budget (cells
       beyond it pending); relation_undecided is the implication paving's
       undecided + pending fraction. cell_claim[i], cell_model[i]: each side
       on cell i from its category, 1 true, 0 false, -1 not decided (a
       threshold claim may evaluate the model alone on such a cell: then 0,
       1, or -2 "still not decided") */
    double relation_undecided;
    int tautology;           /* proved or consistent, and the model implies the claim by its form alone (claim_tautology) */
    int has_paving;
    int depth;               /* the paving's depth limit */
    pave_result pave;
    signed char *cell_claim, *cell_model;
    int x, y;
    arb_t x_lo, x_hi, y_lo, y_hi;
    /* for the figure of a threshold claim only, not part of any proof: the
       values of y where the claim predicate changes truth along the middle
       of the x range, found by sampling it at CLAIM_BOUNDARY_SAMPLES + 1
       points of [y_lo, y_hi] (at most CLAIM_BOUNDARY_MAX of them) */
    int nboundary;
    double boundary[6];
} claim_result;

#define CLAIM_BOUNDARY_SAMPLES 400
#define CLAIM_BOUNDARY_MAX 6

const char *claim_status_name(claim_status s);   /* "proved", "refuted", ... */

/* Decides claim cl of case c into out, its pavings run with opt (opt->prec 0:
 * the case's precision); depth > 0 overrides the claim's own depth. Returns 0;
 * -1 bad input (err set, FILE:LINE:COL form); -2 internal failure. */
int claim_decide(claim_result *out, const case_t *c, const case_claim *cl, const pave_options *opt, int depth,
                 fc_error *err);

/* 1 if the claim follows from the model by form alone (kind implies:
 * claim => model; implied_by: model => claim; equivalent: both), with the
 * case's definitions expanded: the claim a conjunct of the model, the model
 * a disjunct of the claim, the same expression, up to negation normal form
 * (and/or/not, opposite comparisons). Sufficient, not necessary; 0 for
 * threshold claims. */
int claim_tautology(const case_t *c, const case_claim *cl);

/* Exact decimal of q when it terminates, else "p/q" (flint_free). */
char *claim_fmpq_text(const fmpq_t q);

/* Frees what claim_decide put in cl. */
void claim_result_clear(claim_result *cl);


#endif
