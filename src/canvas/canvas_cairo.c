/* canvas_cairo.c -- Cairo backend of the canvas; see canvas_cairo.h.
 *
 * Text uses cairo's FreeType font face made from the DejaVu TTF files
 * (no fontconfig lookup, no hinting), so output does not depend on the
 * fonts installed on the machine. */
#include "canvas/canvas_cairo.h"
#include "base/fc_arb.h"
#include "base/fc_atomic.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cairo.h>
#include <cairo-ft.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include "fc_str.h"

typedef struct
{
    double fill[3], stroke[3], size;
    int bold;
} cc_gstate;

typedef struct
{
    canvas_cairo_format fmt;
    cairo_surface_t *surface;
    cairo_t *cr;
    fc_atomic_file out;
    int out_open;
    int status;
    int pages;            /* pages begun */
    double scale;
    cairo_font_face_t *face[2];
    int serif;                     /* faces are Latin Modern, with fallbacks */
    cairo_font_face_t *fallback[3];/* serif: Latin Modern Math, DejaVu regular, bold */
    cc_gstate g;
    cc_gstate *stack;
    int depth, alloc;
    unsigned char *svg;   /* SVG output is kept here until finish */
    size_t svg_len, svg_alloc;
} cc_state;

/* ---- fonts ------------------------------------------------------------ */

typedef struct
{
    FT_Library lib;
    FT_Face face;
} cc_ft;

static const cairo_user_data_key_t cc_ft_key;

static void
cc_ft_destroy(void *p)
{
    cc_ft *ft = p;

    FT_Done_Face(ft->face);
    FT_Done_FreeType(ft->lib);
    flint_free(ft);
}

/* A cairo font face owning its own FreeType library and face (so canvases
 * in different threads share nothing). */
static cairo_font_face_t *
cc_load_face(const char *file)
{
    cc_ft *ft = flint_calloc(1, sizeof(cc_ft));
    cairo_font_face_t *cf;

    if (ft == NULL)
        return NULL;
    if (FT_Init_FreeType(&ft->lib) != 0)
    {
        flint_free(ft);
        return NULL;
    }
    if (FT_New_Face(ft->lib, file, 0, &ft->face) != 0)
    {
        FT_Done_FreeType(ft->lib);
        flint_free(ft);
        return NULL;
    }
    cf = cairo_ft_font_face_create_for_ft_face(ft->face, FT_LOAD_NO_HINTING);
    if (cairo_font_face_status(cf) != CAIRO_STATUS_SUCCESS
        || cairo_font_face_set_user_data(cf, &cc_ft_key, ft, cc_ft_destroy)
           != CAIRO_STATUS_SUCCESS)
    {
        cairo_font_face_destroy(cf);
        cc_ft_destroy(ft);
        return NULL;
    }
    return cf;
}

/* The FreeType face behind a face made by cc_load_face. */
static FT_Face
cc_ft_face(cairo_font_face_t *cf)
{
    cc_ft *ft = cairo_font_face_get_user_data(cf, &cc_ft_key);
    return ft != NULL ? ft->face : NULL;
}

/* Serif text: the face that has code point CP: Latin Modern Roman, else
 * Latin Modern Math (lowercase Greek, math symbols), else DejaVu Sans. */
static cairo_font_face_t *
cc_serif_face(cc_state *s, unsigned cp)
{
    FT_Face f = cc_ft_face(s->face[s->g.bold]);
    if (f != NULL && FT_Get_Char_Index(f, cp) != 0)
        return s->face[s->g.bold];
    f = cc_ft_face(s->fallback[0]);
    if (f != NULL && FT_Get_Char_Index(f, cp) != 0)
        return s->fallback[0];
    return s->fallback[1 + s->g.bold];
}

/* Serif text from the current point: runs of one face each, shown one
 * after the other (cairo advances the point); DRAW 0 only measures.
 * Returns the advance. */
