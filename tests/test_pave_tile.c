/* test_pave_tile.c -- the paving's cells do not depend on how the work is
 * split: tiles (1, 4, 16 in 2-D; 2, 4, 8 in 1-D) merged give the whole
 * run's cells, CSV bytes, areas and counts; threads 1, 2, 8 give the same
 * cells; the task scheduler (no level barrier) gives the level-synchronous
 * run's cells and counts; the double-interval fast path never contradicts the Arb-only
 * engine (cell by cell on a common raster); merge rejects tiles that do not
 * fit together. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "pave/pave.h"
#include "test_pave_util.h"

static const char *const names[4] = {"r0", "r1", "r2", "r3"};

static char *csv(const pave_result *r, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    assert_non_null(f);
    assert_int_equal(pave_write_csv(f, r, names), 0);
    fclose(f);
    return buf;
}

static void assert_same(const pave_result *a, const pave_result *b, int nregions)
{
    long i;
    int p;
    char *ca, *cb;
    size_t la, lb;
    assert_int_equal(a->ncells, b->ncells);
    for (i = 0; i < a->ncells; i++) {
        assert_int_equal(a->cells[i].i, b->cells[i].i);
        assert_int_equal(a->cells[i].j, b->cells[i].j);
        assert_int_equal(a->cells[i].level, b->cells[i].level);
        assert_int_equal(a->cells[i].label, b->cells[i].label);
    }
    for (p = 0; p < nregions; p++) {
        assert_true(a->area_lo[p] == b->area_lo[p]);
        assert_true(a->area_hi[p] == b->area_hi[p]);
    }
    assert_true(a->none == b->none && a->undecided == b->undecided && a->pending == b->pending);
    ca = csv(a, &la);
    cb = csv(b, &lb);
    assert_int_equal(la, lb);
    assert_memory_equal(ca, cb, la);
    free(ca);
    free(cb);
}

/* every tiling of the problem merged equals the whole run */
static void check_tilings(setup *S, const int *counts, int ncounts)
{
    pave_result whole;
    int c, k;
    pave_result_init(&whole);
    S->pb.tile_index = S->pb.tile_count = 0;
    assert_int_equal(pave_run(&whole, &S->pb), 0);
    for (c = 0; c < ncounts; c++) {
        int n = counts[c];
        pave_result *t = flint_malloc(n * sizeof(pave_result)), **tp = flint_malloc(n * sizeof(pave_result *));
        pave_result merged;
        for (k = 0; k < n; k++) {
            pave_result_init(t + k);
            tp[k] = t + k;
            S->pb.tile_index = k;
            S->pb.tile_count = n;
            S->pb.threads = 1 + k % 2;
            assert_int_equal(pave_run(t + k, &S->pb), 0);
        }
        pave_result_init(&merged);
        assert_int_equal(pave_merge(&merged, tp, n, S->nroots), 0);
        assert_same(&whole, &merged, S->nroots);
        assert_int_equal(merged.evaluations, whole.evaluations);
        assert_int_equal(merged.fast_evaluations, whole.fast_evaluations);
        assert_int_equal(merged.arb_evaluations, whole.arb_evaluations);
        assert_int_equal(merged.max_depth, whole.max_depth);
        assert_true(merged.instructions == whole.instructions);
        pave_result_clear(&merged);
        for (k = 0; k < n; k++) pave_result_clear(t + k);
        flint_free(t);
        flint_free(tp);
    }
    S->pb.tile_index = S->pb.tile_count = 0;
    S->pb.threads = 1;
    pave_result_clear(&whole);
}

static const char *const rod_defs[] = {"B=1 + 3*cos(x)^2 - 3*y*sin(x)*cos(x)"};
static const char *const rod_regions[] = {"B > 0", "B < 0"};
/* three regions; A0 = -g + h sin(x) w^2 with the angular velocity w = 3 y */
static const char *const rod3_defs[] = {"B=1 + 3*cos(x)^2 - 3*y*sin(x)*cos(x)", "A0=-981/100 + sin(x)*(3*y)^2"};
static const char *const rod3_regions[] = {"B > 0", "B < 0 and A0 > 0", "B < 0 and A0 < 0"};

