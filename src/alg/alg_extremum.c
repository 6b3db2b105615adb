/* alg_extremum.c -- certified maxof / minof / argmax / argmin of an
 * expression over an interval by branch and bound with ball arithmetic.
 *
 * The search works on G = F (max) or G = -F (min) over the cover
 * [lo_out, hi_out] of [LO, HI], where lo_out <= LO <= lo_in and
 * hi_in <= HI <= hi_out are the outer and inner bounds of the balls of
 * the ends (exact when the ends are dyadic). Invariants:
 *   - L (lower bound of sup G) is a lower bound of G at a point of
 *     [lo_in, hi_in], a subset of [LO, HI], where G is certified defined;
 *   - every point of [LO, HI] at which G could reach sup G lies in a kept
 *     interval (heap or final list); an interval is dropped only when its
 *     enclosure's upper bound is < L, or when G' is certified of one sign on
 *     the closed interval, G is continuous (no if/sign/atan2) and the
 *     interval's far end lies strictly inside [LO, HI] (then G grows beyond
 *     it, so no point of the interval is a maximiser);
 *   - U (upper bound) is the largest enclosure upper bound over the kept
 *     intervals.
 * So sup G lies in [L, U] and every maximiser in the hull of the kept
 * intervals. Any kept interval on which G is not proved defined makes the
 * call an error. */
#include <stdio.h>
#include <string.h>
#include "alg/alg.h"

#define BOUND "#x"          /* internal name of the bound variable (unparsable) */
#define MAX_DEPTH 200

/* ------------------------------------------------------------ intervals */

typedef struct {
    arf_struct a, b, ub, key;
    int partial;            /* G not proved defined on [a, b] */
} ivl_t;

static void ivl_init(ivl_t *v)
{
    arf_init(&v->a);
    arf_init(&v->b);
    arf_init(&v->ub);
    arf_init(&v->key);
    v->partial = 0;
}

static void ivl_clear(ivl_t *v)
{
    arf_clear(&v->a);
    arf_clear(&v->b);
    arf_clear(&v->ub);
    arf_clear(&v->key);
}

static void ivl_swap(ivl_t *u, ivl_t *v)
{
    ivl_t t = *u;
    *u = *v;
    *v = t;
}

/* A max-heap on key (also used as a plain list); slots [0, alloc) are
 * always initialised, [0, n) in use. */
typedef struct {
    ivl_t *v;
    slong n, alloc;
} heap_t;

static void heap_init(heap_t *h)
{
    h->v = NULL;
    h->n = h->alloc = 0;
}

static void heap_clear(heap_t *h)
{
    slong i;
    for (i = 0; i < h->alloc; i++) ivl_clear(h->v + i);
    flint_free(h->v);
}

static void heap_push(heap_t *h, ivl_t *x)
{
    slong i = h->n, p;
    if (h->n == h->alloc) {
        slong j, na = h->alloc ? 2 * h->alloc : 64;
        h->v = flint_realloc(h->v, na * sizeof(ivl_t));
        for (j = h->alloc; j < na; j++) ivl_init(h->v + j);
        h->alloc = na;
    }
    ivl_swap(h->v + i, x);
    h->n++;
    while (i > 0 && arf_cmp(&h->v[p = (i - 1) / 2].key, &h->v[i].key) < 0) {
        ivl_swap(h->v + p, h->v + i);
        i = p;
    }
}

/* Moves the top into out. */
static void heap_pop(heap_t *h, ivl_t *out)
{
    slong i = 0, c;
    ivl_swap(out, h->v);
    h->n--;
    ivl_swap(h->v, h->v + h->n);
    for (;;) {
        c = 2 * i + 1;
        if (c >= h->n) break;
        if (c + 1 < h->n && arf_cmp(&h->v[c + 1].key, &h->v[c].key) > 0) c++;
        if (arf_cmp(&h->v[c].key, &h->v[i].key) <= 0) break;
        ivl_swap(h->v + c, h->v + i);
        i = c;
    }
}

/* ------------------------------------------------------------ search */

typedef enum { R_KEEP, R_FINAL, R_DROP, R_UNDEF } res_t;

typedef struct {
    expr_eval_t ev;         /* roots: G, and G' if use_deriv */
    expr_eval_t evp;        /* roots: G only (point evaluations) */
    int use_deriv;
    int arg;                /* argmax mode: refine in x, widest first */
    slong prec, wprec, budget, evals;
    arf_t lo_out, lo_in, hi_in, hi_out;
    arf_t L;                /* lower bound of sup G */
    arf_t fscale;           /* largest |G| seen at a sample point */
    arf_t tolx, finalw;     /* x tolerance; width below which no bisection */
    arb_t box, val;
    arf_t t, m;
    ivl_t tmp, c1, c2;
} bb_t;

