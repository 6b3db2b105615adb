/* test_alg_extremum.c -- maxof / minof / argmax / argmin (src/alg/alg_extremum.c).
 *
 * Oracles are independent of the branch and bound under test:
 *   - closed forms computed here with Arb (sin's maximum 1 at pi/2; spec/ch4.md
 *     E-C3: psi_2 = 2 - a sqrt 8 at x** = 1 - 3a/sqrt 8, derived by hand from
 *     psi' = 0; spec/ch8b.md E7: Q1(u1) = sqrt(17)/6 e^(pi/4 + atan(4)/2) and
 *     Q1(infinity) = e^(f pi)/2);
 *   - the digits printed in the spec (12 significant digits: tolerance 1e-11
 *     relative), re-checked in scratch work with mpmath at 40 digits;
 *   - for random polynomials, the exact extremum from the endpoints (exact
 *     rational values) and the certified real roots of the derivative
 *     (alg_roots_isolate, values at 400 bits).
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
#include <arb_poly.h>
#include "alg/alg.h"

/* GCC 11-12 false positive on fmpq members of a struct (see alg_roots.c) */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11
#pragma GCC diagnostic ignored "-Wstringop-overread"
#endif

#define PREC 128

static expr_t parse(const char *src)
{
    expr_error_t err;
    expr_t e = expr_parse(src, 1, 1, &err);
    if (e == NULL) fprintf(stderr, "parse error in '%s': %s\n", src, err.msg);
    assert_non_null(e);
    return e;
}

/* alg_extremum on the call written in src; checks the return code. */
static void ext(arb_t out, const char *src, const expr_scope_t s, const expr_t *pv, int want,
                expr_error_t *err)
{
    expr_t e = parse(src);
    int r = alg_extremum(out, e, s, pv, PREC, 0, err);
    if (r != want) fprintf(stderr, "%s -> %d (%s)\n", src, r, r ? err->msg : "");
    assert_int_equal(r, want);
    expr_free(e);
}

/* 1 if |x - v| <= tol for every point x of the ball b (v a decimal string). */
static int near_decimal(const arb_t b, const char *v, double tol)
{
    arb_t t, d;
    int ok;
    arb_init(t);
    arb_init(d);
    arb_set_str(t, v, 200);
    arb_sub(d, b, t, 200);
    arb_abs(d, d);
    arb_set_d(t, tol);
    ok = arb_le(d, t);
    arb_clear(t);
    arb_clear(d);
    return ok;
}

static double rad(const arb_t b)
{
    return mag_get_d(arb_radref(b));
}

/* ------------------------------------------------------------ basics */

static void test_sin(void **state)
{
    arb_t b, t;
    expr_error_t err;
    (void) state;
    arb_init(b);
    arb_init(t);
    ext(b, "maxof(sin(x), x, 0 .. 3)", NULL, NULL, 0, &err);
    assert_true(arb_contains_si(b, 1));
    assert_true(rad(b) < 1e-30);
    ext(b, "argmax(sin(x), x, 0 .. 3)", NULL, NULL, 0, &err);
    arb_const_pi(t, 300);
    arb_mul_2exp_si(t, t, -1);
    assert_true(arb_contains(b, t));
    assert_true(rad(b) < 1e-30);
    /* min at the end 0 (sin(3) = 0.14 > 0) */
    ext(b, "minof(sin(x), x, 0 .. 3)", NULL, NULL, 0, &err);
    assert_true(arb_contains_si(b, 0));
    assert_true(rad(b) < 1e-30);
    ext(b, "argmin(sin(x), x, 0 .. 3)", NULL, NULL, 0, &err);
    assert_true(arb_contains_si(b, 0));
    assert_true(rad(b) < 1e-30);
    /* the maximum at a non-dyadic, irrational end: pi/3 .. 1 has sin
     * increasing, max sin(1) at HI = 1; min at pi/3 */
    ext(b, "minof(sin(x), x, pi/3 .. 1.5)", NULL, NULL, 0, &err);
    arb_set_ui(t, 3);
    arb_sqrt(t, t, 300);
    arb_mul_2exp_si(t, t, -1);
    assert_true(arb_contains(b, t));
    assert_true(rad(b) < 1e-30);
    ext(b, "argmin(sin(x), x, pi/3 .. 1.5)", NULL, NULL, 0, &err);
    arb_const_pi(t, 300);
    arb_div_ui(t, t, 3, 300);
    assert_true(arb_contains(b, t));
    assert_true(rad(b) < 1e-30);
    arb_clear(b);
    arb_clear(t);
}

