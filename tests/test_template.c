/* test_template.c -- the template parser: items, joined paragraphs and their
 * source positions, and every syntax error with its LINE:COL counted by hand
 * in the test text (columns in characters, not bytes). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "report/template.h"


/* The template calls with their error formatted as "FILE:LINE:COL: message". */
static int
report_tmpl_parse_fmt(report_tmpl_t *t, const char *path, const char *src, char *err, size_t n)
{
    fc_error e;
    int r;
    memset(&e, 0, sizeof e);
    r = report_tmpl_parse(t, path, src, &e);
    fc_error_format(err, n, &e);
    return r;
}

static int
report_tmpl_read_fmt(report_tmpl_t *t, const char *path, char *err, size_t n)
{
    fc_error e;
    int r;
    memset(&e, 0, sizeof e);
    r = report_tmpl_read(t, path, &e);
    fc_error_format(err, n, &e);
    return r;
}

static void
test_items(void **state)
{
    static const char *src =
        "%% comment line\n"                              /* 1 */
        "# Summary of {{q:B@book}}\n"                    /* 2 */
        "\n"                                             /* 3 */
        "{{summary}}\n"                                  /* 4 */
        "First line of a paragraph\n"                    /* 5 */
        "   continued {{v:unique@book}} here.   \n"      /* 6 */
        "%% a comment inside does not end it\n"          /* 7 */
        "last.\n"                                        /* 8 */
        "\n"                                             /* 9 */
        "## Sub\n"                                       /* 10 */
        "  {{plot:main}}  \n"                            /* 11 */
        "{{plots}}\n"                                    /* 12 */
        "{{ points }}\n"                                 /* 13 */
        "{{q:mu_min}}\n"                                 /* 14: inline alone: a paragraph */
        "{{parameters}}\n{{definitions}}\n{{claims}}\n{{provenance}}";  /* 15-18, no final newline */
    report_tmpl_t t;
    char err[512];
    const report_tmpl_item *it;

    (void) state;
    if (report_tmpl_parse_fmt(&t, "x.tmpl", src, err, sizeof err) != 0)
    {
        print_error("%s\n", err);
        fail();
    }
    assert_int_equal(t.nitems, 12);
    it = t.items;
    assert_int_equal(it[0].kind, REPORT_TMPL_H1);
    assert_string_equal(it[0].text, "Summary of {{q:B@book}}");
    assert_int_equal(it[0].line, 2);
    assert_int_equal(it[1].kind, REPORT_TMPL_BLOCK);
    assert_int_equal(it[1].block, REPORT_TMPL_SUMMARY);
    assert_int_equal(it[1].line, 4);
    assert_int_equal(it[2].kind, REPORT_TMPL_PARA);
    assert_string_equal(it[2].text,
                        "First line of a paragraph continued {{v:unique@book}} here. last.");
    assert_int_equal(it[2].nlines, 3);
    assert_int_equal(it[2].lno[1], 6);
    assert_int_equal(it[2].lcol[1], 4);
    assert_int_equal(it[2].lno[2], 8);
    assert_int_equal(it[3].kind, REPORT_TMPL_H2);
    assert_string_equal(it[3].text, "Sub");
    assert_int_equal(it[4].kind, REPORT_TMPL_BLOCK);
    assert_int_equal(it[4].block, REPORT_TMPL_PLOT);
    assert_string_equal(it[4].text, "main");
    assert_int_equal(it[4].line, 11);
    assert_int_equal(it[4].col, 3);
    assert_int_equal(it[5].block, REPORT_TMPL_PLOTS);
    assert_int_equal(it[6].block, REPORT_TMPL_POINTS);
    assert_int_equal(it[7].kind, REPORT_TMPL_PARA);
    assert_string_equal(it[7].text, "{{q:mu_min}}");
    assert_int_equal(it[8].block, REPORT_TMPL_PARAMETERS);
    assert_int_equal(it[9].block, REPORT_TMPL_DEFINITIONS);
    assert_int_equal(it[10].block, REPORT_TMPL_CLAIMS);
    assert_int_equal(it[11].block, REPORT_TMPL_PROVENANCE);
    assert_int_equal(it[11].line, 18);
    report_tmpl_clear(&t);
}

static void
expect_error(const char *src, const char *want)
{
    report_tmpl_t t;
    char err[512], full[600];

    snprintf(full, sizeof full, "y.tmpl:%s", want);
    if (report_tmpl_parse_fmt(&t, "y.tmpl", src, err, sizeof err) == 0)
    {
        print_error("no error; want %s\n", full);
        report_tmpl_clear(&t);
        fail();
    }
    if (strcmp(err, full) != 0)
        print_error("got  %s\nwant %s\n", err, full);
    assert_string_equal(err, full);
}