/* G at the point m (exact) of [lo_in, hi_in]: raises L. */
static void point_eval(bb_t *c, const arf_t m)
{
    if (arf_cmp(m, c->lo_in) < 0 || arf_cmp(m, c->hi_in) > 0) return;
    arb_set_arf(c->box, m);
    expr_eval_run(c->evp, c->box, 0);
    c->evals++;
    if (expr_eval_value(c->val, c->evp, 0) != EXPR_DEFINED || !arb_is_finite(c->val)) return;
    arb_get_lbound_arf(c->t, c->val, c->wprec);
    if (arf_cmp(c->t, c->L) > 0) arf_set(c->L, c->t);
    arb_get_abs_ubound_arf(c->t, c->val, c->wprec);
    if (arf_cmp(c->t, c->fscale) > 0) arf_set(c->fscale, c->t);
}

/* Enclosure of G over [v->a, v->b] into v->ub / v->partial. Returns the
 * status of G and leaves the derivative's sign in *dsign (0: unknown). */
static expr_status enclose(bb_t *c, ivl_t *v, int *dsign)
{
    expr_status st, sd;
    expr_interval_arf(c->box, &v->a, &v->b);
    expr_eval_run(c->ev, c->box, 1);
    c->evals++;
    *dsign = 0;
    st = expr_eval_value(c->val, c->ev, 0);
    if (st == EXPR_UNDEFINED) return st;
    if (st != EXPR_DEFINED || !arb_is_finite(c->val)) {
        /* the ball still encloses G where G is defined */
        v->partial = 1;
        if (arb_is_finite(c->val)) arb_get_ubound_arf(&v->ub, c->val, c->wprec);
        else arf_pos_inf(&v->ub);
        return EXPR_PARTIAL;
    }
    v->partial = 0;
    arb_get_ubound_arf(&v->ub, c->val, c->wprec);
    if (c->use_deriv) {
        sd = expr_eval_value(c->val, c->ev, 1);
        if (sd == EXPR_DEFINED && arb_is_finite(c->val)) {
            if (arb_is_positive(c->val)) *dsign = 1;
            else if (arb_is_negative(c->val)) *dsign = -1;
        }
    }
    return st;
}

/* 1 if v lies inside an end zone [lo_out, lo_in] or [hi_in, hi_out], where
 * the exact LO or HI lies (there is none for a dyadic end). */
static int in_zone(const bb_t *c, const ivl_t *v)
{
    return (arf_cmp(c->lo_out, c->lo_in) < 0 && arf_cmp(&v->b, c->lo_in) <= 0)
        || (arf_cmp(c->hi_in, c->hi_out) < 0 && arf_cmp(&v->a, c->hi_in) >= 0);
}

/* Evaluates the interval v (a, b set) and classifies it. An interval on
 * which G is not proved defined is never dropped (it is bisected until its
 * pieces are proved defined, or it is an error), unless it lies in an end
 * zone: there an undefined piece is dropped and a partly defined one keeps
 * the enclosure of G where G is defined. */