/* a quantified region (bench_quant's, on x = k in [1/2, 8], y = mu in [0, 3]):
 * searched on the fast path, with Arb at the depth limit */
static const char *const q_regions[] = {"exists t in 0 .. pi/2 : 1 + x*cos(t)^2 - x*y*sin(t)*cos(t) < 0",
                                        "not (exists t in 0 .. pi/2 : 1 + x*cos(t)^2 - x*y*sin(t)*cos(t) < 0)"};

static void test_tiles_2d(void **state)
{
    static const int counts[] = {1, 4, 16};
    setup S;
    int k;
    (void) state;
    setup_init(&S, rod_defs, 1, rod_regions, 2, "0", "pi/2", "0", "3", 9, 2);
    check_tilings(&S, counts, 3);
    setup_clear(&S);
    setup_init(&S, rod3_defs, 2, rod3_regions, 3, "0", "pi/2", "0", "3", 8, 2);
    check_tilings(&S, counts, 3);
    /* depth below the tile level: tiles smaller than the smallest cell */
    S.pb.depth = 1;
    check_tilings(&S, counts, 3);
    setup_clear(&S);
    setup_init(&S, NULL, 0, q_regions, 2, "1/2", "8", "0", "3", 7, 2);
    check_tilings(&S, counts, 3);
    /* the depth limit at or above the tile level: cells at the limit are
       classified with their siblings' facts, in a tile as in the whole run */
    for (k = 1; k <= 3; k++) {
        S.pb.depth = k;
        check_tilings(&S, counts, 3);
    }
    setup_clear(&S);
    /* decided on the whole box at level 0: only tile 0 keeps the cell */
    {
        static const char *const all[] = {"x > -1"};
        setup_init(&S, NULL, 0, all, 1, "0", "1", "0", "1", 6, 2);
        check_tilings(&S, counts, 3);
        setup_clear(&S);
    }
}

static void test_tiles_1d(void **state)
{
    static const int counts[] = {1, 2, 4, 8};
    static const char *const reg[] = {"sin(3*x) > 1/3", "sin(3*x) < 1/3"};
    setup S;
    (void) state;
    setup_init(&S, NULL, 0, reg, 2, "-2", "5/2", "0", "1", 10, 1);
    check_tilings(&S, counts, 4);
    setup_clear(&S);
}

static void test_threads_identical(void **state)
{
    static const int threads[] = {2, 8};
    setup S;
    pave_result a, b;
    int t, prob;
    (void) state;
    for (prob = 0; prob < 2; prob++) {   /* the three-region rod; a quantified region */
        if (prob == 0) setup_init(&S, rod3_defs, 2, rod3_regions, 3, "0", "pi/2", "0", "3", 10, 2);
        else setup_init(&S, NULL, 0, q_regions, 2, "1/2", "8", "0", "3", 9, 2);
        pave_result_init(&a);
        assert_int_equal(pave_run(&a, &S.pb), 0);
        for (t = 0; t < 2; t++) {
            S.pb.threads = threads[t];
            pave_result_init(&b);
            assert_int_equal(pave_run(&b, &S.pb), 0);
            assert_same(&a, &b, S.nroots);
            assert_int_equal(a.evaluations, b.evaluations);
            pave_result_clear(&b);
        }
        pave_result_clear(&a);
        setup_clear(&S);
    }
}

