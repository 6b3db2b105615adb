/* fc_error.h -- the one error type of fricert: where (FILE:LINE:COL) and
 * what. The expression parser fills line, col and msg (file empty); the case
 * reader, the model blocks, the claim deciders and the run add the file.
 * Bad input is reported as "FILE:LINE:COL: message". */
#ifndef FC_ERROR_H
#define FC_ERROR_H

#include <stddef.h>

typedef struct {
    char file[4097];         /* may be ""; a whole path (PATH_MAX), never cut */
    int line, col;           /* 1-based; 0: not known */
    char msg[512];
} fc_error;

/* Sets line, col and the printf-style message; file is kept. */
void fc_error_set(fc_error *err, int line, int col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Sets file, line, col and the message. */
void fc_error_at(fc_error *err, const char *file, int line, int col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* "FILE:LINE:COL: message" into buf ("FILE:LINE: message" without a
 * column, "FILE: message" without a line, "message" without a file). */
void fc_error_format(char *buf, size_t n, const fc_error *err);

#endif
