/* alg_field_num.c -- general generators of the field of constants (see
 * alg_field_gen_num in alg.h): a real algebraic number alpha of degree d
 * given by its irreducible polynomial and an isolating interval.
 *
 * Soundness rests on one invariant, checked when a generator is added: the
 * field Q(g_1, ..., g_k) has degree prod d_i over Q. Then the reduced
 * monomials (exponent < d_i in g_i) are a basis, so a reduced polynomial in
 * the generators (with coefficients polynomial in other variables) vanishes
 * at the generators' values iff it is the zero polynomial, and the minimal
 * polynomial of g_i stays irreducible over the other generators' field. The
 * check: for a combination theta = sum c_i g_i, the iterated resultant
 *   chi(x) = res_{y_k}( ... res_{y_1}(x - c_1 y_1, m_1(y_1)) ..., m_k(y_k))
 * is prod over all tuples of roots (beta_1, ..., beta_k) of (x - sum c_i beta_i),
 * of degree prod d_i. If chi is irreducible, theta has degree prod d_i, so
 * the field (which contains theta and has degree at most prod d_i) has full
 * degree. If chi is square-free but reducible, the field cannot have full
 * degree (then every tuple is an embedding, chi is theta's characteristic
 * polynomial, a power of its minimal polynomial, square-free only if equal
 * to it): the generator is refused. A chi with repeated roots is retried
 * with other c (a few times, then refused: refusing is always safe). */
#include <string.h>
#include <flint/fmpq_mat.h>
#include <flint/fmpz_lll.h>
#include "alg/alg.h"

#define FIELD_MAXDEG 64

slong alg_field_num_count(const alg_field_t F)
{
    slong i, n = 0;
    for (i = 0; i < F->n; i++)
        if (F->num[i] != NULL) n++;
    return n;
}

/* m as the polynomial of generator i (sqrt(p): x^2 - p). */
static void gen_poly(fmpz_poly_t m, const alg_field_t F, slong i)
{
    if (F->num[i] != NULL) fmpz_poly_set(m, F->num[i]->m);
    else {
        fmpz_poly_zero(m);
        fmpz_poly_set_coeff_ui(m, 2, 1);
        fmpz_poly_set_coeff_si(m, 0, -(slong) F->prime[i]);
    }
}

/* chi for the polynomials m[0..k-1] and coefficients c: into P. */
static void char_poly(fmpq_poly_t P, const fmpz_poly_struct *m, slong k, const slong *c)
{
    fmpq_mpoly_ctx_t ctx;
    fmpq_mpoly_t Q, L, t, M, R;
    slong j, e, nt;
    ulong ex[2];
    fmpq_t q;
    fmpq_mpoly_ctx_init(ctx, 2, ORD_LEX);
    fmpq_mpoly_init(Q, ctx); fmpq_mpoly_init(L, ctx); fmpq_mpoly_init(t, ctx);
    fmpq_mpoly_init(M, ctx); fmpq_mpoly_init(R, ctx);
    fmpq_init(q);
    fmpq_poly_zero(P);
    fmpq_poly_set_coeff_si(P, 1, 1);   /* theta = 0 so far: chi = x */
    for (j = 0; j < k; j++) {
        /* Q = P(x - c_j y) */
        fmpq_mpoly_gen(L, 0, ctx);
        fmpq_mpoly_gen(t, 1, ctx);
        fmpq_mpoly_scalar_mul_si(t, t, c[j], ctx);
        fmpq_mpoly_sub(L, L, t, ctx);
        fmpq_mpoly_zero(Q, ctx);
        for (e = fmpq_poly_degree(P); e >= 0; e--) {
            fmpq_poly_get_coeff_fmpq(q, P, e);
            fmpq_mpoly_mul(Q, Q, L, ctx);
            fmpq_mpoly_add_fmpq(Q, Q, q, ctx);
        }
        /* M = m_j(y) */
        fmpq_mpoly_zero(M, ctx);
        for (e = 0; e <= fmpz_poly_degree(m + j); e++) {
            ex[0] = 0;
            ex[1] = e;
            fmpq_set_fmpz(q, m[j].coeffs + e);
            fmpq_mpoly_set_coeff_fmpq_ui(M, q, ex, ctx);
        }
        fmpq_mpoly_resultant(R, Q, M, 1, ctx);
        fmpq_poly_zero(P);
        nt = fmpq_mpoly_length(R, ctx);
        for (e = 0; e < nt; e++) {
            fmpq_mpoly_get_term_exp_ui(ex, R, e, ctx);
            fmpq_mpoly_get_term_coeff_fmpq(q, R, e, ctx);
            fmpq_poly_set_coeff_fmpq(P, ex[0], q);
        }
    }
    fmpq_clear(q);
    fmpq_mpoly_clear(Q, ctx); fmpq_mpoly_clear(L, ctx); fmpq_mpoly_clear(t, ctx);
    fmpq_mpoly_clear(M, ctx); fmpq_mpoly_clear(R, ctx);
    fmpq_mpoly_ctx_clear(ctx);
}

