/* claim_statics.c -- the boundary-cell certificate: an `equivalent` claim
 * between a closed form and planar statics models ([model] type = statics,
 * src/mech/mech_statics.c, isotropic cones in dimension 2) proved on the
 * cells its paving left undecided.
 *
 * A paving cannot prove two regions equal on their common boundary: a cell
 * the boundary crosses is never certified. On such a cell B this file proves
 * that claim and model agree at every point of B (where the closed form is
 * defined), by exact algebra over Q plus certified ball signs on B.
 *
 * Exact data. Every expression (the closed form's comparisons g = lhs - rhs,
 * the model's A, b, normals n_k and friction coefficients f_k) becomes a
 * fraction of polynomials over Q (FLINT fmpq_mpoly) in the range parameters,
 * their sines, their cosines (c with c^2 = 1 - s^2) and the square roots that
 * occur (u with u^2 = R, R a polynomial certified >= 0 on B); a denominator
 * keeps every factor whose vanishing makes the expression undefined, so a
 * denominator certified nonzero on B means the expression is defined there.
 *
 * 1. The model: cone_k = cone(n_k + f_k t_k, n_k - f_k t_k) (t_k = n_k turned
 *    by 90 degrees; |n_k|^2 > 0 on B), so "an equilibrium exists" is b in
 *    K = cone(g_1, ..., g_N), g_j = A (generator j). Rows of A identically 0
 *    (with b identically 0 there) are dropped; E <= 4 rows remain. For every
 *    E-subset T of the columns {g_1, ..., g_N, b} the determinant det[T] is
 *    an exact polynomial fraction; on B its sign is certified (a mean-value
 *    form over the variables' ranges) or it becomes a sign variable. For any
 *    signs: if some det[g_T] is nonzero (rank E), K is the intersection of
 *    { v : sigma_S det[g_S, v] >= 0 } over the (E - 1)-subsets S of
 *    generators with all det[g_S, g_l] of one sign sigma_S (not all 0): a
 *    full-dimensional polyhedral cone is the intersection of its facet
 *    half-spaces, each facet is spanned by E - 1 generators, and every such
 *    supporting half-space contains K. So the model is a function of the
 *    determinants' signs (undefined without rank E: then B fails). When the
 *    instruction's own certificates (a reaction or a separating multiplier,
 *    src/expr/expr_statics.c) decide the model on B, that value is used.
 * 2. The closed form: each comparison is decided on B, or matched: g.num and
 *    det.num (reduced modulo the relations, or with every algebraic variable
 *    removed by multiplying with its conjugate a - b v, of certified sign)
 *    have a common factor h (FLINT gcd) and cofactors of certified sign on B,
 *    so sign g = eps sign det at every point of B. A determinant that the
 *    balls cannot sign is fixed by a decided comparison it matches, or tied
 *    to another determinant through a comparison both match. A comparison
 *    that matches nothing is a free truth value.
 * 3. Both sides are boolean formulas in these; they are evaluated for every
 *    sign vector of the remaining determinants in {-1, 0, 1} and every value
 *    of the free comparisons, and must agree for each. A determinant that
 *    reaches 0 on the cell may still have a proved one-sided sign
 *    (poly_sign_weak: monotone in every variable, its extreme value at an
 *    exact vertex of the ranges clamped to the case's box, e.g. cos >= 0 on
 *    an angle range whose ends are read exactly inside [-pi/2, pi/2]); the
 *    other sign is then left out.
 * A cell where a step fails is split (up to CS_EXTRA more levels); a cell
 * still failing leaves the claim "consistent" (never "proved" by default).
 *
 * Spatial cones (types 2 and 3, "line kind", line_setup): with one free
 * reaction parameter xi left by the balance rows, step 1 is replaced by an
 * exact quantifier elimination in xi: each cone on the line of solutions is
 * {l(xi) >= 0, q(xi) <= 0}, deg l <= 1, deg q <= 2 (leading coefficients
 * certified nonzero on a cell), and an equilibrium exists iff the constant
 * conditions hold and some root of an l or a q (the end of the feasible
 * interval, which is not all of R) satisfies every other condition. Those
 * conditions, exact fractions in the parameters and one square root (the
 * root's discriminant, a variable of its own), are the atoms that steps 2
 * and 3 treat like the determinants. A root whose discriminant is not
 * certified >= 0 on the cell adds the atom "disc >= 0"; its other atoms are
 * then defined only where disc >= 0 and are matched to at most one
 * comparison of the closed form (never fixed, never linked). Signs of
 * a + b sqrt(R) are also decided from the signs of a, b and a^2 - b^2 R.
 * A sign vector on which the two formulas disagree is left out only when no
 * point of the cell gives it (rel_excluded, claim_statics_rel.c): an exact
 * identity sum lambda_j T_j = 0 among the quantities whose signs the vector
 * fixes (and their products) that those signs contradict. This proves the
 * corners of Rozenblat's lens (ch1_two_point_anisotropic), where every open
 * condition vanishes at one point. */
#include <stdio.h>
#include <string.h>
#include "claim/claim_impl.h"
#include "claim/claim_cell.h"
/* GCC >= 11 misreads FLINT's inline fmpq_mpoly_is_fmpq on struct members (a false positive, as in
 * alg_roots.c) */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11
#pragma GCC diagnostic ignored "-Wstringop-overread"
#pragma GCC diagnostic ignored "-Wstringop-overflow"
#endif
#include "expr/expr_statics.h"
#include "claim/claim_statics_rel.h"
#include <flint/fmpq_mat.h>

#define CS_MAXU 8        /* algebraic variables (square roots, cosines) */
#define CS_MAXE 4        /* balance rows after dropping the zero ones */
#define CS_MAXG 8        /* generators */
#define CS_MAXS 70       /* subsets of generators (C(8, 4)) */
#define CS_MAXT 126      /* subsets of the columns (C(9, 4)) */
#define CS_MAXV 7        /* undecided determinants on a cell */
#define CS_MAXATOM 32
#define CS_MAXCALL 4
#define CS_MAXNODE 256
#define CS_MAXACT 6
#define CS_EXTRA 3
#define CS_MAXFREE 6
#define CS_MAXNZ 48      /* line kind: polynomials certified nonzero on a cell */
#define CS_MAXCAND 24    /* line kind: candidate points (roots of the cone polynomials) */
#define CS_MAXCA 16      /* line kind: conditions of one candidate */
#define CS_MAXLN 12      /* line kind: unknowns */

typedef claim_cell_frac cs_frac;

typedef struct {
    int var;             /* the variable */
    fmpq_mpoly_t R;      /* var^2 = R */
    int is_sqrt;         /* 1 sqrt (var >= 0), 0 cosine */
    int param;           /* cosine: its parameter */
    int optional;        /* 1: a root of a cone polynomial (line kind), needed only where its radicand is >= 0 */
    int psd;             /* 1: R >= 0 everywhere (a positive semidefinite quadratic form in the range parameters) */
} cs_slot;

/* a polynomial with its algebraic variables removed: P prod conj = fin */
typedef struct {
    fmpq_mpoly_t fin;
    int nconj;
    fmpq_mpoly_struct conj[CS_MAXU];
} cs_elim;

typedef struct {
    int ok, okd;         /* 0 no common factor (or failure): eliminated, direct */
    fmpq_mpoly_t g1, d1; /* eliminated: fin(g) = h g1, fin(det) = h d1 */
    fmpq_mpoly_t gd1, dd1; /* direct: nf(g) = h gd1, nf(det) = h dd1 (normal forms modulo the relations) */
} cs_match;

typedef struct {
    expr_prog_t prog;              /* the call itself, for its own certificates on a cell */
    expr_eval_t ev;
    int E, G;                      /* rows kept, generators */
    int nc;
    fmpq_mpoly_struct nrm2[8];     /* |n_k|^2 (numerators; dens in nrm2d) */
    fmpq_mpoly_struct nrm2d[8];
    fmpq_mpoly_struct colq[CS_MAXG + 1]; /* column denominators: generators, then b */
    fmpq_mpoly_struct colp[(CS_MAXG + 1) * CS_MAXE]; /* column numerators */
    int nT;                        /* E-subsets T of the columns 0..G (G: b), increasing */
    int T[CS_MAXT][CS_MAXE];
    fmpq_mpoly_struct det[CS_MAXT]; /* numerator of det[columns of T] (denominator: the columns' q) */
    int det_zero[CS_MAXT];
    cs_elim delim[CS_MAXT];        /* numerators eliminated (lazily) */
    int delim_done[CS_MAXT];
    int nS;                        /* (E - 1)-subsets S of the generators */
    int S[CS_MAXS][CS_MAXE];
    int Sl[CS_MAXS][CS_MAXG + 1];  /* det[g_S, column l] = sign * det[T]: encoded sign * (T + 1); 0 for l in S */
    /* kind 1 (spatial cones, one free reaction; line_setup): atom t is "det[t]/lden[t] lop[t] 0" */
    int kind;
    fmpq_mpoly_struct lden[CS_MAXT];
    int lop[CS_MAXT];
    int nnz;                       /* polynomials that must be certified nonzero on a cell */
    fmpq_mpoly_struct nz[CS_MAXNZ];
    int nfreecol;                  /* 0: the reactions are unique; 1: one free parameter xi */
    int nglob, glob[CS_MAXT];      /* atoms every equilibrium needs (constraints constant in xi) */
    int ncand, cand_n[CS_MAXCAND], cand_a[CS_MAXCAND][CS_MAXCA];
    int cand_disc[CS_MAXCAND];     /* -1, or the index in disc[] whose sign >= 0 the candidate needs */
    int ndisc;
    fmpq_mpoly_struct disc[CS_MAXCAND];
    int disc_atom[CS_MAXCAND];     /* the atom "disc >= 0" */
    fmpq_mpoly_struct lead[CS_MAXCAND]; /* q's leading coefficient (its sign fixes what disc < 0 means) */
    int atom_disc[CS_MAXT];        /* -1, or the disc of the q whose value at a candidate this atom is */
    int bounded, nbound;           /* F != R by a condition of degree 1; else one of bound[] > 0 on a cell */
    fmpq_mpoly_struct bound[8];
} cs_call;

enum { CB_TRUE, CB_FALSE, CB_NOT, CB_AND, CB_OR, CB_XOR, CB_IMPLIES, CB_IFF, CB_ATOM, CB_STAT };

typedef struct { int kind, a, b, op, idx, neg; } cs_node;

typedef struct {
    const case_t *c;
    fmpq_mpoly_ctx_t ctx;
    int nvars, nrange;
    int range_param[8];            /* x_i = variable i; sin: nrange + i; cos slot variable 2 nrange + i */
    int nslot;
    cs_slot slot[CS_MAXU];
    int natom;
    cs_frac atom[CS_MAXATOM];
    int atom_op[CS_MAXATOM];
    int atom_zero[CS_MAXATOM];
    cs_elim aelim[CS_MAXATOM];
    int aelim_done[CS_MAXATOM];
    int ncall;
    const expr_node *callnode[CS_MAXCALL];
    cs_call call[CS_MAXCALL];
    cs_match match[CS_MAXATOM][CS_MAXCALL][CS_MAXT];
    signed char match_done[CS_MAXATOM][CS_MAXCALL][CS_MAXT];
    int nnode;
    cs_node node[CS_MAXNODE];
    int root_claim, root_model;
    int no_numeric;                /* 1: the determinant reduction alone (tests) */
    int skip_cdec;                 /* 1: this pass ignores the instruction's own certificates */
    slong prec;
    /* the variables' layout and exact facts about the declared ranges (claim_cell.h; nrange, range_param,
       nvars and prec are copies of cell's), used to clamp a cell's ranges to the case's box */
    claim_cell_ctx cell;
    int rel_fail;                  /* relation searches that found nothing (rel_excluded; bounded by CS_REL_BUDGET) */
    csr_memo_t rel_memo;           /* rel_excluded's questions and answers (NULL until the first) */
} cs_ctx;

/* ------------------------------------------------------------ fractions */

static void frac_init(cs_frac *f, const cs_ctx *x) { claim_cell_frac_init(f, x->ctx); }
static void frac_clear(cs_frac *f, const cs_ctx *x) { claim_cell_frac_clear(f, x->ctx); }

/* a constant denominator folded into the numerator */
static void frac_norm(cs_frac *f, const cs_ctx *x) { claim_cell_frac_norm(f, x->ctx); }

static int to_frac(cs_frac *out, const expr_node *e, cs_ctx *x, int depth);
static void normal_form(fmpq_mpoly_t out, const fmpq_mpoly_t P, const cs_ctx *x);

/* 1 if R is a quadratic form in the range parameters alone (every term of
 * total degree 2) whose symmetric matrix is positive semidefinite (every
 * principal minor >= 0, exact), so R >= 0 at every point */
static int quad_psd(const fmpq_mpoly_t R, const cs_ctx *x)
{
    slong i, len = fmpq_mpoly_length(R, x->ctx), nr = x->nrange;
    int ok = 1, v, w, mask;
    fmpq_mat_t Q;
    fmpq_t c;
    if (nr == 0 || nr > 8 || len == 0) return 0;
    fmpq_mat_init(Q, nr, nr);
    fmpq_init(c);
    for (i = 0; i < len && ok; i++) {
        int deg = 0, a = -1, b = -1;
        fmpq_mpoly_get_term_coeff_fmpq(c, R, i, x->ctx);
        for (v = 0; v < x->nvars; v++) {
            ulong e = fmpq_mpoly_get_term_var_exp_ui(R, i, v, x->ctx);
            if (e == 0) continue;
            if (v >= nr) { ok = 0; break; }
            deg += (int) e;
            if (a < 0) { a = v; if (e == 2) b = v; }
            else b = v;
        }
        if (!ok || deg != 2) { ok = 0; break; }
        if (a == b) fmpq_add(fmpq_mat_entry(Q, a, a), fmpq_mat_entry(Q, a, a), c);
        else {
            fmpq_div_2exp(c, c, 1);
            fmpq_add(fmpq_mat_entry(Q, a, b), fmpq_mat_entry(Q, a, b), c);
            fmpq_add(fmpq_mat_entry(Q, b, a), fmpq_mat_entry(Q, b, a), c);
        }
    }
    for (mask = 1; ok && mask < (1 << nr); mask++) {
        int sz = 0, r2 = 0;
        fmpq_mat_t S;
        for (v = 0; v < nr; v++) if (mask >> v & 1) sz++;
        fmpq_mat_init(S, sz, sz);
        for (v = 0; v < nr; v++) {
            int c2 = 0;
            if (!(mask >> v & 1)) continue;
            for (w = 0; w < nr; w++)
                if (mask >> w & 1) fmpq_set(fmpq_mat_entry(S, r2, c2++), fmpq_mat_entry(Q, v, w));
            r2++;
        }
        fmpq_mat_det(c, S);
        if (fmpq_sgn(c) < 0) ok = 0;
        fmpq_mat_clear(S);
    }
    fmpq_clear(c);
    fmpq_mat_clear(Q);
    return ok;
}

static int slot_find_or_add(cs_ctx *x, const fmpq_mpoly_t R, int is_sqrt, int param)
{
    int k;
    for (k = 0; k < x->nslot; k++)
        if (x->slot[k].is_sqrt == is_sqrt && (is_sqrt ? fmpq_mpoly_equal(x->slot[k].R, R, x->ctx) : x->slot[k].param == param)) {
            x->slot[k].optional = 0;     /* an expression needs it: its radicand must be >= 0 on a cell */
            return x->slot[k].var;
        }
    if (x->nslot == CS_MAXU) return -1;
    k = x->nslot++;
    fmpq_mpoly_init(x->slot[k].R, x->ctx);
    fmpq_mpoly_set(x->slot[k].R, R, x->ctx);
    x->slot[k].is_sqrt = is_sqrt;
    x->slot[k].param = param;
    x->slot[k].optional = 0;
    x->slot[k].psd = is_sqrt && quad_psd(R, x);
    x->slot[k].var = is_sqrt ? 3 * x->nrange + k : 2 * x->nrange + param;
    return x->slot[k].var;
}

/* a square root that only the cone polynomials' roots use (line kind): a cell
 * whose radicand is not certified >= 0 gives it an indeterminate range, so
 * every polynomial in it is unsigned there (and the roots are not used) */
