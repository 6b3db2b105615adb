/* fc_str.h -- strings on FLINT's allocator (the one allocator family of
 * fricert: flint_malloc / flint_realloc / flint_free); free every result
 * with flint_free. */
#ifndef FC_STR_H
#define FC_STR_H

#include <stddef.h>

char *fc_strdup(const char *s);
char *fc_strndup(const char *s, size_t n);   /* at most n bytes of s, NUL-terminated */
char *fc_printf(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Code point of the UTF-8 sequence at S, its length in bytes in *LEN (1 to 4);
 * U+FFFD with *LEN = 1 for a bad lead byte or a sequence cut short by the NUL. */
unsigned fc_utf8_next(const char *s, int *len);

#endif
