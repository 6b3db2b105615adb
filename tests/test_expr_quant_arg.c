/* test_expr_quant_arg.c -- argmax / argmin / root() with data that vary over
 * the box (src/expr/expr_quant.c): soundness on random boxes against
 * independent computations, and the constant-data path left as it was.
 *
 * References (none uses src/expr's evaluator):
 *  - closed forms evaluated in Arb at 256 bits at a 4 x 4 grid of exact
 *    rational samples of each box: argmax x (a - x) on [0, 4] is a/2; on
 *    [0, b] it is min(a/2, b); argmin (x - a)^2 + b x on [-2, 2] is a - b/2;
 *    argmax sin(x + a) on [0, 3] is pi/2 - a; root(exp(x) - a - 1) is
 *    log(1 + a);
 *  - the cubic x^3 - x - a b: its real roots from Arb's exact-integer
 *    polynomial root finder (arb_fmpz_poly_complex_roots, real roots first,
 *    in increasing order);
 *  - sin(x) - a x + b (not polynomial): dense MPFR sampling (tests/sound) of
 *    2001 points of the range; the k-th sign change found must meet the
 *    enclosure (the functions are chosen with roots farther apart than the
 *    grid step; ambiguous points are skipped, never guessed).
 * Every ball that the evaluator calls DEFINED must contain the true value at
 * every sample; the test also asks that most balls are decided and narrow,
 * and that shifted balls (a mutant) are caught. FC_QUANT_TRIALS scales the
 * number of boxes (default 300). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <arb_fmpz_poly.h>
#include "expr/expr.h"
#include "alg/alg.h"
#include "sound/mpfr_eval.c"

typedef struct { uint64_t s; } rng_t;

static uint64_t rng_next(rng_t *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int rng_int(rng_t *r, int n) { return (int) (rng_next(r) % (uint64_t) n); }

static int trials(void)
{
    const char *s = getenv("FC_QUANT_TRIALS");
    return s ? atoi(s) : 300;
}

/* a random box [lo, lo + w] inside [a, b] (w = (b - a) 2^-j, j in 2 .. 9),
 * sometimes a point */
static void rand_box(fmpq_t lo, fmpq_t hi, rng_t *r, const fmpq_t a, const fmpq_t b)
{
    int j = 2 + rng_int(r, 8), k;
    fmpq_t w;
    fmpq_init(w);
    fmpq_sub(w, b, a);
    fmpq_div_2exp(w, w, j);
    k = rng_int(r, 1 << j);
    fmpq_mul_si(lo, w, k);
    fmpq_add(lo, lo, a);
    fmpq_add(hi, lo, w);
    if (rng_int(r, 6) == 0) fmpq_set(hi, lo);
    fmpq_clear(w);
}

static void sample(fmpq_t x, const fmpq_t lo, const fmpq_t hi, slong i, slong n)
{
    fmpq_sub(x, hi, lo);
    fmpq_mul_si(x, x, i);
    fmpq_div_fmpz(x, x, (fmpz *) &(fmpz){n});
    fmpq_add(x, x, lo);
}

typedef struct {
    const char *src;
    int a0n, a0d, a1n, a1d, b0n, b0d, b1n, b1d;   /* the ranges of a and b */
    int kind;   /* reference: 0 closed form, 1 cubic root k, 2 MPFR sign changes, root k */
    int k;
} spec_t;

static const spec_t specs[] = {
    {"argmax(x*(a - x), x, 0 .. 4)", 0, 1, 4, 1, 0, 1, 1, 1, 0, 0},
    {"argmax(x*(a - x), x, 0 .. b)", 0, 1, 4, 1, 1, 1, 3, 1, 0, 1},
    {"argmin((x - a)^2 + b*x, x, -2 .. 2)", -1, 1, 1, 1, -1, 1, 1, 1, 0, 2},
    {"argmax(sin(x + a), x, 0 .. 3)", -1, 1, 3, 2, 0, 1, 1, 1, 0, 3},
    {"root(exp(x) - a - 1, x, 0 .. 3, 1)", 0, 1, 4, 1, 0, 1, 1, 1, 0, 4},
    {"root(x^3 - x - a*b, x, -2 .. 2, 1)", -1, 1, 1, 1, 0, 1, 1, 1, 1, 1},
    {"root(x^3 - x - a*b, x, -2 .. 2, 2)", -1, 1, 1, 1, 0, 1, 1, 1, 1, 2},
    {"root(x^3 - x - a*b, x, a - 3 .. 2, 3)", -1, 1, 1, 1, 0, 1, 1, 1, 1, 3},
    {"root(sin(x) - a*x + b, x, 1/2 .. 7, 1)", 0, 1, 1, 4, -1, 4, 1, 4, 2, 1},
    {"root(sin(x) - a*x + b, x, 1/2 .. 7, 2)", 0, 1, 1, 4, -1, 4, 1, 4, 2, 2},
};

