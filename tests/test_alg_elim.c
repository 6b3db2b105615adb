/* test_alg_elim.c -- discriminants and resultants (alg_elim.c): the rod discriminant of
 * spec/prior-art.md 3.1, Sylvester determinants built here with fmpq_mat_det, FLINT's
 * fmpz_poly_discriminant. */
#include "test_alg_util.h"

/* ------------------------------------------------------------ elimination */

/* spec/prior-art.md §3.1: disc_t(t^2 - k mu t + 1 + k) = k^2 mu^2 - 4k - 4 */
static void test_disc_rod(void **state)
{
    const char *vars[] = {"t", "k", "mu"};
    fmpq_mpoly_ctx_t ctx;
    fmpq_mpoly_t p, d, q;
    (void) state;
    fmpq_mpoly_ctx_init(ctx, 3, ORD_LEX);
    fmpq_mpoly_init(p, ctx);
    fmpq_mpoly_init(d, ctx);
    fmpq_mpoly_init(q, ctx);
    mpoly_of(p, "t^2 - k*mu*t + 1 + k", vars, 3, ctx, 0);
    assert_int_equal(alg_discriminant(d, p, 0, ctx), 0);
    fmpq_mpoly_set_str_pretty(q, "k^2*mu^2 - 4*k - 4", vars, ctx);
    assert_true(fmpq_mpoly_equal(d, q, ctx));
    /* degree 0 in t: refused */
    mpoly_of(p, "k*mu", vars, 3, ctx, 0);
    assert_int_equal(alg_discriminant(d, p, 0, ctx), -1);
    fmpq_mpoly_clear(p, ctx);
    fmpq_mpoly_clear(d, ctx);
    fmpq_mpoly_clear(q, ctx);
    fmpq_mpoly_ctx_clear(ctx);
}

static void test_resultant_sylvester(void **state)
{
    fmpq_poly_t f, g;
    fmpq_t r, det;
    flint_rand_t st;
    int trial;
    (void) state;
    fmpq_poly_init(f);
    fmpq_poly_init(g);
    fmpq_init(r);
    fmpq_init(det);
    flint_randinit(st);

    /* hand-checked: res(x^2 - 3x + 2, x - 5) = (5-1)(5-2) = 12 and
     * res(2x^2 + 1/2, 3x^2 - x + 1) = 2^2 (1/4 - i/2)(1/4 + i/2) = 5/4
     * (lc(f)^deg g times g at the roots +-i/2 of f) */
    fmpq_poly_set_str(f, "3  2 -3 1");
    fmpq_poly_set_str(g, "2  -5 1");
    alg_res_univariate(r, f, g);
    sylvester_det(det, f, g);
    assert_true(fmpq_equal_si(r, 12));
    assert_true(fmpq_equal(r, det));
    fmpq_poly_set_str(f, "3  1/2 0 2");
    fmpq_poly_set_str(g, "3  1 -1 3");
    alg_res_univariate(r, f, g);
    sylvester_det(det, f, g);
    fmpq_set_si(det, 5, 4);
    assert_true(fmpq_equal(r, det));
    sylvester_det(det, f, g);
    assert_true(fmpq_equal(r, det));

    for (trial = 0; trial < fc_test_iters(300); trial++) {
        rand_fmpq_poly(f, st, 1 + n_randint(st, 6), 9);
        rand_fmpq_poly(g, st, 1 + n_randint(st, 6), 9);
        if (n_randint(st, 2)) fmpq_poly_scalar_div_si(f, f, 1 + n_randint(st, 7));
        alg_res_univariate(r, f, g);
        sylvester_det(det, f, g);
        assert_true(fmpq_equal(r, det));
    }
    fmpq_poly_clear(f);
    fmpq_poly_clear(g);
    fmpq_clear(r);
    fmpq_clear(det);
    flint_randclear(st);
}

/* bivariate: res_x(P, Q)(y0) = res_x(P(x, y0), Q(x, y0)) when the leading
 * coefficients in x do not vanish at y0; the discriminant agrees with
 * FLINT's univariate fmpz_poly_discriminant at integer y0. */
