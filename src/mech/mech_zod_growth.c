/* mech_zod_growth.c -- [model NAME] type = zod_growth: a certified enclosure
 * of sup G, the largest growth factor of the reduced return map of seed 002
 * (Várkonyi & Or; spec/seed002.md §3.9 S1) over a range of arrival slopes.
 *
 * Keys (constants, exact or not, without parameters):
 *   h, l1, l2, rho, phi1, phi2, alpha, mu1, mu2, tau   the model
 *   u_lo, u_hi      the arrival slopes u = x2'/(-z2') covered
 *   leaves          initial pieces of [atan u_lo, atan u_hi] (default 64)
 *   budget          returns evaluated in all (default 20000)
 *   x, y            optional: a window plane; x and y name the case parameters
 *                   that stand for u_lo and u_hi (u_lo, u_hi, budget unused);
 *                   x_lo, x_hi, y_lo, y_hi their ranges, exact rationals
 *                   ("a/b"); grid cells per axis (default 12); leaves (default
 *                   2048) equal pieces of psi on which G is enclosed once
 * Definitions (prefix P):
 *   P_supG    a ball [lo, hi] holding sup { G(u) : u_lo <= u <= u_hi, the
 *             return from u exists } with G = |z2' next| / |z2'| (the spec's
 *             G). hi is the largest upper bound of G over pieces that cover
 *             the range, after a piece proved absorbed or escaping (no
 *             return on the whole piece) is dropped; lo is the largest
 *             certified lower bound of G at a point of the range where the
 *             return is proved. If a piece stays undecided (a branch guard
 *             or the absorbed boundary inside it) at the smallest width, hi
 *             is +infinity and every comparison with P_supG is unknown.
 *   P_supG_u  the slope of the point that gave lo (an enclosure of tan psi).
 *   In a window plane, P_supG is piecewise constant over the grid of
 *   (u_lo, u_hi): see gplane below; P_supG_u is not emitted there.
 * Refinement: the piece with the largest upper bound is bisected until
 * hi - lo <= 2^-30 max(1, lo), the budget is spent, or that piece is below
 * 2^-60 wide. Valid for the model's exact constants (balls of 128 bits). */
#include <string.h>
#include <stdlib.h>
#include "mech/mech_impl.h"
#include "dyn/dyn.h"

static const char *gkeys[] = {"type", "prefix", "description", "h", "l1", "l2", "rho", "phi1", "phi2",
                              "alpha", "mu1", "mu2", "tau", "u_lo", "u_hi", "leaves", "budget",
                              "x", "y", "x_lo", "x_hi", "y_lo", "y_hi", "grid", NULL};
static const char *gpkeys[10] = {"h", "l1", "l2", "rho", "phi1", "phi2", "alpha", "mu1", "mu2", "tau"};

typedef struct {
    arf_t a, b;     /* the piece [a, b] of psi */
    arf_t up;       /* upper bound of G on it (+inf: undecided) */
    int live;       /* 0: dropped (no return on the whole piece) */
} gpiece;

/* Evaluates the piece [a, b]: sets up and live. One return. */
static void geval(gpiece *g, const dyn_model_t m, slong prec)
{
    arb_t psi, pn, G, Gz;
    int st;
    arb_init(psi); arb_init(pn); arb_init(G); arb_init(Gz);
    arb_set_interval_arf(psi, g->a, g->b, prec);
    st = dyn_return(pn, G, Gz, NULL, m, psi, prec);
    g->live = 1;
    if (st == DYN_OK && arb_is_finite(Gz))
        arb_get_ubound_arf(g->up, Gz, prec);
    else if (st == DYN_ABSORBED || st == DYN_ESCAPE)
        g->live = 0;
    else
        arf_pos_inf(g->up);
    arb_clear(psi); arb_clear(pn); arb_clear(G); arb_clear(Gz);
}

/* The return at the exact point psi = x (if proved, inside [ilo, ihi]):
 * raises lo (and its slope) to the certified lower bound of G there. */
