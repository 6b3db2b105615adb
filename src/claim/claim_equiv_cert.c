/* claim_equiv_cert.c -- the boundary-cell certificate for an `equivalent`
 * claim between two closed forms (no model block): claim and model are
 * boolean combinations of comparisons, proved to agree on the cells that
 * their paving left undecided (typically the cells along a boundary that
 * both formulas share, where ball arithmetic can never decide).
 *
 * Exact data (the variables' layout and the enclosures on a cell are
 * claim_cell.h's, shared with claim_statics.c). Each comparison lhs OP rhs becomes g OP 0 with
 * g = lhs - rhs a fraction n/d of polynomials over Q (FLINT fmpq_mpoly) in
 * the range parameters x_i, their sines s_i, and algebraic variables: cos
 * c_i (c_i^2 = 1 - s_i^2), square roots v (v^2 = R, v >= 0, R certified
 * >= 0 on the cell) and absolute values w = |e| (w^2 = e^2, w >= 0); tan is
 * sin/cos; max and min on one side of a comparison are expanded
 * (max(a, b) < r iff a < r and b < r, ...). A denominator keeps every
 * factor whose vanishing makes the expression undefined, so d certified
 * nonzero on a cell means g is defined there.
 *
 * Elimination (once per claim). The algebraic variables are removed from
 * the numerator from the last to the first: n = a + b v modulo v^2 = R,
 * conj = a - b v, fin = a^2 - b^2 R = n conj at every point where the
 * relations hold. So n(p) prod conj_k(p) = fin(p) at every point p, with
 * fin a polynomial in the x_i and s_i only. fin is factored over Q
 * (fmpq_mpoly_factor): fin = cst prod f_j^e_j, each f_j made monic so that
 * a factor shared by several comparisons (of either side) is recognised.
 *
 * On a cell B (one undecided cell of the paving): the variables' ranges on B
 * (mean-value enclosures). A comparison whose g has a certified sign on B is
 * fixed. Otherwise sign d and every sign conj_k must be certified nonzero on
 * B; then at every point sign g = sign d prod sign conj_k sign cst
 * prod sign(f_j)^e_j. Each f_j with a certified sign on B is fixed, each
 * other one becomes a sign variable in {-1, 0, 1}; claim and model are then
 * boolean functions of these variables, evaluated for EVERY sign vector
 * (a superset of the vectors that occur on B) and required to agree. So
 * agreement proves claim <=> model at every point of B. A cell that fails
 * is split (up to EC_EXTRA more levels); the claim is proved only when every
 * undecided cell passes. */
#include <stdio.h>
#include <string.h>
#include <flint/fmpq_mpoly_factor.h>
#include "claim/claim_impl.h"
#include "claim/claim_cell.h"
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11
#pragma GCC diagnostic ignored "-Wstringop-overread"
#pragma GCC diagnostic ignored "-Wstringop-overflow"
#endif

#define EC_MAXU 8        /* algebraic variables (cosines, square roots, absolute values) */
#define EC_MAXR CLAIM_CELL_MAXR   /* range parameters */
#define EC_MAXATOM 32
#define EC_MAXNODE 256
#define EC_MAXFAC 64     /* distinct irreducible factors */
#define EC_MAXAF 16      /* factors of one comparison */
#define EC_MAXV 10       /* sign variables on a cell (3^10 vectors) */
#define EC_EXTRA 3
#define EC_MAXCH 8       /* piecewise terms (if, max, min inside arithmetic) fixed to a branch at once */

enum { EC_COS, EC_SQRT, EC_ABS };

typedef claim_cell_frac ec_frac;

typedef struct {
    int var, kind, param;  /* param: cos of range parameter param */
    fmpq_mpoly_t R;        /* var^2 = R */
    fmpq_mpoly_t base;     /* EC_ABS: var = |base| */
    int nrf;               /* EC_SQRT: R = rcst prod rfac^rexp (nrf = 0: not factored) */
    fmpq_t rcst;
    fmpq_mpoly_struct rfac[EC_MAXAF];
    ulong rexp[EC_MAXAF];
} ec_slot;

typedef struct {
    ec_frac g;             /* g = lhs - rhs */
    int op;                /* EXPR_LT .. EXPR_NE: g op 0 */
    int nconj;
    fmpq_mpoly_struct conj[EC_MAXU];
    int fin_zero;          /* fin is the zero polynomial */
    int cst_sign;          /* sign of the constant of fin's factorisation */
    int nf;
    int fidx[EC_MAXAF], fexp[EC_MAXAF];
    /* the denominator factored: d = dcst prod dfac^dexp (ndf = -1: not factored) */
    int ndf, dcst_sign;
    fmpq_mpoly_struct dfac[EC_MAXAF];
    int dexp[EC_MAXAF];
    /* where g is undefined (d = 0), some listed factor (of the global list)
       is 0: dfac k vanishes only where one of zw[k][0 .. nzw[k]-1] does;
       nzw[k] = -1: no such list (d may vanish anywhere it is not certified
       nonzero) */
    int nzw[EC_MAXAF];
    int zw[EC_MAXAF][EC_MAXAF];
    /* dplain[k]: dfac k holds no algebraic variable, so it is irreducible with
       monic form zw[k][0] and leading coefficient of sign dlcs[k]: its sign
       is dlcs[k] times that factor's sign variable */
    int dplain[EC_MAXAF], dlcs[EC_MAXAF];
} ec_atom;

/* EB_SAND, EB_SOR: and / or undefined when either side is (the expansion of max and min, which are
   undefined where an argument is) */
enum { EB_TRUE, EB_FALSE, EB_NOT, EB_AND, EB_OR, EB_XOR, EB_IMPLIES, EB_IFF, EB_ATOM, EB_SAND, EB_SOR };

typedef struct { int kind, a, b; } ec_node;

typedef struct {
    const case_t *c;
    fmpq_mpoly_ctx_t ctx;
    claim_cell_ctx cell;       /* x_i = variable i, s_i = nrange + i, c_i = 2 nrange + i, slot k = 3 nrange + k */
    int nslot;
    ec_slot slot[EC_MAXU];
    int natom;
    ec_atom atom[EC_MAXATOM];
    int nfac;
    fmpq_mpoly_struct fac[EC_MAXFAC];
    int nnode;
    ec_node node[EC_MAXNODE];
    int root_claim, root_model;
    int root_rel;              /* implication kinds: the node of claim => model (model => claim); -1 equivalent */
    const char *why;           /* why the pair is outside the certificate (the first reason met) */
    /* while a comparison is built: the piecewise terms fixed to a branch (choice_node[i] is read as its
       branch choice_val[i]), and the first piecewise term met that is not fixed (pending) */
    int nchoice;
    const expr_node *choice_node[EC_MAXCH];
    int choice_val[EC_MAXCH];
    const expr_node *pending;
} ec_ctx;

/* -1 after noting why (the first reason is kept) */
static int outside(ec_ctx *x, const char *why)
{
    if (x->why == NULL) x->why = why;
    return -1;
}

/* ------------------------------------------------------------ fractions */

static void frac_init(ec_frac *f, const ec_ctx *x) { claim_cell_frac_init(f, x->ctx); }
static void frac_clear(ec_frac *f, const ec_ctx *x) { claim_cell_frac_clear(f, x->ctx); }

static void frac_norm(ec_frac *f, const ec_ctx *x) { claim_cell_frac_norm(f, x->ctx); }

static int range_index(const ec_ctx *x, int param)
{
    int i;
    for (i = 0; i < x->cell.nrange; i++)
        if (x->cell.range_param[i] == param) return i;
    return -1;
}

