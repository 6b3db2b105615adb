/* alg_mpoly.c -- conversion of a polynomial AST to fmpq_mpoly. */
#include <stdio.h>
#include <string.h>
#include "alg/alg.h"

#define ALG_MAX_DEPTH 200      /* nesting of definitions (they are acyclic) */

typedef struct {
    const char **vars;
    slong nvars;
    const fmpq_mpoly_ctx_struct *ctx;
    expr_scope_t s;
    const expr_t *param_value;
    int flags;
    alg_field_struct *F;    /* ALG_FIELD: the field of the constants */
    expr_error_t *err;
} conv_t;

static slong find_var(const conv_t *c, const char *name)
{
    slong i;
    for (i = 0; i < c->nvars; i++)
        if (strcmp(c->vars[i], name) == 0) return i;
    return -1;
}

static void fail(const conv_t *c, const expr_t e, const char *what)
{
    char vl[128];
    size_t len = 0;
    slong i;
    vl[0] = '\0';
    for (i = 0; i < c->nvars && len + 8 < sizeof(vl); i++) {
        int w = snprintf(vl + len, sizeof(vl) - len, "%s%s", i ? ", " : "", c->vars[i]);
        if (w < 0 || (size_t) w >= sizeof(vl) - len) { strcpy(vl + sizeof(vl) - 5, "..."); break; }
        len += (size_t) w;
    }
    if (c->nvars == 0) strcpy(vl, "(no variables)");
    if (c->err == NULL) return;
    c->err->line = e->line;
    c->err->col = e->col;
    snprintf(c->err->msg, sizeof(c->err->msg), "not polynomial in %s: %s, at %d:%d", vl, what,
             e->line, e->col);
}

static int conv(fmpq_mpoly_t out, const expr_t e, const conv_t *c, int depth);

/* out = the constant value of e (no variables in it), or fail. */
static int conv_const(fmpq_t q, const expr_t e, const conv_t *c, int depth, const char *what)
{
    fmpq_mpoly_t t;
    int r;
    fmpq_mpoly_init(t, c->ctx);
    r = conv(t, e, c, depth);
    if (r == 0) {
        if (fmpq_mpoly_is_fmpq(t, c->ctx))
            fmpq_mpoly_get_fmpq(q, t, c->ctx);
        else {
            fail(c, e, what);
            r = -1;
        }
    }
    fmpq_mpoly_clear(t, c->ctx);
    return r;
}

static int conv_name(fmpq_mpoly_t out, const expr_t e, const conv_t *c, int depth)
{
    slong i = find_var(c, e->name);
    int idx = -1, kind;
    expr_t def = NULL;
    char what[200];
    if (i >= 0) {
        fmpq_mpoly_gen(out, i, c->ctx);
        return 0;
    }
    kind = c->s ? expr_scope_lookup(c->s, e->name, &idx, &def) : -1;
    if (kind == 1 && def != NULL)
        return conv(out, def, c, depth + 1);
    if (kind == 0 && c->param_value != NULL && idx >= 0 && c->param_value[idx] != NULL)
        return conv(out, c->param_value[idx], c, depth + 1);
    snprintf(what, sizeof(what), "%s '%.100s'",
             kind == 0 ? "parameter" : kind == 2 ? "predicate" : "name", e->name);
    fail(c, e, what);
    return -1;
}

