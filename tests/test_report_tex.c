/* test_report_tex.c -- P.tex (texsnippet.c): the caption's certified bounds, rounded outward. */
#include "test_report_util.h"

static void
test_tex(void **state)
{
    fixture F;
    size_t n;
    char *t;
    double a, b, lo, hi;

    (void) state;
    fixture_init(&F);
    assert_int_equal(report_write_tex(&F.res, 0, tmpdir), 0);
    t = read_file_all(tmp_path("disc.tex"), &n);
    assert_non_null(strstr(t, "\\begin{figure}"));
    assert_non_null(strstr(t, "\\includegraphics[width=\\linewidth]{disc.pdf}"));
    assert_non_null(strstr(t, "\\end{figure}"));
    assert_non_null(strstr(t, F.res.sha256));
    assert_non_null(strstr(t, F.c.path));
    assert_non_null(strstr(t, "fricert " FC_VERSION));
    assert_non_null(strstr(t, "depth 6"));
    assert_non_null(strstr(t, "undecided $\\le "));
    disc_fraction(&lo, &hi);
    assert_int_equal(find_interval(t, "inside $\\in", &a, &b), 0);
    assert_true(a <= lo && hi <= b);
    assert_int_equal(find_interval(t, "outside $\\in", &a, &b), 0);
    assert_true(a <= 1 - hi && 1 - lo <= b);
    assert_int_equal(report_write_tex(&F.res, 1, tmpdir), -1);
    free(t);
    fixture_clear(&F);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tex),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
