/* mathtext.h -- free text with inline formulas (plot titles, axis labels,
 * captions) typeset with the math layout (mathlayout.h), the same on the
 * Cairo and the libharu canvas.
 *
 * A plot title is prose with formulas in it ("the plane {f, λ = tan θ}",
 * "μ_min = 4/3 at tan θ = 2").  report_mt_split finds the formula runs: a
 * word is a formula word if it holds a Greek letter, a relation or an
 * operator sign (= < > ≤ ≥ − ± √ · × ² ° | ...), or names a Greek letter; a
 * short symbol word (a number, one letter other than a/A/I, a letter with
 * digits or a subscript such as f11, n1y, z_s, a function such as tan) joins
 * a run next to a formula word; a run ends after a word ending in ':' or
 * ';', and its closing punctuation (, : ; . ? !) is left outside; a number
 * opening a run before a parenthesis stays with the words before it
 * ("Figure 4 (ψ0 = 0)"); a word in brackets is a unit, text ("[m/s²]").  The TeX
 * caption of P.tex (texsnippet.c) and report.pdf use the same runs.
 *
 * A formula run is typeset from the expression tree: it is cut at its
 * top-level relations (= < > ≤ ≥ ≠), commas and signs that are not part of
 * the expression language (° { } | ∈ ...); each piece is read into fricert's
 * syntax (Greek letters by name, a combining dot as "dot", ² as ^2, √x as
 * sqrt(x), "tan θ" as tan(theta), juxtaposition as a product; decimals kept
 * as written, "q*" as q with a superscript star), parsed with expr_parse and
 * laid out with report_ml_expr_box, so names follow the case's [display]
 * strings and the default rule (θ̇0 as θ̇ with subscript 0, μ_min as μ with
 * subscript min), fractions are built up and radicals drawn.  A piece that
 * does not parse (F(α), an unbalanced parenthesis) is set symbol by symbol,
 * its names by the same rules. */
#ifndef FC_MATHTEXT_H
#define FC_MATHTEXT_H

#include <stddef.h>
#include "report/mathlayout.h"

typedef struct
{
    size_t off, len;   /* S[off .. off+len) */
    int kind;          /* REPORT_MT_SPACE, REPORT_MT_TEXT (one word or the punctuation
                          after a formula), REPORT_MT_MATH (a formula run) */
} report_mt_span;

#define REPORT_MT_SPACE 0
#define REPORT_MT_TEXT  1
#define REPORT_MT_MATH  2

/* The spans of S, in order, covering it; *OUT flint_malloc'd (flint_free);
 * returns their number. */
int report_mt_split(report_mt_span **out, const char *s);

/* The formula S[0..n) as one box at SIZE (see above). */
void report_mt_formula_box(report_ml_box *out, const report_ml_ctx *x, const char *s, size_t n, double size);

/* Free text S as inline boxes: one per word (measured on C) or formula run;
 * SPACE[i] is 1 when a space comes before box i.  FLAGS: REPORT_MT_BOLD the
 * words bold (a heading; formulas stay regular), REPORT_MT_LABEL an axis
 * label, whose first word alone is a name (m_c, F0: typeset).  Arrays
 * flint_malloc'd; clear with report_mt_runs_clear. */
#define REPORT_MT_BOLD  1
#define REPORT_MT_LABEL 2
typedef struct
{
    report_ml_box *box;
    int *space;
    int n;
} report_mt_runs;

void report_mt_runs_build(report_mt_runs *r, canvas *c, const report_ml_ctx *x, const char *s, double size,
                          int flags);
void report_mt_runs_clear(report_mt_runs *r);

/* S on one line (the runs joined, a space a quarter em). */
void report_mt_line_box(report_ml_box *out, canvas *c, const report_ml_ctx *x, const char *s, double size,
                        int flags);

#endif
