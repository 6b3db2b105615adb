/* test_expr_sound.c -- randomized soundness of the ball evaluator.
 *
 * Random expression trees over x, y, z (every numeric builtin, comparisons,
 * logic, if) are compiled and evaluated on random boxes by expr_eval_run
 * (tighten = 0 and 1, prec 64 and 128).  Independently, the same trees are
 * walked at sample points of the box by the MPFR evaluator of
 * tests/sound/mpfr_eval.c; it carries the value at two precisions (256 and
 * 320 bits) and an exact fmpq
 * value while a subtree stays rational, so it can tell when a domain test, a
 * sign or a comparison is too close to call ("ambiguous": such points are
 * skipped, never guessed).  Asserted, for every root:
 *   box EXPR_DEFINED    -> the point is defined and its value is in the ball;
 *   box EXPR_UNDEFINED  -> the point is undefined;
 *   box EXPR_TV_TRUE / FALSE -> the predicate holds / fails at the point.
 * The same checks are made for the point itself evaluated as a box.
 *
 * Point semantics assumed (the oracle's): a comparison with an undefined
 * operand is undefined and logic over it is Kleene's (false and undefined =
 * false); if(c, a, b) is undefined where c is; 0^(p/q) = 0 for p > 0; x^(p/q)
 * with q even is undefined for x < 0; cbrt is odd; atan2(0, x < 0) = pi.
 * Conventions that differ between libraries are never checked: atan2(0, 0)
 * and exponents with an odd denominator other than 1 are skipped/not made.
 *
 * The double-interval fast path (expr_fast_run, tighten 0 and 1) is checked
 * the same way on a double box enclosing the box and on the point, for every
 * tree it has and for a second tree per trial made of its operations only.
 *
 * Reproduce one case: FC_SOUND_SEED=S FC_SOUND_TRIAL=T [FC_SOUND_FAST=1] build/tests/test_expr_sound
 * (FC_SOUND_SEED alone runs 1000 trials of that seed).
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>
#include "fc_test.h"
#include <mpfr.h>
#include "expr/expr.h"
#include "test_rng_util.h"

#define NPOINTS 6
#define MAX_ROOTS 3
#ifndef MAX_FAIL_PRINT
#define MAX_FAIL_PRINT 12
#endif

/* ------------------------------------------------------------ generator */

static const char *var_names[3] = {"x", "y", "z"};

typedef struct {
    rng_t *r;
    int nvars;
    int budget;             /* nodes left before only leaves are made */
    int fast;               /* 1: only operations the double-interval fast path has */
} gen_t;

static expr_t gen_num(gen_t *g, int depth);
static expr_t gen_bool(gen_t *g, int depth);

static expr_t gen_var(gen_t *g)
{
    return expr_var(var_names[rng_int(g->r, g->nvars)]);
}

static expr_t gen_const(gen_t *g)
{
    static const ulong dens[] = {1, 1, 2, 3, 4, 5, 7, 8, 10, 16};
    slong p = rng_int(g->r, 19) - 9;
    return expr_num_si(p, dens[rng_int(g->r, 10)]);
}

static expr_t gen_leaf(gen_t *g)
{
    int k = rng_int(g->r, 100);
    g->budget--;
    if (k < 55) return gen_var(g);
    if (k < 82) return gen_const(g);
    if (k < 91) return expr_new(EXPR_PI);
    return expr_new(EXPR_E);
}

static expr_t gen_fn1(const char *name, expr_t a) { return expr_func(name, 1, &a); }

static expr_t gen_fn2(const char *name, expr_t a, expr_t b)
{
    expr_t args[2];
    args[0] = a;
    args[1] = b;
    return expr_func(name, 2, args);
}

/* A function applied straight to a variable, so that the box edges ([0, 1],
 * [-1, 1], a pole of tan) meet the domain edges. */
static expr_t gen_edge_atom(gen_t *g)
{
    expr_t v = gen_var(g);
    g->budget -= 2;
    switch (rng_int(g->r, 10)) {
    case 0: return gen_fn1("sqrt", v);
    case 1: return gen_fn1(g->fast ? "sqrt" : "log", v);
    case 2: return gen_fn1(g->fast ? "sin" : "asin", v);
    case 3: return gen_fn1(g->fast ? "cos" : "acos", v);
    case 4: return gen_fn1("tan", v);
    case 5: return gen_fn1(g->fast ? "tan" : "cot", v);
    case 6: return expr_binary(EXPR_DIV, expr_num_si(1, 1), v);
    case 7: return expr_binary(EXPR_POW, v, expr_num_si(-1, 2));
    case 8: return expr_binary(EXPR_POW, v, expr_num_si(1, 2));
    default: return g->fast ? expr_binary(EXPR_DIV, v, gen_var(g)) : gen_fn2("atan2", v, gen_var(g));
    }
}

/* exponents: integers and rationals with denominator 2 or 4 only (for odd
 * denominators the meaning of a negative base is a convention) */
