/* canvas.c -- backend-independent part of the canvas; see canvas.h. */
#include "canvas/canvas.h"
#include "base/fc_arb.h"

#include <math.h>
#include <string.h>
#include <stdlib.h>
#include "fc_str.h"

canvas *
canvas_new(const canvas_ops *ops, void *state, double w, double h)
{
    canvas *c = flint_calloc(1, sizeof(canvas));

    if (c == NULL)
        return NULL;
    c->ops = ops;
    c->state = state;
    c->width = w;
    c->height = h;
    c->font_size = 10;
    return c;
}

static void
canvas_fail(canvas *c, int status)
{
    if (c->status == CANVAS_OK)
        c->status = status;
}

/* State operations are refused while a path is open (PDF rule). */
static int
canvas_state_ok(canvas *c)
{
    if (c->in_path)
    {
        canvas_fail(c, CANVAS_ERR_STATE);
        return 0;
    }
    return 1;
}

int
canvas_status(const canvas *c)
{
    int s;

    if (c->status != CANVAS_OK)
        return c->status;
    s = c->ops->status(c->state);
    return s;
}

const char *
canvas_strerror(int status)
{
    switch (status)
    {
        case CANVAS_OK: return "no error";
        case CANVAS_ERR_STATE: return "drawing operation not allowed while a path is open";
        case CANVAS_ERR_FONT: return "cannot load the DejaVu font";
        case CANVAS_ERR_IO: return "cannot write the output file";
        case CANVAS_ERR_LIB: return "the drawing library reported an error";
        case CANVAS_ERR_MEM: return "out of memory";
        default: return "unknown canvas error";
    }
}

int
canvas_finish(canvas *c)
{
    int s;

    if (c->in_path)
        canvas_fail(c, CANVAS_ERR_STATE);
    if (c->in_page)
        canvas_end_page(c);
    s = canvas_status(c);
    if (s != CANVAS_OK)
        return s;
    s = c->ops->finish(c->state);
    canvas_fail(c, s);
    return s;
}

void
canvas_free(canvas *c)
{
    if (c == NULL)
        return;
    c->ops->free(c->state);
    flint_free(c);
}

int
canvas_begin_page(canvas *c, double w, double h)
{
    int s;

    if (!canvas_state_ok(c) || c->in_page)
    {
        canvas_fail(c, CANVAS_ERR_STATE);
        return CANVAS_ERR_STATE;
    }
    s = c->ops->begin_page(c->state, w, h);
    canvas_fail(c, s);
    if (s == CANVAS_OK)
    {
        c->width = w;
        c->height = h;
        c->in_page = 1;
        c->save_depth = 0;
    }
    return s;
}

int
canvas_end_page(canvas *c)
{
    int s;

    if (!canvas_state_ok(c) || !c->in_page)
    {
        canvas_fail(c, CANVAS_ERR_STATE);
        return CANVAS_ERR_STATE;
    }
    while (c->save_depth > 0)   /* unbalanced save: close it for the page */
        canvas_restore(c);
    s = c->ops->end_page(c->state);
    canvas_fail(c, s);
    c->in_page = 0;
    return s;
}

void
canvas_set_fill_rgb(canvas *c, double r, double g, double b)
{
    if (canvas_state_ok(c))
        c->ops->set_fill_rgb(c->state, r, g, b);
}

void
canvas_set_stroke_rgb(canvas *c, double r, double g, double b)
{
    if (canvas_state_ok(c))
        c->ops->set_stroke_rgb(c->state, r, g, b);
}

void
canvas_set_line_width(canvas *c, double w)
{
    if (canvas_state_ok(c))
        c->ops->set_line_width(c->state, w);
}

void
canvas_set_dash(canvas *c, const double *dash, int n, double offset)
{
    if (n < 0 || n > 8)
    {
        canvas_fail(c, CANVAS_ERR_STATE);
        return;
    }
    if (canvas_state_ok(c))
        c->ops->set_dash(c->state, dash, n, offset);
}

