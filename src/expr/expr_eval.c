/* expr_eval.c -- ball evaluation of compiled programs on boxes.
 *
 * Conventions kept by every instruction:
 *   status DEFINED:   defined on the whole box; the ball encloses every value.
 *   status PARTIAL:   possibly undefined somewhere on the box; the ball encloses
 *                     the value at every point where it is defined (it may be
 *                     indeterminate).
 *   status UNDEFINED: undefined at every point of the box.
 * A comparison is decided only on a DEFINED number; logic is Kleene's.
 * With tightening, the main pass also carries a gradient enclosure g over the
 * active parameters and a flag gok saying that the register is a locally
 * Lipschitz function on the box whose generalised gradient lies in g (so the
 * mean-value form f(x) in f(m) + g.(x - m) and the monotonicity test hold). */
#include <stdint.h>
#include <string.h>
#include "expr/expr_prog.h"
#include "expr/expr_quant.h"
#include "expr/expr_statics.h"

#define NAUX 5      /* aux pass 0: midpoint; 1..4: cached endpoint passes */
#define KEEP_MAX 64 /* parameters the kept registers allow (one bit each) */

typedef struct {
    arb_ptr v;
    unsigned char *st, *tv;
    unsigned char *ov;  /* 1: defined on the whole box but no finite enclosure (an overflow) */
    long key;       /* endpoint key (base-3 digits: 0 box, 1 lo, 2 hi); -1 none */
    arb_ptr kbox;   /* the box of the registers held (nparams), if kvalid */
    int kvalid;
} pass;

struct expr_eval_struct {
    const expr_prog_struct *p;
    int n, nact, nparams;
    int *act;          /* active parameter indices */
    int *pos;          /* parameter -> position in act, or -1 */
    slong prec;
    pass main;
    arb_ptr g;         /* n * nact gradient balls of the main pass */
    unsigned char *gok;
    pass aux[NAUX];
    int naux_used, aux_next;
    int mid_done;
    arb_ptr box, xbox; /* the run's box; scratch box for aux passes */
    arb_ptr dx;        /* nact balls [-rad, rad] of the active parameters */
    arb_ptr out;       /* per root: tightened value */
    int tighten;
    arb_t t1, t2, t3, tout;
    arb_t tsc;         /* cos (sin) of the last SIN (COS) of the main pass, for its derivative */
    int want_d;        /* main pass with gradients: keep tsc */
    ulong count;
    expr_quant_ws *qws; /* exists / forall (expr_quant.c), NULL if none */
    /* kept registers (keep_setup): with at most KEEP_MAX parameters, a pure
       register (numeric, with no if / search / statics below it) whose
       parameters' balls are equal (arb_equal) to those its pass last
       computed it on keeps its value, status and overflow flag, and in the
       main pass its gradient and gok (the main pass keeps only from one
       tightening run to the next) */
    int keep;
    uint64_t *dep;     /* per register: the parameters it depends on */
    unsigned char *pure;
};

/* ------------------------------------------------------------ set-up */

static void pass_init(pass *ps, int n, int nparams)
{
    ps->v = _arb_vec_init(n);
    ps->st = flint_calloc(n, 1);
    ps->tv = flint_calloc(n, 1);
    ps->ov = flint_calloc(n, 1);
    ps->key = -1;
    ps->kbox = _arb_vec_init(nparams + 1);
    ps->kvalid = 0;
}

static void pass_clear(pass *ps, int n, int nparams)
{
    _arb_vec_clear(ps->kbox, nparams + 1);
    _arb_vec_clear(ps->v, n);
    flint_free(ps->st);
    flint_free(ps->tv);
    flint_free(ps->ov);
}

static void set_consts(expr_eval_t ev, pass *ps)
{
    const expr_prog_struct *p = ev->p;
    int k;
    for (k = 0; k < ev->n; k++) {
        const expr_instr *x = &p->ins[k];
        const expr_const *c;
        if (x->op != OP_CONST) continue;
        c = &p->consts[x->a];
        if (c->kind == CONST_Q) {
            const fmpz *den = fmpq_denref(c->q);
            if (fmpz_bits(den) - 1 == (ulong) fmpz_val2(den)) {   /* a dyadic: exact when it fits */
                arb_set_round_fmpz(ps->v + k, fmpq_numref(c->q), ev->prec);
                arb_mul_2exp_si(ps->v + k, ps->v + k, -(slong) fmpz_val2(den));
            } else arb_set_fmpq(ps->v + k, c->q, ev->prec);
        }
        else if (c->kind == CONST_PI) arb_const_pi(ps->v + k, ev->prec);
        else if (c->kind == CONST_E) arb_const_e(ps->v + k, ev->prec);
        else arb_set_round(ps->v + k, c->ball, ev->prec);
        ps->st[k] = EXPR_DEFINED;
    }
}

void expr_eval_set_prec(expr_eval_t ev, slong prec)
{
    int i;
    ev->prec = prec;
    set_consts(ev, &ev->main);
    ev->main.kvalid = 0;   /* the registers were computed at another precision */
    for (i = 0; i < NAUX; i++) {
        set_consts(ev, &ev->aux[i]);
        ev->aux[i].kvalid = 0;
    }
    expr_quant_ws_set_prec(ev->qws, prec);
}

slong expr_eval_prec(const expr_eval_t ev) { return ev->prec; }
ulong expr_eval_count(const expr_eval_t ev) { return ev->count + expr_quant_ws_count(ev->qws); }

/* 1 for the numeric operations whose step_value (and step_grad) reads
 * only the box, the precision and its operand registers (and the main pass
 * mode want_d, the same in every tightening run). */
static int pure_op(int op)
{
    switch (op) {
    case OP_CONST: case OP_PARAM: case OP_NEG: case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV:
    case OP_POWQ: case OP_POW: case OP_SIN: case OP_COS: case OP_TAN: case OP_COT: case OP_ASIN:
    case OP_ACOS: case OP_ATAN: case OP_ATAN2: case OP_SINH: case OP_COSH: case OP_TANH: case OP_EXP:
    case OP_LOG: case OP_SQRT: case OP_CBRT: case OP_ABS: case OP_SIGN: case OP_MIN: case OP_MAX:
        return 1;
    default:
        return 0;
    }
}

/* 1 for the operations whose b is a register */
static int b_reg(int op)
{
    return op == OP_ADD || op == OP_SUB || op == OP_MUL || op == OP_DIV || op == OP_POW || op == OP_ATAN2 ||
           op == OP_MIN || op == OP_MAX;
}

