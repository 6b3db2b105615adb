/* test_mathlayout.c -- the 2-D math layout (src/report/mathlayout.c).
 *
 * - metrics: with a monospace measurer (every code point but a combining
 *   mark is 0.5 em wide) the width, ascent and descent of a name, a
 *   superscript, a fraction, a radical, an accent and sized parentheses are
 *   the values computed by hand from the constants of mathlayout.h;
 * - glyph runs: the text a reader would extract (θ̇ for thetadot, μ with
 *   subscript min, minimal and mixed ∧/∨ parentheses, units m/s²);
 * - display simplification: 0·x, x·1, x − x, 0/√c, L θ̇ cos θ − L cos θ θ̇
 *   print as 0 or the survivor, and the simplified expression encloses the
 *   same value as the original at random points (Arb, independent of the
 *   printer);
 * - drawing: the same formulas on the Cairo (PNG, PDF) and libharu canvases
 *   without error, poppler silent and pdftotext giving θ̇ and μ, and in the
 *   PNG the fraction bar where the layout put it. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <cairo.h>
#include <hpdf.h>
#include "report/mathlayout.h"
#include "case/case_display.h"
#include "canvas/canvas_cairo.h"
#include "canvas/canvas_hpdf.h"

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

static expr_t
parse(const char *s)
{
    expr_error_t err;
    expr_t e = expr_parse(s, 1, 1, &err);
    if (e == NULL)
        print_error("parse '%s': %s\n", s, err.msg);
    assert_non_null(e);
    return e;
}

#define NEAR(a, b) assert_true(fabs((a) - (b)) < 1e-9)

static void
box_of(report_ml_box *b, const char *src, double size)
{
    report_ml_ctx x = mono_ctx();
    expr_t e = parse(src);
    report_ml_expr_box(b, &x, e, size);
    expr_free(e);
}

static void
test_metrics(void **state)
{
    report_ml_box b;
    double t = REPORT_ML_THICK * 10;
    (void) state;

    /* a name */
    box_of(&b, "x", 10);
    NEAR(b.w, 5);
    NEAR(b.asc, 7.6);
    NEAR(b.desc, 2.4);
    report_ml_box_clear(&b);

    /* x^2: base 5, gap 0.04 em, script "2" at 7 pt = 3.5 wide; script top
     * at 0.42 em + 0.76 * 7 above the baseline */
    box_of(&b, "x^2", 10);
    NEAR(b.w, 5 + 0.4 + 3.5);
    NEAR(b.asc, 4.2 + 0.76 * 7);
    NEAR(b.desc, 2.4);
    assert_int_equal(b.n, 2);
    NEAR(b.items[1].y, -4.2);
    NEAR(b.items[1].x, 5.4);
    NEAR(b.items[1].size, 7);
    report_ml_box_clear(&b);

    /* 1/2 built up: width 5 + 2 * 1.2 pad; numerator baseline at
     * -(axis + t/2 + gap + its descent), denominator at +(-axis + t/2 + gap + its ascent) */
    box_of(&b, "1/2", 10);
    NEAR(b.w, 7.4);
    NEAR(b.asc, 3 + t / 2 + 1.4 + 2.4 + 7.6);
    NEAR(b.desc, -3 + t / 2 + 1.4 + 7.6 + 2.4);
    assert_int_equal(b.n, 3);
    assert_int_equal(b.items[0].kind, REPORT_ML_TEXT);
    NEAR(b.items[0].x, 1.2);
    NEAR(b.items[0].y, -(3 + t / 2 + 1.4 + 2.4));
    assert_int_equal(b.items[2].kind, REPORT_ML_RULE);
    NEAR(b.items[2].y, -3 - t / 2);          /* the bar on the math axis */
    NEAR(b.items[2].y1, t);
    NEAR(b.items[2].x1, 7.4 - 1.2);
    report_ml_box_clear(&b);

    /* sqrt(x): sign 5.5 + pad 0.6, body 5, pad 0.6; bar top at body
     * ascent + 1.0 gap + thickness, box ascent 0.2 above */
    box_of(&b, "sqrt(x)", 10);
    NEAR(b.w, 5.5 + 0.6 + 5 + 0.6);
    NEAR(b.asc, 7.6 + 1.0 + t + 0.2);
    NEAR(b.desc, 2.4);
    report_ml_box_clear(&b);

    /* an accent: one glyph wide, taller by the dot */
    box_of(&b, "thetadot", 10);
    NEAR(b.w, 5);
    NEAR(b.asc, (0.76 + REPORT_ML_DOT_EXTRA) * 10);
    report_ml_box_clear(&b);

    /* a script on an accented letter sits as on the letter: θ̇² */
    box_of(&b, "thetadot^2", 10);
    NEAR(b.items[1].y, -4.2);
    NEAR(b.asc, (0.76 + REPORT_ML_DOT_EXTRA) * 10);
    report_ml_box_clear(&b);

    /* parentheses sized to a fraction: (1/2)^3 -- fence size = body height */
    box_of(&b, "(1/2)^3", 10);
    {
        double h = (3 + t / 2 + 1.4 + 2.4 + 7.6) + (-3 + t / 2 + 1.4 + 7.6 + 2.4);
        /* fences 0.5 * h wide each, the fraction 7.4, then the script */
        NEAR(b.w, 0.5 * h + 7.4 + 0.5 * h + 0.4 + 3.5);
        assert_true(b.items[0].size > 10 && fabs(b.items[0].size - h) < 1e-9);
        /* the fence glyph [y - 0.76 h, y + 0.24 h] is centred on the fraction */
        {
            double fa = 3 + t / 2 + 1.4 + 2.4 + 7.6, fd = -3 + t / 2 + 1.4 + 7.6 + 2.4;
            NEAR(b.items[0].y - 0.26 * h, (fd - fa) / 2);
        }
    }
    report_ml_box_clear(&b);

    /* subscript of a name: mu_min = μ + "min" at 7 pt, 2 pt below */
    {
        report_ml_ctx x = mono_ctx();
        report_ml_name_box(&b, &x, "mu_min", 10);
        NEAR(b.w, 5 + 0.4 + 3 * 3.5);
        NEAR(b.desc, 2 + 0.24 * 7);
        NEAR(b.items[1].y, 2);
        report_ml_box_clear(&b);
    }
}

