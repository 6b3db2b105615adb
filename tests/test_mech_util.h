/* test_mech_util.h -- helpers shared by the test_mech_*.c tests. */
#ifndef FC_TEST_MECH_UTIL_H
#define FC_TEST_MECH_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <mpfr.h>
#include <cmocka.h>
#include "fc_test.h"
#include "mech/mech.h"
#include "pave/pave.h"

#define PREC 256
#define MAXP 24

/* ------------------------------------------------------------ harness */

typedef struct {
    expr_scope_t s;
    int np;
    const char *pn[MAXP];
    mech_def *d;
    int nd;
    fc_error err;
    int rc;
    int nextra;              /* definitions the test adds (tm_define) */
    expr_t extra[MAXP];
} tm_t;

/* kv: "key", "value", ..., NULL. Builds and adds the derived defs. */
static inline void tm_build(tm_t *t, const char *params, const char *name, const char **kv)
{
    mech_section sec;
    mech_entry *en;
    char *pl = strdup(params), *tok, *save = NULL;
    int n = 0, i;
    memset(t, 0, sizeof *t);
    t->s = expr_scope_new();
    for (tok = strtok_r(pl, " ,", &save); tok; tok = strtok_r(NULL, " ,", &save)) {
        t->pn[t->np++] = strdup(tok);
        assert_true(expr_scope_add_param(t->s, tok) >= 0);
    }
    free(pl);
    while (kv[2 * n]) n++;
    memset(&sec, 0, sizeof sec);
    en = calloc(n + 1, sizeof(mech_entry));
    sec.name = name;
    sec.nentries = n;
    sec.entries = en;
    sec.line = 10;
    for (i = 0; i < n; i++) {
        en[i].key = kv[2 * i];
        en[i].value = kv[2 * i + 1];
        en[i].key_line = en[i].line = 11 + i;
        en[i].key_col = en[i].col = 1;
    }
    t->rc = mech_model_build(&t->d, &t->nd, &sec, "model.case", t->s, &t->err);
    free(en);
    for (i = 0; t->rc == 0 && i < t->nd; i++) {
        expr_error_t ee;
        if (expr_check(t->d[i].e, t->s, t->d[i].is_bool, &ee)) {
            char *txt = expr_to_text(t->d[i].e);
            fail_msg("derived %s does not check: %s (%s)", t->d[i].name, ee.msg, txt);
        }
        assert_int_equal(expr_scope_add_def(t->s, t->d[i].name, t->d[i].e, t->d[i].is_bool), 0);
    }
}

static inline void tm_clear(tm_t *t)
{
    int i;
    expr_scope_free(t->s);
    mech_defs_free(t->d, t->nd);
    for (i = 0; i < t->nextra; i++) expr_free(t->extra[i]);
    for (i = 0; i < t->np; i++) free((char *) t->pn[i]);
}

static inline int pidx(const tm_t *t, const char *name)
{
    int i;
    for (i = 0; i < t->np; i++)
        if (strcmp(t->pn[i], name) == 0) return i;
    fail_msg("no parameter %s", name);
    return -1;
}

static inline expr_status tm_eval(arb_t out, expr_tv_t *tv, const tm_t *t, const char *name, arb_srcptr box)
{
    expr_t e = expr_var(name);
    expr_error_t ee;
    expr_status st;
    expr_tv_t dummy;
    if (expr_check(e, t->s, -1, &ee)) fail_msg("unknown derived name %s: %s", name, ee.msg);
    st = expr_eval_once(out, tv ? tv : &dummy, e, t->s, box, PREC);
    expr_free(e);
    return st;
}

static inline expr_tv_t tm_truth(const tm_t *t, const char *name, arb_srcptr box)
{
    expr_tv_t tv = EXPR_TV_UNKNOWN;
    tm_eval(NULL, &tv, t, name, box);
    return tv;
}

/* The enclosure of name at box must be defined, contain the MPFR value
 * (within its rounding, 2^-200 relative) and be tight (rad < 1e-30 rel.). */
