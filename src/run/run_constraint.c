/* run_constraint.c -- model constraints: a case evaluates its models only on
 * configurations that satisfy them (G = 0, Gdot = 0, contact gap = 0 and
 * its rate = 0, an impulsive model's gap = 0 at the impact, and unilateral
 * gaps >= 0), at every point (exact points: proved exactly) and over every
 * plotted box; and the scope of a plot that fixes parameters (fix.NAME =
 * VALUE). */
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

/* ------------------------------------------------ exact zero at a point */

#define EXACT_MAX_NODES 20000   /* expansion budget: beyond it nothing is proved */

typedef struct {
    char **key;       /* printed argument (sin/cos pairs) or printed atom */
    int *trig;        /* 1: a sin/cos pair (variables @s<k>, @c<k>), 0: an opaque atom @a<k> */
    int n, alloc;
    long nodes;
} atoms_t;

/* e with every name replaced: a parameter by its exact value pv[i] (NULL:
 * fails), a numeric definition by its expansion. NULL if not possible. */
static expr_t expand_exact(const expr_node *e, const expr_scope_t s, const expr_t *pv, atoms_t *a, int depth)
{
    expr_t r;
    int i, idx;
    expr_t def;
    if (e == NULL || depth > 400 || ++a->nodes > EXACT_MAX_NODES) return NULL;
    if (e->kind == EXPR_BALL) return NULL;   /* a ball is not an exact value */
    if (e->kind == EXPR_VAR) {
        int kind = expr_scope_lookup(s, e->name, &idx, &def);
        if (kind == 0) return pv[idx] ? expand_exact(pv[idx], s, pv, a, depth + 1) : NULL;
        if (kind == 1) return expand_exact(def, s, pv, a, depth + 1);
        return NULL;
    }
    if (expr_is_bool_node((expr_t) e) || e->kind == EXPR_RANGE || e->kind == EXPR_EXISTS ||
        e->kind == EXPR_FORALL || (e->kind == EXPR_FUNC && e->fn == FN_USER))
        return NULL;
    r = expr_copy((expr_t) e);
    for (i = 0; i < r->nargs; i++) {
        expr_free(r->args[i]);
        r->args[i] = expand_exact(e->args[i], s, pv, a, depth + 1);
        if (r->args[i] == NULL) {
            expr_free(r);
            return NULL;
        }
    }
    return r;
}

/* Index of key in a (added if absent); takes key. */
static int atom_index(atoms_t *a, char *key, int trig)
{
    int i;
    for (i = 0; i < a->n; i++)
        if (a->trig[i] == trig && strcmp(a->key[i], key) == 0) {
            flint_free(key);
            return i;
        }
    if (a->n == a->alloc) {
        a->alloc = a->alloc ? 2 * a->alloc : 8;
        a->key = flint_realloc(a->key, a->alloc * sizeof(char *));
        a->trig = flint_realloc(a->trig, a->alloc * sizeof(int));
    }
    a->key[a->n] = key;
    a->trig[a->n] = trig;
    return a->n++;
}

/* The key of a sin/cos argument: a rational constant by its value (so that
 * w*t at w = 3/2, t = 1/3 and 1/2 are one angle), anything else by its
 * printed form. */
static char *arg_key(const expr_t arg)
{
    const char *none[1] = {"@none"};
    fmpq_mpoly_ctx_t ctx;
    fmpq_mpoly_t p;
    expr_error_t err;
    char *key = NULL;
    fmpq_mpoly_ctx_init(ctx, 1, ORD_LEX);
    fmpq_mpoly_init(p, ctx);
    if (alg_to_mpoly(p, arg, none, 1, ctx, NULL, &err) == 0 && fmpq_mpoly_is_fmpq(p, ctx)) {
        fmpq_t q;
        char *t;
        fmpq_init(q);
        fmpq_mpoly_get_fmpq(q, p, ctx);
        t = fmpq_get_str(NULL, 10, q);
        key = flint_malloc(strlen(t) + 3);
        snprintf(key, strlen(t) + 3, "q:%s", t);
        flint_free(t);
        fmpq_clear(q);
    }
    fmpq_mpoly_clear(p, ctx);
    fmpq_mpoly_ctx_clear(ctx);
    return key ? key : expr_to_text(arg);
}

