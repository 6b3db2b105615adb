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
} report_plot_spec;

/* Builds the figure of plot k of res (cells in plot coordinates, legend with
 * the certified area bounds rounded outward). Returns 0 or -1 (memory). */
int report_plot_spec_build(report_plot_spec *ps, const run_results *res, int k);
/* The same for the paving that decided claim k (if it has one; -1 if not). */
int report_plot_spec_build_claim(report_plot_spec *ps, const run_results *res, int k, int depth);
void report_plot_spec_clear(report_plot_spec *ps);

/* Helpers: "#rrggbb" (else palette colour i); "[lo, hi]" rounded outward
 * (fc_ball_bound_d); axis label (the
 * plot's, else the parameter's Unicode name and unit); flint_malloc'd strings. */
report_figure_rgb report_plot_spec_colour(const char *s, int i);
void report_plot_spec_range(char *buf, size_t n, double lo, double hi);
char *report_plot_spec_axis_label(const case_t *c, const char *label, int param);

#endif
