/* alg_rewrite.c -- replaces disc(), res() and root() calls in an AST by
 * their exact (disc, res) or certified (root) values, and maxof(), minof(),
 * argmax(), argmin() calls by certified balls (alg_extremum.c). */
#include <stdio.h>
#include <string.h>
#include "alg/alg.h"
#include "expr/expr_quant.h"

#define MAX_DEPTH 200
#define FC_STR_(x) #x
#define FC_STR(x) FC_STR_(x)

typedef struct {
    expr_scope_t s;
    const expr_t *param_value;
    slong prec;
    expr_error_t *err;
    int noted;            /* a note (multiple root) is in err */
} rw_t;

/* The variables of a polynomial: the bound variable first, then the free
 * names and the opaque sub-expressions in order of first appearance.
 * gens[i] is what variable i stands for (a name, or a copy of the opaque
 * sub-expression); orig[i] is the opaque sub-expression as written (NULL
 * for a name), compared structurally to find repeats. */
typedef struct {
    char **name;
    expr_t *gens;
    const expr_node **orig;
    slong n, alloc, nopaque;
} vars_t;

static void vars_init(vars_t *v)
{
    v->name = NULL;
    v->gens = NULL;
    v->orig = NULL;
    v->n = v->alloc = v->nopaque = 0;
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
    flint_free(v->orig);
}

static slong vars_find(const vars_t *v, const char *name)
{
    slong i;
    for (i = 0; i < v->n; i++)
        if (v->orig[i] == NULL && strcmp(v->name[i], name) == 0) return i;
    return -1;
}

static void vars_add(vars_t *v, const char *name, expr_t gen, const expr_node *orig)
{
    size_t len = strlen(name) + 1;
    if (v->n == v->alloc) {
        v->alloc = v->alloc ? 2 * v->alloc : 8;
        v->name = flint_realloc(v->name, v->alloc * sizeof(char *));
        v->gens = flint_realloc(v->gens, v->alloc * sizeof(expr_t));
        v->orig = flint_realloc(v->orig, v->alloc * sizeof(const expr_node *));
    }
    v->name[v->n] = flint_malloc(len);
    memcpy(v->name[v->n], name, len);
    v->gens[v->n] = gen;
    v->orig[v->n] = orig;
    v->n++;
}

static void set_err(rw_t *w, const expr_t at, const char *fmt, const char *a, const char *b)
{
    w->noted = 0;
    w->err->line = at->line;
    w->err->col = at->col;
    snprintf(w->err->msg, sizeof(w->err->msg), fmt, a, b);
}

/* 1 if a and b are the same tree (kinds, functions, names, exact numbers
 * and balls); positions are ignored. */
static int same_tree(const expr_node *a, const expr_node *b)
{
    int i;
    if (a->kind != b->kind || a->nargs != b->nargs) return 0;
    if (a->kind == EXPR_FUNC && a->fn != b->fn) return 0;
    if ((a->name == NULL) != (b->name == NULL) || (a->name && strcmp(a->name, b->name) != 0)) return 0;
    if (a->kind == EXPR_NUM && !fmpq_equal(a->num, b->num)) return 0;
    if (a->kind == EXPR_BALL && !arb_equal(a->ball, b->ball)) return 0;
    for (i = 0; i < a->nargs; i++)
        if (!same_tree(a->args[i], b->args[i])) return 0;
    return 1;
}

/* The state of one disc/res conversion: the bound variable x, the
 * variables found so far. */
typedef struct {
    rw_t *w;
    const char *x;
    const char *fn;     /* "disc" or "res", for messages */
    vars_t v;
} flat_t;

/* 1 if e uses the bound variable (definitions and fixed parameters
 * followed; a name bound inside e that equals x counts too). */
static int mentions_x(const expr_node *e, const flat_t *f, int depth)
{
    int i, idx = -1, kind;
    expr_t def = NULL;
    if (depth > MAX_DEPTH) return 1;
    if (e->kind == EXPR_VAR) {
        if (strcmp(e->name, f->x) == 0) return 1;
        kind = f->w->s ? expr_scope_lookup(f->w->s, e->name, &idx, &def) : -1;
        if (kind == 1 && def != NULL) return mentions_x(def, f, depth + 1);
        if (kind == 0 && f->w->param_value && idx >= 0 && f->w->param_value[idx])
            return mentions_x(f->w->param_value[idx], f, depth + 1);
        return 0;
    }
    for (i = 0; i < e->nargs; i++)
        if (mentions_x(e->args[i], f, depth + 1)) return 1;
    return 0;
}

/* The exact value of a rational constant expression (numbers, + - * /,
 * integer powers), or -1. */