static void
expect_text(const char *src, const char *want)
{
    report_ml_box b;
    char *t;
    box_of(&b, src, 10);
    t = report_ml_box_text(&b);
    if (strcmp(t, want) != 0)
        print_error("'%s': got '%s', wanted '%s'\n", src, t, want);
    assert_string_equal(t, want);
    flint_free(t);
    report_ml_box_clear(&b);
}

static void
test_text(void **state)
{
    (void) state;
    expect_text("thetadot", "θ\xcc\x87");
    expect_text("xddot", "x\xcc\x88");
    expect_text("mu_min", "μmin");
    expect_text("theta0", "θ0");
    expect_text("r_Lambda1", "rΛ1");
    expect_text("1 + k*cos(theta)^2 - k*mu*sin(theta)*cos(theta) > 0", "1+kcos2θ−kμsinθcosθ>0");
    /* mixed connectives bracketed, a chain of one connective not */
    expect_text("a < 1 or b < 1 and c < 1", "a<1∨(b<1∧c<1)");
    expect_text("(a < 1 or b < 1) and c < 1", "(a<1∨b<1)∧c<1");
    expect_text("a < 1 and b < 1 and c < 1", "a<1∧b<1∧c<1");
    expect_text("not (a < 1)", "¬(a<1)");
    /* signs */
    expect_text("x - (y + z)", "x−(y+z)");
    expect_text("x - (-y)", "x+y");
    expect_text("x + (-3)", "x−3");
    expect_text("x*(-y)", "x(−y)");
    expect_text("r*((-m)*g) + h", "r(−mg)+h");      /* a factor starting with a sign is bracketed */
    expect_text("r*(-3*g)", "r(−3g)");
    expect_text("-(x + y)", "−(x+y)");
    expect_text("sqrt(x + 1)^2", "(x+1)2");
    expect_text("cos(2*theta)", "cos2θ");
    expect_text("cos(theta + 1)^2", "cos2(θ+1)");
    expect_text("atan2(y, x)", "atan2(y,x)");
    /* printing defects removed */
    expect_text("0*x", "0");
    expect_text("0*r_Lambda1", "0");
    expect_text("x*1 + 0", "x");
    expect_text("y - (x - x)", "y");
    expect_text("0/sqrt(c)", "0");
    expect_text("L*thetadot*cos(theta) - L*cos(theta)*thetadot", "0");
    expect_text("h*sin(theta)*thetadot*thetadot + a - thetadot*h*thetadot*sin(theta)", "a");
    expect_text("x^1 + y^0", "x+1");
}

