/* test_mathtext.c -- free text with inline formulas (src/report/mathtext.c).
 *
 * - runs: the formula runs of real plot titles, written out by hand (which
 *   words are formulas, the punctuation left outside, a unit in brackets
 *   left as text);
 * - formulas: with a monospace measurer, the glyph runs a reader would
 *   extract and the rules drawn: μ_min = 4/3 has a fraction bar and μ with
 *   the subscript min; √(r/g) a radical sign; a decimal stays as written
 *   (0.426, not 213/500); "e = 1 (Ω = 1/2)" keeps its parentheses and is
 *   not read as 1·(Ω = 1/2); Ω0(f) keeps its parentheses; (2.6) keeps its
 *   own; θ̇0 is θ with a dot and the subscript 0, and a case's [display]
 *   string applies to a name it defines;
 * - words: in bold runs the words are bold, the formulas are not; an axis
 *   label's first word alone (m_c) is a name, typeset, in a title a word;
 * - drawing: a formula turned upwards (report_ml_draw_up, a y-axis label)
 *   puts the fraction bar of 4/3 where the box's geometry maps it, in a
 *   Cairo PNG (a vertical dark bar there, white beyond its end). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <cairo.h>
#include "report/mathtext.h"
#include "canvas/canvas_cairo.h"

#include "test_tmpdir_util.h"

/* 0.5 em per code point, combining marks U+0300..U+036F excepted. */
static double
mono_width(void *arg, const char *s, double size)
{
    const unsigned char *u = (const unsigned char *) s;
    int n = 0;
    (void) arg;
    while (*u)
    {
        unsigned cp;
        int len;
        if (*u < 0x80) { cp = *u; len = 1; }
        else if ((*u & 0xE0) == 0xC0) { cp = ((*u & 0x1Fu) << 6) | (u[1] & 0x3Fu); len = 2; }
        else if ((*u & 0xF0) == 0xE0) { cp = 0x1000; len = 3; }
        else { cp = 0x10000; len = 4; }
        if (!(cp >= 0x300 && cp < 0x370))
            n++;
        u += len;
    }
    return 0.5 * size * n;
}

static const char *
display_omega(void *arg, const char *name)
{
    (void) arg;
    return strcmp(name, "Omega") == 0 ? "\\Omega_{c}" : NULL;
}

static report_ml_ctx
mono_ctx(void)
{
    report_ml_ctx x;
    report_ml_font f;
    f.width = mono_width;
    f.arg = NULL;
    report_ml_ctx_init(&x, f);
    return x;
}

/* The formula runs of S joined by '|'. */
static char *
runs_of(const char *s)
{
    report_mt_span *sp;
    int n = report_mt_split(&sp, s), i;
    char *out = flint_malloc(strlen(s) + 2 * (size_t) n + 2);
    size_t k = 0, total = 0;
    out[0] = '\0';
    for (i = 0; i < n; i++)
    {
        total += sp[i].len;
        if (sp[i].kind == REPORT_MT_MATH)
        {
            if (k)
                out[k++] = '|';
            memcpy(out + k, s + sp[i].off, sp[i].len);
            k += sp[i].len;
            out[k] = '\0';
        }
        if (i > 0)
            assert_int_equal(sp[i].off, sp[i - 1].off + sp[i - 1].len);   /* in order, no gap */
    }
    assert_int_equal(total, strlen(s));   /* the spans cover the text */
    flint_free(sp);
    return out;
}

static void
test_runs(void **state)
{
    static const char *cases[][2] = {
        {"The tip of the paradox region: \xce\xbc_min = 4/3 at tan \xce\xb8 = 2",
         "\xce\xbc_min = 4/3|tan \xce\xb8 = 2"},
        {"The answer plane {f, \xce\xa9 = \xcf\x89\xe2\x88\x9a(r/g)}: no wedging, wedging at \xcf\x86*, wedging at once",
         "{f, \xce\xa9 = \xcf\x89\xe2\x88\x9a(r/g)}|\xcf\x86*"},
        {"k1 = 3: obligatory rest (I), slip (II), lift-off (III); tangency at \xce\xb6 = 1, q = 1",
         "k1 = 3|\xce\xb6 = 1, q = 1"},
        {"C7-NOLIFT (l/b = 1.5, \xcf\x86" "0 = 0.5): which wheel", "(l/b = 1.5, \xcf\x86" "0 = 0.5)"},
        {"\xce\xb8\xcc\x87 [rad/s]", "\xce\xb8\xcc\x87"},
        {"slip velocity [m/s\xc2\xb2]", ""},
        {"The book's ellipse against the certified region", ""},
        {"Figure 4 (\xcf\x88" "0 = 0): the ellipses", "(\xcf\x88" "0 = 0)"},
        {"E8 data, F4: the static zone", ""},
    };
    size_t i;
    (void) state;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
        char *r = runs_of(cases[i][0]);
        assert_string_equal(r, cases[i][1]);
        flint_free(r);
    }
}

