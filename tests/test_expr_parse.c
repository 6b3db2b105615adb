/* test_expr_parse.c -- the parser and checker (expr_parse.c, expr_lex.c, expr_scope.c): numbers as
 * exact rationals, parse and check errors with their positions. */
#include "test_expr_util.h"

static void test_parse_numbers(void **state)
{
    fmpq_t q, w;
    expr_t e;
    (void)state;
    fmpq_init(q);
    fmpq_init(w);
    assert_int_equal(expr_parse_fmpq(q, "0.1"), 0);
    fmpq_set_si(w, 1, 10);
    assert_true(fmpq_equal(q, w));
    assert_int_equal(expr_parse_fmpq(q, "1e-3"), 0);
    fmpq_set_si(w, 1, 1000);
    assert_true(fmpq_equal(q, w));
    assert_int_equal(expr_parse_fmpq(q, "-2e-3"), 0);
    fmpq_set_si(w, -1, 500);
    assert_true(fmpq_equal(q, w));
    assert_int_equal(expr_parse_fmpq(q, "1/3"), 0);
    fmpq_set_si(w, 1, 3);
    assert_true(fmpq_equal(q, w));
    assert_int_equal(expr_parse_fmpq(q, "2.5e2"), 0);
    fmpq_set_si(w, 250, 1);
    assert_true(fmpq_equal(q, w));
    assert_int_equal(expr_parse_fmpq(q, "981/100"), 0);
    fmpq_set_si(w, 981, 100);
    assert_true(fmpq_equal(q, w));
    /* not a constant */
    assert_true(expr_parse_fmpq(q, "x + 1") != 0);
    assert_true(expr_parse_fmpq(q, "1 +") != 0);
    /* the AST of a decimal literal holds the exact rational */
    e = parse_ok("0.125");
    assert_int_equal(e->kind, EXPR_NUM);
    fmpq_set_si(w, 1, 8);
    assert_true(fmpq_equal(e->num, w));
    expr_free(e);
    e = parse_ok("1e-3");
    assert_int_equal(e->kind, EXPR_NUM);
    fmpq_set_si(w, 1, 1000);
    assert_true(fmpq_equal(e->num, w));
    expr_free(e);
    fmpq_clear(q);
    fmpq_clear(w);
}

static void test_parse_errors(void **state)
{
    expr_error_t err;
    expr_t e;
    (void)state;
    /* "1 + * 2": the '*' at column 5, where an operand was expected */
    parse_fails("1 + * 2", 1, 1, 1, 5, "expect");
    /* positions are relative to the given start; a newline resets the column */
    parse_fails("1 + * 2", 3, 10, 3, 14, "expect");
    parse_fails("1 +\n * 2", 1, 1, 2, 2, "expect");
    /* "sin(1": the error at the end of the input (column 6, just past "1") */
    parse_fails("sin(1", 1, 1, 1, 6, "expect");
    parse_fails("(1 + 2", 1, 1, 1, 7, "expect");
    parse_fails("1 2", 1, 1, 1, 3, NULL);
    parse_fails("", 1, 1, 1, 1, NULL);
    /* '=' is not a comparison */
    parse_fails("x = 1", 1, 1, 1, 3, NULL);
    /* a well-formed expression parses, with node positions */
    e = expr_parse("1 + foo(2)", 1, 1, &err);
    assert_non_null(e);
    assert_int_equal(e->kind, EXPR_ADD);
    assert_int_equal(e->args[1]->kind, EXPR_FUNC);
    assert_int_equal(e->args[1]->fn, FN_USER);
    assert_int_equal(e->args[1]->col, 5);
    expr_free(e);
    /* unknown function: an error from expr_check at the name */
    check_fails("foo(1)", 0, 1, 1, "foo");
    check_fails("2 + foo(1)", 0, 5, 5, "foo");
    /* unknown name */
    check_fails("x + q", 0, 5, 5, "q");
    /* wrong number of arguments: at the function's name */
    check_fails("atan2(1)", 0, 1, 1, "atan2");
    check_fails("1 + sin(1, 2)", 0, 5, 5, "sin");
    check_fails("if(x > 0, 1)", 0, 1, 1, "if");
    check_fails("min(1)", 0, 1, 1, "min");
    /* types: a predicate where a number belongs, and the other way round;
     * the error lies within the offending operand */
    check_fails("sin(x < 1)", 0, 5, 9, NULL);
    check_fails("1 + (x < 1)", 0, 5, 10, NULL);
    check_fails("if(x, 1, 2)", 0, 4, 4, NULL);
    check_fails("not x", 1, 1, 5, NULL);
    check_fails("x + 1", 1, 1, 5, NULL);
    check_fails("x < 1", 0, 1, 5, NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_numbers),
        cmocka_unit_test(test_parse_errors),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    flint_cleanup();
    return r;
}
