/* canvas_hpdf.c -- libharu backend of the canvas; see canvas_hpdf.h.
 *
 * libharu's page space has y up from the bottom-left corner; a canvas
 * point (x, y) maps to (ox + k x, H - (oy + k y)) with H the page height. */
#include "canvas/canvas_hpdf.h"
#include "base/fc_arb.h"
#include "base/fc_atomic.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include <hpdf_font.h>
#include <hpdf_fontdef.h>
#include <hpdf_objects.h>
#include <hpdf_streams.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fc_str.h"

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
    FT_Library ft;          /* opened on the first character beyond the BMP */
    FT_Face face[2];
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
        ch_tstate *p = flint_realloc(s->stack, n * sizeof(ch_tstate));
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

/* Characters beyond the BMP.  libharu 2.3 encodes text as UCS-2 (a code
 * beyond U+FFFF becomes a space) and looks glyphs up in the font's BMP
 * cmap only.  The planes DejaVu Sans covers there are given codes in the
 * Private Use Area, where DejaVu has no glyph: U+1D000..U+1D7FF
 * (musical and Tai Xuan Jing symbols, mathematical letters and digits) ->
 * U+E000..U+E7FF and U+1F000..U+1F6FF (game symbols, emoji) ->
 * U+E800..U+EEFF.  ch_fix_font maps those codes to the glyphs (CIDToGIDMap,
 * widths) and to the real characters (ToUnicode, as UTF-16 surrogate
 * pairs), so the glyph is drawn and pdftotext gives the character.  Other
 * characters beyond the BMP are drawn as libharu does (a space). */
#define CH_PUA_LO 0xE000u
#define CH_PUA_HI 0xEEFFu

static unsigned
ch_pua_of(unsigned cp)
{
    if (cp >= 0x1D000u && cp <= 0x1D7FFu)
        return 0xE000u + (cp - 0x1D000u);
    if (cp >= 0x1F000u && cp <= 0x1F6FFu)
        return 0xE800u + (cp - 0x1F000u);
    return 0;
}

static unsigned
ch_cp_of_pua(unsigned code)
{
    return code < 0xE800u ? 0x1D000u + (code - 0xE000u) : 0x1F000u + (code - 0xE800u);
}

/* FreeType face of font B (0 regular, 1 bold), opened once per canvas;
 * NULL if it cannot be opened. */
static FT_Face
ch_face(ch_state *s, int b)
{
    if (s->ft == NULL && FT_Init_FreeType(&s->ft) != 0)
    {
        s->ft = NULL;
        return NULL;
    }
    if (s->face[b] == NULL
        && FT_New_Face(s->ft, b ? CANVAS_FONT_BOLD : CANVAS_FONT_REGULAR, 0, &s->face[b]) != 0)
    {
        s->face[b] = NULL;
        return NULL;
    }
    return s->face[b];
}

/* Marks glyph GID of FONT as used, so that libharu's subset embeds it, with
 * the components of a composite glyph (read with FreeType from FACE). */
static void
ch_use_glyph(HPDF_Font font, FT_Face face, unsigned gid, int depth)
{
    HPDF_FontAttr fa = (HPDF_FontAttr) font->attr;
    HPDF_TTFontDefAttr da = (HPDF_TTFontDefAttr) fa->fontdef->attr;
    FT_UInt i;

    if (gid == 0 || gid >= da->num_glyphs || depth > 4)
        return;
    da->glyph_tbl.flgs[gid] = 1;
    if (face != NULL && FT_Load_Glyph(face, gid, FT_LOAD_NO_SCALE | FT_LOAD_NO_RECURSE) == 0
        && face->glyph->format == FT_GLYPH_FORMAT_COMPOSITE)
        for (i = 0; i < face->glyph->num_subglyphs; i++)
        {
            FT_Int idx, p1, p2;
            FT_UInt flags;
            FT_Matrix m;
            if (FT_Get_SubGlyph_Info(face->glyph, i, &idx, &flags, &p1, &p2, &m) == 0)
                ch_use_glyph(font, face, (unsigned) idx, depth + 1);
        }
}

/* Records that PUA code CODE (glyph GID) is drawn in FONT: its advance in
 * the descendant font's W array (once per document) and its glyph in the
 * subset.  Returns 0, or -1 if libharu failed. */
