/* test_claim_identity.c -- kind = identity (claim_identity.c): identities built to hold (polynomial,
 * rational, trigonometric through cos^2 + sin^2 = 1) are proved by the exact algebra; identities built to
 * fail are refuted with a witness at which the difference is checked exactly, with rationals, to be
 * nonzero; an identity outside the algebra (sin(2t) = 2 sin t cos t) is not proved and not refuted. */
#include "test_claim_util.h"

static claim_status identity(claim_result *r, case_t *c, const char *name, const char *params, const char *lhs,
                             const char *rhs)
{
    char text[4096];
    snprintf(text, sizeof text,
             "[case]\ntitle = t\n[parameters]\n%s\n[claim c]\nkind = identity\nclaim = %s\nmodel = %s\n",
             params, lhs, rhs);
    read_case_text(c, name, text);
    return decide(r, c, "c");
}

/* random polynomials p: p + (x - y)(x + y) == p + x^2 - y^2 is proved; p + x y / 1000 == p refuted, and
 * x y != 0 exactly at the witness, inside the box */
static void test_polynomial_random(void **state)
{
    flint_rand_t st;
    int t;
    (void) state;
    flint_randinit(st);
    for (t = 0; t < 20; t++) {
        char p[1024], lhs[1400], rhs[1400];
        case_t c;
        claim_result r;
        fmpq_t x, y;
        int h, i, j, deg = 1 + (int) n_randint(st, 3);
        size_t len = snprintf(p, sizeof p, "0");
        for (i = 0; i <= deg; i++)
            for (j = 0; i + j <= deg; j++)
                len += snprintf(p + len, sizeof p - len, " + (%ld)*x^%d*y^%d", (long) n_randint(st, 7) - 3, i, j);
        snprintf(lhs, sizeof lhs, "%s + (x - y)*(x + y)", p);
        snprintf(rhs, sizeof rhs, "x^2 - y^2 + %s", p);
        assert_int_equal(identity(&r, &c, "pp", "x = -1 .. 2\ny = 1/3 .. 1", lhs, rhs), CLAIM_PROVED);
        claim_result_clear(&r);
        case_clear(&c);
        snprintf(lhs, sizeof lhs, "%s + x*y/1000", p);
        assert_int_equal(identity(&r, &c, "pr", "x = -1 .. 2\ny = 1/3 .. 1", lhs, p), CLAIM_REFUTED);
        fmpq_init(x); fmpq_init(y);
        witness(x, &h, &r, "x");
        witness(y, &h, &r, "y");
        assert_true(!fmpq_is_zero(x) && !fmpq_is_zero(y));
        assert_true(fmpq_cmp_si(x, -1) >= 0 && fmpq_cmp_ui(x, 2) <= 0);
        fmpq_clear(x); fmpq_clear(y);
        claim_result_clear(&r);
        case_clear(&c);
    }
    flint_randclear(st);
}

static void test_rational_and_trig(void **state)
{
    case_t c;
    claim_result r;
    (void) state;
    /* 1/(1 + x^2) + x = (1 + x + x^3)/(1 + x^2) */
    assert_int_equal(identity(&r, &c, "q1", "x = -2 .. 3", "1/(1 + x^2) + x", "(1 + x + x^3)/(1 + x^2)"),
                     CLAIM_PROVED);
    claim_result_clear(&r); case_clear(&c);
    /* a fixed parameter substituted: k x / k = x at k = 7/3 */
    assert_int_equal(identity(&r, &c, "q2", "x = 0 .. 1\nk = 7/3", "k*x/k", "x"), CLAIM_PROVED);
    claim_result_clear(&r); case_clear(&c);
    /* cos^2 = 1 - sin^2 needs the Pythagorean relation; the rod's B: 1 + 3 cos^2 - 3 mu sin cos written two ways */
    assert_int_equal(identity(&r, &c, "t1", "t = 0 .. 3", "cos(t)^2", "1 - sin(t)^2"), CLAIM_PROVED);
    claim_result_clear(&r); case_clear(&c);
    assert_int_equal(identity(&r, &c, "t2", "t = 0 .. 3/2\nmu = 0 .. 3",
                              "1 + 3*cos(t)^2 - 3*mu*sin(t)*cos(t)",
                              "4 - 3*sin(t)^2 - 3*mu*cos(t)*sin(t)"), CLAIM_PROVED);
    claim_result_clear(&r); case_clear(&c);
    /* false: cos^2 vs sin^2 (equal only at pi/4 + k pi/2) */
    assert_int_equal(identity(&r, &c, "t3", "t = 0 .. 3", "cos(t)^2", "sin(t)^2"), CLAIM_REFUTED);
    claim_result_clear(&r); case_clear(&c);
    /* the grid runs over the parameters the two sides read: fourteen ranges (2^14 > 4096 cells at level 1),
       the difference x y / 1000 reads x and y only, through a definition; the witness names x and y alone */
    {
        fmpq_t x, y;
        int h;
        assert_int_equal(identity(&r, &c, "t5", "x = 1 .. 2\ny = 1 .. 2\na1 = 0 .. 1\na2 = 0 .. 1\n"
                                  "a3 = 0 .. 1\na4 = 0 .. 1\na5 = 0 .. 1\na6 = 0 .. 1\na7 = 0 .. 1\n"
                                  "a8 = 0 .. 1\na9 = 0 .. 1\na10 = 0 .. 1\na11 = 0 .. 1\na12 = 0 .. 1\n"
                                  "[define]\nxy = x*y", "xy/1000 + x", "x"), CLAIM_REFUTED);
        assert_int_equal(r.nwitness, 2);
        fmpq_init(x); fmpq_init(y);
        witness(x, &h, &r, "x");
        witness(y, &h, &r, "y");
        assert_true(fmpq_cmp_ui(x, 1) >= 0 && fmpq_cmp_ui(x, 2) <= 0);
        assert_true(fmpq_cmp_ui(y, 1) >= 0 && fmpq_cmp_ui(y, 2) <= 0);
        fmpq_clear(x); fmpq_clear(y);
        claim_result_clear(&r); case_clear(&c);
    }
    /* a difference that reads no range parameter: refuted at the simplest point of the whole box (a witness is
       still named), and the detail says why */
    assert_int_equal(identity(&r, &c, "t6", "x = 0 .. 1\ny = 0 .. 1", "1/3", "1/2"), CLAIM_REFUTED);
    assert_int_equal(r.nwitness, 2);
    assert_non_null(strstr(r.detail, "reads no range parameter"));
    claim_result_clear(&r); case_clear(&c);
    /* true but outside the algebra (sin of 2t): neither proved nor refuted */
    assert_int_equal(identity(&r, &c, "t4", "t = 0 .. 3", "sin(2*t)", "2*sin(t)*cos(t)"), CLAIM_INCONCLUSIVE);
    claim_result_clear(&r); case_clear(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_polynomial_random),
        cmocka_unit_test(test_rational_and_trig),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
