/* run_constraint.c -- model constraints: a case evaluates its models only on
 * configurations that satisfy them (G = 0, Gdot = 0, contact gap = 0 and
 * its rate = 0), at every point and over every plotted box; and the scope of
 * a plot that fixes parameters (fix.NAME = VALUE). */
#include <stdio.h>
#include <string.h>
#include "alg/alg.h"
#include "fc_ball.h"
#include "run/run_impl.h"

expr_scope_t run_plot_scope(const case_t *c, const case_plot *pl)
{
    expr_scope_t s;
    int i, j;
    if (pl->nfix == 0) return NULL;
    s = expr_scope_new();
    for (i = 0; i < c->nparams; i++) {
        char hidden[300];
        for (j = 0; j < pl->nfix; j++)
            if (pl->fix_param[j] == i) break;
        /* a fixed parameter keeps its slot under a name that no expression can write */
        snprintf(hidden, sizeof hidden, "fix.%s", c->params[i].name);
        expr_scope_add_param(s, j < pl->nfix ? hidden : c->params[i].name);
    }
    for (j = 0; j < pl->nfix; j++) expr_scope_add_def(s, c->params[pl->fix_param[j]].name, pl->fix_value[j], 0);
    for (i = 0; i < c->ndefs; i++) expr_scope_add_def(s, c->defs[i].name, c->defs[i].e, c->defs[i].is_bool);
    for (i = 0; i < c->nregions; i++) expr_scope_add_def(s, c->regions[i].name, c->regions[i].e, 1);
    return s;
}

static void ball_text(char *buf, size_t n, const arb_t x)
{
    char *t = fc_ball_str(x, 30);
    snprintf(buf, n, "%s", t);
    flint_free(t);
}

/* 1 if the definition or parameter name depends (through definitions,
 * syntactically) on parameter k of s. depth bounds the expansion. */
static int depends(const expr_node *e, const expr_scope_t s, int k, int depth)
{
    int i, idx;
    expr_t def;
    if (e == NULL) return 0;
    if (depth > 200) return 1;
    if (e->kind == EXPR_VAR) {
        int kind = expr_scope_lookup(s, e->name, &idx, &def);
        if (kind == 0) return idx == k;
        if (kind > 0) return depends(def, s, k, depth + 1);
        return 1; /* a bound variable, or unknown: assume it does */
    }
    for (i = 0; i < e->nargs; i++)
        if (depends(e->args[i], s, k, depth + 1)) return 1;
    return 0;
}

/* 1 if name is identically 0 as a polynomial over Q in the parameters with
 * free[i] != 0 and their cosines and sines, parameter i replaced by the
 * exact value pv[i] (an AST; NULL: not available) where free[i] == 0, and
 * definitions expanded (FLINT, exact). */
static int zero_polynomial(const case_t *c, expr_scope_t s, const char *name, const int *free,
                           const expr_t *pv)
{
    const char **vars = flint_malloc((3 * c->nparams + 1) * sizeof(char *));
    char **own = flint_malloc((3 * c->nparams + 1) * sizeof(char *));
    slong nv = 0, no = 0;
    int i, zero = 0;
    expr_t e = expr_var(name);
    expr_error_t err;
    for (i = 0; i < c->nparams; i++) {
        size_t n = strlen(c->params[i].name) + 3;
        if (!free[i]) continue;
        vars[nv++] = c->params[i].name;
        own[no] = flint_malloc(n);
        snprintf(own[no], n, "c_%s", c->params[i].name);
        vars[nv++] = own[no++];
        own[no] = flint_malloc(n);
        snprintf(own[no], n, "s_%s", c->params[i].name);
        vars[nv++] = own[no++];
    }
    {
        fmpq_mpoly_ctx_t ctx;
        fmpq_mpoly_t p;
        fmpq_mpoly_ctx_init(ctx, nv > 0 ? nv : 1, ORD_LEX);
        fmpq_mpoly_init(p, ctx);
        if (alg_to_mpoly_ext(p, e, vars, nv, ctx, s, pv, ALG_TRIG, &err) == 0)
            zero = fmpq_mpoly_is_zero(p, ctx);
        fmpq_mpoly_clear(p, ctx);
        fmpq_mpoly_ctx_clear(ctx);
    }
    expr_free(e);
    for (i = 0; i < no; i++) flint_free(own[i]);
    flint_free(own);
    flint_free(vars);
    return zero;
}

/* The plot's free parameters (the axes and the ranges it does not fix) and
 * the exact values of the others (fixed ones are definitions in s). */
static int plot_zero_polynomial(const case_t *c, const case_plot *pl, expr_scope_t s, const char *name)
{
    int *free = flint_calloc(c->nparams + 1, sizeof(int));
    expr_t *pv = flint_calloc(c->nparams + 1, sizeof(expr_t));
    int i, j, zero;
    for (i = 0; i < c->nparams; i++) {
        int fixed = 0;
        for (j = 0; j < pl->nfix; j++) fixed |= pl->fix_param[j] == i;
        if (fixed) continue;
        if (i == pl->x || i == pl->y || c->params[i].is_range) free[i] = 1;
        else pv[i] = c->params[i].value;
    }
    zero = zero_polynomial(c, s, name, free, pv);
    flint_free(free);
    flint_free(pv);
    return zero;
}

/* At point index (>= 0): the parameters it leaves as ranges (free) and the
 * exact values of the others. Returns the number of free parameters the
 * constraint name depends on. */
