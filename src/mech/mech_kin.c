/* mech_kin.c -- kinematic data of a constraint function: Jacobian row,
 * time derivative and the velocity-quadratic part of its second time
 * derivative, by symbolic differentiation. */
#include <stdio.h>
#include <string.h>
#include "mech/mech_impl.h"

static expr_t deriv(const mech_builder *b, const expr_t e, const char *var, char *msg, size_t nmsg)
{
    expr_error_t ee;
    expr_t d = expr_derivative(e, var, b->scope, &ee);
    if (d == NULL) snprintf(msg, nmsg, "%d:%d: cannot differentiate: %s", ee.line, ee.col, ee.msg);
    return d;
}

/* d/dt along the motion of an expression in (t, q), with velocities v:
 * D e[v] = e_t + sum_i e_{q_i} v_i (without differentiating v). */
int mech_jacobian(mech_mat *row, expr_t *gt, expr_t *h, const mech_builder *b, const mech_model *m,
                  const expr_t g, char *msg, size_t nmsg)
{
    int n = m->ncoords, i, j;
    expr_t d[MECH_MAX_N], gtt = NULL, acc;
    mech_mat_init(row, 1, n);
    *gt = NULL, *h = NULL;
    for (i = 0; i < n; i++) {
        if ((d[i] = deriv(b, g, m->coords[i], msg, nmsg)) == NULL) goto fail_d;
        mech_mat_set(row, 0, i, expr_copy(d[i]));
    }
    *gt = m->time ? deriv(b, g, m->time, msg, nmsg) : expr_num_si(0, 1);
    if (*gt == NULL) { i = n; goto fail_d; }
    /* h = G_tt + 2 sum_i G_t q_i v_i + sum_ij G_q_i q_j v_i v_j */
    acc = expr_num_si(0, 1);
    if (m->time) {
        if ((gtt = deriv(b, *gt, m->time, msg, nmsg)) == NULL) { expr_free(acc); i = n; goto fail_d; }
        acc = mech_add(b, acc, gtt);
    }
    for (i = 0; i < n; i++) {
        expr_t row_i = expr_num_si(0, 1);
        for (j = 0; j < n; j++) {
            expr_t dij = deriv(b, d[i], m->coords[j], msg, nmsg);
            if (dij == NULL) { expr_free(row_i); expr_free(acc); i = n; goto fail_d; }
            row_i = mech_add(b, row_i, mech_mul(b, dij, expr_copy(m->vel[j])));
        }
        if (m->time) {
            expr_t dti = deriv(b, d[i], m->time, msg, nmsg);
            if (dti == NULL) { expr_free(row_i); expr_free(acc); i = n; goto fail_d; }
            row_i = mech_add(b, row_i, mech_mul(b, expr_num_si(2, 1), dti));
        }
        acc = mech_add(b, acc, mech_mul(b, row_i, expr_copy(m->vel[i])));
    }
    *h = acc;
    for (i = 0; i < n; i++) expr_free(d[i]);
    return 0;
fail_d:
    for (j = 0; j < i && j < n; j++) expr_free(d[j]);
    expr_free(*gt);
    *gt = NULL;
    mech_mat_clear(row);
    return -1;
}

/* M^-1, its non-constant entries named PREFIX_Minv_q (diagonal) or
 * PREFIX_Minv_q_r. M is a model datum assumed symmetric positive definite on
 * the whole box, so these names are treated as total when products with an
 * exact 0 are folded (they stay undefined where M is singular, and so does
 * every quantity that still refers to them). */
int mech_minv(mech_mat *out, mech_builder *b, const mech_model *m, char *msg, size_t nmsg)
{
    char inner[200], nm[96];
    int n = m->ncoords, i, j, diag = 1;
    mech_mat raw;
    if (mech_mat_inv(&raw, b, &m->mass, "detM", inner, sizeof inner)) {
        snprintf(msg, nmsg, "mass: %s", inner);
        return -1;
    }
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            if (i != j && !(MECH_ENTRY(&raw, i, j)->kind == EXPR_NUM && fmpq_is_zero(MECH_ENTRY(&raw, i, j)->num)))
                diag = 0;
    mech_mat_init(out, n, n);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            expr_t e = MECH_ENTRY(&raw, i, j);
            if (e->kind == EXPR_NUM || j < i) continue;
            if (diag) snprintf(nm, sizeof nm, "Minv_%s", m->coords[i]);
            else snprintf(nm, sizeof nm, "Minv_%s_%s", m->coords[i], m->coords[j]);
            mech_emit0(b, nm, expr_copy(e), 0);
            b->partial[b->n - 1] = 0;
            mech_mat_set(out, i, j, mech_ref(b, nm));
            if (j != i) mech_mat_set(out, j, i, mech_ref(b, nm));
        }
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            if (MECH_ENTRY(&raw, i, j)->kind == EXPR_NUM) mech_mat_set(out, i, j, expr_copy(MECH_ENTRY(&raw, i, j)));
    mech_mat_clear(&raw);
    return 0;
}
