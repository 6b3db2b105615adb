/* figure.c -- certified region diagram; see figure.h. */
#include "report/figure.h"
#include "base/fc_arb.h"
#include "report/mathtext.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Okabe & Ito (2008), without black. */
static const report_figure_rgb fig_okabe_ito[7] = {
    {0xE6 / 255.0, 0x9F / 255.0, 0x00 / 255.0},   /* orange */
    {0x56 / 255.0, 0xB4 / 255.0, 0xE9 / 255.0},   /* sky blue */
    {0x00 / 255.0, 0x9E / 255.0, 0x73 / 255.0},   /* bluish green */
    {0xF0 / 255.0, 0xE4 / 255.0, 0x42 / 255.0},   /* yellow */
    {0x00 / 255.0, 0x72 / 255.0, 0xB2 / 255.0},   /* blue */
    {0xD5 / 255.0, 0x5E / 255.0, 0x00 / 255.0},   /* vermillion */
    {0xCC / 255.0, 0x79 / 255.0, 0xA7 / 255.0},   /* reddish purple */
};

static const report_figure_rgb fig_none_fill = {0.94, 0.94, 0.94};
/* undecided: white with near-black diagonal lines, a pattern no region's
 * flat colour (grey #999999 included) can be mistaken for, visible at 100 %
 * in print (0.55 pt lines 2.6 pt apart, the group outlined) */
static const report_figure_rgb fig_undec_fill = {1.00, 1.00, 1.00};
static const report_figure_rgb fig_undec_line = {0.10, 0.10, 0.10};
static const report_figure_rgb fig_back_fill = {0.80, 0.80, 0.80};
#define FIG_UNDEC_SPACING 2.6
#define FIG_UNDEC_WIDTH 0.55
static const report_figure_rgb fig_pend_fill = {1.00, 0.88, 0.88};
static const report_figure_rgb fig_pend_line = {0.85, 0.20, 0.20};
static const report_figure_rgb fig_ink = {0.10, 0.10, 0.10};

/* Sizes at full scale; a local K (text scale of the layout, <= 1, smaller
 * only when the box is too small for full-size text) multiplies them. */
#define FIG_TITLE_SIZE  (11.0 * k)
#define FIG_LABEL_SIZE  (9.5 * k)
#define FIG_TICK_SIZE   (8.0 * k)
#define FIG_LEGEND_SIZE (8.5 * k)
#define FIG_CAPTION_SIZE (7.5 * k)
#define FIG_MARGIN      (6.0 * k)
#define FIG_TICK_LEN    (3.5 * k)
#define FIG_ASCENT      0.76    /* DejaVu Sans ascent / cap-ish height per em */

report_figure_rgb
report_figure_palette(int i)
{
    if (i < 0)
        i = -i;
    return fig_okabe_ito[i % 7];
}

report_figure_rgb
report_figure_region_colour(const report_figure_spec *spec, int i)
{
    if (spec->region_colours != NULL)
        return spec->region_colours[i];
    return report_figure_palette(i);
}

static void
fig_fill_colour(canvas *c, report_figure_rgb k)
{
    canvas_set_fill_rgb(c, k.r, k.g, k.b);
}

static void
fig_stroke_colour(canvas *c, report_figure_rgb k)
{
    canvas_set_stroke_rgb(c, k.r, k.g, k.b);
}

/* ---- merging cells into few rectangles --------------------------------- */

typedef struct
{
    int key;                 /* region index, or nregions + (0 none, 1 undecided, 2 pending) */
    double x0, x1, y0, y1;   /* data coordinates */
} fig_rect;

static int
fig_cmp_d(double a, double b)
{
    return a < b ? -1 : a > b;
}

static int
fig_cmp_rows(const void *pa, const void *pb)
{
    const fig_rect *a = pa, *b = pb;
    int r;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    if ((r = fig_cmp_d(a->y0, b->y0)) || (r = fig_cmp_d(a->y1, b->y1)))
        return r;
    return fig_cmp_d(a->x0, b->x0);
}

static int
fig_cmp_cols(const void *pa, const void *pb)
{
    const fig_rect *a = pa, *b = pb;
    int r;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    if ((r = fig_cmp_d(a->x0, b->x0)) || (r = fig_cmp_d(a->x1, b->x1)))
        return r;
    return fig_cmp_d(a->y0, b->y0);
}

/* Merges runs of rectangles with equal key and equal extent across the
 * run direction that touch or overlap along it; the union is unchanged.
 * Returns the new count; R ends up sorted by key. */
