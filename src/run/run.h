/* run.h -- everything fricert computes for one case, in one immutable struct.
 *
 * The one-way pipeline: case (read, validated) -> run_case (points, plots
 * paved, claims decided, expectations checked, provenance) -> writers
 * (results.json, cells CSV, figures, report.pdf, P.tex), which only read
 * the run_results. run/ calls case/, expr/, pave/ and claim/; nothing below
 * it (claim, pave, expr, alg) knows of it.
 */
#ifndef FC_RUN_H
#define FC_RUN_H

#include "case/case.h"
#include "pave/pave.h"
#include "claim/claim.h"

typedef struct {
    const char *name;        /* the [point] name, or "case" for the case's own values */
    int index;               /* index into case.points, or -1 */
    int nparams;
    arb_ptr at;              /* the point's box: one ball per parameter (case_point_box at the run's precision) */
    int nq;                  /* numeric definitions, in case order */
    const char **qnames;
    arb_ptr q;               /* enclosures (valid when qst[i] == EXPR_DEFINED) */
    expr_status *qst;
    int nb;                  /* regions, then boolean definitions */
    const char **bnames;
    expr_tv_t *b;
} run_point;

typedef struct {
    const case_plot *plot;
    pave_result pave;
    int ok;                  /* 0: not paved (an error; see run_results.error) */
    char cells_file[256];    /* "P.cells.csv" */
    int depth;               /* the depth used (plot's, or --depth) */
    arb_t x_lo, x_hi, y_lo, y_hi; /* the requested plot box */
    /* A multi-label plot (plot->nlabels > 0): region k of the paving is the
       label combination sets[k] (bit j set: label j certified true, clear:
       certified false), k < nsets, only the combinations that occur, by
       increasing mask; per cell i, cell_true[i] / cell_false[i] are the
       labels certified true / false on the closed cell (a label in neither
       is undecided there). All NULL / 0 for an ordinary plot. */
    int nsets;
    uint32_t *sets;
    char **set_names;        /* "A+B", "{}" for the empty combination */
    uint32_t *cell_true, *cell_false;
} run_plot;

/* Result of one [expect] line. */
typedef struct {
    int passed;              /* 1 pass, 0 fail */
    int internal;            /* 1: could not be evaluated (internal failure) */
    char got[1024];          /* what was found, for the failure message */
} run_expect;

typedef struct {
    const case_t *c;
    slong prec;
    int threads;
    int npoints;             /* the case's own values first (if any point is defined by it), then [point]s */
    run_point *points;
    int nplots;
    run_plot *plots;
    int nclaims;
    claim_result *claims;
    int nexpect;             /* one per c->expect[i] (0 when computation failed before them) */
    run_expect *expect;
    int expect_passed, expect_failed;
    char sha256[65];         /* of the case file's bytes */
    char engine_version[64], git[64], flint[32], arb[32]; /* provenance (the drawing libraries'
                                versions are the writers': canvas_library_versions) */
    double seconds;
    fc_error error;          /* where and why computation failed (fc_error_format) */
} run_results;

/* Options of a run. prec 0: the case's; depth <= 0: each plot's and claim's own. */
typedef struct {
    slong prec;
    int depth;
    int threads;
    int progress;
    volatile int *cancel;    /* set asynchronously to stop the pavings early */
    /* tile_count > 1: pave only tile tile_index (0-based; see pave_problem)
       of each plot's paved box. Claims are never tiled. */
    int tile_index, tile_count;
    int plots_only;          /* 1: the plots only (no points, claims or [expect] lines) */
    int verdicts_only;       /* 1: the claims' verdicts only (fricert check): a refuted claim's paving stops
                                at the level of its witness cell (same verdict and witness) */
    int plot_depth_max;      /* > 0: every plot paved to at most this depth (fricert check, where plots are
                                paved only to find overlapping regions and bad labels) */
    pave_result *given;      /* not NULL: plot k's paving is given[k] (e.g. merged tiles),
                                moved into the results (given[k] is left empty), not computed */
} run_options;

/* Computes everything for c: points, plots, claims, then every [expect]
 * line (claim lines take the verdicts just computed), the SHA-256 of the
 * case file and the engine's versions. Returns 0; -1 bad input found while
 * computing (e.g. overlapping regions: res->error says where); -2 internal
 * failure. res is to be cleared with run_results_clear in every case. */
int run_case(run_results *res, const case_t *c, const run_options *opt);
void run_results_clear(run_results *res);

/* Partial results of one tile (`fricert report --tile I/N`): the tile's
 * cells of every plot, with what a merge must check (the case's SHA-256,
 * the engine, the run's precision and depth options, each plot's name and
 * depth). The file is text, one record a line (see run_tile.c). */