static int slot_add_optional(cs_ctx *x, const fmpq_mpoly_t R)
{
    int k;
    for (k = 0; k < x->nslot; k++)
        if (x->slot[k].is_sqrt && fmpq_mpoly_equal(x->slot[k].R, R, x->ctx)) return x->slot[k].var;
    if (slot_find_or_add(x, R, 1, -1) < 0) return -1;
    x->slot[x->nslot - 1].optional = 1;
    return x->slot[x->nslot - 1].var;
}

static int range_index(const cs_ctx *x, int param)
{
    int i;
    for (i = 0; i < x->nrange; i++)
        if (x->range_param[i] == param) return i;
    return -1;
}

/* v = e when e is a nonzero rational constant (exactly, by to_frac): 0, or -1 */
static int const_q(fmpq_t v, const expr_node *e, void *arg, int depth)
{
    cs_ctx *x = arg;
    cs_frac c;
    int r = -1;
    frac_init(&c, x);
    if (to_frac(&c, e, x, depth) == 0) r = claim_cell_frac_get_const(v, &c, x->ctx);
    frac_clear(&c, x);
    return r;
}

/* the variable of sqrt(r), r an integer */
static int sqrt_int_var(void *arg, slong r)
{
    cs_ctx *x = arg;
    fmpq_mpoly_t R;
    int v;
    fmpq_mpoly_init(R, x->ctx);
    fmpq_mpoly_set_si(R, r, x->ctx);
    v = slot_find_or_add(x, R, 1, -1);
    fmpq_mpoly_clear(R, x->ctx);
    return v;
}

/* q with e = q pi exactly (claim_cell_angle_q); 0, or -1 */
static int angle_q(fmpq_t q, const expr_node *e, cs_ctx *x, int depth)
{
    return claim_cell_angle_q(q, e, x->c, const_q, x, depth);
}

/* out = cos(q pi) exactly (claim_cell_exact_cos); 0, or -1 */
static int exact_cos(cs_frac *out, const fmpq_t q0, cs_ctx *x)
{
    return claim_cell_exact_cos(out, q0, sqrt_int_var, x, x->ctx);
}

/* out = e exactly, as a fraction (see the header); 0, or -1 outside */
static int to_frac(cs_frac *out, const expr_node *e, cs_ctx *x, int depth)
{
    cs_frac a;
    int r = 0, idx, v;
    expr_t def;
    if (depth > 200) return -1;
    switch (e->kind) {
    case EXPR_NUM:
        fmpq_mpoly_set_fmpq(out->n, e->num, x->ctx);
        fmpq_mpoly_one(out->d, x->ctx);
        return 0;
    case EXPR_VAR: {
        int k = expr_scope_lookup(x->c->scope, e->name, &idx, &def);
        if (k == 1) return to_frac(out, def, x, depth + 1);
        if (k != 0 || idx < 0 || idx >= x->c->nparams) return -1;
        if (!x->c->params[idx].is_range) return to_frac(out, x->c->params[idx].value, x, depth + 1);
        if ((v = range_index(x, idx)) < 0) return -1;
        fmpq_mpoly_gen(out->n, v, x->ctx);
        fmpq_mpoly_one(out->d, x->ctx);
        return 0;
    }
    case EXPR_NEG:
        if (to_frac(out, e->args[0], x, depth + 1)) return -1;
        fmpq_mpoly_neg(out->n, out->n, x->ctx);
        return 0;
    case EXPR_ADD: case EXPR_SUB: case EXPR_MUL: case EXPR_DIV:
        frac_init(&a, x);
        if (to_frac(out, e->args[0], x, depth + 1) || to_frac(&a, e->args[1], x, depth + 1)) r = -1;
        else r = claim_cell_frac_binary(out, &a, e->kind, x->ctx);
        frac_clear(&a, x);
        return r;
    case EXPR_POW: {
        const expr_node *p = e->args[1];
        int neg = 0;
        slong k;
        if (p->kind == EXPR_NEG) { neg = 1; p = p->args[0]; }
        if (p->kind != EXPR_NUM || !fmpz_is_one(fmpq_denref(p->num)) || !fmpz_fits_si(fmpq_numref(p->num))) return -1;
        k = fmpz_get_si(fmpq_numref(p->num));
        if (k < 0) { neg = !neg; k = -k; }
        if (k > 16 || to_frac(out, e->args[0], x, depth + 1)) return -1;
        return claim_cell_frac_pow(out, k, neg, x->ctx);
    }
    case EXPR_FUNC:
        if (e->nargs != 1) return -1;
        if (e->fn == FN_SQRT) {
            fmpq_t q;
            if (to_frac(out, e->args[0], x, depth + 1)) return -1;
            if (!fmpq_mpoly_is_fmpq(out->d, x->ctx)) return -1;
            fmpq_init(q);
            fmpq_mpoly_get_fmpq(q, out->d, x->ctx);
            fmpq_mpoly_scalar_div_fmpq(out->n, out->n, q, x->ctx);
            if (fmpq_mpoly_is_fmpq(out->n, x->ctx)) {
                /* the root of a rational square stays rational */
                fmpq_mpoly_get_fmpq(q, out->n, x->ctx);
                if (fmpq_sgn(q) < 0) { fmpq_clear(q); return -1; }
                if (fmpz_is_square(fmpq_numref(q)) && fmpz_is_square(fmpq_denref(q))) {
                    fmpz_sqrt(fmpq_numref(q), fmpq_numref(q));
                    fmpz_sqrt(fmpq_denref(q), fmpq_denref(q));
                    fmpq_mpoly_set_fmpq(out->n, q, x->ctx);
                    fmpq_mpoly_one(out->d, x->ctx);
                    fmpq_clear(q);
                    return 0;
                }
            }
            fmpq_clear(q);
            v = slot_find_or_add(x, out->n, 1, -1);
            if (v < 0) return -1;
            fmpq_mpoly_gen(out->n, v, x->ctx);
            fmpq_mpoly_one(out->d, x->ctx);
            return 0;
        }
        if (e->fn == FN_ABS) {
            /* |n/c| = sqrt(n^2)/|c|, c a constant: a square root whose radicand is a square (>= 0 everywhere) */
            fmpq_t q;
            int k;
            if (to_frac(out, e->args[0], x, depth + 1)) return -1;
            if (!fmpq_mpoly_is_fmpq(out->d, x->ctx)) return -1;
            fmpq_init(q);
            fmpq_mpoly_get_fmpq(q, out->d, x->ctx);
            fmpq_abs(q, q);
            if (fmpq_mpoly_is_fmpq(out->n, x->ctx)) {
                fmpq_t a;
                fmpq_init(a);
                fmpq_mpoly_get_fmpq(a, out->n, x->ctx);
                fmpq_abs(a, a);
                fmpq_div(a, a, q);
                fmpq_mpoly_set_fmpq(out->n, a, x->ctx);
                fmpq_mpoly_one(out->d, x->ctx);
                fmpq_clear(a);
                fmpq_clear(q);
                return 0;
            }
            fmpq_mpoly_mul(out->n, out->n, out->n, x->ctx);
            normal_form(out->n, out->n, x);
            v = slot_find_or_add(x, out->n, 1, -1);
            if (v < 0) { fmpq_clear(q); return -1; }
            for (k = 0; k < x->nslot; k++)
                if (x->slot[k].var == v) x->slot[k].psd = 1;
            fmpq_mpoly_gen(out->n, v, x->ctx);
            fmpq_mpoly_set_fmpq(out->d, q, x->ctx);
            fmpq_clear(q);
            return 0;
        }
        if (e->fn == FN_SIN || e->fn == FN_COS) {
            const expr_node *g = e->args[0];
            int ri;
            if (g->kind != EXPR_VAR || expr_scope_lookup(x->c->scope, g->name, &idx, &def) != 0 ||
                !x->c->params[idx].is_range) {
                /* a constant angle q pi with an exact cosine and sine */
                fmpq_t q;
                fmpq_init(q);
                if (angle_q(q, g, x, depth + 1) == 0) {
                    if (e->fn == FN_SIN) {
                        fmpq_t h;
                        fmpq_init(h);
                        fmpq_set_si(h, 1, 2);
                        fmpq_sub(q, h, q);
                        fmpq_clear(h);
                    }
                    r = exact_cos(out, q, x);
                } else r = -1;
                fmpq_clear(q);
                return r;
            }
            if ((ri = range_index(x, idx)) < 0) return -1;
            if (e->fn == FN_SIN) v = x->nrange + ri;
            else {
                fmpq_mpoly_t R;
                fmpq_mpoly_init(R, x->ctx);
                fmpq_mpoly_gen(R, x->nrange + ri, x->ctx);
                fmpq_mpoly_mul(R, R, R, x->ctx);
                fmpq_mpoly_neg(R, R, x->ctx);
                fmpq_mpoly_add_si(R, R, 1, x->ctx);
                v = slot_find_or_add(x, R, 0, ri);
                fmpq_mpoly_clear(R, x->ctx);
                if (v < 0) return -1;
            }
            fmpq_mpoly_gen(out->n, v, x->ctx);
            fmpq_mpoly_one(out->d, x->ctx);
            return 0;
        }
        return -1;
    default:
        return -1;
    }
}

/* ------------------------------------------------------------ elimination */

/* P = a + b v modulo v^2 = R (claim_cell_split) */
static void split_slot(fmpq_mpoly_t a, fmpq_mpoly_t b, const fmpq_mpoly_t P, const cs_slot *s, const cs_ctx *x)
{
    claim_cell_split(a, b, P, s->var, s->R, x->ctx);
}

static void elim_init(cs_elim *el, const cs_ctx *x) { fmpq_mpoly_init(el->fin, x->ctx); el->nconj = 0; }
static void elim_clear(cs_elim *el, const cs_ctx *x)
{
    int k;
    fmpq_mpoly_clear(el->fin, x->ctx);
    for (k = 0; k < el->nconj; k++) fmpq_mpoly_clear(el->conj + k, x->ctx);
}

/* out = P reduced modulo v^2 = R for every algebraic variable v (degree <= 1 in each) */
static void normal_form(fmpq_mpoly_t out, const fmpq_mpoly_t P, const cs_ctx *x)
{
    fmpq_mpoly_t a, b, t;
    int k;
    fmpq_mpoly_init(a, x->ctx); fmpq_mpoly_init(b, x->ctx); fmpq_mpoly_init(t, x->ctx);
    fmpq_mpoly_set(out, P, x->ctx);
    for (k = x->nslot - 1; k >= 0; k--) {
        split_slot(a, b, out, x->slot + k, x);
        fmpq_mpoly_gen(t, x->slot[k].var, x->ctx);
        fmpq_mpoly_mul(b, b, t, x->ctx);
        fmpq_mpoly_add(out, a, b, x->ctx);
    }
    fmpq_mpoly_clear(a, x->ctx); fmpq_mpoly_clear(b, x->ctx); fmpq_mpoly_clear(t, x->ctx);
}

/* el->fin = P * prod conj, free of the algebraic variables (slots removed
 * from the last to the first: a radicand only holds earlier slots) */
static void elim_run(cs_elim *el, const fmpq_mpoly_t P, const cs_ctx *x)
{
    fmpq_mpoly_t a, b, t;
    int k;
    fmpq_mpoly_init(a, x->ctx); fmpq_mpoly_init(b, x->ctx); fmpq_mpoly_init(t, x->ctx);
    fmpq_mpoly_set(el->fin, P, x->ctx);
    for (k = x->nslot - 1; k >= 0; k--) {
        const cs_slot *s = x->slot + k;
        split_slot(a, b, el->fin, s, x);
        if (fmpq_mpoly_is_zero(b, x->ctx)) { fmpq_mpoly_swap(el->fin, a, x->ctx); continue; }
        /* conj = a - b v; fin = a^2 - b^2 R */
        fmpq_mpoly_init(el->conj + el->nconj, x->ctx);
        fmpq_mpoly_gen(t, s->var, x->ctx);
        fmpq_mpoly_mul(t, t, b, x->ctx);
        fmpq_mpoly_sub(el->conj + el->nconj, a, t, x->ctx);
        el->nconj++;
        fmpq_mpoly_mul(a, a, a, x->ctx);
        fmpq_mpoly_mul(b, b, b, x->ctx);
        fmpq_mpoly_mul(b, b, s->R, x->ctx);
        fmpq_mpoly_sub(el->fin, a, b, x->ctx);
    }
    fmpq_mpoly_clear(a, x->ctx); fmpq_mpoly_clear(b, x->ctx); fmpq_mpoly_clear(t, x->ctx);
}

/* ------------------------------------------------------------ signs on a cell */

/* enclosures of P over the variables' ranges (claim_cell.h): naive; naive
 * intersected with the mean-value form about mid */
static void poly_naive(arb_t out, const fmpq_mpoly_t P, arb_srcptr rg, const cs_ctx *x)
{
    claim_cell_poly_naive(out, P, rg, &x->cell);
}

static void poly_box(arb_t out, const fmpq_mpoly_t P, arb_srcptr rg, arb_srcptr mid, const cs_ctx *x)
{
    claim_cell_poly_box(out, P, rg, mid, &x->cell);
}

static int poly_sign_d(const fmpq_mpoly_t P, arb_srcptr rg, arb_srcptr mid, const cs_ctx *x, int depth);

/* sign of P = a + b v, v = sqrt(R) >= 0 (the last square root in P), from the
 * signs of a, b and W = a^2 - b^2 R, which do not hold v: where a and b v have
 * opposite signs, |a| > |b v| iff W > 0. 2 when these do not decide it. */
static int poly_sign_conj(const fmpq_mpoly_t P, arb_srcptr rg, arb_srcptr mid, const cs_ctx *x, int depth)
{
    int k, r = 2;
    for (k = x->nslot - 1; k >= 0; k--)
        if (x->slot[k].is_sqrt && fmpq_mpoly_degree_si(P, x->slot[k].var, x->ctx) > 0) break;
    if (k < 0) return 2;
    {
        const cs_slot *sl = x->slot + k;
        fmpq_mpoly_t a, b, W, t;
        int sa, sb, sW = 2;
        fmpq_mpoly_init(a, x->ctx); fmpq_mpoly_init(b, x->ctx); fmpq_mpoly_init(W, x->ctx); fmpq_mpoly_init(t, x->ctx);
        split_slot(a, b, P, sl, x);
        sa = poly_sign_d(a, rg, mid, x, depth + 1);
        sb = poly_sign_d(b, rg, mid, x, depth + 1);
        if (sb == 0) r = sa;
        else if (sa == 0) r = (sb != 2 && poly_sign_d(sl->R, rg, mid, x, depth + 1) == 1) ? sb : 2;
        else if (sa != 2 && sa == sb) r = sa;
        else {
            fmpq_mpoly_mul(W, a, a, x->ctx);
            fmpq_mpoly_mul(t, b, b, x->ctx);
            fmpq_mpoly_mul(t, t, sl->R, x->ctx);
            fmpq_mpoly_sub(W, W, t, x->ctx);
            normal_form(W, W, x);
            sW = poly_sign_d(W, rg, mid, x, depth + 1);
            if (sa != 2 && sb == -sa) r = sW == 1 ? sa : sW == -1 ? -sa : 2;
            else if (sa == 2 && sb != 2) r = sW == -1 ? sb : 2;
            else if (sb == 2 && sa != 2) r = sW == 1 ? sa : 2;
        }
        fmpq_mpoly_clear(a, x->ctx); fmpq_mpoly_clear(b, x->ctx); fmpq_mpoly_clear(W, x->ctx); fmpq_mpoly_clear(t, x->ctx);
    }
    return r;
}

static int poly_sign_d(const fmpq_mpoly_t P, arb_srcptr rg, arb_srcptr mid, const cs_ctx *x, int depth)
{
    int s = claim_cell_poly_sign(P, rg, mid, &x->cell);
    if (s == 2 && depth < 4) s = poly_sign_conj(P, rg, mid, x, depth);
    return s;
}

/* certified sign of P on the cell: 1, -1, 0 (P is the zero polynomial), 2
 * unknown. Every square-root variable v must be sqrt(R) with R >= 0 on the
 * whole cell (cell_ranges; an optional root only where line_cell keeps it). */
static int poly_sign(const fmpq_mpoly_t P, arb_srcptr rg, arb_srcptr mid, const cs_ctx *x)
{
    return poly_sign_d(P, rg, mid, x, 0);
}

