/* mech_zod.c -- [model NAME] type = zod_return_map: the certified stability
 * of the two-contact body of seed 002 (Várkonyi & Or) by its reduced
 * return map (src/dyn), as named definitions.
 *
 * Keys (constants are exact expressions without parameters):
 *   h, l1, l2, rho, phi1, phi2, alpha, mu1, mu2, tau   the model (constants;
 *                   in a plane, the axis keys name the case parameters)
 *   u_lo, u_hi      the arrival slopes covered (default -4, 4)
 *   leaves, depth   the u partition (default 64, 8 bisections)
 *   sample          a slope u at which R and G are reported (optional)
 *   x, y            two of the model keys that vary: a plane (optional)
 *   x_lo, x_hi, y_lo, y_hi, grid   its range (constants) and cells per axis (default 8)
 *   refine          quadtree levels below an undecided cell (default 2)
 * Definitions (prefix P):
 *   P_verdict       1 stable, -1 unstable, 0 undecided (exact)
 *   P_stable, P_unstable   booleans: true/false when proved, unknown otherwise
 *   P_lambda        stable: the proved cycle-mean bound of log G (< 0)
 *   P_fix_u, P_fix_G  unstable: enclosures of the fixed slope and of G there
 *   P_R, P_G, P_GN  with sample: R(u), |z2'| growth (the spec's G), |(x2', z2')| growth
 *   In a plane, P_verdict is a piecewise constant over the grid cells and
 *   their quadtree refinements (each box certified with the parameter balls
 *   of the whole closed box; a point
 *   on a grid line gets the union of its cells, an unknown verdict unless
 *   they agree; 0 outside the range). The other keys are constants of the
 *   block, so the verdict is for that slice of the parameter space only. */
#include <stdio.h>
#include <string.h>
#include "mech/mech_impl.h"
#include "dyn/dyn.h"

static const char *zkeys[] = {"type", "prefix", "description", "h", "l1", "l2", "rho", "phi1", "phi2",
                              "alpha", "mu1", "mu2", "tau", "u_lo", "u_hi", "leaves", "depth", "sample",
                              "x", "y", "x_lo", "x_hi", "y_lo", "y_hi", "grid", "refine", NULL};
static const char *pkeys[10] = {"h", "l1", "l2", "rho", "phi1", "phi2", "alpha", "mu1", "mu2", "tau"};

static int zkey_ok(const char *k)
{
    for (int i = 0; zkeys[i]; i++)
        if (strcmp(zkeys[i], k) == 0) return 1;
    return 0;
}

/* The constant value of key k (exact expression without parameters) as a
 * ball; def when the key is absent. Returns -1 (err set) on a bad value. */
static int const_key(arb_t out, const case_section *sec, const char *k, const char *def,
                     const char *file, case_error_t *err, int want_exact)
{
    int i = mech_key(sec, k);
    expr_t e;
    expr_status st;
    if (i < 0) {
        if (def == NULL) {
            mech_error(err, file, sec->line, 1, "[model %s]: missing key '%s'", sec->name, k);
            return -1;
        }
        arb_set_str(out, def, 256);
        return 0;
    }
    e = mech_parse_expr(sec, i, file, NULL, err);
    if (e == NULL) return -1;
    st = expr_eval_once(out, NULL, e, NULL, NULL, 256);
    expr_free(e);
    if (st != EXPR_DEFINED || !arb_is_finite(out) || (want_exact && !arb_is_exact(out))) {
        mech_error(err, file, sec->lines[i], 1, "%s: expected %s constant", k,
                   want_exact ? "an exact rational" : "a");
        return -1;
    }
    return 0;
}

static expr_t ball_node(const arb_t x)
{
    expr_t e = expr_new(EXPR_BALL);
    arb_set(e->ball, x);
    return e;
}

/* Verdict of the certificate as an exact number. */
static expr_t verdict_num(int v) { return mech_num(v == DYN_STABLE ? 1 : v == DYN_UNSTABLE ? -1 : 0, 1); }

/* The certificate on the parameter box [x0, x1] x [y0, y1] (the other model
 * values in p); undecided boxes are split in four, down to level 0. Returns
 * a piecewise-constant AST of the verdict: if(x < xm, if(y < ym, .., ..), ..). */
typedef struct {
    arb_srcptr p;
    int ax[2];
    const char *xn, *yn;
    const arb_struct *ulo, *uhi;
    int leaves, depth;
    long certs;
} zplane;

