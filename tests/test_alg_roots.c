/* test_alg_roots.c -- real-root isolation (alg_vca.c, alg_roots.c): exact rational and
 * quadratic-irrational roots, multiplicities, a Sturm count written here, mpmath polyroots at 60
 * digits (when python3 has mpmath), exact root intervals. */
#include "test_alg_util.h"

/* product of (q x - p) over the given roots, each to power mult */
static void poly_from_roots(fmpz_poly_t f, const fmpq *r, const slong *mult, slong n)
{
    fmpz_poly_t lin;
    slong i, k;
    fmpz_poly_init(lin);
    fmpz_poly_one(f);
    for (i = 0; i < n; i++) {
        fmpz_poly_set_coeff_fmpz(lin, 1, fmpq_denref(r + i));
        fmpz_neg(lin->coeffs, fmpq_numref(r + i));
        for (k = 0; k < (mult ? mult[i] : 1); k++) fmpz_poly_mul(f, f, lin);
    }
    fmpz_poly_clear(lin);
}

static void rand_distinct_rationals(fmpq *r, slong n, flint_rand_t st, slong num, slong den)
{
    slong i, j;
    for (i = 0; i < n; i++) {
        int dup;
        do {
            fmpq_set_si(r + i, (slong) n_randint(st, 2 * num + 1) - num, 1 + n_randint(st, den));
            dup = 0;
            for (j = 0; j < i; j++) dup |= fmpq_equal(r + i, r + j);
        } while (dup);
    }
}

/* VCA on square-free products of linear factors (no factorisation), with
 * clusters of roots 1/1000 apart and roots at 0 and at dyadic midpoints */
static void test_vca_rational(void **state)
{
    flint_rand_t st;
    fmpz_poly_t f;
    fmpq *r, *lo, *hi;
    slong n, m, i, trial;
    (void) state;
    flint_randinit(st);
    fmpz_poly_init(f);
    r = _fmpq_vec_init(16);
    lo = _fmpq_vec_init(16);
    hi = _fmpq_vec_init(16);
    for (trial = 0; trial < fc_test_iters(300); trial++) {
        n = 1 + n_randint(st, 10);
        rand_distinct_rationals(r, n, st, 30, 12);
        if (trial % 3 == 0) {             /* a cluster c, c + 1/1000, c + 2/1000 */
            n = FLINT_MIN(n, 12);
            fmpq_set_si(r + n, 1000 * (slong) n_randint(st, 5) + 1, 1000);
            fmpq_set_si(r + n + 1, fmpz_get_si(fmpq_numref(r + n)) + 1, 1000);
            fmpq_set_si(r + n + 2, fmpz_get_si(fmpq_numref(r + n)) + 2, 1000);
            for (i = 0; i < n; i++)        /* keep them distinct */
                if (fmpq_equal(r + i, r + n) || fmpq_equal(r + i, r + n + 1) || fmpq_equal(r + i, r + n + 2))
                    fmpq_set_si(r + i, 1000 + i, 1);
            n += 3;
        }
        if (trial % 5 == 1) fmpq_set_si(r, 0, 1);          /* a root at 0 */
        for (i = 1; i < n; i++)
            if (trial % 5 == 1 && fmpq_is_zero(r + i)) fmpq_set_si(r + i, 2000 + i, 1);
        poly_from_roots(f, r, NULL, n);
        if (n_randint(st, 2)) fmpz_poly_scalar_mul_si(f, f, -3);
        m = alg_fmpz_poly_isolate_sqf(lo, hi, f);
        check_isolation_rational(lo, hi, m, r, n);
    }
    /* no real roots; x (only 0); a constant */
    fmpz_poly_set_str(f, "3  1 0 1");
    assert_int_equal(alg_fmpz_poly_isolate_sqf(lo, hi, f), 0);
    fmpz_poly_set_str(f, "2  0 5");
    assert_int_equal(alg_fmpz_poly_isolate_sqf(lo, hi, f), 1);
    assert_true(fmpq_is_zero(lo) && fmpq_is_zero(hi));
    fmpz_poly_set_str(f, "1  7");
    assert_int_equal(alg_fmpz_poly_isolate_sqf(lo, hi, f), 0);
    fmpz_poly_zero(f);
    assert_int_equal(alg_fmpz_poly_isolate_sqf(lo, hi, f), -1);
    _fmpq_vec_clear(r, 16);
    _fmpq_vec_clear(lo, 16);
    _fmpq_vec_clear(hi, 16);
    fmpz_poly_clear(f);
    flint_randclear(st);
}

