/* expr_fast.c -- the same programs evaluated in IEEE double interval
 * arithmetic with outward rounding: the fast path of the paving engine.
 *
 * Why it is sound (each point is what the code below relies on):
 *  1. Every double result of +, -, *, / and sqrt is the correctly rounded
 *     (round to nearest) value of the exact one (IEEE 754; C on x86-64 with
 *     SSE2, no -ffast-math).  So the exact value lies within one unit in the
 *     last place: the next double below (rd) and above (ru) of the rounded
 *     result bound it, also across overflow (+inf's rd is DBL_MAX, below
 *     every value that rounds to +inf) and underflow (0's rd is
 *     -DBL_TRUE_MIN).  A result is left unwidened only when it is exact for
 *     a reason that holds in every case: a product or quotient with a zero
 *     operand, a sum with a zero operand, a sum that rounds to 0 (with
 *     gradual underflow the sum of two doubles is 0 only when it is exactly
 *     0).
 *  2. Interval operations take their ends from the corners (+, -, *, / are
 *     monotone in each argument on a box where the divisor has one sign),
 *     each rounded outward by 1.
 *  3. sin and cos of a double x: x = r + k pi/2 with an integer k (any k is
 *     correct; nearbyint(x 2/pi) keeps |r| <= pi/4), r enclosed in an
 *     interval [r_lo, r_hi] as x - k [P1, P2] with P1 < pi/2 < P2
 *     consecutive doubles.  On |r| <= 0.79 (checked, else [-1, 1]) sin is
 *     increasing and cos even and decreasing in |r|, so their ranges over
 *     [r_lo, r_hi] come from the ends.  At an end, the Taylor polynomials
 *     of sin to degree 17 and of cos to degree 16 are within the Lagrange
 *     remainder |r|^19/19! < 1e-19 resp. |r|^18/18! < 3e-18 of the true
 *     values, and their Horner evaluation in double within 4e-15 of the
 *     polynomials (point_sincos says why); 1e-14 is added either way.
 *     Over an interval [a, b], sin and cos are enclosed by the hull of their
 *     enclosures at a and b and the extreme values +-1 at every critical
 *     point m pi/2 that may lie in [a, b]: every integer m in
 *     [a (2/pi) rounded down, b (2/pi) rounded up], with 2/pi in [T1, T2].
 *     The extremes of a continuous function on [a, b] lie at the ends or at
 *     critical points, so the hull contains the range.
 *  4. Domain statuses, Kleene logic, `if`, the mean-value form and the
 *     endpoint (monotonicity) test follow expr_eval.c step for step, with the
 *     same guarantees; only the number type differs.
 *  5. exists / forall / maxof / minof search the bound range with an
 *     expr_fast of the condition on each piece (expr_fast_quant.c says why
 *     the verdicts keep their meaning); as in expr_eval.c, only the main
 *     pass searches, the tightening passes of numbers take the status only.
 *     expr_fast_merit (plain double, no guarantee) only guides the search.
 *  6. The mean-value form and the endpoint test use the partial derivatives
 *     along the active parameters of nonzero width only: along the others
 *     every point of the box has the centre's coordinate, so those terms
 *     are exactly 0 whatever the derivative.
 * The constants P1, P2, T1, T2 and the Taylor coefficients are checked
 * against Arb in tests/test_expr_fast.c, and whole programs against the MPFR
 * oracle of tests/test_expr_sound.c on random boxes. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "expr/expr_prog.h"
#include "expr/expr_fast_quant.h"

typedef struct { double lo, hi; } di;

#define NAUXF 5          /* aux pass 0: midpoint; 1..4: cached endpoint passes */
#define NTAYLOR 9        /* coefficients of the sin and cos polynomials (in r^2) */
#define TAYLOR_D_ERR 1e-14 /* bound on remainder plus rounding of taylor_d */
#define SINCOS_MAX 1048576.0  /* |x| beyond this: [-1, 1] */
#define PCACHE 64            /* points in point_sincos's cache (a power of 2) */
#define MSINCOS 64           /* arguments in the merit's sin and cos memos (a power of 2) */

static const di PIO2 = {0x1.921fb54442d18p+0, 0x1.921fb54442d19p+0};   /* pi/2 */
static const di TWO_OVER_PI = {0x1.45f306dc9c882p-1, 0x1.45f306dc9c883p-1};
static const di DI_ALL = {-INFINITY, INFINITY};
static const di DI_PM1 = {-1, 1};

typedef struct {
    di *v;
    di *comp;          /* at a SIN (COS): the cos (sin) of the same operand */
    unsigned char *st, *tv;
    long key;
    di *box;           /* an aux pass's own box */
    int upto;          /* an aux pass has computed instructions 0 .. upto-1 */
    int kept_upto;     /* an aux pass: registers below this one and off kch hold their values */
    uint64_t kch;      /* from the box before (aux_refill) */
} fpass;

struct expr_fast_struct {
    const expr_prog_struct *p;
    int n, nact, nparams;
    int *act, *pos;
    di *cst;           /* per instruction: the value of an OP_CONST */
    fpass main, aux[NAUXF];
    di *g;             /* n * nact gradient intervals of the main pass */
    unsigned char *gok;
    di sc;             /* cos (sin) of the last SIN (COS) of the main pass */
    int want_d, mid_done, aux_next, tighten;
    int gdone;         /* a tightening run: registers 0 .. gdone-1 have their gradients (grads_upto) */
    uint64_t effm;     /* the positions of eff, as bits */
    di *box, *dx;
    di *out;
    double sinc_d[NTAYLOR], cosc_d[NTAYLOR];   /* the same, rounded to nearest */
    di memo_a, memo_s, memo_c;   /* the last sin/cos argument and values */
    int memo_ok;
    int *partner;      /* SIN (COS) k: an earlier COS (SIN) of the same operand, or -1 */
    double pc_x[PCACHE];       /* point_sincos's cache: x (NaN: empty), sin x, cos x */
    di pc_s[PCACHE], pc_c[PCACHE];
    expr_fastq *q;     /* exists / forall / maxof / minof (expr_fast_quant.c), NULL if none */
    double *pm;        /* expr_fast_merit's registers (n + 1) */
    int *mop, *ma, *mb, *mc;   /* its program (merit_setup) */
    double *mk;
    int *eff, neff;    /* the active parameters of nonzero width in this run */
    const double *run_lo, *run_hi;   /* the box of the current expr_fast_run */
    /* kept registers (reg_setup): with at most KEEP_MAX parameters, a
       register that is a pure function of the box in some parameters is
       not computed again while the box is bitwise the same in those */
    int keep;          /* 1 if this is on */
    uint64_t *dep;     /* per register: the parameters it depends on */
    unsigned char *pure;   /* per register: numeric, without if / search / extremum below it */
    uint64_t *gvalid;  /* per pure register: the active positions (bit i) of g that are
                          current, and GOK_BIT once gok is */
    di *last;          /* the box of the last run (nparams), valid if have_last */
    int have_last;
    uint64_t *mdep;    /* per register: the parameters its merit depends on */
    uint64_t *adep;    /* per register: the parameters it depends on in an aux pass */
    di *abox;          /* the box of an aux pass being filled (aux_refill) */
    int *mvar, nmvar;  /* the registers whose merit depends on the last parameter, in order */
    int *mall;         /* 0 .. n-1 */
    double msin_x[MSINCOS], msin_y[MSINCOS], mcos_x[MSINCOS], mcos_y[MSINCOS];   /* sin, cos memos (x NaN: empty) */
    double *mlast;     /* the point of the last expr_fast_merit (nparams), valid if have_mlast */
    int have_mlast;
};

#define KEEP_MAX 63                 /* parameters (and active ones) the kept registers allow */
#define GOK_BIT ((uint64_t) 1 << 63)

static void merit_setup(expr_fast_t f);
static void reg_setup(expr_fast_t f);
static uint64_t aux_dep(expr_fast_t f, int k);

/* ------------------------------------------------------------ rounding */

/* The next double below x (x not NaN); rd(0) = -DBL_TRUE_MIN. */
static inline double rd(double x)
{
    union { double d; uint64_t u; } v;
    if (x == 0) return -DBL_TRUE_MIN;
    v.d = x;
    if (x > 0) v.u--;
    else if (x != -INFINITY) v.u++;
    return x != x ? x : v.d;
}

