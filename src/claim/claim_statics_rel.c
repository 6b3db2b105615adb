/* claim_statics_rel.c -- sign vectors ruled out by exact polynomial relations.
 *
 * The boundary-cell certificate (claim_statics.c) evaluates claim and model
 * for every sign vector of the quantities a cell leaves open, each sign an
 * independent variable. At a point where several of them vanish together
 * (a corner of a region) some vectors that no point produces make the two
 * formulas disagree. Such a vector is dropped here only with a proof: an
 * identity
 *     sum_j lambda_j T_j = 0   (exact, over Q, modulo the relations v^2 = R)
 * among T_j in {1, P_i, P_i P_k}, with rational lambda_j, such that the
 * signs the vector allows make every lambda_j T_j >= 0 and one of them > 0:
 * then no point has those signs. The identity is found by exact linear
 * algebra (the kernel of the matrix of the T_j's coefficients, FLINT
 * fmpz_mat_nullspace) and checked again term by term in fmpq_mpoly
 * arithmetic; the search itself (which kernel vectors are tried) decides
 * nothing. Example (the corner of ch1_two_point_anisotropic's lens): with
 * u the squared half-chord of A1's ellipse and A+, A- the values of A2's
 * condition at the two ends of that chord, 2 w = A+ + A- - 4 u; a vector
 * with u = 0, A+ < 0, A- < 0 and w > 0 is not produced by any load. */
#include <math.h>
#include <flint/fmpz_mat.h>
#include <flint/fmpq_mat.h>
#include "claim/claim_statics_rel.h"

#define CSR_MAXCOL 1500
#define CSR_MAXROW 4000
#define CSR_MAXLP 200000    /* entries of the simplex tableau (cost) */
#define CSR_MAXIT 4000      /* simplex pivots (cost) */

/* the signs of a b for a in s, b in t (independent) */
static int mask_mul(int s, int t)
{
    int r = 0;
    if ((s & CSR_ZERO) || (t & CSR_ZERO)) r |= CSR_ZERO;
    if (((s & CSR_POS) && (t & CSR_POS)) || ((s & CSR_NEG) && (t & CSR_NEG))) r |= CSR_POS;
    if (((s & CSR_POS) && (t & CSR_NEG)) || ((s & CSR_NEG) && (t & CSR_POS))) r |= CSR_NEG;
    return r;
}

/* the signs of a^2 for a in s */
static int mask_sq(int s)
{
    return ((s & CSR_ZERO) ? CSR_ZERO : 0) | ((s & (CSR_POS | CSR_NEG)) ? CSR_POS : 0);
}

static int mask_mixed(int s) { return (s & CSR_POS) && (s & CSR_NEG); }

typedef struct {
    int ncol;
    fmpq_mpoly_struct col[CSR_MAXCOL];
    int mask[CSR_MAXCOL];          /* after orientation: a subset of {0, +} */
} csr_cols;

/* appends column p (normal form) with sign set m, oriented so that its signs are >= 0; 0, or -1 when full */
static int col_add(csr_cols *C, const fmpq_mpoly_t p, int m, const fmpq_mpoly_ctx_t ctx)
{
    if (m == 0 || mask_mixed(m) || fmpq_mpoly_is_zero(p, ctx)) return 0;   /* empty, or useless */
    if (C->ncol == CSR_MAXCOL) return -1;
    fmpq_mpoly_init(C->col + C->ncol, ctx);
    if (m & CSR_NEG) {
        fmpq_mpoly_neg(C->col + C->ncol, p, ctx);
        m = (m & CSR_ZERO) | CSR_POS;
    } else fmpq_mpoly_set(C->col + C->ncol, p, ctx);
    C->mask[C->ncol] = m;
    C->ncol++;
    return 0;
}

/* 1 if lambda (one entry per column) makes every lambda_j T_j >= 0 and one > 0 */
static int lambda_contradicts(const fmpz *lam, const csr_cols *C, int sgn)
{
    int j, strict = 0;
    for (j = 0; j < C->ncol; j++) {
        int s = fmpz_sgn(lam + j) * sgn;
        if (s == 0 || C->mask[j] == CSR_ZERO) continue;   /* T_j = 0 at the point: any lambda */
        if (s < 0) return 0;
        if (C->mask[j] == CSR_POS) strict = 1;
    }
    return strict;
}