static void test_elim_specialise(void **state)
{
    fmpq_mpoly_ctx_t ctx;
    fmpq_mpoly_t P, Q, R, D, t;
    fmpq_poly_t f, g;
    fmpq_t v, det, y0;
    fmpz_poly_t fz;
    fmpz_t dz;
    flint_rand_t st;
    int trial, yi;
    (void) state;
    flint_randinit(st);
    fmpq_mpoly_ctx_init(ctx, 2, ORD_LEX);
    fmpq_mpoly_init(P, ctx);
    fmpq_mpoly_init(Q, ctx);
    fmpq_mpoly_init(R, ctx);
    fmpq_mpoly_init(D, ctx);
    fmpq_mpoly_init(t, ctx);
    fmpq_poly_init(f);
    fmpq_poly_init(g);
    fmpq_init(v);
    fmpq_init(det);
    fmpq_init(y0);
    fmpz_poly_init(fz);
    fmpz_init(dz);
    for (trial = 0; trial < fc_test_iters(60); trial++) {
        fmpq_mpoly_randtest_bound(P, st, 1 + n_randint(st, 8), 6, 4, ctx);
        fmpq_mpoly_randtest_bound(Q, st, 1 + n_randint(st, 8), 6, 4, ctx);
        if (fmpq_mpoly_degree_si(P, 0, ctx) < 1 || fmpq_mpoly_degree_si(Q, 0, ctx) < 1) continue;
        assert_int_equal(alg_resultant(R, P, Q, 0, ctx), 0);
        assert_int_equal(alg_discriminant(D, P, 0, ctx), 0);
        assert_true(fmpq_mpoly_degree_si(R, 0, ctx) <= 0);
        for (yi = -3; yi <= 3; yi++) {
            fmpq_set_si(y0, yi, 1);
            /* specialise y = yi in P, Q: f(x) = P(x, yi) */
            fmpq_mpoly_evaluate_one_fmpq(t, P, 1, y0, ctx);
            assert_true(fmpq_mpoly_get_fmpq_poly(f, t, 0, ctx));
            fmpq_mpoly_evaluate_one_fmpq(t, Q, 1, y0, ctx);
            assert_true(fmpq_mpoly_get_fmpq_poly(g, t, 0, ctx));
            if (fmpq_poly_degree(f) != fmpq_mpoly_degree_si(P, 0, ctx)
                || fmpq_poly_degree(g) != fmpq_mpoly_degree_si(Q, 0, ctx))
                continue;
            sylvester_det(det, f, g);
            fmpq_mpoly_evaluate_one_fmpq(t, R, 1, y0, ctx);
            fmpq_mpoly_get_fmpq(v, t, ctx);
            assert_true(fmpq_equal(v, det));
            /* discriminant: FLINT's univariate one on the primitive integer
             * numerator c*f, disc(c f) = c^(2n-2) disc(f) */
            if (fmpq_poly_degree(f) >= 1) {
                slong n = fmpq_poly_degree(f);
                fmpq_t c;
                fmpq_init(c);
                fmpq_poly_get_numerator(fz, f);
                fmpz_poly_discriminant(dz, fz);
                fmpz_set(fmpq_numref(c), fmpq_poly_denref(f));
                fmpz_one(fmpq_denref(c));
                fmpq_pow_si(c, c, -(2 * n - 2));
                fmpq_mul_fmpz(c, c, dz);
                fmpq_mpoly_evaluate_one_fmpq(t, D, 1, y0, ctx);
                fmpq_mpoly_get_fmpq(v, t, ctx);
                assert_true(fmpq_equal(v, c));
                fmpq_clear(c);
            }
        }
    }
    fmpq_mpoly_clear(P, ctx);
    fmpq_mpoly_clear(Q, ctx);
    fmpq_mpoly_clear(R, ctx);
    fmpq_mpoly_clear(D, ctx);
    fmpq_mpoly_clear(t, ctx);
    fmpq_mpoly_ctx_clear(ctx);
    fmpq_poly_clear(f);
    fmpq_poly_clear(g);
    fmpq_clear(v);
    fmpq_clear(det);
    fmpq_clear(y0);
    fmpz_poly_clear(fz);
    fmpz_clear(dz);
    flint_randclear(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_disc_rod),
        cmocka_unit_test(test_resultant_sylvester),
        cmocka_unit_test(test_elim_specialise),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    flint_cleanup();
    return r;
}