/* product of the certified nonzero signs of the conjugates (0 if one is not certified) */
static int conj_sign(const cs_elim *el, arb_srcptr rg, arb_srcptr mid, const cs_ctx *x)
{
    int k, s = 1, t;
    for (k = 0; k < el->nconj; k++) {
        t = poly_sign(el->conj + k, rg, mid, x);
        if (t != 1 && t != -1) return 0;
        s *= t;
    }
    return s;
}

/* the exact ends [lo, hi] of variable v over a cell, from its range ball rg
 * clamped by what holds at every point of the case's box (a parameter's
 * rational ends, |sin|, |cos| <= 1, cos >= 0 where proved, sqrt >= 0); 0, or
 * -1 when an end is not finite */
static int var_ends(fmpq_t lo, fmpq_t hi, arb_srcptr rg, int v, const cs_ctx *x)
{
    arf_t l, u;
    int r = 0, n = x->nrange;
    arf_init(l); arf_init(u);
    arb_get_lbound_arf(l, rg + v, x->prec);
    arb_get_ubound_arf(u, rg + v, x->prec);
    if (!arf_is_finite(l) || !arf_is_finite(u)) r = -1;
    else {
        arf_get_fmpq(lo, l);
        arf_get_fmpq(hi, u);
        if (v < n) {
            if (x->cell.has_endq[v][0] && fmpq_cmp(lo, x->cell.endq[v][0]) < 0) fmpq_set(lo, x->cell.endq[v][0]);
            if (x->cell.has_endq[v][1] && fmpq_cmp(hi, x->cell.endq[v][1]) > 0) fmpq_set(hi, x->cell.endq[v][1]);
        } else if (v < 3 * n) {
            if (fmpq_cmp_si(lo, v >= 2 * n && x->cell.cos_nonneg[v - 2 * n] ? 0 : -1) < 0)
                fmpq_set_si(lo, v >= 2 * n && x->cell.cos_nonneg[v - 2 * n] ? 0 : -1, 1);
            if (fmpq_cmp_si(hi, 1) > 0) fmpq_one(hi);
        } else if (fmpq_sgn(lo) < 0) fmpq_zero(lo);
        if (fmpq_cmp(lo, hi) > 0) r = -1;
    }
    arf_clear(l); arf_clear(u);
    return r;
}

/* A one-sided sign where poly_sign fails because P reaches 0 on the cell:
 * -1 if P <= 0, 1 if P >= 0 at every point of the cell, 0 if not proved.
 * Proof by monotonicity: each partial derivative of P has a certified sign
 * on the ranges (which contain the exact ends of var_ends), so on the
 * product of the exact ends P is monotone in each variable and its largest
 * (smallest) value is at one vertex, evaluated exactly over Q. */
static int poly_sign_weak(const fmpq_mpoly_t P, arb_srcptr rg, const cs_ctx *x)
{
    fmpq *vhi, *vlo;
    fmpq_mpoly_t D;
    fmpq_t l, h, val;
    arb_t t;
    int v, r = 0, ok = 1;
    if (fmpq_mpoly_is_fmpq(P, x->ctx)) return 0;
    vhi = _fmpq_vec_init(x->nvars);
    vlo = _fmpq_vec_init(x->nvars);
    fmpq_mpoly_init(D, x->ctx);
    fmpq_init(l); fmpq_init(h); fmpq_init(val);
    arb_init(t);
    for (v = 0; v < x->nvars && ok; v++) {
        if (fmpq_mpoly_degree_si(P, v, x->ctx) <= 0) continue;
        if (var_ends(l, h, rg, v, x)) { ok = 0; break; }
        fmpq_mpoly_derivative(D, P, v, x->ctx);
        poly_naive(t, D, rg, x);
        if (arb_is_nonnegative(t)) { fmpq_set(vhi + v, h); fmpq_set(vlo + v, l); }
        else if (arb_is_nonpositive(t)) { fmpq_set(vhi + v, l); fmpq_set(vlo + v, h); }
        else ok = 0;
    }
    if (ok) {
        fmpq **pt = flint_malloc(x->nvars * sizeof(fmpq *));
        for (v = 0; v < x->nvars; v++) pt[v] = vhi + v;
        ok = fmpq_mpoly_evaluate_all_fmpq(val, P, pt, x->ctx);
        if (ok && fmpq_sgn(val) <= 0) r = -1;
        else if (ok) {
            for (v = 0; v < x->nvars; v++) pt[v] = vlo + v;
            if (fmpq_mpoly_evaluate_all_fmpq(val, P, pt, x->ctx) && fmpq_sgn(val) >= 0) r = 1;
        }
        flint_free(pt);
    }
    arb_clear(t);
    fmpq_clear(l); fmpq_clear(h); fmpq_clear(val);
    fmpq_mpoly_clear(D, x->ctx);
    _fmpq_vec_clear(vhi, x->nvars);
    _fmpq_vec_clear(vlo, x->nvars);
    return r;
}

/* ranges of the variables on a cell box (one ball per parameter); 0, or -1
 * when a radicand is not certified >= 0 */
static int cell_ranges(arb_ptr rg, arb_ptr mid, arb_srcptr box, const cs_ctx *x)
{
    int i, k, pass;
    for (pass = 0; pass < 2; pass++) {
        arb_ptr r = pass ? mid : rg;
        for (i = 0; i < x->nvars; i++) arb_zero(r + i);
        claim_cell_param_ranges(r, box, pass, &x->cell);
        for (k = 0; k < x->nslot; k++) {
            const cs_slot *s = x->slot + k;
            if (!s->is_sqrt) continue;
            poly_naive(r + s->var, s->R, r, x);
            if (!arb_is_nonnegative(r + s->var) && s->psd) arb_nonnegative_part(r + s->var, r + s->var);
            if (!arb_is_nonnegative(r + s->var) && s->optional) {
                arb_indeterminate(r + s->var);
                continue;
            }
            if (!arb_is_nonnegative(r + s->var)) {
                /* the midpoint may round below 0 only if the radicand touches 0 */
                return -1;
            }
            arb_sqrt(r + s->var, r + s->var, x->prec);
        }
    }
    /* the mean-value form needs the midpoints inside the ranges */
    for (i = 0; i < x->nvars; i++) arb_union(rg + i, rg + i, mid + i, x->prec);
    return 0;
}

/* ------------------------------------------------------------ statics calls */

static void call_init(cs_call *k, const cs_ctx *x)
{
    int i;
    memset(k, 0, sizeof *k);
    for (i = 0; i < 8; i++) { fmpq_mpoly_init(k->nrm2 + i, x->ctx); fmpq_mpoly_init(k->nrm2d + i, x->ctx); }
    for (i = 0; i <= CS_MAXG; i++) fmpq_mpoly_init(k->colq + i, x->ctx);
    for (i = 0; i < (CS_MAXG + 1) * CS_MAXE; i++) fmpq_mpoly_init(k->colp + i, x->ctx);
    for (i = 0; i < CS_MAXT; i++) fmpq_mpoly_init(k->det + i, x->ctx);
    for (i = 0; i < CS_MAXT; i++) fmpq_mpoly_init(k->lden + i, x->ctx);
    for (i = 0; i < CS_MAXNZ; i++) fmpq_mpoly_init(k->nz + i, x->ctx);
    for (i = 0; i < CS_MAXCAND; i++) fmpq_mpoly_init(k->disc + i, x->ctx);
    for (i = 0; i < 8; i++) fmpq_mpoly_init(k->bound + i, x->ctx);
    for (i = 0; i < CS_MAXCAND; i++) fmpq_mpoly_init(k->lead + i, x->ctx);
    for (i = 0; i < CS_MAXT; i++) k->atom_disc[i] = -1;
}

static void call_clear(cs_call *k, const cs_ctx *x)
{
    int i;
    if (k->ev) expr_eval_free(k->ev);
    if (k->prog) expr_prog_free(k->prog);
    for (i = 0; i < 8; i++) { fmpq_mpoly_clear(k->nrm2 + i, x->ctx); fmpq_mpoly_clear(k->nrm2d + i, x->ctx); }
    for (i = 0; i <= CS_MAXG; i++) fmpq_mpoly_clear(k->colq + i, x->ctx);
    for (i = 0; i < (CS_MAXG + 1) * CS_MAXE; i++) fmpq_mpoly_clear(k->colp + i, x->ctx);
    for (i = 0; i < CS_MAXT; i++) fmpq_mpoly_clear(k->det + i, x->ctx);
    for (i = 0; i < CS_MAXT; i++) fmpq_mpoly_clear(k->lden + i, x->ctx);
    for (i = 0; i < CS_MAXNZ; i++) fmpq_mpoly_clear(k->nz + i, x->ctx);
    for (i = 0; i < CS_MAXCAND; i++) fmpq_mpoly_clear(k->disc + i, x->ctx);
    for (i = 0; i < 8; i++) fmpq_mpoly_clear(k->bound + i, x->ctx);
    for (i = 0; i < CS_MAXCAND; i++) fmpq_mpoly_clear(k->lead + i, x->ctx);
    for (i = 0; i < CS_MAXT; i++)
        if (k->delim_done[i] == 1) elim_clear(k->delim + i, x);
}

/* column (E fractions) over one common denominator q (the product of the
 * distinct denominators): p_i = n_i q / d_i */
static void column_set(fmpq_mpoly_struct *p, fmpq_mpoly_struct *q, cs_frac *f, int E, const cs_ctx *x)
{
    int i, j;
    fmpq_mpoly_one(q, x->ctx);
    for (i = 0; i < E; i++) {
        int seen = 0;
        for (j = 0; j < i; j++)
            if (fmpq_mpoly_equal(f[j].d, f[i].d, x->ctx)) seen = 1;
        if (!seen) fmpq_mpoly_mul(q, q, f[i].d, x->ctx);
    }
    for (i = 0; i < E; i++) {
        fmpq_mpoly_t t;
        fmpq_mpoly_init(t, x->ctx);
        fmpq_mpoly_divides(t, q, f[i].d, x->ctx);
        fmpq_mpoly_mul(p + i, f[i].n, t, x->ctx);
        fmpq_mpoly_clear(t, x->ctx);
    }
}

/* determinant of the E x E polynomial matrix whose columns are cols[0..E-1] (Leibniz, E <= 4) */
static void poly_det(fmpq_mpoly_t out, fmpq_mpoly_struct **cols, int E, const cs_ctx *x)
{
    int perm[CS_MAXE], i, j, c[CS_MAXE];
    fmpq_mpoly_t t;
    fmpq_mpoly_init(t, x->ctx);
    fmpq_mpoly_zero(out, x->ctx);
    for (i = 0; i < E; i++) { perm[i] = i; c[i] = 0; }
    /* Heap's algorithm over the permutations, tracking the parity */
    {
        int sign = 1;
        i = 0;
        for (;;) {
            fmpq_mpoly_one(t, x->ctx);
            for (j = 0; j < E; j++) fmpq_mpoly_mul(t, t, cols[j] + perm[j], x->ctx);
            if (sign > 0) fmpq_mpoly_add(out, out, t, x->ctx);
            else fmpq_mpoly_sub(out, out, t, x->ctx);
            while (i < E && c[i] >= i) { c[i] = 0; i++; }
            if (i >= E) break;
            if (i % 2 == 0) { int s = perm[0]; perm[0] = perm[i]; perm[i] = s; }
            else { int s = perm[c[i]]; perm[c[i]] = perm[i]; perm[i] = s; }
            sign = -sign;
            c[i]++;
            i = 0;
        }
    }
    fmpq_mpoly_clear(t, x->ctx);
}

/* ------------------------------------------------------------ spatial cones: one free reaction */

/* o = a b, o = a +- b (aliasing allowed) */
static void frac_mul(cs_frac *o, const cs_frac *a, const cs_frac *b, const cs_ctx *x)
{
    fmpq_mpoly_mul(o->n, a->n, b->n, x->ctx);
    fmpq_mpoly_mul(o->d, a->d, b->d, x->ctx);
    frac_norm(o, x);
}

static void frac_addsub(cs_frac *o, const cs_frac *a, const cs_frac *b, int sub, const cs_ctx *x)
{
    fmpq_mpoly_t t, u;
    fmpq_mpoly_init(t, x->ctx); fmpq_mpoly_init(u, x->ctx);
    if (fmpq_mpoly_equal(a->d, b->d, x->ctx)) {
        if (sub) fmpq_mpoly_sub(t, a->n, b->n, x->ctx);
        else fmpq_mpoly_add(t, a->n, b->n, x->ctx);
        fmpq_mpoly_set(u, a->d, x->ctx);
    } else {
        fmpq_mpoly_mul(t, a->n, b->d, x->ctx);
        fmpq_mpoly_mul(u, b->n, a->d, x->ctx);
        if (sub) fmpq_mpoly_sub(t, t, u, x->ctx);
        else fmpq_mpoly_add(t, t, u, x->ctx);
        fmpq_mpoly_mul(u, a->d, b->d, x->ctx);
    }
    fmpq_mpoly_swap(o->n, t, x->ctx);
    fmpq_mpoly_swap(o->d, u, x->ctx);
    fmpq_mpoly_clear(t, x->ctx); fmpq_mpoly_clear(u, x->ctx);
    frac_norm(o, x);
}

/* det of the k x k matrix M[rows[i]][cols[j]] (row stride ld; Laplace along the first column) */
static void poly_det_rec(fmpq_mpoly_t out, fmpq_mpoly_struct *M, int ld, const int *rows, const int *cols, int k,
                         const cs_ctx *x)
{
    int i, j, sub[CS_MAXLN];
    fmpq_mpoly_t t;
    if (k == 1) { fmpq_mpoly_set(out, M + rows[0] * ld + cols[0], x->ctx); return; }
    fmpq_mpoly_init(t, x->ctx);
    fmpq_mpoly_zero(out, x->ctx);
    for (i = 0; i < k; i++) {
        const fmpq_mpoly_struct *a = M + rows[i] * ld + cols[0];
        int w = 0;
        if (fmpq_mpoly_is_zero(a, x->ctx)) continue;
        for (j = 0; j < k; j++) if (j != i) sub[w++] = rows[j];
        poly_det_rec(t, M, ld, sub, cols + 1, k - 1, x);
        fmpq_mpoly_mul(t, t, a, x->ctx);
        if (i % 2) fmpq_mpoly_sub(out, out, t, x->ctx);
        else fmpq_mpoly_add(out, out, t, x->ctx);
    }
    fmpq_mpoly_clear(t, x->ctx);
}

static int nz_add(cs_call *k, const fmpq_mpoly_t P, const cs_ctx *x)
{
    int i;
    if (fmpq_mpoly_is_fmpq(P, x->ctx)) return fmpq_mpoly_is_zero(P, x->ctx) ? -1 : 0;
    for (i = 0; i < k->nnz; i++)
        if (fmpq_mpoly_equal(k->nz + i, P, x->ctx)) return 0;
    if (k->nnz == CS_MAXNZ) return -1;
    fmpq_mpoly_set(k->nz + k->nnz++, P, x->ctx);
    return 0;
}

/* one cone condition on the line r = (c0 + xi c1)/D: P(xi) = sum_e coef[e] xi^e, "P >= 0" (ge) or "<= 0" */
typedef struct { cs_frac coef[3]; int deg, ge, cone; } cs_cond;