/* irreducible quadratics x^2 - c, clustered: roots +-sqrt 2, +-sqrt(2 +
 * 10^-6), +-sqrt(3), then +-sqrt 2, +-sqrt(2 + 10^-30), +-sqrt(5/7); exact
 * containment and arb_sqrt comparison */
static void test_quadratic_irrationals(void **state)
{
    fmpz_poly_t f, g;
    fmpq_poly_t p;
    fmpq c[3];
    fmpq *lo, *hi;
    slong n, i, j, prec;
    int cfg;
    alg_roots_t R;
    arb_t x, s;
    (void) state;
    fmpz_poly_init(f);
    fmpz_poly_init(g);
    fmpq_poly_init(p);
    arb_init(x);
    arb_init(s);
    for (i = 0; i < 3; i++) fmpq_init(c + i);
    lo = _fmpq_vec_init(6);
    hi = _fmpq_vec_init(6);
    alg_roots_init(R);
    for (cfg = 0; cfg < 2; cfg++) {
    fmpq_set_si(c + 0, 2, 1);
    if (cfg == 0) {
        fmpq_set_si(c + 1, 2000001, 1000000);
        fmpq_set_si(c + 2, 3, 1);
    } else {
        fmpq_set_str(c + 1, "2000000000000000000000000000001/1000000000000000000000000000000", 10);
        fmpq_set_si(c + 2, 5, 7);
    }
    fmpz_poly_one(f);
    for (i = 0; i < 3; i++) {        /* f = prod (den x^2 - num) */
        fmpz_poly_zero(g);
        fmpz_poly_set_coeff_fmpz(g, 2, fmpq_denref(c + i));
        fmpz_poly_set_coeff_fmpz(g, 0, fmpq_numref(c + i));
        fmpz_neg(g->coeffs, g->coeffs);
        fmpz_poly_mul(f, f, g);
    }
    n = alg_fmpz_poly_isolate_sqf(lo, hi, f);
    assert_int_equal(n, 6);
    for (i = 0; i < n; i++) {
        slong inside = 0;
        assert_true(fmpq_cmp(lo + i, hi + i) < 0);
        for (j = 0; j < 3; j++)
            inside += sqrt_in(lo + i, hi + i, c + j, 1) + sqrt_in(lo + i, hi + i, c + j, -1);
        assert_int_equal(inside, 1);
    }
    /* the same through alg_roots (factorisation + refinement), as balls */
    fmpq_poly_set_fmpz_poly(p, f);
    assert_int_equal(alg_roots_isolate(R, p), 6);
    for (prec = cfg ? 128 : 64; prec <= 512; prec *= 2)   /* 2+1e-30: 2^-100 apart */
        for (i = 0; i < 6; i++) {
            int matches = 0;
            alg_roots_enclosure(x, R, i, prec);
            assert_int_equal(alg_roots_mult(R, i), 1);
            assert_true(arb_rel_accuracy_bits(x) >= prec - 4);
            for (j = 0; j < 3; j++) {
                arb_set_fmpq(s, c + j, prec + 64);
                arb_sqrt(s, s, prec + 64);
                if (i < 3) arb_neg(s, s);
                if (arb_overlaps(x, s)) {
                    matches++;
                    assert_true(arb_contains(x, s));
                }
            }
            assert_int_equal(matches, 1);
        }
    }
    alg_roots_clear(R);
    /* x^2 - 2 alone: [-sqrt 2, sqrt 2] */
    fmpq_poly_set_str(p, "3  -2 0 1");
    {
        arb_ptr roots;
        slong *mult;
        assert_int_equal(alg_real_roots(&roots, &mult, p, 200), 2);
        arb_set_ui(s, 2);
        arb_sqrt(s, s, 300);
        assert_true(arb_contains(roots + 1, s));
        arb_neg(s, s);
        assert_true(arb_contains(roots + 0, s));
        assert_true(mult[0] == 1 && mult[1] == 1);
        assert_true(arb_rel_accuracy_bits(roots + 1) >= 190);
        _arb_vec_clear(roots, 2);
        flint_free(mult);
    }
    _fmpq_vec_clear(lo, 6);
    _fmpq_vec_clear(hi, 6);
    for (i = 0; i < 3; i++) fmpq_clear(c + i);
    fmpz_poly_clear(f);
    fmpz_poly_clear(g);
    fmpq_poly_clear(p);
    arb_clear(x);
    arb_clear(s);
}

