/* cli_util.c -- option values and printing of balls. */
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

slong cli_digits(slong prec)
{
    slong d = (slong) (prec * 0.30103);
    return d < 1 ? 1 : d;
}

char *cli_ball_str(const arb_t x, slong prec)
{
    slong d = cli_digits(prec), acc = arb_rel_accuracy_bits(x), n;
    char *s;
    /* arb_get_str shows only the digits that are certain; a wide ball would
     * then print as "[+/- 1.01]". Show a few digits more than certain
     * (ARB_STR_MORE; the printed ball still contains x). */
    if (acc < 0) acc = 0;
    n = (slong) (acc * 0.30103) + 3;
    if (arb_is_finite(x) && !arb_is_exact(x) && n < d)
        s = arb_get_str(x, n, ARB_STR_MORE);
    else
        s = arb_get_str(x, d, 0);
    char *dot, *end, *ex;
    /* An exact value printed without radius is exact as written: drop
     * trailing zeros of the fraction ("-9.000" -> "-9", "0.500e-3" -> "0.5e-3"). */
    if (s[0] != '[' && (dot = strchr(s, '.')) != NULL) {
        ex = strpbrk(dot, "eE");
        end = ex ? ex : s + strlen(s);
        while (end > dot + 1 && end[-1] == '0') end--;
        if (end == dot + 1) end = dot;
        memmove(end, ex ? ex : "", strlen(ex ? ex : "") + 1);
    }
    return s;
}