static res_t process(bb_t *c, ivl_t *v)
{
    int ds, tiny, edge;
    expr_status st;

    arf_add(c->m, &v->a, &v->b, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(c->m, c->m, -1);
    arf_sub(c->t, &v->b, &v->a, ARF_PREC_EXACT, ARF_RND_DOWN);
    tiny = arf_cmp(c->t, c->finalw) <= 0;
    /* an end zone, or a tiny interval at an end of [lo_in, hi_in] (where a
     * domain boundary of G may sit exactly at LO or HI) */
    edge = in_zone(c, v) || (tiny && (arf_cmp(&v->a, c->lo_in) <= 0 || arf_cmp(&v->b, c->hi_in) >= 0));
    st = enclose(c, v, &ds);
    if (st == EXPR_UNDEFINED) return edge ? R_DROP : R_UNDEF;
    if (v->partial && arf_is_finite(&v->ub) && edge)
        v->partial = 0;     /* the enclosure of G where G is defined is all we can know */
    point_eval(c, c->m);
    if (ds > 0) {
        /* G increasing on [a, b]: only the right end can be a maximiser, and
         * only when it is not strictly inside [LO, HI] */
        if (arf_cmp(&v->b, c->hi_in) < 0) return R_DROP;
        if (arf_cmp(&v->a, c->hi_in) < 0) {
            arf_set(&v->a, c->hi_in);
            enclose(c, v, &ds);
        }
        return R_FINAL;
    }
    if (ds < 0) {
        if (arf_cmp(&v->a, c->lo_in) > 0) return R_DROP;
        if (arf_cmp(&v->b, c->lo_in) > 0) {
            arf_set(&v->b, c->lo_in);
            enclose(c, v, &ds);
        }
        return R_FINAL;
    }
    if (!v->partial && arf_cmp(&v->ub, c->L) < 0) return R_DROP;
    if (tiny) return R_FINAL;
    arf_sub(c->t, &v->b, &v->a, ARF_PREC_EXACT, ARF_RND_DOWN);
    if (c->arg && !v->partial && arf_cmp(c->t, c->tolx) <= 0) return R_FINAL;
    return R_KEEP;
}

static void set_key(bb_t *c, ivl_t *v)
{
    if (c->arg) arf_sub(&v->key, &v->b, &v->a, ARF_PREC_EXACT, ARF_RND_DOWN);
    else if (v->partial) arf_pos_inf(&v->key);   /* bisected first */
    else arf_set(&v->key, &v->ub);
}

/* Places an evaluated interval; returns -1 for an undefined one. */
static int place(bb_t *c, heap_t *h, heap_t *fin, ivl_t *v, res_t r)
{
    if (r == R_UNDEF) return -1;
    if (r == R_DROP) return 0;
    if (r == R_FINAL && v->partial) return -1;
    set_key(c, v);
    heap_push(r == R_FINAL ? fin : h, v);
    return 0;
}

/* 1 if the value bounds [L, U] are within the tolerance. */
static int value_done(bb_t *c, const arf_t U)
{
    arf_t w, s;
    int r;
    if (!arf_is_finite(U) || !arf_is_finite(c->L)) return 0;
    arf_init(w);
    arf_init(s);
    arf_abs(s, c->L);
    arf_abs(w, U);
    if (arf_cmp(w, s) > 0) arf_swap(w, s);
    if (arf_cmp(c->fscale, s) > 0) arf_set(s, c->fscale);
    arf_mul_2exp_si(s, s, -c->prec);
    arf_sub(w, U, c->L, c->wprec, ARF_RND_UP);
    r = arf_cmp(w, s) <= 0;
    arf_clear(w);
    arf_clear(s);
    return r;
}

/* Runs the search. Returns 0, 1 when the budget was exhausted, -1 with
 * *bad = the first interval where G is not proved defined. */
static int search(bb_t *c, heap_t *h, heap_t *fin, arf_t bad)
{
    arf_t U;
    int rc = 0, i;
    res_t r;

    arf_init(U);
    point_eval(c, c->lo_in);
    point_eval(c, c->hi_in);
    /* the end zones are intervals of their own, so that no bisected
     * interval straddles lo_in or hi_in */
    for (i = 0; i < 3 && rc == 0; i++) {
        arf_srcptr a = i == 0 ? c->lo_out : i == 1 ? c->lo_in : c->hi_in;
        arf_srcptr b = i == 0 ? c->lo_in : i == 1 ? c->hi_in : c->hi_out;
        if (i != 1 && arf_equal(a, b)) continue;
        arf_set(&c->tmp.a, a);
        arf_set(&c->tmp.b, b);
        r = process(c, &c->tmp);
        if (place(c, h, fin, &c->tmp, r) < 0) {
            arf_set(bad, a);
            rc = -1;
        }
    }
    while (rc == 0 && h->n > 0) {
        ivl_t *top = h->v;
        if (!top->partial && arf_cmp(&top->ub, c->L) < 0) {
            heap_pop(h, &c->tmp);
            continue;
        }
        if (!c->arg && !top->partial) {
            /* no partial interval is left in the heap: top has the largest ub */
            arf_set(U, &top->ub);
            for (i = 0; i < fin->n; i++)
                if (arf_cmp(&fin->v[i].ub, U) > 0) arf_set(U, &fin->v[i].ub);
            if (value_done(c, U)) break;
        }
        if (c->evals >= c->budget) {
            rc = 1;
            break;
        }
        heap_pop(h, &c->tmp);
        arf_add(c->m, &c->tmp.a, &c->tmp.b, ARF_PREC_EXACT, ARF_RND_DOWN);
        arf_mul_2exp_si(c->m, c->m, -1);
        arf_set(&c->c1.a, &c->tmp.a);
        arf_set(&c->c1.b, c->m);
        arf_set(&c->c2.a, c->m);
        arf_set(&c->c2.b, &c->tmp.b);
        r = process(c, &c->c1);
        if (place(c, h, fin, &c->c1, r) < 0) { arf_set(bad, c->m); rc = -1; break; }
        r = process(c, &c->c2);
        if (place(c, h, fin, &c->c2, r) < 0) { arf_set(bad, c->m); rc = -1; break; }
    }
    arf_clear(U);
    return rc;
}

/* ------------------------------------------------------------ setup */

typedef struct {
    const expr_scope_t s;
    const expr_t *pv;
    expr_scope_t ps;
    const char *fn;
    const expr_t call;
    expr_error_t *err;
    int cont;               /* no if / sign / atan2 met: G is continuous where defined */
} xc_t;

static int xfail(xc_t *c, const expr_t at, const char *fmt, const char *a)
{
    c->err->line = at->line;
    c->err->col = at->col;
    snprintf(c->err->msg, sizeof c->err->msg, fmt, c->fn, a);
    return -1;
}

/* Adds to c->ps every definition and fixed parameter that e uses (as
 * definitions, in dependency order). depth 0: e is a call argument. */
static int xcollect(xc_t *c, const expr_t e, int depth)
{
    int i, idx = -1, kind;
    expr_t def = NULL;
    if (depth > MAX_DEPTH)
        return xfail(c, c->call, "%s(): definitions nested too deeply%s", "");
    if (e->kind == EXPR_FUNC) {
        if (e->fn == FN_IF || e->fn == FN_SIGN || e->fn == FN_ATAN2) c->cont = 0;
        if (e->fn == FN_USER)
            return xfail(c, depth ? c->call : e, "%s(): cannot evaluate the call of '%.80s' inside it",
                         e->name);
    }
    if (e->kind == EXPR_VAR) {
        if (strcmp(e->name, BOUND) == 0 || expr_scope_lookup(c->ps, e->name, NULL, NULL) >= 0)
            return 0;
        kind = c->s ? expr_scope_lookup(c->s, e->name, &idx, &def) : -1;
        if ((kind == 1 || kind == 2) && def != NULL) {
            if (xcollect(c, def, depth + 1) != 0) return -1;
            expr_scope_add_def(c->ps, e->name, def, kind == 2);
            return 0;
        }
        if (kind == 0 && c->pv && idx >= 0 && c->pv[idx]) {
            if (xcollect(c, c->pv[idx], depth + 1) != 0) return -1;
            expr_scope_add_def(c->ps, e->name, c->pv[idx], 0);
            return 0;
        }
        if (kind == 0)
            return xfail(c, depth ? c->call : e,
                         "%s() needs constant data: '%.80s' is a parameter without a fixed value "
                         "(only the bound variable and constants may vary)", e->name);
        return xfail(c, depth ? c->call : e, "%s() needs constant data: '%.80s' is not a constant "
                     "here (a variable bound by an enclosing call cannot be used)", e->name);
    }
    for (i = 0; i < e->nargs; i++)
        if (xcollect(c, e->args[i], depth) != 0) return -1;
    return 0;
}

static void rename_var(expr_t e, const char *from, const char *to)
{
    int i;
    if (e->kind == EXPR_VAR && strcmp(e->name, from) == 0) {
        size_t n = strlen(to) + 1;
        flint_free(e->name);
        e->name = flint_malloc(n);
        memcpy(e->name, to, n);
    }
    for (i = 0; i < e->nargs; i++) rename_var(e->args[i], from, to);
}

/* Balls of LO and HI in the private scope. */
static int range_ends(arb_t lo, arb_t hi, xc_t *c, const expr_t range, slong prec)
{
    expr_t roots[2];
    expr_prog_t p;
    expr_eval_t ev;
    arb_t z;
    int act = 0, r = 0;
    roots[0] = range->args[0];
    roots[1] = range->args[1];
    if (expr_check(roots[0], c->ps, 0, c->err) || expr_check(roots[1], c->ps, 0, c->err)) return -1;
    p = expr_compile(roots, 2, c->ps, c->err);
    if (p == NULL) return -1;
    ev = expr_eval_new(p, &act, 0, prec);
    arb_init(z);
    expr_eval_run(ev, z, 0);
    if (expr_eval_value(lo, ev, 0) != EXPR_DEFINED || !arb_is_finite(lo))
        r = xfail(c, range->args[0], "%s(): cannot certify that the lower end of the range is defined%s", "");
    else if (expr_eval_value(hi, ev, 1) != EXPR_DEFINED || !arb_is_finite(hi))
        r = xfail(c, range->args[1], "%s(): cannot certify that the upper end of the range is defined%s", "");
    else if (!arb_lt(lo, hi))
        r = xfail(c, range, "%s(): the range LO .. HI must have LO < HI (not certified)%s", "");
    arb_clear(z);
    expr_eval_free(ev);
    expr_prog_free(p);
    return r;
}

static void fmt_arf(char *buf, size_t n, const arf_t x)
{
    arb_t b;
    char *s;
    arb_init(b);
    arb_set_arf(b, x);
    s = arb_get_str(b, 10, ARB_STR_NO_RADIUS);
    snprintf(buf, n, "%s", s);
    flint_free(s);
    arb_clear(b);
}

/* The function's kind from the call's name: 0 maxof, 1 minof, 2 argmax,
 * 3 argmin, -1 other. */
static int extremum_kind(const expr_t call)
{
    static const char *names[] = {"maxof", "minof", "argmax", "argmin"};
    int k;
    if (call->kind != EXPR_FUNC || call->fn != FN_USER || call->name == NULL) return -1;
    for (k = 0; k < 4; k++)
        if (strcmp(call->name, names[k]) == 0) return k;
    return -1;
}

static void bb_init(bb_t *c)
{
    arf_init(c->lo_out);
    arf_init(c->lo_in);
    arf_init(c->hi_in);
    arf_init(c->hi_out);
    arf_init(c->L);
    arf_init(c->fscale);
    arf_init(c->tolx);
    arf_init(c->finalw);
    arf_init(c->t);
    arf_init(c->m);
    arb_init(c->box);
    arb_init(c->val);
    ivl_init(&c->tmp);
    ivl_init(&c->c1);
    ivl_init(&c->c2);
    arf_neg_inf(c->L);
    c->ev = c->evp = NULL;
    c->evals = 0;
}

static void bb_clear(bb_t *c)
{
    arf_clear(c->lo_out);
    arf_clear(c->lo_in);
    arf_clear(c->hi_in);
    arf_clear(c->hi_out);
    arf_clear(c->L);
    arf_clear(c->fscale);
    arf_clear(c->tolx);
    arf_clear(c->finalw);
    arf_clear(c->t);
    arf_clear(c->m);
    arb_clear(c->box);
    arb_clear(c->val);
    ivl_clear(&c->tmp);
    ivl_clear(&c->c1);
    ivl_clear(&c->c2);
    if (c->ev) expr_eval_free(c->ev);
    if (c->evp) expr_eval_free(c->evp);
}

/* Result from the kept intervals: value [L, U] or hull of the intervals. */
static int finish(arb_t out, bb_t *c, heap_t *h, heap_t *fin, int kind, int budget_hit, xc_t *x)
{
    arf_t U, a, b, w;
    slong i, n;
    int rc = budget_hit;
    char sa[64], sb[64];

    arf_init(U);
    arf_init(a);
    arf_init(b);
    arf_init(w);
    arf_neg_inf(U);
    arf_pos_inf(a);
    arf_neg_inf(b);
    for (n = 0; n < 2; n++) {
        heap_t *q = n ? fin : h;
        for (i = 0; i < q->n; i++) {
            ivl_t *v = q->v + i;
            if (v->partial) {
                rc = -1;    /* the caller says where */
                goto done;
            }
            if (arf_cmp(&v->ub, c->L) < 0) continue;
            if (arf_cmp(&v->ub, U) > 0) arf_set(U, &v->ub);
            if (arf_cmp(&v->a, a) < 0) arf_set(a, &v->a);
            if (arf_cmp(&v->b, b) > 0) arf_set(b, &v->b);
        }
    }
    if (!arf_is_finite(c->L) || !arf_is_finite(U) || arf_cmp(c->L, U) > 0) {
        xfail(x, x->call, "%s(): internal: no certified bounds were found%s", "");
        rc = -1;
        goto done;
    }
    if (kind < 2) {
        arb_set_interval_arf(out, c->L, U, c->wprec);
        if (kind == 1) arb_neg(out, out);
        if (budget_hit)
            xfail(x, x->call, "%s(): evaluation budget reached; the enclosure is certified but "
                  "wider than requested%s", "");
        else if (!value_done(c, U)) {
            xfail(x, x->call, "%s(): the enclosure is certified but wider than requested (F is "
                  "not resolved finer at the ends of the range or at tiny intervals)%s", "");
            rc = 1;
        }
    } else {
        expr_interval_arf(out, a, b);
        arf_sub(w, b, a, ARF_PREC_EXACT, ARF_RND_DOWN);
        arf_mul_2exp_si(U, c->tolx, 4);
        if (arf_cmp(w, U) > 0) {
            fmt_arf(sa, sizeof sa, a);
            fmt_arf(sb, sizeof sb, b);
            snprintf(x->err->msg, sizeof x->err->msg,
                     "%s(): the %s is not unique to within the tolerance%s: the ball is the hull "
                     "[%s, %s] of every candidate", x->fn, kind == 2 ? "maximiser" : "minimiser",
                     budget_hit ? " (evaluation budget reached)" : "", sa, sb);
            x->err->line = x->call->line;
            x->err->col = x->call->col;
            rc = 1;
        } else rc = 0;
    }
done:
    arf_clear(U);
    arf_clear(a);
    arf_clear(b);
    arf_clear(w);
    return rc;
}

static int not_defined(xc_t *x, const expr_t range, const char *near)
{
    char *lo = expr_to_text(range->args[0]), *hi = expr_to_text(range->args[1]);
    x->err->line = x->call->line;
    x->err->col = x->call->col;
    snprintf(x->err->msg, sizeof x->err->msg,
             "%s: F is not defined on all of [%.60s, %.60s] (not proved defined near %s = %s)",
             x->fn, lo, hi, x->call->args[1]->name, near);
    flint_free(lo);
    flint_free(hi);
    return -1;
}

int alg_extremum(arb_t out, const expr_t call, const expr_scope_t s, const expr_t *param_value,
                 slong prec, slong budget, expr_error_t *err)
{
    int kind = extremum_kind(call), rc = -1, act = 0;
    expr_error_t dummy;
    xc_t x = {s, param_value, NULL, NULL, call, err ? err : &dummy, 1};
    expr_t g = NULL, dg = NULL, roots[2], range;
    expr_prog_t p = NULL, pp = NULL;
    arb_t lo, hi;
    arf_t bad;
    bb_t c;
    heap_t h, fin;

    if (kind < 0) {
        x.fn = "extremum";
        return xfail(&x, call, "%s(): not a call of maxof, minof, argmax or argmin%s", "");
    }
    x.fn = call->name;
    x.err->msg[0] = '\0';
    if (call->nargs != 3) return xfail(&x, call, "%s() takes 3 arguments%s", "");
    if (call->args[1]->kind != EXPR_VAR)
        return xfail(&x, call->args[1], "%s(): the variable argument must be a plain name%s", "");
    range = call->args[2];
    if (range->kind != EXPR_RANGE || range->nargs != 2)
        return xfail(&x, range, "%s(): the third argument must be a range LO .. HI%s", "");

    bb_init(&c);
    heap_init(&h);
    heap_init(&fin);
    arb_init(lo);
    arb_init(hi);
    arf_init(bad);
    x.ps = expr_scope_new();
    expr_scope_add_param(x.ps, BOUND);
    c.prec = prec < 16 ? 16 : prec;
    c.wprec = c.prec + 32;
    c.budget = budget > 0 ? budget : ALG_EXTREMUM_BUDGET;
    c.arg = kind >= 2;

    g = expr_copy(call->args[0]);
    rename_var(g, call->args[1]->name, BOUND);
    if (xcollect(&x, g, 0) || xcollect(&x, range->args[0], 0) || xcollect(&x, range->args[1], 0))
        goto done;
    if (expr_check(g, x.ps, 0, x.err)) goto done;
    if (kind == 1 || kind == 3) g = expr_unary(EXPR_NEG, g);
    if (range_ends(lo, hi, &x, range, c.wprec)) goto done;
    arb_get_lbound_arf(c.lo_out, lo, c.wprec);
    arb_get_ubound_arf(c.lo_in, lo, c.wprec);
    arb_get_lbound_arf(c.hi_in, hi, c.wprec);
    arb_get_ubound_arf(c.hi_out, hi, c.wprec);
    /* x scale: the larger end in magnitude; tolerances relative to it */
    arf_abs(c.tolx, c.lo_out);
    arf_abs(c.t, c.hi_out);
    if (arf_cmp(c.t, c.tolx) > 0) arf_set(c.tolx, c.t);
    arf_mul_2exp_si(c.finalw, c.tolx, -(c.prec + 24));
    arf_mul_2exp_si(c.tolx, c.tolx, -c.prec);

    if (x.cont) {
        expr_error_t de;
        dg = expr_derivative(g, BOUND, x.ps, &de);
    }
    roots[0] = g;
    roots[1] = dg;
    pp = expr_compile(roots, 1, x.ps, x.err);
    if (pp == NULL) goto done;
    p = expr_compile(roots, dg ? 2 : 1, x.ps, x.err);
    if (p == NULL && dg) {
        expr_free(dg);
        dg = NULL;
        p = expr_compile(roots, 1, x.ps, x.err);
    }
    if (p == NULL) goto done;
    c.use_deriv = dg != NULL;
    c.ev = expr_eval_new(p, &act, 1, c.wprec);
    c.evp = expr_eval_new(pp, &act, 0, c.wprec);

    rc = search(&c, &h, &fin, bad);
    if (rc < 0) {
        char near[64];
        fmt_arf(near, sizeof near, bad);
        rc = not_defined(&x, range, near);
        goto done;
    }
    rc = finish(out, &c, &h, &fin, kind, rc, &x);
    if (rc < 0 && x.err->msg[0] == '\0') {
        /* a kept interval where F is not proved defined */
        slong i;
        char near[64] = "?";
        for (i = 0; i < h.n + fin.n; i++) {
            ivl_t *v = i < h.n ? h.v + i : fin.v + (i - h.n);
            if (v->partial) {
                arf_add(c.m, &v->a, &v->b, ARF_PREC_EXACT, ARF_RND_DOWN);
                arf_mul_2exp_si(c.m, c.m, -1);
                fmt_arf(near, sizeof near, c.m);
                break;
            }
        }
        rc = not_defined(&x, range, near);
    }
done:
    if (rc < 0 && x.err->msg[0] == '\0')
        xfail(&x, call, "%s(): internal failure%s", "");
    bb_clear(&c);           /* the workspaces before their programs */
    if (p) expr_prog_free(p);
    if (pp) expr_prog_free(pp);
    expr_free(g);
    expr_free(dg);
    heap_clear(&h);
    heap_clear(&fin);
    arb_clear(lo);
    arb_clear(hi);
    arf_clear(bad);
    expr_scope_free(x.ps);
    return rc;
}

/* ------------------------------------------------------------ root of a non-polynomial */

typedef struct {
    expr_eval_t ev;        /* roots: P, P' (in the bound variable) */
    slong wprec;
    long evals, budget;
    arb_t box, v;
    arf_t lo_in, hi_in, minw;
    slong found, k;        /* roots isolated so far; the one asked for */
    arf_t ra, rb;          /* the k-th root's isolating interval */
    int fail;              /* 1: not proved defined; 2: cannot isolate; 3: budget */
    arf_t bad;
} rt_t;

/* Sign of P at the exact point t: -1, 1, 0 (exactly zero), 2 (not decided / not defined). */
static int rt_sign(rt_t *c, const arf_t t)
{
    c->evals++;
    arb_set_arf(c->box, t);
    expr_eval_run(c->ev, c->box, 0);
    if (expr_eval_value(c->v, c->ev, 0) != EXPR_DEFINED) return 2;
    if (arb_is_zero(c->v)) return 0;
    if (arb_is_positive(c->v)) return 1;
    if (arb_is_negative(c->v)) return -1;
    return 2;
}

/* Walks [a, b] from left to right, counting the roots of P (each proved simple:
 * P' of one sign on a piece whose ends have opposite signs); stops at the k-th. */
static void rt_walk(rt_t *c, const arf_t a, const arf_t b, int depth)
{
    arf_t m, w;
    int sa, sb, dsgn;
    if (c->fail || c->found >= c->k) return;
    if (c->evals >= c->budget) { c->fail = 3; return; }
    c->evals++;
    expr_interval_arf(c->box, a, b);
    expr_eval_run(c->ev, c->box, 1);
    if (expr_eval_value(c->v, c->ev, 0) != EXPR_DEFINED) {
        arf_init(w);
        arf_sub(w, b, a, ARF_PREC_EXACT, ARF_RND_DOWN);
        if (arf_cmp(w, c->minw) <= 0) { c->fail = 1; arf_set(c->bad, a); arf_clear(w); return; }
        arf_clear(w);
        goto split;
    }
    if (!arb_contains_zero(c->v)) return;                 /* no root here */
    dsgn = 0;
    if (expr_eval_value(c->v, c->ev, 1) == EXPR_DEFINED) {
        if (arb_is_positive(c->v)) dsgn = 1;
        else if (arb_is_negative(c->v)) dsgn = -1;
    }
    if (dsgn != 0) {
        sa = rt_sign(c, a);
        sb = rt_sign(c, b);
        if (sa != 2 && sb != 2 && sa != 0 && sb != 0) {
            if (sa == sb) return;                         /* monotone, no sign change */
            /* exactly one simple root, inside (a, b) */
            if (arf_cmp(a, c->lo_in) < 0 || arf_cmp(b, c->hi_in) > 0) {
                /* it may lie in the sliver outside the exact range: only if the piece is
                   strictly inside can it be counted */
                arf_init(w);
                arf_sub(w, b, a, ARF_PREC_EXACT, ARF_RND_DOWN);
                if (arf_cmp(w, c->minw) <= 0) { c->fail = 2; arf_set(c->bad, a); arf_clear(w); return; }
                arf_clear(w);
                goto split;
            }
            if (++c->found == c->k) {
                arf_set(c->ra, a);
                arf_set(c->rb, b);
            }
            return;
        }
    }
    arf_init(w);
    arf_sub(w, b, a, ARF_PREC_EXACT, ARF_RND_DOWN);
    if (arf_cmp(w, c->minw) <= 0 || depth > 200) { c->fail = 2; arf_set(c->bad, a); arf_clear(w); return; }
    arf_clear(w);
split:
    arf_init(m);
    arf_add(m, a, b, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(m, m, -1);
    rt_walk(c, a, m, depth + 1);
    rt_walk(c, m, b, depth + 1);
    arf_clear(m);
}

int alg_root_numeric(arb_t out, const expr_t call, const expr_scope_t s, const expr_t *param_value,
                     slong prec, expr_error_t *err)
{
    expr_error_t dummy, de;
    xc_t x = {s, param_value, NULL, "root", call, err ? err : &dummy, 1};
    expr_t g = NULL, dg = NULL, roots[2], range = call->args[2];
    expr_prog_t p = NULL;
    arb_t lo, hi;
    rt_t c;
    int act = 0, rc = -1, sa;
    arf_t m;

    x.err->msg[0] = '\0';
    if (call->args[1]->kind != EXPR_VAR)
        return xfail(&x, call->args[1], "%s(): the variable argument must be a plain name%s", "");
    if (range->kind != EXPR_RANGE || range->nargs != 2)
        return xfail(&x, range, "%s(): the third argument must be a range LO .. HI%s", "");
    if (call->args[3]->kind != EXPR_NUM || !fmpz_is_one(fmpq_denref(call->args[3]->num)) ||
        fmpz_cmp_si(fmpq_numref(call->args[3]->num), 1) < 0 || fmpz_cmp_si(fmpq_numref(call->args[3]->num), 10000) > 0)
        return xfail(&x, call->args[3], "%s(): the root number must be an integer from 1 to 10000%s", "");
    memset(&c, 0, sizeof c);
    arb_init(lo);
    arb_init(hi);
    arb_init(c.box);
    arb_init(c.v);
    arf_init(c.lo_in);
    arf_init(c.hi_in);
    arf_init(c.minw);
    arf_init(c.ra);
    arf_init(c.rb);
    arf_init(c.bad);
    arf_init(m);
    x.ps = expr_scope_new();
    expr_scope_add_param(x.ps, BOUND);
    c.wprec = (prec < 16 ? 16 : prec) + 32;
    c.budget = ALG_EXTREMUM_BUDGET;
    c.k = fmpz_get_si(fmpq_numref(call->args[3]->num));

    g = expr_copy(call->args[0]);
    rename_var(g, call->args[1]->name, BOUND);
    if (xcollect(&x, g, 0) || xcollect(&x, range->args[0], 0) || xcollect(&x, range->args[1], 0)) goto done;
    if (!x.cont) {
        xfail(&x, call, "%s(): P must be continuous (no if, sign or atan2) to count its roots%s", "");
        goto done;
    }
    if (expr_check(g, x.ps, 0, x.err)) goto done;
    if (range_ends(lo, hi, &x, range, c.wprec)) goto done;
    dg = expr_derivative(g, BOUND, x.ps, &de);
    if (dg == NULL) {
        xfail(&x, call, "%s(): P has no symbolic derivative, so its roots cannot be proved simple%s", "");
        goto done;
    }
    roots[0] = g;
    roots[1] = dg;
    p = expr_compile(roots, 2, x.ps, x.err);
    if (p == NULL) goto done;
    c.ev = expr_eval_new(p, &act, 1, c.wprec);
    {
        arf_t a, b;
        arf_init(a);
        arf_init(b);
        arb_get_lbound_arf(a, lo, c.wprec);
        arb_get_ubound_arf(b, hi, c.wprec);
        arb_get_ubound_arf(c.lo_in, lo, c.wprec);
        arb_get_lbound_arf(c.hi_in, hi, c.wprec);
        arf_sub(c.minw, b, a, ARF_PREC_EXACT, ARF_RND_DOWN);
        arf_mul_2exp_si(c.minw, c.minw, -(c.wprec / 2));
        rt_walk(&c, a, b, 0);
        arf_clear(a);
        arf_clear(b);
    }
    if (c.fail == 1 || c.fail == 2) {
        arb_t t;
        char *s1;
        arb_init(t);
        arb_set_arf(t, c.bad);
        s1 = arb_get_str(t, 10, ARB_STR_NO_RADIUS);
        xfail(&x, call, c.fail == 1 ? "%s(): P is not proved defined near x = %s"
                                    : "%s(): cannot prove the roots simple near x = %s (a multiple root, or one "
                                      "at a point of the range's end)", s1);
        flint_free(s1);
        arb_clear(t);
        goto done;
    }
    if (c.fail == 3) {
        xfail(&x, call, "%s(): evaluation budget reached before the root was isolated%s", "");
        goto done;
    }
    if (c.found < c.k) {
        char a[32], b[32];
        snprintf(a, sizeof a, "%ld", (long) c.found);
        snprintf(b, sizeof b, "%ld", (long) c.k);
        x.err->line = call->line;
        x.err->col = call->col;
        snprintf(x.err->msg, sizeof x.err->msg, "root(): only %s real root(s) in the range, root %s asked for", a,
                 b);
        goto done;
    }
    /* refine the isolating interval by the sign at its middle */
    sa = rt_sign(&c, c.ra);
    for (;;) {
        int sm;
        arf_sub(m, c.rb, c.ra, ARF_PREC_EXACT, ARF_RND_DOWN);
        arf_abs(c.minw, c.ra);
        if (arf_cmpabs(c.rb, c.minw) > 0) arf_abs(c.minw, c.rb);
        arf_mul_2exp_si(c.minw, c.minw, -prec - 4);
        if (arf_cmp(m, c.minw) <= 0 || c.evals >= c.budget) break;
        arf_add(m, c.ra, c.rb, ARF_PREC_EXACT, ARF_RND_DOWN);
        arf_mul_2exp_si(m, m, -1);
        sm = rt_sign(&c, m);
        if (sm == 0) { arf_set(c.ra, m); arf_set(c.rb, m); break; }
        if (sm == 2) break;                     /* the interval stays certified, just wider */
        if (sm == sa) arf_set(c.ra, m);
        else arf_set(c.rb, m);
    }
    expr_interval_arf(out, c.ra, c.rb);
    rc = 0;
done:
    if (c.ev) expr_eval_free(c.ev);
    if (p) expr_prog_free(p);
    expr_free(g);
    expr_free(dg);
    expr_scope_free(x.ps);
    arb_clear(lo);
    arb_clear(hi);
    arb_clear(c.box);
    arb_clear(c.v);
    arf_clear(c.lo_in);
    arf_clear(c.hi_in);
    arf_clear(c.minw);
    arf_clear(c.ra);
    arf_clear(c.rb);
    arf_clear(c.bad);
    arf_clear(m);
    return rc;
}