static int conv_pow(fmpq_mpoly_t out, const expr_t e, const conv_t *c, int depth)
{
    fmpq_t q;
    int r;
    fmpq_init(q);
    r = conv_const(q, e->args[1], c, depth, "a non-constant exponent");
    if (r == 0 && !fmpz_is_one(fmpq_denref(q))) {
        fail(c, e->args[1], "a non-integer exponent");
        r = -1;
    }
    if (r == 0 && fmpz_bits(fmpq_numref(q)) > 20) {
        fail(c, e->args[1], "an exponent too large");
        r = -1;
    }
    if (r == 0)
        r = conv(out, e->args[0], c, depth);
    if (r == 0) {
        slong k = fmpz_get_si(fmpq_numref(q));
        if (k >= 0) {
            if (!fmpq_mpoly_pow_ui(out, out, (ulong) k, c->ctx)) {
                fail(c, e, "a power too large");
                r = -1;
            } else alg_field_reduce(out, c->F, c->ctx);
        } else if ((c->flags & ALG_FIELD) && c->F != NULL && !fmpq_mpoly_is_fmpq(out, c->ctx) &&
                   alg_field_is_const(out, c->F, c->ctx) && alg_field_inv(out, out, c->F, c->ctx) == 0) {
            fmpq_mpoly_pow_ui(out, out, (ulong) -k, c->ctx);
            alg_field_reduce(out, c->F, c->ctx);
        } else if (fmpq_mpoly_is_fmpq(out, c->ctx) && !fmpq_mpoly_is_zero(out, c->ctx)) {
            fmpq_t b;
            fmpq_init(b);
            fmpq_mpoly_get_fmpq(b, out, c->ctx);
            fmpq_inv(b, b);
            fmpq_pow_si(b, b, -k);
            fmpq_mpoly_set_fmpq(out, b, c->ctx);
            fmpq_clear(b);
        } else {
            fail(c, e, "a negative power of a non-constant");
            r = -1;
        }
    }
    fmpq_clear(q);
    return r;
}

/* A rational constant, quietly (no error message): 0, or -1. */
static int quiet_rational(fmpq_t q, const expr_t e, const conv_t *c, int depth)
{
    conv_t d = *c;
    d.err = NULL;
    return conv_const(q, e, &d, depth, "");
}

/* 1 if e is exactly r pi for a rational r (definitions and fixed parameters followed). */
static int pi_multiple(fmpq_t r, const expr_t e, const conv_t *c, int depth)
{
    fmpq_t a, b;
    int ok = 0, idx = -1, kind;
    expr_t def = NULL;
    if (depth > ALG_MAX_DEPTH) return 0;
    switch (e->kind) {
    case EXPR_NUM:
        fmpq_zero(r);
        return fmpq_is_zero(e->num);
    case EXPR_PI:
        fmpq_one(r);
        return 1;
    case EXPR_NEG:
        if (!pi_multiple(r, e->args[0], c, depth + 1)) return 0;
        fmpq_neg(r, r);
        return 1;
    case EXPR_VAR:
        if (find_var(c, e->name) >= 0) return 0;
        kind = c->s ? expr_scope_lookup(c->s, e->name, &idx, &def) : -1;
        if (kind == 1 && def != NULL) return pi_multiple(r, def, c, depth + 1);
        if (kind == 0 && c->param_value != NULL && idx >= 0 && c->param_value[idx] != NULL)
            return pi_multiple(r, c->param_value[idx], c, depth + 1);
        return 0;
    case EXPR_ADD: case EXPR_SUB: case EXPR_MUL: case EXPR_DIV:
        fmpq_init(a);
        fmpq_init(b);
        if (e->kind == EXPR_ADD || e->kind == EXPR_SUB) {
            ok = pi_multiple(a, e->args[0], c, depth + 1) && pi_multiple(b, e->args[1], c, depth + 1);
            if (ok) {
                if (e->kind == EXPR_ADD) fmpq_add(r, a, b);
                else fmpq_sub(r, a, b);
            }
        } else if (e->kind == EXPR_MUL) {
            if (pi_multiple(a, e->args[0], c, depth + 1) && quiet_rational(b, e->args[1], c, depth + 1) == 0) ok = 1;
            else if (pi_multiple(a, e->args[1], c, depth + 1) && quiet_rational(b, e->args[0], c, depth + 1) == 0)
                ok = 1;
            if (ok) fmpq_mul(r, a, b);
        } else {
            ok = pi_multiple(a, e->args[0], c, depth + 1) && quiet_rational(b, e->args[1], c, depth + 1) == 0 &&
                 !fmpq_is_zero(b);
            if (ok) fmpq_div(r, a, b);
        }
        fmpq_clear(a);
        fmpq_clear(b);
        return ok;
    default:
        return 0;
    }
}

