/* expr_fast_quant.c -- exists / forall / maxof / minof in double intervals
 * (see expr_fast_quant.h).
 *
 * maxof / minof: step for step expr_quant.c's branch and bound. exists /
 * forall: a search guided by the condition's merit (expr_fast_merit, plain
 * double, no guarantee): its best point x* over the range at the centre of
 * the box (a grid of GUIDE_GRID intervals, then parabolic steps) is tried as
 * a one-point witness on the whole box; if the centre has no witness, the
 * range is covered by a middle piece around x* (where the merit's parabola
 * stays below the margin) and pieces growing fourfold outwards, each piece
 * left undecided bisected; when the merit at the box's corners shows the
 * condition's best value changing sign across the box, the answer is
 * UNKNOWN at once (neither verdict can hold on the whole box); conditions
 * without a merit (a nested quantifier) get expr_quant.c's bisection. The
 * guide only chooses which pieces are evaluated: every verdict rests on
 * certified evaluations of pieces, as follows.
 *  - [lo_lo, lo_hi] and [hi_lo, hi_hi] enclose LO(b) and HI(b) for every b
 *    of the box (the fast path's guarantee), so the outer range
 *    [lo_lo, hi_hi] contains [LO(b), HI(b)] for every b, and the inner range
 *    [lo_hi, hi_lo] is contained in every [LO(b), HI(b)];
 *  - the pieces are closed intervals of doubles: a piece [l, r] is split at
 *    a double m with l < m < r into [l, m] and [m, r], which cover it
 *    exactly (no rounding: the ends are the doubles themselves); a piece
 *    that cannot be split that way is left undecided; the guided covering's
 *    pieces are consecutive ([lo_lo, e1], [e1, e2], ..., [ek, hi_hi], each
 *    end a double shared by two pieces), so they cover the outer range;
 *  - a witness piece or point lies in the intersection of the piece with
 *    the inner range, computed with min / max of doubles (exact), or is a
 *    point clamped into the inner range;
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
    int nq, np, nact;
    expr_fast_t *fe;       /* one per quantifier */
    unsigned char *guide;  /* per quantifier: its condition has a merit (expr_fast_merit; no nested quantifier) */
    int *act;              /* the outer active parameters */
    double *blo, *bhi;     /* np + 1: the box, the bound variable last */
    double *pt;            /* np + 1: a point for expr_fast_merit */
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
    w->nact = nactive;
    act = flint_malloc((nactive + 1) * sizeof(int));
    for (i = 0; i < nactive; i++) act[i] = active[i];
    act[nactive] = p->nparams;   /* the bound variable */
    w->act = act;
    w->fe = flint_malloc(w->nq * sizeof(expr_fast_t));
    w->guide = flint_calloc(w->nq, 1);
    for (i = 0; i < w->nq; i++) {
        w->fe[i] = expr_fast_new(p->quants[i], act, nactive + 1);
        w->guide[i] = p->quants[i]->nquants == 0;
    }
    w->blo = flint_calloc(w->np + 1, sizeof(double));
    w->bhi = flint_calloc(w->np + 1, sizeof(double));
    w->pt = flint_calloc(w->np + 1, sizeof(double));
    w->cap = 2 * EXPR_QUANT_BUDGET + 8;
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
    flint_free(w->guide);
    flint_free(w->act);
    flint_free(w->blo);
    flint_free(w->bhi);
    flint_free(w->pt);
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

/* ------------------------------------------------------------ the guide */

/* The guide decides nothing: it only chooses where the certified
 * evaluations are tried. merit(x) = sgn * expr_fast_merit of the condition at
 * the point w->pt with the bound variable x (plain double: > 0 where the
 * condition looks like a witness, TRUE for exists (sgn 1), FALSE for forall
 * (sgn -1)); NaN counts as -inf. */
static double merit_at(expr_fastq *w, expr_fast_t fe, int sgn, double x)
{
    double r;
    w->pt[w->np] = x;
    r = expr_fast_merit(fe, w->pt, 0);
    if (r != r) return -INFINITY;
    return sgn > 0 ? r : -r;
}

#define GUIDE_GRID 8     /* intervals of the first sampling of the range */
#define GUIDE_STEPS 3    /* parabolic steps after it */
#define GUIDE_QUANT 512  /* witness points and piece ends on the grid of 1/512 of the range */

