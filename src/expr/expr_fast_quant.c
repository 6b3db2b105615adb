/* expr_fast_quant.c -- exists / forall / maxof / minof in double intervals
 * (see expr_fast_quant.h).
 *
 * Step for step the searches of expr_quant.c, with doubles for the ends of
 * the pieces. Why the verdicts keep their meaning:
 *  - [lo_lo, lo_hi] and [hi_lo, hi_hi] enclose LO(b) and HI(b) for every b
 *    of the box (the fast path's guarantee), so the outer range
 *    [lo_lo, hi_hi] contains [LO(b), HI(b)] for every b, and the inner range
 *    [lo_hi, hi_lo] is contained in every [LO(b), HI(b)];
 *  - the pieces are closed intervals of doubles: a piece [l, r] is split at
 *    a double m with l < m < r into [l, m] and [m, r], which cover it
 *    exactly (no rounding: the ends are the doubles themselves); a piece
 *    that cannot be split that way is left undecided;
 *  - a witness piece or point lies in the intersection of the piece with
 *    the inner range, computed with min / max of doubles (exact);
 *  - each piece B x X is decided by expr_fast_run, whose TRUE / FALSE hold
 *    at every point of B x X and whose value intervals contain every value
 *    (expr_fast.c).
 * So exists TRUE has a piece X inside every [LO(b), HI(b)] with the
 * condition TRUE on B x X; exists FALSE has pieces covering every
 * [LO(b), HI(b)] with the condition FALSE; forall dually; and the extremum's
 * lower end is a certified value at a point of every range, its upper end
 * the largest upper bound over pieces covering every range that were not
 * proved below the lower end. */
#include <math.h>
#include "expr/expr_fast_quant.h"
#include "expr/expr_quant.h"

struct expr_fastq_struct {
    int nq, np;
    expr_fast_t *fe;       /* one per quantifier */
    double *blo, *bhi;     /* np + 1: the box, the bound variable last */
    double *ql, *qr, *ub;  /* FIFO of pieces and their inherited upper bounds */
    int cap;
    double a_in, b_in, m;
};

expr_fastq *expr_fastq_new(const expr_prog_struct *p, const int *active, int nactive)
{
    expr_fastq *w;
    int i, *act;
    if (p->nquants == 0) return NULL;
    w = flint_calloc(1, sizeof(expr_fastq));
    w->nq = p->nquants;
    w->np = p->nparams;
    act = flint_malloc((nactive + 1) * sizeof(int));
    for (i = 0; i < nactive; i++) act[i] = active[i];
    act[nactive] = p->nparams;   /* the bound variable */
    w->fe = flint_malloc(w->nq * sizeof(expr_fast_t));
    for (i = 0; i < w->nq; i++) w->fe[i] = expr_fast_new(p->quants[i], act, nactive + 1);
    flint_free(act);
    w->blo = flint_calloc(w->np + 1, sizeof(double));
    w->bhi = flint_calloc(w->np + 1, sizeof(double));
    w->cap = 2 * EXPR_QUANT_BUDGET + 4;
    w->ql = flint_calloc(w->cap, sizeof(double));
    w->qr = flint_calloc(w->cap, sizeof(double));
    w->ub = flint_calloc(w->cap, sizeof(double));
    return w;
}

void expr_fastq_free(expr_fastq *w)
{
    int i;
    if (w == NULL) return;
    for (i = 0; i < w->nq; i++) expr_fast_free(w->fe[i]);
    flint_free(w->fe);
    flint_free(w->blo);
    flint_free(w->bhi);
    flint_free(w->ql);
    flint_free(w->qr);
    flint_free(w->ub);
    flint_free(w);
}

/* A double in [l, r] near the middle. */
static double mid_of(double l, double r)
{
    double m = 0.5 * l + 0.5 * r;
    return m < l ? l : m > r ? r : m;
}