/* cos(j pi/12) in the field. */
static int cos12(fmpq_mpoly_t out, slong j, const conv_t *c)
{
    fmpq_t q;
    fmpq_mpoly_t t;
    int neg = 0, rc = 0;
    j %= 24;
    if (j < 0) j += 24;
    if (j > 12) j = 24 - j;
    if (j > 6) { j = 12 - j; neg = 1; }
    fmpq_init(q);
    fmpq_mpoly_init(t, c->ctx);
    switch (j) {
    case 0: fmpq_mpoly_one(out, c->ctx); break;
    case 6: fmpq_mpoly_zero(out, c->ctx); break;
    case 4: fmpq_mpoly_set_si(out, 1, c->ctx); fmpq_mpoly_scalar_div_si(out, out, 2, c->ctx); break;
    case 2: case 3:   /* sqrt(3/4), sqrt(1/2) */
        fmpq_set_si(q, j == 2 ? 3 : 1, j == 2 ? 4 : 2);
        rc = alg_field_sqrt(out, q, c->F, c->ctx);
        break;
    default:          /* (sqrt(6) +- sqrt(2))/4 */
        fmpq_set_si(q, 6, 16);
        rc = alg_field_sqrt(out, q, c->F, c->ctx);
        fmpq_set_si(q, 2, 16);
        if (rc == 0) rc = alg_field_sqrt(t, q, c->F, c->ctx);
        if (rc == 0) {
            if (j == 1) fmpq_mpoly_add(out, out, t, c->ctx);
            else fmpq_mpoly_sub(out, out, t, c->ctx);
        }
        break;
    }
    if (neg) fmpq_mpoly_neg(out, out, c->ctx);
    fmpq_clear(q);
    fmpq_mpoly_clear(t, c->ctx);
    return rc;
}

static void fmul(fmpq_mpoly_t out, const fmpq_mpoly_t a, const fmpq_mpoly_t b, const conv_t *c)
{
    fmpq_mpoly_mul(out, a, b, c->ctx);
    alg_field_reduce(out, c->F, c->ctx);
}

/* out = T_k(y) for the Chebyshev polynomial T_k and an element y, reduced (Horner). */
static void chebyshev_gen(fmpq_mpoly_t out, ulong k, const fmpq_mpoly_t y, const conv_t *c)
{
    fmpz_poly_t T;
    slong i;
    fmpq_t q;
    fmpq_mpoly_t r;
    fmpz_poly_init(T);
    fmpq_init(q);
    fmpq_mpoly_init(r, c->ctx);
    fmpz_poly_chebyshev_t(T, k);
    for (i = fmpz_poly_degree(T); i >= 0; i--) {
        fmpq_mpoly_mul(r, r, y, c->ctx);
        alg_field_reduce(r, c->F, c->ctx);
        fmpq_set_fmpz(q, T->coeffs + i);
        fmpq_mpoly_add_fmpq(r, r, q, c->ctx);
    }
    fmpq_mpoly_swap(out, r, c->ctx);
    fmpz_poly_clear(T);
    fmpq_clear(q);
    fmpq_mpoly_clear(r, c->ctx);
}

/* cos(r pi), sin(r pi) for r = a/n with 12 r not an integer: both are
 * cosines of multiples of 2 pi / M, M = lcm(2n, 4) (sin x = cos(pi/2 - x)),
 * so Chebyshev polynomials T_k of the generator cos(2 pi / M) (a general
 * generator of degree phi(M)/2, its minimal polynomial from FLINT). */
