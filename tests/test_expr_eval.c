/* test_expr_eval.c -- exact checks of parsing, domains, piecewise functions,
 * exact constants, three-valued comparisons and logic, and parse/check
 * errors.  Expected values are worked out by hand (they are stated next to
 * each check); enclosures are also required to be tight, so an evaluator
 * answering [0 +/- inf] fails. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <ctype.h>
#include <cmocka.h>
#include "expr/expr.h"

/* ------------------------------------------------------------ helpers */

typedef struct {
    expr_status st;
    tv_t tv;
    arb_t val;
} res_t;

static const slong precs[] = {64, 128, 333};
#define NPRECS ((int)(sizeof(precs) / sizeof(precs[0])))

static expr_t parse_ok(const char *src)
{
    expr_error_t err;
    expr_t e = expr_parse(src, 1, 1, &err);
    if (e == NULL) fprintf(stderr, "parse of '%s' failed at %d:%d: %s\n", src, err.line, err.col, err.msg);
    assert_non_null(e);
    return e;
}

/* scope x, y */
static expr_scope_t scope_xy(void)
{
    expr_scope_t s = expr_scope_new();
    assert_int_equal(expr_scope_add_param(s, "x"), 0);
    assert_int_equal(expr_scope_add_param(s, "y"), 1);
    return s;
}

/* Evaluates src with x in [xlo, xhi] (y = 0) through compile + eval, both
 * tighten modes, at prec; the two modes must agree on status and truth. */
static void eval_at(res_t *r, const char *src, const fmpq_t xlo, const fmpq_t xhi, slong prec)
{
    expr_scope_t s = scope_xy();
    expr_t e = parse_ok(src);
    expr_error_t err;
    expr_prog_t p;
    expr_eval_t ev;
    int active[2] = {0, 1}, isbool, t;
    arb_ptr box = _arb_vec_init(2);
    arb_t a, b;
    expr_status st0 = EXPR_DEFINED;
    tv_t tv0 = TV_UNKNOWN;

    if (expr_check(e, s, -1, &err) != 0)
        fprintf(stderr, "check of '%s' failed at %d:%d: %s\n", src, err.line, err.col, err.msg);
    assert_int_equal(expr_check(e, s, -1, &err), 0);
    isbool = expr_is_bool(e, s);
    p = expr_compile(&e, 1, s, &err);
    assert_non_null(p);
    assert_int_equal(expr_prog_root_is_bool(p, 0), isbool);
    ev = expr_eval_new(p, active, 2, prec);
    arb_init(a);
    arb_init(b);
    arb_set_fmpq(a, xlo, prec);
    arb_set_fmpq(b, xhi, prec);
    expr_interval_ball(box + 0, a, b, prec);
    arb_zero(box + 1);
    for (t = 0; t < 2; t++) {
        expr_eval_run(ev, box, t);
        if (isbool) {
            r->tv = expr_eval_truth(ev, 0);
            r->st = EXPR_DEFINED;
        } else {
            r->tv = TV_UNKNOWN;
            r->st = expr_eval_value(r->val, ev, 0);
        }
        if (t == 0) {
            st0 = r->st;
            tv0 = r->tv;
        } else {
            /* tightening may decide more, never the opposite */
            if (tv0 != TV_UNKNOWN) assert_int_equal(r->tv, tv0);
            if (st0 != EXPR_PARTIAL) assert_int_equal(r->st, st0);
        }
    }
    arb_clear(a);
    arb_clear(b);
    _arb_vec_clear(box, 2);
    expr_eval_free(ev);
    expr_prog_free(p);
    expr_free(e);
    expr_scope_free(s);
}

static void res_init(res_t *r) { arb_init(r->val); }
static void res_clear(res_t *r) { arb_clear(r->val); }

/* x in [lp/lq, hp/hq] */
static void eval_iv(res_t *r, const char *src, slong lp, ulong lq, slong hp, ulong hq, slong prec)
{
    fmpq_t lo, hi;
    fmpq_init(lo);
    fmpq_init(hi);
    fmpq_set_si(lo, lp, lq);
    fmpq_set_si(hi, hp, hq);
    eval_at(r, src, lo, hi, prec);
    fmpq_clear(lo);
    fmpq_clear(hi);
}

/* no parameters used: x = 0 */
static void eval_c(res_t *r, const char *src, slong prec) { eval_iv(r, src, 0, 1, 0, 1, prec); }