static double
cc_serif_runs(cc_state *s, const char *utf8, int draw)
{
    size_t n = strlen(utf8);
    char *run = flint_malloc(n + 1);
    const char *p = utf8, *start = utf8;
    cairo_font_face_t *cur = NULL;
    double adv = 0;
    int len = 0;

    if (run == NULL)
    {
        s->status = CANVAS_ERR_MEM;
        return 0;
    }
    for (;;)
    {
        cairo_font_face_t *f = NULL;
        unsigned cp = *p ? fc_utf8_next(p, &len) : 0;
        if (*p)
            f = cp - 0x300u < 0x70u && cur != NULL ? cur : cc_serif_face(s, cp);   /* marks stay with their base */
        if (p > start && (*p == '\0' || f != cur))
        {
            cairo_text_extents_t e;
            memcpy(run, start, (size_t) (p - start));
            run[p - start] = '\0';
            cairo_set_font_face(s->cr, cur);
            cairo_set_font_size(s->cr, s->g.size);
            if (draw)
                cairo_show_text(s->cr, run);
            else
            {
                cairo_text_extents(s->cr, run, &e);
                adv += e.x_advance;
            }
            start = p;
        }
        if (*p == '\0')
            break;
        cur = f;
        p += len;
    }
    flint_free(run);
    cairo_set_font_face(s->cr, s->face[s->g.bold]);
    return adv;
}

static void
cc_apply_font(cc_state *s)
{
    cairo_set_font_face(s->cr, s->face[s->g.bold ? 1 : 0]);
    cairo_set_font_size(s->cr, s->g.size);
}

/* ---- operations --------------------------------------------------------- */

static void
cc_set_fill_rgb(void *st, double r, double g, double b)
{
    cc_state *s = st;
    s->g.fill[0] = r; s->g.fill[1] = g; s->g.fill[2] = b;
}

static void
cc_set_stroke_rgb(void *st, double r, double g, double b)
{
    cc_state *s = st;
    s->g.stroke[0] = r; s->g.stroke[1] = g; s->g.stroke[2] = b;
}

static void
cc_set_line_width(void *st, double w)
{
    cairo_set_line_width(((cc_state *) st)->cr, w);
}

static void
cc_set_dash(void *st, const double *dash, int n, double offset)
{
    cairo_set_dash(((cc_state *) st)->cr, dash, n, offset);
}

static void
cc_move_to(void *st, double x, double y)
{
    cairo_move_to(((cc_state *) st)->cr, x, y);
}

static void
cc_line_to(void *st, double x, double y)
{
    cairo_line_to(((cc_state *) st)->cr, x, y);
}

static void
cc_close_path(void *st)
{
    cairo_close_path(((cc_state *) st)->cr);
}

static void
cc_rect(void *st, double x, double y, double w, double h)
{
    cairo_rectangle(((cc_state *) st)->cr, x, y, w, h);   /* w, h >= 0 here */
}

static void
cc_fill(void *st)
{
    cc_state *s = st;
    cairo_set_source_rgb(s->cr, s->g.fill[0], s->g.fill[1], s->g.fill[2]);
    cairo_fill(s->cr);
}

static void
cc_stroke(void *st)
{
    cc_state *s = st;
    cairo_set_source_rgb(s->cr, s->g.stroke[0], s->g.stroke[1], s->g.stroke[2]);
    cairo_stroke(s->cr);
}

static void
cc_clip(void *st)
{
    cairo_clip(((cc_state *) st)->cr);
}

static void
cc_save(void *st)
{
    cc_state *s = st;

    if (s->depth == s->alloc)
    {
        int n = s->alloc ? 2 * s->alloc : 16;
        cc_gstate *p = flint_realloc(s->stack, n * sizeof(cc_gstate));
        if (p == NULL)
        {
            s->status = CANVAS_ERR_MEM;
            return;
        }
        s->stack = p;
        s->alloc = n;
    }
    s->stack[s->depth++] = s->g;
    cairo_save(s->cr);
}

static void
cc_restore(void *st)
{
    cc_state *s = st;

    if (s->depth == 0)
        return;
    s->g = s->stack[--s->depth];
    cairo_restore(s->cr);
    cc_apply_font(s);
}

static void
cc_set_font(void *st, double size, int bold)
{
    cc_state *s = st;
    s->g.size = size;
    s->g.bold = bold != 0;
    cc_apply_font(s);
}

static void
cc_text(void *st, double x, double y, const char *utf8, double angle)
{
    cc_state *s = st;

    cairo_save(s->cr);
    cairo_set_source_rgb(s->cr, s->g.fill[0], s->g.fill[1], s->g.fill[2]);
    cairo_translate(s->cr, x, y);
    if (angle != 0)
        cairo_rotate(s->cr, -angle);
    cairo_move_to(s->cr, 0, 0);
    if (s->serif)
        cc_serif_runs(s, utf8, 1);
    else
        cairo_show_text(s->cr, utf8);
    cairo_new_path(s->cr);
    cairo_restore(s->cr);
}