static inline void expect_contains(const tm_t *t, const char *name, arb_srcptr box, const mpfr_t ref)
{
    arb_t v, r;
    expr_status st;
    arb_init(v);
    arb_init(r);
    st = tm_eval(v, NULL, t, name, box);
    if (st != EXPR_DEFINED) fail_msg("%s: not defined (status %d)", name, (int) st);
    arf_set_mpfr(arb_midref(r), ref);
    mag_set_d(arb_radref(r), ldexp(fabs(mpfr_get_d(ref, MPFR_RNDN)), -200));
    mag_add_ui_2exp_si(arb_radref(r), arb_radref(r), 1, -220);
    if (!arb_overlaps(v, r)) {
        char *a = arb_get_str(v, 30, 0), *b = arb_get_str(r, 30, 0);
        fail_msg("%s = %s does not contain the closed form %s", name, a, b);
    }
    if (mag_cmp_2exp_si(arb_radref(v), -90) > 0 && arb_rel_accuracy_bits(v) < 90) {
        char *a = arb_get_str(v, 30, 0);
        fail_msg("%s = %s: enclosure too wide", name, a);
    }
    arb_clear(v);
    arb_clear(r);
}

static inline void arb_mul_d(arb_t y, const arb_t x, double d, slong prec)
{
    arb_t t;
    arb_init(t);
    arb_set_d(t, d);
    arb_mul(y, x, t, prec);
    arb_clear(t);
}

static inline void set_box_d(arb_ptr box, const tm_t *t, const char *name, double x)
{
    arb_set_d(box + pidx(t, name), x);
}

/* random multiple of 1/256 in [lo, hi], never 0: exact in Arb and MPFR, and
 * products of a few of them are exact doubles. */
static inline double rnd(double lo, double hi)
{
    double u = (rand() % 65536) / 65536.0, x = floor((lo + (hi - lo) * u) * 256) / 256;
    if (x < lo) x += 1.0 / 256;
    return x == 0 ? 1.0 / 256 : x;
}

/* Adds name = definition pairs to t's scope, in order (the ASTs are kept in
 * t->extra for tm_clear). */
static inline void tm_define(tm_t *t, const char **nd)
{
    int i;
    for (i = 0; nd[2 * i]; i++) {
        expr_error_t ee;
        expr_t e = expr_parse(nd[2 * i + 1], 1, 1, &ee);
        if (e == NULL || expr_check(e, t->s, -1, &ee)) fail_msg("%s: %s", nd[2 * i], ee.msg);
        assert_true(t->nextra < MAXP);
        t->extra[t->nextra++] = e;
        assert_int_equal(expr_scope_add_def(t->s, nd[2 * i], e, expr_is_bool(e, t->s)), 0);
    }
}

/* ------------------------------------------------- cells: model vs closed form */

/* Paves (theta, mu) in [0, pi/2] x [0, 3] with the three contact regions,
 * once from the model's derived predicates and once from the closed forms
 * of painleve_rod.case (m = 1, J = h^2/k), and compares the cells. */
static inline void pave_regions(pave_result *res, const tm_t *t, const char *const *preds, arb_srcptr box)
{
    expr_t roots[3];
    expr_error_t ee;
    expr_prog_t prog;
    pave_problem pb;
    arb_t xlo, xhi, ylo, yhi;
    int i;
    for (i = 0; i < 3; i++) {
        roots[i] = expr_parse(preds[i], 1, 1, &ee);
        assert_non_null(roots[i]);
        if (expr_check(roots[i], t->s, 1, &ee)) fail_msg("%s: %s", preds[i], ee.msg);
    }
    prog = expr_compile(roots, 3, t->s, &ee);
    assert_non_null(prog);
    arb_init(xlo), arb_init(xhi), arb_init(ylo), arb_init(yhi);
    arb_zero(xlo);
    arb_const_pi(xhi, PREC);
    arb_mul_2exp_si(xhi, xhi, -1);
    arb_zero(ylo);
    arb_set_ui(yhi, 3);
    memset(&pb, 0, sizeof pb);
    pb.prog = prog;
    pb.nregions = 3;
    pb.box = box;
    pb.nparams = t->np;
    pb.xparam = pidx(t, "theta");
    pb.yparam = pidx(t, "mu");
    pb.x_lo = xlo, pb.x_hi = xhi, pb.y_lo = ylo, pb.y_hi = yhi;
    pb.depth = 8;
    pb.threads = 1;
    pb.prec = 128;
    pb.max_prec = 512;
    pave_result_init(res);
    assert_int_equal(pave_run(res, &pb), 0);
    expr_prog_free(prog);
    for (i = 0; i < 3; i++) expr_free(roots[i]);
    arb_clear(xlo), arb_clear(xhi), arb_clear(ylo), arb_clear(yhi);
}

