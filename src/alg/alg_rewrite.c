/* alg_rewrite.c -- replaces disc(), res() and root() calls in an AST by
 * their exact (disc, res) or certified (root) values, and maxof(), minof(),
 * argmax(), argmin() calls by certified balls (alg_extremum.c). */
#include <stdio.h>
#include <string.h>
#include "alg/alg.h"
#include "expr/expr_quant.h"

#define MAX_DEPTH 200

typedef struct {
    expr_scope_t s;
    const expr_t *param_value;
    slong prec;
    expr_error_t *err;
    int noted;            /* a note (multiple root) is in err */
} rw_t;

/* The variables of a polynomial: the bound variable first, then free names
 * and trigonometric pseudo-variables c_NAME / s_NAME in order of first
 * appearance. gens[i] is what variable i stands for. */
typedef struct {
    char **name;
    expr_t *gens;
    int *trig;
    slong n, alloc;
} vars_t;

static void vars_init(vars_t *v)
{
    v->name = NULL;
    v->gens = NULL;
    v->trig = NULL;
    v->n = v->alloc = 0;
}

static void vars_clear(vars_t *v)
{
    slong i;
    for (i = 0; i < v->n; i++) {
        flint_free(v->name[i]);
        expr_free(v->gens[i]);
    }
    flint_free(v->name);
    flint_free(v->gens);
    flint_free(v->trig);
}

static slong vars_find(const vars_t *v, const char *name)
{
    slong i;
    for (i = 0; i < v->n; i++)
        if (strcmp(v->name[i], name) == 0) return i;
    return -1;
}

static void vars_add(vars_t *v, const char *name, expr_t gen, int trig)
{
    size_t len = strlen(name) + 1;
    if (v->n == v->alloc) {
        v->alloc = v->alloc ? 2 * v->alloc : 8;
        v->name = flint_realloc(v->name, v->alloc * sizeof(char *));
        v->gens = flint_realloc(v->gens, v->alloc * sizeof(expr_t));
        v->trig = flint_realloc(v->trig, v->alloc * sizeof(int));
    }
    v->name[v->n] = flint_malloc(len);
    memcpy(v->name[v->n], name, len);
    v->gens[v->n] = gen;
    v->trig[v->n] = trig;
    v->n++;
}

static void set_err(rw_t *w, const expr_t at, const char *fmt, const char *a, const char *b)
{
    w->noted = 0;
    w->err->line = at->line;
    w->err->col = at->col;
    snprintf(w->err->msg, sizeof(w->err->msg), fmt, a, b);
}

/* Adds the free names of e (definitions and fixed parameters expanded) to
 * v; trig: also cos(NAME) and sin(NAME) as pseudo-variables. */
static int collect(vars_t *v, const expr_t e, rw_t *w, int trig, int depth)
{
    int i, idx = -1, kind;
    expr_t def = NULL;
    if (depth > MAX_DEPTH) {
        set_err(w, e, "definitions nested too deeply%s%s", "", "");
        return -1;
    }
    if (e->kind == EXPR_VAR) {
        slong j = vars_find(v, e->name);
        if (j >= 0) {
            if (v->trig[j]) {
                set_err(w, e, "name '%.80s' clashes with the variable standing for %.80s", e->name,
                        e->name[0] == 'c' ? "a cosine" : "a sine");
                return -1;
            }
            return 0;
        }
        kind = w->s ? expr_scope_lookup(w->s, e->name, &idx, &def) : -1;
        if (kind == 1 && def != NULL) return collect(v, def, w, trig, depth + 1);
        if (kind == 0 && w->param_value && idx >= 0 && w->param_value[idx])
            return collect(v, w->param_value[idx], w, trig, depth + 1);
        if (kind == 2) return 0;   /* a predicate: the conversion reports it */
        vars_add(v, e->name, expr_var(e->name), 0);
        return 0;
    }
    if (trig && e->kind == EXPR_FUNC && (e->fn == FN_COS || e->fn == FN_SIN) && e->nargs == 1
        && e->args[0]->kind == EXPR_VAR && strcmp(e->args[0]->name, v->name[0]) != 0
        && strlen(e->args[0]->name) < 200) {
        char nm[210];
        slong j;
        snprintf(nm, sizeof(nm), "%c_%s", e->fn == FN_COS ? 'c' : 's', e->args[0]->name);
        j = vars_find(v, nm);
        if (j >= 0 && !v->trig[j]) {
            set_err(w, e, "name '%.80s' clashes with the variable standing for %.80s()", nm,
                    e->fn == FN_COS ? "cos" : "sin");
            return -1;
        }
        if (j < 0) vars_add(v, nm, expr_copy(e), 1);
        return 0;
    }
    for (i = 0; i < e->nargs; i++)
        if (collect(v, e->args[i], w, trig, depth) != 0) return -1;
    return 0;
}

