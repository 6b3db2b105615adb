/* claim_identity.c -- kind = identity: is `claim` (a typed closed form) equal
 * to `model` (a derived quantity) at every point of the case's box where
 * both are defined?
 *
 * Proved by exact algebra: claim - model is written as one fraction P / Q of
 * polynomials over Q (FLINT fmpq_mpoly) in the range parameters and their
 * cosines and sines (the fixed parameters substituted, definitions
 * expanded); P reduced modulo cos^2 + sin^2 - 1 for each parameter (these
 * relations have coprime leading monomials, so the remainder is a normal
 * form) is 0 exactly when claim - model vanishes wherever Q does not.
 * Refuted with a witness: the simplest rational point of a cell of a uniform
 * grid (middle half of each side, over the range parameters the two sides
 * use) where the
 * enclosure of claim - model excludes 0. Otherwise inconclusive. */
#include <stdio.h>
#include <string.h>
#include "alg/alg.h"
#include "claim/claim_impl.h"
#include "base/fc_ball.h"

typedef struct {
    const case_t *c;
    const char **vars;
    slong nvars;
    const fmpq_mpoly_ctx_struct *ctx;
    const expr_t *pv;
} frac_ctx;

/* num / den = e (den != 0 as a polynomial). Returns 0, or -1 when e is not
 * a rational function of the variables. */
static int to_frac(fmpq_mpoly_t num, fmpq_mpoly_t den, const expr_node *e, const frac_ctx *f, int depth)
{
    fmpq_mpoly_t a, b;
    expr_error_t err;
    expr_t def;
    int r = 0, idx;
    if (depth > 200) return -1;
    switch (e->kind) {
    case EXPR_VAR:
        if (expr_scope_lookup(f->c->scope, e->name, &idx, &def) == 1) return to_frac(num, den, def, f, depth + 1);
        break;
    case EXPR_ADD: case EXPR_SUB: case EXPR_MUL: case EXPR_DIV:
        fmpq_mpoly_init(a, f->ctx);
        fmpq_mpoly_init(b, f->ctx);
        r = to_frac(num, den, e->args[0], f, depth + 1);
        if (r == 0) r = to_frac(a, b, e->args[1], f, depth + 1);
        if (r == 0) {
            if (e->kind == EXPR_MUL) {
                fmpq_mpoly_mul(num, num, a, f->ctx);
                fmpq_mpoly_mul(den, den, b, f->ctx);
            } else if (e->kind == EXPR_DIV) {
                if (fmpq_mpoly_is_zero(a, f->ctx)) r = -1;
                fmpq_mpoly_mul(num, num, b, f->ctx);
                fmpq_mpoly_mul(den, den, a, f->ctx);
            } else {
                /* n/d +- a/b = (n b +- a d) / (d b) */
                fmpq_mpoly_mul(num, num, b, f->ctx);
                fmpq_mpoly_mul(a, a, den, f->ctx);
                if (e->kind == EXPR_ADD) fmpq_mpoly_add(num, num, a, f->ctx);
                else fmpq_mpoly_sub(num, num, a, f->ctx);
                fmpq_mpoly_mul(den, den, b, f->ctx);
            }
        }
        fmpq_mpoly_clear(a, f->ctx);
        fmpq_mpoly_clear(b, f->ctx);
        return r;
    case EXPR_NEG:
        r = to_frac(num, den, e->args[0], f, depth + 1);
        if (r == 0) fmpq_mpoly_neg(num, num, f->ctx);
        return r;
    default:
        break;
    }
    /* anything else (numbers, parameters, powers, cos/sin of a parameter): a polynomial or nothing */
    fmpq_mpoly_one(den, f->ctx);
    return alg_to_mpoly_ext(num, (expr_t) e, f->vars, f->nvars, f->ctx, f->c->scope, f->pv, ALG_TRIG, &err);
}

/* 1: claim - model proved 0 where both are defined; 0: not (or not a
 * rational function). */