/* ------------------------------------------------------------ spec oracles */

/* spec/ch4.md E-C3 (Theorem 3, case 2): g = f = beta = 1, a = 0.45, b = 0:
 * psi(x) = (2x - 1) + sqrt(x^2) + sqrt((1 - x)^2 - a^2) on [1/2, x* = 0.55];
 * the domain ends exactly at x*, where psi' = -infinity. */
static void test_spec_psi(void **state)
{
    const char *psi = "(2*x - 1) + sqrt(x^2) + sqrt((1 - x)^2 - (45/100)^2), x, 1/2 .. 1 - 45/100)";
    char src[256];
    arb_t b, t, s8;
    expr_error_t err;
    (void) state;
    arb_init(b);
    arb_init(t);
    arb_init(s8);
    arb_set_ui(s8, 8);
    arb_sqrt(s8, s8, 300);
    snprintf(src, sizeof src, "maxof(%s", psi);
    ext(b, src, NULL, NULL, 0, &err);
    /* psi' = 3 - (1-x)/sqrt((1-x)^2 - a^2) = 0  <=>  1 - x = 3a/sqrt 8;
     * psi_2 = 2 - a sqrt 8 */
    arb_set_ui(t, 45);
    arb_div_ui(t, t, 100, 300);
    arb_mul(t, t, s8, 300);
    arb_sub_ui(t, t, 2, 300);
    arb_neg(t, t);
    assert_true(arb_contains(b, t));
    assert_true(rad(b) < 1e-30);
    assert_true(near_decimal(b, "0.727207793864", 1e-12));
    snprintf(src, sizeof src, "argmax(%s", psi);
    ext(b, src, NULL, NULL, 0, &err);
    arb_set_ui(t, 135);
    arb_div_ui(t, t, 100, 300);
    arb_div(t, t, s8, 300);
    arb_sub_ui(t, t, 1, 300);
    arb_neg(t, t);
    assert_true(arb_contains(b, t));
    assert_true(rad(b) < 1e-30);
    assert_true(near_decimal(b, "0.522702922699", 1e-12));
    /* psi_1 = min = psi(x*) = 0.65 at the end x* = 0.55, a domain boundary
     * where psi' = -infinity; 0.55 is not dyadic, so the search must cover
     * a 2^-160-wide zone beyond lower(0.55) where psi varies by ~2^-80: the
     * ball is certified but wider than 2^-128, and says so (return 1) */
    snprintf(src, sizeof src, "minof(%s", psi);
    ext(b, src, NULL, NULL, 1, &err);
    assert_non_null(strstr(err.msg, "wider than requested"));
    assert_true(near_decimal(b, "0.65", 1e-20));
    {
        fmpq_t q;
        fmpq_init(q);
        fmpq_set_si(q, 13, 20);
        assert_true(arb_contains_fmpq(b, q));
        fmpq_clear(q);
    }

    /* E-C5, second body: g = 1, f = 0.5, beta = 2, a = 0.1, b = 0.15;
     * printed psi_2 = 0.687495635784 at x** = 0.788555098063 */
    ext(b, "maxof((2*x - 1)/2 + sqrt(x^2/4 - (15/100)^2) + sqrt((1 - x)^2/4 - (1/10)^2), x, "
           "1/2 .. 1 - (1/10)/(1/2))", NULL, NULL, 0, &err);
    assert_true(near_decimal(b, "0.687495635784", 1e-12));
    assert_true(rad(b) < 1e-30);
    ext(b, "argmax((2*x - 1)/2 + sqrt(x^2/4 - (15/100)^2) + sqrt((1 - x)^2/4 - (1/10)^2), x, "
           "1/2 .. 1 - (1/10)/(1/2))", NULL, NULL, 0, &err);
    assert_true(near_decimal(b, "0.788555098063", 1e-12));
    assert_true(rad(b) < 1e-30);
    arb_clear(b);
    arb_clear(t);
    arb_clear(s8);
}

