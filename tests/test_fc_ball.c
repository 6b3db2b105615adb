/* test_fc_ball.c -- the ball printer (src/base/fc_ball.c): printed text read back with arb_set_str
 * must contain the ball; exact values print exactly. */
#include "test_ball_util.h"

/* Printed forms read back with arb_set_str contain the ball. */
static void test_strings(void **state)
{
    flint_rand_t st;
    arb_t x, y, m, r;
    char *s, *mid, *rad;
    int i;
    flint_randinit(st);
    arb_init(x);
    arb_init(y);
    arb_init(m);
    arb_init(r);
    for (i = 0; i < fc_test_iters(2000); i++) {
        slong prec = 16 + n_randint(st, 200);
        arb_randtest(x, st, 1 + n_randint(st, 300), 1 + n_randint(st, 40));
        if (!arb_is_finite(x)) continue;
        s = fc_ball_str(x, prec);
        assert_int_equal(arb_set_str(y, s, 400), 0);
        if (!arb_contains(y, x)) print_error("%s does not contain the ball\n", s);
        assert_true(arb_contains(y, x));
        flint_free(s);
        fc_ball_mid_rad(&mid, &rad, x, fc_ball_digits(prec));
        assert_int_equal(arb_set_str(m, mid, 400), 0);
        assert_int_equal(arb_set_str(r, rad, 400), 0);
        arb_add_error(m, r);
        assert_true(arb_contains(m, x));
        flint_free(mid);
        flint_free(rad);
    }
    /* exact values print exactly */
    arb_set_si(x, -9);
    s = fc_ball_str(x, 128);
    assert_string_equal(s, "-9");
    flint_free(s);
    arb_set_d(x, 0.25);
    s = fc_ball_str(x, 128);
    assert_string_equal(s, "0.25");
    flint_free(s);
    /* a wide ball keeps a few digits of its midpoint: [1.5 +/- 0.25] */
    ball_q(x, 3, 2, 1, 4);
    s = fc_ball_str(x, 128);
    assert_int_equal(strncmp(s, "[1.5", 4), 0);
    assert_int_equal(arb_set_str(y, s, 400), 0);
    assert_true(arb_contains(y, x));
    flint_free(s);
    arb_clear(x);
    arb_clear(y);
    arb_clear(m);
    arb_clear(r);
    flint_randclear(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