/* A certified constant (a root or an extremum, an EXPR_BALL after the
 * case's rewriting) is shown as an enclosure: the text, read back by Arb
 * (arb_set_str, "±" as "+/-", "−" as "-"), contains the ball. Shown as its
 * 8-digit midpoint, 17/6 read "2.8333333" and a ball about 0 read "0e-35". */
static void
ball_text_contains(const arb_t v)
{
    report_ml_ctx x = mono_ctx();
    report_ml_box b;
    expr_t e = expr_new(EXPR_BALL);
    char *t, buf[128];
    size_t i, k = 0;
    arb_t back;
    arb_set(e->ball, v);
    report_ml_expr_box(&b, &x, e, 10);
    t = report_ml_box_text(&b);
    for (i = 0; t[i] && k + 4 < sizeof buf; i++) {
        if (strncmp(t + i, "\xc2\xb1", 2) == 0) { memcpy(buf + k, "+/-", 3); k += 3; i += 1; }
        else if (strncmp(t + i, "\xe2\x88\x92", 3) == 0) { buf[k++] = '-'; i += 2; }
        else buf[k++] = t[i];
    }
    buf[k] = 0;
    arb_init(back);
    if (arb_set_str(back, buf, 256) != 0 || !arb_contains(back, v))
        print_error("ball shown as '%s' (read '%s')\n", t, buf);
    assert_int_equal(arb_set_str(back, buf, 256), 0);
    assert_true(arb_contains(back, v));
    arb_clear(back);
    flint_free(t);
    report_ml_box_clear(&b);
    expr_free(e);
}

static void
test_ball_text(void **state)
{
    arb_t v;
    (void) state;
    arb_init(v);
    arb_set_ui(v, 17);
    arb_div_ui(v, v, 6, 128);          /* 17/6 = 2.8333... */
    ball_text_contains(v);
    arb_const_pi(v, 128);
    arb_mul_2exp_si(v, v, -1);
    arb_neg(v, v);                     /* -pi/2 */
    ball_text_contains(v);
    arb_zero(v);
    mag_set_d(arb_radref(v), 3.9e-36); /* [+/- 3.9e-36] */
    ball_text_contains(v);
    arb_set_d(v, 1e-30);
    arb_add_error_2exp_si(v, -130);
    ball_text_contains(v);
    arb_clear(v);
}

/* report_ml_lines: "HEAD E" broken at top-level operators, by hand with the
 * monospace measurer (0.5 em a code point, 0.22 em around an operator). */
static void
lines_of(const char *src, double width, const char *const *want, int nwant, double indent)
{
    report_ml_ctx x = mono_ctx();
    report_ml_box h, *l;
    expr_t e = parse(src);
    int n, i;
    report_ml_text_box(&h, &x, "B =", 10);
    n = report_ml_lines(&l, &x, &h, e, 10, width, indent);
    if (n != nwant)
        print_error("'%s' at width %g: %d lines, wanted %d\n", src, width, n, nwant);
    assert_int_equal(n, nwant);
    for (i = 0; i < n; i++)
    {
        char *t = report_ml_box_text(&l[i]);
        if (strcmp(t, want[i]) != 0)
            print_error("'%s' line %d: got '%s', wanted '%s'\n", src, i, t, want[i]);
        assert_string_equal(t, want[i]);
        assert_true(l[i].w <= width + 1e-9);
        /* a continuation line starts at the indent, with its operator */
        if (i > 0)
            NEAR(l[i].items[0].x, indent);
        flint_free(t);
        report_ml_box_clear(&l[i]);
    }
    flint_free(l);
    report_ml_box_clear(&h);
    expr_free(e);
}