/* e (a closed expression; consumed) as a polynomial expression in atoms:
 * the subexpressions that are not + - * / (by a rational) ^ (a natural) of
 * rationals become variables: "@s<k>"/"@c<k>" (sin and cos of one printed
 * argument, so that s^2 + c^2 = 1 can be used) or "@a<k>" (anything else,
 * by its printed form). The printed form reads back to the same AST, so
 * equal printed forms are equal values. */
static expr_t atomize(expr_t e, atoms_t *a)
{
    int i, k;
    char nm[32];
    if (e->kind == EXPR_NUM) return e;
    if (e->kind == EXPR_ADD || e->kind == EXPR_SUB || e->kind == EXPR_MUL || e->kind == EXPR_NEG ||
        (e->kind == EXPR_DIV && e->args[1]->kind == EXPR_NUM && !fmpq_is_zero(e->args[1]->num)) ||
        (e->kind == EXPR_POW && e->args[1]->kind == EXPR_NUM && fmpz_is_one(fmpq_denref(e->args[1]->num)) &&
         fmpz_sgn(fmpq_numref(e->args[1]->num)) >= 0 && fmpz_cmp_ui(fmpq_numref(e->args[1]->num), 64) <= 0)) {
        int n = e->kind == EXPR_DIV || e->kind == EXPR_POW ? 1 : e->nargs;
        for (i = 0; i < n; i++) e->args[i] = atomize(e->args[i], a);
        return e;
    }
    if (e->kind == EXPR_FUNC && (e->fn == FN_SIN || e->fn == FN_COS) && e->nargs == 1) {
        k = atom_index(a, arg_key(e->args[0]), 1);
        snprintf(nm, sizeof nm, "@%c%d", e->fn == FN_SIN ? 's' : 'c', k);
    } else {
        k = atom_index(a, expr_to_text(e), 0);
        snprintf(nm, sizeof nm, "@a%d", k);
    }
    expr_free(e);
    return expr_var(nm);
}

/* 1 if definition name, with every parameter at its exact value pv[i], is
 * proved to be exactly 0: as a polynomial over Q in the atoms of atomize,
 * reduced modulo s^2 + c^2 - 1 for every sin/cos pair (a Groebner basis:
 * in lex order with every s before every c the leading monomials s_k^2 are
 * pairwise coprime, so the remainder is a normal form), it is the zero
 * polynomial. 0: not proved (which proves nothing either way). */