/* the bilinear form Q(a, b) of a cone (q(r) = Q(r, r) <= 0 with the linear form l(r) >= 0 is the cone), and l */
static void cone_forms(cs_frac *Q, cs_frac *l, const cs_frac *a, const cs_frac *b, int type, const cs_frac *dt,
                       const cs_ctx *x)
{
    cs_frac t, u, v;
    int j;
    frac_init(&t, x); frac_init(&u, x); frac_init(&v, x);
    if (type == 2) {
        /* |n|^2 a.b - (1 + f^2) (n.a)(n.b), l = n.a */
        cs_frac na, nb, nn;
        frac_init(&na, x); frac_init(&nb, x); frac_init(&nn, x);
        fmpq_mpoly_zero(na.n, x->ctx); fmpq_mpoly_one(na.d, x->ctx);
        fmpq_mpoly_zero(nb.n, x->ctx); fmpq_mpoly_one(nb.d, x->ctx);
        fmpq_mpoly_zero(nn.n, x->ctx); fmpq_mpoly_one(nn.d, x->ctx);
        fmpq_mpoly_zero(t.n, x->ctx); fmpq_mpoly_one(t.d, x->ctx);
        for (j = 0; j < 3; j++) {
            frac_mul(&u, dt + j, a + j, x); frac_addsub(&na, &na, &u, 0, x);
            frac_mul(&u, dt + j, b + j, x); frac_addsub(&nb, &nb, &u, 0, x);
            frac_mul(&u, dt + j, dt + j, x); frac_addsub(&nn, &nn, &u, 0, x);
            frac_mul(&u, a + j, b + j, x); frac_addsub(&t, &t, &u, 0, x);
        }
        frac_mul(Q, &nn, &t, x);
        frac_mul(&u, dt + 3, dt + 3, x);
        fmpq_mpoly_add(u.n, u.n, u.d, x->ctx);          /* 1 + f^2 */
        frac_mul(&v, &na, &nb, x);
        frac_mul(&v, &v, &u, x);
        frac_addsub(Q, Q, &v, 1, x);
        fmpq_mpoly_set(l->n, na.n, x->ctx); fmpq_mpoly_set(l->d, na.d, x->ctx);
        frac_clear(&na, x); frac_clear(&nb, x); frac_clear(&nn, x);
    } else {
        /* L1 = f22 w1 - f12 w2, L2 = f11 w2 - f21 w1, L3 = Delta N: L1 L1' + L2 L2' - L3 L3', l = N */
        cs_frac L[2][3], dl;
        int s;
        frac_init(&dl, x);
        frac_mul(&dl, dt + 0, dt + 3, x);
        frac_mul(&u, dt + 1, dt + 2, x);
        frac_addsub(&dl, &dl, &u, 1, x);
        for (s = 0; s < 2; s++) {
            const cs_frac *w = s ? b : a;
            for (j = 0; j < 3; j++) frac_init(&L[s][j], x);
            frac_mul(&L[s][0], dt + 3, w + 0, x); frac_mul(&u, dt + 1, w + 1, x); frac_addsub(&L[s][0], &L[s][0], &u, 1, x);
            frac_mul(&L[s][1], dt + 0, w + 1, x); frac_mul(&u, dt + 2, w + 0, x); frac_addsub(&L[s][1], &L[s][1], &u, 1, x);
            frac_mul(&L[s][2], &dl, w + 2, x);
        }
        frac_mul(Q, &L[0][0], &L[1][0], x);
        frac_mul(&u, &L[0][1], &L[1][1], x); frac_addsub(Q, Q, &u, 0, x);
        frac_mul(&u, &L[0][2], &L[1][2], x); frac_addsub(Q, Q, &u, 1, x);
        fmpq_mpoly_set(l->n, a[2].n, x->ctx); fmpq_mpoly_set(l->d, a[2].d, x->ctx);
        for (s = 0; s < 2; s++) for (j = 0; j < 3; j++) frac_clear(&L[s][j], x);
        frac_clear(&dl, x);
    }
    frac_clear(&t, x); frac_clear(&u, x); frac_clear(&v, x);
}

/* out = P(num/den) as a fraction (num may hold a root's square-root variable; reduced modulo the relations) */
static void cond_at(cs_frac *out, const cs_cond *P, const fmpq_mpoly_t num, const fmpq_mpoly_t den, const cs_ctx *x)
{
    cs_frac acc, t;
    fmpq_mpoly_t pw;
    int e, j;
    frac_init(&acc, x); frac_init(&t, x);
    fmpq_mpoly_init(pw, x->ctx);
    fmpq_mpoly_zero(acc.n, x->ctx); fmpq_mpoly_one(acc.d, x->ctx);
    for (e = 0; e <= P->deg; e++) {
        /* coef[e] num^e den^(deg - e) */
        fmpq_mpoly_one(pw, x->ctx);
        for (j = 0; j < e; j++) fmpq_mpoly_mul(pw, pw, num, x->ctx);
        for (j = e; j < P->deg; j++) fmpq_mpoly_mul(pw, pw, den, x->ctx);
        fmpq_mpoly_mul(t.n, P->coef[e].n, pw, x->ctx);
        fmpq_mpoly_set(t.d, P->coef[e].d, x->ctx);
        frac_addsub(&acc, &acc, &t, 0, x);
    }
    fmpq_mpoly_one(pw, x->ctx);
    for (j = 0; j < P->deg; j++) fmpq_mpoly_mul(pw, pw, den, x->ctx);
    fmpq_mpoly_mul(acc.d, acc.d, pw, x->ctx);
    normal_form(out->n, acc.n, x);
    fmpq_mpoly_set(out->d, acc.d, x->ctx);
    frac_norm(out, x);
    fmpq_mpoly_clear(pw, x->ctx);
    frac_clear(&acc, x); frac_clear(&t, x);
}

static int fmpq_mpoly_sgn_const(const fmpq_mpoly_t R, const cs_ctx *x)
{
    fmpq_t q;
    int s;
    fmpq_init(q);
    fmpq_mpoly_get_fmpq(q, R, x->ctx);
    s = fmpq_sgn(q);
    fmpq_clear(q);
    return s;
}

static int line_atom(cs_call *k, const cs_frac *v, int ge, const cs_ctx *x)
{
    int t = k->nT;
    if (t == CS_MAXT) return -1;
    k->nT++;
    normal_form(k->det + t, v->n, x);
    fmpq_mpoly_set(k->lden + t, v->d, x->ctx);
    k->lop[t] = ge ? EXPR_GE : EXPR_LE;
    k->det_zero[t] = fmpq_mpoly_is_zero(k->det + t, x->ctx);
    return t;
}

/* Builds the exact data of a statics call with spatial cones (types 2, 3)
 * whose balance rows leave at most one free reaction parameter.
 *
 * The rows of A that vanish identically are dropped (b must vanish there);
 * each kept row is multiplied by its denominators (certified nonzero on a
 * cell). With E kept rows and n = E + 1 unknowns, a column j whose
 * complement has a nonzero E x E minor D (certified on a cell) gives every
 * solution as r = (c0 + xi c1)/D, xi real (Cramer: c0 from b, c1 from
 * -column j, c1_j = D). On that line each cone is {l_k >= 0, q_k <= 0}, l_k
 * of degree <= 1 and q_k <= 2 in xi (q_k's scale by D^2 > 0 drops out, l_k
 * keeps the sign of D). The leading coefficients are certified nonzero on a
 * cell, so every degree is exact. Then (the model's value, pointwise):
 *   if some l_k has degree 1, the feasible set F = {xi : every condition}
 *   is a closed interval other than R, so F is nonempty iff one of its ends
 *   is feasible, and an end is a root of a non-constant condition (else all
 *   of them are strict there and F contains a neighbourhood of it):
 *   "an equilibrium exists" iff the constant conditions hold and some
 *   candidate xi_c (the root of a linear l_k or q_k, or (-b +- sqrt(b^2 -
 *   a c))/a for q_k = a xi^2 + 2 b xi + c with b^2 - a c >= 0) satisfies
 *   every other condition. Each such "P(xi_c) >= 0" is an exact fraction in
 *   the parameters and one square root: an atom of the formula. */
static int line_setup(cs_call *k, const expr_node *call, const expr_statics_desc *d, int first, cs_ctx *x)
{
    int E0 = d->E, n = d->n, m = d->m, i, j, r, e, E = 0, ok = -1, jf = -1, nc = 0;
    int rows[CS_MAXLN], cols[CS_MAXLN], off = 0;
    cs_frac *A = NULL, *b = NULL, dt[8][4], c0[CS_MAXLN], c1[CS_MAXLN];
    cs_cond cond[16];
    int cdisc[16], cvar[16];
    fmpq_mpoly_struct *P = NULL;       /* kept rows as polynomials, n + 1 columns (the last: b) */
    fmpq_mpoly_t D, t;
    if (m > 8 || n > CS_MAXLN || 2 * m > 16) return -1;
    for (i = 0; i < m; i++)
        if (d->type[i] != 2 && d->type[i] != 3) return -1;
    k->kind = 1;
    A = flint_malloc(sizeof(cs_frac) * E0 * n);
    b = flint_malloc(sizeof(cs_frac) * E0);
    P = flint_malloc(sizeof(fmpq_mpoly_struct) * E0 * (n + 1));
    for (i = 0; i < E0 * n; i++) frac_init(A + i, x);
    for (i = 0; i < E0; i++) frac_init(b + i, x);
    for (i = 0; i < E0 * (n + 1); i++) fmpq_mpoly_init(P + i, x->ctx);
    for (i = 0; i < m; i++) for (j = 0; j < 4; j++) frac_init(&dt[i][j], x);
    for (i = 0; i < n; i++) {
        frac_init(c0 + i, x); frac_init(c1 + i, x);
        fmpq_mpoly_one(c0[i].d, x->ctx); fmpq_mpoly_one(c1[i].d, x->ctx);
    }
    for (i = 0; i < 16; i++) for (j = 0; j < 3; j++) frac_init(&cond[i].coef[j], x);
    fmpq_mpoly_init(D, x->ctx); fmpq_mpoly_init(t, x->ctx);
    for (i = 0; i < E0 * n; i++)
        if (to_frac(A + i, call->args[first + i], x, 0)) goto done;
    for (i = 0; i < E0; i++)
        if (to_frac(b + i, call->args[first + E0 * n + i], x, 0)) goto done;
    for (i = 0; i < m; i++) {
        for (j = 0; j < 4; j++) {
            if (to_frac(&dt[i][j], call->args[first + E0 * n + E0 + off + j], x, 0)) goto done;
            if (nz_add(k, dt[i][j].d, x)) goto done;
        }
        off += expr_statics_ndata(d->type[i]);
    }
    /* kept rows, multiplied by their denominators */
    for (r = 0; r < E0; r++) {
        int zero = 1;
        for (j = 0; j < n; j++) {
            normal_form(t, A[r * n + j].n, x);
            if (!fmpq_mpoly_is_zero(t, x->ctx)) zero = 0;
        }
        if (zero) {
            normal_form(t, b[r].n, x);
            if (!fmpq_mpoly_is_zero(t, x->ctx)) goto done;
            continue;
        }
        if (E == n || E == CS_MAXLN) goto done;
        fmpq_mpoly_one(D, x->ctx);
        for (j = 0; j <= n; j++) {
            const cs_frac *a = j < n ? A + r * n + j : b + r;
            if (!fmpq_mpoly_divides(t, D, a->d, x->ctx)) fmpq_mpoly_mul(D, D, a->d, x->ctx);
        }
        if (nz_add(k, D, x)) goto done;
        for (j = 0; j <= n; j++) {
            const cs_frac *a = j < n ? A + r * n + j : b + r;
            fmpq_mpoly_divides(t, D, a->d, x->ctx);
            fmpq_mpoly_mul(t, t, a->n, x->ctx);
            normal_form(P + E * (n + 1) + j, t, x);
        }
        E++;
    }
    if (n - E > 1 || E == 0) goto done;
    k->nfreecol = n - E;
    for (i = 0; i < E; i++) rows[i] = i;
    /* the free column: the first whose complement has a nonzero minor (a constant one preferred) */
    if (n > E) {
        int best = -1;
        for (j = 0; j < n && best < 0; j++) {
            int w = 0;
            for (i = 0; i < n; i++) if (i != j) cols[w++] = i;
            poly_det_rec(t, P, n + 1, rows, cols, E, x);
            normal_form(t, t, x);
            if (fmpq_mpoly_is_zero(t, x->ctx)) continue;
            if (jf < 0) jf = j;
            if (fmpq_mpoly_is_fmpq(t, x->ctx)) best = j;
        }
        if (jf < 0) goto done;
        if (best >= 0) jf = best;
    }
    {
        int w = 0, q;
        for (i = 0; i < n; i++) if (i != jf) cols[w++] = i;
        poly_det_rec(D, P, n + 1, rows, cols, E, x);
        normal_form(D, D, x);
        if (fmpq_mpoly_is_zero(D, x->ctx) || nz_add(k, D, x)) goto done;
        /* Cramer: r_cols[q] = (det(col q <- b) - xi det(col q <- column jf)) / D */
        for (q = 0; q < E; q++) {
            int save = cols[q];
            cols[q] = n;
            poly_det_rec(c0[save].n, P, n + 1, rows, cols, E, x);
            if (jf >= 0) {
                cols[q] = jf;
                poly_det_rec(c1[save].n, P, n + 1, rows, cols, E, x);
                fmpq_mpoly_neg(c1[save].n, c1[save].n, x->ctx);
            }
            cols[q] = save;
        }
        if (jf >= 0) fmpq_mpoly_set(c1[jf].n, D, x->ctx);
    }
    /* the conditions: l_k(c0 + xi c1)/D >= 0, Q_k(c0 + xi c1) <= 0 */
    for (i = 0; i < m; i++) {
        int st = d->start[i];
        cs_frac Qv[3], lv[2], dd;
        cs_cond *cl = cond + nc, *cq = cond + nc + 1;
        for (j = 0; j < 3; j++) frac_init(Qv + j, x);
        frac_init(lv, x); frac_init(lv + 1, x); frac_init(&dd, x);
        cone_forms(Qv + 0, lv + 0, c0 + st, c0 + st, d->type[i], dt[i], x);   /* Q(c0, c0), l(c0) */
        cone_forms(Qv + 1, lv + 1, c1 + st, c0 + st, d->type[i], dt[i], x);   /* Q(c1, c0), l(c1) */
        cone_forms(Qv + 2, &dd, c1 + st, c1 + st, d->type[i], dt[i], x);      /* Q(c1, c1) */
        /* the cone's own data must be nondegenerate: |n|^2 (type 2), Delta (type 3) nonzero */
        {
            cs_frac one[3], Qn, ln;
            for (j = 0; j < 3; j++) frac_init(one + j, x);
            frac_init(&Qn, x); frac_init(&ln, x);
            if (d->type[i] == 2) {
                /* |n|^2 */
                for (j = 0; j < 3; j++) frac_mul(one + j, dt[i] + j, dt[i] + j, x);
                frac_addsub(&Qn, one + 0, one + 1, 0, x);
                frac_addsub(&Qn, &Qn, one + 2, 0, x);
            } else {
                frac_mul(&Qn, dt[i] + 0, dt[i] + 3, x);
                frac_mul(&ln, dt[i] + 1, dt[i] + 2, x);
                frac_addsub(&Qn, &Qn, &ln, 1, x);
            }
            normal_form(t, Qn.n, x);
            if (nz_add(k, t, x)) ok = -2;
            for (j = 0; j < 3; j++) frac_clear(one + j, x);
            frac_clear(&Qn, x); frac_clear(&ln, x);
            if (ok == -2) { ok = -1; goto cone_done; }
        }
        /* l: (l(c0) + xi l(c1)) / D */
        for (e = 0; e < 2; e++) {
            fmpq_mpoly_set(cl->coef[e].n, lv[e].n, x->ctx);
            fmpq_mpoly_mul(cl->coef[e].d, lv[e].d, D, x->ctx);
            frac_norm(&cl->coef[e], x);
        }
        fmpq_mpoly_zero(cl->coef[2].n, x->ctx); fmpq_mpoly_one(cl->coef[2].d, x->ctx);
        cl->ge = 1; cl->cone = i;
        /* q: Q(c0,c0) + 2 Q(c0,c1) xi + Q(c1,c1) xi^2, times L^2 (L the product of its denominators) */
        fmpq_mpoly_one(t, x->ctx);
        for (e = 0; e < 3; e++) {
            fmpq_mpoly_t u;
            fmpq_mpoly_init(u, x->ctx);
            if (!fmpq_mpoly_divides(u, t, Qv[e].d, x->ctx)) fmpq_mpoly_mul(t, t, Qv[e].d, x->ctx);
            fmpq_mpoly_clear(u, x->ctx);
        }
        for (e = 0; e < 3; e++) {
            fmpq_mpoly_t u;
            fmpq_mpoly_init(u, x->ctx);
            fmpq_mpoly_divides(u, t, Qv[e].d, x->ctx);
            fmpq_mpoly_mul(u, u, t, x->ctx);
            fmpq_mpoly_mul(cq->coef[e].n, Qv[e].n, u, x->ctx);
            if (e == 1) fmpq_mpoly_scalar_mul_si(cq->coef[e].n, cq->coef[e].n, 2, x->ctx);
            normal_form(cq->coef[e].n, cq->coef[e].n, x);
            fmpq_mpoly_one(cq->coef[e].d, x->ctx);
            fmpq_mpoly_clear(u, x->ctx);
        }
        cq->ge = 0; cq->cone = i;
        nc += 2;
        ok = 0;
cone_done:
        for (j = 0; j < 3; j++) frac_clear(Qv + j, x);
        frac_clear(lv, x); frac_clear(lv + 1, x); frac_clear(&dd, x);
        if (ok) goto done;
        ok = -1;
    }
    /* exact degrees; leading coefficients certified nonzero on a cell */
    for (i = 0; i < nc; i++) {
        cs_cond *c = cond + i;
        for (c->deg = 2; c->deg > 0; c->deg--) {
            normal_form(t, c->coef[c->deg].n, x);
            if (!fmpq_mpoly_is_zero(t, x->ctx)) break;
        }
        if (c->deg > 0 && (nz_add(k, c->coef[c->deg].n, x) || nz_add(k, c->coef[c->deg].d, x))) goto done;
        if (c->deg == 0 && nz_add(k, c->coef[0].d, x)) goto done;
    }
    if (k->nfreecol) {
        /* F != R: a condition of degree 1 (a half-line), or on a cell some q of degree 2 with its leading
           coefficient certified > 0 (a bounded set) */
        for (i = 0; i < nc; i++) if (cond[i].deg == 1) break;
        k->bounded = i < nc;
        for (i = 0; i < nc && !k->bounded; i++)
            if (!cond[i].ge && cond[i].deg == 2 && k->nbound < 8)
                fmpq_mpoly_set(k->bound + k->nbound++, cond[i].coef[2].n, x->ctx);
        if (!k->bounded && k->nbound == 0) goto done;      /* F might be all of R: outside the argument */
    }
    /* constant conditions */
    for (i = 0; i < nc; i++) {
        if (cond[i].deg > 0) continue;
        if ((k->glob[k->nglob] = line_atom(k, &cond[i].coef[0], cond[i].ge, x)) < 0) goto done;
        k->nglob++;
    }
    /* the discriminants of the quadratics: an atom "disc >= 0" and, when not constant, a square root */
    for (i = 0; i < nc && k->nfreecol; i++) {
        cs_cond *c = cond + i;
        fmpq_mpoly_t R;
        cdisc[i] = -1;
        cvar[i] = -1;
        if (c->deg != 2) continue;
        /* (-coef1 +- sqrt(coef1^2 - 4 coef2 coef0)) / (2 coef2) */
        fmpq_mpoly_init(R, x->ctx);
        fmpq_mpoly_mul(R, c->coef[1].n, c->coef[1].n, x->ctx);
        fmpq_mpoly_mul(t, c->coef[2].n, c->coef[0].n, x->ctx);
        fmpq_mpoly_scalar_mul_si(t, t, 4, x->ctx);
        fmpq_mpoly_sub(R, R, t, x->ctx);
        normal_form(R, R, x);
        if (k->ndisc == CS_MAXCAND) { fmpq_mpoly_clear(R, x->ctx); goto done; }
        cdisc[i] = k->ndisc++;
        fmpq_mpoly_set(k->disc + cdisc[i], R, x->ctx);
        fmpq_mpoly_set(k->lead + cdisc[i], c->coef[2].n, x->ctx);
        {
            cs_frac v;
            frac_init(&v, x);
            fmpq_mpoly_set(v.n, R, x->ctx);
            fmpq_mpoly_one(v.d, x->ctx);
            k->disc_atom[cdisc[i]] = line_atom(k, &v, 1, x);
            frac_clear(&v, x);
        }
        if (k->disc_atom[cdisc[i]] < 0) { fmpq_mpoly_clear(R, x->ctx); goto done; }
        if (!fmpq_mpoly_is_zero(R, x->ctx) && !(fmpq_mpoly_is_fmpq(R, x->ctx) && fmpq_mpoly_sgn_const(R, x) < 0) &&
            (cvar[i] = slot_add_optional(x, R)) < 0) { fmpq_mpoly_clear(R, x->ctx); goto done; }
        fmpq_mpoly_clear(R, x->ctx);
    }
    /* candidates */
    for (i = 0; i < nc && k->nfreecol; i++) {
        cs_cond *c = cond + i;
        fmpq_mpoly_t num[2], den;
        int nr = 0, s;
        if (c->deg == 0) continue;
        fmpq_mpoly_init(num[0], x->ctx); fmpq_mpoly_init(num[1], x->ctx); fmpq_mpoly_init(den, x->ctx);
        if (c->deg == 1) {
            /* -c0/c1 = -(c0.n c1.d)/(c0.d c1.n) */
            fmpq_mpoly_mul(num[0], c->coef[0].n, c->coef[1].d, x->ctx);
            fmpq_mpoly_neg(num[0], num[0], x->ctx);
            fmpq_mpoly_mul(den, c->coef[0].d, c->coef[1].n, x->ctx);
            nr = 1;
        } else {
            fmpq_mpoly_scalar_mul_si(den, c->coef[2].n, 2, x->ctx);
            fmpq_mpoly_neg(num[0], c->coef[1].n, x->ctx);
            if (fmpq_mpoly_is_zero(k->disc + cdisc[i], x->ctx)) nr = 1;          /* one double root */
            else if (cvar[i] < 0) nr = 0;                                     /* a negative constant */
            else {
                fmpq_mpoly_gen(t, cvar[i], x->ctx);
                fmpq_mpoly_sub(num[1], num[0], t, x->ctx);
                fmpq_mpoly_add(num[0], num[0], t, x->ctx);
                nr = 2;
            }
        }
        for (s = 0; s < nr; s++) {
            int q = k->ncand, o;
            if (q == CS_MAXCAND) goto cand_fail;
            k->ncand++;
            k->cand_n[q] = 0;
            k->cand_disc[q] = nr == 2 ? cdisc[i] : -1;
            for (o = 0; o < nc; o++) {
                cs_frac v;
                int a;
                if (o == i || cond[o].deg == 0) continue;
                if (k->cand_n[q] == CS_MAXCA) goto cand_fail;
                frac_init(&v, x);
                cond_at(&v, cond + o, num[s], den, x);
                a = line_atom(k, &v, cond[o].ge, x);
                frac_clear(&v, x);
                if (a < 0) goto cand_fail;
                k->atom_disc[a] = cond[o].deg == 2 ? cdisc[o] : -1;
                k->cand_a[q][k->cand_n[q]++] = a;
            }
        }
        fmpq_mpoly_clear(num[0], x->ctx); fmpq_mpoly_clear(num[1], x->ctx); fmpq_mpoly_clear(den, x->ctx);
        continue;
cand_fail:
        fmpq_mpoly_clear(num[0], x->ctx); fmpq_mpoly_clear(num[1], x->ctx); fmpq_mpoly_clear(den, x->ctx);
        goto done;
    }
    ok = 0;
done:
    for (i = 0; i < E0 * n; i++) frac_clear(A + i, x);
    for (i = 0; i < E0; i++) frac_clear(b + i, x);
    for (i = 0; i < E0 * (n + 1); i++) fmpq_mpoly_clear(P + i, x->ctx);
    flint_free(A); flint_free(b); flint_free(P);
    for (i = 0; i < m; i++) for (j = 0; j < 4; j++) frac_clear(&dt[i][j], x);
    for (i = 0; i < n; i++) { frac_clear(c0 + i, x); frac_clear(c1 + i, x); }
    for (i = 0; i < 16; i++) for (j = 0; j < 3; j++) frac_clear(&cond[i].coef[j], x);
    fmpq_mpoly_clear(D, x->ctx); fmpq_mpoly_clear(t, x->ctx);
    return ok;
}