static void
test_lines(void **state)
{
    static const char *one[] = {"B =a+b+c+d"};
    static const char *three[] = {"B =a+b", "+c", "+d"};
    static const char *logic[] = {"B =a<1", "∨(b<1∧c<1)"};
    static const char *cmp[] = {"B =x−y", ">0"};
    (void) state;
    /* "B =" 15, a 5, each "+ v" 2.2 + 5 + 2.2 + 5 after it: 20, 34.4, 48.8, 63.2 */
    lines_of("a + b + c + d", 100, one, 1, 15);
    lines_of("a + b + c + d", 36, three, 3, 15);
    /* mixed connectives keep their parentheses when broken */
    lines_of("a < 1 or b < 1 and c < 1", 85, logic, 2, 15);   /* 34.4 + 2.2 + 65.4 > 85; 15 + 65.4 fits */
    /* a comparison breaks before its sign; 0·x removed first */
    lines_of("x - y + 0*z > 0", 40, cmp, 2, 15);
}

static void
test_units_display(void **state)
{
    static const char *u[][2] = {
        {"m/s^2", "m/s²"}, {"kg*m^2", "kg·m²"}, {"N m", "N·m"}, {"1/s", "1/s"},
        {"m s^-2", "m·s⁻²"}, {"rad/s", "rad/s"}, {"", ""}, {"kg m^2/s", "kg·m²/s"},
        {"m/s · kg", "m/s·kg"}, {"N * m", "N·m"}, {"F L", "F·L"},
    };
    report_ml_ctx x = mono_ctx();
    report_ml_box b;
    char *t;
    size_t i;
    (void) state;

    for (i = 0; i < sizeof u / sizeof u[0]; i++)
    {
        t = report_ml_unit_text(u[i][0]);
        assert_non_null(t);
        assert_string_equal(t, u[i][1]);
        flint_free(t);
    }
    assert_null(report_ml_unit_text("m^"));
    assert_null(report_ml_unit_text("m^x"));
    {
        static const char *nm[][2] = {{"thetadot", "θ\xcc\x87"}, {"mu_min", "μ_min"}, {"theta0", "θ0"},
                                      {"xddot", "x\xcc\x88"}, {"k", "k"}, {"dot", "dot"}};
        for (i = 0; i < sizeof nm / sizeof nm[0]; i++)
        {
            t = report_ml_name_plain(nm[i][0]);
            assert_string_equal(t, nm[i][1]);
            flint_free(t);
        }
    }
    assert_null(report_ml_unit_text("m/s · kg^1/2"));   /* a fractional exponent stays as written */

    assert_int_equal(report_ml_display_box(&b, &x, "\\dot\\theta", 10), 0);
    t = report_ml_box_text(&b);
    assert_string_equal(t, "θ\xcc\x87");
    flint_free(t);
    NEAR(b.w, 5);
    report_ml_box_clear(&b);
    assert_int_equal(report_ml_display_box(&b, &x, "\\mu_{min}", 10), 0);
    t = report_ml_box_text(&b);
    assert_string_equal(t, "μmin");
    flint_free(t);
    NEAR(b.w, 5 + 0.4 + 3 * 3.5);
    report_ml_box_clear(&b);
    assert_int_equal(report_ml_display_box(&b, &x, "\\ddot{x}_1", 10), 0);
    report_ml_box_clear(&b);
    assert_int_equal(report_ml_display_box(&b, &x, "\\foo", 10), -1);
    assert_int_equal(report_ml_display_box(&b, &x, "x_", 10), -1);
    assert_int_equal(report_ml_display_box(&b, &x, "{x", 10), -1);
    assert_int_equal(report_ml_display_box(&b, &x, "x}", 10), -1);
    assert_int_equal(report_ml_display_box(&b, &x, "\\dot{xy}", 10), -1);
    assert_int_equal(b.n, 0);
}

