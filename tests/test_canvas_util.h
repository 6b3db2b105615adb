/* test_canvas_util.h -- helpers shared by the test_canvas_*.c tests. */
#ifndef FC_TEST_CANVAS_UTIL_H
#define FC_TEST_CANVAS_UTIL_H

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

#include "base/fc_atomic.h"
#include "canvas/canvas.h"
#include "canvas/canvas_cairo.h"
#include "canvas/canvas_hpdf.h"
#include "report/figure.h"

#define N 24                 /* grid is N x N over [-1.5, 1.5]^2, step 1/8 */
#define LO (-1.5)
#define STEP 0.125

#include "test_tmpdir_util.h"

static report_figure_cell cells[N * N];

static size_t ncells;

static const char *names[2] = {"disc", "ring"};

static const char *legend[2] = {"disc x\xc2\xb2+y\xc2\xb2 < 1  area \xe2\x88\x88 [2.98, 3.30]",
                                "ring 1 < x\xc2\xb2+y\xc2\xb2 < 2"};

static double ov_x[65], ov_y[65];

static report_figure_overlay overlay;

/* min and max of x^2 over [a, b], exact for dyadic a, b */
static inline void
sq_range(double a, double b, double *lo, double *hi)
{
    double a2 = a * a, b2 = b * b;
    *hi = a2 > b2 ? a2 : b2;
    *lo = (a <= 0 && b >= 0) ? 0 : (a2 < b2 ? a2 : b2);
}

static inline void
make_cells(void)
{
    int i, j;

    ncells = 0;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
        {
            report_figure_cell *c = &cells[ncells++];
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

static inline void
make_spec(report_figure_spec *s)
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
static inline char *
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

static inline unsigned char *
slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    unsigned char *b;
    long len;

    *n = 0;
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

static inline int
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
static inline char *
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

static inline int
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

/* ---- Cairo figure files ---------------------------------------------------- */

static inline void
write_run(const char *sub)
{
    report_figure_spec s;
    char d[512];

    snprintf(d, sizeof d, "%s/%s", tmpdir, sub);
    mkdir(d, 0777);
    make_spec(&s);
    assert_int_equal(report_figure_write_files(&s, d, "fig"), CANVAS_OK);
}

/* Pixel of the PNG at data point (X, Y), with the plot box from report_figure_plot_box. */
static inline uint32_t
pixel_at(cairo_surface_t *img, const double box[4], double x, double y)
{
    double sx = REPORT_FIGURE_PNG_SCALE;
    double X = box[0] + (x - LO) / (N * STEP) * box[2];
    double Y = box[1] + box[3] - (y - LO) / (N * STEP) * box[3];
    int px = (int) floor(X * sx), py = (int) floor(Y * sx);
    unsigned char *data = cairo_image_surface_get_data(img);
    int stride = cairo_image_surface_get_stride(img);

    return *(uint32_t *) (data + py * stride + 4 * px) & 0xffffff;
}

static inline int
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

/* ---- libharu ------------------------------------------------------------- */

static inline void
hpdf_error(HPDF_STATUS e, HPDF_STATUS d, void *u)
{
    (void) u;
    fprintf(stderr, "libharu error %04lx detail %lu\n", (unsigned long) e, (unsigned long) d);
}

/* ---- setup ----------------------------------------------------------------- */

static inline int
setup(void **state)
{
    (void) state;
    if (tmpdir_make("canvas"))
        return -1;
    make_cells();
    return 0;
}

static inline int
teardown(void **state)
{
    (void) state;
    return tmpdir_remove();
}

#endif
