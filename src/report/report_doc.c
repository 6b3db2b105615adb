/* report_doc.c -- page flow for report.pdf; see report_doc.h. */
#include "report/report_doc.h"
#include "report/canvas_hpdf.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RDOC_ASCENT 0.80      /* baseline below a line's top, per em */
#define RDOC_LEAD   1.38      /* line advance, per em */
#define RDOC_INK    0.10

double
rdoc_width(void)
{
    return RDOC_PAGE_W - 2 * RDOC_MARGIN_X;
}

double
rdoc_left(void)
{
    return RDOC_MARGIN_X;
}

static double
rdoc_bottom(void)
{
    return RDOC_PAGE_H - RDOC_MARGIN_BOTTOM;
}

static void
rdoc_fail(rdoc *d, int status)
{
    if (d->status == CANVAS_OK && status != CANVAS_OK)
        d->status = status;
}

static void
rdoc_begin(rdoc *d)
{
    HPDF_Page p;

    if (d->npages == d->apages)
    {
        int n = d->apages ? 2 * d->apages : 16;
        HPDF_Page *q = realloc(d->pages, n * sizeof(HPDF_Page));
        if (q == NULL)
        {
            rdoc_fail(d, CANVAS_ERR_MEM);
            return;
        }
        d->pages = q;
        d->apages = n;
    }
    rdoc_fail(d, canvas_begin_page(d->c, RDOC_PAGE_W, RDOC_PAGE_H));
    p = HPDF_GetCurrentPage(d->doc);
    if (p == NULL)
        rdoc_fail(d, CANVAS_ERR_LIB);
    d->pages[d->npages++] = p;
    d->y = RDOC_MARGIN_TOP;
}

int
rdoc_init(rdoc *d, HPDF_Doc doc)
{
    int st;

    memset(d, 0, sizeof *d);
    d->doc = doc;
    d->c = canvas_hpdf_new(doc, NULL, 0, 0, 1, RDOC_PAGE_W, RDOC_PAGE_H, &st);
    if (d->c == NULL)
        return d->status = st;
    d->utf8 = HPDF_GetEncoder(doc, "UTF-8");
    if (d->utf8 == NULL)
        return d->status = CANVAS_ERR_LIB;
    rdoc_begin(d);
    return d->status;
}

void
rdoc_new_page(rdoc *d)
{
    rdoc_fail(d, canvas_end_page(d->c));
    rdoc_begin(d);
}

void
rdoc_need(rdoc *d, double h)
{
    if (d->y + h > rdoc_bottom() && d->y > RDOC_MARGIN_TOP + 1e-6)
        rdoc_new_page(d);
}

double
rdoc_room(const rdoc *d)
{
    return rdoc_bottom() - d->y;
}

void
rdoc_skip(rdoc *d, double h)
{
    d->y += h;
    if (d->y > rdoc_bottom())
        rdoc_new_page(d);
}

int
rdoc_finish(rdoc *d, const char *footer)
{
    int i;

    if (d->c == NULL)
        return d->status;
    if (d->c->in_page)
        rdoc_fail(d, canvas_end_page(d->c));
    rdoc_fail(d, canvas_status(d->c));
    for (i = 0; i < d->npages && d->status == CANVAS_OK; i++)
    {
        int st;
        canvas *f = canvas_hpdf_new(d->doc, d->pages[i], 0, 0, 1, RDOC_PAGE_W, RDOC_PAGE_H, &st);
        char buf[600];

        if (f == NULL)
        {
            rdoc_fail(d, st);
            break;
        }
        snprintf(buf, sizeof buf, "%s \xc2\xb7 page %d of %d", footer ? footer : "", i + 1, d->npages);
        canvas_set_stroke_rgb(f, 0.6, 0.6, 0.6);
        canvas_set_line_width(f, 0.4);
        canvas_move_to(f, RDOC_MARGIN_X, RDOC_PAGE_H - RDOC_MARGIN_BOTTOM + 18);
        canvas_line_to(f, RDOC_PAGE_W - RDOC_MARGIN_X, RDOC_PAGE_H - RDOC_MARGIN_BOTTOM + 18);
        canvas_stroke(f);
        canvas_set_fill_rgb(f, 0.35, 0.35, 0.35);
        canvas_set_font(f, 7.5, 0);
        canvas_text(f, RDOC_PAGE_W / 2, RDOC_PAGE_H - RDOC_MARGIN_BOTTOM + 31, buf, CANVAS_CENTRE);
        rdoc_fail(d, canvas_status(f));
        canvas_free(f);
    }
    return d->status;
}