static void gpoint(arf_t lo, arb_t lo_u, const arf_t x, const arf_t ilo, const arf_t ihi,
                   const dyn_model_t m, slong prec)
{
    arb_t psi, pn, G, Gz;
    arf_t t;
    if (arf_cmp(x, ilo) < 0 || arf_cmp(x, ihi) > 0) return;
    arb_init(psi); arb_init(pn); arb_init(G); arb_init(Gz);
    arf_init(t);
    arb_set_arf(psi, x);
    if (dyn_return(pn, G, Gz, NULL, m, psi, prec) == DYN_OK && arb_is_finite(Gz)) {
        arb_get_lbound_arf(t, Gz, prec);
        if (arf_cmp(t, lo) > 0) {
            arf_set(lo, t);
            arb_tan(lo_u, psi, prec);
        }
    }
    arb_clear(psi); arb_clear(pn); arb_clear(G); arb_clear(Gz);
    arf_clear(t);
}

/* The live pieces in a binary heap of indices into pc: the top is the piece
 * with the largest upper bound, the lowest index among equal bounds (the
 * piece a scan of pc in order for the first largest bound would find). */
static int gheap_above(const gpiece *pc, long i, long j)
{
    int c = arf_cmp(pc[i].up, pc[j].up);
    return c > 0 || (c == 0 && i < j);
}

static void gheap_push(long *heap, long *nh, const gpiece *pc, long i)
{
    long k = (*nh)++;
    while (k > 0 && gheap_above(pc, i, heap[(k - 1) / 2])) {
        heap[k] = heap[(k - 1) / 2];
        k = (k - 1) / 2;
    }
    heap[k] = i;
}

static void gheap_pop(long *heap, long *nh, const gpiece *pc)
{
    long k = 0, last = heap[--(*nh)];
    for (;;) {
        long c = 2 * k + 1;
        if (c >= *nh) break;
        if (c + 1 < *nh && gheap_above(pc, heap[c + 1], heap[c])) c++;
        if (!gheap_above(pc, heap[c], last)) break;
        heap[k] = heap[c];
        k = c;
    }
    if (*nh > 0) heap[k] = last;
}

/* sup G over u in [ulo, uhi] for the model m (point or balls): sets sup
 * (the ball [lo, hi], or indeterminate) and lo_u; n0 initial pieces, at most
 * budget returns. */
