/* expr_statics.c -- the certified equilibrium instruction (see
 * expr_statics.h): its layout, the floating-point search (a dense simplex
 * over polygonal cones) and the ball-arithmetic checks of both certificates.
 *
 * Soundness rests only on the checks: the search proposes r0 or y in double
 * precision, which are then exact dyadic numbers. TRUE: for every point p of
 * the box, d(p) = A_B(p)^-1 (b(p) - A(p) r0) lies in the ball solution of the
 * ball system (arb_mat_solve encloses the solutions of every matrix in the
 * ball), so r(p) = r0 + d(p) solves A(p) r = b(p) exactly, and the cone
 * conditions evaluated on balls containing r(p) and the data hold at p.
 * FALSE: A(p)^T y lies in K*(p) and b(p).y < 0 for every p by the same ball
 * evaluation; any feasible r would give 0 <= r.A^T y = b.y < 0. */
#include <math.h>
#include <string.h>
#include "expr/expr_statics.h"

#define LP_EPS 1e-10
#define LP_TOL 1e-9           /* Harris ratio-test tolerance */
#define NGEN 32             /* generators of a polygonal 3-D cone */

int expr_statics_is_call(const expr_t e)
{
    return e->kind == EXPR_FUNC && e->fn == FN_USER && e->name != NULL && strcmp(e->name, "statics_sign") == 0;
}

int expr_statics_ndata(int type)
{
    return type == 1 ? 3 : type == 2 ? 4 : type == 3 ? 4 : 0;
}

static int block_size(int type) { return type == 1 ? 2 : 3; }

static int small_int(int *out, const expr_t a, int lo, int hi)
{
    if (a->kind != EXPR_NUM || !fmpz_is_one(fmpq_denref(a->num)) || !fmpz_fits_si(fmpq_numref(a->num)))
        return 0;
    {
        slong v = fmpz_get_si(fmpq_numref(a->num));
        if (v < lo || v > hi) return 0;
        *out = (int) v;
    }
    return 1;
}

static int layout_fail(expr_error_t *err, const expr_t e, const char *msg)
{
    err->line = e->line;
    err->col = e->col;
    snprintf(err->msg, sizeof err->msg, "statics_sign: %s", msg);
    return -1;
}

void expr_statics_desc_clear(expr_statics_desc *d)
{
    flint_free(d->type);
    flint_free(d->start);
    flint_free(d->reg);
    memset(d, 0, sizeof *d);
}

int expr_statics_layout(expr_statics_desc *d, int *first, const expr_t e, expr_error_t *err)
{
    int k, need, cover[EXPR_STATICS_MAX_N];
    memset(d, 0, sizeof *d);
    if (e->nargs < 3 || !small_int(&d->E, e->args[0], 1, EXPR_STATICS_MAX_E) ||
        !small_int(&d->n, e->args[1], 1, EXPR_STATICS_MAX_N) || !small_int(&d->m, e->args[2], 1, EXPR_STATICS_MAX_N))
        return layout_fail(err, e, "expected the integers E, n, m first");
    if (e->nargs < 3 + 2 * d->m) return layout_fail(err, e, "too few arguments");
    d->type = flint_malloc(d->m * sizeof(int));
    d->start = flint_malloc(d->m * sizeof(int));
    memset(cover, 0, sizeof cover);
    need = 3 + 2 * d->m + d->E * d->n + d->E;
    for (k = 0; k < d->m; k++) {
        int j;
        if (!small_int(&d->type[k], e->args[3 + 2 * k], 1, 3) ||
            !small_int(&d->start[k], e->args[4 + 2 * k], 0, d->n - 1) ||
            d->start[k] + block_size(d->type[k]) > d->n) {
            expr_statics_desc_clear(d);
            return layout_fail(err, e, "a cone's type (1, 2, 3) or its first unknown is wrong");
        }
        for (j = 0; j < block_size(d->type[k]); j++) cover[d->start[k] + j]++;
        need += expr_statics_ndata(d->type[k]);
    }
    for (k = 0; k < d->n; k++)
        if (cover[k] != 1) {
            expr_statics_desc_clear(d);
            return layout_fail(err, e, "every unknown must belong to exactly one cone");
        }
    if (e->nargs != need) {
        expr_statics_desc_clear(d);
        return layout_fail(err, e, "wrong number of arguments for the sizes given");
    }
    *first = 3 + 2 * d->m;
    d->nreg = need - *first;
    d->reg = flint_malloc(d->nreg * sizeof(int));
    return 0;
}

/* ------------------------------------------------------------ simplex */

typedef struct {
    int m, n;
    int *B, *N;
    double *D;      /* (m + 2) x (n + 2) */
} lp_t;

#define LD(L, i, j) ((L)->D[(size_t) (i) * ((L)->n + 2) + (j)])

