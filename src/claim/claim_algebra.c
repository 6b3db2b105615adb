/* claim_algebra.c -- exact-algebra proofs of threshold claims
 *
 *     (exists u in [u0, u1]: G(u, p) op 0)  <=>  claim(p)      for p in [p0, p1].
 *
 * The model is one comparison L op R or an and/or/not combination of such
 * comparisons (see the second part of this file), each polynomial (over Q, after fixing
 * the case's other parameters at their exact values) in the quantified
 * parameter `over` and in `param`, or polynomial in cos(over), sin(over)
 * with over ranging over [0, pi/2] (or [-pi/2, 0], [-pi/2, pi/2]): then the
 * half-angle substitution u = tan(over/2), cos = (1-u^2)/(1+u^2),
 * sin = 2u/(1+u^2), times (1+u^2)^d > 0, gives a polynomial G(u, p) of the
 * same sign on u in [u0, u1] (a bijection onto [-1, 1]'s part).
 * The claim must be a boolean combination of polynomial comparisons in p.
 *
 * Proof: the set S = {p : exists u in [u0, u1] with G(u, p) op 0} is
 * constant on every open interval of [p0, p1] free of the real roots of
 *     R(p) = lc_u(G) * disc_u(G) * G(u0, p) * G(u1, p) * (claim polynomials),
 * since there the real roots of G(., p) are simple, keep their number and do
 * not cross u0 or u1, so the sign pattern of G on [u0, u1] is the same for
 * every p, and so is the claim. The roots of R are isolated exactly; S and
 * the claim are decided exactly (rational arithmetic, real-root isolation) at
 * each rational root, at each end and at a rational point of each open
 * interval between, and at an irrational root by the arguments given with
 * threshold_multi; then compared. Agreement everywhere proves the claim, an
 * exact disagreement at a rational point refutes it, anything else leaves it
 * to the caller. */
#include <string.h>
#include "claim/claim_impl.h"
#include "alg/alg.h"
#include <acb.h>
#include <arb_fmpz_poly.h>

/* Variables of every polynomial here: u (the half-angle variable, or the
 * quantified variable itself), p (the claim's parameter), then the
 * generators of the field of the constants (alg_field). */
#define CL_U 0
#define CL_P 1
#define CL_NV (2 + ALG_FIELD_MAX)

typedef struct {
    const case_t *c;
    expr_t *pv;              /* exact values of the fixed parameters */
    const char *pname;
    fmpq_mpoly_ctx_t ctx;    /* (u, p, g_1, ..., g_ALG_FIELD_MAX) */
    alg_field_t F;           /* generators from CL_NV - ALG_FIELD_MAX */
} cl_alg;

/* Univariate fmpq_poly in generator var of an fmpq_mpoly all of whose other
 * generators are absent. */
static void to_upoly(fmpq_poly_t out, const fmpq_mpoly_t a, slong var, const fmpq_mpoly_ctx_t ctx)
{
    slong i, n = fmpq_mpoly_length(a, ctx), nv = fmpq_mpoly_ctx_nvars(ctx);
    ulong *exp = flint_malloc(nv * sizeof(ulong));
    fmpq_t q;
    fmpq_init(q);
    fmpq_poly_zero(out);
    for (i = 0; i < n; i++) {
        fmpq_mpoly_get_term_coeff_fmpq(q, a, i, ctx);
        fmpq_mpoly_get_term_exp_ui(exp, a, i, ctx);
        fmpq_poly_set_coeff_fmpq(out, exp[var], q);
    }
    fmpq_clear(q);
    flint_free(exp);
}

/* The norm of a (free of the generators) as a polynomial in var. */
static void norm_upoly(fmpq_poly_t out, const fmpq_mpoly_t a, slong var, cl_alg *A)
{
    fmpq_mpoly_t n;
    fmpq_mpoly_init(n, A->ctx);
    alg_field_norm(n, a, A->F, A->ctx);
    to_upoly(out, n, var, A->ctx);
    fmpq_mpoly_clear(n, A->ctx);
}

static int has_gens(const fmpq_mpoly_t a, cl_alg *A)
{
    slong i;
    for (i = 0; i < A->F->n; i++)
        if (fmpq_mpoly_degree_si(a, A->F->first + i, A->ctx) > 0) return 1;
    return 0;
}

/* Converts L - R of a comparison (in the claim's parameter only) to the field. */
static int claim_diff(fmpq_mpoly_t a, const expr_t e, cl_alg *A)
{
    const char *vars[2];
    expr_error_t ee;
    expr_t d = expr_binary(EXPR_SUB, expr_copy(e->args[0]), expr_copy(e->args[1]));
    int r;
    vars[0] = "#u";   /* not a name: the claim cannot use it */
    vars[1] = A->pname;
    r = alg_to_mpoly_field(a, d, vars, 2, A->ctx, A->c->scope, (const expr_t *) A->pv, ALG_FIELD, A->F, &ee);
    expr_free(d);
    if (r == 0 && fmpq_mpoly_degree_si(a, CL_U, A->ctx) > 0) r = -1;
    return r;
}

/* Collects the polynomials (in p) of the comparisons of a claim predicate
 * (their norms, for field coefficients); -1 if some part is not a polynomial
 * comparison or logic. */
static int claim_polys(fmpq_poly_t prod, const expr_t e, cl_alg *A, int depth)
{
    expr_t def;
    if (depth > 64) return -1;
    switch (e->kind) {
    case EXPR_TRUE: case EXPR_FALSE: return 0;
    case EXPR_VAR:
        if (expr_scope_lookup(A->c->scope, e->name, NULL, &def) == 2) return claim_polys(prod, def, A, depth + 1);
        return -1;
    case EXPR_NOT: return claim_polys(prod, e->args[0], A, depth + 1);
    case EXPR_AND: case EXPR_OR: case EXPR_XOR: case EXPR_IMPLIES: case EXPR_IFF:
        return claim_polys(prod, e->args[0], A, depth + 1) || claim_polys(prod, e->args[1], A, depth + 1) ? -1 : 0;
    case EXPR_LT: case EXPR_LE: case EXPR_GT: case EXPR_GE: case EXPR_EQ: case EXPR_NE: {
        fmpq_mpoly_t a;
        fmpq_poly_t u;
        int rc = 0;
        fmpq_mpoly_init(a, A->ctx);
        fmpq_poly_init(u);
        if (claim_diff(a, e, A)) rc = -1;
        else {
            norm_upoly(u, a, CL_P, A);
            if (fmpq_poly_degree(u) > 0) fmpq_poly_mul(prod, prod, u);
        }
        fmpq_mpoly_clear(a, A->ctx);
        fmpq_poly_clear(u);
        return rc;
    }
    default:
        return -1;
    }
}

/* A point of an axis: a rational, or the real root k of roots. */
typedef struct {
    const fmpq *q;
    alg_roots_struct *r;
    slong k;
} cl_point;

/* Sign of the polynomial u at the point: exact for a rational; for a root of
 * the irreducible f, 0 if f divides u, else from ball evaluation on ever finer
 * enclosures of the root. Returns -2 if undecided. */
static int sign_at(const fmpq_poly_t u, const cl_point *pt)
{
    fmpq_t v;
    int s = -2;
    if (pt->q) {
        fmpq_init(v);
        fmpq_poly_evaluate_fmpq(v, u, pt->q);
        s = fmpq_sgn(v);
        fmpq_clear(v);
        return s;
    } else {
        fmpq_poly_t f, rem;
        arb_t x, y;
        arb_poly_t ap;
        slong prec;
        fmpq_poly_init(f);
        fmpq_poly_init(rem);
        fmpq_poly_set_fmpz_poly(f, pt->r->fac->p + pt->r->root[pt->k].factor);
        fmpq_poly_rem(rem, u, f);
        if (fmpq_poly_is_zero(rem)) s = 0;
        else {
            arb_init(x);
            arb_init(y);
            arb_poly_init(ap);
            for (prec = 64; prec <= 8192 && s == -2; prec *= 2) {
                alg_roots_enclosure(x, pt->r, pt->k, prec);
                arb_poly_set_fmpq_poly(ap, u, prec);
                arb_poly_evaluate(y, ap, x, prec);
                if (arb_is_positive(y)) s = 1;
                else if (arb_is_negative(y)) s = -1;
            }
            arb_clear(x);
            arb_clear(y);
            arb_poly_clear(ap);
        }
        fmpq_poly_clear(f);
        fmpq_poly_clear(rem);
        return s;
    }
}