static int identity_algebra(const case_t *c, const case_claim *cl)
{
    const char **vars = flint_malloc((3 * c->nparams + 1) * sizeof(char *));
    char **own = flint_malloc((2 * c->nparams + 1) * sizeof(char *));
    expr_t *pv = flint_calloc(c->nparams + 1, sizeof(expr_t));
    slong nv = 0, no = 0, ntrig = 0, i;
    slong *cs = flint_malloc((2 * c->nparams + 1) * sizeof(slong));
    int proved = 0;
    fmpq_mpoly_ctx_t ctx;
    fmpq_mpoly_t pn, pd, qn, qd;
    frac_ctx f;
    for (i = 0; i < c->nparams; i++) {
        size_t n = strlen(c->params[i].name) + 3;
        if (!c->params[i].is_range) {
            pv[i] = c->params[i].value;
            continue;
        }
        vars[nv++] = c->params[i].name;
        cs[2 * ntrig] = nv;
        cs[2 * ntrig + 1] = nv + 1;
        ntrig++;
        own[no] = flint_malloc(n);
        snprintf(own[no], n, "c_%s", c->params[i].name);
        vars[nv++] = own[no++];
        own[no] = flint_malloc(n);
        snprintf(own[no], n, "s_%s", c->params[i].name);
        vars[nv++] = own[no++];
    }
    fmpq_mpoly_ctx_init(ctx, nv > 0 ? nv : 1, ORD_LEX);
    fmpq_mpoly_init(pn, ctx); fmpq_mpoly_init(pd, ctx);
    fmpq_mpoly_init(qn, ctx); fmpq_mpoly_init(qd, ctx);
    f.c = c; f.vars = vars; f.nvars = nv; f.ctx = ctx; f.pv = pv;
    if (to_frac(pn, pd, cl->claim, &f, 0) == 0 && to_frac(qn, qd, cl->model, &f, 0) == 0) {
        /* claim - model = (pn qd - qn pd) / (pd qd) */
        fmpq_mpoly_mul(pn, pn, qd, ctx);
        fmpq_mpoly_mul(qn, qn, pd, ctx);
        fmpq_mpoly_sub(pn, pn, qn, ctx);
        if (ntrig > 0 && !fmpq_mpoly_is_zero(pn, ctx)) {
            fmpq_mpoly_struct *rel = flint_malloc(ntrig * sizeof(fmpq_mpoly_struct));
            fmpq_mpoly_struct **relp = flint_malloc(ntrig * sizeof(fmpq_mpoly_struct *));
            fmpq_mpoly_struct *quo = flint_malloc(ntrig * sizeof(fmpq_mpoly_struct));
            fmpq_mpoly_struct **quop = flint_malloc(ntrig * sizeof(fmpq_mpoly_struct *));
            for (i = 0; i < ntrig; i++) {
                fmpq_mpoly_init(rel + i, ctx);
                fmpq_mpoly_init(quo + i, ctx);
                alg_trig_relation(rel + i, cs[2 * i], cs[2 * i + 1], ctx);
                relp[i] = rel + i;
                quop[i] = quo + i;
            }
            fmpq_mpoly_divrem_ideal(quop, qn, pn, relp, ntrig, ctx);
            fmpq_mpoly_swap(pn, qn, ctx);
            for (i = 0; i < ntrig; i++) {
                fmpq_mpoly_clear(rel + i, ctx);
                fmpq_mpoly_clear(quo + i, ctx);
            }
            flint_free(rel); flint_free(relp); flint_free(quo); flint_free(quop);
        }
        proved = fmpq_mpoly_is_zero(pn, ctx);
    }
    fmpq_mpoly_clear(pn, ctx); fmpq_mpoly_clear(pd, ctx);
    fmpq_mpoly_clear(qn, ctx); fmpq_mpoly_clear(qd, ctx);
    fmpq_mpoly_ctx_clear(ctx);
    for (i = 0; i < no; i++) flint_free(own[i]);
    flint_free(own); flint_free(vars); flint_free(pv); flint_free(cs);
    return proved;
}

/* Marks in used[] the parameters that e uses, through definitions (each
 * definition visited once: seen holds those visited). */
typedef struct {
    expr_t *def;
    slong n, alloc;
} seen_t;