static double
cc_text_width(void *st, const char *utf8)
{
    cairo_text_extents_t e;

    if (((cc_state *) st)->serif)
        return cc_serif_runs(st, utf8, 0);
    cairo_text_extents(((cc_state *) st)->cr, utf8, &e);
    return e.x_advance;
}

static int
cc_begin_page(void *st, double w, double h)
{
    cc_state *s = st;

    if (s->fmt != CANVAS_CAIRO_PDF && s->pages > 0)
        return CANVAS_ERR_STATE;     /* SVG and PNG hold one page */
    if (s->fmt == CANVAS_CAIRO_PDF)
        cairo_pdf_surface_set_size(s->surface, w, h);
    s->pages++;
    return CANVAS_OK;
}

static int
cc_end_page(void *st)
{
    cc_state *s = st;

    if (s->fmt == CANVAS_CAIRO_PDF)
        cairo_show_page(s->cr);
    return CANVAS_OK;
}

static cairo_status_t
cc_write(void *closure, const unsigned char *data, unsigned int len)
{
    cc_state *s = closure;

    if (!s->out_open)
        return CAIRO_STATUS_WRITE_ERROR;
    if (s->fmt == CANVAS_CAIRO_SVG)
    {
        if (s->svg_len + len > s->svg_alloc)
        {
            size_t n = 2 * (s->svg_len + len) + 4096;
            unsigned char *p = flint_realloc(s->svg, n);
            if (p == NULL)
                return CAIRO_STATUS_NO_MEMORY;
            s->svg = p;
            s->svg_alloc = n;
        }
        memcpy(s->svg + s->svg_len, data, len);
        s->svg_len += len;
        return CAIRO_STATUS_SUCCESS;
    }
    if (fwrite(data, 1, len, s->out.fp) != len)
        return CAIRO_STATUS_WRITE_ERROR;
    return CAIRO_STATUS_SUCCESS;
}

/* Cairo 1.16 names SVG groups "surfaceN" after a process-wide counter, so
 * the same drawing made twice in one process differs.  Writes the SVG with
 * those numbers replaced by their order of first appearance (1, 2, ...).
 * Returns 0 or -1 on a write error. */
static int
cc_write_svg(cc_state *s)
{
    static const char key[] = "surface";
    const size_t klen = sizeof key - 1;
    unsigned long *seen = NULL, idmap_n = 0, idmap_alloc = 0;
    const unsigned char *p = s->svg, *end = s->svg + s->svg_len, *run = p;
    FILE *f = s->out.fp;
    int bad = 0;

    while (p + klen < end)
    {
        const unsigned char *q;
        unsigned long v = 0, k;
        int after_ref;

        if (memcmp(p, key, klen) != 0)
        {
            p++;
            continue;
        }
        /* only id="surfaceN" and #surfaceN */
        after_ref = (p > s->svg && p[-1] == '#')
                    || (p - s->svg >= 4 && memcmp(p - 4, "id=\"", 4) == 0);
        for (q = p + klen; q < end && *q >= '0' && *q <= '9'; q++)
            v = 10 * v + (*q - '0');
        if (!after_ref || q == p + klen)
        {
            p += klen;
            continue;
        }
        for (k = 0; k < idmap_n && seen[k] != v; k++)
            ;
        if (k == idmap_n)
        {
            if (idmap_n == idmap_alloc)
            {
                unsigned long *t;
                idmap_alloc = idmap_alloc ? 2 * idmap_alloc : 64;
                t = flint_realloc(seen, idmap_alloc * sizeof(unsigned long));
                if (t == NULL)
                {
                    flint_free(seen);
                    return -1;
                }
                seen = t;
            }
            seen[idmap_n++] = v;
        }
        bad |= fwrite(run, 1, p + klen - run, f) != (size_t) (p + klen - run);
        bad |= fprintf(f, "%lu", k + 1) < 0;
        run = p = q;
    }
    bad |= fwrite(run, 1, end - run, f) != (size_t) (end - run);
    flint_free(seen);
    return bad ? -1 : 0;
}

