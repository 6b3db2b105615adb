/* fc_str.c -- strings on FLINT's allocator. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "base/fc_arb.h"
#include "base/fc_str.h"

char *fc_strndup(const char *s, size_t n)
{
    size_t k = 0;
    char *r;
    while (k < n && s[k]) k++;
    r = flint_malloc(k + 1);
    memcpy(r, s, k);
    r[k] = '\0';
    return r;
}

char *fc_strdup(const char *s)
{
    return fc_strndup(s, (size_t) -1);
}

char *fc_printf(const char *fmt, ...)
{
    va_list ap;
    char *s;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) return fc_strdup("");
    s = flint_malloc((size_t) n + 1);
    va_start(ap, fmt);
    vsnprintf(s, (size_t) n + 1, fmt, ap);
    va_end(ap);
    return s;
}

unsigned fc_utf8_next(const char *s, int *len)
{
    const unsigned char *u = (const unsigned char *) s;
    if (u[0] < 0x80) { *len = 1; return u[0]; }
    if ((u[0] & 0xE0) == 0xC0 && u[1]) { *len = 2; return ((u[0] & 0x1Fu) << 6) | (u[1] & 0x3Fu); }
    if ((u[0] & 0xF0) == 0xE0 && u[1] && u[2])
    { *len = 3; return ((u[0] & 0x0Fu) << 12) | ((u[1] & 0x3Fu) << 6) | (u[2] & 0x3Fu); }
    if ((u[0] & 0xF8) == 0xF0 && u[1] && u[2] && u[3])
    {
        *len = 4;
        return ((u[0] & 0x07u) << 18) | ((u[1] & 0x3Fu) << 12) | ((u[2] & 0x3Fu) << 6) | (u[3] & 0x3Fu);
    }
    *len = 1;
    return 0xFFFDu;
}
