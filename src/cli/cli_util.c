/* cli_util.c -- option values and the failure lines of [expect]. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"

int cli_parse_long(const char *cmd, const char *option, const char *text, long lo, long hi, long *out)
{
    char *end;
    long x;
    errno = 0;
    x = text ? strtol(text, &end, 10) : 0;
    if (text == NULL || end == text || *end || errno || x < lo || x > hi) {
        fprintf(stderr, "fricert %s: %s: expected an integer from %ld to %ld, got '%s'\n", cmd, option, lo, hi,
                text ? text : "");
        return -1;
    }
    *out = x;
    return 0;
}

void cli_expect_print_failure(FILE *out, const case_t *c, int i, const run_expect *res)
{
    const case_expect *x = &c->expect[i];
    const char *eq = strstr(x->text, " = ");
    int klen = eq ? (int) (eq - x->text) : (int) strlen(x->text);
    const char *wanted = eq ? eq + 3 : "";
    if (x->kind == CASE_EXPECT_CLAIM)
        fprintf(out, "%s:%d: expect %.*s: %s\n", c->path, x->line, klen, x->text, res->got);
    else
        fprintf(out, "%s:%d: expect %.*s: got %s, wanted %s\n", c->path, x->line, klen, x->text, res->got,
                wanted);
}

void cli_print_error(const fc_error *err, const char *fallback)
{
    char buf[1200];
    if (err->msg[0]) fc_error_format(buf, sizeof buf, err);
    else snprintf(buf, sizeof buf, "%s", fallback);
    fprintf(stderr, "%s\n", buf);
}
