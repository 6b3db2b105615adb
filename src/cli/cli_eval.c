/* cli_eval.c -- `fricert eval 'EXPR' [NAME=VALUE | NAME=LO..HI ...] [--prec BITS]`.
 *
 * Prints a guaranteed enclosure of a numeric expression, or the certified
 * verdict of a predicate, over the box given by the assignments. */
#include <ctype.h>
#include <string.h>
#include "cli/cli.h"
#include "alg/alg.h"

#define EVAL_MAX_NAMES 64

static int is_name(const char *s, size_t n)
{
    size_t i;
    if (n == 0 || !(isalpha((unsigned char) s[0]) || s[0] == '_')) return 0;
    for (i = 1; i < n; i++)
        if (!(isalnum((unsigned char) s[i]) || s[i] == '_')) return 0;
    return 1;
}

/* Encloses the constant src[a..b) of argument arg (column of src[0] is 1). */
static int eval_const(arb_t out, const char *arg, size_t a, size_t b, expr_scope_t empty, slong prec)
{
    char *s = flint_malloc(b - a + 1);
    expr_error_t err;
    expr_t e;
    tv_t tv;
    expr_status st;
    memcpy(s, arg + a, b - a);
    s[b - a] = 0;
    e = expr_parse(s, 1, (int) a + 1, &err);
    flint_free(s);
    if (e == NULL || expr_check(e, empty, 0, &err)) {
        fprintf(stderr, "eval: argument '%s':%d: %s\n", arg, err.col, err.msg);
        expr_free(e);
        return -1;
    }
    st = expr_eval_once(out, &tv, e, empty, NULL, prec);
    expr_free(e);
    if (st != EXPR_DEFINED || !arb_is_finite(out)) {
        fprintf(stderr, "eval: argument '%s': the value is %s\n", arg,
                st == EXPR_UNDEFINED ? "undefined" : "not certainly defined");
        return -1;
    }
    return 0;
}

/* NAME=VALUE or NAME=LO..HI: adds NAME to s and sets its ball. */
static int eval_assign(expr_scope_t s, arb_t ball, int *is_range, const char *arg, expr_scope_t empty,
                       slong prec)
{
    const char *eq = strchr(arg, '=');
    size_t n = strlen(arg), i, dd = 0;
    int depth = 0, found = 0;
    char name[128];
    if (eq == NULL || !is_name(arg, eq - arg) || (size_t) (eq - arg) >= sizeof name) {
        fprintf(stderr, "eval: argument '%s': expected NAME=VALUE or NAME=LO..HI\n", arg);
        return -1;
    }
    memcpy(name, arg, eq - arg);
    name[eq - arg] = 0;
    if (expr_name_reserved(name)) {
        fprintf(stderr, "eval: argument '%s': '%s' is reserved (a constant, keyword or function name)\n", arg,
                name);
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
        if (eval_const(lo, arg, eq - arg + 1, dd, empty, prec) || eval_const(hi, arg, dd + 2, n, empty, prec))
            rc = -1;
        else if (!arb_le(lo, hi)) {
            fprintf(stderr, "eval: argument '%s': cannot certify LO <= HI\n", arg);
            rc = -1;
        } else
            expr_interval_ball(ball, lo, hi, prec);
        arb_clear(lo);
        arb_clear(hi);
        if (rc) return -1;
    } else if (eval_const(ball, arg, eq - arg + 1, n, empty, prec)) {
        return -1;
    }
    if (expr_scope_add_param(s, name) < 0) {
        fprintf(stderr, "eval: argument '%s': '%s' is given twice\n", arg, name);
        return -1;
    }
    return 0;
}

/* 1 if a parses as an expression whose names are all one letter (or
 * constants): "--x" and "--2" are expressions, "--prec" is not. */
static int eval_is_expr(const char *a)
{
    expr_error_t err;
    expr_t e = expr_parse(a, 1, 1, &err);
    const char *p;
    int ok = e != NULL;
    expr_free(e);
    /* a multi-letter word right after the dashes reads as an option name */
    for (p = a; *p == '-'; p++) ;
    if (ok && isalpha((unsigned char) p[0]) && isalpha((unsigned char) p[1])) ok = 0;
    return ok;
}

