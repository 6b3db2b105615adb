/* pave.c -- certified quadtree paving: tasks of cells on a shared stack (no level barrier), or level by level (budgets). */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "pave/pave.h"

#define LABEL_SPLIT (-100)   /* undecided, to be subdivided */
#define LABEL_SKIPPED (-101) /* not evaluated (time budget) */
#define LABEL_OVERLAP (-102)

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

void pave_result_init(pave_result *r)
{
    memset(r, 0, sizeof *r);
    arf_init(r->x0);
    arf_init(r->w);
    arf_init(r->y0);
    arf_init(r->h);
}

void pave_result_clear(pave_result *r)
{
    flint_free(r->cells);
    flint_free(r->area_lo);
    flint_free(r->area_hi);
    arf_clear(r->x0);
    arf_clear(r->w);
    arf_clear(r->y0);
    arf_clear(r->h);
}

/* x0 = lower end rounded down, w >= hi - x0 rounded up, both to `bits` bits. */
static void grid_axis(arf_t x0, arf_t w, const arb_t lo, const arb_t hi, slong bits)
{
    arf_t u;
    arf_init(u);
    arb_get_lbound_arf(x0, lo, 128);
    arf_set_round(x0, x0, bits, ARF_RND_FLOOR);
    arb_get_ubound_arf(u, hi, 128);
    arf_sub(w, u, x0, bits, ARF_RND_CEIL);
    arf_clear(u);
}

