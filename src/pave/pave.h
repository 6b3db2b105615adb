/* pave.h -- certified quadtree paving of a 2-D parameter box.
 *
 * A cell is labelled with region r only when predicate r is certified TRUE at
 * every point of the closed cell and every other predicate certified FALSE; PAVE_NONE when every predicate is certified
 * FALSE there; PAVE_UNDECIDED when the depth limit (and precision escalation)
 * could not decide it; PAVE_PENDING when a budget (cells, seconds) stopped the
 * work before the cell was decided. The cells and their order are those of
 * the level-synchronous paving (level by level, the children of earlier
 * cells first), and do not depend on the number of threads (unless a time
 * budget fires): without budgets the threads take tasks of up to 32 cells
 * from a shared stack, with no barrier between levels, and the result is
 * put in that order at the end; with a cells or seconds budget or stop
 * labels, the levels are paved one after the other.
 *
 * Each cell is classified first in double interval arithmetic with outward
 * rounding (expr_fast, when the program has it): a decided label is final,
 * an undecided cell above the depth limit is split, and at the depth limit
 * the Arb evaluation (with precision escalation) has the last word, unless
 * the cell's corners already show a predicate both true and false on it.
 */
#ifndef FC_PAVE_H
#define FC_PAVE_H

#include <stdint.h>
#include <stdio.h>
#include "expr/expr.h"

enum { PAVE_NONE = -1, PAVE_UNDECIDED = -2, PAVE_PENDING = -3 };

/* Memory cap: a paving never holds more than this many cells (final plus
 * frontier, about 0.5 GiB); cells it cannot split for that are pending. */
#define PAVE_MEMORY_CELLS 20000000L

/* Deepest level: cell areas 4^-depth are summed exactly in double. */
#define PAVE_MAX_DEPTH 24

typedef struct {
    uint32_t i, j;     /* column and row at this level, from the lower-left corner */
    uint8_t level;     /* 0: the whole box */
    int16_t label;     /* region index, or PAVE_NONE / PAVE_UNDECIDED / PAVE_PENDING */
} pave_cell;

typedef struct {
    expr_prog_t prog;  /* roots: the region predicates, in order (all boolean) */
    int nregions;
    arb_srcptr box;    /* one ball per parameter (the values of non-axis parameters) */
    int nparams;
    int xparam, yparam; /* yparam < 0: a 1-D paving of x (cells split in two) */
    arb_srcptr x_lo, x_hi, y_lo, y_hi; /* the requested plot box (y unused in 1-D) */
    int depth;         /* smallest cell: 2^-depth of each axis */
    long max_cells;    /* 0: no limit; counts evaluated cells */
    double seconds;    /* 0: no limit */
    int threads;       /* >= 1 */
    slong prec;        /* starting precision (escalated x2 up to max_prec) */
    slong max_prec;
    int progress;      /* 1: a progress line on stderr */
    volatile int *cancel; /* if not NULL and set (e.g. by a signal): stop, cells left pending */
    const char *name;  /* for the progress line */
    int no_fast;       /* 1: Arb only, no double-interval fast path (for tests and benches) */
    /* tile_count > 1: pave only tile tile_index (0-based) of tile_count, a
       power of 4 (2-D; 2 in 1-D): the cells of level K = log4(tile_count)
       in row-major order (j * 2^K + i). See pave_merge. */
    int tile_index, tile_count;
    /* bit k set: stop after the first level where a cell gets region k's
       label (the cells of that level and above are as in the whole run, the
       rest left PENDING; r->stopped = 1); 0: pave to the depth */
    unsigned stop_labels;
    /* 1: the level-synchronous scheduler (a barrier per level) even without
       budgets (for tests and benches; the cells are the same) */
    int sync_levels;
    /* the task scheduler gives up (and the level-synchronous one runs) when
       it has made more cells than this; 0: PAVE_MEMORY_CELLS / 2 (a small
       value lets tests take that path) */
    long task_cap;
    /* 1: record the CPU time of each task (chunk) of cells, for
       pave_result.cpu_sched2 (a system call each, about 0.75 us, some 4 % of
       the rod's paving); 0: cpu_sched2 is 0 (the threads' CPU totals, hence
       cpu_threads and cpu_critical, are recorded either way) */
    int account_tasks;
} pave_problem;