/* spec/ch8b.md R7.5 / E7: Q1(beta) = (P/2) exp(f (pi/2 + beta)) / (sin beta -
 * tan(alpha) cos beta) (u = tan beta), P = 1, over [beta1, pi/2],
 * beta1 = atan(2 tan(alpha) + 1/f). max Q is where the sign of G says. */
static void test_spec_capstan(void **state)
{
    arb_t b, t, u;
    expr_error_t err;
    (void) state;
    arb_init(b);
    arb_init(t);
    arb_init(u);
    /* alpha = 45 deg, f = 0.5: region II, the max at beta1 = atan(4):
     * sqrt(17)/6 e^(pi/4 + atan(4)/2) = 2.92458970202 */
    ext(b, "maxof(exp((1/2)*(pi/2 + x)) / (2*(sin(x) - tan(pi/4)*cos(x))), x, "
           "atan(2*tan(pi/4) + 2) .. pi/2)", NULL, NULL, 0, &err);
    arb_set_ui(u, 4);
    arb_atan(u, u, 300);
    arb_const_pi(t, 300);
    arb_mul_2exp_si(t, t, -1);
    arb_add(t, t, u, 300);
    arb_mul_2exp_si(t, t, -1);
    arb_exp(t, t, 300);
    arb_set_ui(u, 17);
    arb_sqrt(u, u, 300);
    arb_mul(t, t, u, 300);
    arb_div_ui(t, t, 6, 300);
    assert_true(arb_contains(b, t));
    assert_true(near_decimal(b, "2.92458970202", 1e-10));
    assert_true(rad(b) < 1e-29);
    ext(b, "argmax(exp((1/2)*(pi/2 + x)) / (2*(sin(x) - tan(pi/4)*cos(x))), x, "
           "atan(2*tan(pi/4) + 2) .. pi/2)", NULL, NULL, 0, &err);
    arb_set_ui(u, 4);
    arb_atan(u, u, 300);
    assert_true(arb_contains(b, u));
    assert_true(rad(b) < 1e-30);
    /* alpha = 30 deg, f = 1.2: G < 0, the max at beta = pi/2: e^(6 pi/5)/2 */
    ext(b, "maxof(exp((6/5)*(pi/2 + x)) / (2*(sin(x) - tan(pi/6)*cos(x))), x, "
           "atan(2*tan(pi/6) + 5/6) .. pi/2)", NULL, NULL, 0, &err);
    arb_const_pi(t, 300);
    arb_mul_ui(t, t, 6, 300);
    arb_div_ui(t, t, 5, 300);
    arb_exp(t, t, 300);
    arb_mul_2exp_si(t, t, -1);
    assert_true(arb_contains(b, t));
    assert_true(near_decimal(b, "21.6881060882", 1e-9));
    ext(b, "argmax(exp((6/5)*(pi/2 + x)) / (2*(sin(x) - tan(pi/6)*cos(x))), x, "
           "atan(2*tan(pi/6) + 5/6) .. pi/2)", NULL, NULL, 0, &err);
    arb_const_pi(t, 300);
    arb_mul_2exp_si(t, t, -1);
    assert_true(arb_contains(b, t));
    /* alpha = 30 deg, f = 0.8 (region III, G = +0.0390): 6.41835301062 */
    ext(b, "maxof(exp((4/5)*(pi/2 + x)) / (2*(sin(x) - tan(pi/6)*cos(x))), x, "
           "atan(2*tan(pi/6) + 5/4) .. pi/2)", NULL, NULL, 0, &err);
    assert_true(near_decimal(b, "6.41835301062", 1e-9));
    /* alpha = 20 deg, f = 0.6 (G = +0.0079, the nearest call): 3.31912096916 */
    ext(b, "maxof(exp((3/5)*(pi/2 + x)) / (2*(sin(x) - tan(pi/9)*cos(x))), x, "
           "atan(2*tan(pi/9) + 5/3) .. pi/2)", NULL, NULL, 0, &err);
    assert_true(near_decimal(b, "3.31912096916", 1e-9));
    arb_clear(b);
    arb_clear(t);
    arb_clear(u);
}

