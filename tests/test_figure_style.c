/* test_figure_style.c -- figures for a paper (issue 12 item 6, in part):
 * - the named styles have the sizes of a 3.4 in column and a 7 in page;
 * - drawn in the paper style at the column size, no text is smaller than
 *   8 pt and neither title nor caption line is drawn (a recording canvas
 *   sees every set_font and text call); in the report style at the same
 *   size the text would shrink below 8 pt, so the check can fail;
 * - the files in the paper style with the serif face: PDF page of 244.8 x
 *   216 pt, Latin Modern fonts embedded, Greek letters in the text layer,
 *   poppler silent, no title in the text. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "report/figure.h"

#include "test_tmpdir_util.h"

#define N 16
static report_figure_cell cells[N * N];
static const char *names[3] = {"unique", "indeterminate", "inconsistent"};
static const char *legend[3] = {"unique  area \xe2\x88\x88 [0.7355, 0.7425]",
                                "indeterminate  area \xe2\x88\x88 [0, 0.006867]",
                                "inconsistent  area \xe2\x88\x88 [0.2575, 0.2645]"};

static void
make_spec(report_figure_spec *s)
{
    int i, j;
    memset(s, 0, sizeof *s);
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
        {
            report_figure_cell *c = &cells[i * N + j];
            c->x_lo = i / (double) N;
            c->x_hi = (i + 1) / (double) N;
            c->y_lo = j / (double) N;
            c->y_hi = (j + 1) / (double) N;
            c->label = i + j < N ? 0 : i == j ? FIG_UNDECIDED : 2;
        }
    s->title = "TITLE-OF-THE-FIGURE";
    s->caption = "CAPTION-LINE depth 4";
    s->x_label = "\xce\xb8 [rad]";
    s->y_label = "\xce\xbc";
    s->x_lo = s->y_lo = 0;
    s->x_hi = s->y_hi = 1;
    s->cells = cells;
    s->ncells = N * N;
    s->nregions = 3;
    s->region_names = names;
    s->region_legend = legend;
}

/* ---- a canvas that records fonts and text -------------------------------- */

typedef struct
{
    double size, min_size;
    int title_seen, caption_seen;
} rec_state;

static void r_rgb(void *s, double r, double g, double b) { (void) s; (void) r; (void) g; (void) b; }
static void r_w(void *s, double w) { (void) s; (void) w; }
static void r_dash(void *s, const double *d, int n, double o) { (void) s; (void) d; (void) n; (void) o; }
static void r_pt(void *s, double x, double y) { (void) s; (void) x; (void) y; }
static void r_nop(void *s) { (void) s; }
static void r_rect(void *s, double x, double y, double w, double h) { (void) s; (void) x; (void) y; (void) w; (void) h; }
static void r_font(void *st, double size, int bold) { ((rec_state *) st)->size = size; (void) bold; }
static void
r_text(void *st, double x, double y, const char *t, double a)
{
    rec_state *s = st;
    (void) x; (void) y; (void) a;
    if (s->size < s->min_size)
        s->min_size = s->size;
    if (strstr(t, "TITLE-OF-THE-FIGURE"))
        s->title_seen = 1;
    if (strstr(t, "CAPTION-LINE"))
        s->caption_seen = 1;
}
/* DejaVu-like advance: 0.6 em per byte */
static double r_tw(void *st, const char *t) { return 0.6 * ((rec_state *) st)->size * strlen(t); }
static int r_page(void *s, double w, double h) { (void) s; (void) w; (void) h; return CANVAS_OK; }
static int r_ok(void *s) { (void) s; return CANVAS_OK; }
static void r_free(void *s) { (void) s; }

static const canvas_ops rec_ops = {
    r_rgb, r_rgb, r_w, r_dash, r_pt, r_pt, r_nop, r_rect, r_nop, r_nop, r_nop,
    r_nop, r_nop, r_font, r_text, r_tw, r_page, r_ok, r_ok, r_free, r_ok
};

/* Draws SPEC at W x H on a recording canvas; fills S. */
static void
record(const report_figure_spec *spec, double w, double h, rec_state *s)
{
    canvas *c;
    memset(s, 0, sizeof *s);
    s->size = 10;
    s->min_size = 1e9;
    c = canvas_new(&rec_ops, s, w, h);
    assert_non_null(c);
    c->in_page = 1;
    assert_int_equal(report_figure_draw(c, spec, 0, 0, w, h), CANVAS_OK);
    canvas_free(c);
}