static expr_t quad(zplane *z, const arb_t x0, const arb_t x1, const arb_t y0, const arb_t y1, int level)
{
    arb_ptr q = _arb_vec_init(10);
    arb_t xm, ym;
    dyn_model_t m;
    dyn_cert_t c;
    expr_t e;
    int v;
    _arb_vec_set(q, z->p, 10);
    arb_union(q + z->ax[0], x0, x1, 256);
    arb_union(q + z->ax[1], y0, y1, 256);
    dyn_model_init(m); dyn_cert_init(c);
    dyn_model_set(m, q, 64);       /* the box's width dominates: 64 bits suffice */
    dyn_cert_run(c, m, z->ulo, z->uhi, z->leaves, z->depth, 64);
    z->certs++;
    v = c->verdict;
    if (v == DYN_UNDECIDED && level > 0) {
        /* refine only where the certificate succeeds at the box's centre: where
           even a point is undecided, smaller boxes will not do better */
        arb_get_mid_arb(q + z->ax[0], q + z->ax[0]);
        arb_get_mid_arb(q + z->ax[1], q + z->ax[1]);
        dyn_model_set(m, q, 64);
        dyn_cert_run(c, m, z->ulo, z->uhi, z->leaves, z->depth, 64);
        z->certs++;
        if (c->verdict == DYN_UNDECIDED) level = 0;
    }
    dyn_model_clear(m); dyn_cert_clear(c);
    _arb_vec_clear(q, 10);
    if (v != DYN_UNDECIDED || level == 0) return verdict_num(v);
    arb_init(xm); arb_init(ym);
    arb_add(xm, x0, x1, 256); arb_mul_2exp_si(xm, xm, -1);
    arb_add(ym, y0, y1, 256); arb_mul_2exp_si(ym, ym, -1);
    {
        expr_t a = quad(z, x0, xm, y0, ym, level - 1), b = quad(z, x0, xm, ym, y1, level - 1);
        expr_t cc = quad(z, xm, x1, y0, ym, level - 1), d = quad(z, xm, x1, ym, y1, level - 1);
        expr_t lo = mech_if(mech_cmp(EXPR_LT, expr_var(z->yn), ball_node(ym)), a, b);
        expr_t hi = mech_if(mech_cmp(EXPR_LT, expr_var(z->yn), ball_node(ym)), cc, d);
        e = mech_if(mech_cmp(EXPR_LT, expr_var(z->xn), ball_node(xm)), lo, hi);
    }
    arb_clear(xm); arb_clear(ym);
    return e;
}

/* Piecewise tree over cells [i0, i1) x [j0, j1) of the grid (sub-ASTs in sub). */
static expr_t tree(expr_t *sub, int grid, int i0, int i1, int j0, int j1, const char *xn,
                   const char *yn, const arb_t xlo, const arb_t dx, const arb_t ylo, const arb_t dy)
{
    arb_t b;
    expr_t c, l, r;
    if (i1 - i0 == 1 && j1 - j0 == 1) {
        expr_t e = sub[i0 * grid + j0];
        sub[i0 * grid + j0] = NULL;
        return e;
    }
    arb_init(b);
    if (i1 - i0 >= j1 - j0) {
        int m = (i0 + i1) / 2;
        arb_mul_si(b, dx, m, 256); arb_add(b, b, xlo, 256);
        c = mech_cmp(EXPR_LT, expr_var(xn), ball_node(b));
        l = tree(sub, grid, i0, m, j0, j1, xn, yn, xlo, dx, ylo, dy);
        r = tree(sub, grid, m, i1, j0, j1, xn, yn, xlo, dx, ylo, dy);
    } else {
        int m = (j0 + j1) / 2;
        arb_mul_si(b, dy, m, 256); arb_add(b, b, ylo, 256);
        c = mech_cmp(EXPR_LT, expr_var(yn), ball_node(b));
        l = tree(sub, grid, i0, i1, j0, m, xn, yn, xlo, dx, ylo, dy);
        r = tree(sub, grid, i0, i1, m, j1, xn, yn, xlo, dx, ylo, dy);
    }
    arb_clear(b);
    if (l->kind == EXPR_NUM && r->kind == EXPR_NUM && fmpq_equal(l->num, r->num)) {
        expr_free(c); expr_free(r);
        return l;
    }
    return mech_if(c, l, r);
}

