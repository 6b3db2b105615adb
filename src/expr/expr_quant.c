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

/* The call's kind: 0 maxof, 1 minof, 2 argmax, 3 argmin, 4 root; -1 other. */
static int call_kind(const expr_t e)
{
    static const char *names[] = {"maxof", "minof", "argmax", "argmin", "root"};
    int i;
    if (e->kind != EXPR_FUNC || e->fn != FN_USER || e->name == NULL) return -1;
    for (i = 0; i < 5; i++)
        if (strcmp(e->name, names[i]) == 0) break;
    if (i == 5 || e->nargs != (i == 4 ? 4 : 3) || e->args[1]->kind != EXPR_VAR || e->args[2]->kind != EXPR_RANGE)
        return -1;
    if (i == 4 && (e->args[3]->kind != EXPR_NUM || !fmpz_is_one(fmpq_denref(e->args[3]->num)) ||
                   fmpz_cmp_si(fmpq_numref(e->args[3]->num), 1) < 0 ||
                   fmpz_cmp_si(fmpq_numref(e->args[3]->num), 1000) > 0))
        return -1;
    return i;
}

int expr_quant_is_extremum(const expr_t e)
{
    return call_kind(e) >= 0;
}

int expr_quant_op(const expr_t e)
{
    static const int ops[] = {OP_MAXOF, OP_MINOF, OP_ARGMAX, OP_ARGMIN, OP_ROOT};
    int k = call_kind(e);
    return k < 0 ? -1 : ops[k];
}

int expr_quant_compile(expr_prog_struct *p, const expr_scope_t s, const expr_t e, expr_error_t *err)
{
    int ext = e->kind == EXPR_FUNC;   /* maxof ... root: F(x) = args[0], x = args[1] */
    int is_root = ext && call_kind(e) == 4;
    const expr_node *var = ext ? e->args[1] : e->args[0];
    expr_scope_t s1 = expr_scope_extend(s, var->name);
    expr_t roots[2];
    expr_prog_t sub;
    if (s1 == NULL) {
        err->line = var->line;
        err->col = var->col;
        snprintf(err->msg, sizeof err->msg, "'%s' is already a name of the case; with data that vary, the "
                 "bound variable of %s needs a new name", var->name, ext ? e->name : "a quantifier");
        return -1;
    }
    roots[0] = ext ? e->args[0] : e->args[3];
    roots[1] = NULL;
    if (ext && (call_kind(e) == 2 || call_kind(e) == 3)) {   /* argmax / argmin: F' when it exists */
        expr_error_t ignored;
        roots[1] = expr_derivative(e->args[0], var->name, s1, &ignored);
    }
    if (is_root) {   /* root(): P and dP/dx, for the sign of the derivative and interval Newton */
        roots[1] = expr_derivative(e->args[0], var->name, s1, err);
        if (roots[1] == NULL) {
            expr_scope_free(s1);
            err->line = e->line;
            err->col = e->col;
            snprintf(err->msg, sizeof err->msg, "root() with data that vary needs the derivative of its "
                     "function in '%s', which cannot be formed symbolically", var->name);
            return -1;
        }
    }
    sub = expr_compile(roots, roots[1] != NULL ? 2 : 1, s1, err);
    expr_free(roots[1]);
    expr_scope_free(s1);
    if (sub == NULL) return -1;
    if (is_root) sub->qarg = (int) fmpz_get_si(fmpq_numref(e->args[3]->num));
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
    int *qarg;            /* per quantifier: root()'s root number k */
    int *nroots;          /* per quantifier: 2 when its program also has the derivative */
    unsigned char *used;  /* nq * np: parameter j is read by quantifier i's program (or a nested one) */
    arf_t a_in, b_in, m;
    slong prec;
    /* the conditions on the double-interval fast path (NULL: none), tried on
       each piece before Arb; its box; the quantifier being searched */
    expr_fast_t *fe;
    double *flo, *fhi;
    int cur;
};