/* value is DEFINED, contains p/q and has radius below 2^(-prec + slack) */
static void assert_value(const char *src, slong lp, ulong lq, slong hp, ulong hq, slong p, ulong q, int slack)
{
    int i;
    res_t r;
    fmpq_t v;
    fmpq_init(v);
    fmpq_set_si(v, p, q);
    res_init(&r);
    for (i = 0; i < NPRECS; i++) {
        eval_iv(&r, src, lp, lq, hp, hq, precs[i]);
        if (r.st != EXPR_DEFINED || !arb_contains_fmpq(r.val, v)
            || mag_cmp_2exp_si(arb_radref(r.val), -precs[i] + slack) > 0) {
            fprintf(stderr, "'%s' at prec %ld: status %d, ball ", src, (long)precs[i], r.st);
            arb_fprintd(stderr, r.val, 30);
            fprintf(stderr, ", wanted ");
            fmpq_fprint(stderr, v);
            fprintf(stderr, "\n");
        }
        assert_int_equal(r.st, EXPR_DEFINED);
        assert_true(arb_contains_fmpq(r.val, v));
        assert_true(mag_cmp_2exp_si(arb_radref(r.val), -precs[i] + slack) <= 0);
    }
    res_clear(&r);
    fmpq_clear(v);
}

/* value is DEFINED and exactly p/q (radius 0) */
static void assert_exact(const char *src, slong lp, ulong lq, slong hp, ulong hq, slong p, ulong q)
{
    int i;
    res_t r;
    fmpq_t v;
    fmpq_init(v);
    fmpq_set_si(v, p, q);
    res_init(&r);
    for (i = 0; i < NPRECS; i++) {
        arb_t w;
        eval_iv(&r, src, lp, lq, hp, hq, precs[i]);
        arb_init(w);
        arb_set_fmpq(w, v, precs[i]);
        if (r.st != EXPR_DEFINED || !arb_equal(r.val, w)) {
            fprintf(stderr, "'%s' at prec %ld: status %d, ball ", src, (long)precs[i], r.st);
            arb_fprintd(stderr, r.val, 30);
            fprintf(stderr, ", wanted exactly ");
            fmpq_fprint(stderr, v);
            fprintf(stderr, "\n");
        }
        assert_int_equal(r.st, EXPR_DEFINED);
        assert_true(arb_is_exact(r.val));
        assert_true(arb_equal(r.val, w));
        arb_clear(w);
    }
    res_clear(&r);
    fmpq_clear(v);
}

static void assert_status(const char *src, slong lp, ulong lq, slong hp, ulong hq, expr_status want)
{
    int i;
    res_t r;
    res_init(&r);
    for (i = 0; i < NPRECS; i++) {
        eval_iv(&r, src, lp, lq, hp, hq, precs[i]);
        if (r.st != want)
            fprintf(stderr, "'%s' on [%ld/%lu, %ld/%lu] prec %ld: status %d, wanted %d\n", src, (long)lp, lq,
                    (long)hp, hq, (long)precs[i], r.st, want);
        assert_int_equal(r.st, want);
    }
    res_clear(&r);
}

static void assert_truth(const char *src, slong lp, ulong lq, slong hp, ulong hq, tv_t want)
{
    int i;
    res_t r;
    res_init(&r);
    for (i = 0; i < NPRECS; i++) {
        eval_iv(&r, src, lp, lq, hp, hq, precs[i]);
        if (r.tv != want)
            fprintf(stderr, "'%s' on [%ld/%lu, %ld/%lu] prec %ld: %s, wanted %s\n", src, (long)lp, lq, (long)hp,
                    hq, (long)precs[i], tv_name(r.tv), tv_name(want));
        assert_int_equal(r.tv, want);
    }
    res_clear(&r);
}

static void assert_not_false(const char *src, slong lp, ulong lq, slong hp, ulong hq)
{
    int i;
    res_t r;
    res_init(&r);
    for (i = 0; i < NPRECS; i++) {
        eval_iv(&r, src, lp, lq, hp, hq, precs[i]);
        assert_true(r.tv != TV_FALSE);
    }
    res_clear(&r);
}

static void assert_not_true(const char *src, slong lp, ulong lq, slong hp, ulong hq)
{
    int i;
    res_t r;
    res_init(&r);
    for (i = 0; i < NPRECS; i++) {
        eval_iv(&r, src, lp, lq, hp, hq, precs[i]);
        assert_true(r.tv != TV_TRUE);
    }
    res_clear(&r);
}

