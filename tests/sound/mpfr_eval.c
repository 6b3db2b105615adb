/* mpfr_eval.c -- an independent MPFR point evaluator (see mpfr_eval.h).
 * Included by the tests that use it (each test is one translation unit). */
#include <stdlib.h>
#include <string.h>
#include "mpfr_eval.h"

#define SOUND_MAG_CAP 4000      /* |values| beyond 2^SOUND_MAG_CAP: ambiguous */
#define SOUND_RAT_BITS 4096     /* exact rationals larger than this become floats */
#define SOUND_SGN_AMBIG 2

void sound_val_init(sound_val v)
{
    v->st = SOUND_DEF;
    v->rat = 0;
    fmpq_init(v->q);
    mpfr_init2(v->lo, SOUND_PREC_LO);
    mpfr_init2(v->hi, SOUND_PREC_HI);
    mpfr_set_zero(v->lo, 1);
    mpfr_set_zero(v->hi, 1);
}

void sound_val_clear(sound_val v)
{
    fmpq_clear(v->q);
    mpfr_clear(v->lo);
    mpfr_clear(v->hi);
}

void sound_val_set(sound_val v, const sound_val a)
{
    if (v == a) return;
    v->st = a->st;
    v->rat = a->rat;
    fmpq_set(v->q, a->q);
    mpfr_set(v->lo, a->lo, MPFR_RNDN);
    mpfr_set(v->hi, a->hi, MPFR_RNDN);
}

/* after every floating operation: overflow, NaN or huge values are ambiguous */
static void val_fin(sound_val v)
{
    if (v->st != SOUND_DEF) return;
    if (!mpfr_number_p(v->lo) || !mpfr_number_p(v->hi)) {
        v->st = SOUND_AMBIG;
        return;
    }
    if (mpfr_zero_p(v->lo)) mpfr_set_zero(v->lo, 1);
    if (mpfr_zero_p(v->hi)) mpfr_set_zero(v->hi, 1);
    if (!mpfr_zero_p(v->hi) && mpfr_get_exp(v->hi) > SOUND_MAG_CAP) v->st = SOUND_AMBIG;
}

void sound_val_set_fmpq(sound_val v, const fmpq_t q)
{
    v->st = SOUND_DEF;
    fmpq_get_mpfr(v->lo, q, MPFR_RNDN);
    fmpq_get_mpfr(v->hi, q, MPFR_RNDN);
    v->rat = fmpz_bits(fmpq_numref(q)) + fmpz_bits(fmpq_denref(q)) <= SOUND_RAT_BITS;
    if (v->rat) fmpq_set(v->q, q);
    val_fin(v);
}

static void val_set_si(sound_val v, slong c)
{
    fmpq_t q;
    fmpq_init(q);
    fmpq_set_si(q, c, 1);
    sound_val_set_fmpq(v, q);
    fmpq_clear(q);
}

/* error bound of v->hi: max(2^-200 max(1, |v|, scale), 64 |lo - hi|); 0 if rat */
static void val_tol(mpfr_t t, const sound_val v, mpfr_srcptr scale)
{
    mpfr_t d;
    if (v->rat) {
        mpfr_set_zero(t, 1);
        return;
    }
    mpfr_init2(d, 64);
    mpfr_sub(d, v->lo, v->hi, MPFR_RNDA);
    mpfr_abs(d, d, MPFR_RNDU);
    mpfr_mul_ui(d, d, 64, MPFR_RNDU);
    mpfr_abs(t, v->hi, MPFR_RNDU);
    if (scale != NULL && mpfr_cmpabs(scale, t) > 0) mpfr_abs(t, scale, MPFR_RNDU);
    if (mpfr_cmp_ui(t, 1) < 0) mpfr_set_ui(t, 1, MPFR_RNDU);
    mpfr_mul_2si(t, t, -200, MPFR_RNDU);
    mpfr_max(t, t, d, MPFR_RNDU);
    mpfr_clear(d);
}

/* sign of v - c: -1, 0, 1 or SOUND_SGN_AMBIG */
static int val_cmp_si(const sound_val v, slong c, mpfr_srcptr scale)
{
    mpfr_t t, d;
    int s;
    if (v->rat) return fmpq_cmp_si(v->q, c) < 0 ? -1 : fmpq_cmp_si(v->q, c) > 0;
    mpfr_init2(t, 64);
    mpfr_init2(d, SOUND_PREC_HI + 64);
    val_tol(t, v, scale);
    mpfr_sub_si(d, v->hi, c, MPFR_RNDN);
    s = mpfr_sgn(d);
    mpfr_abs(d, d, MPFR_RNDN);
    if (mpfr_cmp(d, t) <= 0) s = SOUND_SGN_AMBIG;
    mpfr_clear(t);
    mpfr_clear(d);
    return s;
}

int sound_val_sgn(const sound_val v) { return val_cmp_si(v, 0, NULL); }

typedef int (*mp_fn1)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
typedef int (*mp_fn2)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

static void apply1(sound_val v, const sound_val a, mp_fn1 f)
{
    v->st = SOUND_DEF;
    v->rat = 0;
    f(v->lo, a->lo, MPFR_RNDN);
    f(v->hi, a->hi, MPFR_RNDN);
    val_fin(v);
}