static int exact_point_zero(const case_t *c, const char *name, const expr_t *pv)
{
    atoms_t a;
    expr_t v = expr_var(name), e;
    int zero = 0, i;
    memset(&a, 0, sizeof a);
    e = expand_exact(v, c->scope, pv, &a, 0);
    expr_free(v);
    if (e == NULL) return 0;
    e = atomize(e, &a);
    {
        /* variables: the s of every pair, then their c (same order), then the opaque atoms */
        slong nv = 0, k, ntrig = 0;
        const char **vars = flint_malloc((2 * a.n + 1) * sizeof(char *));
        char **own = flint_malloc((2 * a.n + 1) * sizeof(char *));
        fmpq_mpoly_ctx_t ctx;
        fmpq_mpoly_t p, r;
        expr_error_t err;
        int pass;
        for (i = 0; i < a.n; i++) ntrig += a.trig[i] != 0;
        for (pass = 0; pass < 3; pass++)
            for (i = 0; i < a.n; i++) {
                if ((pass < 2) != (a.trig[i] != 0)) continue;
                own[nv] = flint_malloc(32);
                snprintf(own[nv], 32, "@%c%d", pass == 0 ? 's' : pass == 1 ? 'c' : 'a', i);
                vars[nv] = own[nv];
                nv++;
            }
        fmpq_mpoly_ctx_init(ctx, nv > 0 ? nv : 1, ORD_LEX);
        fmpq_mpoly_init(p, ctx);
        fmpq_mpoly_init(r, ctx);
        if (alg_to_mpoly(p, e, vars, nv, ctx, NULL, &err) == 0) {
            if (ntrig == 0) fmpq_mpoly_set(r, p, ctx);
            else {
                /* generators s_k^2 + c_k^2 - 1: s_k is variable k, c_k variable ntrig + k */
                fmpq_mpoly_struct *g = flint_malloc(ntrig * sizeof(fmpq_mpoly_struct));
                fmpq_mpoly_struct **gp = flint_malloc(ntrig * sizeof(fmpq_mpoly_struct *));
                fmpq_mpoly_struct *q = flint_malloc(ntrig * sizeof(fmpq_mpoly_struct));
                fmpq_mpoly_struct **qp = flint_malloc(ntrig * sizeof(fmpq_mpoly_struct *));
                fmpq_mpoly_t t;
                fmpq_mpoly_init(t, ctx);
                for (k = 0; k < ntrig; k++) {
                    fmpq_mpoly_init(g + k, ctx);
                    fmpq_mpoly_init(q + k, ctx);
                    fmpq_mpoly_gen(t, k, ctx);
                    fmpq_mpoly_mul(g + k, t, t, ctx);
                    fmpq_mpoly_gen(t, ntrig + k, ctx);
                    fmpq_mpoly_mul(t, t, t, ctx);
                    fmpq_mpoly_add(g + k, g + k, t, ctx);
                    fmpq_mpoly_sub_si(g + k, g + k, 1, ctx);
                    gp[k] = g + k;
                    qp[k] = q + k;
                }
                fmpq_mpoly_divrem_ideal(qp, r, p, gp, ntrig, ctx);
                for (k = 0; k < ntrig; k++) {
                    fmpq_mpoly_clear(g + k, ctx);
                    fmpq_mpoly_clear(q + k, ctx);
                }
                fmpq_mpoly_clear(t, ctx);
                flint_free(g);
                flint_free(gp);
                flint_free(q);
                flint_free(qp);
            }
            zero = fmpq_mpoly_is_zero(r, ctx);
        }
        fmpq_mpoly_clear(p, ctx);
        fmpq_mpoly_clear(r, ctx);
        fmpq_mpoly_ctx_clear(ctx);
        for (k = 0; k < nv; k++) flint_free(own[k]);
        flint_free(own);
        flint_free(vars);
    }
    expr_free(e);
    for (i = 0; i < a.n; i++) flint_free(a.key[i]);
    flint_free(a.key);
    flint_free(a.trig);
    return zero;
}

