/* test_file_util.h -- reading a whole file in a test (the test fails if it cannot). */
#ifndef FC_TEST_FILE_UTIL_H
#define FC_TEST_FILE_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

/* the whole file, malloc'ed and NUL-terminated; its length in *n */
static inline char *
read_file_all(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long len;

    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    len = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc(len + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, len, f), (size_t) len);
    buf[len] = '\0';
    fclose(f);
    *n = (size_t) len;
    return buf;
}

#endif