static size_t
fig_merge(fig_rect *r, size_t n, int columns)
{
    size_t i, m = 0;

    if (n == 0)
        return 0;
    qsort(r, n, sizeof(fig_rect), columns ? fig_cmp_cols : fig_cmp_rows);
    for (i = 1; i < n; i++)
    {
        fig_rect *o = &r[m];
        if (!columns && o->key == r[i].key && o->y0 == r[i].y0 && o->y1 == r[i].y1
            && r[i].x0 <= o->x1)
        {
            if (r[i].x1 > o->x1)
                o->x1 = r[i].x1;
        }
        else if (columns && o->key == r[i].key && o->x0 == r[i].x0 && o->x1 == r[i].x1
                 && r[i].y0 <= o->y1)
        {
            if (r[i].y1 > o->y1)
                o->y1 = r[i].y1;
        }
        else
            r[++m] = r[i];
    }
    return m + 1;
}

/* ---- layout ------------------------------------------------------------- */

typedef struct
{
    double px, py, pw, ph;              /* plot box on the canvas */
    double x_lo, x_hi, y_lo, y_hi;
} fig_map;

static double
fig_X(const fig_map *m, double x)
{
    return m->px + (x - m->x_lo) / (m->x_hi - m->x_lo) * m->pw;
}

static double
fig_Y(const fig_map *m, double y)
{
    return m->py + m->ph - (y - m->y_lo) / (m->y_hi - m->y_lo) * m->ph;
}

#define FIG_MAX_TICKS 24

typedef struct
{
    int n;
    double v[FIG_MAX_TICKS];
    char s[FIG_MAX_TICKS][48];
} fig_ticks;

/* 1-2-5 step giving about TARGET intervals over [lo, hi]. */
static double
fig_nice_step(double range, double target)
{
    double raw = range / target, mag = pow(10.0, floor(log10(raw))), f = raw / mag;

    if (f < 1.5)
        return mag;
    if (f < 3.5)
        return 2 * mag;
    if (f < 7.5)
        return 5 * mag;
    return 10 * mag;
}

/* Tick value as text with a true minus sign (U+2212). */
static void
fig_tick_text(char *out, size_t n, double v, double step)
{
    char buf[40];
    const char *p = buf;
    int d = step >= 1 ? 0 : (int) ceil(-log10(step) - 1e-9);

    if (fabs(v) >= 1e6 || d > 6)
        snprintf(buf, sizeof buf, "%.4g", v);
    else
        snprintf(buf, sizeof buf, "%.*f", d, v);
    if (buf[0] == '-')
    {
        snprintf(out, n, "\xe2\x88\x92%s", buf + 1);
        return;
    }
    snprintf(out, n, "%s", p);
}

static void
fig_ticks_make(fig_ticks *t, double lo, double hi, double target)
{
    int tries;

    t->n = 0;
    for (tries = 0; tries < 6; tries++, target *= 2)
    {
        double step = fig_nice_step(hi - lo, target), eps = 1e-9 * step;
        double k0 = ceil((lo - eps) / step), k1 = floor((hi + eps) / step), k;

        if (k1 - k0 + 1 > FIG_MAX_TICKS)
            continue;
        t->n = 0;
        for (k = k0; k <= k1; k++)
        {
            double v = k == 0 ? 0.0 : k * step;
            t->v[t->n] = v < lo ? lo : v > hi ? hi : v;
            fig_tick_text(t->s[t->n], sizeof t->s[0], v, step);
            t->n++;
        }
        if (t->n >= 2)
            return;
    }
}

/* ---- legend -------------------------------------------------------------- */

typedef enum { FIG_SW_FILL, FIG_SW_NONE, FIG_SW_UNDEC, FIG_SW_PEND, FIG_SW_LINE } fig_swatch;

typedef struct
{
    fig_swatch kind;
    report_figure_rgb colour;
    int dashed;
    const char *text;
    char buf[40];
} fig_entry;

#define FIG_SW_W (16.0 * k)
#define FIG_SW_H (9.0 * k)
#define FIG_ROW  (12.5 * k)
#define FIG_MAX_COLS 3
#define FIG_COL_GAP (16.0 * k)
#define FIG_FLAT_YLABEL (28.0 * k)   /* y labels at most this wide stay horizontal */

static void
fig_rect_path(canvas *c, void *arg)
{
    const double *b = arg;
    canvas_rect(c, b[0], b[1], b[2], b[3]);
}

