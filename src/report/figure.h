/* figure.h -- certified region diagram drawn through a canvas.
 *
 * A figure shows the labelled cells of a paving of a 2-D parameter box:
 * cells of one label are merged into ONE filled path (no hairline seams),
 * `none` cells are very light grey, undecided cells hatched grey, pending
 * (not yet examined) cells cross-hatched light red; then optional overlay
 * polylines (claim boundaries), frame, axes with 1-2-5 ticks, axis labels,
 * title (its formulas typeset, mathtext.h), legend and a caption line.
 * All text is UTF-8. */
#ifndef FC_FIGURE_H
#define FC_FIGURE_H

#include <stddef.h>
#include "canvas/canvas.h"
#include "report/mathlayout.h"

#define FIG_NONE       (-1)   /* every region certified false on the cell */
#define FIG_UNDECIDED  (-2)   /* no certified answer */
#define FIG_PENDING    (-3)   /* not examined (interrupted or budget hit) */

#define REPORT_FIGURE_ERR_SPEC 16    /* report_figure_spec is inconsistent */

typedef struct { double r, g, b; } report_figure_rgb;   /* each in [0, 1] */

typedef struct
{
    double x_lo, x_hi, y_lo, y_hi;
    int label;        /* region index in [0, nregions), or a FIG_ code */
} report_figure_cell;

typedef struct
{
    const double *x, *y;  /* N points in data coordinates; a non-finite
                             point breaks the line */
    int n;
    report_figure_rgb colour;
    int dashed;
    const char *label;    /* legend text, or NULL for no legend entry */
} report_figure_overlay;

typedef struct
{
    const char *title;             /* may be NULL */
    const char *x_label, *y_label; /* may be NULL; may contain units */
    double x_lo, x_hi, y_lo, y_hi; /* plotted ranges, lo < hi */
    const report_figure_cell *cells;
    size_t ncells;
    int nregions;
    const char *const *region_names;   /* NULL or nregions names */
    const report_figure_rgb *region_colours;  /* NULL: Okabe-Ito palette */
    const char *const *region_legend;  /* NULL or per region (NULL entry:
                                          the name), e.g. "unique  area ∈ [..]" */
    const char *caption;               /* may be NULL */
    const report_figure_overlay *overlays;
    int noverlays;
    int no_y_axis;                     /* 1: a 1-D strip, no y ticks or label */
    double min_text_scale;             /* text may shrink to this fraction of its size
                                          when cramped (0: the default 0.6; 1: never) */
    report_ml_display_fn display;      /* NULL or the display rule of names in the title's */
    void *display_arg;                 /*   formulas (the case's [display] strings) */
} report_figure_spec;

/* Colour I of the default (Okabe-Ito, colour-blind-safe) palette; cycles. */
report_figure_rgb report_figure_palette(int i);

/* The colour region I is drawn in. */
report_figure_rgb report_figure_region_colour(const report_figure_spec *spec, int i);

/* Draws SPEC into the box (X, Y, W, H) of C's current page, touching
 * nothing outside it.  Returns CANVAS_OK, REPORT_FIGURE_ERR_SPEC (bad ranges or a
 * cell label out of range; nothing drawn) or the canvas's error. */
int report_figure_draw(canvas *c, const report_figure_spec *spec, double x, double y,
                double w, double h);

/* The plot frame {x, y, w, h} that report_figure_draw (same arguments) uses, so
 * callers can map data coordinates onto the drawing.  Draws nothing. */
int report_figure_plot_box(canvas *c, const report_figure_spec *spec, double x, double y,
                    double w, double h, double box[4]);

/* Default size of a stand-alone figure, in points, and PNG pixel scale. */
#define REPORT_FIGURE_WIDTH  480.0
#define REPORT_FIGURE_HEIGHT 400.0
#define REPORT_FIGURE_PNG_SCALE 2.0

/* Writes DIR/NAME.pdf, DIR/NAME.svg and DIR/NAME.png (Cairo, REPORT_FIGURE_WIDTH x
 * REPORT_FIGURE_HEIGHT points, PNG at REPORT_FIGURE_PNG_SCALE), each atomically.  Returns
 * CANVAS_OK or the first error (files already written stay). */
int report_figure_write_files(const report_figure_spec *spec, const char *dir, const char *name);

/* Geometry and face of the stand-alone figure files. */
typedef struct
{
    double width, height;   /* points */
    int paper;              /* 1: no in-figure title or caption line (the LaTeX
                               caption says it), text never shrunk: tick labels
                               8 pt, axis labels 9.5 pt, legend 8.5 pt */
    canvas_face face;
} report_figure_style;

/* The style called NAME: "report" (REPORT_FIGURE_WIDTH x REPORT_FIGURE_HEIGHT, the
 * default), "paper" (a 3.4 in column: 244.8 x 216 pt), "paper-wide" (a
 * 7 in page: 504 x 324 pt); FACE as given.  Returns 0, or -1 for an unknown
 * name (ST untouched). */
int report_figure_style_named(report_figure_style *st, const char *name, canvas_face face);

/* report_figure_write_files in style ST. */
int report_figure_write_files_style(const report_figure_spec *spec, const char *dir, const char *name,
                             const report_figure_style *st);

#endif
