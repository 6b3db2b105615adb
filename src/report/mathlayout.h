/* mathlayout.h -- typeset mathematics: a small 2-D layout of fricert
 * expressions (fractions, radicals, scripts, accents, parentheses sized to
 * their content), drawn through the canvas interface so that a formula looks
 * the same on the Cairo and the libharu canvas.
 *
 * A layout is a box: width, ascent above the baseline, descent below it, and
 * a list of items positioned relative to the box's origin (left end of the
 * baseline; y grows downwards, so ascent is at y = -asc).  Items are glyph
 * runs (UTF-8 text at a font size, drawn left-aligned on a baseline; they
 * stay in the PDF text layer), filled rules (fraction bars, radical bars)
 * and stroked lines (radical signs).
 *
 * Layout needs text widths only: an report_ml_font gives the advance width of a
 * string at a size (report_ml_font_canvas measures with a canvas, so the layout fits
 * what the canvas draws).  Heights are the fixed em fractions below, those of
 * DejaVu Sans (the face of both canvases).
 *
 * Names are shown by display rules: the caller's display string for a name
 * (report_ml_set_display; a case's [display] section, case_display.h), else the
 * default: a Greek name becomes its letter, a trailing "dot"/"ddot" an
 * accent (thetadot -> θ̇, xddot -> ẍ), trailing digits and a "_suffix" a
 * subscript (theta0 -> θ₀, mu_min -> μ_min, r_Lambda1 -> r_Λ1); a word of
 * two or more Latin letters before a "_suffix" is a name shown whole
 * (paradox_possible, no_wedging).
 *
 * Before layout an expression is simplified for display only (report_ml_simplify):
 * 0·x, x·1, x + 0, x − 0, x/1, x^1, −(−x), a + (−b), and terms of a sum that
 * cancel as products of the same factors in any order (L·θ̇·cos θ −
 * L·cos θ·θ̇ = 0).  These are identities of the real numbers where the
 * original is defined; the evaluation always uses the original tree, and a
 * removed term can hide where the original was undefined (0/x at x = 0). */
#ifndef FC_MATHLAYOUT_H
#define FC_MATHLAYOUT_H

#include "expr/expr.h"
#include "canvas/canvas.h"

/* Vertical metrics in em (DejaVu Sans). */
#define REPORT_ML_ASCENT    0.76   /* top of capitals, digits, θ, parentheses */
#define REPORT_ML_DESCENT   0.24   /* bottom of descenders and parentheses */
#define REPORT_ML_AXIS      0.30   /* math axis: centre of the minus sign, fraction bars */
#define REPORT_ML_THICK     0.055  /* thickness of fraction and radical rules */
#define REPORT_ML_SCRIPT    0.70   /* script size relative to its base */
#define REPORT_ML_SUP_SHIFT 0.42   /* superscript baseline above the base's, in base em */
#define REPORT_ML_SUB_SHIFT 0.20   /* subscript baseline below the base's, in base em */
#define REPORT_ML_DOT_EXTRA 0.22   /* height a dot accent adds over a tall base */

typedef enum { REPORT_ML_TEXT, REPORT_ML_RULE, REPORT_ML_LINE } report_ml_item_kind;

typedef struct
{
    report_ml_item_kind kind;
    /* TEXT: baseline start (x, y), font SIZE, TEXT (owned).
     * RULE: filled rectangle from (x, y) of width x1, height y1.
     * LINE: stroked segment (x, y) -> (x1, y1) of line width SIZE. */
    double x, y, x1, y1, size;
    char *text;
    int bold;          /* TEXT: the bold face (a heading's words around a formula) */
} report_ml_item;

typedef struct
{
    double w, asc, desc;
    report_ml_item *items;
    int n, alloc;
} report_ml_box;

typedef struct
{
    /* advance width in points of UTF8 at font SIZE */
    double (*width)(void *arg, const char *utf8, double size);
    void *arg;
} report_ml_font;

/* Display string of NAME (TeX-like, see report_ml_display_box), or NULL for the
 * default rule. */
typedef const char *(*report_ml_display_fn)(void *arg, const char *name);

