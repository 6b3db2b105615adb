/* test_expr_quant.c -- exists / forall: syntax, printers, errors, exact
 * verdicts worked out by hand, and soundness on random boxes.
 *
 * Soundness, two independent references:
 *  - polynomial instance (the bench figure's condition): exists theta in
 *    [0, pi/2] with 1 + k cos^2 - k mu sin cos < 0  <=>  k^2 mu^2 > 4 (1 + k)
 *    and k mu > 0 (divide by cos^2 and ask for a positive root of
 *    t^2 - k mu t + 1 + k); decided in exact rationals at sample points of
 *    each random box: TRUE (FALSE) must hold (fail) at every sample;
 *  - random conditions (sin, exp, polynomials, any comparison) against the
 *    MPFR point evaluator of tests/sound at (y, z, t) grid points: exists
 *    FALSE / forall TRUE must not meet a sample where the condition is
 *    TRUE / FALSE; with a constant range, exists TRUE / forall FALSE must
 *    have at every sampled (y, z) a grid point t (of 2^10 + 1, which contains
 *    every point the evaluator probes) where the condition is not certainly
 *    FALSE / TRUE. Ambiguous points (ties within 2^-200) are skipped.
 * FC_QUANT_TRIALS sets the number of random trials (default 300). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "expr/expr.h"
#include "sound/mpfr_eval.c"

/* ------------------------------------------------------------ helpers */

static expr_t parse_ok(const char *src)
{
    expr_error_t err;
    expr_t e = expr_parse(src, 1, 1, &err);
    if (e == NULL) fprintf(stderr, "parse of '%s' failed at %d:%d: %s\n", src, err.line, err.col, err.msg);
    assert_non_null(e);
    return e;
}

static expr_scope_t scope_of(const char *a, const char *b)
{
    expr_scope_t s = expr_scope_new();
    if (a) expr_scope_add_param(s, a);
    if (b) expr_scope_add_param(s, b);
    return s;
}

/* [*lo, *hi]: doubles enclosing [a, b] */
static void dbox(double *lo, double *hi, const fmpq_t a, const fmpq_t b)
{
    arb_t t;
    double d;
    arb_init(t);
    arb_set_fmpq(t, a, 256);
    expr_fast_enclose(lo, &d, t);
    arb_set_fmpq(t, b, 256);
    expr_fast_enclose(&d, hi, t);
    arb_clear(t);
}

/* fast = 1: the verdict of the double-interval fast path on doubles enclosing
 * the box (*has_fast = 0 and UNKNOWN if the program has none). */
static expr_tv_t verdict_qf(const char *src, expr_scope_t s, const fmpq_t lo0, const fmpq_t hi0, const fmpq_t lo1,
                            const fmpq_t hi1, int tighten, int *has_fast)
{
    expr_error_t err;
    expr_t e = parse_ok(src);
    expr_prog_t p;
    expr_fast_t fe;
    int act[2] = {0, 1};
    double lo[2], hi[2];
    expr_tv_t t = EXPR_TV_UNKNOWN;
    assert_int_equal(expr_check(e, s, 1, &err), 0);
    p = expr_compile(&e, 1, s, &err);
    assert_non_null(p);
    fe = expr_fast_new(p, act, 2);
    *has_fast = fe != NULL;
    if (fe != NULL) {
        dbox(lo + 0, hi + 0, lo0, hi0);
        dbox(lo + 1, hi + 1, lo1, hi1);
        expr_fast_run(fe, lo, hi, tighten);
        t = expr_fast_truth(fe, 0);
        expr_fast_free(fe);
    }
    expr_prog_free(p);
    expr_free(e);
    return t;
}

/* Verdict of predicate src on the box [lo0, hi0] x [lo1, hi1] (strings are
 * exact rationals) in scope (k, mu) or (y, z). */
static expr_tv_t verdict_q(const char *src, expr_scope_t s, const fmpq_t lo0, const fmpq_t hi0, const fmpq_t lo1,
                      const fmpq_t hi1, int tighten)
{
    expr_error_t err;
    expr_t e = parse_ok(src);
    expr_prog_t p;
    expr_eval_t ev;
    int act[2] = {0, 1};
    arb_ptr box = _arb_vec_init(2);
    arb_t a, b;
    expr_tv_t t;
    if (expr_check(e, s, 1, &err)) fprintf(stderr, "%s: %s\n", src, err.msg);
    assert_int_equal(expr_check(e, s, 1, &err), 0);
    p = expr_compile(&e, 1, s, &err);
    assert_non_null(p);
    ev = expr_eval_new(p, act, 2, 128);
    arb_init(a);
    arb_init(b);
    arb_set_fmpq(a, lo0, 128);
    arb_set_fmpq(b, hi0, 128);
    expr_interval_ball(box + 0, a, b, 128);
    arb_set_fmpq(a, lo1, 128);
    arb_set_fmpq(b, hi1, 128);
    expr_interval_ball(box + 1, a, b, 128);
    expr_eval_run(ev, box, tighten);
    t = expr_eval_truth(ev, 0);
    arb_clear(a);
    arb_clear(b);
    _arb_vec_clear(box, 2);
    expr_eval_free(ev);
    expr_prog_free(p);
    expr_free(e);
    return t;
}

