/* claim_cell.c -- the variables, range facts and certified polynomial
 * enclosures that the boundary-cell certificates share (claim_cell.h). */
#include "claim/claim_cell.h"
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11
#pragma GCC diagnostic ignored "-Wstringop-overread"   /* a false alarm inside FLINT's inline fmpq_mpoly_is_fmpq */
#endif

static int end_exact_d(fmpq_t q, int *pi, const expr_node *e, int depth)
{
    int ok = 0, pa;
    fmpq_t a;
    if (e == NULL || depth > 20) return 0;
    switch (e->kind) {
    case EXPR_NUM: fmpq_set(q, e->num); *pi = 0; return 1;
    case EXPR_PI: fmpq_one(q); *pi = 1; return 1;
    case EXPR_NEG:
        if (!end_exact_d(q, pi, e->args[0], depth + 1)) return 0;
        fmpq_neg(q, q);
        return 1;
    case EXPR_MUL: case EXPR_DIV:
        fmpq_init(a);
        if (end_exact_d(q, pi, e->args[0], depth + 1) && end_exact_d(a, &pa, e->args[1], depth + 1) &&
            *pi + pa <= 1 && (e->kind == EXPR_MUL || (pa == 0 && !fmpq_is_zero(a)))) {
            if (e->kind == EXPR_MUL) fmpq_mul(q, q, a);
            else fmpq_div(q, q, a);
            *pi += pa;
            ok = 1;
        }
        fmpq_clear(a);
        return ok;
    default: return 0;
    }
}

int claim_cell_end_exact(fmpq_t q, int *pi, const expr_node *e)
{
    return end_exact_d(q, pi, e, 0);
}

int claim_cell_end_within_half_pi(const expr_node *e, const arb_t ball, int side, slong prec)
{
    fmpq_t q, half;
    int pi = 0, r = 0;
    arb_t h, b;
    fmpq_init(q); fmpq_init(half); arb_init(h); arb_init(b);
    if (claim_cell_end_exact(q, &pi, e) && pi) {
        fmpq_set_si(half, 1, 2);
        if (side < 0) fmpq_neg(q, q);
        r = fmpq_cmp(q, half) <= 0;
    } else {
        arb_const_pi(h, prec);
        arb_mul_2exp_si(h, h, -1);
        arb_mul_si(b, ball, side, prec);
        r = arb_lt(b, h);
    }
    fmpq_clear(q); fmpq_clear(half); arb_clear(h); arb_clear(b);
    return r;
}

int claim_cell_ctx_init(claim_cell_ctx *cc, const case_t *c, slong prec)
{
    int i, n = 0;
    cc->ctx = NULL;
    cc->nvars = 0;
    cc->nrange = 0;
    cc->prec = prec;
    cc->clamp_ends = 0;
    for (i = 0; i < c->nparams; i++)
        if (c->params[i].is_range) {
            if (cc->nrange < CLAIM_CELL_MAXR) cc->range_param[cc->nrange++] = i;
            n++;
        }
    for (i = 0; i < cc->nrange; i++) {
        const case_param *p = c->params + cc->range_param[i];
        int e, pi;
        for (e = 0; e < 2; e++) {
            fmpq_init(cc->endq[i][e]);
            cc->has_endq[i][e] = claim_cell_end_exact(cc->endq[i][e], &pi, e ? p->hi : p->lo) && pi == 0;
        }
        cc->cos_nonneg[i] = claim_cell_end_within_half_pi(p->lo, p->lo_ball, -1, prec) &&
                            claim_cell_end_within_half_pi(p->hi, p->hi_ball, 1, prec);
    }
    return n;
}

int claim_cell_ctx_add_fixed(claim_cell_ctx *cc, int param)
{
    int i = cc->nrange;
    if (i == CLAIM_CELL_MAXR) return -1;
    cc->range_param[i] = param;
    fmpq_init(cc->endq[i][0]);
    fmpq_init(cc->endq[i][1]);
    cc->has_endq[i][0] = cc->has_endq[i][1] = 0;
    cc->cos_nonneg[i] = 0;
    cc->nrange++;
    return i;
}

void claim_cell_ctx_clear(claim_cell_ctx *cc)
{
    int i;
    for (i = 0; i < cc->nrange; i++) { fmpq_clear(cc->endq[i][0]); fmpq_clear(cc->endq[i][1]); }
    cc->nrange = 0;
}