/* used[j] = 1 for every outer parameter j < np that q (or a quantifier nested in it) reads. */
static void mark_used(unsigned char *used, const expr_prog_struct *q, int np, int depth)
{
    int k;
    if (depth > 8) return;
    for (k = 0; k < q->n; k++)
        if (q->ins[k].op == OP_PARAM && q->ins[k].a >= 0 && q->ins[k].a < np) used[q->ins[k].a] = 1;
    for (k = 0; k < q->nquants; k++) mark_used(used, q->quants[k], np, depth + 1);
}

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
    w->qarg = flint_malloc(w->nq * sizeof(int));
    w->nroots = flint_malloc(w->nq * sizeof(int));
    w->used = flint_calloc((size_t) w->nq * (p->nparams > 0 ? p->nparams : 1), 1);
    for (i = 0; i < w->nq; i++) {
        w->ev[i] = expr_eval_new(p->quants[i], act, nactive + 1, prec);
        w->qarg[i] = p->quants[i]->qarg;
        w->nroots[i] = p->quants[i]->nroots;
        mark_used(w->used + (size_t) i * (w->np > 0 ? w->np : 1), p->quants[i], w->np, 0);
    }
    w->fe = flint_malloc(w->nq * sizeof(expr_fast_t));
    for (i = 0; i < w->nq; i++)   /* not for nested conditions: a failed fast search costs a whole search */
        w->fe[i] = p->quants[i]->nquants == 0 ? expr_fast_new(p->quants[i], act, nactive + 1) : NULL;
    w->flo = flint_calloc(w->np + 1, sizeof(double));
    w->fhi = flint_calloc(w->np + 1, sizeof(double));
    flint_free(act);
    w->box = _arb_vec_init(w->np + 1);
    w->cap = 2 * EXPR_QUANT_POINT_BUDGET + 4;
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
    flint_free(w->qarg);
    flint_free(w->nroots);
    flint_free(w->used);
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

/* Records the leaf [l, r] with upper bound u (argmax mode; more leaves than
 * room make the call fail). */
#define LEAF(l, r, u) do { \
        if (fl != NULL) { \
            if (nleaf == maxleaf) ok = 0; \
            else { arf_set(fl + nleaf, l); arf_set(fr + nleaf, r); arf_set(fu + nleaf, u); nleaf++; } \
        } \
    } while (0)

/* Branch and bound for max (sgn = 1) or min (sgn = -1, on -F) of the
 * function of ev over the outer range; see expr_quant_extremum_step. With
 * xlo != NULL (argmax / argmin) [xlo, xhi] is set to the hull of the leaves
 * that may hold a maximiser, and use_d says that root 1 of ev is F' (pieces
 * strictly inside every range where F' has one sign are dropped). Returns 1,
 * or 0 when the bounds are not certified. */
