/* report_doc.h -- page flow for report.pdf: A4 pages, wrapped UTF-8 text,
 * headings with PDF outline entries, tables that break across pages, and
 * boxes for figures.  Everything is drawn through one libharu canvas, so
 * text uses the backend's embedded DejaVu fonts.  Internal to src/report. */
#ifndef FC_REPORT_DOC_H
#define FC_REPORT_DOC_H

#include "report/canvas_pdf.h"

#define RDOC_PAGE_W 595.276   /* A4 in points */
#define RDOC_PAGE_H 841.890
#define RDOC_MARGIN_X 56.0
#define RDOC_MARGIN_TOP 56.0
#define RDOC_MARGIN_BOTTOM 64.0
#define RDOC_BODY 10.0        /* body text size, points */
#define RDOC_TABLE 8.5        /* table text size */

typedef struct
{
    canvas_pdf *pdf;          /* the document (pages, outline) */
    canvas *c;                /* its drawing canvas */
    double y;                 /* top of the free space on the current page */
    int status;               /* first error: a CANVAS_ code, or CANVAS_ERR_LIB */
} rdoc;

/* Starts a new document and its first page.  Returns a CANVAS_ code. */
int rdoc_init(rdoc *d);
/* Document information (see canvas_pdf_info).  Returns a CANVAS_ code. */
int rdoc_info(rdoc *d, const char *title, const char *subject, const char *creator, long long t);
/* Writes the finished document to PATH atomically.  Returns a CANVAS_ code. */
int rdoc_save(rdoc *d, const char *path);
/* Ends the last page and draws "FOOTER · page i of N" on every page.
 * Returns the first error seen (CANVAS_OK if none). */
int rdoc_finish(rdoc *d, const char *footer);
void rdoc_clear(rdoc *d);

double rdoc_width(void);          /* text width */
double rdoc_left(void);
/* Makes sure H points are free below y (else starts a new page). */
void rdoc_need(rdoc *d, double h);
void rdoc_skip(rdoc *d, double h);
/* Free height left on the current page. */
double rdoc_room(const rdoc *d);
void rdoc_new_page(rdoc *d);

/* Adds an outline entry (LEVEL 1: top level; 2: under the last level-1
 * entry) pointing at the current position. */
void rdoc_bookmark(rdoc *d, int level, const char *title);

/* Heading of LEVEL 1 (section) or 2 (subsection), kept with the next few
 * lines, with an outline entry when OUTLINE. */
void rdoc_heading(rdoc *d, int level, const char *text, int outline);

/* A paragraph wrapped to the text width minus INDENT; continuation lines
 * get HANG more indent.  Text newlines count as spaces. */
void rdoc_par(rdoc *d, const char *text, double size, int bold, double indent, double hang);

/* "LHS = RHS" with RHS wrapped in a hanging block after "LHS = ". */
void rdoc_equation(rdoc *d, const char *lhs, const char *rhs, double size);

/* A table of NROWS x NCOLS UTF-8 cells (row-major; NULL cell = empty) under a
 * bold header row HEAD, columns sized to their content and wrapped when the
 * text width is exceeded; FLEX (or -1) takes the spare width.  Breaks across
 * pages, repeating the header. */
void rdoc_table(rdoc *d, int ncols, const char *const *head, const char *const *cells,
                int nrows, int flex, double size);

/* Wrapped lines of TEXT at width W in the current font: *N lines, returned
 * as a newly allocated array of flint_malloc'd strings (flint_free both). */
char **rdoc_wrap(canvas *c, const char *text, double w1, double w, int *n);
void rdoc_lines_free(char **lines, int n);

#endif
