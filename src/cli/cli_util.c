/* cli_util.c -- option values, the failure lines of [expect], and cases run in child processes. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/cli.h"
#include "base/fc_mem.h"

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

int cli_parse_memory(const char *cmd, const char *text)
{
    long mb;
    if (cli_parse_long(cmd, "--memory", text, 16, 1L << 30, &mb)) return -1;
    fc_mem_set_budget((size_t) mb << 20);
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

int cli_parse_tile(const char *cmd, const char *text, int *i, int *n)
{
    const char *slash = text ? strchr(text, '/') : NULL;
    char *end;
    long a = 0, b = 0, m;
    int ok = slash != NULL && slash > text && text[0] >= '0' && text[0] <= '9' && slash[1] >= '0' &&
             slash[1] <= '9';
    if (ok) {
        errno = 0;
        a = strtol(text, &end, 10);
        ok = end == slash && errno == 0;
        b = strtol(slash + 1, &end, 10);
        ok = ok && *end == '\0' && errno == 0 && b >= 1 && b <= (1L << 24) && a >= 1 && a <= b;
        for (m = b; ok && m > 1; m /= 4)
            if (m % 4) ok = 0;
    }
    if (!ok) {
        fprintf(stderr, "fricert %s: --tile: expected I/N with N a power of 4 (1, 4, 16, ..., 4^12) and "
                "1 <= I <= N, got '%s'\n", cmd, text ? text : "");
        return -1;
    }
    *i = (int) a;
    *n = (int) b;
    return 0;
}

pid_t cli_job_fork(cli_job_files *f)
{
    pid_t pid = -1;
    f->out = tmpfile();
    f->err = tmpfile();
    f->res = tmpfile();
    fflush(stdout);
    fflush(stderr);
    if (f->out == NULL || f->err == NULL || f->res == NULL || (pid = fork()) < 0) {
        if (f->out) fclose(f->out);
        if (f->err) fclose(f->err);
        if (f->res) fclose(f->res);
        f->out = f->err = f->res = NULL;
        return -1;
    }
    return pid;
}

void cli_copy_file(FILE *from, FILE *to)
{
    char buf[8192];
    size_t n;
    rewind(from);
    while ((n = fread(buf, 1, sizeof buf, from)) > 0) fwrite(buf, 1, n, to);
    fflush(to);
}
