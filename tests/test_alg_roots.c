/* test_alg.c -- exact algebra (src/alg): conversion, discriminant,
 * resultant, real-root isolation, rewriting of disc/res/root.
 *
 * Oracles are independent of the code under test: spec/prior-art.md §3.1
 * (the rod discriminant), Sylvester determinants built here and computed
 * with fmpq_mat_det, FLINT's univariate fmpz_poly_discriminant, known
 * rational and quadratic-irrational roots checked with exact rational
 * comparisons and arb_sqrt, a Sturm-sequence root count written here, and
 * (when python3 has mpmath) mpmath polyroots at 60 digits.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "fc_test.h"
#include <flint/fmpq_mat.h>
#include "alg/alg.h"

/* GCC 11-12 false positive on fmpq members of a struct (see alg_roots.c) */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11
#pragma GCC diagnostic ignored "-Wstringop-overread"
#endif

/* ------------------------------------------------------------ helpers */

static expr_t parse(const char *src)
{
    expr_error_t err;
    expr_t e = expr_parse(src, 1, 1, &err);
    if (e == NULL) fprintf(stderr, "parse error in '%s': %s\n", src, err.msg);
    assert_non_null(e);
    return e;
}

/* p = the polynomial written in src over vars (must convert). */
static void mpoly_of(fmpq_mpoly_t p, const char *src, const char **vars, slong n,
                     const fmpq_mpoly_ctx_t ctx, int flags)
{
    expr_error_t err;
    expr_t e = parse(src);
    int r = alg_to_mpoly_ext(p, e, vars, n, ctx, NULL, NULL, flags, &err);
    if (r != 0) fprintf(stderr, "%s: %s\n", src, err.msg);
    assert_int_equal(r, 0);
    expr_free(e);
}

static void rand_fmpq_poly(fmpq_poly_t p, flint_rand_t st, slong deg, slong bound)
{
    slong i;
    fmpq_poly_zero(p);
    for (i = 0; i <= deg; i++)
        fmpq_poly_set_coeff_si(p, i, (slong) n_randint(st, 2 * bound + 1) - bound);
    if (fmpq_poly_degree(p) < deg) fmpq_poly_set_coeff_si(p, deg, 1 + (slong) n_randint(st, bound));
}

/* ------------------------------------------------------------ conversion */

static void test_convert_basic(void **state)
{
    const char *vars[] = {"x", "y"};
    fmpq_mpoly_ctx_t ctx;
    fmpq_mpoly_t p, q;
    expr_error_t err;
    expr_t e;
    (void) state;
    fmpq_mpoly_ctx_init(ctx, 2, ORD_LEX);
    fmpq_mpoly_init(p, ctx);
    fmpq_mpoly_init(q, ctx);

    /* (x + y)^3 / 3 - x*(2 - -y) + 2^-2: expanded by FLINT's string reader */
    mpoly_of(p, "(x + y)^3 / 3 - x*(2 - -y) + 2^-2 + (1/2)^2 * 4", vars, 2, ctx, 0);
    fmpq_mpoly_set_str_pretty(q, "1/3*x^3 + x^2*y + x*y^2 + 1/3*y^3 - 2*x - x*y + 5/4", vars, ctx);
    assert_true(fmpq_mpoly_equal(p, q, ctx));

    /* failures, located at the offending node */
    e = parse("x^2 + sqrt(y)");
    assert_int_equal(alg_to_mpoly(p, e, vars, 2, ctx, NULL, &err), -1);
    assert_int_equal(err.col, 7);
    assert_non_null(strstr(err.msg, "not polynomial in x, y"));
    assert_non_null(strstr(err.msg, "sqrt"));
    expr_free(e);
    e = parse("x / y");
    assert_int_equal(alg_to_mpoly(p, e, vars, 2, ctx, NULL, &err), -1);
    expr_free(e);
    e = parse("x / (1 - 1)");
    assert_int_equal(alg_to_mpoly(p, e, vars, 2, ctx, NULL, &err), -1);
    assert_non_null(strstr(err.msg, "division by zero"));
    expr_free(e);
    e = parse("x^(1/2)");
    assert_int_equal(alg_to_mpoly(p, e, vars, 2, ctx, NULL, &err), -1);
    expr_free(e);
    e = parse("x^-1");
    assert_int_equal(alg_to_mpoly(p, e, vars, 2, ctx, NULL, &err), -1);
    expr_free(e);
    e = parse("x + z");
    assert_int_equal(alg_to_mpoly(p, e, vars, 2, ctx, NULL, &err), -1);
    assert_int_equal(err.col, 5);
    assert_non_null(strstr(err.msg, "'z'"));
    expr_free(e);
    e = parse("pi*x");
    assert_int_equal(alg_to_mpoly(p, e, vars, 2, ctx, NULL, &err), -1);
    expr_free(e);
    e = parse("cos(x)");  /* no ALG_TRIG */
    assert_int_equal(alg_to_mpoly(p, e, vars, 2, ctx, NULL, &err), -1);
    expr_free(e);

    fmpq_mpoly_clear(p, ctx);
    fmpq_mpoly_clear(q, ctx);
    fmpq_mpoly_ctx_clear(ctx);
}

