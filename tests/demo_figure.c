/* demo_figure.c -- writes demo figures for looking at (not part of the
 * build): a quadtree paving of the disc x^2+y^2 < 1 and ring 1 < x^2+y^2 < 2
 * on [-1.5, 1.5]^2 (dyadic cells, exact corner checks), to DEPTH.
 *
 *   cc $(CFLAGS) -Isrc tests/demo_figure.c build/libfricert.a -lcairo -lfreetype -lhpdf -lm
 *   ./a.out OUTDIR [DEPTH]     -> OUTDIR/demo.{pdf,svg,png}, OUTDIR/demo_hpdf.pdf */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <hpdf.h>
#include "report/figure.h"
#include "canvas/canvas_hpdf.h"

static report_figure_cell *cells;
static size_t n, alloc;

static void
sq(double a, double b, double *lo, double *hi)
{
    double a2 = a * a, b2 = b * b;
    *hi = a2 > b2 ? a2 : b2;
    *lo = (a <= 0 && b >= 0) ? 0 : (a2 < b2 ? a2 : b2);
}

static void
pave(double x0, double x1, double y0, double y1, int d)
{
    double xl, xh, yl, yh, lo, hi;
    int label;

    sq(x0, x1, &xl, &xh);
    sq(y0, y1, &yl, &yh);
    lo = xl + yl;
    hi = xh + yh;
    if (hi < 1)
        label = 0;
    else if (lo > 1 && hi < 2)
        label = 1;
    else if (lo > 2)
        label = FIG_NONE;
    else if (d == 0)
        label = FIG_UNDECIDED;
    else
    {
        double xm = (x0 + x1) / 2, ym = (y0 + y1) / 2;
        pave(x0, xm, y0, ym, d - 1);
        pave(xm, x1, y0, ym, d - 1);
        pave(x0, xm, ym, y1, d - 1);
        pave(xm, x1, ym, y1, d - 1);
        return;
    }
    if (n == alloc)
        cells = realloc(cells, (alloc = 2 * alloc + 1024) * sizeof(report_figure_cell));
    cells[n].x_lo = x0; cells[n].x_hi = x1;
    cells[n].y_lo = y0; cells[n].y_hi = y1;
    cells[n].label = label;
    n++;
}

int
main(int argc, char **argv)
{
    static const char *names[2] = {"disc", "ring"};
    static const char *legend[2] = {"disc  x\xc2\xb2 + y\xc2\xb2 < 1", "ring  1 < x\xc2\xb2 + y\xc2\xb2 < 2"};
    int depth = argc > 2 ? atoi(argv[2]) : 9, r, st;
    char caption[200], path[512];
    report_figure_spec s = {0};
    clock_t t0;
    HPDF_Doc doc;
    canvas *c;

    if (argc < 2)
        return 2;
    pave(-1.5, 1.5, -1.5, 1.5, depth);
    snprintf(caption, sizeof caption, "depth %d \xc2\xb7 %zu cells \xc2\xb7 exact corner checks", depth, n);
    s.title = "Disc and ring";
    s.x_label = "x";
    s.y_label = "y";
    s.x_lo = s.y_lo = -1.5;
    s.x_hi = s.y_hi = 1.5;
    s.cells = cells;
    s.ncells = n;
    s.nregions = 2;
    s.region_names = names;
    s.region_legend = legend;
    s.caption = caption;

    if (argc > 3)   /* same cells mapped onto a (theta, mu) box: tick/legend layout */
    {
        static const char *leg3[2] = {
            "unique  B > 0   area \xe2\x88\x88 [0.612, 0.618]",
            "indeterminate  B < 0 \xe2\x88\xa7 A\xe2\x82\x80 > 0   area \xe2\x88\x88 [0.101, 0.104]"};
        static double ox[50], oy[50];
        static report_figure_overlay ov;
        size_t k;
        for (k = 0; k < n; k++)
        {
            s.x_lo = 0;
        cells[k].x_lo = (cells[k].x_lo + 1.5) / 3 * 1.5707963267948966;
            cells[k].x_hi = (cells[k].x_hi + 1.5) / 3 * 1.5707963267948966;
            cells[k].y_lo = (cells[k].y_lo + 1.5);
            cells[k].y_hi = (cells[k].y_hi + 1.5);
            if ((k % 997) == 0)
                cells[k].label = FIG_PENDING;
        }
        for (k = 0; k < 50; k++)
        {
            ox[k] = 1.5707963267948966 * k / 49;
            oy[k] = 4.0 / 3 + 0.5 * ox[k] * ox[k];
        }
        ov.x = ox; ov.y = oy; ov.n = 50; ov.dashed = 1;
        ov.colour.r = 0.8; ov.colour.g = 0.1; ov.colour.b = 0.1;
        ov.label = "textbook: \xce\xbc > 4/3 \xe2\x87\x92 paradox";
        s.title = "Painlev\xc3\xa9's rod on a rough line";
        s.x_label = "\xce\xb8  angle of the rod [rad]";
        s.y_label = "\xce\xbc";
        s.x_hi = 1.5707963267948966;
        s.y_lo = 0;
        s.y_hi = 3;
        s.region_legend = leg3;
        s.overlays = &ov;
        s.noverlays = 1;
    }

    t0 = clock();
    r = report_figure_write_files(&s, argv[1], "demo");
    printf("cairo: %s, %zu cells, %.2f s\n", canvas_strerror(r), n,
           (double) (clock() - t0) / CLOCKS_PER_SEC);

    t0 = clock();
    doc = HPDF_New(NULL, NULL);
    HPDF_SetCompressionMode(doc, HPDF_COMP_ALL);
    c = canvas_hpdf_new(doc, NULL, 0, 0, 1, 595, 842, &st);
    canvas_begin_page(c, 595, 842);
    r = report_figure_draw(c, &s, 57, 72, 480, 400);
    canvas_finish(c);
    canvas_free(c);
    snprintf(path, sizeof path, "%s/demo_hpdf.pdf", argv[1]);
    if (r == CANVAS_OK)
        r = canvas_hpdf_save(doc, path);
    HPDF_Free(doc);
    printf("hpdf: %s, %.2f s\n", canvas_strerror(r), (double) (clock() - t0) / CLOCKS_PER_SEC);
    free(cells);
    return r != CANVAS_OK;
}