static int bound_extremum(expr_quant_ws *w, expr_eval_t ev, int sgn, int has_inner, const arf_t a_out,
                          const arf_t b_out, arf_t lo, arf_t hi, arf_t xlo, arf_t xhi, int use_d, int budget)
{
    arf_struct *ub;    /* upper bound (of sgn F) inherited by each queued piece */
    arf_struct *fl = NULL, *fr = NULL, *fu = NULL;   /* argmax: the leaves and their upper bounds */
    int head = 0, tail = 0, n, i, ok = 1, have_lo = 0;
    int nleaf = 0, maxleaf = 3 * budget + 4;   /* evaluated pieces, plus at most two per evaluation left */
    arb_t val;
    arf_t t, wid, minw;

    ub = flint_malloc(w->cap * sizeof(arf_struct));
    for (i = 0; i < w->cap; i++) arf_init(ub + i);
    if (xlo) {
        fl = flint_malloc(3 * maxleaf * sizeof(arf_struct));
        fr = fl + maxleaf;
        fu = fr + maxleaf;
        for (i = 0; i < 3 * maxleaf; i++) arf_init(fl + i);
    }
    arb_init(val);
    arf_init(t);
    arf_init(wid);
    arf_init(minw);
    arf_sub(minw, b_out, a_out, ARF_PREC_EXACT, ARF_RND_DOWN);
    /* pieces narrower than 2^-40 of the range are not split (at a point: 2^-(prec - 16)) */
    arf_mul_2exp_si(minw, minw, budget == EXPR_QUANT_POINT_BUDGET ? -(w->prec - 16) : -40);
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
            LEAF(l, r, u);
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
            /* argmax: a closed piece strictly inside every range where F' has one sign holds
               no critical point, so no maximiser (one at an end of a range is not inside) */
            if (xlo && use_d && arf_cmp(l, w->a_in) > 0 &&
                arf_cmp(r, w->b_in) < 0 && expr_eval_value(val, ev, 1) == EXPR_DEFINED && arb_is_finite(val) &&
                (arb_is_positive(val) || arb_is_negative(val)))
                continue;
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
                LEAF(l, r, t);
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
    if (xlo) {
        /* argmax: a maximiser x of F(b, .) has F(b, x) = max >= lo, so it lies in a
           leaf whose upper bound is >= lo (the other pieces were dropped below lo) */
        int any = 0;
        for (i = 0; i < nleaf; i++) {
            if (arf_cmp(fu + i, lo) < 0) continue;
            if (!any || arf_cmp(fl + i, xlo) < 0) arf_set(xlo, fl + i);
            if (!any || arf_cmp(fr + i, xhi) > 0) arf_set(xhi, fr + i);
            any = 1;
        }
        if (!any) ok = 0;
        for (i = 0; i < 3 * maxleaf; i++) arf_clear(fl + i);
        flint_free(fl);
    }
    for (i = 0; i < w->cap; i++) arf_clear(ub + i);
    flint_free(ub);
    arb_clear(val);
    arf_clear(t);
    arf_clear(wid);
    arf_clear(minw);
    return ok;
}

/* ------------------------------------------------------------ root() */

/* Sign of P (root 0 of ev) on B x [l, r]: 1, -1, or 0 (not proved nonzero
 * or not proved defined). With d != NULL, *d the same for P' (root 1). */
static int sign_on(expr_quant_ws *w, expr_eval_t ev, const arf_t l, const arf_t r, int *d, arb_t val)
{
    int s = 0;
    expr_interval_arf(w->box + w->np, l, r);
    expr_eval_run(ev, w->box, 1);
    if (expr_eval_value(val, ev, 0) == EXPR_DEFINED && arb_is_finite(val))
        s = arb_is_positive(val) ? 1 : arb_is_negative(val) ? -1 : 0;
    if (d != NULL) {
        *d = 0;
        if (expr_eval_value(val, ev, 1) == EXPR_DEFINED && arb_is_finite(val))
            *d = arb_is_positive(val) ? 1 : arb_is_negative(val) ? -1 : 0;
    }
    return s;
}

/* A classified piece of the root search: kind 1 holds exactly one root of
 * P(b, .) for every b in B (a simple one, inside), kind 2 is undecided. */
typedef struct {
    arf_struct l, r;
    int kind;
} root_piece;

static int piece_cmp(const void *a, const void *b)
{
    return arf_cmp(&((const root_piece *) a)->l, &((const root_piece *) b)->l);
}

/* root(P, x, LO .. HI, k) over the box: the pieces of a bisection of
 * [a_out, b_out] (split first at a_in and b_in, so that every piece lies in
 * the common part [a_in, b_in] of the ranges or outside it) are dropped when
 * P is proved nonzero on B x X, or when P' has one sign on B x X and P the
 * same sign at both ends; a piece of the common part where P' has one sign
 * and P opposite signs at the ends holds exactly one root for every b. The
 * k-th root is in the k-th such piece, from the left, when every piece left
 * of it is classified; then interval Newton, X := X n (m - P(B, m)/P'(B x X)),
 * narrows it. Returns 1 (y set), 0 undecided, -1 no k-th root for any b. */