static void cell_ends_axis(arf_t lo, arf_t hi, const arf_t x0, const arf_t w, uint32_t i, int level)
{
    arf_mul_ui(lo, w, i, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(lo, lo, -level);
    arf_add(lo, lo, x0, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_ui(hi, w, (ulong) i + 1, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(hi, hi, -level);
    arf_add(hi, hi, x0, ARF_PREC_EXACT, ARF_RND_DOWN);
}

void pave_cell_ends(arf_t xlo, arf_t xhi, arf_t ylo, arf_t yhi, const pave_result *r, const pave_cell *c)
{
    cell_ends_axis(xlo, xhi, r->x0, r->w, c->i, c->level);
    cell_ends_axis(ylo, yhi, r->y0, r->h, c->j, c->level);
}

void pave_cell_box(arb_t x, arb_t y, const pave_result *r, const pave_cell *c)
{
    arf_t a, b, d, e;
    arf_init(a); arf_init(b); arf_init(d); arf_init(e);
    pave_cell_ends(a, b, d, e, r, c);
    expr_interval_arf(x, a, b);
    expr_interval_arf(y, d, e);
    arf_clear(a); arf_clear(b); arf_clear(d); arf_clear(e);
}

/* ------------------------------------------------------------ workers */

/* The grid in doubles for the fast path: cell ends x0 + i w 2^-level with
 * x0, w of 26 bits, i < 2^25, so i w is exact and only the sum rounds. */
typedef struct {
    double x0, w, y0, h;
    int ok;            /* 0: the grid is not in double range: no fast path */
} dgrid;

#define CORNERS 8192   /* corner points remembered per worker (a power of 2; 192 KiB) */

typedef struct {
    const pave_problem *pb;
    pave_result *r;
    expr_eval_t ev;
    expr_fast_t fe;       /* NULL: no fast path for this program */
    double *flo, *fhi;    /* the fast path's box */
    const dgrid *dg;
    atomic_long *next;    /* shared index of the next chunk of the level */
    long fast_evaluations, arb_evaluations, witnessed;
    ulong uncounted;      /* instructions spent on another tile's ancestors */
    arb_ptr box;
    arb_t ybox;           /* scratch y ball of a 1-D paving */
    pave_cell *cells;     /* this worker's slice */
    long n;
    int *labels;          /* out */
    int *ovl_a, *ovl_b;
    long evaluations;
    double deadline;      /* 0: none */
    int maxlevel;         /* the depth limit */
    int quantified;       /* the program has exists / forall / maxof / minof */
    slong max_prec_used;
    /* the last corner points evaluated (sibling cells share corners): the
       predicates certified true / false there, a pure function of the point */
    double *cx, *cy;      /* CORNERS each, direct-mapped by the point; cx NaN: empty */
    unsigned *ct, *cf;
    double level_cpu;     /* CPU seconds of this thread's work() on the current level
                             (the task scheduler: of all its tasks) */
    double *chunk_cpu;    /* shared: CPU seconds of each chunk of the level */
    double wait;          /* wall seconds this thread waited for work */
    /* the task scheduler (pave_tasks) */
    struct tsched *sched;
    int self, nthreads, started;   /* index; threads wanted; worker 0: threads running (0: not started) */
    pthread_t *th;        /* worker 0: the other threads */
    struct tblock *tblocks;
    int tfree;            /* tasks left in the newest block */
    long ntasks, nfinal;  /* tasks made; cells of the result */
    double t0, decided;   /* the run's start; the area this thread labelled */
    int deepest;
    _Atomic double decided_shown;   /* copies for the progress line */
    atomic_int deepest_shown;
    long snap_ev, snap_fe, snap_ae, snap_wi;   /* counts at the start (a give-up restores them) */
    ulong snap_ins;
    slong snap_mp;
    char pad[128];        /* keeps the next worker's counters off this one's cache lines */
} worker;

#define FPAD 16   /* doubles of padding around a worker's fast box (cache lines of its own) */

/* Classifies at the current precision: a region index, PAVE_NONE,
 * LABEL_SPLIT (undecided) or LABEL_OVERLAP (a, b set). */
static int classify_once(worker *wk, int *a, int *b)
{
    int k, ntrue = 0, nfalse = 0, label = LABEL_SPLIT;
    expr_eval_run(wk->ev, wk->box, 1);
    wk->evaluations++;
    for (k = 0; k < wk->pb->nregions; k++) {
        expr_tv_t t = expr_eval_truth(wk->ev, k);
        if (t == EXPR_TV_TRUE) {
            if (ntrue++) { *b = k; return LABEL_OVERLAP; }
            *a = k;
            label = k;
        } else if (t == EXPR_TV_FALSE) nfalse++;
    }
    /* a label needs the others certified false too: the regions' exclusivity is
       then proved on the cell, which the area bounds rely on */
    if (ntrue == 1 && nfalse == wk->pb->nregions - 1) return label;
    if (nfalse == wk->pb->nregions) return PAVE_NONE;
    return LABEL_SPLIT;
}

/* [lo, hi] encloses a + b (TwoSum: s + e = a + b exactly, barring
 * overflow); returns 1 if the sum is exact. */
static int sum_bounds(double *lo, double *hi, double a, double b)
{
    double s = a + b, bb = s - a, e = (a - (s - bb)) + (b - bb);
    *lo = e < 0 ? nextafter(s, -INFINITY) : s;
    *hi = e > 0 ? nextafter(s, INFINITY) : s;
    return e == 0;
}

/* Double bounds of the cell's ends on one axis: lo <= exact lower end,
 * hi >= exact upper end; in[0], in[1]: doubles in the closed cell next to
 * each end (the end itself when exact, else the next double inwards, which
 * lies within one ulp of it); returns 0 if those are not in the cell. */
static int dcell_axis(double *lo, double *hi, double in[2], double x0, double w, uint32_t i, int level)
{
    double d, sc = 1.0 / (double) ((uint32_t) 1 << level);   /* 2^-level, exact (level <= 26) */
    int el = sum_bounds(lo, &d, x0, (double) i * w * sc);     /* a power of 2: exact (dgrid_set's range) */
    int eh = sum_bounds(&d, hi, x0, ((double) i + 1) * w * sc);
    in[0] = el ? *lo : nextafter(*lo, INFINITY);
    in[1] = eh ? *hi : nextafter(*hi, -INFINITY);
    /* an inexact end is strictly between *lo and in[0]; the cell is wider
       than two ulps unless in[0] >= in[1] */
    return in[0] < in[1];
}

/* The fast path's labels from the last fast run (as classify_once). */
static int fast_label(worker *wk, int *a, int *b)
{
    int k, ntrue = 0, nfalse = 0, label = LABEL_SPLIT;
    for (k = 0; k < wk->pb->nregions; k++) {
        expr_tv_t t = expr_fast_truth(wk->fe, k);
        if (t == EXPR_TV_TRUE) {
            if (ntrue++) { *b = k; return LABEL_OVERLAP; }
            *a = k;
            label = k;
        } else if (t == EXPR_TV_FALSE) nfalse++;
    }
    if (ntrue == 1 && nfalse == wk->pb->nregions - 1) return label;
    if (nfalse == wk->pb->nregions) return PAVE_NONE;
    return LABEL_SPLIT;
}

/* The predicates (the first 32) the last fast run proved true into *ct,
 * false into *cf, as bit masks. */
static void fast_truth_bits(const worker *wk, unsigned *ct, unsigned *cf)
{
    int k;
    *ct = *cf = 0;
    for (k = 0; k < wk->pb->nregions && k < 32; k++) {
        expr_tv_t t = expr_fast_truth(wk->fe, k);
        if (t == EXPR_TV_TRUE) *ct |= 1u << k;
        else if (t == EXPR_TV_FALSE) *cf |= 1u << k;
    }
}

/* What a fast run proved on a box: at every point of [xlo, xhi] x [ylo, yhi]
 * (the other parameters at the problem's values) predicate k is true if bit
 * k of ct is set, false if bit k of cf is. */
typedef struct { double xlo, xhi, ylo, yhi; unsigned ct, cf; } pave_fact;

/* 1 if some predicate is certified TRUE at one point of the cell and FALSE
 * at another (the points: its corners, or the doubles next to them inside
 * it; their truth from the facts fact[0 .. nfact-1] on boxes that contain
 * them, from the corners remembered, or evaluated): then no method can
 * label the cell (a label needs every predicate constant on it), and the
 * Arb retry is skipped. */
static int witnessed_undecidable(worker *wk, const double xin[2], const double yin[2], const pave_fact *fact,
                                 int nfact)
{
    const pave_problem *pb = wk->pb;
    int xp = pb->xparam, yp = pb->yparam, k, kc, ncorner = yp >= 0 ? 4 : 2, pass, first_done = 0;
    unsigned seen_t = 0, seen_f = 0, done = 0, all = pb->nregions >= 32 ? ~0u : (1u << pb->nregions) - 1;
    double xl = wk->flo[xp], xh = wk->fhi[xp], yl = 0, yh = 0;
    if (yp >= 0) { yl = wk->flo[yp]; yh = wk->fhi[yp]; }
    /* the facts first: a corner inside a box on which the fast run proved
       predicates true / false has them there; a corner where they decide
       every predicate needs no evaluation */
    for (kc = 0; kc < ncorner && nfact > 0; kc++) {
        double x = xin[ncorner == 4 ? kc >> 1 : kc], y = yp >= 0 ? yin[kc & 1] : 0;
        unsigned ct = 0, cf = 0;
        for (k = 0; k < nfact; k++)
            if (x >= fact[k].xlo && x <= fact[k].xhi && (yp < 0 || (y >= fact[k].ylo && y <= fact[k].yhi))) {
                ct |= fact[k].ct;
                cf |= fact[k].cf;
            }
        if (((ct | cf) & all) == all) {
            if (!done) first_done = kc;
            done |= 1u << kc;
        }
        seen_t |= ct;
        seen_f |= cf;
    }
    if (seen_t & seen_f) return 1;
    /* with a quantifier (a corner costs a search), pass 0: the corners
       remembered (shared with the cells next to this one) first; pass 1:
       the others in order, remembered or evaluated, until a predicate is
       seen both true and false */
    for (pass = wk->quantified ? 0 : 1; pass < 2 && !(seen_t & seen_f); pass++)
        for (kc = 0; kc < ncorner; kc++) {
            /* x changes least often: sin and cos of x are then reused;
               with a quantifier, after a remembered corner c its diagonal
               c ^ 3 first (on the other side of most curves through the
               cell), then c ^ 1, c ^ 2 */
            int corner = !wk->quantified || ncorner != 4 ? kc : pass == 0 || !done ? (kc == 0 ? 0 : kc == 1 ? 3 : kc - 1)
                         : (kc == 0 ? 3 : kc) ^ first_done;
            double x = xin[ncorner == 4 ? corner >> 1 : corner], y = yp >= 0 ? yin[corner & 1] : 0;
            unsigned ct = 0, cf = 0;
            int c;
            union { double d; uint64_t u; } bx, by;
            if (done >> corner & 1) continue;
            bx.d = x;
            by.d = y;
            c = (int) ((bx.u ^ (bx.u >> 31) ^ (by.u * 0x9E3779B97F4A7C15ULL >> 40)) & (CORNERS - 1));
            if (wk->cx[c] == x && wk->cy[c] == y) {
                ct = wk->ct[c];
                cf = wk->cf[c];
            } else if (pass == 0) continue;
            else {
                wk->flo[xp] = wk->fhi[xp] = x;
                if (yp >= 0) wk->flo[yp] = wk->fhi[yp] = y;
                expr_fast_run(wk->fe, wk->flo, wk->fhi, 0);
                fast_truth_bits(wk, &ct, &cf);
                wk->cx[c] = x;
                wk->cy[c] = y;
                wk->ct[c] = ct;
                wk->cf[c] = cf;
            }
            if (!done) first_done = corner;
            done |= 1u << corner;
            seen_t |= ct;
            seen_f |= cf;
            if (seen_t & seen_f) break;
        }
    wk->flo[xp] = xl; wk->fhi[xp] = xh;
    if (yp >= 0) { wk->flo[yp] = yl; wk->fhi[yp] = yh; }
    return (seen_t & seen_f) != 0;
}

/* The cell's box into the fast path's (wk->flo, wk->fhi at the x and y
 * parameters) and the doubles next to its corners inside it into xin, yin;
 * returns 0 if those are not in the cell. */
static int fast_cell(worker *wk, const pave_cell *c, double xin[2], double yin[2])
{
    const pave_problem *pb = wk->pb;
    const dgrid *g = wk->dg;
    int inside = dcell_axis(wk->flo + pb->xparam, wk->fhi + pb->xparam, xin, g->x0, g->w, c->i, c->level);
    yin[0] = yin[1] = 0;
    if (pb->yparam >= 0)
        inside &= dcell_axis(wk->flo + pb->yparam, wk->fhi + pb->yparam, yin, g->y0, g->h, c->j, c->level);
    return inside;
}

/* The Arb evaluation of the cell; at the depth limit, with precision
 * escalation. */
static int classify_arb(worker *wk, pave_cell *c, int *a, int *b)
{
    const pave_problem *pb = wk->pb;
    int label;
    wk->arb_evaluations++;
    pave_cell_box(wk->box + pb->xparam, pb->yparam >= 0 ? wk->box + pb->yparam : wk->ybox, wk->r, c);
    label = classify_once(wk, a, b);
    if (label == LABEL_SPLIT && c->level >= wk->maxlevel && pb->max_prec > pb->prec) {
        /* at the depth limit: is it the rounding, not the width, that blocks?
           Probe the cell's centre as a point; if that is undecided too, retry
           the cell at higher precision. */
        slong p = pb->prec;
        while (label == LABEL_SPLIT && p < pb->max_prec) {
            int pa, pbb, pl;
            arb_t cx, cy;
            arb_init(cx);
            arb_init(cy);
            arb_ptr yb = pb->yparam >= 0 ? wk->box + pb->yparam : wk->ybox;
            arb_set(cx, wk->box + pb->xparam);
            arb_set(cy, yb);
            arb_get_mid_arb(wk->box + pb->xparam, cx);
            arb_get_mid_arb(yb, cy);
            pl = classify_once(wk, &pa, &pbb);
            arb_swap(wk->box + pb->xparam, cx);
            arb_swap(yb, cy);
            arb_clear(cx);
            arb_clear(cy);
            if (pl != LABEL_SPLIT) break;
            p = FLINT_MIN(2 * p, pb->max_prec);
            expr_eval_set_prec(wk->ev, p);
            if (p > wk->max_prec_used) wk->max_prec_used = p;
            label = classify_once(wk, a, b);
        }
        if (p != pb->prec) expr_eval_set_prec(wk->ev, pb->prec);
    }
    return label;
}

/* The fast path first (when the program has one): a decided label is final;
 * an undecided cell above the depth limit is split; at the depth limit a
 * cell is first checked for points at its corners that witness that it is
 * undecidable (then it stays undecided without evaluation), and an undecided
 * one gets the Arb evaluation (with precision escalation).
 * Above the depth limit, c->label is a hint on entry (1: the parent's corners
 * witnessed it undecidable, so this cell's corners are tried first: about
 * half of such cells are crossed by the same boundary) and, for a cell to be
 * split, the same on return (1: its corners witness it undecidable, tried
 * before or after its evaluation), which its children get as their hint.
 * Every hint is a function of the cell and its ancestors only, so the
 * labels, and every count, are the same for every -j and tiling; a hint
 * changes which work is done, never a label (a witnessed cell can have no
 * label). */
static int classify(worker *wk, pave_cell *c, int *a, int *b)
{
    int label;
    if (wk->fe != NULL) {
        double xin[2], yin[2];
        int inside = fast_cell(wk, c, xin, yin);
        wk->evaluations++;
        /* a cell whose corners already show it undecidable needs no
           evaluation: at the depth limit its label could only be
           undecided, above it the cell could only be split (corners are
           shared with its neighbours). Above the limit, only where the
           parent's corners witnessed it. With a quantifier, a corner
           costs a search: the cell is tried first. */
        int tried = 0, hint = c->level < wk->maxlevel && c->label == 1;
        c->label = 0;
        if (inside && !wk->quantified && (c->level >= wk->maxlevel || hint)) {
            tried = 1;
            if (witnessed_undecidable(wk, xin, yin, NULL, 0)) {
                wk->witnessed++;
                c->label = 1;
                return LABEL_SPLIT;
            }
        }
        expr_fast_run(wk->fe, wk->flo, wk->fhi, 1);
        wk->fast_evaluations++;
        label = fast_label(wk, a, b);
        if (label == LABEL_SPLIT && c->level < wk->maxlevel && inside && !wk->quantified && !tried &&
            witnessed_undecidable(wk, xin, yin, NULL, 0))
            c->label = 1;   /* the children's hint */
        if (label != LABEL_SPLIT || c->level < wk->maxlevel) return label;
        if (inside && wk->quantified && witnessed_undecidable(wk, xin, yin, NULL, 0)) {
            wk->witnessed++;
            return LABEL_SPLIT;
        }
    }
    return classify_arb(wk, c, a, b);
}

/* The n cells c[0 .. n-1], siblings at the depth limit (the children of
 * one cell, in order), classified into lab[k] (ovl_a[k], ovl_b[k] for an
 * overlap) for the k with bit k of want set, as classify would, but with
 * a quantifier (where a corner costs a search) first the fast runs of all
 * of them, then the corner tests of the undecided ones, which take what
 * the siblings' fast runs proved on their boxes as facts at the corners
 * those boxes contain (every sibling holds the parent's centre, so a
 * decided sibling gives each of the others a corner for free). The labels
 * are classify's (a witnessed cell can have no label, so the facts change
 * which work is done, never a label); the work, and every count, depend
 * only on the family. Siblings not in want get their fast run, uncounted. */
static void classify_family(worker *wk, pave_cell *c, int n, int *lab, int *ovl_a, int *ovl_b, unsigned want)
{
    const pave_problem *pb = wk->pb;
    pave_fact fact[4];
    double xin[2], yin[2];
    int k, xp = pb->xparam, yp = pb->yparam;
    if (wk->fe == NULL || !wk->quantified || n < 2 || n > 4 || c[0].level < wk->maxlevel) {
        for (k = 0; k < n; k++)
            if (want >> k & 1) lab[k] = classify(wk, c + k, ovl_a + k, ovl_b + k);
        return;
    }
    for (k = 0; k < n; k++) {
        long ev = wk->evaluations, fe = wk->fast_evaluations;
        fast_cell(wk, c + k, xin, yin);
        wk->evaluations++;
        c[k].label = 0;
        expr_fast_run(wk->fe, wk->flo, wk->fhi, 1);
        wk->fast_evaluations++;
        lab[k] = fast_label(wk, ovl_a + k, ovl_b + k);
        fact[k].xlo = wk->flo[xp];
        fact[k].xhi = wk->fhi[xp];
        fact[k].ylo = yp >= 0 ? wk->flo[yp] : 0;
        fact[k].yhi = yp >= 0 ? wk->fhi[yp] : 0;
        fast_truth_bits(wk, &fact[k].ct, &fact[k].cf);
        if (!(want >> k & 1)) {
            wk->evaluations = ev;
            wk->fast_evaluations = fe;
        }
    }
    for (k = 0; k < n; k++) {
        if (!(want >> k & 1) || lab[k] != LABEL_SPLIT) continue;
        if (fast_cell(wk, c + k, xin, yin) && witnessed_undecidable(wk, xin, yin, fact, n)) {
            wk->witnessed++;
            continue;
        }
        lab[k] = classify_arb(wk, c + k, ovl_a + k, ovl_b + k);
    }
}

/* The n consecutive cells c[0 .. n-1] of one level classified into lab[]
 * (ovl_a, ovl_b: an overlap's regions), a run of siblings at a time
 * (children are made four, or two, at a time, and a chunk of CHUNK cells,
 * a multiple of four, never splits them). A cell alone (a tile's ancestor
 * or root) gets its whole family, as in the untiled run. */
static void classify_cells(worker *wk, pave_cell *c, long n, int *lab, int *ovl_a, int *ovl_b)
{
    long s = 0, e;
    int nch = wk->pb->yparam >= 0 ? 4 : 2;
    while (s < n) {
        for (e = s + 1; e < n && e - s < nch && c[e].level == c[s].level && c[e].i >> 1 == c[s].i >> 1 &&
                        c[e].j >> 1 == c[s].j >> 1; e++)
            ;
        if (e - s == 1 && c[s].level > 0 && c[s].level >= wk->maxlevel && wk->fe != NULL && wk->quantified) {
            pave_cell fam[4];
            int m, own = (int) (c[s].i & 1) + (nch == 4 ? 2 * (int) (c[s].j & 1) : 0), fl[4], fa[4], fb[4];
            for (m = 0; m < nch; m++) {   /* task_run's order of children */
                fam[m] = c[s];
                fam[m].i = (c[s].i & ~1u) + (uint32_t) (m & 1);
                fam[m].j = nch == 4 ? (c[s].j & ~1u) + (uint32_t) (m >> 1) : c[s].j;
            }
            classify_family(wk, fam, nch, fl, fa, fb, 1u << own);
            c[s].label = fam[own].label;
            lab[s] = fl[own];
            ovl_a[s] = fa[own];
            ovl_b[s] = fb[own];
        } else
            classify_family(wk, c + s, (int) (e - s), lab + s, ovl_a + s, ovl_b + s, (1u << (e - s)) - 1);
        s = e;
    }
}

#define CHUNK 32   /* cells a worker takes at a time */

/* Classifies the level's cells, CHUNK at a time from the shared index; each
 * label depends only on its cell, so the labels do not depend on which
 * thread took which chunk. */
static void *work(void *arg)
{
    worker *wk = arg;
    long s, i, e;
    struct timespec c0, c1;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c0);
    wk->level_cpu = 0;
    for (;;) {
        s = atomic_fetch_add(wk->next, CHUNK);
        if (s >= wk->n) break;
        e = FLINT_MIN(wk->n, s + CHUNK);
        if ((wk->pb->cancel && *wk->pb->cancel) || (wk->deadline > 0 && now() > wk->deadline)) {
            for (i = s; i < e; i++) wk->labels[i] = LABEL_SKIPPED;
            continue;
        }
        {
            /* the overlap's regions are written only for an overlap: the
               shared arrays see one write per cell, in this chunk's lines */
            int lab[CHUNK], a[CHUNK], b[CHUNK];
            classify_cells(wk, wk->cells + s, e - s, lab, a, b);
            for (i = s; i < e; i++) {
                wk->labels[i] = lab[i - s];
                if (lab[i - s] == LABEL_OVERLAP) {
                    wk->ovl_a[i] = a[i - s];
                    wk->ovl_b[i] = b[i - s];
                }
            }
        }
        if (wk->pb->account_tasks) {   /* a system call (about 0.75 us): only when asked */
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c1);
            wk->chunk_cpu[s / CHUNK] = (double) (c1.tv_sec - c0.tv_sec) + 1e-9 * (double) (c1.tv_nsec - c0.tv_nsec) - wk->level_cpu;
            wk->level_cpu += wk->chunk_cpu[s / CHUNK];
        }
    }
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c1);
    wk->level_cpu = (double) (c1.tv_sec - c0.tv_sec) + 1e-9 * (double) (c1.tv_nsec - c0.tv_nsec);
    return NULL;
}

