/* test_run_expect.c -- [expect] lines (run_expect.c): run_ball_within on exact rational balls, and a
 * small case whose values are known exactly. */
#include "test_ball_util.h"

static void test_within(void **state)
{
    arb_t x, v;
    fmpq_t tol;
    arb_init(x);
    arb_init(v);
    fmpq_init(tol);
    /* V = 1/2 exact, TOL = 1/8: [3/8, 5/8] */
    fmpq_set_si(tol, 1, 8);
    ball_q(v, 1, 2, 0, 1);
    ball_q(x, 1, 2, 1, 16);          /* [7/16, 9/16]: inside */
    assert_true(run_ball_within(x, v, tol, 128));
    arb_set_si(x, 5);
    arb_mul_2exp_si(x, x, -3);       /* exactly 5/8: on the edge, inside the closed interval */
    assert_true(run_ball_within(x, v, tol, 128));
    ball_q(x, 5, 8, 1, 1000000);     /* reaches beyond 5/8 */
    assert_false(run_ball_within(x, v, tol, 128));
    ball_q(x, 1, 2, 1, 4);           /* wider than the interval */
    assert_false(run_ball_within(x, v, tol, 128));
    /* TOL = 0: only an exact ball equal to V passes */
    fmpq_zero(tol);
    arb_set_d(x, 0.5);
    assert_true(run_ball_within(x, v, tol, 128));
    ball_q(x, 1, 2, 1, 1000000000);
    assert_false(run_ball_within(x, v, tol, 128));
    /* V itself a ball, V in [7/16, 9/16], TOL = 1/8: x must lie within TOL
     * of every such V, i.e. in [9/16 - 1/8, 7/16 + 1/8] = [7/16, 9/16]. */
    fmpq_set_si(tol, 1, 8);
    ball_q(v, 1, 2, 1, 16);
    arb_set_d(x, 0.5);
    assert_true(run_ball_within(x, v, tol, 128));
    arb_set_d(x, 0.59375);           /* 19/32 > 9/16: within TOL of 1/2, not of 7/16 */
    assert_false(run_ball_within(x, v, tol, 128));
    arb_indeterminate(x);
    assert_false(run_ball_within(x, v, tol, 128));
    arb_clear(x);
    arb_clear(v);
    fmpq_clear(tol);
}

/* [expect] lines on a small case whose values are known exactly:
 * a = 3/2, b = 2 (point p: a = 1/3), q = a*b, s = sqrt(a*b). */
static void test_expect(void **state)
{
    const char *text =
        "[case]\ntitle = t\n"
        "[parameters]\na = 3/2\nb = 2\nt = 0 .. 1\n"
        "[define]\nq = a*b\ns = sqrt(a*b)\nw = t + 1\n"
        "[regions]\nbig = q > 1\n"
        "[point p]\na = 1/3\n"
        "[expect]\n"
        "q = 3 +/- 0\n"                 /* 0: exact product: passes */
        "q@p = 2/3 +/- 1e-30\n"          /* 1: passes */
        "s = sqrt(3) +/- 1e-30\n"        /* 2: passes (V irrational) */
        "s = 1.732 +/- 1e-4\n"           /* 3: |sqrt 3 - 1.732| = 5.1e-5: passes */
        "s = 1.732 +/- 1e-5\n"           /* 4: fails */
        "big = true\n"                   /* 5: 3 > 1: passes */
        "big@p = false\n"                /* 6: 2/3 > 1 is false: passes */
        "big@p = unknown\n"              /* 7: fails (the verdict is false) */
        "w = 3/2 +/- 51/100\n"           /* 8: w over t in [0,1] is [1, 2]: passes */
        "w = 3/2 +/- 1/4\n";             /* 9: fails */
    const int want[] = {1, 1, 1, 1, 0, 1, 1, 0, 1, 0};
    char path[] = "/tmp/test_cli.XXXXXX";
    int fd = mkstemp(path), i;
    case_t c;
    case_error_t err;
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t) strlen(text));
    close(fd);
    assert_int_equal(case_read(&c, path, &err), 0);
    unlink(path);
    assert_int_equal(c.nexpect, 10);
    for (i = 0; i < 10; i++) {
        run_expect res;
        run_expect_eval(&res, &c, i, 128, NULL);
        if (res.passed != want[i]) print_error("expect %d (%s): got %s\n", i, c.expect[i].text, res.got);
        assert_int_equal(res.passed, want[i]);
        assert_int_equal(res.internal, 0);
    }
    case_clear(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_within),
        cmocka_unit_test(test_expect),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
