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

typedef struct {
    const case_t *c;
    expr_t *pv;              /* exact values of the fixed parameters */
    const char *pname;
    fmpq_mpoly_ctx_t ctx1;   /* one variable: p */
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

/* Collects the polynomials (in p) of the comparisons of a claim predicate;
 * returns -1 if some part is not a polynomial comparison or logic. */
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
        fmpq_mpoly_t a, b;
        fmpq_poly_t u;
        expr_error_t ee;
        const char *vars[1];
        int rc = 0;
        vars[0] = A->pname;
        fmpq_mpoly_init(a, A->ctx1);
        fmpq_mpoly_init(b, A->ctx1);
        fmpq_poly_init(u);
        if (alg_to_mpoly_ext(a, e->args[0], vars, 1, A->ctx1, A->c->scope, (const expr_t *) A->pv, 0, &ee) ||
            alg_to_mpoly_ext(b, e->args[1], vars, 1, A->ctx1, A->c->scope, (const expr_t *) A->pv, 0, &ee))
            rc = -1;
        else {
            fmpq_mpoly_sub(a, a, b, A->ctx1);
            to_upoly(u, a, 0, A->ctx1);
            if (fmpq_poly_degree(u) > 0) fmpq_poly_mul(prod, prod, u);
        }
        fmpq_mpoly_clear(a, A->ctx1);
        fmpq_mpoly_clear(b, A->ctx1);
        fmpq_poly_clear(u);
        return rc;
    }
    default:
        return -1;
    }
}

/* A point of the param axis: a rational, or the real root k of roots. */
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
        fmpq_mpoly_t x, y;
        fmpq_poly_t u;
        expr_error_t ee;
        const char *vars[1];
        int s, rc;
        vars[0] = A->pname;
        fmpq_mpoly_init(x, A->ctx1);
        fmpq_mpoly_init(y, A->ctx1);
        fmpq_poly_init(u);
        if (alg_to_mpoly_ext(x, e->args[0], vars, 1, A->ctx1, A->c->scope, (const expr_t *) A->pv, 0, &ee) ||
            alg_to_mpoly_ext(y, e->args[1], vars, 1, A->ctx1, A->c->scope, (const expr_t *) A->pv, 0, &ee))
            rc = -1;
        else {
            fmpq_mpoly_sub(x, x, y, A->ctx1);
            to_upoly(u, x, 0, A->ctx1);
            s = sign_at(u, p);
            if (s == -2) rc = -1;
            else rc = e->kind == EXPR_LT ? s < 0 : e->kind == EXPR_LE ? s <= 0 : e->kind == EXPR_GT ? s > 0
                    : e->kind == EXPR_GE ? s >= 0 : e->kind == EXPR_EQ ? s == 0 : s != 0;
        }
        fmpq_mpoly_clear(x, A->ctx1);
        fmpq_mpoly_clear(y, A->ctx1);
        fmpq_poly_clear(u);
        return rc;
    }
    default:
        return -1;
    }
}

/* Exact rational value of a constant expression, or -1. */
static int const_value(fmpq_t q, const expr_t e, const case_t *c)
{
    fmpq_mpoly_ctx_t ctx;
    fmpq_mpoly_t a;
    expr_error_t ee;
    int rc = -1;
    fmpq_mpoly_ctx_init(ctx, 1, ORD_LEX);
    fmpq_mpoly_init(a, ctx);
    if (alg_to_mpoly(a, e, NULL, 0, ctx, NULL, &ee) == 0 && fmpq_mpoly_is_fmpq(a, ctx)) {
        fmpq_mpoly_get_fmpq(q, a, ctx);
        rc = 0;
    }
    fmpq_mpoly_clear(a, ctx);
    fmpq_mpoly_ctx_clear(ctx);
    (void) c;
    return rc;
}

/* u-range of a trigonometric over: 0 -> 0, pi/2 -> 1, -pi/2 -> -1. */
static int half_angle_end(fmpq_t u, const expr_t e)
{
    char *t = expr_to_text(e);
    int rc = 0;
    if (strcmp(t, "0") == 0) fmpq_zero(u);
    else if (strcmp(t, "pi/2") == 0) fmpq_one(u);
    else if (strcmp(t, "-pi/2") == 0 || strcmp(t, "-(pi/2)") == 0) fmpq_set_si(u, -1, 1);
    else rc = -1;
    flint_free(t);
    return rc;
}