static int cos_pi_general(fmpq_mpoly_t co, fmpq_mpoly_t si, const fmpq_t r, const conv_t *c)
{
    alg_num_t a;
    ulong n, M, k, j;
    slong g;
    fmpz_t t;
    int rc = -1;
    if (!fmpz_abs_fits_ui(fmpq_denref(r)) || fmpz_cmp_ui(fmpq_denref(r), 1000) > 0) return -1;
    n = fmpz_get_ui(fmpq_denref(r));
    M = 2 * n;
    if (M % 4) M *= 2;
    fmpz_init(t);
    alg_num_init(a);
    /* k = a M / (2n) mod M */
    fmpz_mul_ui(t, fmpq_numref(r), M / (2 * n));
    k = fmpz_fdiv_ui(t, M);
    j = (M / 4 + M - k) % M;
    if (alg_num_cos_2pi(a, M) == 0) {
        fmpq_mpoly_t y;
        fmpq_mpoly_init(y, c->ctx);
        if ((g = alg_field_gen_num(c->F, a)) >= 0) {
            fmpq_mpoly_gen(y, g, c->ctx);
            rc = 0;
        } else rc = alg_field_express(y, c->F, a, c->ctx);   /* already in the field? */
        if (rc == 0) {
            chebyshev_gen(co, k, y, c);
            chebyshev_gen(si, j, y, c);
        }
        fmpq_mpoly_clear(y, c->ctx);
    }
    alg_num_clear(a);
    fmpz_clear(t);
    return rc;
}

