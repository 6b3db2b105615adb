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
            }
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

static int conv_trig(fmpq_mpoly_t out, const expr_t e, const conv_t *c, int depth)
{
    char name[256];
    slong i;
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
            else fmpq_mpoly_mul(out, out, t, c->ctx);
        }
        fmpq_mpoly_clear(t, c->ctx);
        return r;
    case EXPR_DIV:
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
        fail(c, e, "an inexact constant");
        return -1;
    default:
        fail(c, e, "a predicate or range");
        return -1;
    }
}

int alg_to_mpoly_ext(fmpq_mpoly_t out, const expr_t e, const char **vars, slong nvars,
                     const fmpq_mpoly_ctx_t ctx, const expr_scope_t s,
                     const expr_t *param_value, int flags, expr_error_t *err)
{
    conv_t c;
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