static void
test_styles(void **state)
{
    report_figure_style st;
    (void) state;
    assert_int_equal(report_figure_style_named(&st, "paper", CANVAS_FACE_SERIF), 0);
    assert_true(fabs(st.width - 3.4 * 72) < 1e-9);
    assert_true(st.paper && st.face == CANVAS_FACE_SERIF);
    assert_int_equal(report_figure_style_named(&st, "paper-wide", CANVAS_FACE_SANS), 0);
    assert_true(fabs(st.width - 7 * 72) < 1e-9);
    assert_int_equal(report_figure_style_named(&st, "report", CANVAS_FACE_SANS), 0);
    assert_true(fabs(st.width - REPORT_FIGURE_WIDTH) < 1e-9 && fabs(st.height - REPORT_FIGURE_HEIGHT) < 1e-9 && !st.paper);
    assert_int_equal(report_figure_style_named(&st, "poster", CANVAS_FACE_SANS), -1);
}

static void
test_text_sizes(void **state)
{
    report_figure_spec s, p;
    report_figure_style st;
    rec_state r;
    (void) state;

    make_spec(&s);
    report_figure_style_named(&st, "paper", CANVAS_FACE_SANS);
    /* what report_figure_write_files_style draws in the paper style */
    p = s;
    p.title = NULL;
    p.caption = NULL;
    p.min_text_scale = 1;
    record(&p, st.width, st.height, &r);
    assert_true(r.min_size >= 8 - 1e-9);
    assert_false(r.title_seen);
    assert_false(r.caption_seen);

    /* the report style's shrinking text at the same size goes below 8 pt */
    record(&s, st.width, st.height, &r);
    assert_true(r.min_size < 8);
    assert_true(r.title_seen && r.caption_seen);
}

static char *
run(const char *cmd)
{
    FILE *p = popen(cmd, "r");
    char *buf = malloc(1 << 16);
    size_t n;
    assert_non_null(p);
    n = fread(buf, 1, (1 << 16) - 1, p);
    buf[n] = 0;
    pclose(p);
    return buf;
}

static void
test_paper_files(void **state)
{
    report_figure_spec s;
    report_figure_style st;
    char cmd[1200], *out;
    (void) state;

    make_spec(&s);
    report_figure_style_named(&st, "paper", CANVAS_FACE_SERIF);
    assert_int_equal(report_figure_write_files_style(&s, tmpdir, "fig", &st), CANVAS_OK);
    snprintf(cmd, sizeof cmd, "pdfinfo '%s/fig.pdf' 2>&1 | grep 'Page size'", tmpdir);
    out = run(cmd);
    assert_non_null(strstr(out, "244.8 x 216 pts"));
    free(out);
    snprintf(cmd, sizeof cmd, "pdffonts '%s/fig.pdf' 2>&1", tmpdir);
    out = run(cmd);
    assert_non_null(strstr(out, "LMRoman10-Regular"));
    assert_null(strstr(out, "DejaVu"));   /* every character found in Latin Modern */
    assert_null(strstr(out, "Warning"));
    free(out);
    snprintf(cmd, sizeof cmd, "pdftotext '%s/fig.pdf' - 2>&1", tmpdir);
    out = run(cmd);
    assert_non_null(strstr(out, "\xce\xb8 [rad]"));
    assert_non_null(strstr(out, "\xce\xbc"));
    assert_non_null(strstr(out, "unique area \xe2\x88\x88"));
    assert_null(strstr(out, "TITLE-OF-THE-FIGURE"));
    assert_null(strstr(out, "CAPTION-LINE"));
    assert_null(strstr(out, "Warning"));
    free(out);
    snprintf(cmd, sizeof cmd, "test -s '%s/fig.png' && test -s '%s/fig.svg'", tmpdir, tmpdir);
    assert_int_equal(system(cmd), 0);
}

static int
setup(void **state)
{
    (void) state;
    return tmpdir_make("figstyle");
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
        cmocka_unit_test(test_styles),
        cmocka_unit_test(test_text_sizes),
        cmocka_unit_test(test_paper_files),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
