/* report_doc.c -- page flow for report.pdf; see report_doc.h. */
#include "report/report_doc.h"
#include "base/fc_arb.h"
#include "base/fc_str.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REPORT_DOC_ASCENT 0.80      /* baseline below a line's top, per em */
#define REPORT_DOC_LEAD   1.38      /* line advance, per em */
#define REPORT_DOC_INK    0.10

double
report_doc_width(void)
{
    return REPORT_DOC_PAGE_W - 2 * REPORT_DOC_MARGIN_X;
}

double
report_doc_left(void)
{
    return REPORT_DOC_MARGIN_X;
}

static double
report_doc_bottom(void)
{
    return REPORT_DOC_PAGE_H - REPORT_DOC_MARGIN_BOTTOM;
}

static void report_doc_make_links(report_doc *d);

static void
report_doc_fail(report_doc *d, int status)
{
    if (d->status == CANVAS_OK && status != CANVAS_OK)
        d->status = status;
}

static void
report_doc_begin(report_doc *d)
{
    report_doc_fail(d, canvas_pdf_begin_page(d->pdf));
    d->y = REPORT_DOC_MARGIN_TOP;
}

int
report_doc_init(report_doc *d)
{
    int st;

    memset(d, 0, sizeof *d);
    d->pdf = canvas_pdf_new(REPORT_DOC_PAGE_W, REPORT_DOC_PAGE_H, &st);
    if (d->pdf == NULL)
        return d->status = st;
    d->c = canvas_pdf_canvas(d->pdf);
    report_ml_ctx_init(&d->ml, report_ml_font_canvas(d->c));
    report_doc_begin(d);
    return d->status;
}

int
report_doc_info(report_doc *d, const char *title, const char *subject, const char *creator, long long t)
{
    return canvas_pdf_info(d->pdf, title, subject, creator, t);
}

int
report_doc_save(report_doc *d, const char *path)
{
    return canvas_pdf_save(d->pdf, path);
}

void
report_doc_new_page(report_doc *d)
{
    report_doc_fail(d, canvas_end_page(d->c));
    report_doc_begin(d);
}

void
report_doc_need(report_doc *d, double h)
{
    if (d->y + h > report_doc_bottom() && d->y > REPORT_DOC_MARGIN_TOP + 1e-6)
        report_doc_new_page(d);
}

double
report_doc_room(const report_doc *d)
{
    return report_doc_bottom() - d->y;
}

void
report_doc_skip(report_doc *d, double h)
{
    d->y += h;
    if (d->y > report_doc_bottom())
        report_doc_new_page(d);
}

int
report_doc_finish(report_doc *d, const char *footer)
{
    int i;

    if (d->c == NULL)
        return d->status;
    if (d->c->in_page)
        report_doc_fail(d, canvas_end_page(d->c));
    report_doc_fail(d, canvas_status(d->c));
    report_doc_make_links(d);
    for (i = 0; i < canvas_pdf_npages(d->pdf) && d->status == CANVAS_OK; i++)
    {
        int st;
        canvas *f = canvas_pdf_page_canvas(d->pdf, i, &st);
        char buf[600];

        if (f == NULL)
        {
            report_doc_fail(d, st);
            break;
        }
        snprintf(buf, sizeof buf, "%s \xc2\xb7 page %d of %d", footer ? footer : "", i + 1,
                 canvas_pdf_npages(d->pdf));
        canvas_set_stroke_rgb(f, 0.6, 0.6, 0.6);
        canvas_set_line_width(f, 0.4);
        canvas_move_to(f, REPORT_DOC_MARGIN_X, REPORT_DOC_PAGE_H - REPORT_DOC_MARGIN_BOTTOM + 18);
        canvas_line_to(f, REPORT_DOC_PAGE_W - REPORT_DOC_MARGIN_X, REPORT_DOC_PAGE_H - REPORT_DOC_MARGIN_BOTTOM + 18);
        canvas_stroke(f);
        canvas_set_fill_rgb(f, 0.35, 0.35, 0.35);
        canvas_set_font(f, 7.5, 0);
        canvas_text(f, REPORT_DOC_PAGE_W / 2, REPORT_DOC_PAGE_H - REPORT_DOC_MARGIN_BOTTOM + 31, buf, CANVAS_CENTRE);
        report_doc_fail(d, canvas_status(f));
        canvas_free(f);
    }
    return d->status;
}

