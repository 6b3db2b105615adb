/* test_pdf_text.c -- the text layer of the libharu canvas: strings drawn
 * through canvas_hpdf (regular and bold, Greek, Cyrillic, combining dots,
 * math symbols) come back from poppler's pdftotext exactly, with nothing on
 * poppler's stderr (no invalid ToUnicode CMap) and `qpdf --check` clean. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <hpdf.h>
#include "report/canvas_hpdf.h"

static char tmpdir[256];

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
    const char *base = getenv("TMPDIR");
    (void) state;
    snprintf(tmpdir, sizeof tmpdir, "%s/fricert-pdftext-XXXXXX", base ? base : "/tmp");
    return mkdtemp(tmpdir) == NULL ? -1 : 0;
}

static int
teardown(void **state)
{
    char cmd[400];
    (void) state;
    if (getenv("FRICERT_TEST_KEEP"))
        return 0;
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_text_layer),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
