/* test_canvas.c -- the canvas interface and its backends (canvas.c, canvas_cairo.c, canvas_hpdf.c):
 * the PDF state rule, hatching, text widths, PDF/SVG/PNG files and their pixels. */
#include "test_canvas_util.h"

/* ---- canvas rules --------------------------------------------------------- */

static void
test_state_rule(void **state)
{
    int st;
    canvas *c = canvas_cairo_new(CANVAS_CAIRO_PNG, tmp_path("rule.png"), 50, 50, 1, &st);

    (void) state;
    assert_non_null(c);
    assert_int_equal(canvas_begin_page(c, 50, 50), CANVAS_OK);
    canvas_move_to(c, 1, 1);
    canvas_line_to(c, 10, 10);
    canvas_set_fill_rgb(c, 1, 0, 0);      /* not allowed inside a path */
    canvas_stroke(c);
    assert_int_equal(canvas_status(c), CANVAS_ERR_STATE);
    assert_int_equal(canvas_finish(c), CANVAS_ERR_STATE);
    canvas_free(c);
    assert_int_equal(access(tmp_path("rule.png"), F_OK), -1);  /* no file */
    assert_true(no_temp_files(tmpdir));
}

/* Hatching stays inside its path: PNG pixels outside the rectangle stay white,
 * inside there are both line and background pixels. */
static void
hatch_rect(canvas *c, void *arg)
{
    (void) arg;
    canvas_rect(c, 20, 20, 40, 30);
}