/* (co, si) = (cos e, sin e) for an angle e of the field (see ALG_FIELD). */
static int angle_cs(fmpq_mpoly_t co, fmpq_mpoly_t si, const expr_t e, const conv_t *c, int depth)
{
    fmpq_t r, q, x;
    fmpq_mpoly_t c2, s2, t;
    int rc = -1, idx = -1, kind;
    expr_t def = NULL;
    char name[256];
    slong i;
    if (depth > ALG_MAX_DEPTH) return -1;
    fmpq_init(r);
    fmpq_init(q);
    fmpq_init(x);
    fmpq_mpoly_init(c2, c->ctx);
    fmpq_mpoly_init(s2, c->ctx);
    fmpq_mpoly_init(t, c->ctx);
    if (pi_multiple(r, e, c, depth)) {
        fmpq_mul_si(q, r, 12);
        if (fmpz_is_one(fmpq_denref(q)) && fmpz_fits_si(fmpq_numref(q))) {
            slong j = fmpz_get_si(fmpq_numref(q)) % 24;
            rc = cos12(co, j, c);
            if (rc == 0) rc = cos12(si, 6 - j, c);
        } else rc = cos_pi_general(co, si, r, c);
        goto done;
    }
    switch (e->kind) {
    case EXPR_VAR:
        if ((c->flags & ALG_TRIG) && strlen(e->name) <= 200) {
            snprintf(name, sizeof(name), "c_%s", e->name);
            if ((i = find_var(c, name)) >= 0) {
                fmpq_mpoly_gen(co, i, c->ctx);
                name[0] = 's';
                if ((i = find_var(c, name)) >= 0) {
                    fmpq_mpoly_gen(si, i, c->ctx);
                    rc = 0;
                }
                break;
            }
        }
        kind = c->s ? expr_scope_lookup(c->s, e->name, &idx, &def) : -1;
        if (kind == 1 && def != NULL) rc = angle_cs(co, si, def, c, depth + 1);
        else if (kind == 0 && c->param_value != NULL && idx >= 0 && c->param_value[idx] != NULL)
            rc = angle_cs(co, si, c->param_value[idx], c, depth + 1);
        break;
    case EXPR_NEG:
        rc = angle_cs(co, si, e->args[0], c, depth + 1);
        if (rc == 0) fmpq_mpoly_neg(si, si, c->ctx);
        break;
    case EXPR_ADD: case EXPR_SUB:
        rc = angle_cs(co, si, e->args[0], c, depth + 1);
        if (rc == 0) rc = angle_cs(c2, s2, e->args[1], c, depth + 1);
        if (rc == 0) {
            fmpq_mpoly_t a, b;
            fmpq_mpoly_init(a, c->ctx);
            fmpq_mpoly_init(b, c->ctx);
            if (e->kind == EXPR_SUB) fmpq_mpoly_neg(s2, s2, c->ctx);
            fmul(a, co, c2, c); fmul(b, si, s2, c); fmpq_mpoly_sub(t, a, b, c->ctx);   /* cos */
            fmul(a, si, c2, c); fmul(b, co, s2, c); fmpq_mpoly_add(si, a, b, c->ctx);  /* sin */
            fmpq_mpoly_swap(co, t, c->ctx);
            fmpq_mpoly_clear(a, c->ctx);
            fmpq_mpoly_clear(b, c->ctx);
        }
        break;
    case EXPR_MUL: {   /* n * angle, n a small integer */
        int k = quiet_rational(q, e->args[0], c, depth + 1) == 0 ? 1 :
                quiet_rational(q, e->args[1], c, depth + 1) == 0 ? 0 : -1;
        slong n, m;
        if (k < 0 || !fmpz_is_one(fmpq_denref(q)) || !fmpz_fits_si(fmpq_numref(q)) || FLINT_ABS(fmpz_get_si(fmpq_numref(q))) > 12) break;
        n = fmpz_get_si(fmpq_numref(q));
        rc = angle_cs(c2, s2, e->args[k], c, depth + 1);
        if (rc != 0) break;
        if (n < 0) fmpq_mpoly_neg(s2, s2, c->ctx);
        fmpq_mpoly_one(co, c->ctx);
        fmpq_mpoly_zero(si, c->ctx);
        for (m = 0; m < (n < 0 ? -n : n); m++) {
            fmpq_mpoly_t a, b;
            fmpq_mpoly_init(a, c->ctx);
            fmpq_mpoly_init(b, c->ctx);
            fmul(a, co, c2, c); fmul(b, si, s2, c); fmpq_mpoly_sub(t, a, b, c->ctx);
            fmul(a, si, c2, c); fmul(b, co, s2, c); fmpq_mpoly_add(si, a, b, c->ctx);
            fmpq_mpoly_swap(co, t, c->ctx);
            fmpq_mpoly_clear(a, c->ctx);
            fmpq_mpoly_clear(b, c->ctx);
        }
        break;
    }
    case EXPR_FUNC:
        if ((e->fn == FN_ATAN || e->fn == FN_ASIN || e->fn == FN_ACOS) && e->nargs == 1 &&
            quiet_rational(q, e->args[0], c, depth + 1) == 0) {
            if (e->fn == FN_ATAN) {   /* cos = 1/sqrt(1 + q^2), sin = q cos */
                fmpq_mul(x, q, q);
                fmpq_add_si(x, x, 1);
                if (alg_field_sqrt(t, x, c->F, c->ctx) == 0 && alg_field_inv(co, t, c->F, c->ctx) == 0) {
                    fmpq_mpoly_scalar_mul_fmpq(si, co, q, c->ctx);
                    rc = 0;
                }
            } else if (fmpz_cmpabs(fmpq_numref(q), fmpq_denref(q)) <= 0) {
                fmpq_mul(x, q, q);
                fmpq_neg(x, x);
                fmpq_add_si(x, x, 1);
                if (alg_field_sqrt(t, x, c->F, c->ctx) == 0) {
                    fmpq_mpoly_set_fmpq(e->fn == FN_ASIN ? si : co, q, c->ctx);
                    fmpq_mpoly_swap(e->fn == FN_ASIN ? co : si, t, c->ctx);
                    rc = 0;
                }
            }
        } else if (e->fn == FN_ATAN2 && e->nargs == 2 && quiet_rational(q, e->args[0], c, depth + 1) == 0 &&
                   quiet_rational(x, e->args[1], c, depth + 1) == 0 && !(fmpq_is_zero(q) && fmpq_is_zero(x))) {
            fmpq_t h;   /* r = sqrt(x^2 + y^2): cos = x/r, sin = y/r */
            fmpq_init(h);
            fmpq_mul(h, q, q);
            fmpq_addmul(h, x, x);
            if (alg_field_sqrt(t, h, c->F, c->ctx) == 0 && alg_field_inv(c2, t, c->F, c->ctx) == 0) {
                fmpq_mpoly_scalar_mul_fmpq(co, c2, x, c->ctx);
                fmpq_mpoly_scalar_mul_fmpq(si, c2, q, c->ctx);
                rc = 0;
            }
            fmpq_clear(h);
        }
        break;
    default:
        break;
    }
done:
    fmpq_clear(r);
    fmpq_clear(q);
    fmpq_clear(x);
    fmpq_mpoly_clear(c2, c->ctx);
    fmpq_mpoly_clear(s2, c->ctx);
    fmpq_mpoly_clear(t, c->ctx);
    return rc;
}