/* dep and pure of every register (keep 0 with more than KEEP_MAX parameters). */
static void keep_setup(expr_eval_t ev)
{
    const expr_prog_struct *p = ev->p;
    int k;
    ev->dep = flint_calloc(ev->n + 1, sizeof(uint64_t));
    ev->pure = flint_calloc(ev->n + 1, 1);
    ev->keep = ev->nparams <= KEEP_MAX;
    if (!ev->keep) return;
    for (k = 0; k < ev->n; k++) {
        const expr_instr *x = &p->ins[k];
        if (!pure_op(x->op)) continue;
        if (x->op == OP_CONST) { ev->pure[k] = 1; continue; }
        if (x->op == OP_PARAM) { ev->pure[k] = 1; ev->dep[k] = (uint64_t) 1 << x->a; continue; }
        ev->pure[k] = ev->pure[x->a] && (!b_reg(x->op) || ev->pure[x->b]);
        ev->dep[k] = ev->dep[x->a] | (b_reg(x->op) ? ev->dep[x->b] : 0);
    }
}

/* The parameters whose ball in box differs from ps's kbox (every bit if ps
 * holds no registers); kbox becomes box and ps holds registers. */
static uint64_t keep_changed(expr_eval_t ev, pass *ps, arb_srcptr box)
{
    uint64_t ch = 0;
    int i;
    if (!ev->keep) return ~(uint64_t) 0;
    if (!ps->kvalid) ch = ~(uint64_t) 0;
    for (i = 0; i < ev->nparams; i++) {
        if (ps->kvalid && !arb_equal(ps->kbox + i, box + i)) ch |= (uint64_t) 1 << i;
        arb_set(ps->kbox + i, box + i);
    }
    ps->kvalid = 1;
    return ch;
}

expr_eval_t expr_eval_new(const expr_prog_t p, const int *active, int nactive, slong prec)
{
    expr_eval_t ev = flint_calloc(1, sizeof(expr_eval_struct));
    int i, k;
    ev->p = p;
    ev->n = p->n;
    ev->nparams = p->nparams;
    ev->nact = nactive;
    expr_prog_active(&ev->act, &ev->pos, p, active, nactive);
    pass_init(&ev->main, ev->n, ev->nparams);
    for (i = 0; i < NAUX; i++) pass_init(&ev->aux[i], ev->n, ev->nparams);
    keep_setup(ev);
    ev->g = _arb_vec_init(ev->n * (nactive ? nactive : 1));
    ev->gok = flint_calloc(ev->n, 1);
    ev->box = _arb_vec_init(p->nparams + 1);
    ev->xbox = _arb_vec_init(p->nparams + 1);
    ev->dx = _arb_vec_init(nactive + 1);
    ev->out = _arb_vec_init(p->nroots + 1);
    arb_init(ev->t1);
    arb_init(ev->t2);
    arb_init(ev->t3);
    arb_init(ev->tout);
    arb_init(ev->tsc);
    /* constant gradients: constants 0, parameters unit vectors */
    for (k = 0; k < ev->n; k++) {
        const expr_instr *x = &p->ins[k];
        if (x->op == OP_CONST) ev->gok[k] = 1;
        if (x->op == OP_PARAM) {
            ev->gok[k] = 1;
            if (ev->pos[x->a] >= 0) arb_one(ev->g + k * nactive + ev->pos[x->a]);
        }
    }
    ev->qws = expr_quant_ws_new(p, active, nactive, prec);
    expr_eval_set_prec(ev, prec);
    return ev;
}

void expr_eval_free(expr_eval_t ev)
{
    int i;
    if (ev == NULL) return;
    expr_quant_ws_free(ev->qws);
    pass_clear(&ev->main, ev->n, ev->nparams);
    for (i = 0; i < NAUX; i++) pass_clear(&ev->aux[i], ev->n, ev->nparams);
    flint_free(ev->dep);
    flint_free(ev->pure);
    _arb_vec_clear(ev->g, ev->n * (ev->nact ? ev->nact : 1));
    flint_free(ev->gok);
    _arb_vec_clear(ev->box, ev->nparams + 1);
    _arb_vec_clear(ev->xbox, ev->nparams + 1);
    _arb_vec_clear(ev->dx, ev->nact + 1);
    _arb_vec_clear(ev->out, ev->p->nroots + 1);
    arb_clear(ev->t1);
    arb_clear(ev->t2);
    arb_clear(ev->t3);
    arb_clear(ev->tout);
    arb_clear(ev->tsc);
    flint_free(ev->act);
    flint_free(ev->pos);
    flint_free(ev);
}

/* ------------------------------------------------------------ values */

static int maxst(int a, int b) { return a > b ? a : b; }

/* y = a ball [0, u'] with u' >= u and lower end exactly 0 (u >= 0): the
 * midpoint u'/2 has a 30-bit mantissa, so the radius equals it exactly. A
 * rounded [0, u] could reach below 0, and sqrt would then see a partial
 * domain. */
static void nonneg_upto(arb_t y, const arf_t u)
{
    arf_t t;
    arf_init(t);
    arf_set_round(arb_midref(y), u, MAG_BITS - 1, ARF_RND_UP);
    arf_mul_2exp_si(arb_midref(y), arb_midref(y), -1);
    arf_get_mag_lower(arb_radref(y), arb_midref(y));
    arf_set_mag(t, arb_radref(y));
    if (!arf_equal(t, arb_midref(y))) arf_get_mag(arb_radref(y), arb_midref(y));   /* (not reached) */
    arf_clear(t);
}

/* [0, max |x|] for a ball x that may contain zero. */
static void abs_enclosure(arb_t y, const arb_t x, slong prec)
{
    if (arb_is_nonnegative(x)) arb_set(y, x);
    else if (arb_is_nonpositive(x)) arb_neg(y, x);
    else {
        arf_t u;
        arf_init(u);
        arb_get_abs_ubound_arf(u, x, prec);
        nonneg_upto(y, u);
        arf_clear(u);
    }
}

/* r-th root of the nonnegative part of x, by monotonicity from its ends. */
static void nonneg_root(arb_t y, const arb_t x, ulong r, slong prec)
{
    if (arb_is_positive(x)) {
        arb_root_ui(y, x, r, prec);
    } else {
        arf_t u, z;
        arb_t h;
        arf_init(u);
        arf_init(z);
        arb_init(h);
        arb_get_ubound_arf(u, x, prec);
        if (arf_sgn(u) < 0) arf_zero(u);
        arb_set_arf(h, u);
        arb_root_ui(h, h, r, prec);
        arb_get_ubound_arf(u, h, prec);
        arb_set_interval_arf(y, z, u, prec);
        arb_clear(h);
        arf_clear(u);
        arf_clear(z);
    }
}