/* every count a paving reports, as the level-synchronous run's */
static void assert_same_counts(const pave_result *a, const pave_result *b)
{
    assert_int_equal(a->evaluations, b->evaluations);
    assert_int_equal(a->fast_evaluations, b->fast_evaluations);
    assert_int_equal(a->arb_evaluations, b->arb_evaluations);
    assert_int_equal(a->witnessed, b->witnessed);
    assert_true(a->instructions == b->instructions);
    assert_int_equal(a->max_depth, b->max_depth);
    assert_int_equal(a->max_prec_used, b->max_prec_used);
    assert_int_equal(a->budget_hit, b->budget_hit);
    assert_int_equal(a->overlap, b->overlap);
    if (a->overlap) {
        assert_int_equal(a->overlap_a, b->overlap_a);
        assert_int_equal(a->overlap_b, b->overlap_b);
        assert_int_equal(a->overlap_cell.i, b->overlap_cell.i);
        assert_int_equal(a->overlap_cell.j, b->overlap_cell.j);
        assert_int_equal(a->overlap_cell.level, b->overlap_cell.level);
    }
}

/* The task scheduler (no level barrier, the default without budgets) gives
 * the level-synchronous run's cells, order, CSV bytes and counts for 1, 2
 * and 8 threads: a 2-D and a 1-D paving, a quantified region, a tile, a
 * paving with cells at the depth limit that need Arb, and its two ways of
 * giving up to the level-synchronous loop (a cell cap made small, an
 * overlap of two regions). */
static void test_tasks_identical(void **state)
{
    static const int threads[] = {1, 2, 8};
    static const char *const reg1[] = {"sin(3*x) > 1/3", "sin(3*x) < 1/3"};
    static const char *const ovl[] = {"x > 1/4", "x > 1/8", "y < -10"};
    /* exp has no fast path: every cell on Arb */
    static const char *const slow[] = {"exp(x) * y > 2", "exp(x) * y < 2"};
    setup S;
    pave_result a, b;
    int t, prob, cap, want;
    (void) state;
    for (prob = 0; prob < 6; prob++) {
        if (prob == 0) setup_init(&S, rod3_defs, 2, rod3_regions, 3, "0", "pi/2", "0", "3", 10, 2);
        else if (prob == 1) setup_init(&S, NULL, 0, q_regions, 2, "1/2", "8", "0", "3", 8, 2);
        else if (prob == 2) setup_init(&S, NULL, 0, reg1, 2, "-2", "5/2", "0", "1", 12, 1);
        else if (prob == 3) {   /* the tile of 16 with the most cells */
            int k, best = 0;
            long most = 0;
            setup_init(&S, rod3_defs, 2, rod3_regions, 3, "0", "pi/2", "0", "3", 9, 2);
            S.pb.tile_count = 16;
            S.pb.sync_levels = 1;
            for (k = 0; k < 16; k++) {
                S.pb.tile_index = k;
                pave_result_init(&a);
                assert_int_equal(pave_run(&a, &S.pb), 0);
                if (a.ncells > most) { most = a.ncells; best = k; }
                pave_result_clear(&a);
            }
            S.pb.tile_index = best;
        } else if (prob == 4) setup_init(&S, NULL, 0, slow, 2, "-1", "1", "0", "3", 7, 2);
        else setup_init(&S, NULL, 0, ovl, 3, "-1", "1", "-1", "1", 6, 2);
        want = prob == 5 ? -1 : 0;
        S.pb.sync_levels = 1;
        S.pb.threads = 1;
        pave_result_init(&a);
        assert_int_equal(pave_run(&a, &S.pb), want);
        if (a.ncells <= (prob == 5 ? 0 : 8)) fail_msg("problem %d: %ld cells", prob, a.ncells);
        if (prob == 4) assert_true(a.fast_evaluations == 0 && a.arb_evaluations > 0);   /* all on Arb indeed */
        S.pb.sync_levels = 0;
        for (cap = 0; cap < 2; cap++)
            for (t = 0; t < 3; t++) {
                S.pb.threads = threads[t];
                S.pb.task_cap = cap ? 40 : 0;
                S.pb.account_tasks = t == 1;   /* the per-task CPU clock changes no cell */
                pave_result_init(&b);
                assert_int_equal(pave_run(&b, &S.pb), want);
                assert_same(&a, &b, S.nroots);
                assert_same_counts(&a, &b);
                pave_result_clear(&b);
            }
        S.pb.task_cap = 0;
        for (t = 1; t < 3; t++) {   /* and the level-synchronous run itself with threads */
            S.pb.sync_levels = 1;
            S.pb.threads = threads[t];
            pave_result_init(&b);
            assert_int_equal(pave_run(&b, &S.pb), want);
            assert_same(&a, &b, S.nroots);
            assert_same_counts(&a, &b);
            pave_result_clear(&b);
        }
        pave_result_clear(&a);
        setup_clear(&S);
    }
}