static expr_t gen_exponent(gen_t *g)
{
    static const slong ex[][2] = {{2, 1}, {3, 1}, {-1, 1}, {-2, 1}, {4, 1}, {1, 1}, {5, 1},
                                  {1, 2}, {3, 2}, {-1, 2}, {1, 4}, {5, 2}, {-3, 2}, {3, 4}};
    int k = rng_int(g->r, (int)(sizeof(ex) / sizeof(ex[0])));
    if (g->fast && ex[k][1] == 4) return expr_num_si(ex[k][0], 2);
    return expr_num_si(ex[k][0], (ulong)ex[k][1]);
}

static const char *fn_names1[] = {"sin", "cos", "tan", "cot", "asin", "acos", "atan",
                                  "sinh", "cosh", "tanh", "exp", "log", "sqrt", "cbrt",
                                  "abs", "sign"};
/* the same slots for the fast path's operations */
static const char *fast_names1[] = {"sin", "cos", "tan", "tan", "sin", "cos", "sqrt",
                                    "sin", "cos", "abs", "sqrt", "sqrt", "sqrt", "abs",
                                    "abs", "sign"};

static expr_t gen_num(gen_t *g, int depth)
{
    int k;
    if (depth <= 0 || g->budget <= 0 || rng_pct(g->r, 20))
        return rng_pct(g->r, 20) ? gen_edge_atom(g) : gen_leaf(g);
    g->budget--;
    k = rng_int(g->r, 34);
    if (k < 16) {
        return gen_fn1(g->fast ? fast_names1[k] : fn_names1[k], gen_num(g, depth - 1));
    } else if (k < 18) {
        expr_t a = gen_num(g, depth - 1);
        if (g->fast) return expr_binary(EXPR_DIV, a, gen_num(g, depth - 1));
        return gen_fn2("atan2", a, gen_num(g, depth - 1));
    } else if (k < 21) {
        int n = 2 + rng_int(g->r, 2), i;
        expr_t args[3];
        for (i = 0; i < n; i++) args[i] = gen_num(g, depth - 1);
        return expr_func(k == 18 ? "max" : "min", n, args);
    } else if (k < 23) {
        expr_t args[3];
        args[0] = gen_bool(g, depth - 1);
        args[1] = gen_num(g, depth - 1);
        args[2] = gen_num(g, depth - 1);
        return expr_func("if", 3, args);
    } else if (k < 24) {
        return expr_unary(EXPR_NEG, gen_num(g, depth - 1));
    } else if (k < 27) {
        return expr_binary(EXPR_POW, gen_num(g, depth - 1), gen_exponent(g));
    } else {
        static const expr_kind ops[] = {EXPR_ADD, EXPR_ADD, EXPR_SUB, EXPR_SUB, EXPR_MUL, EXPR_MUL, EXPR_DIV};
        expr_t a = gen_num(g, depth - 1);
        return expr_binary(ops[k - 27], a, gen_num(g, depth - 1));
    }
}

static expr_t gen_bool(gen_t *g, int depth)
{
    int k = rng_int(g->r, 100);
    g->budget--;
    if (depth <= 0 || g->budget <= 0 || k < 50) {
        expr_kind op = (expr_kind)(EXPR_LT + rng_int(g->r, 6));
        expr_t a = gen_num(g, depth - 1);
        expr_t b = rng_pct(g->r, 40) ? gen_const(g) : gen_num(g, depth - 1);
        return expr_binary(op, a, b);
    }
    if (k < 56) return expr_new(rng_pct(g->r, 50) ? EXPR_TRUE : EXPR_FALSE);
    if (k < 66) return expr_unary(EXPR_NOT, gen_bool(g, depth - 1));
    {
        expr_kind op = (expr_kind)(EXPR_AND + rng_int(g->r, 5));
        expr_t a = gen_bool(g, depth - 1);
        return expr_binary(op, a, gen_bool(g, depth - 1));
    }
}

/* ------------------------------------------------------------ printer
 * An independent, fully parenthesised printer for failure reports (the
 * text can be fed to `fricert eval`). */