static void apply2(sound_val v, const sound_val a, const sound_val b, mp_fn2 f)
{
    v->st = SOUND_DEF;
    v->rat = 0;
    f(v->lo, a->lo, b->lo, MPFR_RNDN);
    f(v->hi, a->hi, b->hi, MPFR_RNDN);
    val_fin(v);
}

static void rat_check(sound_val v)
{
    if (v->rat && fmpz_bits(fmpq_numref(v->q)) + fmpz_bits(fmpq_denref(v->q)) > SOUND_RAT_BITS) v->rat = 0;
}

/* strict propagation over arguments: undefined wins over ambiguous */
static int strict2(sound_val v, const sound_val a, const sound_val b)
{
    if (a->st == SOUND_UNDEF || (b && b->st == SOUND_UNDEF)) {
        v->st = SOUND_UNDEF;
        return 1;
    }
    if (a->st == SOUND_AMBIG || (b && b->st == SOUND_AMBIG)) {
        v->st = SOUND_AMBIG;
        return 1;
    }
    return 0;
}

static void arith(sound_val v, expr_kind k, const sound_val a, const sound_val b)
{
    if (strict2(v, a, b)) return;
    if (k == EXPR_DIV) {
        int s = sound_val_sgn(b);
        if (s == SOUND_SGN_AMBIG) { v->st = SOUND_AMBIG; return; }
        if (s == 0) { v->st = SOUND_UNDEF; return; }
    }
    v->st = SOUND_DEF;
    if (a->rat && b->rat) {
        fmpq_t q;
        fmpq_init(q);
        if (k == EXPR_ADD) fmpq_add(q, a->q, b->q);
        else if (k == EXPR_SUB) fmpq_sub(q, a->q, b->q);
        else if (k == EXPR_MUL) fmpq_mul(q, a->q, b->q);
        else fmpq_div(q, a->q, b->q);
        sound_val_set_fmpq(v, q);
        fmpq_clear(q);
        return;
    }
    if ((k == EXPR_MUL) && ((a->rat && fmpq_is_zero(a->q)) || (b->rat && fmpq_is_zero(b->q)))) {
        val_set_si(v, 0);   /* 0 * finite = 0 exactly */
        return;
    }
    apply2(v, a, b, k == EXPR_ADD ? mpfr_add : k == EXPR_SUB ? mpfr_sub : k == EXPR_MUL ? mpfr_mul : mpfr_div);
}

/* a^(p/q) with a defined and the exponent exactly the rational ex */
static void pow_rat(sound_val v, const sound_val a, const fmpq_t ex)
{
    int s = sound_val_sgn(a);
    v->st = SOUND_DEF;
    if (!fmpz_fits_si(fmpq_numref(ex)) || !fmpz_fits_si(fmpq_denref(ex))) {
        v->st = SOUND_AMBIG;
        return;
    }
    if (fmpz_is_one(fmpq_denref(ex))) {
        slong p = fmpz_get_si(fmpq_numref(ex));
        if (p < 0 && s == SOUND_SGN_AMBIG) { v->st = SOUND_AMBIG; return; }
        if (p < 0 && s == 0) { v->st = SOUND_UNDEF; return; }
        if (p == 0) { val_set_si(v, 1); return; }
        if (a->rat && (ulong) FLINT_ABS(p) * (fmpz_bits(fmpq_numref(a->q)) + fmpz_bits(fmpq_denref(a->q)))
                          <= SOUND_RAT_BITS) {
            fmpq_t r;
            fmpq_init(r);
            fmpq_pow_si(r, a->q, p);
            sound_val_set_fmpq(v, r);
            fmpq_clear(r);
            return;
        }
        v->rat = 0;
        mpfr_pow_si(v->lo, a->lo, p, MPFR_RNDN);
        mpfr_pow_si(v->hi, a->hi, p, MPFR_RNDN);
        val_fin(v);
        return;
    }
    if (s == SOUND_SGN_AMBIG) { v->st = SOUND_AMBIG; return; }
    if (s < 0) {
        /* even denominator: undefined; odd: a convention, not checked */
        v->st = fmpz_is_even(fmpq_denref(ex)) ? SOUND_UNDEF : SOUND_AMBIG;
        return;
    }
    if (s == 0) {
        if (fmpz_sgn(fmpq_numref(ex)) < 0) v->st = SOUND_UNDEF;
        else val_set_si(v, 0);
        return;
    }
    {
        mpfr_t e;
        mpfr_init2(e, SOUND_PREC_HI + 64);
        fmpq_get_mpfr(e, ex, MPFR_RNDN);
        v->rat = 0;
        if (fmpz_cmp_ui(fmpq_denref(ex), 1u << 20) < 0 && fmpz_bits(fmpq_numref(ex)) < 40) {
            /* a^(p/q) = (a^p)^(1/q) via mpfr_rootn_ui: exact exponent */
            slong p = fmpz_get_si(fmpq_numref(ex));
            ulong q = fmpz_get_ui(fmpq_denref(ex));
            mpfr_pow_si(v->lo, a->lo, p, MPFR_RNDN);
            mpfr_rootn_ui(v->lo, v->lo, q, MPFR_RNDN);
            mpfr_pow_si(v->hi, a->hi, p, MPFR_RNDN);
            mpfr_rootn_ui(v->hi, v->hi, q, MPFR_RNDN);
        } else {
            v->st = SOUND_AMBIG;
        }
        mpfr_clear(e);
        val_fin(v);
    }
}