int _alg_field_independent(const alg_field_t F, ulong p, const alg_num_struct *a)
{
    fmpz_poly_struct m[ALG_FIELD_MAX + 1];
    slong c[ALG_FIELD_MAX + 1], k = 0, i, deg = 1, t;
    int verdict = 0;
    for (i = 0; i < F->n; i++) {
        fmpz_poly_init(m + k);
        gen_poly(m + k, F, i);
        deg *= fmpz_poly_degree(m + k);
        k++;
    }
    fmpz_poly_init(m + k);
    if (a != NULL) fmpz_poly_set(m + k, a->m);
    else {
        fmpz_poly_set_coeff_ui(m + k, 2, 1);
        fmpz_poly_set_coeff_si(m + k, 0, -(slong) p);
    }
    deg *= fmpz_poly_degree(m + k);
    k++;
    for (t = 0; t < 4 && deg <= FIELD_MAXDEG && verdict == 0; t++) {
        fmpq_poly_t P;
        fmpz_poly_t Z, D, G;
        fmpz_poly_factor_t fac;
        for (i = 0; i < k; i++) c[i] = 1 + i * (t + 1) + t * t;
        fmpq_poly_init(P);
        fmpz_poly_init(Z); fmpz_poly_init(D); fmpz_poly_init(G);
        char_poly(P, m, k, c);
        fmpq_poly_get_numerator(Z, P);
        if (fmpz_poly_degree(Z) == deg) {
            fmpz_poly_derivative(D, Z);
            fmpz_poly_gcd(G, Z, D);
            if (fmpz_poly_degree(G) == 0) {   /* square-free: decisive */
                fmpz_poly_factor_init(fac);
                fmpz_poly_factor(fac, Z);
                verdict = (fac->num == 1 && fac->exp[0] == 1) ? 1 : -1;
                fmpz_poly_factor_clear(fac);
            }
        }
        fmpq_poly_clear(P);
        fmpz_poly_clear(Z); fmpz_poly_clear(D); fmpz_poly_clear(G);
    }
    for (i = 0; i < k; i++) fmpz_poly_clear(m + i);
    return verdict == 1;
}

slong alg_field_gen_num(alg_field_t F, const alg_num_t a)
{
    slong i;
    if (fmpz_poly_degree(a->m) < 2) return -1;
    for (i = 0; i < F->n; i++)
        if (F->num[i] != NULL && alg_num_equal(F->num[i], a)) return F->first + i;
    if (F->n == ALG_FIELD_MAX || !_alg_field_independent(F, 0, a)) return -1;
    F->num[F->n] = flint_malloc(sizeof(alg_num_struct));
    alg_num_init(F->num[F->n]);
    alg_num_set(F->num[F->n], a);
    F->prime[F->n] = 0;
    return F->first + F->n++;
}

