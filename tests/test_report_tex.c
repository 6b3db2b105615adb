/* test_report_tex.c -- P.tex (texsnippet.c): the caption's certified bounds, rounded outward;
 * the figure included as CASE-P.pdf from the snippet's own folder; the plot
 * title typeset (formulas in math mode, no raw Unicode sign); CASE-P.pdf a
 * byte copy of P.pdf. */
#include "test_report_util.h"
#include "base/fc_str.h"

/* T without spaces (newly allocated with malloc). */
static char *
nospace(const char *t)
{
    char *o = malloc(strlen(t) + 1), *q = o;
    for (; *t; t++)
        if (*t != ' ')
            *q++ = *t;
    *q = 0;
    return o;
}

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
    {
        char *inc = fc_printf("\\includegraphics[width=\\linewidth]{\\fricertdir %s-disc.pdf}", F.c.id);
        assert_non_null(strstr(t, inc));
        flint_free(inc);
    }
    /* the path of the snippet's folder: \CurrentFilePath, with a fallback */
    assert_non_null(strstr(t, "\\ifdefined\\CurrentFilePath"));
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

/* A plot title with formulas in it: each formula one $...$, Greek letters,
 * functions, subscripts, accents, roots and degrees as math, prose as text. */
static void
test_caption(void **state)
{
    static const struct { const char *title, *want; } cases[] = {
        {"Fig. 11: motion in the plane {f, λ = tan θ}", "Fig.11:motionintheplane$\\{f,\\lambda=\\tan\\theta\\}$."},
        {"k1 = 3: rest (I), slip (II)", "$k_{1}=3$:rest(I),slip(II)."},
        {"α ≥ 90° − φ = 51.34°", "$\\alpha\\ge90^{\\circ}-\\varphi=51.34^{\\circ}$."},
        {"D4 at u0 = 0, θ̇0 = 0, A = 2", "D4at$u_{0}=0,\\dot{\\theta}_{0}=0,A=2$."},
        {"the curve Ω0(f) ends at f = 1/√3", "thecurve$\\Omega_{0}(f)$endsat$f=1/\\sqrt{3}$."},
        {"M sliding (ẋ0 < 0)", "Msliding$(\\dot{x}_{0}<0)$."},
        {"the rod of E-A2 (λ = 1.347)", "therodofE-A2$(\\lambda=1.347)$."},
    };
    size_t k;
    (void) state;
    for (k = 0; k < sizeof cases / sizeof cases[0]; k++)
    {
        fixture F;
        size_t n;
        char *t, *u;
        fixture_init(&F);
        flint_free(F.c.plots[0].title);
        F.c.plots[0].title = fc_strdup(cases[k].title);
        assert_int_equal(report_write_tex(&F.res, 0, tmpdir), 0);
        t = read_file_all(tmp_path("disc.tex"), &n);
        u = nospace(t);
        if (strstr(u, cases[k].want) == NULL)
            fail_msg("title '%s': caption lacks '%s':\n%s", cases[k].title, cases[k].want, strstr(t, "\\caption"));
        /* no raw degree sign or Greek letter left in the caption */
        assert_null(strstr(strstr(t, "\\caption"), "\xc2\xb0"));
        assert_null(strstr(strstr(t, "\\caption"), "\xce\xbb"));
        free(u);
        free(t);
        fixture_clear(&F);
    }
}

/* CASE-P.pdf is a byte copy of P.pdf. */
static void
test_figure_copy(void **state)
{
    fixture F;
    size_t n1, n2;
    char *a, *b, *name;
    FILE *f;
    (void) state;
    fixture_init(&F);
    f = fopen(tmp_path("disc.pdf"), "wb");
    assert_non_null(f);
    fputs("%PDF-1.4 not a real figure\n\x01\x02", f);
    fclose(f);
    assert_int_equal(report_write_figure_copy(&F.res, 0, tmpdir), 0);
    name = fc_printf("%s-disc.pdf", F.c.id);
    a = read_file_all(tmp_path("disc.pdf"), &n1);
    b = read_file_all(tmp_path(name), &n2);
    assert_int_equal(n1, n2);
    assert_memory_equal(a, b, n1);
    assert_int_equal(report_write_figure_copy(&F.res, 1, tmpdir), -1);
    free(a);
    free(b);
    flint_free(name);
    fixture_clear(&F);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tex),
        cmocka_unit_test(test_caption),
        cmocka_unit_test(test_figure_copy),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
