/* test_canvas.c -- canvas backends and the region figure.
 *
 * The figure shows the disc x^2 + y^2 < 1 and the ring 1 < x^2 + y^2 < 2 on
 * a regular dyadic grid, each cell classified here by exact corner checks
 * (dyadic coordinates: the squares and sums are exact in double).  Files
 * are checked with independent tools: qpdf, pdffonts, pdftotext, pdfimages,
 * and the PNG is read back with cairo.  Set FRICERT_TEST_KEEP=1 to keep the
 * output folder (its name is printed). */
#define _GNU_SOURCE   /* memmem */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cairo.h>
#include <hpdf.h>

#include "report/atomic.h"
#include "report/canvas.h"
#include "report/canvas_cairo.h"
#include "report/canvas_hpdf.h"
#include "report/figure.h"

#define N 24                 /* grid is N x N over [-1.5, 1.5]^2, step 1/8 */
#define LO (-1.5)
#define STEP 0.125

static char tmpdir[256];
static figure_cell cells[N * N];
static size_t ncells;

static const char *names[2] = {"disc", "ring"};
static const char *legend[2] = {"disc x\xc2\xb2+y\xc2\xb2 < 1  area \xe2\x88\x88 [2.98, 3.30]",
                                "ring 1 < x\xc2\xb2+y\xc2\xb2 < 2"};
static double ov_x[65], ov_y[65];
static figure_overlay overlay;

/* min and max of x^2 over [a, b], exact for dyadic a, b */
static void
sq_range(double a, double b, double *lo, double *hi)
{
    double a2 = a * a, b2 = b * b;
    *hi = a2 > b2 ? a2 : b2;
    *lo = (a <= 0 && b >= 0) ? 0 : (a2 < b2 ? a2 : b2);
}

static void
make_cells(void)
{
    int i, j;

    ncells = 0;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
        {
            figure_cell *c = &cells[ncells++];
            double xl, xh, yl, yh, rlo, rhi;

            c->x_lo = LO + i * STEP;
            c->x_hi = LO + (i + 1) * STEP;
            c->y_lo = LO + j * STEP;
            c->y_hi = LO + (j + 1) * STEP;
            sq_range(c->x_lo, c->x_hi, &xl, &xh);
            sq_range(c->y_lo, c->y_hi, &yl, &yh);
            rlo = xl + yl;
            rhi = xh + yh;
            if (rhi < 1)
                c->label = 0;
            else if (rlo > 1 && rhi < 2)
                c->label = 1;
            else if (rlo > 2)
                c->label = FIG_NONE;
            else
                c->label = FIG_UNDECIDED;
            if (i >= N - 2 && j >= N - 2)   /* a corner not yet examined */
                c->label = FIG_PENDING;
        }
}

static void
make_spec(figure_spec *s)
{
    int k;

    memset(s, 0, sizeof *s);
    s->title = "Disc and ring \xe2\x80\x94 \xd0\xbf\xd1\x80\xd0\xbe\xd0\xb2\xd0\xb5\xd1\x80\xd0\xba\xd0\xb0";
    s->x_label = "\xce\xb8  angle [rad]";          /* θ */
    s->y_label = "\xce\xbc  friction coefficient"; /* μ */
    s->x_lo = s->y_lo = LO;
    s->x_hi = s->y_hi = LO + N * STEP;
    s->cells = cells;
    s->ncells = ncells;
    s->nregions = 2;
    s->region_names = names;
    s->region_legend = legend;
    s->caption = "depth 5 \xc2\xb7 128 bits \xc2\xb7 576 cells \xc2\xb7 "
                 "\xce\xb1 \xcf\x86 \xce\xbb \xe2\x89\xa4 \xe2\x89\xa5 \xe2\x89\xa0 \xc2\xb1 "
                 "\xe2\x88\x9a \xe2\x88\xa7 \xe2\x88\xa8 \xe2\x87\x92";
    for (k = 0; k <= 64; k++)
    {
        double t = 2 * M_PI * k / 64;
        ov_x[k] = sqrt(2) * cos(t);
        ov_y[k] = sqrt(2) * sin(t);
    }
    overlay.x = ov_x;
    overlay.y = ov_y;
    overlay.n = 65;
    overlay.dashed = 1;
    overlay.label = "claim: x\xc2\xb2+y\xc2\xb2 = 2";
    s->overlays = &overlay;
    s->noverlays = 1;
}

/* ---- helpers ------------------------------------------------------------ */

/* TMPDIR/NAME or TMPDIR/SUB/NAME in one of a few static buffers */
static char *
path_in2(const char *sub, const char *name)
{
    static char buf[8][512];
    static int k;
    char *p = buf[k++ % 8];
    if (sub != NULL)
        snprintf(p, 512, "%s/%s/%s", tmpdir, sub, name);
    else
        snprintf(p, 512, "%s/%s", tmpdir, name);
    return p;
}