/* out = t at the complex point vals (one acb per variable of ctx). */
static void acb_mpoly_eval(acb_t out, const fmpq_mpoly_t t, acb_srcptr vals, const fmpq_mpoly_ctx_t ctx, slong prec)
{
    slong k, v, nv = fmpq_mpoly_ctx_nvars(ctx), len = fmpq_mpoly_length(t, ctx);
    ulong *ex = flint_malloc(nv * sizeof(ulong));
    acb_t term, pw;
    fmpq_t q;
    acb_init(term);
    acb_init(pw);
    fmpq_init(q);
    acb_zero(out);
    for (k = 0; k < len; k++) {
        fmpq_mpoly_get_term_exp_ui(ex, t, k, ctx);
        fmpq_mpoly_get_term_coeff_fmpq(q, t, k, ctx);
        acb_set_fmpq(term, q, prec);
        for (v = 0; v < nv; v++)
            if (ex[v]) {
                acb_pow_ui(pw, vals + v, ex[v], prec);
                acb_mul(term, term, pw, prec);
            }
        acb_add(out, out, term, prec);
    }
    acb_clear(term);
    acb_clear(pw);
    fmpq_clear(q);
    flint_free(ex);
}

/* Is t(x*, g) = 0, with x* the algebraic point alg in variable var and g the
 * generators, when the minimal polynomial of x* divides norm(t)? The norm is
 * (a nonzero constant times) the product of t(x*, beta) over every tuple beta
 * of roots (complex ones too) of the generators' polynomials, so some tuple
 * gives zero; if every tuple but the true one (sqrt(p_i) > 0, each general
 * generator's own real root) is certified nonzero in complex balls, the true
 * one is zero. 1 when proved, 0 when not (never a wrong 1). */
static int field_zero_at_root(const fmpq_mpoly_t t, const cl_point *alg, slong var, cl_alg *A)
{
    slong nv = fmpq_mpoly_ctx_nvars(A->ctx), prec, gi, nr[ALG_FIELD_MAX], ntup, tup, i;
    acb_ptr rt[ALG_FIELD_MAX], vals = _acb_vec_init(nv);
    arb_t x;
    int proved = 0;
    arb_init(x);
    for (gi = 0; gi < A->F->n; gi++) {
        nr[gi] = A->F->num[gi] ? fmpz_poly_degree(A->F->num[gi]->m) : 2;
        rt[gi] = _acb_vec_init(nr[gi]);
    }
    for (prec = 128; prec <= 2048 && !proved; prec *= 2) {
        int ok = 1;
        alg_roots_enclosure(x, alg->r, alg->k, prec);
        acb_set_arb(vals + var, x);
        /* the roots of each generator's polynomial, its own first */
        for (gi = 0; gi < A->F->n && ok; gi++) {
            if (A->F->num[gi] == NULL) {
                arb_sqrt_ui(acb_realref(rt[gi] + 0), A->F->prime[gi], prec);
                arb_zero(acb_imagref(rt[gi] + 0));
                acb_neg(rt[gi] + 1, rt[gi] + 0);
            } else {
                slong j, own = -1;
                arb_t a;
                arb_init(a);
                arb_fmpz_poly_complex_roots(rt[gi], A->F->num[gi]->m, 0, prec);
                alg_num_enclosure(a, A->F->num[gi], prec);
                for (j = 0; j < nr[gi]; j++)
                    if (acb_is_real(rt[gi] + j) && arb_overlaps(acb_realref(rt[gi] + j), a)) {
                        if (own >= 0) ok = 0;   /* not separated yet */
                        own = j;
                    }
                if (own < 0) ok = 0;
                else acb_swap(rt[gi] + 0, rt[gi] + own);
                arb_clear(a);
            }
        }
        if (!ok) continue;
        ntup = 1;
        for (gi = 0; gi < A->F->n; gi++)
            if (fmpq_mpoly_degree_si(t, A->F->first + gi, A->ctx) > 0) ntup *= nr[gi];
        for (tup = 1; tup < ntup && ok; tup++) {   /* tuple 0 is the true one */
            slong r = tup;
            acb_t y;
            for (gi = 0; gi < A->F->n; gi++) {
                slong j = 0;
                if (fmpq_mpoly_degree_si(t, A->F->first + gi, A->ctx) > 0) { j = r % nr[gi]; r /= nr[gi]; }
                acb_set(vals + A->F->first + gi, rt[gi] + j);
            }
            acb_init(y);
            acb_mpoly_eval(y, t, vals, A->ctx, prec);
            if (acb_contains_zero(y)) ok = 0;
            acb_clear(y);
        }
        if (ok) proved = 1;
    }
    for (i = 0; i < A->F->n; i++) _acb_vec_clear(rt[i], nr[i]);
    _acb_vec_clear(vals, nv);
    arb_clear(x);
    return proved;
}

/* When the algebraic point x* (variable var) lies in the field, x* = y(g)
 * (alg_field_express, checked exactly): 1 if t(y(g), g) reduces to zero (t
 * vanishes at the point), 0 if not (it does not: the reduced form is
 * canonical), -1 if x* was not found in the field. */
static int point_in_field_zero(const fmpq_mpoly_t t, const cl_point *alg, slong var, cl_alg *A)
{
    alg_num_t a;
    fmpq_mpoly_t y, z;
    fmpq_mpoly_struct *C[CL_NV];
    fmpq_mpoly_struct gens[CL_NV];
    slong i;
    int rc = -1;
    alg_num_init(a);
    fmpq_mpoly_init(y, A->ctx);
    fmpq_mpoly_init(z, A->ctx);
    fmpz_poly_set(a->m, alg->r->fac->p + alg->r->root[alg->k].factor);
    fmpz_poly_primitive_part(a->m, a->m);
    if (fmpz_sgn(fmpz_poly_lead(a->m)) < 0) fmpz_poly_neg(a->m, a->m);
    fmpq_set(a->lo, alg->r->root[alg->k].lo);
    fmpq_set(a->hi, alg->r->root[alg->k].hi);
    if (fmpz_poly_degree(a->m) >= 1 && alg_field_express(y, A->F, a, A->ctx) == 0) {
        for (i = 0; i < CL_NV; i++) {
            fmpq_mpoly_init(gens + i, A->ctx);
            if (i == var) fmpq_mpoly_set(gens + i, y, A->ctx);
            else fmpq_mpoly_gen(gens + i, i, A->ctx);
            C[i] = gens + i;
        }
        if (fmpq_mpoly_compose_fmpq_mpoly(z, t, C, A->ctx, A->ctx)) {
            alg_field_reduce(z, A->F, A->ctx);
            rc = fmpq_mpoly_is_zero(z, A->ctx) ? 1 : 0;
        }
        for (i = 0; i < CL_NV; i++) fmpq_mpoly_clear(gens + i, A->ctx);
    }
    fmpq_mpoly_clear(y, A->ctx);
    fmpq_mpoly_clear(z, A->ctx);
    alg_num_clear(a);
    return rc;
}

/* Sign of a (variables u, p and the generators) at u = pu, p = pp (NULL: the
 * variable must be absent): the rational coordinates substituted exactly
 * (a zero element of the field is 0, exactly); then, without generators, the
 * exact sign_at; with them, balls of ever higher precision. -2: undecided
 * (possible only at an irrational coordinate). */