static void test_convert_scope_trig(void **state)
{
    const char *vars[] = {"t", "c_th", "s_th"};
    fmpq_mpoly_ctx_t ctx;
    fmpq_mpoly_t p, q;
    expr_error_t err;
    expr_scope_t s = expr_scope_new();
    expr_t d1 = parse("3"), d2 = parse("k*t - 1"), d3 = parse("t > 0"), e;
    (void) state;
    assert_int_equal(expr_scope_add_param(s, "mu"), 0);
    assert_int_equal(expr_scope_add_def(s, "k", d1, 0), 0);
    assert_int_equal(expr_scope_add_def(s, "B", d2, 0), 0);
    assert_int_equal(expr_scope_add_def(s, "pos", d3, 1), 0);
    fmpq_mpoly_ctx_init(ctx, 3, ORD_DEGREVLEX);
    fmpq_mpoly_init(p, ctx);
    fmpq_mpoly_init(q, ctx);

    e = parse("B^2 + k*cos(th)^2 + sin(th)");
    assert_int_equal(alg_to_mpoly_ext(p, e, vars, 3, ctx, s, NULL, ALG_TRIG, &err), 0);
    fmpq_mpoly_set_str_pretty(q, "9*t^2 - 6*t + 1 + 3*c_th^2 + s_th", vars, ctx);
    assert_true(fmpq_mpoly_equal(p, q, ctx));
    /* a free parameter is not a variable */
    expr_free(e);
    e = parse("mu*t");
    assert_int_equal(alg_to_mpoly(p, e, vars, 3, ctx, s, &err), -1);
    assert_non_null(strstr(err.msg, "parameter 'mu'"));
    expr_free(e);
    /* ... unless given a fixed value */
    {
        expr_t val = parse("5/3");
        expr_t pv[1];
        pv[0] = val;
        e = parse("mu*t");
        assert_int_equal(alg_to_mpoly_ext(p, e, vars, 3, ctx, s, pv, 0, &err), 0);
        fmpq_mpoly_set_str_pretty(q, "5/3*t", vars, ctx);
        assert_true(fmpq_mpoly_equal(p, q, ctx));
        expr_free(e);
        expr_free(val);
    }
    e = parse("pos + 1");
    assert_int_equal(alg_to_mpoly(p, e, vars, 3, ctx, s, &err), -1);
    expr_free(e);
    e = parse("cos(t)");    /* c_t is not a variable */
    assert_int_equal(alg_to_mpoly_ext(p, e, vars, 3, ctx, s, NULL, ALG_TRIG, &err), -1);
    expr_free(e);

    alg_trig_relation(p, 1, 2, ctx);
    fmpq_mpoly_set_str_pretty(q, "c_th^2 + s_th^2 - 1", vars, ctx);
    assert_true(fmpq_mpoly_equal(p, q, ctx));

    fmpq_mpoly_clear(p, ctx);
    fmpq_mpoly_clear(q, ctx);
    fmpq_mpoly_ctx_clear(ctx);
    expr_scope_free(s);
    expr_free(d1);
    expr_free(d2);
    expr_free(d3);
}