typedef struct {
    pave_cell *cells;  /* the final cells, by level, then in quadtree (Morton) order of (i, j), i the low bit */
    long ncells, alloc;
    arf_t x0, w, y0, h; /* the paved box: [x0, x0 + w] x [y0, y0 + h], exact, w and h
                           with short mantissas so that every cell is an exact ball */
    double *area_lo, *area_hi; /* per region, fractions of the paved box (exact dyadics) */
    double undecided, pending, none; /* fractions */
    long evaluations;  /* cell classifications (including precision retries) */
    ulong instructions;
    int dim;           /* 1 or 2 */
    int max_depth;     /* deepest level reached */
    slong max_prec_used;
    double seconds;
    int budget_hit;    /* 1 cells, 2 seconds, 3 memory (PAVE_MEMORY_CELLS), 0 none */
    int stopped;       /* 1: stopped early by pave_problem.stop_labels */
    /* CPU accounting of the threads (load-independent): the CPU seconds of
       all the threads' classification work, and its critical path: the
       level-synchronous scheduler, the sum over levels of the busiest
       thread's CPU seconds (the level's wall time on idle cores, where each
       thread has its own core); the task scheduler (no barrier), the
       busiest thread's CPU seconds */
    double cpu_threads, cpu_critical;
    /* the same work scheduled on 2 idle cores, using the CPU time each
       chunk (task) of cells took in this run, as the scheduler that ran
       does it: level-synchronous, per level the chunks in order, each taken
       by the first free one of 2 workers, summed over levels; tasks, each
       free worker takes the top of the stack and a finished task pushes its
       children's tasks (a prediction of the 2-thread wall time that does
       not depend on the load or on how the threads of this run were
       scheduled; only with pave_problem.account_tasks, else 0) */
    double cpu_sched2;
    /* wall seconds the threads spent not classifying while the paving ran
       in parallel, summed over threads: waiting for a task (the task
       scheduler), or thread start, level barrier and join (the
       level-synchronous one); a thread descheduled by the load counts too
       in the latter */
    double wait_seconds;
    /* overlap: two predicates certified TRUE on one cell (an error in the case) */
    int overlap, overlap_a, overlap_b;
    pave_cell overlap_cell;
    /* of the evaluations: on the double-interval fast path, with Arb, and
       the cells at the depth limit whose corners showed them undecidable */
    long fast_evaluations, arb_evaluations, witnessed;
    int tile_index, tile_count;  /* which tile this is (0 of 1: the whole box) */
} pave_result;

void pave_result_init(pave_result *r);
void pave_result_clear(pave_result *r);

/* Paves the problem. Returns 0, or -1 when regions overlap (r->overlap set,
 * r->overlap_cell the cell on which both were certified), or -2 if depth
 * exceeds PAVE_MAX_DEPTH (nothing done). */
int pave_run(pave_result *r, const pave_problem *pb);

/* Tiles. A tile run classifies the tile's ancestors exactly as the whole
 * run does; a final ancestor is kept by the tile holding its lower-left
 * corner, else the tile's own quadtree is paved. Cells depend only on the
 * cell, so the tiles' cells together are the whole run's cells (unless a
 * cell or time budget stops a run: budgets count per run). */

/* K with ntiles = (2^dim)^K, or -1 if ntiles is not such a power. */
int pave_tile_level(int ntiles, int dim);

/* Joins the results of tiles 0 .. n-1 (tiles[k] from pave_run with
 * tile_index k, tile_count n, the same problem) into r (initialised, empty):
 * the whole run's cells in its order, its exact areas, its counts.
 * Returns 0, or -1 if they do not fit together (another grid, a tile
 * missing or twice, cells that overlap or leave a gap). */
int pave_merge(pave_result *r, pave_result *const *tiles, int n, int nregions);

/* Recomputes the area fields of r from its cells (exact sums). */
void pave_sum_areas(pave_result *r, int nregions);

/* The exact closed cell as two balls (each exactly the interval). */
void pave_cell_box(arb_t x, arb_t y, const pave_result *r, const pave_cell *c);
/* Cell ends as exact arf values. */
void pave_cell_ends(arf_t xlo, arf_t xhi, arf_t ylo, arf_t yhi, const pave_result *r, const pave_cell *c);

/* Exact decimal expansion of a dyadic number (newly allocated, flint_free). */
char *pave_arf_decimal(const arf_t x);

/* Writes the cells CSV (header x_lo,x_hi,y_lo,y_hi,label,labels) to an open
 * stream; names[r] is region r's name; the labels column is empty. Returns 0
 * or -1 on a write error. */
int pave_write_csv(FILE *f, const pave_result *r, const char *const *names);
/* The same with cell i's labels column sets(ctx, i) (a flint_malloc'd
 * string without commas or newlines, or NULL: empty). */
typedef char *(*pave_cell_text_fn)(const void *ctx, long i);
int pave_write_csv_sets(FILE *f, const pave_result *r, const char *const *names, pave_cell_text_fn sets,
                        const void *ctx);

/* How a caller wants its pavings run: the run's precision (0: the case's;
 * pavings start at 64 bits and escalate up to max(256, prec)), threads
 * (<= 0: one), a progress line, and an asynchronous cancellation flag. */
typedef struct {
    slong prec;
    int threads;
    int progress;
    volatile int *cancel;
    int verdicts_only; /* 1: only verdicts are wanted, not pavings (a claim stops at its first certified difference) */
} pave_options;

/* Fills pb for a paving of prog's nregions predicates over the given box and
 * axes with opt's threads, precision, progress and cancellation; budgets 0
 * (no limit). */
void pave_problem_setup(pave_problem *pb, const pave_options *opt, expr_prog_t prog, int nregions,
                        arb_srcptr box, int nparams, int x, int y, arb_srcptr x_lo, arb_srcptr x_hi,
                        arb_srcptr y_lo, arb_srcptr y_hi, int depth, const char *name);

#endif