/* Successive parabolic steps on the bracket a < b < c, merit fb >= fa, fc:
 * the best point found into *xb, *fbest; *curv: minus half the second
 * divided difference of the last bracket (the parabola's curvature, 0 if
 * flat). */
static void refine(expr_fastq *w, expr_fast_t fe, int sgn, double a, double b, double c, double fa, double fb,
                   double fc, int steps, double *xb, double *fbest, double *curv)
{
    int i;
    *curv = 0;
    for (i = 0; i <= steps; i++) {
        double d1 = b - a, d2 = c - b, g1 = fb - fa, g2 = fb - fc, den, v, fv;
        if (!(d1 > 0 && d2 > 0) || !isfinite(g1) || !isfinite(g2)) break;
        *curv = (g1 / d1 + g2 / d2) / (d1 + d2);
        den = d1 * g2 + d2 * g1;
        if (i == steps || !(den > 0)) break;
        v = b - 0.5 * (d1 * d1 * g2 - d2 * d2 * g1) / den;
        if (!(v > a && v < c) || v == b) break;
        fv = merit_at(w, fe, sgn, v);
        if (v < b) {
            if (fv >= fb) { c = b; fc = fb; b = v; fb = fv; }
            else { a = v; fa = fv; }
        } else {
            if (fv >= fb) { a = b; fa = fb; b = v; fb = fv; }
            else { c = v; fc = fv; }
        }
    }
    *xb = b;
    *fbest = fb;
}

/* The best point of the merit over [lo, hi] at w->pt: a grid of
 * GUIDE_GRID intervals, then parabolic steps around its best node. */
static void guide_global(expr_fastq *w, expr_fast_t fe, int sgn, double lo, double hi, double *xb, double *fb,
                         double *curv)
{
    double f[GUIDE_GRID + 1], x[GUIDE_GRID + 1];
    int i, best = 0;
    for (i = 0; i <= GUIDE_GRID; i++) {
        x[i] = i == GUIDE_GRID ? hi : lo + (hi - lo) * ((double) i / GUIDE_GRID);
        f[i] = merit_at(w, fe, sgn, x[i]);
        if (f[i] > f[best]) best = i;
    }
    *xb = x[best];
    *fb = f[best];
    *curv = 0;
    if (best > 0 && best < GUIDE_GRID && isfinite(f[best]))
        refine(w, fe, sgn, x[best - 1], x[best], x[best + 1], f[best - 1], f[best], f[best + 1], GUIDE_STEPS, xb,
               fb, curv);
}

/* The best point near x0 (within h on each side, inside [lo, hi]). */
static void guide_local(expr_fastq *w, expr_fast_t fe, int sgn, double x0, double f0, double h, double lo,
                        double hi, double *xb, double *fb)
{
    double a = x0 - h < lo ? lo : x0 - h, c = x0 + h > hi ? hi : x0 + h, fa, fc, curv;
    *xb = x0;
    *fb = f0;
    if (!(a < x0 && x0 < c)) return;
    fa = merit_at(w, fe, sgn, a);
    fc = merit_at(w, fe, sgn, c);
    if (fa > f0 && fa >= fc) { *xb = a; *fb = fa; return; }
    if (fc > f0) { *xb = c; *fb = fc; return; }
    refine(w, fe, sgn, a, x0, c, fa, f0, fc, GUIDE_STEPS, xb, fb, &curv);
}

/* x rounded to the nearest (dir 0), next lower (-1) or next upper (1) node of
 * the grid of 1/GUIDE_QUANT of [lo, hi], inside [lo, hi]. */
static double quant(double x, double lo, double hi, int dir)
{
    double t = (x - lo) / (hi - lo) * GUIDE_QUANT, j = dir < 0 ? floor(t) : dir > 0 ? ceil(t) : nearbyint(t), y;
    if (!(j > 0)) return lo;
    if (!(j < GUIDE_QUANT)) return hi;
    y = lo + (hi - lo) * (j / GUIDE_QUANT);
    return y < lo ? lo : y > hi ? hi : y;
}

/* ------------------------------------------------------------ the search */

