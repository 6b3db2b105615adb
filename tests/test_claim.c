/* test_claim.c -- claim verdicts (src/claim) on small cases written to temp files.
 *
 * Oracles are independent of the engine's evaluator: witnesses are parsed
 * back from their exact decimal/fraction text and both predicates are
 * re-evaluated here, with exact rationals (fmpq) for polynomials, with Arb's
 * own sin/cos (not the expression engine) for angles, and with MPFR in
 * directed rounding for exp. Claims built to be false must be refuted with a
 * real counterexample; claims built to be true must never be refuted; the
 * rod's threshold (k = 3: exists theta with B < 0 iff 9 mu^2 > 16, from the
 * discriminant of t^2 - 3 mu t + 4, derived by hand) decides the threshold
 * claims; a non-polynomial model is never "proved". */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <mpfr.h>
#include "claim/claim.h"

static char tmpdir[64];

/* ------------------------------------------------------------ helpers */

static void read_case_text(case_t *c, const char *name, const char *text)
{
    char path[256];
    case_error_t err;
    FILE *f;
    snprintf(path, sizeof path, "%s/%s.case", tmpdir, name);
    f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
    if (case_read(c, path, &err) != 0) {
        char buf[1200];
        fc_error_format(buf, sizeof buf, &err);
        fprintf(stderr, "%s\n%s", buf, text);
        fail();
    }
}

/* Decides claim `name` of c; returns the status (out filled, caller clears). */
static claim_status decide(claim_result *out, const case_t *c, const char *name)
{
    pave_options opt;
    fc_error err;
    int i, rc;
    memset(&opt, 0, sizeof opt);
    opt.prec = 128;
    opt.threads = 1;
    for (i = 0; i < c->nclaims; i++)
        if (strcmp(c->claims[i].name, name) == 0) break;
    assert_true(i < c->nclaims);
    memset(&err, 0, sizeof err);
    rc = claim_decide(out, c, c->claims + i, &opt, 0, &err);
    if (rc != 0) fprintf(stderr, "claim %s: %s\n", name, err.msg);
    assert_int_equal(rc, 0);
    return out->status;
}

/* The witness value of parameter name as an exact rational; 2*atan(u)
 * values set *half = 1 and q = u. Fails the test if absent. */
static void witness(fmpq_t q, int *half, const claim_result *r, const char *name)
{
    int k;
    for (k = 0; k < r->nwitness; k++)
        if (strcmp(r->wnames[k], name) == 0) {
            const char *s = r->wvalues[k];
            char buf[256];
            const char *dot;
            *half = 0;
            if (strncmp(s, "2*atan(", 7) == 0) {
                size_t n = strlen(s);
                assert_true(n > 8 && s[n - 1] == ')');
                snprintf(buf, sizeof buf, "%.*s", (int) (n - 8), s + 7);
                s = buf;
                *half = 1;
            }
            dot = strchr(s, '.');
            if (dot) {   /* exact decimal: digits without the point over 10^(digits after it) */
                char num[256];
                fmpz_t den;
                size_t i, j = 0, frac = strlen(dot + 1);
                for (i = 0; s[i]; i++)
                    if (s[i] != '.') num[j++] = s[i];
                num[j] = 0;
                fmpz_init(den);
                assert_int_equal(fmpz_set_str(fmpq_numref(q), num, 10), 0);
                fmpz_ui_pow_ui(den, 10, frac);
                fmpz_set(fmpq_denref(q), den);
                fmpq_canonicalise(q);
                fmpz_clear(den);
            } else
                assert_int_equal(fmpq_set_str(q, s, 10), 0);
            return;
        }
    fprintf(stderr, "no witness for %s\n", name);
    fail();
}

/* A random bivariate polynomial with small integer coefficients: its text
 * and its exact value at a rational point. */
typedef struct {
    int deg;
    slong c[4][4];   /* c[i][j] x^i y^j, i + j <= deg */
} rpoly;

static void rpoly_rand(rpoly *p, flint_rand_t st)
{
    int i, j;
    memset(p, 0, sizeof *p);
    p->deg = 1 + (int) n_randint(st, 3);
    for (i = 0; i <= p->deg; i++)
        for (j = 0; i + j <= p->deg; j++)
            p->c[i][j] = (slong) n_randint(st, 7) - 3;
    if (p->c[1][0] == 0 && p->c[0][1] == 0) p->c[1][0] = 2;   /* not constant near any point */
}

static void rpoly_text(char *buf, size_t n, const rpoly *p)
{
    int i, j;
    size_t len = 0;
    len += snprintf(buf + len, n - len, "0");
    for (i = 0; i <= p->deg; i++)
        for (j = 0; i + j <= p->deg; j++)
            if (p->c[i][j])
                len += snprintf(buf + len, n - len, " + (%ld)*x^%d*y^%d", (long) p->c[i][j], i, j);
}