static int rational_value(fmpq_t out, const expr_node *e, int depth)
{
    fmpq_t a, b;
    int r = 0;
    if (depth > MAX_DEPTH) return -1;
    if (e->kind == EXPR_NUM) {
        fmpq_set(out, e->num);
        return 0;
    }
    if (e->kind == EXPR_NEG) {
        if (rational_value(out, e->args[0], depth + 1) != 0) return -1;
        fmpq_neg(out, out);
        return 0;
    }
    if (e->kind != EXPR_ADD && e->kind != EXPR_SUB && e->kind != EXPR_MUL && e->kind != EXPR_DIV
        && e->kind != EXPR_POW)
        return -1;
    fmpq_init(a);
    fmpq_init(b);
    if (rational_value(a, e->args[0], depth + 1) != 0 || rational_value(b, e->args[1], depth + 1) != 0)
        r = -1;
    else if (e->kind == EXPR_ADD) fmpq_add(out, a, b);
    else if (e->kind == EXPR_SUB) fmpq_sub(out, a, b);
    else if (e->kind == EXPR_MUL) fmpq_mul(out, a, b);
    else if (e->kind == EXPR_DIV) {
        if (fmpq_is_zero(b)) r = -1;
        else fmpq_div(out, a, b);
    } else if (!fmpz_is_one(fmpq_denref(b)) || !fmpz_fits_si(fmpq_numref(b)) || FLINT_ABS(fmpz_get_si(fmpq_numref(b))) > 64
               || (fmpq_is_zero(a) && fmpq_sgn(b) < 0) || fmpz_bits(fmpq_numref(a)) + fmpz_bits(fmpq_denref(a)) > 4096)
        r = -1;
    else fmpq_pow_si(out, a, fmpz_get_si(fmpq_numref(b)));
    fmpq_clear(a);
    fmpq_clear(b);
    return r;
}

/* A variable standing for the sub-expression e (free of x, numeric, not
 * polynomial): the same variable for the same tree. gen: what it stands
 * for (taken); orig: the tree compared (may be gen). */
static expr_t opaque(flat_t *f, const expr_node *orig, expr_t gen)
{
    slong i;
    char nm[32];
    expr_t r;
    for (i = 0; i < f->v.n; i++)
        if (f->v.orig[i] != NULL && same_tree(f->v.orig[i], orig)) {
            r = expr_var(f->v.name[i]);
            r->line = orig->line;
            r->col = orig->col;
            expr_free(gen);    /* orig may be gen */
            return r;
        }
    /* '#' cannot start a name of the language: no clash with the case's names */
    snprintf(nm, sizeof(nm), "#%ld", (long) f->v.nopaque++);
    vars_add(&f->v, nm, gen, orig == gen ? gen : orig);
    r = expr_var(nm);
    r->line = orig->line;
    r->col = orig->col;
    return r;
}

static expr_t flatten(const expr_node *e, flat_t *f, int depth);

/* e is not a polynomial node: an opaque variable if it is numeric and free
 * of x, else a located error. */
static expr_t flatten_other(const expr_node *e, flat_t *f)
{
    char *txt;
    int cond = expr_is_bool_node((expr_t) e) || e->kind == EXPR_RANGE;
    if (cond || !mentions_x(e, f, 0)) {
        if (!cond) return opaque(f, e, expr_copy((expr_t) e));
        set_err(f->w, (expr_t) e, "%s(): a condition cannot be a coefficient of the polynomial%s", f->fn, "");
        return NULL;
    }
    txt = expr_to_text((expr_t) e);
    if (strlen(txt) > 80) strcpy(txt + 77, "...");
    {
        char msg[160];
        snprintf(msg, sizeof(msg), "%s(): not a polynomial in %.40s: '%s'", f->fn, f->x, txt);
        set_err(f->w, (expr_t) e, "%s%s", msg, " (the coefficients may be any functions of the data, the "
                "variable may appear only in sums, products and integer powers)");
    }
    flint_free(txt);
    return NULL;
}

/* A copy of e with definitions and fixed parameters expanded, every
 * maximal numeric sub-expression that is not polynomial and does not use x
 * replaced by an opaque variable, and 1/D (D free of x, not a rational
 * constant) by an opaque variable: a polynomial in x, the free names and
 * the opaque variables, equal to e. NULL with the error set otherwise. */