static inline void rod_cells_k(slong kp, ulong kq)
{
    tm_t t;
    arb_ptr box;
    pave_result a, c;
    long i, ndiff = 0;
    int seen[3] = {0, 0, 0};
    static const char *model[3] = {"rod_unique", "rod_indeterminate", "rod_inconsistent"};
    static const char *closed[3] = {
        "1 + k*cos(theta)^2 - s*mu*k*sin(theta)*cos(theta) > 0",
        "1 + k*cos(theta)^2 - s*mu*k*sin(theta)*cos(theta) < 0 and -g + h*sin(theta)*thetadot^2 > 0",
        "1 + k*cos(theta)^2 - s*mu*k*sin(theta)*cos(theta) < 0 and -g + h*sin(theta)*thetadot^2 < 0"};
    static const char *kv[] = {
        "type", "contact", "coords", "x, y, theta", "velocities", "xdot, ydot, thetadot",
        "mass", "diag(1, 1, h^2/k)", "force", "0, -g, 0", "gap", "y - h*sin(theta)",
        "slip", "1, 0, h*sin(theta)", "friction", "mu", "direction", "-s", NULL};
    tm_build(&t, "x y theta xdot ydot thetadot k h g mu s", "rod", kv);
    assert_int_equal(t.rc, 0);
    box = _arb_vec_init(t.np);
    set_box_d(box, &t, "xdot", -1);
    set_box_d(box, &t, "thetadot", 4);
    set_box_d(box, &t, "h", 1);
    set_box_d(box, &t, "s", 1);
    arb_set_ui(box + pidx(&t, "g"), 981);
    arb_div_ui(box + pidx(&t, "g"), box + pidx(&t, "g"), 100, PREC);
    arb_set_si(box + pidx(&t, "k"), kp);
    arb_div_ui(box + pidx(&t, "k"), box + pidx(&t, "k"), kq, PREC);
    pave_regions(&a, &t, model, box);
    pave_regions(&c, &t, closed, box);
    /* compare on the finest grid (2^8 x 2^8 pixels): where both certify, they
     * certify the same (a region, or none); cells undecided in one paving and
     * decided in the other (the derived expression has another form, so its
     * enclosures differ by rounding) are a tiny fraction */
    {
        int G = 1 << 8, *la = malloc(G * G * sizeof(int)), *lc = malloc(G * G * sizeof(int));
        int pass, x, y;
        long npix = (long) G * G;
        for (pass = 0; pass < 2; pass++) {
            const pave_result *r = pass ? &c : &a;
            int *l = pass ? lc : la;
            for (i = 0; i < r->ncells; i++) {
                const pave_cell *p = &r->cells[i];
                int sc = 1 << (8 - p->level);
                for (y = p->j * sc; y < (int) (p->j + 1) * sc; y++)
                    for (x = p->i * sc; x < (int) (p->i + 1) * sc; x++) l[y * G + x] = p->label;
            }
        }
        for (i = 0; i < npix; i++) {
            int p = la[i], q = lc[i];
            if ((p >= 0 || p == PAVE_NONE) && (q >= 0 || q == PAVE_NONE)) assert_int_equal(p, q);
            ndiff += p != q;
            if (p >= 0) seen[p] = 1;
        }
        assert_true(ndiff * 200 < npix);   /* < 0.5 % of the plot */
        free(la);
        free(lc);
    }
    /* the regions appear (the comparison is not vacuous); for k = 1 the
     * inconsistent region needs mu > 3 at the angles where A0 < 0 */
    assert_true(seen[0] && seen[1]);
    if (kp != 1) assert_true(seen[2]);
    pave_result_clear(&a);
    pave_result_clear(&c);
    _arb_vec_clear(box, t.np);
    tm_clear(&t);
}

#endif
