/* plot_spec.h -- figure data of a plot or of a claim's paving. */
#ifndef FC_PLOT_SPEC_H
#define FC_PLOT_SPEC_H

#include "report/figure.h"
#include "run/run.h"
#include "base/fc_ball.h"

typedef struct {
    report_figure_spec spec;        /* points into the owned arrays below */
    report_figure_cell *cells;
    report_figure_rgb *colours;
    char **names, **legend;
    char *x_label, *y_label, *title, *caption;
    int nregions;
    int transposed;     /* a claim's figure drawn with x and y exchanged (the main plot's orientation) */
} report_plot_spec;

/* Builds the figure of plot k of res (cells in plot coordinates, legend with
 * the certified area bounds rounded outward). Returns 0 or -1 (memory). */
int report_plot_spec_build(report_plot_spec *ps, const run_results *res, int k);
/* The same for the paving of claim k's four categories (if it has one; -1
 * if not): the legend in words from the claim's kind, the model's set in
 * its region's colour when it is a region of the main plot (the first
 * plot over the claim's two parameters), counterexample categories in
 * colours that plot does not use, and that plot's orientation (x and y
 * exchanged when it has them the other way round: ps->transposed). */
int report_plot_spec_build_claim(report_plot_spec *ps, const run_results *res, int k, int depth);
void report_plot_spec_clear(report_plot_spec *ps);
/* The index of the first plot of res over parameters x and y (either order;
 * *transposed = 1 when its x is y), or -1. */
int report_plot_spec_main_plot(const run_results *res, int x, int y, int *transposed);

/* Helpers: "#rrggbb" (else palette colour i); "[lo, hi]" rounded outward
 * (fc_ball_bound_d); axis label (the
 * plot's, else the parameter's Unicode name and unit); flint_malloc'd strings. */
report_figure_rgb report_plot_spec_colour(const char *s, int i);
void report_plot_spec_range(char *buf, size_t n, double lo, double hi);
char *report_plot_spec_axis_label(const case_t *c, const char *label, int param);

#endif