static int
cc_cairo_status(cc_state *s)
{
    if (s->status != CANVAS_OK)
        return s->status;
    if (cairo_status(s->cr) != CAIRO_STATUS_SUCCESS
        || cairo_surface_status(s->surface) != CAIRO_STATUS_SUCCESS)
    {
        cairo_status_t e = cairo_status(s->cr);
        if (e == CAIRO_STATUS_SUCCESS)
            e = cairo_surface_status(s->surface);
        return e == CAIRO_STATUS_WRITE_ERROR ? CANVAS_ERR_IO
             : e == CAIRO_STATUS_NO_MEMORY ? CANVAS_ERR_MEM : CANVAS_ERR_LIB;
    }
    return CANVAS_OK;
}

static int
cc_status(void *st)
{
    return cc_cairo_status(st);
}

static int
cc_finish(void *st)
{
    cc_state *s = st;
    int r;

    if (s->fmt == CANVAS_CAIRO_PNG)
    {
        cairo_surface_flush(s->surface);
        if (cairo_surface_write_to_png_stream(s->surface, cc_write, s) != CAIRO_STATUS_SUCCESS)
            s->status = CANVAS_ERR_IO;
    }
    cairo_surface_finish(s->surface);   /* PDF/SVG: writes the rest */
    r = cc_cairo_status(s);
    if (r == CANVAS_OK && s->fmt == CANVAS_CAIRO_SVG && cc_write_svg(s) != 0)
        r = s->status = CANVAS_ERR_IO;
    if (r != CANVAS_OK)
    {
        fc_atomic_abort(&s->out);
        s->out_open = 0;
        return r;
    }
    s->out_open = 0;
    if (fc_atomic_commit(&s->out) != 0)
        return s->status = CANVAS_ERR_IO;
    return CANVAS_OK;
}

static void
cc_free(void *st)
{
    cc_state *s = st;
    int i;

    if (s == NULL)
        return;
    if (s->cr != NULL)
        cairo_destroy(s->cr);
    if (s->surface != NULL)
    {
        if (s->out_open)
        {
            /* discard: finishing writes to a stream we are about to drop */
            s->out_open = 0;
            cairo_surface_finish(s->surface);
        }
        cairo_surface_destroy(s->surface);
    }
    if (s->out.fp != NULL || s->out.tmp != NULL)
        fc_atomic_abort(&s->out);
    if (s->face[0] != NULL)
        cairo_font_face_destroy(s->face[0]);
    if (s->face[1] != NULL)
        cairo_font_face_destroy(s->face[1]);
    for (i = 0; i < 3; i++)
        if (s->fallback[i] != NULL)
            cairo_font_face_destroy(s->fallback[i]);
    flint_free(s->stack);
    flint_free(s->svg);
    flint_free(s);
}

static const canvas_ops cc_ops = {
    cc_set_fill_rgb, cc_set_stroke_rgb, cc_set_line_width, cc_set_dash,
    cc_move_to, cc_line_to, cc_close_path, cc_rect, cc_fill, cc_stroke, cc_clip,
    cc_save, cc_restore, cc_set_font, cc_text, cc_text_width,
    cc_begin_page, cc_end_page, cc_finish, cc_free, cc_status
};

/* ---- construction ------------------------------------------------------- */

/* SOURCE_DATE_EPOCH as "YYYY-MM-DDThh:mm:ssZ" into BUF; 0 if unset/invalid. */
static int
cc_source_date(char *buf, size_t n)
{
    const char *e = getenv("SOURCE_DATE_EPOCH");
    char *end;
    long long v;
    time_t t;
    struct tm tm;

    if (e == NULL || e[0] == '\0')
        return 0;
    errno = 0;
    v = strtoll(e, &end, 10);
    if (errno != 0 || *end != '\0' || v < 0)
        return 0;
    t = (time_t) v;
    if (gmtime_r(&t, &tm) == NULL)
        return 0;
    return strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm) > 0;
}

int
canvas_cairo_format_of(const char *path)
{
    size_t n = strlen(path);

    if (n < 4)
        return -1;
    if (strcmp(path + n - 4, ".pdf") == 0)
        return CANVAS_CAIRO_PDF;
    if (strcmp(path + n - 4, ".svg") == 0)
        return CANVAS_CAIRO_SVG;
    if (strcmp(path + n - 4, ".png") == 0)
        return CANVAS_CAIRO_PNG;
    return -1;
}

canvas *
canvas_cairo_new(canvas_cairo_format fmt, const char *path,
                 double w, double h, double scale, int *status)
{
    return canvas_cairo_new_face(fmt, path, w, h, scale, CANVAS_FACE_SANS, status);
}

