/* alg_num.c -- real algebraic numbers: an irreducible integer polynomial and
 * an isolating rational interval (see alg_num.h). Everything is exact except
 * alg_num_enclosure, whose ball is proved to contain the number. */
#include <stdlib.h>
#include <string.h>
#include "alg/alg.h"

#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11
#pragma GCC diagnostic ignored "-Wstringop-overread"
#endif

void alg_num_init(alg_num_t a)
{
    fmpz_poly_init(a->m);
    fmpq_init(a->lo);
    fmpq_init(a->hi);
}

void alg_num_clear(alg_num_t a)
{
    fmpz_poly_clear(a->m);
    fmpq_clear(a->lo);
    fmpq_clear(a->hi);
}

void alg_num_set(alg_num_t a, const alg_num_t b)
{
    fmpz_poly_set(a->m, b->m);
    fmpq_set(a->lo, b->lo);
    fmpq_set(a->hi, b->hi);
}

static void normalise(fmpz_poly_t m)
{
    fmpz_poly_primitive_part(m, m);
    if (fmpz_sgn(fmpz_poly_lead(m)) < 0) fmpz_poly_neg(m, m);
}

static int sign_at(const fmpz_poly_t f, const fmpq_t c)
{
    fmpq_t v;
    int s;
    fmpq_init(v);
    fmpz_poly_evaluate_fmpq(v, f, c);
    s = fmpq_sgn(v);
    fmpq_clear(v);
    return s;
}

int alg_num_root_in_interval(alg_num_t a, const fmpq_poly_t p, const fmpq_t lo, const fmpq_t hi, slong k)
{
    alg_roots_t r;
    slong first, count;
    int rc = -1;
    if (k < 1 || fmpq_poly_is_zero(p)) return -1;
    alg_roots_init(r);
    alg_roots_isolate(r, p);
    count = alg_roots_in_interval(&first, r, lo, hi);
    if (count >= k) {
        alg_root_struct *x = r->root + first + k - 1;
        fmpz_poly_set(a->m, r->fac->p + x->factor);
        normalise(a->m);
        fmpq_set(a->lo, x->lo);
        fmpq_set(a->hi, x->hi);
        if (fmpz_poly_degree(a->m) == 1) {   /* a rational root: exactly -m0/m1 */
            fmpq_set_fmpz_frac(a->lo, a->m->coeffs + 0, a->m->coeffs + 1);
            fmpq_neg(a->lo, a->lo);
            fmpq_set(a->hi, a->lo);
        }
        rc = 0;
    }
    alg_roots_clear(r);
    return rc;
}

int alg_num_cos_2pi(alg_num_t a, ulong M)
{
    fmpz_poly_t psi;
    fmpz_t pw;
    slong i, d, n;
    fmpq *lo, *hi;
    if (M == 0) return -1;
    /* the degree is phi(M)/2 (1 for M <= 2): refuse large ones before computing */
    if (M > 2 && n_euler_phi(M) / 2 > ALG_NUM_MAXDEG) return -1;
    fmpz_poly_init(psi);
    fmpz_init(pw);
    fmpz_poly_cos_minpoly(psi, M);     /* minimal polynomial of 2 cos(2 pi / M) */
    d = fmpz_poly_degree(psi);
    if (d > ALG_NUM_MAXDEG || d < 1) {
        fmpz_poly_clear(psi);
        fmpz_clear(pw);
        return -1;
    }
    /* m(x) = psi(2x) */
    fmpz_poly_zero(a->m);
    fmpz_one(pw);
    for (i = 0; i <= d; i++) {
        fmpz_t c;
        fmpz_init(c);
        fmpz_mul(c, psi->coeffs + i, pw);
        fmpz_poly_set_coeff_fmpz(a->m, i, c);
        fmpz_mul_ui(pw, pw, 2);
        fmpz_clear(c);
    }
    normalise(a->m);
    /* cos(2 pi k / M), gcd(k, M) = 1, are the roots: the largest is k = 1 */
    lo = _fmpq_vec_init(d);
    hi = _fmpq_vec_init(d);
    n = alg_fmpz_poly_isolate_sqf(lo, hi, a->m);
    fmpq_set(a->lo, lo + n - 1);
    fmpq_set(a->hi, hi + n - 1);
    _fmpq_vec_clear(lo, d);
    _fmpq_vec_clear(hi, d);
    fmpz_poly_clear(psi);
    fmpz_clear(pw);
    return 0;
}

