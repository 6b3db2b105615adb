/* alg_roots.c -- all real roots of a rational polynomial, certified:
 * irreducible factorisation over Z, VCA isolation per factor, exact
 * bisection for separation and refinement, balls from exact intervals. */
#include <stdlib.h>
#include "alg/alg.h"

/* GCC 11-12 false positive: after an inline FLINT function touches the
 * first member (num) of an fmpq in a struct, it takes the fmpq for an
 * 8-byte object and warns "reading 16 bytes from a region of size 8". */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11
#pragma GCC diagnostic ignored "-Wstringop-overread"
#endif

void alg_roots_init(alg_roots_t r)
{
    fmpz_poly_factor_init(r->fac);
    r->root = NULL;
    r->n = r->alloc = 0;
}

static void roots_reset(alg_roots_t r)
{
    slong i;
    for (i = 0; i < r->n; i++) {
        fmpq_clear(r->root[i].lo);
        fmpq_clear(r->root[i].hi);
    }
    r->n = 0;
}

void alg_roots_clear(alg_roots_t r)
{
    roots_reset(r);
    flint_free(r->root);
    fmpz_poly_factor_clear(r->fac);
}

static alg_root_struct *roots_push(alg_roots_t r)
{
    alg_root_struct *x;
    if (r->n == r->alloc) {
        r->alloc = r->alloc ? 2 * r->alloc : 8;
        r->root = flint_realloc(r->root, r->alloc * sizeof(alg_root_struct));
    }
    x = r->root + r->n++;
    fmpq_init(x->lo);
    fmpq_init(x->hi);
    x->sign_lo = 0;
    x->factor = -1;
    return x;
}