/* the variable of a slot (found or added); -1 when full */
static int slot_get(ec_ctx *x, int kind, const fmpq_mpoly_t R, const fmpq_mpoly_t base, int param)
{
    int k;
    for (k = 0; k < x->nslot; k++) {
        const ec_slot *s = x->slot + k;
        if (s->kind != kind) continue;
        if (kind == EC_COS ? s->param == param
            : kind == EC_SQRT ? fmpq_mpoly_equal(s->R, R, x->ctx) : fmpq_mpoly_equal(s->base, base, x->ctx))
            return s->var;
    }
    if (x->nslot == EC_MAXU) return -1;
    k = x->nslot++;
    fmpq_mpoly_init(x->slot[k].R, x->ctx);
    fmpq_mpoly_init(x->slot[k].base, x->ctx);
    fmpq_mpoly_set(x->slot[k].R, R, x->ctx);
    if (base != NULL) fmpq_mpoly_set(x->slot[k].base, base, x->ctx);
    x->slot[k].kind = kind;
    x->slot[k].param = param;
    x->slot[k].var = kind == EC_COS ? 2 * x->cell.nrange + param : 3 * x->cell.nrange + k;
    x->slot[k].nrf = 0;
    fmpq_init(x->slot[k].rcst);
    if (kind == EC_SQRT && !fmpq_mpoly_is_fmpq(R, x->ctx)) {
        fmpq_mpoly_factor_t F;
        slong i;
        fmpq_mpoly_factor_init(F, x->ctx);
        if (fmpq_mpoly_factor(F, R, x->ctx) && F->num <= EC_MAXAF) {
            for (i = 0; i < F->num; i++)
                if (!fmpz_fits_si(F->exp + i)) break;
            if (i == F->num) {
                fmpq_set(x->slot[k].rcst, F->constant);
                for (i = 0; i < F->num; i++) {
                    fmpq_mpoly_init(x->slot[k].rfac + i, x->ctx);
                    fmpq_mpoly_set(x->slot[k].rfac + i, F->poly + i, x->ctx);
                    x->slot[k].rexp[i] = fmpz_get_ui(F->exp + i);
                }
                x->slot[k].nrf = (int) F->num;
            }
        }
        fmpq_mpoly_factor_clear(F, x->ctx);
    }
    return x->slot[k].var;
}

/* the sine (fn = FN_SIN) or cosine variable of range parameter index ri */
static int trig_var(ec_ctx *x, int fn, int ri)
{
    fmpq_mpoly_t R;
    int v;
    if (fn == FN_SIN) return x->cell.nrange + ri;
    fmpq_mpoly_init(R, x->ctx);
    fmpq_mpoly_gen(R, x->cell.nrange + ri, x->ctx);
    fmpq_mpoly_mul(R, R, R, x->ctx);
    fmpq_mpoly_neg(R, R, x->ctx);
    fmpq_mpoly_add_si(R, R, 1, x->ctx);
    v = slot_get(x, EC_COS, R, NULL, ri);
    fmpq_mpoly_clear(R, x->ctx);
    return v;
}

static int to_frac(ec_frac *out, const expr_node *e, ec_ctx *x, int depth);

/* v = e when e is a nonzero rational constant (exactly, by to_frac): 0, or -1 */
static int const_q(fmpq_t v, const expr_node *e, void *arg, int depth)
{
    ec_ctx *x = arg;
    ec_frac c;
    int r = -1;
    const char *why = x->why;
    frac_init(&c, x);
    if (to_frac(&c, e, x, depth) == 0) r = claim_cell_frac_get_const(v, &c, x->ctx);
    x->why = why;   /* a failed attempt is not the reason */
    frac_clear(&c, x);
    return r;
}

/* the variable of sqrt(r), r an integer */
static int sqrt_int_var(void *arg, slong r)
{
    ec_ctx *x = arg;
    fmpq_mpoly_t R;
    int v;
    fmpq_mpoly_init(R, x->ctx);
    fmpq_mpoly_set_si(R, r, x->ctx);
    v = slot_get(x, EC_SQRT, R, NULL, -1);
    fmpq_mpoly_clear(R, x->ctx);
    return v;
}

/* sn, cs = sin g, cos g exactly, as fractions; 0, or -1 outside. g is a
 * constant angle q pi (q a multiple of 1/4 or 1/6: claim_cell_angle_q,
 * claim_cell_exact_cos), a range parameter or a fixed one registered by
 * fixed_angles (their sine and cosine variables, c^2 = 1 - s^2), a
 * definition of one, atan(r) (sin = r/w, cos = 1/w, w = sqrt(1 + r^2) > 0,
 * r with a constant denominator), -a, a + b, a - b (the addition formulas)
 * or k a for an integer 2 <= k <= 4 (a + a + ...). */
static int trig_sc(ec_frac *sn, ec_frac *cs, const expr_node *g, ec_ctx *x, int depth)
{
    fmpq_t q, h;
    int idx, k, r = -1, ri, v;
    expr_t def;
    if (depth > 100) return -1;
    fmpq_init(q); fmpq_init(h);
    if (claim_cell_angle_q(q, g, x->c, const_q, x, depth + 1) == 0) {
        fmpq_set_si(h, 1, 2);
        fmpq_sub(h, h, q);   /* sin(q pi) = cos((1/2 - q) pi) */
        r = claim_cell_exact_cos(cs, q, sqrt_int_var, x, x->ctx) || claim_cell_exact_cos(sn, h, sqrt_int_var, x, x->ctx)
            ? outside(x, "a trigonometric function of a multiple of pi other than of pi/4 or pi/6") : 0;
        fmpq_clear(q); fmpq_clear(h);
        return r;
    }
    fmpq_clear(q); fmpq_clear(h);
    switch (g->kind) {
    case EXPR_VAR:
        k = expr_scope_lookup(x->c->scope, g->name, &idx, &def);
        if (k == 1) return trig_sc(sn, cs, def, x, depth + 1);
        if (k != 0 || idx < 0 || idx >= x->c->nparams || (ri = range_index(x, idx)) < 0)
            return outside(x, "a trigonometric function of a fixed parameter not registered");
        if ((v = trig_var(x, FN_SIN, ri)) < 0) return -1;
        fmpq_mpoly_gen(sn->n, v, x->ctx);
        fmpq_mpoly_one(sn->d, x->ctx);
        if ((v = trig_var(x, FN_COS, ri)) < 0) return outside(x, "more than 8 algebraic variables");
        fmpq_mpoly_gen(cs->n, v, x->ctx);
        fmpq_mpoly_one(cs->d, x->ctx);
        return 0;
    case EXPR_NEG:
        if (trig_sc(sn, cs, g->args[0], x, depth + 1)) return -1;
        fmpq_mpoly_neg(sn->n, sn->n, x->ctx);
        return 0;
    case EXPR_ADD: case EXPR_SUB: case EXPR_MUL: {
        /* sin(a +- b) = sa cb +- ca sb, cos(a +- b) = ca cb -+ sa sb; k a as a + (k - 1) a */
        ec_frac sa, ca, sb, cb, t;
        const expr_node *a = g->args[0], *b = g->args[1];
        int reps = 1, sub = g->kind == EXPR_SUB, i;
        if (g->kind == EXPR_MUL) {
            fmpq_t m;
            fmpq_init(m);
            for (i = 0; i < 2; i++)
                if (const_q(m, g->args[i], x, depth + 1) == 0 && fmpz_is_one(fmpq_denref(m)) &&
                    fmpz_cmp_si(fmpq_numref(m), 2) >= 0 && fmpz_cmp_si(fmpq_numref(m), 4) <= 0) {
                    reps = (int) fmpz_get_si(fmpq_numref(m)) - 1;
                    a = b = g->args[1 - i];
                    break;
                }
            fmpq_clear(m);
            if (i == 2) return outside(x, "a trigonometric function of a product");
        }
        frac_init(&sa, x); frac_init(&ca, x); frac_init(&sb, x); frac_init(&cb, x); frac_init(&t, x);
        r = trig_sc(&sa, &ca, a, x, depth + 1);
        if (r == 0) r = trig_sc(&sb, &cb, b, x, depth + 1);
        for (i = 0; r == 0 && i < reps; i++) {
            /* (sa, ca) = angle a, (sb, cb) = angle b; sn, cs = a +- b, then a := a +- b */
            fmpq_mpoly_set(sn->n, sa.n, x->ctx); fmpq_mpoly_set(sn->d, sa.d, x->ctx);
            fmpq_mpoly_set(t.n, ca.n, x->ctx); fmpq_mpoly_set(t.d, ca.d, x->ctx);
            r = claim_cell_frac_binary(sn, &cb, EXPR_MUL, x->ctx) || claim_cell_frac_binary(&t, &sb, EXPR_MUL, x->ctx) ||
                claim_cell_frac_binary(sn, &t, sub ? EXPR_SUB : EXPR_ADD, x->ctx);
            if (r) break;
            fmpq_mpoly_set(cs->n, ca.n, x->ctx); fmpq_mpoly_set(cs->d, ca.d, x->ctx);
            fmpq_mpoly_set(t.n, sa.n, x->ctx); fmpq_mpoly_set(t.d, sa.d, x->ctx);
            r = claim_cell_frac_binary(cs, &cb, EXPR_MUL, x->ctx) || claim_cell_frac_binary(&t, &sb, EXPR_MUL, x->ctx) ||
                claim_cell_frac_binary(cs, &t, sub ? EXPR_ADD : EXPR_SUB, x->ctx);
            fmpq_mpoly_set(sa.n, sn->n, x->ctx); fmpq_mpoly_set(sa.d, sn->d, x->ctx);
            fmpq_mpoly_set(ca.n, cs->n, x->ctx); fmpq_mpoly_set(ca.d, cs->d, x->ctx);
        }
        frac_clear(&sa, x); frac_clear(&ca, x); frac_clear(&sb, x); frac_clear(&cb, x); frac_clear(&t, x);
        return r ? -1 : 0;
    }
    case EXPR_FUNC:
        if (g->fn == FN_ATAN && g->nargs == 1) {
            /* sin(atan r) = r/w, cos(atan r) = 1/w, w = sqrt(1 + r^2) >= 1 */
            ec_frac rr;
            fmpq_mpoly_t R;
            frac_init(&rr, x);
            fmpq_mpoly_init(R, x->ctx);
            r = to_frac(&rr, g->args[0], x, depth + 1);
            if (r == 0 && !fmpq_mpoly_is_fmpq(rr.d, x->ctx)) r = outside(x, "atan of a quotient inside a trigonometric function");
            if (r == 0) {
                claim_cell_frac_norm(&rr, x->ctx);
                fmpq_mpoly_mul(R, rr.n, rr.n, x->ctx);
                fmpq_mpoly_add_si(R, R, 1, x->ctx);
                if (fmpq_mpoly_is_fmpq(R, x->ctx)) {
                    fmpq_t c;
                    fmpq_init(c);
                    fmpq_mpoly_get_fmpq(c, R, x->ctx);
                    if (fmpz_is_square(fmpq_numref(c)) && fmpz_is_square(fmpq_denref(c))) {
                        fmpz_sqrt(fmpq_numref(c), fmpq_numref(c));
                        fmpz_sqrt(fmpq_denref(c), fmpq_denref(c));
                        fmpq_mpoly_set_fmpq(cs->d, c, x->ctx);
                        v = -2;
                    } else v = slot_get(x, EC_SQRT, R, NULL, -1);
                    fmpq_clear(c);
                } else v = slot_get(x, EC_SQRT, R, NULL, -1);
                if (v == -1) r = outside(x, "more than 8 algebraic variables");
                else {
                    if (v >= 0) fmpq_mpoly_gen(cs->d, v, x->ctx);
                    fmpq_mpoly_one(cs->n, x->ctx);
                    fmpq_mpoly_swap(sn->n, rr.n, x->ctx);
                    fmpq_mpoly_set(sn->d, cs->d, x->ctx);
                    claim_cell_frac_norm(sn, x->ctx);
                    claim_cell_frac_norm(cs, x->ctx);
                }
            }
            fmpq_mpoly_clear(R, x->ctx);
            frac_clear(&rr, x);
            return r;
        }
        return outside(x, "a trigonometric function of a function other than atan");
    default:
        return outside(x, "a trigonometric function of an unsupported expression");
    }
}

