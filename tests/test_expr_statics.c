/* test_expr_statics.c -- the certified equilibrium instruction statics_sign
 * (src/expr/expr_statics.c) against independent exact computations.
 *
 *  - planar body on two rough points (random rational positions, normals,
 *    friction coefficients and loads): the balance leaves one free parameter
 *    xi (r2 = r2p + xi d, d = A2 - A1), every cone condition is affine in xi,
 *    and equilibrium exists iff the intersection of the half-lines is not
 *    empty, decided in exact rationals (fmpq). A verdict +1 (-1) at a point
 *    must be feasible (infeasible); on a box (the load's Fx over an
 *    interval) it must hold at rational sample points of the box;
 *  - one spatial contact with an anisotropic tensor (Rozenblat's Statement 1:
 *    (f22 Fx - f12 Fy)^2 + (f11 Fy - f21 Fx)^2 <= Delta^2 Fz^2, Fz <= 0) and
 *    one isotropic spatial contact (|F_t|^2 <= f^2 Fz^2 for n = e_z, else by
 *    rotation-free squared form), both exact in fmpq;
 *  - the layout is checked (wrong sizes are errors);
 *  - the simplex on small LPs with known optimum, and on degenerate ones
 *    (fans of nearly parallel rows through the origin) against the
 *    enumeration of their vertices.
 * FC_STATICS_TRIALS sets the number of random trials (default 300). */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "expr/expr.h"
#include "expr/expr_statics.h"

static int trials(void)
{
    const char *s = getenv("FC_STATICS_TRIALS");
    return s ? atoi(s) : 300;
}

/* verdict (1, -1, 0) of src in scope {X} on the box [lo, hi] */
static int sign_on(const char *src, const fmpq_t lo, const fmpq_t hi)
{
    expr_error_t err;
    expr_t e = expr_parse(src, 1, 1, &err);
    expr_scope_t s = expr_scope_new();
    expr_prog_t p;
    expr_eval_t ev;
    int act[1] = {0}, r;
    arb_t box, a, b, y;
    expr_status st;
    assert_non_null(e);
    expr_scope_add_param(s, "X");
    if (expr_check(e, s, 0, &err)) fprintf(stderr, "%s\n", err.msg);
    assert_int_equal(expr_check(e, s, 0, &err), 0);
    p = expr_compile(&e, 1, s, &err);
    if (p == NULL) fprintf(stderr, "%s\n", err.msg);
    assert_non_null(p);
    ev = expr_eval_new(p, act, 1, 128);
    arb_init(box); arb_init(a); arb_init(b); arb_init(y);
    arb_set_fmpq(a, lo, 128);
    arb_set_fmpq(b, hi, 128);
    expr_interval_ball(box, a, b, 128);
    expr_eval_run(ev, box, 1);
    st = expr_eval_value(y, ev, 0);
    assert_int_equal(st, EXPR_DEFINED);
    r = arb_is_one(y) ? 1 : arb_equal_si(y, -1) ? -1 : 0;
    if (r == 0) {   /* otherwise the ball must be [-1, 1] */
        arb_set_si(a, -1);
        assert_true(arb_contains(y, a));
        arb_one(a);
        assert_true(arb_contains(y, a));
    }
    arb_clear(box); arb_clear(a); arb_clear(b); arb_clear(y);
    expr_eval_free(ev);
    expr_prog_free(p);
    expr_free(e);
    expr_scope_free(s);
    return r;
}

static void rnd_q(fmpq_t q, flint_rand_t st, slong lo, slong hi, ulong den)
{
    fmpz_set_si(fmpq_numref(q), lo * (slong) den + (slong) n_randint(st, (ulong) ((hi - lo) * (slong) den + 1)));
    fmpz_set_ui(fmpq_denref(q), den);
    fmpq_canonicalise(q);
}

static char *qs(const fmpq_t q) { return fmpq_get_str(NULL, 10, q); }

/* ------------------------------------------------------------ planar, two contacts */

typedef struct { fmpq_t x1, y1, x2, y2, n1x, n1y, n2x, n2y, f1, f2, Fx, Fy, M; } planar;

static void planar_init(planar *P)
{
    fmpq_init(P->x1); fmpq_init(P->y1); fmpq_init(P->x2); fmpq_init(P->y2);
    fmpq_init(P->n1x); fmpq_init(P->n1y); fmpq_init(P->n2x); fmpq_init(P->n2y);
    fmpq_init(P->f1); fmpq_init(P->f2); fmpq_init(P->Fx); fmpq_init(P->Fy); fmpq_init(P->M);
}

