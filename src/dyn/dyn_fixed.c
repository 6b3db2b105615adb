/* dyn_fixed.c -- fixed points and periodic orbits of the return map R.
 *
 * Krawczyk's operator (existence and uniqueness): for f = R^k - id on a
 * ball X with centre c, an enclosure D of f' on X and y ~ 1/f'(c),
 *   K(X) = c - y f(c) + (1 - y D)(X - c).
 * If K(X) lies in the interior of X, f has exactly one zero in X (Krawczyk
 * 1969; Moore; Neumaier, Interval Methods, Thm 5.1.8). f' is enclosed by
 * forward-mode derivatives carried through the branch formulas of one return
 * (dyn_return_deriv) and the chain rule along the images X, R(X), ...: R must
 * be one branch sequence on each image (a smooth formula there); a return
 * undecided between branches, or through a grazing landing, gives no
 * derivative and no proof.
 *
 * (An earlier version proved existence only, by the inclusion R(U) in the
 * interior of U; on the shipped planes Krawczyk proves every fixed point
 * that inclusion proved, at a quarter of the cost.) All results hold for
 * every parameter of the model's balls. */
#include "dyn/dyn_impl.h"

/* R^k on the ball X: pts[0..k-1] = X, R(X), ..., D = (R^k)' on X (chain
 * rule over the images), Gp = product of G over the images. Returns 1 when
 * every step is one branch with a finite derivative. */
static int iterate_deriv(arb_ptr pts, arb_t D, arb_t Gp, arb_t Rk, const dyn_model_t m, const arb_t X,
                         int k, slong prec)
{
    arb_t Y, dR, G;
    int ok = 1, fl;
    arb_init(Y); arb_init(dR); arb_init(G);
    arb_set(Y, X); arb_one(D); arb_one(Gp);
    for (int i = 0; i < k && ok; i++) {
        if (pts) arb_set(pts + i, Y);
        if (dyn_return_deriv(Y, dR, G, &fl, m, Y, prec) != DYN_OK || !arb_is_finite(dR)) ok = 0;
        else { arb_mul(D, D, dR, prec); arb_mul(Gp, Gp, G, prec); }
    }
    if (ok) arb_set(Rk, Y);
    arb_clear(Y); arb_clear(dR); arb_clear(G);
    return ok;
}

/* R^k at the point (ball) c, values only: 1 when every step returns. */
static int iterate_value(arb_t out, const dyn_model_t m, const arb_t c, int k, slong prec)
{
    arb_t G;
    int ok = 1;
    arb_init(G);
    arb_set(out, c);
    for (int i = 0; i < k && ok; i++)
        ok = dyn_return(out, G, NULL, NULL, m, out, prec) == DYN_OK;
    arb_clear(G);
    return ok;
}

int dyn_krawczyk(arb_t Xout, const dyn_model_t m, const arb_t X, int k, slong prec)
{
    arb_t D, Gp, Rk, c, fc, y, K, t;
    int ok = 0;
    arb_init(D); arb_init(Gp); arb_init(Rk); arb_init(c); arb_init(fc); arb_init(y); arb_init(K);
    arb_init(t);
    if (k < 1 || k > DYN_MAXPERIOD || !arb_is_finite(X)) goto out;
    if (!iterate_deriv(NULL, D, Gp, Rk, m, X, k, prec)) goto out;
    arb_sub_ui(D, D, 1, prec);                      /* f' = (R^k)' - 1 on X */
    arf_set(arb_midref(c), arb_midref(X));
    mag_zero(arb_radref(c));
    if (!iterate_value(fc, m, c, k, prec)) goto out;
    arb_sub(fc, fc, c, prec);                       /* f(c) */
    if (arf_is_zero(arb_midref(D))) goto out;
    arb_set_arf(y, arb_midref(D));
    arb_inv(y, y, prec);
    arf_set(arb_midref(t), arb_midref(y));          /* y: any exact number will do */
    mag_zero(arb_radref(t));
    arb_set(y, t);
    /* K = c - y f(c) + (1 - y D)(X - c) */
    arb_mul(t, y, D, prec);
    arb_sub_ui(t, t, 1, prec);
    arb_neg(t, t);
    arb_sub(K, X, c, prec);
    arb_mul(K, K, t, prec);
    arb_submul(K, y, fc, prec);
    arb_add(K, K, c, prec);
    if (arb_contains_interior(X, K)) { arb_set(Xout, K); ok = 1; }
out:
    arb_clear(D); arb_clear(Gp); arb_clear(Rk); arb_clear(c); arb_clear(fc); arb_clear(y); arb_clear(K);
    arb_clear(t);
    return ok;
}

/* Newton's method on R^k - id from psi (point balls; no proof, only a
 * candidate): 1 when the last step is below 2^-(prec/2). */
static int newton(arb_t x, mag_t width, const dyn_model_t m, int k, slong prec)
{
    arb_t D, Gp, Rk, s;
    int ok = 0;
    arb_init(D); arb_init(Gp); arb_init(Rk); arb_init(s);
    mag_zero(width);
    for (int it = 0; it < 12; it++) {
        mag_zero(arb_radref(x));
        if (!iterate_deriv(NULL, D, Gp, Rk, m, x, k, prec)) break;
        arb_sub_ui(D, D, 1, prec);
        arb_sub(s, Rk, x, prec);
        if (arf_is_zero(arb_midref(D)) || arb_contains_zero(D)) break;
        /* the uncertainty of the step (parameter boxes make f(x) a wide ball) */
        arb_div(s, s, D, prec);
        mag_set(width, arb_radref(s));
        arf_sub(arb_midref(x), arb_midref(x), arb_midref(s), prec, ARF_RND_NEAR);
        if (!arf_is_finite(arb_midref(x))) break;
        if (arf_cmpabs_2exp_si(arb_midref(s), -prec / 2) < 0 || arf_cmpabs_mag(arb_midref(s), width) <= 0) {
            ok = 1;
            break;
        }
    }
    mag_zero(arb_radref(x));
    arb_clear(D); arb_clear(Gp); arb_clear(Rk); arb_clear(s);
    return ok;
}