/* G(u, p) = F(cos, sin, p) (1 + u^2)^d with cos = (1 - u^2)/(1 + u^2), sin =
 * 2u/(1 + u^2), d the total degree of F in (cos, sin): same sign as F. F in
 * (c, s, p) of ctx3; G in (u, p) of ctx2. */
static void half_angle_poly(fmpq_mpoly_t G, const fmpq_mpoly_t F, const fmpq_mpoly_ctx_t ctx3,
                            const fmpq_mpoly_ctx_t ctx2)
{
    fmpq_mpoly_t cn, sn, dn;
    fmpq_t q;
    slong k, deg = 0;
    fmpq_mpoly_init(cn, ctx2);
    fmpq_mpoly_init(sn, ctx2);
    fmpq_mpoly_init(dn, ctx2);
    fmpq_init(q);
    fmpq_mpoly_gen(cn, 0, ctx2);
    fmpq_mpoly_mul(cn, cn, cn, ctx2);
    fmpq_mpoly_add_si(dn, cn, 1, ctx2);
    fmpq_mpoly_neg(cn, cn, ctx2);
    fmpq_mpoly_add_si(cn, cn, 1, ctx2);
    fmpq_mpoly_gen(sn, 0, ctx2);
    fmpq_mpoly_scalar_mul_si(sn, sn, 2, ctx2);
    for (k = 0; k < fmpq_mpoly_length(F, ctx3); k++) {
        ulong ex[3];
        fmpq_mpoly_get_term_exp_ui(ex, F, k, ctx3);
        if ((slong) (ex[0] + ex[1]) > deg) deg = ex[0] + ex[1];
    }
    fmpq_mpoly_zero(G, ctx2);
    for (k = 0; k < fmpq_mpoly_length(F, ctx3); k++) {
        ulong ex[3];
        fmpq_mpoly_t term, f2;
        fmpq_mpoly_init(term, ctx2);
        fmpq_mpoly_init(f2, ctx2);
        fmpq_mpoly_get_term_exp_ui(ex, F, k, ctx3);
        fmpq_mpoly_get_term_coeff_fmpq(q, F, k, ctx3);
        fmpq_mpoly_set_fmpq(term, q, ctx2);
        fmpq_mpoly_pow_ui(f2, cn, ex[0], ctx2);
        fmpq_mpoly_mul(term, term, f2, ctx2);
        fmpq_mpoly_pow_ui(f2, sn, ex[1], ctx2);
        fmpq_mpoly_mul(term, term, f2, ctx2);
        fmpq_mpoly_pow_ui(f2, dn, deg - ex[0] - ex[1], ctx2);
        fmpq_mpoly_mul(term, term, f2, ctx2);
        fmpq_mpoly_gen(f2, 1, ctx2);
        fmpq_mpoly_pow_ui(f2, f2, ex[2], ctx2);
        fmpq_mpoly_mul(term, term, f2, ctx2);
        fmpq_mpoly_add(G, G, term, ctx2);
        fmpq_mpoly_clear(term, ctx2);
        fmpq_mpoly_clear(f2, ctx2);
    }
    fmpq_mpoly_clear(cn, ctx2);
    fmpq_mpoly_clear(sn, ctx2);
    fmpq_mpoly_clear(dn, ctx2);
    fmpq_clear(q);
}

static int threshold_multi(claim_result *out, const case_t *c, const expr_t model, const expr_t claim,
                           int over, int param);

int claim_threshold_algebra(claim_result *out, const case_t *c, const case_claim *cl, const expr_t model,
                            const expr_t claim, int over, int param, fc_error *err)
{
    (void) cl;
    (void) err;
    return threshold_multi(out, c, model, claim, over, param);
}

/* ------------------------------------------------------------------------
 * Models that are and/or/not combinations of polynomial comparisons.
 *
 * With atoms G_i(u, p) op_i 0, the sign vector of (G_1, ..., G_n) along
 * [u0, u1] can change only where some G_i gains or loses a real root in the
 * range or two of them meet: at the real roots of
 *     prod_i lc_u(G_i) disc_u(G_i) G_i(u0, p) G_i(u1, p)  prod_{i<j} res_u(G_i, G_j)
 * (an atom constant in u contributes G_i itself), so between them the set
 * S = {p : exists u: formula} is constant. S is decided exactly at rational p
 * by isolating the roots of prod_i G_i(., p) and evaluating the formula at
 * every root (signs there from the irreducible factor, exactly or by
 * certified balls) and at a rational point of every gap. At an irrational
 * event only the openness (all atoms strict, no `not`) or closedness (all
 * non-strict, no `not`) of S is used, as for one comparison. */