/* Builds the exact data of one statics_sign call; 0, or -1 outside what the
 * certificate handles (non-planar cones, too many rows or generators). */
static int call_setup(cs_call *k, const expr_node *call, cs_ctx *x)
{
    expr_statics_desc d;
    expr_error_t ee;
    int first, i, j, r, E0, n, ok = -1, keep[EXPR_STATICS_MAX_E], E = 0, G = 0;
    cs_frac *A = NULL, *b = NULL, nrm[8][2], fr[8], gen[CS_MAXG][2];
    cs_frac col[CS_MAXE];
    memset(&d, 0, sizeof d);
    if (expr_statics_layout(&d, &first, (expr_t) call, &ee)) return -1;
    {
        expr_t root = (expr_t) call;
        int act[8];
        if ((k->prog = expr_compile(&root, 1, x->c->scope, &ee)) == NULL) { expr_statics_desc_clear(&d); return -1; }
        for (i = 0; i < x->nrange; i++) act[i] = x->range_param[i];
        k->ev = expr_eval_new(k->prog, act, x->nrange, x->prec);
    }
    E0 = d.E; n = d.n; k->nc = d.m;
    for (i = 0; i < d.m; i++)
        if (d.type[i] != 1) break;
    if (i < d.m) {   /* spatial cones: the one-free-reaction reduction */
        int rr = line_setup(k, call, &d, first, x);
        expr_statics_desc_clear(&d);
        return rr;
    }
    if (d.m > 4) { expr_statics_desc_clear(&d); return -1; }
    for (i = 0; i < d.m; i++)
        if (d.type[i] != 1) { expr_statics_desc_clear(&d); return -1; }
    A = flint_malloc(sizeof(cs_frac) * E0 * n);
    b = flint_malloc(sizeof(cs_frac) * E0);
    for (i = 0; i < E0 * n; i++) frac_init(A + i, x);
    for (i = 0; i < E0; i++) frac_init(b + i, x);
    for (i = 0; i < d.m; i++) { frac_init(&nrm[i][0], x); frac_init(&nrm[i][1], x); frac_init(fr + i, x); }
    for (i = 0; i < CS_MAXG; i++) { frac_init(&gen[i][0], x); frac_init(&gen[i][1], x); }
    for (i = 0; i < CS_MAXE; i++) frac_init(col + i, x);
    for (i = 0; i < E0 * n; i++)
        if (to_frac(A + i, call->args[first + i], x, 0)) goto done;
    for (i = 0; i < E0; i++)
        if (to_frac(b + i, call->args[first + E0 * n + i], x, 0)) goto done;
    for (i = 0; i < d.m; i++) {
        int a0 = first + E0 * n + E0 + 3 * i;
        if (to_frac(&nrm[i][0], call->args[a0], x, 0) || to_frac(&nrm[i][1], call->args[a0 + 1], x, 0) ||
            to_frac(fr + i, call->args[a0 + 2], x, 0)) goto done;
    }
    /* rows kept: a row of A identically 0 needs b identically 0 there (then dropped) */
    for (r = 0; r < E0; r++) {
        int zero = 1;
        for (j = 0; j < n; j++)
            if (!fmpq_mpoly_is_zero(A[r * n + j].n, x->ctx)) zero = 0;
        if (zero) {
            if (!fmpq_mpoly_is_zero(b[r].n, x->ctx)) goto done;
            continue;
        }
        if (E == CS_MAXE) goto done;
        keep[E++] = r;
    }
    if (E < 2 || 2 * d.m > CS_MAXG || E - 1 > 2 * d.m) goto done;
    /* generators n +- f t, t = (-n2, n1), in the unknowns' space */
    for (i = 0; i < d.m; i++) {
        cs_frac ft;
        frac_init(&ft, x);
        for (j = 0; j < 2; j++) {
            /* component 0: n1 -+ f n2 ; component 1: n2 +- f n1 */
            cs_frac *g0 = &gen[2 * i + j][0], *g1 = &gen[2 * i + j][1];
            fmpq_mpoly_mul(ft.n, fr[i].n, nrm[i][1].n, x->ctx);
            fmpq_mpoly_mul(ft.d, fr[i].d, nrm[i][1].d, x->ctx);
            if (j == 0) fmpq_mpoly_neg(ft.n, ft.n, x->ctx);
            fmpq_mpoly_mul(g0->n, nrm[i][0].n, ft.d, x->ctx);
            fmpq_mpoly_mul(g0->d, nrm[i][0].d, ft.d, x->ctx);
            fmpq_mpoly_mul(ft.n, ft.n, nrm[i][0].d, x->ctx);
            fmpq_mpoly_add(g0->n, g0->n, ft.n, x->ctx);
            fmpq_mpoly_mul(ft.n, fr[i].n, nrm[i][0].n, x->ctx);
            fmpq_mpoly_mul(ft.d, fr[i].d, nrm[i][0].d, x->ctx);
            if (j == 1) fmpq_mpoly_neg(ft.n, ft.n, x->ctx);
            fmpq_mpoly_mul(g1->n, nrm[i][1].n, ft.d, x->ctx);
            fmpq_mpoly_mul(g1->d, nrm[i][1].d, ft.d, x->ctx);
            fmpq_mpoly_mul(ft.n, ft.n, nrm[i][1].d, x->ctx);
            fmpq_mpoly_add(g1->n, g1->n, ft.n, x->ctx);
            frac_norm(g0, x);
            frac_norm(g1, x);
        }
        /* |n|^2 = n1^2 + n2^2 */
        fmpq_mpoly_mul(k->nrm2 + i, nrm[i][0].n, nrm[i][0].n, x->ctx);
        fmpq_mpoly_mul(k->nrm2 + i, k->nrm2 + i, nrm[i][1].d, x->ctx);
        fmpq_mpoly_mul(k->nrm2 + i, k->nrm2 + i, nrm[i][1].d, x->ctx);
        fmpq_mpoly_mul(ft.n, nrm[i][1].n, nrm[i][1].n, x->ctx);
        fmpq_mpoly_mul(ft.n, ft.n, nrm[i][0].d, x->ctx);
        fmpq_mpoly_mul(ft.n, ft.n, nrm[i][0].d, x->ctx);
        fmpq_mpoly_add(k->nrm2 + i, k->nrm2 + i, ft.n, x->ctx);
        fmpq_mpoly_mul(k->nrm2d + i, nrm[i][0].d, nrm[i][1].d, x->ctx);
        fmpq_mpoly_mul(k->nrm2d + i, k->nrm2d + i, k->nrm2d + i, x->ctx);
        frac_clear(&ft, x);
    }
    G = 2 * d.m;
    /* columns: A_kept (unknowns start, start + 1) . generator, then b */
    for (j = 0; j <= G; j++) {
        for (i = 0; i < E; i++) {
            int rr = keep[i];
            if (j == G) {
                fmpq_mpoly_set(col[i].n, b[rr].n, x->ctx);
                fmpq_mpoly_set(col[i].d, b[rr].d, x->ctx);
            } else {
                int st = d.start[j / 2];
                cs_frac *a0 = A + rr * n + st, *a1 = A + rr * n + st + 1;
                fmpq_mpoly_t t, u;
                fmpq_mpoly_init(t, x->ctx); fmpq_mpoly_init(u, x->ctx);
                /* a0 g0 + a1 g1 */
                fmpq_mpoly_mul(col[i].n, a0->n, gen[j][0].n, x->ctx);
                fmpq_mpoly_mul(col[i].d, a0->d, gen[j][0].d, x->ctx);
                fmpq_mpoly_mul(t, a1->n, gen[j][1].n, x->ctx);
                fmpq_mpoly_mul(u, a1->d, gen[j][1].d, x->ctx);
                if (fmpq_mpoly_equal(u, col[i].d, x->ctx)) fmpq_mpoly_add(col[i].n, col[i].n, t, x->ctx);
                else {
                    fmpq_mpoly_mul(col[i].n, col[i].n, u, x->ctx);
                    fmpq_mpoly_mul(t, t, col[i].d, x->ctx);
                    fmpq_mpoly_add(col[i].n, col[i].n, t, x->ctx);
                    fmpq_mpoly_mul(col[i].d, col[i].d, u, x->ctx);
                }
                frac_norm(col + i, x);
                fmpq_mpoly_clear(t, x->ctx); fmpq_mpoly_clear(u, x->ctx);
            }
        }
        column_set(k->colp + j * CS_MAXE, k->colq + j, col, E, x);
    }
    k->E = E;
    k->G = G;
    /* E-subsets of the columns and their determinants; (E - 1)-subsets of the generators */
    {
        int idx[CS_MAXE + 1], t, m;
        fmpq_mpoly_struct *cols[CS_MAXE];
        for (m = E; m >= E - 1; m--) {
            int top = m == E ? G : G - 1;    /* largest column index allowed */
            for (t = 0; t < m; t++) idx[t] = t;
            for (;;) {
                if (m == E) {
                    int q = k->nT++;
                    if (q >= CS_MAXT) goto done;
                    for (t = 0; t < E; t++) { k->T[q][t] = idx[t]; cols[t] = k->colp + idx[t] * CS_MAXE; }
                    poly_det(k->det + q, cols, E, x);
                    k->det_zero[q] = fmpq_mpoly_is_zero(k->det + q, x->ctx);
                } else {
                    int q = k->nS++, l;
                    if (q >= CS_MAXS) goto done;
                    for (t = 0; t < m; t++) k->S[q][t] = idx[t];
                    for (l = 0; l <= G; l++) {
                        int u[CS_MAXE], w = 0, above = 0, in = 0, z, y;
                        for (t = 0; t < m; t++) {
                            if (idx[t] == l) in = 1;
                            if (idx[t] > l) above++;
                        }
                        k->Sl[q][l] = 0;
                        if (in) continue;
                        for (t = 0; t < m; t++) if (idx[t] < l) u[w++] = idx[t];
                        u[w++] = l;
                        for (t = 0; t < m; t++) if (idx[t] > l) u[w++] = idx[t];
                        for (z = 0; z < k->nT; z++) {
                            for (y = 0; y < E && k->T[z][y] == u[y]; y++) ;
                            if (y == E) break;
                        }
                        if (z == k->nT) goto done;
                        /* moving column l from the end to its place: 'above' transpositions */
                        k->Sl[q][l] = (above % 2 ? -1 : 1) * (z + 1);
                    }
                }
                t = m - 1;
                while (t >= 0 && idx[t] == top - m + 1 + t) t--;
                if (t < 0) break;
                idx[t]++;
                for (t = t + 1; t < m; t++) idx[t] = idx[t - 1] + 1;
            }
        }
    }
    ok = 0;
done:
    for (i = 0; i < E0 * n; i++) frac_clear(A + i, x);
    for (i = 0; i < E0; i++) frac_clear(b + i, x);
    flint_free(A);
    flint_free(b);
    for (i = 0; i < d.m; i++) { frac_clear(&nrm[i][0], x); frac_clear(&nrm[i][1], x); frac_clear(fr + i, x); }
    for (i = 0; i < CS_MAXG; i++) { frac_clear(&gen[i][0], x); frac_clear(&gen[i][1], x); }
    for (i = 0; i < CS_MAXE; i++) frac_clear(col + i, x);
    expr_statics_desc_clear(&d);
    return ok;
}