/* known rational roots with multiplicities times an irreducible quadratic
 * without real roots: every root exact, multiplicities right */
static void test_roots_multiplicities(void **state)
{
    flint_rand_t st;
    fmpz_poly_t f, q;
    fmpq_poly_t p;
    fmpq *r;
    slong mult[8], n, i, j, trial;
    (void) state;
    flint_randinit(st);
    fmpz_poly_init(f);
    fmpz_poly_init(q);
    fmpq_poly_init(p);
    r = _fmpq_vec_init(8);
    for (trial = 0; trial < fc_test_iters(100); trial++) {
        arb_ptr roots;
        slong *m, got;
        n = 1 + n_randint(st, 5);
        rand_distinct_rationals(r, n, st, 20, 9);
        for (i = 0; i < n; i++) mult[i] = 1 + n_randint(st, 3);
        poly_from_roots(f, r, mult, n);
        fmpz_poly_set_str(q, "3  5 1 1");          /* x^2 + x + 5 */
        if (trial % 2) fmpz_poly_mul(f, f, q);
        fmpq_poly_set_fmpz_poly(p, f);
        fmpq_poly_scalar_div_si(p, p, 7);
        got = alg_real_roots(&roots, &m, p, 128);
        assert_int_equal(got, n);
        for (i = 0; i < got; i++) {
            slong found = -1;
            for (j = 0; j < n; j++)
                if (arb_contains_fmpq(roots + i, r + j)) {
                    assert_int_equal(found, -1);
                    found = j;
                }
            assert_true(found >= 0);
            assert_int_equal(m[i], mult[found]);
            if (i > 0) assert_true(arb_lt(roots + i - 1, roots + i));
        }
        _arb_vec_clear(roots, got);
        flint_free(m);
    }
    _fmpq_vec_clear(r, 8);
    fmpz_poly_clear(f);
    fmpz_poly_clear(q);
    fmpq_poly_clear(p);
    flint_randclear(st);
}

/* random square-free integer polynomials: our roots at 170 bits vs mpmath
 * at 60 digits, one to one */
static void test_roots_mpmath(void **state)
{
    enum { NP = 40, MAXR = 16 };
    flint_rand_t st;
    fmpz_poly_struct f[NP];
    arb_ptr vals[NP];
    slong nv[NP], i, j, k;
    fmpq_poly_t p;
    alg_roots_t R;
    arb_t x;
    (void) state;
    if (system("python3 -c 'import mpmath' >/dev/null 2>&1") != 0) {
        print_message("python3 mpmath not available: skipping the mpmath comparison only\n");
        return;
    }
    flint_randinit(st);
    fmpq_poly_init(p);
    arb_init(x);
    alg_roots_init(R);
    for (i = 0; i < NP; i++) {
        fmpz_poly_t g;
        fmpz_poly_init(f + i);
        fmpz_poly_init(g);
        do {
            rand_fmpq_poly(p, st, 1 + n_randint(st, 12), i % 4 == 0 ? 1000 : 10);
            fmpq_poly_get_numerator(f + i, p);
            fmpz_poly_derivative(g, f + i);
            fmpz_poly_gcd(g, f + i, g);
        } while (fmpz_poly_degree(g) > 0);      /* square-free only */
        fmpz_poly_clear(g);
        vals[i] = _arb_vec_init(MAXR);
    }
    assert_int_equal(mpmath_real_roots(vals, nv, MAXR, f, NP), 0);
    for (i = 0; i < NP; i++) {
        fmpq_poly_set_fmpz_poly(p, f + i);
        assert_int_equal(alg_roots_isolate(R, p), nv[i]);
        for (j = 0; j < R->n; j++) {
            slong matches = 0;
            alg_roots_enclosure(x, R, j, 170);
            for (k = 0; k < nv[i]; k++) matches += arb_overlaps(x, vals[i] + k) != 0;
            assert_int_equal(matches, 1);
        }
    }
    for (i = 0; i < NP; i++) {
        fmpz_poly_clear(f + i);
        _arb_vec_clear(vals[i], MAXR);
    }
    alg_roots_clear(R);
    fmpq_poly_clear(p);
    arb_clear(x);
    flint_randclear(st);
}

