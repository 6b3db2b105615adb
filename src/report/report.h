/* report.h -- the per-case documents: report.pdf (libharu) and P.tex.
 *
 * The writers only read a run_results (see run/run.h).  They rely on:
 *   res->points[k].name      unique; "case" for the case's own values;
 *   res->plots[k].pave       labels index plot->regions (area_lo/hi have
 *                            plot->nregions entries, fractions of the box);
 *   res->sha256, engine_version, git, flint, arb
 *                            filled (run_case fills them). */
#ifndef FC_REPORT_H
#define FC_REPORT_H

#include <stddef.h>
#include "run/run.h"
#include "base/fc_ball.h"

/* Return codes of the writers. */
#define REPORT_OK        0
#define REPORT_ERR_INPUT (-1)  /* template missing or wrong: err has FILE:LINE:COL and the message */
#define REPORT_ERR_IO    (-2)  /* output or library failure: err says what */

/* Writes PATH (A4 PDF, embedded DejaVu, vector figures, outline, page
 * numbers) from RES and the template TEMPLATE_DIR/<case template>.tmpl,
 * atomically: on any error no file is left at PATH (an old one stays).
 * With SOURCE_DATE_EPOCH set the bytes depend only on RES and the template.
 * Returns a REPORT_ code; err says why on failure (fc_error_format). */
int report_write_pdf(const run_results *res, const char *template_dir, const char *path,
                     fc_error *err);

/* Writes DIR/P.tex (P = the name of plot PLOT) atomically: a LaTeX figure
 * including CASE-P.pdf by a path relative to the snippet's own folder (so
 * \input{out/CASE/P.tex} works from any folder: LaTeX's \CurrentFilePath,
 * kernel 2020-10 or later, else currfile's \currfiledir if loaded, else the
 * bare name), its caption fully typeset (the plot title with its formulas
 * in math mode, the axes by their [display] names) stating depth,
 * precision, certified area bounds per region and the undecided fraction,
 * and a comment with the case file, its SHA-256 and the fricert version.
 * Returns 0 or -1 (errno). */
int report_write_tex(const run_results *res, int plot, const char *dir);

/* Copies DIR/P.pdf (P = the name of plot PLOT) to DIR/CASE-P.pdf
 * atomically: a file name unique across cases, for a paper's figures
 * folder.  Returns 0 or -1 (errno). */
int report_write_figure_copy(const run_results *res, int plot, const char *dir);

/* Report date "YYYY-MM-DD" (UTC) from SOURCE_DATE_EPOCH if set and valid,
 * else today; *T gets the time used. */
void report_date(char buf[11], long long *t);

#endif