void
rdoc_clear(rdoc *d)
{
    canvas_free(d->c);
    free(d->pages);
    memset(d, 0, sizeof *d);
}

void
rdoc_bookmark(rdoc *d, int level, const char *title)
{
    HPDF_Outline parent = level >= 2 ? d->section : NULL, o;
    HPDF_Destination dst;

    if (d->status != CANVAS_OK || d->npages == 0)
        return;
    o = HPDF_CreateOutline(d->doc, parent, title, d->utf8);
    dst = HPDF_Page_CreateDestination(d->pages[d->npages - 1]);
    if (o == NULL || dst == NULL
        || HPDF_Destination_SetFitH(dst, (HPDF_REAL) (RDOC_PAGE_H - d->y + 12)) != HPDF_OK
        || HPDF_Outline_SetDestination(o, dst) != HPDF_OK)
    {
        rdoc_fail(d, CANVAS_ERR_LIB);
        return;
    }
    if (level < 2)
    {
        d->section = o;
        HPDF_Outline_SetOpened(o, HPDF_TRUE);
    }
}

/* ---- wrapping --------------------------------------------------------------- */

void
rdoc_lines_free(char **lines, int n)
{
    int i;

    if (lines == NULL)
        return;
    for (i = 0; i < n; i++)
        free(lines[i]);
    free(lines);
}

static double
rdoc_span_width(canvas *c, const char *s, size_t n, char *buf)
{
    memcpy(buf, s, n);
    buf[n] = '\0';
    return canvas_text_width(c, buf);
}

static size_t
rdoc_utf8_next(const char *s, size_t i, size_t n)
{
    i++;
    while (i < n && ((unsigned char) s[i] & 0xC0) == 0x80)
        i++;
    return i;
}

char **
rdoc_wrap(canvas *c, const char *text, double w1, double w, int *nout)
{
    size_t n = text ? strlen(text) : 0, pos = 0;
    char *t = malloc(n + 1), *buf = malloc(n + 1);
    char **lines = NULL;
    int nl = 0, al = 0;

    *nout = 0;
    if (t == NULL || buf == NULL)
        goto fail;
    memcpy(t, text ? text : "", n + 1);
    for (size_t i = 0; i < n; i++)
        if (t[i] == '\n' || t[i] == '\t' || t[i] == '\r')
            t[i] = ' ';
    while (pos < n)
    {
        double lim = nl == 0 ? w1 : w;
        size_t end = pos, k;

        while (pos < n && t[pos] == ' ')
            pos++;
        if (pos >= n)
            break;
        end = pos;
        /* longest run of whole words that fits */
        k = pos;
        for (;;)
        {
            size_t e = k;
            while (e < n && t[e] == ' ')
                e++;
            while (e < n && t[e] != ' ')
                e++;
            if (e == k || rdoc_span_width(c, t + pos, e - pos, buf) > lim)
                break;
            end = k = e;
            if (e >= n)
                break;
        }
        if (end == pos)
        {
            /* break the word between characters */
            size_t e = rdoc_utf8_next(t, pos, n);
            end = e;
            while (e < n && t[e] != ' ')
            {
                e = rdoc_utf8_next(t, e, n);
                if (rdoc_span_width(c, t + pos, e - pos, buf) > lim)
                    break;
                end = e;
            }
        }
        if (nl == al)
        {
            int a = al ? 2 * al : 8;
            char **p = realloc(lines, a * sizeof(char *));
            if (p == NULL)
                goto fail;
            lines = p;
            al = a;
        }
        lines[nl] = strndup(t + pos, end - pos);
        if (lines[nl] == NULL)
            goto fail;
        nl++;
        pos = end;
    }
    free(t);
    free(buf);
    if (lines == NULL)
    {
        lines = malloc(sizeof(char *));
        if (lines == NULL || (lines[0] = strdup("")) == NULL)
        {
            free(lines);
            return NULL;
        }
        nl = 1;
    }
    *nout = nl;
    return lines;
fail:
    free(t);
    free(buf);
    rdoc_lines_free(lines, nl);
    return NULL;
}