/* 1 if x is wide relative to its size (or contains 0): ball powers then lose
 * much, and the ends do better. */
static int wide_ball(const arb_t x)
{
    if (arb_is_exact(x)) return 0;
    if (arb_contains_zero(x)) return 1;
    return mag_cmp_2exp_si(arb_radref(x), arf_abs_bound_lt_2exp_si(arb_midref(x)) - 12) > 0;
}

/* y = x^n for an integer n >= 1, from the ends of x: u^n is monotone on each
 * side of 0, and u^n >= 0 for even n. */
static void pow_ends(arb_t y, const arb_t x, const fmpz_t n, slong prec, arb_t lo, arb_t hi)
{
    arf_t a, b;
    arf_init(a);
    arf_init(b);
    arb_get_lbound_arf(a, x, prec);
    arb_get_ubound_arf(b, x, prec);
    arb_set_arf(lo, a);
    arb_set_arf(hi, b);
    arb_pow_fmpz(lo, lo, n, prec);
    arb_pow_fmpz(hi, hi, n, prec);
    arb_union(y, lo, hi, prec);
    if (fmpz_is_even(n) && arf_sgn(a) < 0 && arf_sgn(b) > 0) {
        arb_zero(lo);
        arb_union(y, y, lo, prec);   /* the minimum 0 inside */
        /* and nothing below 0 */
        arb_get_ubound_arf(b, y, prec);
        arf_zero(a);
        arb_set_interval_arf(y, a, b, prec);
    }
    arf_clear(a);
    arf_clear(b);
}

/* Real cube root, any sign. */
static void real_cbrt(arb_t y, const arb_t x, slong prec)
{
    if (arb_is_nonnegative(x)) nonneg_root(y, x, 3, prec);
    else if (arb_is_nonpositive(x)) {
        arb_neg(y, x);
        nonneg_root(y, y, 3, prec);
        arb_neg(y, y);
    } else {
        arb_t lo, hi;
        arf_t a;
        arb_init(lo);
        arb_init(hi);
        arf_init(a);
        arb_get_lbound_arf(a, x, prec);
        arf_neg(a, a);
        arb_set_arf(lo, a);
        arb_root_ui(lo, lo, 3, prec);
        arb_neg(lo, lo);
        arb_get_ubound_arf(a, x, prec);
        arb_set_arf(hi, a);
        arb_root_ui(hi, hi, 3, prec);
        arb_union(y, lo, hi, prec);
        arb_clear(lo);
        arb_clear(hi);
        arf_clear(a);
    }
}

/* Ball [lo, hi] from two arb values (lo <= hi). */
static void set_interval_si(arb_t y, slong lo, slong hi, slong prec)
{
    arb_t b;
    arb_init(b);
    arb_set_si(y, lo);
    arb_set_si(b, hi);
    arb_union(y, y, b, prec);
    arb_clear(b);
}

static expr_tv_t cmp0(int op, const arb_t d)
{
    switch (op) {
    case OP_LT0: return arb_is_negative(d) ? EXPR_TV_TRUE : arb_is_nonnegative(d) ? EXPR_TV_FALSE : EXPR_TV_UNKNOWN;
    case OP_LE0: return arb_is_nonpositive(d) ? EXPR_TV_TRUE : arb_is_positive(d) ? EXPR_TV_FALSE : EXPR_TV_UNKNOWN;
    case OP_GT0: return arb_is_positive(d) ? EXPR_TV_TRUE : arb_is_nonpositive(d) ? EXPR_TV_FALSE : EXPR_TV_UNKNOWN;
    case OP_GE0: return arb_is_nonnegative(d) ? EXPR_TV_TRUE : arb_is_negative(d) ? EXPR_TV_FALSE : EXPR_TV_UNKNOWN;
    case OP_EQ0: return arb_is_zero(d) ? EXPR_TV_TRUE : arb_is_nonzero(d) ? EXPR_TV_FALSE : EXPR_TV_UNKNOWN;
    default:     return arb_is_zero(d) ? EXPR_TV_FALSE : arb_is_nonzero(d) ? EXPR_TV_TRUE : EXPR_TV_UNKNOWN;
    }
}

/* 1 if each of registers i, j is defined on the whole box or EXPR_PARTIAL
 * only through an overflow, and one of them is the latter. */
static int only_overflow(const pass *ps, int i, int j)
{
    int oi = ps->st[i] == EXPR_DEFINED || (ps->st[i] == EXPR_PARTIAL && ps->ov[i]);
    int oj = ps->st[j] == EXPR_DEFINED || (ps->st[j] == EXPR_PARTIAL && ps->ov[j]);
    return oi && oj && (ps->ov[i] || ps->ov[j]);
}

/* 1 if the numeric operation is defined for every real input (so an
 * overflowed input cannot take it outside its domain). */
static int total_op(const expr_eval_t ev, const expr_instr *x)
{
    switch (x->op) {
    case OP_NEG: case OP_ADD: case OP_SUB: case OP_MUL: case OP_SIN: case OP_COS: case OP_ATAN:
    case OP_SINH: case OP_COSH: case OP_TANH: case OP_EXP: case OP_CBRT: case OP_ABS: case OP_SIGN:
    case OP_MIN: case OP_MAX:
        return 1;
    case OP_POWQ: {
        const fmpq *q = ev->p->consts[x->b].q;
        return fmpz_is_one(fmpq_denref(q)) && fmpz_sgn(fmpq_numref(q)) >= 0;
    }
    default:
        return 0;
    }
}