static int root_search(expr_quant_ws *w, expr_eval_t ev, int k, const arf_t a_out, const arf_t b_out, arb_t y,
                       int budget)
{
    int head = 0, tail = 0, n = 0, i, np = 0, maxp = 3 * budget + 8, rc = 0, seen = 0;
    root_piece *pc = flint_malloc(maxp * sizeof(root_piece));
    arf_t wid, minw;
    arb_t val, fm, d, nx;
    for (i = 0; i < maxp; i++) {
        arf_init(&pc[i].l);
        arf_init(&pc[i].r);
    }
    arf_init(wid);
    arf_init(minw);
    arb_init(val);
    arb_init(fm);
    arb_init(d);
    arb_init(nx);
    arf_sub(minw, b_out, a_out, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(minw, minw, -40);

#define PUSH(L, R) do { arf_set(w->lo + tail, L); arf_set(w->hi + tail, R); tail = (tail + 1) % w->cap; n++; } while (0)
#define RECORD(L, R, K) do { \
        if (np == maxp) goto done; \
        arf_set(&pc[np].l, L); arf_set(&pc[np].r, R); pc[np].kind = K; np++; \
    } while (0)
    if (arf_cmp(a_out, w->a_in) < 0) PUSH(a_out, w->a_in);
    PUSH(w->a_in, w->b_in);
    if (arf_cmp(w->b_in, b_out) < 0) PUSH(w->b_in, b_out);
    while (n > 0) {
        arf_struct *l = w->lo + head, *r = w->hi + head;
        int sp, sd, inner;
        head = (head + 1) % w->cap;
        n--;
        if (budget <= 0) { RECORD(l, r, 2); continue; }
        budget--;
        sp = sign_on(w, ev, l, r, &sd, val);
        if (sp != 0) continue;                               /* no root for any b */
        inner = arf_cmp(l, w->a_in) >= 0 && arf_cmp(r, w->b_in) <= 0;
        if (sd != 0 && arf_cmp(l, r) < 0 && budget >= 2) {  /* P monotone on the piece for every b */
            int s0, s1;
            budget -= 2;
            s0 = sign_on(w, ev, l, l, NULL, val);
            s1 = sign_on(w, ev, r, r, NULL, val);
            if (s0 != 0 && s0 == s1) continue;               /* no root */
            if (s0 != 0 && s1 == -s0 && inner) { RECORD(l, r, 1); continue; }
        }
        arf_sub(wid, r, l, ARF_PREC_EXACT, ARF_RND_DOWN);
        if (arf_cmp(wid, minw) <= 0 || n + 2 > w->cap - 1) { RECORD(l, r, 2); continue; }
        arf_add(w->m, l, r, ARF_PREC_EXACT, ARF_RND_DOWN);
        arf_mul_2exp_si(w->m, w->m, -1);
        {
            int t1 = tail, t2 = (tail + 1) % w->cap;
            arf_set(w->lo + t2, w->m);
            arf_set(w->hi + t2, r);
            arf_set(w->lo + t1, l);
            arf_set(w->hi + t1, w->m);
            tail = (tail + 2) % w->cap;
            n += 2;
        }
    }
#undef PUSH
#undef RECORD
    qsort(pc, np, sizeof(root_piece), piece_cmp);
    rc = -1;
    for (i = 0; i < np; i++) {
        if (pc[i].kind == 2) { rc = 0; break; }               /* a root may hide here */
        if (++seen < k) continue;
        /* the k-th root: interval Newton on X = pc[i] */
        expr_interval_arf(y, &pc[i].l, &pc[i].r);
        {
            int it;
            for (it = 0; it < 12; it++) {
                arf_t m;
                arf_init(m);
                arf_set(m, arb_midref(y));
                expr_interval_arf(w->box + w->np, m, m);
                expr_eval_run(ev, w->box, 1);
                if (expr_eval_value(fm, ev, 0) != EXPR_DEFINED || !arb_is_finite(fm)) { arf_clear(m); break; }
                arb_set(w->box + w->np, y);
                expr_eval_run(ev, w->box, 1);
                if (expr_eval_value(d, ev, 1) != EXPR_DEFINED || !arb_is_finite(d) || arb_contains_zero(d)) {
                    arf_clear(m);
                    break;
                }
                arb_div(nx, fm, d, w->prec);
                arb_neg(nx, nx);
                arb_add_arf(nx, nx, m, w->prec);
                arf_clear(m);
                /* every root x* in y satisfies x* = m - P(b, m)/P'(b, xi), xi in y */
                if (!arb_intersection(nx, nx, y, w->prec)) break;   /* cannot happen: keep y */
                if (mag_cmp(arb_radref(nx), arb_radref(y)) >= 0) break;
                arb_swap(y, nx);
            }
        }
        rc = 1;
        break;
    }
done:
    for (i = 0; i < maxp; i++) {
        arf_clear(&pc[i].l);
        arf_clear(&pc[i].r);
    }
    flint_free(pc);
    arf_clear(wid);
    arf_clear(minw);
    arb_clear(val);
    arb_clear(fm);
    arb_clear(d);
    arb_clear(nx);
    return rc;
}