/* random polynomial -> AST -> text -> AST -> polynomial is the identity */
static void test_roundtrip(void **state)
{
    const char *vars[] = {"a", "b", "c"};
    fmpq_mpoly_ctx_t ctx;
    fmpq_mpoly_t p, q;
    flint_rand_t st;
    expr_error_t err;
    int trial;
    (void) state;
    flint_randinit(st);
    fmpq_mpoly_ctx_init(ctx, 3, ORD_DEGREVLEX);
    fmpq_mpoly_init(p, ctx);
    fmpq_mpoly_init(q, ctx);
    for (trial = 0; trial < fc_test_iters(200); trial++) {
        expr_t e, f;
        char *txt;
        fmpq_mpoly_randtest_bound(p, st, n_randint(st, 8), 20, 5, ctx);
        e = alg_mpoly_to_expr(p, vars, ctx);
        txt = expr_to_text(e);
        f = parse(txt);
        assert_int_equal(alg_to_mpoly(q, f, vars, 3, ctx, NULL, &err), 0);
        if (!fmpq_mpoly_equal(p, q, ctx)) fprintf(stderr, "round trip failed: %s\n", txt);
        assert_true(fmpq_mpoly_equal(p, q, ctx));
        flint_free(txt);
        expr_free(e);
        expr_free(f);
    }
    fmpq_mpoly_clear(p, ctx);
    fmpq_mpoly_clear(q, ctx);
    fmpq_mpoly_ctx_clear(ctx);
    flint_randclear(st);
}

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

/* Sylvester matrix of f (deg m) and g (deg n): (m+n) x (m+n). */
static void sylvester_det(fmpq_t det, const fmpq_poly_t f, const fmpq_poly_t g)
{
    slong m = fmpq_poly_degree(f), n = fmpq_poly_degree(g), i, j;
    fmpq_mat_t S;
    fmpq_t c;
    fmpq_init(c);
    fmpq_mat_init(S, m + n, m + n);
    for (i = 0; i < n; i++)          /* n rows of f's coefficients, highest first */
        for (j = 0; j <= m; j++) {
            fmpq_poly_get_coeff_fmpq(c, f, m - j);
            fmpq_set(fmpq_mat_entry(S, i, i + j), c);
        }
    for (i = 0; i < m; i++)          /* m rows of g's */
        for (j = 0; j <= n; j++) {
            fmpq_poly_get_coeff_fmpq(c, g, n - j);
            fmpq_set(fmpq_mat_entry(S, n + i, i + j), c);
        }
    fmpq_mat_det(det, S);
    fmpq_mat_clear(S);
    fmpq_clear(c);
}

