/* test_claim_algebra.c -- the exact threshold algebra on claims whose truth is
 * known by hand:
 *   exists x in [0, 10]: x^2 - p x + 2 < 0   <=>   p > 0 and p^2 > 8      (threshold 2 sqrt 2, irrational)
 * because x^2 - p x + 2 has real roots iff p^2 >= 8, both positive for p > 0, the
 * smaller one below 10 on the range, and at p = 2 sqrt 2 the double root
 * gives no negative value. So: the exact form is proved; p^2 >= 8 (true at the
 * irrational threshold, where the model fails) is never proved; a wrong rational
 * threshold is refuted exactly; a model that uses a range parameter is not decided
 * by algebra; an unused range parameter does not stop it. With "and x > 2" the
 * larger root (p + sqrt(p^2 - 8))/2 must exceed 2, i.e. p > 3: the conjunction
 * path of the algebra. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "claim/claim.h"
#include "test_claim_text.h"

static const char *base =
    "[case]\ntitle = threshold algebra\n"
    "[parameters]\n"
    "x = 0 .. 10\n"
    "p = 0 .. 4\n"
    "q = 0 .. 1\n"
    "[define]\n"
    "G = x^2 - p*x + 2\n"
    "Gq = x^2 - p*x + 2 + q\n";

/* The base case with one threshold claim over x for the parameter p
 * (claim_lines: its model and claim), decided at depth 8. */
static claim_status decide_text(const char *claim_lines, claim_result *out, case_t *c)
{
    char text[2048];
    snprintf(text, sizeof text, "%s[claim c]\nsays = s\nkind = threshold\nover = x\nparam = p\n%s", base,
             claim_lines);
    return decide_case_text(out, c, "claim-alg", text, 8);
}

static void check(const char *lines, claim_status want, int exact)
{
    claim_result r;
    case_t c;
    claim_status st = decide_text(lines, &r, &c);
    if (st != want)
        fail_msg("claim [%s]: got %s, wanted %s (%s)", lines, claim_status_name(st), claim_status_name(want),
                 r.detail ? r.detail : "");
    if (exact && want == CLAIM_PROVED) assert_non_null(strstr(r.detail, "exact algebra"));
    claim_result_clear(&r);
    case_clear(&c);
}

static void test_irrational_threshold_proved(void **state)
{
    check("model = G < 0\nclaim = p > 0 and p^2 > 8\n", CLAIM_PROVED, 1);
}

static void test_closed_form_not_proved(void **state)
{
    /* true at p = 2 sqrt 2, where the model fails: must not be proved (nor refuted
       with a wrong witness: the disagreement is at an irrational point only) */
    claim_result r;
    case_t c;
    claim_status st = decide_text("model = G < 0\nclaim = p > 0 and p^2 >= 8\n", &r, &c);
    assert_true(st != CLAIM_PROVED);
    claim_result_clear(&r);
    case_clear(&c);
}

static void test_wrong_rational_threshold_refuted(void **state)
{
    claim_result r;
    case_t c;
    fmpq_t w, t;
    int k;
    /* 2 sqrt 2 = 2.828...: "p > 3" misses (2 sqrt 2, 3], "p > 5/2" wrongly includes (5/2, 2 sqrt 2] */
    assert_int_equal(decide_text("model = G < 0\nclaim = p > 3\n", &r, &c), CLAIM_REFUTED);
    /* the witness p must lie in (2 sqrt 2, 3]: p^2 > 8 and p <= 3, checked exactly */
    fmpq_init(w);
    fmpq_init(t);
    for (k = 0; k < r.nwitness; k++)
        if (strcmp(r.wnames[k], "p") == 0) {
            assert_int_equal(expr_parse_fmpq(w, r.wvalues[k]), 0);   /* an exact decimal or p/q */
            fmpq_mul(t, w, w);
            assert_true(fmpq_cmp_si(t, 8) > 0);
            assert_true(fmpq_cmp_si(w, 3) <= 0);
            break;
        }
    assert_true(k < r.nwitness);
    fmpq_clear(w);
    fmpq_clear(t);
    claim_result_clear(&r);
    case_clear(&c);
    check("model = G < 0\nclaim = p > 5/2\n", CLAIM_REFUTED, 0);
}

static void test_range_parameter_in_model(void **state)
{
    /* the model uses q, a range: the algebra must decline; no counterexample exists
       for the q-free part... the claim is true for q = 0 only, so it is refuted or
       consistent, never proved */
    claim_result r;
    case_t c;
    claim_status st = decide_text("model = Gq < 0\nclaim = p > 0 and p^2 > 8\n", &r, &c);
    assert_true(st != CLAIM_PROVED);
    claim_result_clear(&r);
    case_clear(&c);
}

static void test_unused_range_parameter(void **state)
{
    /* q is a range parameter neither side uses: the proof goes through */
    check("model = G < 0\nclaim = p > 0 and 8 < p^2\n", CLAIM_PROVED, 1);
}

/* a conjunction: exists x > 2 with x^2 - p x + 2 < 0 iff the larger root exceeds 2 iff p > 3 (p <= 4) */
static void test_conjunction(void **state)
{
    check("model = G < 0 and x > 2\nclaim = p > 3\n", CLAIM_PROVED, 1);
    check("model = G < 0 and x > 1\nclaim = p > 0 and p^2 > 8\n", CLAIM_PROVED, 1);
    {   /* p > 2 sqrt 2 is wrong for x > 2: refuted (between 2 sqrt 2 and 3) */
        claim_result r;
        case_t c;
        assert_int_equal(decide_text("model = G < 0 and x > 2\nclaim = p > 0 and p^2 > 8\n", &r, &c), CLAIM_REFUTED);
        claim_result_clear(&r);
        case_clear(&c);
    }
    {   /* p >= 3 includes p = 3, where the larger root is exactly 2: never proved */
        claim_result r;
        case_t c;
        assert_true(decide_text("model = G < 0 and x > 2\nclaim = p >= 3\n", &r, &c) != CLAIM_PROVED);
        claim_result_clear(&r);
        case_clear(&c);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_irrational_threshold_proved),
        cmocka_unit_test(test_closed_form_not_proved),
        cmocka_unit_test(test_wrong_rational_threshold_refuted),
        cmocka_unit_test(test_range_parameter_in_model),
        cmocka_unit_test(test_unused_range_parameter),
        cmocka_unit_test(test_conjunction),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