static int check_bound(rw_t *w, const expr_t call, const expr_t x, const char *fn)
{
    if (x->kind != EXPR_VAR) {
        set_err(w, x, "%s(): the variable argument must be a plain name%s", fn, "");
        return -1;
    }
    return 0;
}

/* disc(P, x) or res(P, Q, x): an AST for the discriminant / resultant. */
static expr_t rewrite_elim(const expr_t call, rw_t *w, int is_res)
{
    const char *fn = is_res ? "res" : "disc";
    expr_t x = call->args[is_res ? 2 : 1], r = NULL;
    vars_t v;
    fmpq_mpoly_ctx_t ctx;
    fmpq_mpoly_t p, q, out;
    int ok;

    if (check_bound(w, call, x, fn) != 0) return NULL;
    vars_init(&v);
    vars_add(&v, x->name, expr_var(x->name), 0);
    if (collect(&v, call->args[0], w, 1, 0) != 0
        || (is_res && collect(&v, call->args[1], w, 1, 0) != 0)) {
        vars_clear(&v);
        return NULL;
    }
    fmpq_mpoly_ctx_init(ctx, v.n, ORD_DEGREVLEX);
    fmpq_mpoly_init(p, ctx);
    fmpq_mpoly_init(q, ctx);
    fmpq_mpoly_init(out, ctx);
    ok = alg_to_mpoly_ext(p, call->args[0], (const char **) v.name, v.n, ctx, w->s,
                          w->param_value, ALG_TRIG, w->err) == 0;
    if (ok && is_res)
        ok = alg_to_mpoly_ext(q, call->args[1], (const char **) v.name, v.n, ctx, w->s,
                              w->param_value, ALG_TRIG, w->err) == 0;
    if (!ok)
        w->noted = 0;
    else if ((is_res ? alg_resultant(out, p, q, 0, ctx) : alg_discriminant(out, p, 0, ctx)) != 0)
        set_err(w, call, is_res ? "%s(): both polynomials are constant in %.80s"
                                : "%s(): the polynomial has degree < 1 in %.80s", fn, x->name);
    else {
        r = alg_mpoly_to_expr_gens(out, v.gens, ctx);
        r->line = call->line;
        r->col = call->col;
    }
    fmpq_mpoly_clear(p, ctx);
    fmpq_mpoly_clear(q, ctx);
    fmpq_mpoly_clear(out, ctx);
    fmpq_mpoly_ctx_clear(ctx);
    vars_clear(&v);
    return r;
}

/* A rational constant from e (no variables), or -1 with err filled. */
static int const_fmpq(fmpq_t c, const expr_t e, rw_t *w, const fmpq_mpoly_ctx_t ctx, const char *what)
{
    fmpq_mpoly_t t;
    int r;
    fmpq_mpoly_init(t, ctx);
    r = alg_to_mpoly_ext(t, e, NULL, 0, ctx, w->s, w->param_value, 0, w->err);
    if (r == 0 && !fmpq_mpoly_is_fmpq(t, ctx)) {
        set_err(w, e, "root(): %s must be an exact rational constant%s", what, "");
        r = -1;
    }
    if (r == 0)
        fmpq_mpoly_get_fmpq(c, t, ctx);
    else
        w->noted = 0;
    fmpq_mpoly_clear(t, ctx);
    return r;
}