static void mark_used(int *used, const expr_node *e, const case_t *c, seen_t *seen, int depth)
{
    int i, idx = -1;
    expr_t def = NULL;
    slong k;
    if (depth > 10000) return;
    if (e->kind == EXPR_VAR) {
        int kind = expr_scope_lookup(c->scope, e->name, &idx, &def);
        if (kind == 0 && idx >= 0 && idx < c->nparams) used[idx] = 1;
        if ((kind == 1 || kind == 2) && def != NULL) {
            for (k = 0; k < seen->n; k++)
                if (seen->def[k] == def) return;
            if (seen->n == seen->alloc) {
                seen->alloc = seen->alloc ? 2 * seen->alloc : 16;
                seen->def = flint_realloc(seen->def, seen->alloc * sizeof(expr_t));
            }
            seen->def[seen->n++] = def;
            mark_used(used, def, c, seen, depth + 1);
        }
        return;
    }
    for (i = 0; i < e->nargs; i++) mark_used(used, e->args[i], c, seen, depth + 1);
}

/* Searches a uniform grid of rational points (levels 1..depth, at most
 * 4096 points per level) over the range parameters that claim or model
 * reads (the others stay at their whole range and are not in the witness;
 * all of them when the difference reads none, and then *constant = 1) for
 * one where the enclosure of claim - model excludes 0. Returns 1 and sets
 * the witness in out, else 0. */
static int identity_witness(claim_result *out, const case_t *c, const case_claim *cl, int depth, slong prec,
                            int *constant)
{
    int nr = 0, i, level, found = 0;
    int *rp = flint_malloc((c->nparams + 1) * sizeof(int));
    arb_ptr box = _arb_vec_init(c->nparams + 1);
    fmpq *q = _fmpq_vec_init(c->nparams + 1), *lo = _fmpq_vec_init(c->nparams + 1),
         *hi = _fmpq_vec_init(c->nparams + 1);
    expr_t diff = expr_binary(EXPR_SUB, expr_copy(cl->claim), expr_copy(cl->model));
    expr_scope_t empty = expr_scope_new();
    arb_t v;
    int *used = flint_calloc(c->nparams + 1, sizeof(int));
    seen_t seen = {NULL, 0, 0};
    arb_init(v);
    case_point_box(box, c, -1, prec);
    /* only the range parameters that claim or model use are gridded (the
     * others keep their whole range in the box, which they do not affect) */
    mark_used(used, cl->claim, c, &seen, 0);
    mark_used(used, cl->model, c, &seen, 0);
    flint_free(seen.def);
    /* a constant difference: every point is a witness; take the grid over all range parameters so that a
       refutation still names a point (results.json requires one) */
    for (i = 0; i < c->nparams && !(c->params[i].is_range && used[i]); i++)
        ;
    if (i == c->nparams) {
        *constant = 1;
        for (i = 0; i < c->nparams; i++) used[i] = 1;
    }
    for (i = 0; i < c->nparams; i++)
        if (c->params[i].is_range && used[i]) {
            fmpq_t t;
            fmpq_init(t);
            /* exact rational ends: the simplest rationals inside the (possibly irrational) range */
            arb_t a;
            arb_init(a);
            expr_eval_once(a, NULL, c->params[i].lo, empty, NULL, prec);
            arf_get_fmpq(lo + nr, arb_midref(a));
            mag_get_fmpq(t, arb_radref(a));
            fmpq_add(lo + nr, lo + nr, t);
            expr_eval_once(a, NULL, c->params[i].hi, empty, NULL, prec);
            arf_get_fmpq(hi + nr, arb_midref(a));
            mag_get_fmpq(t, arb_radref(a));
            fmpq_sub(hi + nr, hi + nr, t);
            arb_clear(a);
            fmpq_clear(t);
            rp[nr++] = i;
        }
    for (level = 1; level <= depth && !found; level++) {
        ulong per = UWORD(1) << level, total = 1, k;
        for (i = 0; i < nr && total <= 4096; i++) total *= per;
        if (total > 4096) break;
        for (k = 0; k < total && !found; k++) {
            ulong r = k;
            for (i = 0; i < nr; i++) {
                /* the simplest rational in the middle half of cell j (digit i of k in base per):
                   between lo + (j + 1/4) w and lo + (j + 3/4) w, w = (hi - lo) / per */
                fmpq_t w, a, b;
                fmpq_init(w); fmpq_init(a); fmpq_init(b);
                fmpq_sub(w, hi + i, lo + i);
                fmpq_div_2exp(w, w, level + 2);
                fmpq_mul_si(a, w, 4 * (slong) (r % per) + 1);
                fmpq_add(a, a, lo + i);
                fmpq_mul_si(b, w, 4 * (slong) (r % per) + 3);
                fmpq_add(b, b, lo + i);
                fmpq_simplest_between(q + i, a, b);
                fmpq_clear(w); fmpq_clear(a); fmpq_clear(b);
                r /= per;
                arb_set_fmpq(box + rp[i], q + i, prec);
            }
            if (expr_eval_once(v, NULL, diff, c->scope, box, prec) == EXPR_DEFINED && !arb_contains_zero(v))
                found = 1;
        }
    }
    if (found) {
        const char **names = flint_malloc((nr + 1) * sizeof(char *));
        arb_t a;
        char *s;
        arb_init(a);
        for (i = 0; i < nr; i++) names[i] = c->params[rp[i]].name;
        claim_set_witness(out, nr, names, q);
        expr_eval_once(a, NULL, cl->claim, c->scope, box, prec);
        s = fc_ball_str_unicode(a, 0, prec);
        out->claim_side = fc_printf("The claim's expression is %s there.", s);
        flint_free(s);
        expr_eval_once(a, NULL, cl->model, c->scope, box, prec);
        s = fc_ball_str_unicode(a, 0, prec);
        out->model_side = fc_printf("The model's expression is %s there.", s);
        flint_free(s);
        arb_clear(a);
        flint_free(names);
    }
    arb_clear(v);
    expr_free(diff);
    expr_scope_free(empty);
    _fmpq_vec_clear(q, c->nparams + 1);
    _fmpq_vec_clear(lo, c->nparams + 1);
    _fmpq_vec_clear(hi, c->nparams + 1);
    _arb_vec_clear(box, c->nparams + 1);
    flint_free(rp);
    flint_free(used);
    return found;
}