/* out = e exactly, as a fraction (see the header); 0, or -1 outside */
static int to_frac(ec_frac *out, const expr_node *e, ec_ctx *x, int depth)
{
    ec_frac a;
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
        if ((v = range_index(x, idx)) < 0) return outside(x, "a parameter that is not a range");
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
        if (p->kind != EXPR_NUM || !fmpz_is_one(fmpq_denref(p->num)) || !fmpz_fits_si(fmpq_numref(p->num)))
            return outside(x, "a power that is not an integer");
        k = fmpz_get_si(fmpq_numref(p->num));
        if (k < 0) { neg = !neg; k = -k; }
        if (k > 16) return outside(x, "a power above 16");
        if (to_frac(out, e->args[0], x, depth + 1)) return -1;
        return claim_cell_frac_pow(out, k, neg, x->ctx);
    }
    case EXPR_FUNC:
        if ((e->fn == FN_IF && e->nargs == 3) || ((e->fn == FN_MAX || e->fn == FN_MIN) && e->nargs == 2)) {
            /* a piecewise term: its branch when fixed (if: 0 the first value, 1 the second; max / min: 0 the
               first argument, 1 the second), else noted as pending for build_cmp to split on */
            int i;
            for (i = 0; i < x->nchoice; i++)
                if (x->choice_node[i] == e)
                    return to_frac(out, e->args[(e->fn == FN_IF) + x->choice_val[i]], x, depth + 1);
            if (x->pending == NULL) x->pending = e;
            return -1;
        }
        if (e->nargs != 1) return outside(x, "a function of several arguments inside a comparison");
        if (e->fn == FN_SQRT) {
            fmpq_t q;
            if (to_frac(out, e->args[0], x, depth + 1)) return -1;
            /* (sqrt(n/d) = sqrt(n d)/|d| would be sound, but on the shipped cases it proves nothing and costs
               0.2 s: ch5_top_figures Statement 7) */
            if (!fmpq_mpoly_is_fmpq(out->d, x->ctx)) return outside(x, "a square root of a quotient");
            fmpq_init(q);
            fmpq_mpoly_get_fmpq(q, out->d, x->ctx);
            fmpq_mpoly_scalar_div_fmpq(out->n, out->n, q, x->ctx);
            if (fmpq_mpoly_is_fmpq(out->n, x->ctx)) {
                /* the root of a rational constant: rational when it is a square, undefined when negative */
                fmpq_mpoly_get_fmpq(q, out->n, x->ctx);
                if (fmpq_sgn(q) < 0) { fmpq_clear(q); return outside(x, "a square root of a negative constant"); }
                if (fmpz_is_square(fmpq_numref(q)) && fmpz_is_square(fmpq_denref(q))) {
                    fmpz_sqrt(fmpq_numref(q), fmpq_numref(q));
                    fmpz_sqrt(fmpq_denref(q), fmpq_denref(q));
                    fmpq_mpoly_set_fmpq(out->n, q, x->ctx);
                    fmpq_clear(q);
                    return 0;
                }
            }
            fmpq_clear(q);
            if ((v = slot_get(x, EC_SQRT, out->n, NULL, -1)) < 0) return outside(x, "more than 8 algebraic variables");
            fmpq_mpoly_gen(out->n, v, x->ctx);
            fmpq_mpoly_one(out->d, x->ctx);
            return 0;
        }
        if (e->fn == FN_ABS) {
            /* |n/d| = |n d| / d^2 */
            fmpq_mpoly_t P, R;
            if (to_frac(out, e->args[0], x, depth + 1)) return -1;
            fmpq_mpoly_init(P, x->ctx);
            fmpq_mpoly_init(R, x->ctx);
            fmpq_mpoly_mul(P, out->n, out->d, x->ctx);
            fmpq_mpoly_mul(R, P, P, x->ctx);
            v = slot_get(x, EC_ABS, R, P, -1);
            fmpq_mpoly_clear(P, x->ctx);
            fmpq_mpoly_clear(R, x->ctx);
            if (v < 0) return outside(x, "more than 8 algebraic variables");
            fmpq_mpoly_gen(out->n, v, x->ctx);
            fmpq_mpoly_mul(out->d, out->d, out->d, x->ctx);
            frac_norm(out, x);
            return 0;
        }
        if (e->fn == FN_SIN || e->fn == FN_COS || e->fn == FN_TAN) {
            ec_frac sn, cs;
            frac_init(&sn, x);
            frac_init(&cs, x);
            r = trig_sc(&sn, &cs, e->args[0], x, depth + 1);
            if (r == 0) {
                if (e->fn == FN_SIN) fmpq_mpoly_swap(out->n, sn.n, x->ctx), fmpq_mpoly_swap(out->d, sn.d, x->ctx);
                else if (e->fn == FN_COS) fmpq_mpoly_swap(out->n, cs.n, x->ctx), fmpq_mpoly_swap(out->d, cs.d, x->ctx);
                else if (fmpq_mpoly_is_zero(cs.n, x->ctx)) r = outside(x, "tan of an angle whose cosine is 0");
                else {
                    r = claim_cell_frac_binary(&sn, &cs, EXPR_DIV, x->ctx);
                    fmpq_mpoly_swap(out->n, sn.n, x->ctx);
                    fmpq_mpoly_swap(out->d, sn.d, x->ctx);
                }
            }
            frac_clear(&sn, x);
            frac_clear(&cs, x);
            return r;
        }
        return outside(x, "a transcendental or unsupported function");
    default:
        return outside(x, "an unsupported operation inside a comparison");
    }
}