void
canvas_move_to(canvas *c, double x, double y)
{
    c->in_path = 1;
    c->ops->move_to(c->state, x, y);
}

void
canvas_line_to(canvas *c, double x, double y)
{
    if (!c->in_path)   /* PDF needs a current point: start one here */
    {
        canvas_move_to(c, x, y);
        return;
    }
    c->ops->line_to(c->state, x, y);
}

void
canvas_close_path(canvas *c)
{
    if (c->in_path)
        c->ops->close_path(c->state);
}

void
canvas_rect(canvas *c, double x, double y, double w, double h)
{
    if (w < 0)
    {
        x += w;
        w = -w;
    }
    if (h < 0)
    {
        y += h;
        h = -h;
    }
    c->in_path = 1;
    c->ops->rect(c->state, x, y, w, h);
}

void
canvas_fill(canvas *c)
{
    if (c->in_path)
        c->ops->fill(c->state);
    c->in_path = 0;
}

void
canvas_stroke(canvas *c)
{
    if (c->in_path)
        c->ops->stroke(c->state);
    c->in_path = 0;
}

void
canvas_clip(canvas *c)
{
    if (!c->in_path)   /* empty path: the clip becomes empty */
        c->ops->rect(c->state, 0, 0, 0, 0);
    c->ops->clip(c->state);
    c->in_path = 0;
}

void
canvas_save(canvas *c)
{
    if (canvas_state_ok(c))
    {
        c->ops->save(c->state);
        c->save_depth++;
    }
}

void
canvas_restore(canvas *c)
{
    if (!canvas_state_ok(c))
        return;
    if (c->save_depth <= 0)
    {
        canvas_fail(c, CANVAS_ERR_STATE);
        return;
    }
    c->ops->restore(c->state);
    c->save_depth--;
}

void
canvas_clip_rect(canvas *c, double x, double y, double w, double h)
{
    if (!canvas_state_ok(c))
        return;
    canvas_rect(c, x, y, w, h);
    canvas_clip(c);
}

void
canvas_set_font(canvas *c, double size, int bold)
{
    if (canvas_state_ok(c))
    {
        c->font_size = size;
        c->ops->set_font(c->state, size, bold);
    }
}

/* A letter whose top is at the x-height (DejaVu's combining marks are drawn
 * for these): Latin and Greek lowercase without ascender. */
static int
canvas_short_base(unsigned cp)
{
    static const char latin[] = "acegmnopqrsuvwxyz";
    static const unsigned greek[] = { 0x3B1, 0x3B3, 0x3B5, 0x3B7, 0x3B9, 0x3BA, 0x3BC, 0x3BD,
                                      0x3BF, 0x3C0, 0x3C1, 0x3C2, 0x3C3, 0x3C4, 0x3C5, 0x3C7, 0x3C9 };
    size_t i;
    if (cp < 0x80)
        return cp != 0 && strchr(latin, (int) cp) != NULL;
    for (i = 0; i < sizeof greek / sizeof greek[0]; i++)
        if (greek[i] == cp)
            return 1;
    return 0;
}

/* Draws UTF8 left-aligned at (X, Y) along ANGLE, as one backend text call,
 * so that the text layer holds every character (pdftotext gives θ̇: a
 * combining mark drawn as a text run of its own is dropped by poppler).
 * DejaVu's dot above (U+0307) and diaeresis (U+0308) are drawn for x-height
 * letters and hide inside a tall base (θ, capitals, digits): over such a
 * base the dots are drawn again, as filled discs 0.9 em above the baseline,
 * centred over the base (paths: nothing is added to the text layer). */