/* D[j] -= R[j] f for j < w, each a rounded product then a rounded
 * difference (the same values in any order); four at a time so that the
 * compiler may use vector instructions (D and R do not overlap). */
static void row_axpy(double *restrict D, const double *restrict R, double f, int w)
{
    int j = 0;
    for (; j + 4 <= w; j += 4) {
        D[j] -= R[j] * f;
        D[j + 1] -= R[j + 1] * f;
        D[j + 2] -= R[j + 2] * f;
        D[j + 3] -= R[j + 3] * f;
    }
    for (; j < w; j++) D[j] -= R[j] * f;
}

static void lp_pivot(lp_t *L, int r, int s)
{
    int i, j, t, w = L->n + 2;
    double inv = 1.0 / LD(L, r, s);
    const double *restrict R = L->D + (size_t) r * w;
    /* row i -= f_i * row r over every column, then column s := -f_i: the
       same products as updating the columns j != s and scaling column s by
       -inv (a * (-b) = -(a * b) exactly), with no branch in the inner loop */
    for (i = 0; i < L->m + 2; i++) {
        double f, *restrict Di;
        if (i == r || LD(L, i, s) == 0.0) continue;
        Di = L->D + (size_t) i * w;
        f = Di[s] * inv;
        row_axpy(Di, R, f, w);
        Di[s] = -f;
    }
    for (j = 0; j < w; j++)
        if (j != s) LD(L, r, j) *= inv;
    LD(L, r, s) = inv;
    t = L->B[r], L->B[r] = L->N[s], L->N[s] = t;
}

/* 1 optimal, 0 unbounded, -1 iteration limit */
static int lp_simplex(lp_t *L, int phase)
{
    int x = phase == 1 ? L->m + 1 : L->m, it, i, j;
    for (it = 0; it < 50 * (L->m + L->n + 2); it++) {
        int s = -1, r = -1;
        for (j = 0; j <= L->n; j++) {
            if (phase == 2 && L->N[j] == -1) continue;
            if (s == -1 || LD(L, x, j) < LD(L, x, s) || (LD(L, x, j) == LD(L, x, s) && L->N[j] < L->N[s])) s = j;
        }
        if (LD(L, x, s) > -LP_EPS) return 1;
        /* Harris's ratio test: the largest pivot among the rows whose ratio
           is within LP_TOL of the least (a tiny pivot on a degenerate row
           would wreck the tableau) */
        double th = HUGE_VAL;
        for (i = 0; i < L->m; i++)
            if (LD(L, i, s) >= LP_EPS) {
                double q = (fmax(LD(L, i, L->n + 1), 0) + LP_TOL) / LD(L, i, s);
                if (q < th) th = q;
            }
        for (i = 0; i < L->m; i++) {
            if (LD(L, i, s) < LP_EPS || LD(L, i, L->n + 1) / LD(L, i, s) > th) continue;
            if (r == -1 || LD(L, i, s) > LD(L, r, s) || (LD(L, i, s) == LD(L, r, s) && L->B[i] < L->B[r])) r = i;
        }
        if (r == -1) return 0;
        lp_pivot(L, r, s);
    }
    return -1;
}

int expr_statics_lp(double *x, int m, int n, const double *A, const double *b, const double *c)
{
    lp_t L;
    int i, j, r = 0, rc = 0;
    L.m = m, L.n = n;
    L.B = flint_malloc(m * sizeof(int));
    L.N = flint_malloc((n + 1) * sizeof(int));
    L.D = flint_calloc((size_t) (m + 2) * (n + 2), sizeof(double));
    for (i = 0; i < m; i++)
        for (j = 0; j < n; j++) LD(&L, i, j) = A[(size_t) i * n + j];
    for (i = 0; i < m; i++) { L.B[i] = n + i; LD(&L, i, n) = -1; LD(&L, i, n + 1) = b[i]; }
    for (j = 0; j < n; j++) { L.N[j] = j; LD(&L, m, j) = -c[j]; }
    L.N[n] = -1;
    LD(&L, m + 1, n) = 1;
    for (i = 1; i < m; i++)
        if (LD(&L, i, n + 1) < LD(&L, r, n + 1)) r = i;
    if (LD(&L, r, n + 1) < -LP_EPS) {
        lp_pivot(&L, r, n);
        if (lp_simplex(&L, 1) != 1 || LD(&L, m + 1, n + 1) < -LP_EPS) { rc = 1; goto done; }
        for (i = 0; i < m; i++)
            if (L.B[i] == -1) {
                int s = -1;
                for (j = 0; j <= n; j++)
                    if (s == -1 || LD(&L, i, j) < LD(&L, i, s) || (LD(&L, i, j) == LD(&L, i, s) && L.N[j] < L.N[s]))
                        s = j;
                lp_pivot(&L, i, s);
            }
    }
    j = lp_simplex(&L, 2);
    if (j != 1) { rc = j == 0 ? 2 : 1; goto done; }
    for (j = 0; j < n; j++) x[j] = 0;
    for (i = 0; i < m; i++)
        if (L.B[i] >= 0 && L.B[i] < n) x[L.B[i]] = LD(&L, i, n + 1);
done:
    flint_free(L.B);
    flint_free(L.N);
    flint_free(L.D);
    return rc;
}