static void planar_clear(planar *P)
{
    fmpq_clear(P->x1); fmpq_clear(P->y1); fmpq_clear(P->x2); fmpq_clear(P->y2);
    fmpq_clear(P->n1x); fmpq_clear(P->n1y); fmpq_clear(P->n2x); fmpq_clear(P->n2y);
    fmpq_clear(P->f1); fmpq_clear(P->f2); fmpq_clear(P->Fx); fmpq_clear(P->Fy); fmpq_clear(P->M);
}

/* a.r >= 0 with r = r0 + xi k: shrink [lo, hi] (flags for infinite ends) */
static void half_line(fmpq_t lo, int *haslo, fmpq_t hi, int *hashi, int *empty, const fmpq_t a0, const fmpq_t ak)
{
    fmpq_t t;
    fmpq_init(t);
    if (fmpq_is_zero(ak)) {
        if (fmpq_sgn(a0) < 0) *empty = 1;
    } else {
        fmpq_div(t, a0, ak);
        fmpq_neg(t, t);                       /* xi >= t if ak > 0, xi <= t if ak < 0 */
        if (fmpq_sgn(ak) > 0) { if (!*haslo || fmpq_cmp(t, lo) > 0) fmpq_set(lo, t); *haslo = 1; }
        else { if (!*hashi || fmpq_cmp(t, hi) < 0) fmpq_set(hi, t); *hashi = 1; }
    }
    fmpq_clear(t);
}

/* the exact reference: 1 feasible, 0 not */
static int planar_feasible(const planar *P, const fmpq_t Fx)
{
    fmpq_t dx, dy, c, dd, r2x, r2y, r1x, r1y, a0, ak, lo, hi, t;
    int haslo = 0, hashi = 0, empty = 0, k, res;
    fmpq_init(dx); fmpq_init(dy); fmpq_init(c); fmpq_init(dd); fmpq_init(r2x); fmpq_init(r2y);
    fmpq_init(r1x); fmpq_init(r1y); fmpq_init(a0); fmpq_init(ak); fmpq_init(lo); fmpq_init(hi); fmpq_init(t);
    fmpq_sub(dx, P->x2, P->x1);
    fmpq_sub(dy, P->y2, P->y1);
    /* c = -M + x1 Fy - y1 Fx; r2p = c (-dy, dx)/|d|^2, r2 = r2p + xi d, r1 = -F - r2 */
    fmpq_mul(c, P->x1, P->Fy);
    fmpq_submul(c, P->y1, Fx);
    fmpq_sub(c, c, P->M);
    fmpq_mul(dd, dx, dx);
    fmpq_addmul(dd, dy, dy);
    fmpq_mul(r2x, c, dy); fmpq_neg(r2x, r2x); fmpq_div(r2x, r2x, dd);
    fmpq_mul(r2y, c, dx); fmpq_div(r2y, r2y, dd);
    fmpq_neg(r1x, Fx); fmpq_sub(r1x, r1x, r2x);
    fmpq_neg(r1y, P->Fy); fmpq_sub(r1y, r1y, r2y);
    for (k = 0; k < 2; k++) {
        const fmpq *nx = k ? P->n2x : P->n1x, *ny = k ? P->n2y : P->n1y, *f = k ? P->f2 : P->f1;
        const fmpq *rx = k ? r2x : r1x, *ry = k ? r2y : r1y;
        int sgn = k ? 1 : -1;   /* d r/d xi = sgn d */
        int j;
        for (j = 0; j < 3; j++) {
            /* a = n (j = 0), f n - t (1), f n + t (2), t = (-ny, nx) */
            fmpq_t ax, ay;
            fmpq_init(ax); fmpq_init(ay);
            if (j == 0) { fmpq_set(ax, nx); fmpq_set(ay, ny); }
            else {
                fmpq_mul(ax, f, nx); fmpq_mul(ay, f, ny);
                if (j == 1) { fmpq_add(ax, ax, ny); fmpq_sub(ay, ay, nx); }
                else { fmpq_sub(ax, ax, ny); fmpq_add(ay, ay, nx); }
            }
            fmpq_mul(a0, ax, rx); fmpq_addmul(a0, ay, ry);
            fmpq_mul(ak, ax, dx); fmpq_addmul(ak, ay, dy);
            if (sgn < 0) fmpq_neg(ak, ak);
            half_line(lo, &haslo, hi, &hashi, &empty, a0, ak);
            fmpq_clear(ax); fmpq_clear(ay);
        }
    }
    res = !empty && !(haslo && hashi && fmpq_cmp(lo, hi) > 0);
    fmpq_clear(dx); fmpq_clear(dy); fmpq_clear(c); fmpq_clear(dd); fmpq_clear(r2x); fmpq_clear(r2y);
    fmpq_clear(r1x); fmpq_clear(r1y); fmpq_clear(a0); fmpq_clear(ak); fmpq_clear(lo); fmpq_clear(hi); fmpq_clear(t);
    return res;
}