/* The next double above x (x not NaN); ru(0) = DBL_TRUE_MIN. */
static inline double ru(double x)
{
    union { double d; uint64_t u; } v;
    if (x == 0) return DBL_TRUE_MIN;
    v.d = x;
    if (x < 0) v.u--;
    else if (x != INFINITY) v.u++;
    return x != x ? x : v.d;
}

/* Branch-free widening of a rounded result p (the hot path): p -+ (|p| 2^-52
 * + 2^-1074) rounded to nearest is <= the next double below p (>= the next
 * above), since |p| 2^-52 >= ulp(p) and rounding is monotone; so it bounds
 * the exact value as rd/ru do (and +-inf stays infinite or becomes NaN,
 * which every caller treats as "not finite"). Exact zeros are kept by the
 * instructions themselves (a product with an exact 0 operand is 0, etc.). */
static inline double lo_of(double p) { return p - (fabs(p) * 0x1p-52 + 0x1p-1074); }
static inline double hi_of(double p) { return p + (fabs(p) * 0x1p-52 + 0x1p-1074); }

static inline double add_dn(double a, double b) { return lo_of(a + b); }
static inline double add_up(double a, double b) { return hi_of(a + b); }
static inline double mul_dn(double a, double b) { return lo_of(a * b); }
static inline double mul_up(double a, double b) { return hi_of(a * b); }
static inline double div_dn(double a, double b) { return a == 0 ? 0.0 : lo_of(a / b); }
static inline double div_up(double a, double b) { return a == 0 ? 0.0 : hi_of(a / b); }

static inline double dmin(double a, double b) { return a < b ? a : b; }
static inline double dmax(double a, double b) { return a > b ? a : b; }

/* ------------------------------------------------------------ intervals */

static inline di I(double lo, double hi) { di r; r.lo = lo; r.hi = hi; return r; }
static inline int fin(di a) { return isfinite(a.lo) && isfinite(a.hi); }
static inline int has0(di a) { return a.lo <= 0 && a.hi >= 0; }
static inline int is0(di a) { return a.lo == 0 && a.hi == 0; }
static inline di ineg(di a) { return I(-a.hi, -a.lo); }
static inline di iadd(di a, di b) { return I(add_dn(a.lo, b.lo), add_up(a.hi, b.hi)); }
static inline di isub(di a, di b) { return I(add_dn(a.lo, -b.hi), add_up(a.hi, -b.lo)); }
/* 1 if every end of a and b is finite (x - x is 0 for finite x, NaN else) */
static inline int fin2(di a, di b) { return (a.lo - a.lo) + (a.hi - a.hi) + (b.lo - b.lo) + (b.hi - b.hi) == 0; }
static inline di ihull(di a, di b)
{
    if (!fin2(a, b)) return I(-INFINITY, INFINITY);
    return I(dmin(a.lo, b.lo), dmax(a.hi, b.hi));
}

/* the four corner products; the extremes of the exact products are among
 * them and each is within half an ulp of its rounded value, so widening the
 * smallest (largest) rounded one bounds the exact minimum (maximum) */
static inline di imul(di a, di b)
{
    if (!fin2(a, b)) return I(-INFINITY, INFINITY);   /* 0 inf would be NaN, which min/max would drop */
    double p1 = a.lo * b.lo, p2 = a.lo * b.hi, p3 = a.hi * b.lo, p4 = a.hi * b.hi;
    return I(lo_of(dmin(dmin(p1, p2), dmin(p3, p4))), hi_of(dmax(dmax(p1, p2), dmax(p3, p4))));
}

/* a.lo >= 0 */
static inline di imul_pos(di a, di b)
{
    if (!fin2(a, b)) return I(-INFINITY, INFINITY);
    double p1 = b.lo >= 0 ? a.lo * b.lo : a.hi * b.lo, p2 = b.hi >= 0 ? a.hi * b.hi : a.lo * b.hi;
    return I(lo_of(p1), hi_of(p2));
}

/* b must not contain 0: a/b is monotone in a (increasing for b > 0,
 * decreasing for b < 0) and in b on each sign of a */
static inline di idiv(di a, di b)
{
    if (!fin2(a, b)) return I(-INFINITY, INFINITY);
    if (b.lo > 0)
        return I(div_dn(a.lo, a.lo >= 0 ? b.hi : b.lo), div_up(a.hi, a.hi >= 0 ? b.lo : b.hi));
    if (b.hi < 0)
        return I(div_dn(a.hi, a.hi >= 0 ? b.hi : b.lo), div_up(a.lo, a.lo >= 0 ? b.lo : b.hi));
    return I(dmin(dmin(div_dn(a.lo, b.lo), div_dn(a.lo, b.hi)), dmin(div_dn(a.hi, b.lo), div_dn(a.hi, b.hi))),
             dmax(dmax(div_up(a.lo, b.lo), div_up(a.lo, b.hi)), dmax(div_up(a.hi, b.lo), div_up(a.hi, b.hi))));
}

static inline di isqr(di a)
{
    double l = a.lo * a.lo, h = a.hi * a.hi;
    if (a.lo >= 0) return I(dmax(0, lo_of(l)), hi_of(h));
    if (a.hi <= 0) return I(dmax(0, lo_of(h)), hi_of(l));
    return I(0, hi_of(dmax(l, h)));
}

/* sqrt of the nonnegative part of a (a.hi >= 0) */
static inline di isqrt_nonneg(di a)
{
    double lo = a.lo > 0 ? sqrt(a.lo) : 0, hi = sqrt(a.hi);
    return I(lo == 0 ? 0 : dmax(0, rd(lo)), hi == 0 ? 0 : ru(hi));
}

/* x^n for a point interval or any interval, n >= 0, by squaring; monotone
 * pieces handled by the caller */
static di ipow_pos(di a, long n)
{
    di r = I(1, 1);
    while (n > 0) {
        if (n & 1) r = imul(r, a);
        n >>= 1;
        if (n) a = isqr(a);
    }
    return r;
}

/* a^n, n >= 1, from the ends: u^n is monotone on each side of 0 */
static di ipow_ends(di a, long n)
{
    if (n == 2) return isqr(a);
    if (n == 1) return a;
    di lo = ipow_pos(I(a.lo, a.lo), n), hi = ipow_pos(I(a.hi, a.hi), n), r = ihull(lo, hi);
    if ((n & 1) == 0 && a.lo < 0 && a.hi > 0) r.lo = 0;
    if ((n & 1) == 0 && r.lo < 0) r.lo = 0;
    return r;
}

/* ------------------------------------------------------------ sin, cos */

static void isincos_raw(expr_fast_struct *f, di a, di *s, di *c);

/* Horner sums of the sin and cos polynomials at the double r in plain
 * double arithmetic: *sn ~ sum_j c_j r^(2j+1), *cs ~ sum_j d_j r^(2j). */
static void taylor_d(const expr_fast_struct *f, double r, double *sn, double *cs)
{
    double y = r * r, ps = f->sinc_d[NTAYLOR - 1], pc = f->cosc_d[NTAYLOR - 1];
    int j;
    for (j = NTAYLOR - 2; j >= 0; j--) {
        ps = f->sinc_d[j] + y * ps;
        pc = f->cosc_d[j] + y * pc;
    }
    *sn = r * ps;
    *cs = pc;
}

/* Enclosures of sin x and cos x for a double x, |x| <= SINCOS_MAX.
 * On the reduced interval [r_lo, r_hi] (|r| <= 0.79 < pi/2) sin is
 * increasing and cos is even and decreasing in |r|, so their ranges come
 * from the ends. At an end r the Horner sums above are sum_j c_j y^j (1 + e_j)
 * with |e_j| <= gamma_26 = 26u/(1 - 26u), u = 2^-53 (Higham, Accuracy and
 * Stability of Numerical Algorithms, 5.1: at most 2 roundings per step over
 * 8 steps, 1 for the rounded coefficient, up to 8 from y = r^2 rounded; and
 * 1 more, gamma_27, for the final product by r in sin). So they differ from
 * the Taylor polynomials by at most gamma_26 cosh(0.79) < 3.9e-15 (cos) and
 * gamma_27 sinh(0.79) < 2.7e-15 (sin); an underflow adds less than 1e-300.
 * With the Taylor remainders (< 3e-18, head comment), TAYLOR_D_ERR = 1e-14
 * bounds the whole error. */