/* ------------------------------------------------------------ elimination */

/* fin = P prod conj (appended to at), free of the algebraic variables
 * (slots removed from the last to the first: a radicand holds only earlier
 * slots) */
static void elim_run(fmpq_mpoly_t fin, ec_atom *at, const fmpq_mpoly_t P, const ec_ctx *x)
{
    fmpq_mpoly_t a, b, t;
    int k;
    fmpq_mpoly_init(a, x->ctx); fmpq_mpoly_init(b, x->ctx); fmpq_mpoly_init(t, x->ctx);
    fmpq_mpoly_set(fin, P, x->ctx);
    for (k = x->nslot - 1; k >= 0; k--) {
        const ec_slot *s = x->slot + k;
        claim_cell_split(a, b, fin, s->var, s->R, x->ctx);
        if (fmpq_mpoly_is_zero(b, x->ctx)) { fmpq_mpoly_swap(fin, a, x->ctx); continue; }
        fmpq_mpoly_init(at->conj + at->nconj, x->ctx);
        fmpq_mpoly_gen(t, s->var, x->ctx);
        fmpq_mpoly_mul(t, t, b, x->ctx);
        fmpq_mpoly_sub(at->conj + at->nconj, a, t, x->ctx);
        at->nconj++;
        fmpq_mpoly_mul(a, a, a, x->ctx);
        fmpq_mpoly_mul(b, b, b, x->ctx);
        fmpq_mpoly_mul(b, b, s->R, x->ctx);
        fmpq_mpoly_sub(fin, a, b, x->ctx);
    }
    fmpq_mpoly_clear(a, x->ctx); fmpq_mpoly_clear(b, x->ctx); fmpq_mpoly_clear(t, x->ctx);
}

/* index of the monic irreducible factor f in x's list (added); -1 when full */
static int fac_index(ec_ctx *x, const fmpq_mpoly_t f)
{
    int i;
    for (i = 0; i < x->nfac; i++)
        if (fmpq_mpoly_equal(x->fac + i, f, x->ctx)) return i;
    if (x->nfac == EC_MAXFAC) return -1;
    fmpq_mpoly_init(x->fac + x->nfac, x->ctx);
    fmpq_mpoly_set(x->fac + x->nfac, f, x->ctx);
    return x->nfac++;
}

/* 1 if P holds an algebraic variable */
static int has_slot(const ec_ctx *x, const fmpq_mpoly_t P)
{
    int i;
    for (i = 0; i < x->nslot; i++)
        if (fmpq_mpoly_degree_si(P, x->slot[i].var, x->ctx) > 0) return 1;
    return 0;
}

/* the factors of P (a polynomial free of algebraic variables) added to x's
 * list, their indices in idx; the count, or -1 */
static int factor_indices(ec_ctx *x, int *idx, const fmpq_mpoly_t P)
{
    fmpq_mpoly_factor_t F;
    fmpq_mpoly_t m;
    slong i;
    int n = 0;
    if (has_slot(x, P)) return -1;
    fmpq_mpoly_init(m, x->ctx);
    fmpq_mpoly_factor_init(F, x->ctx);
    if (!fmpq_mpoly_factor(F, P, x->ctx) || F->num > EC_MAXAF) n = -1;
    for (i = 0; n >= 0 && i < F->num; i++) {
        int k;
        fmpq_mpoly_make_monic(m, F->poly + i, x->ctx);
        if (fmpq_mpoly_is_fmpq(m, x->ctx)) continue;
        if ((k = fac_index(x, m)) < 0) n = -1;
        else idx[n++] = k;
    }
    fmpq_mpoly_factor_clear(F, x->ctx);
    fmpq_mpoly_clear(m, x->ctx);
    return n;
}

/* factors (indices into x's list, in out) one of which vanishes wherever the
 * denominator factor f does: f itself when it holds no algebraic variable;
 * for f = c v with v a square root (absolute value), the factors of its
 * radicand (of its argument). The count, or -1 when there is no such list. */
static int zero_witness(ec_ctx *x, int *out, const fmpq_mpoly_t f)
{
    int j;
    if (fmpq_mpoly_length(f, x->ctx) == 1 && fmpq_mpoly_total_degree_si(f, x->ctx) == 1)
        for (j = 0; j < x->nslot; j++)
            if (x->slot[j].kind != EC_COS && fmpq_mpoly_degree_si(f, x->slot[j].var, x->ctx) == 1)
                return factor_indices(x, out, x->slot[j].kind == EC_SQRT ? x->slot[j].R : x->slot[j].base);
    return factor_indices(x, out, f);
}

/* the elimination and factorisation of atom k; 0, or -1 outside */
static int atom_prepare(ec_ctx *x, int k)
{
    ec_atom *at = x->atom + k;
    fmpq_mpoly_t fin, m;
    fmpq_mpoly_factor_t F;
    fmpq_t lc;
    int r = 0;
    slong i;
    fmpq_mpoly_init(fin, x->ctx);
    fmpq_mpoly_init(m, x->ctx);
    fmpq_init(lc);
    elim_run(fin, at, at->g.n, x);
    at->fin_zero = fmpq_mpoly_is_zero(fin, x->ctx);
    at->nf = 0;
    at->cst_sign = 1;
    if (!at->fin_zero) {
        fmpq_mpoly_factor_init(F, x->ctx);
        if (!fmpq_mpoly_factor(F, fin, x->ctx)) r = outside(x, "a factorisation that failed");
        else {
            at->cst_sign = fmpq_sgn(F->constant);
            for (i = 0; i < F->num && r == 0; i++) {
                int fi;
                if (at->nf == EC_MAXAF || !fmpz_fits_si(F->exp + i)) { r = outside(x, "more than 16 factors"); break; }
                /* f = lc m, m monic: sign f = sign lc sign m */
                fmpq_mpoly_get_term_coeff_fmpq(lc, F->poly + i, 0, x->ctx);
                fmpq_mpoly_make_monic(m, F->poly + i, x->ctx);
                if (fmpq_sgn(lc) < 0 && fmpz_is_odd(F->exp + i)) at->cst_sign = -at->cst_sign;
                if (fmpq_mpoly_is_fmpq(m, x->ctx)) continue;
                if ((fi = fac_index(x, m)) < 0) { r = outside(x, "more than 64 distinct factors"); break; }
                at->fidx[at->nf] = fi;
                at->fexp[at->nf] = (int) fmpz_get_si(F->exp + i);
                at->nf++;
            }
        }
        fmpq_mpoly_factor_clear(F, x->ctx);
    }
    /* the denominator's factors (its sign where it is nonzero) */
    at->ndf = -1;
    if (r == 0) {
        fmpq_mpoly_factor_init(F, x->ctx);
        if (fmpq_mpoly_factor(F, at->g.d, x->ctx) && F->num <= EC_MAXAF) {
            at->ndf = 0;
            at->dcst_sign = fmpq_sgn(F->constant);
            for (i = 0; i < F->num; i++) {
                fmpq_mpoly_init(at->dfac + i, x->ctx);
                fmpq_mpoly_set(at->dfac + i, F->poly + i, x->ctx);
                at->dexp[i] = fmpz_is_odd(F->exp + i);
                at->nzw[i] = zero_witness(x, at->zw[i], F->poly + i);
                at->dplain[i] = at->nzw[i] == 1 && !has_slot(x, F->poly + i);
                if (at->dplain[i]) {
                    fmpq_mpoly_get_term_coeff_fmpq(lc, F->poly + i, 0, x->ctx);
                    at->dlcs[i] = fmpq_sgn(lc);
                }
                at->ndf++;
            }
        }
        fmpq_mpoly_factor_clear(F, x->ctx);
    }
    fmpq_clear(lc);
    fmpq_mpoly_clear(m, x->ctx);
    fmpq_mpoly_clear(fin, x->ctx);
    return r;
}

/* the sign of atom a's denominator at every point of the cell where it is
 * nonzero, except for the factors marked in *plain (dplain and not of
 * certified sign: their signs are sign variables, applied per sign vector):
 * 1 or -1, or 2 when not known. Each other factor of odd power has a
 * certified sign on the cell, or is c v with v a square root or an absolute
 * value (v > 0 wherever the factor is nonzero). */
