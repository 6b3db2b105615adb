/* test_fc_ball.c -- the ball printer (src/base/fc_ball.c): printed text read back with arb_set_str
 * must contain the ball; exact values print exactly; the document form with ± and U+2212. */
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

/* The document form (fc_ball_str_unicode, " ± " and a true minus sign) read
 * back as arb syntax contains the ball. */
static void
test_ball_str(void **state)
{
    arb_t x, y;
    char *s, *t, *u;
    size_t k;
    fmpq_t q;

    (void) state;
    arb_init(x); arb_init(y);
    fmpq_init(q);
    fmpq_set_si(q, 2, 5);
    arb_set_fmpq(x, q, 128);
    s = fc_ball_str_unicode(x, 15, 128);
    /* back to arb syntax and parse: must contain 2/5 */
    t = malloc(strlen(s) + 8);
    for (k = 0, u = s; *u; )
    {
        if (strncmp(u, "\xc2\xb1", 2) == 0) { memcpy(t + k, "+/-", 3); k += 3; u += 2; }
        else if (strncmp(u, "\xe2\x88\x92", 3) == 0) { t[k++] = '-'; u += 3; }
        else t[k++] = *u++;
    }
    t[k] = '\0';
    assert_int_equal(arb_set_str(y, t, 128), 0);
    arb_set_fmpq(x, q, 300);
    assert_true(arb_contains(y, x));
    assert_non_null(strstr(s, "0.400000000000000"));
    flint_free(s);
    free(t);
    /* a negative number gets a true minus sign */
    arb_set_si(x, -3);
    arb_div_ui(x, x, 7, 128);
    s = fc_ball_str_unicode(x, 10, 128);
    assert_true(strncmp(s, "[\xe2\x88\x92" "0.428571428", 12) == 0);
    flint_free(s);
    arb_clear(x); arb_clear(y);
    fmpq_clear(q);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strings),
        cmocka_unit_test(test_ball_str),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