static int fast_total, fast_decided;   /* fast-path runs of verdict() and how many decided */

static expr_tv_t verdict(const char *src, const char *x0, const char *x1, const char *y0, const char *y1)
{
    expr_scope_t s = scope_of("k", "mu");
    fmpq_t a, b, c, d;
    expr_tv_t t;
    fmpq_init(a); fmpq_init(b); fmpq_init(c); fmpq_init(d);
    assert_int_equal(expr_parse_fmpq(a, x0), 0);
    assert_int_equal(expr_parse_fmpq(b, x1), 0);
    assert_int_equal(expr_parse_fmpq(c, y0), 0);
    assert_int_equal(expr_parse_fmpq(d, y1), 0);
    t = verdict_q(src, s, a, b, c, d, 1);
    {   /* the fast path: the same verdict, or UNKNOWN (it is looser) */
        int hf, tt;
        for (tt = 0; tt < 2; tt++) {
            expr_tv_t f = verdict_qf(src, s, a, b, c, d, tt, &hf);
            if (hf) fast_total++;
            if (hf && f != EXPR_TV_UNKNOWN) {
                fast_decided++;
                if (f != t) fprintf(stderr, "fast path: %s gives %s, Arb %s\n", src, expr_tv_name(f), expr_tv_name(t));
                assert_int_equal(f, t);
            }
        }
    }
    fmpq_clear(a); fmpq_clear(b); fmpq_clear(c); fmpq_clear(d);
    expr_scope_free(s);
    return t;
}

/* ------------------------------------------------------------ syntax */

static void check_print(const char *src, const char *text, const char *uni, const char *tex)
{
    expr_t e = parse_ok(src), e2;
    char *t = expr_to_text(e), *t2, *u = expr_to_unicode(e), *x = expr_to_latex(e);
    if (strcmp(t, text)) fprintf(stderr, "text: %s\n", t);
    assert_string_equal(t, text);
    e2 = parse_ok(t);
    t2 = expr_to_text(e2);
    assert_string_equal(t2, t);
    if (uni && strcmp(u, uni)) fprintf(stderr, "unicode: %s\n", u);
    if (uni) assert_string_equal(u, uni);
    if (tex && strcmp(x, tex)) fprintf(stderr, "latex: %s\n", x);
    if (tex) assert_string_equal(x, tex);
    flint_free(t); flint_free(t2); flint_free(u); flint_free(x);
    expr_free(e);
    expr_free(e2);
}

static void test_syntax(void **state)
{
    (void) state;
    check_print("exists theta in 0 .. pi/2 : k*cos(theta) < 1",
                "exists theta in 0 .. pi/2 : k*cos(theta) < 1",
                "∃θ ∈ [0, π/2]: k·cos(θ) < 1",
                "\\exists \\theta \\in \\left[0, \\frac{\\pi}{2}\\right]\\colon k \\cdot \\cos\\theta < 1");
    /* the condition extends to the right; as an operand it is parenthesised */
    check_print("k > 0 and (forall x in 0..1: x <= k or x > 2) and mu < 1",
                "k > 0 and (forall x in 0 .. 1 : x <= k or x > 2) and mu < 1", NULL, NULL);
    check_print("forall x in -1 .. k : exists y in x .. 2*x + 1 : x + y > mu",
                "forall x in -1 .. k : exists y in x .. 2*x + 1 : x + y > mu",
                "∀x ∈ [-1, k]: ∃y ∈ [x, 2x + 1]: x + y > μ", NULL);
    check_print("not exists x in 0 .. 1 : x > k", "not (exists x in 0 .. 1 : x > k)", "¬(∃x ∈ [0, 1]: x > k)", NULL);
}