static int conv_trig(fmpq_mpoly_t out, const expr_t e, const conv_t *c, int depth)
{
    char name[256];
    slong i;
    if ((c->flags & ALG_FIELD) && c->F != NULL && (e->fn == FN_COS || e->fn == FN_SIN) && e->nargs == 1) {
        fmpq_mpoly_t other;
        int r;
        fmpq_mpoly_init(other, c->ctx);
        r = e->fn == FN_COS ? angle_cs(out, other, e->args[0], c, depth + 1)
                            : angle_cs(other, out, e->args[0], c, depth + 1);
        fmpq_mpoly_clear(other, c->ctx);
        if (r == 0) return 0;
    }
    if ((c->flags & ALG_FIELD) && c->F != NULL && e->fn == FN_SQRT && e->nargs == 1) {
        fmpq_t q;
        int r;
        fmpq_init(q);
        r = quiet_rational(q, e->args[0], c, depth + 1);
        if (r == 0) r = alg_field_sqrt(out, q, c->F, c->ctx);
        fmpq_clear(q);
        if (r == 0) return 0;
    }
    if (!(c->flags & ALG_TRIG) || (e->fn != FN_COS && e->fn != FN_SIN) || e->nargs != 1) return -1;
    if (e->args[0]->kind == EXPR_VAR && strlen(e->args[0]->name) <= 200) {
        snprintf(name, sizeof(name), "%c_%s", e->fn == FN_COS ? 'c' : 's', e->args[0]->name);
        if ((i = find_var(c, name)) >= 0) {
            fmpq_mpoly_gen(out, i, c->ctx);
            return 0;
        }
    }
    {
        /* an argument that is exactly 0 (e.g. w*t at t = 0): cos = 1, sin = 0, exactly */
        fmpq_t q;
        int zero;
        fmpq_init(q);
        zero = conv_const(q, e->args[0], c, depth + 1, "a non-constant argument") == 0 && fmpq_is_zero(q);
        fmpq_clear(q);
        if (!zero) return -1;
        fmpq_mpoly_set_si(out, e->fn == FN_COS ? 1 : 0, c->ctx);
        return 0;
    }
}

/* out = the real algebraic number of a tag (alg_num_tag: an exact root()
 * value) in the field: a rational; (-b + s sqrt(b^2 - 4ac))/(2a) for degree
 * 2, s the sign of (alpha + b/2a); else a general generator. */
