/* dyn_model.c -- the ZOD data A = J M^-1 J^T and b = J M^-1 F_ex of a body on
 * two contacts (spec seed002.md §1.5-§1.6), m = F = 1, as balls. */
#include "dyn/dyn_impl.h"

void dyn_model_init(dyn_model_t m)
{
    arb_init(m->h); arb_init(m->l1); arb_init(m->l2); arb_init(m->rho); arb_init(m->phi1);
    arb_init(m->phi2); arb_init(m->alpha); arb_init(m->mu1); arb_init(m->mu2); arb_init(m->tau);
    for (int i = 0; i < 4; i++) {
        arb_init(m->b[i]);
        for (int j = 0; j < 4; j++) arb_init(m->A[i][j]);
    }
    for (int i = 0; i < 2; i++) {
        arb_init(m->cphi[i]); arb_init(m->sphi[i]); arb_init(m->mu[i]);
    }
    for (int k = 0; k < 7; k++) {
        m->mode_ok[k] = 0;
        for (int r = 0; r < 4; r++) { arb_init(m->mode_lam[k][r]); arb_init(m->mode_acc[k][r]); }
    }
    m->prec = 128;
}

void dyn_model_clear(dyn_model_t m)
{
    arb_clear(m->h); arb_clear(m->l1); arb_clear(m->l2); arb_clear(m->rho); arb_clear(m->phi1);
    arb_clear(m->phi2); arb_clear(m->alpha); arb_clear(m->mu1); arb_clear(m->mu2); arb_clear(m->tau);
    for (int i = 0; i < 4; i++) {
        arb_clear(m->b[i]);
        for (int j = 0; j < 4; j++) arb_clear(m->A[i][j]);
    }
    for (int i = 0; i < 2; i++) {
        arb_clear(m->cphi[i]); arb_clear(m->sphi[i]); arb_clear(m->mu[i]);
    }
    for (int k = 0; k < 7; k++)
        for (int r = 0; r < 4; r++) { arb_clear(m->mode_lam[k][r]); arb_clear(m->mode_acc[k][r]); }
}

/* Contains every A and b entry over the balls: the direction vectors
 * u (t_i or n_i), the moment arms c = p_i x u with p1 = (-l1, -h),
 * p2 = (l2, -h), and A_{au,bv} = u_a . v_b + c_au c_bv / rho^2,
 * b_au = u_a . (sin alpha, -cos alpha) + c_au tau / rho^2. */
void dyn_model_set(dyn_model_t m, arb_srcptr p, slong prec)
{
    arb_t ux[4], uz[4], c[4], r2, t, fx, fz;
    arb_set(m->h, p + 0); arb_set(m->l1, p + 1); arb_set(m->l2, p + 2); arb_set(m->rho, p + 3);
    arb_set(m->phi1, p + 4); arb_set(m->phi2, p + 5); arb_set(m->alpha, p + 6);
    arb_set(m->mu1, p + 7); arb_set(m->mu2, p + 8); arb_set(m->tau, p + 9);
    arb_set(m->mu[0], m->mu1); arb_set(m->mu[1], m->mu2);
    m->prec = prec;
    for (int i = 0; i < 4; i++) { arb_init(ux[i]); arb_init(uz[i]); arb_init(c[i]); }
    arb_init(r2); arb_init(t); arb_init(fx); arb_init(fz);
    arb_sin_cos(m->sphi[0], m->cphi[0], m->phi1, prec);
    arb_sin_cos(m->sphi[1], m->cphi[1], m->phi2, prec);
    for (int i = 0; i < 2; i++) {
        arb_set(ux[2 * i], m->cphi[i]); arb_set(uz[2 * i], m->sphi[i]);      /* t_i */
        arb_neg(ux[2 * i + 1], m->sphi[i]); arb_set(uz[2 * i + 1], m->cphi[i]); /* n_i */
    }
    /* c = p_x u_z - p_z u_x */
    for (int r = 0; r < 4; r++) {
        int i = r / 2;
        if (i == 0) arb_neg(t, m->l1); else arb_set(t, m->l2);
        arb_mul(c[r], t, uz[r], prec);
        arb_addmul(c[r], m->h, ux[r], prec);         /* - (-h) u_x */
    }
    arb_sqr(r2, m->rho, prec);
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++) {
            arb_mul(t, c[a], c[b], prec);
            arb_div(t, t, r2, prec);
            arb_addmul(t, ux[a], ux[b], prec);
            arb_addmul(t, uz[a], uz[b], prec);
            arb_set(m->A[a][b], t);
        }
    arb_sin_cos(fx, fz, m->alpha, prec);
    arb_neg(fz, fz);
    for (int a = 0; a < 4; a++) {
        arb_mul(t, c[a], m->tau, prec);
        arb_div(t, t, r2, prec);
        arb_addmul(t, ux[a], fx, prec);
        arb_addmul(t, uz[a], fz, prec);
        arb_set(m->b[a], t);
    }
    for (int i = 0; i < 4; i++) { arb_clear(ux[i]); arb_clear(uz[i]); arb_clear(c[i]); }
    arb_clear(r2); arb_clear(t); arb_clear(fx); arb_clear(fz);
    /* the modes a return uses, solved once */
    {
        static const char *names[7] = {"FF", "SF", "PF", "NF", "FS", "FP", "FN"};
        arb_ptr lam = _arb_vec_init(4), a = _arb_vec_init(4);
        for (int k = 0; k < 7; k++) {
            m->mode_ok[k] = 0;
            if (_dyn_mode_solve(lam, a, m, names[k], prec) == 0) {
                m->mode_ok[k] = 1;
                for (int r = 0; r < 4; r++) { arb_set(m->mode_lam[k][r], lam + r); arb_set(m->mode_acc[k][r], a + r); }
            }
        }
        _arb_vec_clear(lam, 4); _arb_vec_clear(a, 4);
    }
}

void dyn_model_set_d(dyn_model_t m, const double p[10], slong prec)
{
    arb_ptr v = _arb_vec_init(10);
    for (int i = 0; i < 10; i++) arb_set_d(v + i, p[i]);
    dyn_model_set(m, v, prec);
    _arb_vec_clear(v, 10);
}

int dyn_model_is_point(const dyn_model_t m)
{
    const arb_struct *p[10] = {m->h, m->l1, m->l2, m->rho, m->phi1, m->phi2, m->alpha, m->mu1, m->mu2, m->tau};
    for (int i = 0; i < 10; i++)
        if (mag_cmp_2exp_si(arb_radref(p[i]), -40) >= 0) return 0;
    return 1;
}
