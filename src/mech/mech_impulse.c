/* mech_impulse.c -- impulsive decomposition of a velocity at a rough
 * unilateral contact (seed 000, RGIMS): positional constraint S (gap),
 * kinetic friction constraint B (slip covector b), metric M.
 *
 *   c_S = dS M^-1 dS^T,  K_S = M^-1 dS^T / sqrt(c_S)               (unit normal to S)
 *   u_B = M^-1 b^T - (dS M^-1 b^T / c_S) M^-1 dS^T,  c_B = |u_B|^2_M = b M^-1 b^T - (dS M^-1 b^T)^2 / c_S
 *   K_B = u_B / sqrt(c_B)                                         (unit, in V(S), orthogonal to V(B))
 *   Phi_S = Phi(P, K_S) = (dS.v + S_t) / sqrt(c_S)
 *   Phi_B = Phi(P, K_B) = (b.v - (dS M^-1 b^T / c_S)(dS.v + S_t)) / sqrt(c_B)
 *   P = P_par_B + V_perp_B + V_perp_S,  V_perp_S = Phi_S K_S,  V_perp_B = Phi_B K_B.
 *
 * Pushed / pulled use the orientation o (spec/seeds000_001.md: o = cos theta
 * for the rod): pushed <=> o Phi_B > 0. The rules I = sigma K_S + beta K_B'
 * (K_B' = sign(o) K_B) of examples 1 and 2, the outgoing velocity P_R = P_L + I
 * and its coefficients Phi_S(P_R) = Phi_S + sigma, Phi_B'(P_R) = Phi_B' + beta
 * (K_S, K_B' orthonormal), written per branch with the branch's sign of
 * Phi_B' (|Phi_B'| = Phi_B' when pushed), and the outgoing condition (29).
 * Laws particular to one paper's example (its example 3) are written in the
 * case as [define] lines over these quantities (cases/rgims_rod.case). */
#include <stdio.h>
#include <string.h>
#include "mech/mech_impl.h"

#define C(x) expr_copy(x)
#define NUM(p) expr_num_si(p, 1)

static expr_t cmp0(expr_kind k, const expr_t x) { return mech_cmp(k, C(x), NUM(0)); }

/* (29): Phi_S(P_R) > 0 or (Phi_S(P_R) = 0 and Phi_B'(P_R) <= 0). */
static expr_t outgoing29(const expr_t ps, const expr_t pb)
{
    return expr_binary(EXPR_OR, cmp0(EXPR_GT, ps),
                       expr_binary(EXPR_AND, cmp0(EXPR_EQ, ps), cmp0(EXPR_LE, pb)));
}

typedef struct {
    int n;
    const mech_model *m;
    expr_t KS[MECH_MAX_N], KBp[MECH_MAX_N];   /* references */
    expr_t phiS, phiBp, normVB, pushed;       /* references; phiS: incoming (0 if tangent) */
} imp_ctx;

static expr_t ref_full(const mech_builder *b, const char *ex, const char *what);

/* Emits PREFIX_exN_{sigma,beta,phiS,phiB,out,R_q}; takes sigma, beta, phiS_R
 * and phiB_R. out is the outgoing condition (29). */
static void emit_rule(mech_builder *b, const imp_ctx *x, const char *ex, expr_t sigma, expr_t beta,
                      expr_t psR, expr_t pbR)
{
    expr_t out, ps, pb;
    char nm[64];
    int i;
    expr_t sg, bt;
    snprintf(nm, sizeof nm, "%s_sigma", ex);
    sg = mech_emit(b, nm, sigma, 0);
    snprintf(nm, sizeof nm, "%s_beta", ex);
    bt = mech_emit(b, nm, beta, 0);
    snprintf(nm, sizeof nm, "%s_phiS", ex);
    mech_emit0(b, nm, psR, 0);
    snprintf(nm, sizeof nm, "%s_phiB", ex);
    mech_emit0(b, nm, pbR, 0);
    ps = ref_full(b, ex, "phiS");
    pb = ref_full(b, ex, "phiB");
    out = outgoing29(ps, pb);
    expr_free(ps);
    expr_free(pb);
    snprintf(nm, sizeof nm, "%s_out", ex);
    mech_emit0(b, nm, out, 1);
    for (i = 0; i < x->n; i++) {
        expr_t r = mech_add(b, C(x->m->vel[i]), mech_add(b, mech_mul(b, C(sg), C(x->KS[i])),
                                                         mech_mul(b, C(bt), C(x->KBp[i]))));
        snprintf(nm, sizeof nm, "%s_R_%s", ex, x->m->coords[i]);
        mech_emit0(b, nm, r, 0);
    }
    expr_free(sg);
    expr_free(bt);
}