static void rpoly_eval(fmpq_t v, const rpoly *p, const fmpq_t x, const fmpq_t y)
{
    int i, j;
    fmpq_t t, xi, yj;
    fmpq_init(t); fmpq_init(xi); fmpq_init(yj);
    fmpq_zero(v);
    for (i = 0; i <= p->deg; i++)
        for (j = 0; i + j <= p->deg; j++) {
            fmpz_t e;
            fmpz_init_set_ui(e, i);
            fmpq_pow_fmpz(xi, x, e);
            fmpz_set_ui(e, j);
            fmpq_pow_fmpz(yj, y, e);
            fmpz_clear(e);
            fmpq_mul(t, xi, yj);
            fmpq_mul_si(t, t, p->c[i][j]);
            fmpq_add(v, v, t);
        }
    fmpq_clear(t); fmpq_clear(xi); fmpq_clear(yj);
}

/* ------------------------------------------------------------ claims built to be false */

/* x^2 < y is not x < y: refuted, and at the witness exactly one of them holds. */
static void test_false_equivalence(void **state)
{
    case_t c;
    claim_result r;
    fmpq_t x, y, t;
    int h;
    (void) state;
    read_case_text(&c, "feq",
                   "[case]\ntitle = t\n[parameters]\nx = 0 .. 1\ny = 0 .. 1\n"
                   "[claim wrong]\nkind = equivalent\nclaim = x^2 < y\nmodel = x < y\n");
    assert_int_equal(decide(&r, &c, "wrong"), CLAIM_REFUTED);
    fmpq_init(x); fmpq_init(y); fmpq_init(t);
    witness(x, &h, &r, "x");
    witness(y, &h, &r, "y");
    fmpq_mul(t, x, x);
    assert_true((fmpq_cmp(t, y) < 0) != (fmpq_cmp(x, y) < 0));
    assert_true(fmpq_sgn(x) >= 0 && fmpq_cmp_ui(x, 1) <= 0 && fmpq_sgn(y) >= 0 && fmpq_cmp_ui(y, 1) <= 0);
    fmpq_clear(x); fmpq_clear(y); fmpq_clear(t);
    claim_result_clear(&r);
    case_clear(&c);
}

/* Random R: "R > v - 1/8" vs "R > v + 1/8", v = R at a random point, differ on an
 * open set around it. Refuted for each of the three kinds that can see the
 * difference, with the witness checked exactly. */
static void test_false_random(void **state)
{
    flint_rand_t st;
    int iter;
    (void) state;
    flint_randinit(st);
    for (iter = 0; iter < 12; iter++) {
        rpoly p;
        char poly[1024], text[4096];
        fmpq_t x0, y0, v, lo, hi, x, y, w;
        case_t c;
        claim_result r;
        const char *kind = iter % 3 == 0 ? "equivalent" : iter % 3 == 1 ? "implies" : "implied_by";
        int h;
        rpoly_rand(&p, st);
        rpoly_text(poly, sizeof poly, &p);
        fmpq_init(x0); fmpq_init(y0); fmpq_init(v); fmpq_init(lo); fmpq_init(hi);
        fmpq_init(x); fmpq_init(y); fmpq_init(w);
        fmpq_set_si(x0, 1 + (slong) n_randint(st, 6), 8);
        fmpq_set_si(y0, 1 + (slong) n_randint(st, 6), 8);
        rpoly_eval(v, &p, x0, y0);
        fmpq_set_si(lo, -1, 8);
        fmpq_add(lo, lo, v);
        fmpq_set_si(hi, 1, 8);
        fmpq_add(hi, hi, v);
        {
            char *slo = fmpq_get_str(NULL, 10, lo), *shi = fmpq_get_str(NULL, 10, hi);
            /* "R > lo" => "R > hi" is false between them (implied_by: the other way round) */
            int ib = iter % 3 == 2;
            snprintf(text, sizeof text,
                     "[case]\ntitle = t\n[parameters]\nx = 0 .. 1\ny = 0 .. 1\n[define]\nR = %s\n"
                     "[claim c]\nkind = %s\nclaim = R > %s\nmodel = R > %s\ndepth = 12\n", poly, kind,
                     ib ? shi : slo, ib ? slo : shi);
            flint_free(slo);
            flint_free(shi);
        }
        read_case_text(&c, "frand", text);
        if (decide(&r, &c, "c") != CLAIM_REFUTED) {
            fprintf(stderr, "not refuted: %s\n%s\n", text, r.detail);
            fail();
        }
        witness(x, &h, &r, "x");
        witness(y, &h, &r, "y");
        rpoly_eval(w, &p, x, y);
        /* exactly one of R > lo, R > hi holds, i.e. lo < R(w) <= hi */
        assert_true(fmpq_cmp(w, lo) > 0 && fmpq_cmp(w, hi) <= 0);
        claim_result_clear(&r);
        case_clear(&c);
        fmpq_clear(x0); fmpq_clear(y0); fmpq_clear(v); fmpq_clear(lo); fmpq_clear(hi);
        fmpq_clear(x); fmpq_clear(y); fmpq_clear(w);
    }
    flint_randclear(st);
}