/* ------------------------------------------------------------ ties */

static void test_ties(void **state)
{
    arb_t b, t;
    expr_error_t err;
    (void) state;
    arb_init(b);
    arb_init(t);
    /* cos(2x) on [-1, 4]: maxima 1 at 0 and pi */
    ext(b, "maxof(cos(2*x), x, -1 .. 4)", NULL, NULL, 0, &err);
    assert_true(arb_contains_si(b, 1));
    assert_true(rad(b) < 1e-30);
    ext(b, "argmax(cos(2*x), x, -1 .. 4)", NULL, NULL, 1, &err);
    assert_non_null(strstr(err.msg, "not unique"));
    assert_true(arb_contains_si(b, 0));
    arb_const_pi(t, 300);
    assert_true(arb_contains(b, t));
    /* a tie below the tolerance (pi 2^-300 apart): still the hull, with the note */
    ext(b, "argmax(cos(2*x) + x*2^-300, x, -1 .. 4)", NULL, NULL, 1, &err);
    assert_true(arb_contains_si(b, 0));
    assert_true(arb_contains(b, t));
    /* a near tie above the tolerance: cos(2x) + x/10^20 peaks higher near pi,
     * at pi + asin(10^-20/2)/2 */
    ext(b, "argmax(cos(2*x) + x/10^20, x, -1 .. 4)", NULL, NULL, 0, &err);
    arb_set_ui(t, 1);
    arb_div_ui(t, t, 2, 300);
    {
        arb_t p;
        arb_init(p);
        arb_ui_pow_ui(p, 10, 20, 300);
        arb_div(t, t, p, 300);
        arb_asin(t, t, 300);
        arb_mul_2exp_si(t, t, -1);
        arb_const_pi(p, 300);
        arb_add(t, t, p, 300);
        assert_true(arb_contains(b, t));
        assert_false(arb_contains(b, p));    /* resolved beyond pi itself (2.5e-21 away) */
        assert_false(arb_contains_si(b, 0));
        assert_true(rad(b) < 1e-30);
        /* its value: cos(2 m) + m / 10^20 at the maximiser m */
        ext(b, "maxof(cos(2*x) + x/10^20, x, -1 .. 4)", NULL, NULL, 0, &err);
        arb_mul_2exp_si(p, t, 1);
        arb_cos(p, p, 300);
        {
            arb_t q;
            arb_init(q);
            arb_ui_pow_ui(q, 10, 20, 300);
            arb_div(q, t, q, 300);
            arb_add(p, p, q, 300);
            arb_clear(q);
        }
        assert_true(arb_contains(b, p));
        assert_true(rad(b) < 1e-30);
        arb_clear(p);
    }
    /* a flat maximum: constant on [0, 1]; the budget ends the search */
    {
        expr_t e = parse("argmax(1 + 0*x, x, 0 .. 1)");
        assert_int_equal(alg_extremum(b, e, NULL, NULL, PREC, 5000, &err), 1);
        assert_true(arb_contains_si(b, 0));
        assert_true(arb_contains_si(b, 1));
        expr_free(e);
    }
    arb_clear(b);
    arb_clear(t);
}

/* ------------------------------------------------------------ errors, scope */

