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
/* Deepest nesting (each level multiplies the work by the budget). */
#define EXPR_QUANT_MAX_NEST 3

/* Compiles the condition of quantifier node e (EXPR_EXISTS / EXPR_FORALL,
 * checked) in scope s extended by its bound variable, appends it to
 * p->quants and returns its index; -1 with err filled on failure. */
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
 * the status only, verdict TV_UNKNOWN (for passes that tighten numbers). */
void expr_quant_step(expr_quant_ws *w, const expr_instr *x, arb_srcptr v, const unsigned char *st,
                     arb_srcptr box, unsigned char *st_out, unsigned char *tv_out);

#endif