static void pow_general(sound_val v, const sound_val a, const sound_val b)
{
    int s;
    if (strict2(v, a, b)) return;
    if (b->rat) {
        pow_rat(v, a, b->q);
        return;
    }
    s = sound_val_sgn(a);
    if (s != 1) {   /* base <= 0 or unknown with an irrational exponent: a convention */
        v->st = SOUND_AMBIG;
        return;
    }
    apply2(v, a, b, mpfr_pow);
}

static void fn1(sound_val v, expr_fn fn, const sound_val a)
{
    int s;
    if (strict2(v, a, NULL)) return;
    v->st = SOUND_DEF;
    if (a->rat && fmpq_is_zero(a->q)) {
        switch (fn) {
        case FN_SIN: case FN_TAN: case FN_ASIN: case FN_ATAN: case FN_SINH: case FN_TANH:
        case FN_SQRT: case FN_CBRT: case FN_ABS: case FN_SIGN:
            val_set_si(v, 0); return;
        case FN_COS: case FN_COSH: case FN_EXP:
            val_set_si(v, 1); return;
        case FN_COT: case FN_LOG:
            v->st = SOUND_UNDEF; return;
        default: break;
        }
    }
    if (a->rat && fmpq_is_one(a->q) && (fn == FN_LOG || fn == FN_ACOS)) {
        val_set_si(v, 0);
        return;
    }
    switch (fn) {
    case FN_SIN: apply1(v, a, mpfr_sin); return;
    case FN_COS: apply1(v, a, mpfr_cos); return;
    case FN_ATAN: apply1(v, a, mpfr_atan); return;
    case FN_SINH: apply1(v, a, mpfr_sinh); return;
    case FN_COSH: apply1(v, a, mpfr_cosh); return;
    case FN_TANH: apply1(v, a, mpfr_tanh); return;
    case FN_EXP: apply1(v, a, mpfr_exp); return;
    case FN_CBRT: apply1(v, a, mpfr_cbrt); return;
    case FN_TAN: case FN_COT: {
        sound_val c;
        sound_val_init(c);
        apply1(c, a, fn == FN_TAN ? mpfr_cos : mpfr_sin);
        s = c->st == SOUND_DEF ? sound_val_sgn(c) : SOUND_SGN_AMBIG;
        sound_val_clear(c);
        if (s == SOUND_SGN_AMBIG) { v->st = SOUND_AMBIG; return; }
        if (s == 0) { v->st = SOUND_UNDEF; return; }
        apply1(v, a, fn == FN_TAN ? mpfr_tan : mpfr_cot);
        return;
    }
    case FN_ASIN: case FN_ACOS: {
        int l = val_cmp_si(a, -1, NULL), u = val_cmp_si(a, 1, NULL);
        if (l == SOUND_SGN_AMBIG || u == SOUND_SGN_AMBIG) { v->st = SOUND_AMBIG; return; }
        if (l < 0 || u > 0) { v->st = SOUND_UNDEF; return; }
        apply1(v, a, fn == FN_ASIN ? mpfr_asin : mpfr_acos);
        return;
    }
    case FN_LOG:
        s = sound_val_sgn(a);
        if (s == SOUND_SGN_AMBIG) { v->st = SOUND_AMBIG; return; }
        if (s <= 0) { v->st = SOUND_UNDEF; return; }
        apply1(v, a, mpfr_log);
        return;
    case FN_SQRT:
        s = sound_val_sgn(a);
        if (s == SOUND_SGN_AMBIG) { v->st = SOUND_AMBIG; return; }
        if (s < 0) { v->st = SOUND_UNDEF; return; }
        if (a->rat && fmpz_is_square(fmpq_numref(a->q)) && fmpz_is_square(fmpq_denref(a->q))) {
            fmpq_t r;
            fmpq_init(r);
            fmpz_sqrt(fmpq_numref(r), fmpq_numref(a->q));
            fmpz_sqrt(fmpq_denref(r), fmpq_denref(a->q));
            sound_val_set_fmpq(v, r);
            fmpq_clear(r);
            return;
        }
        apply1(v, a, mpfr_sqrt);
        return;
    case FN_ABS:
        if (a->rat) {
            fmpq_t r;
            fmpq_init(r);
            fmpq_abs(r, a->q);
            sound_val_set_fmpq(v, r);
            fmpq_clear(r);
            return;
        }
        apply1(v, a, mpfr_abs);
        return;
    case FN_SIGN:
        s = sound_val_sgn(a);
        if (s == SOUND_SGN_AMBIG) { v->st = SOUND_AMBIG; return; }
        val_set_si(v, s);
        return;
    default:
        v->st = SOUND_AMBIG;
        return;
    }
}

static void atan2_val(sound_val v, const sound_val y, const sound_val x)
{
    int sy, sx;
    if (strict2(v, y, x)) return;
    sy = sound_val_sgn(y);
    sx = sound_val_sgn(x);
    v->st = SOUND_DEF;
    if ((sy == SOUND_SGN_AMBIG && sx != 1) || (sx == SOUND_SGN_AMBIG && (sy == 0 || sy == SOUND_SGN_AMBIG))
        || (sy == 0 && sx == 0)) {
        v->st = SOUND_AMBIG;
        return;
    }
    if (sy == 0 && sx == 1) { val_set_si(v, 0); return; }
    apply2(v, y, x, mpfr_atan2);
}