static int field_sign(const fmpq_mpoly_t a, const cl_point *pu, const cl_point *pp, cl_alg *A)
{
    fmpq_mpoly_t t;
    const cl_point *alg = NULL;
    slong var = -1, prec;
    int s = -2;
    fmpq_mpoly_init(t, A->ctx);
    fmpq_mpoly_set(t, a, A->ctx);
    if (pu && pu->q) fmpq_mpoly_evaluate_one_fmpq(t, t, CL_U, (fmpq *) pu->q, A->ctx);
    else if (pu) { alg = pu; var = CL_U; }
    if (pp && pp->q) fmpq_mpoly_evaluate_one_fmpq(t, t, CL_P, (fmpq *) pp->q, A->ctx);
    else if (pp) { alg = pp; var = CL_P; }
    alg_field_reduce(t, A->F, A->ctx);
    if (fmpq_mpoly_is_zero(t, A->ctx)) s = 0;
    else if (!has_gens(t, A)) {
        fmpq_poly_t u;
        cl_point z;
        fmpq_t zero;
        fmpq_init(zero);
        fmpq_poly_init(u);
        to_upoly(u, t, var < 0 ? CL_U : var, A->ctx);
        z.q = zero; z.r = NULL; z.k = 0;
        s = sign_at(u, alg ? alg : &z);
        fmpq_poly_clear(u);
        fmpq_clear(zero);
    } else {
        /* at an algebraic point x* (root of the irreducible f): t(x*, g) = 0 implies
           norm(t)(x*) = 0, i.e. f | norm(t); then some conjugate t(x*, sigma g)
           vanishes, and if every other conjugate is certified nonzero it is t itself */
        arb_ptr v = _arb_vec_init(CL_NV);
        arb_t y;
        int may_vanish = 0, num_used = 0, zero_tried = 0;
        slong sig, nsig = WORD(1) << A->F->n, used = 0, gi;
        arb_init(y);
        for (gi = 0; gi < A->F->n; gi++)   /* conjugates over the square roots that occur */
            if (fmpq_mpoly_degree_si(t, A->F->first + gi, A->ctx) > 0) {
                if (A->F->num[gi] != NULL) num_used = 1;   /* a general generator: no sign flip */
                else used |= WORD(1) << gi;
            }
        if (alg) {
            fmpq_poly_t nn, f, rem;
            fmpq_poly_init(nn);
            fmpq_poly_init(f);
            fmpq_poly_init(rem);
            norm_upoly(nn, t, var, A);
            fmpq_poly_set_fmpz_poly(f, alg->r->fac->p + alg->r->root[alg->k].factor);
            fmpq_poly_rem(rem, nn, f);
            may_vanish = fmpq_poly_is_zero(rem);
            fmpq_poly_clear(nn);
            fmpq_poly_clear(f);
            fmpq_poly_clear(rem);
            if (may_vanish && num_used) {
                /* the point may lie in the field (a threshold cos(pi/9) with the
                   generator cos(pi/18)): then t there is an element, zero or not exactly */
                int z = point_in_field_zero(t, alg, var, A);
                if (z == 1) s = 0;
                else if (z == 0) may_vanish = 0;   /* nonzero: the balls decide */
            }
        }
        for (prec = 64; prec <= 4096 && s == -2; prec *= 2) {
            int others = 1;
            if (alg) alg_roots_enclosure(v + var, alg->r, alg->k, prec);
            for (sig = nsig - 1; sig >= 0; sig--) {
                slong i;
                if (sig & ~used) continue;
                alg_field_gen_balls(v, A->F, prec);
                for (i = 0; i < A->F->n; i++)
                    if ((sig >> i) & 1) arb_neg(v + A->F->first + i, v + A->F->first + i);
                alg_mpoly_eval_balls(y, t, v, A->ctx, prec);
                if (sig > 0) {
                    if (!may_vanish) break;
                    if (arb_contains_zero(y)) others = 0;
                    continue;
                }
                if (arb_is_positive(y)) s = 1;
                else if (arb_is_negative(y)) s = -1;
                else if (may_vanish && others && !num_used) s = 0;
                else if (may_vanish && num_used && zero_tried == 0) {
                    zero_tried = 1;   /* once: it refines on its own */
                    if (field_zero_at_root(t, alg, var, A)) s = 0;
                }
            }
            if (!may_vanish && s == -2) {   /* sig loop broke early: the identity */
                alg_field_gen_balls(v, A->F, prec);
                alg_mpoly_eval_balls(y, t, v, A->ctx, prec);
                if (arb_is_positive(y)) s = 1;
                else if (arb_is_negative(y)) s = -1;
            }
        }
        arb_clear(y);
        _arb_vec_clear(v, CL_NV);
    }
    fmpq_mpoly_clear(t, A->ctx);
    return s;
}

/* Exact truth of a claim predicate at a point (-1: cannot). */
static int claim_truth(const expr_t e, const cl_point *p, cl_alg *A, int depth)
{
    expr_t def;
    int a, b;
    if (depth > 64) return -1;
    switch (e->kind) {
    case EXPR_TRUE: return 1;
    case EXPR_FALSE: return 0;
    case EXPR_VAR:
        if (expr_scope_lookup(A->c->scope, e->name, NULL, &def) == 2) return claim_truth(def, p, A, depth + 1);
        return -1;
    case EXPR_NOT:
        a = claim_truth(e->args[0], p, A, depth + 1);
        return a < 0 ? -1 : !a;
    case EXPR_AND: case EXPR_OR: case EXPR_XOR: case EXPR_IMPLIES: case EXPR_IFF:
        a = claim_truth(e->args[0], p, A, depth + 1);
        b = claim_truth(e->args[1], p, A, depth + 1);
        if (a < 0 || b < 0) return -1;
        return e->kind == EXPR_AND ? a && b : e->kind == EXPR_OR ? a || b : e->kind == EXPR_XOR ? a != b
             : e->kind == EXPR_IMPLIES ? !a || b : a == b;
    case EXPR_LT: case EXPR_LE: case EXPR_GT: case EXPR_GE: case EXPR_EQ: case EXPR_NE: {
        fmpq_mpoly_t x;
        int s, rc;
        fmpq_mpoly_init(x, A->ctx);
        if (claim_diff(x, e, A)) rc = -1;
        else {
            s = field_sign(x, NULL, p, A);
            if (s == -2) rc = -1;
            else rc = e->kind == EXPR_LT ? s < 0 : e->kind == EXPR_LE ? s <= 0 : e->kind == EXPR_GT ? s > 0
                    : e->kind == EXPR_GE ? s >= 0 : e->kind == EXPR_EQ ? s == 0 : s != 0;
        }
        fmpq_mpoly_clear(x, A->ctx);
        return rc;
    }
    default:
        return -1;
    }
}

/* Exact rational value of a constant expression, or -1. */
static int const_value(fmpq_t q, const expr_t e, cl_alg *A)
{
    fmpq_mpoly_ctx_t ctx;
    fmpq_mpoly_t a;
    expr_error_t ee;
    int rc = -1;
    fmpq_mpoly_ctx_init(ctx, 1, ORD_LEX);
    fmpq_mpoly_init(a, ctx);
    if (alg_to_mpoly_ext(a, e, NULL, 0, ctx, A->c->scope, (const expr_t *) A->pv, 0, &ee) == 0 &&
        fmpq_mpoly_is_fmpq(a, ctx)) {
        fmpq_mpoly_get_fmpq(q, a, ctx);
        rc = 0;
    }
    fmpq_mpoly_clear(a, ctx);
    fmpq_mpoly_ctx_clear(ctx);
    return rc;
}

/* G(u, p, g) = F(C, S, p, g) (1 + u^2)^d after the rotation of the angle by
 * rot quarter turns, theta = rot pi/2 + phi, and the half-angle substitution
 * u = tan(phi/2): cos phi = (1 - u^2)/(1 + u^2), sin phi = 2u/(1 + u^2);
 * d the total degree of F in (C, S): G has the sign of F. F in (C, S, p,
 * generators) of ctx3; G in A->ctx. */
static void half_angle_poly(fmpq_mpoly_t G, const fmpq_mpoly_t F, const fmpq_mpoly_ctx_t ctx3, int rot, cl_alg *A)
{
    fmpq_mpoly_t cn, sn, dn, cr, sr, term, f2;
    fmpq_t q;
    slong k, i, deg = 0;
    ulong ex[3 + ALG_FIELD_MAX], ey[CL_NV];
    const fmpq_mpoly_ctx_struct *ctx2 = A->ctx;
    fmpq_mpoly_init(cn, ctx2);
    fmpq_mpoly_init(sn, ctx2);
    fmpq_mpoly_init(dn, ctx2);
    fmpq_mpoly_init(cr, ctx2);
    fmpq_mpoly_init(sr, ctx2);
    fmpq_mpoly_init(term, ctx2);
    fmpq_mpoly_init(f2, ctx2);
    fmpq_init(q);
    fmpq_mpoly_gen(cn, CL_U, ctx2);
    fmpq_mpoly_mul(cn, cn, cn, ctx2);
    fmpq_mpoly_add_si(dn, cn, 1, ctx2);
    fmpq_mpoly_neg(cn, cn, ctx2);
    fmpq_mpoly_add_si(cn, cn, 1, ctx2);
    fmpq_mpoly_gen(sn, CL_U, ctx2);
    fmpq_mpoly_scalar_mul_si(sn, sn, 2, ctx2);
    /* cos(rot pi/2 + phi), sin(rot pi/2 + phi) from (cos phi, sin phi) */
    switch (((rot % 4) + 4) % 4) {
    case 0: fmpq_mpoly_set(cr, cn, ctx2); fmpq_mpoly_set(sr, sn, ctx2); break;
    case 1: fmpq_mpoly_neg(cr, sn, ctx2); fmpq_mpoly_set(sr, cn, ctx2); break;
    case 2: fmpq_mpoly_neg(cr, cn, ctx2); fmpq_mpoly_neg(sr, sn, ctx2); break;
    default: fmpq_mpoly_set(cr, sn, ctx2); fmpq_mpoly_neg(sr, cn, ctx2); break;
    }
    for (k = 0; k < fmpq_mpoly_length(F, ctx3); k++) {
        fmpq_mpoly_get_term_exp_ui(ex, F, k, ctx3);
        if ((slong) (ex[0] + ex[1]) > deg) deg = ex[0] + ex[1];
    }
    fmpq_mpoly_zero(G, ctx2);
    for (k = 0; k < fmpq_mpoly_length(F, ctx3); k++) {
        fmpq_mpoly_get_term_exp_ui(ex, F, k, ctx3);
        fmpq_mpoly_get_term_coeff_fmpq(q, F, k, ctx3);
        /* the monomial in p and the generators */
        for (i = 0; i < CL_NV; i++) ey[i] = 0;
        ey[CL_P] = ex[2];
        for (i = 0; i < ALG_FIELD_MAX; i++) ey[2 + i] = ex[3 + i];
        fmpq_mpoly_zero(term, ctx2);
        fmpq_mpoly_set_coeff_fmpq_ui(term, q, ey, ctx2);
        fmpq_mpoly_pow_ui(f2, cr, ex[0], ctx2);
        fmpq_mpoly_mul(term, term, f2, ctx2);
        fmpq_mpoly_pow_ui(f2, sr, ex[1], ctx2);
        fmpq_mpoly_mul(term, term, f2, ctx2);
        fmpq_mpoly_pow_ui(f2, dn, deg - ex[0] - ex[1], ctx2);
        fmpq_mpoly_mul(term, term, f2, ctx2);
        fmpq_mpoly_add(G, G, term, ctx2);
    }
    alg_field_reduce(G, A->F, ctx2);
    fmpq_mpoly_clear(cn, ctx2);
    fmpq_mpoly_clear(sn, ctx2);
    fmpq_mpoly_clear(dn, ctx2);
    fmpq_mpoly_clear(cr, ctx2);
    fmpq_mpoly_clear(sr, ctx2);
    fmpq_mpoly_clear(term, ctx2);
    fmpq_mpoly_clear(f2, ctx2);
    fmpq_clear(q);
}