/* Narrows (lo, hi) around the root by one exact bisection. */
static void bisect(alg_num_t a)
{
    fmpq_t c;
    int s, slo;
    if (fmpq_equal(a->lo, a->hi)) return;
    fmpq_init(c);
    fmpq_add(c, a->lo, a->hi);
    fmpq_div_2exp(c, c, 1);
    slo = sign_at(a->m, a->lo);
    s = sign_at(a->m, c);
    if (s == 0) { fmpq_set(a->lo, c); fmpq_set(a->hi, c); }
    else if (s == slo) fmpq_set(a->lo, c);
    else fmpq_set(a->hi, c);
    fmpq_clear(c);
}

int alg_num_equal(const alg_num_t a, const alg_num_t b)
{
    fmpq_t l, h;
    int eq = 0, sl, sh;
    if (!fmpz_poly_equal(a->m, b->m)) return 0;   /* distinct irreducibles: no common root */
    fmpq_init(l);
    fmpq_init(h);
    /* the intersection holds a root of m iff it is the same root */
    if (fmpq_cmp(a->lo, b->lo) >= 0) fmpq_set(l, a->lo); else fmpq_set(l, b->lo);
    if (fmpq_cmp(a->hi, b->hi) <= 0) fmpq_set(h, a->hi); else fmpq_set(h, b->hi);
    if (fmpq_cmp(l, h) <= 0) {
        sl = sign_at(a->m, l);
        sh = sign_at(a->m, h);
        eq = sl == 0 || sh == 0 || sl != sh;
        if (fmpq_equal(a->lo, a->hi) || fmpq_equal(b->lo, b->hi))   /* exact: compare */
            eq = fmpq_equal(a->lo, a->hi) && fmpq_equal(b->lo, b->hi) ? fmpq_equal(a->lo, b->lo) : eq;
    }
    fmpq_clear(l);
    fmpq_clear(h);
    return eq;
}

void alg_num_enclosure(arb_t out, alg_num_t a, slong prec)
{
    arb_poly_t p, dp;
    arb_t x, mid, v, d, t;
    slong wp = prec + 32, it, i;
    if (fmpq_equal(a->lo, a->hi)) {
        arb_set_fmpq(out, a->lo, prec);
        return;
    }
    arb_poly_init(p);
    arb_poly_init(dp);
    arb_init(x); arb_init(mid); arb_init(v); arb_init(d); arb_init(t);
    arb_poly_set_fmpz_poly(p, a->m, wp);
    arb_poly_derivative(dp, p, wp);
    /* exact bisection until m' is certified nonzero on [lo, hi] (it is at the
       simple root, m being square-free) */
    for (i = 0; i < 4 * wp; i++) {
        arb_set_fmpq(x, a->lo, wp);
        arb_set_fmpq(t, a->hi, wp);
        arb_union(x, x, t, wp);
        arb_poly_evaluate(d, dp, x, wp);
        if (!arb_contains_zero(d)) break;
        bisect(a);
        if (fmpq_equal(a->lo, a->hi)) break;
    }
    if (fmpq_equal(a->lo, a->hi)) {
        arb_set_fmpq(out, a->lo, prec);
        goto done;
    }
    arb_set_fmpq(x, a->lo, wp);
    arb_set_fmpq(t, a->hi, wp);
    arb_union(x, x, t, wp);
    /* interval Newton: alpha in X implies alpha in mid - m(mid) / m'(X) */
    for (it = 0; it < 64 && !arb_contains_zero(d); it++) {
        arb_get_mid_arb(mid, x);
        arb_poly_evaluate(v, p, mid, wp);
        arb_poly_evaluate(d, dp, x, wp);
        if (arb_contains_zero(d)) break;
        arb_div(t, v, d, wp);
        arb_sub(t, mid, t, wp);
        if (!arb_intersection(t, t, x, wp)) break;   /* cannot happen: alpha is in both */
        if (arb_rel_accuracy_bits(t) >= prec || mag_cmp(arb_radref(t), arb_radref(x)) >= 0) {
            arb_swap(x, t);
            break;
        }
        arb_swap(x, t);
    }
    arb_set_round(out, x, prec);
done:
    arb_poly_clear(p);
    arb_poly_clear(dp);
    arb_clear(x); arb_clear(mid); arb_clear(v); arb_clear(d); arb_clear(t);
}