/* ------------------------------------------------------------ boolean structure */

static int add_node(cs_ctx *x, int kind, int a, int b)
{
    if (x->nnode == CS_MAXNODE) return -1;
    x->node[x->nnode].kind = kind;
    x->node[x->nnode].a = a;
    x->node[x->nnode].b = b;
    return x->nnode++;
}

static int is_zero_num(const expr_node *e) { return e->kind == EXPR_NUM && fmpq_is_zero(e->num); }

static const expr_node *resolve_num(const expr_node *e, const cs_ctx *x)
{
    expr_t def;
    int guard = 0, idx;
    while (e->kind == EXPR_VAR && guard++ < 64 && expr_scope_lookup(x->c->scope, e->name, &idx, &def) == 1) e = def;
    return e;
}

/* node index of predicate e, or -1 outside the certificate */
static int build(const expr_node *e, cs_ctx *x, int depth)
{
    int a, b, k, idx;
    expr_t def;
    if (depth > 100) return -1;
    switch (e->kind) {
    case EXPR_TRUE: return add_node(x, CB_TRUE, -1, -1);
    case EXPR_FALSE: return add_node(x, CB_FALSE, -1, -1);
    case EXPR_VAR:
        if (expr_scope_lookup(x->c->scope, e->name, &idx, &def) != 2) return -1;
        return build(def, x, depth + 1);
    case EXPR_NOT:
        if ((a = build(e->args[0], x, depth + 1)) < 0) return -1;
        return add_node(x, CB_NOT, a, -1);
    case EXPR_AND: case EXPR_OR: case EXPR_XOR: case EXPR_IMPLIES: case EXPR_IFF:
        if ((a = build(e->args[0], x, depth + 1)) < 0 || (b = build(e->args[1], x, depth + 1)) < 0) return -1;
        return add_node(x, e->kind == EXPR_AND ? CB_AND : e->kind == EXPR_OR ? CB_OR : e->kind == EXPR_XOR ? CB_XOR
                           : e->kind == EXPR_IMPLIES ? CB_IMPLIES : CB_IFF, a, b);
    case EXPR_LT: case EXPR_LE: case EXPR_GT: case EXPR_GE: {
        const expr_node *l = resolve_num(e->args[0], x), *r = resolve_num(e->args[1], x);
        /* statics_sign(...) > 0 (>= 0: the same, the sign is +-1) or < 0 (<= 0) */
        if (expr_statics_is_call((expr_t) l) || expr_statics_is_call((expr_t) r)) {
            const expr_node *cl = expr_statics_is_call((expr_t) l) ? l : r;
            int feas;
            if (!(is_zero_num(cl == l ? r : l))) return -1;
            feas = (cl == l) == (e->kind == EXPR_GT || e->kind == EXPR_GE);
            for (k = 0; k < x->ncall; k++)
                if (x->callnode[k] == cl) break;
            if (k == x->ncall) {
                if (k == CS_MAXCALL) return -1;
                call_init(x->call + k, x);
                x->ncall++;
                x->callnode[k] = cl;
                if (call_setup(x->call + k, cl, x)) return -1;
            }
            if ((a = add_node(x, CB_STAT, -1, -1)) < 0) return -1;
            x->node[a].idx = k;
            x->node[a].neg = !feas;
            return a;
        }
        if (x->natom == CS_MAXATOM) return -1;
        k = x->natom;
        frac_init(x->atom + k, x);
        x->natom++;
        {
            cs_frac g, rr;
            int bad;
            frac_init(&g, x);
            frac_init(&rr, x);
            bad = to_frac(&g, e->args[0], x, 0) || to_frac(&rr, e->args[1], x, 0);
            if (!bad) {   /* g = lhs - rhs */
                fmpq_mpoly_mul(g.n, g.n, rr.d, x->ctx);
                fmpq_mpoly_mul(rr.n, rr.n, g.d, x->ctx);
                fmpq_mpoly_sub(g.n, g.n, rr.n, x->ctx);
                fmpq_mpoly_mul(g.d, g.d, rr.d, x->ctx);
                frac_norm(&g, x);
                fmpq_mpoly_swap(x->atom[k].n, g.n, x->ctx);
                fmpq_mpoly_swap(x->atom[k].d, g.d, x->ctx);
            }
            frac_clear(&g, x);
            frac_clear(&rr, x);
            if (bad) return -1;
        }
        x->atom_op[k] = e->kind;
        x->atom_zero[k] = fmpq_mpoly_is_zero(x->atom[k].n, x->ctx);
        if ((a = add_node(x, CB_ATOM, -1, -1)) < 0) return -1;
        x->node[a].idx = k;
        return a;
    }
    default:
        return -1;
    }
}

/* value of a comparison "g op 0" from the sign of g */
static int cmp_value(int op, int s)
{
    switch (op) {
    case EXPR_LT: return s < 0;
    case EXPR_LE: return s <= 0;
    case EXPR_GT: return s > 0;
    default: return s >= 0;
    }
}

/* per cell: the atoms' state and the undecided determinants */
typedef struct {
    int asign[CS_MAXATOM];      /* 1, -1, 0 decided; 2 sign = aeps * variable afacet; 3 free (bit afacet) */
    int afacet[CS_MAXATOM], aeps[CS_MAXATOM];
    int nfree, free;
    signed char tsign[CS_MAXCALL][CS_MAXT]; /* true sign of det[T] (1, -1, 0), or 2: variable tvar */
    signed char tvar[CS_MAXCALL][CS_MAXT];
    int cdec[CS_MAXCALL];       /* 1, 0: the call decided on the cell by its own certificate; -1 not */
    int nvar, var_call[CS_MAXV], var_t[CS_MAXV], var_q[CS_MAXV];
    int var_fixed[CS_MAXV];     /* 2: free; else the sign proved through a decided atom */
    int var_weak[CS_MAXV];      /* 1: sign >= 0, -1: sign <= 0 proved (poly_sign_weak); 0 nothing */
    int var_link[CS_MAXV], var_leps[CS_MAXV]; /* -1, or sign = leps * sign of variable link (through an atom) */
    signed char cinc[CS_MAXCALL][CS_MAXCAND]; /* line kind: 1 the candidate exists on the whole cell (radicand
                                                 >= 0), 2 where its radicand is >= 0 (then an atom), 0 nowhere */
    signed char var_partial[CS_MAXV]; /* 1: the variable's atom is defined only where a radicand is >= 0 */
    signed char lsign[CS_MAXCALL][CS_MAXCAND]; /* line kind: certified sign of a quadratic's leading coefficient, or 0 */
} cs_cell;

/* "an equilibrium exists" for call k under the determinant signs (decided,
 * or fs for the variables): 1, 0, or -1 when the rank is not E */
static int call_value(const cs_ctx *x, const cs_cell *cc, const int *fs, int k)
{
    const cs_call *K = x->call + k;
    int s, l, rank = 0, t;
    if (cc->cdec[k] >= 0) return cc->cdec[k];
#define TS(q) (cc->tsign[k][q] == 2 ? fs[(int) cc->tvar[k][q]] : cc->tsign[k][q])
    if (K->kind == 1) {
        /* the constant conditions, and some candidate satisfying all its conditions (line_setup). A
           condition q(xi_c) <= 0 is read with what the discriminant of q says: with leading coefficient
           > 0, q <= 0 somewhere only if disc >= 0; with < 0, q < 0 everywhere if disc < 0 (equivalences
           at every point, so the sign vectors that contradict them are not enumerated as models) */
        int c, a;
        for (a = 0; a < K->nglob; a++)
            if (!cmp_value(K->lop[K->glob[a]], TS(K->glob[a]))) return 0;
        if (K->nfreecol == 0) return 1;
        for (c = 0; c < K->ncand; c++) {
            if (!cc->cinc[k][c]) continue;
            if (cc->cinc[k][c] == 2 && !cmp_value(EXPR_GE, TS(K->disc_atom[K->cand_disc[c]]))) continue;
            for (a = 0; a < K->cand_n[c]; a++) {
                int t = K->cand_a[c][a], v = cmp_value(K->lop[t], TS(t)), dd = K->atom_disc[t];
                if (dd >= 0 && cc->lsign[k][dd] != 0) {
                    int ds = cmp_value(EXPR_GE, TS(K->disc_atom[dd]));
                    v = cc->lsign[k][dd] > 0 ? (v && ds) : (v || !ds);
                }
                if (!v) break;
            }
            if (a == K->cand_n[c]) return 1;
        }
        return 0;
    }
    for (t = 0; t < K->nT; t++)
        if (K->T[t][K->E - 1] < K->G && TS(t) != 0) { rank = 1; break; }
    if (!rank) return -1;
    for (s = 0; s < K->nS; s++) {
        int pos = 0, neg = 0, sb;
        for (l = 0; l < K->G; l++) {
            int e = K->Sl[s][l], v;
            if (e == 0) continue;
            v = (e > 0 ? 1 : -1) * TS((e > 0 ? e : -e) - 1);
            if (v > 0) pos = 1;
            if (v < 0) neg = 1;
        }
        if (pos == neg) continue;          /* not supporting, or y_S = 0 (rank E) */
        l = K->Sl[s][K->G];
        sb = (l > 0 ? 1 : -1) * TS((l > 0 ? l : -l) - 1) * (pos ? 1 : -1);
        if (sb < 0) return 0;
    }
#undef TS
    return 1;
}

static int eval_node(const cs_ctx *x, const cs_cell *cc, const int *fs, int i)
{
    const cs_node *n = x->node + i;
    int a, b, k;
    switch (n->kind) {
    case CB_TRUE: return 1;
    case CB_FALSE: return 0;
    case CB_NOT: a = eval_node(x, cc, fs, n->a); return a < 0 ? -1 : !a;
    case CB_AND: case CB_OR: case CB_XOR: case CB_IMPLIES: case CB_IFF:
        a = eval_node(x, cc, fs, n->a);
        b = eval_node(x, cc, fs, n->b);
        if (a < 0 || b < 0) return -1;
        if (n->kind == CB_AND) return a && b;
        if (n->kind == CB_OR) return a || b;
        if (n->kind == CB_XOR) return a != b;
        if (n->kind == CB_IMPLIES) return !a || b;
        return a == b;
    case CB_ATOM:
        k = n->idx;
        if (cc->asign[k] == 3) return (cc->free >> cc->afacet[k]) & 1;
        if (cc->asign[k] != 2) return cmp_value(x->atom_op[k], cc->asign[k]);
        return cmp_value(x->atom_op[k], cc->aeps[k] * fs[cc->afacet[k]]);
    default: /* CB_STAT */
        a = call_value(x, cc, fs, n->idx);
        if (a < 0) return -1;
        return n->neg ? !a : a;
    }
}

/* sign of fraction num/den: 1, -1, 0 or 2 */
static int frac_sign(const fmpq_mpoly_t num, const fmpq_mpoly_t den, arb_srcptr rg, arb_srcptr mid, const cs_ctx *x)
{
    int a = poly_sign(num, rg, mid, x), b;
    if (a == 0) return 0;
    if (a == 2) return 2;
    b = poly_sign(den, rg, mid, x);
    if (b != 1 && b != -1) return 2;
    return a * b;
}

/* line kind: the nonzero conditions certified, the candidates whose radicand
 * is >= 0 on the cell kept, the signs of their atoms decided or new variables */
static int line_cell(cs_cell *cc, int k, cs_ctx *x, arb_srcptr rg, arb_srcptr mid)
{
    cs_call *K = x->call + k;
    int i, t, c, need[CS_MAXT];
    for (i = 0; i < K->nnz; i++) {
        int s = poly_sign(K->nz + i, rg, mid, x);
        if (s != 1 && s != -1) return -1;
    }
    if (K->nfreecol && !K->bounded) {
        for (i = 0; i < K->nbound; i++)
            if (poly_sign(K->bound + i, rg, mid, x) == 1) break;
        if (i == K->nbound) return -1;
    }
    for (t = 0; t < K->nT; t++) need[t] = 0;
    for (i = 0; i < K->nglob; i++) need[K->glob[i]] = 1;
    for (c = 0; c < K->ncand; c++) {
        cc->cinc[k][c] = 1;
        if (K->cand_disc[c] >= 0) {
            arb_t v;
            arb_init(v);
            poly_box(v, K->disc + K->cand_disc[c], rg, mid, x);
            if (arb_is_negative(v)) cc->cinc[k][c] = 0;
            else if (!arb_is_nonnegative(v)) {
                cc->cinc[k][c] = 2;
                need[K->disc_atom[K->cand_disc[c]]] = 1;
            }
            arb_clear(v);
        }
        if (cc->cinc[k][c])
            for (i = 0; i < K->cand_n[c]; i++) need[K->cand_a[c][i]] = cc->cinc[k][c] == 2 ? 2 : 1;
    }
    for (c = 0; c < K->ncand; c++)    /* an atom needed fully somewhere is defined on the whole cell */
        if (cc->cinc[k][c] == 1)
            for (i = 0; i < K->cand_n[c]; i++) need[K->cand_a[c][i]] = 1;
    for (i = 0; i < K->ndisc; i++) {
        int s = poly_sign(K->lead + i, rg, mid, x);
        cc->lsign[k][i] = s == 1 || s == -1 ? s : 0;
    }
    for (t = 0; t < K->nT; t++)       /* the discriminants those readings use */
        if (need[t] && K->atom_disc[t] >= 0 && cc->lsign[k][K->atom_disc[t]] != 0 && !need[K->disc_atom[K->atom_disc[t]]])
            need[K->disc_atom[K->atom_disc[t]]] = 1;
    for (t = 0; t < K->nT; t++) {
        int q, sg;
        cc->tsign[k][t] = 0;
        if (!need[t]) continue;
        q = poly_sign(K->lden + t, rg, mid, x);
        if (q != 1 && q != -1) return -1;
        sg = K->det_zero[t] ? 0 : poly_sign(K->det + t, rg, mid, x);
        if (sg != 2) { cc->tsign[k][t] = sg * q; continue; }
        if (cc->nvar == CS_MAXV) return -1;
        cc->tsign[k][t] = 2;
        cc->tvar[k][t] = cc->nvar;
        cc->var_call[cc->nvar] = k;
        cc->var_t[cc->nvar] = t;
        cc->var_q[cc->nvar] = q;
        cc->var_fixed[cc->nvar] = 2;
        cc->var_link[cc->nvar] = -1;
        cc->var_partial[cc->nvar] = need[t] == 2;   /* never matched: it stays free in the enumeration */
        cc->nvar++;
    }
    return 0;
}