/* A cancellation already set: both schedulers leave the box one pending
 * cell (budget_hit 2), for 1 and 2 threads. */
static void test_cancel_pending(void **state)
{
    volatile int cancel = 1;
    setup S;
    pave_result r;
    int sync, t;
    (void) state;
    setup_init(&S, rod3_defs, 2, rod3_regions, 3, "0", "pi/2", "0", "3", 8, 2);
    S.pb.cancel = &cancel;
    for (sync = 0; sync < 2; sync++)
        for (t = 1; t <= 2; t++) {
            S.pb.sync_levels = sync;
            S.pb.threads = t;
            pave_result_init(&r);
            assert_int_equal(pave_run(&r, &S.pb), 0);
            assert_int_equal(r.ncells, 1);
            assert_int_equal(r.cells[0].label, PAVE_PENDING);
            assert_int_equal(r.budget_hit, 2);
            assert_true(r.pending == 1.0);
            pave_result_clear(&r);
        }
    setup_clear(&S);
}

/* label of every cell of the level-L raster (cells of level <= L) */
static void raster(int *lab, const pave_result *r, int L)
{
    long i;
    for (i = 0; i < r->ncells; i++) {
        const pave_cell *c = r->cells + i;
        int sh = L - c->level;
        uint32_t x, y;
        assert_true(sh >= 0);
        for (y = c->j << sh; y < (c->j + 1) << sh; y++)
            for (x = c->i << sh; x < (c->i + 1) << sh; x++) lab[(size_t) y * (1u << L) + x] = c->label;
    }
}

static void fast_agrees(int quant)
{
    setup S;
    pave_result fast, arb;
    int L = quant ? 6 : 8, *lf, *la;
    long k, n = 1L << (2 * L), both = 0;
    if (quant) setup_init(&S, NULL, 0, q_regions, 2, "1/2", "8", "0", "3", L, 2);
    else setup_init(&S, rod3_defs, 2, rod3_regions, 3, "0", "pi/2", "0", "3", L, 2);
    pave_result_init(&fast);
    pave_result_init(&arb);
    assert_int_equal(pave_run(&fast, &S.pb), 0);
    S.pb.no_fast = 1;
    assert_int_equal(pave_run(&arb, &S.pb), 0);
    assert_true(fast.fast_evaluations > 0);
    assert_true(arb.fast_evaluations == 0);
    lf = malloc(n * sizeof(int));
    la = malloc(n * sizeof(int));
    raster(lf, &fast, L);
    raster(la, &arb, L);
    for (k = 0; k < n; k++) {
        int df = lf[k] >= 0 || lf[k] == PAVE_NONE, da = la[k] >= 0 || la[k] == PAVE_NONE;
        if (df && da) {
            assert_int_equal(lf[k], la[k]);
            both++;
        }
    }
    assert_true(both > n / 2);
    /* every region the Arb engine found is found by the fast engine too */
    assert_true(fast.undecided <= arb.undecided * 1.05 + 1e-12);
    free(lf);
    free(la);
    pave_result_clear(&fast);
    pave_result_clear(&arb);
    setup_clear(&S);
}

static void test_fast_agrees_with_arb(void **state)
{
    (void) state;
    fast_agrees(0);
    fast_agrees(1);   /* exists on the fast path (its search in double intervals) */
}

