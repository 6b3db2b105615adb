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

typedef enum { REPORT_TMPL_H1, REPORT_TMPL_H2, REPORT_TMPL_PARA, REPORT_TMPL_BLOCK } report_tmpl_kind;

typedef enum {
    REPORT_TMPL_SUMMARY, REPORT_TMPL_PARAMETERS, REPORT_TMPL_DEFINITIONS, REPORT_TMPL_POINTS, REPORT_TMPL_PLOT,
    REPORT_TMPL_PLOTS, REPORT_TMPL_CLAIMS, REPORT_TMPL_PROVENANCE
} report_tmpl_block;

typedef struct {
    report_tmpl_kind kind;
    report_tmpl_block block;    /* REPORT_TMPL_BLOCK */
    char *text;          /* heading or paragraph text (placeholders kept);
                            REPORT_TMPL_PLOT: the plot name */
    int line, col;       /* where the item starts */
    int nlines;          /* source lines joined into text */
    int *off, *lno, *lcol; /* per joined line: offset in text, its line
                            number and the column of its first character */
} report_tmpl_item;

typedef struct {
    char *path;
    int nitems;
    report_tmpl_item *items;
} report_tmpl_t;

/* Reads and parses PATH (syntax and placeholder names checked).  Returns 0,
 * or -1 with err set to PATH, LINE, COL and the message (t then needs no
 * clear). */
int report_tmpl_read(report_tmpl_t *t, const char *path, fc_error *err);
/* Parses template text SRC as if read from PATH. */
int report_tmpl_parse(report_tmpl_t *t, const char *path, const char *src, fc_error *err);
void report_tmpl_clear(report_tmpl_t *t);

/* Checks every reference (plot, point, quantity, region) against RES.
 * Returns 0 or -1 with a located message in err. */
int report_tmpl_check(const report_tmpl_t *t, const run_results *res, fc_error *err);

/* The text of heading/paragraph IT with inline placeholders replaced by
 * enclosures (arb_get_str, guaranteed) and verdicts.  Newly allocated
 * (flint_free); NULL with a located message in err on a bad reference. */
char *report_tmpl_expand(const report_tmpl_t *t, const report_tmpl_item *it, const run_results *res,
                  fc_error *err);

/* DIR/NAME.tmpl into buf; 0 if it exists and is readable, else -1. */
int report_tmpl_find(char *buf, size_t n, const char *dir, const char *name);

#endif