/* One instruction of a pass: value, status, truth. */
static void step_value(expr_eval_t ev, pass *ps, arb_srcptr box, int k)
{
    const expr_instr *x = &ev->p->ins[k];
    arb_ptr v = ps->v, y = ps->v + k;
    unsigned char *st = ps->st, *tv = ps->tv, *ov = ps->ov;
    const arb_struct *a = v + x->a, *b = v + x->b;
    slong prec = ev->prec;
    int s, two;

    ov[k] = 0;
    switch (x->op) {
    case OP_CONST:
        return;
    case OP_PARAM:
        arb_set(y, box + x->a);
        st[k] = EXPR_DEFINED;
        return;
    case OP_TRUE: tv[k] = EXPR_TV_TRUE; st[k] = EXPR_DEFINED; return;
    case OP_FALSE: tv[k] = EXPR_TV_FALSE; st[k] = EXPR_DEFINED; return;
    case OP_NOT: tv[k] = expr_tv_not(tv[x->a]); st[k] = st[x->a]; ov[k] = ov[x->a]; return;
    case OP_AND: case OP_OR: case OP_IMPLIES:
        tv[k] = x->op == OP_AND ? expr_tv_and(tv[x->a], tv[x->b])
              : x->op == OP_OR ? expr_tv_or(tv[x->a], tv[x->b]) : expr_tv_or(expr_tv_not(tv[x->a]), tv[x->b]);
        /* a decided truth is a verdict on the whole box; an undecided one is
           undefined everywhere only if both operands are */
        if (tv[k] != EXPR_TV_UNKNOWN) st[k] = EXPR_DEFINED;
        else if (st[x->a] == EXPR_UNDEFINED && st[x->b] == EXPR_UNDEFINED) st[k] = EXPR_UNDEFINED;
        else st[k] = st[x->a] || st[x->b] ? EXPR_PARTIAL : EXPR_DEFINED;
        ov[k] = st[k] == EXPR_PARTIAL && only_overflow(ps, x->a, x->b);
        return;
    case OP_XOR: case OP_IFF:
        st[k] = maxst(st[x->a], st[x->b]);
        ov[k] = st[k] == EXPR_PARTIAL && only_overflow(ps, x->a, x->b);
        if (tv[x->a] == EXPR_TV_UNKNOWN || tv[x->b] == EXPR_TV_UNKNOWN) tv[k] = EXPR_TV_UNKNOWN;
        else tv[k] = ((tv[x->a] == tv[x->b]) == (x->op == OP_IFF)) ? EXPR_TV_TRUE : EXPR_TV_FALSE;
        return;
    case OP_LT0: case OP_LE0: case OP_GT0: case OP_GE0: case OP_EQ0: case OP_NE0:
        st[k] = st[x->a];
        ov[k] = ov[x->a];
        tv[k] = st[x->a] == EXPR_DEFINED ? cmp0(x->op, a) : EXPR_TV_UNKNOWN;
        return;
    case OP_IF:
        if (tv[x->a] == EXPR_TV_TRUE) { arb_set(y, b); s = st[x->b]; ov[k] = ov[x->b]; }
        else if (tv[x->a] == EXPR_TV_FALSE) { arb_set(y, v + x->c); s = st[x->c]; ov[k] = ov[x->c]; }
        else if (st[x->b] == EXPR_UNDEFINED) { arb_set(y, v + x->c); s = maxst(st[x->c], EXPR_PARTIAL); }
        else if (st[x->c] == EXPR_UNDEFINED) { arb_set(y, b); s = maxst(st[x->b], EXPR_PARTIAL); }
        else { arb_union(y, b, v + x->c, prec); s = maxst(st[x->b], st[x->c]); }
        if (tv[x->a] == EXPR_TV_UNKNOWN) {
            s = maxst(s, st[x->a]);
            if (st[x->a] == EXPR_UNDEFINED) s = EXPR_UNDEFINED;
        }
        st[k] = s;
        return;
    case OP_EXISTS: case OP_FORALL:   /* the tightening passes of numbers do not search */
        expr_quant_step(ps == &ev->main ? ev->qws : NULL, x, v, st, box, st + k, tv + k);
        return;
    case OP_STATICS:   /* the certificates are sought in the main pass only */
        expr_statics_step(ev->p->statics + x->c, v, st, y, st + k, ps == &ev->main, prec);
        return;
    case OP_MAXOF: case OP_MINOF: case OP_ARGMAX: case OP_ARGMIN: case OP_ROOT:
        expr_quant_extremum_step(ps == &ev->main ? ev->qws : NULL, x, v, st, box, y, st + k);
        return;
    default:
        break;
    }

    /* numeric operations: the inputs' status first */
    s = st[x->a];
    two = x->op == OP_ADD || x->op == OP_SUB || x->op == OP_MUL || x->op == OP_DIV ||
          x->op == OP_POW || x->op == OP_ATAN2 || x->op == OP_MIN || x->op == OP_MAX;
    if (two) s = maxst(s, st[x->b]);
    if (s == EXPR_UNDEFINED) {
        st[k] = EXPR_UNDEFINED;
        arb_indeterminate(y);
        return;
    }
    /* an input with no finite enclosure decides nothing, not even a domain;
       but a total function of overflowed inputs that are defined on the
       whole box is defined there too (an overflow, not a domain problem) */
    if (!arb_is_finite(a) || (x->op != OP_NEG && x->op != OP_POWQ && x->op < OP_SIN && !arb_is_finite(b)) ||
        ((x->op == OP_ATAN2 || x->op == OP_MIN || x->op == OP_MAX) && !arb_is_finite(b))) {
        st[k] = maxst(s, EXPR_PARTIAL);
        ov[k] = total_op(ev, x) && only_overflow(ps, x->a, two ? x->b : x->a);
        arb_indeterminate(y);
        return;
    }

    switch (x->op) {
    case OP_NEG: arb_neg(y, a); break;
    case OP_ADD: arb_add(y, a, b, prec); break;
    case OP_SUB:   /* u - u is 0 wherever u is defined, whatever its ball */
        if (x->a == x->b) arb_zero(y);
        else arb_sub(y, a, b, prec);
        break;
    case OP_MUL: arb_mul(y, a, b, prec); break;
    case OP_DIV:
        if (arb_contains_zero(b)) {
            if (arb_is_zero(b)) s = EXPR_UNDEFINED;
            else s = maxst(s, EXPR_PARTIAL);
            arb_indeterminate(y);
        } else arb_div(y, a, b, prec);
        break;
    case OP_POWQ: {
        const fmpq *q = ev->p->consts[x->b].q;
        if (fmpz_is_one(fmpq_denref(q))) {
            if (fmpz_sgn(fmpq_numref(q)) < 0 && arb_contains_zero(a)) {
                if (arb_is_zero(a)) s = EXPR_UNDEFINED;
                else s = maxst(s, EXPR_PARTIAL);
                arb_indeterminate(y);
            } else if (fmpz_sgn(fmpq_numref(q)) > 0 && wide_ball(a)) {
                pow_ends(y, a, fmpq_numref(q), prec, ev->t1, ev->t2);
            } else arb_pow_fmpz(y, a, fmpq_numref(q), prec);
        } else {
            int neg = fmpz_sgn(fmpq_numref(q)) < 0;
            ulong r = fmpz_get_ui(fmpq_denref(q));
            if (neg ? arb_is_nonpositive(a) : arb_is_negative(a)) {
                s = EXPR_UNDEFINED;
                arb_indeterminate(y);
            } else if (neg ? !arb_is_positive(a) : !arb_is_nonnegative(a)) {
                s = maxst(s, EXPR_PARTIAL);
                if (neg) arb_indeterminate(y);
                else {
                    nonneg_root(y, a, r, prec);
                    arb_pow_fmpz(y, y, fmpq_numref(q), prec);
                }
            } else {
                nonneg_root(y, a, r, prec);
                arb_pow_fmpz(y, y, fmpq_numref(q), prec);
            }
        }
        break;
    }
    case OP_POW:
        if (arb_is_positive(a)) {
            arb_log(ev->t1, a, prec);
            arb_mul(ev->t1, ev->t1, b, prec);
            arb_exp(y, ev->t1, prec);
        } else if (arb_is_nonpositive(a)) {
            s = EXPR_UNDEFINED;
            arb_indeterminate(y);
        } else {
            s = maxst(s, EXPR_PARTIAL);
            arb_indeterminate(y);
        }
        break;
    case OP_SIN:
        if (ev->want_d && ps == &ev->main) arb_sin_cos(y, ev->tsc, a, prec);
        else arb_sin(y, a, prec);
        break;
    case OP_COS:
        if (ev->want_d && ps == &ev->main) arb_sin_cos(ev->tsc, y, a, prec);
        else arb_cos(y, a, prec);
        break;
    case OP_TAN:
        arb_cos(ev->t1, a, prec);
        if (arb_contains_zero(ev->t1)) { s = maxst(s, EXPR_PARTIAL); arb_indeterminate(y); }
        else arb_tan(y, a, prec);
        break;
    case OP_COT:
        arb_sin(ev->t1, a, prec);
        if (arb_contains_zero(ev->t1)) {
            s = arb_is_zero(a) ? EXPR_UNDEFINED : maxst(s, EXPR_PARTIAL);
            arb_indeterminate(y);
        } else arb_cot(y, a, prec);
        break;
    case OP_ASIN: case OP_ACOS:
        arb_set_si(ev->t1, -1);
        arb_set_si(ev->t2, 1);
        if (arb_lt(a, ev->t1) || arb_gt(a, ev->t2)) {
            s = EXPR_UNDEFINED;
            arb_indeterminate(y);
            break;
        }
        if (!(arb_ge(a, ev->t1) && arb_le(a, ev->t2))) {
            s = maxst(s, EXPR_PARTIAL);
            arb_union(ev->t3, ev->t1, ev->t2, prec);
            if (!arb_intersection(ev->t3, ev->t3, a, prec)) { arb_indeterminate(y); break; }
            a = ev->t3;
        }
        {   /* monotone: from the ends, which stays finite at +-1 */
            arf_t lo, hi;
            arf_init(lo);
            arf_init(hi);
            arb_get_lbound_arf(lo, a, prec);
            arb_get_ubound_arf(hi, a, prec);
            if (arf_cmp_si(lo, -1) < 0) arf_set_si(lo, -1);
            if (arf_cmp_si(hi, 1) > 0) arf_set_si(hi, 1);
            arb_set_arf(ev->t1, lo);
            arb_set_arf(ev->t2, hi);
            if (x->op == OP_ASIN) { arb_asin(ev->t1, ev->t1, prec); arb_asin(ev->t2, ev->t2, prec); }
            else { arb_acos(ev->t1, ev->t1, prec); arb_acos(ev->t2, ev->t2, prec); }
            arb_union(y, ev->t1, ev->t2, prec);
            arf_clear(lo);
            arf_clear(hi);
        }
        break;
    case OP_ATAN: arb_atan(y, a, prec); break;
    case OP_ATAN2:   /* atan2(a = y, b = x) */
        if (arb_contains_zero(a) && arb_contains_zero(b)) {
            if (arb_is_zero(a) && arb_is_zero(b)) { s = EXPR_UNDEFINED; arb_indeterminate(y); break; }
            s = maxst(s, EXPR_PARTIAL);
            arb_const_pi(y, prec);
            arb_neg(ev->t1, y);
            arb_union(y, y, ev->t1, prec);
        } else if (arb_contains_zero(a) && arb_is_negative(b) && arb_is_nonnegative(a)) {
            /* on the closed upper side of the cut (atan2(0, x < 0) = pi): pi + atan(y/x) */
            arb_div(ev->t1, a, b, prec);
            arb_atan(ev->t1, ev->t1, prec);
            arb_const_pi(y, prec);
            arb_add(y, y, ev->t1, prec);
        } else if (arb_contains_zero(a) && !arb_is_positive(b)) {
            /* across the branch cut: atan2 jumps between -pi and pi */
            arb_const_pi(y, prec);
            arb_neg(ev->t1, y);
            arb_union(y, y, ev->t1, prec);
        } else arb_atan2(y, a, b, prec);
        break;
    case OP_SINH: arb_sinh(y, a, prec); break;
    case OP_COSH: arb_cosh(y, a, prec); break;
    case OP_TANH: arb_tanh(y, a, prec); break;
    case OP_EXP: arb_exp(y, a, prec); break;
    case OP_LOG:
        if (arb_is_positive(a)) arb_log(y, a, prec);
        else if (arb_is_nonpositive(a)) { s = EXPR_UNDEFINED; arb_indeterminate(y); }
        else { s = maxst(s, EXPR_PARTIAL); arb_indeterminate(y); }
        break;
    case OP_SQRT:
        if (arb_is_nonnegative(a)) arb_sqrtpos(y, a, prec);
        else if (arb_is_negative(a)) { s = EXPR_UNDEFINED; arb_indeterminate(y); }
        else { s = maxst(s, EXPR_PARTIAL); arb_sqrtpos(y, a, prec); }
        break;
    case OP_CBRT: real_cbrt(y, a, prec); break;
    case OP_ABS: abs_enclosure(y, a, prec); break;
    case OP_SIGN:
        if (arb_is_positive(a)) arb_one(y);
        else if (arb_is_negative(a)) arb_set_si(y, -1);
        else if (arb_is_zero(a)) arb_zero(y);
        else if (arb_is_nonnegative(a)) set_interval_si(y, 0, 1, prec);
        else if (arb_is_nonpositive(a)) set_interval_si(y, -1, 0, prec);
        else set_interval_si(y, -1, 1, prec);
        break;
    case OP_MIN: arb_min(y, a, b, prec); break;
    case OP_MAX:
        arb_max(y, a, b, prec);
        if ((arb_is_nonnegative(a) || arb_is_nonnegative(b)) && !arb_is_nonnegative(y)) {
            arf_t u;   /* max(0, t) stays >= 0 through rounding */
            arf_init(u);
            arb_get_ubound_arf(u, y, prec);
            nonneg_upto(y, u);
            arf_clear(u);
        }
        break;
    default:
        arb_indeterminate(y);
        s = EXPR_PARTIAL;
        break;
    }
    if (s != EXPR_UNDEFINED && !arb_is_finite(y)) {
        /* finite inputs defined on the whole box, in the operation's domain:
           the value exists everywhere and is only too large to enclose */
        ov[k] = s == EXPR_DEFINED;
        s = maxst(s, EXPR_PARTIAL);
    }
    st[k] = s;
}

