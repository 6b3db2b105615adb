/* report.h -- the per-case documents: report.pdf (libharu) and P.tex.
 *
 * The writers only read a results_t (see results.h).  They rely on:
 *   res->points[k].name      unique; "case" for the case's own values;
 *   res->plots[k].pave       labels index plot->regions (area_lo/hi have
 *                            plot->nregions entries, fractions of the box);
 *   res->sha256, engine_version, git, flint, arb, cairo, hpdf
 *                            filled (results_fill_versions fills the last
 *                            six when empty). */
#ifndef FC_REPORT_H
#define FC_REPORT_H

#include <stddef.h>
#include "report/results.h"

/* Return codes of the writers. */
#define REPORT_OK        0
#define REPORT_ERR_INPUT (-1)  /* template missing or wrong: err is "FILE:LINE:COL: message" */
#define REPORT_ERR_IO    (-2)  /* output or library failure: err says what */

/* Writes PATH (A4 PDF, embedded DejaVu, vector figures, outline, page
 * numbers) from RES and the template TEMPLATE_DIR/<case template>.tmpl,
 * atomically: on any error no file is left at PATH (an old one stays).
 * With SOURCE_DATE_EPOCH set the bytes depend only on RES and the template.
 * Returns a REPORT_ code; err (ERRN bytes) says why on failure. */
int report_write_pdf(const results_t *res, const char *template_dir, const char *path,
                     char *err, size_t errn);

/* Writes DIR/P.tex (P = the name of plot PLOT) atomically: a LaTeX figure
 * including P.pdf, its caption stating depth, precision, certified area
 * bounds per region and the undecided fraction, and a comment with the case
 * file, its SHA-256 and the fricert version.  Returns 0 or -1 (errno). */
int report_write_tex(const results_t *res, int plot, const char *dir);

/* Fills res->engine_version, git, flint, arb, cairo, hpdf where empty
 * (FC_VERSION, FC_GIT, FLINT_VERSION, arb_version, Cairo, libharu). */
void results_fill_versions(results_t *res);

/* SHA-256 (lower-case hex, NUL-terminated) of a file's bytes; 0, or -1 if
 * it cannot be read (hex is then ""). */
int fc_sha256_file(const char *path, char hex[65]);
/* SHA-256 of N bytes. */
void fc_sha256_hex(const void *data, size_t n, char hex[65]);

/* Guaranteed enclosure of X as text: arb_get_str with DIGITS significant
 * digits (the printed interval contains X), " +/- " shown as " ± ".  DIGITS
 * <= 0: as many as PREC bits carry.  Newly allocated (flint_free). */
char *report_ball_str(const arb_t x, slong digits, slong prec);

/* Report date "YYYY-MM-DD" (UTC) from SOURCE_DATE_EPOCH if set and valid,
 * else today; *T gets the time used. */
void report_date(char buf[11], long long *t);

#endif