/* ------------------------------------------------------------ the problem at the box */

typedef struct {
    const expr_statics_desc *d;
    arb_srcptr v;
    int *doff;            /* offset of each cone's data in reg */
    double *Am, *bm;      /* midpoints */
    int zero[EXPR_STATICS_MAX_E];   /* row exactly zero on the box */
    slong prec;
} prob;

static const arb_struct *pA(const prob *P, int i, int j) { return P->v + P->d->reg[i * P->d->n + j]; }
static const arb_struct *pb(const prob *P, int i) { return P->v + P->d->reg[P->d->E * P->d->n + i]; }
static const arb_struct *pdat(const prob *P, int k, int t) { return P->v + P->d->reg[P->doff[k] + t]; }
static double mid(const arb_t x) { return arf_get_d(arb_midref(x), ARF_RND_NEAR); }

/* Generators (in the block's coordinates) of a polygonal cone inside
 * (outer = 0) or around (outer = 1) cone k at the midpoint; returns their
 * number, 0 if the data are unusable. */
static int gens(double *G, const prob *P, int k, int outer)
{
    int t = P->d->type[k], j;
    double rho = outer ? 1.0 / cos(M_PI / NGEN) : 1.0;
    if (t == 1) {
        double n1 = mid(pdat(P, k, 0)), n2 = mid(pdat(P, k, 1)), f = mid(pdat(P, k, 2)), nn = hypot(n1, n2);
        if (!(nn > 0) || !(f >= 0)) return 0;
        n1 /= nn, n2 /= nn;
        G[0] = n1 - f * n2, G[1] = n2 + f * n1;
        G[2] = n1 + f * n2, G[3] = n2 - f * n1;
        return 2;
    }
    if (t == 2) {
        double n[3], e1[3], e2[3], f = mid(pdat(P, k, 3)), nn, a[3] = {0, 0, 0};
        int ax = 0;
        for (j = 0; j < 3; j++) n[j] = mid(pdat(P, k, j));
        nn = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        if (!(nn > 0) || !(f >= 0)) return 0;
        for (j = 0; j < 3; j++) n[j] /= nn;
        for (j = 1; j < 3; j++) if (fabs(n[j]) < fabs(n[ax])) ax = j;
        a[ax] = 1;
        e1[0] = n[1] * a[2] - n[2] * a[1], e1[1] = n[2] * a[0] - n[0] * a[2], e1[2] = n[0] * a[1] - n[1] * a[0];
        nn = sqrt(e1[0] * e1[0] + e1[1] * e1[1] + e1[2] * e1[2]);
        for (j = 0; j < 3; j++) e1[j] /= nn;
        e2[0] = n[1] * e1[2] - n[2] * e1[1], e2[1] = n[2] * e1[0] - n[0] * e1[2], e2[2] = n[0] * e1[1] - n[1] * e1[0];
        for (j = 0; j < NGEN; j++) {
            double c = cos(2 * M_PI * j / NGEN), s = sin(2 * M_PI * j / NGEN);
            int i;
            for (i = 0; i < 3; i++) G[3 * j + i] = n[i] + rho * f * (c * e1[i] + s * e2[i]);
        }
        return NGEN;
    }
    {
        double f11 = mid(pdat(P, k, 0)), f12 = mid(pdat(P, k, 1)), f21 = mid(pdat(P, k, 2)), f22 = mid(pdat(P, k, 3));
        if (!(fabs(f11 * f22 - f12 * f21) > 0)) return 0;
        for (j = 0; j < NGEN; j++) {
            double c = rho * cos(2 * M_PI * j / NGEN), s = rho * sin(2 * M_PI * j / NGEN);
            G[3 * j] = f11 * c + f12 * s, G[3 * j + 1] = f21 * c + f22 * s, G[3 * j + 2] = 1;
        }
        return NGEN;
    }
}

/* 1 if the ball vector r (the block of cone k) lies in K_k (dual = 0) or
 * K_k* (dual = 1) for every value of the balls. */
