/* test_pave.c -- certified paving: soundness of labels against independent
 * evaluation (exact rationals for the disc, MPFR for the rod), area bounds
 * against exact areas, undecided area against boundary length, threads,
 * overlap, budgets. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <mpfr.h>
#include "pave/pave.h"
#include "test_pave_util.h"

/* A random rational point of the closed cell: lo + (hi - lo) * k / 2^20, k in 0..2^20. */
static void random_point(fmpq_t px, fmpq_t py, const pave_result *r, const pave_cell *c, flint_rand_t st)
{
    arf_t a, b, d, e;
    fmpq_t lo, hi, t;
    int axis;
    arf_init(a); arf_init(b); arf_init(d); arf_init(e);
    fmpq_init(lo); fmpq_init(hi); fmpq_init(t);
    pave_cell_ends(a, b, d, e, r, c);
    for (axis = 0; axis < 2; axis++) {
        ulong k = n_randint(st, (1UL << 20) + 1);
        if (n_randint(st, 8) == 0) k = n_randint(st, 2) ? (1UL << 20) : 0; /* corners, edges */
        arf_get_fmpq(lo, axis ? d : a);
        arf_get_fmpq(hi, axis ? e : b);
        fmpq_sub(t, hi, lo);
        fmpq_mul_ui(t, t, k);
        fmpq_div_2exp(t, t, 20);
        fmpq_add(axis ? py : px, lo, t);
    }
    arf_clear(a); arf_clear(b); arf_clear(d); arf_clear(e);
    fmpq_clear(lo); fmpq_clear(hi); fmpq_clear(t);
}

/* ---------------------------------------------------------------- disc */

/* Exact: sign of x^2 + y^2 - 1 at a rational point. */
static int disc_sign(const fmpq_t x, const fmpq_t y)
{
    fmpq_t s, t;
    int r;
    fmpq_init(s); fmpq_init(t);
    fmpq_mul(s, x, x);
    fmpq_mul(t, y, y);
    fmpq_add(s, s, t);
    fmpq_sub_si(s, s, 1);
    r = fmpq_sgn(s);
    fmpq_clear(s); fmpq_clear(t);
    return r;
}

static void test_disc(void **state)
{
    static const char *regions[] = {"x^2 + y^2 < 1", "x^2 + y^2 > 1"};
    double prev_u = 0;
    int depth;
    flint_rand_t st;
    flint_randinit(st);
    for (depth = 6; depth <= 10; depth++) {
        setup S;
        pave_result r;
        long i, checked = 0;
        double cell, u_units, ideal;
        setup_init(&S, NULL, 0, regions, 2, "-3/2", "3/2", "-3/2", "3/2", depth, 2);
        pave_result_init(&r);
        assert_int_equal(pave_run(&r, &S.pb), 0);
        /* labels are sound: exact rational check at random points */
        for (i = 0; i < r.ncells; i++) {
            const pave_cell *c = r.cells + i;
            int k;
            if (c->label < 0 && c->label != PAVE_NONE) continue;
            for (k = 0; k < 3; k++) {
                fmpq_t px, py;
                int s;
                fmpq_init(px); fmpq_init(py);
                random_point(px, py, &r, c, st);
                s = disc_sign(px, py);
                if (c->label == 0) assert_true(s < 0);
                else if (c->label == 1) assert_true(s > 0);
                else assert_true(s == 0);   /* none: both false only on the circle */
                checked++;
                fmpq_clear(px); fmpq_clear(py);
            }
        }
        assert_true(checked > 100);
        /* area bounds bracket the exact area pi (the paved box has area 9) */
        assert_true(r.area_lo[0] * 9 <= M_PI && M_PI <= r.area_hi[0] * 9);
        assert_true(r.area_lo[1] * 9 <= 9 - M_PI && 9 - M_PI <= r.area_hi[1] * 9);
        /* undecided area within 3x of boundary length x cell size */
        cell = 3.0 / (double) (1 << depth);
        u_units = r.undecided * 9;
        ideal = 2 * M_PI * cell;
        assert_true(u_units <= 3 * ideal);
        if (prev_u > 0) {
            double ratio = prev_u / u_units;
            assert_true(ratio > 1.6 && ratio < 2.5);
        }
        prev_u = u_units;
        pave_result_clear(&r);
        setup_clear(&S);
    }
    flint_randclear(st);
}

/* ---------------------------------------------------------------- rod */

static const char *rod_defs[] = {"B=1 + 3*cos(x)^2 - 3*y*sin(x)*cos(x)"};
static const char *rod_regions[] = {"B > 0", "B < 0"};