static void expect_error(const char *src, int col, const char *msg_part)
{
    expr_scope_t s = scope_of("k", "mu");
    expr_error_t err;
    expr_t e = expr_parse(src, 1, 1, &err);
    int rc = -1;
    if (e) rc = expr_check(e, s, 1, &err);
    if (rc == 0) fprintf(stderr, "no error for '%s'\n", src);
    assert_int_not_equal(rc, 0);
    if (err.col != col || strstr(err.msg, msg_part) == NULL)
        fprintf(stderr, "'%s': %d:%d %s\n", src, err.line, err.col, err.msg);
    assert_int_equal(err.col, col);
    assert_non_null(strstr(err.msg, msg_part));
    expr_free(e);
    expr_scope_free(s);
}

static void test_errors(void **state)
{
    (void) state;
    expect_error("exists in 0 .. 1 : k > 0", 8, "expected the name of the bound variable");
    expect_error("exists x 0 .. 1 : x > 0", 10, "expected 'in'");
    expect_error("exists x in 0 , 1 : x > 0", 15, "expected '..'");
    expect_error("exists x in 0 .. 1 x > 0", 20, "expected ':'");
    expect_error("exists x in 0 .. x : x > 0", 18, "unknown name 'x'");
    expect_error("exists x in 0 .. 1 : x", 22, "expected a condition");
    expect_error("exists k in 0 .. 1 : k > 0", 8, "already a name of the case");
    expect_error("exists x in 0 .. 1 : exists x in 0 .. 1 : x > 0", 29, "already bound");
    expect_error("1 + (exists x in 0 .. 1 : x > 0)", 6, "expected a number");
    expect_error("exists x in 0 .. 1 : exists y in 0 .. 1 : exists z in 0 .. 1 : exists w in 0 .. 1 : x < w", 64,
                 "nested deeper than 3");
}

/* Nesting through definitions is counted when compiling. */
static void test_nesting_defs(void **state)
{
    expr_scope_t s = scope_of("k", "mu");
    expr_t d1 = parse_ok("exists x in 0 .. 1 : x > k"), d2 = parse_ok("exists y in 0 .. 1 : d1 and y > mu"),
           d3 = parse_ok("exists z in 0 .. 1 : d2"), d4 = parse_ok("forall w in 0 .. 1 : d3"), r;
    expr_error_t err;
    expr_prog_t p;
    (void) state;
    expr_scope_add_def(s, "d1", d1, 1);
    expr_scope_add_def(s, "d2", d2, 1);
    expr_scope_add_def(s, "d3", d3, 1);
    expr_scope_add_def(s, "d4", d4, 1);
    r = parse_ok("d3");
    p = expr_compile(&r, 1, s, &err);   /* three levels: fine */
    assert_non_null(p);
    expr_prog_free(p);
    expr_free(r);
    r = parse_ok("d4");
    p = expr_compile(&r, 1, s, &err);
    assert_null(p);
    assert_non_null(strstr(err.msg, "nested deeper than 3"));
    expr_free(r);
    expr_free(d1); expr_free(d2); expr_free(d3); expr_free(d4);
    expr_scope_free(s);
}

/* ------------------------------------------------------------ verdicts */

#define BENCH "exists theta in 0 .. pi/2 : 1 + k*cos(theta)^2 - k*mu*sin(theta)*cos(theta) < 0"