int claim_identity(claim_result *out, const case_t *c, const case_claim *cl, const pave_options *opt,
                   int depth_override, fc_error *err)
{
    int depth = depth_override > 0 ? depth_override : (cl->depth > 0 ? cl->depth : 8);
    int constant = 0;
    slong prec = opt->prec > 0 ? opt->prec : c->prec;
    if (cl->claim == NULL || cl->model == NULL) {
        fc_error_at(err, c->path, cl->line, cl->col, "claim %s: missing key '%s'", cl->name,
                    cl->claim == NULL ? "claim" : "model");
        return -1;
    }
    if (identity_algebra(c, cl)) {
        out->status = CLAIM_PROVED;
        out->detail = fc_printf("Proved by exact algebra: claim − model, written as one fraction of polynomials "
                                "over Q in the range parameters and their cosines and sines (the fixed "
                                "parameters at their exact values), has a numerator that reduces to 0 modulo "
                                "cos² + sin² = 1; the two are equal wherever both are defined.");
        return 0;
    }
    if (identity_witness(out, c, cl, depth, prec, &constant)) {
        out->status = CLAIM_REFUTED;
        if (constant)
            out->detail = fc_printf("Refuted: claim − model reads no range parameter (a constant), and its "
                                    "enclosure excludes 0; the witness is the simplest point of the box.");
        else
            out->detail = fc_printf("Refuted: at the witness, a rational point of a uniform grid (depth %d), the "
                                    "enclosure of claim − model excludes 0.", depth);
        return 0;
    }
    out->status = CLAIM_INCONCLUSIVE;
    out->detail = fc_printf("Inconclusive: claim − model is not a rational function the exact algebra reduces to "
                            "0, and no point of a uniform grid (depth %d) separates them.", depth);
    return 0;
}