static void test_errors(void **state)
{
    expr_error_t err;
    expr_scope_t s = expr_scope_new();
    expr_t e;
    arb_t b;
    (void) state;
    arb_init(b);
    /* located at the call: column 5 of "1 + maxof(...)" */
    e = parse("1 + maxof(sqrt(x - 1), x, 0 .. 2)");
    assert_int_equal(alg_rewrite(&e, NULL, PREC, &err), -1);
    assert_int_equal(err.line, 1);
    assert_int_equal(err.col, 5);
    assert_non_null(strstr(err.msg, "maxof: F is not defined on all of [0, 2]"));
    expr_free(e);
    ext(b, "argmin(1/x, x, -1 .. 1)", NULL, NULL, -1, &err);
    assert_non_null(strstr(err.msg, "argmin: F is not defined on all of [-1, 1]"));
    /* defined up to a domain boundary exactly at an end: fine */
    ext(b, "maxof(sqrt(1 - x^2), x, -1 .. 1)", NULL, NULL, 0, &err);
    assert_true(arb_contains_si(b, 1));
    ext(b, "maxof(sqrt(x - 1), x, 1 .. 2)", NULL, NULL, 0, &err);
    assert_true(arb_contains_si(b, 1));
    /* a free parameter: argmax (like maxof) with data that vary is left in place for
     * the evaluator (src/expr/expr_quant.c); alg_extremum itself still says why */
    assert_int_equal(expr_scope_add_param(s, "theta"), 0);
    e = parse("argmax(theta*sin(x), x, 0 .. 3)");
    assert_int_equal(alg_rewrite(&e, s, PREC, &err), 0);
    assert_int_equal(e->kind, EXPR_FUNC);
    assert_int_equal(alg_extremum(b, e, s, NULL, PREC, 0, &err), -1);
    assert_non_null(strstr(err.msg, "needs constant data"));
    assert_non_null(strstr(err.msg, "theta"));
    assert_int_equal(err.col, 8);
    expr_free(e);
    e = parse("maxof(theta*sin(x), x, 0 .. 3)");
    assert_int_equal(alg_rewrite(&e, s, PREC, &err), 0);
    assert_int_equal(e->kind, EXPR_FUNC);
    expr_free(e);
    /* bad ranges */
    ext(b, "maxof(x, x, 1 .. 1)", NULL, NULL, -1, &err);
    assert_non_null(strstr(err.msg, "LO < HI"));
    ext(b, "maxof(x, x, 2 .. 1)", NULL, NULL, -1, &err);
    ext(b, "maxof(x, x, sqrt(-1) .. 1)", NULL, NULL, -1, &err);
    e = parse("maxof(x, x, 0 .. 1, 2)");
    assert_int_equal(alg_rewrite(&e, NULL, PREC, &err), -1);
    assert_non_null(strstr(err.msg, "takes 3 arguments"));
    expr_free(e);
    arb_clear(b);
    expr_scope_free(s);
}

static void test_scope(void **state)
{
    expr_error_t err;
    expr_scope_t s = expr_scope_new();
    expr_t pv[2], D = parse("x + 1"), C = parse("x > 1"), e;
    arb_t b, t;
    expr_tv_t tv;
    (void) state;
    arb_init(b);
    arb_init(t);
    /* a global parameter x = 2 (fixed) and D = x + 1 = 3: the bound x of the
     * call shadows the global x, which D still sees */
    assert_int_equal(expr_scope_add_param(s, "x"), 0);
    assert_int_equal(expr_scope_add_param(s, "k"), 1);
    assert_int_equal(expr_scope_add_def(s, "D", D, 0), 0);
    assert_int_equal(expr_scope_add_def(s, "C", C, 1), 0);
    pv[0] = parse("2");
    pv[1] = NULL;
    ext(b, "maxof(D*sin(x), x, 0 .. 3)", s, pv, 0, &err);
    assert_true(arb_contains_si(b, 3));
    assert_true(rad(b) < 1e-30);
    /* a boolean definition through if(): C is true (x = 2) */
    ext(b, "maxof(if(C, -x^2, x), x, -1 .. 1)", s, pv, 0, &err);
    assert_true(arb_contains_si(b, 0));
    /* the range ends see the global x: [0, x] = [0, 2] */
    ext(b, "argmax(-(x - 1)^2, x, 0 .. x + 0)", s, pv, 0, &err);
    assert_true(arb_contains_si(b, 1));
    /* k is free */
    ext(b, "maxof(k*x, x, 0 .. 1)", s, pv, -1, &err);
    assert_non_null(strstr(err.msg, "needs constant data"));
    /* through alg_rewrite_ext: the call becomes a ball inside the AST */
    e = parse("1 + minof(cos(x), x, 0 .. 2*pi)");
    assert_int_equal(alg_rewrite_ext(&e, s, pv, PREC, &err), 0);
    assert_int_equal(e->kind, EXPR_ADD);
    assert_int_equal(e->args[1]->kind, EXPR_BALL);
    {
        arb_struct box[2];
        arb_init(box + 0);
        arb_init(box + 1);
        arb_set_si(box + 0, 2);
        assert_int_equal(expr_eval_once(t, &tv, e, s, box, PREC), EXPR_DEFINED);
        arb_clear(box + 0);
        arb_clear(box + 1);
    }
    assert_true(arb_contains_si(t, 0));
    assert_true(rad(t) < 1e-30);
    expr_free(e);
    /* a note (non-unique argmax) comes back as return code 1 */
    e = parse("argmax(cos(2*x), x, -1 .. 4)");
    assert_int_equal(alg_rewrite_ext(&e, s, pv, PREC, &err), 1);
    assert_int_equal(e->kind, EXPR_BALL);
    assert_non_null(strstr(err.msg, "not unique"));
    expr_free(e);
    expr_free(pv[0]);
    expr_scope_free(s);
    expr_free(D);
    expr_free(C);
    arb_clear(b);
    arb_clear(t);
}

