/* test_fuzz_regress.c -- replays the inputs that the fuzzers (tests/fuzz/,
 * `make fuzz`) found, in the ordinary build: every file in
 * tests/fuzz/regress/fuzz_expr/ goes through the expression harness and
 * every file in tests/fuzz/regress/fuzz_case/ through the case-reader
 * harness. A broken contract in a harness (a printed expression that does
 * not parse back, an error without a position, ...) fails the test; a
 * crash fails it too. Add a file here for every crash the fuzzers find. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#define FUZZ_ABORT() fail_msg("fuzz harness: contract broken (see the message above)")
#define FUZZ_EXPR_ENTRY fuzz_expr_one
#define FUZZ_CASE_ENTRY fuzz_case_one
#include "fuzz/fuzz_expr.c"
#include "fuzz/fuzz_case.c"

typedef int (*entry_fn)(const uint8_t *, size_t);

/* Runs every file of dir through f; returns the number of files. */
static int replay(const char *dir, entry_fn f)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    int n = 0;
    if (d == NULL) fail_msg("cannot open %s (run from the source tree)", dir);
    while ((de = readdir(d)) != NULL) {
        char path[1024];
        FILE *fp;
        uint8_t *buf;
        long len;
        if (de->d_name[0] == '.') continue;
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        fp = fopen(path, "rb");
        if (fp == NULL) continue;
        fseek(fp, 0, SEEK_END);
        len = ftell(fp);
        fseek(fp, 0, SEEK_SET);
        buf = malloc(len + 1);
        assert_int_equal(fread(buf, 1, len, fp), (size_t) len);
        fclose(fp);
        printf("  %s (%ld bytes)\n", path, len);
        f(buf, (size_t) len);
        free(buf);
        n++;
    }
    closedir(d);
    return n;
}

static void test_expr_inputs(void **state)
{
    (void) state;
    assert_true(replay("tests/fuzz/regress/fuzz_expr", fuzz_expr_one) > 0);
}

static void test_case_inputs(void **state)
{
    (void) state;
    assert_true(replay("tests/fuzz/regress/fuzz_case", fuzz_case_one) > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_expr_inputs),
        cmocka_unit_test(test_case_inputs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