static int cone_has(const prob *P, int k, arb_srcptr r, int dual)
{
    int t = P->d->type[k], sz = block_size(t), j, ok;
    slong prec = P->prec;
    arb_t a, b, c, q;
    arb_init(a); arb_init(b); arb_init(c); arb_init(q);
    if (t == 1 || t == 2) {
        const arb_struct *f = pdat(P, k, sz);
        arb_zero(a); arb_zero(b); arb_zero(c);      /* a = n.r, b = |n|^2, c = |r|^2 */
        for (j = 0; j < sz; j++) {
            arb_addmul(a, pdat(P, k, j), r + j, prec);
            arb_addmul(b, pdat(P, k, j), pdat(P, k, j), prec);
            arb_addmul(c, r + j, r + j, prec);
        }
        ok = arb_is_nonnegative(f) && arb_is_positive(b) && arb_is_nonnegative(a);
        arb_mul(q, b, c, prec);                      /* |n|^2 |r|^2 - (n.r)^2 */
        arb_submul(q, a, a, prec);
        arb_sqr(c, a, prec);
        if (!dual) {                                 /* q <= f^2 (n.r)^2 */
            arb_sqr(b, f, prec);
            arb_submul(q, b, c, prec);
        } else {                                     /* f^2 q <= (n.r)^2 */
            arb_sqr(b, f, prec);
            arb_mul(q, q, b, prec);
            arb_sub(q, q, c, prec);
        }
        ok = ok && arb_is_nonpositive(q);
    } else {
        const arb_struct *f11 = pdat(P, k, 0), *f12 = pdat(P, k, 1), *f21 = pdat(P, k, 2), *f22 = pdat(P, k, 3);
        arb_mul(a, f11, f22, prec);
        arb_submul(a, f12, f21, prec);               /* Delta */
        ok = arb_is_nonzero(a) && arb_is_nonnegative(r + 2);
        if (!dual) {     /* (f22 wx - f12 wy)^2 + (f11 wy - f21 wx)^2 <= Delta^2 N^2 */
            arb_mul(b, f22, r + 0, prec); arb_submul(b, f12, r + 1, prec);
            arb_mul(c, f11, r + 1, prec); arb_submul(c, f21, r + 0, prec);
            arb_mul(a, a, r + 2, prec);
        } else {         /* (f11 s1 + f21 s2)^2 + (f12 s1 + f22 s2)^2 <= sigma^2 */
            arb_mul(b, f11, r + 0, prec); arb_addmul(b, f21, r + 1, prec);
            arb_mul(c, f12, r + 0, prec); arb_addmul(c, f22, r + 1, prec);
            arb_set(a, r + 2);
        }
        arb_sqr(q, b, prec);
        arb_addmul(q, c, c, prec);
        arb_submul(q, a, a, prec);
        ok = ok && arb_is_nonpositive(q);
    }
    arb_clear(a); arb_clear(b); arb_clear(c); arb_clear(q);
    return ok;
}

/* Column index of the unknowns' generator expansion: (A G)_{i,g}. */
static double ag(const prob *P, int i, int k, const double *g)
{
    int c, sz = block_size(P->d->type[k]);
    double s = 0;
    for (c = 0; c < sz; c++) s += P->Am[i * P->d->n + P->d->start[k] + c] * g[c];
    return s;
}

/* The generators of every cone's polygon (inscribed, or circumscribed when
 * OUTER) packed with stride 3 into *GP (flint_malloc'd here), the cone of
 * each in GK; returns their number, or 0 (nothing allocated) when a cone
 * has none. */
static int pack_gens(double **Gp, int *gk, const prob *P, int outer)
{
    const expr_statics_desc *d = P->d;
    double *G = flint_malloc((size_t) d->m * NGEN * 3 * sizeof(double));
    int k, ng = 0;
    for (k = 0; k < d->m; k++) {
        int c = gens(G + 3 * ng, P, k, outer), t;
        if (c == 0) { flint_free(G); return 0; }
        if (d->type[k] == 1) {   /* a planar cone's two generators, widened to stride 3 */
            double g[4];
            memcpy(g, G + 3 * ng, 4 * sizeof(double));
            G[3 * ng] = g[0], G[3 * ng + 1] = g[1], G[3 * ng + 2] = 0;
            G[3 * ng + 3] = g[2], G[3 * ng + 4] = g[3], G[3 * ng + 5] = 0;
        }
        for (t = 0; t < c; t++) gk[ng + t] = k;
        ng += c;
    }
    *Gp = G;
    return ng;
}

/* The primal certificate, its search tried with the caps L 100^t for t0 <=
 * t < t1 (stopping at the first the simplex solves): 1 if proved, 0 if a
 * search succeeded and its check did not, -1 if no search succeeded (the
 * caller may try larger caps). */