/* ------------------------------------------------------------ values */

static void test_constants(void **state)
{
    res_t r;
    int i;
    (void)state;
    res_init(&r);
    /* sqrt(2)^2 = 2; sin(pi) = 0; cos(pi) = -1; exp(0) = 1; log(e) = 1 */
    assert_value("sqrt(2)^2", 0, 1, 0, 1, 2, 1, 8);
    assert_value("sin(pi)", 0, 1, 0, 1, 0, 1, 8);
    assert_value("cos(pi)", 0, 1, 0, 1, -1, 1, 8);
    assert_value("log(e)", 0, 1, 0, 1, 1, 1, 8);
    assert_value("atan2(1, 1) * 4 / pi", 0, 1, 0, 1, 1, 1, 8);
    assert_value("asin(1) * 2 / pi", 0, 1, 0, 1, 1, 1, 8);
    assert_value("acos(-1) / pi", 0, 1, 0, 1, 1, 1, 8);
    assert_value("cbrt(-27)", 0, 1, 0, 1, -3, 1, 8);
    assert_value("cosh(1)^2 - sinh(1)^2", 0, 1, 0, 1, 1, 1, 8);
    assert_value("tan(pi/4)", 0, 1, 0, 1, 1, 1, 8);
    assert_value("cot(pi/4)", 0, 1, 0, 1, 1, 1, 8);
    assert_value("exp(log(3))", 0, 1, 0, 1, 3, 1, 8);
    assert_value("tanh(0) + atan(0)", 0, 1, 0, 1, 0, 1, 8);
    /* precedence and associativity: 1 + 2*3^2 = 19; 7/2/7 = 1/2; (1+2)*3 = 9 */
    assert_exact("1 + 2*3^2", 0, 1, 0, 1, 19, 1);
    assert_exact("7/2/7", 0, 1, 0, 1, 1, 2);
    assert_exact("(1+2)*3", 0, 1, 0, 1, 9, 1);
    assert_exact("10 - 3 - 2", 0, 1, 0, 1, 5, 1);
    /* x^-1 and negative bases with integer exponents: (-2)^3 = -8, (-2)^-2 = 1/4 */
    assert_exact("x^3", -2, 1, -2, 1, -8, 1);
    assert_exact("x^(-2)", -2, 1, -2, 1, 1, 4);
    /* rational exponent: 4^(3/2) = 8, 16^(1/4) = 2 */
    assert_value("x^(3/2)", 4, 1, 4, 1, 8, 1, 8);
    assert_value("x^(1/4)", 16, 1, 16, 1, 2, 1, 8);
    /* 0.1 is exactly 1/10: 10*0.1 == 1 is certified at every precision, even 10 bits */
    for (i = 0; i < NPRECS; i++) {
        eval_c(&r, "10*0.1 == 1", precs[i]);
        assert_int_equal(r.tv, TV_TRUE);
        eval_c(&r, "3*0.1 == 0.3", precs[i]);
        assert_int_equal(r.tv, TV_TRUE);
        eval_c(&r, "1e-3 * 1000 == 1", precs[i]);
        assert_int_equal(r.tv, TV_TRUE);
        eval_c(&r, "1/3 + 1/3 + 1/3 == 1", precs[i]);
        assert_int_equal(r.tv, TV_TRUE);
        eval_c(&r, "0.1 != 1/10", precs[i]);
        assert_int_equal(r.tv, TV_FALSE);
    }
    eval_c(&r, "10*0.1 == 1", 10);
    assert_int_equal(r.tv, TV_TRUE);
    res_clear(&r);
}

