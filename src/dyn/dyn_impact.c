/* dyn_impact.c -- single-contact inelastic frictional impacts (Chatterjee's
 * law with zero restitution, spec seed002.md §3.6): v+ = v- + A P with the
 * impulse P on the impacting contact only, sticking preferred to slipping.
 * With dv != NULL (the derivative of v with respect to the section
 * direction psi), dvout receives the derivative of the outcome on the branch
 * taken: the impulse is linear in v there, so dvout = dv + A P(dv). */
#include "dyn/dyn_impl.h"

/* vout = v + A[:, 2i] Pt + A[:, 2i+1] Pn. */
static void apply(arb_ptr vout, const dyn_model_t m, arb_srcptr v, int i, const arb_t Pt,
                  const arb_t Pn, slong prec)
{
    for (int r = 0; r < 4; r++) {
        arb_set(vout + r, v + r);
        arb_addmul(vout + r, m->A[r][2 * i], Pt, prec);
        arb_addmul(vout + r, m->A[r][2 * i + 1], Pn, prec);
    }
}

/* The sticking impulse -A_ii^-1 (v_ti, v_ni) (linear in v; also applied to
 * the derivative dv of v). */
static void stick_impulse(arb_t Pt, arb_t Pn, const dyn_model_t m, arb_srcptr v, const arb_t D,
                          int ti, int ni, slong prec)
{
    arb_mul(Pt, v + ni, m->A[ti][ni], prec);
    arb_submul(Pt, v + ti, m->A[ni][ni], prec);
    arb_div(Pt, Pt, D, prec);
    arb_mul(Pn, v + ti, m->A[ti][ni], prec);
    arb_submul(Pn, v + ni, m->A[ti][ti], prec);
    arb_div(Pn, Pn, D, prec);
}

int _dyn_impact(arb_ptr vout, arb_ptr dvout, int *stick, int *sigma, const dyn_model_t m,
                arb_srcptr v, arb_srcptr dv, int i, int sustained, dyn_choice *ch, slong prec)
{
    const int ti = 2 * i, ni = 2 * i + 1, nj = 2 * (1 - i) + 1;
    arb_t D, Pt, Pn, t, den;
    arb_struct buf[24];     /* the six vectors of 4 on the stack: no allocation per impact */
    arb_ptr w[2], ws = buf, dw[2], dws = buf + 4;
    dyn_tv cs, c[2];
    int res = DYN_UNKNOWN, alt[4], nalt = 0, pick;
    for (int k = 0; k < 24; k++) arb_init(buf + k);
    w[0] = buf + 8; w[1] = buf + 12;
    dw[0] = buf + 16; dw[1] = buf + 20;
    arb_init(D); arb_init(Pt); arb_init(Pn); arb_init(t); arb_init(den);

    /* stick: A_ii P = -(v_ti, v_ni) */
    arb_mul(D, m->A[ti][ti], m->A[ni][ni], prec);
    arb_submul(D, m->A[ti][ni], m->A[ti][ni], prec);
    if (dv) {
        /* the impulse is linear in v: the same map on the derivative */
        stick_impulse(Pt, Pn, m, dv, D, ti, ni, prec);
        apply(dws, m, dv, i, Pt, Pn, prec);
    }
    stick_impulse(Pt, Pn, m, v, D, ti, ni, prec);
    apply(ws, m, v, i, Pt, Pn, prec);
    arb_mul(t, m->mu[i], Pn, prec);
    {
        arb_t ap; arb_init(ap);
        arb_abs(ap, Pt);
        arb_sub(t, t, ap, prec);
        arb_clear(ap);
    }
    cs = dyn_tv_and(dyn_tv_nonneg(Pn), dyn_tv_nonneg(t));
    if (sustained) cs = dyn_tv_and(cs, dyn_tv_nonneg(ws + nj));

    /* slip sigma: Pn = -v_ni / den, Pt = -sigma mu Pn, den = A_nini - sigma mu A_niti */
    c[0] = c[1] = 0;
    if (cs != 1)
        for (int s = 0; s < 2; s++) {
            int sg = s == 0 ? 1 : -1;
            arb_mul(den, m->mu[i], m->A[ni][ti], prec);
            if (sg < 0) arb_neg(den, den);
            arb_sub(den, m->A[ni][ni], den, prec);
            if (!arb_is_positive(den)) goto done;         /* Painlevé-type: not handled */
            arb_neg(Pn, v + ni);
            arb_div(Pn, Pn, den, prec);
            /* v+ = v + (A[:, ni] - sigma mu A[:, ti]) Pn: one product per entry, so
               that a ball Pn containing 0 gives a tight enclosure */
            for (int r = 0; r < 4; r++) {
                arb_mul(t, m->mu[i], m->A[r][ti], prec);
                if (sg > 0) arb_neg(t, t);
                arb_add(t, t, m->A[r][ni], prec);
                arb_set(w[s] + r, v + r);
                arb_addmul(w[s] + r, t, Pn, prec);
                if (dv) {
                    /* d w = dv + (A[:, ni] - sigma mu A[:, ti]) d Pn, d Pn = -dv_ni / den */
                    arb_set(dw[s] + r, dv + r);
                    arb_mul(t, t, dv + ni, prec);
                    arb_div(t, t, den, prec);
                    arb_sub(dw[s] + r, dw[s] + r, t, prec);
                }
            }
            if (sg < 0) arb_neg(t, w[s] + ti); else arb_set(t, w[s] + ti);
            c[s] = dyn_tv_and(dyn_tv_nonneg(Pn), dyn_tv_pos(t));
            if (sustained) c[s] = dyn_tv_and(c[s], dyn_tv_nonneg(w[s] + nj));
        }
    if (c[0] == 1 && c[1] == 1) goto done;                /* two slip outcomes: not handled */
    /* the outcome at a point is the first consistent one of stick, slip+, slip-, else II */
    if (cs != 0) alt[nalt++] = 0;
    if (cs != 1) {
        if (c[0] != 0) alt[nalt++] = 1;
        if (c[1] != 0) alt[nalt++] = 2;
        if (c[0] != 1 && c[1] != 1) alt[nalt++] = 3;
    }
    if (nalt > 1 && ch == NULL) goto done;
    pick = alt[ch ? dyn_choose(ch, nalt) : 0];
    if (pick == 3) { res = DYN_ABSORBED; goto done; }
    if (pick == 0) {
        _arb_vec_set(vout, ws, 4);
        arb_zero(vout + ti);
        if (dv) { _arb_vec_set(dvout, dws, 4); arb_zero(dvout + ti); }
        *stick = 1; *sigma = 0;
    } else {
        _arb_vec_set(vout, w[pick - 1], 4);
        if (dv) _arb_vec_set(dvout, dw[pick - 1], 4);
        *stick = 0; *sigma = pick == 1 ? 1 : -1;
    }
    arb_zero(vout + ni);
    if (dv) arb_zero(dvout + ni);
    /* the branch taken requires z_j'+ >= 0 of a sustained contact: the points of
       the ball where it fails belong to other branches */
    if (sustained) arb_nonnegative_part(vout + nj, vout + nj);
    res = DYN_OK;
done:
    arb_clear(D); arb_clear(Pt); arb_clear(Pn); arb_clear(t); arb_clear(den);
    for (int k = 0; k < 24; k++) arb_clear(buf + k);
    return res;
}

int dyn_impact(arb_ptr vout, int *stick, int *sigma, const dyn_model_t m, arb_srcptr v,
               int i, int sustained, slong prec)
{
    return _dyn_impact(vout, NULL, stick, sigma, m, v, NULL, i, sustained, NULL, prec);
}
