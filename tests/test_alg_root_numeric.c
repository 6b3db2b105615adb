/* test_alg_root_numeric.c -- root(P, x, LO .. HI, k) for P that is not a
 * polynomial: the ball from alg_rewrite contains the root computed
 * independently with MPFR at 320 bits (Newton's iteration, or a closed form:
 * log 3, 3 pi, pi/2), is narrow, and the calls that cannot be certified (a
 * double root, a root at an end, too few roots) are errors, never guesses. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include <mpfr.h>
#include "alg/alg.h"

#define PREC 128

/* the ball of root call src (alg_rewrite); -1 and err on failure */
static int root_ball(arb_t out, const char *src, expr_error_t *err)
{
    expr_t e = expr_parse(src, 1, 1, err);
    int rc;
    assert_non_null(e);
    rc = alg_rewrite(&e, NULL, PREC, err);
    if (rc >= 0) {
        assert_int_equal(e->kind, EXPR_BALL);
        arb_set(out, e->ball);
    }
    expr_free(e);
    return rc < 0 ? -1 : 0;
}

/* out contains the 320-bit value v and is narrower than 2^-100 */
static void assert_encloses(const arb_t out, const mpfr_t v)
{
    arb_t t;
    arb_init(t);
    arf_set_mpfr(arb_midref(t), v);
    mag_set_ui_2exp_si(arb_radref(t), 1, -300);
    if (!arb_contains(out, t)) {
        arb_printd(out, 40);
        printf(" does not contain ");
        arb_printd(t, 40);
        printf("\n");
    }
    assert_true(arb_contains(out, t));
    assert_true(mag_cmp_2exp_si(arb_radref(out), -100) < 0);
    arb_clear(t);
}

static void test_values(void **state)
{
    arb_t b;
    mpfr_t x, f, d;
    expr_error_t err;
    int i;
    (void) state;
    arb_init(b);
    mpfr_inits2(320, x, f, d, (mpfr_ptr) 0);
    /* cos x = x: Newton from 0.7 */
    mpfr_set_d(x, 0.7, MPFR_RNDN);
    for (i = 0; i < 12; i++) {
        mpfr_cos(f, x, MPFR_RNDN);
        mpfr_sub(f, f, x, MPFR_RNDN);
        mpfr_sin(d, x, MPFR_RNDN);
        mpfr_add_ui(d, d, 1, MPFR_RNDN);
        mpfr_neg(d, d, MPFR_RNDN);
        mpfr_div(f, f, d, MPFR_RNDN);
        mpfr_sub(x, x, f, MPFR_RNDN);
    }
    assert_int_equal(root_ball(b, "root(cos(x) - x, x, 0 .. 1, 1)", &err), 0);
    assert_encloses(b, x);
    /* exp(x) = 3 */
    mpfr_set_ui(x, 3, MPFR_RNDN);
    mpfr_log(x, x, MPFR_RNDN);
    assert_int_equal(root_ball(b, "root(exp(x) - 3, x, 0 .. 2, 1)", &err), 0);
    assert_encloses(b, x);
    /* the third root of sin in [1, 10] is 3 pi */
    mpfr_const_pi(x, MPFR_RNDN);
    mpfr_mul_ui(x, x, 3, MPFR_RNDN);
    assert_int_equal(root_ball(b, "root(sin(x), x, 1 .. 10, 3)", &err), 0);
    assert_encloses(b, x);
    /* an end that is not exact: cos on [0, pi] has its root at pi/2 */
    mpfr_const_pi(x, MPFR_RNDN);
    mpfr_div_2ui(x, x, 1, MPFR_RNDN);
    assert_int_equal(root_ball(b, "root(cos(x), x, 0 .. pi, 1)", &err), 0);
    assert_encloses(b, x);
    mpfr_clears(x, f, d, (mpfr_ptr) 0);
    arb_clear(b);
}

static void test_refusals(void **state)
{
    arb_t b;
    expr_error_t err;
    (void) state;
    arb_init(b);
    assert_int_equal(root_ball(b, "root(sin(x), x, 1 .. 10, 4)", &err), -1);
    assert_non_null(strstr(err.msg, "only 3 real root(s)"));
    /* a double root cannot be proved simple */
    assert_int_equal(root_ball(b, "root((x - 1)^2*exp(x), x, 0 .. 2, 1)", &err), -1);
    assert_non_null(strstr(err.msg, "cannot prove the roots simple"));
    /* not defined on part of the range */
    assert_int_equal(root_ball(b, "root(sqrt(x) - 1/2, x, -1 .. 1, 1)", &err), -1);
    assert_non_null(strstr(err.msg, "not proved defined"));
    /* if() can jump: no counting */
    assert_int_equal(root_ball(b, "root(if(x < 1, exp(x) - 2, 1), x, 0 .. 2, 1)", &err), -1);
    assert_non_null(strstr(err.msg, "continuous"));
    /* the polynomial route is unchanged */
    assert_int_equal(root_ball(b, "root(x^2 - 2, x, 0 .. 2, 1)", &err), 0);
    assert_true(arb_contains_si(b, 1) == 0);
    arb_clear(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