/* random integer polynomials: count in random intervals vs Sturm, total
 * count vs FLINT's Sturm count, ends checked by exact sign change, and
 */
static void test_roots_random(void **state)
{
    flint_rand_t st;
    fmpq_poly_t p;
    fmpz_poly_t fz, sq;
    fmpq_t a, b, v;
    alg_roots_t R;
    slong trial, i, n, first;
    (void) state;
    flint_randinit(st);
    fmpq_poly_init(p);
    fmpz_poly_init(fz);
    fmpz_poly_init(sq);
    fmpq_init(a);
    fmpq_init(b);
    fmpq_init(v);
    alg_roots_init(R);
    for (trial = 0; trial < fc_test_iters(300); trial++) {
        slong deg = 1 + n_randint(st, 12), k;
        rand_fmpq_poly(p, st, deg, trial % 4 == 0 ? 1000 : 10);
        if (trial % 7 == 0) {     /* a repeated factor */
            fmpq_poly_t t;
            fmpq_poly_init(t);
            rand_fmpq_poly(t, st, 1 + n_randint(st, 3), 5);
            fmpq_poly_mul(t, t, t);
            fmpq_poly_mul(p, p, t);
            fmpq_poly_clear(t);
        }
        fmpq_poly_get_numerator(fz, p);
        n = alg_roots_isolate(R, p);
        {   /* FLINT's Sturm count wants a square-free input: fz / gcd(fz, fz') */
            fmpz_poly_t g;
            fmpz_poly_init(g);
            fmpz_poly_derivative(sq, fz);
            fmpz_poly_gcd(g, fz, sq);
            fmpz_poly_div(sq, fz, g);
            assert_int_equal(n, fmpz_poly_num_real_roots_sturm(sq));
            fmpz_poly_clear(g);
        }
        /* every interval: exact sign change of its factor, disjoint, sorted */
        for (i = 0; i < n; i++) {
            alg_root_struct *x = R->root + i;
            if (i > 0) assert_true(fmpq_cmp(R->root[i - 1].hi, x->lo) < 0);
            if (!fmpq_equal(x->lo, x->hi)) {
                fmpz_poly_evaluate_fmpq(v, R->fac->p + x->factor, x->lo);
                int s1 = fmpq_sgn(v);
                fmpz_poly_evaluate_fmpq(v, R->fac->p + x->factor, x->hi);
                assert_true(s1 * fmpq_sgn(v) < 0);
            } else {
                fmpq_poly_evaluate_fmpq(v, p, x->lo);
                assert_true(fmpq_is_zero(v));
            }
        }
        /* random intervals with non-root rational ends */
        for (k = 0; k < 5; k++) {
            slong cnt, st_cnt;
            do {
                fmpq_set_si(a, (slong) n_randint(st, 81) - 40, 1 + n_randint(st, 8));
                fmpq_set_si(b, (slong) n_randint(st, 81) - 40, 1 + n_randint(st, 8));
                if (fmpq_cmp(a, b) > 0) fmpq_swap(a, b);
                fmpq_poly_evaluate_fmpq(v, p, a);
                if (fmpq_is_zero(v)) continue;
                fmpq_poly_evaluate_fmpq(v, p, b);
            } while (fmpq_is_zero(v) || fmpq_equal(a, b));
            cnt = alg_roots_in_interval(&first, R, a, b);
            st_cnt = sturm_count(p, a, b);
            assert_int_equal(cnt, st_cnt);
            if (cnt > 0) {
                assert_true(alg_roots_cmp(R, first, a) > 0);
                assert_true(alg_roots_cmp(R, first + cnt - 1, b) < 0);
            }
        }
    }
    alg_roots_clear(R);
    fmpq_poly_clear(p);
    fmpz_poly_clear(fz);
    fmpz_poly_clear(sq);
    fmpq_clear(a);
    fmpq_clear(b);
    fmpq_clear(v);
    flint_randclear(st);
}