static char *planar_src(const planar *P)
{
    char *s[13], *out = flint_malloc(4096);
    const fmpq *v[13] = {P->x1, P->y1, P->x2, P->y2, P->n1x, P->n1y, P->n2x, P->n2y, P->f1, P->f2, P->Fy, P->M, P->Fx};
    int i;
    for (i = 0; i < 13; i++) s[i] = qs(v[i]);
    /* rows fx, fy, m; b = -(X, Fy, M) */
    snprintf(out, 4096, "statics_sign(3, 4, 2, 1, 0, 1, 2, 1, 0, 1, 0, 0, 1, 0, 1, -(%s), %s, -(%s), %s, "
             "-X, -(%s), -(%s), %s, %s, %s, %s, %s, %s)",
             s[1], s[0], s[3], s[2], s[10], s[11], s[4], s[5], s[8], s[6], s[7], s[9]);
    for (i = 0; i < 13; i++) flint_free(s[i]);
    return out;
}

static void test_planar_two_contacts(void **state)
{
    flint_rand_t st;
    int t, n = trials(), decided = 0, boxes = 0, bdec = 0;
    planar P;
    fmpq_t lo, hi, x, h;
    (void) state;
    flint_randinit(st);
    planar_init(&P);
    fmpq_init(lo); fmpq_init(hi); fmpq_init(x); fmpq_init(h);
    for (t = 0; t < n; t++) {
        char *src;
        int v, ref, i;
        rnd_q(P.x1, st, -2, 2, 4); rnd_q(P.y1, st, -2, 2, 4);
        rnd_q(P.x2, st, -2, 2, 4); rnd_q(P.y2, st, -2, 2, 4);
        if (fmpq_equal(P.x1, P.x2) && fmpq_equal(P.y1, P.y2)) continue;
        rnd_q(P.n1x, st, -1, 1, 5); rnd_q(P.n1y, st, -1, 1, 5);
        rnd_q(P.n2x, st, -1, 1, 5); rnd_q(P.n2y, st, -1, 1, 5);
        if ((fmpq_is_zero(P.n1x) && fmpq_is_zero(P.n1y)) || (fmpq_is_zero(P.n2x) && fmpq_is_zero(P.n2y))) continue;
        rnd_q(P.f1, st, 0, 2, 8); rnd_q(P.f2, st, 0, 2, 8);
        rnd_q(P.Fx, st, -2, 2, 7); rnd_q(P.Fy, st, -2, 2, 7); rnd_q(P.M, st, -2, 2, 7);
        src = planar_src(&P);
        v = sign_on(src, P.Fx, P.Fx);
        ref = planar_feasible(&P, P.Fx);
        if (v != 0) {
            decided++;
            if ((v == 1) != ref) fprintf(stderr, "wrong verdict %d (ref %d): %s at X = %s\n", v, ref, src, qs(P.Fx));
            assert_int_equal(v == 1, ref);
        }
        /* a box of load values: the verdict must hold at every sample */
        rnd_q(h, st, 1, 4, 64);
        fmpq_sub(lo, P.Fx, h);
        fmpq_add(hi, P.Fx, h);
        v = sign_on(src, lo, hi);
        boxes++;
        if (v != 0) {
            bdec++;
            for (i = 0; i <= 8; i++) {
                fmpq_set_si(x, i, 8);
                fmpq_mul(x, x, h);
                fmpq_mul_2exp(x, x, 1);
                fmpq_add(x, x, lo);
                assert_int_equal(v == 1, planar_feasible(&P, x));
            }
        }
        flint_free(src);
    }
    fprintf(stderr, "planar: %d of %d points decided, %d of %d boxes\n", decided, n, bdec, boxes);
    /* the certificates must do their job away from the boundary */
    if (decided < 0.9 * n) fprintf(stderr, "decided %d of %d points\n", decided, n);
    assert_true(decided >= 0.8 * n);
    assert_true(bdec > 0);
    fmpq_clear(lo); fmpq_clear(hi); fmpq_clear(x); fmpq_clear(h);
    planar_clear(&P);
    flint_randclear(st);
}