typedef struct {
    char path[512];          /* the file it was read from */
    char case_path[1024];    /* the case file, as given to report --tile */
    char id[256];
    char sha256[65];
    char engine[160];        /* "VERSION GIT" of the fricert that wrote it */
    slong prec;              /* --prec (0: the case's) */
    int depth;               /* --depth (0: each plot's own) */
    int tile_index, tile_count; /* 0-based index */
    int nplots;
    char (*plot_names)[128];
    int *plot_depths;
    pave_result *pave;       /* nplots tile results */
} run_tile;

/* Writes res's tiled pavings (run_case with opt->tile_count > 1 and
 * opt->plots_only) as a partial results file at path, atomically. Returns 0
 * or -1 (errno). */
int run_tile_write(const char *path, const run_results *res, const run_options *opt);

/* Reads a partial results file. Returns 0, or -1 with err set to
 * "PATH:LINE:COL: message" (t needs run_tile_clear in both cases). */
int run_tile_read(run_tile *t, const char *path, fc_error *err);
void run_tile_clear(run_tile *t);

/* Joins tiles t[0 .. n-1] (any order) of case c into out[k], one pave_result
 * (initialised, empty) per plot of c: every tile of 1 .. N exactly once,
 * the same case bytes, engine and options, the plots of c. Returns 0, or -1
 * with err set (FILE:LINE:COL of the tile file at fault, or of the case). */
int run_tile_merge(pave_result *out, run_tile *t, int n, const case_t *c, fc_error *err);

/* 0 if every plot of c can be paved in tiles; else -1 with err located at the
 * first plot that cannot (a multi-label plot: its label combinations are
 * renumbered per run, so tiles of it would not merge). */


/* Regions of a plot's paving: the shown regions, or for a multi-label plot
 * the label combinations present; region r's name (the case's string, or
 * the combination's "A+B"). */
int run_plot_nregions(const run_plot *rp);
const char *run_plot_region_name(const run_plot *rp, const case_t *c, int r);
/* Cell i's certified labels, "A=true;B=false;C=unknown" (flint_free), or
 * NULL for an ordinary plot (or no memory). */
char *run_plot_cell_labels(const run_plot *rp, long i);

/* Multi-label plots (run_labels.c). The 2^n combination predicates of the
 * labels (combination m: label j if bit j of m, else not label j), the
 * roots of the plot's paving (flint_free the array, expr_free each). */
expr_t *run_labels_roots(const case_plot *pl);
/* After the paving of those roots: keeps the combinations present (cell
 * labels renumbered, areas summed again), and sets every cell's certified
 * labels, evaluating the labels one by one with Arb at precision prec on the
 * cells the combinations left undecided (box: the non-axis parameters).
 * Returns 0 or -1 (memory, compilation). */
int run_labels_finish(run_plot *rp, const case_t *c, arb_srcptr box, slong prec);
void run_labels_clear(run_plot *rp);
/* The plot's cells CSV (pave_write_csv_sets; a multi-label plot's labels
 * column is run_plot_cell_labels); names: run_plot_region_name. */
int run_write_cells_csv(FILE *f, const run_plot *rp, const char *const *names);

/* Evaluates expectation i of c at precision prec (certified: a VALUE passes
 * only if the enclosure lies inside [V - TOL, V + TOL] for the true V; a
 * TRUTH passes only if the verdict equals the expected one). A claim line
 * takes its verdict from res when given (may be NULL: decided here). */
void run_expect_eval(run_expect *out, const case_t *c, int i, slong prec, const run_results *res);

/* One expression over a box (fricert eval). */
typedef struct {
    int is_bool;
    expr_tv_t truth;              /* is_bool */
    expr_status status;      /* EXPR_DEFINED (value valid if !is_bool), _PARTIAL, _OVERFLOW or _UNDEFINED */
    arb_t value;
} run_eval_result;

/* Evaluates src over the box of the assignments ("NAME=VALUE" or
 * "NAME=LO..HI", constants) at precision prec, the algebraic functions
 * (disc, res, root, maxof, ...) included. Returns 0 (out set; clear it with
 * run_eval_clear), or -1 with err set ("eval:LINE:COL: message" for the
 * expression, "eval: argument 'ARG'..." for an assignment); out needs
 * run_eval_clear in both cases. */
int run_eval(run_eval_result *out, const char *src, const char *const *assign, int nassign, slong prec,
             fc_error *err);
void run_eval_clear(run_eval_result *out);

/* 1 if x encloses only values in [V - tol, V + tol] for every V in the ball v. */
int run_ball_within(const arb_t x, const arb_t v, const fmpq_t tol, slong prec);

/* Fills res->engine_version, git, flint, arb where empty (FC_VERSION,
 * FC_GIT, FLINT_VERSION, arb_version). */
void run_fill_versions(run_results *res);

/* SHA-256 (lower-case hex, NUL-terminated) of a file's bytes; 0, or -1 if
 * it cannot be read (hex is then ""). */
int run_sha256_file(const char *path, char hex[65]);
/* SHA-256 of N bytes. */
void run_sha256_hex(const void *data, size_t n, char hex[65]);

#endif