static void
fig_hatch_rect(canvas *c, const double b[4], report_figure_rgb fill, report_figure_rgb line,
               int cross, double spacing)
{
    fig_fill_colour(c, fill);
    canvas_rect(c, b[0], b[1], b[2], b[3]);
    canvas_fill(c);
    fig_stroke_colour(c, line);
    canvas_set_line_width(c, cross ? 0.5 : FIG_UNDEC_WIDTH);
    canvas_hatch(c, fig_rect_path, (void *) b, b, spacing, M_PI / 4);
    if (cross)
        canvas_hatch(c, fig_rect_path, (void *) b, b, spacing, -M_PI / 4);
    else
    {
        canvas_rect(c, b[0], b[1], b[2], b[3]);
        canvas_stroke(c);
    }
}

static void
fig_draw_swatch(canvas *c, const fig_entry *e, double x, double y, double k)
{
    double b[4] = {x, y, FIG_SW_W, FIG_SW_H};
    report_figure_rgb outline = {0.35, 0.35, 0.35};

    switch (e->kind)
    {
        case FIG_SW_FILL:
        case FIG_SW_NONE:
            fig_fill_colour(c, e->kind == FIG_SW_NONE ? fig_none_fill : e->colour);
            canvas_rect(c, x, y, FIG_SW_W, FIG_SW_H);
            canvas_fill(c);
            break;
        case FIG_SW_UNDEC:
            fig_hatch_rect(c, b, fig_undec_fill, fig_undec_line, 0, FIG_UNDEC_SPACING);
            break;
        case FIG_SW_PEND:
            fig_hatch_rect(c, b, fig_pend_fill, fig_pend_line, 1, 3.5);
            break;
        case FIG_SW_LINE:
        {
            double dash[2] = {4, 2.5};
            fig_stroke_colour(c, e->colour);
            canvas_set_line_width(c, 1.4);
            canvas_set_dash(c, dash, e->dashed ? 2 : 0, 0);
            canvas_move_to(c, x, y + FIG_SW_H / 2);
            canvas_line_to(c, x + FIG_SW_W, y + FIG_SW_H / 2);
            canvas_stroke(c);
            canvas_set_dash(c, NULL, 0, 0);
            return;
        }
    }
    fig_stroke_colour(c, outline);
    canvas_set_line_width(c, 0.4);
    canvas_rect(c, x, y, FIG_SW_W, FIG_SW_H);
    canvas_stroke(c);
}

/* ---- cells -------------------------------------------------------------- */

typedef struct
{
    const fig_rect *r;
    size_t n;
    const fig_map *m;
} fig_group;

static void
fig_group_path(canvas *c, void *arg)
{
    const fig_group *g = arg;
    size_t i;

    for (i = 0; i < g->n; i++)
    {
        const fig_rect *r = &g->r[i];
        double X0 = fig_X(g->m, r->x0), X1 = fig_X(g->m, r->x1);
        double Y0 = fig_Y(g->m, r->y1), Y1 = fig_Y(g->m, r->y0);
        canvas_rect(c, X0, Y0, X1 - X0, Y1 - Y0);
    }
}

/* Clipped copies of the cells, merged; *N gets the count. */
static fig_rect *
fig_cells(const report_figure_spec *s, size_t *n)
{
    fig_rect *r = flint_malloc((s->ncells ? s->ncells : 1) * sizeof(fig_rect));
    size_t i, m = 0;

    if (r == NULL)
        return NULL;
    for (i = 0; i < s->ncells; i++)
    {
        const report_figure_cell *e = &s->cells[i];
        fig_rect *o = &r[m];

        o->key = e->label >= 0 ? e->label : s->nregions + (-1 - e->label);
        o->x0 = e->x_lo > s->x_lo ? e->x_lo : s->x_lo;
        o->x1 = e->x_hi < s->x_hi ? e->x_hi : s->x_hi;
        o->y0 = e->y_lo > s->y_lo ? e->y_lo : s->y_lo;
        o->y1 = e->y_hi < s->y_hi ? e->y_hi : s->y_hi;
        if (o->x0 < o->x1 && o->y0 < o->y1)
            m++;
    }
    m = fig_merge(r, m, 0);
    m = fig_merge(r, m, 1);
    *n = m;
    return r;
}

