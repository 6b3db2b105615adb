/* canvas.c -- backend-independent part of the canvas; see canvas.h. */
#include "canvas/canvas.h"
#include "base/fc_arb.h"

#include <math.h>
#include <stdlib.h>

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
    c->ops->text(c->state, x - w * cos(angle), y + w * sin(angle), utf8, angle);
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
