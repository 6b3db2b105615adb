/* canvas_hpdf.h -- canvas backend on libharu: draws into an HPDF_Doc.
 *
 * The document belongs to the caller (the report writer): the canvas only
 * draws, with PDF path operators and embedded DejaVu TrueType text (UTF-8),
 * so figures stay vector graphics in the report. */
#ifndef FC_CANVAS_HPDF_H
#define FC_CANVAS_HPDF_H

#include <hpdf.h>
#include "canvas/canvas.h"

/* A canvas drawing on PAGE of DOC, with canvas point (0, 0) at (X, Y)
 * points from the page's top-left corner and canvas lengths multiplied by
 * SCALE; W x H is the canvas size (in canvas units).  PAGE may be NULL:
 * then canvas_begin_page must add one.  canvas_begin_page always adds a new
 * page of W*SCALE x H*SCALE points to DOC and draws there from its corner.
 * Calls HPDF_UseUTFEncodings and loads DejaVu Sans regular and bold into
 * DOC (loading again is harmless).  canvas_finish writes nothing; save DOC
 * with canvas_hpdf_save.  Returns NULL on failure (*STATUS says why). */
canvas *canvas_hpdf_new(HPDF_Doc doc, HPDF_Page page, double x, double y,
                        double scale, double w, double h, int *status);

/* Saves DOC to PATH atomically (temporary file, then rename).  No date is
 * written unless the caller set one; returns a CANVAS_ code. */
int canvas_hpdf_save(HPDF_Doc doc, const char *path);

#endif