/* ------------------------------------------------------------ points */

void sound_point_init(sound_point *p, expr_scope_t scope)
{
    int i;
    memset(p, 0, sizeof *p);
    p->scope = scope;
    p->nparams = expr_scope_nparams(scope);
    p->param = flint_malloc((p->nparams + 1) * sizeof(sound_val_struct));
    for (i = 0; i < p->nparams; i++) sound_val_init(p->param + i);
}

static void cache_reset(sound_point *p)
{
    int i;
    for (i = 0; i < p->ncache; i++) sound_val_clear(p->cache_num + i);
    p->ncache = 0;
}

void sound_point_clear(sound_point *p)
{
    int i;
    cache_reset(p);
    for (i = 0; i < p->nparams; i++) sound_val_clear(p->param + i);
    flint_free(p->param);
    flint_free(p->cache_def);
    flint_free(p->cache_num);
    flint_free(p->cache_tv);
    memset(p, 0, sizeof *p);
}

void sound_point_set_fmpq(sound_point *p, int i, const fmpq_t q)
{
    cache_reset(p);
    sound_val_set_fmpq(p->param + i, q);
}

int sound_point_set_expr(sound_point *p, int i, const expr_t e)
{
    sound_val v;
    sound_val_init(v);
    cache_reset(p);
    sound_eval_num(v, e, p);
    sound_val_set(p->param + i, v);
    sound_val_clear(v);
    cache_reset(p);
    return p->param[i].st;
}

/* cached definitions: index of def, or -1 */
static int cache_find(const sound_point *p, const expr_node *def)
{
    int i;
    for (i = 0; i < p->ncache; i++)
        if (p->cache_def[i] == def) return i;
    return -1;
}

static int cache_add(sound_point *p, const expr_node *def)
{
    if (p->ncache == p->alloc) {
        p->alloc = p->alloc ? 2 * p->alloc : 32;
        p->cache_def = flint_realloc(p->cache_def, p->alloc * sizeof(*p->cache_def));
        p->cache_num = flint_realloc(p->cache_num, p->alloc * sizeof(*p->cache_num));
        p->cache_tv = flint_realloc(p->cache_tv, p->alloc * sizeof(*p->cache_tv));
    }
    p->cache_def[p->ncache] = def;
    sound_val_init(p->cache_num + p->ncache);
    p->cache_tv[p->ncache] = SOUND_TAMBIG;
    return p->ncache++;
}

/* ------------------------------------------------------------ walking */

static void eval_minmax(sound_val v, const expr_t e, sound_point *p)
{
    sound_val acc, a;
    int i, ismax = e->fn == FN_MAX, st = SOUND_DEF;
    sound_val_init(acc);
    sound_val_init(a);
    for (i = 0; i < e->nargs; i++) {
        sound_eval_num(a, e->args[i], p);
        if (a->st == SOUND_UNDEF) st = SOUND_UNDEF;
        else if (a->st == SOUND_AMBIG && st == SOUND_DEF) st = SOUND_AMBIG;
        if (st != SOUND_DEF) continue;
        if (i == 0) {
            sound_val_set(acc, a);
        } else if (acc->rat && a->rat) {
            int c = fmpq_cmp(a->q, acc->q);
            if ((ismax && c > 0) || (!ismax && c < 0)) sound_val_set(acc, a);
        } else {
            apply2(acc, acc, a, ismax ? mpfr_max : mpfr_min);
        }
    }
    sound_val_set(v, acc);
    v->st = st;
    sound_val_clear(acc);
    sound_val_clear(a);
}


/* ------------------------------------------------------------ statics_sign at a point
 * An independent decision of "some r in the friction cones solves A r = b" at one point (the layout of
 * src/expr/expr_statics.h; no code shared with it). The data are evaluated here at 256 bits and rounded to
 * double. Phase 1 of a tableau simplex (Bland's rule) minimises the sum of artificial variables over
 * r = G lambda, lambda >= 0, for fine polygonal cones (64 generators in 3-D): TRUE when the cones shrunk to
 * 0.99 f (inscribed) admit a solution, FALSE when the cones widened to 1.01 f (circumscribed) do not,
 * ambiguous otherwise (points within about 1 % of a friction limit are skipped). */
#include <math.h>
#define ST_NG 64