char *alg_num_tag(const alg_num_t a)
{
    slong i, d = fmpz_poly_degree(a->m);
    size_t len = 16;
    char *s, *t;
    for (i = 0; i <= d; i++) len += fmpz_sizeinbase(a->m->coeffs + i, 10) + 3;
    len += fmpz_sizeinbase(fmpq_numref(a->lo), 10) + fmpz_sizeinbase(fmpq_denref(a->lo), 10) + 4;
    len += fmpz_sizeinbase(fmpq_numref(a->hi), 10) + fmpz_sizeinbase(fmpq_denref(a->hi), 10) + 4;
    s = flint_malloc(len);
    strcpy(s, "alg:");
    for (i = 0; i <= d; i++) {
        t = fmpz_get_str(NULL, 10, a->m->coeffs + i);
        strcat(s, t);
        strcat(s, " ");
        flint_free(t);
    }
    t = fmpq_get_str(NULL, 10, a->lo);
    strcat(s, t);
    strcat(s, " ");
    flint_free(t);
    t = fmpq_get_str(NULL, 10, a->hi);
    strcat(s, t);
    flint_free(t);
    return s;
}

int alg_num_from_tag(alg_num_t a, const char *tag)
{
    char *buf, *tok, *save = NULL;
    slong n = 0, i;
    int rc = 0;
    fmpq *v;
    fmpz_poly_factor_t fac;
    if (tag == NULL || strncmp(tag, "alg:", 4) != 0) return -1;
    buf = flint_malloc(strlen(tag) + 1);
    strcpy(buf, tag + 4);
    v = _fmpq_vec_init(ALG_NUM_MAXDEG + 3);
    for (tok = strtok_r(buf, " ", &save); tok != NULL && rc == 0; tok = strtok_r(NULL, " ", &save)) {
        if (n >= ALG_NUM_MAXDEG + 3 || fmpq_set_str(v + n, tok, 10) != 0) rc = -1;
        else fmpq_canonicalise(v + n), n++;
    }
    if (n < 4) rc = -1;   /* at least degree 1: two coefficients and two ends */
    if (rc == 0) {
        fmpz_poly_zero(a->m);
        for (i = 0; i < n - 2 && rc == 0; i++) {
            if (!fmpz_is_one(fmpq_denref(v + i))) rc = -1;
            else fmpz_poly_set_coeff_fmpz(a->m, i, fmpq_numref(v + i));
        }
        fmpq_set(a->lo, v + n - 2);
        fmpq_set(a->hi, v + n - 1);
    }
    if (rc == 0 && (fmpz_poly_degree(a->m) < 1 || fmpq_cmp(a->lo, a->hi) > 0)) rc = -1;
    if (rc == 0) {   /* irreducible, and [lo, hi] holds exactly one root */
        fmpz_poly_factor_init(fac);
        normalise(a->m);
        fmpz_poly_factor(fac, a->m);
        if (fac->num != 1 || fac->exp[0] != 1) rc = -1;
        fmpz_poly_factor_clear(fac);
        if (rc == 0 && fmpq_equal(a->lo, a->hi)) rc = sign_at(a->m, a->lo) == 0 ? 0 : -1;
        else if (rc == 0) {
            fmpq_poly_t q;
            alg_roots_t r;
            slong first;
            fmpq_poly_init(q);
            fmpq_poly_set_fmpz_poly(q, a->m);
            alg_roots_init(r);
            alg_roots_isolate(r, q);
            if (alg_roots_in_interval(&first, r, a->lo, a->hi) != 1) rc = -1;
            alg_roots_clear(r);
            fmpq_poly_clear(q);
        }
    }
    _fmpq_vec_clear(v, ALG_NUM_MAXDEG + 3);
    flint_free(buf);
    return rc;
}