/* ------------------------------------------------------------ one spatial contact */

static void test_one_contact_spatial(void **state)
{
    flint_rand_t st;
    int t, n = trials(), decided = 0;
    fmpq_t f11, f12, f21, f22, Fx, Fy, Fz, D, u, w, nx, ny, nz, f;
    (void) state;
    flint_randinit(st);
    fmpq_init(f11); fmpq_init(f12); fmpq_init(f21); fmpq_init(f22); fmpq_init(Fx); fmpq_init(Fy);
    fmpq_init(Fz); fmpq_init(D); fmpq_init(u); fmpq_init(w); fmpq_init(nx); fmpq_init(ny); fmpq_init(nz); fmpq_init(f);
    for (t = 0; t < n; t++) {
        char src[2048], *s[7];
        int v, ref, i;
        rnd_q(f11, st, 0, 1, 10); rnd_q(f12, st, -1, 1, 10); rnd_q(f21, st, -1, 1, 10); rnd_q(f22, st, 0, 1, 10);
        rnd_q(Fy, st, -1, 1, 9); rnd_q(Fz, st, -1, 1, 9); rnd_q(Fx, st, -1, 1, 9);
        fmpq_mul(D, f11, f22);
        fmpq_submul(D, f12, f21);
        if (fmpq_is_zero(D)) continue;
        /* Statement 1: (f22 Fx - f12 Fy)^2 + (f11 Fy - f21 Fx)^2 <= D^2 Fz^2 and Fz <= 0 */
        fmpq_mul(u, f22, Fx); fmpq_submul(u, f12, Fy);
        fmpq_mul(w, f11, Fy); fmpq_submul(w, f21, Fx);
        fmpq_mul(u, u, u); fmpq_addmul(u, w, w);
        fmpq_mul(w, D, Fz); fmpq_mul(w, w, w);
        ref = fmpq_sgn(Fz) <= 0 && fmpq_cmp(u, w) <= 0;
        {
            const fmpq *vv[7] = {Fy, Fz, f11, f12, f21, f22, Fx};
            for (i = 0; i < 7; i++) s[i] = qs(vv[i]);
        }
        snprintf(src, sizeof src, "statics_sign(3, 3, 1, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, -X, -(%s), -(%s), %s, %s, %s, %s)",
                 s[0], s[1], s[2], s[3], s[4], s[5]);
        v = sign_on(src, Fx, Fx);
        if (v) { decided++; assert_int_equal(v == 1, ref); }
        /* isotropic, random normal: -F in the cone iff n.F <= 0 and |n|^2 |F|^2 - (n.F)^2 <= f^2 (n.F)^2 */
        rnd_q(nx, st, -1, 1, 4); rnd_q(ny, st, -1, 1, 4); rnd_q(nz, st, -1, 1, 4); rnd_q(f, st, 0, 2, 6);
        if (fmpq_is_zero(nx) && fmpq_is_zero(ny) && fmpq_is_zero(nz)) { for (i = 0; i < 7; i++) flint_free(s[i]); continue; }
        fmpq_mul(u, nx, Fx); fmpq_addmul(u, ny, Fy); fmpq_addmul(u, nz, Fz);        /* n.F */
        fmpq_mul(w, nx, nx); fmpq_addmul(w, ny, ny); fmpq_addmul(w, nz, nz);        /* |n|^2 */
        fmpq_mul(D, Fx, Fx); fmpq_addmul(D, Fy, Fy); fmpq_addmul(D, Fz, Fz);        /* |F|^2 */
        fmpq_mul(w, w, D);
        fmpq_mul(D, u, u);
        fmpq_sub(w, w, D);
        fmpq_mul(D, D, f); fmpq_mul(D, D, f);
        ref = fmpq_sgn(u) <= 0 && fmpq_cmp(w, D) <= 0;
        {
            char *a = qs(nx), *b = qs(ny), *c = qs(nz), *d = qs(f);
            snprintf(src, sizeof src, "statics_sign(3, 3, 1, 2, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, -X, -(%s), -(%s), %s, %s, %s, %s)",
                     s[0], s[1], a, b, c, d);
            flint_free(a); flint_free(b); flint_free(c); flint_free(d);
        }
        v = sign_on(src, Fx, Fx);
        if (v) { decided++; assert_int_equal(v == 1, ref); }
        for (i = 0; i < 7; i++) flint_free(s[i]);
    }
    fprintf(stderr, "spatial: %d of %d decided\n", decided, 2 * n);
    assert_true(decided >= 1.6 * n * 0.8);
    fmpq_clear(f11); fmpq_clear(f12); fmpq_clear(f21); fmpq_clear(f22); fmpq_clear(Fx); fmpq_clear(Fy);
    fmpq_clear(Fz); fmpq_clear(D); fmpq_clear(u); fmpq_clear(w); fmpq_clear(nx); fmpq_clear(ny); fmpq_clear(nz); fmpq_clear(f);
    flint_randclear(st);
}