/* ---- text --------------------------------------------------------------- */

/* Draws S at (x, baseline y) in the current font of SIZE; combining marks
 * (the dot of θ̇) are placed by canvas_text and stay in the text layer. */
static void
rdoc_show(canvas *c, double x, double y, const char *s, double size)
{
    (void) size;
    canvas_text(c, x, y, s, CANVAS_LEFT);
}

static void
rdoc_ink(rdoc *d)
{
    canvas_set_fill_rgb(d->c, RDOC_INK, RDOC_INK, RDOC_INK);
}

void
rdoc_par(rdoc *d, const char *text, double size, int bold, double indent, double hang)
{
    double w = rdoc_width() - indent, lead = RDOC_LEAD * size;
    char **lines;
    int n, i;

    canvas_set_font(d->c, size, bold);
    lines = rdoc_wrap(d->c, text, w, w - hang, &n);
    if (lines == NULL)
    {
        rdoc_fail(d, CANVAS_ERR_MEM);
        return;
    }
    rdoc_ink(d);
    for (i = 0; i < n; i++)
    {
        rdoc_need(d, lead);
        canvas_set_font(d->c, size, bold);
        rdoc_ink(d);
        rdoc_show(d->c, rdoc_left() + indent + (i ? hang : 0), d->y + RDOC_ASCENT * size,
                  lines[i], size);
        d->y += lead;
    }
    d->y += 0.45 * size;
    rdoc_lines_free(lines, n);
}

void
rdoc_heading(rdoc *d, int level, const char *text, int outline)
{
    double size = level <= 1 ? 14.0 : 11.5;
    char **lines;
    int n, i;

    canvas_set_font(d->c, size, 1);
    lines = rdoc_wrap(d->c, text, rdoc_width(), rdoc_width(), &n);
    if (lines == NULL)
    {
        rdoc_fail(d, CANVAS_ERR_MEM);
        return;
    }
    if (d->y > RDOC_MARGIN_TOP + 1e-6)
        d->y += level <= 1 ? 10 : 6;
    /* keep the heading with about four lines of what follows */
    rdoc_need(d, n * RDOC_LEAD * size + 4 * RDOC_LEAD * RDOC_BODY);
    if (outline)
        rdoc_bookmark(d, level, text);
    canvas_set_font(d->c, size, 1);
    rdoc_ink(d);
    for (i = 0; i < n; i++)
    {
        rdoc_show(d->c, rdoc_left(), d->y + RDOC_ASCENT * size, lines[i], size);
        d->y += 1.25 * size;
    }
    if (level <= 1)
    {
        canvas_set_stroke_rgb(d->c, 0.55, 0.55, 0.55);
        canvas_set_line_width(d->c, 0.5);
        canvas_move_to(d->c, rdoc_left(), d->y + 1);
        canvas_line_to(d->c, rdoc_left() + rdoc_width(), d->y + 1);
        canvas_stroke(d->c);
        d->y += 4;
    }
    d->y += 0.35 * size;
    rdoc_lines_free(lines, n);
}

