/* canvas_pdf.h -- a multi-page PDF document on the libharu backend, without
 * exposing libharu: pages drawn through one canvas, an outline (bookmarks),
 * document information, atomic saving. Used by the report's page flow
 * (report_doc.c); libharu stays behind the canvas interface. */
#ifndef FC_CANVAS_PDF_H
#define FC_CANVAS_PDF_H

#include "canvas/canvas.h"

typedef struct canvas_pdf canvas_pdf;

/* A new compressed document whose pages are W x H points and whose viewer
 * opens the outline; its drawing canvas loads DejaVu Sans. NULL on failure
 * (*status: a CANVAS_ code). */
canvas_pdf *canvas_pdf_new(double w, double h, int *status);
void canvas_pdf_free(canvas_pdf *p);

/* The canvas that draws on the current page. */
canvas *canvas_pdf_canvas(canvas_pdf *p);

/* Starts a new page (ending none; see canvas_end_page). Returns a CANVAS_ code. */
int canvas_pdf_begin_page(canvas_pdf *p);
int canvas_pdf_npages(const canvas_pdf *p);

/* A new canvas (canvas_free it) drawing over page I (0-based), e.g. for
 * footers once the page count is known; NULL on failure (*status). */
canvas *canvas_pdf_page_canvas(canvas_pdf *p, int i, int *status);

/* An outline entry at height Y (points from the top) of the current page:
 * LEVEL 1 at the top level, 2 under the last level-1 entry. Returns a
 * CANVAS_ code. */
int canvas_pdf_bookmark(canvas_pdf *p, int level, const char *title, double y);

/* A link annotation (no border) over the rectangle X, Y, W, H (points from
 * the top-left corner) of page FROM (0-based) that jumps to height Y_TO of
 * page TO.  Both pages must exist.  Returns a CANVAS_ code. */
int canvas_pdf_link(canvas_pdf *p, int from, double x, double y, double w, double h, int to, double y_to);

/* Title, subject, creator (= producer) and the creation and modification
 * dates (T, seconds since 1970, UTC). Returns a CANVAS_ code. */
int canvas_pdf_info(canvas_pdf *p, const char *title, const char *subject, const char *creator,
                    long long t);

/* Writes the document to PATH atomically. Returns a CANVAS_ code. */
int canvas_pdf_save(canvas_pdf *p, const char *path);

#endif