static void test_parse_numbers(void **state)
{
    fmpq_t q, w;
    expr_t e;
    (void)state;
    fmpq_init(q);
    fmpq_init(w);
    assert_int_equal(expr_parse_fmpq(q, "0.1"), 0);
    fmpq_set_si(w, 1, 10);
    assert_true(fmpq_equal(q, w));
    assert_int_equal(expr_parse_fmpq(q, "1e-3"), 0);
    fmpq_set_si(w, 1, 1000);
    assert_true(fmpq_equal(q, w));
    assert_int_equal(expr_parse_fmpq(q, "-2e-3"), 0);
    fmpq_set_si(w, -1, 500);
    assert_true(fmpq_equal(q, w));
    assert_int_equal(expr_parse_fmpq(q, "1/3"), 0);
    fmpq_set_si(w, 1, 3);
    assert_true(fmpq_equal(q, w));
    assert_int_equal(expr_parse_fmpq(q, "2.5e2"), 0);
    fmpq_set_si(w, 250, 1);
    assert_true(fmpq_equal(q, w));
    assert_int_equal(expr_parse_fmpq(q, "981/100"), 0);
    fmpq_set_si(w, 981, 100);
    assert_true(fmpq_equal(q, w));
    /* not a constant */
    assert_true(expr_parse_fmpq(q, "x + 1") != 0);
    assert_true(expr_parse_fmpq(q, "1 +") != 0);
    /* the AST of a decimal literal holds the exact rational */
    e = parse_ok("0.125");
    assert_int_equal(e->kind, EXPR_NUM);
    fmpq_set_si(w, 1, 8);
    assert_true(fmpq_equal(e->num, w));
    expr_free(e);
    e = parse_ok("1e-3");
    assert_int_equal(e->kind, EXPR_NUM);
    fmpq_set_si(w, 1, 1000);
    assert_true(fmpq_equal(e->num, w));
    expr_free(e);
    fmpq_clear(q);
    fmpq_clear(w);
}

static void test_domains(void **state)
{
    res_t r;
    int i;
    (void)state;
    /* 1/(x-1) at x = 1: undefined; 1/x on [-1, 1]: partial; on [1, 2]: defined */
    assert_status("1/(x-1)", 1, 1, 1, 1, EXPR_UNDEFINED);
    assert_status("1/x", -1, 1, 1, 1, EXPR_PARTIAL);
    assert_status("1/x", 1, 1, 2, 1, EXPR_DEFINED);
    /* sqrt: [-1, 1] partial, [-2, -1] undefined, [0, 1] defined (sqrt(0) = 0) */
    assert_status("sqrt(x)", -1, 1, 1, 1, EXPR_PARTIAL);
    assert_status("sqrt(x)", -2, 1, -1, 1, EXPR_UNDEFINED);
    assert_status("sqrt(x)", 0, 1, 1, 1, EXPR_DEFINED);
    assert_exact("sqrt(x)", 0, 1, 0, 1, 0, 1);
    /* log(0) undefined; log on [0, 1] partial; asin(2) undefined; asin on [-1, 1] defined */
    assert_status("log(0)", 0, 1, 0, 1, EXPR_UNDEFINED);
    assert_status("log(x)", 0, 1, 1, 1, EXPR_PARTIAL);
    assert_status("log(x)", -2, 1, -1, 1, EXPR_UNDEFINED);
    assert_status("asin(2)", 0, 1, 0, 1, EXPR_UNDEFINED);
    assert_status("acos(x)", 2, 1, 3, 1, EXPR_UNDEFINED);
    /* boxes reaching the domain's edge exactly are DEFINED (the ball of
     * [-1, 1] must not be wider than [-1, 1], and asin/acos/sqrt/log of a
     * ball touching the edge must not turn into NaN) */
    assert_status("asin(x)", -1, 1, 1, 1, EXPR_DEFINED);
    assert_status("acos(x)", 0, 1, 1, 1, EXPR_DEFINED);
    assert_status("log(x)", 1, 1000, 1, 1, EXPR_DEFINED);
    assert_status("x^(1/2) + x^(3/2)", 0, 1, 1, 4, EXPR_DEFINED);
    assert_status("asin(x)", 1, 2, 3, 1, EXPR_PARTIAL);
    /* x^(-1/2) at 0 undefined; x^(1/2) on [-1, -1/2] undefined */
    assert_status("x^(-1/2)", 0, 1, 0, 1, EXPR_UNDEFINED);
    assert_status("x^(1/2)", -1, 1, -1, 2, EXPR_UNDEFINED);
    assert_status("x^(-1)", 0, 1, 0, 1, EXPR_UNDEFINED);
    /* cot(0) undefined; cot on [1, 3] defined (0 < 1, 3 < pi) */
    assert_status("cot(x)", 0, 1, 0, 1, EXPR_UNDEFINED);
    assert_status("cot(x)", 1, 1, 3, 1, EXPR_DEFINED);
    assert_status("cot(x)", -1, 1, 1, 1, EXPR_PARTIAL);
    /* tan at pi/2: never a finite DEFINED ball */
    res_init(&r);
    for (i = 0; i < NPRECS; i++) {
        eval_c(&r, "tan(pi/2)", precs[i]);
        assert_true(r.st == EXPR_UNDEFINED || r.st == EXPR_PARTIAL);
        /* [157/100, 158/100] contains pi/2 = 1.5707963... */
        eval_iv(&r, "tan(x)", 157, 100, 158, 100, precs[i]);
        assert_true(r.st == EXPR_PARTIAL);
        /* [1, 3/2] does not: tan(3/2) = 14.10..., tan(1) = 1.557... */
        eval_iv(&r, "tan(x)", 1, 1, 3, 2, precs[i]);
        assert_int_equal(r.st, EXPR_DEFINED);
        assert_true(arb_is_finite(r.val));
        assert_true(arb_contains_si(r.val, 14));
        assert_true(arb_contains_si(r.val, 2));
    }
    res_clear(&r);
    /* atan2(0, 0) is not defined; atan2 away from the origin is */
    assert_status("atan2(0, 0)", 0, 1, 0, 1, EXPR_UNDEFINED);
    assert_status("atan2(x, 1)", -1, 1, 1, 1, EXPR_DEFINED);
    /* on the negative x axis itself (y exactly 0) atan2 is pi, not [-pi, pi] */
    assert_value("atan2(0, x) / pi", -2, 1, -2, 1, 1, 1, 8);
    assert_value("atan2(0, x)", 2, 1, 3, 1, 0, 1, 8);
    /* a domain error deep inside propagates: sin(1 + sqrt(x)) on [-2, -1] */
    assert_status("sin(1 + sqrt(x))", -2, 1, -1, 1, EXPR_UNDEFINED);
    assert_status("sin(1 + sqrt(x))", -2, 1, 1, 1, EXPR_PARTIAL);
}