static int primal(const prob *P, int t0, int t1)
{
    const expr_statics_desc *d = P->d;
    int E = d->E, n = d->n, k, i, j, ng = 0, rows[EXPR_STATICS_MAX_E], ne = 0, ok = 0, tries;
    int gk[EXPR_STATICS_MAX_N * NGEN], piv[EXPR_STATICS_MAX_E];
    double *G, *LA, *Lb, *Lc, *x, r0[EXPR_STATICS_MAX_N], bmax = 0, amax = 0, L;
    if ((ng = pack_gens(&G, gk, P, 0)) == 0) return 0;
    for (i = 0; i < E; i++) {
        if (P->zero[i]) {
            if (!arb_is_zero(pb(P, i))) { flint_free(G); return 0; }
            continue;
        }
        rows[ne++] = i;
        if (fabs(P->bm[i]) > bmax) bmax = fabs(P->bm[i]);
    }
    for (i = 0; i < E * n; i++) if (fabs(P->Am[i]) > amax) amax = fabs(P->Am[i]);
    /* columns mu_1 .. mu_ng, tau; rows A G (mu + tau) = b (two-sided), sum <= L */
    LA = flint_calloc((size_t) (2 * ne + 1) * (ng + 1), sizeof(double));
    Lb = flint_calloc(2 * ne + 1, sizeof(double));
    Lc = flint_calloc(ng + 1, sizeof(double));
    x = flint_calloc(ng + 1, sizeof(double));
    Lc[ng] = 1;
    L = (1 + bmax) / (amax > 0 ? amax : 1) * ng;
    for (tries = 0; tries < t0; tries++) L *= 100;
    for (; tries < t1 && !ok; tries++, L *= 100) {
        int rc;
        memset(LA, 0, (size_t) (2 * ne + 1) * (ng + 1) * sizeof(double));
        for (i = 0; i < ne; i++) {
            double sum = 0;
            for (j = 0; j < ng; j++) {
                double a = ag(P, rows[i], gk[j], G + 3 * j);
                LA[(size_t) (2 * i) * (ng + 1) + j] = a;
                LA[(size_t) (2 * i + 1) * (ng + 1) + j] = -a;
                sum += a;
            }
            LA[(size_t) (2 * i) * (ng + 1) + ng] = sum;
            LA[(size_t) (2 * i + 1) * (ng + 1) + ng] = -sum;
            Lb[2 * i] = P->bm[rows[i]];
            Lb[2 * i + 1] = -P->bm[rows[i]];
        }
        for (j = 0; j < ng; j++) LA[(size_t) (2 * ne) * (ng + 1) + j] = 1;
        LA[(size_t) (2 * ne) * (ng + 1) + ng] = ng;
        Lb[2 * ne] = L;
        rc = expr_statics_lp(x, 2 * ne + 1, ng + 1, LA, Lb, Lc);
        if (rc == 0) ok = 1;
    }
    flint_free(LA); flint_free(Lb); flint_free(Lc);
    if (!ok) { flint_free(x); flint_free(G); return -1; }
    for (j = 0; j < n; j++) r0[j] = 0;
    for (j = 0; j < ng; j++) {
        int c, sz = block_size(d->type[gk[j]]);
        double lam = x[j] + x[ng];
        for (c = 0; c < sz; c++) r0[d->start[gk[j]] + c] += lam * G[3 * j + c];
    }
    flint_free(x);
    flint_free(G);

    /* pivot columns by complete pivoting on the midpoint matrix */
    {
        double M[EXPR_STATICS_MAX_E * EXPR_STATICS_MAX_N];
        int used[EXPR_STATICS_MAX_N], rused[EXPR_STATICS_MAX_E];
        memset(used, 0, sizeof used);
        memset(rused, 0, sizeof rused);
        for (i = 0; i < ne; i++)
            for (j = 0; j < n; j++) M[i * n + j] = P->Am[rows[i] * n + j];
        for (k = 0; k < ne; k++) {
            int bi = -1, bj = -1;
            double best = 0;
            for (i = 0; i < ne; i++) {
                if (rused[i]) continue;
                for (j = 0; j < n; j++)
                    if (!used[j] && fabs(M[i * n + j]) > best) best = fabs(M[i * n + j]), bi = i, bj = j;
            }
            if (bi < 0 || best <= 1e-12 * amax) return 0;   /* rank deficient: no primal certificate */
            rused[bi] = used[bj] = 1;
            piv[k] = bj;
            for (i = 0; i < ne; i++) {
                double f;
                if (rused[i]) continue;
                f = M[i * n + bj] / M[bi * n + bj];
                for (j = 0; j < n; j++) M[i * n + j] -= f * M[bi * n + j];
            }
        }
    }
    /* balls: r = r0 + d, A_B d = b - A r0 */
    {
        arb_mat_t AB, R, X;
        arb_ptr r = _arb_vec_init(n);
        slong prec = P->prec;
        arb_mat_init(AB, ne, ne);
        arb_mat_init(R, ne, 1);
        arb_mat_init(X, ne, 1);
        for (j = 0; j < n; j++) arb_set_d(r + j, r0[j]);
        for (i = 0; i < ne; i++) {
            arb_set(arb_mat_entry(R, i, 0), pb(P, rows[i]));
            for (j = 0; j < n; j++) arb_submul(arb_mat_entry(R, i, 0), pA(P, rows[i], j), r + j, prec);
            for (k = 0; k < ne; k++) arb_set(arb_mat_entry(AB, i, k), pA(P, rows[i], piv[k]));
        }
        ok = arb_mat_solve(X, AB, R, prec);
        if (ok)
            for (k = 0; k < ne; k++) arb_add(r + piv[k], r + piv[k], arb_mat_entry(X, k, 0), prec);
        for (k = 0; k < d->m && ok; k++) ok = cone_has(P, k, r + d->start[k], 0);
        arb_mat_clear(AB);
        arb_mat_clear(R);
        arb_mat_clear(X);
        _arb_vec_clear(r, n);
    }
    return ok;
}