static int den_sign_where_nonzero(const ec_ctx *x, const ec_atom *at, arb_srcptr rg, arb_srcptr mid, int *plain)
{
    int k, sd;
    *plain = 0;
    if (at->ndf < 0) return 2;
    sd = at->dcst_sign;
    for (k = 0; k < at->ndf; k++) {
        const fmpq_mpoly_struct *f = at->dfac + k;
        int t, j;
        t = claim_cell_poly_sign(f, rg, mid, &x->cell);
        if (t == 1 || t == -1) { if (at->dexp[k]) sd *= t; continue; }
        if (at->dplain[k]) { *plain |= 1 << k; continue; }
        if (!at->dexp[k]) continue;
        t = 2;
        if (fmpq_mpoly_length(f, x->ctx) == 1 && fmpq_mpoly_total_degree_si(f, x->ctx) == 1) {
            fmpq_t c;
            fmpq_init(c);
            fmpq_mpoly_get_term_coeff_fmpq(c, f, 0, x->ctx);
            for (j = 0; j < x->nslot; j++)
                if (x->slot[j].kind != EC_COS && fmpq_mpoly_degree_si(f, x->slot[j].var, x->ctx) == 1)
                    t = fmpq_sgn(c);
            fmpq_clear(c);
        }
        if (t == 2) return 2;
        sd *= t;
    }
    return sd;
}

/* ------------------------------------------------------------ signs on a cell */

/* the variables' ranges on a cell box (one ball per parameter), and their
 * midpoints; 0, or -1 when a radicand is not certified >= 0 */
static int cell_ranges(arb_ptr rg, arb_ptr mid, arb_srcptr box, const ec_ctx *x)
{
    int i, k, pass;
    arb_t t;
    arb_init(t);
    for (pass = 0; pass < 2; pass++) {
        arb_ptr r = pass ? mid : rg;
        for (i = 0; i < x->cell.nvars; i++) arb_zero(r + i);
        claim_cell_param_ranges(r, box, pass, &x->cell);
        for (k = 0; k < x->nslot; k++) {
            const ec_slot *s = x->slot + k;
            if (s->kind == EC_COS) continue;
            if (s->kind == EC_ABS) {
                /* the range only (pass 0): a midpoint value is |base| at the midpoints */
                arf_t lo, hi;
                claim_cell_poly_naive(t, s->base, r, &x->cell);
                if (!arb_is_finite(t)) { arb_clear(t); return -1; }
                arf_init(lo); arf_init(hi);
                arb_get_abs_lbound_arf(lo, t, x->cell.prec);
                arb_get_abs_ubound_arf(hi, t, x->cell.prec);
                arb_set_interval_arf(r + s->var, lo, hi, x->cell.prec);   /* [min |t|, max |t|] */
                claim_cell_ball_nonneg(r + s->var, x->cell.prec);
                arf_clear(lo); arf_clear(hi);
                continue;
            }
            claim_cell_poly_naive(r + s->var, s->R, r, &x->cell);
            if (!pass && !arb_is_nonnegative(r + s->var) && s->nrf > 0) {
                /* R >= 0 from one-sided signs of its factors (a zero of a factor at the cell's edge, such
                   as n = 1 of 1 - n^2 = -(n - 1)(n + 1), leaves the product's ball just below 0 by
                   rounding); then R's ball is clamped to [0, inf) */
                int f, sg = fmpq_sgn(s->rcst);
                for (f = 0; f < s->nrf && sg != 0; f++) {
                    if (s->rexp[f] % 2 == 0) continue;
                    claim_cell_poly_naive(t, s->rfac + f, r, &x->cell);
                    if (arb_is_nonnegative(t)) continue;
                    if (arb_is_nonpositive(t)) sg = -sg;
                    else sg = 0;
                }
                if (sg > 0) claim_cell_ball_nonneg(r + s->var, x->cell.prec);
            }
            if (!pass && !arb_is_nonnegative(r + s->var)) { arb_clear(t); return -1; }
            if (pass) {
                /* a centre for the mean-value form need not satisfy the relation: any point of the range */
                arb_get_mid_arb(r + s->var, r + s->var);
                arb_abs(r + s->var, r + s->var);
            }
            arb_sqrt(r + s->var, r + s->var, x->cell.prec);
            if (!arb_is_finite(r + s->var)) { arb_clear(t); return -1; }
            claim_cell_ball_nonneg(r + s->var, x->cell.prec);
        }
    }
    arb_clear(t);
    for (i = 0; i < x->cell.nvars; i++) arb_union(rg + i, rg + i, mid + i, x->cell.prec);
    for (k = 0; k < x->nslot; k++)
        if (x->slot[k].kind != EC_COS) claim_cell_ball_nonneg(rg + x->slot[k].var, x->cell.prec);
    return 0;
}

/* ------------------------------------------------------------ boolean structure */

static int add_node(ec_ctx *x, int kind, int a, int b)
{
    if (x->nnode == EC_MAXNODE) return -1;
    x->node[x->nnode].kind = kind;
    x->node[x->nnode].a = a;
    x->node[x->nnode].b = b;
    return x->nnode++;
}

static const expr_node *resolve_num(const expr_node *e, const ec_ctx *x)
{
    expr_t def;
    int guard = 0, idx;
    while (e->kind == EXPR_VAR && guard++ < 64 && expr_scope_lookup(x->c->scope, e->name, &idx, &def) == 1) e = def;
    return e;
}

static int flip_op(int op)
{
    switch (op) {
    case EXPR_LT: return EXPR_GT;
    case EXPR_LE: return EXPR_GE;
    case EXPR_GT: return EXPR_LT;
    case EXPR_GE: return EXPR_LE;
    default: return op;
    }
}

/* node of "l op r"; max / min on either side expanded; -1 outside */
static int build(const expr_node *e, ec_ctx *x, int depth);
static int build_cmp(ec_ctx *x, int op, const expr_node *l, const expr_node *r, int depth);

/* node of "l op r" for a piecewise term p met in l or r: (c and [p = first] l op r) or (not c and [p = second]
 * l op r), c its condition (if: the predicate; max(a, b): a >= b; min(a, b): a <= b). Exact at every point
 * where c is defined; where c is undefined the node is undefined or has the value it has for both branches
 * (Kleene), never a value the evaluator would not give. -1 outside. */
static int build_piecewise(ec_ctx *x, int op, const expr_node *l, const expr_node *r, const expr_node *p, int depth)
{
    int c, nc, A, B, k;
    if (x->nchoice == EC_MAXCH) return outside(x, "more than 8 nested piecewise terms (if, max, min)");
    if (p->fn == FN_IF) c = build(p->args[0], x, depth + 1);
    else c = build_cmp(x, p->fn == FN_MAX ? EXPR_GE : EXPR_LE, p->args[0], p->args[1], depth + 1);
    if (c < 0) return -1;
    k = x->nchoice++;
    x->choice_node[k] = p;
    x->choice_val[k] = 0;
    A = build_cmp(x, op, l, r, depth + 1);
    x->choice_val[k] = 1;
    B = A >= 0 ? build_cmp(x, op, l, r, depth + 1) : -1;
    x->nchoice = k;
    if (B < 0) return -1;
    if ((nc = add_node(x, EB_NOT, c, -1)) < 0 || (A = add_node(x, EB_AND, c, A)) < 0 ||
        (B = add_node(x, EB_AND, nc, B)) < 0)
        return -1;
    return add_node(x, EB_OR, A, B);
}