/* ------------------------------------------------------------------------
 * Models that are and/or/not combinations of polynomial comparisons.
 *
 * With atoms G_i(u, p) op_i 0, the sign vector of (G_1, ..., G_n) along
 * [u0, u1] can change only where some G_i gains or loses a real root in the
 * range or two of them meet: at the real roots of
 *     prod_i lc_u(G_i) disc_u(G_i) G_i(u0, p) G_i(u1, p)  prod_{i<j} res_u(G_i, G_j)
 * (an atom constant in u contributes G_i itself), so between them the set
 * S = {p : exists u: formula} is constant. With coefficients in the field
 * Q(sqrt(p_1), ...), each factor is a polynomial in p and the generators
 * (reduced, so that its value at the generators is zero only if it is the
 * zero polynomial) and its norm (the product of its conjugates, a resultant
 * with the relations g_i^2 = p_i) is a polynomial over Q in p whose roots
 * include those of the factor. S is decided exactly at rational p by
 * isolating the roots of prod_i norm(G_i(., p)) and evaluating the formula at
 * every root (signs there from the irreducible factor, exactly or by
 * certified balls) and at a rational point of every gap (there no G_i
 * vanishes: the sign of a nonzero field element by balls). At an irrational
 * event only the openness (all atoms of the model strict, no `not`) or
 * closedness (all non-strict, no `not`) of S is used, as for one comparison.
 *
 * The range of an angle: [theta0, theta1] is cut at the multiples of pi/2;
 * on the piece in quarter turn k, theta = k pi/2 + phi with phi in [0, pi/2]
 * and u = tan(phi/2) in [0, 1]; an end inside the piece adds the atom
 * sin(theta - theta0) >= 0 (or sin(theta1 - theta) >= 0), polynomial in
 * (cos theta, sin theta) with the end's cosine and sine in the field. S is
 * the union over the pieces. A "forall" model is decided as the complement of
 * "exists" of its negation (pushed into the atoms). */

#define CL_MAXATOM 10
#define CL_MAXNODE 56
#define CL_MAXPIECE 8

typedef struct {
    int natoms;
    fmpq_mpoly_struct G[CL_MAXATOM];
    int op[CL_MAXATOM];              /* 0 <, 1 <=, 2 >, 3 >= */
    int nn;
    int kind[CL_MAXNODE], a[CL_MAXNODE], b[CL_MAXNODE];   /* 0 atom a, 1 and, 2 or, 3 not a */
    int has_not;
    int root;
    int nmodel;                      /* the model's atoms (the others bound the range) */
    fmpq_t u0, u1;
} cl_formula;

static int op_holds(int op, int s)
{
    return op == 0 ? s < 0 : op == 1 ? s <= 0 : op == 2 ? s > 0 : s >= 0;
}

/* Three-valued formula: 0 false, 1 true, 2 undecided (Kleene); a sign 2 or
 * -2 is undecided. */
static int formula_eval3(const cl_formula *f, int k, const int *sg)
{
    int a, b;
    switch (f->kind[k]) {
    case 0:
        if (sg[f->a[k]] == 2 || sg[f->a[k]] == -2) return 2;
        return op_holds(f->op[f->a[k]], sg[f->a[k]]);
    case 1:
        a = formula_eval3(f, f->a[k], sg);
        b = formula_eval3(f, f->b[k], sg);
        return (a == 0 || b == 0) ? 0 : (a == 1 && b == 1) ? 1 : 2;
    case 2:
        a = formula_eval3(f, f->a[k], sg);
        b = formula_eval3(f, f->b[k], sg);
        return (a == 1 || b == 1) ? 1 : (a == 0 && b == 0) ? 0 : 2;
    default:
        a = formula_eval3(f, f->a[k], sg);
        return a == 2 ? 2 : !a;
    }
}

static int new_node(cl_formula *f, int kind, int x, int y)
{
    int k;
    if (x < 0 || y < 0 || f->nn >= CL_MAXNODE) return -1;
    k = f->nn++;
    f->kind[k] = kind;
    f->a[k] = x;
    f->b[k] = y;
    return k;
}

/* Builds the formula of e (negated when neg: and/or swapped, comparisons
 * flipped); returns the node index, or -1 (not of this form). trig < 0: e is
 * polynomial in vars[0] (u itself); else cos/sin of vars[0] rotated by trig
 * quarter turns, then the half-angle substitution. */
static int formula_build(cl_formula *f, const expr_t e, const char **vars, int trig, int neg, cl_alg *A,
                         int depth)
{
    const case_t *c = A->c;
    expr_t def;
    int k, x, y;
    if (depth > 32 || f->nn >= CL_MAXNODE) return -1;
    switch (e->kind) {
    case EXPR_VAR:
        if (expr_scope_lookup(c->scope, e->name, NULL, &def) != 2) return -1;
        return formula_build(f, def, vars, trig, neg, A, depth + 1);
    case EXPR_AND: case EXPR_OR:
        x = formula_build(f, e->args[0], vars, trig, neg, A, depth + 1);
        y = x < 0 ? -1 : formula_build(f, e->args[1], vars, trig, neg, A, depth + 1);
        return new_node(f, (e->kind == EXPR_AND) != (neg != 0) ? 1 : 2, x, y);
    case EXPR_NOT:
        if (neg) return formula_build(f, e->args[0], vars, trig, 0, A, depth + 1);
        x = formula_build(f, e->args[0], vars, trig, 0, A, depth + 1);
        k = new_node(f, 3, x, 0);
        f->has_not = 1;
        return k;
    case EXPR_LT: case EXPR_LE: case EXPR_GT: case EXPR_GE: {
        expr_t diff;
        expr_error_t ee;
        fmpq_mpoly_t F;
        fmpq_mpoly_ctx_t ctx3;
        int r, i = f->natoms, op;
        if (i >= CL_MAXATOM) return -1;
        op = e->kind == EXPR_LT ? 0 : e->kind == EXPR_LE ? 1 : e->kind == EXPR_GT ? 2 : 3;
        if (neg) op = 3 - op;   /* not (<) is >=, not (<=) is > */
        diff = expr_binary(EXPR_SUB, expr_copy(e->args[0]), expr_copy(e->args[1]));
        fmpq_mpoly_init(f->G + i, A->ctx);
        if (trig < 0) {
            A->F->first = 2;
            r = alg_to_mpoly_field(f->G + i, diff, vars, 2, A->ctx, c->scope, (const expr_t *) A->pv, ALG_FIELD,
                                   A->F, &ee);
        } else {
            fmpq_mpoly_ctx_init(ctx3, 3 + ALG_FIELD_MAX, ORD_LEX);
            fmpq_mpoly_init(F, ctx3);
            A->F->first = 3;
            r = alg_to_mpoly_field(F, diff, vars + 2, 3, ctx3, c->scope, (const expr_t *) A->pv,
                                   ALG_TRIG | ALG_FIELD, A->F, &ee);
            A->F->first = 2;
            if (r == 0) half_angle_poly(f->G + i, F, ctx3, trig, A);
            fmpq_mpoly_clear(F, ctx3);
            fmpq_mpoly_ctx_clear(ctx3);
        }
        expr_free(diff);
        f->natoms++;   /* cleared by the caller even on failure */
        if (r != 0) return -1;
        f->op[i] = op;
        k = f->nn++;
        f->kind[k] = 0;
        f->a[k] = i;
        return k;
    }
    default:
        return -1;
    }
}