/* ------------------------------------------------------------ gradients */

/* g_k = f * g_a (componentwise) */
static void gscale(expr_eval_t ev, int k, int a, const arb_t f)
{
    int i, m = ev->nact;
    for (i = 0; i < m; i++) arb_mul(ev->g + k * m + i, ev->g + a * m + i, f, ev->prec);
}

static void step_grad(expr_eval_t ev, int k)
{
    const expr_instr *x = &ev->p->ins[k];
    int m = ev->nact, i;
    arb_ptr v = ev->main.v, gk = ev->g + k * m, ga = ev->g + x->a * m, gb = ev->g + x->b * m;
    const arb_struct *a = v + x->a, *b = v + x->b;
    unsigned char *tv = ev->main.tv;
    slong prec = ev->prec;
    arb_ptr t1 = ev->t1, t2 = ev->t2;

    if (x->op == OP_CONST || x->op == OP_PARAM || OP_IS_BOOL(x->op)) return;
    if (ev->main.st[k] != EXPR_DEFINED) { ev->gok[k] = 0; return; }
    ev->gok[k] = ev->gok[x->a];
    if (x->op == OP_ADD || x->op == OP_SUB || x->op == OP_MUL || x->op == OP_DIV ||
        x->op == OP_POW || x->op == OP_ATAN2 || x->op == OP_MIN || x->op == OP_MAX)
        ev->gok[k] &= ev->gok[x->b];

    switch (x->op) {
    case OP_NEG: for (i = 0; i < m; i++) arb_neg(gk + i, ga + i); break;
    case OP_ADD: for (i = 0; i < m; i++) arb_add(gk + i, ga + i, gb + i, prec); break;
    case OP_SUB:
        for (i = 0; i < m; i++) {
            if (x->a == x->b) arb_zero(gk + i);
            else arb_sub(gk + i, ga + i, gb + i, prec);
        }
        break;
    case OP_MUL:
        for (i = 0; i < m; i++) {
            arb_mul(t1, ga + i, b, prec);
            arb_addmul(t1, gb + i, a, prec);
            arb_swap(gk + i, t1);
        }
        break;
    case OP_DIV:   /* (a' - y b') / b */
        for (i = 0; i < m; i++) {
            arb_mul(t1, v + k, gb + i, prec);
            arb_sub(t1, ga + i, t1, prec);
            arb_div(gk + i, t1, b, prec);
        }
        break;
    case OP_POWQ: {
        const fmpq *q = ev->p->consts[x->b].q;
        if (fmpq_is_zero(q)) {
            arb_zero(t2);
        } else if (fmpz_is_one(fmpq_denref(q))) {
            fmpz_t e1;
            fmpz_init(e1);
            fmpz_sub_ui(e1, fmpq_numref(q), 1);
            if (fmpz_sgn(e1) < 0 && arb_contains_zero(a)) arb_indeterminate(t2);
            else arb_pow_fmpz(t2, a, e1, prec);
            arb_mul_fmpz(t2, t2, fmpq_numref(q), prec);
            fmpz_clear(e1);
        } else {
            arb_div(t2, v + k, a, prec);   /* y / a, infinite at a = 0 */
            arb_mul_fmpz(t2, t2, fmpq_numref(q), prec);
            arb_div_fmpz(t2, t2, fmpq_denref(q), prec);
        }
        gscale(ev, k, x->a, t2);
        break;
    }
    case OP_POW:   /* y (b' log a + b a' / a) */
        arb_log(t2, a, prec);
        for (i = 0; i < m; i++) {
            arb_mul(t1, gb + i, t2, prec);
            arb_mul(ev->t3, b, ga + i, prec);
            arb_div(ev->t3, ev->t3, a, prec);
            arb_add(t1, t1, ev->t3, prec);
            arb_mul(gk + i, t1, v + k, prec);
        }
        break;
    case OP_SIN: gscale(ev, k, x->a, ev->tsc); break;            /* cos a, kept by step_value */
    case OP_COS: arb_neg(t2, ev->tsc); gscale(ev, k, x->a, t2); break;
    case OP_TAN: case OP_COT:
        arb_sqr(t2, v + k, prec);
        arb_add_ui(t2, t2, 1, prec);
        if (x->op == OP_COT) arb_neg(t2, t2);
        gscale(ev, k, x->a, t2);
        break;
    case OP_ASIN: case OP_ACOS:
        arb_sqr(t2, a, prec);
        arb_sub_ui(t2, t2, 1, prec);
        arb_neg(t2, t2);
        if (arb_is_positive(t2)) {
            arb_rsqrt(t2, t2, prec);
            if (x->op == OP_ACOS) arb_neg(t2, t2);
        } else arb_indeterminate(t2);
        gscale(ev, k, x->a, t2);
        break;
    case OP_ATAN:
        arb_sqr(t2, a, prec);
        arb_add_ui(t2, t2, 1, prec);
        arb_inv(t2, t2, prec);
        gscale(ev, k, x->a, t2);
        break;
    case OP_ATAN2:   /* (x y' - y x') / (x^2 + y^2), a = y, b = x */
        if (arb_contains_zero(a) && !arb_is_positive(b)) { ev->gok[k] = 0; break; }
        arb_sqr(t2, a, prec);
        arb_addmul(t2, b, b, prec);
        for (i = 0; i < m; i++) {
            arb_mul(t1, b, ga + i, prec);
            arb_submul(t1, a, gb + i, prec);
            arb_div(gk + i, t1, t2, prec);
        }
        break;
    case OP_SINH: arb_cosh(t2, a, prec); gscale(ev, k, x->a, t2); break;
    case OP_COSH: arb_sinh(t2, a, prec); gscale(ev, k, x->a, t2); break;
    case OP_TANH:
        arb_sqr(t2, v + k, prec);
        arb_sub_ui(t2, t2, 1, prec);
        arb_neg(t2, t2);
        gscale(ev, k, x->a, t2);
        break;
    case OP_EXP: gscale(ev, k, x->a, v + k); break;
    case OP_LOG: arb_inv(t2, a, prec); gscale(ev, k, x->a, t2); break;
    case OP_SQRT:
        arb_mul_2exp_si(t2, v + k, 1);
        if (arb_is_positive(t2)) arb_inv(t2, t2, prec);
        else arb_indeterminate(t2);
        gscale(ev, k, x->a, t2);
        break;
    case OP_CBRT:
        arb_sqr(t2, v + k, prec);
        arb_mul_ui(t2, t2, 3, prec);
        if (arb_is_positive(t2)) arb_inv(t2, t2, prec);
        else arb_indeterminate(t2);
        gscale(ev, k, x->a, t2);
        break;
    case OP_ABS:
        if (arb_is_positive(a)) arb_one(t2);
        else if (arb_is_negative(a)) arb_set_si(t2, -1);
        else set_interval_si(t2, -1, 1, prec);   /* Clarke gradient of |u| */
        gscale(ev, k, x->a, t2);
        break;
    case OP_SIGN:
        if (arb_is_positive(a) || arb_is_negative(a)) {
            for (i = 0; i < m; i++) arb_zero(gk + i);
            ev->gok[k] = 1;
        } else ev->gok[k] = 0;
        break;
    case OP_MIN: case OP_MAX: {
        int first = x->op == OP_MIN ? arb_lt(a, b) : arb_gt(a, b);
        int second = x->op == OP_MIN ? arb_gt(a, b) : arb_lt(a, b);
        for (i = 0; i < m; i++) {
            if (first) arb_set(gk + i, ga + i);
            else if (second) arb_set(gk + i, gb + i);
            else arb_union(gk + i, ga + i, gb + i, prec);
        }
        break;
    }
    case OP_IF:
        if (tv[x->a] == EXPR_TV_TRUE) {
            for (i = 0; i < m; i++) arb_set(gk + i, gb + i);
            ev->gok[k] = ev->gok[x->b];
        } else if (tv[x->a] == EXPR_TV_FALSE) {
            for (i = 0; i < m; i++) arb_set(gk + i, ev->g + x->c * m + i);
            ev->gok[k] = ev->gok[x->c];
        } else ev->gok[k] = 0;
        break;
    default:
        ev->gok[k] = 0;
        break;
    }
}

