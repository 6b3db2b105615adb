/* test_pave_csv.c -- the exact decimal of a paving end point
 * (pave_arf_decimal, src/pave/pave_csv.c) against hand-computed values. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "pave/pave.h"

static void test_decimal(void **state)
{
    arf_t x;
    char *s;
    arf_init(x);
    arf_set_si_2exp_si(x, 3, -3);       /* 0.375 */
    s = pave_arf_decimal(x);
    assert_string_equal(s, "0.375");
    flint_free(s);
    arf_set_si_2exp_si(x, -5, 2);       /* -20 */
    s = pave_arf_decimal(x);
    assert_string_equal(s, "-20");
    flint_free(s);
    arf_set_si_2exp_si(x, 1, -10);      /* 0.0009765625 */
    s = pave_arf_decimal(x);
    assert_string_equal(s, "0.0009765625");
    flint_free(s);
    arf_clear(x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_decimal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
