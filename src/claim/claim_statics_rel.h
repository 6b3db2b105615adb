/* claim_statics_rel.h -- exact relations that rule out sign vectors (internal to src/claim). */
#ifndef FC_CLAIM_STATICS_REL_H
#define FC_CLAIM_STATICS_REL_H

#include <flint/fmpq_mpoly.h>

/* the signs a quantity may take at a point: a bit mask */
#define CSR_NEG 1
#define CSR_ZERO 2
#define CSR_POS 4

/* out = in reduced modulo the relations of the algebraic variables (both in ctx) */
typedef void (*csr_nf_fn)(fmpq_mpoly_t out, const fmpq_mpoly_t in, const void *data);

/* 1 when no point x (of any set) can have sign(P_i(x)) in mask[i] for every
 * i < n, proved by an exact identity sum_j lambda_j T_j = 0 modulo the
 * relations (nf), lambda_j rational, T_j the constant 1, the P_i and the
 * products P_i P_k with dep[i] or dep[k] nonzero: at such an x every lambda_j T_j(x) would be >= 0 with
 * one > 0 (the masks, multiplied, say so), which contradicts the sum 0. The
 * relation is checked again by fmpq_mpoly arithmetic before 1 is returned.
 * Preconditions: the identity modulo nf holds at x (every algebraic
 * variable in the P_i is defined there and satisfies its relation). 0 when
 * no such identity is found (not a proof of anything). */
int claim_statics_rel_excludes(const fmpq_mpoly_struct *const *P, const int *mask, const int *dep, int n,
                               const fmpq_mpoly_ctx_t ctx, csr_nf_fn nf, const void *nfdata);

/* A memo of claim_statics_rel_excludes' answers for one context ctx and one
 * reduction nf: the answer is a function of (P_i, mask_i, dep_i), i < n, alone,
 * so a question asked again (the same vector on another cell) is answered
 * from it, with the same answer. At most CSR_MEMO_MAX questions are kept. */
typedef struct csr_memo_struct csr_memo_struct;
typedef csr_memo_struct *csr_memo_t;

csr_memo_t csr_memo_new(void);
void csr_memo_free(csr_memo_t memo, const fmpq_mpoly_ctx_t ctx);

/* claim_statics_rel_excludes(P, mask, dep, n, ctx, nf, nfdata), answered from
 * memo when it holds the question (memo NULL: no memo); the answer is kept. */
int claim_statics_rel_excludes_memo(csr_memo_t memo, const fmpq_mpoly_struct *const *P, const int *mask,
                                    const int *dep, int n, const fmpq_mpoly_ctx_t ctx, csr_nf_fn nf,
                                    const void *nfdata);

#endif