/* ---- marks and links ------------------------------------------------------ */

int
report_doc_page(const report_doc *d)
{
    return d->pdf ? canvas_pdf_npages(d->pdf) - 1 : -1;
}

void
report_doc_mark(report_doc *d, const char *key, int num, const char *title, int level)
{
    report_doc_marks *m = &d->marks;

    if (m->n == m->a)
    {
        int a = m->a ? 2 * m->a : 16;
        char **k = flint_realloc(m->key, a * sizeof(char *)), **t;
        int *pg, *nm, *lv;
        double *y;

        if (k) m->key = k;
        t = flint_realloc(m->title, a * sizeof(char *));
        if (t) m->title = t;
        pg = flint_realloc(m->page, a * sizeof(int));
        if (pg) m->page = pg;
        nm = flint_realloc(m->num, a * sizeof(int));
        if (nm) m->num = nm;
        lv = flint_realloc(m->level, a * sizeof(int));
        if (lv) m->level = lv;
        y = flint_realloc(m->y, a * sizeof(double));
        if (y) m->y = y;
        if (!k || !t || !pg || !nm || !lv || !y)
        {
            report_doc_fail(d, CANVAS_ERR_MEM);
            return;
        }
        m->a = a;
    }
    m->key[m->n] = fc_strdup(key);
    m->title[m->n] = fc_strdup(title ? title : "");
    if (m->key[m->n] == NULL || m->title[m->n] == NULL)
    {
        flint_free(m->key[m->n]);
        flint_free(m->title[m->n]);
        report_doc_fail(d, CANVAS_ERR_MEM);
        return;
    }
    m->page[m->n] = report_doc_page(d);
    m->y[m->n] = d->y;
    m->num[m->n] = num;
    m->level[m->n] = level;
    m->n++;
}

int
report_doc_mark_find(const report_doc_marks *m, const char *key)
{
    int i;

    for (i = 0; m && i < m->n; i++)
        if (strcmp(m->key[i], key) == 0)
            return i;
    return -1;
}

int
report_doc_marks_equal(const report_doc_marks *a, const report_doc_marks *b)
{
    int i;

    if (a->n != b->n)
        return 0;
    for (i = 0; i < a->n; i++)
        if (strcmp(a->key[i], b->key[i]) != 0 || strcmp(a->title[i], b->title[i]) != 0
            || a->page[i] != b->page[i] || a->num[i] != b->num[i])
            return 0;
    return 1;
}

void
report_doc_marks_clear(report_doc_marks *m)
{
    int i;

    for (i = 0; i < m->n; i++)
    {
        flint_free(m->key[i]);
        flint_free(m->title[i]);
    }
    flint_free(m->key);
    flint_free(m->title);
    flint_free(m->page);
    flint_free(m->num);
    flint_free(m->level);
    flint_free(m->y);
    memset(m, 0, sizeof *m);
}

void
report_doc_marks_take(report_doc *d, report_doc_marks *out)
{
    report_doc_marks_clear(out);
    *out = d->marks;
    memset(&d->marks, 0, sizeof d->marks);
}

void
report_doc_link(report_doc *d, double x, double y, double w, double h, const char *key)
{
    report_doc_link_t *l;

    if (key == NULL || d->pdf == NULL)
        return;
    if (d->nlinks == d->alinks)
    {
        int a = d->alinks ? 2 * d->alinks : 16;
        report_doc_link_t *p = flint_realloc(d->links, a * sizeof *p);
        if (p == NULL)
        {
            report_doc_fail(d, CANVAS_ERR_MEM);
            return;
        }
        d->links = p;
        d->alinks = a;
    }
    l = &d->links[d->nlinks];
    l->key = fc_strdup(key);
    if (l->key == NULL)
    {
        report_doc_fail(d, CANVAS_ERR_MEM);
        return;
    }
    l->page = report_doc_page(d);
    l->x = x;
    l->y = y;
    l->w = w;
    l->h = h;
    d->nlinks++;
}

static void
report_doc_make_links(report_doc *d)
{
    int i;

    for (i = 0; i < d->nlinks && d->status == CANVAS_OK; i++)
    {
        const report_doc_link_t *l = &d->links[i];
        int k = report_doc_mark_find(&d->marks, l->key);
        if (k >= 0)
            report_doc_fail(d, canvas_pdf_link(d->pdf, l->page, l->x, l->y, l->w, l->h,
                                               d->marks.page[k], d->marks.y[k] - 14 > 0 ? d->marks.y[k] - 14 : 0));
    }
}

