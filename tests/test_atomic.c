/* test_atomic.c -- atomic output files (atomic.c): complete or absent, never partial. */
#include "test_canvas_util.h"

/* ---- atomic files ---------------------------------------------------------- */

static void
test_atomic(void **state)
{
    char *p = tmp_path("atomic.txt");
    fc_atomic_file f;
    size_t n;
    unsigned char *b;

    (void) state;
    assert_int_equal(fc_atomic_write(p, "first", 5), 0);
    b = slurp(p, &n);
    assert_int_equal(n, 5);
    assert_memory_equal(b, "first", 5);
    free(b);

    /* an aborted write leaves the old file and no temporary */
    assert_int_equal(fc_atomic_open(&f, p), 0);
    fputs("partial", f.fp);
    fflush(f.fp);
    b = slurp(p, &n);
    assert_int_equal(n, 5);       /* not visible before commit */
    free(b);
    fc_atomic_abort(&f);
    b = slurp(p, &n);
    assert_int_equal(n, 5);
    assert_memory_equal(b, "first", 5);
    free(b);
    assert_true(no_temp_files(tmpdir));

    /* a folder that does not exist: error, nothing created */
    assert_int_equal(fc_atomic_write(tmp_path("missing/x.txt"), "x", 1), -1);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_atomic),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