static void point_sincos_raw(const expr_fast_struct *f, double x, di *s, di *c);

/* point_sincos_raw through a small cache of points (a pure function of x;
 * sibling cells share ends) */
static void point_sincos(expr_fast_struct *f, double x, di *s, di *c)
{
    union { double d; uint64_t u; } b;
    unsigned h;
    b.d = x;
    h = (unsigned) ((b.u ^ (b.u >> 29) ^ (b.u >> 47)) & (PCACHE - 1));
    if (f->pc_x[h] == x) {   /* never for the NaN of an empty slot */
        *s = f->pc_s[h];
        *c = f->pc_c[h];
        return;
    }
    point_sincos_raw(f, x, s, c);
    f->pc_x[h] = x;
    f->pc_s[h] = *s;
    f->pc_c[h] = *c;
}

static void point_sincos_raw(const expr_fast_struct *f, double x, di *s, di *c)
{
    double k = nearbyint(x * 0x1.45f306dc9c883p-1), s0, c0, s1, c1;
    di r, ps, pc;
    long q;
    r = k == 0 ? I(x, x) : isub(I(x, x), imul(I(k, k), PIO2));
    if (!(fabs(r.lo) <= 0.79 && fabs(r.hi) <= 0.79)) { *s = *c = DI_PM1; return; }
    taylor_d(f, r.lo, &s0, &c0);
    if (r.hi == r.lo) { s1 = s0; c1 = c0; }
    else taylor_d(f, r.hi, &s1, &c1);
    ps = I(lo_of(s0 - TAYLOR_D_ERR), hi_of(s1 + TAYLOR_D_ERR));
    if (r.lo >= 0) pc = I(lo_of(c1 - TAYLOR_D_ERR), hi_of(c0 + TAYLOR_D_ERR));
    else if (r.hi <= 0) pc = I(lo_of(c0 - TAYLOR_D_ERR), hi_of(c1 + TAYLOR_D_ERR));
    else pc = I(lo_of(dmin(c0, c1) - TAYLOR_D_ERR), 1);
    q = (long) ((unsigned long) (long) k & 3u);   /* k mod 4 (|k| < 2^20) */
    switch (q) {
    case 0: *s = ps; *c = pc; break;
    case 1: *s = pc; *c = ineg(ps); break;
    case 2: *s = ineg(ps); *c = ineg(pc); break;
    default: *s = ineg(pc); *c = ps; break;
    }
    s->lo = dmax(s->lo, -1); s->hi = dmin(s->hi, 1);
    c->lo = dmax(c->lo, -1); c->hi = dmin(c->hi, 1);
}

/* Enclosures of sin and cos over the interval a (the last one is kept:
 * sin u and cos u usually come together). */
static void isincos(expr_fast_struct *f, di a, di *s, di *c)
{
    if (f->memo_ok && a.lo == f->memo_a.lo && a.hi == f->memo_a.hi) {
        *s = f->memo_s;
        *c = f->memo_c;
        return;
    }
    isincos_raw(f, a, s, c);
    f->memo_ok = 1;
    f->memo_a = a;
    f->memo_s = *s;
    f->memo_c = *c;
}

static void isincos_raw(expr_fast_struct *f, di a, di *s, di *c)
{
    di sb, cb;
    double ql, qh, m;
    if (!fin(a) || fabs(a.lo) > SINCOS_MAX || fabs(a.hi) > SINCOS_MAX || a.hi - a.lo > 6) {
        *s = *c = DI_PM1;
        return;
    }
    point_sincos(f, a.lo, s, c);
    if (a.hi == a.lo) return;
    point_sincos(f, a.hi, &sb, &cb);
    *s = ihull(*s, sb);
    *c = ihull(*c, cb);
    ql = imul(I(a.lo, a.lo), TWO_OVER_PI).lo;
    qh = imul(I(a.hi, a.hi), TWO_OVER_PI).hi;
    for (m = ceil(ql); m <= qh; m++) {
        long q = (long) ((unsigned long) (long) m & 3u);   /* m mod 4 (|m| < 2^20) */
        if (q == 0) c->hi = 1;
        else if (q == 1) s->hi = 1;
        else if (q == 2) c->lo = -1;
        else s->lo = -1;
    }
}

/* ------------------------------------------------------------ set-up */

void expr_fast_enclose(double *lo, double *hi, const arb_t x)
{
    arf_t t;
    arf_init(t);
    arb_get_lbound_arf(t, x, 128);
    *lo = arf_get_d(t, ARF_RND_FLOOR);
    arb_get_ubound_arf(t, x, 128);
    *hi = arf_get_d(t, ARF_RND_CEIL);
    arf_clear(t);
    if (!arb_is_finite(x) || *lo != *lo || *hi != *hi) { *lo = -INFINITY; *hi = INFINITY; }
}

/* 1 if the fast path has every instruction of p. */
static int supported(const expr_prog_struct *p)
{
    int k;
    for (k = 0; k < p->n; k++) {
        const expr_instr *x = &p->ins[k];
        switch (x->op) {
        case OP_CONST: case OP_PARAM: case OP_NEG: case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV:
        case OP_SIN: case OP_COS: case OP_TAN: case OP_SQRT: case OP_ABS: case OP_SIGN:
        case OP_MIN: case OP_MAX: case OP_IF:
        case OP_LT0: case OP_LE0: case OP_GT0: case OP_GE0: case OP_EQ0: case OP_NE0:
        case OP_TRUE: case OP_FALSE: case OP_NOT: case OP_AND: case OP_OR: case OP_XOR:
        case OP_IMPLIES: case OP_IFF:
            break;
        case OP_EXISTS: case OP_FORALL: case OP_MAXOF: case OP_MINOF:
            if (!supported(p->quants[x->c])) return 0;
            break;
        case OP_POWQ: {
            const fmpq *q = p->consts[x->b].q;
            if (fmpz_cmp_ui(fmpq_denref(q), 2) > 0 || fmpz_bits(fmpq_numref(q)) > 30) return 0;
            break;
        }
        default:
            return 0;
        }
    }
    return 1;
}

static void fpass_init(fpass *ps, int n)
{
    ps->v = flint_calloc(n + 1, sizeof(di));
    ps->comp = flint_calloc(n + 1, sizeof(di));
    ps->box = NULL;
    ps->upto = 0;
    ps->st = flint_calloc(n + 1, 1);
    ps->tv = flint_calloc(n + 1, 1);
    ps->key = -1;
}

static void fpass_clear(fpass *ps)
{
    flint_free(ps->v);
    flint_free(ps->comp);
    flint_free(ps->box);
    flint_free(ps->st);
    flint_free(ps->tv);
}

