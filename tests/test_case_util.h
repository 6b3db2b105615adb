/* test_case_util.h -- helpers shared by the test_case_*.c tests. */
#ifndef FC_TEST_CASE_UTIL_H
#define FC_TEST_CASE_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "case/case.h"

static char tmpdir[64];

/* Writes text to TMPDIR/name and returns the path (static buffer). */
static inline const char *write_file(const char *name, const char *text, size_t len)
{
    static char path[256];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
    return path;
}

/* Reads text as a case and expects the error at (line, col) with msg. */
static inline void expect_error(const char *text, int line, int col, const char *msg)
{
    case_t c;
    case_error_t err;
    const char *path = write_file("bad.case", text, strlen(text));
    int rc = case_read(&c, path, &err);
    if (rc == 0) {
        print_error("no error; expected %d:%d: %s\n", line, col, msg);
        case_clear(&c);
        fail();
    }
    if (err.line != line || err.col != col || strcmp(err.msg, msg) != 0)
        print_error("got %d:%d: %s\nwant %d:%d: %s\n", err.line, err.col, err.msg, line, col, msg);
    assert_string_equal(err.file, path);
    assert_int_equal(err.line, line);
    assert_int_equal(err.col, col);
    assert_string_equal(err.msg, msg);
}

#define HEAD "[case]\ntitle = t\n"   /* lines 1-2 */

static inline int setup(void **state)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/test_case.XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static inline int teardown(void **state)
{
    const char *names[] = {"bad.case", "rod.case", "l199.case", "ml.case", "bound.case", "fam.case", "shared.defs",
                           NULL};
    char p[256];
    int i;
    for (i = 0; names[i]; i++) {
        snprintf(p, sizeof p, "%s/%s", tmpdir, names[i]);
        unlink(p);
    }
    return rmdir(tmpdir);
}

#endif