/* the determinants of call k on the cell: decided signs, or new variables; 0 or -1 */
static int call_cell(cs_cell *cc, int k, cs_ctx *x, arb_srcptr box, arb_srcptr rg, arb_srcptr mid)
{
    cs_call *K = x->call + k;
    int qs[CS_MAXG + 1], i, t, l;
    cc->cdec[k] = -1;
    if (!x->no_numeric && !x->skip_cdec) {   /* a reaction or a separating multiplier on the whole cell (expr_statics.c) */
        arb_t y;
        arb_init(y);
        expr_eval_run(K->ev, box, 1);
        if (expr_eval_value(y, K->ev, 0) == EXPR_DEFINED) {
            if (arb_is_one(y)) cc->cdec[k] = 1;
            else if (arb_equal_si(y, -1)) cc->cdec[k] = 0;
        }
        arb_clear(y);
        if (cc->cdec[k] >= 0) {
            for (t = 0; t < K->nT; t++) cc->tsign[k][t] = 0;
            return 0;
        }
    }
    if (K->kind == 1) return line_cell(cc, k, x, rg, mid);
    for (i = 0; i < K->nc; i++) {
        int a = poly_sign(K->nrm2 + i, rg, mid, x), b = poly_sign(K->nrm2d + i, rg, mid, x);
        if (a == 2 || b == 2 || a * b != 1) return -1;   /* |n|^2 > 0 */
    }
    for (l = 0; l <= K->G; l++) {
        qs[l] = poly_sign(K->colq + l, rg, mid, x);
        if (qs[l] != 1 && qs[l] != -1) return -1;
    }
    for (t = 0; t < K->nT; t++) {
        int q = 1, sg;
        for (i = 0; i < K->E; i++) q *= qs[K->T[t][i]];
        sg = K->det_zero[t] ? 0 : poly_sign(K->det + t, rg, mid, x);
        if (sg != 2) { cc->tsign[k][t] = sg * q; continue; }
        if (cc->nvar == CS_MAXV) return -1;
        cc->tsign[k][t] = 2;
        cc->tvar[k][t] = cc->nvar;
        cc->var_call[cc->nvar] = k;
        cc->var_t[cc->nvar] = t;
        cc->var_q[cc->nvar] = q;
        cc->var_fixed[cc->nvar] = 2;
        cc->var_weak[cc->nvar] = poly_sign_weak(K->det + t, rg, x) * q;
        cc->var_link[cc->nvar] = -1;
        cc->nvar++;
    }
    return 0;
}

/* the exact part of matching atom a with determinant t of call k, computed once */
static cs_match *match_get(cs_ctx *x, int a, int k, int t)
{
    cs_match *m = &x->match[a][k][t];
    cs_call *K = x->call + k;
    if (x->match_done[a][k][t]) return m;
    x->match_done[a][k][t] = 1;
    fmpq_mpoly_init(m->g1, x->ctx);
    fmpq_mpoly_init(m->d1, x->ctx);
    fmpq_mpoly_init(m->gd1, x->ctx);
    fmpq_mpoly_init(m->dd1, x->ctx);
    m->ok = m->okd = 0;
    {
        fmpq_mpoly_t h, g, d;
        fmpq_mpoly_init(h, x->ctx); fmpq_mpoly_init(g, x->ctx); fmpq_mpoly_init(d, x->ctx);
        normal_form(g, x->atom[a].n, x);
        normal_form(d, K->det + t, x);
        if (!fmpq_mpoly_is_zero(g, x->ctx) && !fmpq_mpoly_is_zero(d, x->ctx) &&
            fmpq_mpoly_gcd(h, g, d, x->ctx) && !fmpq_mpoly_is_fmpq(h, x->ctx) &&
            fmpq_mpoly_divides(m->gd1, g, h, x->ctx) && fmpq_mpoly_divides(m->dd1, d, h, x->ctx))
            m->okd = 1;
        fmpq_mpoly_clear(h, x->ctx); fmpq_mpoly_clear(g, x->ctx); fmpq_mpoly_clear(d, x->ctx);
    }
    if (!x->aelim_done[a]) { elim_init(x->aelim + a, x); elim_run(x->aelim + a, x->atom[a].n, x); x->aelim_done[a] = 1; }
    if (!K->delim_done[t]) { elim_init(K->delim + t, x); elim_run(K->delim + t, K->det + t, x); K->delim_done[t] = 1; }
    {
        fmpq_mpoly_t h;
        fmpq_mpoly_init(h, x->ctx);
        if (fmpq_mpoly_gcd(h, x->aelim[a].fin, K->delim[t].fin, x->ctx) && !fmpq_mpoly_is_fmpq(h, x->ctx) &&
            fmpq_mpoly_divides(m->g1, x->aelim[a].fin, h, x->ctx) &&
            fmpq_mpoly_divides(m->d1, K->delim[t].fin, h, x->ctx))
            m->ok = 1;
        fmpq_mpoly_clear(h, x->ctx);
    }
    return m;
}

/* eps with sign(atom a) = eps * sign(det of variable i) at every point of
 * the cell (all factors certified), or 0 */
static int atom_var_eps(cs_ctx *x, const cs_cell *cc, int a, int i, arb_srcptr rg, arb_srcptr mid)
{
    cs_match *m;
    cs_call *K = x->call + cc->var_call[i];
    int s1, s2, c1, c2, gd;
    m = match_get(x, a, cc->var_call[i], cc->var_t[i]);
    gd = poly_sign(x->atom[a].d, rg, mid, x);
    if (gd * gd != 1) return 0;
    if (m->okd) {
        /* nf(g.n) = h gd1 and nf(det.n) = h dd1 at every point of the variety */
        s1 = poly_sign(m->gd1, rg, mid, x);
        s2 = poly_sign(m->dd1, rg, mid, x);
        if (s1 * s1 == 1 && s2 * s2 == 1) return s1 * gd * s2 * cc->var_q[i];
    }
    if (!m->ok) return 0;
    s1 = poly_sign(m->g1, rg, mid, x);
    s2 = poly_sign(m->d1, rg, mid, x);
    c1 = conj_sign(x->aelim + a, rg, mid, x);
    c2 = conj_sign(K->delim + cc->var_t[i], rg, mid, x);
    if (s1 * s1 != 1 || s2 * s2 != 1 || c1 == 0 || c2 == 0 || gd * gd != 1) return 0;
    /* g.n prod conj = h g1, det.n prod conj' = h d1, true det = det.n * q:
       sign g = s1 c1 gd sign h = s1 c1 gd s2 c2 q sign(det) */
    return s1 * c1 * gd * s2 * c2 * cc->var_q[i];
}

/* ------------------------------------------------------------ sign vectors no point gives (claim_statics_rel.c) */

static void cs_nf(fmpq_mpoly_t out, const fmpq_mpoly_t in, const void *data) { normal_form(out, in, (const cs_ctx *) data); }

static int sign_mask(int s) { return s < 0 ? CSR_NEG : s > 0 ? CSR_POS : CSR_ZERO; }

#define CS_REL_MAXX 40   /* derived quantities (parts a of a + b v, certified sums and differences) */
#define CS_REL_BUDGET 16 /* searches that found nothing, after which a claim stops searching (cost) */

/* the signs of a + b for a in s, b in t */
static int mask_add(int s, int t)
{
    int r = 0;
    if ((s & CSR_ZERO) && (t & CSR_ZERO)) r |= CSR_ZERO;
    if (((s & CSR_POS) && (t & (CSR_POS | CSR_ZERO))) || ((t & CSR_POS) && (s & (CSR_POS | CSR_ZERO)))) r |= CSR_POS;
    if (((s & CSR_NEG) && (t & (CSR_NEG | CSR_ZERO))) || ((t & CSR_NEG) && (s & (CSR_NEG | CSR_ZERO)))) r |= CSR_NEG;
    if (((s & CSR_POS) && (t & CSR_NEG)) || ((s & CSR_NEG) && (t & CSR_POS))) r |= CSR_NEG | CSR_ZERO | CSR_POS;
    return r;
}

/* 1 if every optional square root in P (a root of a cone polynomial, line kind) is real at every point that
 * gives the determinants the signs fs: its radicand is certified >= 0 on the cell, or is, up to a positive
 * factor, a variable that is not partial (its sign is the true one at every point) with a sign >= 0 in fs */
static int rel_defined(const cs_ctx *x, const cs_cell *cc, const int *fs, const fmpq_mpoly_t P, arb_srcptr rg,
                       arb_srcptr mid)
{
    int k, i;
    for (k = 0; k < x->nslot; k++) {
        const cs_slot *sl = x->slot + k;
        int ok = 0;
        arb_t v;
        if (!sl->optional || fmpq_mpoly_degree_si(P, sl->var, x->ctx) <= 0) continue;
        arb_init(v);
        poly_box(v, sl->R, rg, mid, x);          /* the radicand >= 0 on the whole cell */
        ok = arb_is_nonnegative(v);
        arb_clear(v);
        for (i = 0; i < cc->nvar && !ok; i++) {
            const fmpq_mpoly_struct *d = x->call[cc->var_call[i]].det + cc->var_t[i];
            fmpq_t a, b;
            fmpq_mpoly_t t;
            if (cc->var_partial[i]) continue;
            fmpq_init(a); fmpq_init(b); fmpq_mpoly_init(t, x->ctx);
            if (!fmpq_mpoly_is_zero(d, x->ctx) && !fmpq_mpoly_is_zero(sl->R, x->ctx)) {
                /* d = (lc d / lc R) R exactly? then sign R = sign(lc d / lc R) sign d */
                fmpq_mpoly_get_term_coeff_fmpq(a, d, 0, x->ctx);
                fmpq_mpoly_get_term_coeff_fmpq(b, sl->R, 0, x->ctx);
                fmpq_div(a, a, b);
                fmpq_mpoly_scalar_mul_fmpq(t, sl->R, a, x->ctx);
                if (fmpq_mpoly_equal(t, d, x->ctx) && fmpq_sgn(a) * fs[i] * cc->var_q[i] >= 0) ok = 1;
            }
            fmpq_clear(a); fmpq_clear(b); fmpq_mpoly_clear(t, x->ctx);
        }
        if (!ok) return 0;
    }
    return 1;
}

/* 1 if no point of the cell gives the undecided determinants the signs fs and the free atoms the values
 * cc->free: an exact relation among the quantities whose signs those fix contradicts them
 * (claim_statics_rel_excludes). Each quantity's sign set is the one it has at every point that realises
 * the vector: a variable's own sign (of det, that is fs times the sign q of its denominator), a model
 * condition's certified sign, an atom's numerator from its value and its denominator's certified sign, a
 * square root's sign >= 0; a polynomial in an optional square root only where its radicand is >= 0. */
static int rel_excluded(cs_ctx *x, const cs_cell *cc, const int *fs, arb_srcptr rg, arb_srcptr mid)
{
    const fmpq_mpoly_struct *P[CS_MAXV + CS_MAXT + CS_MAXATOM + CS_MAXU + CS_REL_MAXX];
    int mask[CS_MAXV + CS_MAXT + CS_MAXATOM + CS_MAXU + CS_REL_MAXX], n = 0, nb, ne = 0, i, k, t, a, r;
    int dep[CS_MAXV + CS_MAXT + CS_MAXATOM + CS_MAXU + CS_REL_MAXX];
    fmpq_mpoly_struct gen[CS_MAXU], ext[CS_REL_MAXX];
    if (x->rel_fail >= CS_REL_BUDGET) return 0;
    for (k = 0; k < x->ncall; k++)      /* spatial cones only (the planar certificate has not needed it) */
        if (x->call[k].kind != 1) return 0;
    for (i = 0; i < cc->nvar; i++) {
        const fmpq_mpoly_struct *d = x->call[cc->var_call[i]].det + cc->var_t[i];
        if (!rel_defined(x, cc, fs, d, rg, mid)) continue;
        P[n] = d;
        dep[n] = 1;
        mask[n++] = sign_mask(fs[i] * cc->var_q[i]);
    }
    for (k = 0; k < x->ncall; k++) {
        const cs_call *K = x->call + k;
        if (K->kind != 1) continue;
        for (t = 0; t < K->nT; t++) {
            int s;
            if (K->det_zero[t] || fmpq_mpoly_is_fmpq(K->det + t, x->ctx)) continue;
            if (cc->cdec[k] < 0 && cc->tsign[k][t] == 2) continue;           /* a variable: above */
            if (!rel_defined(x, cc, fs, K->det + t, rg, mid)) continue;
            s = poly_sign(K->det + t, rg, mid, x);
            if (s < -1 || s > 1) continue;
            P[n] = K->det + t;
            dep[n] = 0;
            mask[n++] = sign_mask(s);
        }
    }
    for (a = 0; a < x->natom; a++) {
        int sd, m;
        if (x->atom_zero[a] || fmpq_mpoly_is_fmpq(x->atom[a].n, x->ctx)) continue;
        if (!rel_defined(x, cc, fs, x->atom[a].n, rg, mid)) continue;
        sd = poly_sign(x->atom[a].d, rg, mid, x);
        if (sd != 1 && sd != -1) continue;
        if (cc->asign[a] >= -1 && cc->asign[a] <= 1) m = sign_mask(cc->asign[a] * sd);
        else if (cc->asign[a] == 2) m = sign_mask(cc->aeps[a] * fs[cc->afacet[a]] * sd);
        else {
            int v = (cc->free >> cc->afacet[a]) & 1, op = x->atom_op[a];
            if (op == EXPR_LT) m = v ? CSR_NEG : CSR_ZERO | CSR_POS;
            else if (op == EXPR_LE) m = v ? CSR_NEG | CSR_ZERO : CSR_POS;
            else if (op == EXPR_GT) m = v ? CSR_POS : CSR_ZERO | CSR_NEG;
            else if (op == EXPR_GE) m = v ? CSR_POS | CSR_ZERO : CSR_NEG;
            else continue;
            if (sd < 0) m = (m & CSR_ZERO) | ((m & CSR_POS) ? CSR_NEG : 0) | ((m & CSR_NEG) ? CSR_POS : 0);
        }
        P[n] = x->atom[a].n;
        dep[n] = cc->asign[a] == 2 || cc->asign[a] == 3;
        mask[n++] = m;
    }
    nb = n;
    for (k = 0; k < x->nslot; k++) fmpq_mpoly_init(gen + k, x->ctx);
    for (k = 0; k < CS_REL_MAXX; k++) fmpq_mpoly_init(ext + k, x->ctx);
    for (k = 0; k < x->nslot; k++) {
        if (!x->slot[k].is_sqrt) continue;
        fmpq_mpoly_gen(gen + k, x->slot[k].var, x->ctx);
        if (!rel_defined(x, cc, fs, gen + k, rg, mid)) continue;
        P[n] = gen + k;
        dep[n] = 0;
        mask[n++] = CSR_POS | CSR_ZERO;
    }
    /* P = a + b v with sign b certified: a = P - b v has the signs of P plus those of -b v (v >= 0) */
    for (i = 0; i < nb; i++)
        for (k = 0; k < x->nslot; k++) {
            const cs_slot *sl = x->slot + k;
            fmpq_mpoly_t b;
            int sb;
            if (!sl->is_sqrt || fmpq_mpoly_degree_si(P[i], sl->var, x->ctx) != 1 || ne == CS_REL_MAXX) continue;
            fmpq_mpoly_init(b, x->ctx);
            split_slot(ext + ne, b, P[i], sl, x);
            normal_form(ext + ne, ext + ne, x);
            sb = rel_defined(x, cc, fs, b, rg, mid) ? poly_sign(b, rg, mid, x) : 2;
            if ((sb == 1 || sb == -1) && !fmpq_mpoly_is_fmpq(ext + ne, x->ctx)) {
                int m = mask_add(mask[i], CSR_ZERO | (sb > 0 ? CSR_NEG : CSR_POS));
                if (!(m & CSR_NEG) || !(m & CSR_POS)) { P[n] = ext + ne; dep[n] = dep[i]; mask[n++] = m; ne++; }
            }
            fmpq_mpoly_clear(b, x->ctx);
        }
    /* sums and differences of two of them with a certified sign on the cell */
    for (i = 0; i < nb; i++)
        for (k = i + 1; k < nb; k++) {
            int sg;
            if (!dep[i] && !dep[k]) continue;
            for (sg = -1; sg <= 1 && ne < CS_REL_MAXX; sg += 2) {
                int s2;
                if (sg < 0) fmpq_mpoly_sub(ext + ne, P[i], P[k], x->ctx);
                else fmpq_mpoly_add(ext + ne, P[i], P[k], x->ctx);
                if (fmpq_mpoly_is_fmpq(ext + ne, x->ctx)) continue;
                s2 = poly_sign(ext + ne, rg, mid, x);
                if (s2 == 1 || s2 == -1) { P[n] = ext + ne; dep[n] = 0; mask[n++] = sign_mask(s2); ne++; }
            }
        }
    if (x->rel_memo == NULL) x->rel_memo = csr_memo_new();
    r = claim_statics_rel_excludes_memo(x->rel_memo, P, mask, dep, n, x->ctx, cs_nf, x);
    if (!r) x->rel_fail++;
    for (k = 0; k < x->nslot; k++) fmpq_mpoly_clear(gen + k, x->ctx);
    for (k = 0; k < CS_REL_MAXX; k++) fmpq_mpoly_clear(ext + k, x->ctx);
    return r;
}