/* The dual certificate: 1 if proved. */
static int dual(const prob *P)
{
    const expr_statics_desc *d = P->d;
    int E = d->E, n = d->n, k, i, j, ng = 0, nc = 2 * E + 1, rows, ok, rc;
    double *G, *LA, *Lb, *Lc, *x, y0[EXPR_STATICS_MAX_E], bb = 0, t0 = 0;
    int gk[EXPR_STATICS_MAX_N * NGEN];
    if ((ng = pack_gens(&G, gk, P, 1)) == 0) return 0;
    for (i = 0; i < E; i++) bb += P->bm[i] * P->bm[i];
    if (!(bb > 0)) { flint_free(G); return 0; }     /* b.y < 0 impossible at the midpoint */
    bb = sqrt(bb);
    rows = ng + 1 + 2 * E;
    LA = flint_calloc((size_t) rows * nc, sizeof(double));
    Lb = flint_calloc(rows, sizeof(double));
    Lc = flint_calloc(nc, sizeof(double));
    x = flint_calloc(nc, sizeof(double));
    /* The separator of largest relative margin at the midpoint: max t over
       (A g).y >= t |A g| per generator, -b.y >= t |b|, |y_i| <= 1, started
       at the feasible y0 = -b/|b|, t0 = min of the margins at y0 (so no
       phase 1, whose degenerate pivots would be most of the work): y = y0 +
       z, t = t0 + u, columns z+_i, z-_i, u; rows u |A g| - (A g).z <=
       (A g).y0 - t0 |A g|, u |b| + b.z <= |b| (1 - t0), z+_i <= 1 - y0_i,
       z-_i <= 1 + y0_i (every right side >= 0). */
    for (i = 0; i < E; i++) y0[i] = -P->bm[i] / bb;
    t0 = 1;
    for (j = 0; j < ng; j++) {
        double c = 0, na = 0;
        for (i = 0; i < E; i++) {
            double a = ag(P, i, gk[j], G + 3 * j);
            LA[(size_t) j * nc + i] = -a;
            LA[(size_t) j * nc + E + i] = a;
            c += a * y0[i];
            na += a * a;
        }
        na = sqrt(na);
        LA[(size_t) j * nc + 2 * E] = na;
        Lb[j] = c;
        if (na > 0 && c / na < t0) t0 = c / na;
    }
    for (j = 0; j < ng; j++) {
        double r = Lb[j] - t0 * LA[(size_t) j * nc + 2 * E];
        Lb[j] = r > 0 ? r : 0;
    }
    for (i = 0; i < E; i++) {
        LA[(size_t) ng * nc + i] = P->bm[i];
        LA[(size_t) ng * nc + E + i] = -P->bm[i];
        LA[(size_t) (ng + 1 + i) * nc + i] = 1;
        Lb[ng + 1 + i] = 1 - y0[i] > 0 ? 1 - y0[i] : 0;
        LA[(size_t) (ng + 1 + E + i) * nc + E + i] = 1;
        Lb[ng + 1 + E + i] = 1 + y0[i] > 0 ? 1 + y0[i] : 0;
    }
    LA[(size_t) ng * nc + 2 * E] = bb;
    Lb[ng] = bb * (1 - t0) > 0 ? bb * (1 - t0) : 0;
    Lc[2 * E] = 1;
    rc = expr_statics_lp(x, rows, nc, LA, Lb, Lc);
    flint_free(LA); flint_free(Lb); flint_free(Lc); flint_free(G);
    /* the largest margin may be < 0 on the polygon around the cone and the
       check on the cone itself succeed: it is tried whatever the margin */
    if (rc != 0) { flint_free(x); return 0; }
    {
        arb_ptr y = _arb_vec_init(E), s = _arb_vec_init(n);
        arb_t bd;
        slong prec = P->prec;
        arb_init(bd);
        for (i = 0; i < E; i++) arb_set_d(y + i, y0[i] + (x[i] - x[E + i]));
        for (j = 0; j < n; j++)
            for (i = 0; i < E; i++) arb_addmul(s + j, pA(P, i, j), y + i, prec);
        for (i = 0; i < E; i++) arb_addmul(bd, pb(P, i), y + i, prec);
        ok = arb_is_negative(bd);
        for (k = 0; k < d->m && ok; k++) ok = cone_has(P, k, s + d->start[k], 1);
        arb_clear(bd);
        _arb_vec_clear(y, E);
        _arb_vec_clear(s, n);
    }
    flint_free(x);
    return ok;
}

