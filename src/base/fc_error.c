/* fc_error.c -- located error messages. */
#include <stdarg.h>
#include <stdio.h>
#include "base/fc_error.h"

void fc_error_set(fc_error *err, int line, int col, const char *fmt, ...)
{
    va_list ap;
    err->line = line;
    err->col = col;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
}

void fc_error_at(fc_error *err, const char *file, int line, int col, const char *fmt, ...)
{
    va_list ap;
    snprintf(err->file, sizeof err->file, "%s", file ? file : "");
    err->line = line;
    err->col = col;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
}

void fc_error_format(char *buf, size_t n, const fc_error *err)
{
    if (err->file[0] == '\0')
        snprintf(buf, n, "%s", err->msg);
    else if (err->line > 0 && err->col > 0)
        snprintf(buf, n, "%s:%d:%d: %s", err->file, err->line, err->col, err->msg);
    else if (err->line > 0)
        snprintf(buf, n, "%s:%d: %s", err->file, err->line, err->msg);
    else
        snprintf(buf, n, "%s: %s", err->file, err->msg);
}
