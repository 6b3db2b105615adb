/* expr_quant.c -- exists / forall: compilation of the condition and its
 * certified evaluation by bisection of the bound range (see expr_quant.h).
 *
 * The condition is a separate program with one parameter more (the bound
 * variable, last). Its evaluator tightens over the outer active parameters
 * and the bound variable, so every piece B x X gets the natural enclosure,
 * the mean-value form and the endpoint (monotonicity) test of expr_eval. A
 * quantified predicate has no derivative: it is a boolean instruction, which
 * the gradient pass of expr_eval skips. Each piece is first tried on the
 * double-interval fast path (when the condition has one and no quantifier
 * of its own): a TRUE or FALSE there is certified on the piece; Arb decides
 * the rest. */
#include <stdio.h>
#include <string.h>
#include "expr/expr_quant.h"

int expr_quant_is_extremum(const expr_t e)
{
    return e->kind == EXPR_FUNC && e->fn == FN_USER && e->name != NULL &&
           (strcmp(e->name, "maxof") == 0 || strcmp(e->name, "minof") == 0) && e->nargs == 3 &&
           e->args[1]->kind == EXPR_VAR && e->args[2]->kind == EXPR_RANGE;
}

int expr_quant_compile(expr_prog_struct *p, const expr_scope_t s, const expr_t e, expr_error_t *err)
{
    int ext = e->kind == EXPR_FUNC;   /* maxof / minof: F(x) = args[0], x = args[1] */
    const expr_node *var = ext ? e->args[1] : e->args[0];
    expr_scope_t s1 = expr_scope_extend(s, var->name);
    expr_t roots[1];
    expr_prog_t sub;
    if (s1 == NULL) {
        err->line = var->line;
        err->col = var->col;
        snprintf(err->msg, sizeof err->msg, "'%s' is already a name of the case; with data that vary, the "
                 "bound variable of %s needs a new name", var->name, ext ? e->name : "a quantifier");
        return -1;
    }
    roots[0] = ext ? e->args[0] : e->args[3];
    sub = expr_compile(roots, 1, s1, err);
    expr_scope_free(s1);
    if (sub == NULL) return -1;
    if (sub->qdepth + 1 > EXPR_QUANT_MAX_NEST) {   /* also through definitions */
        expr_prog_free(sub);
        err->line = e->line;
        err->col = e->col;
        snprintf(err->msg, sizeof err->msg, "quantifiers nested deeper than %d", EXPR_QUANT_MAX_NEST);
        return -1;
    }
    if (sub->qdepth + 1 > p->qdepth) p->qdepth = sub->qdepth + 1;
    p->quants = flint_realloc(p->quants, (p->nquants + 1) * sizeof(expr_prog_t));
    p->quants[p->nquants] = sub;
    return p->nquants++;
}

void expr_quant_prog_clear(expr_prog_struct *p)
{
    int i;
    for (i = 0; i < p->nquants; i++) expr_prog_free(p->quants[i]);
    flint_free(p->quants);
    p->quants = NULL;
    p->nquants = 0;
}

/* ------------------------------------------------------------ workspace */

struct expr_quant_ws_struct {
    int nq, np;
    expr_eval_t *ev;      /* one per quantifier */
    arb_ptr box;          /* np + 1 balls */
    arf_struct *lo, *hi;  /* FIFO of pieces */
    int cap;
    arf_t a_in, b_in, m;
    slong prec;
    /* the conditions on the double-interval fast path (NULL: none), tried on
       each piece before Arb; its box; the quantifier being searched */
    expr_fast_t *fe;
    double *flo, *fhi;
    int cur;
};

