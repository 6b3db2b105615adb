/* alg_vca.c -- real-root isolation of a square-free integer polynomial by
 * Vincent-Collins-Akritas bisection: Descartes' rule of signs on (0, 1)
 * applied to the Moebius-transformed polynomial (x+1)^n g(1/(x+1)), exact
 * fmpz arithmetic throughout. */
#include "alg/alg.h"

typedef struct {
    fmpq *lo, *hi;
    slong n;
    slong b;       /* the positive roots lie in (0, 2^b) */
    int neg;       /* working on f(-x): negate and swap when recording */
} vca_out;

/* Sign variations of the coefficient sequence of (x+1)^n g(1/(x+1)), an
 * upper bound (of the same parity) for the number of roots of g in (0, 1). */
static slong descartes01(const fmpz_poly_t g)
{
    fmpz_poly_t t;
    slong i, v = 0;
    int last = 0;
    fmpz_poly_init(t);
    fmpz_poly_reverse(t, g, fmpz_poly_length(g));
    fmpz_poly_taylor_shift(t, t, (fmpz_t) {1});
    for (i = 0; i < fmpz_poly_length(t); i++) {
        int s = fmpz_sgn(t->coeffs + i);
        if (s == 0) continue;
        if (last != 0 && s != last) v++;
        last = s;
    }
    fmpz_poly_clear(t);
    return v;
}

/* Records the interval (c/2^k, (c+1)/2^k) * 2^b (exact root if exact). */
static void record(vca_out *o, const fmpz_t c, slong k, int exact)
{
    fmpq *lo = o->lo + o->n, *hi = o->hi + o->n;
    fmpq_set_fmpz_frac(lo, c, (fmpz_t) {1});
    fmpq_mul_2exp(lo, lo, o->b);
    fmpq_div_2exp(lo, lo, k);
    if (exact)
        fmpq_set(hi, lo);
    else {
        fmpz_add_ui(fmpq_numref(hi), c, 1);
        fmpz_one(fmpq_denref(hi));
        fmpq_mul_2exp(hi, hi, o->b);
        fmpq_div_2exp(hi, hi, k);
    }
    if (o->neg) {
        fmpq_neg(lo, lo);
        fmpq_neg(hi, hi);
        fmpq_swap(lo, hi);
    }
    o->n++;
}

/* gl(x) = 2^n g(x/2), primitive part. */
static void half_left(fmpz_poly_t gl, const fmpz_poly_t g)
{
    slong i, n = fmpz_poly_degree(g);
    fmpz_poly_set(gl, g);
    for (i = 0; i <= n; i++)
        fmpz_mul_2exp(gl->coeffs + i, gl->coeffs + i, n - i);
    fmpz_poly_primitive_part(gl, gl);
}

/* Roots of g (square-free, g(0) != 0, g(1) != 0) in (0, 1), which maps to
 * (c/2^k, (c+1)/2^k). */
static void vca(vca_out *o, const fmpz_poly_t g0, const fmpz_t c, slong k)
{
    fmpz_poly_t g, gl, gr, lin;
    fmpz_t cc;
    slong v = descartes01(g0);
    int mid_root = 0;

    if (v == 0) return;
    if (v == 1) {
        record(o, c, k, 0);
        return;
    }
    fmpz_poly_init(g);
    fmpz_poly_init(gl);
    fmpz_poly_init(gr);
    fmpz_poly_init(lin);
    fmpz_init(cc);
    fmpz_poly_set(g, g0);
    half_left(gl, g);
    fmpz_poly_taylor_shift(gr, gl, (fmpz_t) {1});
    if (fmpz_is_zero(gr->coeffs)) {
        /* g(1/2) = 0: deflate by 2x - 1 so no child has a root at an end */
        mid_root = 1;
        fmpz_poly_set_coeff_si(lin, 0, -1);
        fmpz_poly_set_coeff_si(lin, 1, 2);
        fmpz_poly_div(g, g, lin);
        half_left(gl, g);
        fmpz_poly_taylor_shift(gr, gl, (fmpz_t) {1});
    }
    fmpz_mul_2exp(cc, c, 1);
    vca(o, gl, cc, k + 1);
    fmpz_add_ui(cc, cc, 1);
    if (mid_root) record(o, cc, k + 1, 1);
    vca(o, gr, cc, k + 1);
    fmpz_poly_clear(g);
    fmpz_poly_clear(gl);
    fmpz_poly_clear(gr);
    fmpz_poly_clear(lin);
    fmpz_clear(cc);
}

/* b with every root of f (f(0) != 0) in (-2^b, 2^b) by Cauchy's bound
 * |x| < 1 + max|a_i| / |a_n|. */
static slong root_bound_exp(const fmpz_poly_t f)
{
    slong n = fmpz_poly_degree(f), i, m = 0, e;
    for (i = 0; i < n; i++) {
        slong bi = fmpz_bits(f->coeffs + i);
        if (bi > m) m = bi;
    }
    e = m - (slong) fmpz_bits(f->coeffs + n) + 1;
    return (e > 0 ? e : 0) + 1;
}

/* Positive roots of f (f(0) != 0); neg: f is p(-x). */
static void positive_roots(vca_out *o, const fmpz_poly_t f, slong b, int neg)
{
    fmpz_poly_t g;
    slong i, n = fmpz_poly_degree(f);
    fmpz_t z;
    fmpz_poly_init(g);
    fmpz_init(z);
    fmpz_poly_set(g, f);
    for (i = 0; i <= n; i++)
        fmpz_mul_2exp(g->coeffs + i, g->coeffs + i, b * i);
    fmpz_poly_primitive_part(g, g);
    o->b = b;
    o->neg = neg;
    vca(o, g, z, 0);
    fmpz_poly_clear(g);
    fmpz_clear(z);
}

slong alg_fmpz_poly_isolate_sqf(fmpq *lo, fmpq *hi, const fmpz_poly_t f0)
{
    fmpz_poly_t f, fm;
    vca_out o;
    slong i, b, nneg;
    int zero_root = 0;

    if (fmpz_poly_is_zero(f0)) return -1;
    fmpz_poly_init(f);
    fmpz_poly_init(fm);
    fmpz_poly_set(f, f0);
    if (fmpz_is_zero(f->coeffs)) {          /* square-free: x divides f once */
        fmpz_poly_shift_right(f, f, 1);
        zero_root = 1;
    }
    o.lo = lo;
    o.hi = hi;
    o.n = 0;
    if (fmpz_poly_degree(f) >= 1) {
        b = root_bound_exp(f);
        fmpz_poly_set(fm, f);
        for (i = 1; i < fmpz_poly_length(fm); i += 2)
            fmpz_neg(fm->coeffs + i, fm->coeffs + i);
        positive_roots(&o, fm, b, 1);
        nneg = o.n;
        for (i = 0; i < nneg / 2; i++) {     /* recorded by decreasing |x| order reversed */
            fmpq_swap(lo + i, lo + nneg - 1 - i);
            fmpq_swap(hi + i, hi + nneg - 1 - i);
        }
        if (zero_root) {
            fmpq_zero(lo + o.n);
            fmpq_zero(hi + o.n);
            o.n++;
        }
        positive_roots(&o, f, b, 0);
    } else if (zero_root) {
        fmpq_zero(lo);
        fmpq_zero(hi);
        o.n = 1;
    }
    fmpz_poly_clear(f);
    fmpz_poly_clear(fm);
    return o.n;
}
