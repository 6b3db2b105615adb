/* canvas_pdf.c -- a multi-page libharu document behind the canvas interface. */
#include "canvas/canvas_pdf.h"
#include "base/fc_arb.h"
#include "canvas/canvas_hpdf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct canvas_pdf
{
    HPDF_Doc doc;
    HPDF_Encoder utf8;
    canvas *c;
    double w, h;
    int npages, apages;
    HPDF_Page *pages;
    HPDF_Outline section;     /* last level-1 outline entry, or NULL */
};

canvas_pdf *
canvas_pdf_new(double w, double h, int *status)
{
    canvas_pdf *p = flint_calloc(1, sizeof *p);
    int st = CANVAS_ERR_MEM;

    if (p == NULL)
        goto fail;
    p->w = w;
    p->h = h;
    st = CANVAS_ERR_LIB;
    if ((p->doc = HPDF_New(NULL, NULL)) == NULL)
        goto fail;
    HPDF_SetCompressionMode(p->doc, HPDF_COMP_ALL);
    if ((p->c = canvas_hpdf_new(p->doc, NULL, 0, 0, 1, w, h, &st)) == NULL)
        goto fail;
    st = CANVAS_ERR_LIB;
    if ((p->utf8 = HPDF_GetEncoder(p->doc, "UTF-8")) == NULL)
        goto fail;
    HPDF_SetPageMode(p->doc, HPDF_PAGE_MODE_USE_OUTLINE);
    return p;
fail:
    canvas_pdf_free(p);
    if (status != NULL)
        *status = st;
    return NULL;
}

void
canvas_pdf_free(canvas_pdf *p)
{
    if (p == NULL)
        return;
    canvas_free(p->c);
    flint_free(p->pages);
    if (p->doc)
        HPDF_Free(p->doc);
    flint_free(p);
}

canvas *
canvas_pdf_canvas(canvas_pdf *p)
{
    return p->c;
}

int
canvas_pdf_begin_page(canvas_pdf *p)
{
    HPDF_Page pg;
    int st;

    if (p->npages == p->apages)
    {
        int n = p->apages ? 2 * p->apages : 16;
        HPDF_Page *q = flint_realloc(p->pages, n * sizeof(HPDF_Page));
        if (q == NULL)
            return CANVAS_ERR_MEM;
        p->pages = q;
        p->apages = n;
    }
    st = canvas_begin_page(p->c, p->w, p->h);
    pg = HPDF_GetCurrentPage(p->doc);
    p->pages[p->npages++] = pg;
    if (st == CANVAS_OK && pg == NULL)
        st = CANVAS_ERR_LIB;
    return st;
}

int
canvas_pdf_npages(const canvas_pdf *p)
{
    return p->npages;
}

canvas *
canvas_pdf_page_canvas(canvas_pdf *p, int i, int *status)
{
    return canvas_hpdf_new(p->doc, p->pages[i], 0, 0, 1, p->w, p->h, status);
}

int
canvas_pdf_bookmark(canvas_pdf *p, int level, const char *title, double y)
{
    HPDF_Outline parent = level >= 2 ? p->section : NULL, o;
    HPDF_Destination dst;

    if (p->npages == 0)
        return CANVAS_ERR_STATE;
    o = HPDF_CreateOutline(p->doc, parent, title, p->utf8);
    dst = HPDF_Page_CreateDestination(p->pages[p->npages - 1]);
    if (o == NULL || dst == NULL
        || HPDF_Destination_SetFitH(dst, (HPDF_REAL) (p->h - y)) != HPDF_OK
        || HPDF_Outline_SetDestination(o, dst) != HPDF_OK)
        return CANVAS_ERR_LIB;
    if (level < 2)
    {
        p->section = o;
        HPDF_Outline_SetOpened(o, HPDF_TRUE);
    }
    return CANVAS_OK;
}