static int
ch_use_pua(HPDF_Font font, FT_Face face, unsigned code, unsigned gid)
{
    HPDF_FontAttr fa = (HPDF_FontAttr) font->attr;
    HPDF_Array w = HPDF_Dict_GetItem(fa->descendant_font, "W", HPDF_OCLASS_ARRAY), a;
    HPDF_UINT i, n;

    ch_use_glyph(font, face, gid, 0);
    if (w == NULL)
        return -1;
    /* W is [c [w ...] c [w ...] ...]: is CODE a start already? */
    n = HPDF_Array_Items(w);
    for (i = 0; i + 1 < n; i += 2)
    {
        HPDF_Number c = HPDF_Array_GetItem(w, i, HPDF_OCLASS_NUMBER);
        if (c == NULL)
            break;          /* not the expected shape: append anyway */
        if ((unsigned) c->value == code)
            return 0;
    }
    HPDF_Error_Reset(font->error);
    a = HPDF_Array_New(font->mmgr);
    if (a == NULL || HPDF_Array_AddNumber(w, (HPDF_INT32) code) != HPDF_OK || HPDF_Array_Add(w, a) != HPDF_OK
        || HPDF_Array_AddNumber(a, HPDF_TTFontDef_GetGidWidth(fa->fontdef, (HPDF_UINT16) gid)) != HPDF_OK)
        return -1;
    return 0;
}

/* UTF8 with every mapped character beyond the BMP replaced by its PUA code
 * (newly allocated; NULL if out of memory); *DELTA (if not NULL) receives
 * the width correction in 1/1000 em: the glyph's advance minus the advance
 * libharu assumes for the PUA code (its .notdef).  With MARK, the glyphs
 * are marked used in font B. */
static char *
ch_map_text(ch_state *s, const char *utf8, int b, int mark, double *delta)
{
    size_t n = strlen(utf8);
    char *out = flint_malloc(n + 1), *o = out;
    const char *p;
    int len;
    HPDF_FontDef def = ((HPDF_FontAttr) s->font[b]->attr)->fontdef;

    if (delta != NULL)
        *delta = 0;
    if (out == NULL)
        return NULL;
    for (p = utf8; *p; p += len)
    {
        unsigned cp = fc_utf8_next(p, &len), pua = len == 4 ? ch_pua_of(cp) : 0;
        FT_Face face;
        FT_UInt gid;
        if (pua == 0 || (face = ch_face(s, b)) == NULL
            || (gid = FT_Get_Char_Index(face, cp)) == 0)
        {
            memcpy(o, p, (size_t) len);
            o += len;
            continue;
        }
        if (mark && ch_use_pua(s->font[b], face, pua, gid) != 0)
            s->status = CANVAS_ERR_LIB;
        if (delta != NULL)
            *delta += HPDF_TTFontDef_GetGidWidth(def, (HPDF_UINT16) gid)
                      - HPDF_TTFontDef_GetGidWidth(def, 0);
        *o++ = (char) (0xE0 | (pua >> 12));
        *o++ = (char) (0x80 | ((pua >> 6) & 0x3F));
        *o++ = (char) (0x80 | (pua & 0x3F));
    }
    *o = '\0';
    return out;
}

static void
ch_text(void *st, double x, double y, const char *utf8, double angle)
{
    ch_state *s = st;
    double co = cos(angle), si = sin(angle);
    char *mapped;

    if (!ch_live(s))
        return;
    mapped = ch_map_text(s, utf8, s->t.bold, 1, NULL);
    if (mapped == NULL)
    {
        s->status = CANVAS_ERR_MEM;
        return;
    }
    ch_check(s, HPDF_Page_BeginText(s->page));
    ch_check(s, HPDF_Page_SetFontAndSize(s->page, s->font[s->t.bold],
                                         (HPDF_REAL) (s->k * s->t.size)));
    ch_check(s, HPDF_Page_SetTextMatrix(s->page, co, si, -si, co, CH_X(s, x), CH_Y(s, y)));
    ch_check(s, HPDF_Page_ShowText(s->page, mapped));
    ch_check(s, HPDF_Page_EndText(s->page));
    flint_free(mapped);
}

