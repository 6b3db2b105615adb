/* mech_contact.c -- one frictional unilateral contact (Painlevé
 * coefficients): with gap g_n(t, q), slip covector b (slip velocity b.v),
 * Coulomb friction -mu N s b^T (s = sign of the slip velocity) and the
 * model's bilateral constraints (if any), the normal acceleration is
 *   d^2 g_n / dt^2 = B N + A0,
 *   B  = n W (n - mu s b)^T,  A0 = n a_free + h_n,
 * with n = D g_n, W = M^-1 - M^-1 J^T C^-1 J M^-1 (M^-1 without constraints)
 * and a_free the acceleration with N = 0. */
#include <stdio.h>
#include <string.h>
#include "mech/mech_impl.h"

/* v^T A w for a row n and a column w given as matrices. */
static expr_t bilinear(const mech_builder *b, const mech_mat *row, const mech_mat *A, const mech_mat *col)
{
    mech_mat t, r;
    expr_t e;
    mech_mat_mul(&t, b, A, col);
    mech_mat_mul(&r, b, row, &t);
    e = expr_copy(MECH_ENTRY(&r, 0, 0));
    mech_mat_clear(&t);
    mech_mat_clear(&r);
    return e;
}

int mech_contact(mech_builder *b, const mech_model *m, char *msg, size_t nmsg)
{
    int n = m->ncoords, k = m->ncons, i;
    mech_mat Minv, W, nrow, ncol, bcol, F, afree;
    mech_cons cd;
    expr_t gt, hn, wnn, wnt, s, mu, B, A0, slipvel;

    if (m->gap == NULL || m->nslip == 0 || m->friction == NULL) {
        snprintf(msg, nmsg, "type = contact needs 'gap', 'slip' and 'friction'");
        return -1;
    }
    if (mech_minv(&Minv, b, m, msg, nmsg)) return -1;
    memset(&cd, 0, sizeof cd);
    mech_mat_init(&F, n, 1);
    for (i = 0; i < n; i++) mech_mat_set(&F, i, 0, expr_copy(m->force[i]));
    if (k > 0) {
        mech_mat JM, P, Q, CJ;
        if (mech_cons_build(&cd, b, m, &Minv, msg, nmsg)) {
            mech_mat_clear(&Minv);
            mech_mat_clear(&F);
            return -1;
        }
        /* W = Minv - MinvJT Cinv (MinvJT)^T */
        mech_mat_transpose(&JM, &cd.MinvJT);
        mech_mat_mul(&CJ, b, &cd.Cinv, &JM);
        mech_mat_mul(&P, b, &cd.MinvJT, &CJ);
        mech_mat_sub(&W, b, &Minv, &P);
        /* a_free = W F - MinvJT Cinv h */
        mech_mat_init(&Q, k, 1);
        for (i = 0; i < k; i++) mech_mat_set(&Q, i, 0, expr_copy(cd.h[i]));
        {
            mech_mat t1, t2, t3;
            mech_mat_mul(&t1, b, &W, &F);
            mech_mat_mul(&t2, b, &cd.Cinv, &Q);
            mech_mat_mul(&t3, b, &cd.MinvJT, &t2);
            mech_mat_sub(&afree, b, &t1, &t3);
            mech_mat_clear(&t1);
            mech_mat_clear(&t2);
            mech_mat_clear(&t3);
        }
        mech_mat_clear(&JM);
        mech_mat_clear(&CJ);
        mech_mat_clear(&P);
        mech_mat_clear(&Q);
    } else {
        mech_mat_copy(&W, &Minv);
        mech_mat_mul(&afree, b, &Minv, &F);
    }
    if (mech_jacobian(&nrow, &gt, &hn, b, m, m->gap, msg, nmsg)) {
        mech_mat_clear(&Minv);
        mech_mat_clear(&F);
        mech_mat_clear(&W);
        mech_mat_clear(&afree);
        mech_cons_clear(&cd);
        return -1;
    }
    mech_mat_transpose(&ncol, &nrow);
    mech_mat_init(&bcol, n, 1);
    for (i = 0; i < n; i++) mech_mat_set(&bcol, i, 0, expr_copy(m->slip[i]));

    slipvel = expr_num_si(0, 1);
    for (i = 0; i < n; i++) slipvel = mech_add(b, slipvel, mech_mul(b, expr_copy(m->slip[i]), expr_copy(m->vel[i])));
    slipvel = mech_emit(b, "slipvel", slipvel, 0);
    mu = mech_emit(b, "mu", expr_copy(m->friction), 0);
    s = mech_emit(b, "s", m->direction ? expr_copy(m->direction) : mech_fn1("sign", expr_copy(slipvel)), 0);
    wnn = mech_emit(b, "WNN", bilinear(b, &nrow, &W, &ncol), 0);
    wnt = mech_emit(b, "WNT", bilinear(b, &nrow, &W, &bcol), 0);
    B = mech_emit(b, "B", mech_sub(b, expr_copy(wnn), mech_mul(b, mech_mul(b, expr_copy(mu), expr_copy(s)), expr_copy(wnt))), 0);
    {
        mech_mat r;
        mech_mat_mul(&r, b, &nrow, &afree);
        A0 = mech_emit(b, "A0", mech_add(b, expr_copy(MECH_ENTRY(&r, 0, 0)), expr_copy(hn)), 0);
        mech_mat_clear(&r);
    }
    {
        /* the normal velocity (consistency: 0 for a sliding contact) */
        expr_t gd = expr_copy(gt);
        for (i = 0; i < n; i++)
            gd = mech_add(b, gd, mech_mul(b, expr_copy(MECH_ENTRY(&nrow, 0, i)), expr_copy(m->vel[i])));
        mech_emit0(b, "gap", expr_copy(m->gap), 0);
        mech_mark_constraint(b, "gap");
        mech_emit0(b, "gapdot", gd, 0);
        mech_mark_constraint(b, "gapdot");
    }
    mech_emit0(b, "N", mech_neg(mech_div(b, expr_copy(A0), expr_copy(B))), 0);
#define GT0(x) mech_cmp(EXPR_GT, expr_copy(x), expr_num_si(0, 1))
#define LT0(x) mech_cmp(EXPR_LT, expr_copy(x), expr_num_si(0, 1))
    mech_emit0(b, "unique", GT0(B), 1);
    mech_emit0(b, "indeterminate", expr_binary(EXPR_AND, LT0(B), GT0(A0)), 1);
    mech_emit0(b, "inconsistent", expr_binary(EXPR_AND, LT0(B), LT0(A0)), 1);
    mech_emit0(b, "sliding", expr_binary(EXPR_AND, GT0(B), LT0(A0)), 1);
    mech_emit0(b, "liftoff", expr_binary(EXPR_AND, GT0(B), GT0(A0)), 1);
#undef GT0
#undef LT0
    expr_free(gt);
    expr_free(hn);
    expr_free(wnn);
    expr_free(wnt);
    expr_free(s);
    expr_free(mu);
    expr_free(B);
    expr_free(A0);
    expr_free(slipvel);
    mech_mat_clear(&Minv);
    mech_mat_clear(&W);
    mech_mat_clear(&nrow);
    mech_mat_clear(&ncol);
    mech_mat_clear(&bcol);
    mech_mat_clear(&F);
    mech_mat_clear(&afree);
    mech_cons_clear(&cd);
    return 0;
}