static void test_verdicts(void **state)
{
    (void) state;
    /* boundary k^2 mu^2 = 4 (1 + k): k = 2 -> mu = sqrt 3 = 1.732... */
    assert_int_equal(verdict(BENCH, "2", "2", "9/5", "9/5"), EXPR_TV_TRUE);
    assert_int_equal(verdict(BENCH, "2", "2", "17/10", "17/10"), EXPR_TV_FALSE);
    assert_int_equal(verdict(BENCH, "2", "2", "0", "0"), EXPR_TV_FALSE);
    assert_int_equal(verdict(BENCH, "1", "2", "29/10", "3"), EXPR_TV_TRUE);
    assert_int_equal(verdict(BENCH, "1", "2", "0", "1"), EXPR_TV_FALSE);
    assert_int_equal(verdict(BENCH, "2", "2", "1", "2"), EXPR_TV_UNKNOWN);   /* crosses the boundary */
    /* forall is the dual: not exists not */
    assert_int_equal(verdict("forall theta in 0 .. pi/2 : 1 + k*cos(theta)^2 - k*mu*sin(theta)*cos(theta) >= 0",
                             "2", "2", "17/10", "17/10"), EXPR_TV_TRUE);
    assert_int_equal(verdict("forall theta in 0 .. pi/2 : 1 + k*cos(theta)^2 - k*mu*sin(theta)*cos(theta) >= 0",
                             "2", "2", "9/5", "9/5"), EXPR_TV_FALSE);
    /* ranges that move with the box; empty ranges */
    assert_int_equal(verdict("exists x in k .. 2 : x^2 < 1", "0", "1/2", "0", "0"), EXPR_TV_TRUE);
    assert_int_equal(verdict("exists x in k .. 2 : x^2 < 1", "3/2", "3", "0", "0"), EXPR_TV_FALSE);
    assert_int_equal(verdict("exists x in k .. 2 : x^2 < 1", "9/10", "11/10", "0", "0"), EXPR_TV_UNKNOWN);
    assert_int_equal(verdict("exists x in 1 .. k : true", "0", "1/2", "0", "0"), EXPR_TV_FALSE);
    assert_int_equal(verdict("forall x in 1 .. k : false", "0", "1/2", "0", "0"), EXPR_TV_TRUE);
    /* a one-point witness */
    assert_int_equal(verdict("exists x in 0 .. 1 : x == 1/2", "0", "0", "0", "0"), EXPR_TV_TRUE);
    /* no dyadic probe hits 1/3, and no piece refutes: unknown, never false */
    assert_int_equal(verdict("exists x in 0 .. 1 : x == 1/3", "0", "0", "0", "0"), EXPR_TV_UNKNOWN);
    /* partial domain: the witness may sit where the condition is defined ... */
    assert_int_equal(verdict("exists x in 0 .. 1 : sqrt(x - 1/2) > 0", "0", "0", "0", "0"), EXPR_TV_TRUE);
    /* ... but forall is never proved over points where it is undefined */
    assert_int_equal(verdict("forall x in 0 .. 1 : sqrt(x - 1/2) >= 0", "0", "0", "0", "0"), EXPR_TV_UNKNOWN);
    /* nesting: forall s exists t in [0, 1] with t >= s k  <=>  k <= 1 */
    assert_int_equal(verdict("forall s in 0 .. 1 : exists t in 0 .. 1 : t >= s*k", "1/4", "1/2", "0", "0"), EXPR_TV_TRUE);
    assert_int_equal(verdict("forall s in 0 .. 1 : exists t in 0 .. 1 : t >= s*k", "2", "3", "0", "0"), EXPR_TV_FALSE);
    /* logic around quantifiers */
    assert_int_equal(verdict("k > 0 and not (exists x in 0 .. 1 : x > k)", "2", "3", "0", "0"), EXPR_TV_TRUE);
    assert_int_equal(verdict("k > 0 and not (exists x in 0 .. 1 : x > k)", "1/4", "1/2", "0", "0"), EXPR_TV_FALSE);
    /* maxof / minof with varying data on the fast path (compared with the exact verdicts) */
    assert_int_equal(verdict("maxof(x*(k - x), x, 0 .. k) > 1/2", "2", "3", "0", "0"), EXPR_TV_TRUE);   /* k^2/4 >= 1 */
    assert_int_equal(verdict("minof(x^2 - k*x, x, 0 .. 2) < -1/2", "1/2", "1", "0", "0"), EXPR_TV_FALSE); /* -k^2/4 >= -1/4 */
    /* the fast path decides most of these, and agrees with the exact verdicts (checked in verdict()) */
    fprintf(stderr, "fast path: %d of %d runs decided\n", fast_decided, fast_total);
    assert_true(fast_decided > fast_total / 2);
}

/* A quantified predicate has no derivative; a number that depends on one
 * through if() differentiates its branches and evaluates. */
static void test_derivative(void **state)
{
    expr_scope_t s = scope_of("k", "mu");
    expr_error_t err;
    expr_t e = parse_ok("exists x in 0 .. 1 : x > k"), f, d;
    arb_t out;
    arb_struct box[2];
    expr_tv_t tv;
    (void) state;
    assert_null(expr_derivative(e, "k", s, &err));
    f = parse_ok("if(exists x in 0 .. 1 : x > k, k^2, 3*k)");
    d = expr_derivative(f, "k", s, &err);
    assert_non_null(d);
    assert_int_equal(expr_check(d, s, 0, &err), 0);
    arb_init(out);
    arb_init(box + 0);
    arb_init(box + 1);
    arb_set_si(box + 0, 5);   /* k = 5 > 1: derivative 3 */
    assert_int_equal(expr_eval_once(out, &tv, d, s, box, 128), EXPR_DEFINED);
    assert_true(arb_equal_si(out, 3));
    arb_set_d(box + 0, 0.25); /* k = 1/4: derivative 2 k = 1/2 */
    assert_int_equal(expr_eval_once(out, &tv, d, s, box, 128), EXPR_DEFINED);
    arb_mul_2exp_si(out, out, 1);
    assert_true(arb_equal_si(out, 1));
    arb_clear(out);
    arb_clear(box + 0);
    arb_clear(box + 1);
    expr_free(e);
    expr_free(f);
    expr_free(d);
    expr_scope_free(s);
}