/* ------------------------------------------------------------ aux passes */

/* An aux pass: every register, but the pure ones kept (keep_changed); the
 * count is that of a whole pass either way. */
static void run_pass(expr_eval_t ev, pass *ps, arb_srcptr box)
{
    int k;
    uint64_t ch = keep_changed(ev, ps, box);
    for (k = 0; k < ev->n; k++)
        if (ch == ~(uint64_t) 0 || !ev->pure[k] || (ev->dep[k] & ch)) step_value(ev, ps, box, k);
    ev->count += ev->n;
}

static pass *mid_pass(expr_eval_t ev)
{
    pass *ps = &ev->aux[0];
    if (!ev->mid_done) {
        int i;
        for (i = 0; i < ev->nparams; i++) arb_set(ev->xbox + i, ev->box + i);
        for (i = 0; i < ev->nact; i++) {
            int j = ev->act[i];
            arb_get_mid_arb(ev->xbox + j, ev->box + j);
        }
        run_pass(ev, ps, ev->xbox);
        ev->mid_done = 1;
    }
    return ps;
}

/* The pass at the box whose active parameter i is fixed at its lower end
 * (digit 1), upper end (digit 2), or left whole (digit 0). */
static pass *endpoint_pass(expr_eval_t ev, long key)
{
    int i, j;
    long kk = key;
    pass *ps;
    for (i = 1; i < NAUX; i++)
        if (ev->aux[i].key == key) return &ev->aux[i];
    ps = &ev->aux[1 + ev->aux_next];
    ev->aux_next = (ev->aux_next + 1) % (NAUX - 1);
    for (i = 0; i < ev->nparams; i++) arb_set(ev->xbox + i, ev->box + i);
    for (i = 0; i < ev->nact; i++, kk /= 3) {
        arf_t e;
        j = ev->act[i];
        if (kk % 3 == 0) continue;
        arf_init(e);
        if (kk % 3 == 1) arb_get_lbound_arf(e, ev->box + j, ev->prec);
        else arb_get_ubound_arf(e, ev->box + j, ev->prec);
        arb_set_arf(ev->xbox + j, e);
        arf_clear(e);
    }
    run_pass(ev, ps, ev->xbox);
    ps->key = key;
    return ps;
}

