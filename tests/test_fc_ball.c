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

/* A printed decimal ("-0.971591", "1.5e-5", U+2212 allowed) as an exact
 * rational, parsed here digit by digit (no mpfr, no arb). Returns the
 * exponent of the last digit's unit in *UNIT10. */
static void dec_to_fmpq(fmpq_t q, const char *s, slong *unit10)
{
    fmpz_t num, den;
    int neg = 0, dot = 0;
    slong frac = 0, e10 = 0;
    fmpz_init(num);
    fmpz_init(den);
    if (strncmp(s, "\xe2\x88\x92", 3) == 0) { neg = 1; s += 3; }
    else if (*s == '-') { neg = 1; s++; }
    for (; *s && *s != 'e'; s++) {
        if (*s == '.') { dot = 1; continue; }
        if (!(*s >= '0' && *s <= '9')) print_error("bad decimal at %s\n", s);
        assert_true(*s >= '0' && *s <= '9');
        fmpz_mul_ui(num, num, 10);
        fmpz_add_ui(num, num, (ulong) (*s - '0'));
        if (dot) frac++;
    }
    if (*s == 'e') e10 = atol(s + 1);
    *unit10 = e10 - frac;
    fmpz_set_ui(den, 10);
    if (*unit10 >= 0) {
        fmpz_pow_ui(den, den, (ulong) *unit10);
        fmpz_mul(num, num, den);
        fmpz_one(den);
    } else
        fmpz_pow_ui(den, den, (ulong) -*unit10);
    if (neg) fmpz_neg(num, num);
    fmpq_set_fmpz_frac(q, num, den);
    fmpz_clear(num);
    fmpz_clear(den);
}

/* Splits "[a, b]" into A and B (caller's buffers). */
static void split_interval(char *a, char *b, const char *s)
{
    const char *c = strstr(s, ", ");
    size_t n = strlen(s);
    assert_true(s[0] == '[' && s[n - 1] == ']' && c != NULL);
    memcpy(a, s + 1, (size_t) (c - s - 1));
    a[c - s - 1] = '\0';
    memcpy(b, c + 2, (size_t) (s + n - 1 - (c + 2)));
    b[s + n - 1 - (c + 2)] = '\0';
    assert_null(strchr(a, '['));
    assert_null(strchr(b, '['));
}

/* fc_ball_interval_str_unicode, checked in exact rational arithmetic: the
 * printed a' is <= every point of LO and b' >= every point of HI (so the
 * printed interval contains [a, b]); when the balls are narrow, each end is
 * within two units of its last digit of its ball; the E8 interval of ch. 1
 * (the oracle's ends -0.971590055 and 0.737850788, as the case computes them)
 * prints as [-0.971591, 0.737851]. */
static void test_interval_str(void **state)
{
    flint_rand_t st;
    arb_t lo, hi;
    arf_t t;
    fmpq_t a, b, bound, d, u;
    char *s, sa[200], sb[200];
    slong ua, ub;
    int i;
    (void) state;
    flint_randinit(st);
    arb_init(lo); arb_init(hi); arf_init(t);
    fmpq_init(a); fmpq_init(b); fmpq_init(bound); fmpq_init(d); fmpq_init(u);
    for (i = 0; i < fc_test_iters(3000); i++) {
        slong prec = 64 + n_randint(st, 100);
        int narrow = n_randint(st, 2);   /* mpfr's exponent range is not tested: |exponent| < 2^12 */
        arb_randtest(lo, st, prec, 1 + n_randint(st, 12));
        arb_randtest(hi, st, prec, 1 + n_randint(st, 12));
        if (arf_is_zero(arb_midref(lo)) || arf_is_zero(arb_midref(hi)))
            narrow = 0;
        if (narrow) {   /* radius well below the sixth digit */
            mag_set_ui_2exp_si(arb_radref(lo), 1, arf_abs_bound_lt_2exp_si(arb_midref(lo)) - 40);
            mag_set_ui_2exp_si(arb_radref(hi), 1, arf_abs_bound_lt_2exp_si(arb_midref(hi)) - 40);
        }
        if (!arb_is_finite(lo) || !arb_is_finite(hi)) continue;
        s = fc_ball_interval_str_unicode(lo, hi, 6, prec);
        split_interval(sa, sb, s);
        dec_to_fmpq(a, sa, &ua);
        dec_to_fmpq(b, sb, &ub);
        arb_get_lbound_arf(t, lo, 2 * prec);
        arf_get_fmpq(bound, t);
        if (fmpq_cmp(a, bound) > 0) print_error("%s: lower end above the ball\n", s);
        assert_true(fmpq_cmp(a, bound) <= 0);
        arb_get_ubound_arf(t, hi, 2 * prec);
        arf_get_fmpq(bound, t);
        assert_true(fmpq_cmp(b, bound) >= 0);
        if (narrow) {
            /* ubound(lo) - a' <= 2 * 10^ua and b' - lbound(hi) <= 2 * 10^ub */
            fmpq_set_si(u, 10, 1);
            fmpz_pow_ui(fmpq_numref(u), fmpq_numref(u), (ulong) FLINT_ABS(ua));
            if (ua < 0) fmpq_inv(u, u);
            fmpq_mul_2exp(u, u, 1);
            arb_get_ubound_arf(t, lo, 2 * prec);
            arf_get_fmpq(bound, t);
            fmpq_sub(d, bound, a);
            if (fmpq_cmp(d, u) > 0) print_error("%s: lower end not tight\n", s);
            assert_true(fmpq_cmp(d, u) <= 0);
            fmpq_set_si(u, 10, 1);
            fmpz_pow_ui(fmpq_numref(u), fmpq_numref(u), (ulong) FLINT_ABS(ub));
            if (ub < 0) fmpq_inv(u, u);
            fmpq_mul_2exp(u, u, 1);
            arb_get_lbound_arf(t, hi, 2 * prec);
            arf_get_fmpq(bound, t);
            fmpq_sub(d, b, bound);
            assert_true(fmpq_cmp(d, u) <= 0);
        }
        flint_free(s);
    }
    /* ch. 1, E8: Mz in [-0.971590055, 0.737850788] (the dual oracle), balls of radius 5.5e-8 and 2.1e-7 */
    ball_q(lo, -971590055, 1000000000, 55, 1000000000);
    ball_q(hi, 737850788, 1000000000, 21, 100000000);
    s = fc_ball_interval_str_unicode(lo, hi, 6, 128);
    assert_string_equal(s, "[\xe2\x88\x92" "0.971591, 0.737851]");
    flint_free(s);
    /* exact ends print exactly; a non-finite one says so */
    arb_set_si(lo, -3); arb_set_d(hi, 0.25);
    s = fc_ball_interval_str_unicode(lo, hi, 6, 128);
    assert_string_equal(s, "[\xe2\x88\x92" "3, 0.25]");
    flint_free(s);
    arb_indeterminate(hi);
    s = fc_ball_interval_str_unicode(lo, hi, 6, 128);
    assert_string_equal(s, "(no finite enclosure)");
    flint_free(s);
    arb_clear(lo); arb_clear(hi); arf_clear(t);
    fmpq_clear(a); fmpq_clear(b); fmpq_clear(bound); fmpq_clear(d); fmpq_clear(u);
    flint_randclear(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strings),
        cmocka_unit_test(test_ball_str),
        cmocka_unit_test(test_interval_str),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