static double st_phase1(int E, int N, double *T)   /* T: E x (N + E + 1), rhs last; returns min sum of artificials */
{
    int W = N + E + 1, i, j, it;
    double *r = calloc((size_t) W, sizeof(double));
    int *basis = malloc((size_t) E * sizeof(int));
    double obj;
    for (i = 0; i < E; i++) {
        if (T[i * W + W - 1] < 0)
            for (j = 0; j < W; j++) T[i * W + j] = -T[i * W + j];
        T[i * W + N + i] = 1;
        basis[i] = N + i;
    }
    for (j = 0; j < W; j++) {
        r[j] = 0;
        if (j >= N && j < N + E) continue;
        for (i = 0; i < E; i++) r[j] += T[i * W + j];
    }
    for (it = 0; it < 20000; it++) {
        int e = -1, l = -1;
        double best = 0;
        for (j = 0; j < N + E; j++)
            if (r[j] > 1e-12) { e = j; break; }
        if (e < 0) break;
        for (i = 0; i < E; i++)
            if (T[i * W + e] > 1e-12) {
                double q = T[i * W + W - 1] / T[i * W + e];
                if (l < 0 || q < best - 1e-15 || (fabs(q - best) <= 1e-15 && basis[i] < basis[l])) l = i, best = q;
            }
        if (l < 0) break;
        {
            double pv = T[l * W + e], f;
            for (j = 0; j < W; j++) T[l * W + j] /= pv;
            for (i = 0; i < E; i++)
                if (i != l && (f = T[i * W + e]) != 0)
                    for (j = 0; j < W; j++) T[i * W + j] -= f * T[l * W + j];
            f = r[e];
            for (j = 0; j < W; j++) r[j] -= f * T[l * W + j];
            basis[l] = e;
        }
    }
    obj = 0;
    for (i = 0; i < E; i++)
        if (basis[i] >= N) obj += T[i * W + W - 1];
    free(r);
    free(basis);
    return obj;
}

static int st_gens(double *G, int type, const double *dat, double fac)
{
    int j, i;
    if (type == 1) {
        double nn = hypot(dat[0], dat[1]), n1 = dat[0] / nn, n2 = dat[1] / nn, f = dat[2] * fac;
        G[0] = n1 - f * n2, G[1] = n2 + f * n1, G[2] = 0;
        G[3] = n1 + f * n2, G[4] = n2 - f * n1, G[5] = 0;
        return 2;
    }
    for (j = 0; j < ST_NG; j++) {
        double c = cos(2 * M_PI * j / ST_NG), s = sin(2 * M_PI * j / ST_NG);
        if (type == 3) {
            c *= fac, s *= fac;
            G[3 * j] = dat[0] * c + dat[1] * s, G[3 * j + 1] = dat[2] * c + dat[3] * s, G[3 * j + 2] = 1;
        } else {
            double n[3], e1[3], e2[3], nn = sqrt(dat[0] * dat[0] + dat[1] * dat[1] + dat[2] * dat[2]), m;
            for (i = 0; i < 3; i++) n[i] = dat[i] / nn;
            /* e1 = n x (the axis least aligned with n), e2 = n x e1 */
            if (fabs(n[0]) <= fabs(n[1]) && fabs(n[0]) <= fabs(n[2])) e1[0] = 0, e1[1] = n[2], e1[2] = -n[1];
            else if (fabs(n[1]) <= fabs(n[2])) e1[0] = -n[2], e1[1] = 0, e1[2] = n[0];
            else e1[0] = n[1], e1[1] = -n[0], e1[2] = 0;
            m = sqrt(e1[0] * e1[0] + e1[1] * e1[1] + e1[2] * e1[2]);
            for (i = 0; i < 3; i++) e1[i] /= m;
            e2[0] = n[1] * e1[2] - n[2] * e1[1], e2[1] = n[2] * e1[0] - n[0] * e1[2], e2[2] = n[0] * e1[1] - n[1] * e1[0];
            for (i = 0; i < 3; i++) G[3 * j + i] = n[i] + dat[3] * fac * (c * e1[i] + s * e2[i]);
        }
    }
    return ST_NG;
}

/* 1 feasible, 0 infeasible (for the cones scaled by fac) */
static int st_feasible(int E, int n, int m, const int *type, const int *start, const double *A, const double *b,
                       const double *dat, const int *doff, double fac, double *objout)
{
    int ng = 0, k, i, j, W;
    double *G = malloc((size_t) m * ST_NG * 3 * sizeof(double)), *T, bmax = 0, obj;
    int *gk = malloc((size_t) m * ST_NG * sizeof(int));
    for (k = 0; k < m; k++) {
        int c = st_gens(G + 3 * ng, type[k], dat + doff[k], fac);
        for (j = 0; j < c; j++) gk[ng + j] = k;
        ng += c;
    }
    W = ng + E + 1;
    T = calloc((size_t) E * W, sizeof(double));
    for (i = 0; i < E; i++) {
        for (j = 0; j < ng; j++) {
            int c, sz = type[gk[j]] == 1 ? 2 : 3;
            for (c = 0; c < sz; c++) T[i * W + j] += A[i * n + start[gk[j]] + c] * G[3 * j + c];
        }
        T[i * W + W - 1] = b[i];
        if (fabs(b[i]) > bmax) bmax = fabs(b[i]);
    }
    obj = st_phase1(E, ng, T);
    free(T);
    free(G);
    free(gk);
    *objout = obj / (1 + bmax);
    return 1;
}