static void pr(FILE *f, const expr_t e)
{
    static const char *binop[] = {"+", "-", "*", "/", "^"};
    static const char *cmpop[] = {"<", "<=", ">", ">=", "==", "!="};
    static const char *logop[] = {"and", "or", "xor", "implies", "iff"};
    int i;
    switch (e->kind) {
    case EXPR_NUM: fmpq_fprint(f, e->num); break;
    case EXPR_BALL: arb_fprintd(f, e->ball, 20); break;
    case EXPR_PI: fputs("pi", f); break;
    case EXPR_E: fputs("e", f); break;
    case EXPR_VAR: fputs(e->name, f); break;
    case EXPR_NEG: fputs("(-", f); pr(f, e->args[0]); fputs(")", f); break;
    case EXPR_ADD: case EXPR_SUB: case EXPR_MUL: case EXPR_DIV: case EXPR_POW:
        fputs("(", f); pr(f, e->args[0]);
        fprintf(f, " %s ", binop[e->kind - EXPR_ADD]);
        if (e->kind == EXPR_POW) fputs("(", f);
        pr(f, e->args[1]);
        if (e->kind == EXPR_POW) fputs(")", f);
        fputs(")", f);
        break;
    case EXPR_LT: case EXPR_LE: case EXPR_GT: case EXPR_GE: case EXPR_EQ: case EXPR_NE:
        fputs("(", f); pr(f, e->args[0]);
        fprintf(f, " %s ", cmpop[e->kind - EXPR_LT]);
        pr(f, e->args[1]); fputs(")", f);
        break;
    case EXPR_AND: case EXPR_OR: case EXPR_XOR: case EXPR_IMPLIES: case EXPR_IFF:
        fputs("(", f); pr(f, e->args[0]);
        fprintf(f, " %s ", logop[e->kind - EXPR_AND]);
        pr(f, e->args[1]); fputs(")", f);
        break;
    case EXPR_NOT: fputs("(not ", f); pr(f, e->args[0]); fputs(")", f); break;
    case EXPR_TRUE: fputs("true", f); break;
    case EXPR_FALSE: fputs("false", f); break;
    case EXPR_FUNC:
        fprintf(f, "%s(", e->name);
        for (i = 0; i < e->nargs; i++) {
            if (i) fputs(", ", f);
            pr(f, e->args[i]);
        }
        fputs(")", f);
        break;
    default: fputs("?", f); break;
    }
}

/* ------------------------------------------------------------ MPFR oracle */

/* The independent point evaluator of tests/sound/mpfr_eval.c (one copy,
 * shared with test_sound_cases): values at 256 and 320 bits, exact while
 * rational, "ambiguous" when too close to call. */
#include "sound/mpfr_eval.c"

enum { P_DEF = SOUND_DEF, P_UNDEF = SOUND_UNDEF, P_AMBIG = SOUND_AMBIG };
enum { T_FALSE = SOUND_FALSE, T_TRUE = SOUND_TRUE, T_UNDEF = SOUND_TUNDEF, T_AMBIG = SOUND_TAMBIG };
typedef sound_val_struct pv_struct;
typedef sound_val pv_t;

static void pv_init(pv_t v) { sound_val_init(v); }
static void pv_clear(pv_t v) { sound_val_clear(v); }

/* ball r of the MPFR value with its heuristic error (the evaluator's tolerance) */
static void pv_get_arb(arb_t r, const pv_t v)
{
    mpfr_t t;
    arf_t tr;
    mpfr_init2(t, 64);
    val_tol(t, v, NULL);
    arf_set_mpfr(arb_midref(r), v->hi);
    arf_init(tr);
    arf_set_mpfr(tr, t);
    arf_get_mag(arb_radref(r), tr);
    arf_clear(tr);
    mpfr_clear(t);
}

/* ------------------------------------------------------------ checking */

typedef struct {
    ulong trials, roots, points;
    ulong box_runs, box_defined, box_undefined, box_decided;
    ulong pt_runs, pt_defined, pt_decided;
    ulong val_checked, val_skipped, st_checked, tv_checked, tv_skipped, amb_points;
    ulong fast_runs, fast_decided, fast_defined;
    ulong failures;
    uint64_t seed;
    ulong trial;
    expr_t *roots_ast;
    int nroots;
    const fmpq *lo, *hi;
} ctx_t;

static void report_failure(ctx_t *c, int root, const char *what, const char *where, slong prec,
                           int tighten, const fmpq *pt, const arb_t ball, const pv_t v)
{
    int i;
    c->failures++;
    if (c->failures > MAX_FAIL_PRINT) return;
    fprintf(stderr, "\nSOUNDNESS FAILURE (seed %llu trial %lu, reproduce with "
                    "FC_SOUND_SEED=%llu FC_SOUND_TRIAL=%lu): %s [%s, prec %ld, tighten %d]\n",
            (unsigned long long)c->seed, c->trial, (unsigned long long)c->seed, c->trial,
            what, where, (long)prec, tighten);
    fprintf(stderr, "  root %d: ", root);
    pr(stderr, c->roots_ast[root]);
    fprintf(stderr, "\n  box:");
    for (i = 0; i < 3; i++) {
        fprintf(stderr, " %s = ", var_names[i]);
        fmpq_fprint(stderr, c->lo + i);
        fprintf(stderr, " .. ");
        fmpq_fprint(stderr, c->hi + i);
    }
    if (pt) {
        fprintf(stderr, "\n  point:");
        for (i = 0; i < 3; i++) {
            fprintf(stderr, " %s = ", var_names[i]);
            fmpq_fprint(stderr, pt + i);
        }
    }
    if (ball) {
        fprintf(stderr, "\n  ball: ");
        arb_fprintd(stderr, ball, 30);
    }
    if (v && v->st == P_DEF) mpfr_fprintf(stderr, "\n  mpfr: %.40Rg", v->hi);
    fprintf(stderr, "\n");
}