/* sum_j lambda_j T_j == 0 exactly (the relation checked by polynomial arithmetic) */
static int relation_holds(const fmpz *lam, const csr_cols *C, const fmpq_mpoly_ctx_t ctx, csr_nf_fn nf,
                          const void *nfdata)
{
    fmpq_mpoly_t s, t;
    int j, r;
    fmpq_mpoly_init(s, ctx); fmpq_mpoly_init(t, ctx);
    for (j = 0; j < C->ncol; j++) {
        if (fmpz_is_zero(lam + j)) continue;
        fmpq_mpoly_scalar_mul_fmpz(t, C->col + j, lam + j, ctx);
        fmpq_mpoly_add(s, s, t, ctx);
    }
    nf(s, s, nfdata);
    r = fmpq_mpoly_is_zero(s, ctx);
    fmpq_mpoly_clear(s, ctx); fmpq_mpoly_clear(t, ctx);
    return r;
}

/* lexicographic comparison of exponent vectors (variable 0 most significant) */
static int exp_cmp(const ulong *a, const ulong *b, slong nv)
{
    slong v;
    for (v = 0; v < nv; v++)
        if (a[v] != b[v]) return a[v] < b[v] ? -1 : 1;
    return 0;
}

/* row of monomial e among the nrow sorted (decreasing) ones, or -1 */
static slong row_of(const ulong *rows, slong nrow, const ulong *e, slong nv)
{
    slong lo = 0, hi = nrow - 1;
    while (lo <= hi) {
        slong m = (lo + hi) / 2;
        int c = exp_cmp(rows + m * nv, e, nv);
        if (c == 0) return m;
        if (c > 0) lo = m + 1;
        else hi = m - 1;
    }
    return -1;
}

/* Phase 1 of the simplex method (dense tableau, Bland's rule, double precision) for: Z lam = 0, the sum of
 * lam over the strict columns = 1, lam_j >= 0 for every column whose signs are not {0} (those are free,
 * split in two). Writes the columns of a feasible basic solution's support to supp and returns their
 * number, or 0. Only a proposal: the caller derives the relation exactly. */
static int lp_support(int *supp, const fmpz_mat_t Z, const csr_cols *C)
{
    slong R = fmpz_mat_nrows(Z) + 1, nc = C->ncol, nv = 0, N, i, j, it;
    slong *vcol, *basis;
    double *T, *rhs, *cost, obj = 0;
    int ns = 0;
    vcol = flint_malloc(sizeof(slong) * 2 * nc);
    for (j = 0; j < nc; j++) {
        vcol[nv++] = j;
        if (C->mask[j] == CSR_ZERO) vcol[nv++] = -j - 1;       /* the negative part of a free lambda */
    }
    N = nv + R;
    T = flint_calloc(R * N, sizeof(double));
    rhs = flint_calloc(R, sizeof(double));
    cost = flint_calloc(N, sizeof(double));
    basis = flint_malloc(sizeof(slong) * R);
    for (i = 0; i < R - 1; i++) {
        double mx = 0;
        for (j = 0; j < nc; j++) {
            double v = fabs(fmpz_get_d(fmpz_mat_entry(Z, i, j)));
            if (v > mx) mx = v;
        }
        if (mx == 0) mx = 1;
        for (j = 0; j < nv; j++) {
            slong c = vcol[j] >= 0 ? vcol[j] : -vcol[j] - 1;
            double v = fmpz_get_d(fmpz_mat_entry(Z, i, c)) / mx;
            T[i * N + j] = vcol[j] >= 0 ? v : -v;
        }
    }
    for (j = 0; j < nv; j++) T[(R - 1) * N + j] = vcol[j] >= 0 && C->mask[vcol[j]] == CSR_POS ? 1 : 0;
    rhs[R - 1] = 1;
    for (i = 0; i < R; i++) { T[i * N + nv + i] = 1; basis[i] = nv + i; }
    for (j = 0; j < nv; j++) for (i = 0; i < R; i++) cost[j] -= T[i * N + j];
    for (i = 0; i < R; i++) obj -= rhs[i];
    for (it = 0; it < CSR_MAXIT; it++) {
        slong e = -1, l = -1;
        double best = 0;
        for (j = 0; j < N; j++) if (cost[j] < -1e-11) { e = j; break; }
        if (e < 0) break;
        for (i = 0; i < R; i++) {
            double a = T[i * N + e];
            if (a > 1e-9) {
                double q = rhs[i] / a;
                if (l < 0 || q < best - 1e-14 || (q <= best + 1e-14 && basis[i] < basis[l])) { l = i; best = q; }
            }
        }
        if (l < 0) break;
        {
            double pv = T[l * N + e], f;
            for (j = 0; j < N; j++) T[l * N + j] /= pv;
            rhs[l] /= pv;
            for (i = 0; i < R; i++) {
                if (i == l || (f = T[i * N + e]) == 0) continue;
                for (j = 0; j < N; j++) T[i * N + j] -= f * T[l * N + j];
                rhs[i] -= f * rhs[l];
            }
            f = cost[e];
            for (j = 0; j < N; j++) cost[j] -= f * T[l * N + j];
            obj -= f * rhs[l];
            basis[l] = e;
        }
    }
    if (obj > -1e-6) {          /* the artificial variables are about 0: the basic columns, whatever their values */
        char *in = flint_calloc(nc, 1);
        for (i = 0; i < R; i++)
            if (basis[i] < nv) {
                slong c = vcol[basis[i]] >= 0 ? vcol[basis[i]] : -vcol[basis[i]] - 1;
                if (!in[c]) { in[c] = 1; supp[ns++] = (int) c; }
            }
        flint_free(in);
    }
    flint_free(vcol); flint_free(T); flint_free(rhs); flint_free(cost); flint_free(basis);
    return ns;
}