static void eval_statics(sound_val v, const expr_t e, sound_point *p)
{
    int E, n, m, k, i, first, nd = 0, type[64], start[64], doff[64];
    double *A, *b, *dat, o_in, o_out;
    sound_val a;
    v->st = SOUND_AMBIG;
    if (e->nargs < 3) return;
    E = (int) fmpz_get_si(fmpq_numref(e->args[0]->num));
    n = (int) fmpz_get_si(fmpq_numref(e->args[1]->num));
    m = (int) fmpz_get_si(fmpq_numref(e->args[2]->num));
    if (E < 1 || n < 1 || m < 1 || m > 64 || e->nargs < 3 + 2 * m) return;
    for (k = 0; k < m; k++) {
        type[k] = (int) fmpz_get_si(fmpq_numref(e->args[3 + 2 * k]->num));
        start[k] = (int) fmpz_get_si(fmpq_numref(e->args[4 + 2 * k]->num));
        doff[k] = nd;
        nd += type[k] == 1 ? 3 : 4;
    }
    first = 3 + 2 * m;
    if (e->nargs != first + E * n + E + nd) return;
    A = malloc((size_t) E * n * sizeof(double));
    b = malloc((size_t) E * sizeof(double));
    dat = malloc((size_t) (nd + 1) * sizeof(double));
    sound_val_init(a);
    for (i = 0; i < E * n + E + nd; i++) {
        double x;
        sound_eval_num(a, e->args[first + i], p);
        if (a->st != SOUND_DEF) { v->st = a->st == SOUND_UNDEF ? SOUND_UNDEF : SOUND_AMBIG; goto out; }
        x = mpfr_get_d(a->lo, MPFR_RNDN);
        if (i < E * n) A[i] = x;
        else if (i < E * n + E) b[i - E * n] = x;
        else dat[i - E * n - E] = x;
    }
    /* the cones' data must be usable: a normal, f >= 0, a tensor with det != 0 */
    for (k = 0; k < m; k++) {
        const double *d = dat + doff[k];
        if (type[k] == 3 ? fabs(d[0] * d[3] - d[1] * d[2]) < 1e-12
                         : (type[k] == 1 ? hypot(d[0], d[1]) : sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2])) < 1e-12
                           || d[type[k] == 1 ? 2 : 3] < 0)
            goto out;
    }
    st_feasible(E, n, m, type, start, A, b, dat, doff, 0.99, &o_in);
    st_feasible(E, n, m, type, start, A, b, dat, doff, 1.01 / cos(M_PI / ST_NG), &o_out);
    if (o_in <= 1e-10) {
        fmpq_t q;
        fmpq_init(q);
        fmpq_set_si(q, 1, 1);
        sound_val_set_fmpq(v, q);
        fmpq_clear(q);
    } else if (o_out >= 1e-6) {
        fmpq_t q;
        fmpq_init(q);
        fmpq_set_si(q, -1, 1);
        sound_val_set_fmpq(v, q);
        fmpq_clear(q);
    }
out:
    sound_val_clear(a);
    free(A);
    free(b);
    free(dat);
}

void sound_eval_num(sound_val v, const expr_t e, sound_point *p)
{
    v->st = SOUND_DEF;
    v->rat = 0;
    switch (e->kind) {
    case EXPR_NUM:
        sound_val_set_fmpq(v, e->num);
        return;
    case EXPR_BALL:
        if (mag_is_zero(arb_radref(e->ball)) && arf_is_finite(arb_midref(e->ball))) {
            fmpq_t q;
            fmpq_init(q);
            arf_get_fmpq(q, arb_midref(e->ball));
            sound_val_set_fmpq(v, q);
            fmpq_clear(q);
        } else {
            v->st = SOUND_AMBIG;   /* an enclosure, not a value */
        }
        return;
    case EXPR_PI:
        mpfr_const_pi(v->lo, MPFR_RNDN);
        mpfr_const_pi(v->hi, MPFR_RNDN);
        return;
    case EXPR_E:
        mpfr_set_ui(v->lo, 1, MPFR_RNDN);
        mpfr_exp(v->lo, v->lo, MPFR_RNDN);
        mpfr_set_ui(v->hi, 1, MPFR_RNDN);
        mpfr_exp(v->hi, v->hi, MPFR_RNDN);
        return;
    case EXPR_VAR: {
        int idx = -1, k, c;
        expr_t def = NULL;
        k = expr_scope_lookup(p->scope, e->name, &idx, &def);
        if (k == 0 && idx >= 0 && idx < p->nparams) {
            sound_val_set(v, p->param + idx);
        } else if (k == 1 && def != NULL) {
            c = cache_find(p, def);
            if (c < 0) {
                sound_val t;
                sound_val_init(t);
                sound_eval_num(t, def, p);
                c = cache_add(p, def);
                sound_val_set(p->cache_num + c, t);
                sound_val_clear(t);
            }
            sound_val_set(v, p->cache_num + c);
        } else {
            v->st = SOUND_AMBIG;   /* unknown here: not checked */
        }
        return;
    }
    case EXPR_NEG: {
        sound_val a;
        sound_val_init(a);
        sound_eval_num(a, e->args[0], p);
        sound_val_set(v, a);
        if (v->st == SOUND_DEF) {
            fmpq_neg(v->q, v->q);
            mpfr_neg(v->lo, v->lo, MPFR_RNDN);
            mpfr_neg(v->hi, v->hi, MPFR_RNDN);
            val_fin(v);
        }
        sound_val_clear(a);
        return;
    }
    case EXPR_ADD: case EXPR_SUB: case EXPR_MUL: case EXPR_DIV: case EXPR_POW: {
        sound_val a, b;
        sound_val_init(a);
        sound_val_init(b);
        sound_eval_num(a, e->args[0], p);
        sound_eval_num(b, e->args[1], p);
        if (e->kind == EXPR_POW) pow_general(v, a, b);
        else arith(v, e->kind, a, b);
        rat_check(v);
        sound_val_clear(a);
        sound_val_clear(b);
        return;
    }
    case EXPR_FUNC:
        if (e->fn == FN_MIN || e->fn == FN_MAX) {
            eval_minmax(v, e, p);
        } else if (e->fn == FN_IF && e->nargs == 3) {
            int c = sound_eval_bool(e->args[0], p);
            if (c == SOUND_TRUE) sound_eval_num(v, e->args[1], p);
            else if (c == SOUND_FALSE) sound_eval_num(v, e->args[2], p);
            else v->st = c == SOUND_TUNDEF ? SOUND_UNDEF : SOUND_AMBIG;
        } else if (e->fn == FN_ATAN2 && e->nargs == 2) {
            sound_val a, b;
            sound_val_init(a);
            sound_val_init(b);
            sound_eval_num(a, e->args[0], p);
            sound_eval_num(b, e->args[1], p);
            atan2_val(v, a, b);
            sound_val_clear(a);
            sound_val_clear(b);
        } else if (e->nargs == 1 && e->fn != FN_USER) {
            sound_val a;
            sound_val_init(a);
            sound_eval_num(a, e->args[0], p);
            fn1(v, e->fn, a);
            sound_val_clear(a);
        } else if (e->fn == FN_USER && e->name && strcmp(e->name, "statics_sign") == 0) {
            eval_statics(v, e, p);
        } else {
            v->st = SOUND_AMBIG;   /* a user function: not this evaluator's business */
        }
        return;
    default:
        v->st = SOUND_AMBIG;
        return;
    }
}

