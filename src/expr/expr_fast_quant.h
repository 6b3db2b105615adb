/* expr_fast_quant.h -- exists / forall / maxof / minof in the double-interval
 * fast path (internal to src/expr; the hooks in expr_fast.c).
 *
 * The same searches as expr_quant.c (same verdicts' meaning, same budget of
 * EXPR_QUANT_BUDGET condition evaluations per call), with each piece B x X
 * evaluated by an expr_fast of the condition (tightening over the outer
 * active parameters and the bound variable: natural enclosure, mean-value
 * form, endpoint test) instead of Arb. An UNKNOWN verdict or an undefined
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
/* Condition evaluations per call from now on (1 .. EXPR_QUANT_BUDGET, the
 * default); the quantifiers nested in the conditions keep theirs. */
void expr_fastq_set_budget(expr_fastq *w, int budget);

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