expr_fast_t expr_fast_new(const expr_prog_t p, const int *active, int nactive)
{
    expr_fast_t f;
    int i, k;
    double fact = 1;
    arb_t t;
    if (!supported(p)) return NULL;
    f = flint_calloc(1, sizeof(expr_fast_struct));
    f->p = p;
    f->n = p->n;
    f->nparams = p->nparams;
    f->nact = nactive;
    expr_prog_active(&f->act, &f->pos, p, active, nactive);
    fpass_init(&f->main, f->n);
    for (i = 0; i < NAUXF; i++) {
        fpass_init(&f->aux[i], f->n);
        f->aux[i].box = flint_calloc(p->nparams + 1, sizeof(di));
    }
    f->g = flint_calloc((size_t) (f->n + 1) * (nactive ? nactive : 1), sizeof(di));
    f->gok = flint_calloc(f->n + 1, 1);
    f->cst = flint_calloc(f->n + 1, sizeof(di));
    f->box = flint_calloc(p->nparams + 1, sizeof(di));
    f->dx = flint_calloc(nactive + 1, sizeof(di));
    f->out = flint_calloc(p->nroots + 1, sizeof(di));
    f->partner = flint_malloc((f->n + 1) * sizeof(int));
    f->pm = flint_malloc((f->n + 1) * sizeof(double));
    f->mop = flint_malloc((f->n + 1) * 4 * sizeof(int));
    f->ma = f->mop + f->n + 1;
    f->mb = f->ma + f->n + 1;
    f->mc = f->mb + f->n + 1;
    f->mk = flint_malloc((f->n + 1) * sizeof(double));
    f->eff = flint_malloc((nactive + 1) * sizeof(int));
    for (i = 0; i < PCACHE; i++) f->pc_x[i] = NAN;
    f->q = expr_fastq_new(p, active, nactive);
    for (k = 0; k < f->n; k++) {
        int q;
        f->partner[k] = -1;
        if (p->ins[k].op != OP_SIN && p->ins[k].op != OP_COS) continue;
        for (q = 0; q < k; q++)
            if (p->ins[q].a == p->ins[k].a &&
                p->ins[q].op == (p->ins[k].op == OP_SIN ? OP_COS : OP_SIN)) { f->partner[k] = q; break; }
    }
    /* Taylor coefficients (-1)^j / (2j+1)! and (-1)^j / (2j)! rounded to
       nearest (n! is exact in double for n <= 18) */
    for (i = 0; i < NTAYLOR; i++) {
        double odd;
        if (i > 0) fact *= (double) ((2 * i - 1) * (2 * i));   /* (2i)!, exact */
        odd = fact * (2 * i + 1);                                /* (2i+1)!, exact */
        f->sinc_d[i] = ((i & 1) ? -1.0 : 1.0) / odd;
        f->cosc_d[i] = ((i & 1) ? -1.0 : 1.0) / fact;
    }
    arb_init(t);
    for (k = 0; k < f->n; k++) {
        const expr_instr *x = &p->ins[k];
        const expr_const *c;
        if (x->op == OP_CONST) {
            c = &p->consts[x->a];
            if (c->kind == CONST_Q) arb_set_fmpq(t, c->q, 128);
            else if (c->kind == CONST_PI) arb_const_pi(t, 128);
            else if (c->kind == CONST_E) arb_const_e(t, 128);
            else arb_set(t, c->ball);
            expr_fast_enclose(&f->cst[k].lo, &f->cst[k].hi, t);
            f->gok[k] = 1;
        }
        if (x->op == OP_PARAM) {
            f->gok[k] = 1;
            if (f->pos[x->a] >= 0) f->g[(size_t) k * nactive + f->pos[x->a]] = I(1, 1);
        }
    }
    arb_clear(t);
    merit_setup(f);
    reg_setup(f);
    return f;
}

void expr_fast_free(expr_fast_t f)
{
    int i;
    if (f == NULL) return;
    fpass_clear(&f->main);
    for (i = 0; i < NAUXF; i++) fpass_clear(&f->aux[i]);
    flint_free(f->g);
    flint_free(f->gok);
    flint_free(f->cst);
    flint_free(f->box);
    flint_free(f->dx);
    flint_free(f->out);
    flint_free(f->partner);
    flint_free(f->pm);
    flint_free(f->mop);
    flint_free(f->mk);
    flint_free(f->eff);
    flint_free(f->dep);
    flint_free(f->pure);
    flint_free(f->gvalid);
    flint_free(f->last);
    flint_free(f->mdep);
    flint_free(f->adep);
    flint_free(f->abox);
    flint_free(f->mvar);
    flint_free(f->mall);
    flint_free(f->mlast);
    expr_fastq_free(f->q);
    flint_free(f->act);
    flint_free(f->pos);
    flint_free(f);
}

/* ------------------------------------------------------------ values */

static int maxst(int a, int b) { return a > b ? a : b; }

/* 1 for the numeric operations whose b is a register (a bit mask: every
 * operation code is below 64) */
#define TWO_REGS_MASK (((uint64_t) 1 << OP_ADD) | ((uint64_t) 1 << OP_SUB) | ((uint64_t) 1 << OP_MUL) | \
                       ((uint64_t) 1 << OP_DIV) | ((uint64_t) 1 << OP_MIN) | ((uint64_t) 1 << OP_MAX))
_Static_assert(OP_FORALL < 64, "operation codes fit TWO_REGS_MASK");
static inline int two_regs(int op)
{
    return (int) ((TWO_REGS_MASK >> op) & 1);
}

/* 1 for the boolean-valued operations the fast path has */
static int bool_op(int op)
{
    switch (op) {
    case OP_LT0: case OP_LE0: case OP_GT0: case OP_GE0: case OP_EQ0: case OP_NE0:
    case OP_TRUE: case OP_FALSE: case OP_NOT: case OP_AND: case OP_OR: case OP_XOR:
    case OP_IMPLIES: case OP_IFF: case OP_EXISTS: case OP_FORALL:
        return 1;
    default:
        return 0;
    }
}

/* a comparison of d with 0 on an enclosure (a zero interval is exact) */
static expr_tv_t cmp0(int op, di d)
{
    switch (op) {
    case OP_LT0: return d.hi < 0 ? EXPR_TV_TRUE : d.lo >= 0 ? EXPR_TV_FALSE : EXPR_TV_UNKNOWN;
    case OP_LE0: return d.hi <= 0 ? EXPR_TV_TRUE : d.lo > 0 ? EXPR_TV_FALSE : EXPR_TV_UNKNOWN;
    case OP_GT0: return d.lo > 0 ? EXPR_TV_TRUE : d.hi <= 0 ? EXPR_TV_FALSE : EXPR_TV_UNKNOWN;
    case OP_GE0: return d.lo >= 0 ? EXPR_TV_TRUE : d.hi < 0 ? EXPR_TV_FALSE : EXPR_TV_UNKNOWN;
    case OP_EQ0: return (d.lo == 0 && d.hi == 0) ? EXPR_TV_TRUE
                        : (d.lo > 0 || d.hi < 0) ? EXPR_TV_FALSE : EXPR_TV_UNKNOWN;
    default:     return (d.lo == 0 && d.hi == 0) ? EXPR_TV_FALSE
                        : (d.lo > 0 || d.hi < 0) ? EXPR_TV_TRUE : EXPR_TV_UNKNOWN;
    }
}