/* compare one root's result on a box (or a point box) with the oracle */
static void check_num(ctx_t *c, int root, expr_status st, const arb_t ball, const pv_t v,
                      const char *where, slong prec, int tighten, const fmpq *pt)
{
    if (v->st == P_AMBIG) return;
    if (st == EXPR_DEFINED) {
        arb_t pb;
        c->st_checked++;
        if (v->st == P_UNDEF) {
            report_failure(c, root, "EXPR_DEFINED but undefined at a point", where, prec, tighten, pt, ball, v);
            return;
        }
        if (v->rat) {
            /* exact value: no tolerance */
            c->val_checked++;
            if (!arb_contains_fmpq(ball, v->q))
                report_failure(c, root, "exact value outside the enclosure", where, prec, tighten, pt, ball, v);
            return;
        }
        arb_init(pb);
        pv_get_arb(pb, v);
        if (arb_contains(ball, pb)) c->val_checked++;
        else if (arb_overlaps(ball, pb)) c->val_skipped++;
        else report_failure(c, root, "value outside the enclosure", where, prec, tighten, pt, ball, v);
        arb_clear(pb);
    } else if (st == EXPR_UNDEFINED) {
        c->st_checked++;
        if (v->st == P_DEF)
            report_failure(c, root, "EXPR_UNDEFINED but defined at a point", where, prec, tighten, pt, NULL, v);
    }
}

static void check_bool(ctx_t *c, int root, expr_tv_t tv, int t, const char *where, slong prec,
                       int tighten, const fmpq *pt)
{
    if (tv == EXPR_TV_UNKNOWN) return;
    if (t == T_AMBIG) {
        c->tv_skipped++;
        return;
    }
    c->tv_checked++;
    if ((tv == EXPR_TV_TRUE && t != T_TRUE) || (tv == EXPR_TV_FALSE && t != T_FALSE)) {
        char msg[128];
        snprintf(msg, sizeof msg, "predicate %s on the box but %s at a point", expr_tv_name(tv),
                 t == T_TRUE ? "true" : t == T_FALSE ? "false" : "undefined");
        report_failure(c, root, msg, where, prec, tighten, pt, NULL, NULL);
    }
}

/* the results of one run */
typedef struct {
    expr_status st[MAX_ROOTS];
    expr_tv_t tv[MAX_ROOTS];
    arb_struct val[MAX_ROOTS];
} run_t;

static void run_collect(run_t *r, expr_eval_t ev, const expr_prog_t prog, int nroots)
{
    int i;
    for (i = 0; i < nroots; i++) {
        if (expr_prog_root_is_bool(prog, i)) {
            r->tv[i] = expr_eval_truth(ev, i);
        } else {
            r->st[i] = expr_eval_value(r->val + i, ev, i);
        }
    }
}

static void random_interval(rng_t *r, fmpq_t lo, fmpq_t hi)
{
    static const slong edge[][4] = {
        {0, 1, 1, 1}, {-1, 1, 1, 1}, {0, 1, 0, 1}, {1, 1, 1, 1}, {-1, 1, -1, 1}, {-1, 1, 0, 1},
        {3, 2, 8, 5}, {157, 100, 158, 100}, {1, 3, 1, 2}, {-2, 1, -1, 1}, {1, 1, 2, 1},
        {0, 1, 1, 1000}, {-1, 2, 1, 2}, {1, 2, 1, 2}, {-10, 1, 10, 1}, {2, 1, 3, 1},
        {1, 1, 3, 1}, {-3, 1, -1, 1}, {-1, 1000, 0, 1}, {31, 20, 8, 5}};
    static const ulong dens[] = {1, 2, 3, 4, 8, 16, 5, 10};
    static const ulong wdens[] = {1, 4, 16, 64, 1024, 3};
    int k = rng_int(r, 100);
    if (k < 35) {
        int i = rng_int(r, (int)(sizeof(edge) / sizeof(edge[0])));
        fmpq_set_si(lo, edge[i][0], (ulong)edge[i][1]);
        fmpq_set_si(hi, edge[i][2], (ulong)edge[i][3]);
        return;
    }
    fmpq_set_si(lo, rng_int(r, 81) - 40, dens[rng_int(r, 8)]);
    if (k < 50) {
        fmpq_set(hi, lo);
        return;
    }
    fmpq_set_si(hi, rng_int(r, 9), wdens[rng_int(r, 6)]);
    fmpq_add(hi, hi, lo);
}

static void random_point(rng_t *r, fmpq_t p, const fmpq_t lo, const fmpq_t hi)
{
    int k = rng_int(r, 100);
    if (k < 20) fmpq_set(p, lo);
    else if (k < 40) fmpq_set(p, hi);
    else {
        /* lo + (hi - lo) * j / n */
        static const ulong ns[] = {2, 4, 16, 1024, 3, 7};
        ulong n = ns[rng_int(r, 6)];
        fmpq_t t;
        fmpq_init(t);
        fmpq_sub(t, hi, lo);
        fmpq_mul_ui(t, t, (ulong)rng_int(r, (int)n + 1));
        fmpz_mul_ui(fmpq_denref(t), fmpq_denref(t), n);
        fmpq_canonicalise(t);
        fmpq_add(p, lo, t);
        fmpq_clear(t);
    }
}