/* Frees the atoms; the formula is then empty (its u0, u1 stay). */
static void formula_clear(cl_formula *f, cl_alg *A)
{
    int i;
    for (i = 0; i < f->natoms; i++) fmpq_mpoly_clear(f->G + i, A->ctx);
    f->natoms = 0;
    f->nn = 0;
    f->has_not = 0;
    f->root = -1;
    f->nmodel = 0;
}

/* Signs of every atom at (u, p) (-2 undecided). */
static void atom_signs(int *sg, const cl_formula *f, const cl_point *pu, const cl_point *pp, cl_alg *A)
{
    int i;
    for (i = 0; i < f->natoms; i++) sg[i] = field_sign(f->G + i, pu, pp, A);
}

/* Exists u in [u0, u1] where the formula holds, at the rational p? 1, 0, or -1
 * (a sign could not be decided). wit: a rational such u when found at one.
 * open_u: the model is open (strict, no not), so a root of the atoms can be
 * skipped when its signs are undecided (the formula true there is true on
 * the neighbouring gaps, which are sampled). */
static int s_multi(fmpq_t wit, int *wit_ok, const cl_formula *f, const fmpq_t p, int open_u, cl_alg *A)
{
    fmpq_poly_struct g[CL_MAXATOM];
    fmpq_poly_t h;
    alg_roots_t r;
    fmpq_t x, prev;
    int sg[CL_MAXATOM], i, found = 0, bad = 0, t;
    slong n, k;
    cl_point cp, pp;

    pp.q = p; pp.r = NULL; pp.k = 0;
    fmpq_poly_init(h);
    fmpq_init(x);
    fmpq_init(prev);
    fmpq_poly_one(h);
    for (i = 0; i < f->natoms; i++) {
        fmpq_mpoly_t tt;
        fmpq_poly_init(g + i);
        fmpq_mpoly_init(tt, A->ctx);
        fmpq_mpoly_evaluate_one_fmpq(tt, f->G + i, CL_P, (fmpq *) p, A->ctx);
        norm_upoly(g + i, tt, CL_U, A);
        fmpq_mpoly_clear(tt, A->ctx);
        if (fmpq_poly_degree(g + i) > 0) fmpq_poly_mul(h, h, g + i);
    }
    *wit_ok = 0;
#define AT_RATIONAL(ptq) do { \
        cp.q = (ptq); cp.r = NULL; cp.k = 0; \
        atom_signs(sg, f, &cp, &pp, A); \
        t = formula_eval3(f, f->root, sg); \
        if (t == 1) { found = 1; fmpq_set(wit, (ptq)); *wit_ok = 1; } \
        else if (t == 2) bad = 1; \
    } while (0)
    AT_RATIONAL(f->u0);
    if (!found) AT_RATIONAL(f->u1);
    alg_roots_init(r);
    n = fmpq_poly_degree(h) > 0 ? alg_roots_isolate(r, h) : 0;
    fmpq_set(prev, f->u0);
    for (k = 0; k < n && !found; k++) {
        slong rp = 16;
        if (alg_roots_cmp(r, k, f->u0) <= 0) continue;
        if (alg_roots_cmp(r, k, f->u1) >= 0) break;
        while (fmpq_cmp(r->root[k].lo, prev) <= 0 && !fmpq_equal(r->root[k].lo, r->root[k].hi)) {
            alg_roots_refine(r, k, rp);
            rp *= 2;
        }
        /* the gap before this root */
        fmpq_add(x, prev, r->root[k].lo);
        fmpq_div_2exp(x, x, 1);
        if (fmpq_cmp(x, prev) > 0) AT_RATIONAL(x);
        if (found) break;
        /* the root itself */
        if (fmpq_equal(r->root[k].lo, r->root[k].hi)) AT_RATIONAL(r->root[k].lo);
        else {
            cp.q = NULL; cp.r = r; cp.k = k;
            atom_signs(sg, f, &cp, &pp, A);
            t = formula_eval3(f, f->root, sg);
            if (t == 1) found = 1;   /* at an algebraic point: no rational witness */
            else if (t == 2 && !open_u) bad = 1;
        }
        fmpq_set(prev, r->root[k].hi);
        if (fmpq_cmp(prev, f->u1) > 0) fmpq_set(prev, f->u1);
    }
    if (!found) {
        fmpq_add(x, prev, f->u1);
        fmpq_div_2exp(x, x, 1);
        if (fmpq_cmp(x, prev) > 0 && fmpq_cmp(x, f->u1) < 0) AT_RATIONAL(x);
    }
#undef AT_RATIONAL
    for (i = 0; i < f->natoms; i++) fmpq_poly_clear(g + i);
    alg_roots_clear(r);
    fmpq_poly_clear(h);
    fmpq_clear(x);
    fmpq_clear(prev);
    if (found) return 1;
    return bad ? -1 : 0;
}

/* Is the formula certified true at (u, p) for the rational u and every p in the
 * enclosure of root k of roots? */
static int formula_near_root(const cl_formula *f, const fmpq_t u, alg_roots_struct *roots, slong k, cl_alg *A)
{
    int sg[CL_MAXATOM], i, ok = 0;
    slong prec;
    arb_ptr v = _arb_vec_init(CL_NV);
    arb_t y;
    arb_init(y);
    for (prec = 64; prec <= 4096 && !ok; prec *= 2) {
        int all = 1;
        arb_set_fmpq(v + CL_U, u, prec);
        alg_roots_enclosure(v + CL_P, roots, k, prec);
        alg_field_gen_balls(v, A->F, prec);
        for (i = 0; i < f->natoms; i++) {
            alg_mpoly_eval_balls(y, f->G + i, v, A->ctx, prec);
            sg[i] = arb_is_positive(y) ? 1 : arb_is_negative(y) ? -1 : arb_is_zero(y) ? 0 : 2;
            if (sg[i] == 2) all = 0;
        }
        if (formula_eval3(f, f->root, sg) == 1) ok = 1;
        if (all) break;   /* signs decided: more precision changes nothing */
    }
    arb_clear(y);
    _arb_vec_clear(v, CL_NV);
    return ok;
}

/* Is the formula certified FALSE for every u in [u0, u1] and every p in the
 * enclosure of root k (bisection in u, at most 4096 pieces)? */
static int formula_false_near_root(const cl_formula *f, alg_roots_struct *roots, slong k, cl_alg *A)
{
    fmpq *stack_lo = _fmpq_vec_init(64), *stack_hi = _fmpq_vec_init(64);
    int sp = 0, ok = 1, pieces = 0, i, sg[CL_MAXATOM];
    arb_ptr v = _arb_vec_init(CL_NV);
    arb_t a, b, y;
    slong prec = 128;
    arb_init(a);
    arb_init(b);
    arb_init(y);
    alg_roots_enclosure(v + CL_P, roots, k, 2 * prec);
    alg_field_gen_balls(v, A->F, prec);
    fmpq_set(stack_lo + 0, f->u0);
    fmpq_set(stack_hi + 0, f->u1);
    sp = 1;
    while (sp > 0 && ok) {
        int t;
        sp--;
        arb_set_fmpq(a, stack_lo + sp, prec);
        arb_set_fmpq(b, stack_hi + sp, prec);
        arb_union(v + CL_U, a, b, prec);
        for (i = 0; i < f->natoms; i++) {
            alg_mpoly_eval_balls(y, f->G + i, v, A->ctx, prec);
            sg[i] = arb_is_positive(y) ? 1 : arb_is_negative(y) ? -1 : arb_is_zero(y) ? 0 : 2;
        }
        t = formula_eval3(f, f->root, sg);
        if (t == 0) continue;
        if (t == 1 || ++pieces > 4096 || sp + 2 > 64) { ok = 0; break; }
        fmpq_add(stack_lo + sp + 1, stack_lo + sp, stack_hi + sp);
        fmpq_div_2exp(stack_lo + sp + 1, stack_lo + sp + 1, 1);
        fmpq_set(stack_hi + sp + 1, stack_hi + sp);
        fmpq_set(stack_hi + sp, stack_lo + sp + 1);
        sp += 2;
    }
    _fmpq_vec_clear(stack_lo, 64);
    _fmpq_vec_clear(stack_hi, 64);
    _arb_vec_clear(v, CL_NV);
    arb_clear(a);
    arb_clear(b);
    arb_clear(y);
    return ok;
}