expr_quant_ws *expr_quant_ws_new(const expr_prog_struct *p, const int *active, int nactive, slong prec)
{
    expr_quant_ws *w;
    int i, *act;
    if (p->nquants == 0) return NULL;
    w = flint_calloc(1, sizeof(expr_quant_ws));
    w->nq = p->nquants;
    w->np = p->nparams;
    w->prec = prec;
    act = flint_malloc((nactive + 1) * sizeof(int));
    for (i = 0; i < nactive; i++) act[i] = active[i];
    act[nactive] = p->nparams;   /* the bound variable */
    w->ev = flint_malloc(w->nq * sizeof(expr_eval_t));
    for (i = 0; i < w->nq; i++) w->ev[i] = expr_eval_new(p->quants[i], act, nactive + 1, prec);
    w->fe = flint_malloc(w->nq * sizeof(expr_fast_t));
    for (i = 0; i < w->nq; i++)   /* not for nested conditions: a failed fast search costs a whole search */
        w->fe[i] = p->quants[i]->nquants == 0 ? expr_fast_new(p->quants[i], act, nactive + 1) : NULL;
    w->flo = flint_calloc(w->np + 1, sizeof(double));
    w->fhi = flint_calloc(w->np + 1, sizeof(double));
    flint_free(act);
    w->box = _arb_vec_init(w->np + 1);
    w->cap = 2 * EXPR_QUANT_BUDGET + 4;
    w->lo = flint_malloc(w->cap * sizeof(arf_struct));
    w->hi = flint_malloc(w->cap * sizeof(arf_struct));
    for (i = 0; i < w->cap; i++) {
        arf_init(w->lo + i);
        arf_init(w->hi + i);
    }
    arf_init(w->a_in);
    arf_init(w->b_in);
    arf_init(w->m);
    return w;
}

void expr_quant_ws_free(expr_quant_ws *w)
{
    int i;
    if (w == NULL) return;
    for (i = 0; i < w->nq; i++) expr_eval_free(w->ev[i]);
    flint_free(w->ev);
    for (i = 0; i < w->nq; i++) expr_fast_free(w->fe[i]);
    flint_free(w->fe);
    flint_free(w->flo);
    flint_free(w->fhi);
    _arb_vec_clear(w->box, w->np + 1);
    for (i = 0; i < w->cap; i++) {
        arf_clear(w->lo + i);
        arf_clear(w->hi + i);
    }
    flint_free(w->lo);
    flint_free(w->hi);
    arf_clear(w->a_in);
    arf_clear(w->b_in);
    arf_clear(w->m);
    flint_free(w);
}

void expr_quant_ws_set_prec(expr_quant_ws *w, slong prec)
{
    int i;
    if (w == NULL) return;
    w->prec = prec;
    for (i = 0; i < w->nq; i++) expr_eval_set_prec(w->ev[i], prec);
}

ulong expr_quant_ws_count(const expr_quant_ws *w)
{
    ulong c = 0;
    int i;
    if (w == NULL) return 0;
    for (i = 0; i < w->nq; i++) c += expr_eval_count(w->ev[i]);
    return c;
}

/* ------------------------------------------------------------ evaluation */

/* Truth of the condition on B x [l, r] (l == r: a point): the fast path's
 * verdict on doubles enclosing the piece if it has one (TRUE or FALSE there
 * holds on the piece, which it contains), else Arb's. */
static expr_tv_t cond_on(expr_quant_ws *w, expr_eval_t ev, const arf_t l, const arf_t r)
{
    expr_fast_t fe = w->fe[w->cur];
    if (fe != NULL) {
        expr_tv_t t;
        w->flo[w->np] = arf_get_d(l, ARF_RND_FLOOR);
        w->fhi[w->np] = arf_get_d(r, ARF_RND_CEIL);
        expr_fast_run(fe, w->flo, w->fhi, 1);
        t = expr_fast_truth(fe, 0);
        if (t != EXPR_TV_UNKNOWN) return t;
    }
    expr_interval_arf(w->box + w->np, l, r);
    expr_eval_run(ev, w->box, 1);
    return expr_eval_truth(ev, 0);
}

/* 1 if [l, r] meets [a_in, b_in] (the inner range, nonempty); the middle
 * of the common part into w->m. */