/* One instruction of a pass (expr_eval.c's step_value, in double intervals). */
static void step_value(expr_fast_t f, fpass *ps, const di *box, int k)
{
    const expr_instr *x = &f->p->ins[k];
    di *v = ps->v, *y = ps->v + k, a, b = DI_ALL;
    unsigned char *st = ps->st, *tv = ps->tv;
    int s, two;

    switch (x->op) {
    case OP_CONST: *y = f->cst[k]; st[k] = fin(*y) ? EXPR_DEFINED : EXPR_PARTIAL; return;
    case OP_PARAM: *y = box[x->a]; st[k] = fin(*y) ? EXPR_DEFINED : EXPR_PARTIAL; return;
    case OP_TRUE: tv[k] = EXPR_TV_TRUE; st[k] = EXPR_DEFINED; return;
    case OP_FALSE: tv[k] = EXPR_TV_FALSE; st[k] = EXPR_DEFINED; return;
    case OP_NOT: tv[k] = expr_tv_not(tv[x->a]); st[k] = st[x->a]; return;
    case OP_AND: case OP_OR: case OP_IMPLIES:
        tv[k] = x->op == OP_AND ? expr_tv_and(tv[x->a], tv[x->b])
              : x->op == OP_OR ? expr_tv_or(tv[x->a], tv[x->b]) : expr_tv_or(expr_tv_not(tv[x->a]), tv[x->b]);
        if (tv[k] != EXPR_TV_UNKNOWN) st[k] = EXPR_DEFINED;
        else if (st[x->a] == EXPR_UNDEFINED && st[x->b] == EXPR_UNDEFINED) st[k] = EXPR_UNDEFINED;
        else st[k] = st[x->a] || st[x->b] ? EXPR_PARTIAL : EXPR_DEFINED;
        return;
    case OP_XOR: case OP_IFF:
        st[k] = maxst(st[x->a], st[x->b]);
        if (tv[x->a] == EXPR_TV_UNKNOWN || tv[x->b] == EXPR_TV_UNKNOWN) tv[k] = EXPR_TV_UNKNOWN;
        else tv[k] = ((tv[x->a] == tv[x->b]) == (x->op == OP_IFF)) ? EXPR_TV_TRUE : EXPR_TV_FALSE;
        return;
    case OP_LT0: case OP_LE0: case OP_GT0: case OP_GE0: case OP_EQ0: case OP_NE0:
        st[k] = st[x->a];
        tv[k] = st[x->a] == EXPR_DEFINED ? cmp0(x->op, v[x->a]) : EXPR_TV_UNKNOWN;
        return;
    case OP_IF: {
        di c = v[x->c];
        b = v[x->b];
        if (tv[x->a] == EXPR_TV_TRUE) { *y = b; s = st[x->b]; }
        else if (tv[x->a] == EXPR_TV_FALSE) { *y = c; s = st[x->c]; }
        else if (st[x->b] == EXPR_UNDEFINED) { *y = c; s = maxst(st[x->c], EXPR_PARTIAL); }
        else if (st[x->c] == EXPR_UNDEFINED) { *y = b; s = maxst(st[x->b], EXPR_PARTIAL); }
        else { *y = ihull(b, c); s = maxst(st[x->b], st[x->c]); }
        if (tv[x->a] == EXPR_TV_UNKNOWN) {
            s = maxst(s, st[x->a]);
            if (st[x->a] == EXPR_UNDEFINED) s = EXPR_UNDEFINED;
        }
        if (s != EXPR_UNDEFINED && !fin(*y)) s = maxst(s, EXPR_PARTIAL);
        st[k] = s;
        return;
    }
    case OP_EXISTS: case OP_FORALL: case OP_MAXOF: case OP_MINOF: {
        /* expr_quant_step / expr_quant_extremum_step: the same statuses; only
           the main pass searches (the tightening passes of numbers do not) */
        int boolean = x->op == OP_EXISTS || x->op == OP_FORALL, r;
        di lo = v[x->a], hi = v[x->b];
        double ylo, yhi;
        if (boolean) tv[k] = EXPR_TV_UNKNOWN;
        else *y = DI_ALL;
        if (st[x->a] == EXPR_UNDEFINED || st[x->b] == EXPR_UNDEFINED) { st[k] = EXPR_UNDEFINED; return; }
        if (st[x->a] != EXPR_DEFINED || st[x->b] != EXPR_DEFINED || !fin(lo) || !fin(hi)) {
            st[k] = EXPR_PARTIAL;
            return;
        }
        if (boolean) {
            st[k] = EXPR_DEFINED;
            if (ps == &f->main)
                tv[k] = expr_fastq_search(f->q, x->c, x->op, lo.lo, lo.hi, hi.lo, hi.hi, f->run_lo, f->run_hi);
            return;
        }
        st[k] = EXPR_PARTIAL;
        if (ps != &f->main) return;
        r = expr_fastq_extremum(f->q, x->c, x->op == OP_MAXOF ? 1 : -1, lo.lo, lo.hi, hi.lo, hi.hi, f->run_lo,
                                f->run_hi, &ylo, &yhi);
        if (r < 0) st[k] = EXPR_UNDEFINED;
        else if (r > 0 && isfinite(ylo) && isfinite(yhi)) {
            st[k] = EXPR_DEFINED;
            *y = I(ylo, yhi);
        }
        return;
    }
    default:
        break;
    }

    two = two_regs(x->op);
    a = v[x->a];
    if (two) b = v[x->b];
    s = st[x->a];
    if (two) s = maxst(s, st[x->b]);
    if (s == EXPR_UNDEFINED) { st[k] = EXPR_UNDEFINED; *y = DI_ALL; return; }
    /* a DEFINED register is finite (every instruction checks its result) */
    if (s != EXPR_DEFINED && (!fin(a) || (two && !fin(b)))) {
        st[k] = maxst(s, EXPR_PARTIAL);
        *y = DI_ALL;
        return;
    }

    switch (x->op) {
    case OP_NEG: *y = ineg(a); break;
    case OP_ADD: *y = is0(a) ? b : is0(b) ? a : iadd(a, b); break;
    case OP_SUB: *y = x->a == x->b ? I(0, 0) : is0(b) ? a : is0(a) ? ineg(b) : isub(a, b); break;
    case OP_MUL: *y = x->a == x->b ? isqr(a) : (is0(a) || is0(b)) ? I(0, 0) : imul(a, b); break;
    case OP_DIV:
        if (has0(b)) {
            s = (b.lo == 0 && b.hi == 0) ? EXPR_UNDEFINED : maxst(s, EXPR_PARTIAL);
            *y = DI_ALL;
        } else *y = idiv(a, b);
        break;
    case OP_POWQ: {
        const fmpq *q = f->p->consts[x->b].q;
        long n = fmpz_get_si(fmpq_numref(q));
        if (fmpz_is_one(fmpq_denref(q))) {
            if (n < 0 && has0(a)) {
                s = (a.lo == 0 && a.hi == 0) ? EXPR_UNDEFINED : maxst(s, EXPR_PARTIAL);
                *y = DI_ALL;
            } else if (n > 0) *y = ipow_ends(a, n);
            else if (n == 0) *y = I(1, 1);
            else {
                di d = ipow_ends(a, -n);
                if (has0(d)) { s = maxst(s, EXPR_PARTIAL); *y = DI_ALL; }
                else *y = idiv(I(1, 1), d);
            }
        } else {   /* denominator 2: (sqrt a)^n */
            int neg = n < 0;
            if (neg ? a.hi <= 0 : a.hi < 0) { s = EXPR_UNDEFINED; *y = DI_ALL; }
            else if (neg ? !(a.lo > 0) : !(a.lo >= 0)) {
                s = maxst(s, EXPR_PARTIAL);
                *y = neg ? DI_ALL : ipow_ends(isqrt_nonneg(a), n);
            } else {
                di r = isqrt_nonneg(a);
                if (!neg) *y = ipow_ends(r, n);
                else {
                    di d = ipow_ends(r, -n);
                    if (has0(d)) { s = maxst(s, EXPR_PARTIAL); *y = DI_ALL; }
                    else *y = idiv(I(1, 1), d);
                }
            }
        }
        break;
    }
    case OP_SIN: case OP_COS: {
        di sn, cs;
        int q = f->partner[k];
        if (q >= 0 && ps->st[q] == s && fin(v[q])) {   /* the pair was computed at q in this pass */
            if (x->op == OP_SIN) { sn = ps->comp[q]; cs = v[q]; }
            else { cs = ps->comp[q]; sn = v[q]; }
        } else isincos(f, a, &sn, &cs);
        ps->comp[k] = x->op == OP_SIN ? cs : sn;
        *y = x->op == OP_SIN ? sn : cs;
        if (f->want_d && ps == &f->main) f->sc = x->op == OP_SIN ? cs : sn;
        break;
    }
    case OP_TAN: {
        di sn, cs;
        isincos(f, a, &sn, &cs);
        if (has0(cs)) { s = maxst(s, EXPR_PARTIAL); *y = DI_ALL; }
        else *y = idiv(sn, cs);
        break;
    }
    case OP_SQRT:
        if (a.lo >= 0) *y = isqrt_nonneg(a);
        else if (a.hi < 0) { s = EXPR_UNDEFINED; *y = DI_ALL; }
        else { s = maxst(s, EXPR_PARTIAL); *y = isqrt_nonneg(a); }
        break;
    case OP_ABS:
        if (a.lo >= 0) *y = a;
        else if (a.hi <= 0) *y = ineg(a);
        else *y = I(0, dmax(-a.lo, a.hi));
        break;
    case OP_SIGN:
        if (a.lo > 0) *y = I(1, 1);
        else if (a.hi < 0) *y = I(-1, -1);
        else if (a.lo == 0 && a.hi == 0) *y = I(0, 0);
        else *y = I(a.lo >= 0 ? 0 : -1, a.hi <= 0 ? 0 : 1);
        break;
    case OP_MIN: *y = I(dmin(a.lo, b.lo), dmin(a.hi, b.hi)); break;
    case OP_MAX: *y = I(dmax(a.lo, b.lo), dmax(a.hi, b.hi)); break;
    default:
        *y = DI_ALL;
        s = EXPR_PARTIAL;
        break;
    }
    if (s != EXPR_UNDEFINED && !fin(*y)) s = maxst(s, EXPR_PARTIAL);
    ps->st[k] = s;
}

/* ------------------------------------------------------------ gradients */

/* i over the active parameters of nonzero width in this run: along the
 * others the box does not move, so their partial derivatives never enter
 * the mean-value form or the endpoint test (and are not computed) */
#define EACH(i) for (int j_ = 0; j_ < f->neff && ((i) = f->eff[j_], 1); j_++)