void _alg_field_num_reduce(fmpq_mpoly_t a, const alg_field_t F, const fmpq_mpoly_ctx_t ctx)
{
    slong i, k, j, nv = fmpq_mpoly_ctx_nvars(ctx);
    ulong *ex = flint_malloc(nv * sizeof(ulong));
    for (i = 0; i < F->n; i++) {
        slong v = F->first + i, d, len, maxe;
        fmpq_poly_t mq, xe, rem;
        fmpq_mpoly_t r;
        fmpq_t q, cq;
        if (F->num[i] == NULL) continue;
        d = fmpz_poly_degree(F->num[i]->m);
        maxe = fmpq_mpoly_degree_si(a, v, ctx);
        if (maxe < d) continue;
        fmpq_poly_init(mq); fmpq_poly_init(xe); fmpq_poly_init(rem);
        fmpq_mpoly_init(r, ctx);
        fmpq_init(q); fmpq_init(cq);
        fmpq_poly_set_fmpz_poly(mq, F->num[i]->m);
        len = fmpq_mpoly_length(a, ctx);
        for (k = 0; k < len; k++) {
            ulong e;
            fmpq_mpoly_get_term_exp_ui(ex, a, k, ctx);
            fmpq_mpoly_get_term_coeff_fmpq(q, a, k, ctx);
            e = ex[v];
            if ((slong) e < d) {
                fmpq_mpoly_push_term_fmpq_ui(r, q, ex, ctx);
                continue;
            }
            /* g^e = (x^e mod m)(g) */
            fmpq_poly_zero(xe);
            fmpq_poly_set_coeff_si(xe, e, 1);
            fmpq_poly_rem(rem, xe, mq);
            for (j = 0; j <= fmpq_poly_degree(rem); j++) {
                fmpq_poly_get_coeff_fmpq(cq, rem, j);
                if (fmpq_is_zero(cq)) continue;
                fmpq_mul(cq, cq, q);
                ex[v] = j;
                fmpq_mpoly_push_term_fmpq_ui(r, cq, ex, ctx);
            }
        }
        fmpq_mpoly_sort_terms(r, ctx);
        fmpq_mpoly_combine_like_terms(r, ctx);
        fmpq_mpoly_swap(a, r, ctx);
        fmpq_poly_clear(mq); fmpq_poly_clear(xe); fmpq_poly_clear(rem);
        fmpq_mpoly_clear(r, ctx);
        fmpq_clear(q); fmpq_clear(cq);
    }
    flint_free(ex);
}

void _alg_field_num_norm_step(fmpq_mpoly_t out, const alg_field_t F, slong i, const fmpq_mpoly_ctx_t ctx)
{
    slong e, v = F->first + i, nv = fmpq_mpoly_ctx_nvars(ctx);
    ulong *ex = flint_calloc(nv, sizeof(ulong));
    fmpq_mpoly_t M, R;
    fmpq_t q;
    fmpq_mpoly_init(M, ctx);
    fmpq_mpoly_init(R, ctx);
    fmpq_init(q);
    for (e = 0; e <= fmpz_poly_degree(F->num[i]->m); e++) {
        ex[v] = e;
        fmpq_set_fmpz(q, F->num[i]->m->coeffs + e);
        fmpq_mpoly_set_coeff_fmpq_ui(M, q, ex, ctx);
    }
    /* the product of out over the roots of m (times a power of lc(m)): zero at
       a point where out vanishes at alpha */
    if (alg_resultant(R, out, M, v, ctx) == 0) fmpq_mpoly_swap(out, R, ctx);
    else fmpq_mpoly_zero(out, ctx);   /* cannot happen (deg_g out >= 1); zero is the safe answer */
    alg_field_reduce(out, F, ctx);
    fmpq_mpoly_clear(M, ctx);
    fmpq_mpoly_clear(R, ctx);
    fmpq_clear(q);
    flint_free(ex);
}

int _alg_field_num_inv(fmpq_mpoly_t out, const fmpq_mpoly_t a, const alg_field_t F, const fmpq_mpoly_ctx_t ctx)
{
    slong d[ALG_FIELD_MAX], D = 1, i, j, k, nv = fmpq_mpoly_ctx_nvars(ctx);
    ulong *ex = flint_calloc(nv, sizeof(ulong));
    fmpq_mpoly_t x, b;
    fmpq_mat_t M, X, B;
    fmpq_t q;
    int rc = -1;
    if (!alg_field_is_const(a, F, ctx) || fmpq_mpoly_is_zero(a, ctx)) {
        flint_free(ex);
        return -1;
    }
    for (i = 0; i < F->n; i++) {
        d[i] = F->num[i] != NULL ? fmpz_poly_degree(F->num[i]->m) : 2;
        D *= d[i];
    }
    fmpq_mpoly_init(x, ctx);
    fmpq_mpoly_init(b, ctx);
    fmpq_init(q);
    fmpq_mat_init(M, D, D);
    fmpq_mat_init(X, D, 1);
    fmpq_mat_init(B, D, 1);
    /* basis monomial j: exponents the mixed-radix digits of j */
    for (j = 0; j < D; j++) {
        slong r = j;
        for (i = 0; i < F->n; i++) { ex[F->first + i] = r % d[i]; r /= d[i]; }
        fmpq_mpoly_zero(b, ctx);
        fmpq_one(q);
        fmpq_mpoly_set_coeff_fmpq_ui(b, q, ex, ctx);
        fmpq_mpoly_mul(x, a, b, ctx);
        alg_field_reduce(x, F, ctx);
        for (k = 0; k < fmpq_mpoly_length(x, ctx); k++) {
            slong row = 0, mul = 1;
            fmpq_mpoly_get_term_exp_ui(ex, x, k, ctx);
            for (i = 0; i < F->n; i++) { row += mul * ex[F->first + i]; mul *= d[i]; }
            fmpq_mpoly_get_term_coeff_fmpq(fmpq_mat_entry(M, row, j), x, k, ctx);
        }
        for (i = 0; i < nv; i++) ex[i] = 0;
    }
    fmpq_one(fmpq_mat_entry(B, 0, 0));   /* the element 1 */
    if (fmpq_mat_solve(X, M, B)) {
        fmpq_mpoly_zero(x, ctx);
        for (j = 0; j < D; j++) {
            slong r = j;
            if (fmpq_is_zero(fmpq_mat_entry(X, j, 0))) continue;
            for (i = 0; i < nv; i++) ex[i] = 0;
            for (i = 0; i < F->n; i++) { ex[F->first + i] = r % d[i]; r /= d[i]; }
            fmpq_mpoly_set_coeff_fmpq_ui(x, fmpq_mat_entry(X, j, 0), ex, ctx);
        }
        fmpq_mpoly_swap(out, x, ctx);
        rc = 0;
    }
    fmpq_mat_clear(M);
    fmpq_mat_clear(X);
    fmpq_mat_clear(B);
    fmpq_mpoly_clear(x, ctx);
    fmpq_mpoly_clear(b, ctx);
    fmpq_clear(q);
    flint_free(ex);
    return rc;
}