void
rdoc_equation(rdoc *d, const char *lhs, const char *rhs, double size)
{
    double lead = RDOC_LEAD * size, wl, x0 = rdoc_left() + 8, avail = rdoc_width() - 8;
    char *head;
    char **lines;
    int n, i, own_line;

    head = malloc(strlen(lhs) + 4);
    if (head == NULL)
    {
        rdoc_fail(d, CANVAS_ERR_MEM);
        return;
    }
    sprintf(head, "%s = ", lhs);
    canvas_set_font(d->c, size, 1);
    wl = canvas_text_width(d->c, head);
    own_line = wl > avail / 3;
    if (own_line)
        wl = 2 * size;
    canvas_set_font(d->c, size, 0);
    lines = rdoc_wrap(d->c, rhs, avail - wl, avail - wl - size, &n);
    if (lines == NULL)
    {
        free(head);
        rdoc_fail(d, CANVAS_ERR_MEM);
        return;
    }
    rdoc_need(d, lead * (n + own_line > 3 ? 3 : n + own_line));
    rdoc_ink(d);
    canvas_set_font(d->c, size, 1);
    if (own_line)
    {
        char **hl;
        int nh, k;
        hl = rdoc_wrap(d->c, head, avail, avail - 2 * size, &nh);
        for (k = 0; hl && k < nh; k++)
        {
            rdoc_need(d, lead);
            canvas_set_font(d->c, size, 1);
            rdoc_ink(d);
            rdoc_show(d->c, x0 + (k ? 2 * size : 0), d->y + RDOC_ASCENT * size, hl[k], size);
            d->y += lead;
        }
        rdoc_lines_free(hl, nh);
    }
    else
        rdoc_show(d->c, x0, d->y + RDOC_ASCENT * size, head, size);
    for (i = 0; i < n; i++)
    {
        rdoc_need(d, lead);
        canvas_set_font(d->c, size, 0);
        rdoc_ink(d);
        rdoc_show(d->c, x0 + wl + (i ? size : 0), d->y + RDOC_ASCENT * size, lines[i], size);
        d->y += lead;
    }
    d->y += 0.3 * size;
    rdoc_lines_free(lines, n);
    free(head);
}

/* ---- tables ------------------------------------------------------------- */

#define RDOC_PAD 3.5

/* Column widths for the text width: natural widths if they fit (FLEX gets
 * the rest), else narrow columns keep theirs and wide ones share. */
static void
rdoc_columns(canvas *c, int ncols, const char *const *head, const char *const *cells, int nrows,
             int flex, double size, double *w)
{
    double avail = rdoc_width(), total = 0, *nat = calloc(ncols, sizeof(double));
    int *fixed = calloc(ncols, sizeof(int));
    int j, r, changed, nfree;

    if (nat == NULL || fixed == NULL)
    {
        for (j = 0; j < ncols; j++)
            w[j] = avail / ncols;
        free(nat);
        free(fixed);
        return;
    }
    for (j = 0; j < ncols; j++)
    {
        canvas_set_font(c, size, 1);
        nat[j] = canvas_text_width(c, head[j]) + 2 * RDOC_PAD + 1;
        canvas_set_font(c, size, 0);
        for (r = 0; r < nrows; r++)
        {
            const char *s = cells[r * ncols + j];
            if (s)
                nat[j] = fmax(nat[j], canvas_text_width(c, s) + 2 * RDOC_PAD + 1);
        }
        total += nat[j];
    }
    if (total <= avail)
    {
        for (j = 0; j < ncols; j++)
            w[j] = nat[j];
        if (flex >= 0 && flex < ncols)
            w[flex] += avail - total;
    }
    else
    {
        double rest = avail;
        nfree = ncols;
        do
        {
            changed = 0;
            for (j = 0; j < ncols; j++)
                if (!fixed[j] && nat[j] <= rest / nfree)
                {
                    fixed[j] = 1;
                    w[j] = nat[j];
                    rest -= nat[j];
                    nfree--;
                    changed = 1;
                }
        } while (changed && nfree > 0);
        if (nfree > 0)
        {
            double sum = 0;
            for (j = 0; j < ncols; j++)
                if (!fixed[j])
                    sum += nat[j];
            for (j = 0; j < ncols; j++)
                if (!fixed[j])
                    w[j] = rest * nat[j] / sum;
        }
    }
    free(nat);
    free(fixed);
}