static int build_cmp(ec_ctx *x, int op, const expr_node *l, const expr_node *r, int depth)
{
    int k, a, b;
    if (depth > 100) return -1;
    l = resolve_num(l, x);
    r = resolve_num(r, x);
    if (r->kind == EXPR_FUNC && (r->fn == FN_MAX || r->fn == FN_MIN) && op != EXPR_EQ && op != EXPR_NE)
        return build_cmp(x, flip_op(op), r, l, depth + 1);
    if (l->kind == EXPR_FUNC && (l->fn == FN_MAX || l->fn == FN_MIN)) {
        /* max(a, b) < r iff a < r and b < r; max(a, b) > r iff a > r or b > r; min the other way round */
        int below = op == EXPR_LT || op == EXPR_LE, conj;
        if (l->nargs != 2 || op == EXPR_EQ || op == EXPR_NE) return outside(x, "max / min in an equation or of more than two");
        conj = (l->fn == FN_MAX) == below;
        if ((a = build_cmp(x, op, l->args[0], r, depth + 1)) < 0 || (b = build_cmp(x, op, l->args[1], r, depth + 1)) < 0)
            return -1;
        return add_node(x, conj ? EB_SAND : EB_SOR, a, b);
    }
    if (x->natom == EC_MAXATOM) return outside(x, "more than 32 comparisons");
    k = x->natom++;
    frac_init(&x->atom[k].g, x);
    x->atom[k].nconj = 0;
    x->atom[k].op = op;
    {
        ec_frac g, rr;
        int bad;
        frac_init(&g, x);
        frac_init(&rr, x);
        x->pending = NULL;
        bad = to_frac(&g, l, x, 0) || to_frac(&rr, r, x, 0);
        if (bad && x->pending != NULL) {
            /* a piecewise term: this comparison is split on its branches instead */
            const expr_node *p = x->pending;
            x->pending = NULL;
            frac_clear(&g, x);
            frac_clear(&rr, x);
            frac_clear(&x->atom[k].g, x);
            x->natom--;
            return build_piecewise(x, op, l, r, p, depth);
        }
        if (!bad) {   /* g = lhs - rhs */
            fmpq_mpoly_mul(g.n, g.n, rr.d, x->ctx);
            fmpq_mpoly_mul(rr.n, rr.n, g.d, x->ctx);
            fmpq_mpoly_sub(g.n, g.n, rr.n, x->ctx);
            fmpq_mpoly_mul(g.d, g.d, rr.d, x->ctx);
            frac_norm(&g, x);
            fmpq_mpoly_swap(x->atom[k].g.n, g.n, x->ctx);
            fmpq_mpoly_swap(x->atom[k].g.d, g.d, x->ctx);
        }
        frac_clear(&g, x);
        frac_clear(&rr, x);
        if (bad) return -1;
    }
    if ((a = add_node(x, EB_ATOM, k, -1)) < 0) return -1;
    return a;
}

/* node index of predicate e, or -1 outside the certificate */
static int build(const expr_node *e, ec_ctx *x, int depth)
{
    int a, b, idx;
    expr_t def;
    if (depth > 100) return -1;
    switch (e->kind) {
    case EXPR_TRUE: return add_node(x, EB_TRUE, -1, -1);
    case EXPR_FALSE: return add_node(x, EB_FALSE, -1, -1);
    case EXPR_VAR:
        if (expr_scope_lookup(x->c->scope, e->name, &idx, &def) != 2) return outside(x, "a name that is not a predicate");
        return build(def, x, depth + 1);
    case EXPR_NOT:
        if ((a = build(e->args[0], x, depth + 1)) < 0) return -1;
        return add_node(x, EB_NOT, a, -1);
    case EXPR_AND: case EXPR_OR: case EXPR_XOR: case EXPR_IMPLIES: case EXPR_IFF:
        if ((a = build(e->args[0], x, depth + 1)) < 0 || (b = build(e->args[1], x, depth + 1)) < 0) return -1;
        return add_node(x, e->kind == EXPR_AND ? EB_AND : e->kind == EXPR_OR ? EB_OR : e->kind == EXPR_XOR ? EB_XOR
                           : e->kind == EXPR_IMPLIES ? EB_IMPLIES : EB_IFF, a, b);
    case EXPR_LT: case EXPR_LE: case EXPR_GT: case EXPR_GE: case EXPR_EQ: case EXPR_NE:
        return build_cmp(x, e->kind, e->args[0], e->args[1], depth + 1);
    default:
        return outside(x, "a quantifier, model block or other predicate that is not a comparison");
    }
}

/* truth value of "g op 0" for sign s of g */
static int cmp_value(int op, int s)
{
    switch (op) {
    case EXPR_LT: return s < 0;
    case EXPR_LE: return s <= 0;
    case EXPR_GT: return s > 0;
    case EXPR_GE: return s >= 0;
    case EXPR_EQ: return s == 0;
    default: return s != 0;
    }
}

/* three-valued (Kleene, as the evaluator): 0 false, 1 true, 2 undefined */
static int eval_node(const ec_ctx *x, const int *tv, int i)
{
    const ec_node *n = x->node + i;
    int a, b;
    switch (n->kind) {
    case EB_TRUE: return 1;
    case EB_FALSE: return 0;
    case EB_NOT: a = eval_node(x, tv, n->a); return a == 2 ? 2 : !a;
    case EB_ATOM: return tv[n->a];
    default:
        a = eval_node(x, tv, n->a);
        b = eval_node(x, tv, n->b);
        if (n->kind == EB_SAND || n->kind == EB_SOR) {
            if (a == 2 || b == 2) return 2;
            return n->kind == EB_SAND ? a && b : a || b;
        }
        if (n->kind == EB_IMPLIES) { a = a == 2 ? 2 : !a; }
        if (n->kind == EB_AND) {
            if (a == 0 || b == 0) return 0;
            return a == 2 || b == 2 ? 2 : 1;
        }
        if (n->kind == EB_OR || n->kind == EB_IMPLIES) {
            if (a == 1 || b == 1) return 1;
            return a == 2 || b == 2 ? 2 : 0;
        }
        if (a == 2 || b == 2) return 2;
        if (n->kind == EB_XOR) return a != b;
        return a == b;
    }
}

/* ------------------------------------------------------------ one cell */

/* the state of a comparison on a cell */
enum { EA_FIXED, EA_FACTORS, EA_FREE };

/* 1 if claim and model are proved to agree at every point of the cell box
 * (both defined there, in the evaluator's three-valued logic) */
