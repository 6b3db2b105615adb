/* test_zod_check.c -- `fricert check` reads a zod_return_map plane with
 * case_read_check, which refines only the grid cells holding one of the
 * case's [point]s (mech_zod.c). The verdict at every point must then be the
 * one of the full plane read by case_read (the report's): a point whose
 * verdict needs the quadtree refinement (reverse chatter at (0.24, 0.67),
 * undecided on the unrefined cell) and a point on a grid line (the union of
 * the cells around it) are compared. */
#include "test_ball_util.h"

static const char *text =
    "[case]\ntitle = t\n"
    "[parameters]\nh = 3/20 .. 2/5\nrho = 7/20 .. 7/10\n"
    "[model plane]\ntype = zod_return_map\nx = h\ny = rho\nh = h\nrho = rho\n"
    "l1 = 0.1954\nl2 = 0.2204\nphi1 = 0.1669\nphi2 = -0.1910\nalpha = -0.5449\n"
    "mu1 = 1.3804\nmu2 = 0.0883\ntau = 0\nu_lo = -4\nu_hi = 4\n"
    "x_lo = 3/20\nx_hi = 2/5\ny_lo = 7/20\ny_hi = 7/10\ngrid = 2\nrefine = 4\nleaves = 64\ndepth = 6\n"
    "[point chatter]\nh = 0.24\nrho = 0.67\n"
    "[point decay]\nh = 0.25\nrho = 0.47\n"
    "[point edge]\nh = 11/40\nrho = 23/40\n"
    "[expect]\n"
    "plane_verdict@chatter = -1 +/- 0\n"
    "plane_verdict@decay = 0 +/- 1\n"
    "plane_verdict@edge = 0 +/- 1\n";

static void test_check_equals_report(void **state)
{
    char path[] = "/tmp/test_zod_check.XXXXXX";
    int fd = mkstemp(path), i;
    case_t full, chk;
    case_error_t err;
    (void) state;
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t) strlen(text));
    close(fd);
    assert_int_equal(case_read(&full, path, &err), 0);
    assert_int_equal(case_read_check(&chk, path, &err), 0);
    unlink(path);
    assert_int_equal(full.nexpect, 3);
    for (i = 0; i < 3; i++) {
        run_expect a, b;
        run_expect_eval(&a, &full, i, 128, NULL);
        run_expect_eval(&b, &chk, i, 128, NULL);
        if (strcmp(a.got, b.got) != 0) print_error("%s: report %s, check %s\n", full.expect[i].text, a.got, b.got);
        assert_string_equal(a.got, b.got);
        assert_true(a.passed && b.passed);
    }
    case_clear(&full);
    case_clear(&chk);
    flint_cleanup();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check_equals_report),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
