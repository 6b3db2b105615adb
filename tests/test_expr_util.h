/* test_expr_util.h -- helpers shared by test_expr_eval.c and test_expr_parse.c. */
#ifndef FC_TEST_EXPR_UTIL_H
#define FC_TEST_EXPR_UTIL_H

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
    expr_tv_t tv;
    arb_t val;
} res_t;

static const slong precs[] = {64, 128, 333};

#define NPRECS ((int)(sizeof(precs) / sizeof(precs[0])))

static inline expr_t parse_ok(const char *src)
{
    expr_error_t err;
    expr_t e = expr_parse(src, 1, 1, &err);
    if (e == NULL) fprintf(stderr, "parse of '%s' failed at %d:%d: %s\n", src, err.line, err.col, err.msg);
    assert_non_null(e);
    return e;
}

/* scope x, y */
static inline expr_scope_t scope_xy(void)
{
    expr_scope_t s = expr_scope_new();
    assert_int_equal(expr_scope_add_param(s, "x"), 0);
    assert_int_equal(expr_scope_add_param(s, "y"), 1);
    return s;
}

/* Evaluates src with x in [xlo, xhi] (y = 0) through compile + eval, both
 * tighten modes, at prec; the two modes must agree on status and truth. */
static inline void eval_at(res_t *r, const char *src, const fmpq_t xlo, const fmpq_t xhi, slong prec)
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
    expr_tv_t tv0 = EXPR_TV_UNKNOWN;

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
            r->tv = EXPR_TV_UNKNOWN;
            r->st = expr_eval_value(r->val, ev, 0);
        }
        if (t == 0) {
            st0 = r->st;
            tv0 = r->tv;
        } else {
            /* tightening may decide more, never the opposite */
            if (tv0 != EXPR_TV_UNKNOWN) assert_int_equal(r->tv, tv0);
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

static inline void res_init(res_t *r) { arb_init(r->val); }

static inline void res_clear(res_t *r) { arb_clear(r->val); }

/* x in [lp/lq, hp/hq] */
static inline void eval_iv(res_t *r, const char *src, slong lp, ulong lq, slong hp, ulong hq, slong prec)
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

/* value is DEFINED, contains p/q and has radius below 2^(-prec + slack) */
static inline void assert_value(const char *src, slong lp, ulong lq, slong hp, ulong hq, slong p, ulong q, int slack)
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
static inline void assert_exact(const char *src, slong lp, ulong lq, slong hp, ulong hq, slong p, ulong q)
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

static inline void assert_status(const char *src, slong lp, ulong lq, slong hp, ulong hq, expr_status want)
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

static inline void assert_truth(const char *src, slong lp, ulong lq, slong hp, ulong hq, expr_tv_t want)
{
    int i;
    res_t r;
    res_init(&r);
    for (i = 0; i < NPRECS; i++) {
        eval_iv(&r, src, lp, lq, hp, hq, precs[i]);
        if (r.tv != want)
            fprintf(stderr, "'%s' on [%ld/%lu, %ld/%lu] prec %ld: %s, wanted %s\n", src, (long)lp, lq, (long)hp,
                    hq, (long)precs[i], expr_tv_name(r.tv), expr_tv_name(want));
        assert_int_equal(r.tv, want);
    }
    res_clear(&r);
}

static inline void assert_not_false(const char *src, slong lp, ulong lq, slong hp, ulong hq)
{
    int i;
    res_t r;
    res_init(&r);
    for (i = 0; i < NPRECS; i++) {
        eval_iv(&r, src, lp, lq, hp, hq, precs[i]);
        assert_true(r.tv != EXPR_TV_FALSE);
    }
    res_clear(&r);
}

static inline void assert_not_true(const char *src, slong lp, ulong lq, slong hp, ulong hq)
{
    int i;
    res_t r;
    res_init(&r);
    for (i = 0; i < NPRECS; i++) {
        eval_iv(&r, src, lp, lq, hp, hq, precs[i]);
        assert_true(r.tv != EXPR_TV_TRUE);
    }
    res_clear(&r);
}

/* ------------------------------------------------------------ errors */

static inline int has_word(const char *msg, const char *w)
{
    char low[256];
    size_t i;
    for (i = 0; msg[i] && i + 1 < sizeof low; i++) low[i] = (char)tolower((unsigned char)msg[i]);
    low[i] = 0;
    return strstr(low, w) != NULL;
}

static inline void parse_fails(const char *src, int line0, int col0, int line, int col, const char *word)
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
static inline void check_fails(const char *src, int want, int cmin, int cmax, const char *word)
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

#endif
