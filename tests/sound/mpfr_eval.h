/* mpfr_eval.h -- an independent point evaluator for fricert expressions.
 *
 * Walks the AST (definitions expanded through expr_scope_lookup, each
 * evaluated once per point) with MPFR at 256 bits, and again at 320 bits to
 * estimate the rounding error, keeping exact fmpq values while a subtree
 * stays rational. It shares no code with src/expr's ball evaluator. A sign,
 * a domain edge or a comparison closer to a tie than
 * max(2^-200 max(1, |operands|), 64 |v256 - v320|) is "ambiguous": callers
 * skip such points, never guess.
 *
 * Point semantics: a comparison with an undefined operand is undefined;
 * logic is Kleene's over {false, true, undefined} (false and undefined =
 * false); if(c, a, b) is undefined where c is; x^(p/q) with q even needs
 * x >= 0 (x > 0 for p < 0); a negative base with an odd denominator other
 * than 1, or a non-constant exponent with a base <= 0, is ambiguous (a
 * convention); atan2(0, 0) is ambiguous. */
#ifndef FC_TEST_MPFR_EVAL_H
#define FC_TEST_MPFR_EVAL_H

#include <mpfr.h>
#include "expr/expr.h"

#define SOUND_PREC_LO 256
#define SOUND_PREC_HI 320

/* numeric status at a point */
enum { SOUND_DEF = 0, SOUND_UNDEF = 1, SOUND_AMBIG = 2 };
/* truth at a point */
enum { SOUND_FALSE = 0, SOUND_TRUE = 1, SOUND_TUNDEF = 2, SOUND_TAMBIG = 3 };

typedef struct {
    int st;
    int rat;                /* the value is exactly q */
    fmpq_t q;
    mpfr_t lo, hi;          /* at SOUND_PREC_LO, SOUND_PREC_HI (also set when rat) */
} sound_val_struct;
typedef sound_val_struct sound_val[1];

void sound_val_init(sound_val v);
void sound_val_clear(sound_val v);
void sound_val_set(sound_val v, const sound_val a);
void sound_val_set_fmpq(sound_val v, const fmpq_t q);

/* One point: a value per parameter of the scope, and a cache of the
 * definitions already evaluated at it. */
typedef struct {
    expr_scope_t scope;
    int nparams;
    sound_val_struct *param;   /* nparams values */
    int ncache, alloc;
    const expr_node **cache_def;
    sound_val_struct *cache_num;
    int *cache_tv;
} sound_point;

void sound_point_init(sound_point *p, expr_scope_t scope);
void sound_point_clear(sound_point *p);
/* Sets parameter i to the exact rational q / to the value of the constant
 * expression e (evaluated by this evaluator). Invalidates the cache. */
void sound_point_set_fmpq(sound_point *p, int i, const fmpq_t q);
int sound_point_set_expr(sound_point *p, int i, const expr_t e);

/* Value / truth of e at the point. */
void sound_eval_num(sound_val v, const expr_t e, sound_point *p);
int sound_eval_bool(const expr_t e, sound_point *p);

/* Sign of v (-1, 0, 1) or 2 when too close to call. */
int sound_val_sgn(const sound_val v);

const char *sound_tv_name(int t);

#endif