#define CL_MAXATOM 8
#define CL_MAXNODE 48

typedef struct {
    int natoms;
    fmpq_mpoly_struct G[CL_MAXATOM];
    int op[CL_MAXATOM];              /* 0 <, 1 <=, 2 >, 3 >= */
    int nn;
    int kind[CL_MAXNODE], a[CL_MAXNODE], b[CL_MAXNODE];   /* 0 atom a, 1 and, 2 or, 3 not a */
    int has_not;
} cl_formula;

static int op_holds(int op, int s)
{
    return op == 0 ? s < 0 : op == 1 ? s <= 0 : op == 2 ? s > 0 : s >= 0;
}

/* Truth of node k under the atoms' signs (each -1, 0, 1). */
static int formula_eval(const cl_formula *f, int k, const int *sg)
{
    switch (f->kind[k]) {
    case 0: return op_holds(f->op[f->a[k]], sg[f->a[k]]);
    case 1: return formula_eval(f, f->a[k], sg) && formula_eval(f, f->b[k], sg);
    case 2: return formula_eval(f, f->a[k], sg) || formula_eval(f, f->b[k], sg);
    default: return !formula_eval(f, f->a[k], sg);
    }
}

/* Builds the formula of e; returns the node index, or -1 (not of this form). */
static int formula_build(cl_formula *f, const expr_t e, const case_t *c, const char **vars, slong nvars,
                         const fmpq_mpoly_ctx_t ctx, const expr_t *pv, int flags, int depth)
{
    expr_t def;
    int k, x, y;
    if (depth > 32 || f->nn >= CL_MAXNODE) return -1;
    switch (e->kind) {
    case EXPR_VAR:
        if (expr_scope_lookup(c->scope, e->name, NULL, &def) != 2) return -1;
        return formula_build(f, def, c, vars, nvars, ctx, pv, flags, depth + 1);
    case EXPR_AND: case EXPR_OR:
        x = formula_build(f, e->args[0], c, vars, nvars, ctx, pv, flags, depth + 1);
        y = x < 0 ? -1 : formula_build(f, e->args[1], c, vars, nvars, ctx, pv, flags, depth + 1);
        if (y < 0 || f->nn >= CL_MAXNODE) return -1;
        k = f->nn++;
        f->kind[k] = e->kind == EXPR_AND ? 1 : 2;
        f->a[k] = x;
        f->b[k] = y;
        return k;
    case EXPR_NOT:
        x = formula_build(f, e->args[0], c, vars, nvars, ctx, pv, flags, depth + 1);
        if (x < 0 || f->nn >= CL_MAXNODE) return -1;
        k = f->nn++;
        f->kind[k] = 3;
        f->a[k] = x;
        f->has_not = 1;
        return k;
    case EXPR_LT: case EXPR_LE: case EXPR_GT: case EXPR_GE: {
        expr_t diff;
        expr_error_t ee;
        fmpq_mpoly_t F;
        fmpq_mpoly_ctx_t ctx3;
        int r, i = f->natoms;
        if (i >= CL_MAXATOM) return -1;
        diff = expr_binary(EXPR_SUB, expr_copy(e->args[0]), expr_copy(e->args[1]));
        fmpq_mpoly_init(f->G + i, ctx);
        if (flags == 0) {
            r = alg_to_mpoly_ext(f->G + i, diff, vars, 2, ctx, c->scope, pv, 0, &ee);
        } else {
            fmpq_mpoly_ctx_init(ctx3, 3, ORD_LEX);
            fmpq_mpoly_init(F, ctx3);
            r = alg_to_mpoly_ext(F, diff, vars + 2, 3, ctx3, c->scope, pv, ALG_TRIG, &ee);
            if (r == 0) half_angle_poly(f->G + i, F, ctx3, ctx);
            fmpq_mpoly_clear(F, ctx3);
            fmpq_mpoly_ctx_clear(ctx3);
        }
        expr_free(diff);
        f->natoms++;   /* cleared by the caller even on failure */
        if (r != 0) return -1;
        f->op[i] = e->kind == EXPR_LT ? 0 : e->kind == EXPR_LE ? 1 : e->kind == EXPR_GT ? 2 : 3;
        k = f->nn++;
        f->kind[k] = 0;
        f->a[k] = i;
        return k;
    }
    default:
        return -1;
    }
    (void) nvars;
}

