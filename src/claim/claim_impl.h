/* claim_impl.h -- helpers shared by the claim deciders (internal to src/claim). */
#ifndef FC_CLAIM_IMPL_H
#define FC_CLAIM_IMPL_H

#include "claim/claim.h"
#include "base/fc_str.h"

/* The claim's `claim` / `model` predicate, parsed and checked in c's scope. */
expr_t claim_pred(const case_t *c, const case_claim *cl, const char *key, fc_error *err);
expr_t claim_model_pred(const case_t *c, const case_claim *cl, fc_error *err);
/* out's witness: n parameter names and exact rational values (copied). */
void claim_set_witness(claim_result *out, int n, const char *const *names, const fmpq *values);
/* Fills out->boundary from the claim predicate cp over out's x, y box. */
void claim_boundary_sample(claim_result *out, const case_t *c, const expr_t cp);
/* The simplest rational in [lo, hi]. */
void claim_simplest(fmpq_t q, const arf_t lo, const arf_t hi);
/* "P is true/false there" (with both sides when P is a comparison), at a point box. */
char *claim_side_text(const expr_t e, const case_t *c, arb_srcptr box, slong prec);

/* Exact-algebra decision of a threshold claim that survived the paving's
 * counterexample search. Returns 1 after setting out->status = CLAIM_PROVED
 * and out->detail when it proves the claim; 2 after setting CLAIM_REFUTED
 * with a witness when it finds an exact rational counterexample; 0, leaving
 * out untouched, when the model is outside what it can decide (the caller
 * then reports "consistent"); -1 on bad input (err). */
int claim_threshold_algebra(claim_result *out, const case_t *c, const case_claim *cl, const expr_t model,
                            const expr_t claim, int over, int param, fc_error *err);
/* The same decision for (Q NAME in [lo, hi]: model) <=> claim(p), NAME a
 * bound variable (oname; not a parameter of the case) or the parameter
 * `over`, Q = exists (forall = 0) or forall (decided as the complement of
 * "exists NAME: not model"); param the index of p. Same returns. */
int claim_threshold_algebra_q(claim_result *out, const case_t *c, const expr_t model, const expr_t claim,
                              const char *oname, const expr_t lo, const expr_t hi, int forall, int param);

#endif
