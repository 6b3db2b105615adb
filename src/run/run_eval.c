/* run_eval.c -- one expression over a box given by NAME=VALUE / NAME=LO..HI
 * assignments (the computation behind `fricert eval`): a guaranteed
 * enclosure of a numeric expression, or the certified verdict of a
 * predicate. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "run/run.h"
#include "alg/alg.h"

static int is_name(const char *s, size_t n)
{
    size_t i;
    if (n == 0 || !(isalpha((unsigned char) s[0]) || s[0] == '_')) return 0;
    for (i = 1; i < n; i++)
        if (!(isalnum((unsigned char) s[i]) || s[i] == '_')) return 0;
    return 1;
}

/* "eval: argument 'ARG': message". */
static void arg_error(fc_error *perr, const char *arg, const char *fmt, ...)
{
    va_list ap;
    snprintf(perr->file, sizeof perr->file, "eval: argument '%s'", arg);
    perr->line = perr->col = 0;
    va_start(ap, fmt);
    vsnprintf(perr->msg, sizeof perr->msg, fmt, ap);
    va_end(ap);
}

/* Encloses the constant src[a..b) of argument arg (column of src[0] is 1). */
static int eval_const(arb_t out, const char *arg, size_t a, size_t b, expr_scope_t empty, slong prec,
                      fc_error *perr)
{
    char *s = flint_malloc(b - a + 1);
    expr_error_t err;
    expr_t e;
    expr_tv_t tv;
    expr_status st;
    memcpy(s, arg + a, b - a);
    s[b - a] = 0;
    e = expr_parse(s, 1, (int) a + 1, &err);
    flint_free(s);
    if (e == NULL || expr_check(e, empty, 0, &err)) {
        /* "eval: argument 'ARG':COL: message" (the column inside the argument) */
        fc_error_at(perr, "", err.col, 0, "%s", err.msg);
        snprintf(perr->file, sizeof perr->file, "eval: argument '%s'", arg);
        expr_free(e);
        return -1;
    }
    st = expr_eval_once(out, &tv, e, empty, NULL, prec);
    expr_free(e);
    if (st != EXPR_DEFINED || !arb_is_finite(out)) {
        fc_error_at(perr, "", 0, 0, "the value is %s", st == EXPR_UNDEFINED ? "undefined"
                    : st == EXPR_OVERFLOW ? "too large for a finite enclosure (an overflow)" : "not certainly defined");
        snprintf(perr->file, sizeof perr->file, "eval: argument '%s'", arg);
        return -1;
    }
    return 0;
}

/* NAME=VALUE or NAME=LO..HI: adds NAME to s and sets its ball. */
static int eval_assign(expr_scope_t s, arb_t ball, int *is_range, const char *arg, expr_scope_t empty,
                       slong prec, fc_error *perr)
{
    const char *eq = strchr(arg, '=');
    size_t n = strlen(arg), i, dd = 0;
    int depth = 0, found = 0;
    char name[128];
    if (eq == NULL || !is_name(arg, eq - arg) || (size_t) (eq - arg) >= sizeof name) {
        arg_error(perr, arg, "expected NAME=VALUE or NAME=LO..HI");
        return -1;
    }
    memcpy(name, arg, eq - arg);
    name[eq - arg] = 0;
    if (expr_name_reserved(name)) {
        arg_error(perr, arg, "'%s' is reserved (a constant, keyword or function name)", name);
        return -1;
    }
    for (i = eq - arg + 1; i + 1 < n && !found; i++) {
        if (arg[i] == '(') depth++;
        else if (arg[i] == ')') depth--;
        else if (depth == 0 && arg[i] == '.' && arg[i + 1] == '.') { dd = i; found = 1; }
    }
    *is_range = found;
    if (found) {
        arb_t lo, hi;
        int rc = 0;
        arb_init(lo);
        arb_init(hi);
        if (eval_const(lo, arg, eq - arg + 1, dd, empty, prec, perr) ||
            eval_const(hi, arg, dd + 2, n, empty, prec, perr))
            rc = -1;
        else if (!arb_le(lo, hi)) {
            arg_error(perr, arg, "cannot certify LO <= HI");
            rc = -1;
        } else
            expr_interval_ball(ball, lo, hi, prec);
        arb_clear(lo);
        arb_clear(hi);
        if (rc) return -1;
    } else if (eval_const(ball, arg, eq - arg + 1, n, empty, prec, perr)) {
        return -1;
    }
    if (expr_scope_add_param(s, name) < 0) {
        arg_error(perr, arg, "'%s' is given twice", name);
        return -1;
    }
    return 0;
}

int run_eval(run_eval_result *out, const char *src, const char *const *assign, int nassign, slong prec,
             fc_error *perr)
{
    int i, rc = -1, nact = 0, is_range;
    expr_scope_t s = expr_scope_new(), empty = expr_scope_new();
    arb_ptr box = _arb_vec_init(nassign + 1);
    int *act = flint_malloc((nassign + 1) * sizeof(int));
    expr_t e = NULL;
    expr_prog_t prog = NULL;
    expr_eval_t ev = NULL;
    expr_error_t err;
    expr_t *pval = flint_calloc(nassign + 1, sizeof(expr_t));   /* exact values, for the algebraic functions */

    memset(out, 0, sizeof *out);
    arb_init(out->value);
    for (i = 0; i < nassign; i++) {
        if (eval_assign(s, box + i, &is_range, assign[i], empty, prec, perr)) goto done;
        if (is_range) act[nact++] = i;
        else pval[i] = expr_parse(strchr(assign[i], '=') + 1, 1, 1, NULL);   /* checked above */
    }
    e = expr_parse(src, 1, 1, &err);
    if (e == NULL || expr_check(e, s, -1, &err)) goto expr_error;
    /* disc, res, root, maxof, minof, argmax, argmin: exact algebra / branch and bound */
    if (alg_rewrite_ext(&e, s, (const expr_t *) pval, prec, &err) < 0) goto expr_error;
    prog = expr_compile(&e, 1, s, &err);
    if (prog == NULL) goto expr_error;
    ev = expr_eval_new(prog, act, nact, prec);
    expr_eval_run(ev, box, 1);
    out->is_bool = expr_prog_root_is_bool(prog, 0);
    if (out->is_bool) {
        out->truth = expr_eval_truth(ev, 0);
        out->status = expr_eval_status(ev, 0);
    } else out->status = expr_eval_value(out->value, ev, 0);
    rc = 0;
    goto done;
expr_error:
    fc_error_at(perr, "eval", err.line, err.col, "%s", err.msg);
done:
    if (ev) expr_eval_free(ev);
    if (prog) expr_prog_free(prog);
    expr_free(e);
    for (i = 0; i < nassign; i++) expr_free(pval[i]);
    flint_free(pval);
    flint_free(act);
    _arb_vec_clear(box, nassign + 1);
    expr_scope_free(s);
    expr_scope_free(empty);
    return rc;
}

void run_eval_clear(run_eval_result *out)
{
    arb_clear(out->value);
}
