/* test_claim_algebra_num.c -- the threshold algebra with coefficients in a
 * general real algebraic number field: cos/sin of angles outside
 * Q(sqrt p_1, ...) (pi/5, 2pi/7, pi/9) as range ends, in the model and in the
 * claim, and root() values (a fixed parameter, or a call in the claim).
 *
 * Every expected verdict is worked out by hand (the extremum of a sinusoid
 * on an interval; monotone functions take it at an end) and confirmed by
 * dense mpmath sampling in tests/oracles/verify_threshold_num.py (the same
 * table N1-N6):
 *  N1 exists th in [pi/5, 2pi/5]: p sin th > 1      <=> p sin(2pi/5) > 1     (p > 1.05146)
 *  N2 exists th in [0, 2pi/7]:    p cos th < 1      <=> p cos(2pi/7) < 1     (p < 1.60388)
 *  N3 exists th in [0, pi/2]:  a cos th + p sin th >= 2 <=> p^2 + a^2 >= 4, a = root(x^3 - x - 1)
 *                                                                      (p >= 1.49838)
 *  N4 exists th in [0, pi/5]:  sin th > p cos th    <=> p < tan(pi/5) = root(x^4 - 10x^2 + 5, x, 0 .. 1, 1)
 *  N5 forall t in [0, pi/9]:   cos t >= p           <=> p <= cos(pi/9)       (p <= 0.93969)
 *  N6 exists th in [0, pi/2]:  sqrt 2 cos th + a sin th > p <=> p^2 < 2 + a^2 (p < 1.93775)
 * Each proved claim must say "exact algebra"; next to each, a wrong rational
 * threshold on the wrong side must be refuted with a witness that lies
 * strictly between the two thresholds (checked here with Arb). */
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
    return decide_case_text(out, c, "claim-num", text, 6);
}

/* wlo < witness < whi (Arb, 200 bits) when wlo/whi are given (a constant expression). */
static void check_witness(const claim_result *r, const char *wlo, const char *whi)
{
    expr_error_t err;
    expr_t a = expr_parse(wlo, 1, 1, &err), b = expr_parse(whi, 1, 1, &err);
    arb_t x, y, w;
    int i, k = -1;
    assert_non_null(a);
    assert_non_null(b);
    for (i = 0; i < r->nwitness; i++)
        if (strcmp(r->wnames[i], "p") == 0) k = i;
    assert_true(k >= 0);
    arb_init(x); arb_init(y); arb_init(w);
    assert_int_equal(expr_eval_once(x, NULL, a, NULL, NULL, 200), EXPR_DEFINED);
    assert_int_equal(expr_eval_once(y, NULL, b, NULL, NULL, 200), EXPR_DEFINED);
    arb_set_fmpq(w, r->wq + k, 200);
    if (!(arb_le(x, w) && arb_le(w, y))) fail_msg("witness %s not in [%s, %s]", r->wvalues[k], wlo, whi);
    arb_clear(x); arb_clear(y); arb_clear(w);
    expr_free(a);
    expr_free(b);
}

/* A threshold claim over th in [lo, hi], p in [0, 4]; extra: more parameter lines. */
static void thr(const char *lo, const char *hi, const char *extra, const char *model, const char *claim,
                claim_status want, const char *wlo, const char *whi)
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
    if (want == CLAIM_PROVED) assert_non_null(strstr(r.detail, "exact algebra"));
    if (want == CLAIM_REFUTED) check_witness(&r, wlo, whi);
    claim_result_clear(&r);
    case_clear(&c);
}

/* An equivalent claim with a quantified model in the one parameter p. */
static void quant(const char *extra, const char *model, const char *claim, claim_status want, const char *wlo,
                  const char *whi)
{
    char text[2048];
    claim_result r;
    case_t c;
    claim_status st;
    snprintf(text, sizeof text,
             "[case]\ntitle = t\n[parameters]\np = 0 .. 4\n%s"
             "[claim c]\nsays = s\nmodel = %s\nclaim = %s\n", extra, model, claim);
    st = decide_text(text, &r, &c);
    if (st != want)
        fail_msg("%s <=> %s: got %s, wanted %s (%s)", model, claim, claim_status_name(st), claim_status_name(want),
                 r.detail ? r.detail : "");
    if (want == CLAIM_PROVED) assert_non_null(strstr(r.detail, "exact algebra"));
    if (want == CLAIM_REFUTED) check_witness(&r, wlo, whi);
    claim_result_clear(&r);
    case_clear(&c);
}

#define ROOT_A "root(x^3 - x - 1, x, 1 .. 2, 1)"

static void test_fifth_and_seventh(void **state)
{
    (void) state;
    /* N1 */
    thr("pi/5", "2*pi/5", "", "p*sin(th) > 1", "p*sin(2*pi/5) > 1", CLAIM_PROVED, NULL, NULL);
    thr("pi/5", "2*pi/5", "", "p*sin(th) > 1", "p > 21/20", CLAIM_REFUTED, "21/20", "1/sin(2*pi/5)");
    /* N2 */
    thr("0", "2*pi/7", "", "p*cos(th) < 1", "p*cos(2*pi/7) < 1", CLAIM_PROVED, NULL, NULL);
    thr("0", "2*pi/7", "", "p*cos(th) < 1", "p < 8/5", CLAIM_REFUTED, "8/5", "1/cos(2*pi/7)");
}

static void test_root_coefficients(void **state)
{
    (void) state;
    /* N3: a closed set, the threshold irrational: the exact zero test at it */
    thr("0", "pi/2", "a = " ROOT_A "\n", "a*cos(th) + p*sin(th) >= 2", "p^2 + a^2 >= 4", CLAIM_PROVED, NULL, NULL);
    thr("0", "pi/2", "a = " ROOT_A "\n", "a*cos(th) + p*sin(th) >= 2", "p >= 3/2", CLAIM_REFUTED,
        "14983/10000", "3/2");
    /* N6: sqrt 2 and a together */
    thr("0", "pi/2", "a = " ROOT_A "\n", "sqrt(2)*cos(th) + a*sin(th) > p", "p^2 < 2 + a^2", CLAIM_PROVED,
        NULL, NULL);
    thr("0", "pi/2", "a = " ROOT_A "\n", "sqrt(2)*cos(th) + a*sin(th) > p", "p < 7/4", CLAIM_REFUTED, "7/4",
        "19378/10000");
}

static void test_quantified(void **state)
{
    (void) state;
    /* N4: tan(pi/5) as a root() in the claim, found inside Q(cos(pi/10)) */
    quant("", "exists th in 0 .. pi/5 : sin(th) > p*cos(th)", "p < root(x^4 - 10*x^2 + 5, x, 0 .. 1, 1)",
          CLAIM_PROVED, NULL, NULL);
    quant("", "exists th in 0 .. pi/5 : sin(th) > p*cos(th)", "p < 3/4", CLAIM_REFUTED, "tan(pi/5)", "3/4");
    /* N5: a forall, closed: at p = cos(pi/9) both hold (exact zero test) */
    quant("", "forall t in 0 .. pi/9 : cos(t) >= p", "p <= cos(pi/9)", CLAIM_PROVED, NULL, NULL);
    quant("", "forall t in 0 .. pi/9 : cos(t) >= p", "p <= 47/50", CLAIM_REFUTED, "cos(pi/9)", "47/50");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fifth_and_seventh),
        cmocka_unit_test(test_root_coefficients),
        cmocka_unit_test(test_quantified),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