int cli_eval(int argc, char **argv)
{
    const char *src = NULL, *assign[EVAL_MAX_NAMES];
    int nassign = 0, i, rc = CLI_BAD_INPUT, nact = 0, dashdash = 0;
    long prec = 128;
    expr_scope_t s = NULL, empty = NULL;
    arb_ptr box = NULL;
    int act[EVAL_MAX_NAMES], is_range;
    expr_t e = NULL;
    expr_prog_t prog = NULL;
    expr_eval_t ev = NULL;
    expr_error_t err;
    expr_t pval[EVAL_MAX_NAMES] = {NULL};   /* exact values, for the algebraic functions */

    /* Options are recognised by their exact spelling only, so that an
     * expression may start with '-' ("-x^2"). */
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!dashdash && strcmp(a, "--") == 0) dashdash = 1;
        else if (!dashdash && (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)) {
            cli_usage(stdout, "eval");
            return CLI_OK;
        } else if (!dashdash && strcmp(a, "--prec") == 0) {
            if (cli_parse_long("eval", "--prec", i + 1 < argc ? argv[i + 1] : NULL, 16, 65536, &prec))
                return CLI_BAD_INPUT;
            i++;
        } else if (!dashdash && strncmp(a, "--prec=", 7) == 0) {
            if (cli_parse_long("eval", "--prec", a + 7, 16, 65536, &prec)) return CLI_BAD_INPUT;
        } else if (!dashdash && strncmp(a, "--", 2) == 0 && !eval_is_expr(a)) {
            /* "--x" is the expression -(-x); "--prex" (no such name) or "--" words are options */
            fprintf(stderr, "fricert eval: unknown option '%s' (see fricert eval --help)\n", a);
            return CLI_BAD_INPUT;
        } else if (src == NULL) src = a;
        else if (nassign < EVAL_MAX_NAMES) assign[nassign++] = a;
        else {
            fprintf(stderr, "fricert eval: more than %d assignments\n", EVAL_MAX_NAMES);
            return CLI_BAD_INPUT;
        }
    }
    if (src == NULL) {
        fprintf(stderr, "fricert eval: missing EXPR (see fricert eval --help)\n");
        return CLI_BAD_INPUT;
    }
    s = expr_scope_new();
    empty = expr_scope_new();
    box = _arb_vec_init(nassign + 1);
    for (i = 0; i < nassign; i++) {
        if (eval_assign(s, box + i, &is_range, assign[i], empty, prec)) goto done;
        if (is_range) act[nact++] = i;
        else pval[i] = expr_parse(strchr(assign[i], '=') + 1, 1, 1, NULL);   /* checked above */
    }
    e = expr_parse(src, 1, 1, &err);
    if (e == NULL || expr_check(e, s, -1, &err)) {
        fprintf(stderr, "eval:%d:%d: %s\n", err.line, err.col, err.msg);
        goto done;
    }
    /* disc, res, root, maxof, minof, argmax, argmin: exact algebra / branch and bound */
    if (alg_rewrite_ext(&e, s, (const expr_t *) pval, prec, &err) < 0) {
        fprintf(stderr, "eval:%d:%d: %s\n", err.line, err.col, err.msg);
        goto done;
    }
    prog = expr_compile(&e, 1, s, &err);
    if (prog == NULL) {
        fprintf(stderr, "eval:%d:%d: %s\n", err.line, err.col, err.msg);
        goto done;
    }
    ev = expr_eval_new(prog, act, nact, prec);
    expr_eval_run(ev, box, 1);
    if (expr_prog_root_is_bool(prog, 0)) {
        printf("%s\n", tv_name(expr_eval_truth(ev, 0)));
    } else {
        arb_t x;
        expr_status st;
        arb_init(x);
        st = expr_eval_value(x, ev, 0);
        if (st == EXPR_UNDEFINED) printf("undefined\n");
        else if (st == EXPR_PARTIAL) printf("unknown\n");
        else {
            char *t = cli_ball_str(x, prec);
            printf("%s\n", t);
            flint_free(t);
        }
        arb_clear(x);
    }
    rc = CLI_OK;
done:
    if (ev) expr_eval_free(ev);
    if (prog) expr_prog_free(prog);
    expr_free(e);
    for (i = 0; i < EVAL_MAX_NAMES; i++) expr_free(pval[i]);
    _arb_vec_clear(box, nassign + 1);
    expr_scope_free(s);
    expr_scope_free(empty);
    return rc;
}