/* Is the formula of some piece certified true at one of 65 rational points
 * u of its range for every p in the enclosure of root k? */
static int grid_true_near_root(const cl_formula *fp, int np, alg_roots_struct *roots, slong k, cl_alg *A)
{
    fmpq_t u;
    int j, i, ok = 0;
    fmpq_init(u);
    for (j = 0; j < np && !ok; j++)
        for (i = 0; i <= 64 && !ok; i++) {
            fmpq_sub(u, fp[j].u1, fp[j].u0);
            fmpq_mul_si(u, u, i);
            fmpq_div_2exp(u, u, 6);
            fmpq_add(u, u, fp[j].u0);
            ok = formula_near_root(fp + j, u, roots, k, A);
        }
    fmpq_clear(u);
    return ok;
}

/* The leading coefficient of G in u (a polynomial in p and the generators). */
static void lead_u(fmpq_mpoly_t lc, const fmpq_mpoly_t G, slong d, cl_alg *A)
{
    slong k;
    ulong ex[CL_NV];
    fmpq_t q;
    fmpq_mpoly_t mono;
    fmpq_init(q);
    fmpq_mpoly_init(mono, A->ctx);
    fmpq_mpoly_zero(lc, A->ctx);
    for (k = 0; k < fmpq_mpoly_length(G, A->ctx); k++) {
        fmpq_mpoly_get_term_exp_ui(ex, G, k, A->ctx);
        if ((slong) ex[CL_U] != d) continue;
        fmpq_mpoly_get_term_coeff_fmpq(q, G, k, A->ctx);
        ex[CL_U] = 0;
        fmpq_mpoly_zero(mono, A->ctx);
        fmpq_mpoly_set_coeff_fmpq_ui(mono, q, ex, A->ctx);
        fmpq_mpoly_add(lc, lc, mono, A->ctx);
    }
    fmpq_clear(q);
    fmpq_mpoly_clear(mono, A->ctx);
}

/* R *= norm(x) as a polynomial in p; 0 if x reduces to zero (then the
 * argument fails), else 1. */
static int mul_critical(fmpq_poly_t R, fmpq_mpoly_t x, cl_alg *A)
{
    fmpq_poly_t t;
    int ok;
    alg_field_reduce(x, A->F, A->ctx);
    if (fmpq_mpoly_is_zero(x, A->ctx)) return 0;
    fmpq_poly_init(t);
    norm_upoly(t, x, CL_P, A);
    ok = !fmpq_poly_is_zero(t);
    fmpq_poly_mul(R, R, t);
    fmpq_poly_clear(t);
    return ok;
}

/* The critical polynomial of one piece into R; 0 on failure. */
static int piece_critical(fmpq_poly_t R, cl_formula *f, cl_alg *A)
{
    int i, j, ok = 1;
    fmpq_mpoly_t x, lc;
    fmpq_mpoly_init(x, A->ctx);
    fmpq_mpoly_init(lc, A->ctx);
    for (i = 0; i < f->natoms && ok; i++) {
        slong d = fmpq_mpoly_degree_si(f->G + i, CL_U, A->ctx);
        if (d < 1) {
            fmpq_mpoly_set(x, f->G + i, A->ctx);
            ok = mul_critical(R, x, A);
            continue;
        }
        lead_u(lc, f->G + i, d, A);
        ok = mul_critical(R, lc, A);
        if (ok && d >= 2) ok = alg_discriminant(x, f->G + i, CL_U, A->ctx) == 0 && mul_critical(R, x, A);
        /* an end value that is zero for every p (a root pinned at the end) is left
           out: another root reaches that end only as a double root, a root of the
           discriminant (degree >= 2), and with degree 1 the sign pattern is the
           leading coefficient's */
        if (ok) {
            fmpq_mpoly_evaluate_one_fmpq(x, f->G + i, CL_U, f->u0, A->ctx);
            alg_field_reduce(x, A->F, A->ctx);
            if (!fmpq_mpoly_is_zero(x, A->ctx)) ok = mul_critical(R, x, A);
        }
        if (ok) {
            fmpq_mpoly_evaluate_one_fmpq(x, f->G + i, CL_U, f->u1, A->ctx);
            alg_field_reduce(x, A->F, A->ctx);
            if (!fmpq_mpoly_is_zero(x, A->ctx)) ok = mul_critical(R, x, A);
        }
        for (j = 0; j < i && ok; j++) {
            if (fmpq_mpoly_degree_si(f->G + j, CL_U, A->ctx) < 1) continue;
            if (alg_resultant(x, f->G + i, f->G + j, CL_U, A->ctx)) { ok = 0; break; }
            ok = mul_critical(R, x, A);   /* a common factor: give up */
        }
    }
    fmpq_mpoly_clear(x, A->ctx);
    fmpq_mpoly_clear(lc, A->ctx);
    return ok;
}

/* The pieces of the range of over: *np formulas (trig: one per quarter turn
 * met, with the range atoms; else one, u = over). Returns 0, or -1 when the
 * model or the range is outside this method. */