typedef struct
{
    char **lines;
    int n;
} rdoc_cell;

static double
rdoc_row_prepare(canvas *c, int ncols, const char *const *row, const double *w, double size,
                 int bold, rdoc_cell *out)
{
    int j, most = 1;

    canvas_set_font(c, size, bold);
    for (j = 0; j < ncols; j++)
    {
        out[j].lines = rdoc_wrap(c, row[j] ? row[j] : "", w[j] - 2 * RDOC_PAD - 1,
                                 w[j] - 2 * RDOC_PAD - 1, &out[j].n);
        if (out[j].lines && out[j].n > most)
            most = out[j].n;
    }
    return most * RDOC_LEAD * size * 0.92 + 2 * RDOC_PAD - 1;
}

static void
rdoc_row_draw(rdoc *d, int ncols, const rdoc_cell *cell, const double *w, double size, int bold,
              double h, int shade)
{
    double x = rdoc_left();
    int j, k;

    if (shade)
    {
        double g = bold ? 0.88 : 0.955;
        canvas_set_fill_rgb(d->c, g, g, g);
        canvas_rect(d->c, rdoc_left(), d->y, rdoc_width(), h);
        canvas_fill(d->c);
    }
    canvas_set_font(d->c, size, bold);
    rdoc_ink(d);
    for (j = 0; j < ncols; j++)
    {
        for (k = 0; cell[j].lines && k < cell[j].n; k++)
            rdoc_show(d->c, x + RDOC_PAD, d->y + RDOC_PAD - 0.5 + RDOC_ASCENT * size
                      + k * RDOC_LEAD * size * 0.92, cell[j].lines[k], size);
        x += w[j];
    }
    canvas_set_stroke_rgb(d->c, 0.72, 0.72, 0.72);
    canvas_set_line_width(d->c, bold ? 0.6 : 0.3);
    canvas_move_to(d->c, rdoc_left(), d->y + h);
    canvas_line_to(d->c, rdoc_left() + rdoc_width(), d->y + h);
    canvas_stroke(d->c);
    d->y += h;
}

static void
rdoc_cells_free(rdoc_cell *cell, int ncols)
{
    int j;

    for (j = 0; j < ncols; j++)
        rdoc_lines_free(cell[j].lines, cell[j].n);
}

void
rdoc_table(rdoc *d, int ncols, const char *const *head, const char *const *cells, int nrows,
           int flex, double size)
{
    double *w = calloc(ncols, sizeof(double)), hh;
    rdoc_cell *hc = calloc(ncols, sizeof(rdoc_cell)), *rc = calloc(ncols, sizeof(rdoc_cell));
    int r;

    if (w == NULL || hc == NULL || rc == NULL)
    {
        rdoc_fail(d, CANVAS_ERR_MEM);
        goto done;
    }
    rdoc_columns(d->c, ncols, head, cells, nrows, flex, size, w);
    hh = rdoc_row_prepare(d->c, ncols, head, w, size, 1, hc);
    for (r = 0; r < nrows; r++)
    {
        double h = rdoc_row_prepare(d->c, ncols, cells + (size_t) r * ncols, w, size, 0, rc);

        /* a header never ends a page: it needs its first row under it */
        if (r == 0)
            rdoc_need(d, hh + h);
        else if (d->y + h > rdoc_bottom())
        {
            rdoc_new_page(d);
        }
        if (r == 0 || d->y <= RDOC_MARGIN_TOP + 1e-6)
            rdoc_row_draw(d, ncols, hc, w, size, 1, hh, 1);
        rdoc_row_draw(d, ncols, rc, w, size, 0, h, r % 2);
        rdoc_cells_free(rc, ncols);
    }
    if (nrows == 0)
    {
        rdoc_need(d, hh);
        rdoc_row_draw(d, ncols, hc, w, size, 1, hh, 1);
    }
    d->y += 0.9 * RDOC_BODY;
done:
    if (hc)
        rdoc_cells_free(hc, ncols);
    free(w);
    free(hc);
    free(rc);
}