char *alg_field_gen_text(const alg_field_t F, slong i)
{
    char *s, *p, *lo, *hi;
    if (F->num[i] == NULL) {
        s = flint_malloc(32);
        snprintf(s, 32, "sqrt(%lu)", F->prime[i]);
        return s;
    }
    p = fmpz_poly_get_str_pretty(F->num[i]->m, "x");
    lo = fmpq_get_str(NULL, 10, F->num[i]->lo);
    hi = fmpq_get_str(NULL, 10, F->num[i]->hi);
    s = flint_malloc(strlen(p) + strlen(lo) + strlen(hi) + 40);
    sprintf(s, "the root of %s in [%s, %s]", p, lo, hi);
    flint_free(p);
    flint_free(lo);
    flint_free(hi);
    return s;
}

/* y = the sum of c_j times basis monomial j (mixed radix over d). */
static void basis_element(fmpq_mpoly_t y, const fmpz *c, const fmpz_t den, const slong *d, slong D,
                          const alg_field_t F, const fmpq_mpoly_ctx_t ctx)
{
    slong j, i, nv = fmpq_mpoly_ctx_nvars(ctx);
    ulong *ex = flint_calloc(nv, sizeof(ulong));
    fmpq_t q;
    fmpq_init(q);
    fmpq_mpoly_zero(y, ctx);
    for (j = 0; j < D; j++) {
        slong r = j;
        if (fmpz_is_zero(c + j)) continue;
        for (i = 0; i < F->n; i++) { ex[F->first + i] = r % d[i]; r /= d[i]; }
        fmpq_set_fmpz_frac(q, c + j, den);
        fmpq_mpoly_set_coeff_fmpq_ui(y, q, ex, ctx);
    }
    fmpq_clear(q);
    flint_free(ex);
}