static int root_args(fmpq_poly_t f, fmpq_t lo, fmpq_t hi, slong *k, const expr_t call, rw_t *w)
{
    expr_t x = call->args[1], range = call->args[2];
    const char *vars[1];
    fmpq_mpoly_ctx_t ctx;
    fmpq_mpoly_t p;
    fmpq_t kq;
    int r = -1;

    if (check_bound(w, call, x, "root") != 0) return -1;
    if (range->kind != EXPR_RANGE || range->nargs != 2) {
        set_err(w, range, "root(): the third argument must be a range LO .. HI%s%s", "", "");
        return -1;
    }
    vars[0] = x->name;
    fmpq_mpoly_ctx_init(ctx, 1, ORD_LEX);
    fmpq_mpoly_init(p, ctx);
    fmpq_init(kq);
    if (alg_to_mpoly_ext(p, call->args[0], vars, 1, ctx, w->s, w->param_value, 0, w->err) != 0)
        w->noted = 0;
    else if (fmpq_mpoly_is_zero(p, ctx))
        set_err(w, call->args[0], "root(): the polynomial is identically zero%s%s", "", "");
    else if (const_fmpq(lo, range->args[0], w, ctx, "the lower end") == 0
             && const_fmpq(hi, range->args[1], w, ctx, "the upper end") == 0
             && const_fmpq(kq, call->args[3], w, ctx, "the root number") == 0) {
        if (fmpq_cmp(lo, hi) > 0)
            set_err(w, range, "root(): empty range (LO > HI)%s%s", "", "");
        else if (!fmpz_is_one(fmpq_denref(kq)) || fmpz_cmp_si(fmpq_numref(kq), 1) < 0
                 || !fmpz_fits_si(fmpq_numref(kq)))
            set_err(w, call->args[3], "root(): the root number must be an integer >= 1%s%s", "", "");
        else {
            fmpq_mpoly_get_fmpq_poly(f, p, 0, ctx);
            *k = fmpz_get_si(fmpq_numref(kq));
            r = 0;
        }
    }
    fmpq_clear(kq);
    fmpq_mpoly_clear(p, ctx);
    fmpq_mpoly_ctx_clear(ctx);
    return r;
}

/* 1 if e uses a function other than + - * / and integer powers (so that
 * the polynomial route cannot apply). */
static int non_polynomial(const expr_t e)
{
    int i;
    if (e->kind == EXPR_FUNC && e->fn != FN_USER) return 1;
    if (e->kind == EXPR_PI || e->kind == EXPR_E) return 1;
    for (i = 0; i < e->nargs; i++)
        if (non_polynomial(e->args[i])) return 1;
    return 0;
}

/* root(P, x, LO .. HI, k): an EXPR_BALL with the certified root. */
static expr_t rewrite_root(const expr_t call, rw_t *w)
{
    if (call->nargs == 4 && non_polynomial(call->args[0])) {   /* exp, sin, sqrt, pi, ...: numeric isolation */
        arb_t ball;
        expr_t r = NULL;
        arb_init(ball);
        if (alg_root_numeric(ball, call, w->s, w->param_value, w->prec, w->err) == 0) {
            r = expr_new(EXPR_BALL);
            arb_set(r->ball, ball);
            r->line = call->line;
            r->col = call->col;
        } else w->noted = 0;
        arb_clear(ball);
        return r;
    }
    {
    fmpq_poly_t f;
    fmpq_t lo, hi;
    slong k = 0, mult = 0, n;
    expr_t r = NULL;
    arb_t ball;

    fmpq_poly_init(f);
    fmpq_init(lo);
    fmpq_init(hi);
    arb_init(ball);
    if (root_args(f, lo, hi, &k, call, w) == 0) {
        n = alg_root_in_interval(ball, &mult, f, lo, hi, k, w->prec);
        if (n < k) {
            char a[32], b[32];
            snprintf(a, sizeof(a), "%ld", (long) n);
            snprintf(b, sizeof(b), "%ld", (long) k);
            set_err(w, call, "root(): only %s distinct real root(s) in the range, root %s asked for", a, b);
        } else {
            alg_num_t a;
            r = expr_new(EXPR_BALL);
            arb_set(r->ball, ball);
            r->line = call->line;
            r->col = call->col;
            /* the exact number rides along (alg_num_tag), for the threshold algebra */
            alg_num_init(a);
            if (alg_num_root_in_interval(a, f, lo, hi, k) == 0 && fmpz_poly_degree(a->m) <= ALG_NUM_MAXDEG)
                r->name = alg_num_tag(a);
            alg_num_clear(a);
            if (mult > 1 && !w->noted) {
                char m[32];
                snprintf(m, sizeof(m), "%ld", (long) mult);
                set_err(w, call, "root(): the root is a multiple root (multiplicity %s)%s; "
                        "its enclosure is certified", m, "");
                w->noted = 1;
            }
        }
    }
    arb_clear(ball);
    fmpq_clear(lo);
    fmpq_clear(hi);
    fmpq_poly_clear(f);
    return r;
    }
}

