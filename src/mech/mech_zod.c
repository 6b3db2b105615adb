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
 *   samples         a list of slopes u1, u2, ... at which R and G are reported
 *   orbits          K in 1..4: periodic orbits of periods 1..K searched over
 *                   [u_lo, u_hi] and proved by Krawczyk's test (point models)
 *   x, y            two of the model keys that vary: a plane (optional)
 *   x_lo, x_hi, y_lo, y_hi, grid   its range (exact rationals) and cells per axis (default 8)
 *   refine          quadtree levels below an undecided cell (default 2); under
 *                   `fricert check` only the cells holding one of the case's
 *                   [point]s are refined (the verdict there, hence every
 *                   [expect] at a point, is the report's; other cells keep
 *                   their unrefined, still certified, verdict), unless some
 *                   point does not give both axes as constants
 * Definitions (prefix P):
 *   P_verdict       1 stable, -1 unstable, 0 undecided (exact)
 *   P_stable, P_unstable   booleans: true/false when proved, unknown otherwise
 *   P_lambda        stable: the proved cycle-mean bound of log G (< 0)
 *   P_fix_u, P_fix_G  unstable: enclosures of the fixed slope and of G there
 *   P_fix_unique    unstable: 1, Krawczyk proved the fixed point (or the orbit's
 *                   point) the only one in its interval
 *   P_fix_period    unstable: 1 a fixed point; k an orbit of minimal period k
 *   P_R, P_G, P_GN  with sample: R(u), |z2'| growth (the spec's G), |(x2', z2')| growth
 *   P_absorbed      with sample: true when the arrival is absorbed (double impact)
 *   P_R_k, P_G_k, P_GN_k, P_absorbed_k   the same at the k-th slope of samples
 *   P_orbits        with orbits: the number of proved orbits (those found)
 *   P_orbitJ_period, P_orbitJ_u, P_orbitJ_G   the J-th: minimal period, the
 *                   slope of its first point (an enclosure of the unique fixed
 *                   point of R^period there), the product of G along it
 *   In a plane, P_verdict is a piecewise constant over the grid cells and
 *   their quadtree refinements (each box certified with the parameter balls
 *   of the whole closed box; a point
 *   on a grid line gets the union of its cells, an unknown verdict unless
 *   they agree; 0 outside the range). The other keys are constants of the
 *   block, so the verdict is for that slice of the parameter space only. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include "mech/mech_impl.h"
#include "dyn/dyn.h"