int
canvas_pdf_link(canvas_pdf *p, int from, double x, double y, double w, double h, int to, double y_to)
{
    HPDF_Destination dst;
    HPDF_Annotation a;
    HPDF_Rect r;

    if (from < 0 || from >= p->npages || to < 0 || to >= p->npages)
        return CANVAS_ERR_STATE;
    dst = HPDF_Page_CreateDestination(p->pages[to]);
    if (dst == NULL || HPDF_Destination_SetFitH(dst, (HPDF_REAL) (p->h - y_to)) != HPDF_OK)
        return CANVAS_ERR_LIB;
    r.left = (HPDF_REAL) x;
    r.right = (HPDF_REAL) (x + w);
    r.top = (HPDF_REAL) (p->h - y);
    r.bottom = (HPDF_REAL) (p->h - y - h);
    a = HPDF_Page_CreateLinkAnnot(p->pages[from], r, dst);
    if (a == NULL || HPDF_LinkAnnot_SetBorderStyle(a, 0, 0, 0) != HPDF_OK)
        return CANVAS_ERR_LIB;
    return CANVAS_OK;
}

/* A copy of UTF-8 text s (flint_malloc) in which every character outside the
 * Basic Multilingual Plane is written "U+XXXXX": libharu's UTF-8 encoder of
 * the document information drops such characters without a word. */
static char *
bmp_only(const char *s)
{
    size_t n = strlen(s), i, k = 0;
    char *out = flint_malloc(4 * n + 1);   /* 4 bytes -> at most 8 ("U+10FFFF") */
    for (i = 0; i < n;)
    {
        unsigned char c = (unsigned char) s[i];
        if (c >= 0xF0 && c <= 0xF4 && i + 3 < n)
        {
            unsigned long cp = ((unsigned long) (c & 7) << 18) | ((unsigned long) (s[i + 1] & 0x3F) << 12) |
                               ((unsigned long) (s[i + 2] & 0x3F) << 6) | (unsigned long) (s[i + 3] & 0x3F);
            k += (size_t) sprintf(out + k, "U+%04lX", cp);
            i += 4;
        }
        else
            out[k++] = s[i++];
    }
    out[k] = 0;
    return out;
}

int
canvas_pdf_info(canvas_pdf *p, const char *title, const char *subject, const char *creator,
                long long t)
{
    HPDF_Date dt;
    struct tm tm;
    time_t tt = (time_t) t;
    int bad = 0;

    if (gmtime_r(&tt, &tm) == NULL)
        memset(&tm, 0, sizeof tm);
    memset(&dt, 0, sizeof dt);
    dt.year = tm.tm_year + 1900;
    dt.month = tm.tm_mon + 1;
    dt.day = tm.tm_mday;
    dt.hour = tm.tm_hour;
    dt.minutes = tm.tm_min;
    dt.seconds = tm.tm_sec;
    dt.ind = 'Z';
    bad |= HPDF_SetCurrentEncoder(p->doc, "UTF-8") != HPDF_OK;
    {
        char *tb = bmp_only(title), *sb = subject ? bmp_only(subject) : NULL;
        bad |= HPDF_SetInfoAttr(p->doc, HPDF_INFO_TITLE, tb) != HPDF_OK;
        bad |= sb == NULL || HPDF_SetInfoAttr(p->doc, HPDF_INFO_SUBJECT, sb) != HPDF_OK;
        flint_free(tb);
        flint_free(sb);
    }
    bad |= creator == NULL || HPDF_SetInfoAttr(p->doc, HPDF_INFO_CREATOR, creator) != HPDF_OK;
    bad |= HPDF_SetInfoAttr(p->doc, HPDF_INFO_PRODUCER, creator ? creator : "fricert") != HPDF_OK;
    bad |= HPDF_SetInfoDateAttr(p->doc, HPDF_INFO_CREATION_DATE, dt) != HPDF_OK;
    bad |= HPDF_SetInfoDateAttr(p->doc, HPDF_INFO_MOD_DATE, dt) != HPDF_OK;
    return bad ? CANVAS_ERR_LIB : CANVAS_OK;
}

int
canvas_pdf_save(canvas_pdf *p, const char *path)
{
    return canvas_hpdf_save(p->doc, path);
}