static void
fig_draw_cells(canvas *c, const report_figure_spec *s, const fig_map *m,
               const fig_rect *r, size_t n, int present[3])
{
    size_t i = 0, j;
    double box[4] = {m->px, m->py, m->pw, m->ph};

    /* Background in the undecided grey: edges between a region and an
     * undecided strip then blend the two colours and nothing lighter. */
    fig_fill_colour(c, fig_back_fill);
    canvas_rect(c, m->px, m->py, m->pw, m->ph);
    canvas_fill(c);

    present[0] = present[1] = present[2] = 0;
    while (i < n)
    {
        fig_group g;
        int key = r[i].key;

        for (j = i; j < n && r[j].key == key; j++)
            ;
        g.r = r + i;
        g.n = j - i;
        g.m = m;
        if (key < s->nregions)
        {
            fig_fill_colour(c, report_figure_region_colour(s, key));
            fig_group_path(c, &g);
            canvas_fill(c);
        }
        else if (key == s->nregions)
        {
            present[0] = 1;
            fig_fill_colour(c, fig_none_fill);
            fig_group_path(c, &g);
            canvas_fill(c);
        }
        else
        {
            int pend = key == s->nregions + 2;
            present[pend ? 2 : 1] = 1;
            fig_fill_colour(c, pend ? fig_pend_fill : fig_undec_fill);
            fig_group_path(c, &g);
            canvas_fill(c);
            fig_stroke_colour(c, pend ? fig_pend_line : fig_undec_line);
            canvas_set_line_width(c, pend ? 0.5 : FIG_UNDEC_WIDTH);
            canvas_hatch(c, fig_group_path, &g, box, pend ? 4.0 : FIG_UNDEC_SPACING, M_PI / 4);
            if (pend)
                canvas_hatch(c, fig_group_path, &g, box, 4.0, -M_PI / 4);
            else
            {
                /* outlined, so that a strip one cell wide shows at print size */
                canvas_set_line_width(c, 0.35);
                fig_group_path(c, &g);
                canvas_stroke(c);
            }
        }
        i = j;
    }
}

static void
fig_draw_overlays(canvas *c, const report_figure_spec *s, const fig_map *m)
{
    double dash[2] = {5, 3};
    int k, i;

    canvas_save(c);
    canvas_clip_rect(c, m->px, m->py, m->pw, m->ph);
    canvas_set_line_width(c, 1.4);
    for (k = 0; k < s->noverlays; k++)
    {
        const report_figure_overlay *o = &s->overlays[k];
        int pen = 0;

        fig_stroke_colour(c, o->colour);
        canvas_set_dash(c, dash, o->dashed ? 2 : 0, 0);
        for (i = 0; i < o->n; i++)
        {
            if (!isfinite(o->x[i]) || !isfinite(o->y[i]))
            {
                pen = 0;
                continue;
            }
            if (pen)
                canvas_line_to(c, fig_X(m, o->x[i]), fig_Y(m, o->y[i]));
            else
                canvas_move_to(c, fig_X(m, o->x[i]), fig_Y(m, o->y[i]));
            pen = 1;
        }
        canvas_stroke(c);
    }
    canvas_set_dash(c, NULL, 0, 0);
    canvas_restore(c);
}

static void
fig_draw_axes(canvas *c, const fig_map *m, const fig_ticks *tx, const fig_ticks *ty,
              double k)
{
    int i;

    fig_stroke_colour(c, fig_ink);
    canvas_set_line_width(c, 0.6);
    for (i = 0; i < tx->n; i++)
    {
        double X = fig_X(m, tx->v[i]);
        canvas_move_to(c, X, m->py + m->ph);
        canvas_line_to(c, X, m->py + m->ph + FIG_TICK_LEN);
    }
    for (i = 0; i < ty->n; i++)
    {
        double Y = fig_Y(m, ty->v[i]);
        canvas_move_to(c, m->px, Y);
        canvas_line_to(c, m->px - FIG_TICK_LEN, Y);
    }
    canvas_stroke(c);
    canvas_set_line_width(c, 0.8);
    canvas_rect(c, m->px, m->py, m->pw, m->ph);
    canvas_stroke(c);

    fig_fill_colour(c, fig_ink);
    canvas_set_font(c, FIG_TICK_SIZE, 0);
    for (i = 0; i < tx->n; i++)
        canvas_text(c, fig_X(m, tx->v[i]),
                    m->py + m->ph + FIG_TICK_LEN + 2 + FIG_ASCENT * FIG_TICK_SIZE,
                    tx->s[i], CANVAS_CENTRE);
    for (i = 0; i < ty->n; i++)
        canvas_text(c, m->px - FIG_TICK_LEN - 2,
                    fig_Y(m, ty->v[i]) + 0.36 * FIG_TICK_SIZE, ty->s[i], CANVAS_RIGHT);
}

static int
fig_check(const report_figure_spec *s)
{
    size_t i;

    if (!(s->x_lo < s->x_hi) || !(s->y_lo < s->y_hi) || !isfinite(s->x_hi - s->x_lo)
        || !isfinite(s->y_hi - s->y_lo) || s->nregions < 0 || s->noverlays < 0
        || (s->ncells > 0 && s->cells == NULL) || (s->noverlays > 0 && s->overlays == NULL))
        return 0;
    for (i = 0; i < s->ncells; i++)
    {
        int l = s->cells[i].label;
        if (l >= s->nregions || l < FIG_PENDING)
            return 0;
    }
    return 1;
}