/* The level's time on 2 idle cores: the chunks in order, each to the first
 * free of 2 workers (one worker if the level is run by one thread). */
static double sched2(const double *cost, long n, int one)
{
    double a = 0, b = 0;
    long i;
    for (i = 0; i < n; i++) {
        if (one || a <= b) a += cost[i];
        else b += cost[i];
    }
    return a > b ? a : b;
}

/* The grid in doubles, if x0, w (y0, h) are doubles exactly and far from
 * overflow and underflow. */
static void dgrid_set(dgrid *g, const pave_result *r)
{
    arf_t t;
    const arf_struct *src[4] = {r->x0, r->w, r->y0, r->h};
    double *dst[4] = {&g->x0, &g->w, &g->y0, &g->h};
    int k;
    arf_init(t);
    g->ok = 1;
    for (k = 0; k < 4; k++) {
        *dst[k] = arf_get_d(src[k], ARF_RND_DOWN);
        arf_set_d(t, *dst[k]);
        if (!arf_equal(t, src[k]) || !isfinite(*dst[k]) || fabs(*dst[k]) > 0x1p500 ||
            (*dst[k] != 0 && fabs(*dst[k]) < 0x1p-500))
            g->ok = 0;
    }
    if (g->w <= 0 || g->h <= 0) g->ok = 0;
    arf_clear(t);
}