static int t_known(int t) { return t == SOUND_TRUE || t == SOUND_FALSE; }

static int t_and(int a, int b)
{
    if (a == SOUND_FALSE || b == SOUND_FALSE) return SOUND_FALSE;
    if (a == SOUND_TAMBIG || b == SOUND_TAMBIG) return SOUND_TAMBIG;
    if (a == SOUND_TUNDEF || b == SOUND_TUNDEF) return SOUND_TUNDEF;
    return SOUND_TRUE;
}

static int t_not(int a) { return a == SOUND_TRUE ? SOUND_FALSE : a == SOUND_FALSE ? SOUND_TRUE : a; }

static int t_or(int a, int b) { return t_not(t_and(t_not(a), t_not(b))); }

static int compare(const expr_t e, sound_point *p)
{
    sound_val x, y, d;
    mpfr_t scale;
    int s, r;
    sound_val_init(x);
    sound_val_init(y);
    sound_val_init(d);
    mpfr_init2(scale, 64);
    sound_eval_num(x, e->args[0], p);
    sound_eval_num(y, e->args[1], p);
    if (x->st == SOUND_UNDEF || y->st == SOUND_UNDEF) r = SOUND_TUNDEF;
    else if (x->st == SOUND_AMBIG || y->st == SOUND_AMBIG) r = SOUND_TAMBIG;
    else {
        arith(d, EXPR_SUB, x, y);
        mpfr_abs(scale, x->hi, MPFR_RNDU);
        if (mpfr_cmpabs(y->hi, scale) > 0) mpfr_abs(scale, y->hi, MPFR_RNDU);
        s = d->st == SOUND_DEF ? val_cmp_si(d, 0, scale) : SOUND_SGN_AMBIG;
        if (s == SOUND_SGN_AMBIG) r = SOUND_TAMBIG;
        else {
            switch (e->kind) {
            case EXPR_LT: r = s < 0; break;
            case EXPR_LE: r = s <= 0; break;
            case EXPR_GT: r = s > 0; break;
            case EXPR_GE: r = s >= 0; break;
            case EXPR_EQ: r = s == 0; break;
            default: r = s != 0; break;
            }
            r = r ? SOUND_TRUE : SOUND_FALSE;
        }
    }
    mpfr_clear(scale);
    sound_val_clear(x);
    sound_val_clear(y);
    sound_val_clear(d);
    return r;
}

/* exists / forall at a point, one-sided: the condition is evaluated at
 * SOUND_QUANT_GRID + 1 equally spaced points of [LO, HI] (exact rationals
 * when LO and HI are; else interior points only, from the 256-bit values).
 * exists: TRUE when some sample is TRUE; forall: FALSE when some sample is
 * FALSE; an empty range (HI < LO) decides exactly; otherwise ambiguous (a
 * grid proves no "for all"). */