static int is_exact(const alg_root_struct *x)
{
    return fmpq_equal(x->lo, x->hi);
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

/* Cuts the interval of root x at c, lo < c < hi: keeps the side with the
 * root (sign change; the factor is square-free so the root is simple). */
static void cut_at(alg_root_struct *x, const fmpz_poly_t f, const fmpq_t c)
{
    int s = sign_at(f, c);
    if (s == 0) {
        fmpq_set(x->lo, c);
        fmpq_set(x->hi, c);
    } else if (s == x->sign_lo) {
        fmpq_set(x->lo, c);
    } else {
        fmpq_set(x->hi, c);
    }
}

static void bisect(alg_roots_t r, slong i)
{
    alg_root_struct *x = r->root + i;
    fmpq_t m;
    if (is_exact(x)) return;
    fmpq_init(m);
    fmpq_add(m, x->lo, x->hi);
    fmpq_div_2exp(m, m, 1);
    cut_at(x, r->fac->p + x->factor, m);
    fmpq_clear(m);
}

static int root_order(const void *a, const void *b)
{
    const alg_root_struct *x = a, *y = b;
    return fmpq_cmp(x->lo, y->lo);
}

/* Roots of distinct irreducible factors are distinct: refine until the
 * closed intervals are disjoint, then sort. */
static void separate(alg_roots_t r)
{
    int again = 1;
    slong i;
    if (r->n < 2) return;
    while (again) {
        again = 0;
        qsort(r->root, r->n, sizeof(alg_root_struct), root_order);
        for (i = 0; i + 1 < r->n; i++) {
            if (fmpq_cmp(r->root[i].hi, r->root[i + 1].lo) >= 0) {
                bisect(r, i);
                bisect(r, i + 1);
                again = 1;
            }
        }
    }
}

slong alg_roots_isolate(alg_roots_t r, const fmpq_poly_t p)
{
    fmpz_poly_t f;
    fmpz_t den;
    slong j, i, n;
    fmpq *lo, *hi;

    roots_reset(r);
    if (fmpq_poly_is_zero(p)) return -1;
    fmpz_poly_init(f);
    fmpz_init(den);
    fmpq_poly_get_numerator(f, p);
    fmpz_poly_factor_clear(r->fac);
    fmpz_poly_factor_init(r->fac);
    fmpz_poly_factor(r->fac, f);
    for (j = 0; j < r->fac->num; j++) {
        fmpz_poly_struct *g = r->fac->p + j;
        slong d = fmpz_poly_degree(g);
        lo = _fmpq_vec_init(d);
        hi = _fmpq_vec_init(d);
        n = alg_fmpz_poly_isolate_sqf(lo, hi, g);
        for (i = 0; i < n; i++) {
            alg_root_struct *x = roots_push(r);
            fmpq_set(x->lo, lo + i);
            fmpq_set(x->hi, hi + i);
            x->factor = j;
            if (!is_exact(x)) x->sign_lo = sign_at(g, x->lo);
        }
        _fmpq_vec_clear(lo, d);
        _fmpq_vec_clear(hi, d);
    }
    separate(r);
    fmpz_poly_clear(f);
    fmpz_clear(den);
    return r->n;
}

slong alg_roots_mult(const alg_roots_t r, slong i)
{
    return r->fac->exp[r->root[i].factor];
}

int alg_roots_cmp(alg_roots_t r, slong i, const fmpq_t c)
{
    alg_root_struct *x = r->root + i;
    if (is_exact(x)) return fmpq_cmp(x->lo, c) > 0 ? 1 : fmpq_cmp(x->lo, c) < 0 ? -1 : 0;
    if (fmpq_cmp(c, x->lo) <= 0) return 1;
    if (fmpq_cmp(c, x->hi) >= 0) return -1;
    cut_at(x, r->fac->p + x->factor, c);
    if (is_exact(x)) return 0;
    return fmpq_cmp(x->lo, c) == 0 ? 1 : -1;
}

/* 1 if [lo, hi] excludes 0 and hi - lo <= 2^-prec min(|lo|, |hi|). */
static int narrow_enough(const alg_root_struct *x, slong prec)
{
    fmpq_t w, m;
    int ok;
    if (fmpq_cmp_si(x->lo, 0) * fmpq_cmp_si(x->hi, 0) <= 0) return 0;
    fmpq_init(w);
    fmpq_init(m);
    fmpq_sub(w, x->hi, x->lo);
    if (fmpq_cmp_si(x->lo, 0) > 0) fmpq_set(m, x->lo);
    else fmpq_neg(m, x->hi);
    fmpq_div_2exp(m, m, prec);
    ok = fmpq_cmp(w, m) <= 0;
    fmpq_clear(w);
    fmpq_clear(m);
    return ok;
}

void alg_roots_refine(alg_roots_t r, slong i, slong prec)
{
    while (!is_exact(r->root + i) && !narrow_enough(r->root + i, prec))
        bisect(r, i);
}

void alg_roots_enclosure(arb_t out, alg_roots_t r, slong i, slong prec)
{
    alg_root_struct *x = r->root + i;
    arb_t a, b;
    slong wp = prec + 16;
    alg_roots_refine(r, i, prec);
    if (is_exact(x)) {
        arb_set_fmpq(out, x->lo, prec);
        return;
    }
    arb_init(a);
    arb_init(b);
    arb_set_fmpq(a, x->lo, wp);
    arb_set_fmpq(b, x->hi, wp);
    arb_union(out, a, b, prec);
    arb_clear(a);
    arb_clear(b);
}

slong alg_roots_in_interval(slong *first, alg_roots_t r, const fmpq_t lo, const fmpq_t hi)
{
    slong i, count = 0;
    *first = -1;
    for (i = 0; i < r->n; i++) {
        if (alg_roots_cmp(r, i, lo) < 0) continue;
        if (alg_roots_cmp(r, i, hi) > 0) break;
        if (count++ == 0) *first = i;
    }
    return count;
}

slong alg_real_roots(arb_ptr *roots, slong **mult, const fmpq_poly_t p, slong prec)
{
    alg_roots_t r;
    slong i, n;
    alg_roots_init(r);
    n = alg_roots_isolate(r, p);
    if (n >= 0) {
        *roots = _arb_vec_init(n);
        *mult = flint_malloc((n > 0 ? n : 1) * sizeof(slong));
        for (i = 0; i < n; i++) {
            alg_roots_enclosure(*roots + i, r, i, prec);
            (*mult)[i] = alg_roots_mult(r, i);
        }
    }
    alg_roots_clear(r);
    return n;
}

slong alg_root_in_interval(arb_t out, slong *mult, const fmpq_poly_t p, const fmpq_t lo,
                           const fmpq_t hi, slong k, slong prec)
{
    alg_roots_t r;
    slong first, count;
    if (k < 1) return -1;
    alg_roots_init(r);
    if (alg_roots_isolate(r, p) < 0) {
        alg_roots_clear(r);
        return -1;
    }
    count = alg_roots_in_interval(&first, r, lo, hi);
    if (count >= k) {
        alg_roots_enclosure(out, r, first + k - 1, prec);
        *mult = alg_roots_mult(r, first + k - 1);
    }
    alg_roots_clear(r);
    return count;
}