static void formula_clear(cl_formula *f, const fmpq_mpoly_ctx_t ctx)
{
    int i;
    for (i = 0; i < f->natoms; i++) fmpq_mpoly_clear(f->G + i, ctx);
    f->natoms = 0;
    f->nn = 0;
}

/* Exists u in [u0, u1] where the formula holds, at the rational p? 1, 0, or -1
 * (a sign could not be decided). wit: a rational such u when found at one. */
static int s_multi(fmpq_t wit, int *wit_ok, const cl_formula *f, int root, const fmpq_mpoly_ctx_t ctx2,
                   const fmpq_t p, const fmpq_t u0, const fmpq_t u1)
{
    fmpq_poly_struct g[CL_MAXATOM];
    fmpq_poly_t h;
    alg_roots_t r;
    fmpq_t x, prev;
    fmpq *pt = (fmpq *) p;
    int sg[CL_MAXATOM], i, found = 0, bad = 0;
    slong n, k;
    cl_point cp;

    fmpq_poly_init(h);
    fmpq_init(x);
    fmpq_init(prev);
    fmpq_poly_one(h);
    for (i = 0; i < f->natoms; i++) {
        fmpq_mpoly_t t;
        fmpq_poly_init(g + i);
        fmpq_mpoly_init(t, ctx2);
        fmpq_mpoly_evaluate_one_fmpq(t, f->G + i, 1, pt, ctx2);
        to_upoly(g + i, t, 0, ctx2);
        fmpq_mpoly_clear(t, ctx2);
        if (fmpq_poly_degree(g + i) > 0) fmpq_poly_mul(h, h, g + i);
    }
    *wit_ok = 0;
    /* signs at a rational point */
#define AT_RATIONAL(ptq) do { \
        cp.q = (ptq); cp.r = NULL; cp.k = 0; \
        for (i = 0; i < f->natoms; i++) sg[i] = sign_at(g + i, &cp); \
        if (formula_eval(f, root, sg)) { found = 1; fmpq_set(wit, (ptq)); *wit_ok = 1; } \
    } while (0)
    AT_RATIONAL(u0);
    if (!found) AT_RATIONAL(u1);
    alg_roots_init(r);
    n = fmpq_poly_degree(h) > 0 ? alg_roots_isolate(r, h) : 0;
    fmpq_set(prev, u0);
    for (k = 0; k < n && !found && !bad; k++) {
        slong rp = 16;
        if (alg_roots_cmp(r, k, u0) <= 0) continue;
        if (alg_roots_cmp(r, k, u1) >= 0) break;
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
            for (i = 0; i < f->natoms; i++) {
                sg[i] = sign_at(g + i, &cp);
                if (sg[i] == -2) bad = 1;
            }
            if (!bad && formula_eval(f, root, sg)) found = 1;   /* at an algebraic point: no rational witness */
        }
        fmpq_set(prev, r->root[k].hi);
        if (fmpq_cmp(prev, u1) > 0) fmpq_set(prev, u1);
    }
    if (!found && !bad) {
        fmpq_add(x, prev, u1);
        fmpq_div_2exp(x, x, 1);
        if (fmpq_cmp(x, prev) > 0 && fmpq_cmp(x, u1) < 0) AT_RATIONAL(x);
    }
#undef AT_RATIONAL
    for (i = 0; i < f->natoms; i++) {
        if (sg[i] == -2 && !found) bad = 1;
        fmpq_poly_clear(g + i);
    }
    alg_roots_clear(r);
    fmpq_poly_clear(h);
    fmpq_clear(x);
    fmpq_clear(prev);
    if (found) return 1;
    return bad ? -1 : 0;
}

/* Is the formula certified true at (u, p) for the rational u and every p in the
 * enclosure of root k of roots? */