/* ------------------------------------------------------------ driver */

static void push(pave_result *r, pave_cell c, int label)
{
    if (r->ncells == r->alloc) {
        r->alloc = r->alloc ? 2 * r->alloc : 1024;
        r->cells = flint_realloc(r->cells, r->alloc * sizeof(pave_cell));
    }
    c.label = (int16_t) label;
    r->cells[r->ncells++] = c;
}

void pave_sum_areas(pave_result *r, int nregions)
{
    long i;
    int p;
    for (p = 0; p < nregions; p++) r->area_lo[p] = 0;
    r->none = r->undecided = r->pending = 0;
    for (i = 0; i < r->ncells; i++) {
        const pave_cell *c = r->cells + i;
        double a = 1.0 / (double) ((uint64_t) 1 << (r->dim * c->level));
        if (c->label >= 0) r->area_lo[c->label] += a;
        else if (c->label == PAVE_NONE) r->none += a;
        else if (c->label == PAVE_UNDECIDED) r->undecided += a;
        else r->pending += a;
    }
    for (p = 0; p < nregions; p++) r->area_hi[p] = r->area_lo[p] + r->undecided + r->pending;
}

int pave_tile_level(int ntiles, int dim)
{
    int k = 0;
    if (ntiles < 1 || dim < 1 || dim > 2) return -1;
    while (ntiles > 1) {
        if (ntiles % (1 << dim)) return -1;
        ntiles >>= dim;
        k++;
    }
    return k;
}