#define tmp_path(name) path_in2(NULL, name)

static unsigned char *
slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    unsigned char *b;
    long len;

    if (f == NULL)
        return NULL;
    fseek(f, 0, SEEK_END);
    len = ftell(f);
    fseek(f, 0, SEEK_SET);
    b = malloc(len > 0 ? len : 1);
    *n = fread(b, 1, len, f);
    fclose(f);
    return b;
}

static int
same_bytes(const char *a, const char *b)
{
    size_t na, nb;
    unsigned char *x = slurp(a, &na), *y = slurp(b, &nb);
    int r = x && y && na == nb && na > 0 && memcmp(x, y, na) == 0;
    free(x);
    free(y);
    return r;
}

/* stdout of CMD, NUL-terminated (malloc'd) */
static char *
run(const char *cmd)
{
    FILE *p = popen(cmd, "r");
    size_t n = 0, cap = 4096;
    char *s = malloc(cap);

    assert_non_null(p);
    for (;;)
    {
        size_t r = fread(s + n, 1, cap - n - 1, p);
        n += r;
        if (r == 0)
            break;
        if (n + 1 >= cap)
            s = realloc(s, cap *= 2);
    }
    s[n] = '\0';
    assert_int_equal(pclose(p), 0);
    return s;
}

static int
no_temp_files(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int ok = 1;

    while ((e = readdir(d)) != NULL)
        if (strstr(e->d_name, ".tmp.") != NULL)
            ok = 0;
    closedir(d);
    return ok;
}

/* ---- atomic files ---------------------------------------------------------- */

static void
test_atomic(void **state)
{
    char *p = tmp_path("atomic.txt");
    fc_atomic_file f;
    size_t n;
    unsigned char *b;

    (void) state;
    assert_int_equal(fc_atomic_write(p, "first", 5), 0);
    b = slurp(p, &n);
    assert_int_equal(n, 5);
    assert_memory_equal(b, "first", 5);
    free(b);

    /* an aborted write leaves the old file and no temporary */
    assert_int_equal(fc_atomic_open(&f, p), 0);
    fputs("partial", f.fp);
    fflush(f.fp);
    b = slurp(p, &n);
    assert_int_equal(n, 5);       /* not visible before commit */
    free(b);
    fc_atomic_abort(&f);
    b = slurp(p, &n);
    assert_int_equal(n, 5);
    assert_memory_equal(b, "first", 5);
    free(b);
    assert_true(no_temp_files(tmpdir));

    /* a folder that does not exist: error, nothing created */
    assert_int_equal(fc_atomic_write(tmp_path("missing/x.txt"), "x", 1), -1);
}

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