void expr_quant_extremum_step(expr_quant_ws *w, const expr_instr *x, arb_srcptr v, const unsigned char *st,
                              arb_srcptr box, arb_ptr y, unsigned char *st_out)
{
    const arb_struct *lo = v + x->a, *hi = v + x->b;
    int sgn = (x->op == OP_MAXOF || x->op == OP_ARGMAX) ? 1 : -1, i;
    int arg = x->op == OP_ARGMAX || x->op == OP_ARGMIN;
    arf_t a_out, b_out, l, h, xl, xh;

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
    arf_init(xl);
    arf_init(xh);
    arb_get_lbound_arf(a_out, lo, w->prec);
    arb_get_ubound_arf(b_out, hi, w->prec);
    arb_get_ubound_arf(w->a_in, lo, w->prec);
    arb_get_lbound_arf(w->b_in, hi, w->prec);
    if (arf_cmp(b_out, a_out) < 0) {
        *st_out = EXPR_UNDEFINED;   /* an empty range at every point: no extremum, no root */
    } else if (arf_cmp(w->a_in, w->b_in) <= 0) {
        /* at a point of the parameters (a case's point, not a cell) a larger budget */
        int point = 1, budget;
        for (i = 0; i < w->np; i++) {
            arb_set(w->box + i, box + i);
            if (w->used[(size_t) x->c * w->np + i] && !arb_is_exact(box + i)) point = 0;
        }
        budget = point ? EXPR_QUANT_POINT_BUDGET : x->op == OP_MAXOF || x->op == OP_MINOF ? EXPR_QUANT_BUDGET
                                                                                      : EXPR_QUANT_ARG_BUDGET;
        if (x->op == OP_ROOT) {
            int rc = root_search(w, w->ev[x->c], w->qarg[x->c], a_out, b_out, y, budget);
            if (rc > 0) *st_out = EXPR_DEFINED;
            else if (rc < 0) *st_out = EXPR_UNDEFINED;   /* fewer than k roots for every b */
            if (rc <= 0) arb_indeterminate(y);
        } else if (bound_extremum(w, w->ev[x->c], sgn, 1, a_out, b_out, l, h, arg ? xl : NULL, arg ? xh : NULL,
                                  w->nroots[x->c] == 2, budget)) {
            if (arg) expr_interval_arf(y, xl, xh);
            else {
                expr_interval_arf(y, l, h);
                if (sgn < 0) arb_neg(y, y);
            }
            *st_out = EXPR_DEFINED;
        }
    }   /* else: the range may be empty at some points of the box: PARTIAL */
    arf_clear(a_out);
    arf_clear(b_out);
    arf_clear(l);
    arf_clear(h);
    arf_clear(xl);
    arf_clear(xh);
}