static void gscale(expr_fast_t f, int k, int a, di c)
{
    int i, m = f->nact;
    EACH(i) f->g[(size_t) k * m + i] = imul(f->g[(size_t) a * m + i], c);
}

/* expr_eval.c's step_grad, in double intervals */
static void step_grad(expr_fast_t f, int k)
{
    const expr_instr *x = &f->p->ins[k];
    int m = f->nact, i;
    di *v = f->main.v, *gk = f->g + (size_t) k * m, *ga, *gb = NULL;
    di a, b = DI_ALL, t;
    unsigned char *tv = f->main.tv;

    if (x->op == OP_CONST || x->op == OP_PARAM || bool_op(x->op)) return;
    ga = f->g + (size_t) x->a * m;
    a = v[x->a];
    if (two_regs(x->op) || x->op == OP_IF) {
        gb = f->g + (size_t) x->b * m;
        b = v[x->b];
    }
    if (f->main.st[k] != EXPR_DEFINED) { f->gok[k] = 0; return; }
    f->gok[k] = f->gok[x->a];
    if (two_regs(x->op)) f->gok[k] &= f->gok[x->b];

    switch (x->op) {
    case OP_NEG: EACH(i) gk[i] = ineg(ga[i]); break;
    case OP_ADD: EACH(i) gk[i] = iadd(ga[i], gb[i]); break;
    case OP_SUB: EACH(i) gk[i] = x->a == x->b ? I(0, 0) : isub(ga[i], gb[i]); break;
    case OP_MUL: EACH(i) gk[i] = iadd(imul(ga[i], b), imul(gb[i], a)); break;
    case OP_DIV: EACH(i) gk[i] = idiv(isub(ga[i], imul(v[k], gb[i])), b); break;
    case OP_POWQ: {
        const fmpq *q = f->p->consts[x->b].q;
        long n = fmpz_get_si(fmpq_numref(q));
        if (n == 0) t = I(0, 0);
        else if (fmpz_is_one(fmpq_denref(q))) {
            if (n - 1 < 0 && has0(a)) t = DI_ALL;
            else if (n - 1 >= 0) t = ipow_ends(a, n - 1);
            else {
                di d = ipow_ends(a, 1 - n);
                t = has0(d) ? DI_ALL : idiv(I(1, 1), d);
            }
            if (n - 1 == 0) t = I(1, 1);
            t = imul(t, I((double) n, (double) n));
        } else {
            t = has0(a) ? DI_ALL : idiv(v[k], a);
            t = imul(t, I(n * 0.5, n * 0.5));
        }
        if (!fin(t)) t = DI_ALL;
        gscale(f, k, x->a, t);
        break;
    }
    case OP_SIN: gscale(f, k, x->a, f->sc); break;
    case OP_COS: gscale(f, k, x->a, ineg(f->sc)); break;
    case OP_TAN: gscale(f, k, x->a, iadd(isqr(v[k]), I(1, 1))); break;
    case OP_SQRT:
        t = iadd(v[k], v[k]);
        gscale(f, k, x->a, t.lo > 0 ? idiv(I(1, 1), t) : DI_ALL);
        break;
    case OP_ABS:
        gscale(f, k, x->a, a.lo > 0 ? I(1, 1) : a.hi < 0 ? I(-1, -1) : I(-1, 1));
        break;
    case OP_SIGN:
        if (a.lo > 0 || a.hi < 0) {
            EACH(i) gk[i] = I(0, 0);
            f->gok[k] = 1;
        } else f->gok[k] = 0;
        break;
    case OP_MIN: case OP_MAX: {
        int first = x->op == OP_MIN ? a.hi < b.lo : a.lo > b.hi;
        int second = x->op == OP_MIN ? a.lo > b.hi : a.hi < b.lo;
        EACH(i) gk[i] = first ? ga[i] : second ? gb[i] : ihull(ga[i], gb[i]);
        break;
    }
    case OP_IF:
        if (tv[x->a] == EXPR_TV_TRUE) {
            EACH(i) gk[i] = gb[i];
            f->gok[k] = f->gok[x->b];
        } else if (tv[x->a] == EXPR_TV_FALSE) {
            EACH(i) gk[i] = f->g[(size_t) x->c * m + i];
            f->gok[k] = f->gok[x->c];
        } else f->gok[k] = 0;
        break;
    default:
        f->gok[k] = 0;
        break;
    }
}

/* The gradients (and gok) of registers 0 .. d in a tightening run, computed
 * when a tightening first needs them, in order: step_grad reads only the
 * main pass's values, statuses and truths of the register and its operands,
 * which are final once the run has passed them (a comparison's truth is
 * tightened in its own step), the operands' gradients, and for a SIN (COS)
 * the cos (sin) that step_value kept in comp. So they are the bits a
 * step_grad right after each step_value would give; a pure register whose
 * entries are current (gvalid) is skipped. */
static void grads_upto(expr_fast_t f, int d)
{
    for (; f->gdone <= d; f->gdone++) {
        int k = f->gdone;
        if (f->pure[k] && !((f->effm | GOK_BIT) & ~f->gvalid[k])) continue;
        f->sc = f->main.comp[k];
        step_grad(f, k);
        if (f->pure[k]) f->gvalid[k] |= f->effm | GOK_BIT;
    }
}

/* ------------------------------------------------------------ aux passes */

/* An aux pass computed far enough for register d: its instructions are
 * evaluated in order up to d only (a register depends on earlier ones
 * alone), and continued when a later register asks. */
static fpass *aux_upto(expr_fast_t f, fpass *ps, int d)
{
    for (; ps->upto <= d; ps->upto++)
        if (ps->upto >= ps->kept_upto || (f->adep[ps->upto] & ps->kch)) step_value(f, ps, ps->box, ps->upto);
    return ps;
}

/* ps restarted on the box f->abox. An aux pass is a pure function of its
 * box, register by register (aux_dep): the registers it had computed for
 * its box before (below upto) whose parameters are bitwise the same in
 * both boxes hold the values the new box gives them, and are kept. */
static void aux_refill(expr_fast_t f, fpass *ps)
{
    int i;
    ps->kch = 0;
    ps->kept_upto = f->keep ? ps->upto : 0;
    if (f->keep)
        for (i = 0; i < f->nparams; i++)
            if (memcmp(ps->box + i, f->abox + i, sizeof(di)) != 0) ps->kch |= (uint64_t) 1 << i;
    memcpy(ps->box, f->abox, f->nparams * sizeof(di));
    ps->upto = 0;
}

/* the pass at the box's midpoint (in the active parameters) */
static fpass *mid_pass(expr_fast_t f, int d)
{
    fpass *ps = &f->aux[0];
    if (!f->mid_done) {
        int i;
        for (i = 0; i < f->nparams; i++) f->abox[i] = f->box[i];
        for (i = 0; i < f->nact; i++) {
            int j = f->act[i];
            double mlo = f->box[j].lo, mhi = f->box[j].hi, mid = 0.5 * mlo + 0.5 * mhi;
            mid = dmin(dmax(mid, mlo), mhi);
            f->abox[j] = I(mid, mid);
        }
        aux_refill(f, ps);
        f->mid_done = 1;
    }
    return aux_upto(f, ps, d);
}

/* the pass at the box whose active parameter i is fixed at its lower end
 * (digit 1 of key in base 3), upper end (2), or left whole (0) */
static fpass *endpoint_pass(expr_fast_t f, long key, int d)
{
    int i;
    long kk = key;
    fpass *ps;
    for (i = 1; i < NAUXF; i++)
        if (f->aux[i].key == key) return aux_upto(f, &f->aux[i], d);
    ps = &f->aux[1 + f->aux_next];
    f->aux_next = (f->aux_next + 1) % (NAUXF - 1);
    for (i = 0; i < f->nparams; i++) f->abox[i] = f->box[i];
    for (i = 0; i < f->nact; i++, kk /= 3) {
        int j = f->act[i];
        if (kk % 3 == 1) f->abox[j] = I(f->box[j].lo, f->box[j].lo);
        else if (kk % 3 == 2) f->abox[j] = I(f->box[j].hi, f->box[j].hi);
    }
    ps->key = key;
    aux_refill(f, ps);
    return aux_upto(f, ps, d);
}