int claim_statics_rel_excludes(const fmpq_mpoly_struct *const *P, const int *mask, const int *dep, int n,
                               const fmpq_mpoly_ctx_t ctx, csr_nf_fn nf, const void *nfdata)
{
    csr_cols *C = flint_calloc(1, sizeof(csr_cols));
    slong nv = fmpq_mpoly_ctx_nvars(ctx), nrow = 0, i, k, t, r;
    ulong *rows = NULL, *e = NULL;
    fmpq_mpoly_t p;
    fmpq_mat_t M;
    fmpz_mat_t Z;
    fmpz *den = NULL, *lam = NULL;
    int found = 0, full = 0;
    slong nul, b;

    fmpq_mpoly_init(p, ctx);
    /* the columns: 1, the P_i, their squares and products */
    fmpq_mpoly_one(p, ctx);
    col_add(C, p, CSR_POS, ctx);
    for (i = 0; i < n && !full; i++) {
        nf(p, P[i], nfdata);
        full = col_add(C, p, mask[i], ctx) != 0;
    }
    for (i = 0; i < n && !full; i++)
        for (k = i; k < n && !full; k++) {
            int m = i == k ? mask_sq(mask[i]) : mask_mul(mask[i], mask[k]);
            if (mask_mixed(m) || (!dep[i] && !dep[k])) continue;
            fmpq_mpoly_mul(p, P[i], P[k], ctx);
            nf(p, p, nfdata);
            full = col_add(C, p, m, ctx) != 0;
        }
    if (full || C->ncol < 2) goto done;
    /* the coefficient matrix: one row per monomial of the columns, sorted (the terms of their sum with
       every coefficient made 1, so that nothing cancels) */
    {
        fmpq_mpoly_t U, one;
        fmpq_t q1;
        fmpq_init(q1);
        fmpq_one(q1);
        fmpq_mpoly_init(U, ctx); fmpq_mpoly_init(one, ctx);
        for (k = 0; k < C->ncol; k++) {
            fmpq_mpoly_set(one, C->col + k, ctx);
            for (t = 0; t < fmpq_mpoly_length(one, ctx); t++) fmpq_mpoly_set_term_coeff_fmpq(one, t, q1, ctx);
            fmpq_mpoly_add(U, U, one, ctx);
        }
        nrow = fmpq_mpoly_length(U, ctx);
        if (nrow <= CSR_MAXROW) {
            rows = flint_malloc(sizeof(ulong) * nv * (nrow + 1));
            for (t = 0; t < nrow; t++) fmpq_mpoly_get_term_exp_ui(rows + t * nv, U, t, ctx);
            for (t = 1; t < nrow; t++)            /* the order relied on by row_of */
                if (exp_cmp(rows + (t - 1) * nv, rows + t * nv, nv) <= 0) full = 1;
        } else full = 1;
        fmpq_mpoly_clear(U, ctx); fmpq_mpoly_clear(one, ctx);
        fmpq_clear(q1);
    }
    e = flint_malloc(sizeof(ulong) * nv);
    if (full || ctx->zctx->minfo->ord != ORD_LEX || (nrow + 1) * (2 * C->ncol + nrow + 1) > CSR_MAXLP) goto done;
    fmpq_mat_init(M, nrow, C->ncol);
    for (k = 0; k < C->ncol; k++)
        for (t = 0; t < fmpq_mpoly_length(C->col + k, ctx); t++) {
            fmpq_mpoly_get_term_exp_ui(e, C->col + k, t, ctx);
            r = row_of(rows, nrow, e, nv);      /* found: every monomial of a column is a term of the sum */
            if (r >= 0) fmpq_mpoly_get_term_coeff_fmpq(fmpq_mat_entry(M, r, k), C->col + k, t, ctx);
            else full = 1;
        }
    if (full) { fmpq_mat_clear(M); goto done; }
    fmpz_mat_init(Z, nrow, C->ncol);
    den = _fmpz_vec_init(nrow);
    fmpq_mat_get_fmpz_mat_rowwise(Z, den, M);     /* each row scaled: the same kernel */
    lam = _fmpz_vec_init(C->ncol);
    /* a relation proposed by a linear program in double precision (its support only), then the kernel
       of the exact matrix restricted to that support */
    {
        int *supp = flint_malloc(sizeof(int) * C->ncol), ns;
        ns = lp_support(supp, Z, C);
        if (ns > 0) {
            fmpz_mat_t Zs, Xs;
            slong r2;
            fmpz_mat_init(Zs, nrow, ns);
            fmpz_mat_init(Xs, ns, ns);
            for (r2 = 0; r2 < nrow; r2++)
                for (k = 0; k < ns; k++) fmpz_set(fmpz_mat_entry(Zs, r2, k), fmpz_mat_entry(Z, r2, supp[k]));
            nul = fmpz_mat_nullspace(Xs, Zs);
            for (b = 0; b < nul && !found; b++) {
                int sg;
                _fmpz_vec_zero(lam, C->ncol);
                for (k = 0; k < ns; k++) fmpz_set(lam + supp[k], fmpz_mat_entry(Xs, k, b));
                for (sg = -1; sg <= 1 && !found; sg += 2)
                    if (lambda_contradicts(lam, C, sg)) {
                        if (sg < 0) _fmpz_vec_neg(lam, lam, C->ncol);
                        found = relation_holds(lam, C, ctx, nf, nfdata);
                    }
            }
            fmpz_mat_clear(Zs);
            fmpz_mat_clear(Xs);
        }
        flint_free(supp);
    }
    _fmpz_vec_clear(lam, C->ncol);
    _fmpz_vec_clear(den, nrow);
    fmpz_mat_clear(Z);
    fmpq_mat_clear(M);
done:
    flint_free(rows);
    flint_free(e);
    for (k = 0; k < C->ncol; k++) fmpq_mpoly_clear(C->col + k, ctx);
    flint_free(C);
    fmpq_mpoly_clear(p, ctx);
    return found;
}

