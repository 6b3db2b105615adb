/* run_constraint.c -- model constraints: a case evaluates its models only on
 * configurations that satisfy them (G = 0, Gdot = 0, contact gap = 0 and
 * its rate = 0), at every point and over every plotted box; and the scope of
 * a plot that fixes parameters (fix.NAME = VALUE). */
#include <stdio.h>
#include <string.h>
#include "alg/alg.h"
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
    char *t = arb_get_str(x, 8, 0);
    snprintf(buf, n, "%s", t);
    flint_free(t);
}

int run_check_point_constraints(run_results *res, const case_t *c, const run_point *rp)
{
    int i, k;
    for (i = 0; i < c->ndefs; i++) {
        const case_def *d = &c->defs[i];
        char v[128];
        if (d->constraint == NULL) continue;
        for (k = 0; k < rp->nq; k++)
            if (strcmp(rp->qnames[k], d->name) == 0) break;
        if (k == rp->nq || rp->qst[k] != EXPR_DEFINED || arb_contains_zero(rp->q + k)) continue;
        ball_text(v, sizeof v, rp->q + k);
        if (rp->index >= 0)
            fc_error_at(&res->error, c->path, c->points[rp->index].line, 1,
                        "point %s is off the model: the constraint %s = 0 fails there (%s = %s)", rp->name,
                        d->name, d->name, v);
        else
            fc_error_at(&res->error, c->path, d->line, 1,
                        "the case's own values are off the model: the constraint %s = 0 fails there (%s = %s)",
                        d->name, d->name, v);
        return -1;
    }
    return 0;
}

/* 1 if e is identically 0 as a polynomial over Q in the plot's free
 * parameters (the axes and the ranges it does not fix) and their cosines and
 * sines, the case's fixed values substituted and definitions expanded. */
static int zero_polynomial(const case_t *c, const case_plot *pl, expr_scope_t s, const char *name)
{
    const char **vars = flint_malloc((3 * c->nparams + 1) * sizeof(char *));
    char **own = flint_malloc((3 * c->nparams + 1) * sizeof(char *));
    expr_t *pv = flint_calloc(c->nparams + 1, sizeof(expr_t));
    slong nv = 0, no = 0;
    int i, j, zero = 0;
    expr_t e = expr_var(name);
    expr_error_t err;
    for (i = 0; i < c->nparams; i++) {
        int fixed = 0;
        for (j = 0; j < pl->nfix; j++) fixed |= pl->fix_param[j] == i;
        if (fixed) continue;
        if (i == pl->x || i == pl->y || c->params[i].is_range) {
            size_t n = strlen(c->params[i].name) + 3;
            vars[nv++] = c->params[i].name;
            own[no] = flint_malloc(n);
            snprintf(own[no], n, "c_%s", c->params[i].name);
            vars[nv++] = own[no++];
            own[no] = flint_malloc(n);
            snprintf(own[no], n, "s_%s", c->params[i].name);
            vars[nv++] = own[no++];
        } else pv[i] = c->params[i].value;
    }
    if (nv > 0) {
        fmpq_mpoly_ctx_t ctx;
        fmpq_mpoly_t p;
        fmpq_mpoly_ctx_init(ctx, nv, ORD_LEX);
        fmpq_mpoly_init(p, ctx);
        if (alg_to_mpoly_ext(p, e, vars, nv, ctx, s, (const expr_t *) pv, ALG_TRIG, &err) == 0)
            zero = fmpq_mpoly_is_zero(p, ctx);
        fmpq_mpoly_clear(p, ctx);
        fmpq_mpoly_ctx_clear(ctx);
    }
    expr_free(e);
    for (i = 0; i < no; i++) flint_free(own[i]);
    flint_free(own);
    flint_free(vars);
    flint_free(pv);
    return zero;
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
            if (zero_polynomial(c, pl, s, nm)) continue;
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
                            pl->name, nm, nm, st == EXPR_DEFINED ? t : "undefined on part of it");
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
