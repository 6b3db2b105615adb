/* alg_elim.c -- discriminant and resultant with respect to one generator. */
#include "alg/alg.h"

int alg_discriminant(fmpq_mpoly_t out, const fmpq_mpoly_t p, slong var, const fmpq_mpoly_ctx_t ctx)
{
    if (fmpq_mpoly_is_zero(p, ctx) || fmpq_mpoly_degree_si(p, var, ctx) < 1)
        return -1;
    return fmpq_mpoly_discriminant(out, p, var, ctx) ? 0 : -1;
}

int alg_resultant(fmpq_mpoly_t out, const fmpq_mpoly_t p, const fmpq_mpoly_t q, slong var,
                  const fmpq_mpoly_ctx_t ctx)
{
    if (fmpq_mpoly_degree_si(p, var, ctx) < 1 && fmpq_mpoly_degree_si(q, var, ctx) < 1)
        return -1;
    return fmpq_mpoly_resultant(out, p, q, var, ctx) ? 0 : -1;
}