/* Truth of the condition on B x [l, r]. */
static expr_tv_t cond_on(expr_fastq *w, expr_fast_t fe, double l, double r)
{
    w->blo[w->np] = l;
    w->bhi[w->np] = r;
    expr_fast_run(fe, w->blo, w->bhi, 1);
    return expr_fast_truth(fe, 0);
}

/* 1 if [l, r] meets the inner range [a_in, b_in] (nonempty); a point of the
 * common part into w->m. */
static int meets_inner(expr_fastq *w, double l, double r)
{
    double x = l > w->a_in ? l : w->a_in, y = r < w->b_in ? r : w->b_in;
    if (x > y) return 0;
    w->m = mid_of(x, y);
    return 1;
}

/* The ends of the range and the box into w; 0 if the outer range is empty
 * (HI < LO at every point of the box). */
static int set_up(expr_fastq *w, double lo_lo, double lo_hi, double hi_lo, double hi_hi, const double *blo,
                  const double *bhi, int *has_inner)
{
    int i;
    if (hi_hi < lo_lo) return 0;
    for (i = 0; i < w->np; i++) {
        w->blo[i] = blo[i];
        w->bhi[i] = bhi[i];
    }
    w->a_in = lo_hi;
    w->b_in = hi_lo;
    *has_inner = lo_hi <= hi_lo;
    return 1;
}

/* expr_quant.c's search: the budget, the order of the pieces (first in,
 * first out) and the smallest width split are the same. */
expr_tv_t expr_fastq_search(expr_fastq *w, int q, int op, double lo_lo, double lo_hi, double hi_lo,
                            double hi_hi, const double *blo, const double *bhi)
{
    expr_tv_t wit = op == OP_EXISTS ? EXPR_TV_TRUE : EXPR_TV_FALSE;
    expr_tv_t ref = wit == EXPR_TV_TRUE ? EXPR_TV_FALSE : EXPR_TV_TRUE;
    expr_fast_t fe = w->fe[q];
    int head = 0, tail = 0, n, budget = EXPR_QUANT_BUDGET, can_refute = 1, has_inner;
    double minw;

    if (!set_up(w, lo_lo, lo_hi, hi_lo, hi_hi, blo, bhi, &has_inner)) return ref;
    minw = (hi_hi - lo_lo) * 0x1p-40;   /* a stopping rule only */
    if (has_inner) {
        budget -= 2;
        if (cond_on(w, fe, w->a_in, w->a_in) == wit || cond_on(w, fe, w->b_in, w->b_in) == wit) return wit;
    }
    w->ql[tail] = lo_lo;
    w->qr[tail] = hi_hi;
    tail = (tail + 1) % w->cap;
    n = 1;
    while (n > 0) {
        double l = w->ql[head], r = w->qr[head], m;
        expr_tv_t t;
        head = (head + 1) % w->cap;
        n--;
        if (budget <= 0) { can_refute = 0; break; }
        budget--;
        t = cond_on(w, fe, l, r);
        if (t == ref) continue;                      /* this piece refutes */
        if (t == wit) {
            if (has_inner && meets_inner(w, l, r)) return wit;   /* a piece of the inner range */
            can_refute = 0;                          /* holds, but outside some b's range */
            continue;
        }
        /* undecided: a point probe for the witness, then bisection */
        if (has_inner && meets_inner(w, l, r) && budget > 0) {
            budget--;
            if (cond_on(w, fe, w->m, w->m) == wit) return wit;
        }
        m = mid_of(l, r);
        if (!(r - l > minw) || !(l < m && m < r) || n + 2 > w->cap - 1) {
            can_refute = 0;
            continue;
        }
        w->ql[tail] = l;
        w->qr[tail] = m;
        tail = (tail + 1) % w->cap;
        w->ql[tail] = m;
        w->qr[tail] = r;
        tail = (tail + 1) % w->cap;
        n += 2;
    }
    return can_refute ? ref : EXPR_TV_UNKNOWN;
}

