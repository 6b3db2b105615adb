/* expr_fast_quant.h -- exists / forall / maxof / minof in the double-interval
 * fast path (internal to src/expr; the hooks in expr_fast.c).
 *
 * The verdicts' meaning and the budget (EXPR_QUANT_BUDGET certified condition
 * evaluations per call) of expr_quant.c, with each piece B x X evaluated by
 * an expr_fast of the condition (tightening over the outer active parameters
 * and the bound variable: natural enclosure, mean-value form, endpoint test)
 * instead of Arb; exists / forall choose their pieces with a plain-double
 * guide (expr_fast_quant.c), maxof / minof bisect as expr_quant.c does. An UNKNOWN verdict or an undefined
 * extremum of the fast path is never final: the caller (the paving engine)
 * falls back to Arb at the depth limit. */
#ifndef FC_EXPR_FAST_QUANT_H
#define FC_EXPR_FAST_QUANT_H

#include "expr/expr_prog.h"

typedef struct expr_fastq_struct expr_fastq;

/* One fast evaluator per quantifier of p, active over active[0 .. nactive-1]
 * and the bound variable; NULL if p has no quantifier. Every condition must
 * have a fast path (expr_fast.c's supported() checks them first). */
expr_fastq *expr_fastq_new(const expr_prog_struct *p, const int *active, int nactive);
void expr_fastq_free(expr_fastq *w);
/* From expr_fast.c: the "merit" of boolean root `root` of f's program at the
 * point x (one double per parameter), in plain double arithmetic, so with no
 * guarantee at all: > 0 where the predicate looks true, < 0 where it looks
 * false (u > 0 gives u, u < 0 gives -u, `and` the least of its operands,
 * `or` the greatest, `not` the negation); NaN where it cannot say (an
 * undefined operation, a nested quantifier or extremum). It only guides the
 * searches below to where a certified evaluation is worth trying. */
double expr_fast_merit(expr_fast_t f, const double *x, int root);

/* exists (op OP_EXISTS) / forall (OP_FORALL) x in LO .. HI : C(b, x) for every
 * b of the box [blo[i], bhi[i]] (i < nparams), where [lo_lo, lo_hi] encloses
 * LO(b) and [hi_lo, hi_hi] encloses HI(b) over the box (finite): TRUE, FALSE
 * with the guarantee of expr_quant.h, or UNKNOWN. */
expr_tv_t expr_fastq_search(expr_fastq *w, int q, int op, double lo_lo, double lo_hi, double hi_lo,
                            double hi_hi, const double *blo, const double *bhi);

/* maxof (sgn 1) / minof (sgn -1) of F(b, x) over LO(b) <= x <= HI(b) (ends
 * as above): 1 and [*ylo, *yhi] containing the extremum for every b in the
 * box when F is proved defined on pieces covering the hull of the ranges
 * and every range is nonempty; 0 otherwise (-1: the range is empty at every
 * point of the box, so the extremum is undefined there). */
int expr_fastq_extremum(expr_fastq *w, int q, int sgn, double lo_lo, double lo_hi, double hi_lo, double hi_hi,
                        const double *blo, const double *bhi, double *ylo, double *yhi);

#endif