/* ------------------------------------------------------------ claims built to be true */

static void expect_not_refuted(const char *name, const char *text, claim_status want_or_better)
{
    case_t c;
    claim_result r;
    claim_status s;
    read_case_text(&c, name, text);
    s = decide(&r, &c, "c");
    if (s == CLAIM_REFUTED || (want_or_better == CLAIM_PROVED && s != CLAIM_PROVED)) {
        fprintf(stderr, "%s: status %d, detail %s\n", text, (int) s, r.detail ? r.detail : "");
        fail();
    }
    assert_true(s == CLAIM_PROVED || s == CLAIM_CONSISTENT);
    claim_result_clear(&r);
    case_clear(&c);
}

#define BOX "[case]\ntitle = t\n[parameters]\nx = -1 .. 2\ny = -1 .. 2\n"

static void test_true_fixed(void **state)
{
    (void) state;
    expect_not_refuted("t1", BOX "[claim c]\nkind = equivalent\nclaim = x^2 < y\nmodel = y > x*x\n",
                       CLAIM_CONSISTENT);
    /* the boundaries x = y and x = y + 1 are apart: the paving proves it */
    expect_not_refuted("t2", BOX "[claim c]\nkind = implies\nclaim = x < y\nmodel = x < y + 1\n", CLAIM_PROVED);
    expect_not_refuted("t3", BOX "[claim c]\nkind = implied_by\nclaim = x < y + 1\nmodel = x < y\n",
                       CLAIM_PROVED);
    expect_not_refuted("t4", BOX "[claim c]\nkind = equivalent\nclaim = (x - y)*(x + y) > 0\n"
                       "model = x^2 > y^2\n", CLAIM_CONSISTENT);
    expect_not_refuted("t5", BOX "[claim c]\nkind = implies\nclaim = x > 1 and y > 1\nmodel = x*y > 1/2\n",
                       CLAIM_PROVED);
}

/* Random A, B: "A*B > 0" against "(A > 0 and B > 0) or (A < 0 and B < 0)", and
 * "R > 0" against "-2*R < 0" and "R + x - x > 0": never refuted. */
static void test_true_random(void **state)
{
    flint_rand_t st;
    int iter;
    (void) state;
    flint_randinit(st);
    for (iter = 0; iter < 12; iter++) {
        rpoly a, b;
        char pa[1024], pb[1024], text[4096];
        rpoly_rand(&a, st);
        rpoly_rand(&b, st);
        rpoly_text(pa, sizeof pa, &a);
        rpoly_text(pb, sizeof pb, &b);
        snprintf(text, sizeof text, BOX "[define]\nA = %s\nB = %s\n[claim c]\nkind = equivalent\n"
                 "claim = A*B > 0\nmodel = (A > 0 and B > 0) or (A < 0 and B < 0)\n", pa, pb);
        expect_not_refuted("r1", text, CLAIM_CONSISTENT);
        snprintf(text, sizeof text, BOX "[define]\nA = %s\n[claim c]\nkind = %s\n"
                 "claim = A > 0\nmodel = -2*A < 0\n", pa, iter % 2 ? "implies" : "equivalent");
        expect_not_refuted("r2", text, CLAIM_CONSISTENT);
        snprintf(text, sizeof text, BOX "[define]\nA = %s\n[claim c]\nkind = implied_by\n"
                 "claim = A + x - x >= 0\nmodel = A > 0\n", pa);
        expect_not_refuted("r3", text, CLAIM_CONSISTENT);
    }
    flint_randclear(st);
}

/* ------------------------------------------------------------ thresholds: the rod at k = 3 */

static const char *ROD =
    "[case]\ntitle = rod\n[parameters]\ntheta = 0 .. pi/2\nmu = 0 .. 3\nk = 3\n"
    "[define]\nB = 1 + k*cos(theta)^2 - mu*k*sin(theta)*cos(theta)\n"
    "[claim strict]\nkind = threshold\nclaim = mu > 4/3\nmodel = B < 0\nover = theta\nparam = mu\n"
    "[claim closed]\nkind = threshold\nclaim = mu >= 4/3\nmodel = B < 0\nover = theta\nparam = mu\n"
    "[claim low]\nkind = threshold\nclaim = mu > 1\nmodel = B < 0\nover = theta\nparam = mu\n"
    "[claim high]\nkind = threshold\nclaim = mu > 3/2\nmodel = B < 0\nover = theta\nparam = mu\n";