/* The ancestors of tile pb->tile_index (levels 0 .. K-1, K the tile level) are
 * classified as in the whole run. Returns 1 if the tile's own level-K cell
 * is to be paved (every ancestor split), 0 if an ancestor is final (pushed
 * by the tile that holds its lower-left corner), -1 on an overlap. Work on
 * an ancestor is counted only by that tile too, so that the tiles' counts
 * add up to the whole run's. */
static int tile_ancestors(pave_result *r, worker *wk, const pave_problem *pb, int dim, pave_cell *root)
{
    int K = pave_tile_level(pb->tile_count, dim), l;
    uint32_t side = (uint32_t) 1 << K;
    uint32_t ti = (uint32_t) pb->tile_index % side;
    uint32_t tj = dim == 2 ? (uint32_t) pb->tile_index / side : 0;
    int16_t hint = 0;   /* classify's hint, as the whole run passes it down */
    for (l = 0; l < K; l++) {
        pave_cell c;
        uint32_t mask = ((uint32_t) 1 << (K - l)) - 1;
        int owner = (ti & mask) == 0 && (tj & mask) == 0, a = 0, b = 0, lab;
        long ev = wk->evaluations, fe = wk->fast_evaluations, ae = wk->arb_evaluations, wi = wk->witnessed;
        ulong ins = expr_eval_count(wk->ev);
        c.i = ti >> (K - l);
        c.j = tj >> (K - l);
        c.level = (uint8_t) l;
        c.label = hint;
        classify_cells(wk, &c, 1, &lab, &a, &b);
        hint = c.label;
        if (!owner) {   /* the owner counts this work */
            wk->evaluations = ev;
            wk->fast_evaluations = fe;
            wk->arb_evaluations = ae;
            wk->witnessed = wi;
            wk->uncounted += expr_eval_count(wk->ev) - ins;
        }
        if (l > r->max_depth) r->max_depth = l;
        if (lab == LABEL_OVERLAP) {
            r->overlap = 1;
            r->overlap_a = a;
            r->overlap_b = b;
            r->overlap_cell = c;
            return -1;
        }
        if (lab >= 0 || lab == PAVE_NONE || l >= pb->depth) {
            if (owner) push(r, c, lab >= 0 || lab == PAVE_NONE ? lab : PAVE_UNDECIDED);
            return 0;
        }
    }
    root->i = ti;
    root->j = tj;
    root->level = (uint8_t) K;
    root->label = hint;
    return 1;
}

/* ------------------------------------------------------------ tasks: no level barrier */

/* The scheduler without level barriers. A task is up to CHUNK cells of one
 * level that are consecutive in the level-synchronous order; classifying
 * them makes the tasks of their split cells' children (in order, CHUNK a
 * task, at most 4), which go on a shared stack that any thread takes from.
 * The threads start once per paving (when the stack first holds two tasks)
 * and meet only at the stack, never at the end of a level. The task tree
 * read breadth first is the level-synchronous order (level by level, the
 * children of earlier cells first), and each label depends only on its
 * cell, so the final cells, their order and every count are those of the
 * level-synchronous run, for every number of threads. Budgets whose effect
 * depends on that order (cells, seconds, stop labels) and the two events
 * that stop a level-synchronous run part way (an overlap, the memory cap)
 * are left to it: the first three choose it from the start, the last two
 * make this run give up (return 1) so that it runs instead, from the same
 * state. */

typedef struct ptask ptask;
struct ptask {
    ptask *child[4];      /* the children of this task's split cells, CHUNK a task, in order */
    ptask *next;          /* the stack's link */
    int n, nchild;
    double cpu;           /* CPU seconds of classifying these cells (for cpu_sched2) */
    pave_cell cell[CHUNK];
    int16_t label[CHUNK];
};

#define TASK_BLOCK 128    /* tasks allocated at a time by one worker */

typedef struct tblock { struct tblock *prev; ptask t[TASK_BLOCK]; } tblock;

typedef struct tsched {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    ptask *top;           /* the stack of ready tasks */
    long ntop;            /* tasks on it */
    long inflight;        /* tasks on the stack or being classified */
    int waiting;          /* threads waiting for a task */
    atomic_int stop;      /* 1: give up (an overlap, the memory cap) */
    atomic_long cells;    /* cells made so far (the root included) */
    long cap;             /* give up above this many cells */
} tsched;

static ptask *task_new(worker *wk)
{
    if (wk->tfree == 0) {
        tblock *b = flint_malloc(sizeof(tblock));
        b->prev = wk->tblocks;
        wk->tblocks = b;
        wk->tfree = TASK_BLOCK;
    }
    wk->ntasks++;
    return &wk->tblocks->t[--wk->tfree];
}

static double thread_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

/* Classifies t's cells and makes the tasks of the split cells' children.
 * Returns -1 if the run is to give up (an overlap, the memory cap). */
static int task_run(worker *wk, tsched *s, ptask *t)
{
    const pave_problem *pb = wk->pb;
    int k, dim = pb->yparam >= 0 ? 2 : 1, nch = 1 << dim, nsplit = 0, m, lab[CHUNK], a[CHUNK], b[CHUNK];
    long made;
    ptask *c = NULL;
    t->nchild = 0;
    if (pb->cancel && *pb->cancel) {
        for (k = 0; k < t->n; k++) t->label[k] = LABEL_SKIPPED;
        wk->nfinal += t->n;
        return 0;
    }
    classify_cells(wk, t->cell, t->n, lab, a, b);
    for (k = 0; k < t->n; k++) {
        if (lab[k] == LABEL_OVERLAP) return -1;
        if (t->cell[k].level > wk->deepest) wk->deepest = t->cell[k].level;
        t->label[k] = (int16_t) lab[k];
        if (lab[k] >= 0 || lab[k] == PAVE_NONE)
            wk->decided += 1.0 / (double) ((uint64_t) 1 << (dim * t->cell[k].level));
        if (lab[k] == LABEL_SPLIT && t->cell[k].level < wk->maxlevel) {
            nsplit++;
            continue;
        }
        wk->nfinal++;   /* a cell of the result */
    }
    if (nsplit == 0) return 0;
    made = atomic_fetch_add(&s->cells, (long) nsplit * nch) + (long) nsplit * nch;
    if (made > s->cap) return -1;
    for (k = 0; k < t->n; k++) {
        const pave_cell *p = t->cell + k;
        if (t->label[k] != LABEL_SPLIT || p->level >= wk->maxlevel) continue;
        for (m = 0; m < nch; m++) {
            pave_cell *q;
            if (c == NULL || c->n == CHUNK) {
                c = task_new(wk);
                c->n = 0;
                c->nchild = 0;
                c->cpu = 0;
                t->child[t->nchild++] = c;
            }
            q = c->cell + c->n++;
            q->i = 2 * p->i + (m & 1);
            q->j = dim == 2 ? 2 * p->j + (m >> 1) : 0;
            q->level = (uint8_t) (p->level + 1);
            q->label = p->label;   /* classify's hint */
        }
    }
    return 0;
}