/* 1 if the constraint is unilateral ("NAME >= 0"), 0 if it must vanish. */
static int unilateral(const case_def *d)
{
    return strstr(d->constraint, ">=") != NULL;
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
    const case_point *pt = index >= 0 ? &c->points[index] : NULL;   /* NULL: the case's own values */
    expr_t e = expr_var(name);
    int i, j, n = 0;
    for (i = 0; i < c->nparams; i++) {
        const expr_node *set = NULL;
        free[i] = 0;
        pv[i] = NULL;
        for (j = 0; pt && j < pt->nset; j++)
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

/* Point constraints. G = 0: an enclosure that excludes 0 is refused; at an
 * exact point (every parameter G depends on has an exact value) G must be
 * proved 0 (its ball is exactly 0, or exact_point_zero); at a point that
 * leaves ranges, G must be 0 over them (ball exactly 0, or identically 0 as
 * a trig polynomial). G >= 0 (unilateral): the enclosure must be certified
 * >= 0, or G proved exactly 0 at an exact point. The case's own values
 * count as a point when every parameter G depends on has a value; with
 * ranges left they are a domain, refused only where G certainly fails. */
int run_check_point_constraints(run_results *res, const case_t *c, const run_point *rp)
{
    int i, k, rc = 0;
    int *free = flint_calloc(c->nparams + 1, sizeof(int));
    expr_t *pv = flint_calloc(c->nparams + 1, sizeof(expr_t));
    for (i = 0; i < c->ndefs && rc == 0; i++) {
        const case_def *d = &c->defs[i];
        char v[128], where[160];
        int uni, nfree, defined, ok, line;
        const arb_struct *q;
        if (d->constraint == NULL) continue;
        for (k = 0; k < rp->nq; k++)
            if (strcmp(rp->qnames[k], d->name) == 0) break;
        if (k == rp->nq) continue;
        q = rp->q + k;
        uni = unilateral(d);
        defined = rp->qst[k] == EXPR_DEFINED;
        line = rp->index >= 0 ? c->points[rp->index].line : d->line;
        if (defined) ball_text(v, sizeof v, q);
        else snprintf(v, sizeof v, "%s", rp->qst[k] == EXPR_OVERFLOW ? "an overflow"
                                          : "undefined on part of the point's box");
        if (rp->index >= 0) snprintf(where, sizeof where, "point %s", rp->name);
        else snprintf(where, sizeof where, "the case's own values");
        if (defined && (uni ? arb_is_negative(q) : !arb_contains_zero(q))) {
            if (rp->index >= 0)
                fc_error_at(&res->error, c->path, line, 1, "point %s is off the model: the %sconstraint %s %s 0 "
                            "fails there (%s = %s)", rp->name, uni ? "unilateral " : "", d->name,
                            uni ? ">=" : "=", d->name, v);
            else
                fc_error_at(&res->error, c->path, line, 1, "the case's own values are off the model: the "
                            "%sconstraint %s %s 0 fails there (%s = %s)", uni ? "unilateral " : "", d->name,
                            uni ? ">=" : "=", d->name, v);
            rc = -1;
            continue;
        }
        if (defined && (uni ? arb_is_nonnegative(q) : arb_is_zero(q))) continue;   /* certified */
        nfree = point_free(free, pv, c, rp->index, d->name);
        if (nfree == 0) {
            /* an exact point: a ball that only contains 0 proves nothing; exact algebra must */
            ok = defined && exact_point_zero(c, d->name, pv);
            if (!ok) {
                fc_error_at(&res->error, c->path, line, 1,
                            "%s: the model constraint %s %s 0 is not proved there (%s = %s: %s); give "
                            "coordinates on which it holds exactly", where, d->name, uni ? ">=" : "=",
                            d->name, v, defined ? "the ball contains 0, but exact algebra cannot show an "
                            "exact 0" : "not certified defined");
                rc = -1;
            }
        } else if (rp->index >= 0) {
            /* a point that leaves a range the constraint depends on: certified like a plot */
            ok = !uni && zero_polynomial(c, c->scope, d->name, free, pv);
            if (!ok) {
                if (uni)
                    fc_error_at(&res->error, c->path, line, 1, "point %s: the unilateral constraint %s >= 0 is "
                                "not certified over the ranges it leaves (%s = %s there); set the dependent "
                                "coordinates", rp->name, d->name, d->name, v);
                else
                    fc_error_at(&res->error, c->path, line, 1, "point %s: the model constraint %s = 0 is not "
                                "certified over the ranges it leaves (%s = %s there, and it is not identically "
                                "0); set the dependent coordinates", rp->name, d->name, d->name, v);
                rc = -1;
            }
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
            if (unilateral(&c->defs[which[i]])) {
                /* a gap that must stay >= 0: certified on the whole box, or identically 0 */
                if (st == EXPR_DEFINED && arb_is_nonnegative(v)) continue;
                if (plot_zero_polynomial(c, pl, s, nm)) continue;
                ball_text(t, sizeof t, v);
                if (st == EXPR_DEFINED && arb_is_negative(v))
                    fc_error_at(&res->error, c->path, pl->line, 1,
                                "plot %s is off the model: the unilateral constraint %s >= 0 fails on the whole "
                                "plotted box (%s = %s there)", pl->name, nm, nm, t);
                else
                    fc_error_at(&res->error, c->path, pl->line, 1,
                                "plot %s: the unilateral constraint %s >= 0 is not certified on the plotted box "
                                "(%s = %s there); narrow the plot or fix the coordinates so that the gap stays "
                                "open or closed", pl->name, nm, nm,
                                st == EXPR_DEFINED ? t : st == EXPR_OVERFLOW ? "an overflow" : "undefined on part of it");
                rc = -1;
                continue;
            }
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