canvas *
canvas_cairo_new_face(canvas_cairo_format fmt, const char *path,
                      double w, double h, double scale, canvas_face face, int *status)
{
    cc_state *s = flint_calloc(1, sizeof(cc_state));
    canvas *c = NULL;
    int err = CANVAS_ERR_MEM;
    cairo_font_options_t *fo;
    char date[32];

    if (s == NULL)
        goto fail;
    s->fmt = fmt;
    s->scale = fmt == CANVAS_CAIRO_PNG ? (scale > 0 ? scale : 1) : 1;
    s->g.size = 10;

    s->serif = face == CANVAS_FACE_SERIF;
    s->face[0] = cc_load_face(s->serif ? CANVAS_SERIF_REGULAR : CANVAS_FONT_REGULAR);
    s->face[1] = cc_load_face(s->serif ? CANVAS_SERIF_BOLD : CANVAS_FONT_BOLD);
    if (s->serif)
    {
        s->fallback[0] = cc_load_face(CANVAS_SERIF_MATH);
        s->fallback[1] = cc_load_face(CANVAS_FONT_REGULAR);
        s->fallback[2] = cc_load_face(CANVAS_FONT_BOLD);
    }
    if (s->face[0] == NULL || s->face[1] == NULL
        || (s->serif && (s->fallback[0] == NULL || s->fallback[1] == NULL || s->fallback[2] == NULL)))
    {
        err = CANVAS_ERR_FONT;
        goto fail;
    }

    if (fc_atomic_open(&s->out, path) != 0)
    {
        err = CANVAS_ERR_IO;
        goto fail;
    }
    s->out_open = 1;

    if (fmt == CANVAS_CAIRO_PDF)
    {
        s->surface = cairo_pdf_surface_create_for_stream(cc_write, s, w, h);
        cairo_pdf_surface_set_metadata(s->surface, CAIRO_PDF_METADATA_CREATOR, "fricert");
        if (cc_source_date(date, sizeof date))
        {
            cairo_pdf_surface_set_metadata(s->surface, CAIRO_PDF_METADATA_CREATE_DATE, date);
            cairo_pdf_surface_set_metadata(s->surface, CAIRO_PDF_METADATA_MOD_DATE, date);
        }
    }
    else if (fmt == CANVAS_CAIRO_SVG)
    {
        s->surface = cairo_svg_surface_create_for_stream(cc_write, s, w, h);
        cairo_svg_surface_set_document_unit(s->surface, CAIRO_SVG_UNIT_PT);
    }
    else if (fmt == CANVAS_CAIRO_PNG)
    {
        int pw = (int) ceil(w * s->scale - 1e-9), ph = (int) ceil(h * s->scale - 1e-9);
        s->surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, pw > 0 ? pw : 1,
                                                ph > 0 ? ph : 1);
    }
    else
    {
        err = CANVAS_ERR_STATE;
        goto fail;
    }
    if (cairo_surface_status(s->surface) != CAIRO_STATUS_SUCCESS)
    {
        err = CANVAS_ERR_LIB;
        goto fail;
    }

    s->cr = cairo_create(s->surface);
    if (cairo_status(s->cr) != CAIRO_STATUS_SUCCESS)
    {
        err = CANVAS_ERR_LIB;
        goto fail;
    }
    if (fmt == CANVAS_CAIRO_PNG)
    {
        cairo_set_source_rgb(s->cr, 1, 1, 1);
        cairo_paint(s->cr);
        cairo_scale(s->cr, s->scale, s->scale);
    }
    fo = cairo_font_options_create();
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
    cairo_set_font_options(s->cr, fo);
    cairo_font_options_destroy(fo);
    cairo_set_line_width(s->cr, 1.0);
    cc_apply_font(s);

    c = canvas_new(&cc_ops, s, w, h);
    if (c == NULL)
        goto fail;
    if (status != NULL)
        *status = CANVAS_OK;
    return c;

fail:
    cc_free(s);
    if (status != NULL)
        *status = err;
    return NULL;
}

const char *
canvas_cairo_version(void)
{
    return cairo_version_string();
}

canvas *
canvas_file_new(const char *path, double w, double h, double scale, canvas_face face, int *status)
{
    int fmt = canvas_cairo_format_of(path);

    if (fmt < 0)
    {
        if (status != NULL)
            *status = CANVAS_ERR_IO;
        return NULL;
    }
    return canvas_cairo_new_face((canvas_cairo_format) fmt, path, w, h, scale, face, status);
}