static int cell_certify_once(cs_ctx *x, arb_srcptr box);

/* 1 if claim and model are proved to agree at every point of the cell box:
 * with the instruction's own verdict on the cell where it has one, else (or
 * when that fails, for line-kind calls) from the model's atoms alone */
static int cell_certify(cs_ctx *x, arb_srcptr box)
{
    int k, ok = cell_certify_once(x, box);
    for (k = 0; k < x->ncall && !ok; k++)
        if (x->call[k].kind == 1) {
            x->skip_cdec = 1;
            ok = cell_certify_once(x, box);
            x->skip_cdec = 0;
            break;
        }
    return ok;
}

static int cell_certify_once(cs_ctx *x, arb_srcptr box)
{
    arb_ptr rg = _arb_vec_init(x->nvars), mid = _arb_vec_init(x->nvars);
    cs_cell *cc = flint_calloc(1, sizeof(cs_cell));
    int ok = 0, a, k, i, fs[CS_MAXV], v;
    long nvec;
    if (cell_ranges(rg, mid, box, x)) goto done;
    for (k = 0; k < x->ncall; k++)
        if (call_cell(cc, k, x, box, rg, mid)) goto done;
    for (a = 0; a < x->natom; a++) {
        int s = x->atom_zero[a] ? 0 : frac_sign(x->atom[a].n, x->atom[a].d, rg, mid, x);
        if (s != 2) { cc->asign[a] = s; continue; }
        /* undecided: the sign of an undecided determinant, up to a certified factor. A partial variable
           (its atom defined only where a radicand is >= 0; the relation holds there) explains at most one
           atom, is never fixed and never linked to another: where it is undefined the model ignores it,
           so the value its one atom asks for is always available in the enumeration */
        for (i = 0; i < cc->nvar; i++) {
            int e, b2;
            if (cc->var_partial[i]) {
                for (b2 = 0; b2 < a; b2++)
                    if (cc->asign[b2] == 2 && cc->afacet[b2] == i) break;
                if (b2 < a) continue;
            }
            e = atom_var_eps(x, cc, a, i, rg, mid);
            if (e == 0) continue;
            cc->asign[a] = 2;
            cc->afacet[a] = i;
            cc->aeps[a] = e;
            break;
        }
        if (i == cc->nvar) {
            /* nothing explains it: a free truth value (it must not matter) */
            if (cc->nfree == CS_MAXFREE) goto done;
            cc->asign[a] = 3;
            cc->afacet[a] = cc->nfree++;
        }
    }
    /* a determinant the ball cannot sign may equal a decided atom up to a certified factor */
    for (i = 0; i < cc->nvar; i++)
        for (a = 0; a < x->natom && cc->var_fixed[i] == 2 && !cc->var_partial[i]; a++) {
            int e;
            if (cc->asign[a] < -1 || cc->asign[a] > 1) continue;
            if ((e = atom_var_eps(x, cc, a, i, rg, mid)) != 0) cc->var_fixed[i] = e * cc->asign[a];
        }
    /* two determinants equal to one undecided atom up to certified factors */
    for (i = 0; i < cc->nvar; i++) {
        int src_ok = 1;
        if (cc->var_partial[i])      /* a partial variable that explains an atom is not linked */
            for (a = 0; a < x->natom; a++)
                if (cc->asign[a] == 2 && cc->afacet[a] == i) src_ok = 0;
        for (a = 0; a < x->natom && src_ok && cc->var_fixed[i] == 2 && cc->var_link[i] < 0; a++) {
            int e;
            if (cc->asign[a] != 2 || cc->afacet[a] == i) continue;
            if ((e = atom_var_eps(x, cc, a, i, rg, mid)) != 0) {
                cc->var_link[i] = cc->afacet[a];
                cc->var_leps[i] = e * cc->aeps[a];
            }
        }
    }
    /* every sign vector of the undecided determinants, every value of the free atoms */
    nvec = 1;
    for (i = 0; i < cc->nvar; i++) nvec *= 3;
    nvec <<= cc->nfree;
    for (v = 0; v < nvec; v++) {
        long t = v;
        int p, q;
        for (i = 0; i < cc->nvar; i++) { fs[i] = (int) (t % 3) - 1; t /= 3; }
        cc->free = (int) t;
        for (i = 0; i < cc->nvar; i++)
            if ((cc->var_fixed[i] != 2 && fs[i] != cc->var_fixed[i]) ||
                (cc->var_weak[i] != 0 && fs[i] == -cc->var_weak[i]) ||
                (cc->var_link[i] >= 0 && fs[i] != cc->var_leps[i] * fs[cc->var_link[i]])) break;
        if (i < cc->nvar) continue;
        p = eval_node(x, cc, fs, x->root_claim);
        q = eval_node(x, cc, fs, x->root_model);
        if ((p < 0 || q < 0 || p != q) && rel_excluded(x, cc, fs, rg, mid)) continue;
        if (p < 0 || q < 0 || p != q) {
            goto done;
        }
    }
    ok = 1;
done:
    flint_free(cc);
    _arb_vec_clear(rg, x->nvars);
    _arb_vec_clear(mid, x->nvars);
    return ok;
}

/* cell with sub-division: 1 proved on the whole box */
static int cell_certify_split(cs_ctx *x, arb_ptr box, int px, int py, int extra)
{
    arb_t sx, sy;
    arf_t m;
    int i, j, ok = 1;
    if (cell_certify(x, box)) return 1;
    if (extra == 0) return 0;
    arb_init(sx); arb_init(sy); arf_init(m);
    arb_set(sx, box + px);
    if (py >= 0) arb_set(sy, box + py);
    for (i = 0; i < 2 && ok; i++)
        for (j = 0; j < (py >= 0 ? 2 : 1) && ok; j++) {
            arf_t lo, hi;
            arf_init(lo); arf_init(hi);
            arb_get_lbound_arf(lo, sx, x->prec);
            arb_get_ubound_arf(hi, sx, x->prec);
            arf_add(m, lo, hi, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_mul_2exp_si(m, m, -1);
            if (i == 0) arb_set_interval_arf(box + px, lo, m, x->prec);
            else arb_set_interval_arf(box + px, m, hi, x->prec);
            if (py >= 0) {
                arb_get_lbound_arf(lo, sy, x->prec);
                arb_get_ubound_arf(hi, sy, x->prec);
                arf_add(m, lo, hi, ARF_PREC_EXACT, ARF_RND_DOWN);
                arf_mul_2exp_si(m, m, -1);
                if (j == 0) arb_set_interval_arf(box + py, lo, m, x->prec);
                else arb_set_interval_arf(box + py, m, hi, x->prec);
            }
            arf_clear(lo); arf_clear(hi);
            ok = cell_certify_split(x, box, px, py, extra - 1);
        }
    arb_set(box + px, sx);
    if (py >= 0) arb_set(box + py, sy);
    arb_clear(sx); arb_clear(sy); arf_clear(m);
    return ok;
}

/* ------------------------------------------------------------ the claim */

static void ctx_clear(cs_ctx *x)
{
    int i, k, s;
    for (i = 0; i < x->natom; i++) {
        frac_clear(x->atom + i, x);
        if (x->aelim_done[i]) elim_clear(x->aelim + i, x);
        for (k = 0; k < x->ncall; k++)
            for (s = 0; s < CS_MAXT; s++)
                if (x->match_done[i][k][s]) {
                    fmpq_mpoly_clear(x->match[i][k][s].g1, x->ctx); fmpq_mpoly_clear(x->match[i][k][s].d1, x->ctx);
                    fmpq_mpoly_clear(x->match[i][k][s].gd1, x->ctx); fmpq_mpoly_clear(x->match[i][k][s].dd1, x->ctx);
                }
    }
    for (k = 0; k < x->ncall; k++) call_clear(x->call + k, x);
    for (i = 0; i < x->nslot; i++) fmpq_mpoly_clear(x->slot[i].R, x->ctx);
    claim_cell_ctx_clear(&x->cell);
    csr_memo_free(x->rel_memo, x->ctx);
    fmpq_mpoly_ctx_clear(x->ctx);
}

/* a context for predicates cp and mp of case c: NULL outside the certificate */
static cs_ctx *ctx_new(const case_t *c, const expr_t cp, const expr_t mp)
{
    cs_ctx *x = flint_calloc(1, sizeof *x);
    int i;
    x->c = c;
    x->prec = c->prec > 0 ? c->prec : 128;
    claim_cell_ctx_init(&x->cell, c, x->prec);   /* the first 8 range parameters */
    x->nrange = x->cell.nrange;
    for (i = 0; i < x->nrange; i++) x->range_param[i] = x->cell.range_param[i];
    x->nvars = 3 * x->nrange + CS_MAXU;
    fmpq_mpoly_ctx_init(x->ctx, x->nvars, ORD_LEX);
    x->cell.ctx = x->ctx;
    x->cell.nvars = x->nvars;
    x->root_claim = build(cp, x, 0);
    x->root_model = x->root_claim >= 0 ? build(mp, x, 0) : -1;
    if (x->root_claim < 0 || x->root_model < 0 || x->ncall == 0) {
        ctx_clear(x);
        flint_free(x);
        return NULL;
    }
    return x;
}

int claim_statics_eval(const case_t *c, const expr_t pred, arb_srcptr box)
{
    cs_ctx *x = ctx_new(c, pred, pred);
    arb_ptr rg, mid;
    cs_cell *cc;
    int r = -1, k, a, fs[1] = {0};
    if (x == NULL) return -1;
    x->no_numeric = 1;
    rg = _arb_vec_init(x->nvars);
    mid = _arb_vec_init(x->nvars);
    cc = flint_calloc(1, sizeof(cs_cell));
    if (cell_ranges(rg, mid, box, x)) goto done;
    for (k = 0; k < x->ncall; k++)
        if (call_cell(cc, k, x, box, rg, mid)) goto done;
    if (cc->nvar > 0) goto done;
    for (a = 0; a < x->natom; a++) {
        cc->asign[a] = x->atom_zero[a] ? 0 : frac_sign(x->atom[a].n, x->atom[a].d, rg, mid, x);
        if (cc->asign[a] == 2) goto done;
    }
    r = eval_node(x, cc, fs, x->root_claim);
    if (r < 0) r = -1;
done:
    flint_free(cc);
    _arb_vec_clear(rg, x->nvars);
    _arb_vec_clear(mid, x->nvars);
    ctx_clear(x);
    flint_free(x);
    return r;
}

int claim_statics_boundary(claim_result *out, const case_t *c, const case_claim *cl)
{
    cs_ctx *x;
    expr_t cp = cl->claim, mp = cl->model;
    long i, ncells = 0, nproved = 0;
    double area = 0, parea = 0;
    int ok, rc = 0;
    arb_ptr box;
    arf_t a, b, d, e;

    if (!out->has_paving || out->status != CLAIM_CONSISTENT || out->pave.pending > 0 || out->pave.none > 0 ||
        cp == NULL || mp == NULL)
        return 0;
    if ((x = ctx_new(c, cp, mp)) == NULL) return 0;
    box = _arb_vec_init(c->nparams + 1);
    case_point_box(box, c, -1, x->prec);
    arf_init(a); arf_init(b); arf_init(d); arf_init(e);
    for (i = 0; i < out->pave.ncells; i++) {
        const pave_cell *cc = out->pave.cells + i;
        double w;
        if (cc->label != PAVE_UNDECIDED) continue;
        ncells++;
        w = 1.0;
        {
            int t;
            for (t = 0; t < cc->level; t++) w *= out->y >= 0 ? 0.25 : 0.5;
        }
        area += w;
        pave_cell_ends(a, b, d, e, &out->pave, cc);
        arb_set_interval_arf(box + out->x, a, b, x->prec);
        if (out->y >= 0) arb_set_interval_arf(box + out->y, d, e, x->prec);
        ok = cell_certify_split(x, box, out->x, out->y, CS_EXTRA);
        if (ok) { nproved++; parea += w; }
    }
    arf_clear(a); arf_clear(b); arf_clear(d); arf_clear(e);
    _arb_vec_clear(box, c->nparams + 1);
    if (ncells > 0) {
        char *dd;
        int spatial = 0, k;
        for (k = 0; k < x->ncall; k++)
            if (x->call[k].kind == 1) spatial = 1;
        if (nproved == ncells && spatial) {
            out->status = CLAIM_PROVED;
            out->undecided = 0;
            dd = fc_printf("Proved: the paving (depth %d) certifies the agreement on every cell but %ld undecided "
                           "ones along the boundaries; on each of those the boundary-cell certificate for spatial "
                           "cones proves it at every point. The balance equations leave one free reaction ξ "
                           "(Cramer's rule, exact), and on that line each cone is {N ≥ 0, ψ ≤ 0} with ψ quadratic "
                           "in ξ. So an equilibrium exists iff some root of an N or a ψ satisfies every other "
                           "condition (an end of the feasible interval is such a root). Each of those conditions "
                           "is an exact polynomial in the parameters and one square root (FLINT, over Q). It is "
                           "signed on the cell by ball arithmetic, or matched to a comparison of the closed form "
                           "by a common factor whose cofactors have certified signs. The two formulas agree for "
                           "every sign the conditions left open can take, except sign combinations proved to occur "
                           "nowhere on the cell: for each, an exact identity Σ λ T = 0 over Q among the conditions "
                           "and their products in which those signs make every term λ T ≥ 0 and one > 0.",
                           out->depth, ncells);
        } else if (nproved == ncells) {
            out->status = CLAIM_PROVED;
            out->undecided = 0;
            dd = fc_printf("Proved: the paving (depth %d) certifies the agreement on every cell but %ld undecided "
                           "ones along the boundaries; on each of those the boundary-cell certificate proves it "
                           "at every point: the statics model reduces on the cell to the signs of determinants of "
                           "its friction-cone edges and the load (the faces of the cone they span, Farkas), each "
                           "comparison of the closed form that the cell does not decide equals such a "
                           "determinant times a factor of certified sign (exact polynomial algebra over Q, "
                           "square roots and cosines removed by conjugates), and the two formulas agree for "
                           "every sign the undecided determinants can take.", out->depth, ncells);
        } else {
            double before = out->undecided;
            out->undecided = before * (area - parea) / area;
            dd = fc_printf("Consistent: no counterexample at depth %d. The paving leaves %ld cells undecided "
                           "(%.6g of the box); the boundary-cell certificate (%s against the closed form's "
                           "comparisons, exact algebra) proves the agreement on %ld of "
                           "them, so claim and model might differ only on the other %ld (%.6g of the box).",
                           out->depth, ncells, before, spatial ? "the model's conditions at the roots of its cone "
                           "polynomials on the line of balancing reactions" : "determinants of the cone edges",
                           nproved, ncells - nproved, out->undecided);
        }
        flint_free(out->detail);
        out->detail = dd;
    }
    rc = 1;
    ctx_clear(x);
    flint_free(x);
    return rc;
}