/* ---- the figure --------------------------------------------------------- */

/* Label TEXT (an axis label) typeset at SIZE (mathtext.h). */
static void
fig_label_box(report_ml_box *b, canvas *c, const report_figure_spec *s, const char *text, double size)
{
    report_ml_ctx x;
    report_ml_ctx_init(&x, report_ml_font_canvas(c));
    report_ml_set_display(&x, s->display, s->display_arg);
    report_mt_line_box(b, c, &x, text, size, REPORT_MT_LABEL);
}

/* The title of S typeset (its formulas from the expression tree, mathtext.h)
 * at SIZE, set smaller (down to 55 %) rather than wider than AVAIL. */
static void
fig_title_box(report_ml_box *b, canvas *c, const report_figure_spec *s, double size, double avail)
{
    report_ml_ctx x;
    report_ml_ctx_init(&x, report_ml_font_canvas(c));
    report_ml_set_display(&x, s->display, s->display_arg);
    report_mt_line_box(b, c, &x, s->title, size, REPORT_MT_BOLD);
    if (b->w > avail && b->w > 0)
    {
        double z = fmax(0.55, avail / b->w);
        report_ml_box_clear(b);
        report_mt_line_box(b, c, &x, s->title, z * size, REPORT_MT_BOLD);
    }
}

typedef struct
{
    fig_map m;
    fig_ticks tx, ty;
    fig_entry *ent;
    int nent, ncols, nrows;
    double k;                           /* text scale, see FIG_TITLE_SIZE */
    double colx[FIG_MAX_COLS], legend_w, legend_h, caption_h, caption_w;
    int ylabel_flat;                    /* short y label: written horizontally */
    double ylabel_w;
} fig_layout;

/* Legend entries: regions, then none / undecided / pending if present,
 * then labelled overlays.  ENT has room for nregions + noverlays + 3. */
static int
fig_entries(const report_figure_spec *s, const int present[3], fig_entry *ent)
{
    int i, n = 0;

    for (i = 0; i < s->nregions; i++)
    {
        fig_entry *e = &ent[n++];
        e->kind = FIG_SW_FILL;
        e->colour = report_figure_region_colour(s, i);
        e->text = s->region_legend && s->region_legend[i] ? s->region_legend[i]
                : s->region_names && s->region_names[i] ? s->region_names[i] : NULL;
        if (e->text == NULL)
        {
            snprintf(e->buf, sizeof e->buf, "region %d", i + 1);
            e->text = e->buf;
        }
    }
    if (present[0])
        ent[n].kind = FIG_SW_NONE, ent[n++].text = "none (every region false)";
    if (present[1])
        ent[n].kind = FIG_SW_UNDEC, ent[n++].text = "undecided";
    if (present[2])
        ent[n].kind = FIG_SW_PEND, ent[n++].text = "pending (not examined)";
    for (i = 0; i < s->noverlays; i++)
        if (s->overlays[i].label != NULL)
        {
            fig_entry *e = &ent[n++];
            e->kind = FIG_SW_LINE;
            e->colour = s->overlays[i].colour;
            e->dashed = s->overlays[i].dashed;
            e->text = s->overlays[i].label;
        }
    return n;
}

/* Places plot box, ticks and legend in (x, y, w, h); uses C's text metrics
 * and leaves its font changed. */
