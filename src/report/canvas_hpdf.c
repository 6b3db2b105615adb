/* canvas_hpdf.c -- libharu backend of the canvas; see canvas_hpdf.h.
 *
 * libharu's page space has y up from the bottom-left corner; a canvas
 * point (x, y) maps to (ox + k x, H - (oy + k y)) with H the page height. */
#include "report/canvas_hpdf.h"
#include "report/atomic.h"

#include <hpdf_objects.h>
#include <hpdf_streams.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct
{
    double size;
    int bold;
} ch_tstate;

typedef struct
{
    HPDF_Doc doc;
    HPDF_Page page;
    double ox, oy, k, page_h;
    HPDF_Font font[2];
    ch_tstate t;
    ch_tstate *stack;
    int depth, alloc;
    int status;
} ch_state;

static void
ch_check(ch_state *s, HPDF_STATUS r)
{
    if (r != HPDF_OK && s->status == CANVAS_OK)
        s->status = CANVAS_ERR_LIB;
}

static int
ch_live(ch_state *s)
{
    if (s->page == NULL)
    {
        if (s->status == CANVAS_OK)
            s->status = CANVAS_ERR_STATE;   /* drawing before any page */
        return 0;
    }
    return 1;
}

#define CH_X(s, x) ((HPDF_REAL) ((s)->ox + (s)->k * (x)))
#define CH_Y(s, y) ((HPDF_REAL) ((s)->page_h - ((s)->oy + (s)->k * (y))))

static void
ch_set_fill_rgb(void *st, double r, double g, double b)
{
    ch_state *s = st;
    if (ch_live(s))
        ch_check(s, HPDF_Page_SetRGBFill(s->page, r, g, b));
}

static void
ch_set_stroke_rgb(void *st, double r, double g, double b)
{
    ch_state *s = st;
    if (ch_live(s))
        ch_check(s, HPDF_Page_SetRGBStroke(s->page, r, g, b));
}

static void
ch_set_line_width(void *st, double w)
{
    ch_state *s = st;
    if (ch_live(s))
        ch_check(s, HPDF_Page_SetLineWidth(s->page, s->k * w));
}

static void
ch_set_dash(void *st, const double *dash, int n, double offset)
{
    ch_state *s = st;
    HPDF_UINT16 d[8];
    int i;

    if (!ch_live(s))
        return;
    for (i = 0; i < n; i++)
    {
        double v = floor(s->k * dash[i] + 0.5);
        d[i] = (HPDF_UINT16) (v < 1 ? 1 : v > 65535 ? 65535 : v);
    }
    ch_check(s, HPDF_Page_SetDash(s->page, n ? d : NULL, (HPDF_UINT) n,
                                  (HPDF_UINT) floor(fabs(s->k * offset) + 0.5)));
}

static void
ch_move_to(void *st, double x, double y)
{
    ch_state *s = st;
    if (ch_live(s))
        ch_check(s, HPDF_Page_MoveTo(s->page, CH_X(s, x), CH_Y(s, y)));
}

static void
ch_line_to(void *st, double x, double y)
{
    ch_state *s = st;
    if (ch_live(s))
        ch_check(s, HPDF_Page_LineTo(s->page, CH_X(s, x), CH_Y(s, y)));
}

static void
ch_close_path(void *st)
{
    ch_state *s = st;
    if (ch_live(s))
        ch_check(s, HPDF_Page_ClosePath(s->page));
}

/* Explicit corners, same order as the Cairo backend (clockwise on screen),
 * so both give the same winding numbers. */
static void
ch_rect(void *st, double x, double y, double w, double h)
{
    ch_state *s = st;
    if (!ch_live(s))
        return;
    ch_check(s, HPDF_Page_MoveTo(s->page, CH_X(s, x), CH_Y(s, y)));
    ch_check(s, HPDF_Page_LineTo(s->page, CH_X(s, x + w), CH_Y(s, y)));
    ch_check(s, HPDF_Page_LineTo(s->page, CH_X(s, x + w), CH_Y(s, y + h)));
    ch_check(s, HPDF_Page_LineTo(s->page, CH_X(s, x), CH_Y(s, y + h)));
    ch_check(s, HPDF_Page_ClosePath(s->page));
}

static void
ch_fill(void *st)
{
    ch_state *s = st;
    if (ch_live(s))
        ch_check(s, HPDF_Page_Fill(s->page));
}

static void
ch_stroke(void *st)
{
    ch_state *s = st;
    if (ch_live(s))
        ch_check(s, HPDF_Page_Stroke(s->page));
}

static void
ch_clip(void *st)
{
    ch_state *s = st;
    if (!ch_live(s))
        return;
    ch_check(s, HPDF_Page_Clip(s->page));
    ch_check(s, HPDF_Page_EndPath(s->page));
}