/* exists theta in (0, pi/2) with B < 0, at rational mu (hand-derived: 9 mu^2 > 16, mu > 0) */
static int rod_exists(const fmpq_t mu)
{
    fmpq_t t;
    int r;
    fmpq_init(t);
    fmpq_mul(t, mu, mu);
    fmpq_mul_ui(t, t, 9);
    r = fmpq_sgn(mu) > 0 && fmpq_cmp_ui(t, 16) > 0;
    fmpq_clear(t);
    return r;
}

/* Sign of B at (theta, mu): theta = 2 atan(u) exactly in rationals, else with
 * Arb's sin/cos at a rational theta; 2 when undecided. */
static int rod_B_sign(const fmpq_t th, int half, const fmpq_t mu)
{
    if (half) {
        fmpq_t u2, d, cc, ss, b, t;
        int s;
        fmpq_init(u2); fmpq_init(d); fmpq_init(cc); fmpq_init(ss); fmpq_init(b); fmpq_init(t);
        fmpq_mul(u2, th, th);
        fmpq_add_si(d, u2, 1);
        fmpq_neg(cc, u2);
        fmpq_add_si(cc, cc, 1);
        fmpq_div(cc, cc, d);               /* cos */
        fmpq_mul_2exp(ss, th, 1);
        fmpq_div(ss, ss, d);               /* sin */
        fmpq_mul(t, cc, cc);
        fmpq_mul_ui(t, t, 3);
        fmpq_add_si(b, t, 1);
        fmpq_mul(t, ss, cc);
        fmpq_mul(t, t, mu);
        fmpq_mul_ui(t, t, 3);
        fmpq_sub(b, b, t);
        s = fmpq_sgn(b);
        fmpq_clear(u2); fmpq_clear(d); fmpq_clear(cc); fmpq_clear(ss); fmpq_clear(b); fmpq_clear(t);
        return s;
    } else {
        arb_t x, s, c, b, m;
        int r = 2;
        arb_init(x); arb_init(s); arb_init(c); arb_init(b); arb_init(m);
        arb_set_fmpq(x, th, 256);
        arb_set_fmpq(m, mu, 256);
        arb_sin_cos(s, c, x, 256);
        arb_mul(b, c, c, 256);
        arb_mul_ui(b, b, 3, 256);
        arb_add_ui(b, b, 1, 256);
        arb_mul(s, s, c, 256);
        arb_mul(s, s, m, 256);
        arb_mul_ui(s, s, 3, 256);
        arb_sub(b, b, s, 256);
        if (arb_is_positive(b)) r = 1;
        else if (arb_is_negative(b)) r = -1;
        else if (arb_is_zero(b)) r = 0;
        arb_clear(x); arb_clear(s); arb_clear(c); arb_clear(b); arb_clear(m);
        return r;
    }
}

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

static int cl_closed(const fmpq_t mu) { fmpq_t q; int r; fmpq_init(q); fmpq_set_si(q, 4, 3);
    r = fmpq_cmp(mu, q) >= 0; fmpq_clear(q); return r; }
static int cl_low(const fmpq_t mu) { return fmpq_cmp_ui(mu, 1) > 0; }
static int cl_high(const fmpq_t mu) { fmpq_t q; int r; fmpq_init(q); fmpq_set_si(q, 3, 2);
    r = fmpq_cmp(mu, q) > 0; fmpq_clear(q); return r; }

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

/* ------------------------------------------------------------ main */

static int setup(void **state)
{
    (void) state;
    snprintf(tmpdir, sizeof tmpdir, "/tmp/test_claim.XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
    static const char *names[] = {"feq", "frand", "t1", "t2", "t3", "t4", "t5", "r1", "r2", "r3", "rod",
                                  "nonpoly"};
    size_t i;
    char p[256];
    (void) state;
    for (i = 0; i < sizeof names / sizeof *names; i++) {
        snprintf(p, sizeof p, "%s/%s.case", tmpdir, names[i]);
        unlink(p);
    }
    rmdir(tmpdir);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_false_equivalence),
        cmocka_unit_test(test_false_random),
        cmocka_unit_test(test_true_fixed),
        cmocka_unit_test(test_true_random),
        cmocka_unit_test(test_threshold_rod),
        cmocka_unit_test(test_nonpolynomial),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