/* The value of F on B x [l, r] times sgn into [*a, *b]; 0 if not proved
 * defined (and finite). */
static int value_on(expr_fastq *w, expr_fast_t fe, int sgn, double l, double r, double *a, double *b)
{
    double lo, hi;
    w->blo[w->np] = l;
    w->bhi[w->np] = r;
    expr_fast_run(fe, w->blo, w->bhi, 1);
    if (expr_fast_value(&lo, &hi, fe, 0) != EXPR_DEFINED || !isfinite(lo) || !isfinite(hi)) return 0;
    if (sgn > 0) { *a = lo; *b = hi; }
    else { *a = -hi; *b = -lo; }
    return 1;
}

/* expr_quant.c's bound_extremum on sgn F. */
int expr_fastq_extremum(expr_fastq *w, int q, int sgn, double lo_lo, double lo_hi, double hi_lo, double hi_hi,
                        const double *blo, const double *bhi, double *ylo, double *yhi)
{
    expr_fast_t fe = w->fe[q];
    int head = 0, tail = 0, n, budget = EXPR_QUANT_BUDGET, i, ok = 1, have_lo = 0, has_inner;
    double lo = -INFINITY, hi = -INFINITY, minw, a, b;

    if (!set_up(w, lo_lo, lo_hi, hi_lo, hi_hi, blo, bhi, &has_inner)) return -1;
    if (!has_inner) return 0;   /* the range may be empty at some points of the box */
    minw = (hi_hi - lo_lo) * 0x1p-40;
    for (i = 0; i < 2; i++) {
        double e = i == 0 ? w->a_in : w->b_in;
        budget--;
        if (value_on(w, fe, sgn, e, e, &a, &b) && (!have_lo || a > lo)) {
            lo = a;
            have_lo = 1;
        }
    }
    w->ql[tail] = lo_lo;
    w->qr[tail] = hi_hi;
    w->ub[tail] = INFINITY;
    tail = (tail + 1) % w->cap;
    n = 1;
    while (n > 0) {
        double l = w->ql[head], r = w->qr[head], u = w->ub[head], t, m;
        head = (head + 1) % w->cap;
        n--;
        if (have_lo && u < lo) continue;                 /* below a certified value */
        if (budget <= 0) {                               /* left: its inherited bound counts */
            if (u > hi) hi = u;
            continue;
        }
        budget--;
        m = mid_of(l, r);
        if (!value_on(w, fe, sgn, l, r, &a, &b)) {
            if (!(r - l > minw) || !(l < m && m < r) || n + 2 > w->cap - 1) { ok = 0; continue; }
            t = u;                                       /* split with the inherited bound */
        } else {
            t = b < u ? b : u;
            if (have_lo && t < lo) continue;
            if (has_inner && meets_inner(w, l, r) && budget > 0) {
                budget--;
                if (value_on(w, fe, sgn, w->m, w->m, &a, &b) && (!have_lo || a > lo)) {
                    lo = a;
                    have_lo = 1;
                }
            }
            if (budget <= 0 || !(r - l > minw) || !(l < m && m < r) || n + 2 > w->cap - 1) {
                if (t > hi) hi = t;                      /* a leaf */
                continue;
            }
        }
        w->ql[tail] = l;
        w->qr[tail] = m;
        w->ub[tail] = t;
        tail = (tail + 1) % w->cap;
        w->ql[tail] = m;
        w->qr[tail] = r;
        w->ub[tail] = t;
        tail = (tail + 1) % w->cap;
        n += 2;
    }
    if (!have_lo || !isfinite(hi)) ok = 0;
    if (!ok) return 0;
    if (hi < lo) hi = lo;   /* every piece below lo: the extremum is lo's point's */
    if (sgn > 0) { *ylo = lo; *yhi = hi; }
    else { *ylo = -hi; *yhi = -lo; }
    return 1;
}