static void gsup(arb_t sup, arb_t lo_u, const dyn_model_t m, const arb_t ulo, const arb_t uhi, long n0,
                 long budget, slong prec)
{
    arb_t t;
    arf_t olo, ohi, ilo, ihi, lo, hi, mid, tol;
    gpiece *pc;
    long *heap, nh = 0, n = 0, cap, evals = 0;
    arb_init(t);
    arf_init(olo); arf_init(ohi); arf_init(ilo); arf_init(ihi); arf_init(lo); arf_init(hi);
    arf_init(mid); arf_init(tol);
    /* outer range (covers the slopes) and inner range (inside them) of psi */
    arb_atan(t, ulo, prec);
    arb_get_lbound_arf(olo, t, prec);
    arb_get_ubound_arf(ilo, t, prec);
    arb_atan(t, uhi, prec);
    arb_get_ubound_arf(ohi, t, prec);
    arb_get_lbound_arf(ihi, t, prec);
    arf_neg_inf(lo);
    arb_indeterminate(lo_u);
    cap = budget + 2 * n0 + 4;
    pc = flint_malloc(cap * sizeof(gpiece));
    arf_sub(tol, ohi, olo, prec, ARF_RND_UP);      /* the width, for the division points */
    for (long i = 0; i < n0; i++) {
        gpiece *g = pc + n++;
        arf_init(g->a); arf_init(g->b); arf_init(g->up);
        /* [e_i, e_(i+1)] with e_0 = olo, e_n0 = ohi: consecutive pieces share their ends */
        if (i == 0) arf_set(g->a, olo); else arf_set(g->a, pc[i - 1].b);
        if (i == n0 - 1) arf_set(g->b, ohi);
        else {
            arf_mul_si(g->b, tol, i + 1, prec, ARF_RND_NEAR);
            arf_div_si(g->b, g->b, n0, prec, ARF_RND_NEAR);
            arf_add(g->b, g->b, olo, prec, ARF_RND_NEAR);
        }
        geval(g, m, prec);
        evals++;
        arf_add(mid, g->a, g->b, prec, ARF_RND_NEAR);
        arf_mul_2exp_si(mid, mid, -1);
        gpoint(lo, lo_u, mid, ilo, ihi, m, prec);
    }
    gpoint(lo, lo_u, ilo, ilo, ihi, m, prec);
    gpoint(lo, lo_u, ihi, ilo, ihi, m, prec);
    heap = flint_malloc(cap * sizeof(long));
    for (long i = 0; i < n; i++)
        if (pc[i].live) gheap_push(heap, &nh, pc, i);
    for (;;) {
        long best;
        if (nh == 0) { arf_neg_inf(hi); break; }
        best = heap[0];
        arf_set(hi, pc[best].up);
        /* stop when hi - lo <= 2^-30 max(1, lo) */
        if (arf_is_finite(hi) && arf_is_finite(lo)) {
            arf_set(tol, lo);
            if (arf_cmp_si(tol, 1) < 0) arf_one(tol);
            arf_mul_2exp_si(tol, tol, -30);
            arf_sub(mid, hi, lo, prec, ARF_RND_UP);
            if (arf_cmp(mid, tol) <= 0) break;
        }
        arf_sub(mid, pc[best].b, pc[best].a, prec, ARF_RND_UP);
        if (evals + 2 > budget || arf_cmpabs_2exp_si(mid, -60) < 0) break;
        {
            gpiece *g = pc + best, *h = pc + n++;
            arf_init(h->a); arf_init(h->b); arf_init(h->up);
            arf_add(mid, g->a, g->b, prec, ARF_RND_NEAR);
            arf_mul_2exp_si(mid, mid, -1);
            arf_set(h->a, mid);
            arf_set(h->b, g->b);
            arf_set(g->b, mid);
            gheap_pop(heap, &nh, pc);   /* g, re-entered below with its new bound */
            geval(g, m, prec);
            geval(h, m, prec);
            evals += 2;
            if (g->live) gheap_push(heap, &nh, pc, best);
            if (h->live) gheap_push(heap, &nh, pc, n - 1);
            for (int j = 0; j < 2; j++) {
                gpiece *q = j ? h : g;
                arf_add(mid, q->a, q->b, prec, ARF_RND_NEAR);
                arf_mul_2exp_si(mid, mid, -1);
                gpoint(lo, lo_u, mid, ilo, ihi, m, prec);
            }
        }
    }
    /* the ball [lo, hi]; no proved point: lo stays -inf and the ball is unusable */
    if (arf_is_finite(lo) && arf_is_finite(hi) && arf_cmp(lo, hi) <= 0)
        arb_set_interval_arf(sup, lo, hi, prec);
    else
        arb_indeterminate(sup);
    for (long i = 0; i < n; i++) {
        arf_clear(pc[i].a); arf_clear(pc[i].b); arf_clear(pc[i].up);
    }
    flint_free(pc);
    flint_free(heap);
    arb_clear(t);
    arf_clear(olo); arf_clear(ohi); arf_clear(ilo); arf_clear(ihi); arf_clear(lo); arf_clear(hi);
    arf_clear(mid); arf_clear(tol);
}

/* An exact rational key ("a/b" or an integer); -1 with err set otherwise. */
static int gq(fmpq_t out, const mech_section *sec, const char *k, const char *file, fc_error *err)
{
    int i = mech_key(sec, k);
    if (i < 0 || fmpq_set_str(out, sec->entries[i].value, 10) != 0) {
        fc_error_at(err, file, i < 0 ? sec->line : sec->entries[i].line, i < 0 ? 1 : sec->entries[i].col,
                    "[model %s]: %s: expected an exact rational a/b", sec->name, k);
        return -1;
    }
    return 0;
}

/* The window plane: the ends of the slope range are the case parameters xn
 * (u_lo) and yn (u_hi), over [x_lo, x_hi] x [y_lo, y_hi] (exact rationals)
 * on a grid. G is enclosed once on `leaves` equal pieces of psi covering
 * [atan x_lo, atan y_hi] (upper bounds) and at their midpoints (lower
 * bounds). On the closed cell [a1, a2] x [b1, b2] every window [u_lo, u_hi]
 * lies inside [a1, b2] and contains [a2, b1], so sup G over the window lies
 * in [max of the lower bounds at points of [a2, b1] (0 if none: G >= 0),
 * max of the upper bounds over pieces meeting [a1, b2]] (dropped pieces:
 * no return on the whole piece; an undecided piece makes the upper end
 * +infinity). P_supG is the piecewise tree of these balls where
 * u_lo < u_hi inside the grid, and undefined elsewhere. Returns -1 with err set. */