/* MPFR at 256 bits, written out by hand (not through the expression engine). */
static int rod_sign_mpfr(const fmpq_t x, const fmpq_t y, int *tie)
{
    mpfr_t t, m, c, s, b;
    mpq_t q;
    int sg;
    mpfr_inits2(256, t, m, c, s, b, (mpfr_ptr) 0);
    mpq_init(q);
    fmpq_get_mpq(q, x);
    mpfr_set_q(t, q, MPFR_RNDN);
    fmpq_get_mpq(q, y);
    mpfr_set_q(m, q, MPFR_RNDN);
    mpfr_cos(c, t, MPFR_RNDN);
    mpfr_sin(s, t, MPFR_RNDN);
    mpfr_mul(b, s, c, MPFR_RNDN);
    mpfr_mul(b, b, m, MPFR_RNDN);
    mpfr_mul_ui(b, b, 3, MPFR_RNDN);
    mpfr_sqr(c, c, MPFR_RNDN);
    mpfr_mul_ui(c, c, 3, MPFR_RNDN);
    mpfr_add_ui(c, c, 1, MPFR_RNDN);
    mpfr_sub(b, c, b, MPFR_RNDN);
    sg = mpfr_sgn(b);
    *tie = mpfr_cmpabs_ui(b, 0) == 0 || mpfr_get_exp(b) < -200;
    mpfr_clears(t, m, c, s, b, (mpfr_ptr) 0);
    mpq_clear(q);
    return sg;
}

/* Length of the boundary curve mu = (1 + 3 cos^2)/(3 sin cos) inside [0, pi/2] x [0, 3],
 * by a fine polyline in double (an independent estimate). */
static double rod_boundary_length(void)
{
    double len = 0, px = 0, py = 0;
    int i, have = 0, n = 200000;
    for (i = 1; i < n; i++) {
        double t = (M_PI / 2) * i / n, m = (1 + 3 * cos(t) * cos(t)) / (3 * sin(t) * cos(t));
        if (m <= 3) {
            if (have) len += hypot(t - px, m - py);
            px = t; py = m; have = 1;
        } else have = 0;
    }
    return len;
}

static void test_rod(void **state)
{
    double prev_u = 0, len = rod_boundary_length();
    int depth;
    flint_rand_t st;
    flint_randinit(st);
    assert_true(len > 1 && len < 10);
    for (depth = 7; depth <= 11; depth++) {
        setup S;
        pave_result r;
        long i, checked = 0;
        double u, ideal;
        setup_init(&S, rod_defs, 1, rod_regions, 2, "0", "pi/2", "0", "3", depth, 2);
        pave_result_init(&r);
        assert_int_equal(pave_run(&r, &S.pb), 0);
        for (i = 0; i < r.ncells; i++) {
            const pave_cell *c = r.cells + i;
            int k, tie;
            if (c->label < 0) continue;
            for (k = 0; k < 2; k++) {
                fmpq_t px, py;
                int s;
                fmpq_init(px); fmpq_init(py);
                random_point(px, py, &r, c, st);
                s = rod_sign_mpfr(px, py, &tie);
                if (!tie) assert_int_equal(s, c->label == 0 ? 1 : -1);
                checked++;
                fmpq_clear(px); fmpq_clear(py);
            }
        }
        assert_true(checked > 100);
        /* undecided area (units: rad x 1) within 3x of boundary length x cell size;
           the cell is anisotropic, so use the larger side */
        {
            double cw = (M_PI / 2) / (1 << depth), ch = 3.0 / (1 << depth);
            u = r.undecided * (M_PI / 2) * 3;
            ideal = len * (cw > ch ? cw : ch);
            assert_true(u <= 3 * ideal);
        }
        if (prev_u > 0) {
            double ratio = prev_u / u;
            assert_true(ratio > 1.6 && ratio < 2.5);
        }
        prev_u = u;
        pave_result_clear(&r);
        setup_clear(&S);
    }
    flint_randclear(st);
}

static void test_threads_identical(void **state)
{
    setup S;
    pave_result r1, r2;
    long i;
    setup_init(&S, rod_defs, 1, rod_regions, 2, "0", "pi/2", "0", "3", 9, 2);
    pave_result_init(&r1);
    pave_result_init(&r2);
    S.pb.threads = 1;
    pave_run(&r1, &S.pb);
    S.pb.threads = 2;
    pave_run(&r2, &S.pb);
    assert_int_equal(r1.ncells, r2.ncells);
    for (i = 0; i < r1.ncells; i++) {
        assert_int_equal(r1.cells[i].i, r2.cells[i].i);
        assert_int_equal(r1.cells[i].j, r2.cells[i].j);
        assert_int_equal(r1.cells[i].level, r2.cells[i].level);
        assert_int_equal(r1.cells[i].label, r2.cells[i].label);
    }
    pave_result_clear(&r1);
    pave_result_clear(&r2);
    setup_clear(&S);
}