static int build_pieces(cl_formula *fp, int *np, const expr_t model, const expr_t lo, const expr_t hi,
                        const char *oname, int neg, int *trig, cl_alg *A)
{
    char cname[160], sname[160];
    const char *vars[5];
    int n = 0, root;
    snprintf(cname, sizeof cname, "c_%s", oname);
    snprintf(sname, sizeof sname, "s_%s", oname);
    vars[0] = oname;
    vars[1] = A->pname;
    vars[2] = cname;
    vars[3] = sname;
    vars[4] = A->pname;
    *np = 0;
    /* polynomial in over itself, rational ends */
    *np = 1;
    root = formula_build(fp, model, vars, -1, neg, A, 0);
    if (root >= 0 && const_value(fp->u0, lo, A) == 0 && const_value(fp->u1, hi, A) == 0 &&
        fmpq_cmp(fp->u0, fp->u1) < 0) {
        fp->root = root;
        fp->nmodel = fp->natoms;
        *trig = 0;
        return 0;
    }
    formula_clear(fp, A);
    /* polynomial in cos(over), sin(over): the ends' quarter turns */
    {
        arb_t t0, t1, h;
        fmpq_mpoly_t ce[2], se[2];
        fmpq_mpoly_ctx_t ctx3;
        slong k0, k1, k, bnd[2];
        int e, rc = -1;
        const char *v3[3];
        expr_error_t ee;
        arb_init(t0);
        arb_init(t1);
        arb_init(h);
        fmpq_mpoly_ctx_init(ctx3, 3 + ALG_FIELD_MAX, ORD_LEX);
        for (e = 0; e < 2; e++) {
            fmpq_mpoly_init(ce[e], ctx3);
            fmpq_mpoly_init(se[e], ctx3);
        }
        v3[0] = cname; v3[1] = sname; v3[2] = A->pname;
        /* cos and sin of each end, exactly in the field */
        for (e = 0; e < 2; e++) {
            expr_t a[1], cs;
            int r;
            A->F->first = 3;
            a[0] = expr_copy(e ? hi : lo);
            cs = expr_func("cos", 1, a);
            r = alg_to_mpoly_field(ce[e], cs, v3, 3, ctx3, A->c->scope, (const expr_t *) A->pv, ALG_FIELD, A->F, &ee);
            expr_free(cs);
            a[0] = expr_copy(e ? hi : lo);
            cs = expr_func("sin", 1, a);
            if (r == 0)
                r = alg_to_mpoly_field(se[e], cs, v3, 3, ctx3, A->c->scope, (const expr_t *) A->pv, ALG_FIELD, A->F,
                                       &ee);
            expr_free(cs);
            A->F->first = 2;
            if (r != 0 || !fmpq_mpoly_is_zero(ce[e], ctx3) + !fmpq_mpoly_is_zero(se[e], ctx3) == 0) goto trig_done;
            for (k = 0; k < 3; k++)
                if (fmpq_mpoly_degree_si(ce[e], k, ctx3) > 0 || fmpq_mpoly_degree_si(se[e], k, ctx3) > 0) goto trig_done;
            /* on a multiple of pi/2 exactly iff its cosine or sine is 0 */
            bnd[e] = fmpq_mpoly_is_zero(ce[e], ctx3) || fmpq_mpoly_is_zero(se[e], ctx3);
        }
        {
            arb_ptr box = _arb_vec_init(A->c->nparams + 1);
            int bad;
            case_point_box(box, A->c, -1, 128);
            bad = expr_eval_once(t0, NULL, lo, A->c->scope, box, 128) != EXPR_DEFINED ||
                  expr_eval_once(t1, NULL, hi, A->c->scope, box, 128) != EXPR_DEFINED;
            _arb_vec_clear(box, A->c->nparams + 1);
            if (bad) goto trig_done;
        }
        arb_const_pi(h, 128);
        arb_mul_2exp_si(h, h, -1);
        arb_div(t0, t0, h, 128);
        arb_div(t1, t1, h, 128);
        {
            fmpz_t fl, fh;
            fmpz_init(fl);
            fmpz_init(fh);
            for (e = 0; e < 2; e++) {
                arb_ptr t = e ? t1 : t0;
                slong *kk = e ? &k1 : &k0;
                arb_floor(h, t, 128);
                if (bnd[e]) {   /* k pi/2 exactly: k is the nearest integer */
                    arb_t r;
                    arb_init(r);
                    arb_set_d(r, 0.5);
                    arb_add(r, t, r, 128);
                    arb_floor(r, r, 128);
                    if (!arb_get_unique_fmpz(fl, r) || !fmpz_fits_si(fl)) { arb_clear(r); goto fail_k; }
                    *kk = fmpz_get_si(fl);
                    arb_clear(r);
                } else {        /* inside a quarter turn: floor (lo) or ceiling (hi) */
                    if (!arb_get_unique_fmpz(fh, h) || !fmpz_fits_si(fh)) goto fail_k;
                    *kk = fmpz_get_si(fh) + e;
                }
            }
            fmpz_clear(fl);
            fmpz_clear(fh);
            goto k_done;
        fail_k:
            fmpz_clear(fl);
            fmpz_clear(fh);
            goto trig_done;
        }
    k_done:
        if (k1 <= k0 || k1 - k0 > CL_MAXPIECE) goto trig_done;
        for (k = k0; k < k1; k++) {
            cl_formula *f = fp + n;
            int r0, lo_in = k == k0 && !bnd[0], hi_in = k == k1 - 1 && !bnd[1];
            fmpq_zero(f->u0);
            fmpq_one(f->u1);
            n++;
            r0 = formula_build(f, model, vars, (int) (((k % 4) + 4) % 4), neg, A, 0);
            if (r0 < 0) goto trig_done;
            f->nmodel = f->natoms;
            for (e = 0; e < 2 && r0 >= 0; e++) {
                /* e = 0: S c0 - C s0 >= 0 (theta >= theta0); e = 1: s1 C - c1 S >= 0 */
                fmpq_mpoly_t F, t;
                int ai;
                if (!(e ? hi_in : lo_in)) continue;
                if (f->natoms >= CL_MAXATOM) { r0 = -1; break; }
                fmpq_mpoly_init(F, ctx3);
                fmpq_mpoly_init(t, ctx3);
                fmpq_mpoly_gen(t, e ? 0 : 1, ctx3);
                fmpq_mpoly_mul(F, t, e ? se[1] : ce[0], ctx3);
                fmpq_mpoly_gen(t, e ? 1 : 0, ctx3);
                fmpq_mpoly_mul(t, t, e ? ce[1] : se[0], ctx3);
                fmpq_mpoly_sub(F, F, t, ctx3);
                ai = f->natoms++;
                fmpq_mpoly_init(f->G + ai, A->ctx);
                half_angle_poly(f->G + ai, F, ctx3, (int) (((k % 4) + 4) % 4), A);
                fmpq_mpoly_clear(F, ctx3);
                fmpq_mpoly_clear(t, ctx3);
                f->op[ai] = 3;
                if (f->nn + 2 > CL_MAXNODE) { r0 = -1; break; }
                f->kind[f->nn] = 0;
                f->a[f->nn] = ai;
                f->nn++;
                r0 = new_node(f, 1, r0, f->nn - 1);
            }
            if (r0 < 0) goto trig_done;
            f->root = r0;
        }
        rc = 0;
        *trig = 1;
    trig_done:
        for (e = 0; e < 2; e++) {
            fmpq_mpoly_clear(ce[e], ctx3);
            fmpq_mpoly_clear(se[e], ctx3);
        }
        fmpq_mpoly_ctx_clear(ctx3);
        arb_clear(t0);
        arb_clear(t1);
        arb_clear(h);
        *np = n;
        return rc;
    }
}

int claim_threshold_algebra_q(claim_result *out, const case_t *c, const expr_t model, const expr_t claim,
                              const char *oname, const expr_t olo, const expr_t ohi, int forall, int param);

int claim_threshold_algebra(claim_result *out, const case_t *c, const case_claim *cl, const expr_t model,
                            const expr_t claim, int over, int param, fc_error *err)
{
    (void) cl;
    (void) err;
    return claim_threshold_algebra_q(out, c, model, claim, c->params[over].name, c->params[over].lo,
                                     c->params[over].hi, 0, param);
}

/* The decision (see above) of (Q over in [olo, ohi]: model) <=> claim(p),
 * Q = exists (forall = 0) or forall. Same returns as claim_threshold_algebra. */