/* Above the depth limit, a cell whose parent's corners witnessed it
 * undecidable is tried at its corners first and, when they witness it too,
 * split without an evaluation (classify's hint): on the three-region rod at
 * depth 10 that skips more than a third of the evaluations above the limit, and
 * the cells are still those of the Arb engine (fast_agrees) and the same for
 * 1, 2 and 3 threads (test_tasks_identical). Fails when the hint is not
 * passed to the children (every cell above the limit evaluated again). */
static void test_witness_above_limit(void **state)
{
    setup S;
    pave_result r;
    long i, at_limit = 0, und_limit = 0, above;
    int L = 10;
    (void) state;
    setup_init(&S, rod3_defs, 2, rod3_regions, 3, "0", "pi/2", "0", "3", L, 2);
    pave_result_init(&r);
    assert_int_equal(pave_run(&r, &S.pb), 0);
    for (i = 0; i < r.ncells; i++) {
        at_limit += r.cells[i].level == L;
        und_limit += r.cells[i].level == L && r.cells[i].label == PAVE_UNDECIDED;
    }
    /* every cell at the limit is final and was classified once; the rest of
       the classifications are the cells above it */
    above = r.evaluations - at_limit;
    assert_true(above > 1000);
    /* a witnessed cell at the limit is an undecided one, so more witnessed
       cells than undecided cells at the limit are cells above it split
       without evaluation (without the hint: none) */
    assert_true(r.witnessed - und_limit > above / 3);
    /* every cell is either witnessed or evaluated on the fast path here */
    assert_int_equal(r.witnessed + r.fast_evaluations, r.evaluations);
    pave_result_clear(&r);
    setup_clear(&S);
}

static void test_merge_rejects(void **state)
{
    setup S;
    pave_result t[4], merged, *tp[4];
    int k;
    (void) state;
    setup_init(&S, rod_defs, 1, rod_regions, 2, "0", "pi/2", "0", "3", 7, 2);
    for (k = 0; k < 4; k++) {
        pave_result_init(t + k);
        S.pb.tile_index = k;
        S.pb.tile_count = 4;
        assert_int_equal(pave_run(t + k, &S.pb), 0);
        tp[k] = t + k;
    }
    /* tile 2 given in place of tile 3 */
    tp[3] = t + 2;
    pave_result_init(&merged);
    assert_int_equal(pave_merge(&merged, tp, 4, 2), -1);
    pave_result_clear(&merged);
    /* the right tiles, one of them missing cells */
    tp[3] = t + 3;
    t[3].ncells--;
    pave_result_init(&merged);
    assert_int_equal(pave_merge(&merged, tp, 4, 2), -1);
    pave_result_clear(&merged);
    t[3].ncells++;
    pave_result_init(&merged);
    assert_int_equal(pave_merge(&merged, tp, 4, 2), 0);
    pave_result_clear(&merged);
    /* not a power of 4, or an index out of range: nothing paved */
    S.pb.tile_count = 3;
    S.pb.tile_index = 0;
    pave_result_init(&merged);
    assert_int_equal(pave_run(&merged, &S.pb), -2);
    pave_result_clear(&merged);
    S.pb.tile_count = 4;
    S.pb.tile_index = 4;
    pave_result_init(&merged);
    assert_int_equal(pave_run(&merged, &S.pb), -2);
    pave_result_clear(&merged);
    for (k = 0; k < 4; k++) pave_result_clear(t + k);
    setup_clear(&S);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tiles_2d),
        cmocka_unit_test(test_tiles_1d),
        cmocka_unit_test(test_threads_identical),
        cmocka_unit_test(test_tasks_identical),
        cmocka_unit_test(test_cancel_pending),
        cmocka_unit_test(test_fast_agrees_with_arb),
        cmocka_unit_test(test_witness_above_limit),
        cmocka_unit_test(test_merge_rejects),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    flint_cleanup();
    return r;
}