/* The true value at (a, b) as a ball: 1, or 0 when there is none (no k-th
 * root) or the reference cannot tell (-1). */
static int truth(arb_t t, const spec_t *sp, const fmpq_t a, const fmpq_t b, expr_t e, expr_scope_t s)
{
    slong prec = 256;
    arb_t x, y;
    int rc = 1;
    arb_init(x);
    arb_init(y);
    arb_set_fmpq(x, a, prec);
    arb_set_fmpq(y, b, prec);
    if (sp->kind == 0) {
        switch (sp - specs) {
        case 0: arb_mul_2exp_si(t, x, -1); break;
        case 1: arb_mul_2exp_si(t, x, -1); if (arb_gt(t, y)) arb_set(t, y); break;
        case 2: arb_mul_2exp_si(t, y, -1); arb_sub(t, x, t, prec); break;
        case 3: arb_const_pi(t, prec); arb_mul_2exp_si(t, t, -1); arb_sub(t, t, x, prec); break;
        default: arb_add_ui(t, x, 1, prec); arb_log(t, t, prec); break;
        }
    } else if (sp->kind == 1) {   /* den x^3 - den x - num, c = a b = num/den */
        fmpz_poly_t f;
        fmpq_t c, lo;
        acb_ptr r;
        slong i, nreal = 0;
        fmpz_poly_init(f);
        fmpq_init(c);
        fmpq_init(lo);
        fmpq_mul(c, a, b);
        fmpz_poly_set_coeff_fmpz(f, 3, fmpq_denref(c));
        fmpz_neg(fmpq_denref(c), fmpq_denref(c));
        fmpz_poly_set_coeff_fmpz(f, 1, fmpq_denref(c));
        fmpz_neg(fmpq_denref(c), fmpq_denref(c));
        fmpz_neg(fmpq_numref(c), fmpq_numref(c));
        fmpz_poly_set_coeff_fmpz(f, 0, fmpq_numref(c));
        r = _acb_vec_init(3);
        arb_fmpz_poly_complex_roots(r, f, 0, prec);
        for (i = 0; i < 3; i++)
            if (arb_is_zero(acb_imagref(r + i))) nreal++;
        /* roots in [a - 3, 2] (or [-2, 2]): all real roots lie in [-2, 2] here; the
           range a - 3 .. 2 starts at or below -2 for a <= 1 */
        if (nreal >= sp->k) arb_set(t, acb_realref(r + sp->k - 1));
        else rc = 0;
        /* a double root (c = +-2/(3 sqrt 3), irrational: never at a rational c) */
        _acb_vec_clear(r, 3);
        fmpz_poly_clear(f);
        fmpq_clear(c);
        fmpq_clear(lo);
    } else {   /* MPFR: sign changes of P at 2001 points of [1/2, 7] */
        sound_point pt;
        sound_val v;
        fmpq_t lo, hi, xq, prev;
        int i, n = 2000, last = 2, seen = 0;
        sound_point_init(&pt, s);
        sound_val_init(v);
        fmpq_init(lo); fmpq_init(hi); fmpq_init(xq); fmpq_init(prev);
        fmpq_set_si(lo, 1, 2);
        fmpq_set_si(hi, 7, 1);
        sound_point_set_fmpq(&pt, 0, a);
        sound_point_set_fmpq(&pt, 1, b);
        rc = 0;
        for (i = 0; i <= n; i++) {
            int sg;
            sample(xq, lo, hi, i, n);
            sound_point_set_fmpq(&pt, 2, xq);
            sound_eval_num(v, e, &pt);
            sg = v->st == SOUND_DEF ? sound_val_sgn(v) : 2;
            if (sg == 2 || sg == 0) { rc = -1; break; }   /* too close to call */
            if (last != 2 && sg != last && ++seen == sp->k) {
                arb_t p, q;
                arb_init(p);
                arb_init(q);
                arb_set_fmpq(p, prev, prec);
                arb_set_fmpq(q, xq, prec);
                arb_union(t, p, q, prec);
                arb_clear(p);
                arb_clear(q);
                rc = 1;
                break;
            }
            last = sg;
            fmpq_set(prev, xq);
        }
        sound_val_clear(v);
        sound_point_clear(&pt);
        fmpq_clear(lo); fmpq_clear(hi); fmpq_clear(xq); fmpq_clear(prev);
    }
    arb_clear(x);
    arb_clear(y);
    return rc;
}