void
report_doc_clear(report_doc *d)
{
    int i;

    for (i = 0; i < d->nlinks; i++)
        flint_free(d->links[i].key);
    flint_free(d->links);
    report_doc_marks_clear(&d->marks);
    canvas_pdf_free(d->pdf);
    memset(d, 0, sizeof *d);
}

void
report_doc_bookmark(report_doc *d, int level, const char *title)
{
    if (d->status != CANVAS_OK || d->pdf == NULL || canvas_pdf_npages(d->pdf) == 0)
        return;
    report_doc_fail(d, canvas_pdf_bookmark(d->pdf, level, title, d->y - 12));
}

/* ---- wrapping --------------------------------------------------------------- */

void
report_doc_lines_free(char **lines, int n)
{
    int i;

    if (lines == NULL)
        return;
    for (i = 0; i < n; i++)
        flint_free(lines[i]);
    flint_free(lines);
}

static double
report_doc_span_width(canvas *c, const char *s, size_t n, char *buf)
{
    memcpy(buf, s, n);
    buf[n] = '\0';
    return canvas_text_width(c, buf);
}

static size_t
report_doc_utf8_next(const char *s, size_t i, size_t n)
{
    i++;
    while (i < n && ((unsigned char) s[i] & 0xC0) == 0x80)
        i++;
    return i;
}

char **
report_doc_wrap(canvas *c, const char *text, double w1, double w, int *nout)
{
    size_t n = text ? strlen(text) : 0, pos = 0;
    char *t = flint_malloc(n + 1), *buf = flint_malloc(n + 1);
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
            if (e == k || report_doc_span_width(c, t + pos, e - pos, buf) > lim)
                break;
            end = k = e;
            if (e >= n)
                break;
        }
        if (end == pos)
        {
            /* break the word between characters */
            size_t e = report_doc_utf8_next(t, pos, n);
            end = e;
            while (e < n && t[e] != ' ')
            {
                e = report_doc_utf8_next(t, e, n);
                if (report_doc_span_width(c, t + pos, e - pos, buf) > lim)
                    break;
                end = e;
            }
        }
        if (nl == al)
        {
            int a = al ? 2 * al : 8;
            char **p = flint_realloc(lines, a * sizeof(char *));
            if (p == NULL)
                goto fail;
            lines = p;
            al = a;
        }
        lines[nl] = fc_strndup(t + pos, end - pos);
        if (lines[nl] == NULL)
            goto fail;
        nl++;
        pos = end;
    }
    flint_free(t);
    flint_free(buf);
    if (lines == NULL)
    {
        lines = flint_malloc(sizeof(char *));
        if (lines == NULL || (lines[0] = fc_strdup("")) == NULL)
        {
            flint_free(lines);
            return NULL;
        }
        nl = 1;
    }
    *nout = nl;
    return lines;
fail:
    flint_free(t);
    flint_free(buf);
    report_doc_lines_free(lines, nl);
    return NULL;
}

/* ---- text --------------------------------------------------------------- */

/* Draws S at (x, baseline y) in the current font of SIZE; combining marks
 * (the dot of θ̇) are placed by canvas_text and stay in the text layer. */
static void
report_doc_show(canvas *c, double x, double y, const char *s, double size)
{
    (void) size;
    canvas_text(c, x, y, s, CANVAS_LEFT);
}

static void
report_doc_ink(report_doc *d)
{
    canvas_set_fill_rgb(d->c, REPORT_DOC_INK, REPORT_DOC_INK, REPORT_DOC_INK);
}

void
report_doc_par(report_doc *d, const char *text, double size, int bold, double indent, double hang)
{
    double w = report_doc_width() - indent, lead = REPORT_DOC_LEAD * size;
    char **lines;
    int n, i;

    canvas_set_font(d->c, size, bold);
    lines = report_doc_wrap(d->c, text, w, w - hang, &n);
    if (lines == NULL)
    {
        report_doc_fail(d, CANVAS_ERR_MEM);
        return;
    }
    report_doc_ink(d);
    for (i = 0; i < n; i++)
    {
        report_doc_need(d, lead);
        canvas_set_font(d->c, size, bold);
        report_doc_ink(d);
        report_doc_show(d->c, report_doc_left() + indent + (i ? hang : 0), d->y + REPORT_DOC_ASCENT * size,
                  lines[i], size);
        d->y += lead;
    }
    d->y += 0.45 * size;
    report_doc_lines_free(lines, n);
}