/* display names from a table, for report_ml_set_display */
static const char *
table_display(void *arg, const char *name)
{
    (void) arg;
    if (strcmp(name, "om") == 0)
        return "\\omega_{0}";
    if (strcmp(name, "bad") == 0)
        return "\\nonsense";
    return NULL;
}

static void
test_display_names(void **state)
{
    report_ml_ctx x = mono_ctx();
    report_ml_box b;
    char *t;
    expr_t e = parse("om^2 + bad");
    (void) state;
    report_ml_set_display(&x, table_display, NULL);
    report_ml_expr_box(&b, &x, e, 10);
    t = report_ml_box_text(&b);
    assert_string_equal(t, "ω02+bad");   /* a malformed display falls back to the name */
    flint_free(t);
    report_ml_box_clear(&b);
    expr_free(e);
}

/* A case's [display] section read by case_read and used by the layout. */
static void
test_case_display(void **state)
{
    char path[400], *t;
    FILE *f;
    case_t c;
    case_error_t err;
    report_ml_ctx x = mono_ctx();
    report_ml_box b;
    expr_t e;
    (void) state;

    snprintf(path, sizeof path, "%s/d.case", tmpdir);
    f = fopen(path, "w");
    assert_non_null(f);
    fputs("[case]\ntitle = display names\n[parameters]\nthetadot = 0 .. 1\nmu = 1/2\n"
          "[define]\nBmin = 1 - mu*thetadot\n[regions]\npos = Bmin > 0\n"
          "[display]\nthetadot = \\dot\\phi\nBmin = B_{min}\n", f);
    fclose(f);
    memset(&c, 0, sizeof c);
    if (case_read(&c, path, &err) != 0)
        print_error("%s:%d:%d: %s\n", err.file, err.line, err.col, err.msg);
    assert_non_null(c.display);
    assert_string_equal(case_display_of(&c, "thetadot"), "\\dot\\phi");
    assert_null(case_display_of(&c, "mu"));
    report_ml_set_display(&x, report_ml_display_case, &c);
    e = parse("Bmin + mu*thetadot");
    report_ml_expr_box(&b, &x, e, 10);
    t = report_ml_box_text(&b);
    assert_string_equal(t, "Bmin+μφ\xcc\x87");
    flint_free(t);
    /* B with subscript "min": 5 + 0.4 + 3 * 3.5 wide before " + " */
    NEAR(b.items[1].x, 5.4);
    NEAR(b.items[1].y, 2);
    report_ml_box_clear(&b);
    expr_free(e);
    case_clear(&c);
}

/* The simplified expression encloses the same value as the original at
 * random points where the original is defined. */
static void
test_simplify_values(void **state)
{
    static const char *src[] = {
        "0*x + y*1 - (x - x)", "L*thetadot*cos(theta) - L*cos(theta)*thetadot + x",
        "x - (-y) + (-3)", "-(-(x*y)) + x^1 - y^0", "(x + 0)/1 - 0*y + 1*theta",
        "h*sin(theta)*thetadot*thetadot - thetadot*h*thetadot*sin(theta) + y/3",
        "x*(-y) - (-(x))", "0 - x + 0*sqrt(y)",
    };
    const char *names[] = {"x", "y", "theta", "thetadot", "L", "h"};
    flint_rand_t st;
    size_t i;
    int k, j;
    (void) state;

    flint_randinit(st);
    for (i = 0; i < sizeof src / sizeof src[0]; i++)
    {
        expr_scope_t sc = expr_scope_new();
        expr_t e = parse(src[i]), s;
        expr_error_t err;
        arb_ptr box = _arb_vec_init(6);
        arb_t a, b;
        expr_tv_t tv;

        for (j = 0; j < 6; j++)
            expr_scope_add_param(sc, names[j]);
        assert_int_equal(expr_check(e, sc, 0, &err), 0);
        s = report_ml_simplify(e);
        assert_int_equal(expr_check(s, sc, 0, &err), 0);
        arb_init(a);
        arb_init(b);
        for (k = 0; k < 20; k++)
        {
            for (j = 0; j < 6; j++)
            {
                arb_set_si(box + j, (slong) n_randint(st, 2001) - 1000);
                arb_div_ui(box + j, box + j, 97, 128);
                arb_add_ui(box + j, box + j, j == 1 ? 20 : 0, 128);   /* y > 0 under sqrt */
            }
            if (expr_eval_once(a, &tv, e, sc, box, 128) != EXPR_DEFINED)
                continue;
            assert_int_equal(expr_eval_once(b, &tv, s, sc, box, 128), EXPR_DEFINED);
            if (!arb_overlaps(a, b))
                print_error("'%s' simplified changes the value\n", src[i]);
            assert_true(arb_overlaps(a, b));
        }
        /* and the simplification is not the identity on these inputs */
        {
            char *p = expr_to_text(e), *q = expr_to_text(s);
            assert_string_not_equal(p, q);
            flint_free(p);
            flint_free(q);
        }
        arb_clear(a);
        arb_clear(b);
        _arb_vec_clear(box, 6);
        expr_free(s);
        expr_free(e);
        expr_scope_free(sc);
    }
    flint_randclear(st);
}