static int cell_certify(const ec_ctx *x, arb_srcptr box)
{
    arb_ptr rg = _arb_vec_init(x->cell.nvars), mid = _arb_vec_init(x->cell.nvars);
    int ast[EC_MAXATOM], asign[EC_MAXATOM], amul[EC_MAXATOM], mayu[EC_MAXATOM], dnz[EC_MAXATOM], dpl[EC_MAXATOM];
    int fvar[EC_MAXFAC], fsign[EC_MAXFAC], fs[EC_MAXV];
    int ok = 0, a, j, i, nv = 0, nopt = 0;
    long nvec, v;
    arb_t dv;
    arb_init(dv);
    if (cell_ranges(rg, mid, box, x)) goto done;
    for (j = 0; j < x->nfac; j++) fvar[j] = -2;   /* not looked at */
    for (a = 0; a < x->natom; a++) {
        const ec_atom *at = x->atom + a;
        int s = claim_cell_poly_sign(at->g.n, rg, mid, &x->cell);
        int sd = claim_cell_poly_sign(at->g.d, rg, mid, &x->cell), k;
        mayu[a] = 0;
        dnz[a] = 0;
        dpl[a] = 0;
        if (sd != 1 && sd != -1) {
            /* g may be undefined on the cell (d = 0 somewhere); where it is defined, d has the sign of
               a one-sided bound when there is one */
            mayu[a] = 1;
            nopt++;
            sd = den_sign_where_nonzero(x, at, rg, mid, dpl + a);
            /* the factors whose vanishing may make g undefined: variables too */
            for (k = 0; at->ndf >= 0 && k < at->ndf; k++) {
                int z, t0 = claim_cell_poly_sign(at->dfac + k, rg, mid, &x->cell);
                if (t0 == 1 || t0 == -1) { dnz[a] |= 1 << k; continue; }
                if (at->nzw[k] < 0) continue;
                for (z = 0; z < at->nzw[k]; z++) {
                    int f = at->zw[k][z];
                    if (fvar[f] != -2) continue;
                    fsign[f] = claim_cell_poly_sign(x->fac + f, rg, mid, &x->cell);
                    if (fsign[f] == 2) {
                        if (nv == EC_MAXV) goto done;
                        fvar[f] = nv++;
                    } else fvar[f] = -1;
                }
            }
            if (sd == 2) { ast[a] = EA_FREE; nopt++; continue; }   /* the value where defined is free */
        }
        if (s != 2) { ast[a] = EA_FIXED; asign[a] = s * sd; continue; }
        ast[a] = EA_FACTORS;
        amul[a] = sd * at->cst_sign;
        for (k = 0; k < at->nconj && ast[a] == EA_FACTORS; k++) {
            int t = claim_cell_poly_sign(at->conj + k, rg, mid, &x->cell);
            if (t != 1 && t != -1) ast[a] = EA_FREE;
            else amul[a] *= t;
        }
        if (ast[a] == EA_FREE) { nopt++; continue; }
        if (at->fin_zero) { ast[a] = EA_FIXED; asign[a] = 0; continue; }
        for (k = 0; k < at->nf; k++) {
            int f = at->fidx[k];
            if (fvar[f] != -2) continue;
            fsign[f] = claim_cell_poly_sign(x->fac + f, rg, mid, &x->cell);
            if (fsign[f] == 2) {
                if (nv == EC_MAXV) goto done;
                fvar[f] = nv++;
            } else fvar[f] = -1;
        }
    }
    /* every sign vector of the factor variables, and for each comparison that may be undefined (or
       is free) every choice: its value or undefined (free: true, false, undefined) */
    if (nv + nopt > 14) goto done;
    nvec = 1;
    for (i = 0; i < nv; i++) nvec *= 3;
    nvec <<= nopt;
    for (v = 0; v < nvec; v++) {
        int tv[EC_MAXATOM], skip = 0;
        long t = v;
        for (i = 0; i < nv; i++) { fs[i] = (int) (t % 3) - 1; t /= 3; }
        for (a = 0; a < x->natom; a++) {
            const ec_atom *at = x->atom + a;
            int k, s = 0, ubit = 0, vbit = 0, sdv = 1, must = 0, kk, z;
            if (mayu[a]) { ubit = (int) (t & 1); t >>= 1; }
            if (ast[a] == EA_FREE) { vbit = (int) (t & 1); t >>= 1; }
            /* the denominator's factors without algebraic variables (dpl): their sign variables give its
               sign, and one of them 0 means g is undefined at the point */
            for (kk = 0; dpl[a] && kk < at->ndf; kk++) {
                int f, fv;
                if (!(dpl[a] & (1 << kk))) continue;
                f = at->zw[kk][0];
                fv = fvar[f] >= 0 ? fs[fvar[f]] : fsign[f];
                if (fv == 0) must = 1;
                else if (at->dexp[kk]) sdv *= at->dlcs[kk] * fv;
            }
            if (must && !ubit) { skip = 1; break; }   /* covered by the vector with ubit set */
            if (ubit) {
                /* undefined only where a denominator factor vanishes */
                int can = must || at->ndf < 0;
                for (kk = 0; !can && kk < at->ndf; kk++) {
                    if (dnz[a] & (1 << kk)) continue;      /* certified nonzero on the cell */
                    if (at->nzw[kk] < 0) { can = 1; break; }
                    for (z = 0; z < at->nzw[kk]; z++) {
                        int f = at->zw[kk][z], fv = fvar[f] >= 0 ? fs[fvar[f]] : fsign[f];
                        if (fv == 0) can = 1;
                    }
                }
                if (!can) { skip = 1; break; }   /* impossible here: the vector without ubit covers it */
                tv[a] = 2;
                continue;
            }
            if (ast[a] == EA_FREE) { tv[a] = vbit; continue; }
            if (ast[a] == EA_FIXED) s = asign[a] * sdv;
            else {
                s = amul[a] * sdv;
                for (k = 0; k < at->nf && s != 0; k++) {
                    int f = at->fidx[k], fv = fvar[f] >= 0 ? fs[fvar[f]] : fsign[f];
                    if (fv == 0) s = 0;
                    else if (fv < 0 && (at->fexp[k] & 1)) s = -s;
                }
            }
            tv[a] = cmp_value(at->op, s);
        }
        if (skip) continue;
        if (x->root_rel >= 0) {
            /* an implication holds at the point, in the evaluator's three-valued logic (as the paving
               certifies it: a false premise or a true conclusion settles it, whatever the other side) */
            if (eval_node(x, tv, x->root_rel) != 1) goto done;
        } else {
            int p = eval_node(x, tv, x->root_claim), q = eval_node(x, tv, x->root_model);
            if (p == 2 || q == 2 || p != q) goto done;
        }
    }
    ok = 1;
done:
    arb_clear(dv);
    _arb_vec_clear(rg, x->cell.nvars);
    _arb_vec_clear(mid, x->cell.nvars);
    return ok;
}