static void test_piecewise(void **state)
{
    res_t r;
    int i;
    arb_t lo, hi;
    (void)state;
    /* the untaken branch's domain error does not leak */
    assert_exact("if(x > 0, sqrt(x), 0)", -1, 1, -1, 2, 0, 1);
    assert_exact("if(x > 0, 1/x, 5)", -1, 1, 0, 1, 5, 1);
    assert_exact("if(x >= 0, 3, log(x))", 0, 1, 1, 1, 3, 1);
    /* an undecided condition: the union of the branches */
    res_init(&r);
    arb_init(lo);
    arb_init(hi);
    for (i = 0; i < NPRECS; i++) {
        eval_iv(&r, "if(x > 0, 1, 2)", -1, 1, 1, 1, precs[i]);
        assert_int_equal(r.st, EXPR_DEFINED);
        assert_true(arb_contains_si(r.val, 1));
        assert_true(arb_contains_si(r.val, 2));
        /* and not much more than [1, 2] */
        arb_set_si(lo, 1);
        arb_set_si(hi, 2);
        arb_union(lo, lo, hi, precs[i]);
        mag_add_ui_2exp_si(arb_radref(lo), arb_radref(lo), 1, -precs[i] + 4);
        assert_true(arb_contains(lo, r.val));
        /* undecided condition, branches defined on parts only: not UNDEFINED,
         * and the ball holds sqrt(|x|) where it is defined */
        eval_iv(&r, "if(x > 0, sqrt(x), sqrt(-x))", -1, 1, 1, 1, precs[i]);
        assert_true(r.st != EXPR_UNDEFINED);
        assert_true(arb_contains_si(r.val, 1) && arb_contains_si(r.val, 0));
        /* undecided condition, one branch undefined everywhere: not DEFINED */
        eval_iv(&r, "if(x > 0, 1, sqrt(-2 - x))", -1, 1, 1, 1, precs[i]);
        assert_int_equal(r.st, EXPR_PARTIAL);
        assert_true(arb_contains_si(r.val, 1));
    }
    res_clear(&r);
    arb_clear(lo);
    arb_clear(hi);
    /* min, max, abs, sign: exact when the choice is decided */
    assert_exact("min(1/4, x)", 1, 2, 1, 1, 1, 4);
    assert_exact("max(1/4, x, -3)", -1, 1, 0, 1, 1, 4);
    assert_exact("min(x, 2, 3/8)", 1, 1, 2, 1, 3, 8);
    assert_exact("sign(x)", 1, 1, 2, 1, 1, 1);
    assert_exact("sign(x)", -2, 1, -1, 1, -1, 1);
    assert_exact("sign(x)", 0, 1, 0, 1, 0, 1);
    assert_exact("sign(x - 3/8)", 3, 8, 3, 8, 0, 1);
    assert_exact("abs(x)", -3, 8, -3, 8, 3, 8);
    assert_exact("abs(x - 1/2) + abs(x + 1/2)", 0, 1, 0, 1, 1, 1);
    /* sign undecided: contains -1, 0 and 1, nothing outside [-1, 1] */
    res_init(&r);
    arb_init(lo);
    for (i = 0; i < NPRECS; i++) {
        eval_iv(&r, "sign(x)", -1, 1, 1, 1, precs[i]);
        assert_int_equal(r.st, EXPR_DEFINED);
        assert_true(arb_contains_si(r.val, -1) && arb_contains_si(r.val, 0) && arb_contains_si(r.val, 1));
        arb_set_si(lo, 0);
        mag_set_ui_2exp_si(arb_radref(lo), 1, 0);
        mag_add_ui_2exp_si(arb_radref(lo), arb_radref(lo), 1, -precs[i] + 4);
        assert_true(arb_contains(lo, r.val));
        /* abs on [-1, 2] is [0, 2] */
        eval_iv(&r, "abs(x)", -1, 1, 2, 1, precs[i]);
        assert_true(arb_contains_si(r.val, 0) && arb_contains_si(r.val, 2));
        assert_false(arb_contains_si(r.val, -1));
    }
    res_clear(&r);
    arb_clear(lo);
}

