/* claim_util.c -- helpers shared by the claim deciders. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "claim/claim_impl.h"
#include "base/fc_ball.h"

/* A copy of the claim's `claim` or `model` predicate (checked by the case reader). */
expr_t claim_pred(const case_t *c, const case_claim *cl, const char *key, fc_error *err)
{
    expr_t e = strcmp(key, "claim") == 0 ? cl->claim : cl->model;
    if (e == NULL) {
        fc_error_at(err, c->path, cl->line, cl->col, "claim %s: missing key '%s'", cl->name, key);
        return NULL;
    }
    return expr_copy(e);
}

expr_t claim_model_pred(const case_t *c, const case_claim *cl, fc_error *err)
{
    return claim_pred(c, cl, "model", err);
}

/* The simplest rational in [lo, hi] (exact dyadic ends). */
void claim_simplest(fmpq_t q, const arf_t lo, const arf_t hi)
{
    /* the simplest rational of the middle half of the cell: inside the cell,
       away from its edges (which may be degenerate edges of the box) */
    fmpq_t a, b, w;
    fmpq_init(a);
    fmpq_init(b);
    fmpq_init(w);
    arf_get_fmpq(a, lo);
    arf_get_fmpq(b, hi);
    fmpq_sub(w, b, a);
    fmpq_div_2exp(w, w, 2);
    fmpq_add(a, a, w);
    fmpq_sub(b, b, w);
    fmpq_simplest_between(q, a, b);
    fmpq_clear(a);
    fmpq_clear(b);
    fmpq_clear(w);
}

/* Exact decimal of q when its denominator is 2^a 5^b, else "p/q". */
char *claim_fmpq_text(const fmpq_t q)
{
    fmpz_t d, t;
    slong k = 0;
    char *s;
    fmpz_init_set(d, fmpq_denref(q));
    fmpz_init(t);
    while (fmpz_divisible_si(d, 10)) { fmpz_divexact_si(d, d, 10); k++; }
    while (fmpz_divisible_si(d, 2)) { fmpz_divexact_si(d, d, 2); k++; }
    while (fmpz_divisible_si(d, 5)) { fmpz_divexact_si(d, d, 5); k++; }
    if (fmpz_is_one(d) && k > 0) {
        char *digits;
        slong n, ip, i = 0;
        int neg = fmpz_sgn(fmpq_numref(q)) < 0;
        fmpz_ui_pow_ui(t, 10, k);
        fmpz_mul(t, t, fmpq_numref(q));
        fmpz_divexact(t, t, fmpq_denref(q));
        fmpz_abs(t, t);
        digits = fmpz_get_str(NULL, 10, t);
        n = (slong) strlen(digits);
        s = flint_malloc(n + k + 4);
        if (neg) s[i++] = '-';
        ip = n - k;
        if (ip <= 0) {
            s[i++] = '0';
            s[i++] = '.';
            while (ip++ < 0) s[i++] = '0';
            memcpy(s + i, digits, n);
            i += n;
        } else {
            memcpy(s + i, digits, ip);
            i += ip;
            s[i++] = '.';
            memcpy(s + i, digits + ip, k);
            i += k;
        }
        s[i] = 0;
        flint_free(digits);
    } else s = fmpq_get_str(NULL, 10, q);
    fmpz_clear(d);
    fmpz_clear(t);
    return s;
}

/* 1 if e contains no name. */
static int side_is_constant(const expr_t e)
{
    int i;
    if (e->kind == EXPR_VAR) return 0;
    for (i = 0; i < e->nargs; i++)
        if (!side_is_constant(e->args[i])) return 0;
    return 1;
}

/* 1 if e shows its own value: a constant (4/3, pi/2) or a parameter (exact at a witness). */
static int side_is_plain(const expr_t e, const case_t *c)
{
    int k;
    if (side_is_constant(e)) return 1;
    if (e->kind == EXPR_VAR && expr_scope_lookup(c->scope, e->name, &k, NULL) == 0) return 1;
    return 0;
}

/* fc_ball_str (the digits rule, an exact value without trailing zeros) with
 * the typographic signs: " ± " and a leading minus U+2212. */
static char *ball_text(const arb_t x, slong prec)
{
    char *s = fc_ball_str(x, prec), *out = flint_malloc(2 * strlen(s) + 8);
    size_t i, k = 0, n = strlen(s);
    for (i = 0; i < n; i++) {
        if (strncmp(s + i, "+/-", 3) == 0) {
            memcpy(out + k, "\xc2\xb1", 2);
            k += 2;
            i += 2;
        } else if (s[i] == '-' && (i == 0 || s[i - 1] == '[')) {
            memcpy(out + k, "\xe2\x88\x92", 3);
            k += 3;
        } else
            out[k++] = s[i];
    }
    out[k] = '\0';
    flint_free(s);
    return out;
}