static int point_free(int *free, expr_t *pv, const case_t *c, int index, const char *name)
{
    const case_point *pt = &c->points[index];
    expr_t e = expr_var(name);
    int i, j, n = 0;
    for (i = 0; i < c->nparams; i++) {
        const expr_node *set = NULL;
        free[i] = 0;
        pv[i] = NULL;
        for (j = 0; j < pt->nset; j++)
            if (pt->set_param[j] == i) set = pt->set_value[j];
        if (set) pv[i] = (expr_t) set;
        else if (!c->params[i].is_range) pv[i] = c->params[i].value;
        else if (depends(e, c->scope, i, 0)) {
            free[i] = 1;
            n++;
        }
    }
    expr_free(e);
    return n;
}

int run_check_point_constraints(run_results *res, const case_t *c, const run_point *rp)
{
    int i, k, rc = 0;
    int *free = flint_calloc(c->nparams + 1, sizeof(int));
    expr_t *pv = flint_calloc(c->nparams + 1, sizeof(expr_t));
    for (i = 0; i < c->ndefs && rc == 0; i++) {
        const case_def *d = &c->defs[i];
        char v[128];
        if (d->constraint == NULL) continue;
        for (k = 0; k < rp->nq; k++)
            if (strcmp(rp->qnames[k], d->name) == 0) break;
        if (k == rp->nq) continue;
        if (rp->qst[k] == EXPR_DEFINED) ball_text(v, sizeof v, rp->q + k);
        else snprintf(v, sizeof v, "undefined on part of the point's box");
        if (rp->qst[k] == EXPR_DEFINED && !arb_contains_zero(rp->q + k)) {
            if (rp->index >= 0)
                fc_error_at(&res->error, c->path, c->points[rp->index].line, 1,
                            "point %s is off the model: the constraint %s = 0 fails there (%s = %s)", rp->name,
                            d->name, d->name, v);
            else
                fc_error_at(&res->error, c->path, d->line, 1,
                            "the case's own values are off the model: the constraint %s = 0 fails there "
                            "(%s = %s)", d->name, d->name, v);
            rc = -1;
        } else if (rp->index >= 0 && point_free(free, pv, c, rp->index, d->name) > 0
                   && !(rp->qst[k] == EXPR_DEFINED && arb_is_zero(rp->q + k))
                   && !zero_polynomial(c, c->scope, d->name, free, pv)) {
            /* a point that leaves a range the constraint depends on: certified like a plot */
            fc_error_at(&res->error, c->path, c->points[rp->index].line, 1,
                        "point %s: the model constraint %s = 0 is not certified over the ranges it leaves "
                        "(%s = %s there, and it is not identically 0); set the dependent coordinates",
                        rp->name, d->name, d->name, v);
            rc = -1;
        }
    }
    flint_free(free);
    flint_free(pv);
    return rc;
}

int run_check_plot_constraints(run_results *res, const case_t *c, const case_plot *pl, expr_scope_t s,
                               arb_srcptr box, slong prec)
{
    int i, n = 0, nact = 0, rc = 0;
    expr_t *roots = flint_malloc((c->ndefs + 1) * sizeof(expr_t));
    int *which = flint_malloc((c->ndefs + 1) * sizeof(int));
    int *act = flint_malloc((c->nparams + 1) * sizeof(int));
    expr_prog_t prog;
    expr_error_t err;
    for (i = 0; i < c->ndefs; i++)
        if (c->defs[i].constraint) {
            which[n] = i;
            roots[n++] = expr_var(c->defs[i].name);
        }
    if (n == 0) goto done;
    prog = expr_compile(roots, n, s, &err);
    if (prog == NULL) {
        fc_error_at(&res->error, c->path, pl->line, 1, "plot %s: cannot compile the model constraints: %s",
                    pl->name, err.msg);
        rc = -2;
        goto done;
    }
    for (i = 0; i < c->nparams; i++)
        if (!arb_is_exact(box + i)) act[nact++] = i;
    {
        expr_eval_t ev = expr_eval_new(prog, act, nact, prec);
        arb_t v;
        arb_init(v);
        expr_eval_run(ev, box, 1);
        for (i = 0; i < n && rc == 0; i++) {
            const char *nm = c->defs[which[i]].name;
            expr_status st = expr_eval_value(v, ev, i);
            char t[128];
            if (st == EXPR_DEFINED && arb_is_zero(v)) continue;
            if (plot_zero_polynomial(c, pl, s, nm)) continue;
            ball_text(t, sizeof t, v);
            if (st == EXPR_DEFINED && !arb_contains_zero(v))
                fc_error_at(&res->error, c->path, pl->line, 1,
                            "plot %s is off the model: the constraint %s = 0 fails on the whole plotted box "
                            "(%s = %s there); fix the dependent coordinates with fix.NAME = VALUE",
                            pl->name, nm, nm, t);
            else
                fc_error_at(&res->error, c->path, pl->line, 1,
                            "plot %s: the model constraint %s = 0 is not certified on the plotted box "
                            "(%s = %s there, and it is not identically 0); fix the dependent coordinates "
                            "with fix.NAME = VALUE",
                            pl->name, nm, nm, st == EXPR_DEFINED ? t : st == EXPR_OVERFLOW ? "an overflow"
                            : "undefined on part of it");
            rc = -1;
        }
        arb_clear(v);
        expr_eval_free(ev);
    }
    expr_prog_free(prog);
done:
    for (i = 0; i < n; i++) expr_free(roots[i]);
    flint_free(roots);
    flint_free(which);
    flint_free(act);
    return rc;
}