void
report_doc_heading(report_doc *d, int level, const char *text, int outline)
{
    double size = level <= 1 ? 14.0 : 11.5;
    char **lines;
    int n, i;

    canvas_set_font(d->c, size, 1);
    lines = report_doc_wrap(d->c, text, report_doc_width(), report_doc_width(), &n);
    if (lines == NULL)
    {
        report_doc_fail(d, CANVAS_ERR_MEM);
        return;
    }
    if (d->y > REPORT_DOC_MARGIN_TOP + 1e-6)
        d->y += level <= 1 ? 10 : 6;
    /* keep the heading with about four lines of what follows */
    report_doc_need(d, n * REPORT_DOC_LEAD * size + 4 * REPORT_DOC_LEAD * REPORT_DOC_BODY);
    if (outline)
        report_doc_bookmark(d, level, text);
    canvas_set_font(d->c, size, 1);
    report_doc_ink(d);
    for (i = 0; i < n; i++)
    {
        report_doc_show(d->c, report_doc_left(), d->y + REPORT_DOC_ASCENT * size, lines[i], size);
        d->y += 1.25 * size;
    }
    if (level <= 1)
    {
        canvas_set_stroke_rgb(d->c, 0.55, 0.55, 0.55);
        canvas_set_line_width(d->c, 0.5);
        canvas_move_to(d->c, report_doc_left(), d->y + 1);
        canvas_line_to(d->c, report_doc_left() + report_doc_width(), d->y + 1);
        canvas_stroke(d->c);
        d->y += 4;
    }
    d->y += 0.35 * size;
    report_doc_lines_free(lines, n);
}

/* The lines of runs R wrapped to width W: the first box of each line in
 * *START (n + 1 entries, flint_malloc'd), returns the number of lines. */
static int
report_doc_runs_wrap(report_doc *d, const report_mt_runs *r, double size, double w, int **start)
{
    double sp;
    int i = 0, n = 0;

    canvas_set_font(d->c, size, 0);
    sp = canvas_text_width(d->c, " ");
    *start = flint_malloc(((size_t) r->n + 2) * sizeof(int));
    if (*start == NULL)
        abort();   /* as flint_malloc */
    while (i < r->n)
    {
        int j = i + 1;
        double lw = r->box[i].w;
        while (j < r->n && lw + (r->space[j] ? sp : 0) + r->box[j].w <= w + 0.01)
        {
            lw += (r->space[j] ? sp : 0) + r->box[j].w;
            j++;
        }
        (*start)[n++] = i;
        i = j;
    }
    (*start)[n] = r->n;
    return n;
}

/* Line K of a wrap: its ascent and descent, at least those of text at
 * SIZE with LEAD; the descent grows a little under a built-up fraction. */
static void
report_doc_runs_line_metrics(const report_mt_runs *r, const int *start, int k, double size, double lead,
                             double *asc, double *desc)
{
    int j;
    double d0 = (lead - REPORT_DOC_ASCENT) * size;
    *asc = REPORT_DOC_ASCENT * size;
    *desc = d0;
    for (j = start[k]; j < start[k + 1]; j++)
    {
        *asc = fmax(*asc, r->box[j].asc);
        *desc = fmax(*desc, r->box[j].desc);
    }
    if (*desc > d0 + 0.01)
        *desc += 0.2 * size;   /* a line with a built-up fraction or a radical: a little air below */
}

/* Draws line K of a wrap with its top at Y, from X. */
static void
report_doc_runs_line_draw(report_doc *d, const report_mt_runs *r, const int *start, int k, double size,
                          double x, double baseline)
{
    double sp;
    int j;
    canvas_set_font(d->c, size, 0);
    sp = canvas_text_width(d->c, " ");
    for (j = start[k]; j < start[k + 1]; j++)
    {
        if (j > start[k] && r->space[j])
            x += sp;
        if (report_ml_draw(d->c, &r->box[j], x, baseline) != CANVAS_OK)
            report_doc_fail(d, canvas_status(d->c));
        x += r->box[j].w;
    }
}

