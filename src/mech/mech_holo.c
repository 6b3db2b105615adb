/* mech_holo.c -- ideal holonomic constraints (seed 001): the multiplier
 *   Lambda = -C^-1 [DG M^-1 F + G_tt + 2 G_tq[v] + G_qq[v,v]],  C = DG M^-1 DG^T,
 * the reaction R = DG^T Lambda, the acceleration a = M^-1 (F + R) and the
 * reaction power R.v, with the identity R.v = -Lambda.G_t (clause 4). */
#include <stdio.h>
#include <string.h>
#include "mech/mech_impl.h"

void mech_cons_clear(mech_cons *cd)
{
    int a;
    mech_mat_clear(&cd->J);
    mech_mat_clear(&cd->MinvJT);
    mech_mat_clear(&cd->Cinv);
    for (a = 0; a < MECH_MAX_K; a++) {
        expr_free(cd->gt[a]);
        expr_free(cd->h[a]);
    }
    memset(cd, 0, sizeof *cd);
}

int mech_cons_build(mech_cons *cd, mech_builder *b, const mech_model *m, const mech_mat *Minv,
                    char *msg, size_t nmsg)
{
    int k = m->ncons, n = m->ncoords, a, c, i;
    mech_mat JT, C, Cref;
    char nm[32], inner[200];
    memset(cd, 0, sizeof *cd);
    cd->k = k;
    mech_mat_init(&cd->J, k, n);
    for (a = 0; a < k; a++) {
        mech_mat row;
        if (mech_jacobian(&row, &cd->gt[a], &cd->h[a], b, m, m->cons[a], msg, nmsg)) {
            mech_cons_clear(cd);
            return -1;
        }
        for (i = 0; i < n; i++) mech_mat_set(&cd->J, a, i, expr_copy(MECH_ENTRY(&row, 0, i)));
        mech_mat_clear(&row);
    }
    mech_mat_transpose(&JT, &cd->J);
    mech_mat_mul(&cd->MinvJT, b, Minv, &JT);
    mech_mat_mul(&C, b, &cd->J, &cd->MinvJT);
    mech_mat_clear(&JT);
    /* name the entries of C (symmetric: emit the upper triangle) */
    mech_mat_init(&Cref, k, k);
    for (a = 0; a < k; a++)
        for (c = a; c < k; c++) {
            snprintf(nm, sizeof nm, "C%d%d", a + 1, c + 1);
            expr_t ent = MECH_ENTRY(&C, a, c), r;
            /* rational entries stay numbers, so that C is inverted exactly */
            r = mech_emit(b, nm, expr_copy(ent), 0);
            if (ent->kind == EXPR_NUM) {
                expr_free(r);
                r = expr_copy(ent);
            }
            if (c != a) mech_mat_set(&Cref, c, a, expr_copy(r));
            mech_mat_set(&Cref, a, c, r);
        }
    mech_mat_clear(&C);
    if (mech_mat_inv(&cd->Cinv, b, &Cref, "detC", inner, sizeof inner)) {
        snprintf(msg, nmsg, "constraints: C = DG M^-1 DG^T: %s (rank loss)", inner);
        mech_mat_clear(&Cref);
        mech_cons_clear(cd);
        return -1;
    }
    mech_mat_clear(&Cref);
    return 0;
}

static void coord_name(char *buf, size_t n, const char *what, const mech_model *m, int i)
{
    snprintf(buf, n, "%s_%s", what, m->coords[i]);
}