static int formula_near_root(const cl_formula *f, int root, const fmpq_mpoly_ctx_t ctx2, const fmpq_t u,
                             alg_roots_struct *roots, slong k)
{
    int sg[CL_MAXATOM], i, ok = 0;
    slong prec;
    for (prec = 64; prec <= 4096 && !ok; prec *= 2) {
        int all = 1;
        for (i = 0; i < f->natoms && all; i++) {
            fmpq_mpoly_t t;
            fmpq_poly_t g;
            arb_poly_t ap;
            arb_t b, y;
            fmpq *pt = (fmpq *) u;
            fmpq_mpoly_init(t, ctx2);
            fmpq_poly_init(g);
            arb_poly_init(ap);
            arb_init(b);
            arb_init(y);
            fmpq_mpoly_evaluate_one_fmpq(t, f->G + i, 0, pt, ctx2);
            to_upoly(g, t, 1, ctx2);
            alg_roots_enclosure(b, roots, k, prec);
            arb_poly_set_fmpq_poly(ap, g, prec);
            arb_poly_evaluate(y, ap, b, prec);
            if (arb_is_positive(y)) sg[i] = 1;
            else if (arb_is_negative(y)) sg[i] = -1;
            else if (arb_is_zero(y)) sg[i] = 0;
            else all = 0;
            fmpq_mpoly_clear(t, ctx2);
            fmpq_poly_clear(g);
            arb_poly_clear(ap);
            arb_clear(b);
            arb_clear(y);
        }
        if (all && formula_eval(f, root, sg)) ok = 1;
        if (all) break;   /* signs decided: more precision changes nothing */
    }
    return ok;
}

/* Three-valued sign of G(u, p) for balls u, p: -1, 0 (exactly), 1, or 2 (undecided). */
static int mpoly_ball_sign(const fmpq_mpoly_t G, const fmpq_mpoly_ctx_t ctx2, const arb_t u, const arb_t p,
                           slong prec)
{
    arb_t acc, t, c;
    fmpq_t q;
    slong k;
    int s;
    arb_init(acc);
    arb_init(t);
    arb_init(c);
    fmpq_init(q);
    for (k = 0; k < fmpq_mpoly_length(G, ctx2); k++) {
        ulong ex[2];
        fmpq_mpoly_get_term_exp_ui(ex, G, k, ctx2);
        fmpq_mpoly_get_term_coeff_fmpq(q, G, k, ctx2);
        arb_set_fmpq(c, q, prec);
        arb_pow_ui(t, u, ex[0], prec);
        arb_mul(c, c, t, prec);
        arb_pow_ui(t, p, ex[1], prec);
        arb_mul(c, c, t, prec);
        arb_add(acc, acc, c, prec);
    }
    s = arb_is_positive(acc) ? 1 : arb_is_negative(acc) ? -1 : arb_is_zero(acc) ? 0 : 2;
    arb_clear(acc);
    arb_clear(t);
    arb_clear(c);
    fmpq_clear(q);
    return s;
}

