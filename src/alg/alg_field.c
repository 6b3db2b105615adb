/* alg_field.c -- coefficients in a real multi-quadratic field
 * Q(sqrt(p_1), ..., sqrt(p_k)) (distinct primes p_i), each sqrt(p_i) a
 * generator of an fmpq_mpoly context (see alg.h). The square roots of
 * distinct primes are linearly independent over Q, so a polynomial of degree
 * < 2 in every generator (reduced) is zero at (sqrt(p_1), ...) iff it is the
 * zero polynomial; the automorphisms sqrt(p_i) -> -sqrt(p_i) give inverses
 * and norms. */
#include "alg/alg.h"

void alg_field_init(alg_field_t F, slong first)
{
    slong i;
    F->first = first;
    F->n = 0;
    for (i = 0; i < ALG_FIELD_MAX; i++) F->num[i] = NULL;
}

void alg_field_clear(alg_field_t F)
{
    slong i;
    for (i = 0; i < ALG_FIELD_MAX; i++)
        if (F->num[i] != NULL) {
            alg_num_clear(F->num[i]);
            flint_free(F->num[i]);
            F->num[i] = NULL;
        }
}

slong alg_field_gen(alg_field_t F, ulong p)
{
    slong i;
    for (i = 0; i < F->n; i++)
        if (F->prime[i] == p) return F->first + i;
    if (F->n == ALG_FIELD_MAX) return -1;
    if (alg_field_num_count(F) > 0 && !_alg_field_independent(F, p, NULL)) return -1;
    F->prime[F->n] = p;
    return F->first + F->n++;
}

void alg_field_reduce(fmpq_mpoly_t a, const alg_field_t F, const fmpq_mpoly_ctx_t ctx)
{
    slong i, k, nv = fmpq_mpoly_ctx_nvars(ctx), len = fmpq_mpoly_length(a, ctx);
    int need = 0;
    ulong *ex;
    fmpq_mpoly_t r, t;
    fmpq_t q;
    if (F == NULL || F->n == 0) return;
    if (alg_field_num_count(F) > 0) {
        _alg_field_num_reduce(a, F, ctx);
        len = fmpq_mpoly_length(a, ctx);
    }
    ex = flint_malloc(nv * sizeof(ulong));
    for (k = 0; k < len && !need; k++) {
        fmpq_mpoly_get_term_exp_ui(ex, a, k, ctx);
        for (i = 0; i < F->n; i++)
            if (F->num[i] == NULL && ex[F->first + i] >= 2) need = 1;
    }
    if (!need) { flint_free(ex); return; }
    fmpq_mpoly_init(r, ctx);
    fmpq_mpoly_init(t, ctx);
    fmpq_init(q);
    for (k = 0; k < len; k++) {
        fmpq_mpoly_get_term_exp_ui(ex, a, k, ctx);
        fmpq_mpoly_get_term_coeff_fmpq(q, a, k, ctx);
        for (i = 0; i < F->n; i++) {
            ulong e = ex[F->first + i];
            if (e >= 2 && F->num[i] == NULL) {
                fmpz_t pw;
                fmpz_init(pw);
                fmpz_set_ui(pw, F->prime[i]);
                fmpz_pow_ui(pw, pw, e / 2);
                fmpq_mul_fmpz(q, q, pw);
                fmpz_clear(pw);
                ex[F->first + i] = e % 2;
            }
        }
        fmpq_mpoly_zero(t, ctx);
        fmpq_mpoly_set_coeff_fmpq_ui(t, q, ex, ctx);
        fmpq_mpoly_add(r, r, t, ctx);
    }
    fmpq_mpoly_swap(a, r, ctx);
    fmpq_mpoly_clear(r, ctx);
    fmpq_mpoly_clear(t, ctx);
    fmpq_clear(q);
    flint_free(ex);
}