int alg_field_express(fmpq_mpoly_t out, const alg_field_t F, const alg_num_t a, const fmpq_mpoly_ctx_t ctx)
{
    slong d[ALG_FIELD_MAX], D = 1, i, j, k, nv = fmpq_mpoly_ctx_nvars(ctx), bits;
    arb_ptr v;
    arb_t t, alpha;
    fmpq_mpoly_t y, z, pw;
    int rc = -1;
    if (F->n == 0) return -1;
    for (i = 0; i < F->n; i++) {
        d[i] = F->num[i] != NULL ? fmpz_poly_degree(F->num[i]->m) : 2;
        D *= d[i];
    }
    /* the degree must divide D; the lattice is kept small (dimension <= 33) */
    if (D > 32 || D % fmpz_poly_degree(a->m) != 0) return -1;
    v = _arb_vec_init(nv);
    arb_init(t);
    arb_init(alpha);
    fmpq_mpoly_init(y, ctx);
    fmpq_mpoly_init(z, ctx);
    fmpq_mpoly_init(pw, ctx);
    for (bits = 256; bits <= 1024 && rc != 0; bits *= 2) {
        fmpz_mat_t B;
        fmpz_lll_t fl;
        slong prec = 2 * bits + 64;
        int ok = 1;
        alg_field_gen_balls(v, F, prec);
        {
            alg_num_t b;   /* a copy: the enclosure may narrow its interval */
            alg_num_init(b);
            alg_num_set(b, a);
            alg_num_enclosure(alpha, b, prec);
            alg_num_clear(b);
        }
        fmpz_mat_init(B, D + 1, D + 2);
        /* rows: e_j | round(2^bits * value_j); values: basis monomials, then alpha */
        for (j = 0; j <= D && ok; j++) {
            fmpz_one(fmpz_mat_entry(B, j, j));
            if (j < D) {
                slong r = j;
                arb_one(t);
                for (i = 0; i < F->n; i++) {
                    arb_t p;
                    arb_init(p);
                    arb_pow_ui(p, v + F->first + i, r % d[i], prec);
                    arb_mul(t, t, p, prec);
                    arb_clear(p);
                    r /= d[i];
                }
            } else arb_set(t, alpha);
            arb_mul_2exp_si(t, t, bits);
            if (!arf_is_finite(arb_midref(t))) ok = 0;
            else arf_get_fmpz(fmpz_mat_entry(B, j, D + 1), arb_midref(t), ARF_RND_NEAR);
        }
        if (ok) {
            fmpz_lll_context_init_default(fl);
            fmpz_lll(B, NULL, fl);
            /* try each reduced row with a nonzero alpha coefficient: verified exactly below */
            for (k = 0; k <= D && rc != 0; k++) {
                fmpz_t den;
                fmpz *c;
                if (fmpz_is_zero(fmpz_mat_entry(B, k, D))) continue;
                fmpz_init(den);
                c = _fmpz_vec_init(D);
                fmpz_neg(den, fmpz_mat_entry(B, k, D));
                for (j = 0; j < D; j++) fmpz_set(c + j, fmpz_mat_entry(B, k, j));
                basis_element(y, c, den, d, D, F, ctx);   /* y = -sum c_j b_j / c_alpha */
                /* exact: m(y) = 0 in the field */
                fmpq_mpoly_zero(z, ctx);
                for (j = fmpz_poly_degree(a->m); j >= 0; j--) {
                    fmpq_t q;
                    fmpq_init(q);
                    fmpq_set_fmpz(q, a->m->coeffs + j);
                    fmpq_mpoly_mul(z, z, y, ctx);
                    alg_field_reduce(z, F, ctx);
                    fmpq_mpoly_add_fmpq(z, z, q, ctx);
                    fmpq_clear(q);
                }
                if (fmpq_mpoly_is_zero(z, ctx)) {
                    /* y is a root of m; it is alpha iff it lies in alpha's isolating interval */
                    arb_t lo, hi;
                    arb_init(lo);
                    arb_init(hi);
                    alg_mpoly_eval_balls(t, y, v, ctx, prec);
                    arb_set_fmpq(lo, a->lo, prec);
                    arb_set_fmpq(hi, a->hi, prec);
                    if (fmpq_equal(a->lo, a->hi) ? arb_overlaps(t, lo) : (arb_gt(t, lo) && arb_lt(t, hi))) {
                        fmpq_mpoly_set(out, y, ctx);
                        rc = 0;
                    }
                    arb_clear(lo);
                    arb_clear(hi);
                }
                fmpz_clear(den);
                _fmpz_vec_clear(c, D);
            }
        }
        fmpz_mat_clear(B);
    }
    _arb_vec_clear(v, nv);
    arb_clear(t);
    arb_clear(alpha);
    fmpq_mpoly_clear(y, ctx);
    fmpq_mpoly_clear(z, ctx);
    fmpq_mpoly_clear(pw, ctx);
    return rc;
}

int _alg_field_sqrt_express(fmpq_mpoly_t out, const alg_field_t F, ulong p, const fmpq_mpoly_ctx_t ctx)
{
    alg_num_t a;
    int rc;
    alg_num_init(a);
    fmpz_poly_set_coeff_ui(a->m, 2, 1);
    fmpz_poly_set_coeff_si(a->m, 0, -(slong) p);
    fmpq_one(a->lo);
    fmpq_set_ui(a->hi, p, 1);   /* sqrt(p) in (1, p) for a prime p */
    rc = alg_field_express(out, F, a, ctx);
    alg_num_clear(a);
    return rc;
}