static void
fig_place(canvas *c, const report_figure_spec *s, fig_layout *L,
          double x, double y, double w, double h, double legend_avail)
{
    const double k = L->k;
    double top, bottom, left, right, tw;
    int i;

    /* legend: most columns (<= 3, column-major, each as wide as its
     * widest entry) that fit the width */
    canvas_set_font(c, FIG_LEGEND_SIZE, 0);
    L->ncols = L->nent < FIG_MAX_COLS ? L->nent : FIG_MAX_COLS;
    for (; L->ncols >= 1; L->ncols--)
    {
        double total = 0;
        int j;

        L->nrows = (L->nent + L->ncols - 1) / L->ncols;
        for (j = 0; j < L->ncols; j++)
        {
            double cw = 0;
            for (i = j * L->nrows; i < (j + 1) * L->nrows && i < L->nent; i++)
                cw = fmax(cw, canvas_text_width(c, L->ent[i].text));
            L->colx[j] = total;
            total += FIG_SW_W + 5 + cw + FIG_COL_GAP;
        }
        L->legend_w = total - FIG_COL_GAP;
        if (L->legend_w <= legend_avail || L->ncols == 1)
            break;
    }
    if (L->ncols < 1)
        L->ncols = 1;
    L->nrows = L->nent ? (L->nent + L->ncols - 1) / L->ncols : 0;
    L->legend_h = L->nrows ? L->nrows * FIG_ROW + 6 : 0;
    L->caption_h = s->caption && s->caption[0] ? FIG_CAPTION_SIZE + 5 * k : 0;
    canvas_set_font(c, FIG_CAPTION_SIZE, 0);
    L->caption_w = canvas_text_width(c, s->caption);

    top = y + FIG_MARGIN;
    if (s->title && s->title[0])
    {
        /* a title with a built-up fraction or a radical takes the room it needs */
        report_ml_box tb;
        fig_title_box(&tb, c, s, FIG_TITLE_SIZE, w - 2 * FIG_MARGIN);
        top += fmax(FIG_TITLE_SIZE, tb.asc - FIG_ASCENT * FIG_TITLE_SIZE + FIG_TITLE_SIZE + fmax(0, tb.desc - 0.24 * FIG_TITLE_SIZE)) + 8;
        report_ml_box_clear(&tb);
    }
    top += 5;   /* room for the top y tick label */
    bottom = y + h - FIG_MARGIN - L->caption_h - L->legend_h
             - FIG_TICK_LEN - 2 - FIG_TICK_SIZE - 4;
    if (s->x_label && s->x_label[0])
    {
        /* a label with a built-up fraction takes the height it needs */
        report_ml_box lb;
        fig_label_box(&lb, c, s, s->x_label, FIG_LABEL_SIZE);
        bottom -= FIG_LABEL_SIZE + 5 + fmax(0, lb.asc + lb.desc - FIG_LABEL_SIZE);
        report_ml_box_clear(&lb);
    }

    fig_ticks_make(&L->ty, s->y_lo, s->y_hi, fmax(2, (bottom - top) / 45));
    if (s->no_y_axis)
        L->ty.n = 0;
    canvas_set_font(c, FIG_TICK_SIZE, 0);
    tw = 0;
    for (i = 0; i < L->ty.n; i++)
        tw = fmax(tw, canvas_text_width(c, L->ty.s[i]));

    left = x + FIG_MARGIN + tw + 2 + FIG_TICK_LEN;
    L->ylabel_flat = 0;
    L->ylabel_w = 0;   /* read by fig_layout_make even without a y label */
    if (s->y_label && s->y_label[0])
    {
        report_ml_box lb;
        fig_label_box(&lb, c, s, s->y_label, FIG_LABEL_SIZE);
        L->ylabel_w = lb.w;
        L->ylabel_flat = L->ylabel_w <= FIG_FLAT_YLABEL;
        left += L->ylabel_flat ? L->ylabel_w + 8 : fmax(FIG_LABEL_SIZE, lb.asc + lb.desc) + 6;
        report_ml_box_clear(&lb);
        canvas_set_font(c, FIG_TICK_SIZE, 0);
    }
    right = x + w - FIG_MARGIN - 8;
    fig_ticks_make(&L->tx, s->x_lo, s->x_hi, fmax(2, (right - left) / 60));
    if (L->tx.n > 0)
        right = x + w - FIG_MARGIN
                - fmax(2, canvas_text_width(c, L->tx.s[L->tx.n - 1]) / 2);

    L->m.px = left;
    L->m.py = top;
    L->m.pw = fmax(1, right - left);
    L->m.ph = fmax(1, bottom - top);
    L->m.x_lo = s->x_lo; L->m.x_hi = s->x_hi;
    L->m.y_lo = s->y_lo; L->m.y_hi = s->y_hi;
}

/* Layout of S in (x, y, w, h) with its legend entries in ENT. */
static void
fig_layout_make(canvas *c, const report_figure_spec *s, const fig_rect *cells, size_t ncells,
                fig_entry *ent, fig_layout *L, double x, double y, double w, double h)
{
    int present[3] = {0, 0, 0};
    size_t k;

    for (k = 0; k < ncells; k++)
        if (cells[k].key >= s->nregions)
            present[cells[k].key - s->nregions] = 1;
    L->ent = ent;
    L->nent = fig_entries(s, present, ent);
    /* full-size text unless the plot would get cramped or text not fit */
    for (L->k = 1.0; ; L->k -= 0.05)
    {
        double k = L->k, avail = w - 2 * FIG_MARGIN;

        fig_place(c, s, L, x, y, w, h, avail);
        /* prefer a legend aligned with the plot's left edge */
        if (L->legend_w > x + w - FIG_MARGIN - L->m.px)
        {
            fig_place(c, s, L, x, y, w, h, x + w - FIG_MARGIN - L->m.px);
            if (L->legend_w > x + w - FIG_MARGIN - L->m.px)
                fig_place(c, s, L, x, y, w, h, avail);
        }
        if (L->k < fmax(0.6, s->min_text_scale) + 1e-9)
            break;
        if (L->m.ph >= 0.45 * h && L->m.pw >= 0.5 * w && L->legend_w <= avail
            && L->caption_w <= avail && (L->ylabel_flat || L->ylabel_w <= L->m.ph))
            break;
    }
}