static void set_box(arb_ptr box, const fmpq *lo, const fmpq *hi, slong prec)
{
    arb_t a, b;
    int i;
    arb_init(a);
    arb_init(b);
    for (i = 0; i < 3; i++) {
        arb_set_fmpq(a, lo + i, prec);
        arb_set_fmpq(b, hi + i, prec);
        expr_interval_ball(box + i, a, b, prec);
    }
    arb_clear(a);
    arb_clear(b);
}

static const slong precs[2] = {64, 128};

/* the results of a fast-path run, intervals as balls */
static void fast_collect(run_t *r, expr_fast_t fe, const expr_prog_t prog, int nroots)
{
    int i;
    for (i = 0; i < nroots; i++) {
        if (expr_prog_root_is_bool(prog, i)) {
            r->tv[i] = expr_fast_truth(fe, i);
        } else {
            double lo, hi;
            r->st[i] = expr_fast_value(&lo, &hi, fe, i);
            if (isfinite(lo) && isfinite(hi)) {
                arf_t a, b;
                arf_init(a);
                arf_init(b);
                arf_set_d(a, lo);
                arf_set_d(b, hi);
                arb_set_interval_arf(r->val + i, a, b, 256);
                arf_clear(a);
                arf_clear(b);
            } else arb_indeterminate(r->val + i);
        }
    }
}

/* [flo, fhi]: doubles enclosing [lo, hi] */
static void fast_box(double *flo, double *fhi, const fmpq *lo, const fmpq *hi)
{
    arb_t t;
    double d;
    int i;
    arb_init(t);
    for (i = 0; i < 3; i++) {
        arb_set_fmpq(t, lo + i, 256);
        expr_fast_enclose(flo + i, &d, t);
        arb_set_fmpq(t, hi + i, 256);
        expr_fast_enclose(&d, fhi + i, t);
    }
    arb_clear(t);
}