typedef struct
{
    report_ml_font font;
    report_ml_display_fn display;
    void *display_arg;
} report_ml_ctx;

void report_ml_box_init(report_ml_box *b);
void report_ml_box_clear(report_ml_box *b);
/* Total height asc + desc. */
double report_ml_box_height(const report_ml_box *b);

/* A measurer on canvas C (its regular face); C's font is left at SIZE of
 * the last measurement.  The canvas must outlive the font. */
report_ml_font report_ml_font_canvas(canvas *c);

void report_ml_ctx_init(report_ml_ctx *x, report_ml_font font);
void report_ml_set_display(report_ml_ctx *x, report_ml_display_fn fn, void *arg);

/* Layout of expression E at font SIZE into OUT (initialised by the
 * caller).  E is simplified first (a copy; E is not changed). */
void report_ml_expr_box(report_ml_box *out, const report_ml_ctx *x, const expr_t e, double size);
/* Layout of the definition "NAME = E" (a name in display form). */
void report_ml_def_box(report_ml_box *out, const report_ml_ctx *x, const char *name, const expr_t e, double size);
/* Layout of a bare name. */
void report_ml_name_box(report_ml_box *out, const report_ml_ctx *x, const char *name, double size);
/* Layout of a display string (the grammar of case_display.h: "\dot\theta",
 * "\mu_{min}", "x_1").  Returns 0, or -1 (OUT empty) if S is malformed. */
int report_ml_display_box(report_ml_box *out, const report_ml_ctx *x, const char *s, double size);
/* An report_ml_display_fn giving the [display] strings of a case (ARG: case_t *):
 * report_ml_set_display(&ctx, report_ml_display_case, (void *) c). */
const char *report_ml_display_case(void *case_ptr, const char *name);

/* "HEAD E" broken into lines of at most WIDTH points at the top-level
 * operators of E (simplified first): the terms of a sum, the operands of a
 * chain of ∧ or ∨, the sides of a comparison; each continuation line starts
 * INDENT points in, with its operator.  When a piece is wider than WIDTH
 * the whole is laid out again at a size up to 30 % smaller.  *OUT gets a
 * flint_malloc'd array of boxes (clear each, flint_free the array); returns
 * their number (>= 1).  HEAD is copied (e.g. "B =", laid out at SIZE). */
int report_ml_lines(report_ml_box **out, const report_ml_ctx *x, const report_ml_box *head, const expr_t e,
                    double size, double width, double indent);
/* A run of text in the regular face (a word before a formula). */
void report_ml_text_box(report_ml_box *out, const report_ml_ctx *x, const char *text, double size);
/* Appends B to A after a space of GAP points (B cleared). */
void report_ml_hcat(report_ml_box *a, report_ml_box *b, double gap);

/* The unit written in a case file (m/s^2, kg*m^2/s, 1/s, N m) in the usual
 * notation (m/s², kg·m²/s, 1/s, N·m); newly allocated (flint_free()).  Returns
 * NULL for a malformed unit (a '^' without an integer). */
char *report_ml_unit_text(const char *unit);

/* NAME as one line of plain text (axis labels, table cells): its leading
 * letters as the default rule shows them (Greek letter, dot/ddot accent as
 * a combining mark: thetadot -> θ̇), the rest as written (mu_min -> μ_min);
 * newly allocated (flint_free()). */
char *report_ml_name_plain(const char *name);

/* A simplified copy of E for display (see above); free with expr_free. */
expr_t report_ml_simplify(const expr_t e);

/* The text of a box: its glyph runs in drawing order, concatenated
 * (newly allocated, flint_free()); what a text extractor sees, for tests. */
char *report_ml_box_text(const report_ml_box *b);

/* Draws B with its origin at (X, Y) on C in the current fill colour (lines
 * in the same colour); returns canvas_status(C). */
int report_ml_draw(canvas *c, const report_ml_box *b, double x, double y);
/* The same turned a quarter counter-clockwise (a y-axis label, read bottom
 * up): the box's origin at (X, Y), its baseline running upwards. */
int report_ml_draw_up(canvas *c, const report_ml_box *b, double x, double y);

#endif