/* out = sigma_i(a): generator i negated. */
static void conjugate(fmpq_mpoly_t out, const fmpq_mpoly_t a, const alg_field_t F, slong i,
                      const fmpq_mpoly_ctx_t ctx)
{
    slong k, nv = fmpq_mpoly_ctx_nvars(ctx), len = fmpq_mpoly_length(a, ctx);
    ulong *ex = flint_malloc(nv * sizeof(ulong));
    fmpq_mpoly_t r, t;
    fmpq_t q;
    fmpq_mpoly_init(r, ctx);
    fmpq_mpoly_init(t, ctx);
    fmpq_init(q);
    for (k = 0; k < len; k++) {
        fmpq_mpoly_get_term_exp_ui(ex, a, k, ctx);
        fmpq_mpoly_get_term_coeff_fmpq(q, a, k, ctx);
        if (ex[F->first + i] % 2) fmpq_neg(q, q);
        fmpq_mpoly_zero(t, ctx);
        fmpq_mpoly_set_coeff_fmpq_ui(t, q, ex, ctx);
        fmpq_mpoly_add(r, r, t, ctx);
    }
    fmpq_mpoly_swap(out, r, ctx);
    fmpq_mpoly_clear(r, ctx);
    fmpq_mpoly_clear(t, ctx);
    fmpq_clear(q);
    flint_free(ex);
}

/* One step of the norm for generator i, on a reduced x: when x involves
 * sqrt(p_i), sets c = sigma_i(x) and x = x * c reduced (then free of
 * sqrt(p_i)) and returns 1; returns 0, x and c untouched, when it does not. */
static int norm_step(fmpq_mpoly_t x, fmpq_mpoly_t c, const alg_field_t F, slong i,
                     const fmpq_mpoly_ctx_t ctx)
{
    if (fmpq_mpoly_degree_si(x, F->first + i, ctx) < 1) return 0;
    conjugate(c, x, F, i, ctx);
    fmpq_mpoly_mul(x, x, c, ctx);
    alg_field_reduce(x, F, ctx);
    return 1;
}

void alg_field_norm(fmpq_mpoly_t out, const fmpq_mpoly_t a, const alg_field_t F, const fmpq_mpoly_ctx_t ctx)
{
    slong i;
    fmpq_mpoly_t c;
    fmpq_mpoly_init(c, ctx);
    fmpq_mpoly_set(out, a, ctx);
    if (F != NULL)
        for (i = 0; i < F->n; i++) {
            alg_field_reduce(out, F, ctx);
            if (F->num[i] != NULL) {   /* a general generator: the resultant with its polynomial */
                if (fmpq_mpoly_degree_si(out, F->first + i, ctx) >= 1)
                    _alg_field_num_norm_step(out, F, i, ctx);
                continue;
            }
            norm_step(out, c, F, i, ctx);
        }
    fmpq_mpoly_clear(c, ctx);
}

int alg_field_inv(fmpq_mpoly_t out, const fmpq_mpoly_t a, const alg_field_t F, const fmpq_mpoly_ctx_t ctx)
{
    fmpq_mpoly_t num, den, c;
    slong i;
    int rc = 0;
    if (F != NULL && alg_field_num_count(F) > 0) return _alg_field_num_inv(out, a, F, ctx);
    fmpq_mpoly_init(num, ctx);
    fmpq_mpoly_init(den, ctx);
    fmpq_mpoly_init(c, ctx);
    fmpq_mpoly_one(num, ctx);
    fmpq_mpoly_set(den, a, ctx);
    alg_field_reduce(den, F, ctx);
    if (F != NULL)
        for (i = 0; i < F->n; i++)
            if (norm_step(den, c, F, i, ctx)) {
                fmpq_mpoly_mul(num, num, c, ctx);
                alg_field_reduce(num, F, ctx);
            }
    if (!fmpq_mpoly_is_fmpq(den, ctx) || fmpq_mpoly_is_zero(den, ctx)) rc = -1;
    else {
        fmpq_t q;
        fmpq_init(q);
        fmpq_mpoly_get_fmpq(q, den, ctx);
        fmpq_mpoly_scalar_div_fmpq(out, num, q, ctx);
        fmpq_clear(q);
    }
    fmpq_mpoly_clear(num, ctx);
    fmpq_mpoly_clear(den, ctx);
    fmpq_mpoly_clear(c, ctx);
    return rc;
}

