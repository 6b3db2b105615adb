/* canvas_cairo.h -- canvas backend on Cairo: one PDF, SVG or PNG file. */
#ifndef FC_CANVAS_CAIRO_H
#define FC_CANVAS_CAIRO_H

#include "canvas/canvas.h"

typedef enum { CANVAS_CAIRO_PDF, CANVAS_CAIRO_SVG, CANVAS_CAIRO_PNG } canvas_cairo_format;

/* A canvas writing PATH in format FMT, first page W x H points; a PNG has
 * round(W*SCALE) x round(H*SCALE) pixels on a white background (SCALE is
 * ignored for PDF and SVG).  PDF and SVG may hold several pages / one page,
 * PNG one page.  PDF dates come from SOURCE_DATE_EPOCH when it is set, so
 * equal drawings give byte-identical files.  Output goes to a temporary file
 * renamed onto PATH by canvas_finish.  Returns NULL on failure, with the
 * CANVAS_ code in *STATUS if STATUS is not NULL. */
canvas *canvas_cairo_new(canvas_cairo_format fmt, const char *path,
                         double w, double h, double scale, int *status);

/* The same with the text face FACE: CANVAS_FACE_SANS (DejaVu Sans, as
 * canvas_cairo_new) or CANVAS_FACE_SERIF (Latin Modern Roman, the face of a
 * LaTeX body, with Latin Modern Math for the characters it lacks such as
 * lowercase Greek, then DejaVu Sans).  CANVAS_ERR_FONT if a face file is
 * missing (Debian fonts-lmodern). */
canvas *canvas_cairo_new_face(canvas_cairo_format fmt, const char *path,
                              double w, double h, double scale, canvas_face face, int *status);

/* The format of a file name's extension (.pdf .svg .png), or -1. */
int canvas_cairo_format_of(const char *path);

#endif