/* ------------------------------------------------------------ soundness */

typedef struct { uint64_t s; } qrng_t;

static uint64_t qrng_next(qrng_t *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int qrng_int(qrng_t *r, int n) { return (int) (qrng_next(r) % (uint64_t) n); }

/* a random box [lo, lo + w] inside [a, b] (dyadic, w = (b - a) 2^-j) */
static void rand_box(fmpq_t lo, fmpq_t hi, qrng_t *r, slong a, slong b)
{
    int j = qrng_int(r, 8), k;
    fmpq_t w;
    fmpq_init(w);
    fmpq_set_si(w, b - a, 1);
    fmpq_div_2exp(w, w, j);
    k = qrng_int(r, 1 << j);
    fmpq_mul_si(lo, w, k);
    fmpq_add_si(lo, lo, a);
    fmpq_add(hi, lo, w);
    if (qrng_int(r, 6) == 0) fmpq_set(hi, lo);   /* a point */
    fmpq_clear(w);
}

/* x = lo + (hi - lo) i / n */
static void sample(fmpq_t x, const fmpq_t lo, const fmpq_t hi, slong i, slong n)
{
    fmpq_sub(x, hi, lo);
    fmpq_mul_si(x, x, i);
    {
        fmpz_t nn;
        fmpz_init_set_si(nn, n);
        fmpq_div_fmpz(x, x, nn);
        fmpz_clear(nn);
    }
    fmpq_add(x, x, lo);
}

static int trials(void)
{
    const char *s = getenv("FC_QUANT_TRIALS");
    return s ? atoi(s) : 300;
}

static void test_sound_bench(void **state)
{
    expr_scope_t s = scope_of("k", "mu");
    qrng_t r = {12345};
    fmpq_t k0, k1, m0, m1, k, m, d, t;
    int n, i, j, bad = 0, ndec = 0, nt = trials(), meth, nfast = 0;
    (void) state;
    fmpq_init(k0); fmpq_init(k1); fmpq_init(m0); fmpq_init(m1);
    fmpq_init(k); fmpq_init(m); fmpq_init(d); fmpq_init(t);
    for (n = 0; n < 2 * nt; n++) {
        expr_tv_t tv;
        int tighten, hf = 1;
        meth = n & 1;   /* 0: Arb, 1: the double-interval fast path, on the same box */
        if (meth == 0) {
            rand_box(k0, k1, &r, 0, 8);
            rand_box(m0, m1, &r, -1, 3);
        }
        tighten = qrng_int(&r, 2);
        tv = meth == 0 ? verdict_q(BENCH, s, k0, k1, m0, m1, tighten)
                       : verdict_qf(BENCH, s, k0, k1, m0, m1, tighten, &hf);
        assert_true(hf);
        if (tv == EXPR_TV_UNKNOWN) continue;
        ndec++;
        nfast += meth;
        for (i = 0; i <= 4; i++)
            for (j = 0; j <= 4; j++) {
                int truth;
                sample(k, k0, k1, i, 4);
                sample(m, m0, m1, j, 4);
                /* k^2 mu^2 - 4 (1 + k) > 0 and k mu > 0 */
                fmpq_mul(d, k, m);
                truth = fmpq_sgn(d) > 0;
                fmpq_mul(d, d, d);
                fmpq_add_si(t, k, 1);
                fmpq_mul_2exp(t, t, 2);
                fmpq_sub(d, d, t);
                truth = truth && fmpq_sgn(d) > 0;
                if (truth != (tv == EXPR_TV_TRUE)) {
                    if (bad++ < 5) {
                        fprintf(stderr, "bench: %s on k ", expr_tv_name(tv));
                        fmpq_print(k0); fprintf(stderr, ".."); fmpq_print(k1);
                        fprintf(stderr, " mu "); fmpq_print(m0); fprintf(stderr, ".."); fmpq_print(m1);
                        fprintf(stderr, "\n");
                    }
                }
            }
    }
    fprintf(stderr, "bench condition: %d of %d random box runs decided (%d on the fast path), %d wrong samples\n",
            ndec, 2 * nt, nfast, bad);
    assert_int_equal(bad, 0);
    assert_true(ndec > nt / 2);   /* the test bites: most boxes are decided */
    assert_true(nfast > nt / 4);  /* by both methods */
    fmpq_clear(k0); fmpq_clear(k1); fmpq_clear(m0); fmpq_clear(m1);
    fmpq_clear(k); fmpq_clear(m); fmpq_clear(d); fmpq_clear(t);
    expr_scope_free(s);
}

static const char *templates[] = {
    "sin(A*t + y) + B*z*t CMP C",
    "t^2 - y*t + z CMP C",
    "exp(t*y) - z*t CMP C",
    "cos(t)*y + t*z CMP C",
    "sqrt(t + y) - z CMP C",
    "t*y*z - A*t^3 CMP C",
};

static const char *cmps[] = {"<", "<=", ">", ">="};

/* "exists t in LO .. HI : COND" with random rationals A, B, C. */
static char *make_src(qrng_t *r, int *constant_range)
{
    char *buf = flint_malloc(512), cond[256];
    const char *tp = templates[qrng_int(r, sizeof templates / sizeof templates[0])], *p;
    char *q = cond;
    const char *lo, *hi;
    int kind = qrng_int(r, 2), rk = qrng_int(r, 3);
    for (p = tp; *p; p++) {
        if (strncmp(p, "CMP", 3) == 0) {
            q += sprintf(q, "%s", cmps[qrng_int(r, 4)]);
            p += 2;
        } else if (*p == 'A' || *p == 'B' || *p == 'C') {
            q += sprintf(q, "(%d/%d)", qrng_int(r, 9) - 4, 1 + qrng_int(r, 4));
        } else *q++ = *p;
    }
    *q = 0;
    lo = rk == 0 ? "0" : rk == 1 ? "-1" : "y";
    hi = rk == 0 ? "1" : rk == 1 ? "2" : "y + z + 1";
    *constant_range = rk < 2;
    snprintf(buf, 512, "%s t in %s .. %s : %s", kind ? "exists" : "forall", lo, hi, cond);
    return buf;
}

static void test_sound_random(void **state)
{
    expr_scope_t s = scope_of("y", "z"), s1 = expr_scope_extend(s, "t");
    qrng_t r = {777};
    fmpq_t y0, y1, z0, z1, y, z, lo, hi, x;
    int n, i, j, m, bad = 0, ndec = 0, nchk = 0, mutant = 0, nt = trials(), nfast = 0;
    (void) state;
    fmpq_init(y0); fmpq_init(y1); fmpq_init(z0); fmpq_init(z1);
    fmpq_init(y); fmpq_init(z); fmpq_init(lo); fmpq_init(hi); fmpq_init(x);
    for (n = 0; n < nt; n++) {
        int cr;
        char *src = make_src(&r, &cr);
        expr_t e = parse_ok(src), cond = e->args[3];
        int ex = e->kind == EXPR_EXISTS;
        expr_tv_t tv;
        sound_point pt, pq;
        int hf = 0, meth = (n & 1) && !strstr(src, "exp");   /* odd trials: the fast path (no exp there) */
        rand_box(y0, y1, &r, -2, 2);
        rand_box(z0, z1, &r, -2, 2);
        tv = meth ? verdict_qf(src, s, y0, y1, z0, z1, qrng_int(&r, 2), &hf)
                  : verdict_q(src, s, y0, y1, z0, z1, qrng_int(&r, 2));
        if (meth) assert_true(hf);
        if (tv == EXPR_TV_UNKNOWN) { flint_free(src); expr_free(e); continue; }
        ndec++;
        nfast += meth;
        sound_point_init(&pt, s);
        sound_point_init(&pq, s1);
        for (i = 0; i <= 2; i++)
            for (j = 0; j <= 2; j++) {
                int cert_true = 0, cert_false = 0, not_true = 0, not_false = 0, all, v;
                sample(y, y0, y1, i, 2);
                sample(z, z0, z1, j, 2);
                sound_point_set_fmpq(&pt, 0, y);
                sound_point_set_fmpq(&pt, 1, z);
                sound_point_set_fmpq(&pq, 0, y);
                sound_point_set_fmpq(&pq, 1, z);
                {
                    sound_val a, b;
                    sound_val_init(a);
                    sound_val_init(b);
                    sound_eval_num(a, e->args[1], &pt);
                    sound_eval_num(b, e->args[2], &pt);
                    fmpq_set(lo, a->q);   /* the ranges used are rational */
                    fmpq_set(hi, b->q);
                    sound_val_clear(a);
                    sound_val_clear(b);
                }
                if (fmpq_cmp(lo, hi) > 0) continue;
                all = cr ? 512 : 64;
                for (m = 0; m <= all; m++) {
                    int t;
                    sample(x, lo, hi, m, all);
                    sound_point_set_fmpq(&pq, 2, x);
                    t = sound_eval_bool(cond, &pq);
                    nchk++;
                    if (t == SOUND_TRUE) cert_true = 1; else not_true = 1;
                    if (t == SOUND_FALSE) cert_false = 1; else not_false = 1;
                }
                /* verdict w contradicts the samples: exists FALSE / forall TRUE meeting a
                   certainly TRUE / FALSE sample; with a constant range (the grid holds every
                   point the evaluator probes), exists TRUE / forall FALSE with every sample
                   certainly FALSE / TRUE. v = 1: the negated verdict (a mutant), which must
                   be caught somewhere. */
                for (v = 0; v < 2; v++) {
                    expr_tv_t w = v == 0 ? tv : (tv == EXPR_TV_TRUE ? EXPR_TV_FALSE : EXPR_TV_TRUE);
                    int c = (ex && w == EXPR_TV_FALSE && cert_true) || (!ex && w == EXPR_TV_TRUE && cert_false) ||
                            (cr && ex && w == EXPR_TV_TRUE && !not_false) || (cr && !ex && w == EXPR_TV_FALSE && !not_true);
                    if (v == 1) { mutant += c; continue; }
                    if (c && bad++ < 5) {
                        fprintf(stderr, "%s -> %s at y = ", src, expr_tv_name(tv));
                        fmpq_fprint(stderr, y);
                        fprintf(stderr, ", z = ");
                        fmpq_fprint(stderr, z);
                        fprintf(stderr, "\n");
                    }
                }
            }
        sound_point_clear(&pt);
        sound_point_clear(&pq);
        flint_free(src);
        expr_free(e);
    }
    fprintf(stderr, "random conditions: %d of %d decided (%d on the fast path), %d samples, %d contradictions, "
            "%d caught mutants\n", ndec, nt, nfast, nchk, bad, mutant);
    assert_int_equal(bad, 0);
    assert_true(mutant > 0);
    assert_true(ndec > nt / 4);
    assert_true(nfast > nt / 10);
    fmpq_clear(y0); fmpq_clear(y1); fmpq_clear(z0); fmpq_clear(z1);
    fmpq_clear(y); fmpq_clear(z); fmpq_clear(lo); fmpq_clear(hi); fmpq_clear(x);
    expr_scope_free(s1);
    expr_scope_free(s);
}

/* maxof / minof with data that vary over the box: the ball contains the
 * exact extremum at sample points (closed forms: max of x (a - x) on [0, a] is
 * a^2/4; min of x^2 - a x on [0, 2] is -a^2/4 for a <= 4; max of k sin(x) on
 * [0, mu] is k sin(mu) for mu <= pi/2, k >= 0), and it is not vacuous. */
static void test_extremum_varying(void **state)
{
    expr_scope_t s = scope_of("k", "mu");
    const char *src[3] = {"maxof(x*(k - x), x, 0 .. k)", "minof(x^2 - k*x, x, 0 .. 2)", "maxof(k*sin(x), x, 0 .. mu)"};
    qrng_t r = {4242};
    int n, i, j, checked = 0, narrow = 0, nfast = 0;
    (void) state;
    for (n = 0; n < 150; n++) {
        expr_error_t err;
        int which = n % 3, act[2] = {0, 1};
        expr_t e = parse_ok(src[which]);
        expr_prog_t p;
        expr_eval_t ev;
        arb_ptr box = _arb_vec_init(2);
        arb_t out, a, b, t;
        fmpq_t k0, k1, m0, m1, k, m;
        expr_status st;
        fmpq_init(k0); fmpq_init(k1); fmpq_init(m0); fmpq_init(m1); fmpq_init(k); fmpq_init(m);
        arb_init(out); arb_init(a); arb_init(b); arb_init(t);
        rand_box(k0, k1, &r, 0, 4);
        rand_box(m0, m1, &r, 0, 1);
        if (which == 2) {   /* mu in [1/4, 1 + 1/4] (below pi/2) */
            fmpq_set_si(m0, 1 + qrng_int(&r, 4), 4);
            fmpq_set(m1, m0);
            if (qrng_int(&r, 2)) {
                fmpq_t d;
                fmpq_init(d);
                fmpq_set_si(d, 1, 4 * (1 + qrng_int(&r, 16)));
                fmpq_add(m1, m1, d);
                fmpq_clear(d);
            }
        }
        assert_int_equal(expr_check(e, s, 0, &err), 0);
        p = expr_compile(&e, 1, s, &err);
        assert_non_null(p);
        ev = expr_eval_new(p, act, 2, 128);
        arb_set_fmpq(a, k0, 128); arb_set_fmpq(b, k1, 128);
        expr_interval_ball(box + 0, a, b, 128);
        arb_set_fmpq(a, m0, 128); arb_set_fmpq(b, m1, 128);
        expr_interval_ball(box + 1, a, b, 128);
        expr_eval_run(ev, box, 1);
        st = expr_eval_value(out, ev, 0);
        if (n & 1) {   /* odd trials: the double-interval fast path's interval instead */
            expr_fast_t fe = expr_fast_new(p, act, 2);
            double flo[2], fhi[2], lo, hi;
            assert_non_null(fe);
            dbox(flo + 0, fhi + 0, k0, k1);
            dbox(flo + 1, fhi + 1, m0, m1);
            expr_fast_run(fe, flo, fhi, n & 2 ? 1 : 0);
            st = expr_fast_value(&lo, &hi, fe, 0);
            if (st == EXPR_DEFINED) {
                arf_t l, h;
                arf_init(l); arf_init(h);
                arf_set_d(l, lo);
                arf_set_d(h, hi);
                arb_set_interval_arf(out, l, h, 256);
                arf_clear(l); arf_clear(h);
                nfast++;
            }
            expr_fast_free(fe);
        }
        if (st == EXPR_DEFINED) {
            if (mag_cmp_2exp_si(arb_radref(out), 0) < 0) narrow++;
            for (i = 0; i <= 3; i++)
                for (j = 0; j <= 3; j++) {
                    sample(k, k0, k1, i, 3);
                    sample(m, m0, m1, j, 3);
                    arb_set_fmpq(a, k, 256);
                    if (which == 0) { arb_sqr(t, a, 256); arb_mul_2exp_si(t, t, -2); }
                    else if (which == 1) { arb_sqr(t, a, 256); arb_mul_2exp_si(t, t, -2); arb_neg(t, t); }
                    else { arb_set_fmpq(b, m, 256); arb_sin(t, b, 256); arb_mul(t, t, a, 256); }
                    if (!arb_contains(out, t)) {
                        fprintf(stderr, "%s: ", src[which]);
                        arb_fprintd(stderr, out, 15);
                        fprintf(stderr, " misses ");
                        arb_fprintd(stderr, t, 15);
                        fprintf(stderr, "\n");
                    }
                    assert_true(arb_contains(out, t));
                    checked++;
                }
        }
        arb_clear(out); arb_clear(a); arb_clear(b); arb_clear(t);
        fmpq_clear(k0); fmpq_clear(k1); fmpq_clear(m0); fmpq_clear(m1); fmpq_clear(k); fmpq_clear(m);
        _arb_vec_clear(box, 2);
        expr_eval_free(ev);
        expr_prog_free(p);
        expr_free(e);
    }
    fprintf(stderr, "varying extrema: %d samples contained, %d of 150 balls narrower than 1 (%d of 75 fast-path "
            "intervals defined)\n", checked, narrow, nfast);
    assert_true(checked > 1000);
    assert_true(narrow > 75);
    assert_true(nfast > 40);
    expr_scope_free(s);
}

/* The oracle bites: with every verdict negated, the same checks fail. */
static void test_oracle_bites(void **state)
{
    expr_scope_t s = scope_of("k", "mu");
    fmpq_t a, b;
    int hf;
    (void) state;
    fmpq_init(a);
    fmpq_init(b);
    /* (k, mu) = (2, 17/10) is outside the region: k^2 mu^2 - 4 (1 + k) = 11.56 - 12 < 0 */
    fmpq_set_si(a, 2, 1);
    fmpq_set_si(b, 17, 10);
    assert_int_equal(verdict_q(BENCH, s, a, a, b, b, 1), EXPR_TV_FALSE);
    assert_int_equal(verdict_qf(BENCH, s, a, a, b, b, 1, &hf), EXPR_TV_FALSE);
    fmpq_set_si(b, 18, 10);   /* 12.96 - 12 > 0: inside */
    assert_int_equal(verdict_q(BENCH, s, a, a, b, b, 1), EXPR_TV_TRUE);
    assert_int_equal(verdict_qf(BENCH, s, a, a, b, b, 1, &hf), EXPR_TV_TRUE);
    fmpq_clear(a);
    fmpq_clear(b);
    expr_scope_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_syntax),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_nesting_defs),
        cmocka_unit_test(test_verdicts),
        cmocka_unit_test(test_derivative),
        cmocka_unit_test(test_oracle_bites),
        cmocka_unit_test(test_sound_bench),
        cmocka_unit_test(test_sound_random),
        cmocka_unit_test(test_extremum_varying),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