/* the cell, split into halves up to extra more levels: 1 proved on the whole box */
static int cell_certify_split(const ec_ctx *x, arb_ptr box, int px, int py, int extra)
{
    arb_t sx, sy;
    arf_t m, lo, hi;
    int i, j, ok = 1;
    if (cell_certify(x, box)) return 1;
    if (extra == 0) return 0;
    arb_init(sx); arb_init(sy); arf_init(m); arf_init(lo); arf_init(hi);
    arb_set(sx, box + px);
    if (py >= 0) arb_set(sy, box + py);
    for (i = 0; i < 2 && ok; i++)
        for (j = 0; j < (py >= 0 ? 2 : 1) && ok; j++) {
            arb_get_lbound_arf(lo, sx, x->cell.prec);
            arb_get_ubound_arf(hi, sx, x->cell.prec);
            arf_add(m, lo, hi, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_mul_2exp_si(m, m, -1);
            if (i == 0) arb_set_interval_arf(box + px, lo, m, x->cell.prec);
            else arb_set_interval_arf(box + px, m, hi, x->cell.prec);
            if (py >= 0) {
                arb_get_lbound_arf(lo, sy, x->cell.prec);
                arb_get_ubound_arf(hi, sy, x->cell.prec);
                arf_add(m, lo, hi, ARF_PREC_EXACT, ARF_RND_DOWN);
                arf_mul_2exp_si(m, m, -1);
                if (j == 0) arb_set_interval_arf(box + py, lo, m, x->cell.prec);
                else arb_set_interval_arf(box + py, m, hi, x->cell.prec);
            }
            ok = cell_certify_split(x, box, px, py, extra - 1);
        }
    arb_set(box + px, sx);
    if (py >= 0) arb_set(box + py, sy);
    arb_clear(sx); arb_clear(sy); arf_clear(m); arf_clear(lo); arf_clear(hi);
    return ok;
}

/* ------------------------------------------------------------ the context */

static void ctx_clear(ec_ctx *x)
{
    int i, k;
    for (i = 0; i < x->natom; i++) {
        frac_clear(&x->atom[i].g, x);
        for (k = 0; k < x->atom[i].nconj; k++) fmpq_mpoly_clear(x->atom[i].conj + k, x->ctx);
        for (k = 0; k < x->atom[i].ndf; k++) fmpq_mpoly_clear(x->atom[i].dfac + k, x->ctx);
    }
    for (i = 0; i < x->nfac; i++) fmpq_mpoly_clear(x->fac + i, x->ctx);
    for (i = 0; i < x->nslot; i++) {
        fmpq_mpoly_clear(x->slot[i].R, x->ctx);
        fmpq_mpoly_clear(x->slot[i].base, x->ctx);
        for (k = 0; k < x->slot[i].nrf; k++) fmpq_mpoly_clear(x->slot[i].rfac + k, x->ctx);
        fmpq_clear(x->slot[i].rcst);
    }
    claim_cell_ctx_clear(&x->cell);
    fmpq_mpoly_ctx_clear(x->ctx);
    flint_free(x);
}

/* Registers the fixed parameters that are terms of the angle e (through
 * definitions, -, +, and products) and whose value is not read as a
 * rational multiple of pi; 0, or -1 when there is no room. */
static int fixed_angle_terms(ec_ctx *x, const expr_node *e, int depth)
{
    int i, k, idx, pi;
    expr_t def;
    fmpq_t q;
    if (e == NULL || depth > 50) return 0;
    switch (e->kind) {
    case EXPR_VAR:
        k = expr_scope_lookup(x->c->scope, e->name, &idx, &def);
        if (k == 1) return fixed_angle_terms(x, def, depth + 1);
        if (k != 0 || idx < 0 || idx >= x->c->nparams || x->c->params[idx].is_range || range_index(x, idx) >= 0)
            return 0;
        fmpq_init(q);
        k = claim_cell_end_exact(q, &pi, x->c->params[idx].value) && (pi == 1 || fmpq_is_zero(q));
        fmpq_clear(q);
        return !k && claim_cell_ctx_add_fixed(&x->cell, idx) < 0 ? -1 : 0;
    case EXPR_NEG: case EXPR_ADD: case EXPR_SUB: case EXPR_MUL:
        for (i = 0; i < e->nargs; i++)
            if (fixed_angle_terms(x, e->args[i], depth + 1)) return -1;
        return 0;
    default:
        return 0;
    }
}

/* Registers (claim_cell_ctx_add_fixed) each fixed parameter that is a term
 * of the argument of a sin, cos or tan in e (through definitions) and whose
 * value is not read as a rational multiple of pi (those are exact): its sine
 * and cosine become variables s, c with c^2 = 1 - s^2, enclosed from its
 * value ball, which is sound for every value. seen: definitions already
 * walked. 0, or -1 when there is no room. */
static int fixed_angles(ec_ctx *x, const expr_node *e, const expr_node **seen, int *nseen, int depth)
{
    int i, k, idx;
    expr_t def;
    if (e == NULL || depth > 200) return 0;
    if (e->kind == EXPR_VAR) {
        k = expr_scope_lookup(x->c->scope, e->name, &idx, &def);
        if (k != 1 && k != 2) return 0;
        for (i = 0; i < *nseen; i++)
            if (seen[i] == def) return 0;
        if (*nseen < 512) seen[(*nseen)++] = def;
        return fixed_angles(x, def, seen, nseen, depth + 1);
    }
    if (e->kind == EXPR_FUNC && (e->fn == FN_SIN || e->fn == FN_COS || e->fn == FN_TAN) && e->nargs == 1 &&
        fixed_angle_terms(x, e->args[0], 0))
        return -1;
    for (i = 0; i < e->nargs; i++)
        if (fixed_angles(x, e->args[i], seen, nseen, depth + 1)) return -1;
    return 0;
}

/* a context for claim cp and model mp of case c: NULL outside the certificate */
static ec_ctx *ctx_new(const case_t *c, const expr_t cp, const expr_t mp, int kind, const char **why)
{
    ec_ctx *x = flint_calloc(1, sizeof *x);
    int i;
    x->c = c;
    if (claim_cell_ctx_init(&x->cell, c, c->prec > 0 ? c->prec : 128) > EC_MAXR) {
        if (why != NULL) *why = "more than 8 range parameters";
        claim_cell_ctx_clear(&x->cell);
        flint_free(x);
        return NULL;
    }
    x->cell.clamp_ends = 1;
    {
        const expr_node **seen = flint_malloc(512 * sizeof *seen);
        int nseen = 0, r = fixed_angles(x, cp, seen, &nseen, 0) || fixed_angles(x, mp, seen, &nseen, 0);
        flint_free(seen);
        if (r) {
            if (why != NULL) *why = "more than 8 range parameters and fixed angles";
            claim_cell_ctx_clear(&x->cell);
            flint_free(x);
            return NULL;
        }
    }
    x->cell.nvars = 3 * x->cell.nrange + EC_MAXU;
    fmpq_mpoly_ctx_init(x->ctx, x->cell.nvars, ORD_LEX);
    x->cell.ctx = x->ctx;
    x->root_claim = build(cp, x, 0);
    x->root_model = x->root_claim >= 0 ? build(mp, x, 0) : -1;
    x->root_rel = -1;
    if (x->root_model >= 0 && kind == CASE_CLAIM_IMPLIES) x->root_rel = add_node(x, EB_IMPLIES, x->root_claim, x->root_model);
    if (x->root_model >= 0 && kind == CASE_CLAIM_IMPLIED_BY) x->root_rel = add_node(x, EB_IMPLIES, x->root_model, x->root_claim);
    if (kind != CASE_CLAIM_EQUIVALENT && x->root_rel < 0) x->root_model = -1;
    for (i = 0; x->root_claim >= 0 && x->root_model >= 0 && i < x->natom; i++)
        if (atom_prepare(x, i)) break;
    if (x->root_claim < 0 || x->root_model < 0 || i < x->natom) {
        if (why != NULL) *why = x->why != NULL ? x->why : "outside the certificate";
        ctx_clear(x);
        return NULL;
    }
    return x;
}

/* ------------------------------------------------------------ entry points */

int claim_equiv_cert_eval(const case_t *c, const expr_t cp, const expr_t mp, int kind, arb_srcptr box)
{
    ec_ctx *x = ctx_new(c, cp, mp, kind, NULL);
    int r;
    if (x == NULL) return -1;
    r = cell_certify(x, box);
    ctx_clear(x);
    return r;
}

/* the share of the plot box a paving cell covers */
static double cell_weight(const claim_result *out, const pave_cell *pc)
{
    double w = 1.0;
    int t;
    for (t = 0; t < pc->level; t++) w *= out->y >= 0 ? 0.25 : 0.5;
    return w;
}

int claim_equiv_boundary(claim_result *out, const case_t *c, const case_claim *cl, const pave_options *opt,
                         const pave_result *pr)
{
    ec_ctx *x;
    int imp = cl->kind == CASE_CLAIM_IMPLIES ? 1 : cl->kind == CASE_CLAIM_IMPLIED_BY ? 2 : 0;
    long i, ncells = 0, nproved = 0;
    int pass, failed = 0;
    double area = 0, parea = 0;
    arb_ptr box;
    arf_t a, b, d, e;

    if (!out->has_paving || out->status != CLAIM_CONSISTENT || pr->pending > 0 || pr->none > 0 ||
        cl->claim == NULL || cl->model == NULL ||
        (cl->kind != CASE_CLAIM_EQUIVALENT && cl->kind != CASE_CLAIM_IMPLIES && cl->kind != CASE_CLAIM_IMPLIED_BY))
        return 0;
    if ((x = ctx_new(c, cl->claim, cl->model, cl->kind, NULL)) == NULL) return 0;
    box = _arb_vec_init(c->nparams + 1);
    case_point_box(box, c, -1, x->cell.prec);
    arf_init(a); arf_init(b); arf_init(d); arf_init(e);
    /* the undecided cells' count and area */
    for (i = 0; i < pr->ncells; i++)
        if (pr->cells[i].label == PAVE_UNDECIDED) {
            ncells++;
            area += cell_weight(out, pr->cells + i);
        }
    /* every 16th undecided cell first, then the others: a claim that cannot be proved usually fails early,
       and the first cell that fails ends the attempt (the claim can no longer be proved; the cells not
       tried stay undecided). The verdict does not depend on the order. */
    for (pass = 0; pass < 2 && !failed; pass++) {
        long k = -1;
        for (i = 0; i < pr->ncells && !failed; i++) {
            const pave_cell *pc = pr->cells + i;
            if (pc->label != PAVE_UNDECIDED) continue;
            k++;
            if ((k % 16 == 0) != (pass == 0)) continue;
            if (opt != NULL && opt->cancel != NULL && *opt->cancel) { failed = 1; break; }
            pave_cell_ends(a, b, d, e, pr, pc);
            arb_set_interval_arf(box + out->x, a, b, x->cell.prec);
            if (out->y >= 0) arb_set_interval_arf(box + out->y, d, e, x->cell.prec);
            if (cell_certify_split(x, box, out->x, out->y, EC_EXTRA)) { nproved++; parea += cell_weight(out, pc); }
            else failed = 1;
        }
    }
    arf_clear(a); arf_clear(b); arf_clear(d); arf_clear(e);
    _arb_vec_clear(box, c->nparams + 1);
    if (ncells > 0) {
        char *dd;
        if (nproved == ncells) {
            out->status = CLAIM_PROVED;
            out->undecided = 0;
            dd = fc_printf("Proved: on each of the %ld cells the paving (depth %d) leaves undecided, the boundary-cell "
                           "certificate for closed forms (exact factors over Q) proves %s.", ncells, out->depth,
                           imp == 0 ? "claim and model defined and equal"
                           : imp == 1 ? "claim \xe2\x87\x92 model (a false claim or a true model)"
                                      : "model \xe2\x87\x92 claim (a false model or a true claim)");
        } else {
            double before = out->undecided;
            out->undecided = before * (area - parea) / area;
            dd = fc_printf("Consistent: no counterexample at depth %d. The paving leaves %ld cells undecided "
                           "(%.6g of the box); the boundary-cell certificate (comparisons factored exactly over "
                           "Q, common factors as shared sign variables) proves the %s on %ld of them, so %s "
                           "only on the other %ld (%.6g of the box).",
                           out->depth, ncells, before, imp ? "implication" : "agreement", nproved,
                           imp ? "the implication might fail" : "claim and model might differ", ncells - nproved,
                           out->undecided);
        }
        flint_free(out->detail);
        out->detail = dd;
    }
    ctx_clear(x);
    return 1;
}

const char *claim_equiv_cert_why(const case_t *c, const expr_t cp, const expr_t mp, int kind)
{
    const char *why = NULL;
    ec_ctx *x = ctx_new(c, cp, mp, kind, &why);
    if (x != NULL) ctx_clear(x);
    return why;
}