/* "NAME = value" of a side, or "NAME is not defined there". */
static char *side_value(const expr_t e, const case_t *c, arb_srcptr box, slong prec)
{
    arb_t a;
    char *u = expr_to_unicode(e), *v, *r;
    expr_status st;
    arb_init(a);
    st = expr_eval_once(a, NULL, e, c->scope, box, prec);
    if (st == EXPR_DEFINED) {
        v = ball_text(a, prec);
        r = fc_printf("%s = %s", u, v);
        flint_free(v);
    } else
        r = fc_printf("%s is %s there", u, st == EXPR_UNDEFINED ? "not defined" : "not certified defined");
    arb_clear(a);
    flint_free(u);
    return r;
}

char *claim_side_text(const expr_t e, const case_t *c, arb_srcptr box, slong prec, const char *who)
{
    expr_tv_t t = EXPR_TV_UNKNOWN;
    const expr_node *n = e;
    expr_t def;
    char *u, *r, *vals = NULL;
    const char *verdict;

    if (e->kind == EXPR_TRUE || e->kind == EXPR_FALSE)
        return fc_printf("The %s is the constant %s: it is %s at every point.", who,
                         e->kind == EXPR_TRUE ? "true" : "false", e->kind == EXPR_TRUE ? "true" : "false");
    expr_eval_once(NULL, &t, e, c->scope, box, prec);
    verdict = t == EXPR_TV_TRUE ? "true" : t == EXPR_TV_FALSE ? "false" : "not decided";
    u = expr_to_unicode(e);
    if (n->kind == EXPR_VAR && expr_scope_lookup(c->scope, n->name, NULL, &def) == 2) {
        char *d = expr_to_unicode(def);
        char *t2 = fc_printf("%s (%s)", u, d);
        flint_free(u);
        flint_free(d);
        u = t2;
        n = def;
    }
    if (n->kind >= EXPR_LT && n->kind <= EXPR_NE) {
        /* the values of its non-trivial sides (a number or a parameter shows itself) */
        int k;
        for (k = 0; k < 2; k++) {
            char *sv, *t3;
            if (side_is_plain(n->args[k], c)) continue;
            sv = side_value(n->args[k], c, box, prec);
            t3 = vals ? fc_printf("%s and %s", vals, sv) : fc_strdup(sv);
            flint_free(vals);
            flint_free(sv);
            vals = t3;
        }
    }
    if (vals)
        r = fc_printf("The %s %s is %s there: %s.", who, u, verdict, vals);
    else
        r = fc_printf("The %s %s is %s there.", who, u, verdict);
    flint_free(vals);
    flint_free(u);
    return r;
}

void claim_set_witness(claim_result *out, int n, const char *const *names, const fmpq *values)
{
    int k;
    for (k = 0; k < out->nwitness; k++) {
        flint_free(out->wnames[k]);
        flint_free(out->wvalues[k]);
    }
    flint_free(out->wnames);
    flint_free(out->wvalues);
    if (out->wq) _fmpq_vec_clear(out->wq, out->nwitness);
    out->nwitness = n;
    out->wnames = flint_calloc(n ? n : 1, sizeof(char *));
    out->wvalues = flint_calloc(n ? n : 1, sizeof(char *));
    out->wq = _fmpq_vec_init(n ? n : 1);
    for (k = 0; k < n; k++) {
        fmpq_set(out->wq + k, values + k);
        out->wnames[k] = fc_strdup(names[k]);
        out->wvalues[k] = claim_fmpq_text(values + k);
    }
}

void claim_boundary_sample(claim_result *out, const case_t *c, const expr_t cp)
{
    arb_ptr box;
    expr_tv_t prev = EXPR_TV_UNKNOWN, t;
    int j, n = CLAIM_BOUNDARY_SAMPLES;
    double xl, xh, yl, yh;
    out->nboundary = 0;
    if (!out->has_paving || out->y < 0) return;
    xl = arf_get_d(arb_midref(out->x_lo), ARF_RND_NEAR);
    xh = arf_get_d(arb_midref(out->x_hi), ARF_RND_NEAR);
    yl = arf_get_d(arb_midref(out->y_lo), ARF_RND_NEAR);
    yh = arf_get_d(arb_midref(out->y_hi), ARF_RND_NEAR);
    box = _arb_vec_init(c->nparams + 1);
    case_point_box(box, c, -1, 64);
    arb_set_d(box + out->x, 0.5 * (xl + xh));
    for (j = 0; j <= n && out->nboundary < CLAIM_BOUNDARY_MAX; j++) {
        double yv = yl + (yh - yl) * j / n;
        arb_set_d(box + out->y, yv);
        t = EXPR_TV_UNKNOWN;
        expr_eval_once(NULL, &t, cp, c->scope, box, 64);
        if (j > 0 && t != EXPR_TV_UNKNOWN && prev != EXPR_TV_UNKNOWN && t != prev)
            out->boundary[out->nboundary++] = yv - 0.5 * (yh - yl) / n;
        if (t != EXPR_TV_UNKNOWN) prev = t;
    }
    _arb_vec_clear(box, c->nparams + 1);
}