/* ------------------------------------------------------------ the memo */

#define CSR_MEMO_MAX 512

typedef struct {
    int n, found;
    int *mask, *dep;
    fmpq_mpoly_struct *P;   /* copies of the question's polynomials */
} csr_memo_entry;

struct csr_memo_struct {
    slong len;
    csr_memo_entry e[CSR_MEMO_MAX];
};

csr_memo_t csr_memo_new(void) { return flint_calloc(1, sizeof(csr_memo_struct)); }

void csr_memo_free(csr_memo_t memo, const fmpq_mpoly_ctx_t ctx)
{
    slong j;
    int i;
    if (memo == NULL) return;
    for (j = 0; j < memo->len; j++) {
        csr_memo_entry *en = memo->e + j;
        for (i = 0; i < en->n; i++) fmpq_mpoly_clear(en->P + i, ctx);
        flint_free(en->P);
        flint_free(en->mask);
        flint_free(en->dep);
    }
    flint_free(memo);
}

int claim_statics_rel_excludes_memo(csr_memo_t memo, const fmpq_mpoly_struct *const *P, const int *mask,
                                    const int *dep, int n, const fmpq_mpoly_ctx_t ctx, csr_nf_fn nf,
                                    const void *nfdata)
{
    slong j;
    int i, found;
    if (memo != NULL)
        for (j = 0; j < memo->len; j++) {
            const csr_memo_entry *en = memo->e + j;
            if (en->n != n) continue;
            for (i = 0; i < n; i++)
                if (en->mask[i] != mask[i] || en->dep[i] != dep[i] || !fmpq_mpoly_equal(en->P + i, P[i], ctx)) break;
            if (i == n) return en->found;
        }
    found = claim_statics_rel_excludes(P, mask, dep, n, ctx, nf, nfdata);
    if (memo != NULL && memo->len < CSR_MEMO_MAX) {
        csr_memo_entry *en = memo->e + memo->len++;
        en->n = n;
        en->found = found;
        en->mask = flint_malloc(sizeof(int) * (n + 1));
        en->dep = flint_malloc(sizeof(int) * (n + 1));
        en->P = flint_malloc(sizeof(fmpq_mpoly_struct) * (n + 1));
        for (i = 0; i < n; i++) {
            en->mask[i] = mask[i];
            en->dep[i] = dep[i];
            fmpq_mpoly_init(en->P + i, ctx);
            fmpq_mpoly_set(en->P + i, P[i], ctx);
        }
    }
    return found;
}