int dyn_orbit_prove(dyn_orbit_t o, const dyn_model_t m, const arb_t psi0, int k, slong prec)
{
    arb_t x, X, K, D, Rk;
    mag_t w, r0;
    int ok = 0;
    arb_init(x); arb_init(X); arb_init(K); arb_init(D); arb_init(Rk);
    mag_init(w); mag_init(r0);
    arb_set(x, psi0);
    if (k < 1 || k > DYN_MAXPERIOD || !newton(x, w, m, k, prec)) goto out;
    /* balls of growing radius (from 4 times the uncertainty of the last Newton
       step, at least 2^(4 - prec/2)) around the candidate until Krawczyk succeeds */
    mag_set_ui_2exp_si(r0, 1, -(prec / 2) + 4);
    mag_mul_2exp_si(w, w, 2);
    if (mag_cmp(w, r0) > 0) mag_set(r0, w);
    for (int tries = 0; tries < 8 && !ok && mag_cmp_2exp_si(r0, -4) < 0; tries++) {
        arb_set(X, x);
        mag_set(arb_radref(X), r0);
        mag_mul_2exp_si(r0, r0, 8);
        if (!dyn_krawczyk(K, m, X, k, prec)) continue;
        /* tighten: K contains the zero; iterate while it shrinks */
        for (int it = 0; it < 6; it++) {
            arb_set(X, K);
            mag_mul_2exp_si(arb_radref(X), arb_radref(X), 1);
            mag_add_ui_2exp_si(arb_radref(X), arb_radref(X), 1, -prec + 8);
            if (!dyn_krawczyk(D, m, X, k, prec) || mag_cmp(arb_radref(D), arb_radref(K)) >= 0) break;
            arb_set(K, D);
        }
        ok = 1;
    }
    if (!ok) goto out;
    /* the orbit's points (images of the proved ball) and the product of G */
    arb_set(X, K);
    if (!iterate_deriv(o->psi, D, o->G, Rk, m, X, k, prec)) { ok = 0; goto out; }
    o->period = k;
    /* minimal period k: X meets none of R^i(X), 0 < i < k, so the fixed point of
       R^k in X is not one of R^i for any proper divisor i of k */
    for (int i = 1; i < k; i++)
        if (arb_overlaps(o->psi + 0, o->psi + i)) ok = 0;
out:
    arb_clear(x); arb_clear(X); arb_clear(K); arb_clear(D); arb_clear(Rk);
    mag_clear(w); mag_clear(r0);
    return ok;
}

void dyn_orbit_init(dyn_orbit_t o)
{
    o->period = 0;
    o->psi = _arb_vec_init(DYN_MAXPERIOD);
    arb_init(o->G);
}

void dyn_orbit_clear(dyn_orbit_t o)
{
    _arb_vec_clear(o->psi, DYN_MAXPERIOD);
    arb_clear(o->G);
}

void dyn_orbit_set(dyn_orbit_t o, const dyn_orbit_t p)
{
    o->period = p->period;
    _arb_vec_set(o->psi, p->psi, DYN_MAXPERIOD);
    arb_set(o->G, p->G);
}

long dyn_orbits_find(dyn_orbit_struct *out, long maxn, const dyn_model_t m, const arb_t psi_lo,
                     const arb_t psi_hi, int kmax, long nsample, slong prec)
{
    long n = 0;
    dyn_orbit_t o;
    arb_t x, w;
    dyn_orbit_init(o);
    arb_init(x); arb_init(w);
    arb_sub(w, psi_hi, psi_lo, prec);
    for (int k = 1; k <= kmax && k <= DYN_MAXPERIOD; k++)
        for (long s = 0; s < nsample && n < maxn; s++) {
            int known = 0;
            /* the centre of the s-th of nsample equal parts */
            arb_mul_si(x, w, 2 * s + 1, prec);
            arb_div_si(x, x, 2 * nsample, prec);
            arb_add(x, x, psi_lo, prec);
            mag_zero(arb_radref(x));
            if (!dyn_orbit_prove(o, m, x, k, prec)) continue;
            for (long j = 0; j < n && !known; j++)
                for (int i = 0; i < out[j].period && !known; i++)
                    if (arb_overlaps(out[j].psi + i, o->psi + 0)) known = 1;
            if (!known) dyn_orbit_set(out + n++, o);
        }
    arb_clear(x); arb_clear(w);
    dyn_orbit_clear(o);
    return n;
}

int dyn_fixed_point(arb_t U, arb_t GU, const dyn_model_t m, const arb_t psi0, slong prec)
{
    dyn_orbit_t o;
    int found;
    dyn_orbit_init(o);
    found = dyn_orbit_prove(o, m, psi0, 1, prec);
    if (found) { arb_set(U, o->psi + 0); arb_set(GU, o->G); }
    dyn_orbit_clear(o);
    return found;
}