/* The runs R wrapped to the text width minus INDENT, each line as high as
 * its tallest box (a built-up fraction) and at least LEAD * SIZE. */
static void
report_doc_runs_lines(report_doc *d, const report_mt_runs *r, double size, double indent, double lead)
{
    int *start, n = report_doc_runs_wrap(d, r, size, report_doc_width() - indent, &start), k;

    for (k = 0; k < n; k++)
    {
        double asc, desc;
        report_doc_runs_line_metrics(r, start, k, size, lead, &asc, &desc);
        report_doc_need(d, asc + desc);
        report_doc_ink(d);
        report_doc_runs_line_draw(d, r, start, k, size, report_doc_left() + indent, d->y + asc);
        d->y += asc + desc;
    }
    flint_free(start);
}

/* The height of TEXT as report_doc_par_math_at sets it in WIDTH; draws
 * its lines with their top at Y, from X_OFF, when DRAW. */
static double
report_doc_par_math_block(report_doc *d, const char *text, double size, double x_off, double width, double y,
                          int draw)
{
    report_ml_ctx x = d->ml;
    report_mt_runs r;
    int *start, n, k;
    double h = 0;

    report_mt_runs_build(&r, d->c, &x, text, size, 0);
    n = report_doc_runs_wrap(d, &r, size, width, &start);
    if (draw)
        report_doc_ink(d);
    for (k = 0; k < n; k++)
    {
        double asc, desc;
        report_doc_runs_line_metrics(&r, start, k, size, REPORT_DOC_LEAD, &asc, &desc);
        if (draw)
            report_doc_runs_line_draw(d, &r, start, k, size, report_doc_left() + x_off, y + h + asc);
        h += asc + desc;
    }
    flint_free(start);
    report_mt_runs_clear(&r);
    return h + 0.45 * size;
}

double
report_doc_par_math_height(report_doc *d, const char *text, double size, double width)
{
    return report_doc_par_math_block(d, text, size, 0, width, 0, 0);
}

void
report_doc_par_math_at(report_doc *d, const char *text, double size, double x_off, double width, double y)
{
    report_doc_par_math_block(d, text, size, x_off, width, y, 1);
}

void
report_doc_par_math(report_doc *d, const char *text, double size, double indent)
{
    report_ml_ctx x = d->ml;
    report_mt_runs r;

    report_mt_runs_build(&r, d->c, &x, text, size, 0);
    report_doc_runs_lines(d, &r, size, indent, REPORT_DOC_LEAD);
    report_mt_runs_clear(&r);
    d->y += 0.45 * size;
}

void
report_doc_heading_math(report_doc *d, int level, const char *text, int outline)
{
    double size = level <= 1 ? 14.0 : 11.5;
    report_ml_ctx x = d->ml;
    report_mt_runs r;
    double h = 0;
    int i;

    report_mt_runs_build(&r, d->c, &x, text, size, REPORT_MT_BOLD);
    for (i = 0; i < r.n; i++)
        h += r.box[i].w;
    if (d->y > REPORT_DOC_MARGIN_TOP + 1e-6)
        d->y += level <= 1 ? 10 : 6;
    /* keep the heading with about four lines of what follows */
    report_doc_need(d, (1 + (int) (h / report_doc_width())) * 1.4 * size + 4 * REPORT_DOC_LEAD * REPORT_DOC_BODY);
    if (outline)
        report_doc_bookmark(d, level, text);
    report_doc_runs_lines(d, &r, size, 0, 1.25);
    report_mt_runs_clear(&r);
    d->y += 0.35 * size;
}

