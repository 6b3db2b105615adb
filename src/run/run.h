/* results.h -- everything fricert computed for one case, in memory.
 *
 * The one-way pipeline: case (validated) -> results_compute (points, plots
 * paved, claims decided, expectations checked) -> writers (results.json,
 * cells CSV, figures, report.pdf, P.tex), which only read this struct.
 */
#ifndef FC_RESULTS_H
#define FC_RESULTS_H

#include "case/case.h"
#include "pave/pave.h"

typedef struct {
    const char *name;        /* the [point] name, or "case" for the case's own values */
    int index;               /* index into case.points, or -1 */
    int nq;                  /* numeric definitions, in case order */
    const char **qnames;
    arb_ptr q;               /* enclosures (valid when qst[i] == EXPR_DEFINED) */
    expr_status *qst;
    int nb;                  /* regions, then boolean definitions */
    const char **bnames;
    tv_t *b;
} results_point;

typedef struct {
    const case_plot *plot;
    pave_result pave;
    int ok;                  /* 0: not paved (an error; see results.error) */
    char cells_file[256];    /* "P.cells.csv" */
    int depth;               /* the depth used (plot's, or --depth) */
    arb_t x_lo, x_hi, y_lo, y_hi; /* the requested plot box */
} results_plot;

typedef enum { CLAIM_PROVED, CLAIM_REFUTED, CLAIM_CONSISTENT, CLAIM_INCONCLUSIVE } claim_status;

typedef struct {
    const case_claim *claim;
    claim_status status;
    char *detail;            /* one paragraph: how it was decided (UTF-8) */
    int nwitness;            /* witness point: parameter names and exact decimals */
    char **wnames, **wvalues;
    char *claim_side, *model_side; /* enclosures/verdicts of both sides at the witness */
    double undecided;        /* area fraction where they might differ (consistent) */
    int plot;                /* index of a plot to draw the claim over, or -1 */
    /* the paving that decided it (has_paving): regions 0 "agree", 1 "claim only"
       (claim true, model false), 2 "model only"; x, y parameter indices (y = -1: 1-D) */
    int has_paving;
    int depth;               /* the paving's depth limit */
    pave_result pave;
    int x, y;
    arb_t x_lo, x_hi, y_lo, y_hi;
} results_claim;

typedef struct {
    const case_t *c;
    slong prec;
    int threads;
    int npoints;             /* the case's own values first (if any point is defined by it), then [point]s */
    results_point *points;
    int nplots;
    results_plot *plots;
    int nclaims;
    results_claim *claims;
    int expect_passed, expect_failed;
    char sha256[65];         /* of the case file's bytes */
    char engine_version[64], git[64], flint[32], arb[32], cairo[32], hpdf[32];
    double seconds;
    char error[1024];        /* FILE:LINE:COL: message when computation failed */
} results_t;

/* Options of a report run. depth <= 0: each plot's own depth. */
typedef struct {
    slong prec;
    int depth;
    int threads;
    int progress;
    volatile int *cancel;    /* set asynchronously to stop the pavings early */
} results_options;

/* A paving problem with the run's options (threads, precision 64 raised up to
 * max(256, prec), progress, cancellation) and the given data; budgets 0. */
void results_pave_problem(pave_problem *pb, const results_options *opt, expr_prog_t prog, int nregions,
                          arb_srcptr box, int nparams, int x, int y, arb_srcptr x_lo, arb_srcptr x_hi,
                          arb_srcptr y_lo, arb_srcptr y_hi, int depth, const char *name);

/* Computes everything for c. Returns 0; -1 bad input found while computing
 * (e.g. overlapping regions: res->error says where); -2 internal failure. */
int results_compute(results_t *res, const case_t *c, const results_options *opt);
void results_clear(results_t *res);

const char *claim_status_name(claim_status s);   /* "proved", "refuted", ... */

#endif