static void progress_line(worker *wk, int nt, tsched *s, double t0)
{
    const pave_problem *pb = wk->pb;
    double dec = 0;
    int t, deep = 0;
    for (t = 0; t < nt; t++) {
        dec += atomic_load_explicit(&wk[t].decided_shown, memory_order_relaxed);
        deep = FLINT_MAX(deep, atomic_load_explicit(&wk[t].deepest_shown, memory_order_relaxed));
    }
    fprintf(stderr, "\r%s: depth %d/%d, %ld cells, decided %.4f%%, %.2f s   ", pb->name ? pb->name : "plot", deep,
            pb->depth, atomic_load(&s->cells), 100 * dec, now() - t0);
}

/* A thread of the task scheduler: takes tasks until none is left or the
 * run gives up. Worker 0 (the calling thread) starts the others when the
 * stack first holds two tasks, and prints the progress line. */
static void *task_work(void *arg)
{
    worker *wk = arg;
    tsched *s = wk->sched;
    double start = thread_cpu(), c0 = start, c1, shown = now();
    int account = wk->pb->account_tasks;
    for (;;) {
        ptask *t;
        int k, st;
        pthread_mutex_lock(&s->mu);
        while (s->top == NULL && s->inflight > 0 && !atomic_load(&s->stop)) {
            double w0 = now();
            s->waiting++;
            pthread_cond_wait(&s->cv, &s->mu);
            s->waiting--;
            wk->wait += now() - w0;
        }
        if (s->top == NULL || atomic_load(&s->stop)) {
            pthread_mutex_unlock(&s->mu);
            break;
        }
        t = s->top;
        s->top = t->next;
        s->ntop--;
        pthread_mutex_unlock(&s->mu);

        st = task_run(wk, s, t);
        if (account) {   /* a system call (about 0.75 us) a task: only when asked */
            c1 = thread_cpu();
            t->cpu = c1 - c0;
            c0 = c1;
        }

        pthread_mutex_lock(&s->mu);
        if (st < 0) atomic_store(&s->stop, 1);
        for (k = t->nchild - 1; k >= 0; k--) {   /* the first child on top */
            t->child[k]->next = s->top;
            s->top = t->child[k];
            s->ntop++;
        }
        s->inflight += t->nchild - 1;
        if (s->waiting > 0 && (t->nchild > 0 || s->inflight == 0 || st < 0)) {
            if (t->nchild > 1 || s->inflight == 0 || st < 0) pthread_cond_broadcast(&s->cv);
            else pthread_cond_signal(&s->cv);
        }
        k = s->ntop >= 2;
        pthread_mutex_unlock(&s->mu);
        if (wk->self == 0 && k && !wk->started) {
            /* started: the threads running (a thread that cannot be made
               leaves its share to the others) */
            int i;
            wk->started = 1;
            for (i = 1; i < wk->nthreads; i++) {
                wk[wk->started].sched = s;
                if (pthread_create(&wk->th[wk->started], NULL, task_work, &wk[wk->started]) == 0) wk->started++;
            }
        }
        if (wk->pb->progress) {
            atomic_store_explicit(&wk->decided_shown, wk->decided, memory_order_relaxed);
            atomic_store_explicit(&wk->deepest_shown, wk->deepest, memory_order_relaxed);
            if (wk->self == 0 && now() - shown > 0.25) {
                progress_line(wk, wk->started ? wk->started : 1, s, wk->t0);
                shown = now();
            }
        }
    }
    wk->level_cpu = thread_cpu() - start;
    return NULL;
}

/* The same tasks on 2 idle workers: each free worker takes the top of the
 * stack, a finished task pushes its children (first child on top), with
 * the CPU time each task took in this run. */
static double tasks_sched2(ptask *root, long ntasks)
{
    ptask **stack = flint_malloc((ntasks + 1) * sizeof(ptask *)), *cur[2] = {NULL, NULL};
    double busy[2] = {0, 0}, clock = 0;
    long n = 0;
    int w, k;
    stack[n++] = root;
    for (;;) {
        for (w = 0; w < 2; w++)
            if (cur[w] == NULL && n > 0) {
                cur[w] = stack[--n];
                busy[w] = clock + cur[w]->cpu;
            }
        if (cur[0] == NULL && cur[1] == NULL) break;
        w = cur[1] == NULL || (cur[0] != NULL && busy[0] <= busy[1]) ? 0 : 1;
        clock = busy[w];
        for (k = cur[w]->nchild - 1; k >= 0; k--) stack[n++] = cur[w]->child[k];
        cur[w] = NULL;
    }
    flint_free(stack);
    return clock;
}

/* Paves from `root` with the task scheduler. Returns 0 (r holds the cells
 * and every count but the workers' own, which the caller sums), or 1: the
 * run gave up (an overlap or the memory cap); r is untouched and the
 * workers' counts are as they were at the call. */