/* expr_eval.c's tighten_reg: natural value of register d (DEFINED, gok)
 * intersected with the mean-value form and the endpoint values. */
static di tighten_reg(expr_fast_t f, int d, int for_value)
{
    int m = f->nact, i, any = 0;
    di out = f->main.v[d], *g = f->g + (size_t) d * m;
    fpass *mp;
    long klo = 0, khi = 0, p3 = 1;

    if (m == 0 || !f->gok[d]) return out;
    mp = mid_pass(f, d);
    if (mp->st[d] == EXPR_DEFINED) {
        di t = mp->v[d];
        EACH(i) t = iadd(t, imul(g[i], f->dx[i]));
        if (fin(t) && t.lo <= out.hi && out.lo <= t.hi) out = I(dmax(out.lo, t.lo), dmin(out.hi, t.hi));
    }
    if (!for_value && !has0(out)) return out;
    for (i = 0; i < m; i++, p3 *= 3) {
        if (f->dx[i].lo == 0 && f->dx[i].hi == 0) continue;
        if (!fin(g[i])) continue;
        if (g[i].lo >= 0) { klo += 1 * p3; khi += 2 * p3; any = 1; }
        else if (g[i].hi <= 0) { klo += 2 * p3; khi += 1 * p3; any = 1; }
    }
    if (!any) return out;
    {
        fpass *pl = endpoint_pass(f, klo, d);
        int okl = pl->st[d] == EXPR_DEFINED;
        double lo = okl ? pl->v[d].lo : out.lo, hi;
        fpass *ph = endpoint_pass(f, khi, d);
        hi = ph->st[d] == EXPR_DEFINED ? ph->v[d].hi : out.hi;
        if (lo <= hi && lo <= out.hi && out.lo <= hi) out = I(dmax(out.lo, lo), dmin(out.hi, hi));
    }
    return out;
}

/* ------------------------------------------------------------ kept registers */

/* 1 for the numeric operations whose value (and gradient) step_value
 * (step_grad) computes from the box and their operands' values, statuses
 * and gradients alone: no truth value (if, comparisons), no search. */
static int pure_op(int op)
{
    switch (op) {
    case OP_CONST: case OP_PARAM: case OP_NEG: case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV:
    case OP_POWQ: case OP_SIN: case OP_COS: case OP_TAN: case OP_SQRT: case OP_ABS: case OP_SIGN:
    case OP_MIN: case OP_MAX:
        return 1;
    default:
        return 0;
    }
}

/* The dependencies of each register on the parameters (dep for the
 * intervals, mdep for the merit program of merit_setup), and which
 * registers are pure (pure_op down to the parameters); keep is 0 when there
 * are too many parameters or active ones for the masks. */
static void reg_setup(expr_fast_t f)
{
    const expr_prog_struct *p = f->p;
    int k, n = f->n;
    f->dep = flint_calloc(n + 1, sizeof(uint64_t));
    f->mdep = flint_calloc(n + 1, sizeof(uint64_t));
    f->pure = flint_calloc(n + 1, 1);
    f->gvalid = flint_calloc(n + 1, sizeof(uint64_t));
    f->last = flint_calloc(f->nparams + 1, sizeof(di));
    f->mlast = flint_calloc(f->nparams + 1, sizeof(double));
    f->mvar = flint_malloc((n + 1) * sizeof(int));
    f->mall = flint_malloc((n + 1) * sizeof(int));
    for (k = 0; k < n; k++) f->mall[k] = k;
    f->adep = flint_calloc(n + 1, sizeof(uint64_t));
    f->abox = flint_calloc(f->nparams + 1, sizeof(di));
    for (k = 0; k < MSINCOS; k++) f->msin_x[k] = f->mcos_x[k] = NAN;
    f->keep = f->nparams <= KEEP_MAX && f->nact <= KEEP_MAX;
    if (!f->keep) return;
    for (k = 0; k < n; k++) {
        const expr_instr *x = &p->ins[k];
        int op = x->op;
        if (op == OP_PARAM) f->dep[k] = (uint64_t) 1 << x->a;
        else if (op != OP_CONST) {
            f->dep[k] = f->dep[x->a];
            if (two_regs(op)) f->dep[k] |= f->dep[x->b];
        }
        f->pure[k] = pure_op(op) && (op == OP_CONST || op == OP_PARAM || (f->pure[x->a] &&
                     (!two_regs(op) || f->pure[x->b])));
        /* the merit: merit_setup's operands (slot n for none; a parameter's a is its index) */
        if (f->mop[k] == OP_PARAM) f->mdep[k] = (uint64_t) 1 << f->ma[k];
        else f->mdep[k] = (f->ma[k] < n ? f->mdep[f->ma[k]] : 0) | (f->mb[k] < n ? f->mdep[f->mb[k]] : 0) |
                          (f->mc[k] < n ? f->mdep[f->mc[k]] : 0);
        if (f->nparams > 0 && (f->mdep[k] >> (f->nparams - 1) & 1)) f->mvar[f->nmvar++] = k;
        f->adep[k] = aux_dep(f, k);
    }
}

/* The parameters register k depends on in an aux pass, where step_value
 * computes every register from the box and its operand registers alone (a
 * comparison's truth is not tightened, a search is not run: its truth is
 * UNKNOWN, its extremum undefined); every bit for an unknown operation. */
static uint64_t aux_dep(expr_fast_t f, int k)
{
    const expr_instr *x = &f->p->ins[k];
    uint64_t *d = f->adep;
    switch (x->op) {
    case OP_CONST: case OP_TRUE: case OP_FALSE:
        return 0;
    case OP_PARAM:
        return (uint64_t) 1 << x->a;
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_MIN: case OP_MAX:
    case OP_AND: case OP_OR: case OP_XOR: case OP_IMPLIES: case OP_IFF:
    case OP_EXISTS: case OP_FORALL: case OP_MAXOF: case OP_MINOF:
        return d[x->a] | d[x->b];
    case OP_IF:
        return d[x->a] | d[x->b] | d[x->c];
    case OP_NEG: case OP_POWQ: case OP_SIN: case OP_COS: case OP_TAN: case OP_SQRT: case OP_ABS:
    case OP_SIGN: case OP_NOT: case OP_LT0: case OP_LE0: case OP_GT0: case OP_GE0: case OP_EQ0: case OP_NE0:
        return d[x->a];
    default:
        return ~(uint64_t) 0;
    }
}

/* The parameters whose interval in box (nparams) differs bitwise from last;
 * every bit, including those of no parameter, if !*have (so that a register
 * on no parameter is computed once); last becomes box. */
static uint64_t changed_params(di *last, int *have, const di *box, int nparams)
{
    uint64_t ch = 0;
    int i;
    if (!*have) ch = ~(uint64_t) 0;
    else
        for (i = 0; i < nparams; i++)
            if (memcmp(last + i, box + i, sizeof(di)) != 0) ch |= (uint64_t) 1 << i;
    memcpy(last, box, nparams * sizeof(di));
    *have = 1;
    return ch;
}

/* ------------------------------------------------------------ runs */