int alg_field_is_const(const fmpq_mpoly_t a, const alg_field_t F, const fmpq_mpoly_ctx_t ctx)
{
    slong v, nv = fmpq_mpoly_ctx_nvars(ctx);
    for (v = 0; v < nv; v++) {
        int gen = F != NULL && v >= F->first && v < F->first + F->n;
        if (!gen && fmpq_mpoly_degree_si(a, v, ctx) > 0) return 0;
    }
    return 1;
}

int alg_field_sqrt(fmpq_mpoly_t out, const fmpq_t q, alg_field_t F, const fmpq_mpoly_ctx_t ctx)
{
    fmpz_t m, s;
    fmpz_factor_t fac;
    fmpq_t c;
    slong i;
    int rc = 0;
    if (fmpq_sgn(q) < 0) return -1;
    if (fmpq_is_zero(q)) { fmpq_mpoly_zero(out, ctx); return 0; }
    /* sqrt(a/b) = sqrt(a b)/b; a b = s^2 r, r square-free */
    fmpz_init(m);
    fmpz_init(s);
    fmpq_init(c);
    fmpz_mul(m, fmpq_numref(q), fmpq_denref(q));
    if (fmpz_bits(m) > 200) rc = -1;
    fmpz_factor_init(fac);
    if (rc == 0) fmpz_factor(fac, m);
    fmpz_one(s);
    fmpq_mpoly_one(out, ctx);
    for (i = 0; rc == 0 && i < fac->num; i++) {
        fmpz_t pw;
        fmpz_init(pw);
        fmpz_pow_ui(pw, fac->p + i, fac->exp[i] / 2);
        fmpz_mul(s, s, pw);
        fmpz_clear(pw);
        if (fac->exp[i] % 2) {
            slong g;
            fmpq_mpoly_t t;
            if (!fmpz_abs_fits_ui(fac->p + i)) {
                rc = -1;
                break;
            }
            fmpq_mpoly_init(t, ctx);
            if ((g = alg_field_gen(F, fmpz_get_ui(fac->p + i))) >= 0) fmpq_mpoly_gen(t, g, ctx);
            else if (alg_field_num_count(F) == 0 || _alg_field_sqrt_express(t, F, fmpz_get_ui(fac->p + i), ctx)) {
                fmpq_mpoly_clear(t, ctx);   /* sqrt(p) not in the field and not addable */
                rc = -1;
                break;
            }
            fmpq_mpoly_mul(out, out, t, ctx);
            fmpq_mpoly_clear(t, ctx);
        }
    }
    if (rc == 0) {
        fmpq_set_fmpz_frac(c, s, fmpq_denref(q));
        fmpq_mpoly_scalar_mul_fmpq(out, out, c, ctx);
    }
    fmpz_factor_clear(fac);
    fmpz_clear(m);
    fmpz_clear(s);
    fmpq_clear(c);
    return rc;
}

void alg_field_gen_balls(arb_ptr v, const alg_field_t F, slong prec)
{
    slong i;
    if (F == NULL) return;
    for (i = 0; i < F->n; i++)
        if (F->num[i] != NULL) alg_num_enclosure(v + F->first + i, F->num[i], prec);
        else arb_sqrt_ui(v + F->first + i, F->prime[i], prec);
}

void alg_mpoly_eval_balls(arb_t out, const fmpq_mpoly_t a, arb_srcptr vals, const fmpq_mpoly_ctx_t ctx, slong prec)
{
    slong k, v, nv = fmpq_mpoly_ctx_nvars(ctx), len = fmpq_mpoly_length(a, ctx);
    ulong *ex = flint_malloc(nv * sizeof(ulong));
    arb_t t, p;
    fmpq_t q;
    arb_init(t);
    arb_init(p);
    fmpq_init(q);
    arb_zero(out);
    for (k = 0; k < len; k++) {
        fmpq_mpoly_get_term_exp_ui(ex, a, k, ctx);
        fmpq_mpoly_get_term_coeff_fmpq(q, a, k, ctx);
        arb_set_fmpq(t, q, prec);
        for (v = 0; v < nv; v++)
            if (ex[v]) {
                arb_pow_ui(p, vals + v, ex[v], prec);
                arb_mul(t, t, p, prec);
            }
        arb_add(out, out, t, prec);
    }
    arb_clear(t);
    arb_clear(p);
    fmpq_clear(q);
    flint_free(ex);
}