void
report_doc_equation(report_doc *d, const char *lhs, const char *rhs, double size)
{
    double lead = REPORT_DOC_LEAD * size, wl, x0 = report_doc_left() + 8, avail = report_doc_width() - 8;
    char *head;
    char **lines;
    int n, i, own_line;

    head = flint_malloc(strlen(lhs) + 4);
    if (head == NULL)
    {
        report_doc_fail(d, CANVAS_ERR_MEM);
        return;
    }
    sprintf(head, "%s = ", lhs);
    canvas_set_font(d->c, size, 1);
    wl = canvas_text_width(d->c, head);
    own_line = wl > avail / 3;
    if (own_line)
        wl = 2 * size;
    canvas_set_font(d->c, size, 0);
    lines = report_doc_wrap(d->c, rhs, avail - wl, avail - wl - size, &n);
    if (lines == NULL)
    {
        flint_free(head);
        report_doc_fail(d, CANVAS_ERR_MEM);
        return;
    }
    report_doc_need(d, lead * (n + own_line > 3 ? 3 : n + own_line));
    report_doc_ink(d);
    canvas_set_font(d->c, size, 1);
    if (own_line)
    {
        char **hl;
        int nh, k;
        hl = report_doc_wrap(d->c, head, avail, avail - 2 * size, &nh);
        for (k = 0; hl && k < nh; k++)
        {
            report_doc_need(d, lead);
            canvas_set_font(d->c, size, 1);
            report_doc_ink(d);
            report_doc_show(d->c, x0 + (k ? 2 * size : 0), d->y + REPORT_DOC_ASCENT * size, hl[k], size);
            d->y += lead;
        }
        report_doc_lines_free(hl, nh);
    }
    else
        report_doc_show(d->c, x0, d->y + REPORT_DOC_ASCENT * size, head, size);
    for (i = 0; i < n; i++)
    {
        report_doc_need(d, lead);
        canvas_set_font(d->c, size, 0);
        report_doc_ink(d);
        report_doc_show(d->c, x0 + wl + (i ? size : 0), d->y + REPORT_DOC_ASCENT * size, lines[i], size);
        d->y += lead;
    }
    d->y += 0.3 * size;
    report_doc_lines_free(lines, n);
    flint_free(head);
}

void
report_doc_math(report_doc *d, const report_ml_box *lines, int n, double indent, double size)
{
    int i;
    double gap = 0.3 * size, total = 0;

    for (i = 0; i < n; i++)
        total += fmax(lines[i].asc + lines[i].desc, REPORT_DOC_LEAD * size) + gap;
    report_doc_need(d, n <= 4 ? total : fmax(lines[0].asc + lines[0].desc, REPORT_DOC_LEAD * size) * 2);
    for (i = 0; i < n; i++)
    {
        double asc = fmax(lines[i].asc, REPORT_DOC_ASCENT * size);
        double h = fmax(lines[i].asc + lines[i].desc, REPORT_DOC_LEAD * size);
        report_doc_need(d, h);
        report_doc_ink(d);
        if (report_ml_draw(d->c, &lines[i], report_doc_left() + indent, d->y + asc) != CANVAS_OK)
            report_doc_fail(d, canvas_status(d->c));
        d->y += h + gap;
    }
    d->y += 0.15 * size;
}

/* Two one-line formulas side by side on one row: A at INDENT_A, B at
 * INDENT_B from the left margin, sharing one baseline. */
void
report_doc_math_pair(report_doc *d, const report_ml_box *a, double indent_a, const report_ml_box *b,
                     double indent_b, double size)
{
    double gap = 0.3 * size;
    double asc = fmax(fmax(a->asc, b->asc), REPORT_DOC_ASCENT * size);
    double h = fmax(asc + fmax(a->desc, b->desc), REPORT_DOC_LEAD * size);

    report_doc_need(d, h);
    report_doc_ink(d);
    if (report_ml_draw(d->c, a, report_doc_left() + indent_a, d->y + asc) != CANVAS_OK
        || report_ml_draw(d->c, b, report_doc_left() + indent_b, d->y + asc) != CANVAS_OK)
        report_doc_fail(d, canvas_status(d->c));
    d->y += h + gap + 0.15 * size;
}

/* ---- tables ------------------------------------------------------------- */

#define REPORT_DOC_PAD 3.5

/* Column widths for the text width: natural widths if they fit (FLEX gets
 * the rest), else narrow columns keep theirs and wide ones share. */
