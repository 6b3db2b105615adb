/* alg_mpoly_expr.c -- an AST from an fmpq_mpoly: sum of c * x1^e1 * ... */
#include "alg/alg.h"

static expr_t gen_expr(const expr_t *gens, const char **vars, slong i)
{
    return gens ? expr_copy(gens[i]) : expr_var(vars[i]);
}

/* |c| * prod gen_i^e_i for term t (the sign is applied by the caller). */
static expr_t term_expr(const fmpq_mpoly_t p, slong t, const expr_t *gens, const char **vars,
                        const fmpq_mpoly_ctx_t ctx, int *neg)
{
    slong n = fmpq_mpoly_ctx_nvars(ctx), i;
    fmpz **exps = flint_malloc(n * sizeof(fmpz *));
    fmpq_t c;
    expr_t r = NULL;

    fmpq_init(c);
    for (i = 0; i < n; i++) {
        exps[i] = flint_malloc(sizeof(fmpz));
        fmpz_init(exps[i]);
    }
    fmpq_mpoly_get_term_coeff_fmpq(c, p, t, ctx);
    fmpq_mpoly_get_term_exp_fmpz(exps, p, t, ctx);
    *neg = fmpq_sgn(c) < 0;
    fmpq_abs(c, c);
    if (!fmpq_is_one(c)) r = expr_num_fmpq(c);
    for (i = 0; i < n; i++) {
        expr_t f;
        if (fmpz_is_zero(exps[i])) continue;
        f = gen_expr(gens, vars, i);
        if (!fmpz_is_one(exps[i])) {
            fmpz_set(fmpq_numref(c), exps[i]);
            fmpz_one(fmpq_denref(c));
            f = expr_binary(EXPR_POW, f, expr_num_fmpq(c));
        }
        r = r ? expr_binary(EXPR_MUL, r, f) : f;
    }
    if (r == NULL) r = expr_num_si(1, 1);
    for (i = 0; i < n; i++) {
        fmpz_clear(exps[i]);
        flint_free(exps[i]);
    }
    flint_free(exps);
    fmpq_clear(c);
    return r;
}

/* Terms t0 .. t1 - 1 of p summed as a balanced tree (depth log2 of the
 * length, so that long polynomials such as a symbolic discriminant do not
 * make deep trees). */
static expr_t sum_terms(const fmpq_mpoly_t p, slong t0, slong t1, const expr_t *gens, const char **vars,
                        const fmpq_mpoly_ctx_t ctx, int *neg)
{
    expr_t a, b;
    int nb;
    slong mid;
    if (t1 - t0 == 1) return term_expr(p, t0, gens, vars, ctx, neg);
    mid = t0 + (t1 - t0) / 2;
    a = sum_terms(p, t0, mid, gens, vars, ctx, neg);
    if (*neg) a = expr_unary(EXPR_NEG, a);
    *neg = 0;
    b = sum_terms(p, mid, t1, gens, vars, ctx, &nb);
    return expr_binary(nb ? EXPR_SUB : EXPR_ADD, a, b);
}

static expr_t to_expr(const fmpq_mpoly_t p, const expr_t *gens, const char **vars,
                      const fmpq_mpoly_ctx_t ctx)
{
    slong t, len = fmpq_mpoly_length(p, ctx);
    expr_t r = NULL;
    if (len == 0) return expr_num_si(0, 1);
    if (len > 32) {           /* long: a balanced sum */
        int neg;
        r = sum_terms(p, 0, len, gens, vars, ctx, &neg);
        return neg ? expr_unary(EXPR_NEG, r) : r;
    }
    for (t = 0; t < len; t++) {
        int neg;
        expr_t m = term_expr(p, t, gens, vars, ctx, &neg);
        if (r == NULL && neg && m->kind == EXPR_NUM)
            r = (fmpq_neg(m->num, m->num), m);
        else if (r == NULL)
            r = neg ? expr_unary(EXPR_NEG, m) : m;
        else
            r = expr_binary(neg ? EXPR_SUB : EXPR_ADD, r, m);
    }
    return r;
}

expr_t alg_mpoly_to_expr(const fmpq_mpoly_t p, const char **vars, const fmpq_mpoly_ctx_t ctx)
{
    return to_expr(p, NULL, vars, ctx);
}

expr_t alg_mpoly_to_expr_gens(const fmpq_mpoly_t p, const expr_t *gens, const fmpq_mpoly_ctx_t ctx)
{
    return to_expr(p, gens, NULL, ctx);
}