static int pave_tasks(pave_result *r, worker *wk, int nt, const pave_problem *pb, pave_cell root)
{
    tsched s;
    ptask *rt, **queue;
    long q0 = 0, q1 = 0, ntasks = 0;
    int t, k, status;
    pthread_t *th = flint_malloc(nt * sizeof(pthread_t));

    for (t = 0; t < nt; t++) {   /* what a give-up restores */
        wk[t].snap_ev = wk[t].evaluations;
        wk[t].snap_fe = wk[t].fast_evaluations;
        wk[t].snap_ae = wk[t].arb_evaluations;
        wk[t].snap_wi = wk[t].witnessed;
        wk[t].snap_ins = expr_eval_count(wk[t].ev);
        wk[t].snap_mp = wk[t].max_prec_used;
        wk[t].self = t;
        wk[t].nthreads = nt;
        wk[t].th = th;
        wk[t].started = 0;
        wk[t].level_cpu = 0;
        wk[t].wait = 0;
        wk[t].decided = 0;
        wk[t].deepest = root.level;
        atomic_store(&wk[t].decided_shown, 0.0);
        atomic_store(&wk[t].deepest_shown, (int) root.level);
        wk[t].tblocks = NULL;
        wk[t].tfree = 0;
        wk[t].ntasks = 0;
        wk[t].nfinal = 0;
        wk[t].t0 = now();
    }
    pthread_mutex_init(&s.mu, NULL);
    pthread_cond_init(&s.cv, NULL);
    atomic_store(&s.stop, 0);
    atomic_store(&s.cells, 1);
    /* no more than the level-synchronous run could hold under its memory cap */
    s.cap = pb->task_cap > 0 && pb->task_cap < PAVE_MEMORY_CELLS ? pb->task_cap : PAVE_MEMORY_CELLS / 2;
    s.waiting = 0;
    rt = task_new(&wk[0]);
    rt->n = 1;
    rt->nchild = 0;
    rt->cpu = 0;
    rt->cell[0] = root;
    rt->next = NULL;
    s.top = rt;
    s.ntop = 1;
    s.inflight = 1;
    wk[0].sched = &s;
    task_work(&wk[0]);
    for (t = 1; t < wk[0].started; t++) pthread_join(th[t], NULL);
    status = atomic_load(&s.stop) ? 1 : 0;
    if (pb->progress && status == 0) progress_line(wk, nt, &s, wk[0].t0);   /* the final state */
    pthread_mutex_destroy(&s.mu);
    pthread_cond_destroy(&s.cv);

    if (status == 0) {
        /* the cells, breadth first: the level-synchronous order */
        double mx = 0;
        long nfinal = r->ncells;
        for (t = 0; t < nt; t++) {
            ntasks += wk[t].ntasks;
            nfinal += wk[t].nfinal;
        }
        if (nfinal > r->alloc) {   /* one allocation for the result */
            r->alloc = nfinal;
            r->cells = flint_realloc(r->cells, r->alloc * sizeof(pave_cell));
        }
        queue = flint_malloc(ntasks * sizeof(ptask *));
        queue[q1++] = rt;
        while (q0 < q1) {
            ptask *x = queue[q0++];
            for (k = 0; k < x->n; k++) {
                int lab = x->label[k];
                if (x->cell[k].level > r->max_depth) r->max_depth = x->cell[k].level;
                if (lab >= 0 || lab == PAVE_NONE) push(r, x->cell[k], lab);
                else if (lab == LABEL_SKIPPED) { push(r, x->cell[k], PAVE_PENDING); r->budget_hit = 2; }
                else if (x->cell[k].level >= pb->depth) push(r, x->cell[k], PAVE_UNDECIDED);
            }
            for (k = 0; k < x->nchild; k++) queue[q1++] = x->child[k];
        }
        if (pb->account_tasks) r->cpu_sched2 += tasks_sched2(rt, ntasks);
        flint_free(queue);
        for (t = 0; t < nt; t++) {
            r->cpu_threads += wk[t].level_cpu;
            r->wait_seconds += wk[t].wait;
            if (wk[t].level_cpu > mx) mx = wk[t].level_cpu;
        }
        r->cpu_critical += mx;
    } else
        for (t = 0; t < nt; t++) {
            wk[t].evaluations = wk[t].snap_ev;
            wk[t].fast_evaluations = wk[t].snap_fe;
            wk[t].arb_evaluations = wk[t].snap_ae;
            wk[t].witnessed = wk[t].snap_wi;
            wk[t].uncounted += expr_eval_count(wk[t].ev) - wk[t].snap_ins;
            wk[t].max_prec_used = wk[t].snap_mp;
        }
    for (t = 0; t < nt; t++)
        while (wk[t].tblocks) {
            tblock *b = wk[t].tblocks;
            wk[t].tblocks = b->prev;
            flint_free(b);
        }
    flint_free(th);
    return status;
}