/* t^2 - 5t + 4: the root in [0, 2] is exactly 1, in [2, 10] exactly 4 */
static void test_root_interval_exact(void **state)
{
    fmpq_poly_t p;
    fmpq_t lo, hi;
    arb_t x;
    slong mult = 0;
    (void) state;
    fmpq_poly_init(p);
    fmpq_init(lo);
    fmpq_init(hi);
    arb_init(x);
    fmpq_poly_set_str(p, "3  4 -5 1");
    fmpq_set_si(lo, 0, 1);
    fmpq_set_si(hi, 2, 1);
    assert_int_equal(alg_root_in_interval(x, &mult, p, lo, hi, 1, 128), 1);
    assert_true(arb_is_exact(x) && arb_equal_si(x, 1) && mult == 1);
    fmpq_set_si(lo, 2, 1);
    fmpq_set_si(hi, 10, 1);
    assert_int_equal(alg_root_in_interval(x, &mult, p, lo, hi, 1, 128), 1);
    assert_true(arb_is_exact(x) && arb_equal_si(x, 4));
    /* closed ends: [1, 4] holds both; [4, 4] holds 4; (1/2 .. 1) holds 1 */
    fmpq_set_si(lo, 1, 1);
    fmpq_set_si(hi, 4, 1);
    assert_int_equal(alg_root_in_interval(x, &mult, p, lo, hi, 2, 128), 2);
    assert_true(arb_equal_si(x, 4));
    fmpq_set_si(lo, 4, 1);
    assert_int_equal(alg_root_in_interval(x, &mult, p, lo, hi, 1, 128), 1);
    fmpq_set_si(lo, 1, 2);
    fmpq_set_si(hi, 1, 1);
    assert_int_equal(alg_root_in_interval(x, &mult, p, lo, hi, 1, 128), 1);
    assert_true(arb_equal_si(x, 1));
    /* fewer than k: reported, x untouched */
    arb_set_si(x, 77);
    assert_int_equal(alg_root_in_interval(x, &mult, p, lo, hi, 2, 128), 1);
    assert_true(arb_equal_si(x, 77));
    fmpq_set_si(lo, 5, 1);
    fmpq_set_si(hi, 9, 1);
    assert_int_equal(alg_root_in_interval(x, &mult, p, lo, hi, 1, 128), 0);
    assert_int_equal(alg_root_in_interval(x, &mult, p, lo, hi, 0, 128), -1);
    fmpq_poly_set_si(p, 3);
    assert_int_equal(alg_root_in_interval(x, &mult, p, lo, hi, 1, 128), 0);
    fmpq_poly_zero(p);
    assert_int_equal(alg_root_in_interval(x, &mult, p, lo, hi, 1, 128), -1);
    fmpq_poly_clear(p);
    fmpq_clear(lo);
    fmpq_clear(hi);
    arb_clear(x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vca_rational),
        cmocka_unit_test(test_quadratic_irrationals),
        cmocka_unit_test(test_roots_multiplicities),
        cmocka_unit_test(test_roots_random),
        cmocka_unit_test(test_roots_mpmath),
        cmocka_unit_test(test_root_interval_exact),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    flint_cleanup();
    return r;
}