static void
canvas_text_marks(canvas *c, double x, double y, const char *utf8, double angle)
{
    const char *p, *base = NULL;
    unsigned prev = 0;
    double ux = cos(angle), uy = -sin(angle), size = c->font_size;
    size_t n = strlen(utf8);
    char *buf = NULL;
    int len;

    c->ops->text(c->state, x, y, utf8, angle);
    for (p = utf8; *p; p += len)
    {
        unsigned cp = fc_utf8_next(p, &len);
        if ((cp == 0x307 || cp == 0x308) && base != NULL && !canvas_short_base(prev))
        {
            double w0, w1, m, r = 0.068 * size, up = 0.90 * size;
            int k, d, nd = cp == 0x307 ? 1 : 2;
            if (buf == NULL && (buf = flint_malloc(n + 1)) == NULL)
                return;
            memcpy(buf, utf8, (size_t) (base - utf8));
            buf[base - utf8] = '\0';
            w0 = c->ops->text_width(c->state, buf);
            memcpy(buf, utf8, (size_t) (p - utf8));
            buf[p - utf8] = '\0';
            w1 = c->ops->text_width(c->state, buf);
            for (d = 0; d < nd; d++)
            {
                /* along the baseline m, up by UP: up is (-sin a, -cos a) */
                double cx, cy;
                m = 0.5 * (w0 + w1) + (nd == 2 ? (d ? 0.17 : -0.17) * size : 0);
                cx = x + m * ux - up * sin(angle);
                cy = y + m * uy - up * cos(angle);
                for (k = 0; k < 12; k++)
                {
                    double t = k * M_PI / 6;
                    if (k == 0)
                        c->ops->move_to(c->state, cx + r, cy);
                    else
                        c->ops->line_to(c->state, cx + r * cos(t), cy + r * sin(t));
                }
                c->ops->close_path(c->state);
                c->ops->fill(c->state);
            }
            continue;
        }
        if (cp - 0x300u >= 0x70u)
        {
            base = p;
            prev = cp;
        }
    }
    flint_free(buf);
}

void
canvas_text_rotated(canvas *c, double x, double y, const char *utf8,
                    canvas_align align, double angle)
{
    double w = 0;

    if (!canvas_state_ok(c) || utf8 == NULL || utf8[0] == '\0')
        return;
    if (align != CANVAS_LEFT)
    {
        w = c->ops->text_width(c->state, utf8);
        if (align == CANVAS_CENTRE)
            w *= 0.5;
    }
    /* move back along the baseline, which points (cos a, -sin a) with y down */
    canvas_text_marks(c, x - w * cos(angle), y + w * sin(angle), utf8, angle);
}

void
canvas_text(canvas *c, double x, double y, const char *utf8, canvas_align align)
{
    canvas_text_rotated(c, x, y, utf8, align, 0.0);
}

double
canvas_text_width(canvas *c, const char *utf8)
{
    if (utf8 == NULL || utf8[0] == '\0')
        return 0.0;
    return c->ops->text_width(c->state, utf8);
}

void
canvas_hatch(canvas *c, void (*build)(canvas *, void *), void *arg,
             const double box[4], double spacing, double angle)
{
    double dx, dy, ux, uy, cx, cy, r, t;
    long k, n;

    if (!canvas_state_ok(c) || !(spacing > 0))
        return;
    canvas_save(c);
    build(c, arg);
    canvas_clip(c);

    /* lines of direction u = (cos a, -sin a) (y down), offset along the
     * normal by multiples of SPACING from a lattice anchored at the origin,
     * so neighbouring hatched areas line up. */
    ux = cos(angle);
    uy = -sin(angle);
    dx = -uy;              /* unit normal */
    dy = ux;
    cx = box[0] + box[2] / 2;
    cy = box[1] + box[3] / 2;
    r = 0.5 * hypot(box[2], box[3]) + spacing;
    t = cx * dx + cy * dy;                   /* normal coordinate of centre */
    k = (long) floor((t - r) / spacing);
    n = (long) ceil((t + r) / spacing);
    for (; k <= n; k++)
    {
        double s = k * spacing - t;          /* offset from the centre line */
        double px = cx + s * dx, py = cy + s * dy;

        canvas_move_to(c, px - r * ux, py - r * uy);
        canvas_line_to(c, px + r * ux, py + r * uy);
    }
    canvas_stroke(c);
    canvas_restore(c);
}
