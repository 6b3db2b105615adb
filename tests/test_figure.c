/* test_figure.c -- region figures (figure.c): the plot box, rejected specifications, a figure drawn
 * into a libharu page. */
#include "test_canvas_util.h"

/* report_figure_draw stays inside its box, and draws something there */
static void
test_figure_box(void **state)
{
    const char *p = tmp_path("box.png");
    report_figure_spec s;
    cairo_surface_t *img;
    unsigned char *data;
    int st, stride, x, y, out = 0, in = 0;
    canvas *c = canvas_cairo_new(CANVAS_CAIRO_PNG, p, 300, 260, 1, &st);

    (void) state;
    assert_non_null(c);
    make_spec(&s);
    canvas_begin_page(c, 300, 260);
    assert_int_equal(report_figure_draw(c, &s, 40, 30, 220, 200), CANVAS_OK);
    assert_int_equal(canvas_finish(c), CANVAS_OK);
    canvas_free(c);

    img = cairo_image_surface_create_from_png(p);
    assert_int_equal(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
    data = cairo_image_surface_get_data(img);
    stride = cairo_image_surface_get_stride(img);
    for (y = 0; y < 260; y++)
        for (x = 0; x < 300; x++)
        {
            uint32_t px = *(uint32_t *) (data + y * stride + 4 * x) & 0xffffff;
            int inside = x >= 40 && x < 260 && y >= 30 && y < 230;
            if (!inside && px != 0xffffff)
                out++;
            if (inside && px != 0xffffff)
                in++;
        }
    cairo_surface_destroy(img);
    assert_int_equal(out, 0);
    assert_true(in > 220 * 200 / 3);
}

static void
test_bad_spec(void **state)
{
    report_figure_spec s;
    report_figure_cell bad = {0, 1, 0, 1, 5};
    int st;
    canvas *c = canvas_cairo_new(CANVAS_CAIRO_SVG, tmp_path("bad.svg"), 100, 100, 1, &st);

    (void) state;
    make_spec(&s);
    s.cells = &bad;
    s.ncells = 1;
    assert_int_equal(report_figure_draw(c, &s, 0, 0, 100, 100), REPORT_FIGURE_ERR_SPEC);
    make_spec(&s);
    s.x_hi = s.x_lo;
    assert_int_equal(report_figure_draw(c, &s, 0, 0, 100, 100), REPORT_FIGURE_ERR_SPEC);
    canvas_free(c);       /* never finished: no file */
    assert_int_equal(access(tmp_path("bad.svg"), F_OK), -1);
}

static void
test_hpdf_figure(void **state)
{
    report_figure_spec s;
    HPDF_Doc doc = HPDF_New(hpdf_error, NULL);
    HPDF_Page page;
    canvas *c;
    int st;
    char cmd[1200], *out, *p;
    const char *pdf = tmp_path("report.pdf");
    double title_y = -1, xlabel_y = -1, title_x = -1;

    (void) state;
    assert_non_null(doc);
    HPDF_SetCompressionMode(doc, HPDF_COMP_ALL);
    make_spec(&s);

    /* page 1: the canvas adds an A4 page; figure at (50, 100) */
    c = canvas_hpdf_new(doc, NULL, 0, 0, 1, 595, 842, &st);
    assert_non_null(c);
    assert_int_equal(canvas_begin_page(c, 595, 842), CANVAS_OK);
    assert_int_equal(report_figure_draw(c, &s, 50, 100, REPORT_FIGURE_WIDTH, REPORT_FIGURE_HEIGHT), CANVAS_OK);
    assert_int_equal(canvas_finish(c), CANVAS_OK);
    canvas_free(c);

    /* page 2: the caller's page, figure placed at an offset and half size */
    page = HPDF_AddPage(doc);
    HPDF_Page_SetSize(page, HPDF_PAGE_SIZE_A4, HPDF_PAGE_PORTRAIT);
    c = canvas_hpdf_new(doc, page, 300, 600, 0.5, REPORT_FIGURE_WIDTH, REPORT_FIGURE_HEIGHT, &st);
    assert_non_null(c);
    assert_int_equal(report_figure_draw(c, &s, 0, 0, REPORT_FIGURE_WIDTH, REPORT_FIGURE_HEIGHT), CANVAS_OK);
    assert_int_equal(canvas_finish(c), CANVAS_OK);
    canvas_free(c);

    assert_int_equal(canvas_hpdf_save(doc, pdf), CANVAS_OK);
    HPDF_Free(doc);
    assert_true(no_temp_files(tmpdir));

    snprintf(cmd, sizeof cmd, "qpdf --check '%s' >/dev/null 2>&1", pdf);
    assert_int_equal(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "pdfimages -list '%s' 2>/dev/null | tail -n +3 | wc -l", pdf);
    out = run(cmd);
    assert_int_equal(atoi(out), 0);
    free(out);
    snprintf(cmd, sizeof cmd, "pdffonts '%s' 2>/dev/null", pdf);
    out = run(cmd);
    assert_non_null(strstr(out, "DejaVuSans"));
    assert_null(strstr(out, " no  "));
    free(out);
    snprintf(cmd, sizeof cmd, "pdftotext -f 1 -l 1 '%s' - 2>/dev/null", pdf);
    out = run(cmd);
    assert_non_null(strstr(out, "\xce\xb8 angle [rad]"));  /* θ; pdftotext drops the 2nd space */
    assert_non_null(strstr(out, "friction coefficient"));
    assert_non_null(strstr(out, "\xce\xbc"));                   /* μ */
    assert_non_null(strstr(out, "\xd0\xbf\xd1\x80\xd0\xbe\xd0\xb2\xd0\xb5\xd1\x80\xd0\xba\xd0\xb0"));
    assert_non_null(strstr(out, "\xe2\x88\x88"));               /* ∈ */
    free(out);

    /* y-flip and offset: word boxes (pdftotext -bbox, y down from the top) */
    snprintf(cmd, sizeof cmd, "pdftotext -bbox -f 1 -l 1 '%s' - 2>/dev/null", pdf);
    out = run(cmd);
    for (p = out; (p = strstr(p, "<word ")) != NULL; p++)
    {
        double x0, y0, x1, y1;
        char w[64];
        if (sscanf(p, "<word xMin=\"%lf\" yMin=\"%lf\" xMax=\"%lf\" yMax=\"%lf\">%63[^<]",
                   &x0, &y0, &x1, &y1, w) != 5)
            continue;
        if (strcmp(w, "Disc") == 0)
            title_y = y0, title_x = x0;
        if (strcmp(w, "angle") == 0)
            xlabel_y = y0;
    }
    free(out);
    assert_true(title_x > 50 && title_x < 530);
    assert_true(title_y > 100 && title_y < 125);            /* top of the figure */
    assert_true(xlabel_y > 100 + REPORT_FIGURE_HEIGHT / 2 && xlabel_y < 100 + REPORT_FIGURE_HEIGHT);

    snprintf(cmd, sizeof cmd, "pdftotext -bbox -f 2 -l 2 '%s' - 2>/dev/null", pdf);
    out = run(cmd);
    title_y = -1;
    for (p = out; (p = strstr(p, "<word ")) != NULL; p++)
    {
        double x0, y0, x1, y1;
        char w[64];
        if (sscanf(p, "<word xMin=\"%lf\" yMin=\"%lf\" xMax=\"%lf\" yMax=\"%lf\">%63[^<]",
                   &x0, &y0, &x1, &y1, w) == 5 && strcmp(w, "Disc") == 0)
            title_y = y0, title_x = x0;
    }
    free(out);
    assert_true(title_x > 300 && title_x < 300 + REPORT_FIGURE_WIDTH / 2);
    assert_true(title_y > 600 && title_y < 612);
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_figure_box),
        cmocka_unit_test(test_bad_spec),
        cmocka_unit_test(test_hpdf_figure),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