static void
report_doc_columns(canvas *c, int ncols, const char *const *head, const char *const *cells, int nrows,
             int flex, double size, double *w, const report_ml_box *const *hm, const report_ml_box *const *cm)
{
    double avail = report_doc_width(), total = 0, *nat = flint_calloc(ncols, sizeof(double));
    int *fixed = flint_calloc(ncols, sizeof(int));
    int j, r, changed, nfree;

    if (nat == NULL || fixed == NULL)
    {
        for (j = 0; j < ncols; j++)
            w[j] = avail / ncols;
        flint_free(nat);
        flint_free(fixed);
        return;
    }
    for (j = 0; j < ncols; j++)
    {
        canvas_set_font(c, size, 1);
        nat[j] = (hm && hm[j] ? hm[j]->w : canvas_text_width(c, head[j])) + 2 * REPORT_DOC_PAD + 2;
        canvas_set_font(c, size, 0);
        for (r = 0; r < nrows; r++)
        {
            const char *s = cells[r * ncols + j];
            if (cm && cm[r * ncols + j])
                nat[j] = fmax(nat[j], cm[r * ncols + j]->w + 2 * REPORT_DOC_PAD + 2);
            else if (s)
                nat[j] = fmax(nat[j], canvas_text_width(c, s) + 2 * REPORT_DOC_PAD + 2);
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
        /* the first column names the rows: it keeps its width if it is narrow */
        if (ncols > 1 && nat[0] <= avail / 3)
        {
            fixed[0] = 1;
            w[0] = nat[0];
            rest -= nat[0];
            nfree--;
        }
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
    flint_free(nat);
    flint_free(fixed);
}

typedef struct
{
    char **lines;
    int n;
    const report_ml_box *math;   /* drawn instead of the lines when not NULL */
} report_doc_cell;

static double
report_doc_row_prepare(canvas *c, int ncols, const char *const *row, const double *w, double size,
                 int bold, report_doc_cell *out, const report_ml_box *const *math)
{
    int j, most = 1;
    double extra = 0;

    canvas_set_font(c, size, bold);
    for (j = 0; j < ncols; j++)
    {
        out[j].math = math ? math[j] : NULL;
        if (out[j].math)
        {
            /* a typeset cell: one line, taller when its scripts or accents need it */
            double over = out[j].math->asc - REPORT_DOC_ASCENT * size, under = out[j].math->desc
                          - (REPORT_DOC_LEAD * 0.92 - REPORT_DOC_ASCENT) * size;
            out[j].lines = NULL;
            out[j].n = 0;
            extra = fmax(extra, fmax(over, 0) + fmax(under, 0));
            continue;
        }
        out[j].lines = report_doc_wrap(c, row[j] ? row[j] : "", w[j] - 2 * REPORT_DOC_PAD - 1,
                                 w[j] - 2 * REPORT_DOC_PAD - 1, &out[j].n);
        if (out[j].lines && out[j].n > most)
            most = out[j].n;
    }
    return most * REPORT_DOC_LEAD * size * 0.92 + 2 * REPORT_DOC_PAD - 1 + (most == 1 ? extra : 0);
}

static void
report_doc_row_draw(report_doc *d, int ncols, const report_doc_cell *cell, const double *w, double size, int bold,
              double h, int shade, const char *const *keys)
{
    double x = report_doc_left();
    int j, k;

    for (j = 0; keys && j < ncols; j++)
    {
        if (keys[j])
            report_doc_link(d, x, d->y, w[j], h, keys[j]);
        x += w[j];
    }
    x = report_doc_left();

    if (shade)
    {
        double g = bold ? 0.88 : 0.955;
        canvas_set_fill_rgb(d->c, g, g, g);
        canvas_rect(d->c, report_doc_left(), d->y, report_doc_width(), h);
        canvas_fill(d->c);
    }
    canvas_set_font(d->c, size, bold);
    report_doc_ink(d);
    for (j = 0; j < ncols; j++)
    {
        if (cell[j].math)
        {
            /* the baseline of a one-line text cell, lowered when the box is taller */
            double base = d->y + REPORT_DOC_PAD - 0.5 + fmax(REPORT_DOC_ASCENT * size, cell[j].math->asc);
            report_ml_draw(d->c, cell[j].math, x + REPORT_DOC_PAD, base);
            canvas_set_font(d->c, size, bold);
        }
        for (k = 0; cell[j].lines && k < cell[j].n; k++)
            report_doc_show(d->c, x + REPORT_DOC_PAD, d->y + REPORT_DOC_PAD - 0.5 + REPORT_DOC_ASCENT * size
                      + k * REPORT_DOC_LEAD * size * 0.92, cell[j].lines[k], size);
        x += w[j];
    }
    canvas_set_stroke_rgb(d->c, 0.72, 0.72, 0.72);
    canvas_set_line_width(d->c, bold ? 0.6 : 0.3);
    canvas_move_to(d->c, report_doc_left(), d->y + h);
    canvas_line_to(d->c, report_doc_left() + report_doc_width(), d->y + h);
    canvas_stroke(d->c);
    d->y += h;
}

static void
report_doc_cells_free(report_doc_cell *cell, int ncols)
{
    int j;

    for (j = 0; j < ncols; j++)
        report_doc_lines_free(cell[j].lines, cell[j].n);
}

double
report_doc_table_start_height(report_doc *d, int ncols, const char *const *head, const char *const *cells,
                              int nrows, int flex, double size)
{
    double *w = flint_calloc(ncols, sizeof(double)), h = 0;
    report_doc_cell *rc = flint_calloc(ncols, sizeof(report_doc_cell));
    int r, last = nrows < 2 ? nrows : nrows == 3 ? 3 : 2;

    if (w == NULL || rc == NULL)
    {
        flint_free(w);
        flint_free(rc);
        return 0;
    }
    report_doc_columns(d->c, ncols, head, cells, nrows, flex, size, w, d->head_math, d->cell_math);
    h = report_doc_row_prepare(d->c, ncols, head, w, size, 1, rc, d->head_math);
    report_doc_cells_free(rc, ncols);
    for (r = 0; r < last; r++)
    {
        h += report_doc_row_prepare(d->c, ncols, cells + (size_t) r * ncols, w, size, 0, rc,
                                    d->cell_math ? d->cell_math + (size_t) r * ncols : NULL);
        report_doc_cells_free(rc, ncols);
    }
    flint_free(w);
    flint_free(rc);
    return h;
}

void
report_doc_table(report_doc *d, int ncols, const char *const *head, const char *const *cells, int nrows,
           int flex, double size)
{
    double *w = flint_calloc(ncols, sizeof(double)), hh;
    report_doc_cell *hc = flint_calloc(ncols, sizeof(report_doc_cell)), *rc = flint_calloc(ncols, sizeof(report_doc_cell));
    const char *const *keys = d->cell_keys;
    const report_ml_box *const *cm = d->cell_math, *const *hm = d->head_math;
    double *rh = flint_calloc(nrows + 1, sizeof(double));
    int r;

    d->cell_keys = NULL;
    d->cell_math = NULL;
    d->head_math = NULL;

    if (w == NULL || hc == NULL || rc == NULL || rh == NULL)
    {
        report_doc_fail(d, CANVAS_ERR_MEM);
        goto done;
    }
    report_doc_columns(d->c, ncols, head, cells, nrows, flex, size, w, hm, cm);
    hh = report_doc_row_prepare(d->c, ncols, head, w, size, 1, hc, hm);
    /* every row's height first, so that the rules below see wrapped rows */
    for (r = 0; r < nrows; r++)
    {
        rh[r] = report_doc_row_prepare(d->c, ncols, cells + (size_t) r * ncols, w, size, 0, rc,
                                       cm ? cm + (size_t) r * ncols : NULL);
        report_doc_cells_free(rc, ncols);
    }
    for (r = 0; r < nrows; r++)
    {
        double h = report_doc_row_prepare(d->c, ncols, cells + (size_t) r * ncols, w, size, 0, rc,
                                          cm ? cm + (size_t) r * ncols : NULL);

        /* a header never ends a page: it needs its first two rows under it
           (all of them when there are at most three); the last two rows stay
           together (no row alone on a page) */
        if (r == 0)
        {
            double first = rh[0] + (nrows >= 2 ? rh[1] : 0) + (nrows == 3 ? rh[2] : 0);
            report_doc_need(d, hh + first);
        }
        else if (d->y + h > report_doc_bottom()
                 || (r == nrows - 2 && r >= 2 && d->y + rh[r] + rh[r + 1] > report_doc_bottom()))
        {
            report_doc_new_page(d);
        }
        if (r == 0 || d->y <= REPORT_DOC_MARGIN_TOP + 1e-6)
            report_doc_row_draw(d, ncols, hc, w, size, 1, hh, 1, NULL);
        report_doc_row_draw(d, ncols, rc, w, size, 0, h, r % 2, keys ? keys + (size_t) r * ncols : NULL);
        report_doc_cells_free(rc, ncols);
    }
    if (nrows == 0)
    {
        report_doc_need(d, hh);
        report_doc_row_draw(d, ncols, hc, w, size, 1, hh, 1, NULL);
    }
    d->y += 0.9 * REPORT_DOC_BODY;
done:
    if (hc)
        report_doc_cells_free(hc, ncols);
    flint_free(rh);
    flint_free(w);
    flint_free(hc);
    flint_free(rc);
}