static int meets_inner(expr_quant_ws *w, const arf_t l, const arf_t r)
{
    const arf_struct *x = arf_cmp(l, w->a_in) > 0 ? l : w->a_in;
    const arf_struct *y = arf_cmp(r, w->b_in) < 0 ? r : w->b_in;
    if (arf_cmp(x, y) > 0) return 0;
    arf_add(w->m, x, y, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(w->m, w->m, -1);
    return 1;
}

/* The search. wit: the truth of the condition that proves the quantifier
 * on one piece inside the inner range (TRUE for exists, FALSE for forall);
 * the other truth on pieces covering the outer range refutes it. Returns
 * wit, its negation, or EXPR_TV_UNKNOWN. */
static expr_tv_t search(expr_quant_ws *w, expr_eval_t ev, expr_tv_t wit, int has_inner, const arf_t a_out,
                   const arf_t b_out)
{
    expr_tv_t ref = wit == EXPR_TV_TRUE ? EXPR_TV_FALSE : EXPR_TV_TRUE;
    int head = 0, tail = 0, n = 0, budget = EXPR_QUANT_BUDGET, can_refute = 1;
    arf_t wid, minw;

    arf_init(wid);
    arf_init(minw);
    arf_sub(minw, b_out, a_out, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(minw, minw, -40);   /* pieces narrower than 2^-40 of the range are not split */

    /* the ends of the inner range first: a condition monotone in the bound
       variable has its best witness there */
    if (has_inner) {
        budget -= 2;
        if (cond_on(w, ev, w->a_in, w->a_in) == wit || cond_on(w, ev, w->b_in, w->b_in) == wit) {
            arf_clear(wid);
            arf_clear(minw);
            return wit;
        }
    }
    arf_set(w->lo + tail, a_out);
    arf_set(w->hi + tail, b_out);
    tail = (tail + 1) % w->cap;
    n = 1;
    while (n > 0) {
        arf_struct *l = w->lo + head, *r = w->hi + head;
        expr_tv_t t;
        head = (head + 1) % w->cap;
        n--;
        if (budget <= 0) { can_refute = 0; break; }
        budget--;
        t = cond_on(w, ev, l, r);
        if (t == ref) continue;                     /* this piece refutes */
        if (t == wit) {
            if (has_inner && meets_inner(w, l, r)) { /* a sub-interval of the inner range */
                arf_clear(wid);
                arf_clear(minw);
                return wit;
            }
            can_refute = 0;                         /* holds, but outside some b's range */
            continue;
        }
        /* undecided: a point probe for the witness, then bisection */
        if (has_inner && meets_inner(w, l, r) && budget > 0) {
            budget--;
            if (cond_on(w, ev, w->m, w->m) == wit) {
                arf_clear(wid);
                arf_clear(minw);
                return wit;
            }
        }
        arf_sub(wid, r, l, ARF_PREC_EXACT, ARF_RND_DOWN);
        if (arf_cmp(wid, minw) <= 0 || n + 2 > w->cap - 1) {
            can_refute = 0;
            continue;
        }
        {
            int t1 = tail, t2 = (tail + 1) % w->cap;
            arf_add(w->m, l, r, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_mul_2exp_si(w->m, w->m, -1);
            arf_set(w->lo + t1, l);
            arf_set(w->hi + t1, w->m);
            arf_set(w->lo + t2, w->m);
            arf_set(w->hi + t2, r);
            tail = (tail + 2) % w->cap;
            n += 2;
        }
    }
    arf_clear(wid);
    arf_clear(minw);
    return can_refute ? ref : EXPR_TV_UNKNOWN;
}

void expr_quant_step(expr_quant_ws *w, const expr_instr *x, arb_srcptr v, const unsigned char *st,
                     arb_srcptr box, unsigned char *st_out, unsigned char *tv_out)
{
    const arb_struct *lo = v + x->a, *hi = v + x->b;
    expr_tv_t wit = x->op == OP_EXISTS ? EXPR_TV_TRUE : EXPR_TV_FALSE;
    arf_t a_out, b_out;
    int i, has_inner;

    *tv_out = EXPR_TV_UNKNOWN;
    if (st[x->a] == EXPR_UNDEFINED || st[x->b] == EXPR_UNDEFINED) { *st_out = EXPR_UNDEFINED; return; }
    if (st[x->a] != EXPR_DEFINED || st[x->b] != EXPR_DEFINED || !arb_is_finite(lo) || !arb_is_finite(hi)) {
        *st_out = EXPR_PARTIAL;
        return;
    }
    *st_out = EXPR_DEFINED;
    if (w == NULL) return;   /* status only */
    arf_init(a_out);
    arf_init(b_out);
    arb_get_lbound_arf(a_out, lo, w->prec);
    arb_get_ubound_arf(b_out, hi, w->prec);
    arb_get_ubound_arf(w->a_in, lo, w->prec);
    arb_get_lbound_arf(w->b_in, hi, w->prec);
    if (arf_cmp(b_out, a_out) < 0) {
        /* HI < LO at every point of the box: the range is empty */
        *tv_out = wit == EXPR_TV_TRUE ? EXPR_TV_FALSE : EXPR_TV_TRUE;
    } else {
        has_inner = arf_cmp(w->a_in, w->b_in) <= 0;
        for (i = 0; i < w->np; i++) {
            arb_set(w->box + i, box + i);
            expr_fast_enclose(w->flo + i, w->fhi + i, box + i);
        }
        w->cur = x->c;
        *tv_out = search(w, w->ev[x->c], wit, has_inner, a_out, b_out);
    }
    arf_clear(a_out);
    arf_clear(b_out);
}

/* ------------------------------------------------------------ extrema */

/* Branch and bound for max (sgn = 1) or min (sgn = -1, on -F) of the
 * function of ev over the outer range; see expr_quant_extremum_step. */
static int bound_extremum(expr_quant_ws *w, expr_eval_t ev, int sgn, int has_inner, const arf_t a_out,
                          const arf_t b_out, arf_t lo, arf_t hi)
{
    arf_struct *ub;    /* upper bound (of sgn F) inherited by each queued piece */
    int head = 0, tail = 0, n, budget = EXPR_QUANT_BUDGET, i, ok = 1, have_lo = 0;
    arb_t val;
    arf_t t, wid, minw;

    ub = flint_malloc(w->cap * sizeof(arf_struct));
    for (i = 0; i < w->cap; i++) arf_init(ub + i);
    arb_init(val);
    arf_init(t);
    arf_init(wid);
    arf_init(minw);
    arf_sub(minw, b_out, a_out, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(minw, minw, -40);
    arf_neg_inf(lo);
    arf_neg_inf(hi);

    /* lower bound from points: the ends of the inner range */
    if (has_inner) {
        const arf_struct *ends[2] = {w->a_in, w->b_in};
        for (i = 0; i < 2; i++) {
            expr_interval_arf(w->box + w->np, ends[i], ends[i]);
            expr_eval_run(ev, w->box, 1);
            budget--;
            if (expr_eval_value(val, ev, 0) == EXPR_DEFINED && arb_is_finite(val)) {
                if (sgn < 0) arb_neg(val, val);
                arb_get_lbound_arf(t, val, w->prec);
                if (!have_lo || arf_cmp(t, lo) > 0) arf_set(lo, t);
                have_lo = 1;
            }
        }
    }
    arf_set(w->lo + tail, a_out);
    arf_set(w->hi + tail, b_out);
    arf_pos_inf(ub + tail);
    tail = (tail + 1) % w->cap;
    n = 1;
    while (n > 0) {
        arf_struct *l = w->lo + head, *r = w->hi + head, *u = ub + head;
        head = (head + 1) % w->cap;
        n--;
        if (have_lo && arf_cmp(u, lo) < 0) continue;          /* below a certified value */
        if (budget <= 0) {                                    /* left: its inherited bound counts */
            if (arf_cmp(u, hi) > 0) arf_set(hi, u);
            continue;
        }
        budget--;
        expr_interval_arf(w->box + w->np, l, r);
        expr_eval_run(ev, w->box, 1);
        if (expr_eval_value(val, ev, 0) != EXPR_DEFINED || !arb_is_finite(val)) {
            arf_sub(wid, r, l, ARF_PREC_EXACT, ARF_RND_DOWN);
            if (arf_cmp(wid, minw) <= 0 || n + 2 > w->cap - 1) { ok = 0; continue; }
            arf_set(t, u);                                    /* split with the inherited bound */
        } else {
            if (sgn < 0) arb_neg(val, val);
            arb_get_ubound_arf(t, val, w->prec);
            if (arf_cmp(t, u) > 0) arf_set(t, u);
            if (have_lo && arf_cmp(t, lo) < 0) continue;
            /* a point of the piece in the inner range raises the lower bound */
            if (has_inner && meets_inner(w, l, r) && budget > 0) {
                budget--;
                expr_interval_arf(w->box + w->np, w->m, w->m);
                expr_eval_run(ev, w->box, 1);
                if (expr_eval_value(val, ev, 0) == EXPR_DEFINED && arb_is_finite(val)) {
                    arf_t q;
                    arf_init(q);
                    if (sgn < 0) arb_neg(val, val);
                    arb_get_lbound_arf(q, val, w->prec);
                    if (!have_lo || arf_cmp(q, lo) > 0) arf_set(lo, q);
                    have_lo = 1;
                    arf_clear(q);
                }
            }
            arf_sub(wid, r, l, ARF_PREC_EXACT, ARF_RND_DOWN);
            if (budget <= 0 || arf_cmp(wid, minw) <= 0 || n + 2 > w->cap - 1) {
                if (arf_cmp(t, hi) > 0) arf_set(hi, t);       /* a leaf */
                continue;
            }
        }
        {
            int t1 = tail, t2 = (tail + 1) % w->cap;
            arf_add(w->m, l, r, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_mul_2exp_si(w->m, w->m, -1);
            arf_set(ub + t1, t);
            arf_set(ub + t2, t);
            arf_set(w->lo + t1, l);
            arf_set(w->hi + t1, w->m);
            arf_set(w->lo + t2, w->m);
            arf_set(w->hi + t2, r);
            tail = (tail + 2) % w->cap;
            n += 2;
        }
    }
    if (!have_lo || arf_is_inf(hi)) ok = 0;
    if (ok && arf_cmp(hi, lo) < 0) arf_set(hi, lo);   /* every piece below lo: the max is lo's point */
    for (i = 0; i < w->cap; i++) arf_clear(ub + i);
    flint_free(ub);
    arb_clear(val);
    arf_clear(t);
    arf_clear(wid);
    arf_clear(minw);
    return ok;
}

void expr_quant_extremum_step(expr_quant_ws *w, const expr_instr *x, arb_srcptr v, const unsigned char *st,
                              arb_srcptr box, arb_ptr y, unsigned char *st_out)
{
    const arb_struct *lo = v + x->a, *hi = v + x->b;
    int sgn = x->op == OP_MAXOF ? 1 : -1, i;
    arf_t a_out, b_out, l, h;

    arb_indeterminate(y);
    if (st[x->a] == EXPR_UNDEFINED || st[x->b] == EXPR_UNDEFINED) { *st_out = EXPR_UNDEFINED; return; }
    *st_out = EXPR_PARTIAL;
    if (w == NULL || st[x->a] != EXPR_DEFINED || st[x->b] != EXPR_DEFINED || !arb_is_finite(lo) ||
        !arb_is_finite(hi))
        return;
    arf_init(a_out);
    arf_init(b_out);
    arf_init(l);
    arf_init(h);
    arb_get_lbound_arf(a_out, lo, w->prec);
    arb_get_ubound_arf(b_out, hi, w->prec);
    arb_get_ubound_arf(w->a_in, lo, w->prec);
    arb_get_lbound_arf(w->b_in, hi, w->prec);
    if (arf_cmp(b_out, a_out) < 0) {
        *st_out = EXPR_UNDEFINED;   /* an empty range at every point: no extremum */
    } else if (arf_cmp(w->a_in, w->b_in) <= 0) {
        for (i = 0; i < w->np; i++) arb_set(w->box + i, box + i);
        if (bound_extremum(w, w->ev[x->c], sgn, 1, a_out, b_out, l, h)) {
            expr_interval_arf(y, l, h);
            if (sgn < 0) arb_neg(y, y);
            *st_out = EXPR_DEFINED;
        }
    }   /* else: the range may be empty at some points of the box: PARTIAL */
    arf_clear(a_out);
    arf_clear(b_out);
    arf_clear(l);
    arf_clear(h);
}