static const char *zkeys[] = {"type", "prefix", "description", "h", "l1", "l2", "rho", "phi1", "phi2",
                              "alpha", "mu1", "mu2", "tau", "u_lo", "u_hi", "leaves", "depth", "sample", "samples", "orbits",
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
int mech_const_key(arb_t out, const mech_section *sec, const char *k, const char *def,
                     const char *file, fc_error *err, int want_exact)
{
    int i = mech_key(sec, k);
    expr_t e;
    expr_status st;
    if (i < 0) {
        if (def == NULL) {
            fc_error_at(err, file, sec->line, 1, "[model %s]: missing key '%s'", sec->name, k);
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
        fc_error_at(err, file, sec->entries[i].line, sec->entries[i].col, "%s: expected %s constant", k,
                   want_exact ? "an exact rational" : "a");
        return -1;
    }
    return 0;
}

/* Folds a constant expression of rationals (+ - * / and negation) to an
 * exact fmpq. Returns 0 when e is not such an expression. */
static int fold_q(fmpq_t out, const expr_t e)
{
    fmpq_t a, b;
    int ok = 1;
    if (e->kind == EXPR_NUM) { fmpq_set(out, e->num); return 1; }
    if (e->kind == EXPR_NEG) { ok = fold_q(out, e->args[0]); fmpq_neg(out, out); return ok; }
    if (e->kind != EXPR_ADD && e->kind != EXPR_SUB && e->kind != EXPR_MUL && e->kind != EXPR_DIV) return 0;
    fmpq_init(a); fmpq_init(b);
    ok = fold_q(a, e->args[0]) && fold_q(b, e->args[1]);
    if (ok) {
        if (e->kind == EXPR_ADD) fmpq_add(out, a, b);
        else if (e->kind == EXPR_SUB) fmpq_sub(out, a, b);
        else if (e->kind == EXPR_MUL) fmpq_mul(out, a, b);
        else if (fmpq_is_zero(b)) ok = 0;
        else fmpq_div(out, a, b);
    }
    fmpq_clear(a); fmpq_clear(b);
    return ok;
}

/* The value of key k as an exact rational (a literal such as 3/20). */
static int rat_key(fmpq_t out, const mech_section *sec, const char *k, const char *file, fc_error *err)
{
    int i = mech_key(sec, k), ok;
    expr_t e;
    if (i < 0) {
        fc_error_at(err, file, sec->line, 1, "[model %s]: missing key '%s'", sec->name, k);
        return -1;
    }
    e = mech_parse_expr(sec, i, file, NULL, err);
    if (e == NULL) return -1;
    ok = fold_q(out, e);
    expr_free(e);
    if (!ok) {
        fc_error_at(err, file, sec->entries[i].line, sec->entries[i].col, "%s: expected an exact rational such as 3/20", k);
        return -1;
    }
    return 0;
}

static expr_t num_node(const fmpq_t q) { return expr_num_fmpq(q); }

static expr_t ball_node(const arb_t x)
{
    expr_t e = expr_new(EXPR_BALL);
    arb_set(e->ball, x);
    return e;
}

/* Verdict of the certificate as an exact number. */
static expr_t verdict_num(int v) { return mech_num(v == DYN_STABLE ? 1 : v == DYN_UNSTABLE ? -1 : 0, 1); }

/* The certificate on the parameter box [x0, x1] x [y0, y1] (exact
 * rationals; the other model values in p); undecided boxes are split in
 * four, down to level 0, where the certificate at the box's centre succeeds.
 * Returns a piecewise-constant AST of the verdict with exact rational
 * thresholds: if(x < xm, if(y < ym, .., ..), ..). */
typedef struct {
    arb_srcptr p;
    int ax[2];
    const char *xn, *yn;
    const arb_struct *ulo, *uhi;
    int leaves, depth;
    long certs;
    int probes;            /* -1: refine everywhere; else the number of probe points */
    arb_ptr px, py;        /* `fricert check`: the case's points in the plane's axes */
} zplane;

/* Whether a probe point lies in the closed box (always, when probes < 0). */
static int box_probed(const zplane *z, const fmpq_t x0, const fmpq_t x1, const fmpq_t y0, const fmpq_t y1)
{
    arb_t a, b, bx, by;
    int hit = 0;
    if (z->probes < 0) return 1;
    arb_init(a); arb_init(b); arb_init(bx); arb_init(by);
    arb_set_fmpq(a, x0, 128); arb_set_fmpq(b, x1, 128); arb_union(bx, a, b, 128);
    arb_set_fmpq(a, y0, 128); arb_set_fmpq(b, y1, 128); arb_union(by, a, b, 128);
    for (int k = 0; k < z->probes && !hit; k++)
        hit = arb_overlaps(bx, z->px + k) && arb_overlaps(by, z->py + k);
    arb_clear(a); arb_clear(b); arb_clear(bx); arb_clear(by);
    return hit;
}

/* `fricert check` (sec->check): the plane's axis values of the case's
 * points. Returns their number, or -1 (refine everywhere) when some point
 * does not give both axes as constants. */
static int read_probes(zplane *z, const mech_section *sec)
{
    int n = 0;
    if (!sec->check) return -1;
    z->px = _arb_vec_init(sec->npoints + 1);
    z->py = _arb_vec_init(sec->npoints + 1);
    for (int p = 0; p < sec->npoints; p++) {
        const mech_section *pt = sec->points + p;
        int got = 0;
        for (int a = 0; a < 2; a++) {
            int i = mech_key(pt, a == 0 ? z->xn : z->yn);
            expr_error_t ee;
            expr_t e;
            if (i < 0) continue;
            e = expr_parse(pt->entries[i].value, pt->entries[i].line, pt->entries[i].col, &ee);
            if (e == NULL) continue;
            if (expr_eval_once(a == 0 ? z->px + n : z->py + n, NULL, e, NULL, NULL, 256) == EXPR_DEFINED
                && arb_is_finite(a == 0 ? z->px + n : z->py + n))
                got++;
            expr_free(e);
        }
        if (got != 2) return -1;
        n++;
    }
    return n;
}

static int cert_box(zplane *z, arb_ptr q, const fmpq_t x0, const fmpq_t x1, const fmpq_t y0,
                    const fmpq_t y1, int centre)
{
    arb_t a, b;
    dyn_model_t m;
    dyn_cert_t c;
    int v;
    arb_init(a); arb_init(b);
    if (centre) {
        fmpq_t t;
        fmpq_init(t);
        fmpq_add(t, x0, x1); fmpq_div_2exp(t, t, 1); arb_set_fmpq(q + z->ax[0], t, 64);
        fmpq_add(t, y0, y1); fmpq_div_2exp(t, t, 1); arb_set_fmpq(q + z->ax[1], t, 64);
        fmpq_clear(t);
    } else {
        arb_set_fmpq(a, x0, 64); arb_set_fmpq(b, x1, 64); arb_union(q + z->ax[0], a, b, 64);
        arb_set_fmpq(a, y0, 64); arb_set_fmpq(b, y1, 64); arb_union(q + z->ax[1], a, b, 64);
    }
    dyn_model_init(m); dyn_cert_init(c);
    dyn_model_set(m, q, 64);       /* the box's width dominates: 64 bits suffice */
    dyn_cert_run(c, m, z->ulo, z->uhi, z->leaves, z->depth, 64);
    z->certs++;
    v = c->verdict;
    dyn_model_clear(m); dyn_cert_clear(c);
    arb_clear(a); arb_clear(b);
    return v;
}

static expr_t quad(zplane *z, const fmpq_t x0, const fmpq_t x1, const fmpq_t y0, const fmpq_t y1, int level)
{
    arb_ptr q = _arb_vec_init(10);
    fmpq_t xm, ym;
    expr_t e, a, b, cc, d, lo, hi;
    int v;
    _arb_vec_set(q, z->p, 10);
    v = cert_box(z, q, x0, x1, y0, y1, 0);
    /* `fricert check`: boxes without a point of the case are not refined */
    if (level > 0 && !box_probed(z, x0, x1, y0, y1)) level = 0;
    /* refine only where the certificate succeeds at the box's centre: where even
       a point is undecided, smaller boxes will not do better */
    if (v == DYN_UNDECIDED && level > 0 && cert_box(z, q, x0, x1, y0, y1, 1) == DYN_UNDECIDED) level = 0;
    _arb_vec_clear(q, 10);
    if (v != DYN_UNDECIDED || level == 0) return verdict_num(v);
    fmpq_init(xm); fmpq_init(ym);
    fmpq_add(xm, x0, x1); fmpq_div_2exp(xm, xm, 1);
    fmpq_add(ym, y0, y1); fmpq_div_2exp(ym, ym, 1);
    a = quad(z, x0, xm, y0, ym, level - 1); b = quad(z, x0, xm, ym, y1, level - 1);
    cc = quad(z, xm, x1, y0, ym, level - 1); d = quad(z, xm, x1, ym, y1, level - 1);
    lo = mech_if(mech_cmp(EXPR_LT, expr_var(z->yn), num_node(ym)), a, b);
    hi = mech_if(mech_cmp(EXPR_LT, expr_var(z->yn), num_node(ym)), cc, d);
    e = mech_if(mech_cmp(EXPR_LT, expr_var(z->xn), num_node(xm)), lo, hi);
    fmpq_clear(xm); fmpq_clear(ym);
    return e;
}

static int zod_threads = 1;

void mech_set_threads(int n)
{
    zod_threads = n < 1 ? 1 : n;
}

/* The grid cells of a plane, shared by the threads that certify them: each
 * cell's tree goes to its own slot, so the result does not depend on which
 * thread took which cell. */
typedef struct {
    const zplane *z;
    expr_t *sub;
    const fmpq *xs, *ys;
    int grid, refine;
    atomic_int next;
    atomic_long certs;
} zgrid;

static void *zgrid_work(void *arg)
{
    zgrid *g = arg;
    zplane z = *g->z;   /* certs counted per thread */
    z.certs = 0;
    for (;;) {
        int k = atomic_fetch_add(&g->next, 1), i, j;
        if (k >= g->grid * g->grid) break;
        i = k / g->grid;
        j = k % g->grid;
        g->sub[k] = quad(&z, g->xs + i, g->xs + i + 1, g->ys + j, g->ys + j + 1, g->refine);
    }
    atomic_fetch_add(&g->certs, z.certs);
    return NULL;
}

/* sub[i grid + j] = the verdict tree of grid cell (i, j), for every cell, on
 * up to zod_threads threads (the calling one among them; a thread that
 * cannot be started leaves its share to the others). */
static void zgrid_run(zplane *z, expr_t *sub, const fmpq *xs, const fmpq *ys, int grid, int refine)
{
    zgrid g;
    int nt = zod_threads < grid * grid ? zod_threads : grid * grid, t, started = 0;
    pthread_t th[64];
    if (nt > 64) nt = 64;
    g.z = z; g.sub = sub; g.xs = xs; g.ys = ys; g.grid = grid; g.refine = refine;
    atomic_init(&g.next, 0);
    atomic_init(&g.certs, 0);
    for (t = 1; t < nt; t++)
        if (pthread_create(&th[started], NULL, zgrid_work, &g) == 0) started++;
    zgrid_work(&g);
    for (t = 0; t < started; t++) pthread_join(th[t], NULL);
    z->certs += atomic_load(&g.certs);
}

/* Piecewise tree over cells [i0, i1) x [j0, j1) of the grid (sub-ASTs in sub,
 * taken: each entry is set to NULL); xs[i], ys[j]: the exact grid lines. Two
 * equal numeric leaves of one split are merged. */
expr_t mech_grid_tree(expr_t *sub, int grid, int i0, int i1, int j0, int j1, const char *xn,
                      const char *yn, const fmpq *xs, const fmpq *ys)
{
    expr_t c, l, r;
    if (i1 - i0 == 1 && j1 - j0 == 1) {
        expr_t e = sub[i0 * grid + j0];
        sub[i0 * grid + j0] = NULL;
        return e;
    }
    if (i1 - i0 >= j1 - j0) {
        int m = (i0 + i1) / 2;
        c = mech_cmp(EXPR_LT, expr_var(xn), num_node(xs + m));
        l = mech_grid_tree(sub, grid, i0, m, j0, j1, xn, yn, xs, ys);
        r = mech_grid_tree(sub, grid, m, i1, j0, j1, xn, yn, xs, ys);
    } else {
        int m = (j0 + j1) / 2;
        c = mech_cmp(EXPR_LT, expr_var(yn), num_node(ys + m));
        l = mech_grid_tree(sub, grid, i0, i1, j0, m, xn, yn, xs, ys);
        r = mech_grid_tree(sub, grid, i0, i1, m, j1, xn, yn, xs, ys);
    }
    if (l->kind == EXPR_NUM && r->kind == EXPR_NUM && fmpq_equal(l->num, r->num)) {
        expr_free(c); expr_free(r);
        return l;
    }
    return mech_if(c, l, r);
}

/* R, G (the spec's |z2'| growth), G_N and absorbed at the slope u, as
 * PREFIX_R<tag>, ...: R, G and GN only when the return is certified. */
static void emit_sample(mech_builder *b, const dyn_model_t m, const arb_t u, const char *tag)
{
    arb_t psi, pn, G, Gz, t;
    char name[48];
    int st;
    arb_init(psi); arb_init(pn); arb_init(G); arb_init(Gz); arb_init(t);
    arb_atan(psi, u, 128);
    st = dyn_return(pn, G, Gz, NULL, m, psi, 128);
    if (st == DYN_OK) {
        arb_tan(t, pn, 128);
        snprintf(name, sizeof name, "R%s", tag); mech_emit0(b, name, ball_node(t), 0);
        snprintf(name, sizeof name, "G%s", tag); mech_emit0(b, name, ball_node(Gz), 0);
        snprintf(name, sizeof name, "GN%s", tag); mech_emit0(b, name, ball_node(G), 0);
    }
    arb_set_si(t, st == DYN_ABSORBED ? 1 : st == DYN_OK ? -1 : 0);
    if (st != DYN_OK && st != DYN_ABSORBED) { arb_zero(t); mag_one(arb_radref(t)); }
    snprintf(name, sizeof name, "absorbed%s", tag);
    mech_emit0(b, name, mech_cmp(EXPR_GT, ball_node(t), mech_num(0, 1)), 1);
    arb_clear(psi); arb_clear(pn); arb_clear(G); arb_clear(Gz); arb_clear(t);
}

/* The proved periodic orbits of periods 1..kmax over the covered slopes. */
static void emit_orbits(mech_builder *b, const dyn_model_t m, const arb_t ulo, const arb_t uhi, int kmax)
{
    dyn_orbit_struct o[16];
    arb_t lo, hi, t;
    char name[48];
    long n;
    arb_init(lo); arb_init(hi); arb_init(t);
    for (int i = 0; i < 16; i++) dyn_orbit_init(o + i);
    arb_atan(lo, ulo, 128);
    arb_atan(hi, uhi, 128);
    n = dyn_orbits_find(o, 16, m, lo, hi, kmax, 32, 128);
    mech_emit0(b, "orbits", mech_num(n, 1), 0);
    for (long j = 0; j < n; j++) {
        snprintf(name, sizeof name, "orbit%ld_period", j + 1);
        mech_emit0(b, name, mech_num(o[j].period, 1), 0);
        arb_tan(t, o[j].psi + 0, 128);
        snprintf(name, sizeof name, "orbit%ld_u", j + 1);
        mech_emit0(b, name, ball_node(t), 0);
        snprintf(name, sizeof name, "orbit%ld_G", j + 1);
        mech_emit0(b, name, ball_node(o[j].G), 0);
    }
    for (int i = 0; i < 16; i++) dyn_orbit_clear(o + i);
    arb_clear(lo); arb_clear(hi); arb_clear(t);
}

int mech_zod(mech_builder *b, const mech_section *sec, const char *file, expr_scope_t s, fc_error *err)
{
    arb_ptr p = _arb_vec_init(10);
    arb_t ulo, uhi, t;
    dyn_model_t m;
    dyn_cert_t c;
    int rc = -1, ax[2] = {-1, -1}, leaves, depth, grid = 0, refine = 0, i;
    const char *axname[2] = {NULL, NULL};
    arb_init(ulo); arb_init(uhi); arb_init(t);
    dyn_model_init(m);
    dyn_cert_init(c);
    for (int i = 0; i < sec->nentries; i++)
        if (!zkey_ok(sec->entries[i].key)) {
            fc_error_at(err, file, sec->entries[i].line, sec->entries[i].col, "[model %s]: unknown key '%s' for type zod_return_map",
                       sec->name, sec->entries[i].key);
            goto done;
        }
    /* the plane's axes: model keys whose value is a case parameter */
    for (int a = 0; a < 2; a++) {
        int i = mech_key(sec, a == 0 ? "x" : "y"), k, pi;
        if (i < 0) continue;
        for (k = 0; k < 10; k++) if (strcmp(pkeys[k], sec->entries[i].value) == 0) break;
        if (k == 10) {
            fc_error_at(err, file, sec->entries[i].line, sec->entries[i].col, "%s: expected one of the model keys h, l1, l2, rho, "
                       "phi1, phi2, alpha, mu1, mu2, tau", a == 0 ? "x" : "y");
            goto done;
        }
        ax[a] = k;
        pi = mech_key(sec, pkeys[k]);
        if (pi < 0 || expr_scope_lookup(s, sec->entries[pi].value, NULL, NULL) < 0) {
            fc_error_at(err, file, pi < 0 ? sec->entries[i].line : sec->entries[pi].line, sec->entries[pi].col,
                       "%s: the plane's axis must be a case parameter name", pkeys[k]);
            goto done;
        }
        axname[a] = sec->entries[pi].value;
    }
    if ((ax[0] < 0) != (ax[1] < 0) || (ax[0] >= 0 && ax[0] == ax[1])) {
        fc_error_at(err, file, sec->line, 1, "[model %s]: a plane needs two different keys x and y", sec->name);
        goto done;
    }
    for (int k = 0; k < 10; k++)
        if (k != ax[0] && k != ax[1] && mech_const_key(p + k, sec, pkeys[k], NULL, file, err, 0)) goto done;
    if (mech_const_key(ulo, sec, "u_lo", "-4", file, err, 0) || mech_const_key(uhi, sec, "u_hi", "4", file, err, 0))
        goto done;
    if (!arb_lt(ulo, uhi)) {
        fc_error_at(err, file, sec->line, 1, "[model %s]: u_lo < u_hi is required", sec->name);
        goto done;
    }
    if (mech_const_key(t, sec, "leaves", "64", file, err, 1)) goto done;
    leaves = (int) arf_get_si(arb_midref(t), ARF_RND_DOWN);
    if (mech_const_key(t, sec, "depth", "8", file, err, 1)) goto done;
    depth = (int) arf_get_si(arb_midref(t), ARF_RND_DOWN);
    if (leaves < 1 || leaves > 4096 || depth < 0 || depth > 20) {
        fc_error_at(err, file, sec->line, 1, "[model %s]: leaves in 1..4096 and depth in 0..20", sec->name);
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
            mech_emit0(b, "fix_unique", mech_num(c->fix_unique, 1), 0);
            mech_emit0(b, "fix_period", mech_num(c->fix_period, 1), 0);
        }
        if (mech_key(sec, "sample") >= 0) {
            if (mech_const_key(t, sec, "sample", NULL, file, err, 0)) goto done;
            emit_sample(b, m, t, "");
        }
        if ((i = mech_key(sec, "samples")) >= 0) {
            expr_t it[32];
            int n = mech_parse_list(it, 32, sec, i, file, NULL, 0, err), bad = 0;
            if (n < 0) goto done;
            for (int k = 0; k < n; k++) {
                char tag[16];
                if (!bad && (expr_eval_once(t, NULL, it[k], NULL, NULL, 256) != EXPR_DEFINED || !arb_is_finite(t))) {
                    fc_error_at(err, file, sec->entries[i].line, sec->entries[i].col,
                               "samples: item %d is not a constant", k + 1);
                    bad = 1;
                }
                if (!bad) {
                    snprintf(tag, sizeof tag, "_%d", k + 1);
                    emit_sample(b, m, t, tag);
                }
                expr_free(it[k]);
            }
            if (bad) goto done;
        }
        if ((i = mech_key(sec, "orbits")) >= 0) {
            int kmax;
            if (mech_const_key(t, sec, "orbits", NULL, file, err, 1)) goto done;
            kmax = (int) arf_get_si(arb_midref(t), ARF_RND_DOWN);
            if (kmax < 1 || kmax > DYN_MAXPERIOD || !arb_is_int(t)) {
                fc_error_at(err, file, sec->entries[i].line, sec->entries[i].col, "orbits: expected a period in 1..%d",
                           DYN_MAXPERIOD);
                goto done;
            }
            emit_orbits(b, m, ulo, uhi, kmax);
        }
    } else {
        expr_t lt, guard;
        fmpq_t qxlo, qxhi, qylo, qyhi;
        fmpq *xs, *ys;
        fmpq_init(qxlo); fmpq_init(qxhi); fmpq_init(qylo); fmpq_init(qyhi);
        if (rat_key(qxlo, sec, "x_lo", file, err) || rat_key(qxhi, sec, "x_hi", file, err)
            || rat_key(qylo, sec, "y_lo", file, err) || rat_key(qyhi, sec, "y_hi", file, err)
            || mech_const_key(t, sec, "grid", "8", file, err, 1)) {
            fmpq_clear(qxlo); fmpq_clear(qxhi); fmpq_clear(qylo); fmpq_clear(qyhi);
            goto done;
        }
        grid = (int) arf_get_si(arb_midref(t), ARF_RND_DOWN);
        if (mech_const_key(t, sec, "refine", "2", file, err, 1)) goto plane_fail;
        refine = (int) arf_get_si(arb_midref(t), ARF_RND_DOWN);
        if (refine < 0 || refine > 6) {
            fc_error_at(err, file, sec->line, 1, "[model %s]: refine in 0..6", sec->name);
            goto plane_fail;
        }
        if (grid < 1 || grid > 256 || fmpq_cmp(qxlo, qxhi) >= 0 || fmpq_cmp(qylo, qyhi) >= 0) {
            fc_error_at(err, file, sec->line, 1, "[model %s]: grid in 1..256, x_lo < x_hi, y_lo < y_hi",
                       sec->name);
            goto plane_fail;
        }
        xs = _fmpq_vec_init(grid + 1);
        ys = _fmpq_vec_init(grid + 1);
        for (int k = 0; k <= grid; k++) {
            /* lo + k (hi - lo) / grid, exactly */
            fmpq_t f;
            fmpq_init(f);
            fmpq_set_si(f, k, grid);
            fmpq_sub(xs + k, qxhi, qxlo); fmpq_mul(xs + k, xs + k, f); fmpq_add(xs + k, xs + k, qxlo);
            fmpq_sub(ys + k, qyhi, qylo); fmpq_mul(ys + k, ys + k, f); fmpq_add(ys + k, ys + k, qylo);
            fmpq_clear(f);
        }
        {
            zplane z;
            expr_t *sub = flint_malloc(sizeof(expr_t) * grid * grid);
            z.p = p; z.ax[0] = ax[0]; z.ax[1] = ax[1]; z.xn = axname[0]; z.yn = axname[1];
            z.ulo = ulo; z.uhi = uhi; z.leaves = leaves; z.depth = depth; z.certs = 0;
            z.px = z.py = NULL;
            z.probes = read_probes(&z, sec);
            zgrid_run(&z, sub, xs, ys, grid, refine);
            lt = mech_grid_tree(sub, grid, 0, grid, 0, grid, axname[0], axname[1], xs, ys);
            flint_free(sub);
            if (z.px) { _arb_vec_clear(z.px, sec->npoints + 1); _arb_vec_clear(z.py, sec->npoints + 1); }
        }
        guard = expr_binary(EXPR_AND,
                            expr_binary(EXPR_AND, mech_cmp(EXPR_GE, expr_var(axname[0]), num_node(qxlo)),
                                        mech_cmp(EXPR_LE, expr_var(axname[0]), num_node(qxhi))),
                            expr_binary(EXPR_AND, mech_cmp(EXPR_GE, expr_var(axname[1]), num_node(qylo)),
                                        mech_cmp(EXPR_LE, expr_var(axname[1]), num_node(qyhi))));
        _fmpq_vec_clear(xs, grid + 1);
        _fmpq_vec_clear(ys, grid + 1);
        fmpq_clear(qxlo); fmpq_clear(qxhi); fmpq_clear(qylo); fmpq_clear(qyhi);
        mech_emit0(b, "verdict", mech_if(guard, lt, mech_num(0, 1)), 0);
        mech_emit0(b, "stable", mech_cmp(EXPR_GT, mech_ref(b, "verdict"), mech_num(1, 2)), 1);
        mech_emit0(b, "unstable", mech_cmp(EXPR_LT, mech_ref(b, "verdict"), mech_num(-1, 2)), 1);
        {
            expr_t a = mech_fn1("abs", mech_ref(b, "verdict"));
            mech_emit0(b, "undecided", mech_cmp(EXPR_LT, a, mech_num(1, 2)), 1);
        }
    }
    rc = 0;
    goto done;
plane_fail:
    rc = -1;
done:
    _arb_vec_clear(p, 10);
    arb_clear(ulo); arb_clear(uhi); arb_clear(t);
    dyn_model_clear(m);
    dyn_cert_clear(c);
    return rc;
}