static int
count_kind(const report_ml_box *b, report_ml_item_kind k)
{
    int i, n = 0;
    for (i = 0; i < b->n; i++)
        n += b->items[i].kind == k;
    return n;
}

/* The glyph runs of formula S, and its rules and lines counted. */
static char *
formula(const report_ml_ctx *x, const char *s, int *rules, int *lines)
{
    report_ml_box b;
    char *t;
    report_mt_formula_box(&b, x, s, strlen(s), 10);
    t = report_ml_box_text(&b);
    *rules = count_kind(&b, REPORT_ML_RULE);
    *lines = count_kind(&b, REPORT_ML_LINE);
    assert_true(b.w > 0 && b.asc > 0);
    report_ml_box_clear(&b);
    return t;
}

static void
test_formulas(void **state)
{
    report_ml_ctx x = mono_ctx(), y;
    int r, l;
    char *t;
    (void) state;

    t = formula(&x, "\xce\xbc_min = 4/3", &r, &l);
    assert_string_equal(t, "\xce\xbcmin=43");     /* μ, subscript min, =, 4 over 3 */
    assert_int_equal(r, 1);                        /* the fraction bar */
    flint_free(t);

    t = formula(&x, "\xce\xa9 = \xcf\x89\xe2\x88\x9a(r/g)", &r, &l);
    assert_string_equal(t, "\xce\xa9=\xcf\x89rg");  /* Ω = ω √(r over g): the sign is drawn */
    assert_true(r >= 2 && l >= 1);                  /* fraction bar, radical bar, radical sign */
    flint_free(t);

    t = formula(&x, "q*(0) = 0.426", &r, &l);
    assert_non_null(strstr(t, "0.426"));
    assert_null(strstr(t, "213"));
    assert_int_equal(r, 0);
    flint_free(t);

    /* three formulas side by side, the parentheses kept: not 1·(Ω = 1/2) */
    t = formula(&x, "e = 1 (\xce\xa9 = 1/2)", &r, &l);
    assert_string_equal(t, "e=1(\xce\xa9=12)");
    assert_int_equal(r, 1);
    flint_free(t);

    t = formula(&x, "\xce\xa9" "0(f)", &r, &l);
    assert_string_equal(t, "\xce\xa9" "0(f)");
    flint_free(t);

    t = formula(&x, "(2.6) (\xce\xb8 = 0.5, \xce\xb8\xcc\x87 = 1)", &r, &l);
    assert_string_equal(t, "(2.6)(\xce\xb8=0.5,\xce\xb8\xcc\x87=1)");
    flint_free(t);

    t = formula(&x, "\xce\xb8\xcc\x87" "0 = 0", &r, &l);
    assert_string_equal(t, "\xce\xb8\xcc\x87" "0=0");
    flint_free(t);

    t = formula(&x, "F0\xc2\xb2/F11\xc2\xb2 + m_c\xc2\xb2/\xce\xbb" "0\xc2\xb2 \xe2\x89\xa4 1", &r, &l);
    assert_string_equal(t, "F02F112+mc2\xce\xbb" "02\xe2\x89\xa4" "1");
    assert_int_equal(r, 2);
    flint_free(t);

    /* sin²θ0 is sin(θ0)², not sin()²·θ0 */
    t = formula(&x, "A + d\xc2\xb2 sin\xc2\xb2\xce\xb8" "0", &r, &l);
    assert_null(strstr(t, "()"));
    assert_non_null(strstr(t, "\xce\xb8" "0"));
    flint_free(t);

    /* the case's display string for a name it defines */
    y = x;
    report_ml_set_display(&y, display_omega, NULL);
    t = formula(&y, "\xce\xa9 = 2", &r, &l);
    assert_string_equal(t, "\xce\xa9" "c=2");
    flint_free(t);
}

static void
test_bold_words(void **state)
{
    report_ml_ctx x;
    report_mt_runs rr;
    canvas *c;
    char path[400];
    int st, i, j, bold_words = 0, regular_math = 0;
    (void) state;

    snprintf(path, sizeof path, "%s/m.png", tmpdir);
    c = canvas_cairo_new(CANVAS_CAIRO_PNG, path, 10, 10, 1, &st);
    assert_non_null(c);
    report_ml_ctx_init(&x, report_ml_font_canvas(c));
    report_mt_runs_build(&rr, c, &x, "Plot tip: the region \xce\xbc_min = 4/3 here", 11, REPORT_MT_BOLD);
    assert_int_equal(rr.n, 6);   /* Plot, tip:, the, region, formula, here */
    assert_int_equal(rr.space[0], 0);
    for (i = 1; i < rr.n; i++)
        assert_int_equal(rr.space[i], 1);
    for (i = 0; i < rr.n; i++)
        for (j = 0; j < rr.box[i].n; j++)
            if (rr.box[i].items[j].kind == REPORT_ML_TEXT)
            {
                if (i == 4)
                    regular_math += !rr.box[i].items[j].bold;
                else
                    bold_words += rr.box[i].items[j].bold;
            }
    assert_int_equal(bold_words, 5);
    assert_true(regular_math >= 3);
    report_mt_runs_clear(&rr);
    canvas_free(c);
}