#define SOUND_QUANT_GRID 64
static int eval_quant(const expr_t e, sound_point *p)
{
    int ex = e->kind == EXPR_EXISTS, wit = ex ? SOUND_TRUE : SOUND_FALSE, r = SOUND_TAMBIG, j, i, c;
    sound_val lo, hi;
    expr_scope_t s1;
    sound_point q;
    fmpq_t a, b, x, t;
    fmpz_t den;

    sound_val_init(lo);
    sound_val_init(hi);
    sound_eval_num(lo, e->args[1], p);
    sound_eval_num(hi, e->args[2], p);
    if (lo->st != SOUND_DEF || hi->st != SOUND_DEF) {
        r = (lo->st == SOUND_UNDEF || hi->st == SOUND_UNDEF) ? SOUND_TUNDEF : SOUND_TAMBIG;
        sound_val_clear(lo);
        sound_val_clear(hi);
        return r;
    }
    {
        sound_val d;
        sound_val_init(d);
        arith(d, EXPR_SUB, hi, lo);
        c = d->st == SOUND_DEF ? sound_val_sgn(d) : SOUND_SGN_AMBIG;
        sound_val_clear(d);
    }
    if (c == -1) {   /* empty range */
        sound_val_clear(lo);
        sound_val_clear(hi);
        return ex ? SOUND_FALSE : SOUND_TRUE;
    }
    if (c == SOUND_SGN_AMBIG || (c == 0 && !(lo->rat && hi->rat))) {
        sound_val_clear(lo);
        sound_val_clear(hi);
        return SOUND_TAMBIG;
    }
    s1 = expr_scope_extend(p->scope, e->args[0]->name);
    if (s1 == NULL) {
        sound_val_clear(lo);
        sound_val_clear(hi);
        return SOUND_TAMBIG;
    }
    sound_point_init(&q, s1);
    for (i = 0; i < p->nparams; i++) sound_val_set(q.param + i, p->param + i);
    fmpq_init(a);
    fmpq_init(b);
    fmpq_init(x);
    fmpq_init(t);
    fmpz_init_set_ui(den, SOUND_QUANT_GRID);
    r = SOUND_TAMBIG;
    for (j = 0; j <= SOUND_QUANT_GRID && r == SOUND_TAMBIG; j++) {
        int inexact = !(lo->rat && hi->rat);
        if (inexact && (j == 0 || j == SOUND_QUANT_GRID)) continue;
        if (inexact) {
            mpq_t m;
            mpq_init(m);
            mpfr_get_q(m, lo->lo);
            fmpq_set_mpq(a, m);
            mpfr_get_q(m, hi->lo);
            fmpq_set_mpq(b, m);
            mpq_clear(m);
        } else {
            fmpq_set(a, lo->q);
            fmpq_set(b, hi->q);
        }
        fmpq_sub(t, b, a);
        fmpq_mul_si(t, t, j);
        fmpq_div_fmpz(t, t, den);
        fmpq_add(x, a, t);
        sound_point_set_fmpq(&q, p->nparams, x);
        if (sound_eval_bool(e->args[3], &q) == wit) r = wit;
    }
    fmpq_clear(a);
    fmpq_clear(b);
    fmpq_clear(x);
    fmpq_clear(t);
    fmpz_clear(den);
    sound_point_clear(&q);
    expr_scope_free(s1);
    sound_val_clear(lo);
    sound_val_clear(hi);
    return r;
}

int sound_eval_bool(const expr_t e, sound_point *p)
{
    int a, b;
    switch (e->kind) {
    case EXPR_EXISTS: case EXPR_FORALL:
        return eval_quant(e, p);
    case EXPR_TRUE: return SOUND_TRUE;
    case EXPR_FALSE: return SOUND_FALSE;
    case EXPR_NOT: return t_not(sound_eval_bool(e->args[0], p));
    case EXPR_AND: case EXPR_OR: case EXPR_XOR: case EXPR_IMPLIES: case EXPR_IFF:
        a = sound_eval_bool(e->args[0], p);
        b = sound_eval_bool(e->args[1], p);
        if (e->kind == EXPR_AND) return t_and(a, b);
        if (e->kind == EXPR_OR) return t_or(a, b);
        if (e->kind == EXPR_IMPLIES) return t_or(t_not(a), b);
        if (!t_known(a) || !t_known(b))
            return (a == SOUND_TAMBIG || b == SOUND_TAMBIG) ? SOUND_TAMBIG : SOUND_TUNDEF;
        return (e->kind == EXPR_XOR) == (a != b) ? SOUND_TRUE : SOUND_FALSE;
    case EXPR_LT: case EXPR_LE: case EXPR_GT: case EXPR_GE: case EXPR_EQ: case EXPR_NE:
        return compare(e, p);
    case EXPR_VAR: {
        int idx = -1, k, c;
        expr_t def = NULL;
        k = expr_scope_lookup(p->scope, e->name, &idx, &def);
        if (k != 2 || def == NULL) return SOUND_TAMBIG;
        c = cache_find(p, def);
        if (c < 0) {
            int t = sound_eval_bool(def, p);
            c = cache_add(p, def);
            p->cache_tv[c] = t;
        }
        return p->cache_tv[c];
    }
    case EXPR_FUNC:
        if (e->fn == FN_IF && e->nargs == 3) {
            int c = sound_eval_bool(e->args[0], p);
            if (c == SOUND_TRUE) return sound_eval_bool(e->args[1], p);
            if (c == SOUND_FALSE) return sound_eval_bool(e->args[2], p);
            return c;
        }
        return SOUND_TAMBIG;
    default:
        return SOUND_TAMBIG;
    }
}

const char *sound_tv_name(int t)
{
    static const char *n[] = {"false", "true", "undefined", "ambiguous"};
    return t >= 0 && t <= 3 ? n[t] : "?";
}
