/* run_impl.h -- internals of run/ (not part of the API). */
#ifndef FC_RUN_IMPL_H
#define FC_RUN_IMPL_H

#include "run/run.h"

/* The scope a plot is evaluated in: NULL when it fixes nothing (use
 * c->scope); else a new scope (free with expr_scope_free) with c's parameter
 * indices, each fixed parameter's slot hidden and its name defined as the
 * plot's value, then c's definitions and regions (borrowed). */
expr_scope_t run_plot_scope(const case_t *c, const case_plot *pl);

/* Refuses (returns -1, res->error set, located at the point) a point whose
 * enclosure of a model constraint (a definition with constraint != NULL)
 * excludes 0. An enclosure that contains 0 is accepted. Returns 0 otherwise. */
int run_check_point_constraints(run_results *res, const case_t *c, const run_point *rp);

/* Certifies every model constraint on the plot's box (box: one ball per
 * parameter, the axes set to the plotted ranges) in the plot's scope s: it
 * passes when its enclosure is exactly 0, or when it is identically 0 as a
 * polynomial over Q in the free parameters and their cosines and sines
 * (exact, FLINT). Otherwise returns -1 with res->error located at the plot,
 * naming the constraint; -2 on internal failure. */
int run_check_plot_constraints(run_results *res, const case_t *c, const case_plot *pl, expr_scope_t s,
                               arb_srcptr box, slong prec);

#endif