static void
fig_draw_text(canvas *c, const report_figure_spec *s, const fig_layout *L,
              double x, double y, double w, double h)
{
    const double k = L->k;
    const fig_map *m = &L->m;
    double lx, ly;
    int i;

    fig_fill_colour(c, fig_ink);
    if (s->title && s->title[0])
    {
        /* typeset; a long title is set smaller (down to 55 %) rather than run off the figure */
        double avail = w - 2 * FIG_MARGIN, tx;
        report_ml_box tb;
        fig_title_box(&tb, c, s, FIG_TITLE_SIZE, avail);
        tx = fmin(fmax(m->px + m->pw / 2, x + FIG_MARGIN + fmin(tb.w, avail) / 2), x + w - FIG_MARGIN - fmin(tb.w, avail) / 2)
             - tb.w / 2;
        report_ml_draw(c, &tb, tx, y + FIG_MARGIN + fmax(FIG_ASCENT * FIG_TITLE_SIZE, tb.asc) + 1);
        report_ml_box_clear(&tb);
    }
    ly = m->py + m->ph + FIG_TICK_LEN + 2 + FIG_TICK_SIZE + 4;
    if (s->x_label && s->x_label[0])
    {
        /* typeset (mathtext.h); a built-up fraction pushes the baseline down */
        report_ml_box lb;
        double base;
        fig_label_box(&lb, c, s, s->x_label, FIG_LABEL_SIZE);
        base = ly + FIG_LABEL_SIZE + 2 + fmax(0, lb.asc - FIG_ASCENT * FIG_LABEL_SIZE);
        report_ml_draw(c, &lb, m->px + m->pw / 2 - lb.w / 2, base);
        ly = base + 3 + fmax(0, lb.desc - 0.24 * FIG_LABEL_SIZE);
        report_ml_box_clear(&lb);
    }
    if (s->y_label && s->y_label[0])
    {
        report_ml_box lb;
        fig_label_box(&lb, c, s, s->y_label, FIG_LABEL_SIZE);
        if (L->ylabel_flat)
            report_ml_draw(c, &lb, x + FIG_MARGIN, m->py + m->ph / 2 + 0.36 * FIG_LABEL_SIZE);
        else
            report_ml_draw_up(c, &lb, x + FIG_MARGIN + fmax(FIG_ASCENT * FIG_LABEL_SIZE, lb.asc),
                              m->py + m->ph / 2 + lb.w / 2);
        report_ml_box_clear(&lb);
    }

    /* legend, column-major, under the plot's left edge if it fits */
    lx = L->legend_w <= x + w - FIG_MARGIN - m->px ? m->px : x + FIG_MARGIN;
    ly += 6;
    canvas_set_font(c, FIG_LEGEND_SIZE, 0);
    for (i = 0; i < L->nent; i++)
    {
        int col = i / L->nrows, row = i % L->nrows;
        double ex = lx + L->colx[col], ey = ly + row * FIG_ROW;

        fig_draw_swatch(c, &L->ent[i], ex, ey, k);
        fig_fill_colour(c, fig_ink);
        canvas_text(c, ex + FIG_SW_W + 5, ey + FIG_SW_H / 2 + 0.36 * FIG_LEGEND_SIZE,
                    L->ent[i].text, CANVAS_LEFT);
    }

    if (L->caption_h > 0)
    {
        canvas_set_font(c, FIG_CAPTION_SIZE, 0);
        canvas_set_fill_rgb(c, 0.25, 0.25, 0.25);
        canvas_text(c, lx, y + h - FIG_MARGIN - 2, s->caption, CANVAS_LEFT);
    }
}