/* The facet certificate (planar isotropic cones only): 1 or -1 if proved, 0
 * otherwise. cone_k = cone(n_k + f_k t_k, n_k - f_k t_k), t_k = n_k turned by
 * 90 degrees (|n_k|^2 > 0 checked), so "an equilibrium exists" is b in
 * K = cone(g_1, ..., g_N), g_j = A (generator j), N <= 8. Rows of A exactly
 * zero are dropped when b is exactly zero there (a row 0 = b_i with b_i
 * certified nonzero proves -1); E <= 4 rows remain. Every determinant of E
 * of the columns {g_j, b} is enclosed on the balls. If one of the
 * generators' is certified nonzero (rank E), K is the intersection of the
 * half-spaces sigma_S det[g_S, v] >= 0 over the (E - 1)-sets S of generators
 * with every det[g_S, g_l] of sign sigma_S or 0 (not all 0): the facets of a
 * full-dimensional polyhedral cone are among them and each contains K. The
 * verdict needs the signs of the determinants it uses: the generators' to
 * classify S (a set with two generators certified on opposite sides is not
 * supporting), and det[g_S, b] for the supporting S. Unlike the primal and
 * dual certificates it proposes nothing: near a face of K its only loss is
 * the width of one determinant over the box. */
static int facets(const prob *P)
{
    const expr_statics_desc *d = P->d;
    int E0 = d->E, keep[EXPR_STATICS_MAX_E], E = 0, G, i, j, k, l, t, res = 0;
    int sgn[126], T[126][4], nT = 0, idx[5], m;
    slong prec = P->prec;
    arb_ptr col;
    arb_t a, b;
    arb_mat_t M;
    if (d->m > 4) return 0;
    for (k = 0; k < d->m; k++)
        if (d->type[k] != 1) return 0;
    for (i = 0; i < E0; i++) {
        if (P->zero[i]) {
            if (arb_is_zero(pb(P, i))) continue;
            if (arb_is_nonzero(pb(P, i))) return -1;
            return 0;
        }
        if (E == 4) return 0;
        keep[E++] = i;
    }
    G = 2 * d->m;
    if (E < 2 || E - 1 > G) return 0;
    col = _arb_vec_init((G + 1) * E);
    arb_init(a); arb_init(b);
    /* generator columns, then b */
    for (k = 0; k < d->m; k++) {
        const arb_struct *n1 = pdat(P, k, 0), *n2 = pdat(P, k, 1), *f = pdat(P, k, 2);
        arb_mul(a, n1, n1, prec);
        arb_addmul(a, n2, n2, prec);
        if (!arb_is_positive(a)) goto done;
        for (j = 0; j < 2; j++) {
            arb_t g0, g1;
            arb_init(g0); arb_init(g1);
            /* j = 0: (n1 - f n2, n2 + f n1); j = 1: (n1 + f n2, n2 - f n1) */
            arb_mul(g0, f, n2, prec);
            if (j == 0) arb_sub(g0, n1, g0, prec); else arb_add(g0, n1, g0, prec);
            arb_mul(g1, f, n1, prec);
            if (j == 0) arb_add(g1, n2, g1, prec); else arb_sub(g1, n2, g1, prec);
            for (i = 0; i < E; i++) {
                arb_ptr c = col + (2 * k + j) * E + i;
                arb_mul(c, pA(P, keep[i], d->start[k]), g0, prec);
                arb_addmul(c, pA(P, keep[i], d->start[k] + 1), g1, prec);
            }
            arb_clear(g0); arb_clear(g1);
        }
    }
    for (i = 0; i < E; i++) arb_set(col + G * E + i, pb(P, keep[i]));
    /* every E-subset of the columns 0..G: the sign of its determinant, 2 if undecided */
    arb_mat_init(M, E, E);
    for (t = 0; t < E; t++) idx[t] = t;
    for (;;) {
        for (t = 0; t < E; t++) {
            T[nT][t] = idx[t];
            for (i = 0; i < E; i++) arb_set(arb_mat_entry(M, i, t), col + idx[t] * E + i);
        }
        arb_mat_det(a, M, prec);
        sgn[nT++] = arb_is_positive(a) ? 1 : arb_is_negative(a) ? -1 : arb_is_zero(a) ? 0 : 2;
        t = E - 1;
        while (t >= 0 && idx[t] == G - E + 1 + t) t--;
        if (t < 0) break;
        idx[t]++;
        for (t = t + 1; t < E; t++) idx[t] = idx[t - 1] + 1;
    }
    arb_mat_clear(M);
    /* rank E: a generators-only determinant certified nonzero */
    for (t = 0; t < nT; t++)
        if (T[t][E - 1] < G && (sgn[t] == 1 || sgn[t] == -1)) break;
    if (t == nT) goto done;
    res = 1;
    m = E - 1;
    for (t = 0; t < m; t++) idx[t] = t;
    for (;;) {
        int pos = 0, neg = 0, und = 0, sb = 2;
        for (l = 0; l <= G; l++) {
            int u[4], w = 0, above = 0, in = 0, q, z, sg;
            for (t = 0; t < m; t++) {
                if (idx[t] == l) in = 1;
                if (idx[t] > l) above++;
            }
            if (in) continue;
            for (t = 0; t < m; t++) if (idx[t] < l) u[w++] = idx[t];
            u[w++] = l;
            for (t = 0; t < m; t++) if (idx[t] > l) u[w++] = idx[t];
            for (q = 0; q < nT; q++) {
                for (z = 0; z < E && T[q][z] == u[z]; z++) ;
                if (z == E) break;
            }
            sg = sgn[q];
            if (sg != 2 && above % 2) sg = -sg;   /* det[g_S, col l] = (-1)^above det[T] */
            if (l == G) { sb = sg; continue; }
            if (sg == 2) und = 1;
            else if (sg > 0) pos = 1;
            else if (sg < 0) neg = 1;
        }
        if (!(pos && neg) && (pos || neg || und)) {
            /* S may be supporting, then with sigma = +1 if pos, -1 if neg */
            int sigma = pos ? 1 : neg ? -1 : 0;
            if (!und && sb != 2 && sb * sigma < 0) { res = -1; break; }   /* b strictly outside */
            /* harmless when b is on the sigma side whatever the undecided signs (both sides if sigma = 0) */
            if (sb == 2 || (sigma == 0 ? sb != 0 : sb * sigma < 0)) res = 0;
        }
        t = m - 1;
        while (t >= 0 && idx[t] == G - 1 - m + 1 + t) t--;
        if (t < 0) break;
        idx[t]++;
        for (t = t + 1; t < m; t++) idx[t] = idx[t - 1] + 1;
    }
done:
    arb_clear(a); arb_clear(b);
    _arb_vec_clear(col, (G + 1) * E);
    return res;
}