void expr_fast_run(expr_fast_t f, const double *lo, const double *hi, int tighten)
{
    const expr_prog_struct *p = f->p;
    int k, i, all = 1;
    uint64_t ch = ~(uint64_t) 0, effm = 0;
    for (i = 0; i < f->nparams; i++) f->box[i] = I(lo[i], hi[i]);
    if (f->keep) {
        ch = changed_params(f->last, &f->have_last, f->box, f->nparams);
        all = ch == ~(uint64_t) 0;
    }
    f->run_lo = lo;
    f->run_hi = hi;
    f->mid_done = 0;
    for (i = 1; i < NAUXF; i++) f->aux[i].key = -1;
    f->tighten = tighten && f->nact > 0;
    f->neff = 0;
    for (i = 0; i < f->nact; i++) {
        di b = f->box[f->act[i]];
        double mid = dmin(dmax(0.5 * b.lo + 0.5 * b.hi, b.lo), b.hi);
        f->dx[i] = b.lo == b.hi ? I(0, 0) : isub(b, I(mid, mid));
        if (b.lo != b.hi) { f->eff[f->neff++] = i; effm |= (uint64_t) 1 << (i & 63); }
    }
    /* Unless all: a pure register whose parameters' intervals are bitwise
       those of the last run keeps its value, status and sin / cos pair from
       that run (step_value would compute the same bits: it reads only the
       box, its operands, which are kept too, and pure functions). Gradients
       are computed only when a tightening needs them (grads_upto), and for
       a pure register only where not current (gvalid): step_grad would
       compute the same bits from the same operands. */
    if (!f->tighten) {
        for (k = 0; k < f->n; k++) {
            if (f->pure[k] && !all && !(f->dep[k] & ch)) continue;
            step_value(f, &f->main, f->box, k);
            f->gvalid[k] = 0;
        }
    } else {
        fpass *ps = &f->main;
        int last_d = -1;
        di last_t = DI_ALL;
        f->want_d = 1;
        f->gdone = 0;
        f->effm = effm;
        for (k = 0; k < f->n; k++) {
            int op = p->ins[k].op;
            if (!f->pure[k] || all || (f->dep[k] & ch)) {
                step_value(f, ps, f->box, k);
                f->gvalid[k] = 0;
            }
            if (op >= OP_LT0 && op <= OP_NE0 && ps->tv[k] == EXPR_TV_UNKNOWN) {
                int d = p->ins[k].a;
                if (ps->st[d] == EXPR_DEFINED) grads_upto(f, d);
                if (ps->st[d] == EXPR_DEFINED && f->gok[d]) {
                    if (d != last_d) {   /* u > 0 and u < 0: one tightening of u */
                        last_t = tighten_reg(f, d, 0);
                        last_d = d;
                    }
                    ps->tv[k] = cmp0(op, last_t);
                }
            }
        }
        f->want_d = 0;
    }
    for (i = 0; i < p->nroots; i++) {
        int r = p->roots[i];
        if (bool_op(p->ins[r].op)) { f->out[i] = f->main.v[r]; continue; }
        if (f->tighten && f->main.st[r] == EXPR_DEFINED) grads_upto(f, r);
        if (f->tighten && f->main.st[r] == EXPR_DEFINED && f->gok[r]) f->out[i] = tighten_reg(f, r, 1);
        else f->out[i] = f->main.v[r];
    }
}


/* ------------------------------------------------------------ merit */

/* The merit program, set up once: per instruction its operation and its
 * operand registers (slot n, always 0, for an operand it does not have), a
 * constant's midpoint or an integer power's exponent in mk. */
static void merit_setup(expr_fast_t f)
{
    const expr_prog_struct *p = f->p;
    int k, n = f->n;
    for (k = 0; k < n; k++) {
        const expr_instr *z = &p->ins[k];
        int op = z->op, a = n, b = n, c = n;
        double kk = 0;
        switch (op) {
        case OP_CONST: kk = 0.5 * f->cst[k].lo + 0.5 * f->cst[k].hi; break;
        case OP_PARAM: a = z->a; break;   /* a parameter index, not a register */
        case OP_TRUE: case OP_FALSE: break;
        case OP_POWQ: {
            const fmpq *q = p->consts[z->b].q;
            a = z->a;
            kk = (double) fmpz_get_si(fmpq_numref(q));
            if (!fmpz_is_one(fmpq_denref(q))) op = -OP_POWQ;   /* (sqrt a)^n */
            break;
        }
        case OP_IF: a = z->a; b = z->b; c = z->c; break;
        default:
            a = z->a;
            if (two_regs(op) || (op >= OP_AND && op <= OP_IFF)) b = z->b;
            break;
        }
        f->mop[k] = op;
        f->ma[k] = a;
        f->mb[k] = b;
        f->mc[k] = c;
        f->mk[k] = kk;
    }
}

static double nmin(double a, double b) { return a != a || b != b ? NAN : a < b ? a : b; }
static double nmax(double a, double b) { return a != a || b != b ? NAN : a > b ? a : b; }

/* sin (cos) of a through a small memo of arguments (a pure function). */
static double merit_sin(expr_fast_t f, double a, int c)
{
    union { double d; uint64_t u; } b;
    unsigned h;
    double *xs = c ? f->mcos_x : f->msin_x, *ys = c ? f->mcos_y : f->msin_y;
    b.d = a;
    h = (unsigned) ((b.u ^ (b.u >> 29) ^ (b.u >> 47)) & (MSINCOS - 1));
    if (xs[h] == a && b.u == ((union { double d; uint64_t u; }) {xs[h]}).u) return ys[h];
    xs[h] = a;
    ys[h] = c ? cos(a) : sin(a);
    return ys[h];
}

/* When only the last parameter (a quantifier's bound variable) differs
 * bitwise from the last call's point, only the registers on it (mvar) are
 * computed: the others keep their values from that call (the same
 * operations on the same doubles). */
double expr_fast_merit(expr_fast_t f, const double *x, int root)
{
    double *v = f->pm, a, b;
    const int *mop = f->mop, *ma = f->ma, *mb = f->mb, *list;
    int k, n = f->n, i, j, cnt = n, var = 0;
    if (f->keep && f->have_mlast && f->nparams > 0) {
        var = 1;
        for (i = 0; i + 1 < f->nparams; i++)
            if (memcmp(f->mlast + i, x + i, sizeof(double)) != 0) { var = 0; break; }
        if (var) cnt = f->nmvar;
    }
    if (var) f->mlast[f->nparams - 1] = x[f->nparams - 1];   /* the others are equal */
    else if (f->keep) {
        memcpy(f->mlast, x, f->nparams * sizeof(double));
        f->have_mlast = 1;
    }
    v[n] = 0;
    list = var ? f->mvar : f->mall;
    for (j = 0; j < cnt; j++) {
        double y;
        k = list[j];
        a = v[ma[k]];
        b = v[mb[k]];
        switch (mop[k]) {
        case OP_CONST: y = f->mk[k]; break;
        case OP_PARAM: y = x[f->ma[k]]; break;
        case OP_NEG: y = -a; break;
        case OP_ADD: y = a + b; break;
        case OP_SUB: y = a - b; break;
        case OP_MUL: y = a * b; break;
        case OP_DIV: y = a / b; break;
        case OP_POWQ: case -OP_POWQ: {
            double e = fabs(f->mk[k]), u = f->mop[k] == OP_POWQ ? a : sqrt(a), r = 1;
            if (e > 64) r = pow(u, e);
            else {
                long m = (long) e;
                for (; m > 0; m >>= 1, u *= u)
                    if (m & 1) r *= u;
            }
            y = f->mk[k] < 0 ? 1 / r : r;
            break;
        }
        case OP_SIN: y = merit_sin(f, a, 0); break;
        case OP_COS: y = merit_sin(f, a, 1); break;
        case OP_TAN: y = tan(a); break;
        case OP_SQRT: y = sqrt(a); break;
        case OP_ABS: y = fabs(a); break;
        case OP_SIGN: y = a > 0 ? 1 : a < 0 ? -1 : a == 0 ? 0 : NAN; break;
        case OP_MIN: y = nmin(a, b); break;
        case OP_MAX: y = nmax(a, b); break;
        case OP_IF: y = a > 0 ? b : a <= 0 ? v[f->mc[k]] : NAN; break;
        case OP_LT0: case OP_LE0: y = -a; break;
        case OP_GT0: case OP_GE0: y = a; break;
        case OP_EQ0: y = -fabs(a); break;
        case OP_NE0: y = fabs(a); break;
        case OP_TRUE: y = INFINITY; break;
        case OP_FALSE: y = -INFINITY; break;
        case OP_NOT: y = -a; break;
        case OP_AND: y = nmin(a, b); break;
        case OP_OR: y = nmax(a, b); break;
        case OP_IMPLIES: y = nmax(-a, b); break;
        case OP_IFF: y = nmin(nmax(-a, b), nmax(a, -b)); break;
        case OP_XOR: y = -nmin(nmax(-a, b), nmax(a, -b)); break;
        default: y = NAN; break;   /* a nested quantifier or extremum */
        }
        v[k] = y;
    }
    return v[f->p->roots[root]];
}

expr_tv_t expr_fast_truth(const expr_fast_t f, int root)
{
    return (expr_tv_t) f->main.tv[f->p->roots[root]];
}

expr_status expr_fast_value(double *lo, double *hi, const expr_fast_t f, int root)
{
    *lo = f->out[root].lo;
    *hi = f->out[root].hi;
    return (expr_status) f->main.st[f->p->roots[root]];
}
