/* test_claim_algebra_field.c -- the threshold algebra generalised: angle
 * ranges other than [0, pi/2] (cut at the multiples of pi/2, ends inside a
 * quarter turn), ends and coefficients in Q(sqrt 2, sqrt 3, ...), and
 * quantified models (exists / forall) in claims of kind equivalent.
 *
 * Every expected verdict is worked out by hand (the maximum of a sinusoid on
 * an interval) and was confirmed by dense mpmath sampling
 * (tests/oracles/verify_threshold_field.py runs the same checks):
 *  T1 exists th in [pi/2, pi]: cos + p sin > 1  <=>  p > 1 (decreasing there, value p at pi/2);
 *  T2 exists th in [pi/6, pi/3]: p sin > 1      <=>  p > 2/sqrt 3;
 *  T3 exists th in [-pi/3, 3pi/4]: p cos - sin > 1  <=>  p > 2 - sqrt 3 (the maximum
 *     sqrt(1 + p^2) at -atan(1/p) when that is in range, else the end -pi/3);
 *  T4 exists th in [atan(3/4), pi/2]: p cos > 1 <=>  p > 5/4 (cos(atan(3/4)) = 4/5);
 *  T5 exists th in [0, pi/2]: sqrt 2 cos + p sin > 2  <=>  p > sqrt 2 (maximum sqrt(2 + p^2));
 *  T6 forall t in [0, pi/2]: cos t + p sin t >= 1  <=>  p >= 1 (minimum min(1, p) at an end);
 *  T7 exists t in [pi/4, pi/2]: p cos t > 1     <=>  p > sqrt 2;
 *  T8 exists th in [0, pi/2]: k cos + sin > p, k = sqrt 3 fixed  <=>  p < 2.
 * A wrong rational threshold next to each must be refuted, never proved. */
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

static claim_status decide_text(const char *text, claim_result *out, case_t *c)
{
    return decide_case_text(out, c, "claim-field", text, 6);
}

/* A threshold claim over th in [lo, hi] (p in [0, 4]); extra: more parameter lines. */
static void thr(const char *lo, const char *hi, const char *extra, const char *model, const char *claim,
                claim_status want, int by_algebra)
{
    char text[2048];
    claim_result r;
    case_t c;
    claim_status st;
    snprintf(text, sizeof text,
             "[case]\ntitle = t\n[parameters]\nth = %s .. %s\np = 0 .. 4\n%s"
             "[claim c]\nsays = s\nkind = threshold\nover = th\nparam = p\nmodel = %s\nclaim = %s\n",
             lo, hi, extra, model, claim);
    st = decide_text(text, &r, &c);
    if (st != want)
        fail_msg("[%s .. %s] %s <=> %s: got %s, wanted %s (%s)", lo, hi, model, claim, claim_status_name(st),
                 claim_status_name(want), r.detail ? r.detail : "");
    if (by_algebra) assert_non_null(strstr(r.detail, "exact algebra"));
    claim_result_clear(&r);
    case_clear(&c);
}

/* An equivalent claim with a quantified model in the one parameter p. */
static void quant(const char *model, const char *claim, claim_status want, int by_algebra)
{
    char text[2048];
    claim_result r;
    case_t c;
    claim_status st;
    snprintf(text, sizeof text,
             "[case]\ntitle = t\n[parameters]\np = 0 .. 4\n"
             "[claim c]\nsays = s\nmodel = %s\nclaim = %s\n", model, claim);
    st = decide_text(text, &r, &c);
    if (st != want)
        fail_msg("%s <=> %s: got %s, wanted %s (%s)", model, claim, claim_status_name(st), claim_status_name(want),
                 r.detail ? r.detail : "");
    if (by_algebra) assert_non_null(strstr(r.detail, "exact algebra"));
    claim_result_clear(&r);
    case_clear(&c);
}

static void test_quarter_turn(void **state)
{
    (void) state;
    thr("pi/2", "pi", "", "cos(th) + p*sin(th) > 1", "p > 1", CLAIM_PROVED, 1);
    thr("pi/2", "pi", "", "cos(th) + p*sin(th) > 1", "p > 1/2", CLAIM_REFUTED, 0);
}

static void test_irrational_ends(void **state)
{
    (void) state;
    thr("pi/6", "pi/3", "", "p*sin(th) > 1", "p > 0 and 3*p^2 > 4", CLAIM_PROVED, 1);
    thr("pi/6", "pi/3", "", "p*sin(th) > 1", "p > 1", CLAIM_REFUTED, 0);
    thr("atan(3/4)", "pi/2", "", "p*cos(th) > 1", "p > 5/4", CLAIM_PROVED, 1);
    thr("atan(3/4)", "pi/2", "", "p*cos(th) > 1", "p > 6/5", CLAIM_REFUTED, 0);
}

static void test_three_quarters(void **state)
{
    (void) state;
    thr("-pi/3", "3*pi/4", "", "p*cos(th) - sin(th) > 1", "p > 2 - sqrt(3)", CLAIM_PROVED, 1);
    thr("-pi/3", "3*pi/4", "", "p*cos(th) - sin(th) > 1", "p > 1/4", CLAIM_REFUTED, 0);
}

static void test_field_coefficients(void **state)
{
    (void) state;
    thr("0", "pi/2", "", "sqrt(2)*cos(th) + p*sin(th) > 2", "p > sqrt(2)", CLAIM_PROVED, 1);
    thr("0", "pi/2", "", "sqrt(2)*cos(th) + p*sin(th) > 2", "p > 7/5", CLAIM_REFUTED, 0);
    thr("0", "pi/2", "k = sqrt(3)\n", "k*cos(th) + sin(th) > p", "p < 2", CLAIM_PROVED, 1);
    thr("0", "pi/2", "k = sqrt(3)\n", "k*cos(th) + sin(th) > p", "p < 19/10", CLAIM_REFUTED, 0);
}

static void test_quantified_claims(void **state)
{
    (void) state;
    quant("forall t in 0 .. pi/2 : cos(t) + p*sin(t) >= 1", "p >= 1", CLAIM_PROVED, 1);
    /* at p = 1 exactly the model holds and "p > 1" fails: refuted at that rational point */
    quant("forall t in 0 .. pi/2 : cos(t) + p*sin(t) >= 1", "p > 1", CLAIM_REFUTED, 0);
    quant("exists t in pi/4 .. pi/2 : p*cos(t) > 1", "p > sqrt(2)", CLAIM_PROVED, 1);
    quant("exists t in pi/4 .. pi/2 : p*cos(t) > 1", "p >= sqrt(2)", CLAIM_CONSISTENT, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quarter_turn),
        cmocka_unit_test(test_irrational_ends),
        cmocka_unit_test(test_three_quarters),
        cmocka_unit_test(test_field_coefficients),
        cmocka_unit_test(test_quantified_claims),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