/* ------------------------------------------------------------ layout errors, simplex */

static void test_layout(void **state)
{
    const char *bad[] = {
        "statics_sign(2, 2, 1, 1, 0, 1, 0, 0, 1, -X, 1, 0, 1)",          /* one argument short */
        "statics_sign(2, 2, 1, 4, 0, 1, 0, 0, 1, -X, 1, 0, 1, 1/2)",     /* type 4 */
        "statics_sign(2, 3, 1, 1, 0, 1, 0, 0, 0, 1, 0, -X, 1, 0, 1, 1/2)",  /* unknown 3 in no cone */
        "statics_sign(X, 2, 1, 1, 0, 1, 0, 0, 1, -X, 1, 0, 1, 1/2)",     /* sizes not integers */
    };
    size_t i;
    (void) state;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        expr_error_t err;
        expr_t e = expr_parse(bad[i], 1, 1, &err);
        expr_scope_t s = expr_scope_new();
        expr_prog_t p;
        expr_scope_add_param(s, "X");
        assert_non_null(e);
        p = expr_check(e, s, 0, &err) ? NULL : expr_compile(&e, 1, s, &err);
        assert_null(p);
        assert_non_null(strstr(err.msg, "statics_sign"));
        expr_free(e);
        expr_scope_free(s);
    }
}

static void test_simplex(void **state)
{
    /* max x + y s.t. x + 2y <= 4, 3x + y <= 6: optimum (8/5, 6/5) */
    double A[4] = {1, 2, 3, 1}, b[2] = {4, 6}, c[2] = {1, 1}, x[2];
    /* infeasible: x <= -1 */
    double A2[1] = {1}, b2[1] = {-1}, c2[1] = {1}, x2[1];
    /* unbounded: max x s.t. -x <= 1 */
    double A3[1] = {-1}, b3[1] = {1}, c3[1] = {1}, x3[1];
    (void) state;
    assert_int_equal(expr_statics_lp(x, 2, 2, A, b, c), 0);
    assert_true(fabs(x[0] - 1.6) < 1e-12 && fabs(x[1] - 1.2) < 1e-12);
    assert_int_equal(expr_statics_lp(x2, 1, 1, A2, b2, c2), 1);
    assert_int_equal(expr_statics_lp(x3, 1, 1, A3, b3, c3), 2);
}

/* The optimum of max c.x over A x <= b, x >= 0 (n = 3) by enumerating the
 * vertices: every 3 of the m rows and the 3 sign constraints, solved by
 * Cramer's rule in long double; -inf if no vertex is feasible. */