/* ------------------------------------------------------------ truth */

static void test_comparisons(void **state)
{
    (void)state;
    assert_truth("x < 1", 0, 1, 1, 2, TV_TRUE);
    assert_truth("x < 1", 2, 1, 3, 1, TV_FALSE);
    assert_truth("x < 1", 0, 1, 2, 1, TV_UNKNOWN);
    /* endpoints: x <= 1 on [0, 1] true, x < 1 on [0, 1] unknown, x >= 1 on [1, 2] true */
    assert_truth("x <= 1", 0, 1, 1, 1, TV_TRUE);
    assert_truth("x < 1", 0, 1, 1, 1, TV_UNKNOWN);
    assert_truth("x >= 1", 1, 1, 2, 1, TV_TRUE);
    assert_truth("x > 1", 1, 1, 2, 1, TV_UNKNOWN);
    assert_truth("x == 1/2", 1, 2, 1, 2, TV_TRUE);
    assert_truth("x != 1/2", 1, 1, 2, 1, TV_TRUE);
    assert_truth("x == 1/2", 1, 1, 2, 1, TV_FALSE);
    /* comparisons on a number that is not defined everywhere are unknown */
    assert_truth("sqrt(x) > -1", -1, 1, 1, 1, TV_UNKNOWN);
    assert_truth("sqrt(x) < -1", -1, 1, 1, 1, TV_UNKNOWN);
    assert_truth("sqrt(x) > -1", -2, 1, -1, 1, TV_UNKNOWN);
    /* ... unless logic decides */
    assert_truth("sqrt(x) > -1 or true", -2, 1, -1, 1, TV_TRUE);
    assert_truth("false and sqrt(x) > -1", -2, 1, -1, 1, TV_FALSE);
    /* x == x is never false, at an exact point or at 1/3 (not a dyadic) */
    assert_not_false("x == x", 1, 3, 1, 3);
    assert_not_false("x == x", 1, 4, 1, 4);
    assert_not_false("x == x", 0, 1, 1, 1);
    assert_not_true("x != x", 1, 3, 1, 3);
    assert_not_true("x != x", 0, 1, 1, 1);
    /* cos^2 + sin^2 == 1: never false */
    assert_not_false("cos(x)^2 + sin(x)^2 == 1", 1, 3, 1, 3);
    assert_not_false("cos(x)^2 + sin(x)^2 == 1", 0, 1, 1, 1);
    assert_not_false("cos(x)^2 + sin(x)^2 == 1", 7, 1, 7, 1);
    assert_not_false("cos(x)^2 + sin(x)^2 == 1", 0, 1, 0, 1);
    /* an irrational value strictly inside: pi > 3.14159 and pi < 3.1416 */
    assert_truth("pi > 3.14159 and pi < 3.1416", 0, 1, 0, 1, TV_TRUE);
    assert_truth("e > 2.71828 and e < 2.71829", 0, 1, 0, 1, TV_TRUE);
    assert_truth("sqrt(2) > 1.41421356 and sqrt(2) < 1.41421357", 0, 1, 0, 1, TV_TRUE);
}

