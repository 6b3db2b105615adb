/* cli_eval.c -- `fricert eval 'EXPR' [NAME=VALUE | NAME=LO..HI ...] [--prec BITS]`.
 *
 * Prints a guaranteed enclosure of a numeric expression, or the certified
 * verdict of a predicate, over the box given by the assignments (computed
 * by run_eval). */
#include <ctype.h>
#include <string.h>
#include "cli/cli.h"

#define EVAL_MAX_NAMES 64

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
    int nassign = 0, i, dashdash = 0;
    long prec = 128;
    run_eval_result r;
    fc_error err;

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
    memset(&err, 0, sizeof err);
    if (run_eval(&r, src, assign, nassign, prec, &err) != 0) {
        cli_print_error(&err, "eval: internal failure");
        run_eval_clear(&r);
        return CLI_BAD_INPUT;
    }
    if (r.is_bool && r.truth != EXPR_TV_UNKNOWN) printf("%s\n", expr_tv_name(r.truth));
    else if (r.status == EXPR_UNDEFINED) printf("undefined\n");
    else if (r.status == EXPR_OVERFLOW) printf("unknown (overflow: defined, but too large for a finite enclosure)\n");
    else if (r.status == EXPR_PARTIAL) printf("unknown (partly outside the domain, or not certified inside it)\n");
    else if (r.is_bool) printf("unknown\n");
    else {
        char *t = fc_ball_str(r.value, prec);
        printf("%s\n", t);
        flint_free(t);
    }
    run_eval_clear(&r);
    return CLI_OK;
}