static void one_trial(ctx_t *c, uint64_t seed, ulong trial, int fast)
{
    rng_t r;
    gen_t g;
    expr_t roots[MAX_ROOTS];
    int isbool[MAX_ROOTS];
    int nroots, i, j, pi, t, pt_i;
    expr_scope_t s;
    expr_prog_t prog;
    expr_error_t err;
    expr_eval_t ev;
    int active[3] = {0, 1, 2};
    int nactive;
    fmpq lo[3], hi[3], pt[3];
    arb_ptr box;
    run_t runs[2][2];        /* [prec][tighten] */
    run_t prun;
    run_t fruns[2];          /* fast path [tighten] */
    expr_fast_t fe;
    double flo[3], fhi[3];

    /* hash (seed, trial) into the starting state so that trials do not
     * share shifted streams */
    r.s = seed;
    r.s = rng_next(&r) ^ (trial * 0xD1B54A32D192ED03ULL);
    r.s = rng_next(&r);
    g.r = &r;
    g.fast = fast;
    g.nvars = 2 + rng_int(&r, 2);
    nroots = 1 + rng_int(&r, MAX_ROOTS);
    for (i = 0; i < nroots; i++) {
        int depth = 1 + rng_int(&r, 5);
        g.budget = 40;
        isbool[i] = rng_pct(&r, 40);
        roots[i] = isbool[i] ? gen_bool(&g, depth) : gen_num(&g, depth);
    }
    c->seed = seed;
    c->trial = trial;
    c->roots_ast = roots;
    c->nroots = nroots;
    c->trials++;
    c->roots += nroots;

    s = expr_scope_new();
    for (i = 0; i < 3; i++) assert_int_equal(expr_scope_add_param(s, var_names[i]), i);
    for (i = 0; i < nroots; i++) {
        if (expr_check(roots[i], s, isbool[i], &err) != 0) {
            fprintf(stderr, "expr_check rejected a generated tree (seed %llu trial %lu): %s\n  ",
                    (unsigned long long)seed, trial, err.msg);
            pr(stderr, roots[i]);
            fprintf(stderr, "\n");
            fail();
        }
    }
    prog = expr_compile(roots, nroots, s, &err);
    if (prog == NULL) {
        fprintf(stderr, "expr_compile failed (seed %llu trial %lu): %s\n", (unsigned long long)seed, trial, err.msg);
        fail();
    }
    assert_int_equal(expr_prog_nroots(prog), nroots);
    for (i = 0; i < nroots; i++) assert_int_equal(expr_prog_root_is_bool(prog, i), isbool[i]);

    /* active parameters: usually all three, sometimes a subset */
    nactive = 3;
    if (rng_pct(&r, 25)) {
        nactive = 1 + rng_int(&r, 2);
        active[0] = rng_int(&r, 3);
        active[1] = (active[0] + 1 + rng_int(&r, 2)) % 3;
    }
    ev = expr_eval_new(prog, active, nactive, precs[0]);
    fe = expr_fast_new(prog, active, nactive);
    if (fast && fe == NULL) {
        fprintf(stderr, "no fast path for a tree made of its operations (seed %llu trial %lu)\n",
                (unsigned long long)seed, trial);
        fail();
    }

    for (i = 0; i < 3; i++) {
        fmpq_init(lo + i);
        fmpq_init(hi + i);
        fmpq_init(pt + i);
        random_interval(&r, lo + i, hi + i);
    }
    c->lo = lo;
    c->hi = hi;
    box = _arb_vec_init(3);
    for (pi = 0; pi < 2; pi++)
        for (t = 0; t < 2; t++)
            for (i = 0; i < MAX_ROOTS; i++) arb_init(runs[pi][t].val + i);
    for (i = 0; i < MAX_ROOTS; i++) arb_init(prun.val + i);
    for (t = 0; t < 2; t++)
        for (i = 0; i < MAX_ROOTS; i++) arb_init(fruns[t].val + i);
    if (fe != NULL) {
        fast_box(flo, fhi, lo, hi);
        for (t = 0; t < 2; t++) {
            expr_fast_run(fe, flo, fhi, t);
            fast_collect(&fruns[t], fe, prog, nroots);
            c->fast_runs++;
            for (i = 0; i < nroots; i++) {
                if (isbool[i]) c->fast_decided += fruns[t].tv[i] != EXPR_TV_UNKNOWN;
                else c->fast_defined += fruns[t].st[i] == EXPR_DEFINED;
            }
        }
    }

    for (pi = 0; pi < 2; pi++) {
        expr_eval_set_prec(ev, precs[pi]);
        assert_int_equal(expr_eval_prec(ev), precs[pi]);
        set_box(box, lo, hi, precs[pi]);
        for (t = 0; t < 2; t++) {
            expr_eval_run(ev, box, t);
            run_collect(&runs[pi][t], ev, prog, nroots);
            c->box_runs++;
            for (i = 0; i < nroots; i++) {
                if (isbool[i]) c->box_decided += runs[pi][t].tv[i] != EXPR_TV_UNKNOWN;
                else {
                    c->box_defined += runs[pi][t].st[i] == EXPR_DEFINED;
                    c->box_undefined += runs[pi][t].st[i] == EXPR_UNDEFINED;
                }
            }
        }
    }

    /* the four box runs must not contradict one another */
    for (i = 0; i < nroots; i++) {
        int a, b;
        for (a = 0; a < 4; a++)
            for (b = 0; b < 4; b++) {
                run_t *ra = &runs[a / 2][a % 2], *rb = &runs[b / 2][b % 2];
                char msg[160];
                const char *what = NULL;
                if (isbool[i]) {
                    if (ra->tv[i] == EXPR_TV_TRUE && rb->tv[i] == EXPR_TV_FALSE) what = "TRUE and FALSE";
                } else if (ra->st[i] == EXPR_DEFINED && rb->st[i] == EXPR_UNDEFINED) {
                    what = "DEFINED and UNDEFINED";
                } else if (a < b && ra->st[i] == EXPR_DEFINED && rb->st[i] == EXPR_DEFINED
                           && !arb_overlaps(ra->val + i, rb->val + i)) {
                    what = "disjoint enclosures";
                }
                if (what == NULL) continue;
                snprintf(msg, sizeof msg, "box runs disagree: %s; other run prec %ld tighten %d",
                         what, (long)precs[b / 2], b % 2);
                report_failure(c, i, msg, "box", precs[a / 2], a % 2, NULL, isbool[i] ? NULL : ra->val + i, NULL);
                if (!isbool[i] && c->failures <= MAX_FAIL_PRINT) {
                    fprintf(stderr, "  other ball: ");
                    arb_fprintd(stderr, rb->val + i, 30);
                    fprintf(stderr, "\n");
                }
            }
    }

    for (pt_i = 0; pt_i < NPOINTS; pt_i++) {
        sound_point o;
        pv_t v[MAX_ROOTS];
        int tv[MAX_ROOTS];
        int any_amb = 0;
        for (i = 0; i < 3; i++) random_point(&r, pt + i, lo + i, hi + i);
        sound_point_init(&o, s);
        for (i = 0; i < 3; i++) sound_point_set_fmpq(&o, i, pt + i);
        for (i = 0; i < nroots; i++) {
            pv_init(v[i]);
            if (isbool[i]) {
                tv[i] = sound_eval_bool(roots[i], &o);
                any_amb |= tv[i] == T_AMBIG;
            } else {
                sound_eval_num(v[i], roots[i], &o);
                any_amb |= v[i]->st == P_AMBIG;
            }
        }
        sound_point_clear(&o);
        c->points++;
        c->amb_points += any_amb;
        for (pi = 0; pi < 2; pi++)
            for (t = 0; t < 2; t++)
                for (i = 0; i < nroots; i++) {
                    if (isbool[i]) check_bool(c, i, runs[pi][t].tv[i], tv[i], "box", precs[pi], t, pt);
                    else check_num(c, i, runs[pi][t].st[i], runs[pi][t].val + i, v[i], "box", precs[pi], t, pt);
                }
        for (t = 0; fe != NULL && t < 2; t++)
            for (i = 0; i < nroots; i++) {
                if (isbool[i]) check_bool(c, i, fruns[t].tv[i], tv[i], "fast box", 53, t, pt);
                else check_num(c, i, fruns[t].st[i], fruns[t].val + i, v[i], "fast box", 53, t, pt);
            }
        /* the point as a (double-enclosed) box on the fast path */
        for (t = 0; fe != NULL && t < 2; t++) {
            fast_box(flo, fhi, pt, pt);
            expr_fast_run(fe, flo, fhi, t);
            fast_collect(&prun, fe, prog, nroots);
            c->fast_runs++;
            for (i = 0; i < nroots; i++) {
                if (isbool[i]) check_bool(c, i, prun.tv[i], tv[i], "fast point", 53, t, pt);
                else check_num(c, i, prun.st[i], prun.val + i, v[i], "fast point", 53, t, pt);
            }
        }
        /* the point itself as a box */
        for (pi = 0; pi < 2; pi++) {
            t = pi;   /* natural at 64 bits, tightened at 128 */
            expr_eval_set_prec(ev, precs[pi]);
            for (j = 0; j < 3; j++) arb_set_fmpq(box + j, pt + j, precs[pi]);
            expr_eval_run(ev, box, t);
            run_collect(&prun, ev, prog, nroots);
            c->pt_runs++;
            for (i = 0; i < nroots; i++) {
                if (isbool[i]) {
                    c->pt_decided += prun.tv[i] != EXPR_TV_UNKNOWN;
                    check_bool(c, i, prun.tv[i], tv[i], "point", precs[pi], t, pt);
                } else {
                    c->pt_defined += prun.st[i] == EXPR_DEFINED;
                    check_num(c, i, prun.st[i], prun.val + i, v[i], "point", precs[pi], t, pt);
                }
            }
        }
        for (i = 0; i < nroots; i++) pv_clear(v[i]);
    }

    for (pi = 0; pi < 2; pi++)
        for (t = 0; t < 2; t++)
            for (i = 0; i < MAX_ROOTS; i++) arb_clear(runs[pi][t].val + i);
    for (i = 0; i < MAX_ROOTS; i++) arb_clear(prun.val + i);
    for (t = 0; t < 2; t++)
        for (i = 0; i < MAX_ROOTS; i++) arb_clear(fruns[t].val + i);
    expr_fast_free(fe);
    _arb_vec_clear(box, 3);
    for (i = 0; i < 3; i++) {
        fmpq_clear(lo + i);
        fmpq_clear(hi + i);
        fmpq_clear(pt + i);
    }
    expr_eval_free(ev);
    expr_prog_free(prog);
    expr_scope_free(s);
    for (i = 0; i < nroots; i++) expr_free(roots[i]);
}