/* Bisection of the queued pieces, first in first out: a piece with the
 * refuting truth is dropped, one with the witnessing truth that meets the
 * inner range proves the quantifier, an undecided one is split (after a
 * probe of its middle for a witness if probe). Returns wit, ref (every
 * queued piece and its descendants refuted) or UNKNOWN. */
static expr_tv_t bisect(expr_fastq *w, expr_fast_t fe, expr_tv_t wit, int has_inner, int probe, int head, int n,
                        int *budget, double minw)
{
    expr_tv_t ref = wit == EXPR_TV_TRUE ? EXPR_TV_FALSE : EXPR_TV_TRUE;
    int tail = (head + n) % w->cap, can_refute = 1;
    while (n > 0) {
        double l = w->ql[head], r = w->qr[head], m;
        expr_tv_t t;
        head = (head + 1) % w->cap;
        n--;
        if (*budget <= 0) { can_refute = 0; break; }
        (*budget)--;
        t = cond_on(w, fe, l, r);
        if (t == ref) continue;                      /* this piece refutes */
        if (t == wit) {
            if (has_inner && meets_inner(w, l, r)) return wit;   /* a piece of the inner range */
            can_refute = 0;                          /* holds, but outside some b's range */
            continue;
        }
        /* undecided: a point probe for the witness, then bisection */
        if (probe && has_inner && meets_inner(w, l, r) && *budget > 0) {
            (*budget)--;
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

/* The search without the guide: the ends of the inner range as witnesses,
 * then the bisection of the whole range with probes. */
static expr_tv_t plain_search(expr_fastq *w, expr_fast_t fe, expr_tv_t wit, int has_inner, double lo_lo,
                              double hi_hi, int budget, double minw)
{
    if (has_inner && budget >= 2) {
        budget -= 2;
        if (cond_on(w, fe, w->a_in, w->a_in) == wit || cond_on(w, fe, w->b_in, w->b_in) == wit) return wit;
    }
    w->ql[0] = lo_lo;
    w->qr[0] = hi_hi;
    return bisect(w, fe, wit, has_inner, 1, 0, 1, &budget, minw);
}

expr_tv_t expr_fastq_search(expr_fastq *w, int q, int op, double lo_lo, double lo_hi, double hi_lo,
                            double hi_hi, const double *blo, const double *bhi)
{
    expr_tv_t wit = op == OP_EXISTS ? EXPR_TV_TRUE : EXPR_TV_FALSE;
    expr_tv_t ref = wit == EXPR_TV_TRUE ? EXPR_TV_FALSE : EXPR_TV_TRUE;
    expr_fast_t fe = w->fe[q];
    int sgn = op == OP_EXISTS ? 1 : -1, budget = EXPR_QUANT_BUDGET, has_inner, i, nw = 0, ncorner, n;
    int wide[4];
    double minw, xs, fs, curv, xw, xt, ft, h, c, d, span;

    if (!set_up(w, lo_lo, lo_hi, hi_lo, hi_hi, blo, bhi, &has_inner)) return ref;
    span = hi_hi - lo_lo;
    minw = span * 0x1p-40;   /* a stopping rule only */
    if (!w->guide[q] || !(span > 0) || !isfinite(span))
        return plain_search(w, fe, wit, has_inner, lo_lo, hi_hi, budget, minw);

    /* the guide at the centre of the box */
    for (i = 0; i < w->np; i++) w->pt[i] = mid_of(blo[i], bhi[i]);
    for (i = 0; i < w->nact && nw < 4; i++)
        if (bhi[w->act[i]] > blo[w->act[i]]) wide[nw++] = w->act[i];
    ncorner = nw > 0 ? 1 << nw : 0;
    guide_global(w, fe, sgn, lo_lo, hi_hi, &xs, &fs, &curv);
    h = span / GUIDE_GRID;

    if (fs > 0 && has_inner && xs >= w->a_in && xs <= w->b_in) {
        /* the centre looks like it has a witness at xs: try the point on B */
        xw = quant(xs, lo_lo, hi_hi, 0);
        xw = xw < w->a_in ? w->a_in : xw > w->b_in ? w->b_in : xw;
        budget--;
        if (cond_on(w, fe, xw, xw) == wit) return wit;
        if (ncorner > 0) {
            /* the corner where the condition at xs is worst, and its own best point */
            int k, worst = -1;
            double fw = INFINITY, xc, fc;
            for (k = 0; k < ncorner; k++) {
                double f;
                for (i = 0; i < nw; i++) w->pt[wide[i]] = (k >> i & 1) ? bhi[wide[i]] : blo[wide[i]];
                f = merit_at(w, fe, sgn, xs);
                if (f < fw) { fw = f; worst = k; }
            }
            for (i = 0; i < nw; i++) w->pt[wide[i]] = (worst >> i & 1) ? bhi[wide[i]] : blo[wide[i]];
            guide_local(w, fe, sgn, xs, fw, h, lo_lo, hi_hi, &xc, &fc);
            if (!(fc > 0)) return EXPR_TV_UNKNOWN;   /* no witness there: the box is not all on one side */
            xc = quant(xc, lo_lo, hi_hi, 0);
            xc = xc < w->a_in ? w->a_in : xc > w->b_in ? w->b_in : xc;
            if (xc != xw) {
                budget--;
                if (cond_on(w, fe, xc, xc) == wit) return wit;
            }
        }
        return plain_search(w, fe, wit, has_inner, lo_lo, hi_hi, budget, minw);
    }

    /* no witness at the centre: refute, with pieces around xs */
    xt = xs;
    ft = fs;
    if (ncorner > 0) {
        /* the corner where the condition at xs is best, and its own best point */
        int k, best = -1;
        double fb = -INFINITY;
        for (k = 0; k < ncorner; k++) {
            double f;
            for (i = 0; i < nw; i++) w->pt[wide[i]] = (k >> i & 1) ? bhi[wide[i]] : blo[wide[i]];
            f = merit_at(w, fe, sgn, xs);
            if (f > fb || best < 0) { fb = f; best = k; }
        }
        for (i = 0; i < nw; i++) w->pt[wide[i]] = (best >> i & 1) ? bhi[wide[i]] : blo[wide[i]];
        guide_local(w, fe, sgn, xs, fb, h, lo_lo, hi_hi, &xt, &ft);
        if (ft > 0 && has_inner && xt >= w->a_in && xt <= w->b_in)
            return EXPR_TV_UNKNOWN;   /* a witness there: the box is not all on one side */
    }
    if (!isfinite(fs) || !isfinite(ft))
        return plain_search(w, fe, wit, has_inner, lo_lo, hi_hi, budget, minw);
    /* half-width of the middle piece: where the parabola stays below the
       smallest margin, and wide enough to hold both best points */
    c = 0.5 * xs + 0.5 * xt;
    d = curv > 0 && ft < 0 ? 0.5 * sqrt(-ft / curv) : h / 2;
    if (d < 1.5 * fabs(xt - xs)) d = 1.5 * fabs(xt - xs);
    if (!(d > span / (2 * GUIDE_QUANT))) d = span / (2 * GUIDE_QUANT);
    if (d > span / 4) d = span / 4;
    {   /* the middle piece, then pieces growing GUIDE_GROW-fold outwards on each side */
        double l = quant(c - d, lo_lo, hi_hi, -1), r = quant(c + d, lo_lo, hi_hi, 1), sk = 1;
        n = 0;
        w->ql[n] = l; w->qr[n] = r; n++;
        while ((l > lo_lo || r < hi_hi) && n + 4 < w->cap - 8) {
            double nl, nr;
            sk = 4 * sk + 3;   /* ends at c -+ d (1, 7, 31, 127, ...) */
            nl = quant(c - sk * d, lo_lo, hi_hi, -1);
            nr = quant(c + sk * d, lo_lo, hi_hi, 1);
            if (l > lo_lo) { w->ql[n] = nl; w->qr[n] = l; n++; l = nl; }
            if (r < hi_hi) { w->ql[n] = r; w->qr[n] = nr; n++; r = nr; }
        }
        /* the pieces cover [lo_lo, hi_hi] whatever the loop reached */
        if (l > lo_lo) { w->ql[n] = lo_lo; w->qr[n] = l; n++; }
        if (r < hi_hi) { w->ql[n] = r; w->qr[n] = hi_hi; n++; }
    }
    return bisect(w, fe, wit, has_inner, 0, 0, n, &budget, minw);
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