int mech_zod(mech_builder *b, const case_section *sec, const char *file, expr_scope_t s, case_error_t *err)
{
    arb_ptr p = _arb_vec_init(10);
    arb_t ulo, uhi, t, xlo, xhi, ylo, yhi, dx, dy;
    dyn_model_t m;
    dyn_cert_t c;
    int rc = -1, ax[2] = {-1, -1}, leaves, depth, grid = 0, refine = 0;
    const char *axname[2] = {NULL, NULL};
    arb_init(ulo); arb_init(uhi); arb_init(t); arb_init(xlo); arb_init(xhi); arb_init(ylo); arb_init(yhi);
    arb_init(dx); arb_init(dy);
    dyn_model_init(m);
    dyn_cert_init(c);
    for (int i = 0; i < sec->nkeys; i++)
        if (!zkey_ok(sec->keys[i])) {
            mech_error(err, file, sec->lines[i], 1, "[model %s]: unknown key '%s' for type zod_return_map",
                       sec->name, sec->keys[i]);
            goto done;
        }
    /* the plane's axes: model keys whose value is a case parameter */
    for (int a = 0; a < 2; a++) {
        int i = mech_key(sec, a == 0 ? "x" : "y"), k, pi;
        if (i < 0) continue;
        for (k = 0; k < 10; k++) if (strcmp(pkeys[k], sec->values[i]) == 0) break;
        if (k == 10) {
            mech_error(err, file, sec->lines[i], 1, "%s: expected one of the model keys h, l1, l2, rho, "
                       "phi1, phi2, alpha, mu1, mu2, tau", a == 0 ? "x" : "y");
            goto done;
        }
        ax[a] = k;
        pi = mech_key(sec, pkeys[k]);
        if (pi < 0 || expr_scope_lookup(s, sec->values[pi], NULL, NULL) < 0) {
            mech_error(err, file, pi < 0 ? sec->lines[i] : sec->lines[pi], 1,
                       "%s: the plane's axis must be a case parameter name", pkeys[k]);
            goto done;
        }
        axname[a] = sec->values[pi];
    }
    if ((ax[0] < 0) != (ax[1] < 0) || (ax[0] >= 0 && ax[0] == ax[1])) {
        mech_error(err, file, sec->line, 1, "[model %s]: a plane needs two different keys x and y", sec->name);
        goto done;
    }
    for (int k = 0; k < 10; k++)
        if (k != ax[0] && k != ax[1] && const_key(p + k, sec, pkeys[k], NULL, file, err, 0)) goto done;
    if (const_key(ulo, sec, "u_lo", "-4", file, err, 0) || const_key(uhi, sec, "u_hi", "4", file, err, 0))
        goto done;
    if (!arb_lt(ulo, uhi)) {
        mech_error(err, file, sec->line, 1, "[model %s]: u_lo < u_hi is required", sec->name);
        goto done;
    }
    if (const_key(t, sec, "leaves", "64", file, err, 1)) goto done;
    leaves = (int) arf_get_si(arb_midref(t), ARF_RND_DOWN);
    if (const_key(t, sec, "depth", "8", file, err, 1)) goto done;
    depth = (int) arf_get_si(arb_midref(t), ARF_RND_DOWN);
    if (leaves < 1 || leaves > 4096 || depth < 0 || depth > 20) {
        mech_error(err, file, sec->line, 1, "[model %s]: leaves in 1..4096 and depth in 0..20", sec->name);
        goto done;
    }
    if (ax[0] < 0) {
        /* one parameter point */
        dyn_model_set(m, p, 128);
        dyn_cert_run(c, m, ulo, uhi, leaves, depth, 128);
        mech_emit0(b, "verdict", verdict_num(c->verdict), 0);
        arb_set_si(t, c->verdict == DYN_STABLE ? 1 : c->verdict == DYN_UNSTABLE ? -1 : 0);
        if (c->verdict == DYN_UNDECIDED) { arb_zero(t); mag_one(arb_radref(t)); }
        mech_emit0(b, "stable", mech_cmp(EXPR_GT, ball_node(t), mech_num(0, 1)), 1);
        mech_emit0(b, "unstable", mech_cmp(EXPR_LT, ball_node(t), mech_num(0, 1)), 1);
        if (c->verdict == DYN_STABLE) {
            arb_set_d(t, c->lambda);
            mech_emit0(b, "lambda", ball_node(t), 0);
        }
        if (c->verdict == DYN_UNSTABLE) {
            arb_tan(t, c->fix_psi, 128);
            mech_emit0(b, "fix_u", ball_node(t), 0);
            mech_emit0(b, "fix_G", ball_node(c->fix_G), 0);
        }
        if (mech_key(sec, "sample") >= 0) {
            arb_t psi, pn, G, Gz;
            int st;
            arb_init(psi); arb_init(pn); arb_init(G); arb_init(Gz);
            if (const_key(t, sec, "sample", NULL, file, err, 0)) goto sample_done;
            arb_atan(psi, t, 128);
            st = dyn_return(pn, G, Gz, NULL, m, psi, 128);
            if (st == DYN_OK) {
                arb_tan(t, pn, 128);
                mech_emit0(b, "R", ball_node(t), 0);
                mech_emit0(b, "G", ball_node(Gz), 0);
                mech_emit0(b, "GN", ball_node(G), 0);
            }
            arb_set_si(t, st == DYN_ABSORBED ? 1 : st == DYN_OK ? -1 : 0);
            if (st != DYN_OK && st != DYN_ABSORBED) { arb_zero(t); mag_one(arb_radref(t)); }
            mech_emit0(b, "absorbed", mech_cmp(EXPR_GT, ball_node(t), mech_num(0, 1)), 1);
            rc = 0;
        sample_done:
            arb_clear(psi); arb_clear(pn); arb_clear(G); arb_clear(Gz);
            if (rc) goto done;
            rc = -1;
        }
    } else {
        expr_t lt, guard;
        if (const_key(xlo, sec, "x_lo", NULL, file, err, 0) || const_key(xhi, sec, "x_hi", NULL, file, err, 0)
            || const_key(ylo, sec, "y_lo", NULL, file, err, 0) || const_key(yhi, sec, "y_hi", NULL, file, err, 0)
            || const_key(t, sec, "grid", "8", file, err, 1))
            goto done;
        grid = (int) arf_get_si(arb_midref(t), ARF_RND_DOWN);
        if (const_key(t, sec, "refine", "2", file, err, 1)) goto done;
        refine = (int) arf_get_si(arb_midref(t), ARF_RND_DOWN);
        if (refine < 0 || refine > 6) {
            mech_error(err, file, sec->line, 1, "[model %s]: refine in 0..6", sec->name);
            goto done;
        }
        if (grid < 1 || grid > 256 || !arb_lt(xlo, xhi) || !arb_lt(ylo, yhi)) {
            mech_error(err, file, sec->line, 1, "[model %s]: grid in 1..256, x_lo < x_hi, y_lo < y_hi",
                       sec->name);
            goto done;
        }
        arb_sub(dx, xhi, xlo, 256); arb_div_si(dx, dx, grid, 256);
        arb_sub(dy, yhi, ylo, 256); arb_div_si(dy, dy, grid, 256);
        {
            zplane z;
            expr_t *sub = flint_malloc(sizeof(expr_t) * grid * grid);
            z.p = p; z.ax[0] = ax[0]; z.ax[1] = ax[1]; z.xn = axname[0]; z.yn = axname[1];
            z.ulo = ulo; z.uhi = uhi; z.leaves = leaves; z.depth = depth; z.certs = 0;
            for (int i = 0; i < grid; i++)
                for (int j = 0; j < grid; j++) {
                    arb_t x0, x1, y0, y1;
                    arb_init(x0); arb_init(x1); arb_init(y0); arb_init(y1);
                    arb_mul_si(x0, dx, i, 256); arb_add(x0, x0, xlo, 256);
                    arb_mul_si(x1, dx, i + 1, 256); arb_add(x1, x1, xlo, 256);
                    arb_mul_si(y0, dy, j, 256); arb_add(y0, y0, ylo, 256);
                    arb_mul_si(y1, dy, j + 1, 256); arb_add(y1, y1, ylo, 256);
                    sub[i * grid + j] = quad(&z, x0, x1, y0, y1, refine);
                    arb_clear(x0); arb_clear(x1); arb_clear(y0); arb_clear(y1);
                }
            lt = tree(sub, grid, 0, grid, 0, grid, axname[0], axname[1], xlo, dx, ylo, dy);
            flint_free(sub);
        }
        guard = expr_binary(EXPR_AND,
                            expr_binary(EXPR_AND, mech_cmp(EXPR_GE, expr_var(axname[0]), ball_node(xlo)),
                                        mech_cmp(EXPR_LE, expr_var(axname[0]), ball_node(xhi))),
                            expr_binary(EXPR_AND, mech_cmp(EXPR_GE, expr_var(axname[1]), ball_node(ylo)),
                                        mech_cmp(EXPR_LE, expr_var(axname[1]), ball_node(yhi))));
        mech_emit0(b, "verdict", mech_if(guard, lt, mech_num(0, 1)), 0);
        mech_emit0(b, "stable", mech_cmp(EXPR_GT, mech_ref(b, "verdict"), mech_num(1, 2)), 1);
        mech_emit0(b, "unstable", mech_cmp(EXPR_LT, mech_ref(b, "verdict"), mech_num(-1, 2)), 1);
        {
            expr_t a = mech_fn1("abs", mech_ref(b, "verdict"));
            mech_emit0(b, "undecided", mech_cmp(EXPR_LT, a, mech_num(1, 2)), 1);
        }
    }
    rc = 0;
done:
    _arb_vec_clear(p, 10);
    arb_clear(ulo); arb_clear(uhi); arb_clear(t); arb_clear(xlo); arb_clear(xhi); arb_clear(ylo);
    arb_clear(yhi); arb_clear(dx); arb_clear(dy);
    dyn_model_clear(m);
    dyn_cert_clear(c);
    return rc;
}
