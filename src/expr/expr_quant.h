/* expr_quant.h -- exists / forall as certified three-valued operators
 * (internal to src/expr; the hooks in expr_compile.c and expr_eval.c).
 *
 * "exists x in LO .. HI : P" on a box B of the parameters:
 *   TRUE    some interval X (possibly a point) inside [LO(b), HI(b)] for every
 *           b in B is found with P certified TRUE on B x X;
 *   FALSE   P is certified FALSE on B x X for pieces X covering the hull of
 *           [LO(b), HI(b)] over B (or the range is empty for every b in B);
 *   UNKNOWN otherwise, in particular when the evaluation budget runs out.
 * "forall" is the dual (TRUE by covering pieces, FALSE by one piece). */
#ifndef FC_EXPR_QUANT_H
#define FC_EXPR_QUANT_H

#include "expr/expr_prog.h"

/* Evaluations of the condition allowed per quantifier call (per box). */
#define EXPR_QUANT_BUDGET 64
/* The same for argmax / argmin / root with data that vary, which need a
 * narrow answer rather than a verdict. */
#define EXPR_QUANT_ARG_BUDGET 128
/* The budget of those five calls when every parameter is a point (a case's
 * [point], the case's own values), where one call is cheap and a tight
 * value matters. */
#define EXPR_QUANT_POINT_BUDGET 1024
/* Deepest nesting (each level multiplies the work by the budget). */
#define EXPR_QUANT_MAX_NEST 3

/* 1 if e is a call maxof(F, x, LO .. HI), minof, argmax, argmin (same
 * arguments) or root(P, x, LO .. HI, k) with k an integer literal in
 * 1 .. 1000 (checked) that is compiled as an instruction: one whose data vary
 * (src/alg rewrites the calls with constant data into constant balls before
 * compilation). */
int expr_quant_is_extremum(const expr_t e);
/* The instruction of such a call (OP_MAXOF ... OP_ROOT), or -1. */
int expr_quant_op(const expr_t e);

/* Compiles the condition of quantifier node e (EXPR_EXISTS / EXPR_FORALL,
 * checked), or the function of an extremum call, in scope s extended by its
 * bound variable, appends it to p->quants and returns its index; -1 with err
 * filled on failure. */
int expr_quant_compile(expr_prog_struct *p, const expr_scope_t s, const expr_t e, expr_error_t *err);
/* Frees p->quants. */
void expr_quant_prog_clear(expr_prog_struct *p);

/* Per-evaluator workspace: one evaluator per quantifier of the program,
 * tightening over the outer active parameters and the bound variable. */
typedef struct expr_quant_ws_struct expr_quant_ws;

/* NULL if p has no quantifier. */
expr_quant_ws *expr_quant_ws_new(const expr_prog_struct *p, const int *active, int nactive, slong prec);
void expr_quant_ws_free(expr_quant_ws *w);
void expr_quant_ws_set_prec(expr_quant_ws *w, slong prec);
/* Evaluations of the conditions (instruction executions) so far. */
ulong expr_quant_ws_count(const expr_quant_ws *w);

/* Executes instruction x (OP_EXISTS / OP_FORALL) of a pass: registers v with
 * statuses st, parameters box; writes the verdict and its status. w = NULL:
 * the status only, verdict EXPR_TV_UNKNOWN (for passes that tighten numbers). */
void expr_quant_step(expr_quant_ws *w, const expr_instr *x, arb_srcptr v, const unsigned char *st,
                     arb_srcptr box, unsigned char *st_out, unsigned char *tv_out);

/* Executes instruction x (OP_MAXOF / OP_MINOF): writes into y a ball that
 * contains max (min) of F(b, x) over LO(b) <= x <= HI(b) for every b in the
 * box, and its status: DEFINED only when F is proved defined on pieces
 * covering the hull of the ranges and every range is nonempty; w = NULL:
 * PARTIAL with an indeterminate ball (for passes that tighten numbers).
 * Upper end: the largest upper bound of F on the pieces of a bisection of the
 * hull that are left; lower end: the largest lower bound of F at points of
 * the common part of the ranges (pieces below it are discarded). */
void expr_quant_extremum_step(expr_quant_ws *w, const expr_instr *x, arb_srcptr v, const unsigned char *st,
                              arb_srcptr box, arb_ptr y, unsigned char *st_out);

#endif