static void
ch_save(void *st)
{
    ch_state *s = st;

    if (!ch_live(s))
        return;
    if (s->depth == s->alloc)
    {
        int n = s->alloc ? 2 * s->alloc : 16;
        ch_tstate *p = realloc(s->stack, n * sizeof(ch_tstate));
        if (p == NULL)
        {
            s->status = CANVAS_ERR_MEM;
            return;
        }
        s->stack = p;
        s->alloc = n;
    }
    s->stack[s->depth++] = s->t;
    ch_check(s, HPDF_Page_GSave(s->page));
}

static void
ch_restore(void *st)
{
    ch_state *s = st;

    if (!ch_live(s) || s->depth == 0)
        return;
    s->t = s->stack[--s->depth];
    ch_check(s, HPDF_Page_GRestore(s->page));
}

static void
ch_set_font(void *st, double size, int bold)
{
    ch_state *s = st;
    s->t.size = size;
    s->t.bold = bold != 0;
}

static void
ch_text(void *st, double x, double y, const char *utf8, double angle)
{
    ch_state *s = st;
    double co = cos(angle), si = sin(angle);

    if (!ch_live(s))
        return;
    ch_check(s, HPDF_Page_BeginText(s->page));
    ch_check(s, HPDF_Page_SetFontAndSize(s->page, s->font[s->t.bold],
                                         (HPDF_REAL) (s->k * s->t.size)));
    ch_check(s, HPDF_Page_SetTextMatrix(s->page, co, si, -si, co, CH_X(s, x), CH_Y(s, y)));
    ch_check(s, HPDF_Page_ShowText(s->page, utf8));
    ch_check(s, HPDF_Page_EndText(s->page));
}

static double
ch_text_width(void *st, const char *utf8)
{
    ch_state *s = st;
    HPDF_TextWidth tw = HPDF_Font_TextWidth(s->font[s->t.bold], (const HPDF_BYTE *) utf8,
                                            (HPDF_UINT) strlen(utf8));
    return tw.width * s->t.size / 1000.0;
}

static int
ch_begin_page(void *st, double w, double h)
{
    ch_state *s = st;
    HPDF_Page p = HPDF_AddPage(s->doc);

    if (p == NULL)
        return CANVAS_ERR_LIB;
    s->page = p;
    if (HPDF_Page_SetWidth(p, (HPDF_REAL) (s->k * w)) != HPDF_OK
        || HPDF_Page_SetHeight(p, (HPDF_REAL) (s->k * h)) != HPDF_OK)
        return CANVAS_ERR_LIB;
    s->page_h = HPDF_Page_GetHeight(p);
    s->ox = s->oy = 0;
    return CANVAS_OK;
}

static int
ch_end_page(void *st)
{
    (void) st;
    return CANVAS_OK;
}

static int
ch_status(void *st)
{
    return ((ch_state *) st)->status;
}

static int
ch_finish(void *st)
{
    ch_state *s = st;
    while (s->depth > 0)
        ch_restore(s);
    return s->status;
}

static void
ch_free(void *st)
{
    ch_state *s = st;
    if (s == NULL)
        return;
    free(s->stack);
    free(s);
}


/* libharu 2.3 gives a Type0 font with the UTF-8 encoder the encoding
 * Identity-H (a code is the UCS-2 value of the character, the CID is the
 * code, CIDToGIDMap maps it to the glyph) and writes as /ToUnicode a copy
 * of its encoding CMap, whose begincidrange is invalid in a ToUnicode CMap
 * (poppler: "Invalid 'begincidrange' operator").  This replaces the stream
 * contents by the correct map for that encoding: every 2-byte code except
 * the surrogates D800-DFFF maps to the UTF-16 character of the same value.
 * Idempotent: a stream already rewritten (no /CMapName) is left alone.
 * Returns 0 on success. */