static int conv_alg_num(fmpq_mpoly_t out, const char *tag, const conv_t *c)
{
    alg_num_t a;
    int rc = -1;
    slong d;
    alg_num_init(a);
    if (alg_num_from_tag(a, tag) != 0) goto done;
    d = fmpz_poly_degree(a->m);
    if (d == 1) {
        fmpq_mpoly_set_fmpq(out, a->lo, c->ctx);
        rc = 0;
    } else if (d == 2) {
        const fmpz *m = a->m->coeffs;
        fmpq_t D, r0;
        arb_t x, y;
        slong prec;
        int s = 0;
        fmpq_init(D);
        fmpq_init(r0);
        arb_init(x);
        arb_init(y);
        fmpz_mul(fmpq_numref(D), m + 1, m + 1);
        fmpz_submul(fmpq_numref(D), m + 0, m + 2);
        fmpz_submul(fmpq_numref(D), m + 0, m + 2);
        fmpz_submul(fmpq_numref(D), m + 0, m + 2);
        fmpz_submul(fmpq_numref(D), m + 0, m + 2);   /* b^2 - 4ac */
        fmpq_set_fmpz_frac(r0, m + 1, m + 2);
        fmpq_div_2exp(r0, r0, 1);
        fmpq_neg(r0, r0);                             /* -b/2a, strictly between the roots */
        for (prec = 64; prec <= 4096 && s == 0; prec *= 2) {
            alg_num_enclosure(x, a, prec);
            arb_set_fmpq(y, r0, prec);
            arb_sub(x, x, y, prec);
            s = arb_is_positive(x) ? 1 : arb_is_negative(x) ? -1 : 0;
        }
        if (s != 0 && alg_field_sqrt(out, D, c->F, c->ctx) == 0) {   /* a > 0 (normalised) */
            fmpq_t h;
            fmpq_init(h);
            fmpz_one(fmpq_numref(h));
            fmpz_mul_si(fmpq_denref(h), m + 2, 2 * s);
            fmpq_canonicalise(h);
            fmpq_mpoly_scalar_mul_fmpq(out, out, h, c->ctx);
            fmpq_mpoly_add_fmpq(out, out, r0, c->ctx);
            fmpq_clear(h);
            rc = 0;
        }
        fmpq_clear(D);
        fmpq_clear(r0);
        arb_clear(x);
        arb_clear(y);
    } else {
        slong g = alg_field_gen_num(c->F, a);
        if (g >= 0) {
            fmpq_mpoly_gen(out, g, c->ctx);
            rc = 0;
        } else rc = alg_field_express(out, c->F, a, c->ctx);   /* already in the field? */
    }
done:
    alg_num_clear(a);
    return rc;
}

static int conv(fmpq_mpoly_t out, const expr_t e, const conv_t *c, int depth)
{
    fmpq_mpoly_t t;
    fmpq_t q;
    int r = 0;
    char what[200];

    if (depth > ALG_MAX_DEPTH) {
        fail(c, e, "definitions nested too deeply");
        return -1;
    }
    switch (e->kind) {
    case EXPR_NUM:
        fmpq_mpoly_set_fmpq(out, e->num, c->ctx);
        return 0;
    case EXPR_VAR:
        return conv_name(out, e, c, depth);
    case EXPR_NEG:
        r = conv(out, e->args[0], c, depth);
        if (r == 0) fmpq_mpoly_neg(out, out, c->ctx);
        return r;
    case EXPR_ADD: case EXPR_SUB: case EXPR_MUL:
        fmpq_mpoly_init(t, c->ctx);
        r = conv(out, e->args[0], c, depth);
        if (r == 0) r = conv(t, e->args[1], c, depth);
        if (r == 0) {
            if (e->kind == EXPR_ADD) fmpq_mpoly_add(out, out, t, c->ctx);
            else if (e->kind == EXPR_SUB) fmpq_mpoly_sub(out, out, t, c->ctx);
            else {
                fmpq_mpoly_mul(out, out, t, c->ctx);
                alg_field_reduce(out, c->F, c->ctx);
            }
        }
        fmpq_mpoly_clear(t, c->ctx);
        return r;
    case EXPR_DIV:
        if ((c->flags & ALG_FIELD) && c->F != NULL) {   /* a constant of the field: times its inverse */
            fmpq_mpoly_init(t, c->ctx);
            r = conv(t, e->args[1], c, depth);
            if (r == 0 && !fmpq_mpoly_is_fmpq(t, c->ctx)) {
                if (!alg_field_is_const(t, c->F, c->ctx) || alg_field_inv(t, t, c->F, c->ctx) != 0) {
                    fail(c, e, "division by a non-constant");
                    r = -1;
                } else {
                    r = conv(out, e->args[0], c, depth);
                    if (r == 0) {
                        fmpq_mpoly_mul(out, out, t, c->ctx);
                        alg_field_reduce(out, c->F, c->ctx);
                    }
                }
                fmpq_mpoly_clear(t, c->ctx);
                return r;
            }
            fmpq_mpoly_clear(t, c->ctx);
        }
        fmpq_init(q);
        r = conv_const(q, e->args[1], c, depth, "division by a non-constant");
        if (r == 0 && fmpq_is_zero(q)) {
            fail(c, e, "division by zero");
            r = -1;
        }
        if (r == 0) r = conv(out, e->args[0], c, depth);
        if (r == 0) fmpq_mpoly_scalar_div_fmpq(out, out, q, c->ctx);
        fmpq_clear(q);
        return r;
    case EXPR_POW:
        return conv_pow(out, e, c, depth);
    case EXPR_FUNC:
        if (conv_trig(out, e, c, depth) == 0) return 0;
        if ((c->flags & ALG_FIELD) && c->F != NULL && e->fn == FN_USER && e->name != NULL &&
            strcmp(e->name, "root") == 0 && e->nargs == 4) {
            /* a root() call left in place (a claim): rewritten here, its exact number used */
            expr_t x = expr_copy(e);
            expr_error_t ee;
            int ok = alg_rewrite_ext(&x, c->s, c->param_value, 64, &ee) >= 0 && x->kind == EXPR_BALL &&
                     x->name != NULL && conv_alg_num(out, x->name, c) == 0;
            expr_free(x);
            if (ok) return 0;
        }
        snprintf(what, sizeof(what), "function %.100s()", e->name ? e->name : expr_fn_name(e->fn));
        fail(c, e, what);
        return -1;
    case EXPR_PI:
        fail(c, e, "the irrational constant pi");
        return -1;
    case EXPR_E:
        fail(c, e, "the irrational constant e");
        return -1;
    case EXPR_BALL:
        if ((c->flags & ALG_FIELD) && c->F != NULL && e->name != NULL && conv_alg_num(out, e->name, c) == 0)
            return 0;
        fail(c, e, "an inexact constant");
        return -1;
    default:
        fail(c, e, "a predicate or range");
        return -1;
    }
}