static expr_t ref_full(const mech_builder *b, const char *ex, const char *what)
{
    char nm[64];
    snprintf(nm, sizeof nm, "%s_%s", ex, what);
    return mech_ref(b, nm);
}

static int opt_expr(expr_t *out, const mech_section *sec, const char *key, const char *file,
                    expr_scope_t s, fc_error *err)
{
    int i = mech_key(sec, key);
    *out = NULL;
    if (i < 0) return 0;
    return (*out = mech_parse_expr(sec, i, file, s, err)) == NULL ? -1 : 1;
}

int mech_impulsive(mech_builder *b, const mech_model *m, const mech_section *sec, const char *file,
                   fc_error *err)
{
    int n = m->ncoords, i, tangent = 0, r;
    char msg[400], nm[64];
    mech_mat Minv, dS, dST, bcol, uS, ub;
    expr_t St, hS, cS, cSB, cBB, cB, sqS, sqB, dv, bv, phiS_true, phiB, o = NULL, sgn_o;
    expr_t eps = NULL, mub = NULL, sb = NULL;
    expr_t ug[MECH_MAX_N] = {NULL};   /* unilateral = g1, g2, ...: gaps that must stay >= 0 */
    int nug = 0;
    imp_ctx x;

    if (m->gap == NULL || m->nslip == 0) {
        fc_error_at(err, file, sec->line, 1, "[model %s]: type = impulsive needs 'gap' and 'slip'", sec->name);
        return -1;
    }
    if ((i = mech_key(sec, "incoming")) >= 0) {
        if (strcmp(sec->entries[i].value, "tangent") == 0) tangent = 1;
        else if (strcmp(sec->entries[i].value, "general") != 0) {
            fc_error_at(err, file, sec->entries[i].key_line, sec->entries[i].key_col, "incoming: expected 'tangent' or 'general'");
            return -1;
        }
    }
    if ((i = mech_key(sec, "unilateral")) >= 0 &&
        (nug = mech_parse_list(ug, MECH_MAX_N, sec, i, file, b->scope, 0, err)) < 0)
        return -1;
    if (opt_expr(&o, sec, "orientation", file, b->scope, err) < 0) {
        for (i = 0; i < nug; i++) expr_free(ug[i]);
        return -1;
    }
    if (opt_expr(&eps, sec, "eps", file, b->scope, err) < 0 ||
        opt_expr(&mub, sec, "mu_impulse", file, b->scope, err) < 0 ||
        opt_expr(&sb, sec, "sigma_braked", file, b->scope, err) < 0) {
        r = -1;
        goto done0;
    }
    if (sb && !mub) {
        fc_error_at(err, file, sec->line, 1, "[model %s]: 'sigma_braked' needs 'mu_impulse'", sec->name);
        r = -1;
        goto done0;
    }
    if (mub && !sb) {
        fc_error_at(err, file, sec->line, 1, "[model %s]: 'mu_impulse' (example 2) needs 'sigma_braked', "
                   "the sigma > 0 used when the contact point is braked but not stopped", sec->name);
        r = -1;
        goto done0;
    }
    if (mech_minv(&Minv, b, m, msg, sizeof msg)) {
        fc_error_at(err, file, sec->line, 1, "[model %s]: %s", sec->name, msg);
        r = -1;
        goto done0;
    }
    if (mech_jacobian(&dS, &St, &hS, b, m, m->gap, msg, sizeof msg)) {
        fc_error_at(err, file, sec->line, 1, "[model %s]: gap: %s", sec->name, msg);
        mech_mat_clear(&Minv);
        r = -1;
        goto done0;
    }
    expr_free(hS);
    mech_mat_transpose(&dST, &dS);
    mech_mat_init(&bcol, n, 1);
    for (i = 0; i < n; i++) mech_mat_set(&bcol, i, 0, C(m->slip[i]));
    mech_mat_mul(&uS, b, &Minv, &dST);
    mech_mat_mul(&ub, b, &Minv, &bcol);
    {
        mech_mat t, bt;
        mech_mat_mul(&t, b, &dS, &uS);
        cS = mech_emit(b, "cS", C(MECH_ENTRY(&t, 0, 0)), 0);
        mech_mat_clear(&t);
        mech_mat_mul(&t, b, &dS, &ub);
        cSB = mech_emit(b, "cSB", C(MECH_ENTRY(&t, 0, 0)), 0);
        mech_mat_clear(&t);
        mech_mat_transpose(&bt, &bcol);
        mech_mat_mul(&t, b, &bt, &ub);
        cBB = mech_emit(b, "cBB", C(MECH_ENTRY(&t, 0, 0)), 0);
        mech_mat_clear(&t);
        mech_mat_clear(&bt);
    }
    cB = mech_emit(b, "cB", mech_sub(b, C(cBB), mech_div(b, mech_sq(b, C(cSB)), C(cS))), 0);
    sqS = mech_fn1("sqrt", C(cS));
    sqB = mech_fn1("sqrt", C(cB));
    x.n = n, x.m = m;
    for (i = 0; i < n; i++) {
        snprintf(nm, sizeof nm, "KS_%s", m->coords[i]);
        x.KS[i] = mech_emit(b, nm, mech_div(b, C(MECH_ENTRY(&uS, i, 0)), C(sqS)), 0);
    }
    for (i = 0; i < n; i++) {
        expr_t u = mech_sub(b, C(MECH_ENTRY(&ub, i, 0)),
                            mech_mul(b, mech_div(b, C(cSB), C(cS)), C(MECH_ENTRY(&uS, i, 0))));
        snprintf(nm, sizeof nm, "KB_%s", m->coords[i]);
        mech_emit0(b, nm, mech_div(b, u, C(sqB)), 0);
    }
    /* normal and slip velocities */
    dv = C(St), bv = NUM(0);
    for (i = 0; i < n; i++) {
        dv = mech_add(b, dv, mech_mul(b, C(MECH_ENTRY(&dS, 0, i)), C(m->vel[i])));
        bv = mech_add(b, bv, mech_mul(b, C(m->slip[i]), C(m->vel[i])));
    }
    /* the model's constraints (README "Model constraints"): the impact happens
       in contact (S = 0); a tangent incoming velocity is tangent to S; a
       general one approaches (-(dS.v + S_t) >= 0); the other unilateral
       contacts of the configuration are open or closed, never penetrated */
    mech_emit0(b, "gap", C(m->gap), 0);
    mech_mark_constraint(b, "gap = 0");
    dv = mech_emit(b, "tangency", dv, 0);
    if (tangent) mech_mark_constraint(b, "tangency = 0");
    else {
        mech_emit0(b, "approach", mech_neg(C(dv)), 0);
        mech_mark_constraint(b, "approach >= 0");
    }
    for (i = 0; i < nug; i++) {
        char cn[64];
        snprintf(nm, sizeof nm, "unilateral%d", i + 1);
        snprintf(cn, sizeof cn, "unilateral%d >= 0", i + 1);
        mech_emit0(b, nm, ug[i], 0);   /* owned by the definition now */
        ug[i] = NULL;
        mech_mark_constraint(b, cn);
    }
    bv = mech_emit(b, "slipvel", bv, 0);
    phiS_true = tangent ? NUM(0) : mech_div(b, C(dv), C(sqS));
    x.phiS = mech_emit(b, "phiS", phiS_true, 0);
    phiB = tangent ? mech_div(b, C(bv), C(sqB))
                   : mech_div(b, mech_sub(b, C(bv), mech_mul(b, mech_div(b, C(cSB), C(cS)), C(dv))), C(sqB));
    phiB = mech_emit(b, "phiB", phiB, 0);
    mech_emit0(b, "normVB", mech_fn1("abs", C(phiB)), 0);
    x.normVB = mech_ref(b, "normVB");
    for (i = 0; i < n; i++) {
        snprintf(nm, sizeof nm, "VS_%s", m->coords[i]);
        mech_emit0(b, nm, mech_mul(b, C(x.phiS), C(x.KS[i])), 0);
        snprintf(nm, sizeof nm, "KB_%s", m->coords[i]);
        {
            expr_t kb = mech_ref(b, nm);
            snprintf(nm, sizeof nm, "VB_%s", m->coords[i]);
            mech_emit0(b, nm, mech_mul(b, C(phiB), C(kb)), 0);
            expr_free(kb);
        }
    }
    for (i = 0; i < n; i++) {
        expr_t vs, vb;
        snprintf(nm, sizeof nm, "VS_%s", m->coords[i]);
        vs = mech_ref(b, nm);
        snprintf(nm, sizeof nm, "VB_%s", m->coords[i]);
        vb = mech_ref(b, nm);
        snprintf(nm, sizeof nm, "PB_%s", m->coords[i]);
        mech_emit0(b, nm, mech_sub(b, mech_sub(b, C(m->vel[i]), vs), vb), 0);
    }
    /* orientation, pushed / pulled, impact / detachment with S */
    sgn_o = o ? mech_emit(b, "sgn_o", mech_fn1("sign", C(o)), 0) : NUM(1);
    x.phiBp = mech_emit(b, "phiBp", mech_mul(b, C(sgn_o), C(phiB)), 0);
    for (i = 0; i < n; i++) {
        expr_t kb;
        snprintf(nm, sizeof nm, "KB_%s", m->coords[i]);
        kb = mech_ref(b, nm);
        x.KBp[i] = mech_mul(b, C(sgn_o), kb);
    }
    {
        expr_t ob = o ? mech_mul(b, C(o), C(phiB)) : C(phiB);
        mech_emit0(b, "pushed", mech_cmp(EXPR_GT, C(ob), NUM(0)), 1);
        mech_emit0(b, "pulled", mech_cmp(EXPR_LT, ob, NUM(0)), 1);
        x.pushed = mech_ref(b, "pushed");
    }
    mech_emit0(b, "impact", cmp0(EXPR_LT, x.phiS), 1);
    mech_emit0(b, "detach", cmp0(EXPR_GT, x.phiS), 1);

    if (eps) {
        /* Example 1, rebound: sigma = 0, beta = -(1+eps)|V_B| if pushed (no impact if pulled) */
        expr_t e1 = mech_emit(b, "eps", C(eps), 0), beta, pbR;
        beta = mech_if(C(x.pushed), mech_neg(mech_mul(b, mech_add(b, NUM(1), C(e1)), C(x.normVB))), NUM(0));
        pbR = mech_if(C(x.pushed), mech_neg(mech_mul(b, C(e1), C(x.phiBp))), C(x.phiBp));
        emit_rule(b, &x, "ex1", NUM(0), beta, C(x.phiS), pbR);
        expr_free(e1);
    }
    {
        /* Example 1, stop: sigma = 0, beta = -|V_B| if pushed: P_R = P_par_B */
        expr_t beta = mech_if(C(x.pushed), mech_neg(C(x.normVB)), NUM(0));
        expr_t pbR = mech_if(C(x.pushed), NUM(0), C(x.phiBp));
        emit_rule(b, &x, "ex1s", NUM(0), beta, C(x.phiS), pbR);
    }
    if (mub) {
        /* Example 2, maximum braking */
        expr_t mu = mech_emit(b, "mu_impulse", C(mub), 0);
        expr_t sg2 = mech_emit(b, "sigma_braked", C(sb), 0);
        expr_t stop = mech_cmp(EXPR_LE, C(x.normVB), C(mu));
        expr_t sigma, beta, psR, pbR;
        mech_emit0(b, "ex2_stopped", expr_binary(EXPR_AND, C(x.pushed), C(stop)), 1);
        mech_emit0(b, "ex2_braked", expr_binary(EXPR_AND, C(x.pushed), mech_cmp(EXPR_GT, C(x.normVB), C(mu))), 1);
        sigma = mech_if(C(x.pushed), mech_if(C(stop), NUM(0), C(sg2)), NUM(0));
        beta = mech_if(C(x.pushed), mech_if(C(stop), mech_neg(C(x.normVB)), mech_neg(C(mu))), NUM(0));
        psR = mech_if(C(x.pushed), mech_if(C(stop), C(x.phiS), mech_add(b, C(x.phiS), C(sg2))), C(x.phiS));
        pbR = mech_if(C(x.pushed), mech_if(C(stop), NUM(0), mech_sub(b, C(x.phiBp), C(mu))), C(x.phiBp));
        emit_rule(b, &x, "ex2", sigma, beta, psR, pbR);
        expr_free(stop);
        expr_free(mu);
        expr_free(sg2);
    }
    r = 0;
    for (i = 0; i < n; i++) {
        expr_free(x.KS[i]);
        expr_free(x.KBp[i]);
    }
    expr_free(x.phiS);
    expr_free(x.phiBp);
    expr_free(x.normVB);
    expr_free(x.pushed);
    expr_free(sgn_o);
    expr_free(phiB);
    expr_free(dv);
    expr_free(bv);
    expr_free(sqS);
    expr_free(sqB);
    expr_free(cS);
    expr_free(cSB);
    expr_free(cBB);
    expr_free(cB);
    expr_free(St);
    mech_mat_clear(&Minv);
    mech_mat_clear(&dS);
    mech_mat_clear(&dST);
    mech_mat_clear(&bcol);
    mech_mat_clear(&uS);
    mech_mat_clear(&ub);
done0:
    for (i = 0; i < nug; i++) expr_free(ug[i]);
    expr_free(o);
    expr_free(eps);
    expr_free(mub);
    expr_free(sb);
    return r;
}