/* three-valued logic, with u = (x < 1) on [0, 2] (unknown) */
static void test_logic(void **state)
{
    static const char *lit[3] = {"false", "true", "(x < 1)"};
    /* Kleene tables, index 0 false, 1 true, 2 unknown */
    static const tv_t t_and[3][3] = {{TV_FALSE, TV_FALSE, TV_FALSE},
                                     {TV_FALSE, TV_TRUE, TV_UNKNOWN},
                                     {TV_FALSE, TV_UNKNOWN, TV_UNKNOWN}};
    static const tv_t t_or[3][3] = {{TV_FALSE, TV_TRUE, TV_UNKNOWN},
                                    {TV_TRUE, TV_TRUE, TV_TRUE},
                                    {TV_UNKNOWN, TV_TRUE, TV_UNKNOWN}};
    static const tv_t t_xor[3][3] = {{TV_FALSE, TV_TRUE, TV_UNKNOWN},
                                     {TV_TRUE, TV_FALSE, TV_UNKNOWN},
                                     {TV_UNKNOWN, TV_UNKNOWN, TV_UNKNOWN}};
    static const tv_t t_imp[3][3] = {{TV_TRUE, TV_TRUE, TV_TRUE},
                                     {TV_FALSE, TV_TRUE, TV_UNKNOWN},
                                     {TV_UNKNOWN, TV_TRUE, TV_UNKNOWN}};
    static const tv_t t_iff[3][3] = {{TV_TRUE, TV_FALSE, TV_UNKNOWN},
                                     {TV_FALSE, TV_TRUE, TV_UNKNOWN},
                                     {TV_UNKNOWN, TV_UNKNOWN, TV_UNKNOWN}};
    static const struct { const char *op; const tv_t (*tab)[3]; } ops[] = {
        {"and", t_and}, {"or", t_or}, {"xor", t_xor}, {"implies", t_imp}, {"iff", t_iff}};
    char src[128];
    int a, b, k;
    (void)state;
    assert_truth("not (x < 1)", 0, 1, 2, 1, TV_UNKNOWN);
    assert_truth("not (x < 1)", 0, 1, 1, 2, TV_FALSE);
    assert_truth("not not (x < 1)", 0, 1, 1, 2, TV_TRUE);
    assert_truth("not true", 0, 1, 0, 1, TV_FALSE);
    assert_truth("false and (x < 1)", 0, 1, 2, 1, TV_FALSE);
    assert_truth("true or (x < 1)", 0, 1, 2, 1, TV_TRUE);
    for (k = 0; k < 5; k++)
        for (a = 0; a < 3; a++)
            for (b = 0; b < 3; b++) {
                snprintf(src, sizeof src, "%s %s %s", lit[a], ops[k].op, lit[b]);
                assert_truth(src, 0, 1, 2, 1, ops[k].tab[a][b]);
                /* where x < 1 is decided true ([0, 1/2]) the unknown column is the true one */
                assert_truth(src, 0, 1, 1, 2, ops[k].tab[a == 2 ? 1 : a][b == 2 ? 1 : b]);
                /* and where it is decided false ([2, 3]) the false one */
                assert_truth(src, 2, 1, 3, 1, ops[k].tab[a == 2 ? 0 : a][b == 2 ? 0 : b]);
            }
    /* precedence: not > and > or; "true or false and false" is true */
    assert_truth("true or false and false", 0, 1, 0, 1, TV_TRUE);
    assert_truth("not false and false", 0, 1, 0, 1, TV_FALSE);
    /* comparisons bind tighter than logic */
    assert_truth("1 < 2 and 3 < 4", 0, 1, 0, 1, TV_TRUE);
}

/* ------------------------------------------------------------ errors */

static int has_word(const char *msg, const char *w)
{
    char low[256];
    size_t i;
    for (i = 0; msg[i] && i + 1 < sizeof low; i++) low[i] = (char)tolower((unsigned char)msg[i]);
    low[i] = 0;
    return strstr(low, w) != NULL;
}