void claim_cell_poly_naive(arb_t out, const fmpq_mpoly_t P, arb_srcptr rg, const claim_cell_ctx *cc)
{
    slong i, len = fmpq_mpoly_length(P, cc->ctx), v;
    ulong *exps = flint_malloc((cc->nvars + 1) * sizeof(ulong));
    fmpq_t q;
    arb_t t, p;
    fmpq_init(q); arb_init(t); arb_init(p);
    arb_zero(out);
    for (i = 0; i < len; i++) {
        int first = 1;
        fmpq_mpoly_get_term_coeff_fmpq(q, P, i, cc->ctx);
        fmpq_mpoly_get_term_exp_ui(exps, P, i, cc->ctx);   /* the whole exponent vector at once */
        for (v = 0; v < cc->nvars; v++) {
            ulong ex = exps[v];
            if (ex == 0) continue;
            if (ex == 1) arb_set(p, rg + v);
            else arb_pow_ui(p, rg + v, ex, cc->prec);
            if (first) arb_swap(t, p);
            else arb_mul(t, t, p, cc->prec);
            first = 0;
        }
        /* a coefficient +-1 applied exactly (a product by 1 may round the radius up) */
        if (first) arb_set_fmpq(t, q, cc->prec);
        else if (fmpz_is_one(fmpq_denref(q)) && fmpz_is_pm1(fmpq_numref(q))) {
            if (fmpz_sgn(fmpq_numref(q)) < 0) arb_neg(t, t);
        } else {
            arb_set_fmpq(p, q, cc->prec);
            arb_mul(t, t, p, cc->prec);
        }
        arb_add(out, out, t, cc->prec);
    }
    flint_free(exps);
    fmpq_clear(q); arb_clear(t); arb_clear(p);
}

void claim_cell_poly_box(arb_t out, const fmpq_mpoly_t P, arb_srcptr rg, arb_srcptr mid, const claim_cell_ctx *cc)
{
    arb_t mv, t, w;
    fmpq_mpoly_t D;
    int v;
    claim_cell_poly_naive(out, P, rg, cc);
    if (fmpq_mpoly_is_fmpq(P, cc->ctx)) return;
    arb_init(mv); arb_init(t); arb_init(w);
    fmpq_mpoly_init(D, cc->ctx);
    claim_cell_poly_naive(mv, P, mid, cc);
    for (v = 0; v < cc->nvars; v++) {
        if (fmpq_mpoly_degree_si(P, v, cc->ctx) <= 0) continue;
        fmpq_mpoly_derivative(D, P, v, cc->ctx);
        claim_cell_poly_naive(t, D, rg, cc);
        arb_sub(w, rg + v, mid + v, cc->prec);
        arb_addmul(mv, t, w, cc->prec);
    }
    if (arb_is_finite(mv) && arb_is_finite(out)) {
        if (!arb_intersection(out, out, mv, cc->prec)) arb_set(out, mv);   /* cannot happen; stay sound */
    } else if (arb_is_finite(mv)) arb_set(out, mv);
    fmpq_mpoly_clear(D, cc->ctx);
    arb_clear(mv); arb_clear(t); arb_clear(w);
}

int claim_cell_poly_sign(const fmpq_mpoly_t P, arb_srcptr rg, arb_srcptr mid, const claim_cell_ctx *cc)
{
    arb_t v;
    int s = 2;
    if (fmpq_mpoly_is_zero(P, cc->ctx)) return 0;
    arb_init(v);
    claim_cell_poly_box(v, P, rg, mid, cc);
    if (arb_is_positive(v)) s = 1;
    else if (arb_is_negative(v)) s = -1;
    arb_clear(v);
    return s;
}

void claim_cell_ball_clamp_si(arb_t b, slong lo, slong hi, slong prec)
{
    arf_t l, u;
    arf_init(l); arf_init(u);
    arb_get_lbound_arf(l, b, prec);
    arb_get_ubound_arf(u, b, prec);
    if (arf_cmp_si(l, lo) < 0) arf_set_si(l, lo);
    if (arf_cmp_si(u, hi) > 0) arf_set_si(u, hi);
    if (arf_is_finite(l) && arf_is_finite(u) && arf_cmp(l, u) <= 0) arb_set_interval_arf(b, l, u, prec);
    arf_clear(l); arf_clear(u);
}

/* radius (u - l)/2 rounded up to a mag, midpoint l + radius (u - radius),
 * exact (arb_set_interval_arf rounds its radius up about the exact midpoint,
 * which pushes an end such as 0 or 1 out of the ball) */