static const char *formulas[] = {
    "1 + k*cos(theta)^2 - k*mu*sin(theta)*cos(theta) > 0",
    "(g - h*sin(theta)*thetadot^2)/(1/m + h^2*cos(theta)^2/J)",
    "sqrt(1 + mu^2)/(2*mu) < 4/3 or mu > 1 and B < 0",
    "xddot == -(g*mu_min)/(1 + (a/b)^2)",
};

/* Draws every formula on C, one per 60 pt, from y = 60. */
static void
draw_all(canvas *c)
{
    report_ml_ctx x;
    size_t i;
    report_ml_ctx_init(&x, report_ml_font_canvas(c));
    canvas_set_fill_rgb(c, 0, 0, 0);
    for (i = 0; i < sizeof formulas / sizeof formulas[0]; i++)
    {
        report_ml_box b;
        expr_t e = parse(formulas[i]);
        report_ml_expr_box(&b, &x, e, 14);
        assert_int_equal(report_ml_draw(c, &b, 30, 60 + 60 * i), CANVAS_OK);
        report_ml_box_clear(&b);
        expr_free(e);
    }
}

static char *
run(const char *cmd)
{
    FILE *p = popen(cmd, "r");
    char *buf = flint_malloc(1 << 16);
    size_t n;
    assert_non_null(p);
    n = fread(buf, 1, (1 << 16) - 1, p);
    buf[n] = 0;
    pclose(p);
    return buf;
}

static void
hpdf_error(HPDF_STATUS e, HPDF_STATUS d, void *u)
{
    (void) e; (void) d; (void) u;
}