/* resultant through alg (generator 0 of a 2-variable context) */
static void alg_res_univariate(fmpq_t r, const fmpq_poly_t f, const fmpq_poly_t g)
{
    fmpq_mpoly_ctx_t ctx;
    fmpq_mpoly_t a, b, out;
    fmpq_mpoly_ctx_init(ctx, 2, ORD_LEX);
    fmpq_mpoly_init(a, ctx);
    fmpq_mpoly_init(b, ctx);
    fmpq_mpoly_init(out, ctx);
    fmpq_mpoly_set_fmpq_poly(a, f, 0, ctx);
    fmpq_mpoly_set_fmpq_poly(b, g, 0, ctx);
    assert_int_equal(alg_resultant(out, a, b, 0, ctx), 0);
    assert_true(fmpq_mpoly_is_fmpq(out, ctx));
    fmpq_mpoly_get_fmpq(r, out, ctx);
    fmpq_mpoly_clear(a, ctx);
    fmpq_mpoly_clear(b, ctx);
    fmpq_mpoly_clear(out, ctx);
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

/* ------------------------------------------------------------ roots */

/* the known roots r[0..n-1] (distinct, any order): each isolating entry of
 * (lo, hi) (exact or open) holds exactly one of them, each is held once */
static void check_isolation_rational(const fmpq *lo, const fmpq *hi, slong m, const fmpq *r, slong n)
{
    slong i, j;
    slong *used = flint_calloc(n, sizeof(slong));
    assert_int_equal(m, n);
    for (i = 0; i < m; i++) {
        slong inside = 0;
        int exact = fmpq_equal(lo + i, hi + i);
        assert_true(fmpq_cmp(lo + i, hi + i) <= 0);
        if (i > 0) assert_true(fmpq_cmp(hi + i - 1, lo + i) <= 0);
        for (j = 0; j < n; j++) {
            int in = exact ? fmpq_equal(lo + i, r + j)
                           : fmpq_cmp(lo + i, r + j) < 0 && fmpq_cmp(r + j, hi + i) < 0;
            if (in) {
                inside++;
                used[j]++;
            }
        }
        assert_int_equal(inside, 1);
    }
    for (j = 0; j < n; j++) assert_int_equal(used[j], 1);
    flint_free(used);
}

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

/* 1 if sign * sqrt(c) lies in the open (lo, hi), exactly (c > 0) */
static int sqrt_in(const fmpq_t lo, const fmpq_t hi, const fmpq_t c, int sign)
{
    fmpq_t a, b, t;
    int in;
    fmpq_init(a);
    fmpq_init(b);
    fmpq_init(t);
    if (sign > 0) {
        fmpq_set(a, lo);
        fmpq_set(b, hi);
    } else {
        fmpq_neg(a, hi);
        fmpq_neg(b, lo);
    }
    /* sqrt(c) in (a, b) <=> (a < 0 or a^2 < c) and b > 0 and b^2 > c */
    fmpq_mul(t, a, a);
    in = fmpq_sgn(a) < 0 || fmpq_cmp(t, c) < 0;
    fmpq_mul(t, b, b);
    in = in && fmpq_sgn(b) > 0 && fmpq_cmp(t, c) > 0;
    fmpq_clear(a);
    fmpq_clear(b);
    fmpq_clear(t);
    return in;
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

/* Sturm count of the distinct roots of f in (a, b), f(a) f(b) != 0,
 * written here independently of the code under test */
static slong sturm_count(const fmpq_poly_t f, const fmpq_t a, const fmpq_t b)
{
    fmpq_poly_struct seq[64];
    slong n = 0, i, va = 0, vb = 0;
    int la = 0, lb = 0;
    fmpq_t v;
    fmpq_init(v);
    fmpq_poly_init(seq + 0);
    fmpq_poly_set(seq + 0, f);
    fmpq_poly_init(seq + 1);
    fmpq_poly_derivative(seq + 1, f);
    n = 2;
    while (!fmpq_poly_is_zero(seq + n - 1)) {
        fmpq_poly_init(seq + n);
        fmpq_poly_rem(seq + n, seq + n - 2, seq + n - 1);
        fmpq_poly_neg(seq + n, seq + n);
        n++;
    }
    for (i = 0; i < n; i++) {
        int s;
        fmpq_poly_evaluate_fmpq(v, seq + i, a);
        s = fmpq_sgn(v);
        if (s != 0 && la != 0 && s != la) va++;
        if (s != 0) la = s;
        fmpq_poly_evaluate_fmpq(v, seq + i, b);
        s = fmpq_sgn(v);
        if (s != 0 && lb != 0 && s != lb) vb++;
        if (s != 0) lb = s;
    }
    for (i = 0; i < n; i++) fmpq_poly_clear(seq + i);
    fmpq_clear(v);
    return va - vb;
}

/* Real roots per mpmath.polyroots at 60 digits (|im| < 1e-40) of each of
 * f[0..np-1], in one python3 run: vals[i] (arb at 200 bits, +-2^-149)
 * receives nv[i] <= maxn values. Returns 0, or -1 if python3 failed. */
static int mpmath_real_roots(arb_ptr *vals, slong *nv, slong maxn, const fmpz_poly_struct *f, slong np)
{
    char path[] = "/tmp/fricert_test_alg_XXXXXX", cmd[512], line[256];
    int fd = mkstemp(path);
    FILE *fp, *pp;
    slong i, j, cur = -1;
    if (fd < 0) return -1;
    fp = fdopen(fd, "w");
    for (i = 0; i < np; i++) {      /* one polynomial a line, highest coefficient first */
        for (j = fmpz_poly_degree(f + i); j >= 0; j--) {
            fmpz_fprint(fp, f[i].coeffs + j);
            fputc(j ? ' ' : '\n', fp);
        }
    }
    fclose(fp);
    snprintf(cmd, sizeof(cmd),
        "python3 -c 'import sys, mpmath as m\nm.mp.dps = 60\n"
        "for l in open(sys.argv[1]):\n"
        " r = m.polyroots([int(c) for c in l.split()], maxsteps=400, extraprec=400)\n"
        " print(\"#\")\n"
        " [print(m.nstr(m.re(z), 55)) for z in r if abs(m.im(z)) < m.mpf(10)**-40]' %s", path);
    pp = popen(cmd, "r");
    if (pp == NULL) {
        remove(path);
        return -1;
    }
    while (fgets(line, sizeof(line), pp) != NULL) {
        mag_t e;
        line[strcspn(line, "\n")] = '\0';
        if (strcmp(line, "#") == 0) {
            if (++cur >= np) break;
            nv[cur] = 0;
            continue;
        }
        if (cur < 0 || nv[cur] >= maxn || arb_set_str(vals[cur] + nv[cur], line, 200) != 0) {
            cur = -2;
            break;
        }
        mag_init(e);
        mag_set_ui_2exp_si(e, 1, -149);       /* about 1e-45 */
        arb_add_error_mag(vals[cur] + nv[cur], e);
        mag_clear(e);
        nv[cur]++;
    }
    if (pclose(pp) != 0 || cur != np - 1) cur = -2;
    remove(path);
    return cur == np - 1 ? 0 : -1;
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

/* ------------------------------------------------------------ rewriting */

static expr_t rewritten(const char *src, const expr_scope_t s, const expr_t *pv, int want)
{
    expr_error_t err;
    expr_t e = parse(src);
    int r = alg_rewrite_ext(&e, s, pv, 128, &err);
    if (r != want) fprintf(stderr, "%s -> %d (%s)\n", src, r, r ? err.msg : "");
    assert_int_equal(r, want);
    return e;
}

static void test_rewrite(void **state)
{
    const char *vars[] = {"k", "mu", "c_th", "s_th"};
    fmpq_mpoly_ctx_t ctx;
    fmpq_mpoly_t p, q;
    expr_error_t err;
    expr_scope_t s = expr_scope_new();
    expr_t P = parse("t^2 - k*mu*t + 1 + k"), three = parse("3"), five3 = parse("5/3");
    expr_t pv[2], e;
    arb_t x;
    (void) state;
    arb_init(x);
    assert_int_equal(expr_scope_add_param(s, "k"), 0);
    assert_int_equal(expr_scope_add_param(s, "mu"), 1);
    assert_int_equal(expr_scope_add_def(s, "P", P, 0), 0);
    fmpq_mpoly_ctx_init(ctx, 4, ORD_DEGREVLEX);
    fmpq_mpoly_init(p, ctx);
    fmpq_mpoly_init(q, ctx);

    /* the rod discriminant through a definition; t is a bound variable */
    e = rewritten("disc(P, t) > 0", s, NULL, 0);
    assert_int_equal(e->kind, EXPR_GT);
    assert_int_equal(alg_to_mpoly(p, e->args[0], vars, 4, ctx, NULL, &err), 0);
    fmpq_mpoly_set_str_pretty(q, "k^2*mu^2 - 4*k - 4", vars, ctx);
    assert_true(fmpq_mpoly_equal(p, q, ctx));
    expr_free(e);

    /* trigonometric coefficients are kept as cos/sin of the free name */
    e = rewritten("disc(cos(th)*x^2 + sin(th)*x + 1, x)", s, NULL, 0);
    assert_int_equal(alg_to_mpoly_ext(p, e, vars, 4, ctx, NULL, NULL, ALG_TRIG, &err), 0);
    fmpq_mpoly_set_str_pretty(q, "s_th^2 - 4*c_th", vars, ctx);
    assert_true(fmpq_mpoly_equal(p, q, ctx));
    expr_free(e);

    /* nested: res(x^2 - y, x - y^2 + 1, x) = y^4 - 2y^2 - y + 1; disc of
     * that in y is a number: compare with FLINT's univariate discriminant */
    e = rewritten("disc(res(x^2 - y, x - y^2 + 1, x), y)", s, NULL, 0);
    {
        fmpz_poly_t f;
        fmpz_t d;
        fmpz_poly_init(f);
        fmpz_init(d);
        fmpz_poly_set_str(f, "5  1 -1 -2 0 1");
        fmpz_poly_discriminant(d, f);
        assert_int_equal(e->kind, EXPR_NUM);
        assert_true(fmpz_is_one(fmpq_denref(e->num)) && fmpz_equal(fmpq_numref(e->num), d));
        fmpz_poly_clear(f);
        fmpz_clear(d);
    }
    expr_free(e);

    /* root with fixed parameters k = 3, mu = 5/3: t^2 - 5t + 4 */
    pv[0] = three;
    pv[1] = five3;
    e = rewritten("root(P, t, 0 .. 2, 1) + root(P, t, 2 .. 10, 1)", s, pv, 0);
    assert_int_equal(e->args[0]->kind, EXPR_BALL);
    assert_true(arb_is_exact(e->args[0]->ball) && arb_equal_si(e->args[0]->ball, 1));
    assert_true(arb_is_exact(e->args[1]->ball) && arb_equal_si(e->args[1]->ball, 4));
    expr_free(e);

    /* an irrational root, certified */
    e = rewritten("root(x^2 - 2, x, 0 .. 2, 1)", NULL, NULL, 0);
    assert_int_equal(e->kind, EXPR_BALL);
    arb_set_ui(x, 2);
    arb_sqrt(x, x, 256);
    assert_true(arb_contains(e->ball, x));
    assert_true(arb_rel_accuracy_bits(e->ball) >= 120);
    expr_free(e);

    /* the ball evaluates: root^2 - 2 encloses 0 */
    e = rewritten("root(x^2 - 2, x, 0 .. 2, 1)^2 - 2", s, NULL, 0);
    {
        tv_t tv;
        arb_struct box[2];
        arb_init(box + 0);
        arb_init(box + 1);
        assert_int_equal(expr_check(e, s, 0, &err), 0);
        assert_int_equal(expr_eval_once(x, &tv, e, s, box, 128), EXPR_DEFINED);
        arb_clear(box + 0);
        arb_clear(box + 1);
        assert_true(arb_contains_zero(x) && arb_rel_accuracy_bits(x) < 0 && mag_cmp_2exp_si(arb_radref(x), -100) < 0);
    }
    expr_free(e);

    /* a double root: a note, the ball still contains it */
    e = rewritten("root((3*x - 1)^2*(x^2 - 2), x, -10 .. 10, 2)", NULL, NULL, 1);
    {
        fmpq_t third;
        fmpq_init(third);
        fmpq_set_si(third, 1, 3);
        assert_true(arb_contains_fmpq(e->ball, third));
        fmpq_clear(third);
    }
    expr_free(e);

    /* errors, located */
    e = parse("1 + root(x^2 - 2, x, 0 .. 1, 1)");
    assert_int_equal(alg_rewrite(&e, s, 128, &err), -1);
    assert_int_equal(err.col, 5);
    assert_non_null(strstr(err.msg, "only 0"));
    expr_free(e);
    e = parse("root(P, t, 0 .. 2, 1)");       /* k, mu free: not univariate */
    assert_int_equal(alg_rewrite(&e, s, 128, &err), -1);
    assert_non_null(strstr(err.msg, "not polynomial in t"));
    expr_free(e);
    e = parse("disc(x^2 + sqrt(x), x)");
    assert_int_equal(alg_rewrite(&e, s, 128, &err), -1);
    assert_int_equal(err.col, 12);
    expr_free(e);
    e = parse("root(x^2 - 2, x, 0 .. pi, 1)");
    assert_int_equal(alg_rewrite(&e, s, 128, &err), -1);
    expr_free(e);
    e = parse("root(x^2 - 2, x, 0 .. 2, 1/2)");
    assert_int_equal(alg_rewrite(&e, s, 128, &err), -1);
    expr_free(e);
    e = parse("root(x^2 - 2, x, 2 .. 0, 1)");
    assert_int_equal(alg_rewrite(&e, s, 128, &err), -1);
    expr_free(e);
    e = parse("disc(x^2 - 2)");
    assert_int_equal(alg_rewrite(&e, s, 128, &err), -1);
    expr_free(e);
    e = parse("disc(k*mu, t)");
    assert_int_equal(alg_rewrite(&e, s, 128, &err), -1);
    expr_free(e);
    e = parse("disc(cos(x)*x^2 + c_x, y) + 1");   /* c_x clashes with cos(x) */
    assert_int_equal(alg_rewrite(&e, s, 128, &err), -1);
    assert_non_null(strstr(err.msg, "clashes"));
    expr_free(e);
    /* other user functions are left alone */
    e = rewritten("foo(x) + 1", s, NULL, 0);
    assert_int_equal(e->args[0]->kind, EXPR_FUNC);
    expr_free(e);

    fmpq_mpoly_clear(p, ctx);
    fmpq_mpoly_clear(q, ctx);
    fmpq_mpoly_ctx_clear(ctx);
    expr_scope_free(s);
    expr_free(P);
    expr_free(three);
    expr_free(five3);
    arb_clear(x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_convert_basic),
        cmocka_unit_test(test_convert_scope_trig),
        cmocka_unit_test(test_roundtrip),
        cmocka_unit_test(test_disc_rod),
        cmocka_unit_test(test_resultant_sylvester),
        cmocka_unit_test(test_elim_specialise),
        cmocka_unit_test(test_vca_rational),
        cmocka_unit_test(test_quadratic_irrationals),
        cmocka_unit_test(test_roots_multiplicities),
        cmocka_unit_test(test_roots_random),
        cmocka_unit_test(test_roots_mpmath),
        cmocka_unit_test(test_root_interval_exact),
        cmocka_unit_test(test_rewrite),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    flint_cleanup();
    return r;
}