static void
test_hatch(void **state)
{
    const char *p = tmp_path("hatch.png");
    double box[4] = {20, 20, 40, 30};
    cairo_surface_t *img;
    unsigned char *data;
    int st, stride, x, y, dark_in = 0, white_in = 0, dark_out = 0;
    canvas *c = canvas_cairo_new(CANVAS_CAIRO_PNG, p, 80, 70, 1, &st);

    (void) state;
    assert_non_null(c);
    canvas_begin_page(c, 80, 70);
    canvas_set_stroke_rgb(c, 0, 0, 0);
    canvas_set_line_width(c, 1);
    canvas_hatch(c, hatch_rect, NULL, box, 5, M_PI / 4);
    assert_int_equal(canvas_finish(c), CANVAS_OK);
    canvas_free(c);

    img = cairo_image_surface_create_from_png(p);
    assert_int_equal(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
    assert_int_equal(cairo_image_surface_get_width(img), 80);
    data = cairo_image_surface_get_data(img);
    stride = cairo_image_surface_get_stride(img);
    for (y = 0; y < 70; y++)
        for (x = 0; x < 80; x++)
        {
            uint32_t px = *(uint32_t *) (data + y * stride + 4 * x) & 0xffffff;
            int inside = x >= 20 && x < 60 && y >= 20 && y < 50;
            if (inside && px < 0x404040)
                dark_in++;
            if (inside && px == 0xffffff)
                white_in++;
            if (!inside && px != 0xffffff)
                dark_out++;
        }
    cairo_surface_destroy(img);
    assert_int_equal(dark_out, 0);
    assert_true(dark_in > 100);
    assert_true(white_in > 300);
}

static void
test_cairo_files(void **state)
{
    static const char *ext[3] = {"fig.pdf", "fig.svg", "fig.png"};
    char cmd[1200];
    char *out, *a, *b;
    unsigned char *pdf;
    size_t n;
    int k;

    (void) state;
    setenv("SOURCE_DATE_EPOCH", "1700000000", 1);
    write_run("run1");
    write_run("run2");
    for (k = 0; k < 3; k++)
    {
        a = path_in2("run1", ext[k]);
        b = path_in2("run2", ext[k]);
        assert_int_equal(access(a, R_OK), 0);
        assert_true(same_bytes(a, b));
    }
    assert_true(no_temp_files(path_in2(NULL, "run1")));

    a = path_in2("run1", "fig.pdf");
    pdf = slurp(a, &n);
    assert_true(n > 1000);
    assert_memory_equal(pdf, "%PDF", 4);
    /* 1700000000 s after the epoch is 2023-11-14 22:13:20 UTC */
    assert_non_null(memmem(pdf, n, "(20231114221320Z)", 17));  /* cairo 1.16 omits "D:" */
    free(pdf);

    snprintf(cmd, sizeof cmd, "qpdf --check '%s' >/dev/null 2>&1", a);
    assert_int_equal(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "pdffonts '%s' 2>/dev/null", a);
    out = run(cmd);
    assert_non_null(strstr(out, "DejaVuSans"));
    assert_non_null(strstr(out, "DejaVuSans-Bold"));
    assert_null(strstr(out, " no  "));      /* every font embedded */
    free(out);
    snprintf(cmd, sizeof cmd, "pdftotext '%s' - 2>/dev/null", a);
    out = run(cmd);
    assert_non_null(strstr(out, "\xce\xb8"));    /* θ */
    assert_non_null(strstr(out, "\xce\xbc"));    /* μ */
    assert_non_null(strstr(out, "\xd0\xbf\xd1\x80\xd0\xbe\xd0\xb2"));  /* Cyrillic */
    assert_non_null(strstr(out, "\xe2\x87\x92"));  /* ⇒ */
    free(out);

    /* SVG: well-formed enough to have one root and no NaN */
    a = path_in2("run1", "fig.svg");
    pdf = slurp(a, &n);
    assert_non_null(memmem(pdf, n, "<svg", 4));
    assert_non_null(memmem(pdf, n, "</svg>", 6));
    assert_null(memmem(pdf, n, "nan", 3));
    free(pdf);
}

static void
test_png_pixels(void **state)
{
    report_figure_spec s;
    double box[4];
    int st, i, j;
    canvas *c;
    cairo_surface_t *img;

    (void) state;
    make_spec(&s);
    c = canvas_cairo_new(CANVAS_CAIRO_PNG, tmp_path("probe.png"), REPORT_FIGURE_WIDTH,
                         REPORT_FIGURE_HEIGHT, REPORT_FIGURE_PNG_SCALE, &st);
    assert_non_null(c);
    assert_int_equal(report_figure_plot_box(c, &s, 0, 0, REPORT_FIGURE_WIDTH, REPORT_FIGURE_HEIGHT, box), CANVAS_OK);
    canvas_free(c);
    assert_true(box[2] > 200 && box[3] > 150);

    img = cairo_image_surface_create_from_png(path_in2("run1", "fig.png"));
    assert_int_equal(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
    assert_int_equal(cairo_image_surface_get_width(img), (int) (REPORT_FIGURE_WIDTH * REPORT_FIGURE_PNG_SCALE));
    assert_int_equal(cairo_image_surface_get_height(img), (int) (REPORT_FIGURE_HEIGHT * REPORT_FIGURE_PNG_SCALE));

    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
        {
            const report_figure_cell *e = &cells[i * N + j];
            double cx = (e->x_lo + e->x_hi) / 2, cy = (e->y_lo + e->y_hi) / 2;
            double r2 = cx * cx + cy * cy;
            uint32_t px = pixel_at(img, box, cx, cy);

            if (r2 > 1.7 && r2 < 1.8)
                continue;   /* the dashed overlay circle x^2+y^2 = 2 passes nearby */
            if (e->label == 0)
                assert_true(near_rgb(px, 0xE69F00));     /* Okabe-Ito orange */
            else if (e->label == 1 && fabs(r2 - 2) > 0.2)
                assert_true(near_rgb(px, 0x56B4E9));     /* Okabe-Ito sky blue */
            else if (e->label == FIG_NONE)
                assert_true(near_rgb(px, 0xF0F0F0));
        }

    /* No seams: on the grid line x = 0 and y = 0 (shared cell edges inside
     * the disc) every pixel has exactly the region colour. */
    for (i = -20; i <= 20; i++)
    {
        double t = i / 40.0;
        assert_true(near_rgb(pixel_at(img, box, 0.0, t), 0xE69F00));
        assert_true(near_rgb(pixel_at(img, box, t, 0.0), 0xE69F00));
        assert_true(near_rgb(pixel_at(img, box, 0.25, t), 0xE69F00));
    }
    cairo_surface_destroy(img);
}

/* Text widths of the two backends agree (same font, two libraries). */
static void
test_text_width(void **state)
{
    const char *t = "\xce\xb8 \xce\xbc \xce\xb1 \xcf\x86 \xce\xbb \xe2\x89\xa4 \xe2\x89\xa5 "
                    "\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82 area 0.612";
    HPDF_Doc doc = HPDF_New(hpdf_error, NULL);
    int st, bold;
    canvas *a = canvas_cairo_new(CANVAS_CAIRO_SVG, tmp_path("w.svg"), 10, 10, 1, &st);
    canvas *b = canvas_hpdf_new(doc, NULL, 0, 0, 1, 10, 10, &st);

    (void) state;
    assert_non_null(a);
    assert_non_null(b);
    for (bold = 0; bold < 2; bold++)
    {
        double wa, wb;
        canvas_set_font(a, 10, bold);
        canvas_set_font(b, 10, bold);
        wa = canvas_text_width(a, t);
        wb = canvas_text_width(b, t);
        assert_true(wa > 50 && wa < 300);
        assert_true(fabs(wa - wb) < 0.005 * wa);
    }
    canvas_free(a);
    canvas_free(b);
    HPDF_Free(doc);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_state_rule),
        cmocka_unit_test(test_hatch),
        cmocka_unit_test(test_text_width),
        cmocka_unit_test(test_cairo_files),
        cmocka_unit_test(test_png_pixels),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