static double
ch_text_width(void *st, const char *utf8)
{
    ch_state *s = st;
    double delta;
    char *mapped = ch_map_text(s, utf8, s->t.bold, 0, &delta);
    HPDF_TextWidth tw;

    if (mapped == NULL)
    {
        s->status = CANVAS_ERR_MEM;
        return 0;
    }
    tw = HPDF_Font_TextWidth(s->font[s->t.bold], (const HPDF_BYTE *) mapped,
                             (HPDF_UINT) strlen(mapped));
    flint_free(mapped);
    return (tw.width + delta) * s->t.size / 1000.0;
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
    if (s->face[0] != NULL)
        FT_Done_Face(s->face[0]);
    if (s->face[1] != NULL)
        FT_Done_Face(s->face[1]);
    if (s->ft != NULL)
        FT_Done_FreeType(s->ft);
    flint_free(s->stack);
    flint_free(s);
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
/* The PUA codes CH_PUA_LO..CH_PUA_HI: CIDToGIDMap entries for the glyphs
 * of the characters they stand for (FreeType's cmap of FILE); their widths
 * enter W when drawn (ch_use_pua).  The rest of the map is rebuilt as libharu made it
 * (HPDF_TTFontDef_GetGlyphid for every code).  Returns 0 on success. */
static int
ch_fix_pua(HPDF_Font font, const char *file)
{
    HPDF_FontAttr fa = (HPDF_FontAttr) font->attr;
    HPDF_Dict desc = fa->descendant_font, map = fa->map_stream;
    HPDF_Array w = desc ? HPDF_Dict_GetItem(desc, "W", HPDF_OCLASS_ARRAY) : NULL;
    HPDF_FontDef def = fa->fontdef;
    (void) w;
    FT_Library ft;
    FT_Face face;
    HPDF_BYTE *buf;
    unsigned code;
    int r = 1;

    if (desc == NULL || map == NULL || map->stream == NULL || w == NULL)
        return 1;
    if (FT_Init_FreeType(&ft) != 0)
        return 1;
    if (FT_New_Face(ft, file, 0, &face) != 0)
    {
        FT_Done_FreeType(ft);
        return 1;
    }
    buf = flint_malloc(2 * 0xFFFF);
    if (buf == NULL)
        goto done;
    for (code = 0; code < 0xFFFF; code++)
    {
        unsigned gid = HPDF_TTFontDef_GetGlyphid(def, (HPDF_UNICODE) code);
        if (code >= CH_PUA_LO && code <= CH_PUA_HI)
            gid = FT_Get_Char_Index(face, ch_cp_of_pua(code));
        buf[2 * code] = (HPDF_BYTE) (gid >> 8);
        buf[2 * code + 1] = (HPDF_BYTE) gid;
    }
    HPDF_MemStream_FreeData(map->stream);
    r = HPDF_Stream_Write(map->stream, buf, 2 * 0xFFFF) != HPDF_OK;
done:
    flint_free(buf);
    FT_Done_Face(face);
    FT_Done_FreeType(ft);
    return r;
}

/* Makes libharu's Type0 font FONT (loaded from FILE) correct for text
 * extraction: the ToUnicode CMap below and the PUA codes of characters
 * beyond the BMP (ch_fix_pua).  Idempotent per document. */
static int
ch_fix_tounicode(HPDF_Font font, const char *file)
{
    HPDF_Dict cm = HPDF_Dict_GetItem(font, "ToUnicode", HPDF_OCLASS_DICT);
    HPDF_Stream st;
    char line[64];
    int hi, n, blocks, b;

    if (cm == NULL || cm->stream == NULL)
        return 1;
    if (HPDF_Dict_GetItem(cm, "CMapName", HPDF_OCLASS_NAME) == NULL)
        return 0;   /* done before, on an earlier canvas of this document */
    if (ch_fix_pua(font, file) != 0)
        return 1;
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
     * at most 100 per block: 256 - 8 surrogate rows = 248 ranges; the rows
     * E0..EE map to the characters beyond the BMP as surrogate pairs */
    blocks = 0;
    for (hi = 0, n = 0; hi < 256; hi++)
    {
        unsigned cp0 = ch_cp_of_pua((unsigned) hi << 8);
        if (hi >= 0xD8 && hi <= 0xDF)
            continue;
        if (n == 0)
        {
            b = 248 - 100 * blocks;
            snprintf(line, sizeof line, "%d beginbfrange\n", b < 100 ? b : 100);
            if (HPDF_Stream_WriteStr(st, line) != HPDF_OK)
                return 1;
        }
        if (hi >= 0xE0 && hi <= 0xEE)
            snprintf(line, sizeof line, "<%02X00> <%02XFF> <%04X%04X>\n", hi, hi,
                     0xD800u + ((cp0 - 0x10000u) >> 10), 0xDC00u + ((cp0 - 0x10000u) & 0x3FFu));
        else
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

    s = flint_calloc(1, sizeof(ch_state));
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
        if (s->font[i] == NULL
            || ch_fix_tounicode(s->font[i], i ? CANVAS_FONT_BOLD : CANVAS_FONT_REGULAR) != 0)
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

const char *
canvas_hpdf_version(void)
{
    return HPDF_VERSION_TEXT;
}