/* Tightened enclosure of register d (DEFINED, gok) into out: natural value
 * intersected with the mean-value form and, where every gradient component
 * that matters has one sign, the endpoint values. */
static void tighten_reg(expr_eval_t ev, arb_t out, int d, int for_value)
{
    int m = ev->nact, i, any = 0;
    arb_ptr g = ev->g + d * m;
    pass *mp;
    long klo = 0, khi = 0, p3 = 1;

    arb_set(out, ev->main.v + d);
    if (m == 0 || !ev->gok[d]) return;
    mp = mid_pass(ev);
    if (mp->st[d] == EXPR_DEFINED) {
        arb_set(ev->t1, mp->v + d);
        for (i = 0; i < m; i++) arb_addmul(ev->t1, g + i, ev->dx + i, ev->prec);
        if (arb_is_finite(ev->t1) && arb_intersection(ev->t2, out, ev->t1, ev->prec))
            arb_swap(out, ev->t2);
    }
    if (!for_value && !arb_contains_zero(out)) return;   /* every comparison with 0 is decided */
    for (i = 0; i < m; i++, p3 *= 3) {
        if (arb_is_zero(ev->dx + i)) continue;
        if (arb_is_nonnegative(g + i)) { klo += 1 * p3; khi += 2 * p3; any = 1; }
        else if (arb_is_nonpositive(g + i)) { klo += 2 * p3; khi += 1 * p3; any = 1; }
    }
    if (!any) return;
    {
        pass *pl = endpoint_pass(ev, klo);
        arf_t lo, hi;
        int okl = pl->st[d] == EXPR_DEFINED;
        arf_init(lo);
        arf_init(hi);
        if (okl) arb_get_lbound_arf(lo, pl->v + d, ev->prec);
        {
            pass *ph = endpoint_pass(ev, khi);
            int okh = ph->st[d] == EXPR_DEFINED;
            if (okh) arb_get_ubound_arf(hi, ph->v + d, ev->prec);
            if (!okl) arb_get_lbound_arf(lo, out, ev->prec);
            if (!okh) arb_get_ubound_arf(hi, out, ev->prec);
            if (arf_cmp(lo, hi) <= 0) {
                arb_set_interval_arf(ev->t1, lo, hi, ev->prec);
                if (arb_intersection(ev->t2, out, ev->t1, ev->prec)) arb_swap(out, ev->t2);
            }
        }
        arf_clear(lo);
        arf_clear(hi);
    }
}