int pave_run(pave_result *r, const pave_problem *pb)
{
    int nt = pb->threads < 1 ? 1 : pb->threads, t, level, k, p;
    worker *wk = flint_calloc(nt, sizeof(worker));
    pthread_t *th = flint_malloc(nt * sizeof(pthread_t));
    pave_cell *front = flint_malloc(sizeof(pave_cell)), *next = NULL;
    long nfront = 1, cfront = 1, nnext, anext = 0, i;
    int *labels = NULL, *oa = NULL, *ob = NULL;
    long alabels = 0;
    double t0 = now(), deadline = pb->seconds > 0 ? t0 + pb->seconds : 0;
    int active[2] = {pb->xparam, pb->yparam};
    int status = 0, dim = pb->yparam >= 0 ? 2 : 1, nchild = 1 << dim;
    dgrid dg;
    atomic_long next_chunk;

    int level0 = 0;
    double *chunk_cpu = NULL;
    long achunks = 0;

    /* areas are summed exactly in double: 4^-depth needs depth <= 26 */
    if (pb->depth > PAVE_MAX_DEPTH || (pb->tile_count > 1 &&
        (pave_tile_level(pb->tile_count, dim) < 0 || pave_tile_level(pb->tile_count, dim) > PAVE_MAX_DEPTH ||
         pb->tile_index < 0 || pb->tile_index >= pb->tile_count))) {
        flint_free(wk); flint_free(th); flint_free(front);
        return -2;
    }
    r->tile_index = pb->tile_count > 1 ? pb->tile_index : 0;
    r->tile_count = pb->tile_count > 1 ? pb->tile_count : 1;
    grid_axis(r->x0, r->w, pb->x_lo, pb->x_hi, 26);
    if (dim == 2) grid_axis(r->y0, r->h, pb->y_lo, pb->y_hi, 26);
    else { arf_zero(r->y0); arf_one(r->h); }
    r->dim = dim;
    r->area_lo = flint_calloc(pb->nregions + 1, sizeof(double));
    r->area_hi = flint_calloc(pb->nregions + 1, sizeof(double));
    r->max_prec_used = pb->prec;
    dgrid_set(&dg, r);

    for (t = 0; t < nt; t++) {
        wk[t].pb = pb;
        wk[t].r = r;
        wk[t].ev = expr_eval_new(pb->prog, active, dim, pb->prec);
        wk[t].fe = dg.ok && !pb->no_fast ? expr_fast_new(pb->prog, active, dim) : NULL;
        wk[t].flo = (double *) flint_calloc(pb->nparams + 1 + 2 * FPAD, sizeof(double)) + FPAD;
        wk[t].fhi = (double *) flint_calloc(pb->nparams + 1 + 2 * FPAD, sizeof(double)) + FPAD;
        for (k = 0; k < pb->nparams; k++) expr_fast_enclose(wk[t].flo + k, wk[t].fhi + k, pb->box + k);
        wk[t].dg = &dg;
        wk[t].next = &next_chunk;
        arb_init(wk[t].ybox);
        wk[t].box = _arb_vec_init(pb->nparams);
        _arb_vec_set(wk[t].box, pb->box, pb->nparams);
        wk[t].deadline = deadline;
        wk[t].maxlevel = pb->depth;
        wk[t].quantified = expr_prog_nquants(pb->prog) > 0;
        wk[t].max_prec_used = pb->prec;
        wk[t].cx = flint_malloc(CORNERS * sizeof(double));
        wk[t].cy = flint_malloc(CORNERS * sizeof(double));
        wk[t].ct = flint_malloc(CORNERS * sizeof(unsigned));
        wk[t].cf = flint_malloc(CORNERS * sizeof(unsigned));
        for (k = 0; k < CORNERS; k++) wk[t].cx[k] = NAN;
    }
    front[0].i = front[0].j = 0;
    front[0].level = 0;
    front[0].label = 0;
    if (pb->tile_count > 1) {   /* a tile: its ancestors first, then its own quadtree */
        int st = tile_ancestors(r, &wk[0], pb, dim, &front[0]);
        if (st < 0) status = -1;
        if (st <= 0) nfront = 0;
        else level0 = front[0].level;
    }
    /* without budgets that depend on the level order, the task scheduler
       (no level barrier); an overlap or the memory cap hands the paving
       back to the level-synchronous loop below */
    if (nfront > 0 && !pb->sync_levels && pb->max_cells <= 0 && pb->seconds <= 0 && pb->stop_labels == 0 &&
        pave_tasks(r, wk, nt, pb, front[0]) == 0)
        nfront = 0;

    for (level = level0; nfront > 0; level++) {
        long evaluated_before;
        int ntl;
        double lw;
        if (nfront > alabels) {
            alabels = nfront;
            labels = flint_realloc(labels, alabels * sizeof(int));
            oa = flint_realloc(oa, alabels * sizeof(int));
            ob = flint_realloc(ob, alabels * sizeof(int));
        }
        atomic_store(&next_chunk, 0);
        if ((nfront + CHUNK - 1) / CHUNK > achunks) {
            achunks = (nfront + CHUNK - 1) / CHUNK;
            chunk_cpu = flint_realloc(chunk_cpu, achunks * sizeof(double));
        }
        for (i = 0; i < (nfront + CHUNK - 1) / CHUNK; i++) chunk_cpu[i] = 0;
        for (t = 0; t < nt; t++) {
            wk[t].chunk_cpu = chunk_cpu;
            wk[t].level_cpu = 0;
            wk[t].cells = front;
            wk[t].n = nfront;
            wk[t].labels = labels;
            wk[t].ovl_a = oa;
            wk[t].ovl_b = ob;
        }
        ntl = nfront < 2 * CHUNK ? 1 : nt;   /* a thread per chunk at most */
        lw = now();
        if (ntl == 1) work(&wk[0]);
        else {
            for (t = 1; t < ntl; t++) pthread_create(&th[t], NULL, work, &wk[t]);
            work(&wk[0]);
            for (t = 1; t < ntl; t++) pthread_join(th[t], NULL);
        }
        lw = now() - lw;
        {   /* CPU accounting: the level's busiest thread is its critical path */
            double mx = 0;
            for (t = 0; t < ntl; t++) {
                r->cpu_threads += wk[t].level_cpu;
                if (wk[t].level_cpu > mx) mx = wk[t].level_cpu;
                /* the thread's share of the level's wall time not spent
                   classifying: start, barrier, join (and the load) */
                if (ntl > 1 && lw > wk[t].level_cpu) r->wait_seconds += lw - wk[t].level_cpu;
            }
            r->cpu_critical += mx;
            r->cpu_sched2 += sched2(chunk_cpu, (nfront + CHUNK - 1) / CHUNK, nfront < 2 * CHUNK);
        }
        r->max_depth = level;
        evaluated_before = 0;
        for (t = 0; t < nt; t++) evaluated_before += wk[t].evaluations;

        /* collect, in order: decided cells are final, undecided ones split */
        nnext = 0;
        for (i = 0; i < nfront; i++) {
            int lab = labels[i];
            if (lab == LABEL_OVERLAP) {
                if (!r->overlap) {
                    r->overlap = 1;
                    r->overlap_a = oa[i];
                    r->overlap_b = ob[i];
                    r->overlap_cell = front[i];
                }
                status = -1;
                continue;
            }
            if (lab >= 0 || lab == PAVE_NONE) { push(r, front[i], lab); continue; }
            if (lab == LABEL_SKIPPED) { push(r, front[i], PAVE_PENDING); r->budget_hit = 2; continue; }
            if (level >= pb->depth) { push(r, front[i], PAVE_UNDECIDED); continue; }
            if (pb->max_cells > 0 && evaluated_before + nnext + nchild > pb->max_cells) {
                push(r, front[i], PAVE_PENDING);
                r->budget_hit = 1;
                continue;
            }
            if (r->ncells + nnext + nchild > PAVE_MEMORY_CELLS) {   /* memory cap */
                push(r, front[i], PAVE_PENDING);
                r->budget_hit = 3;
                continue;
            }
            if (nnext + nchild > anext) {
                anext = 2 * (nnext + nchild);
                next = flint_realloc(next, anext * sizeof(pave_cell));
            }
            for (k = 0; k < nchild; k++) {
                pave_cell c;
                c.i = 2 * front[i].i + (k & 1);
                c.j = dim == 2 ? 2 * front[i].j + (k >> 1) : 0;
                c.level = (uint8_t) (level + 1);
                c.label = front[i].label;   /* classify's hint */
                next[nnext++] = c;
            }
        }
        if (pb->stop_labels) {   /* a cell of this level with a stop label: the rest left pending */
            for (i = r->ncells - 1; i >= 0 && r->cells[i].level == level; i--)
                if (r->cells[i].label >= 0 && r->cells[i].label < 32 && (pb->stop_labels >> r->cells[i].label & 1u))
                    break;
            if (i >= 0 && r->cells[i].level == level) {
                for (i = 0; i < nnext; i++) push(r, next[i], PAVE_PENDING);
                r->stopped = 1;
                nnext = 0;
            }
        }
        if (pb->progress) {
            double dec = 0;
            for (i = 0; i < r->ncells; i++)
                if (r->cells[i].label >= 0 || r->cells[i].label == PAVE_NONE)
                    dec += 1.0 / (double) ((uint64_t) 1 << (dim * r->cells[i].level));
            fprintf(stderr, "\r%s: depth %d/%d, %ld cells, decided %.4f%%, %.2f s   ",
                    pb->name ? pb->name : "plot", level, pb->depth, r->ncells + nnext, 100 * dec,
                    now() - t0);
        }
        {
            pave_cell *tmp = front;
            long tcap = cfront;
            front = next;
            cfront = anext;
            nfront = nnext;
            next = tmp;
            anext = tcap;
        }
        if (status < 0) break;
    }
    if (pb->progress) fputc('\n', stderr);

    pave_sum_areas(r, pb->nregions);
    (void) p;

    for (t = 0; t < nt; t++) {
        r->evaluations += wk[t].evaluations;
        r->fast_evaluations += wk[t].fast_evaluations;
        r->arb_evaluations += wk[t].arb_evaluations;
        r->witnessed += wk[t].witnessed;
        expr_fast_free(wk[t].fe);
        flint_free(wk[t].cx);
        flint_free(wk[t].cy);
        flint_free(wk[t].ct);
        flint_free(wk[t].cf);
        flint_free(wk[t].flo - FPAD);
        flint_free(wk[t].fhi - FPAD);
        r->instructions += expr_eval_count(wk[t].ev) - wk[t].uncounted;
        if (wk[t].max_prec_used > r->max_prec_used) r->max_prec_used = wk[t].max_prec_used;
        expr_eval_free(wk[t].ev);
        arb_clear(wk[t].ybox);
        _arb_vec_clear(wk[t].box, pb->nparams);
    }
    r->seconds = now() - t0;
    flint_free(wk);
    flint_free(th);
    flint_free(front);
    flint_free(next);
    flint_free(chunk_cpu);
    flint_free(labels);
    flint_free(oa);
    flint_free(ob);
    return status;
}
