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

#include "report/results.h"

/* Decides claim cl of case c into out. Returns 0; -1 bad input (err set,
 * FILE:LINE:COL form); -2 internal failure. */
int claim_decide(results_claim *out, const case_t *c, const case_claim *cl, const results_t *res,
                 const results_options *opt, char *err, size_t errn);

/* Exact decimal of q when it terminates, else "p/q" (flint_free). */
char *claim_fmpq_text(const fmpq_t q);

/* Frees what claim_decide put in cl. */
void claim_result_clear(results_claim *cl);

/* The value of key in a claim section, or NULL; *line set when found. */
const char *claim_key(const case_claim *cl, const char *key, int *line);

#endif
