/* test_case_ini.c -- the INI layer (case_ini.c): sections, entries, continuation lines and their
 * positions. */
#include "test_case_util.h"

/* A physical line of exactly 199 characters is read whole (inih's buffer
 * holds 199 bytes): 1+1+...+1 with 97 ones must give 97, not a truncation. */
static void test_line_199(void **state)
{
    char text[1024], line[256];
    case_t c;
    case_error_t err;
    arb_t r, t;
    expr_tv_t tv;
    int i, n = 0;
    n += snprintf(line + n, sizeof line - n, "A =   1");
    for (i = 1; i < 97; i++) n += snprintf(line + n, sizeof line - n, "+1");
    assert_int_equal(strlen(line), 199);
    snprintf(text, sizeof text, HEAD "[define]\n%s\nB = A\n", line);
    assert_int_equal(case_read(&c, write_file("l199.case", text, strlen(text)), &err), 0);
    assert_int_equal(c.ndefs, 2);
    arb_init(r);
    arb_init(t);
    assert_int_equal(expr_eval_once(r, &tv, c.defs[0].e, c.scope, NULL, 64), EXPR_DEFINED);
    arb_set_ui(t, 97);
    assert_true(arb_equal(r, t));
    arb_clear(r);
    arb_clear(t);
    case_clear(&c);

    /* one more character: an error at column 200, never a truncated value */
    snprintf(text, sizeof text, HEAD "[define]\n%s1\nB = A\n", line);
    expect_error(text, 4, 200, "line longer than 199 characters; continue the value on indented lines");
}

/* Continuation lines: joined, positions kept (the error is on line 5). */
static void test_multiline(void **state)
{
    case_t c;
    case_error_t err;
    const char *ok = HEAD "[define]\nA = 1 +\n    2 *\n\t3\nB =\n  A - 7\n[expect]\nB = 0 +/- 0\n";
    arb_t r;
    expr_tv_t tv;
    assert_int_equal(case_read(&c, write_file("ml.case", ok, strlen(ok)), &err), 0);
    arb_init(r);
    assert_int_equal(expr_eval_once(r, &tv, c.defs[1].e, c.scope, NULL, 64), EXPR_DEFINED);
    assert_true(arb_is_zero(r));
    arb_clear(r);
    case_clear(&c);
    expect_error(HEAD "[define]\nA = 1 +\n    2 *\n    )\n", 6, 5, "expected a number, a name or '(', found ')'");
    {
        /* [case] references: one reference per line, the lines kept apart */
        const char *refs = "[case]\ntitle = t\nreferences =\n    A. One. First work. 1900.\n    B. Two. Second work.\n"
                           "[parameters]\nx = 0 .. 1\n";
        assert_int_equal(case_read(&c, write_file("ml.case", refs, strlen(refs)), &err), 0);
        assert_non_null(c.references);
        assert_string_equal(c.references, "A. One. First work. 1900.\nB. Two. Second work.");
        case_clear(&c);
    }
}

static void test_ini_errors(void **state)
{
    expect_error("[case]\ntitle = t\n[plots main]\n", 3, 2,
                 "unknown section [plots main]; expected case, parameters, define, regions, expect, display, "
                 "plot NAME, point NAME, claim NAME or model NAME");
    expect_error("[case]\ntitel = t\n", 2, 1, "unknown key 'titel' in [case]; expected title, source, template, "
                 "summary, references, precision or include");
    expect_error(HEAD "[define]\n  A 1\n", 4, 3, "expected NAME = VALUE or a [section] header");
    expect_error(HEAD "[define\nA = 1\n", 3, 8, "missing ']' at the end of the section header");
    expect_error(HEAD "[define] x\n", 3, 10, "unexpected text after the section header");
    expect_error(HEAD "[plot]\n", 3, 2, "section [plot] needs a name: [plot NAME]");
    expect_error(HEAD "[case]\n", 3, 2, "duplicate section [case] (first at line 1)");
    expect_error(HEAD "[define]\nA = 1\nA = 2\n", 5, 1, "duplicate key 'A' (first at line 4)");
    expect_error("title = t\n", 1, 1, "NAME = VALUE before any [section]");
    expect_error("[case]\ntitle = caf\xc3\n", 2, 12, "invalid UTF-8 byte 0xc3");
    expect_error("[case]\ntitle = t\n; \xe9t\xe9\n", 3, 3, "invalid UTF-8 byte 0xe9");
    expect_error("[parameters]\nx = 1\n", 1, 1, "missing [case] section (with title = ...)");
    expect_error("[case]\nsource = s\n", 1, 2, "[case] needs title = ...");
    expect_error(HEAD "precision = 8\n", 3, 13, "precision must be an integer from 16 to 65536 (bits)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ini_errors),
        cmocka_unit_test(test_multiline),
        cmocka_unit_test(test_line_199),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