int mech_holonomic(mech_builder *b, const mech_model *m, char *msg, size_t nmsg)
{
    int n = m->ncoords, k = m->ncons, a, c, i;
    mech_mat Minv, F, JMF;
    mech_cons cd;
    expr_t lam[MECH_MAX_K], R[MECH_MAX_N], p, pg;
    char nm[64];

    if (k == 0) {
        snprintf(msg, nmsg, "type = holonomic needs 'constraints = G1, ...' (1 to %d)", MECH_MAX_K);
        return -1;
    }
    if (mech_minv(&Minv, b, m, msg, nmsg)) return -1;
    if (mech_cons_build(&cd, b, m, &Minv, msg, nmsg)) {
        mech_mat_clear(&Minv);
        return -1;
    }
    /* values of the constraints and of their time derivatives (consistency) */
    for (a = 0; a < k; a++) {
        expr_t gd = expr_copy(cd.gt[a]);
        snprintf(nm, sizeof nm, "G%d", a + 1);
        mech_emit0(b, nm, expr_copy(m->cons[a]), 0);
        mech_mark_constraint(b, nm);
        for (i = 0; i < n; i++)
            gd = mech_add(b, gd, mech_mul(b, expr_copy(MECH_ENTRY(&cd.J, a, i)), expr_copy(m->vel[i])));
        snprintf(nm, sizeof nm, "Gdot%d", a + 1);
        mech_emit0(b, nm, gd, 0);
        mech_mark_constraint(b, nm);
        snprintf(nm, sizeof nm, "Gt%d", a + 1);
        mech_emit0(b, nm, expr_copy(cd.gt[a]), 0);
    }
    mech_mat_init(&F, n, 1);
    for (i = 0; i < n; i++) mech_mat_set(&F, i, 0, expr_copy(m->force[i]));
    /* JMF = (M^-1 J^T)^T F = J M^-1 F (M symmetric) */
    {
        mech_mat MJ;
        mech_mat_transpose(&MJ, &cd.MinvJT);
        mech_mat_mul(&JMF, b, &MJ, &F);
        mech_mat_clear(&MJ);
    }
    /* rhs_a, named, then Lambda = -Cinv rhs */
    {
        expr_t rhs[MECH_MAX_K];
        for (a = 0; a < k; a++) {
            snprintf(nm, sizeof nm, "rhs%d", a + 1);
            rhs[a] = mech_emit(b, nm, mech_add(b, expr_copy(MECH_ENTRY(&JMF, a, 0)), expr_copy(cd.h[a])), 0);
        }
        for (a = 0; a < k; a++) {
            expr_t s = expr_num_si(0, 1);
            for (c = 0; c < k; c++)
                s = mech_add(b, s, mech_mul(b, expr_copy(MECH_ENTRY(&cd.Cinv, a, c)), expr_copy(rhs[c])));
            snprintf(nm, sizeof nm, "Lambda%d", a + 1);
            lam[a] = mech_emit(b, nm, mech_neg(s), 0);
        }
        for (a = 0; a < k; a++) expr_free(rhs[a]);
    }
    /* R = J^T Lambda, a = M^-1 (F + R) */
    for (i = 0; i < n; i++) {
        expr_t s = expr_num_si(0, 1);
        for (a = 0; a < k; a++)
            s = mech_add(b, s, mech_mul(b, expr_copy(MECH_ENTRY(&cd.J, a, i)), expr_copy(lam[a])));
        coord_name(nm, sizeof nm, "R", m, i);
        R[i] = mech_emit(b, nm, s, 0);
    }
    for (i = 0; i < n; i++) {
        expr_t s = expr_num_si(0, 1);
        for (c = 0; c < n; c++)
            s = mech_add(b, s, mech_mul(b, expr_copy(MECH_ENTRY(&Minv, i, c)),
                                        mech_add(b, expr_copy(m->force[c]), expr_copy(R[c]))));
        coord_name(nm, sizeof nm, "a", m, i);
        mech_emit0(b, nm, s, 0);
    }
    /* reaction power, directly and by clause 4 */
    p = expr_num_si(0, 1);
    for (i = 0; i < n; i++) p = mech_add(b, p, mech_mul(b, expr_copy(R[i]), expr_copy(m->vel[i])));
    mech_emit0(b, "power", p, 0);
    pg = expr_num_si(0, 1);
    for (a = 0; a < k; a++) pg = mech_sub(b, pg, mech_mul(b, expr_copy(lam[a]), expr_copy(cd.gt[a])));
    mech_emit0(b, "power_G", pg, 0);

    for (a = 0; a < k; a++) expr_free(lam[a]);
    for (i = 0; i < n; i++) expr_free(R[i]);
    mech_mat_clear(&F);
    mech_mat_clear(&JMF);
    mech_mat_clear(&Minv);
    mech_cons_clear(&cd);
    return 0;
}