int alg_to_mpoly_field(fmpq_mpoly_t out, const expr_t e, const char **vars, slong nvars,
                       const fmpq_mpoly_ctx_t ctx, const expr_scope_t s, const expr_t *param_value,
                       int flags, alg_field_struct *F, expr_error_t *err)
{
    conv_t c;
    c.vars = vars;
    c.nvars = nvars;
    c.ctx = ctx;
    c.s = s;
    c.param_value = param_value;
    c.flags = flags;
    c.F = (flags & ALG_FIELD) ? F : NULL;
    c.err = err;
    return conv(out, e, &c, 0);
}

int alg_to_mpoly_ext(fmpq_mpoly_t out, const expr_t e, const char **vars, slong nvars,
                     const fmpq_mpoly_ctx_t ctx, const expr_scope_t s,
                     const expr_t *param_value, int flags, expr_error_t *err)
{
    conv_t c;
    c.F = NULL;
    flags &= ~ALG_FIELD;
    c.vars = vars;
    c.nvars = nvars;
    c.ctx = ctx;
    c.s = s;
    c.param_value = param_value;
    c.flags = flags;
    c.err = err;
    return conv(out, e, &c, 0);
}

int alg_to_mpoly(fmpq_mpoly_t out, const expr_t e, const char **vars, slong nvars,
                 const fmpq_mpoly_ctx_t ctx, const expr_scope_t s, expr_error_t *err)
{
    return alg_to_mpoly_ext(out, e, vars, nvars, ctx, s, NULL, 0, err);
}

void alg_trig_relation(fmpq_mpoly_t out, slong c, slong s, const fmpq_mpoly_ctx_t ctx)
{
    fmpq_mpoly_t t;
    fmpq_mpoly_init(t, ctx);
    fmpq_mpoly_gen(out, c, ctx);
    fmpq_mpoly_mul(out, out, out, ctx);
    fmpq_mpoly_gen(t, s, ctx);
    fmpq_mpoly_mul(t, t, t, ctx);
    fmpq_mpoly_add(out, out, t, ctx);
    fmpq_mpoly_sub_si(out, out, 1, ctx);
    fmpq_mpoly_clear(t, ctx);
}
