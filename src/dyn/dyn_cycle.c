/* dyn_cycle.c -- a proved upper bound on the mean weight of every cycle of a
 * weighted digraph (the interval graph of the return map, spec seed002.md
 * §3.9 S3). Karp's maximum cycle mean and Bellman-Ford potentials are
 * computed in floating point only to propose a bound lambda and a potential
 * d; the bound is then verified edge by edge in ball arithmetic:
 * w(a -> b) + d(a) - d(b) <= lambda for every edge, so that the weights of
 * any cycle sum to at most lambda times its length. */
#include <math.h>
#include <stdlib.h>
#include "dyn/dyn_impl.h"

static double upper_d(const arb_t x)
{
    arf_t u; double r;
    if (!arb_is_finite(x)) return INFINITY;
    arf_init(u);
    arb_get_ubound_arf(u, x, 53);
    r = arf_get_d(u, ARF_RND_UP);
    arf_clear(u);
    return r;
}

/* Karp's maximum cycle mean, in floating point (no guarantee); -inf when the
 * graph has no cycle, NAN when n is too large. */
static double karp(long n, long ne, const long *from, const long *to, const double *w)
{
    double *D = flint_malloc(sizeof(double) * (size_t) (n + 1) * (size_t) n), best = -INFINITY;
    if (!D) return NAN;
    for (long v = 0; v < n; v++) D[v] = 0.0;
    for (long k = 1; k <= n; k++) {
        double *cur = D + k * n, *prev = D + (k - 1) * n;
        for (long v = 0; v < n; v++) cur[v] = -INFINITY;
        for (long e = 0; e < ne; e++)
            if (prev[from[e]] > -INFINITY && prev[from[e]] + w[e] > cur[to[e]])
                cur[to[e]] = prev[from[e]] + w[e];
    }
    for (long v = 0; v < n; v++) {
        double dn = D[n * n + v], worst = INFINITY;
        if (dn == -INFINITY) continue;
        for (long k = 0; k < n; k++) {
            double dk = D[k * n + v];
            if (dk == -INFINITY) continue;
            double q = (dn - dk) / (double) (n - k);
            if (q < worst) worst = q;
        }
        if (worst > best) best = worst;
    }
    flint_free(D);
    return best;
}

int dyn_cycle_bound(double *lambda, double *spread, long n, long ne, const long *from,
                    const long *to, arb_srcptr w, slong prec)
{
    double *wd, *d, lstar, l1, l2, lo = 0, hi = 0;
    int ok = 1;
    arb_t t;
    if (n <= 0) { *lambda = -1.0; *spread = 0.0; return 1; }
    if (n > 6000) return 0;
    wd = flint_malloc(sizeof(double) * (size_t) (ne > 0 ? ne : 1));
    d = flint_malloc(sizeof(double) * (size_t) n);
    if (!wd || !d) { flint_free(wd); flint_free(d); return 0; }
    for (long e = 0; e < ne; e++) wd[e] = upper_d(w + e);
    lstar = karp(n, ne, from, to, wd);
    if (!(lstar < 0)) { flint_free(wd); flint_free(d); return 0; }   /* NAN, >= 0, or +inf */
    if (lstar == -INFINITY) { l1 = -1.0; l2 = -0.5; }
    else { l1 = lstar / 2; l2 = lstar / 4; }
    /* longest paths with weights w - l1 from a virtual source: no positive cycle */
    for (long v = 0; v < n; v++) d[v] = 0.0;
    for (long it = 0; it < n + 1; it++) {
        int changed = 0;
        for (long e = 0; e < ne; e++) {
            double c = d[from[e]] + (wd[e] - l1);
            if (c > d[to[e]]) { d[to[e]] = c; changed = 1; }
        }
        if (!changed) break;
    }
    arb_init(t);
    for (long e = 0; e < ne && ok; e++) {
        arb_t dv;
        arb_init(dv);
        arb_set_d(dv, d[from[e]]);
        arb_add(t, w + e, dv, prec);
        arb_set_d(dv, d[to[e]]);
        arb_sub(t, t, dv, prec);
        arb_set_d(dv, l2);
        arb_sub(t, t, dv, prec);
        if (!arb_is_nonpositive(t)) ok = 0;
        arb_clear(dv);
    }
    for (long v = 0; v < n; v++) { if (d[v] < lo) lo = d[v]; if (d[v] > hi) hi = d[v]; }
    arb_clear(t);
    flint_free(wd); flint_free(d);
    if (ok) { *lambda = l2; *spread = hi - lo; }
    return ok;
}
