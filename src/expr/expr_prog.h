/* expr_prog.h -- compiled programs (internal to src/expr).
 *
 * A program is a flat array of instructions in evaluation order; each
 * instruction writes the register with its own index. Operands name earlier
 * registers. Identical instructions are shared (hash-consing), so a
 * subexpression used twice is evaluated once. */
#ifndef FC_EXPR_PROG_H
#define FC_EXPR_PROG_H

#include "expr/expr.h"

/* Kleene's three-valued logic, shared by the ball and the double-interval
 * evaluators: FALSE absorbs in "and", TRUE in "or", otherwise UNKNOWN spreads. */
static inline expr_tv_t expr_tv_not(expr_tv_t a)
{
    return a == EXPR_TV_UNKNOWN ? EXPR_TV_UNKNOWN : a == EXPR_TV_TRUE ? EXPR_TV_FALSE : EXPR_TV_TRUE;
}

static inline expr_tv_t expr_tv_and(expr_tv_t a, expr_tv_t b)
{
    if (a == EXPR_TV_FALSE || b == EXPR_TV_FALSE) return EXPR_TV_FALSE;
    if (a == EXPR_TV_TRUE && b == EXPR_TV_TRUE) return EXPR_TV_TRUE;
    return EXPR_TV_UNKNOWN;
}

static inline expr_tv_t expr_tv_or(expr_tv_t a, expr_tv_t b)
{
    return expr_tv_not(expr_tv_and(expr_tv_not(a), expr_tv_not(b)));
}

typedef enum {
    OP_CONST,      /* x = constant c (ball at the run's precision) */
    OP_PARAM,      /* x = box[a] */
    OP_NEG, OP_ADD, OP_SUB, OP_MUL, OP_DIV,
    OP_POWQ,       /* x = a ^ q, q = rational exponent c */
    OP_POW,        /* x = a ^ b, general (a > 0) */
    OP_SIN, OP_COS, OP_TAN, OP_COT, OP_ASIN, OP_ACOS, OP_ATAN, OP_ATAN2,
    OP_SINH, OP_COSH, OP_TANH, OP_EXP, OP_LOG, OP_SQRT, OP_CBRT,
    OP_ABS, OP_SIGN, OP_MIN, OP_MAX,
    OP_IF,         /* x = a ? b : c (a boolean register) */
    OP_MAXOF, OP_MINOF, /* extremum of a function over a range that moves with the box (expr_quant.c):
                           a, b: registers of LO, HI; c: index into quants */
    OP_ARGMAX, OP_ARGMIN, OP_ROOT, /* the same for argmax / argmin / root (expr_quant.c); root: the
                           quant has two roots (P, dP/dx) and its qarg is the root number k */
    OP_STATICS,    /* +1 / -1 / [-1, 1]: an equilibrium exists (expr_statics.c); c: index into statics */
    /* boolean-valued */
    OP_LT0, OP_LE0, OP_GT0, OP_GE0, OP_EQ0, OP_NE0,  /* compare a with 0 */
    OP_TRUE, OP_FALSE, OP_NOT, OP_AND, OP_OR, OP_XOR, OP_IMPLIES, OP_IFF,
    OP_EXISTS, OP_FORALL  /* a, b: registers of LO, HI; c: index into quants (expr_quant.c) */
} expr_op;

typedef struct {
    int op;
    int a, b, c;   /* registers (or parameter / constant index) */
} expr_instr;

typedef enum { CONST_Q, CONST_PI, CONST_E, CONST_BALL } expr_const_kind;

typedef struct {
    expr_const_kind kind;
    fmpq_t q;
    arb_t ball;
} expr_const;

struct expr_prog_struct {
    expr_instr *ins;
    int n, alloc;
    expr_const *consts;
    int nconsts, cons_alloc;
    int *roots;
    int nroots;
    int nparams;
    struct expr_prog_struct **quants;   /* per quantifier: its condition, one parameter more */
    int nquants;
    int qdepth;                         /* deepest nesting of quantifiers */
    struct expr_statics_desc_struct *statics;   /* per statics_sign call (expr_statics.h) */
    int nstatics;
    int qarg;                           /* a quant's own program: root()'s root number k (else 0) */
};

#define OP_IS_BOOL(op) ((op) >= OP_LT0)

/* The active parameters of an evaluator of P: *act = a copy of active[0 .. nactive - 1],
 * (*pos)[i] = the position of parameter i in active, or -1 (an index outside 0 .. nparams - 1
 * stays in act and has no pos). Both are allocated here; free them with flint_free. */
void expr_prog_active(int **act, int **pos, const expr_prog_t p, const int *active, int nactive);

#endif
