/* claim_algebra.c -- exact-algebra proofs of threshold claims.
 *
 * Decides nothing yet: every threshold claim that survives the certified
 * counterexample search is reported "consistent" by the caller. */
#include "claim/claim_impl.h"

int claim_threshold_algebra(results_claim *out, const case_t *c, const case_claim *cl, const expr_t model,
                            const expr_t claim, int over, int param, char *err, size_t errn)
{
    (void) out; (void) c; (void) cl; (void) model; (void) claim; (void) over; (void) param;
    (void) err; (void) errn;
    return 0;
}