static int gplane(mech_builder *b, const mech_section *sec, const char *file, fc_error *err,
                  const dyn_model_t m, long leaves, const char *xn, const char *yn, slong prec)
{
    fmpq_t xlo, xhi, ylo, yhi;
    fmpq *xs = NULL, *ys = NULL;
    expr_t *sub = NULL, e, inside;
    gpiece *pc = NULL;
    arf_struct *pt = NULL;
    arb_t t, psi, pn, G, Gz, cell;
    arf_t olo, ohi, w, lo, hi, a1, b2, a2, b1;
    int grid = 12, rc = -1, i = mech_key(sec, "grid");
    fmpq_init(xlo); fmpq_init(xhi); fmpq_init(ylo); fmpq_init(yhi);
    arb_init(t); arb_init(psi); arb_init(pn); arb_init(G); arb_init(Gz); arb_init(cell);
    arf_init(olo); arf_init(ohi); arf_init(w); arf_init(lo); arf_init(hi);
    arf_init(a1); arf_init(b2); arf_init(a2); arf_init(b1);
    if (i >= 0) grid = atoi(sec->entries[i].value);
    if (grid < 1 || grid > 64) {
        fc_error_at(err, file, sec->line, 1, "[model %s]: grid in 1..64", sec->name);
        goto out;
    }
    if (gq(xlo, sec, "x_lo", file, err) || gq(xhi, sec, "x_hi", file, err) || gq(ylo, sec, "y_lo", file, err)
        || gq(yhi, sec, "y_hi", file, err))
        goto out;
    if (fmpq_cmp(xlo, xhi) >= 0 || fmpq_cmp(ylo, yhi) >= 0 || fmpq_cmp(xlo, yhi) >= 0) {
        fc_error_at(err, file, sec->line, 1, "[model %s]: x_lo < x_hi, y_lo < y_hi and x_lo < y_hi are required",
                    sec->name);
        goto out;
    }
    xs = _fmpq_vec_init(grid + 1);
    ys = _fmpq_vec_init(grid + 1);
    {
        fmpz_t gz;
        fmpz_init_set_si(gz, grid);
        for (int k = 0; k <= grid; k++) {   /* lo + (hi - lo) k / grid, exact */
            fmpq_sub(xs + k, xhi, xlo); fmpq_mul_si(xs + k, xs + k, k); fmpq_div_fmpz(xs + k, xs + k, gz);
            fmpq_add(xs + k, xs + k, xlo);
            fmpq_sub(ys + k, yhi, ylo); fmpq_mul_si(ys + k, ys + k, k); fmpq_div_fmpz(ys + k, ys + k, gz);
            fmpq_add(ys + k, ys + k, ylo);
        }
        fmpz_clear(gz);
    }
    /* the pieces of psi and the point values */
    arb_set_fmpq(t, xlo, prec); arb_atan(t, t, prec); arb_get_lbound_arf(olo, t, prec);
    arb_set_fmpq(t, yhi, prec); arb_atan(t, t, prec); arb_get_ubound_arf(ohi, t, prec);
    arf_sub(w, ohi, olo, prec, ARF_RND_UP);
    pc = flint_malloc(leaves * sizeof(gpiece));
    pt = flint_malloc(leaves * sizeof(arf_struct));
    for (long k = 0; k < leaves; k++) {
        gpiece *g = pc + k;
        arf_init(g->a); arf_init(g->b); arf_init(g->up); arf_init(pt + k);
        if (k == 0) arf_set(g->a, olo); else arf_set(g->a, pc[k - 1].b);
        if (k == leaves - 1) arf_set(g->b, ohi);
        else {
            arf_mul_si(g->b, w, k + 1, prec, ARF_RND_NEAR);
            arf_div_si(g->b, g->b, leaves, prec, ARF_RND_NEAR);
            arf_add(g->b, g->b, olo, prec, ARF_RND_NEAR);
        }
        geval(g, m, prec);
        arf_neg_inf(pt + k);
        arf_add(lo, g->a, g->b, prec, ARF_RND_NEAR);
        arf_mul_2exp_si(lo, lo, -1);
        arb_set_arf(psi, lo);
        if (dyn_return(pn, G, Gz, NULL, m, psi, prec) == DYN_OK && arb_is_finite(Gz))
            arb_get_lbound_arf(pt + k, Gz, prec);
    }
    sub = flint_calloc(grid * grid, sizeof(expr_t));
    for (int ix = 0; ix < grid; ix++)
        for (int iy = 0; iy < grid; iy++) {
            /* outer window [a1, b2] and inner window [a2, b1], in psi */
            arb_set_fmpq(t, xs + ix, prec); arb_atan(t, t, prec); arb_get_lbound_arf(a1, t, prec);
            arb_set_fmpq(t, ys + iy + 1, prec); arb_atan(t, t, prec); arb_get_ubound_arf(b2, t, prec);
            arb_set_fmpq(t, xs + ix + 1, prec); arb_atan(t, t, prec); arb_get_ubound_arf(a2, t, prec);
            arb_set_fmpq(t, ys + iy, prec); arb_atan(t, t, prec); arb_get_lbound_arf(b1, t, prec);
            arf_zero(lo);
            arf_neg_inf(hi);
            for (long k = 0; k < leaves; k++) {
                arf_add(w, pc[k].a, pc[k].b, prec, ARF_RND_NEAR);
                arf_mul_2exp_si(w, w, -1);
                if (arf_cmp(w, a2) >= 0 && arf_cmp(w, b1) <= 0 && arf_cmp(pt + k, lo) > 0) arf_set(lo, pt + k);
                if (pc[k].live && arf_cmp(pc[k].b, a1) >= 0 && arf_cmp(pc[k].a, b2) <= 0 && arf_cmp(pc[k].up, hi) > 0)
                    arf_set(hi, pc[k].up);
            }
            if (arf_is_finite(hi) && arf_cmp(lo, hi) <= 0)
                arb_set_interval_arf(cell, lo, hi, prec);
            else
                arb_indeterminate(cell);
            e = expr_new(EXPR_BALL);
            arb_set(e->ball, cell);
            sub[ix * grid + iy] = e;
        }
    e = mech_grid_tree(sub, grid, 0, grid, 0, grid, xn, yn, xs, ys);
    /* defined only for u_lo < u_hi inside the closed grid (else sqrt(-1): undefined) */
    inside = mech_cmp(EXPR_LT, expr_var(xn), expr_var(yn));
    e = mech_if(inside, e, mech_fn1("sqrt", mech_num(-1, 1)));
    inside = mech_cmp(EXPR_GE, expr_var(xn), expr_num_fmpq(xlo));
    e = mech_if(inside, e, mech_fn1("sqrt", mech_num(-1, 1)));
    inside = mech_cmp(EXPR_LE, expr_var(xn), expr_num_fmpq(xhi));
    e = mech_if(inside, e, mech_fn1("sqrt", mech_num(-1, 1)));
    inside = mech_cmp(EXPR_GE, expr_var(yn), expr_num_fmpq(ylo));
    e = mech_if(inside, e, mech_fn1("sqrt", mech_num(-1, 1)));
    inside = mech_cmp(EXPR_LE, expr_var(yn), expr_num_fmpq(yhi));
    e = mech_if(inside, e, mech_fn1("sqrt", mech_num(-1, 1)));
    mech_emit0(b, "supG", e, 0);
    rc = 0;
out:
    if (sub) {
        for (int k = 0; k < grid * grid; k++) if (sub[k]) expr_free(sub[k]);
        flint_free(sub);
    }
    if (pc) {
        for (long k = 0; k < leaves; k++) {
            arf_clear(pc[k].a); arf_clear(pc[k].b); arf_clear(pc[k].up); arf_clear(pt + k);
        }
        flint_free(pc);
        flint_free(pt);
    }
    if (xs) _fmpq_vec_clear(xs, grid + 1);
    if (ys) _fmpq_vec_clear(ys, grid + 1);
    fmpq_clear(xlo); fmpq_clear(xhi); fmpq_clear(ylo); fmpq_clear(yhi);
    arb_clear(t); arb_clear(psi); arb_clear(pn); arb_clear(G); arb_clear(Gz); arb_clear(cell);
    arf_clear(olo); arf_clear(ohi); arf_clear(w); arf_clear(lo); arf_clear(hi);
    arf_clear(a1); arf_clear(b2); arf_clear(a2); arf_clear(b1);
    return rc;
}