static int
fig_prepare(const report_figure_spec *s, fig_rect **cells, size_t *ncells, fig_entry **ent)
{
    *cells = NULL;
    *ent = NULL;
    if (!fig_check(s))
        return REPORT_FIGURE_ERR_SPEC;
    *cells = fig_cells(s, ncells);
    *ent = flint_malloc((s->nregions + s->noverlays + 3) * sizeof(fig_entry));
    if (*cells == NULL || *ent == NULL)
    {
        flint_free(*cells);
        flint_free(*ent);
        *cells = NULL;
        *ent = NULL;
        return CANVAS_ERR_MEM;
    }
    return CANVAS_OK;
}

int
report_figure_plot_box(canvas *c, const report_figure_spec *s, double x, double y, double w, double h,
                double box[4])
{
    fig_rect *cells;
    fig_entry *ent;
    size_t ncells;
    fig_layout L;
    int r = fig_prepare(s, &cells, &ncells, &ent);

    if (r != CANVAS_OK)
        return r;
    canvas_save(c);
    fig_layout_make(c, s, cells, ncells, ent, &L, x, y, w, h);
    canvas_restore(c);
    box[0] = L.m.px;
    box[1] = L.m.py;
    box[2] = L.m.pw;
    box[3] = L.m.ph;
    flint_free(cells);
    flint_free(ent);
    return canvas_status(c);
}

int
report_figure_draw(canvas *c, const report_figure_spec *s, double x, double y, double w, double h)
{
    fig_rect *cells;
    fig_entry *ent;
    size_t ncells;
    fig_layout L;
    int present[3];
    int r = fig_prepare(s, &cells, &ncells, &ent);

    if (r != CANVAS_OK)
        return r;
    canvas_save(c);
    canvas_clip_rect(c, x, y, w, h);
    fig_layout_make(c, s, cells, ncells, ent, &L, x, y, w, h);

    canvas_save(c);
    canvas_clip_rect(c, L.m.px, L.m.py, L.m.pw, L.m.ph);
    fig_draw_cells(c, s, &L.m, cells, ncells, present);
    canvas_restore(c);
    if (s->noverlays > 0)
        fig_draw_overlays(c, s, &L.m);
    fig_draw_axes(c, &L.m, &L.tx, &L.ty, L.k);
    fig_draw_text(c, s, &L, x, y, w, h);
    canvas_restore(c);

    flint_free(cells);
    flint_free(ent);
    return canvas_status(c);
}

int
report_figure_style_named(report_figure_style *st, const char *name, canvas_face face)
{
    static const struct { const char *name; double w, h; int paper; } styles[] = {
        {"report", REPORT_FIGURE_WIDTH, REPORT_FIGURE_HEIGHT, 0},
        {"paper", 3.4 * 72, 3.0 * 72, 1},
        {"paper-wide", 7.0 * 72, 4.5 * 72, 1},
    };
    size_t i;
    for (i = 0; i < sizeof styles / sizeof styles[0]; i++)
        if (strcmp(name, styles[i].name) == 0)
        {
            st->width = styles[i].w;
            st->height = styles[i].h;
            st->paper = styles[i].paper;
            st->face = face;
            return 0;
        }
    return -1;
}

int
report_figure_write_files(const report_figure_spec *spec, const char *dir, const char *name)
{
    report_figure_style st;
    report_figure_style_named(&st, "report", CANVAS_FACE_SANS);
    return report_figure_write_files_style(spec, dir, name, &st);
}

int
report_figure_write_files_style(const report_figure_spec *spec0, const char *dir, const char *name,
                         const report_figure_style *st)
{
    static const char *ext[3] = {"pdf", "svg", "png"};
    size_t len = strlen(dir) + strlen(name) + 8;
    char *path = flint_malloc(len);
    int k, r = CANVAS_OK;
    report_figure_spec paper = *spec0;
    const report_figure_spec *spec = spec0;

    if (path == NULL)
        return CANVAS_ERR_MEM;
    if (st->paper)
    {
        paper.title = NULL;
        paper.caption = NULL;
        paper.min_text_scale = 1;
        spec = &paper;
    }
    for (k = 0; k < 3 && r == CANVAS_OK; k++)
    {
        canvas *c;

        snprintf(path, len, "%s/%s.%s", dir, name, ext[k]);
        c = canvas_file_new(path, st->width, st->height, REPORT_FIGURE_PNG_SCALE, st->face, &r);
        if (c == NULL)
            break;
        r = canvas_begin_page(c, st->width, st->height);
        if (r == CANVAS_OK)
            r = report_figure_draw(c, spec, 0, 0, st->width, st->height);
        if (r == CANVAS_OK)
            r = canvas_end_page(c);
        if (r == CANVAS_OK)
            r = canvas_finish(c);
        canvas_free(c);
    }
    flint_free(path);
    return r;
}