static int
ch_fix_tounicode(HPDF_Font font)
{
    HPDF_Dict cm = HPDF_Dict_GetItem(font, "ToUnicode", HPDF_OCLASS_DICT);
    HPDF_Stream st;
    char line[64];
    int hi, n, blocks, b;

    if (cm == NULL || cm->stream == NULL)
        return 1;
    if (HPDF_Dict_GetItem(cm, "CMapName", HPDF_OCLASS_NAME) == NULL)
        return 0;   /* done before, on an earlier canvas of this document */
    HPDF_Dict_RemoveElement(cm, "CMapName");
    HPDF_Dict_RemoveElement(cm, "CIDSystemInfo");
    HPDF_Dict_RemoveElement(cm, "WMode");
    HPDF_Dict_RemoveElement(cm, "Type");
    st = cm->stream;
    HPDF_MemStream_FreeData(st);
    if (HPDF_Stream_WriteStr(st,
            "/CIDInit /ProcSet findresource begin\n"
            "12 dict begin\n"
            "begincmap\n"
            "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
            "/CMapName /Adobe-Identity-UCS def\n"
            "/CMapType 2 def\n"
            "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n") != HPDF_OK)
        return 1;
    /* one bfrange per high byte (a range may vary only in its last byte),
     * at most 100 per block: 256 - 8 surrogate rows = 248 ranges */
    blocks = 0;
    for (hi = 0, n = 0; hi < 256; hi++)
    {
        if (hi >= 0xD8 && hi <= 0xDF)
            continue;
        if (n == 0)
        {
            b = 248 - 100 * blocks;
            snprintf(line, sizeof line, "%d beginbfrange\n", b < 100 ? b : 100);
            if (HPDF_Stream_WriteStr(st, line) != HPDF_OK)
                return 1;
        }
        snprintf(line, sizeof line, "<%02X00> <%02XFF> <%02X00>\n", hi, hi, hi);
        if (HPDF_Stream_WriteStr(st, line) != HPDF_OK)
            return 1;
        if (++n == 100 || hi == 255)
        {
            if (HPDF_Stream_WriteStr(st, "endbfrange\n") != HPDF_OK)
                return 1;
            n = 0;
            blocks++;
        }
    }
    return HPDF_Stream_WriteStr(st,
            "endcmap\n"
            "CMapName currentdict /CMap defineresource pop\n"
            "end\nend\n") != HPDF_OK;
}

static const canvas_ops ch_ops = {
    ch_set_fill_rgb, ch_set_stroke_rgb, ch_set_line_width, ch_set_dash,
    ch_move_to, ch_line_to, ch_close_path, ch_rect, ch_fill, ch_stroke, ch_clip,
    ch_save, ch_restore, ch_set_font, ch_text, ch_text_width,
    ch_begin_page, ch_end_page, ch_finish, ch_free, ch_status
};

canvas *
canvas_hpdf_new(HPDF_Doc doc, HPDF_Page page, double x, double y,
                double scale, double w, double h, int *status)
{
    ch_state *s;
    const char *name[2];
    canvas *c;
    int i, err = CANVAS_ERR_MEM;

    s = calloc(1, sizeof(ch_state));
    if (s == NULL)
        goto fail;
    s->doc = doc;
    s->page = page;
    s->ox = x;
    s->oy = y;
    s->k = scale > 0 ? scale : 1;
    s->page_h = page != NULL ? HPDF_Page_GetHeight(page) : 0;
    s->t.size = 10;

    err = CANVAS_ERR_FONT;
    /* fails harmlessly when already enabled; HPDF_GetFont checks below */
    HPDF_UseUTFEncodings(doc);
    HPDF_ResetError(doc);
    name[0] = HPDF_LoadTTFontFromFile(doc, CANVAS_FONT_REGULAR, HPDF_TRUE);
    name[1] = HPDF_LoadTTFontFromFile(doc, CANVAS_FONT_BOLD, HPDF_TRUE);
    for (i = 0; i < 2; i++)
    {
        if (name[i] == NULL)
            goto fail;
        s->font[i] = HPDF_GetFont(doc, name[i], "UTF-8");
        if (s->font[i] == NULL || ch_fix_tounicode(s->font[i]) != 0)
            goto fail;
    }
    HPDF_ResetError(doc);

    c = canvas_new(&ch_ops, s, w, h);
    if (c == NULL)
    {
        err = CANVAS_ERR_MEM;
        goto fail;
    }
    if (page != NULL)
        c->in_page = 1;     /* drawing on the caller's page */
    if (status != NULL)
        *status = CANVAS_OK;
    return c;

fail:
    if (s != NULL)
        HPDF_ResetError(doc);
    ch_free(s);
    if (status != NULL)
        *status = err;
    return NULL;
}

int
canvas_hpdf_save(HPDF_Doc doc, const char *path)
{
    fc_atomic_file f;
    HPDF_BYTE buf[65536];

    if (HPDF_SaveToStream(doc) != HPDF_OK)
        return CANVAS_ERR_LIB;
    HPDF_ResetStream(doc);
    if (fc_atomic_open(&f, path) != 0)
        return CANVAS_ERR_IO;
    for (;;)
    {
        HPDF_UINT32 n = sizeof buf;
        HPDF_STATUS r = HPDF_ReadFromStream(doc, buf, &n);

        if (n > 0 && fwrite(buf, 1, n, f.fp) != n)
        {
            fc_atomic_abort(&f);
            return CANVAS_ERR_IO;
        }
        if (r == HPDF_STREAM_EOF)
            break;
        if (r != HPDF_OK)
        {
            fc_atomic_abort(&f);
            HPDF_ResetError(doc);
            return CANVAS_ERR_LIB;
        }
    }
    HPDF_ResetError(doc);   /* HPDF_STREAM_EOF is recorded as an error */
    return fc_atomic_commit(&f) == 0 ? CANVAS_OK : CANVAS_ERR_IO;
}
