/* test_mech_parse.c -- model-block errors (mech_parse.c, mech_model.c): positions and messages. */
#include "test_mech_util.h"

/* ------------------------------------------------- errors */

static void test_errors(void **state)
{
    tm_t t;
    static const char *k1[] = {"type", "holonomic", "coords", "x, q", "velocities", "vx, vy",
                               "mass", "diag(m, m)", "constraints", "x", NULL};
    static const char *k2[] = {"type", "holonomic", "coords", "x, y", "velocities", "vx",
                               "mass", "diag(m, m)", "constraints", "x", NULL};
    static const char *k3[] = {"type", "sliding", NULL};
    static const char *k4[] = {"type", "holonomic", "coords", "x, y", "velocities", "vx, vy",
                               "mass", "diag(m, m)", "constraints", "x +* y", NULL};
    static const char *k5[] = {"type", "holonomic", "coords", "x, y", "velocities", "vx, vy",
                               "mass", "diag(m, m)", "friction", "1", NULL};
    tm_build(&t, "x y vx vy m", "e", k1);
    assert_int_equal(t.rc, -1);
    assert_int_equal(t.err.line, 12);
    assert_non_null(strstr(t.err.msg, "parameter"));
    tm_clear(&t);
    tm_build(&t, "x y vx vy m", "e", k2);
    assert_int_equal(t.rc, -1);
    assert_int_equal(t.err.line, 13);
    tm_clear(&t);
    tm_build(&t, "x y vx vy m", "e", k3);
    assert_int_equal(t.rc, -1);
    assert_int_equal(t.err.line, 11);
    tm_clear(&t);
    tm_build(&t, "x y vx vy m", "e", k4);
    assert_int_equal(t.rc, -1);
    assert_int_equal(t.err.line, 15);
    assert_true(t.err.col > 1);
    tm_clear(&t);
    tm_build(&t, "x y vx vy m", "e", k5);
    assert_int_equal(t.rc, -1);
    assert_non_null(strstr(t.err.msg, "friction"));
    tm_clear(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_errors),
    };
    srand(12345);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
