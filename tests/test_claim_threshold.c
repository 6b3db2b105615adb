/* test_claim_threshold.c -- threshold claims (claim_threshold.c): the rod at k = 3 against
 * hand-derived conditions (9 mu^2 > 16) and exact signs of B at the witness, and a model outside the
 * algebra (exp(theta) - mu > 0 iff mu < e). */
#include "test_claim_util.h"

/* ------------------------------------------------------------ thresholds: the rod at k = 3 */

static const char *ROD =
    "[case]\ntitle = rod\n[parameters]\ntheta = 0 .. pi/2\nmu = 0 .. 3\nk = 3\n"
    "[define]\nB = 1 + k*cos(theta)^2 - mu*k*sin(theta)*cos(theta)\n"
    "[claim strict]\nkind = threshold\nclaim = mu > 4/3\nmodel = B < 0\nover = theta\nparam = mu\n"
    "[claim closed]\nkind = threshold\nclaim = mu >= 4/3\nmodel = B < 0\nover = theta\nparam = mu\n"
    "[claim low]\nkind = threshold\nclaim = mu > 1\nmodel = B < 0\nover = theta\nparam = mu\n"
    "[claim high]\nkind = threshold\nclaim = mu > 3/2\nmodel = B < 0\nover = theta\nparam = mu\n";

/* A refuted threshold witness: the claim at mu differs from "exists theta: B < 0",
 * and a theta given in the witness really has B < 0. */
static void check_rod_witness(const claim_result *r, int (*claim)(const fmpq_t))
{
    fmpq_t mu, th;
    int h, k, has_theta = 0;
    fmpq_init(mu);
    fmpq_init(th);
    witness(mu, &h, r, "mu");
    assert_true(claim(mu) != rod_exists(mu));
    for (k = 0; k < r->nwitness; k++)
        if (strcmp(r->wnames[k], "theta") == 0) has_theta = 1;
    if (has_theta) {
        witness(th, &h, r, "theta");
        assert_int_equal(rod_B_sign(th, h, mu), -1);
        assert_false(claim(mu));
    }
    fmpq_clear(mu);
    fmpq_clear(th);
}

static int cl_low(const fmpq_t mu) { return fmpq_cmp_ui(mu, 1) > 0; }

static void test_threshold_rod(void **state)
{
    case_t c;
    claim_result r;
    fmpq_t mu, q;
    int h;
    (void) state;
    read_case_text(&c, "rod", ROD);
    assert_int_equal(decide(&r, &c, "strict"), CLAIM_PROVED);
    assert_non_null(strstr(r.detail, "exact algebra"));
    claim_result_clear(&r);

    /* mu >= 4/3: wrong exactly at 4/3, where B >= 0 at every angle */
    assert_int_equal(decide(&r, &c, "closed"), CLAIM_REFUTED);
    fmpq_init(mu);
    fmpq_init(q);
    witness(mu, &h, &r, "mu");
    fmpq_set_si(q, 4, 3);
    assert_true(fmpq_equal(mu, q));
    check_rod_witness(&r, cl_closed);
    claim_result_clear(&r);

    assert_int_equal(decide(&r, &c, "low"), CLAIM_REFUTED);
    check_rod_witness(&r, cl_low);
    claim_result_clear(&r);

    assert_int_equal(decide(&r, &c, "high"), CLAIM_REFUTED);
    check_rod_witness(&r, cl_high);
    claim_result_clear(&r);
    fmpq_clear(mu);
    fmpq_clear(q);
    case_clear(&c);
}

/* ------------------------------------------------------------ a model the algebra cannot handle */

/* exp(theta) - mu > 0 for some theta in [0, 1] iff mu < e. Not polynomial: the
 * true statement is at best consistent, never proved; "mu < 2" is refuted with a
 * witness where exp(theta) > mu (MPFR, rounded down) and mu >= 2. */
static void test_nonpolynomial(void **state)
{
    case_t c;
    claim_result r;
    claim_status s;
    fmpq_t th, mu;
    int h;
    mpfr_t a, b;
    mpq_t qq;
    (void) state;
    read_case_text(&c, "nonpoly",
                   "[case]\ntitle = t\n[parameters]\ntheta = 0 .. 1\nmu = 0 .. 3\n"
                   "[claim right]\nkind = threshold\nclaim = mu < exp(1)\nmodel = exp(theta) - mu > 0\n"
                   "over = theta\nparam = mu\n"
                   "[claim poly_claim]\nkind = threshold\nclaim = mu < 2718281828459/1000000000000\n"
                   "model = exp(theta) - mu > 0\nover = theta\nparam = mu\n"
                   "[claim wrong]\nkind = threshold\nclaim = mu < 2\nmodel = exp(theta) - mu > 0\n"
                   "over = theta\nparam = mu\n");
    s = decide(&r, &c, "right");
    assert_true(s == CLAIM_CONSISTENT);
    claim_result_clear(&r);
    /* wrong by less than 1e-12 (e = 2.718281828459045...): too close to see, never proved */
    s = decide(&r, &c, "poly_claim");
    assert_true(s != CLAIM_PROVED);
    claim_result_clear(&r);

    assert_int_equal(decide(&r, &c, "wrong"), CLAIM_REFUTED);
    fmpq_init(th);
    fmpq_init(mu);
    witness(th, &h, &r, "theta");
    assert_int_equal(h, 0);
    witness(mu, &h, &r, "mu");
    assert_true(fmpq_cmp_ui(mu, 2) >= 0);                 /* the claim is false there */
    mpfr_init2(a, 200);
    mpfr_init2(b, 200);
    mpq_init(qq);
    fmpq_get_mpq(qq, th);
    mpfr_set_q(a, qq, MPFR_RNDD);
    mpfr_exp(a, a, MPFR_RNDD);                            /* a <= exp(theta) */
    fmpq_get_mpq(qq, mu);
    mpfr_set_q(b, qq, MPFR_RNDU);                         /* b >= mu */
    assert_true(mpfr_cmp(a, b) > 0);                      /* the model holds there */
    mpq_clear(qq);
    mpfr_clear(a);
    mpfr_clear(b);
    fmpq_clear(th);
    fmpq_clear(mu);
    claim_result_clear(&r);
    case_clear(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_threshold_rod),
        cmocka_unit_test(test_nonpolynomial),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