int mech_zod_growth(mech_builder *b, const mech_section *sec, const char *file, expr_scope_t s, fc_error *err)
{
    const slong prec = 128;
    arb_ptr p = _arb_vec_init(10);
    arb_t ulo, uhi, t, sup, lo_u;
    dyn_model_t m;
    long n0, budget;
    int rc = -1, ax[2] = {-1, -1};
    const char *axname[2] = {NULL, NULL};
    arb_init(ulo); arb_init(uhi); arb_init(t); arb_init(sup); arb_init(lo_u);
    dyn_model_init(m);
    for (int i = 0; i < sec->nentries; i++) {
        int k;
        for (k = 0; gkeys[k]; k++) if (strcmp(gkeys[k], sec->entries[i].key) == 0) break;
        if (gkeys[k] == NULL) {
            fc_error_at(err, file, sec->entries[i].key_line, sec->entries[i].key_col,
                        "[model %s]: unknown key '%s' for type zod_growth", sec->name, sec->entries[i].key);
            goto done;
        }
    }
    /* the window plane: x and y name the case parameters that stand for u_lo and u_hi */
    for (int a = 0; a < 2; a++) {
        int i = mech_key(sec, a == 0 ? "x" : "y");
        if (i < 0) continue;
        if (expr_scope_lookup(s, sec->entries[i].value, NULL, NULL) < 0) {
            fc_error_at(err, file, sec->entries[i].line, sec->entries[i].col,
                        "%s: expected the name of a case parameter (the window's %s)", a == 0 ? "x" : "y",
                        a == 0 ? "u_lo" : "u_hi");
            goto done;
        }
        ax[a] = 1;
        axname[a] = sec->entries[i].value;
    }
    if ((ax[0] < 0) != (ax[1] < 0)) {
        fc_error_at(err, file, sec->line, 1, "[model %s]: a window plane needs both x and y", sec->name);
        goto done;
    }
    for (int k = 0; k < 10; k++)
        if (mech_const_key(p + k, sec, gpkeys[k], NULL, file, err, 0)) goto done;
    if (ax[0] >= 0) {
        if (mech_const_key(t, sec, "leaves", "2048", file, err, 0)) goto done;
        n0 = arf_get_si(arb_midref(t), ARF_RND_DOWN);
        if (n0 < 1 || n0 > 65536) {
            fc_error_at(err, file, sec->line, 1, "[model %s]: leaves in 1..65536", sec->name);
            goto done;
        }
        dyn_model_set(m, p, prec);
        if (gplane(b, sec, file, err, m, n0, axname[0], axname[1], prec) == 0) rc = 0;
        goto done;
    }
    if (mech_const_key(ulo, sec, "u_lo", NULL, file, err, 0) || mech_const_key(uhi, sec, "u_hi", NULL, file, err, 0)) goto done;
    if (!arb_lt(ulo, uhi)) {
        fc_error_at(err, file, sec->line, 1, "[model %s]: u_lo < u_hi is required", sec->name);
        goto done;
    }
    if (mech_const_key(t, sec, "leaves", "64", file, err, 0)) goto done;
    n0 = arf_get_si(arb_midref(t), ARF_RND_DOWN);
    if (mech_const_key(t, sec, "budget", "20000", file, err, 0)) goto done;
    budget = arf_get_si(arb_midref(t), ARF_RND_DOWN);
    if (n0 < 1 || n0 > 4096 || budget < n0 || budget > 200000) {
        fc_error_at(err, file, sec->line, 1, "[model %s]: leaves in 1..4096 and budget in leaves..200000",
                    sec->name);
        goto done;
    }
    dyn_model_set(m, p, prec);
    gsup(sup, lo_u, m, ulo, uhi, n0, budget, prec);
    {
        expr_t e = expr_new(EXPR_BALL);
        arb_set(e->ball, sup);
        mech_emit0(b, "supG", e, 0);
        e = expr_new(EXPR_BALL);
        arb_set(e->ball, lo_u);
        mech_emit0(b, "supG_u", e, 0);
    }
    rc = 0;
done:
    dyn_model_clear(m);
    _arb_vec_clear(p, 10);
    arb_clear(ulo); arb_clear(uhi); arb_clear(t); arb_clear(sup); arb_clear(lo_u);
    return rc;
}
