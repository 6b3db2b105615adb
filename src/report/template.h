/* template.h -- report templates (templates/NAME.tmpl).
 *
 * Format, line by line (UTF-8):
 *   "# TEXT"        a section heading;  "## TEXT"  a subsection heading;
 *   "{{NAME}}"      alone on a line: a block placeholder, one of
 *                   summary parameters definitions points plots claims
 *                   provenance, or plot:NAME;
 *   "%% ..."        a comment line (ignored);
 *   other lines     paragraph text; paragraphs are separated by blank lines,
 *                   their lines joined with a space.  Paragraphs and headings
 *                   may hold inline placeholders {{q:NAME@POINT}} (enclosure
 *                   of quantity NAME at point POINT; "@POINT" omitted: the
 *                   case's own values) and {{v:REGION@POINT}} (the verdict
 *                   of a region or boolean definition).
 * Errors are fc_error (FILE:LINE:COL, message), COL counting characters from 1. */
#ifndef FC_TEMPLATE_H
#define FC_TEMPLATE_H

#include <stddef.h>
#include "run/run.h"

typedef enum { TMPL_H1, TMPL_H2, TMPL_PARA, TMPL_BLOCK } tmpl_kind;

typedef enum {
    TMPL_SUMMARY, TMPL_PARAMETERS, TMPL_DEFINITIONS, TMPL_POINTS, TMPL_PLOT,
    TMPL_PLOTS, TMPL_CLAIMS, TMPL_PROVENANCE
} tmpl_block;

typedef struct {
    tmpl_kind kind;
    tmpl_block block;    /* TMPL_BLOCK */
    char *text;          /* heading or paragraph text (placeholders kept);
                            TMPL_PLOT: the plot name */
    int line, col;       /* where the item starts */
    int nlines;          /* source lines joined into text */
    int *off, *lno, *lcol; /* per joined line: offset in text, its line
                            number and the column of its first character */
} tmpl_item;

typedef struct {
    char *path;
    int nitems;
    tmpl_item *items;
} tmpl_t;

/* Reads and parses PATH (syntax and placeholder names checked).  Returns 0,
 * or -1 with err set to PATH, LINE, COL and the message (t then needs no
 * clear). */
int tmpl_read(tmpl_t *t, const char *path, fc_error *err);
/* Parses template text SRC as if read from PATH. */
int tmpl_parse(tmpl_t *t, const char *path, const char *src, fc_error *err);
void tmpl_clear(tmpl_t *t);

/* Checks every reference (plot, point, quantity, region) against RES.
 * Returns 0 or -1 with a located message in err. */
int tmpl_check(const tmpl_t *t, const run_results *res, fc_error *err);

/* The text of heading/paragraph IT with inline placeholders replaced by
 * enclosures (arb_get_str, guaranteed) and verdicts.  Newly allocated
 * (flint_free); NULL with a located message in err on a bad reference. */
char *tmpl_expand(const tmpl_t *t, const tmpl_item *it, const run_results *res,
                  fc_error *err);

/* DIR/NAME.tmpl into buf; 0 if it exists and is readable, else -1. */
int tmpl_find(char *buf, size_t n, const char *dir, const char *name);

#endif
