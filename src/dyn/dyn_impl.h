/* dyn_impl.h -- three-valued signs for the dyn module (private). */
#ifndef FC_DYN_IMPL_H
#define FC_DYN_IMPL_H

#include "dyn/dyn.h"

/* 1: certified true on the whole ball, 0: certified false, -1: unknown. */
typedef int dyn_tv;

static inline dyn_tv dyn_tv_pos(const arb_t x)     /* x > 0 */
{ return arb_is_positive(x) ? 1 : arb_is_nonpositive(x) ? 0 : -1; }
static inline dyn_tv dyn_tv_nonneg(const arb_t x)  /* x >= 0 */
{ return arb_is_nonnegative(x) ? 1 : arb_is_negative(x) ? 0 : -1; }
static inline dyn_tv dyn_tv_and(dyn_tv a, dyn_tv b)
{ return (a == 0 || b == 0) ? 0 : (a == 1 && b == 1) ? 1 : -1; }
static inline dyn_tv dyn_tv_not(dyn_tv a) { return a < 0 ? -1 : !a; }


/* Branch enumeration. A guard undecided on a ball makes every branch
 * possible there; dyn_return then runs the composition once per sequence of
 * choices (an odometer over the choice points met) and takes the union of
 * the outcomes, which is a sound enclosure over the ball. */
#define DYN_MAXCHOICE 24
typedef struct {
    int pick[DYN_MAXCHOICE], nalt[DYN_MAXCHOICE];
    int len, pos, overflow;
} dyn_choice;

/* The alternative to take at the next choice point with nalt >= 1 options. */
static inline int dyn_choose(dyn_choice *ch, int nalt)
{
    if (nalt <= 1) return 0;
    if (ch->pos >= DYN_MAXCHOICE) { ch->overflow = 1; return 0; }
    if (ch->pos == ch->len) { ch->pick[ch->len] = 0; ch->nalt[ch->len] = nalt; ch->len++; }
    return ch->pick[ch->pos++];
}

/* dyn_mode_solve without the cache of dyn_model_set. */
int _dyn_mode_solve(arb_ptr lam, arb_ptr a, const dyn_model_t m, const char mode[2], slong prec);

/* The same with derivatives (dv, dvout, dz may be NULL: values only). */
int _dyn_impact(arb_ptr vout, arb_ptr dvout, int *stick, int *sigma, const dyn_model_t m,
                arb_srcptr v, arb_srcptr dv, int i, int sustained, dyn_choice *ch, slong prec);
int _dyn_flight(arb_ptr v, arb_ptr dv, arb_t zk, arb_ptr dz, int *k_sustained, const arb_t zj, int j,
                int k_stuck, int may_leave, int *stuck_end, const dyn_model_t m, dyn_choice *ch, slong prec);

#endif