/* maxof / minof / argmax / argmin: an EXPR_BALL from alg_extremum. */
static expr_t rewrite_extremum(const expr_t call, rw_t *w)
{
    expr_error_t note;
    expr_t r = NULL;
    arb_t ball;
    int rc;
    arb_init(ball);
    rc = alg_extremum(ball, call, w->s, w->param_value, w->prec, 0, &note);
    if (rc < 0) {
        w->noted = 0;
        *w->err = note;
    } else {
        r = expr_new(EXPR_BALL);
        arb_set(r->ball, ball);
        r->line = call->line;
        r->col = call->col;
        if (rc == 1 && !w->noted) {
            *w->err = note;
            w->noted = 1;
        }
    }
    arb_clear(ball);
    return r;
}

/* 1 if e depends on something that is not a constant for w: a parameter
 * without a fixed value, or a name bound by an enclosing call or quantifier
 * (not in the scope); names in bound[0 .. nb - 1] (bound inside e) do not
 * count. Definitions are followed. */
static int varying(const expr_t e, rw_t *w, const char **bound, int nb, int depth)
{
    const char *b[16];
    int i, k = -1, kind, idx = -1;
    expr_t def = NULL;
    if (depth > MAX_DEPTH) return 1;
    if (e->kind == EXPR_VAR) {
        for (i = 0; i < nb; i++)
            if (strcmp(bound[i], e->name) == 0) return 0;
        kind = expr_scope_lookup(w->s, e->name, &idx, &def);
        if (kind < 0) return 1;
        if (kind == 0) return !(w->param_value && idx >= 0 && w->param_value[idx]);
        return def != NULL && varying(def, w, bound, nb, depth + 1);   /* a definition may use the bound name */
    }
    if (e->kind == EXPR_EXISTS || e->kind == EXPR_FORALL) k = 0;
    else if (e->kind == EXPR_FUNC && e->fn == FN_USER && e->nargs >= 2 && e->args[1]->kind == EXPR_VAR) k = 1;
    if (k >= 0 && e->args[k]->kind == EXPR_VAR && nb < 16) {
        for (i = 0; i < nb; i++) b[i] = bound[i];
        b[nb++] = e->args[k]->name;
        bound = b;
    }
    for (i = 0; i < e->nargs; i++)
        if (i != k && varying(e->args[i], w, bound, nb, depth + 1)) return 1;
    return 0;
}

static int rewrite(expr_t *slot, rw_t *w)
{
    expr_t e = *slot, r;
    int i, want;
    for (i = 0; i < e->nargs; i++)
        if (rewrite(&e->args[i], w) != 0) return -1;
    if (e->kind != EXPR_FUNC || e->fn != FN_USER || e->name == NULL) return 0;
    if (strcmp(e->name, "disc") == 0) want = 2;
    else if (strcmp(e->name, "res") == 0) want = 3;
    else if (strcmp(e->name, "root") == 0) want = 4;
    else if (strcmp(e->name, "maxof") == 0 || strcmp(e->name, "minof") == 0
             || strcmp(e->name, "argmax") == 0 || strcmp(e->name, "argmin") == 0) want = -3;
    else return 0;
    if (e->nargs != (want < 0 ? -want : want)) {
        char n[16];
        snprintf(n, sizeof(n), "%d", want < 0 ? -want : want);
        set_err(w, e, "%s() takes %s arguments", e->name, n);
        return -1;
    }
    if (want == 4 && expr_quant_is_extremum(e) && varying(e, w, NULL, 0, 0))
        return 0;   /* root() over data that vary: left for the evaluator (src/expr/expr_quant.c) */
    if (want < 0) {
        expr_error_t saved = *w->err;
        int noted = w->noted;
        r = rewrite_extremum(e, w);
        if (r == NULL && expr_quant_is_extremum(e) && strstr(w->err->msg, "needs constant data") != NULL) {
            /* maxof / minof over data that vary: left for the evaluator (src/expr/expr_quant.c) */
            *w->err = saved;
            w->noted = noted;
            return 0;
        }
    } else r = want == 4 ? rewrite_root(e, w) : rewrite_elim(e, w, want == 3);
    if (r == NULL) return -1;
    expr_free(e);
    *slot = r;
    return 0;
}

int alg_rewrite_ext(expr_t *e, const expr_scope_t s, const expr_t *param_value, slong prec,
                    expr_error_t *err)
{
    rw_t w;
    expr_error_t dummy;
    w.s = s;
    w.param_value = param_value;
    w.prec = prec;
    w.err = err ? err : &dummy;
    w.noted = 0;
    if (rewrite(e, &w) != 0) return -1;
    return w.noted ? 1 : 0;
}

int alg_rewrite(expr_t *e, const expr_scope_t s, slong prec, expr_error_t *err)
{
    return alg_rewrite_ext(e, s, NULL, prec, err);
}