static expr_t flatten(const expr_node *e, flat_t *f, int depth)
{
    expr_t a = NULL, b = NULL, r;
    int idx = -1, kind;
    expr_t def = NULL;
    fmpq_t q;
    if (depth > MAX_DEPTH) {
        set_err(f->w, (expr_t) e, "definitions nested too deeply%s%s", "", "");
        return NULL;
    }
    switch (e->kind) {
    case EXPR_NUM:
        return expr_copy((expr_t) e);
    case EXPR_VAR:
        if (strcmp(e->name, f->x) == 0) return expr_copy((expr_t) e);
        kind = f->w->s ? expr_scope_lookup(f->w->s, e->name, &idx, &def) : -1;
        if (kind == 1 && def != NULL) return flatten(def, f, depth + 1);
        if (kind == 0 && f->w->param_value && idx >= 0 && f->w->param_value[idx])
            return flatten(f->w->param_value[idx], f, depth + 1);
        if (kind != 2 && vars_find(&f->v, e->name) < 0) vars_add(&f->v, e->name, expr_var(e->name), NULL);
        return expr_copy((expr_t) e);   /* a predicate's name: the conversion reports it */
    case EXPR_NEG:
        a = flatten(e->args[0], f, depth + 1);
        if (a == NULL) return NULL;
        r = expr_unary(EXPR_NEG, a);
        break;
    case EXPR_ADD: case EXPR_SUB: case EXPR_MUL:
        a = flatten(e->args[0], f, depth + 1);
        if (a != NULL) b = flatten(e->args[1], f, depth + 1);
        if (b == NULL) {
            expr_free(a);
            return NULL;
        }
        r = expr_binary(e->kind, a, b);
        break;
    case EXPR_POW:
    case EXPR_DIV:
        fmpq_init(q);
        b = flatten(e->args[1], f, depth + 1);
        if (b == NULL) {
            fmpq_clear(q);
            return NULL;
        }
        if (rational_value(q, b, 0) == 0
            && (e->kind == EXPR_POW ? fmpz_is_one(fmpq_denref(q)) && fmpz_sgn(fmpq_numref(q)) >= 0
                                    : !fmpq_is_zero(q))) {
            /* x^n with a constant n >= 0, or P / c with a rational c != 0 */
            expr_free(b);
            b = expr_num_fmpq(q);
            fmpq_clear(q);
            a = flatten(e->args[0], f, depth + 1);
            if (a == NULL) {
                expr_free(b);
                return NULL;
            }
            r = expr_binary(e->kind, a, b);
            break;
        }
        expr_free(b);
        fmpq_clear(q);
        if (!mentions_x(e, f, 0)) return opaque(f, e, expr_copy((expr_t) e));
        if (e->kind == EXPR_DIV && !mentions_x(e->args[1], f, 0)) {
            /* P / D with D free of x: P times the opaque 1/D */
            expr_t inv = expr_binary(EXPR_DIV, expr_num_si(1, 1), expr_copy(e->args[1]));
            inv->line = e->args[1]->line;
            inv->col = e->args[1]->col;
            a = flatten(e->args[0], f, depth + 1);
            if (a == NULL) {
                expr_free(inv);
                return NULL;
            }
            r = expr_binary(EXPR_MUL, a, opaque(f, inv, inv));
            break;
        }
        return flatten_other(e, f);
    default:
        return flatten_other(e, f);
    }
    r->line = e->line;
    r->col = e->col;
    return r;
}
static int check_bound(rw_t *w, const expr_t call, const expr_t x, const char *fn)
{
    if (x->kind != EXPR_VAR) {
        set_err(w, x, "%s(): the variable argument must be a plain name%s", fn, "");
        return -1;
    }
    return 0;
}

/* Degree of p in variable 0 (x) and, in the other variables, the largest
 * total degree of a coefficient; deg[i] = degree in variable i. */
static void elim_degrees(slong *n, slong *cdeg, slong *deg, const fmpq_mpoly_t p, const fmpq_mpoly_ctx_t ctx)
{
    slong nv = fmpq_mpoly_ctx_nvars(ctx), t, i, len = fmpq_mpoly_length(p, ctx);
    ulong *e = flint_malloc(FLINT_MAX(nv, 1) * sizeof(ulong));
    *n = 0;
    *cdeg = 0;
    for (i = 0; i < nv; i++) deg[i] = 0;
    for (t = 0; t < len; t++) {
        slong c = 0;
        fmpq_mpoly_get_term_exp_ui(e, p, t, ctx);
        for (i = 0; i < nv; i++) {
            if ((slong) e[i] > deg[i]) deg[i] = (slong) e[i];
            if (i > 0) c += (slong) e[i];
        }
        if (c > *cdeg) *cdeg = c;
    }
    *n = deg[0];
    flint_free(e);
}

/* Upper bound on the number of terms of disc(p) (q NULL) or res(p, q) in x
 * (variable 0): from the degree in each other variable (res is homogeneous
 * of degree deg q in p's coefficients and deg p in q's, disc of degree
 * 2 deg p - 2) and the total degree; a double, at most 1e300. */