static void test_sound_arg_root(void **state)
{
    expr_scope_t s = expr_scope_new(), s1;
    rng_t r = {20261202};
    int n, i, j, nt = trials(), checked = 0, bad = 0, mutants = 0, narrow = 0, defined = 0, none_ok = 0;
    int nspec = (int) (sizeof specs / sizeof specs[0]);
    (void) state;
    expr_scope_add_param(s, "a");
    expr_scope_add_param(s, "b");
    s1 = expr_scope_extend(s, "x");
    for (n = 0; n < nt; n++) {
        const spec_t *sp = specs + n % nspec;
        expr_error_t err;
        int act[2] = {0, 1};
        expr_t e = expr_parse(sp->src, 1, 1, &err), body;
        expr_prog_t p;
        expr_eval_t ev;
        arb_ptr box = _arb_vec_init(2);
        arb_t out, t, u, sh;
        fmpq_t a0, a1, b0, b1, lo, hi, a, b;
        expr_status st;
        assert_non_null(e);
        body = e->args[0];
        fmpq_init(a0); fmpq_init(a1); fmpq_init(b0); fmpq_init(b1);
        fmpq_init(lo); fmpq_init(hi); fmpq_init(a); fmpq_init(b);
        arb_init(out); arb_init(t); arb_init(u); arb_init(sh);
        fmpq_set_si(lo, sp->a0n, sp->a0d);
        fmpq_set_si(hi, sp->a1n, sp->a1d);
        rand_box(a0, a1, &r, lo, hi);
        fmpq_set_si(lo, sp->b0n, sp->b0d);
        fmpq_set_si(hi, sp->b1n, sp->b1d);
        rand_box(b0, b1, &r, lo, hi);
        assert_int_equal(expr_check(e, s, 0, &err), 0);
        p = expr_compile(&e, 1, s, &err);
        if (p == NULL) fprintf(stderr, "%s: %s\n", sp->src, err.msg);
        assert_non_null(p);
        ev = expr_eval_new(p, act, 2, 128);
        arb_set_fmpq(t, a0, 128); arb_set_fmpq(u, a1, 128);
        expr_interval_ball(box + 0, t, u, 128);
        arb_set_fmpq(t, b0, 128); arb_set_fmpq(u, b1, 128);
        expr_interval_ball(box + 1, t, u, 128);
        expr_eval_run(ev, box, rng_int(&r, 2));
        st = expr_eval_value(out, ev, 0);
        if (st == EXPR_DEFINED) {
            int caught = 0;
            defined++;
            if (mag_cmp_2exp_si(arb_radref(out), -3) < 0) narrow++;
            /* the mutant: the ball moved by twice its radius plus 1/16 */
            arb_set(sh, out);
            {
                arf_t d;
                arf_init(d);
                arf_set_mag(d, arb_radref(out));
                arf_mul_2exp_si(d, d, 1);
                arf_add(arb_midref(sh), arb_midref(sh), d, 128, ARF_RND_UP);
                arf_set_si_2exp_si(d, 1, -4);
                arf_add(arb_midref(sh), arb_midref(sh), d, 128, ARF_RND_UP);
                arf_clear(d);
            }
            for (i = 0; i <= 3; i++)
                for (j = 0; j <= 3; j++) {
                    int tr;
                    sample(a, a0, a1, i, 3);
                    sample(b, b0, b1, j, 3);
                    tr = truth(t, sp, a, b, body, s1);
                    if (tr == 0 && sp->kind != 2) {   /* no k-th root: DEFINED is wrong */
                        if (bad++ < 5) fprintf(stderr, "%s: defined where there is no root %d\n", sp->src, sp->k);
                        continue;
                    }
                    if (tr <= 0) continue;
                    checked++;
                    if (!arb_overlaps(out, t)) {
                        if (bad++ < 5) {
                            fprintf(stderr, "%s at a = ", sp->src);
                            fmpq_fprint(stderr, a);
                            fprintf(stderr, ", b = ");
                            fmpq_fprint(stderr, b);
                            fprintf(stderr, ": ");
                            arb_fprintd(stderr, out, 15);
                            fprintf(stderr, " misses ");
                            arb_fprintd(stderr, t, 15);
                            fprintf(stderr, "\n");
                        }
                    }
                    if (!arb_overlaps(sh, t)) caught = 1;
                }
            mutants += caught;
        } else if (st == EXPR_UNDEFINED && sp->kind == 1) {
            /* "no k-th root for any b": no sample may have one */
            for (i = 0; i <= 3; i++)
                for (j = 0; j <= 3; j++) {
                    sample(a, a0, a1, i, 3);
                    sample(b, b0, b1, j, 3);
                    if (truth(t, sp, a, b, body, s1) == 1 && bad++ < 5)
                        fprintf(stderr, "%s: undefined where root %d exists\n", sp->src, sp->k);
                    else none_ok++;
                }
        }
        arb_clear(out); arb_clear(t); arb_clear(u); arb_clear(sh);
        fmpq_clear(a0); fmpq_clear(a1); fmpq_clear(b0); fmpq_clear(b1);
        fmpq_clear(lo); fmpq_clear(hi); fmpq_clear(a); fmpq_clear(b);
        _arb_vec_clear(box, 2);
        expr_eval_free(ev);
        expr_prog_free(p);
        expr_free(e);
    }
    fprintf(stderr, "argmax/argmin/root, varying data: %d of %d boxes defined (%d narrower than 1/8), %d samples "
            "contained, %d wrong, %d mutants caught, %d no-root samples confirmed\n", defined, nt, narrow, checked,
            bad, mutants, none_ok);
    assert_int_equal(bad, 0);
    assert_true(defined > nt / 2);
    assert_true(narrow > defined / 2);
    assert_true(mutants > defined / 2);
    expr_scope_free(s1);
    expr_scope_free(s);
}