/* ------------------------------------------------------------ random polynomials */

/* Candidates for the extremum of P over [lo, hi]: the ends (exact) and the
 * real roots of P' inside (400-bit balls). val[i] = P there, loc[i] = place. */
static slong candidates(arb_ptr val, arb_ptr loc, const fmpq_poly_t P, const fmpq_t lo, const fmpq_t hi)
{
    fmpq_poly_t dP;
    alg_roots_t r;
    arb_poly_t ap;
    fmpq_t v;
    slong n = 0, i, first = 0, cnt;

    fmpq_poly_init(dP);
    fmpq_init(v);
    arb_poly_init(ap);
    alg_roots_init(r);
    fmpq_poly_evaluate_fmpq(v, P, lo);
    arb_set_fmpq(val + n, v, 400);
    arb_set_fmpq(loc + n++, lo, 400);
    fmpq_poly_evaluate_fmpq(v, P, hi);
    arb_set_fmpq(val + n, v, 400);
    arb_set_fmpq(loc + n++, hi, 400);
    fmpq_poly_derivative(dP, P);
    arb_poly_set_fmpq_poly(ap, P, 400);
    assert_true(alg_roots_isolate(r, dP) >= 0);
    cnt = alg_roots_in_interval(&first, r, lo, hi);
    for (i = first; i < first + cnt; i++) {
        alg_roots_enclosure(loc + n, r, i, 400);
        arb_poly_evaluate(val + n, ap, loc + n, 400);
        n++;
    }
    alg_roots_clear(r);
    arb_poly_clear(ap);
    fmpq_clear(v);
    fmpq_poly_clear(dP);
    return n;
}