/* figure_draw stays inside its box, and draws something there */
static void
test_figure_box(void **state)
{
    const char *p = tmp_path("box.png");
    figure_spec s;
    cairo_surface_t *img;
    unsigned char *data;
    int st, stride, x, y, out = 0, in = 0;
    canvas *c = canvas_cairo_new(CANVAS_CAIRO_PNG, p, 300, 260, 1, &st);

    (void) state;
    assert_non_null(c);
    make_spec(&s);
    canvas_begin_page(c, 300, 260);
    assert_int_equal(figure_draw(c, &s, 40, 30, 220, 200), CANVAS_OK);
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

/* ---- Cairo figure files ---------------------------------------------------- */

static void
write_run(const char *sub)
{
    figure_spec s;
    char d[512];

    snprintf(d, sizeof d, "%s/%s", tmpdir, sub);
    mkdir(d, 0777);
    make_spec(&s);
    assert_int_equal(figure_write_files(&s, d, "fig"), CANVAS_OK);
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

/* Pixel of the PNG at data point (X, Y), with the plot box from figure_plot_box. */
static uint32_t
pixel_at(cairo_surface_t *img, const double box[4], double x, double y)
{
    double sx = FIGURE_PNG_SCALE;
    double X = box[0] + (x - LO) / (N * STEP) * box[2];
    double Y = box[1] + box[3] - (y - LO) / (N * STEP) * box[3];
    int px = (int) floor(X * sx), py = (int) floor(Y * sx);
    unsigned char *data = cairo_image_surface_get_data(img);
    int stride = cairo_image_surface_get_stride(img);

    return *(uint32_t *) (data + py * stride + 4 * px) & 0xffffff;
}

static int
near_rgb(uint32_t px, unsigned rgb)
{
    int k;
    for (k = 0; k < 3; k++)
    {
        int a = (px >> (8 * k)) & 255, b = (rgb >> (8 * k)) & 255;
        if (abs(a - b) > 1)
            return 0;
    }
    return 1;
}

static void
test_png_pixels(void **state)
{
    figure_spec s;
    double box[4];
    int st, i, j;
    canvas *c;
    cairo_surface_t *img;

    (void) state;
    make_spec(&s);
    c = canvas_cairo_new(CANVAS_CAIRO_PNG, tmp_path("probe.png"), FIGURE_WIDTH,
                         FIGURE_HEIGHT, FIGURE_PNG_SCALE, &st);
    assert_non_null(c);
    assert_int_equal(figure_plot_box(c, &s, 0, 0, FIGURE_WIDTH, FIGURE_HEIGHT, box), CANVAS_OK);
    canvas_free(c);
    assert_true(box[2] > 200 && box[3] > 150);

    img = cairo_image_surface_create_from_png(path_in2("run1", "fig.png"));
    assert_int_equal(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
    assert_int_equal(cairo_image_surface_get_width(img), (int) (FIGURE_WIDTH * FIGURE_PNG_SCALE));
    assert_int_equal(cairo_image_surface_get_height(img), (int) (FIGURE_HEIGHT * FIGURE_PNG_SCALE));

    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
        {
            const figure_cell *e = &cells[i * N + j];
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

static void
test_bad_spec(void **state)
{
    figure_spec s;
    figure_cell bad = {0, 1, 0, 1, 5};
    int st;
    canvas *c = canvas_cairo_new(CANVAS_CAIRO_SVG, tmp_path("bad.svg"), 100, 100, 1, &st);

    (void) state;
    make_spec(&s);
    s.cells = &bad;
    s.ncells = 1;
    assert_int_equal(figure_draw(c, &s, 0, 0, 100, 100), FIGURE_ERR_SPEC);
    make_spec(&s);
    s.x_hi = s.x_lo;
    assert_int_equal(figure_draw(c, &s, 0, 0, 100, 100), FIGURE_ERR_SPEC);
    canvas_free(c);       /* never finished: no file */
    assert_int_equal(access(tmp_path("bad.svg"), F_OK), -1);
}

/* ---- libharu ------------------------------------------------------------- */

static void
hpdf_error(HPDF_STATUS e, HPDF_STATUS d, void *u)
{
    (void) u;
    fprintf(stderr, "libharu error %04lx detail %lu\n", (unsigned long) e, (unsigned long) d);
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

static void
test_hpdf_figure(void **state)
{
    figure_spec s;
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
    assert_int_equal(figure_draw(c, &s, 50, 100, FIGURE_WIDTH, FIGURE_HEIGHT), CANVAS_OK);
    assert_int_equal(canvas_finish(c), CANVAS_OK);
    canvas_free(c);

    /* page 2: the caller's page, figure placed at an offset and half size */
    page = HPDF_AddPage(doc);
    HPDF_Page_SetSize(page, HPDF_PAGE_SIZE_A4, HPDF_PAGE_PORTRAIT);
    c = canvas_hpdf_new(doc, page, 300, 600, 0.5, FIGURE_WIDTH, FIGURE_HEIGHT, &st);
    assert_non_null(c);
    assert_int_equal(figure_draw(c, &s, 0, 0, FIGURE_WIDTH, FIGURE_HEIGHT), CANVAS_OK);
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
    assert_true(xlabel_y > 100 + FIGURE_HEIGHT / 2 && xlabel_y < 100 + FIGURE_HEIGHT);

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
    assert_true(title_x > 300 && title_x < 300 + FIGURE_WIDTH / 2);
    assert_true(title_y > 600 && title_y < 612);
}

/* ---- setup ----------------------------------------------------------------- */

static int
setup(void **state)
{
    const char *base = getenv("TMPDIR");

    (void) state;
    snprintf(tmpdir, sizeof tmpdir, "%s/fricert-canvas-XXXXXX", base ? base : "/tmp");
    if (mkdtemp(tmpdir) == NULL)
        return -1;
    make_cells();
    return 0;
}

static int
teardown(void **state)
{
    char cmd[400];

    (void) state;
    if (getenv("FRICERT_TEST_KEEP"))
    {
        printf("# output kept in %s\n", tmpdir);
        return 0;
    }
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_atomic),
        cmocka_unit_test(test_state_rule),
        cmocka_unit_test(test_hatch),
        cmocka_unit_test(test_figure_box),
        cmocka_unit_test(test_cairo_files),
        cmocka_unit_test(test_png_pixels),
        cmocka_unit_test(test_bad_spec),
        cmocka_unit_test(test_text_width),
        cmocka_unit_test(test_hpdf_figure),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