/* The constant-data path is kept: with a fixed parameter the calls are
 * rewritten into constant balls before compilation (no instruction). */
static void test_constant_path(void **state)
{
    expr_scope_t s = expr_scope_new();
    expr_error_t err;
    expr_t pv[1];
    const char *src[3] = {"root(exp(x) - a - 1, x, 0 .. 3, 1)", "argmax(x*(a - x), x, 0 .. 4)",
                          "root(x^3 - x - a, x, -2 .. 2, 1)"};
    int i;
    (void) state;
    expr_scope_add_param(s, "a");
    pv[0] = expr_parse("3/2", 1, 1, &err);
    for (i = 0; i < 3; i++) {
        expr_t e = expr_parse(src[i], 1, 1, &err), f = expr_parse(src[i], 1, 1, &err);
        assert_int_equal(expr_check(e, s, 0, &err), 0);
        assert_true(alg_rewrite_ext(&e, s, (const expr_t *) pv, 128, &err) >= 0);
        assert_int_equal(e->kind, EXPR_BALL);   /* constant data: one certified ball */
        assert_true(mag_cmp_2exp_si(arb_radref(e->ball), -60) < 0);
        /* varying data: the call stays for the evaluator */
        assert_int_equal(alg_rewrite_ext(&f, s, NULL, 128, &err), 0);
        assert_int_equal(f->kind, EXPR_FUNC);
        expr_free(e);
        expr_free(f);
    }
    expr_free(pv[0]);
    expr_scope_free(s);
}

/* A root that the search cannot separate (a double root moving with the box)
 * is UNKNOWN, never guessed. */
static void test_undecided(void **state)
{
    expr_scope_t s = expr_scope_new();
    expr_error_t err;
    expr_t e;
    expr_prog_t p;
    expr_eval_t ev;
    int act[2] = {0, 1};
    arb_ptr box = _arb_vec_init(2);
    arb_t v, lo, hi;
    (void) state;
    expr_scope_add_param(s, "a");
    expr_scope_add_param(s, "b");
    e = expr_parse("root((x - a)^2 - b, x, -1 .. 1, 1)", 1, 1, &err);
    assert_int_equal(expr_check(e, s, 0, &err), 0);
    p = expr_compile(&e, 1, s, &err);
    assert_non_null(p);
    ev = expr_eval_new(p, act, 2, 128);
    arb_init(v); arb_init(lo); arb_init(hi);
    arb_set_si(lo, -1); arb_set_si(hi, 1);
    arb_mul_2exp_si(lo, lo, -3); arb_mul_2exp_si(hi, hi, -3);
    expr_interval_ball(box + 0, lo, hi, 128);            /* a in [-1/8, 1/8] */
    arb_set_si(lo, -1); arb_mul_2exp_si(lo, lo, -10); arb_set_si(hi, 1); arb_mul_2exp_si(hi, hi, -10);
    expr_interval_ball(box + 1, lo, hi, 128);            /* b around 0: 0, 1 or 2 roots */
    expr_eval_run(ev, box, 1);
    assert_int_not_equal(expr_eval_value(v, ev, 0), EXPR_DEFINED);
    arb_clear(v); arb_clear(lo); arb_clear(hi);
    _arb_vec_clear(box, 2);
    expr_eval_free(ev);
    expr_prog_free(p);
    expr_free(e);
    expr_scope_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_constant_path),
        cmocka_unit_test(test_undecided),
        cmocka_unit_test(test_sound_arg_root),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