static void test_random_soundness(void **state)
{
    static const uint64_t seeds[] = {1, 2, 3, 20240601, 977, 31337, 4242, 123456789};
    const ulong per_seed = (ulong) fc_test_iters(1000);
    const char *env_seed = getenv("FC_SOUND_SEED"), *env_trial = getenv("FC_SOUND_TRIAL");
    ctx_t c;
    size_t si;
    ulong t;
    clock_t t0 = clock();
    (void)state;
    memset(&c, 0, sizeof c);
    if (env_seed) {
        uint64_t seed = strtoull(env_seed, NULL, 10);
        int fast = getenv("FC_SOUND_FAST") != NULL;
        if (env_trial) one_trial(&c, seed, strtoul(env_trial, NULL, 10), fast);
        else for (t = 0; t < per_seed; t++) one_trial(&c, seed, t, fast);
    } else {
        /* every tree, then as many made only of the fast path's operations */
        for (si = 0; si < sizeof(seeds) / sizeof(seeds[0]); si++)
            for (t = 0; t < per_seed; t++) {
                one_trial(&c, seeds[si], t, 0);
                one_trial(&c, seeds[si], t, 1);
            }
    }
    printf("expr soundness: %lu trials, %lu roots, %lu points (%lu with an ambiguous root), %.2f s\n",
           c.trials, c.roots, c.points, c.amb_points, (double)(clock() - t0) / CLOCKS_PER_SEC);
    printf("  box runs %lu: numeric DEFINED %lu, UNDEFINED %lu; predicates decided %lu\n",
           c.box_runs, c.box_defined, c.box_undefined, c.box_decided);
    printf("  point runs %lu: numeric DEFINED %lu; predicates decided %lu\n",
           c.pt_runs, c.pt_defined, c.pt_decided);
    printf("  checked: %lu values in enclosures (%lu too close to an edge to tell), %lu domain statuses,"
           " %lu truth values (%lu too close to a tie)\n",
           c.val_checked, c.val_skipped, c.st_checked, c.tv_checked, c.tv_skipped);
    printf("  fast path runs %lu: numeric DEFINED %lu; predicates decided %lu\n",
           c.fast_runs, c.fast_defined, c.fast_decided);
    printf("  failures: %lu\n", c.failures);
    assert_int_equal(c.failures, 0);
    if (!env_seed) {
        /* the checks must have had something to bite on */
        assert_true(c.val_checked > 1000);
        assert_true(c.tv_checked > 1000);
        assert_true(c.box_undefined > 10);
        assert_true(c.fast_decided > 1000);
        assert_true(c.fast_defined > 1000);
    }
}