/* ------------------------------------------------------------ runs */

void expr_eval_run(expr_eval_t ev, arb_srcptr box, int tighten)
{
    const expr_prog_struct *p = ev->p;
    int k, i;

    for (i = 0; i < ev->nparams; i++) arb_set(ev->box + i, box + i);
    ev->mid_done = 0;
    for (i = 1; i < NAUX; i++) ev->aux[i].key = -1;
    ev->tighten = tighten && ev->nact > 0;
    for (i = 0; i < ev->nact; i++) {
        arb_zero(ev->dx + i);
        mag_set(arb_radref(ev->dx + i), arb_radref(box + ev->act[i]));
    }
    if (!ev->tighten) {
        int j;
        for (j = 0; j < ev->n; j++) step_value(ev, &ev->main, ev->box, j);
        ev->count += ev->n;
        ev->main.kvalid = 0;   /* not computed as a tightening run computes them */
    } else {
        pass *ps = &ev->main;
        uint64_t ch = keep_changed(ev, ps, ev->box);
        ev->want_d = 1;
        for (k = 0; k < ev->n; k++) {
            int op = p->ins[k].op;
            if (ch != ~(uint64_t) 0 && ev->pure[k] && !(ev->dep[k] & ch)) continue;
            step_value(ev, ps, ev->box, k);
            step_grad(ev, k);
            if (op >= OP_LT0 && op <= OP_NE0 && ps->tv[k] == EXPR_TV_UNKNOWN) {
                int d = p->ins[k].a;
                if (ps->st[d] == EXPR_DEFINED && ev->gok[d]) {
                    tighten_reg(ev, ev->tout, d, 0);
                    ps->tv[k] = cmp0(op, ev->tout);
                }
            }
        }
        ev->want_d = 0;
        ev->count += ev->n;
    }
    for (i = 0; i < p->nroots; i++) {
        int r = p->roots[i];
        if (OP_IS_BOOL(p->ins[r].op)) continue;
        if (ev->tighten && ev->main.st[r] == EXPR_DEFINED) {
            tighten_reg(ev, ev->out + i, r, 1);
        } else arb_set(ev->out + i, ev->main.v + r);
    }
}

expr_status expr_eval_status(const expr_eval_t ev, int root)
{
    int r = ev->p->roots[root];
    if (ev->main.st[r] == EXPR_PARTIAL && ev->main.ov[r]) return EXPR_OVERFLOW;
    return (expr_status) ev->main.st[r];
}

expr_status expr_eval_value(arb_t out, const expr_eval_t ev, int root)
{
    arb_set(out, ev->out + root);
    return expr_eval_status(ev, root);
}

expr_tv_t expr_eval_truth(const expr_eval_t ev, int root)
{
    return (expr_tv_t) ev->main.tv[ev->p->roots[root]];
}

void expr_interval_arf(arb_t out, const arf_t lo, const arf_t hi)
{
    arf_t m, r, t;
    mag_t g;
    arf_init(m);
    arf_init(r);
    arf_init(t);
    mag_init(g);
    arf_add(m, lo, hi, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(m, m, -1);
    arf_sub(r, hi, lo, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(r, r, -1);
    arf_get_mag_lower(g, r);
    arf_set_mag(t, g);
    if (!arf_equal(t, r)) arf_get_mag(g, r);   /* not representable: round up */
    arb_set_arf(out, m);
    mag_swap(arb_radref(out), g);
    arf_clear(m);
    arf_clear(r);
    arf_clear(t);
    mag_clear(g);
}

void expr_interval_ball(arb_t out, const arb_t lo, const arb_t hi, slong prec)
{
    arf_t a, b;
    arf_init(a);
    arf_init(b);
    arb_get_lbound_arf(a, lo, prec);
    arb_get_ubound_arf(b, hi, prec);
    if (arf_cmp(a, b) <= 0) {
        expr_interval_arf(out, a, b);
    } else arb_union(out, lo, hi, prec);
    arf_clear(a);
    arf_clear(b);
}

expr_status expr_eval_once(arb_t out, expr_tv_t *truth, const expr_t e, const expr_scope_t s,
                           arb_srcptr box, slong prec)
{
    expr_error_t err;
    expr_t roots[1];
    expr_prog_t p;
    expr_eval_t ev;
    int *act, nact = 0, i, np;
    expr_status st = EXPR_UNDEFINED;

    roots[0] = e;
    p = expr_compile(roots, 1, s, &err);
    if (p == NULL) {
        if (out) arb_indeterminate(out);
        if (truth) *truth = EXPR_TV_UNKNOWN;
        return EXPR_UNDEFINED;
    }
    np = p->nparams;
    act = flint_malloc((np + 1) * sizeof(int));
    for (i = 0; i < np; i++)
        if (!arb_is_exact(box + i)) act[nact++] = i;
    ev = expr_eval_new(p, act, nact, prec);
    expr_eval_run(ev, box, 1);
    if (expr_prog_root_is_bool(p, 0)) {
        if (truth) *truth = expr_eval_truth(ev, 0);
        if (out) arb_indeterminate(out);
        st = expr_eval_status(ev, 0);
    } else {
        arb_t tmp;
        arb_init(tmp);
        st = expr_eval_value(tmp, ev, 0);
        if (out) arb_set(out, tmp);
        if (truth) *truth = EXPR_TV_UNKNOWN;
        arb_clear(tmp);
    }
    expr_eval_free(ev);
    flint_free(act);
    expr_prog_free(p);
    return st;
}