static void
test_errors(void **state)
{
    (void) state;
    expect_error("# A\n\n{{nope}}\n",
                 "3:1: unknown placeholder {{nope}} (known: summary, parameters, definitions, "
                 "points, plots, plot:NAME, claims, provenance, q:NAME@POINT, i:LO,HI@POINT, v:REGION@POINT, "
                 "c:CLAIM)");
    /* column in characters: two Greek letters are four bytes */
    expect_error("αβ {{summary}} text\n", "1:4: block placeholder {{summary}} must stand alone on its line");
    expect_error("text\nmore text {{q:B@}}\n",
                 "2:11: malformed placeholder {{q:B@}}: expected {{q:NAME@POINT}}");
    expect_error("{{v:a b}}\n", "1:1: malformed placeholder {{v:a b}}: expected {{v:NAME@POINT}}");
    expect_error("{{i:lo@P}}\n", "1:1: malformed placeholder {{i:lo@P}}: expected {{i:LO,HI@POINT}}");
    expect_error("{{i:lo,@P}}\n", "1:1: malformed placeholder {{i:lo,@P}}: expected {{i:LO,HI@POINT}}");
    expect_error("{{q:lo,hi@P}}\n", "1:1: malformed placeholder {{q:lo,hi@P}}: expected {{q:NAME@POINT}}");
    expect_error("{{plot:}}\n", "1:1: malformed placeholder {{plot:}}: expected {{plot:NAME}}");
    expect_error("para {{q:B\n}} next line\n",
                 "1:6: unterminated placeholder: '{{' without '}}' on its line");
    expect_error("ok\n\n### Deep\n", "3:1: only '# ' and '## ' headings are allowed");
    expect_error("#Tight\n", "1:1: a heading needs a space after '#'");
    expect_error("text\n##   \n", "2:1: empty heading");
    expect_error("# Heading {{wrong}}\n",
                 "1:11: unknown placeholder {{wrong}} (known: summary, parameters, definitions, "
                 "points, plots, plot:NAME, claims, provenance, q:NAME@POINT, i:LO,HI@POINT, v:REGION@POINT, "
                 "c:CLAIM)");
    expect_error("  {{ summary }} {{points}}\n",
                 "1:3: block placeholder {{ summary }} must stand alone on its line");
}

static void
test_read_and_find(void **state)
{
    char dir[] = "/tmp/fc_test_tmpl.XXXXXX", path[600], err[700], buf[256];
    report_tmpl_t t;
    FILE *f;

    (void) state;
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/default.tmpl", dir);
    assert_int_equal(report_tmpl_find(buf, sizeof buf, dir, NULL), -1);
    f = fopen(path, "w");
    assert_non_null(f);
    fputs("# Title\r\n\r\n{{summary}}\r\n", f);   /* CRLF accepted */
    fclose(f);
    assert_int_equal(report_tmpl_find(buf, sizeof buf, dir, NULL), 0);
    assert_string_equal(buf, path);
    assert_int_equal(report_tmpl_find(buf, sizeof buf, dir, "default"), 0);
    assert_int_equal(report_tmpl_read_fmt(&t, path, err, sizeof err), 0);
    assert_int_equal(t.nitems, 2);
    assert_string_equal(t.items[0].text, "Title");
    assert_int_equal(t.items[1].block, REPORT_TMPL_SUMMARY);
    report_tmpl_clear(&t);
    snprintf(buf, sizeof buf, "%s/none.tmpl", dir);
    assert_int_equal(report_tmpl_read_fmt(&t, buf, err, sizeof err), -1);
    snprintf(path, sizeof path, "%s:1:1: cannot open template: No such file or directory", buf);
    assert_string_equal(err, path);
    snprintf(path, sizeof path, "%s/default.tmpl", dir);
    unlink(path);
    rmdir(dir);
}

/* The shipped templates parse (their references are checked against the
 * cases by `fricert report`, see tests/test_report.c for report_tmpl_check). */
static void
test_shipped(void **state)
{
    static const char *names[] = {"default", "painleve", "painleve_phase", "meshchersky"};
    char path[256], err[512];
    size_t i;
    report_tmpl_t t;

    (void) state;
    for (i = 0; i < sizeof names / sizeof names[0]; i++)
    {
        snprintf(path, sizeof path, "templates/%s.tmpl", names[i]);
        if (access(path, R_OK) != 0)
            continue;   /* run from another folder */
        if (report_tmpl_read_fmt(&t, path, err, sizeof err) != 0)
        {
            print_error("%s\n", err);
            fail();
        }
        assert_true(t.nitems > 0);
        report_tmpl_clear(&t);
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_items),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_read_and_find),
        cmocka_unit_test(test_shipped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