static void
test_draw(void **state)
{
    char path[400], cmd[1200], *out;
    int st;
    canvas *c;
    HPDF_Doc doc;
    (void) state;

    /* Cairo PDF and PNG */
    snprintf(path, sizeof path, "%s/ml.pdf", tmpdir);
    c = canvas_cairo_new(CANVAS_CAIRO_PDF, path, 420, 300, 1, &st);
    assert_non_null(c);
    draw_all(c);
    assert_int_equal(canvas_finish(c), CANVAS_OK);
    canvas_free(c);
    snprintf(path, sizeof path, "%s/ml.png", tmpdir);
    c = canvas_cairo_new(CANVAS_CAIRO_PNG, path, 420, 300, 2, &st);
    assert_non_null(c);
    draw_all(c);
    assert_int_equal(canvas_finish(c), CANVAS_OK);
    canvas_free(c);

    /* libharu */
    doc = HPDF_New(hpdf_error, NULL);
    assert_non_null(doc);
    HPDF_SetCompressionMode(doc, HPDF_COMP_ALL);
    c = canvas_hpdf_new(doc, NULL, 0, 0, 1, 420, 300, &st);
    assert_non_null(c);
    assert_int_equal(canvas_begin_page(c, 420, 300), CANVAS_OK);
    draw_all(c);
    assert_int_equal(canvas_end_page(c), CANVAS_OK);
    assert_int_equal(canvas_finish(c), CANVAS_OK);
    canvas_free(c);
    snprintf(path, sizeof path, "%s/ml_hpdf.pdf", tmpdir);
    assert_int_equal(canvas_hpdf_save(doc, path), CANVAS_OK);
    HPDF_Free(doc);

    /* both PDFs: poppler silent, the Greek letters and θ̇ in the text layer */
    snprintf(cmd, sizeof cmd, "for f in '%s/ml.pdf' '%s/ml_hpdf.pdf'; do pdftotext \"$f\" /dev/null; "
             "pdffonts \"$f\" >/dev/null; qpdf --check \"$f\" >/dev/null || echo qpdf; done 2>&1", tmpdir, tmpdir);
    out = run(cmd);
    assert_string_equal(out, "");
    flint_free(out);
    snprintf(cmd, sizeof cmd, "pdftotext '%s/ml_hpdf.pdf' - 2>/dev/null", tmpdir);
    out = run(cmd);
    assert_non_null(strstr(out, "θ\xcc\x87"));
    assert_non_null(strstr(out, "μ"));
    assert_non_null(strstr(out, "x\xcc\x88"));
    flint_free(out);
    snprintf(cmd, sizeof cmd, "pdftotext '%s/ml.pdf' - 2>/dev/null", tmpdir);
    out = run(cmd);
    assert_non_null(strstr(out, "μ"));
    flint_free(out);

    /* the PNG: the bar of 4/3 in formula 3 is dark where the layout put it,
     * and white just above the numerator */
    {
        report_ml_ctx x;
        report_ml_box b;
        cairo_surface_t *img;
        canvas *m;
        expr_t e = parse(formulas[2]);
        int i, bar = -1;
        unsigned char *d;
        int stride;
        double bx = 0, by = 0, bw = 0;

        snprintf(path, sizeof path, "%s/measure.png", tmpdir);
        m = canvas_cairo_new(CANVAS_CAIRO_PNG, path, 10, 10, 1, &st);
        assert_non_null(m);
        report_ml_ctx_init(&x, report_ml_font_canvas(m));
        report_ml_expr_box(&b, &x, e, 14);
        for (i = 0; i < b.n; i++)
            if (b.items[i].kind == REPORT_ML_RULE)
                bar = i;   /* the last rule: 4/3's */
        assert_true(bar >= 0);
        bx = 30 + b.items[bar].x + b.items[bar].x1 / 2;
        by = 60 + 60 * 2 + b.items[bar].y + b.items[bar].y1 / 2;
        bw = b.items[bar].x1;
        report_ml_box_clear(&b);
        expr_free(e);
        canvas_free(m);

        snprintf(path, sizeof path, "%s/ml.png", tmpdir);
        img = cairo_image_surface_create_from_png(path);
        assert_int_equal(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
        d = cairo_image_surface_get_data(img);
        stride = cairo_image_surface_get_stride(img);
        {
            int px = (int) (2 * bx), py = (int) (2 * by);
            uint32_t on = *(uint32_t *) (d + py * stride + 4 * px);
            uint32_t off = *(uint32_t *) (d + (int) (2 * (by - 14 * 1.3)) * stride + 4 * (int) (2 * (bx - bw / 2 - 2)));
            assert_true((on & 0xFF) < 128);       /* dark */
            assert_true((off & 0xFF) > 200);      /* white */
        }
        cairo_surface_destroy(img);
    }
}

static int
setup(void **state)
{
    (void) state;
    return tmpdir_make("ml");
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
        cmocka_unit_test(test_metrics),
        cmocka_unit_test(test_text),
        cmocka_unit_test(test_ball_text),
        cmocka_unit_test(test_lines),
        cmocka_unit_test(test_units_display),
        cmocka_unit_test(test_display_names),
        cmocka_unit_test(test_case_display),
        cmocka_unit_test(test_simplify_values),
        cmocka_unit_test(test_draw),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
