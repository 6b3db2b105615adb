/* test_pdf_text.c -- the text layer of the libharu canvas: strings drawn
 * through canvas_hpdf (regular and bold, Greek, Cyrillic, combining dots,
 * math symbols, letters beyond the BMP) come back from poppler's pdftotext
 * exactly, with widths that match the glyphs, and nothing on
 * poppler's stderr (no invalid ToUnicode CMap) and `qpdf --check` clean. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <hpdf.h>
#include "canvas/canvas_hpdf.h"
#include <ft2build.h>
#include FT_FREETYPE_H

#include "test_tmpdir_util.h"

static void
hpdf_error(HPDF_STATUS e, HPDF_STATUS d, void *u)
{
    (void) e; (void) d; (void) u;
}

static char *
run(const char *cmd)
{
    FILE *p = popen(cmd, "r");
    char *buf;
    size_t n = 0, cap = 1 << 16, k;

    assert_non_null(p);
    buf = malloc(cap);
    assert_non_null(buf);
    while ((k = fread(buf + n, 1, cap - 1 - n, p)) > 0)
    {
        n += k;
        if (n + 1 >= cap)
        {
            cap *= 2;
            buf = realloc(buf, cap);
            assert_non_null(buf);
        }
    }
    buf[n] = 0;
    pclose(p);
    return buf;
}

/* One string a line, drawn in both weights; each must come back as a line
 * of `pdftotext -raw`. */
static const char *strings[] = {
    "theta \xce\xb8, mu \xce\xbc, Lambda \xce\x9b",                  /* θ μ Λ */
    "\xce\xb8\xcc\x87 [rad/s]",                                      /* θ̇ */
    "(\xce\xb8, \xce\xb8\xcc\x87) plane",                            /* (θ, θ̇) */
    "x\xcc\x88 = g",                                                 /* ẍ */
    "\xd0\xbf\xd1\x80\xd0\xbe\xd0\xb2\xd0\xb5\xd1\x80\xd0\xba\xd0\xb0", /* проверка */
    "1 + k cos\xc2\xb2\xce\xb8 \xe2\x88\x92 k\xce\xbc sin\xce\xb8 > 0",  /* ² − */
    "\xe2\x88\x88 \xe2\x88\x9a \xc2\xb1 \xe2\x89\xa4 \xe2\x88\xa7 \xe2\x88\xa8", /* ∈ √ ± ≤ ∧ ∨ */
    /* beyond the BMP, in both faces: double-struck 𝕒 𝕩 𝔸 𝟘 (U+1D552, U+1D569,
     * U+1D538, U+1D7D8), 𝌆 (U+1D306), 😀 (U+1F600) */
    "a = \xf0\x9d\x95\x92, x = \xf0\x9d\x95\xa9, \xf0\x9d\x94\xb8\xf0\x9d\x9f\x98 "
    "\xf0\x9d\x8c\x86 \xf0\x9f\x98\x80",
};

static void
test_text_layer(void **state)
{
    HPDF_Doc doc = HPDF_New(hpdf_error, NULL);
    canvas *c;
    char pdf[400], cmd[1200], *out, *err;
    int st, i, bold;
    size_t n = sizeof strings / sizeof strings[0];

    (void) state;
    assert_non_null(doc);
    HPDF_SetCompressionMode(doc, HPDF_COMP_ALL);
    snprintf(pdf, sizeof pdf, "%s/t.pdf", tmpdir);
    /* two canvases on one document: the second must not undo the first's fix */
    for (bold = 0; bold < 2; bold++)
    {
        c = canvas_hpdf_new(doc, NULL, 0, 0, 1, 595, 842, &st);
        assert_non_null(c);
        assert_int_equal(canvas_begin_page(c, 595, 842), CANVAS_OK);
        canvas_set_font(c, 14, bold);
        for (i = 0; i < (int) n; i++)
            canvas_text(c, 60, 80 + 40 * i, strings[i], CANVAS_LEFT);
        assert_int_equal(canvas_end_page(c), CANVAS_OK);
        assert_int_equal(canvas_finish(c), CANVAS_OK);
        canvas_free(c);
    }
    /* the advance of a letter beyond the BMP is its glyph's (FreeType, read
     * independently here), not libharu's .notdef width */
    {
        FT_Library ft;
        FT_Face face;
        double want;
        c = canvas_hpdf_new(doc, NULL, 0, 0, 1, 595, 842, &st);
        assert_non_null(c);
        assert_int_equal(FT_Init_FreeType(&ft), 0);
        assert_int_equal(FT_New_Face(ft, CANVAS_FONT_REGULAR, 0, &face), 0);
        assert_int_equal(FT_Load_Glyph(face, FT_Get_Char_Index(face, 0x1D552), FT_LOAD_NO_SCALE), 0);
        want = 20.0 * face->glyph->metrics.horiAdvance / face->units_per_EM;
        canvas_set_font(c, 20, 0);
        assert_true(fabs(canvas_text_width(c, "\xf0\x9d\x95\x92") - want) < 0.05);
        assert_true(fabs(canvas_text_width(c, "x\xf0\x9d\x95\x92x")
                         - want - 2 * canvas_text_width(c, "x")) < 0.1);
        FT_Done_Face(face);
        FT_Done_FreeType(ft);
        canvas_free(c);
    }
    assert_int_equal(canvas_hpdf_save(doc, pdf), CANVAS_OK);
    HPDF_Free(doc);

    snprintf(cmd, sizeof cmd, "qpdf --check '%s' >/dev/null 2>&1", pdf);
    assert_int_equal(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "{ pdftotext '%s' /dev/null; pdffonts '%s' >/dev/null; } 2>&1", pdf, pdf);
    err = run(cmd);
    if (err[0] != 0)
        print_error("poppler stderr: %s\n", err);
    assert_string_equal(err, "");
    free(err);
    for (bold = 0; bold < 2; bold++)
    {
        char *p;
        snprintf(cmd, sizeof cmd, "pdftotext -raw -f %d -l %d '%s' - 2>/dev/null", bold + 1, bold + 1, pdf);
        out = run(cmd);
        p = out;
        for (i = 0; i < (int) n; i++)
        {
            size_t k = strlen(strings[i]);
            if (strncmp(p, strings[i], k) != 0 || p[k] != '\n')
                print_error("page %d line %d: wanted '%s', got '%.*s'\n", bold + 1, i,
                            strings[i], (int) (strchr(p, '\n') ? strchr(p, '\n') - p : 40), p);
            assert_memory_equal(p, strings[i], k);
            assert_int_equal(p[k], '\n');
            p += k + 1;
        }
        free(out);
    }
}

static int
setup(void **state)
{
    (void) state;
    return tmpdir_make("pdftext");
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
        cmocka_unit_test(test_text_layer),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