/* Three-valued formula: 0 false, 1 true, 2 undecided (Kleene). */
static int formula_eval3(const cl_formula *f, int k, const int *sg)
{
    int a, b;
    switch (f->kind[k]) {
    case 0:
        if (sg[f->a[k]] == 2) return 2;
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

/* Is the formula certified FALSE for every u in [u0, u1] and every p in the
 * enclosure of root k (bisection in u, at most 4096 pieces)? Then S is false
 * at that root. */
static int formula_false_near_root(const cl_formula *f, int root, const fmpq_mpoly_ctx_t ctx2,
                                   const fmpq_t u0, const fmpq_t u1, alg_roots_struct *roots, slong k)
{
    fmpq *stack_lo = _fmpq_vec_init(64), *stack_hi = _fmpq_vec_init(64);
    int sp = 0, ok = 1, pieces = 0, i, sg[CL_MAXATOM];
    arb_t pb, ub, a, b;
    arf_t l, h;
    slong prec = 128;
    arb_init(pb);
    arb_init(ub);
    arb_init(a);
    arb_init(b);
    arf_init(l);
    arf_init(h);
    alg_roots_enclosure(pb, roots, k, 2 * prec);
    fmpq_set(stack_lo + 0, u0);
    fmpq_set(stack_hi + 0, u1);
    sp = 1;
    while (sp > 0 && ok) {
        int t;
        sp--;
        arb_set_fmpq(a, stack_lo + sp, prec);
        arb_set_fmpq(b, stack_hi + sp, prec);
        arb_union(ub, a, b, prec);
        for (i = 0; i < f->natoms; i++) sg[i] = mpoly_ball_sign(f->G + i, ctx2, ub, pb, prec);
        t = formula_eval3(f, root, sg);
        if (t == 0) continue;
        if (t == 1 || ++pieces > 4096 || sp + 2 > 64) { ok = 0; break; }
        /* split */
        fmpq_add(stack_lo + sp + 1, stack_lo + sp, stack_hi + sp);
        fmpq_div_2exp(stack_lo + sp + 1, stack_lo + sp + 1, 1);
        fmpq_set(stack_hi + sp + 1, stack_hi + sp);
        fmpq_set(stack_hi + sp, stack_lo + sp + 1);
        sp += 2;
    }
    _fmpq_vec_clear(stack_lo, 64);
    _fmpq_vec_clear(stack_hi, 64);
    arb_clear(pb);
    arb_clear(ub);
    arb_clear(a);
    arb_clear(b);
    arf_clear(l);
    arf_clear(h);
    return ok;
}

/* The multi-comparison decision (see above). Same returns as claim_threshold_algebra. */
static int threshold_multi(claim_result *out, const case_t *c, const expr_t model, const expr_t claim,
                           int over, int param)
{
    cl_alg A;
    cl_formula f;
    fmpq_mpoly_ctx_t ctx2;
    fmpq_poly_t R, tmp;
    fmpq_t u0, u1, p0, p1, sample, a0, b0, w, rp_wit;
    alg_roots_t roots;
    char cname[160], sname[160];
    const char *vars[5];
    int i, j, root = -1, trig = 0, ok = 1, refuted = 0, rs = 0, nsamples = 0, rc = 0, open_set, closed_set, strict_all = 1,
        weak_all = 1;
    slong nr, k;

    memset(&A, 0, sizeof A);
    memset(&f, 0, sizeof f);
    A.c = c;
    A.pname = c->params[param].name;
    A.pv = flint_calloc(c->nparams + 1, sizeof(expr_t));
    for (i = 0; i < c->nparams; i++)
        if (i != over && i != param && !c->params[i].is_range) A.pv[i] = c->params[i].value;
    fmpq_mpoly_ctx_init(A.ctx1, 1, ORD_LEX);
    fmpq_mpoly_ctx_init(ctx2, 2, ORD_LEX);
    fmpq_poly_init(R); fmpq_poly_init(tmp);
    fmpq_init(u0); fmpq_init(u1); fmpq_init(p0); fmpq_init(p1); fmpq_init(sample);
    fmpq_init(a0); fmpq_init(b0); fmpq_init(w); fmpq_init(rp_wit);
    alg_roots_init(roots);
    snprintf(cname, sizeof cname, "c_%s", c->params[over].name);
    snprintf(sname, sizeof sname, "s_%s", c->params[over].name);
    vars[0] = c->params[over].name;
    vars[1] = A.pname;
    vars[2] = cname;
    vars[3] = sname;
    vars[4] = A.pname;

    if (const_value(p0, c->params[param].lo, c) || const_value(p1, c->params[param].hi, c)) goto done;
    root = formula_build(&f, model, c, vars, 2, ctx2, (const expr_t *) A.pv, 0, 0);
    if (root < 0) {
        formula_clear(&f, ctx2);
        root = formula_build(&f, model, c, vars, 2, ctx2, (const expr_t *) A.pv, ALG_TRIG, 0);
        if (root < 0) goto done;
        if (half_angle_end(u0, c->params[over].lo) || half_angle_end(u1, c->params[over].hi)) goto done;
        trig = 1;
    } else if (const_value(u0, c->params[over].lo, c) || const_value(u1, c->params[over].hi, c)) goto done;
    if (f.natoms < 1 || fmpq_cmp(u0, u1) > 0 || fmpq_cmp(p0, p1) > 0) goto done;
    for (i = 0; i < f.natoms; i++) {
        if (f.op[i] == 0 || f.op[i] == 2) weak_all = 0;
        else strict_all = 0;
    }
    open_set = !f.has_not && strict_all;
    closed_set = !f.has_not && weak_all;

    /* the critical polynomial */
    fmpq_poly_one(R);
    for (i = 0; i < f.natoms; i++) {
        slong d = fmpq_mpoly_degree_si(f.G + i, 0, ctx2);
        fmpq_mpoly_t x, lc;
        fmpq *pt;
        fmpq_mpoly_init(x, ctx2);
        fmpq_mpoly_init(lc, ctx2);
        if (d < 1) {
            to_upoly(tmp, f.G + i, 1, ctx2);
            if (fmpq_poly_is_zero(tmp)) ok = 0;
            else fmpq_poly_mul(R, R, tmp);
        } else {
            for (k = 0; k < fmpq_mpoly_length(f.G + i, ctx2); k++) {
                ulong ex[2];
                fmpq_mpoly_get_term_exp_ui(ex, f.G + i, k, ctx2);
                if ((slong) ex[0] == d) {
                    fmpq_mpoly_t mono;
                    fmpq_t q;
                    fmpq_init(q);
                    fmpq_mpoly_init(mono, ctx2);
                    fmpq_mpoly_get_term_coeff_fmpq(q, f.G + i, k, ctx2);
                    fmpq_mpoly_gen(mono, 1, ctx2);
                    fmpq_mpoly_pow_ui(mono, mono, ex[1], ctx2);
                    fmpq_mpoly_scalar_mul_fmpq(mono, mono, q, ctx2);
                    fmpq_mpoly_add(lc, lc, mono, ctx2);
                    fmpq_mpoly_clear(mono, ctx2);
                    fmpq_clear(q);
                }
            }
            to_upoly(tmp, lc, 1, ctx2);
            fmpq_poly_mul(R, R, tmp);
            if (d >= 2) {
                if (alg_discriminant(x, f.G + i, 0, ctx2)) ok = 0;
                else {
                    to_upoly(tmp, x, 1, ctx2);
                    if (fmpq_poly_is_zero(tmp)) ok = 0;
                    fmpq_poly_mul(R, R, tmp);
                }
            }
            pt = u0;
            fmpq_mpoly_evaluate_one_fmpq(x, f.G + i, 0, pt, ctx2);
            to_upoly(tmp, x, 1, ctx2);
            if (fmpq_poly_is_zero(tmp)) ok = 0;
            fmpq_poly_mul(R, R, tmp);
            pt = u1;
            fmpq_mpoly_evaluate_one_fmpq(x, f.G + i, 0, pt, ctx2);
            to_upoly(tmp, x, 1, ctx2);
            if (fmpq_poly_is_zero(tmp)) ok = 0;
            fmpq_poly_mul(R, R, tmp);
            for (j = 0; j < i && ok; j++) {
                if (fmpq_mpoly_degree_si(f.G + j, 0, ctx2) < 1) continue;
                if (alg_resultant(x, f.G + i, f.G + j, 0, ctx2)) { ok = 0; break; }
                to_upoly(tmp, x, 1, ctx2);
                if (fmpq_poly_is_zero(tmp)) ok = 0;   /* a common factor: give up */
                fmpq_poly_mul(R, R, tmp);
            }
        }
        fmpq_mpoly_clear(x, ctx2);
        fmpq_mpoly_clear(lc, ctx2);
    }
    if (!ok || claim_polys(R, claim, &A, 0) || fmpq_poly_is_zero(R)) { ok = 0; goto done; }

    nr = fmpq_poly_degree(R) > 0 ? alg_roots_isolate(roots, R) : 0;
    {
        slong nev = 0, e;
        slong *ev = flint_malloc((nr + 2) * sizeof(slong));
        int *sgap = flint_calloc(nr + 2, sizeof(int)), *wok = flint_calloc(nr + 2, sizeof(int));
        fmpq *wgap = _fmpq_vec_init(nr + 2);
        ev[nev++] = -1;
        for (k = 0; k < nr; k++)
            if (alg_roots_cmp(roots, k, p0) > 0 && alg_roots_cmp(roots, k, p1) < 0) ev[nev++] = k;
        ev[nev++] = -2;
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
            sgap[e] = s_multi(wgap + e, wok + e, &f, root, ctx2, sample, u0, u1);
            pt.q = sample; pt.r = NULL; pt.k = 0;
            cv = claim_truth(claim, &pt, &A, 0);
            nsamples++;
            if (sgap[e] < 0 || cv < 0) { ok = 0; break; }
            if (cv != sgap[e]) {
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
                int wo;
                sv = s_multi(w, &wo, &f, root, ctx2, q0, u0, u1);
                pt.q = q0; pt.r = NULL; pt.k = 0;
                cv = claim_truth(claim, &pt, &A, 0);
                if (sv >= 0 && cv >= 0 && cv != sv && !refuted) {
                    refuted = 1;
                    rs = sv;
                    fmpq_set(rp_wit, q0);
                }
            } else {
                int left = sgap[e - 1], right = sgap[e];
                if (open_set && (!left || !right)) sv = 0;
                else if (closed_set && (left || right)) sv = 1;
                else if (open_set && ((wok[e - 1] && formula_near_root(&f, root, ctx2, wgap + e - 1, roots, ev[e])) ||
                                      (wok[e] && formula_near_root(&f, root, ctx2, wgap + e, roots, ev[e]))))
                    sv = 1;
                else if (!left && !right && formula_false_near_root(&f, root, ctx2, u0, u1, roots, ev[e]))
                    sv = 0;   /* the formula is certified false on the whole range of over there */
                else { ok = 0; break; }
                pt.q = NULL; pt.r = roots; pt.k = ev[e];
                cv = claim_truth(claim, &pt, &A, 0);
            }
            nsamples++;
            if (sv < 0 || cv < 0 || cv != sv) ok = 0;
        }
        _fmpq_vec_clear(wgap, nr + 2);
        flint_free(sgap);
        flint_free(wok);
        flint_free(ev);
    }
    if (refuted) {
        char *pt = claim_fmpq_text(rp_wit);
        out->status = CLAIM_REFUTED;
        {
            const char *wn = A.pname;
            claim_set_witness(out, 1, &wn, rp_wit);
        }
        flint_free(out->claim_side);
        flint_free(out->model_side);
        out->claim_side = fc_printf("the claim is %s at %s = %s (decided exactly)", rs ? "false" : "true",
                                       A.pname, pt);
        out->model_side = rs ? fc_printf("the model holds for some %s in its range at %s = %s (decided exactly by "
                                            "real-root isolation)", c->params[over].name, A.pname, pt)
                             : fc_printf("the model fails for every %s in its range at %s = %s (decided exactly "
                                            "by real-root isolation)", c->params[over].name, A.pname, pt);
        flint_free(out->detail);
        out->detail = fc_printf("Refuted by exact algebra at the rational point %s = %s.", A.pname, pt);
        flint_free(pt);
        rc = 2;
    } else if (ok) {
        out->status = CLAIM_PROVED;
        flint_free(out->detail);
        {
            char sub[200], what[96];
            if (trig) snprintf(sub, sizeof sub, "after the substitution u = tan(%s/2), ", c->params[over].name);
            else sub[0] = 0;
            if (f.natoms == 1) snprintf(what, sizeof what, "one polynomial comparison");
            else snprintf(what, sizeof what, "an and/or/not combination of %d polynomial comparisons", f.natoms);
            out->detail = fc_printf("Proved by exact algebra: %sthe model is %s in %s and %s; their sign "
                                       "pattern on the range of %s can change only at the real roots of one critical "
                                       "polynomial in %s of degree %ld (leading coefficients, discriminants, end "
                                       "values%s, and the claim's polynomials); at each root (exactly, or at an "
                                       "irrational one from the openness or closedness of the set, a certified "
                                       "witness, or a certified bisection over %s), at both ends and at a rational "
                                       "point between consecutive roots (%d points) the model's 'exists %s' and the "
                                       "claim were decided and agree.", sub, what, trig ? "u" : c->params[over].name,
                                       A.pname, c->params[over].name, A.pname, (long) fmpq_poly_degree(R),
                                       f.natoms > 1 ? ", pairwise resultants" : "", c->params[over].name, nsamples,
                                       c->params[over].name);
        }
        rc = 1;
    }
done:
    formula_clear(&f, ctx2);
    alg_roots_clear(roots);
    fmpq_poly_clear(R); fmpq_poly_clear(tmp);
    fmpq_clear(u0); fmpq_clear(u1); fmpq_clear(p0); fmpq_clear(p1); fmpq_clear(sample);
    fmpq_clear(a0); fmpq_clear(b0); fmpq_clear(w); fmpq_clear(rp_wit);
    fmpq_mpoly_ctx_clear(ctx2);
    fmpq_mpoly_ctx_clear(A.ctx1);
    flint_free(A.pv);
    return rc;
}