void claim_cell_ball_interval(arb_t b, const arf_t l, const arf_t u, int keep_lo)
{
    arf_t r;
    arf_init(r);
    arf_sub(r, u, l, ARF_PREC_EXACT, ARF_RND_UP);
    arf_mul_2exp_si(r, r, -1);
    arf_get_mag(arb_radref(b), r);
    arf_set_mag(r, arb_radref(b));
    if (keep_lo) arf_add(arb_midref(b), l, r, ARF_PREC_EXACT, ARF_RND_DOWN);
    else arf_sub(arb_midref(b), u, r, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_clear(r);
}

void claim_cell_ball_nonneg(arb_t b, slong prec)
{
    arf_t l, u;
    arf_init(l); arf_init(u);
    arb_get_lbound_arf(l, b, prec);
    arb_get_ubound_arf(u, b, prec);
    if (arf_sgn(l) < 0) arf_zero(l);
    arf_set_round(l, l, 26, ARF_RND_DOWN);
    arf_set_round(u, u, 26, ARF_RND_UP);
    if (arf_is_finite(u) && arf_cmp(l, u) <= 0) claim_cell_ball_interval(b, l, u, 1);
    arf_clear(l); arf_clear(u);
}

void claim_cell_param_ranges(arb_ptr r, arb_srcptr box, int mid, const claim_cell_ctx *cc)
{
    int i, n = cc->nrange;
    for (i = 0; i < n; i++) {
        arb_srcptr b = box + cc->range_param[i];
        if (mid) arb_set_arf(r + i, arb_midref(b));
        else if (!cc->clamp_ends) arb_set(r + i, b);
        else {
            /* only the points of the case's box matter: a rational end clamps the cell */
            arf_t lo, hi, e;
            int keep_lo = 1;
            arf_init(lo); arf_init(hi); arf_init(e);
            arb_get_lbound_arf(lo, b, cc->prec);
            arb_get_ubound_arf(hi, b, cc->prec);
            if (cc->has_endq[i][0]) {
                arf_set_fmpq(e, cc->endq[i][0], cc->prec, ARF_RND_DOWN);   /* <= every point of the box */
                if (arf_cmp(lo, e) < 0) arf_set(lo, e);
            }
            if (cc->has_endq[i][1]) {
                arf_set_fmpq(e, cc->endq[i][1], cc->prec, ARF_RND_UP);
                if (arf_cmp(hi, e) >= 0) { arf_set(hi, e); keep_lo = 0; }
            }
            if (arf_cmp(lo, hi) <= 0) claim_cell_ball_interval(r + i, lo, hi, keep_lo);
            else arb_set(r + i, b);
            arf_clear(lo); arf_clear(hi); arf_clear(e);
        }
        arb_sin_cos(r + n + i, r + 2 * n + i, r + i, cc->prec);
        if (!mid) {
            /* the cell may reach past an irrational end of the range by rounding; sin and cos are
               clamped by what holds on the range */
            claim_cell_ball_clamp_si(r + n + i, -1, 1, cc->prec);
            claim_cell_ball_clamp_si(r + 2 * n + i, cc->cos_nonneg[i] ? 0 : -1, 1, cc->prec);
        }
    }
}

void claim_cell_split(fmpq_mpoly_t a, fmpq_mpoly_t b, const fmpq_mpoly_t P, slong var, const fmpq_mpoly_t R,
                      const fmpq_mpoly_ctx_t ctx)
{
    slong deg = fmpq_mpoly_degree_si(P, var, ctx), e;
    fmpq_mpoly_t C, Rp;
    slong vars[1];
    ulong exps[1];
    fmpq_mpoly_init(C, ctx);
    fmpq_mpoly_init(Rp, ctx);
    fmpq_mpoly_zero(a, ctx);
    fmpq_mpoly_zero(b, ctx);
    vars[0] = var;
    for (e = 0; e <= deg; e++) {
        exps[0] = e;
        fmpq_mpoly_get_coeff_vars_ui(C, P, vars, exps, 1, ctx);
        if (fmpq_mpoly_is_zero(C, ctx)) continue;
        fmpq_mpoly_pow_ui(Rp, R, e / 2, ctx);
        fmpq_mpoly_mul(C, C, Rp, ctx);
        if (e % 2) fmpq_mpoly_add(b, b, C, ctx);
        else fmpq_mpoly_add(a, a, C, ctx);
    }
    fmpq_mpoly_clear(C, ctx);
    fmpq_mpoly_clear(Rp, ctx);
}

void claim_cell_frac_init(claim_cell_frac *f, const fmpq_mpoly_ctx_t ctx)
{
    fmpq_mpoly_init(f->n, ctx);
    fmpq_mpoly_init(f->d, ctx);
}

void claim_cell_frac_clear(claim_cell_frac *f, const fmpq_mpoly_ctx_t ctx)
{
    fmpq_mpoly_clear(f->n, ctx);
    fmpq_mpoly_clear(f->d, ctx);
}

void claim_cell_frac_norm(claim_cell_frac *f, const fmpq_mpoly_ctx_t ctx)
{
    if (fmpq_mpoly_is_fmpq(f->d, ctx) && !fmpq_mpoly_is_one(f->d, ctx)) {
        fmpq_t q;
        fmpq_init(q);
        fmpq_mpoly_get_fmpq(q, f->d, ctx);
        fmpq_mpoly_scalar_div_fmpq(f->n, f->n, q, ctx);
        fmpq_mpoly_one(f->d, ctx);
        fmpq_clear(q);
    }
}

int claim_cell_frac_binary(claim_cell_frac *out, const claim_cell_frac *a, int kind, const fmpq_mpoly_ctx_t ctx)
{
    fmpq_mpoly_t t;
    int r = 0;
    if (kind == EXPR_MUL) {
        fmpq_mpoly_mul(out->n, out->n, a->n, ctx);
        fmpq_mpoly_mul(out->d, out->d, a->d, ctx);
    } else if (kind == EXPR_DIV) {
        if (fmpq_mpoly_is_zero(a->n, ctx)) r = -1;
        fmpq_mpoly_mul(out->n, out->n, a->d, ctx);
        if (!fmpq_mpoly_is_fmpq(a->d, ctx)) {
            fmpq_mpoly_mul(out->n, out->n, a->d, ctx);
            fmpq_mpoly_mul(out->d, out->d, a->d, ctx);
        }
        fmpq_mpoly_mul(out->d, out->d, a->n, ctx);
    } else if (fmpq_mpoly_equal(out->d, a->d, ctx)) {
        if (kind == EXPR_ADD) fmpq_mpoly_add(out->n, out->n, a->n, ctx);
        else fmpq_mpoly_sub(out->n, out->n, a->n, ctx);
    } else {
        fmpq_mpoly_init(t, ctx);
        fmpq_mpoly_mul(out->n, out->n, a->d, ctx);
        fmpq_mpoly_mul(t, a->n, out->d, ctx);
        if (kind == EXPR_ADD) fmpq_mpoly_add(out->n, out->n, t, ctx);
        else fmpq_mpoly_sub(out->n, out->n, t, ctx);
        fmpq_mpoly_mul(out->d, out->d, a->d, ctx);
        fmpq_mpoly_clear(t, ctx);
    }
    if (r == 0) claim_cell_frac_norm(out, ctx);
    return r;
}

int claim_cell_frac_get_const(fmpq_t v, const claim_cell_frac *f, const fmpq_mpoly_ctx_t ctx)
{
    fmpq_t a;
    if (!fmpq_mpoly_is_fmpq(f->n, ctx) || !fmpq_mpoly_is_fmpq(f->d, ctx) || fmpq_mpoly_is_zero(f->n, ctx) ||
        fmpq_mpoly_is_zero(f->d, ctx))
        return -1;
    fmpq_init(a);
    fmpq_mpoly_get_fmpq(v, f->n, ctx);
    fmpq_mpoly_get_fmpq(a, f->d, ctx);
    fmpq_div(v, v, a);
    fmpq_clear(a);
    return 0;
}

int claim_cell_frac_pow(claim_cell_frac *out, slong k, int neg, const fmpq_mpoly_ctx_t ctx)
{
    fmpq_mpoly_pow_ui(out->n, out->n, k, ctx);
    fmpq_mpoly_pow_ui(out->d, out->d, k, ctx);
    if (neg) {
        if (fmpq_mpoly_is_zero(out->n, ctx)) return -1;
        fmpq_mpoly_swap(out->n, out->d, ctx);
        if (!fmpq_mpoly_is_fmpq(out->n, ctx)) {
            fmpq_mpoly_mul(out->d, out->d, out->n, ctx);
            fmpq_mpoly_mul(out->n, out->n, out->n, ctx);
        }
    }
    claim_cell_frac_norm(out, ctx);
    return 0;
}

int claim_cell_angle_q(fmpq_t q, const expr_node *e, const case_t *c, claim_cell_const_fn cst, void *arg,
                       int depth)
{
    int idx, k, r = -1, i;
    expr_t def;
    fmpq_t a;
    if (depth > 64) return -1;
    switch (e->kind) {
    case EXPR_PI: fmpq_one(q); return 0;
    case EXPR_NUM:
        if (!fmpq_is_zero(e->num)) return -1;
        fmpq_zero(q);
        return 0;
    case EXPR_VAR:
        k = expr_scope_lookup(c->scope, e->name, &idx, &def);
        if (k == 1) return claim_cell_angle_q(q, def, c, cst, arg, depth + 1);
        if (k != 0 || idx < 0 || idx >= c->nparams || c->params[idx].is_range) return -1;
        return claim_cell_angle_q(q, c->params[idx].value, c, cst, arg, depth + 1);
    case EXPR_NEG:
        if (claim_cell_angle_q(q, e->args[0], c, cst, arg, depth + 1)) return -1;
        fmpq_neg(q, q);
        return 0;
    case EXPR_ADD: case EXPR_SUB:
        fmpq_init(a);
        if (claim_cell_angle_q(q, e->args[0], c, cst, arg, depth + 1) == 0 &&
            claim_cell_angle_q(a, e->args[1], c, cst, arg, depth + 1) == 0) {
            if (e->kind == EXPR_ADD) fmpq_add(q, q, a);
            else fmpq_sub(q, q, a);
            r = 0;
        }
        fmpq_clear(a);
        return r;
    case EXPR_MUL: case EXPR_DIV:
        /* an angle times or over a rational constant */
        fmpq_init(a);
        for (i = 0; i < 2 && r < 0; i++) {
            const expr_node *g = e->args[i], *h = e->args[1 - i];
            if (e->kind == EXPR_DIV && i == 1) break;
            if (cst(a, h, arg, depth + 1) == 0 && !fmpq_is_zero(a) &&
                claim_cell_angle_q(q, g, c, cst, arg, depth + 1) == 0) {
                if (e->kind == EXPR_MUL) fmpq_mul(q, q, a);
                else fmpq_div(q, q, a);
                r = 0;
            }
        }
        fmpq_clear(a);
        return r;
    default:
        return -1;
    }
}

int claim_cell_exact_cos(claim_cell_frac *out, const fmpq_t q0, claim_cell_sqrt_fn sqrt_var, void *arg,
                         const fmpq_mpoly_ctx_t ctx)
{
    fmpq_t q, h;
    fmpz_t t;
    int neg = 0, r = 0, v;
    fmpq_init(q); fmpq_init(h); fmpz_init(t);
    /* q mod 2 in [0, 2) */
    fmpq_set(q, q0);
    fmpq_div_2exp(h, q, 1);
    fmpz_fdiv_q(t, fmpq_numref(h), fmpq_denref(h));
    fmpz_mul_2exp(t, t, 1);
    fmpq_sub_fmpz(q, q, t);
    if (fmpq_cmp_ui(q, 1) > 0) { fmpq_neg(q, q); fmpq_add_si(q, q, 2); }   /* cos(2 pi - a) */
    fmpq_set_si(h, 1, 2);
    if (fmpq_cmp(q, h) > 0) { fmpq_neg(q, q); fmpq_add_si(q, q, 1); neg = 1; }   /* cos(pi - a) = -cos a */
    fmpq_mpoly_one(out->d, ctx);
    if (fmpq_is_zero(q)) fmpq_mpoly_one(out->n, ctx);
    else if (fmpq_equal(q, h)) fmpq_mpoly_zero(out->n, ctx);
    else if (fmpz_equal_si(fmpq_numref(q), 1) && (fmpz_equal_si(fmpq_denref(q), 6) || fmpz_equal_si(fmpq_denref(q), 4))) {
        v = sqrt_var(arg, fmpz_equal_si(fmpq_denref(q), 6) ? 3 : 2);   /* cos(pi/6) = sqrt(3)/2, cos(pi/4) = sqrt(2)/2 */
        if (v < 0) r = -1;
        else {
            fmpq_mpoly_gen(out->n, v, ctx);
            fmpq_mpoly_scalar_div_si(out->n, out->n, 2, ctx);
        }
    } else if (fmpz_equal_si(fmpq_numref(q), 1) && fmpz_equal_si(fmpq_denref(q), 3)) {
        fmpq_mpoly_set_si(out->n, 1, ctx);
        fmpq_mpoly_scalar_div_si(out->n, out->n, 2, ctx);
    } else r = -1;
    if (neg) fmpq_mpoly_neg(out->n, out->n, ctx);
    fmpq_clear(q); fmpq_clear(h); fmpz_clear(t);
    return r;
}