static void test_overlap(void **state)
{
    static const char *regions[] = {"x > 1/4", "x > 1/8", "y < -10"};
    setup S;
    pave_result r;
    setup_init(&S, NULL, 0, regions, 3, "-1", "1", "-1", "1", 6, 2);
    pave_result_init(&r);
    assert_int_equal(pave_run(&r, &S.pb), -1);
    assert_int_equal(r.overlap, 1);
    assert_int_equal(r.overlap_a, 0);
    assert_int_equal(r.overlap_b, 1);
    {   /* the cell named is one where both hold: x > 1/4 on all of it */
        arb_t x, y, h;
        arb_init(x); arb_init(y); arb_init(h);
        pave_cell_box(x, y, &r, &r.overlap_cell);
        arb_set_d(h, 0.25);
        assert_true(arb_gt(x, h));
        arb_clear(x); arb_clear(y); arb_clear(h);
    }
    pave_result_clear(&r);
    setup_clear(&S);
}

static void test_budget_pending(void **state)
{
    setup S;
    pave_result r;
    long i, pending = 0, undecided = 0;
    setup_init(&S, rod_defs, 1, rod_regions, 2, "0", "pi/2", "0", "3", 12, 2);
    S.pb.max_cells = 500;
    pave_result_init(&r);
    assert_int_equal(pave_run(&r, &S.pb), 0);
    for (i = 0; i < r.ncells; i++) {
        pending += r.cells[i].label == PAVE_PENDING;
        undecided += r.cells[i].label == PAVE_UNDECIDED;
    }
    assert_true(pending > 0);
    assert_int_equal(undecided, 0);
    assert_int_equal(r.budget_hit, 1);
    assert_true(r.evaluations <= 500);
    assert_true(r.pending > 0);
    pave_result_clear(&r);
    setup_clear(&S);
}

/* stop_labels: the run stops after the first level with a cell labelled
 * 1 (B < 0); every cell of that level and above is the whole run's, in the
 * same order (so the coarsest cell labelled 1, a claim's witness, is the
 * same), the rest is pending and the areas still add up to 1. */
static void test_stop_labels(void **state)
{
    setup S;
    pave_result full, part;
    long i, first_full = -1, first_part = -1;
    int stop_level = -1;
    double total;
    (void) state;
    setup_init(&S, rod_defs, 1, rod_regions, 2, "0", "pi/2", "0", "3", 10, 2);
    pave_result_init(&full);
    pave_result_init(&part);
    assert_int_equal(pave_run(&full, &S.pb), 0);
    S.pb.stop_labels = 1u << 1;
    assert_int_equal(pave_run(&part, &S.pb), 0);
    assert_int_equal(part.stopped, 1);
    assert_int_equal(full.stopped, 0);
    for (i = 0; i < full.ncells; i++)
        if (full.cells[i].label == 1) { first_full = i; stop_level = full.cells[i].level; break; }
    for (i = 0; i < part.ncells; i++)
        if (part.cells[i].label == 1) { first_part = i; break; }
    assert_true(first_full >= 0 && stop_level < 10);
    assert_int_equal(first_full, first_part);
    for (i = 0; i < part.ncells && part.cells[i].level <= stop_level; i++) {
        assert_true(i < full.ncells);
        assert_int_equal(part.cells[i].i, full.cells[i].i);
        assert_int_equal(part.cells[i].j, full.cells[i].j);
        assert_int_equal(part.cells[i].level, full.cells[i].level);
        assert_int_equal(part.cells[i].label, full.cells[i].label);
    }
    for (; i < part.ncells; i++) {
        assert_int_equal(part.cells[i].level, stop_level + 1);
        assert_int_equal(part.cells[i].label, PAVE_PENDING);
    }
    assert_true(part.ncells < full.ncells);
    total = part.area_lo[0] + part.area_lo[1] + part.none + part.undecided + part.pending;
    assert_true(total == 1.0);
    pave_result_clear(&full);
    pave_result_clear(&part);
    setup_clear(&S);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_disc),
        cmocka_unit_test(test_rod),
        cmocka_unit_test(test_threads_identical),
        cmocka_unit_test(test_overlap),
        cmocka_unit_test(test_budget_pending),
        cmocka_unit_test(test_stop_labels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
