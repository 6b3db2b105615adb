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
/* Paves the four categories of claim cp and model mp (claim.h: both,
 * claim only, model only, neither) over axes x, y (y = -1: 1-D) of c's
 * box at depth (max_cells: a cell budget, 0 none); fills out's paving
 * fields and each side per cell as far as the categories decide it.
 * Returns 0 or -2 (err). */
int claim_category_pave(claim_result *out, const case_t *c, const case_claim *cl, const expr_t cp,
                        const expr_t mp, const pave_options *opt, int x, int y, int depth, long max_cells,
                        fc_error *err);
/* The simplest rational in [lo, hi]. */
void claim_simplest(fmpq_t q, const arf_t lo, const arf_t hi);
/* A sentence on predicate E of the claim's side WHO ("claim" or "model")
 * at a point box: "The claim f < 0 is false there: f = 2.05 ± 1e-38." (a
 * named predicate with its definition in parentheses; of a comparison the
 * values of the sides that are neither a constant nor a parameter, each
 * ball as fc_ball_str at PREC (the digits rule) with ± and a true minus; a
 * constant predicate says so). Newly allocated. */
char *claim_side_text(const expr_t e, const case_t *c, arb_srcptr box, slong prec, const char *who);

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

/* The boundary-cell certificate (claim_statics.c) of an equivalence between
 * a closed form and statics models (planar isotropic cones, or spatial
 * cones leaving one free reaction), on the undecided cells of out's
 * category paving (out "consistent"): sets out->status = CLAIM_PROVED when
 * every such cell is proved, else lowers out->undecided by the cells it
 * proves; both with out->detail rewritten. Returns 1 when it ran, 0 when
 * the claim is outside what it handles (out untouched). */
int claim_statics_boundary(claim_result *out, const case_t *c, const case_claim *cl);
/* The same reduction on one box for a predicate pred in statics_sign calls
 * and comparisons (for the tests): 1 (0) when every determinant (spatial
 * cones: every condition at a candidate root) and comparison is decided on
 * box and pred is then true (false) at every point of it, -1 otherwise.
 * box: one ball per parameter of c, inside the case's ranges (the verdict is
 * for the points of box in those ranges: sin, cos and a parameter's rational
 * ends are clamped to them). */
int claim_statics_eval(const case_t *c, const expr_t pred, arb_srcptr box);


/* The boundary-cell certificate (claim_equiv_cert.c) of an equivalence or
 * implication (kind implies, implied_by) between two closed forms (boolean
 * combinations of comparisons, no model block), on the undecided cells of
 * the paving pr that decided out (the category paving for equivalent, the
 * implication's own paving for the implication kinds; out "consistent"):
 * sets out->status = CLAIM_PROVED when every such cell is proved (an
 * implication: it holds at every point in the evaluator's three-valued
 * logic, as the paving certifies it), else lowers out->undecided by the
 * cells it proved before the first cell it cannot prove (where it stops,
 * since the claim can no longer be proved; opt->cancel, if set, stops it
 * too); both with out->detail rewritten. Returns 1 when it ran, 0 when the
 * claim is outside what it handles (out untouched). */
int claim_equiv_boundary(claim_result *out, const case_t *c, const case_claim *cl, const pave_options *opt,
                         const pave_result *pr);
/* The same certificate on one box (one ball per parameter of c), for claim
 * kind (CASE_CLAIM_EQUIVALENT, _IMPLIES, _IMPLIED_BY): 1 when cp and mp are
 * proved to agree (the implication is proved to hold) at every point of box,
 * 0 when not proved, -1 when they are outside the certificate (for the
 * tests). */
int claim_equiv_cert_eval(const case_t *c, const expr_t cp, const expr_t mp, int kind, arb_srcptr box);
/* Why cp and mp (claim kind) are outside that certificate (a static phrase,
 * the first reason met), or NULL when they are inside. */
const char *claim_equiv_cert_why(const case_t *c, const expr_t cp, const expr_t mp, int kind);

#endif