/* An axis label's first word alone is a name: m_c is m with the subscript
 * c (two glyph runs, the second smaller); in a title it stays a word. */
static void
test_label(void **state)
{
    report_ml_ctx x;
    report_mt_runs rr;
    canvas *c;
    char path[400];
    int st;
    (void) state;

    snprintf(path, sizeof path, "%s/l.png", tmpdir);
    c = canvas_cairo_new(CANVAS_CAIRO_PNG, path, 10, 10, 1, &st);
    assert_non_null(c);
    report_ml_ctx_init(&x, report_ml_font_canvas(c));
    report_mt_runs_build(&rr, c, &x, "m_c [N]", 10, REPORT_MT_LABEL);
    assert_int_equal(rr.n, 2);
    assert_int_equal(rr.box[0].n, 2);
    assert_string_equal(rr.box[0].items[0].text, "m");
    assert_string_equal(rr.box[0].items[1].text, "c");
    assert_true(rr.box[0].items[1].size < 10);
    assert_string_equal(rr.box[1].items[0].text, "[N]");
    report_mt_runs_clear(&rr);
    report_mt_runs_build(&rr, c, &x, "m_c [N]", 10, 0);
    assert_int_equal(rr.box[0].n, 1);
    assert_string_equal(rr.box[0].items[0].text, "m_c");
    report_mt_runs_clear(&rr);
    canvas_free(c);
}

static void
test_draw_up(void **state)
{
    report_ml_ctx x;
    report_ml_box b;
    canvas *c, *m;
    cairo_surface_t *img;
    unsigned char *d;
    char path[400];
    int st, i, bar = -1, stride;
    double ox = 60, oy = 150, cx, cy, len;
    (void) state;

    snprintf(path, sizeof path, "%s/measure.png", tmpdir);
    m = canvas_cairo_new(CANVAS_CAIRO_PNG, path, 10, 10, 1, &st);
    assert_non_null(m);
    report_ml_ctx_init(&x, report_ml_font_canvas(m));
    report_mt_formula_box(&b, &x, "q = 4/3", 7, 20);
    for (i = 0; i < b.n; i++)
        if (b.items[i].kind == REPORT_ML_RULE)
            bar = i;
    assert_true(bar >= 0);
    /* the bar's centre (px, py) in the box goes to (ox + py, oy - px) */
    cx = ox + b.items[bar].y + b.items[bar].y1 / 2;
    cy = oy - (b.items[bar].x + b.items[bar].x1 / 2);
    len = b.items[bar].x1;

    snprintf(path, sizeof path, "%s/up.png", tmpdir);
    c = canvas_cairo_new(CANVAS_CAIRO_PNG, path, 200, 200, 2, &st);
    assert_non_null(c);
    canvas_set_fill_rgb(c, 0, 0, 0);
    assert_int_equal(report_ml_draw_up(c, &b, ox, oy), CANVAS_OK);
    assert_int_equal(canvas_finish(c), CANVAS_OK);
    canvas_free(c);
    report_ml_box_clear(&b);
    canvas_free(m);

    img = cairo_image_surface_create_from_png(path);
    assert_int_equal(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
    d = cairo_image_surface_get_data(img);
    stride = cairo_image_surface_get_stride(img);
    {
        /* the bar runs upwards: dark at its centre and at 35 % of its length
           above and below it, white 3 pt beyond its upper end (right of the
           fraction in the box, where nothing is drawn) */
#define PIX(X, Y) (*(uint32_t *) (d + (int) (2 * (Y)) * stride + 4 * (int) (2 * (X))))
        assert_true((PIX(cx, cy) & 0xff) < 0x60);
        assert_true((PIX(cx, cy - 0.35 * len) & 0xff) < 0x60);
        assert_true((PIX(cx, cy + 0.35 * len) & 0xff) < 0x60);
        assert_true((PIX(cx, cy - 0.5 * len - 3) & 0xff) > 0xc0 || (PIX(cx, cy - 0.5 * len - 3) >> 24) < 0x40);
#undef PIX
    }
    cairo_surface_destroy(img);
}

static int
setup(void **state)
{
    (void) state;
    return tmpdir_make("mathtext");
}

static int
teardown(void **state)
{
    (void) state;
    return tmpdir_remove();
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_runs),
        cmocka_unit_test(test_formulas),
        cmocka_unit_test(test_bold_words),
        cmocka_unit_test(test_label),
        cmocka_unit_test(test_draw_up),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