void expr_statics_step(const expr_statics_desc *d, arb_srcptr v, const unsigned char *st, arb_ptr y,
                       unsigned char *st_out, int search, slong prec)
{
    int i, s = EXPR_DEFINED, E = d->E, n = d->n, verdict = 0;
    for (i = 0; i < d->nreg; i++)
        if (st[d->reg[i]] > s) s = st[d->reg[i]];
    *st_out = (unsigned char) s;
    if (s == EXPR_UNDEFINED) { arb_indeterminate(y); return; }
    arb_zero(y);
    mag_one(arb_radref(y));
    if (s != EXPR_DEFINED || !search) return;
    for (i = 0; i < d->nreg; i++)
        if (!arb_is_finite(v + d->reg[i])) return;
    {
        prob P;
        int k, off = E * n + E;
        P.d = d;
        P.v = v;
        P.prec = prec;
        P.doff = flint_malloc(d->m * sizeof(int));
        for (k = 0; k < d->m; k++) { P.doff[k] = off; off += expr_statics_ndata(d->type[k]); }
        P.Am = flint_malloc((size_t) E * n * sizeof(double));
        P.bm = flint_malloc(E * sizeof(double));
        for (i = 0; i < E * n; i++) P.Am[i] = mid(v + d->reg[i]);
        for (i = 0; i < E; i++) {
            int j, z = 1;
            P.bm[i] = mid(pb(&P, i));
            for (j = 0; j < n; j++) z = z && arb_is_zero(pA(&P, i, j));
            P.zero[i] = z;
        }
        /* The primal search with its first cap, then the dual, then the
           primal's larger caps: the verdict is that of primal, dual, facets
           in this order, since the primal and dual certificates are never
           both proved on a box (one proves an equilibrium at every point, the
           other none), and the larger caps are tried only when the first
           found no solution at all. The dual is the cheaper way out of most
           boxes without an equilibrium. */
        int p = primal(&P, 0, 1);
        if (p == 1) verdict = 1;
        else if (dual(&P)) verdict = -1;
        else if (p == -1 && primal(&P, 1, 3) == 1) verdict = 1;
        else verdict = facets(&P);
        flint_free(P.doff);
        flint_free(P.Am);
        flint_free(P.bm);
    }
    if (verdict) arb_set_si(y, verdict);
}