static void test_random_poly(void **state)
{
    flint_rand_t rs;
    int trial;
    (void) state;
    flint_randinit(rs);
    for (trial = 0; trial < fc_test_iters(300); trial++) {
        fmpq_poly_t P;
        fmpq_t lo, hi, w;
        char src[1024], *sl, *sh;
        slong deg = 2 + n_randint(rs, 6), k, n, i, best;
        arb_ptr val = _arb_vec_init(deg + 2), loc = _arb_vec_init(deg + 2);
        arb_t res, orc, arg;
        arf_t ol, oh, t;
        expr_error_t err;
        int sign, rc;
        size_t len = 0;

        fmpq_poly_init(P);
        fmpq_init(lo);
        fmpq_init(hi);
        fmpq_init(w);
        arb_init(res);
        arb_init(orc);
        arb_init(arg);
        arf_init(ol);
        arf_init(oh);
        arf_init(t);
        for (k = 0; k <= deg; k++) {
            slong c = (slong) n_randint(rs, 19) - 9;
            if (k == deg && c == 0) c = 1 + (slong) n_randint(rs, 5);
            fmpq_poly_set_coeff_si(P, k, c);
            len += snprintf(src + len, sizeof src - len, "%s(%ld)*x^%ld", k ? " + " : "", (long) c,
                            (long) k);
        }
        fmpq_set_si(lo, (slong) n_randint(rs, 41) - 20, 1 + n_randint(rs, 9));
        fmpq_set_si(w, 1 + (slong) n_randint(rs, 40), 1 + n_randint(rs, 9));
        fmpq_add(hi, lo, w);
        sl = fmpq_get_str(NULL, 10, lo);
        sh = fmpq_get_str(NULL, 10, hi);
        n = candidates(val, loc, P, lo, hi);

        for (sign = 1; sign >= -1; sign -= 2) {
            char call[1200];
            expr_t e;
            /* oracle: [max lower bounds, max upper bounds] of sign*P over the candidates */
            arf_neg_inf(ol);
            arf_neg_inf(oh);
            best = 0;
            for (i = 0; i < n; i++) {
                arb_t s;
                arb_init(s);
                arb_mul_si(s, val + i, sign, 400);
                arb_get_lbound_arf(t, s, 400);
                if (arf_cmp(t, ol) > 0) { arf_set(ol, t); best = i; }
                arb_get_ubound_arf(t, s, 400);
                if (arf_cmp(t, oh) > 0) arf_set(oh, t);
                arb_clear(s);
            }
            arb_set_interval_arf(orc, ol, oh, 400);
            if (sign < 0) arb_neg(orc, orc);
            snprintf(call, sizeof call, "%s(%s, x, %s .. %s)", sign > 0 ? "maxof" : "minof", src, sl, sh);
            e = parse(call);
            rc = alg_extremum(res, e, NULL, NULL, PREC, 0, &err);
            if (rc != 0 || !arb_contains(res, orc)) {
                fprintf(stderr, "%s -> %d %s\n  got ", call, rc, rc ? err.msg : "");
                arb_printn(res, 40, 0);
                fprintf(stderr, "\n  exact ");
                arb_printn(orc, 40, 0);
                fprintf(stderr, "\n");
            }
            assert_int_equal(rc, 0);
            assert_true(arb_overlaps(res, orc));
            assert_true(arb_contains(res, orc));        /* the exact extremum lies in the ball */
            /* radius within 2^-prec of the largest |P| on the interval (which
             * is attained at a candidate), with a little slack */
            {
                arf_t m, r;
                arf_init(m);
                arf_init(r);
                arf_one(m);
                for (i = 0; i < n; i++) {
                    arb_get_abs_ubound_arf(t, val + i, 64);
                    if (arf_cmp(t, m) > 0) arf_set(m, t);
                }
                arf_mul_2exp_si(m, m, -(PREC - 4));
                arf_set_mag(r, arb_radref(res));
                assert_true(arf_cmp(r, m) <= 0);
                arf_clear(m);
                arf_clear(r);
            }
            expr_free(e);
            /* argmax / argmin: contains the location of every candidate whose
             * value is (within 400 bits) extremal */
            snprintf(call, sizeof call, "%s(%s, x, %s .. %s)", sign > 0 ? "argmax" : "argmin", src, sl, sh);
            e = parse(call);
            rc = alg_extremum(arg, e, NULL, NULL, PREC, 0, &err);
            assert_true(rc == 0 || rc == 1);
            for (i = 0; i < n; i++)
                if (arb_overlaps(val + i, val + best)) {
                    if (!arb_contains(arg, loc + i)) {
                        fprintf(stderr, "%s: candidate %ld not in ", call, (long) i);
                        arb_printn(arg, 30, 0);
                        fprintf(stderr, "\n");
                    }
                    assert_true(arb_contains(arg, loc + i));
                }
            expr_free(e);
        }
        flint_free(sl);
        flint_free(sh);
        _arb_vec_clear(val, deg + 2);
        _arb_vec_clear(loc, deg + 2);
        fmpq_poly_clear(P);
        fmpq_clear(lo);
        fmpq_clear(hi);
        fmpq_clear(w);
        arb_clear(res);
        arb_clear(orc);
        arb_clear(arg);
        arf_clear(ol);
        arf_clear(oh);
        arf_clear(t);
    }
    flint_randclear(rs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sin),
        cmocka_unit_test(test_spec_psi),
        cmocka_unit_test(test_spec_capstan),
        cmocka_unit_test(test_ties),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_scope),
        cmocka_unit_test(test_random_poly),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    flint_cleanup();
    return r;
}