static double vertex_max(int m, const double *A, const double *b, const double *c)
{
    double best = -INFINITY;
    int t = m + 3, i, j, k, r;
    for (i = 0; i < t; i++)
        for (j = i + 1; j < t; j++)
            for (k = j + 1; k < t; k++) {
                long double M[3][3], v[3], x[3], det;
                int idx[3] = {i, j, k}, q, feas = 1;
                for (q = 0; q < 3; q++) {
                    int row = idx[q], u;
                    for (u = 0; u < 3; u++) M[q][u] = row < m ? A[row * 3 + u] : (row - m == u ? -1 : 0);
                    v[q] = row < m ? b[row] : 0;
                }
                det = M[0][0] * (M[1][1] * M[2][2] - M[1][2] * M[2][1]) - M[0][1] * (M[1][0] * M[2][2] - M[1][2] * M[2][0])
                      + M[0][2] * (M[1][0] * M[2][1] - M[1][1] * M[2][0]);
                if (fabsl(det) < 1e-9L) continue;
                for (q = 0; q < 3; q++) {
                    long double N[3][3];
                    int a2, u;
                    for (a2 = 0; a2 < 3; a2++)
                        for (u = 0; u < 3; u++) N[a2][u] = u == q ? v[a2] : M[a2][u];
                    x[q] = (N[0][0] * (N[1][1] * N[2][2] - N[1][2] * N[2][1]) - N[0][1] * (N[1][0] * N[2][2] - N[1][2] * N[2][0])
                            + N[0][2] * (N[1][0] * N[2][1] - N[1][1] * N[2][0])) / det;
                }
                for (q = 0; q < 3; q++) if (x[q] < -1e-9L) feas = 0;
                for (r = 0; r < m && feas; r++)
                    if (A[r * 3] * x[0] + A[r * 3 + 1] * x[1] + A[r * 3 + 2] * x[2] > b[r] + 1e-9L) feas = 0;
                if (feas && (double) (c[0] * x[0] + c[1] * x[1] + c[2] * x[2]) > best)
                    best = (double) (c[0] * x[0] + c[1] * x[1] + c[2] * x[2]);
            }
    return best;
}

/* Degenerate LPs like the statics searches': fans of nearly parallel rows
 * through the origin (right side 0, angles a few 1e-7 apart as well as
 * spread), a few rows with positive right sides, the box x <= 1. The
 * simplex's point must satisfy every row and reach the optimum that the
 * enumeration of the vertices finds. */
static void test_simplex_degenerate(void **state)
{
    flint_rand_t st;
    int trial, nt = trials();
    (void) state;
    flint_randinit(st);
    for (trial = 0; trial < nt; trial++) {
        double A[24 * 3], b[24], c[3], x[3], best, val;
        int m = 0, i, j, nf = 4 + (int) n_randint(st, 12), rc;
        double spread = n_randint(st, 2) ? 1e-7 : 0.3, a0 = (double) n_randint(st, 1000) / 159.0;
        for (j = 0; j < nf; j++) {   /* a fan: (cos a, sin a, w) with w fixed, rhs 0 */
            double a = a0 + spread * j;
            A[m * 3] = cos(a); A[m * 3 + 1] = sin(a); A[m * 3 + 2] = -0.5 + (double) n_randint(st, 100) / 100.0;
            b[m++] = 0;
        }
        for (j = 0; j < 2; j++) {    /* rows with positive right sides */
            for (i = 0; i < 3; i++) A[m * 3 + i] = (double) ((slong) n_randint(st, 201) - 100) / 50.0;
            b[m++] = (double) (1 + n_randint(st, 100)) / 50.0;
        }
        for (i = 0; i < 3; i++) {    /* the box */
            A[m * 3] = A[m * 3 + 1] = A[m * 3 + 2] = 0;
            A[m * 3 + i] = 1;
            b[m++] = 1;
        }
        for (i = 0; i < 3; i++) c[i] = (double) ((slong) n_randint(st, 201) - 100) / 100.0;
        rc = expr_statics_lp(x, m, 3, A, b, c);
        best = vertex_max(m, A, b, c);
        assert_true(best > -INFINITY);           /* x = 0 is feasible */
        assert_int_equal(rc, 0);
        for (i = 0; i < 3; i++) assert_true(x[i] >= -1e-9);
        for (j = 0; j < m; j++)
            if (A[j * 3] * x[0] + A[j * 3 + 1] * x[1] + A[j * 3 + 2] * x[2] > b[j] + 1e-7) {
                fprintf(stderr, "trial %d: row %d violated by %g\n", trial, j,
                        A[j * 3] * x[0] + A[j * 3 + 1] * x[1] + A[j * 3 + 2] * x[2] - b[j]);
                fail();
            }
        val = c[0] * x[0] + c[1] * x[1] + c[2] * x[2];
        if (fabs(val - best) > 1e-6 * (1 + fabs(best))) {
            fprintf(stderr, "trial %d: simplex %.17g, vertices %.17g\n", trial, val, best);
            fail();
        }
    }
    flint_randclear(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_simplex),
        cmocka_unit_test(test_simplex_degenerate),
        cmocka_unit_test(test_layout),
        cmocka_unit_test(test_planar_two_contacts),
        cmocka_unit_test(test_one_contact_spatial),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
