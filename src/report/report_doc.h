/* report_doc.h -- page flow for report.pdf: A4 pages, wrapped UTF-8 text,
 * headings with PDF outline entries, tables that break across pages, and
 * boxes for figures.  Everything is drawn through one libharu canvas, so
 * text uses the backend's embedded DejaVu fonts.  Internal to src/report. */
#ifndef FC_REPORT_DOC_H
#define FC_REPORT_DOC_H

#include "canvas/canvas_pdf.h"
#include "report/mathlayout.h"
#include "report/mathtext.h"

#define REPORT_DOC_PAGE_W 595.276   /* A4 in points */
#define REPORT_DOC_PAGE_H 841.890
#define REPORT_DOC_MARGIN_X 56.0
#define REPORT_DOC_MARGIN_TOP 56.0
#define REPORT_DOC_MARGIN_BOTTOM 64.0
#define REPORT_DOC_BODY 10.0        /* body text size, points */
#define REPORT_DOC_TABLE 8.5        /* table text size */

/* Named places of a laid-out document (section starts, figures, claims):
 * the page (0-based) and height where each was drawn, a number (figure,
 * table or section number; 0 if none), a title and a level (for a table of
 * contents; level 0: not listed). */
typedef struct
{
    char **key, **title;
    int *page, *num, *level;
    double *y;
    int n, a;
    int oom;
} report_doc_marks;

/* A link from a rectangle of a page to the mark KEY (resolved at finish). */
typedef struct
{
    int page;
    double x, y, w, h;
    char *key;
} report_doc_link_t;

typedef struct
{
    canvas_pdf *pdf;          /* the document (pages, outline) */
    canvas *c;                /* its drawing canvas */
    double y;                 /* top of the free space on the current page */
    int status;               /* first error: a CANVAS_ code, or CANVAS_ERR_LIB */
    report_doc_marks marks;   /* places marked in this layout */
    report_doc_link_t *links; /* links to marks, made at finish */
    int nlinks, alinks;
    const report_doc_marks *prev; /* the marks of the previous layout (page numbers to print), or NULL */
    int nfig, ntab, nsec, nsub;   /* figure, table, section and subsection counters */
    const char *const *cell_keys; /* for the next table only: NROWS x NCOLS mark keys
                                     (NULL entries: no link) each cell links to */
    const report_ml_box *const *cell_math; /* for the next table only: NROWS x NCOLS
                                     typeset cells drawn instead of the text (NULL entries: the text) */
    const report_ml_box *const *head_math; /* for the next table only: NCOLS typeset header cells */
    report_ml_ctx ml;             /* the math layout of free text (set by the writer: its case's names) */
} report_doc;

/* Records the current place as KEY (see report_doc_marks). */
void report_doc_mark(report_doc *d, const char *key, int num, const char *title, int level);
/* Index of KEY in M, or -1. */
int report_doc_mark_find(const report_doc_marks *m, const char *key);
/* 1 if A and B hold the same keys, numbers and pages in the same order. */
int report_doc_marks_equal(const report_doc_marks *a, const report_doc_marks *b);
/* Moves D's marks into OUT (cleared first), leaving D with none. */
void report_doc_marks_take(report_doc *d, report_doc_marks *out);
void report_doc_marks_clear(report_doc_marks *m);
/* A link over X, Y, W, H of the current page to the mark KEY; made by
 * report_doc_finish if KEY was marked (else silently dropped). */
void report_doc_link(report_doc *d, double x, double y, double w, double h, const char *key);
/* Current page, 0-based. */
int report_doc_page(const report_doc *d);

/* Starts a new document and its first page.  Returns a CANVAS_ code. */
int report_doc_init(report_doc *d);
/* Document information (see canvas_pdf_info).  Returns a CANVAS_ code. */
int report_doc_info(report_doc *d, const char *title, const char *subject, const char *creator, long long t);
/* Writes the finished document to PATH atomically.  Returns a CANVAS_ code. */
int report_doc_save(report_doc *d, const char *path);
/* Ends the last page, makes the links and draws "FOOTER · page i of N" on every page.
 * Returns the first error seen (CANVAS_OK if none). */
int report_doc_finish(report_doc *d, const char *footer);
void report_doc_clear(report_doc *d);

double report_doc_width(void);          /* text width */
double report_doc_left(void);
/* Makes sure H points are free below y (else starts a new page). */
void report_doc_need(report_doc *d, double h);
void report_doc_skip(report_doc *d, double h);
/* Free height left on the current page. */
double report_doc_room(const report_doc *d);
void report_doc_new_page(report_doc *d);

/* Adds an outline entry (LEVEL 1: top level; 2: under the last level-1
 * entry) pointing at the current position. */
void report_doc_bookmark(report_doc *d, int level, const char *title);

/* Heading of LEVEL 1 (section) or 2 (subsection), kept with the next few
 * lines, with an outline entry when OUTLINE. */
void report_doc_heading(report_doc *d, int level, const char *text, int outline);

/* A paragraph wrapped to the text width minus INDENT; continuation lines
 * get HANG more indent.  Text newlines count as spaces. */
void report_doc_par(report_doc *d, const char *text, double size, int bold, double indent, double hang);

/* A paragraph of free text with inline formulas typeset (mathtext.h: a
 * caption holding a plot title), in the regular face, lines as high as
 * their tallest formula; uses d->ml. */
void report_doc_par_math(report_doc *d, const char *text, double size, double indent);
/* The same in a column: its height set in WIDTH points (nothing drawn), and
 * drawn with its top at Y, X_OFF from the left margin, on the current page
 * (no page break; the caller made room: captions of figures side by side). */
double report_doc_par_math_height(report_doc *d, const char *text, double size, double width);
void report_doc_par_math_at(report_doc *d, const char *text, double size, double x_off, double width, double y);
/* report_doc_heading with the formulas of TEXT typeset (a plot's title);
 * the outline entry is TEXT as written. */
void report_doc_heading_math(report_doc *d, int level, const char *text, int outline);

/* "LHS = RHS" with RHS wrapped in a hanging block after "LHS = ". */
void report_doc_equation(report_doc *d, const char *lhs, const char *rhs, double size);

/* Typeset lines (report_ml_lines) at INDENT from the left margin, kept
 * together when they are few, one LEAD apart at least. */
void report_doc_math(report_doc *d, const report_ml_box *lines, int n, double indent, double size);

/* Two one-line formulas on one row, A at INDENT_A and B at INDENT_B from the
 * left margin (short definitions printed two to a row). */
void report_doc_math_pair(report_doc *d, const report_ml_box *a, double indent_a, const report_ml_box *b,
                          double indent_b, double size);

/* A table of NROWS x NCOLS UTF-8 cells (row-major; NULL cell = empty) under a
 * bold header row HEAD, columns sized to their content and wrapped when the
 * text width is exceeded; FLEX (or -1) takes the spare width.  Breaks across
 * pages, repeating the header. */
void report_doc_table(report_doc *d, int ncols, const char *const *head, const char *const *cells,
                int nrows, int flex, double size);

/* The height report_doc_table keeps together at its start: the header and
 * its first two rows (all rows when there are at most three), with the
 * columns the same arguments give (and d's cell_math / head_math, if set). */
double report_doc_table_start_height(report_doc *d, int ncols, const char *const *head, const char *const *cells,
                                     int nrows, int flex, double size);

/* Wrapped lines of TEXT at width W in the current font: *N lines, returned
 * as a newly allocated array of flint_malloc'd strings (flint_free both). */
char **report_doc_wrap(canvas *c, const char *text, double w1, double w, int *n);
void report_doc_lines_free(char **lines, int n);

#endif