/* ------------------------------------------------------------ tightening
 * f = x (1 - x).  On [9/20, 11/20] its range is [0.2475, 0.25]; the natural
 * extension gives [0.2025, 0.3025] (or wider, [0.1975, 0.3025], from Arb's
 * midpoint-radius product), so f > 23/100 is undecided without tightening.
 * The mean-value form around any point m of the box, f(m) + f'(X)(X - m)
 * with f'(X) = (1 - X) - X = [-1/10, 1/10] and |X - m| <= 1/10, gives at
 * worst 0.2475 - 0.01 = 0.2375 > 0.23: TRUE.  On [1/10, 1/5] (range
 * [0.09, 0.16], f' in [0.6, 0.8] > 0) the natural extension reaches 0.18,
 * so f < 17/100 is undecided; endpoint evaluation gives [0.09, 0.16] and the
 * mean-value form around the midpoint 0.1275 +/- 0.04 <= 0.1675: TRUE. */

static expr_t x_one_minus_x(const char *v)
{
    return expr_binary(EXPR_MUL, expr_var(v), expr_binary(EXPR_SUB, expr_num_si(1, 1), expr_var(v)));
}

static void tighten_case(expr_t pred, slong lo_p, ulong lo_q, slong hi_p, ulong hi_q, int nvars,
                         expr_tv_t want)
{
    expr_scope_t s = expr_scope_new();
    expr_error_t err;
    expr_prog_t prog;
    expr_eval_t ev;
    int active[3] = {0, 1, 2}, i, pi;
    fmpq lo[3], hi[3];
    arb_ptr box = _arb_vec_init(3);
    for (i = 0; i < 3; i++) {
        expr_scope_add_param(s, var_names[i]);
        fmpq_init(lo + i);
        fmpq_init(hi + i);
        fmpq_set_si(lo + i, lo_p, lo_q);
        fmpq_set_si(hi + i, hi_p, hi_q);
    }
    assert_int_equal(expr_check(pred, s, 1, &err), 0);
    prog = expr_compile(&pred, 1, s, &err);
    assert_non_null(prog);
    ev = expr_eval_new(prog, active, nvars, 64);
    for (pi = 0; pi < 2; pi++) {
        expr_eval_set_prec(ev, precs[pi]);
        set_box(box, lo, hi, precs[pi]);
        expr_eval_run(ev, box, 0);
        assert_int_equal(expr_eval_truth(ev, 0), EXPR_TV_UNKNOWN);
        expr_eval_run(ev, box, 1);
        assert_int_equal(expr_eval_truth(ev, 0), want);
    }
    expr_eval_free(ev);
    expr_prog_free(prog);
    expr_scope_free(s);
    for (i = 0; i < 3; i++) {
        fmpq_clear(lo + i);
        fmpq_clear(hi + i);
    }
    _arb_vec_clear(box, 3);
    expr_free(pred);
}

static void test_tighten_decides(void **state)
{
    (void)state;
    /* x (1 - x) > 23/100 on [9/20, 11/20]: TRUE only with the mean-value form */
    tighten_case(expr_binary(EXPR_GT, x_one_minus_x("x"), expr_num_si(23, 100)), 9, 20, 11, 20, 1, EXPR_TV_TRUE);
    /* x (1 - x) < 23/100 on the same box: FALSE */
    tighten_case(expr_binary(EXPR_LT, x_one_minus_x("x"), expr_num_si(23, 100)), 9, 20, 11, 20, 1, EXPR_TV_FALSE);
    /* x (1 - x) < 17/100 on [1/10, 1/5]: monotone, TRUE */
    tighten_case(expr_binary(EXPR_LT, x_one_minus_x("x"), expr_num_si(17, 100)), 1, 10, 1, 5, 1, EXPR_TV_TRUE);
    /* x (1 - x) + y (1 - y) > 47/100 on [9/20, 11/20]^2 (range [0.495, 0.5];
     * natural >= 0.395; mean-value >= 0.495 - 0.02): TRUE */
    tighten_case(expr_binary(EXPR_GT, expr_binary(EXPR_ADD, x_one_minus_x("x"), x_one_minus_x("y")),
                             expr_num_si(47, 100)),
                 9, 20, 11, 20, 2, EXPR_TV_TRUE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tighten_decides),
        cmocka_unit_test(test_random_soundness),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    flint_cleanup();
    return r;
}