static double elim_term_bound(const fmpq_mpoly_t p, const fmpq_mpoly_t q, const fmpq_mpoly_ctx_t ctx,
                              slong *np, slong *mq)
{
    slong nv = fmpq_mpoly_ctx_nvars(ctx), i, n, m = 0, cp, cq = 0, D, k = 0;
    slong *dp = flint_malloc(nv * sizeof(slong)), *dq = flint_malloc(nv * sizeof(slong));
    double prod = 1, binom = 1;
    elim_degrees(&n, &cp, dp, p, ctx);
    if (q != NULL) elim_degrees(&m, &cq, dq, q, ctx);
    for (i = 1; i < nv; i++) {
        double b = q != NULL ? (double) m * dp[i] + (double) n * dq[i] : (double) (2 * n - 2) * dp[i];
        if (b > 0) k++;
        prod = prod * (b + 1);
        if (prod > 1e300) prod = 1e300;
    }
    D = q != NULL ? m * cp + n * cq : (2 * n - 2) * cp;
    for (i = 1; i <= k; i++) {      /* C(k + D, k) */
        binom = binom * (double) (D + i) / (double) i;
        if (binom > 1e300) binom = 1e300;
    }
    flint_free(dp);
    flint_free(dq);
    *np = n;
    *mq = m;
    return prod < binom ? prod : binom;
}

/* disc(P, x) or res(P, Q, x): an AST for the discriminant / resultant, a
 * polynomial in the free names and the opaque sub-expressions. */
static expr_t rewrite_elim(const expr_t call, rw_t *w, int is_res)
{
    const char *fn = is_res ? "res" : "disc";
    expr_t x = call->args[is_res ? 2 : 1], r = NULL, fp = NULL, fq = NULL;
    flat_t f;
    fmpq_mpoly_ctx_t ctx;
    fmpq_mpoly_t p, q, out;
    slong n = 0, m = 0;
    double bound;
    int ok;

    if (check_bound(w, call, x, fn) != 0) return NULL;
    f.w = w;
    f.x = x->name;
    f.fn = fn;
    vars_init(&f.v);
    vars_add(&f.v, x->name, expr_var(x->name), NULL);
    fp = flatten(call->args[0], &f, 0);
    if (fp != NULL && is_res) fq = flatten(call->args[1], &f, 0);
    if (fp == NULL || (is_res && fq == NULL)) {
        expr_free(fp);
        vars_clear(&f.v);
        return NULL;
    }
    fmpq_mpoly_ctx_init(ctx, f.v.n, ORD_DEGREVLEX);
    fmpq_mpoly_init(p, ctx);
    fmpq_mpoly_init(q, ctx);
    fmpq_mpoly_init(out, ctx);
    ok = alg_to_mpoly_ext(p, fp, (const char **) f.v.name, f.v.n, ctx, w->s, w->param_value, 0, w->err) == 0;
    if (ok && is_res)
        ok = alg_to_mpoly_ext(q, fq, (const char **) f.v.name, f.v.n, ctx, w->s, w->param_value, 0, w->err) == 0;
    if (!ok) {
        w->noted = 0;
        goto done;
    }
    bound = elim_term_bound(p, is_res ? q : NULL, ctx, &n, &m);
    if (n > ALG_ELIM_MAX_DEGREE || m > ALG_ELIM_MAX_DEGREE) {
        char a[64];
        snprintf(a, sizeof(a), "%ld in %.40s", (long) FLINT_MAX(n, m), x->name);
        set_err(w, call, "%s(): the degree %s is above the limit " FC_STR(ALG_ELIM_MAX_DEGREE), fn, a);
        goto done;
    }
    if (bound > ALG_ELIM_MAX_TERMS) {
        char a[200], b[48];
        if (bound < 1e15) snprintf(b, sizeof(b), "%.0f", bound);
        else snprintf(b, sizeof(b), "more than 10^15");
        snprintf(a, sizeof(a), "degree %ld in %.40s, %ld other variable(s): up to %s terms", (long) n, x->name,
                 (long) (f.v.n - 1), b);
        set_err(w, call, "%s(): too large to compute symbolically (%s; the limit is "
                FC_STR(ALG_ELIM_MAX_TERMS) " terms): fix some of the data", fn, a);
        goto done;
    }
    if ((is_res ? alg_resultant(out, p, q, 0, ctx) : alg_discriminant(out, p, 0, ctx)) != 0)
        set_err(w, call, is_res ? "%s(): both polynomials are constant in %.80s"
                                : "%s(): the polynomial has degree < 1 in %.80s", fn, x->name);
    else {
        r = alg_mpoly_to_expr_gens(out, f.v.gens, ctx);
        r->line = call->line;
        r->col = call->col;
    }
done:
    fmpq_mpoly_clear(p, ctx);
    fmpq_mpoly_clear(q, ctx);
    fmpq_mpoly_clear(out, ctx);
    fmpq_mpoly_ctx_clear(ctx);
    expr_free(fp);
    expr_free(fq);
    vars_clear(&f.v);
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