static void parse_fails(const char *src, int line0, int col0, int line, int col, const char *word)
{
    expr_error_t err;
    expr_t e;
    memset(&err, 0, sizeof err);
    e = expr_parse(src, line0, col0, &err);
    if (e != NULL || err.line != line || err.col != col || (word && !has_word(err.msg, word)))
        fprintf(stderr, "parse of '%s': %s at %d:%d '%s'; wanted an error at %d:%d mentioning '%s'\n", src,
                e ? "accepted" : "error", err.line, err.col, err.msg, line, col, word ? word : "");
    assert_null(e);
    assert_int_equal(err.line, line);
    assert_int_equal(err.col, col);
    assert_true(strlen(err.msg) > 0);
    if (word) assert_true(has_word(err.msg, word));
}

/* expr_check fails with an error at a column in [cmin, cmax] of line 1 */
static void check_fails(const char *src, int want, int cmin, int cmax, const char *word)
{
    expr_error_t err;
    expr_scope_t s = scope_xy();
    expr_t e = parse_ok(src);
    memset(&err, 0, sizeof err);
    if (expr_check(e, s, want, &err) == 0 || err.col < cmin || err.col > cmax
        || (word && !has_word(err.msg, word)))
        fprintf(stderr, "check of '%s': error at %d:%d '%s'; wanted col %d..%d mentioning '%s'\n", src,
                err.line, err.col, err.msg, cmin, cmax, word ? word : "");
    assert_true(expr_check(e, s, want, &err) != 0);
    assert_int_equal(err.line, 1);
    assert_in_range(err.col, cmin, cmax);
    assert_true(strlen(err.msg) > 0);
    if (word) assert_true(has_word(err.msg, word));
    expr_free(e);
    expr_scope_free(s);
}

static void test_parse_errors(void **state)
{
    expr_error_t err;
    expr_t e;
    (void)state;
    /* "1 + * 2": the '*' at column 5, where an operand was expected */
    parse_fails("1 + * 2", 1, 1, 1, 5, "expect");
    /* positions are relative to the given start; a newline resets the column */
    parse_fails("1 + * 2", 3, 10, 3, 14, "expect");
    parse_fails("1 +\n * 2", 1, 1, 2, 2, "expect");
    /* "sin(1": the error at the end of the input (column 6, just past "1") */
    parse_fails("sin(1", 1, 1, 1, 6, "expect");
    parse_fails("(1 + 2", 1, 1, 1, 7, "expect");
    parse_fails("1 2", 1, 1, 1, 3, NULL);
    parse_fails("", 1, 1, 1, 1, NULL);
    /* '=' is not a comparison */
    parse_fails("x = 1", 1, 1, 1, 3, NULL);
    /* a well-formed expression parses, with node positions */
    e = expr_parse("1 + foo(2)", 1, 1, &err);
    assert_non_null(e);
    assert_int_equal(e->kind, EXPR_ADD);
    assert_int_equal(e->args[1]->kind, EXPR_FUNC);
    assert_int_equal(e->args[1]->fn, FN_USER);
    assert_int_equal(e->args[1]->col, 5);
    expr_free(e);
    /* unknown function: an error from expr_check at the name */
    check_fails("foo(1)", 0, 1, 1, "foo");
    check_fails("2 + foo(1)", 0, 5, 5, "foo");
    /* unknown name */
    check_fails("x + q", 0, 5, 5, "q");
    /* wrong number of arguments: at the function's name */
    check_fails("atan2(1)", 0, 1, 1, "atan2");
    check_fails("1 + sin(1, 2)", 0, 5, 5, "sin");
    check_fails("if(x > 0, 1)", 0, 1, 1, "if");
    check_fails("min(1)", 0, 1, 1, "min");
    /* types: a predicate where a number belongs, and the other way round;
     * the error lies within the offending operand */
    check_fails("sin(x < 1)", 0, 5, 9, NULL);
    check_fails("1 + (x < 1)", 0, 5, 10, NULL);
    check_fails("if(x, 1, 2)", 0, 4, 4, NULL);
    check_fails("not x", 1, 1, 5, NULL);
    check_fails("x + 1", 1, 1, 5, NULL);
    check_fails("x < 1", 0, 1, 5, NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_constants),
        cmocka_unit_test(test_parse_numbers),
        cmocka_unit_test(test_domains),
        cmocka_unit_test(test_piecewise),
        cmocka_unit_test(test_comparisons),
        cmocka_unit_test(test_logic),
        cmocka_unit_test(test_parse_errors),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    flint_cleanup();
    return r;
}