int claim_threshold_algebra_q(claim_result *out, const case_t *c, const expr_t model, const expr_t claim,
                              const char *oname, const expr_t olo, const expr_t ohi, int forall, int param)
{
    cl_alg A;
    cl_formula fp[CL_MAXPIECE];
    fmpq_poly_t R;
    fmpq_t p0, p1, sample, a0, b0, w, rp_wit;
    alg_roots_t roots;
    int i, j, np = 0, trig = 0, ok = 1, refuted = 0, rs = 0, nsamples = 0, rc = 0, open_set, closed_set,
        strict_all = 1, weak_all = 1, has_not = 0, natoms = 0;
    slong nr, k;

    memset(&A, 0, sizeof A);
    memset(fp, 0, sizeof fp);
    for (j = 0; j < CL_MAXPIECE; j++) {
        fmpq_init(fp[j].u0);
        fmpq_init(fp[j].u1);
    }
    A.c = c;
    A.pname = c->params[param].name;
    A.pv = flint_calloc(c->nparams + 1, sizeof(expr_t));
    for (i = 0; i < c->nparams; i++)
        if (i != param && !c->params[i].is_range && strcmp(c->params[i].name, oname) != 0)
            A.pv[i] = c->params[i].value;
    fmpq_mpoly_ctx_init(A.ctx, CL_NV, ORD_LEX);
    alg_field_init(A.F, 2);
    fmpq_poly_init(R);
    fmpq_init(p0); fmpq_init(p1); fmpq_init(sample);
    fmpq_init(a0); fmpq_init(b0); fmpq_init(w); fmpq_init(rp_wit);
    alg_roots_init(roots);

    if (const_value(p0, c->params[param].lo, &A) || const_value(p1, c->params[param].hi, &A)) goto done;
    if (fmpq_cmp(p0, p1) > 0) goto done;
    /* forall: the complement of exists of the negation */
    if (build_pieces(fp, &np, model, olo, ohi, oname, forall, &trig, &A) != 0) goto done;
    for (j = 0; j < np; j++) {
        if (fp[j].has_not) has_not = 1;
        for (i = 0; i < fp[j].nmodel; i++) {
            if (fp[j].op[i] == 0 || fp[j].op[i] == 2) weak_all = 0;
            else strict_all = 0;
        }
        natoms = fp[j].nmodel;
    }
    if (natoms < 1) goto done;
    open_set = !has_not && strict_all;
    closed_set = !has_not && weak_all;

    /* the critical polynomial */
    fmpq_poly_one(R);
    for (j = 0; j < np && ok; j++) ok = piece_critical(R, fp + j, &A);
    if (!ok || claim_polys(R, claim, &A, 0) || fmpq_poly_is_zero(R)) { ok = 0; goto done; }

    nr = fmpq_poly_degree(R) > 0 ? alg_roots_isolate(roots, R) : 0;
    {
        slong nev = 0, e;
        slong *ev = flint_malloc((nr + 2) * sizeof(slong));
        int *sgap = flint_calloc(nr + 2, sizeof(int)), *wok = flint_calloc(nr + 2, sizeof(int));
        int *wpiece = flint_calloc(nr + 2, sizeof(int));
        fmpq *wgap = _fmpq_vec_init(nr + 2);
        ev[nev++] = -1;
        for (k = 0; k < nr; k++)
            if (alg_roots_cmp(roots, k, p0) > 0 && alg_roots_cmp(roots, k, p1) < 0) ev[nev++] = k;
        ev[nev++] = -2;
        /* S at p: the union over the pieces; -1 undecided */
        #define S_AT(res, wq, wo, wpc, q) do { \
                int jj_, any_ = 0, bad_ = 0; \
                *(wo) = 0; \
                for (jj_ = 0; jj_ < np && !any_; jj_++) { \
                    int v_ = s_multi(wq, wo, fp + jj_, q, open_set, &A); \
                    if (v_ > 0) { any_ = 1; *(wpc) = jj_; } \
                    else if (v_ < 0) bad_ = 1; \
                } \
                (res) = any_ ? 1 : bad_ ? -1 : 0; \
            } while (0)
        for (e = 0; e + 1 < nev && ok; e++) {
            cl_point pt;
            int cv;
            slong rp = 16;
            if (ev[e] == -1) fmpq_set(a0, p0);
            else {
                if (ev[e + 1] == -2)
                    while (fmpq_cmp(roots->root[ev[e]].hi, p1) >= 0 &&
                           !fmpq_equal(roots->root[ev[e]].lo, roots->root[ev[e]].hi)) {
                        alg_roots_refine(roots, ev[e], rp);
                        rp *= 2;
                    }
                fmpq_set(a0, roots->root[ev[e]].hi);
            }
            if (ev[e + 1] == -2) fmpq_set(b0, p1);
            else {
                while (fmpq_cmp(roots->root[ev[e + 1]].lo, a0) <= 0 &&
                       !fmpq_equal(roots->root[ev[e + 1]].lo, roots->root[ev[e + 1]].hi)) {
                    alg_roots_refine(roots, ev[e + 1], rp);
                    rp *= 2;
                }
                fmpq_set(b0, roots->root[ev[e + 1]].lo);
            }
            if (fmpq_cmp(a0, b0) >= 0) { ok = 0; break; }
            fmpq_add(sample, a0, b0);
            fmpq_div_2exp(sample, sample, 1);
            S_AT(sgap[e], wgap + e, wok + e, wpiece + e, sample);
            pt.q = sample; pt.r = NULL; pt.k = 0;
            cv = claim_truth(claim, &pt, &A, 0);
            nsamples++;
            if (sgap[e] < 0 || cv < 0) { ok = 0; break; }
            if (cv != (forall ? !sgap[e] : sgap[e])) {
                refuted = 1;
                rs = sgap[e];
                fmpq_set(rp_wit, sample);
                ok = 0;
                break;
            }
        }
        for (e = 0; e < nev && ok; e++) {
            cl_point pt;
            int sv, cv;
            if (ev[e] >= 0 && !fmpq_equal(roots->root[ev[e]].lo, roots->root[ev[e]].hi)) {
                const fmpz_poly_struct *fz = roots->fac->p + roots->root[ev[e]].factor;
                if (fmpz_poly_degree(fz) == 1) {
                    fmpq_set_fmpz_frac(roots->root[ev[e]].lo, fz->coeffs + 0, fz->coeffs + 1);
                    fmpq_neg(roots->root[ev[e]].lo, roots->root[ev[e]].lo);
                    fmpq_set(roots->root[ev[e]].hi, roots->root[ev[e]].lo);
                }
            }
            if (ev[e] < 0 || fmpq_equal(roots->root[ev[e]].lo, roots->root[ev[e]].hi)) {
                const fmpq *q0 = ev[e] == -1 ? p0 : ev[e] == -2 ? p1 : roots->root[ev[e]].lo;
                int wo, wpc;
                S_AT(sv, w, &wo, &wpc, q0);
                pt.q = q0; pt.r = NULL; pt.k = 0;
                cv = claim_truth(claim, &pt, &A, 0);
                if (sv >= 0 && cv >= 0 && cv != (forall ? !sv : sv) && !refuted) {
                    refuted = 1;
                    rs = sv;
                    fmpq_set(rp_wit, q0);
                }
            } else {
                int left = sgap[e - 1], right = sgap[e];
                if (open_set && (!left || !right)) sv = 0;
                else if (closed_set && (left || right)) sv = 1;
                else if (open_set && ((wok[e - 1] && formula_near_root(fp + wpiece[e - 1], wgap + e - 1, roots, ev[e], &A)) ||
                                      (wok[e] && formula_near_root(fp + wpiece[e], wgap + e, roots, ev[e], &A))))
                    sv = 1;
                else if (open_set && left && right && grid_true_near_root(fp, np, roots, ev[e], &A))
                    sv = 1;
                else if (!left && !right) {
                    sv = 0;   /* the formula is certified false on every piece there */
                    for (j = 0; j < np && sv == 0; j++)
                        if (!formula_false_near_root(fp + j, roots, ev[e], &A)) sv = -1;
                    if (sv < 0) { ok = 0; break; }
                } else { ok = 0; break; }
                pt.q = NULL; pt.r = roots; pt.k = ev[e];
                cv = claim_truth(claim, &pt, &A, 0);
            }
            nsamples++;
            if (sv < 0 || cv < 0 || cv != (forall ? !sv : sv)) ok = 0;
        }
        #undef S_AT
        _fmpq_vec_clear(wgap, nr + 2);
        flint_free(sgap);
        flint_free(wok);
        flint_free(wpiece);
        flint_free(ev);
    }
    if (refuted) {
        char *pt = claim_fmpq_text(rp_wit);
        int holds = forall ? !rs : rs;
        out->status = CLAIM_REFUTED;
        {
            const char *wn = A.pname;
            claim_set_witness(out, 1, &wn, rp_wit);
        }
        flint_free(out->claim_side);
        flint_free(out->model_side);
        out->claim_side = fc_printf("the claim is %s at %s = %s (decided exactly)", holds ? "false" : "true",
                                       A.pname, pt);
        if (forall)
            out->model_side = rs ? fc_printf("the model fails for some %s in its range at %s = %s (decided exactly "
                                                "by real-root isolation)", oname, A.pname, pt)
                                 : fc_printf("the model holds for every %s in its range at %s = %s (decided exactly "
                                                "by real-root isolation)", oname, A.pname, pt);
        else
            out->model_side = rs ? fc_printf("the model holds for some %s in its range at %s = %s (decided exactly by "
                                                "real-root isolation)", oname, A.pname, pt)
                                 : fc_printf("the model fails for every %s in its range at %s = %s (decided exactly "
                                                "by real-root isolation)", oname, A.pname, pt);
        flint_free(out->detail);
        out->detail = fc_printf("Refuted by exact algebra at the rational point %s = %s.", A.pname, pt);
        flint_free(pt);
        rc = 2;
    } else if (ok) {
        out->status = CLAIM_PROVED;
        flint_free(out->detail);
        {
            char sub[320], what[96], field[640];
            int nat = fp[0].nmodel, multi = 0;
            for (j = 0; j < np; j++)
                if (fp[j].natoms > 1) multi = 1;
            if (trig)
                snprintf(sub, sizeof sub, "after cutting the range of %s at the multiples of pi/2 (%d piece%s) and "
                         "the substitution u = tan(phi/2) on each, ", oname, np, np == 1 ? "" : "s");
            else sub[0] = 0;
            if (nat == 1) snprintf(what, sizeof what, "one polynomial comparison");
            else snprintf(what, sizeof what, "an and/or/not combination of %d polynomial comparisons", nat);
            field[0] = 0;
            if (A.F->n > 0) {
                size_t len;
                snprintf(field, sizeof field, " with coefficients in Q(");
                for (i = 0; i < A.F->n; i++) {
                    char *g = alg_field_gen_text(A.F, i);
                    len = strlen(field);
                    if (strlen(g) > 160) strcpy(g + 150, "...]");
                    snprintf(field + len, sizeof field - len, "%s%s", i ? ", " : "", g);
                    flint_free(g);
                }
                len = strlen(field);
                snprintf(field + len, sizeof field - len, ") (norms taken over Q)");
            }
            out->detail = fc_printf("Proved by exact algebra: %sthe model is %s in %s and %s%s; their sign "
                                       "pattern on the range of %s can change only at the real roots of one critical "
                                       "polynomial in %s of degree %ld (leading coefficients, discriminants, end "
                                       "values%s, and the claim's polynomials); at each root (exactly, or at an "
                                       "irrational one from the openness or closedness of the set, a certified "
                                       "witness, or a certified bisection over %s), at both ends and at a rational "
                                       "point between consecutive roots (%d points) the model's '%s %s' and the "
                                       "claim were decided and agree.", sub, what, trig ? "u" : oname,
                                       A.pname, field, oname, A.pname, (long) fmpq_poly_degree(R),
                                       multi ? ", pairwise resultants" : "", oname, nsamples,
                                       forall ? "forall" : "exists", oname);
        }
        rc = 1;
    }
done:
    for (j = 0; j < CL_MAXPIECE; j++) {
        formula_clear(fp + j, &A);
        fmpq_clear(fp[j].u0);
        fmpq_clear(fp[j].u1);
    }
    alg_roots_clear(roots);
    alg_field_clear(A.F);
    fmpq_poly_clear(R);
    fmpq_clear(p0); fmpq_clear(p1); fmpq_clear(sample);
    fmpq_clear(a0); fmpq_clear(b0); fmpq_clear(w); fmpq_clear(rp_wit);
    fmpq_mpoly_ctx_clear(A.ctx);
    flint_free(A.pv);
    return rc;
}
