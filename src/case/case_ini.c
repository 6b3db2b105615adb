/* case_ini.c -- pass 1 of case reading: INI structure with exact positions.
 *
 * libinih does the INI parsing through ini_parse_stream with our own line
 * reader. The reader hands inih one physical line at a time, so it knows the
 * line number and the raw text of the line inih is working on; the handler
 * turns the pointers inih gives it (into the reader's buffer) into columns.
 * The reader also rejects what inih would silently mangle: lines longer than
 * inih's buffer (inih would truncate), bytes that are not UTF-8, NUL bytes.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <ini.h>
#include "case/case_impl.h"
#include "base/fc_strmap.h"

typedef enum { LINE_BLANK, LINE_COMMENT, LINE_CONT, LINE_SECTION, LINE_KEY } line_kind;

typedef struct {
    const char *path;
    const char *buf;
    size_t len, pos;
    int lineno;              /* physical line last handed to inih */
    char *deliv;             /* inih's buffer holding that line (inih writes into it) */
    size_t deliv_len;
    char *rawline;           /* our copy of that line, for columns */
    int pending_eol;         /* a full buffer without '\n' was handed out */
    int last_num;            /* num of the last call */
    int have_key;            /* a key line since the last section header (inih's prev_name) */
    line_kind kind;          /* of the line last handed out */
    case_raw *raw;
    case_raw_section *sec;   /* current section or NULL */
    case_raw_entry *cur;     /* entry that continuation lines extend */
    size_t cur_src_len, cur_src_cap, cur_text_len, cur_text_cap;   /* of cur's strings */
    fc_strmap sections;      /* "kind arg" -> section index (duplicates in O(1)) */
    fc_strmap keys;          /* keys of the current section -> entry index */
    case_error_t *err;
    int failed;
} ini_state;

static const char *section_kinds_noarg[] = {"case", "parameters", "define", "regions", "expect", "display",
                                            NULL};
static const char *section_kinds_arg[] = {"plot", "point", "claim", "model", NULL};

/* Column (1-based, in characters) of byte off of s. */
static int char_col(const char *s, size_t off)
{
    int line, col;
    case_pos_advance(s, off, 1, 1, &line, &col);
    return col;
}

/* Offset of the first byte of s[0..n) that is not valid UTF-8, or -1. */
static long utf8_bad(const unsigned char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned c = s[i];
        size_t k, need;
        unsigned long cp;
        if (c < 0x80) { i++; continue; }
        if (c >= 0xC2 && c <= 0xDF) { need = 1; cp = c & 0x1F; }
        else if (c >= 0xE0 && c <= 0xEF) { need = 2; cp = c & 0x0F; }
        else if (c >= 0xF0 && c <= 0xF4) { need = 3; cp = c & 0x07; }
        else return (long) i;
        for (k = 1; k <= need; k++) {
            if (i + k >= n || (s[i + k] & 0xC0) != 0x80) return (long) i;
            cp = (cp << 6) | (s[i + k] & 0x3F);
        }
        if ((need == 2 && cp < 0x800) || (need == 3 && cp < 0x10000) || cp > 0x10FFFF ||
            (cp >= 0xD800 && cp <= 0xDFFF))
            return (long) i;
        i += need + 1;
    }
    return -1;
}

/* inih's rule: first of chars, or an inline ';' comment after whitespace. */
static const char *find_chars_or_comment(const char *s, const char *chars)
{
    int was_space = 0;
    while (*s && (!chars || !strchr(chars, *s)) && !(was_space && *s == ';')) {
        was_space = isspace((unsigned char) *s);
        s++;
    }
    return s;
}

static int is_name(const char *s)
{
    if (!(isalpha((unsigned char) *s) || *s == '_')) return 0;
    for (s++; *s; s++)
        if (!(isalnum((unsigned char) *s) || *s == '_')) return 0;
    return 1;
}

static int in_list(const char *w, const char **list)
{
    int i;
    for (i = 0; list[i]; i++)
        if (strcmp(w, list[i]) == 0) return 1;
    return 0;
}

static void fail(ini_state *st, int line, int col, const char *msg)
{
    if (st->failed) return;
    case_error_set(st->err, line, col, "%s", msg);
    st->failed = 1;
}

/* A "[...]" header at byte s of the current line. */
static void section_header(ini_state *st, const char *line, const char *s)
{
    const char *end = find_chars_or_comment(s + 1, "]");
    const char *a, *b, *rest;
    char *inside, *sp;
    case_raw_section *sec;
    int i, col;

    if (*end != ']') {
        fail(st, st->lineno, char_col(line, end - line), "missing ']' at the end of the section header");
        return;
    }
    for (rest = end + 1; *rest && isspace((unsigned char) *rest); rest++) ;
    if (*rest && *rest != ';') {
        fail(st, st->lineno, char_col(line, rest - line), "unexpected text after the section header");
        return;
    }
    for (a = s + 1; a < end && isspace((unsigned char) *a); a++) ;
    for (b = end; b > a && isspace((unsigned char) b[-1]); b--) ;
    col = char_col(line, a - line);
    inside = case_strndup(a, b - a);

    if (st->raw->nsections == st->raw->alloc) {
        st->raw->alloc = st->raw->alloc ? 2 * st->raw->alloc : 8;
        st->raw->sections = flint_realloc(st->raw->sections, st->raw->alloc * sizeof(case_raw_section));
    }
    sec = &st->raw->sections[st->raw->nsections];
    memset(sec, 0, sizeof *sec);
    sp = inside;
    while (*sp && !isspace((unsigned char) *sp)) sp++;
    sec->kind = case_strndup(inside, sp - inside);
    while (*sp && isspace((unsigned char) *sp)) sp++;
    sec->arg = case_strdup(sp);
    sec->line = st->lineno;
    sec->col = col;
    st->raw->nsections++;
    st->sec = sec;
    st->cur = NULL;
    st->have_key = 0;

    if (in_list(sec->kind, section_kinds_noarg)) {
        if (*sec->arg)
            case_error_set(st->err, st->lineno, col, "section [%s] takes no name", sec->kind), st->failed = 1;
    } else if (in_list(sec->kind, section_kinds_arg)) {
        if (!*sec->arg)
            case_error_set(st->err, st->lineno, col, "section [%s] needs a name: [%s NAME]", sec->kind,
                           sec->kind), st->failed = 1;
        else if (!is_name(sec->arg))
            case_error_set(st->err, st->lineno, char_col(line, (a - line) + (sp - inside)),
                           "'%s' is not a name (letters, digits and _, not starting with a digit)",
                           sec->arg), st->failed = 1;
    } else {
        case_error_set(st->err, st->lineno, col,
                       "unknown section [%s]; expected case, parameters, define, regions, expect, display, "
                       "plot NAME, point NAME, claim NAME or model NAME", inside), st->failed = 1;
    }
    fc_strmap_clear(&st->keys);
    if (!st->failed) {
        char *key = flint_malloc(strlen(sec->kind) + strlen(sec->arg) + 2);
        sprintf(key, "%s %s", sec->kind, sec->arg);
        i = fc_strmap_put(&st->sections, key, st->raw->nsections - 1);
        flint_free(key);
        if (i >= 0) {
            case_error_set(st->err, st->lineno, col, "duplicate section [%s] (first at line %d)", inside,
                           st->raw->sections[i].line);
            st->failed = 1;
        }
    }
    flint_free(inside);
}

/* Classifies the line just handed out exactly as inih will treat it. */
static void classify(ini_state *st, const char *line)
{
    const char *s = line;
    while (*s && isspace((unsigned char) *s)) s++;
    if (*s == '\0') st->kind = LINE_BLANK;
    else if (*s == ';' || *s == '#') st->kind = LINE_COMMENT;
    else if (st->have_key && s > line) st->kind = LINE_CONT;
    else if (*s == '[') {
        st->kind = LINE_SECTION;
        section_header(st, line, s);
    } else {
        const char *end = find_chars_or_comment(s, "=:");
        st->kind = LINE_KEY;
        if (*end == ':')   /* inih would take it for '=' */
            fail(st, st->lineno, char_col(line, end - line), "expected '=' after the name, not ':'");
        else if (*end != '=')
            fail(st, st->lineno, char_col(line, s - line), "expected NAME = VALUE or a [section] header");
        else if (end == s)
            fail(st, st->lineno, char_col(line, s - line), "missing name before '='");
    }
}

/* The ini_reader: one physical line per call (without '\r'). */
static char *reader(char *str, int num, void *stream)
{
    ini_state *st = stream;
    const char *p, *nl;
    size_t n, next;
    long bad;

    if (st->pending_eol) {
        /* The last line filled inih's buffer exactly, without '\n'. Newer
         * inih then reads "the rest of the line" into a small scratch buffer
         * (a call with a different num): there is none. Debian's inih 55
         * just asks for the next line (same num). */
        st->pending_eol = 0;
        if (num != st->last_num) return NULL;
    }
    st->last_num = num;
    if (st->failed || st->pos >= st->len || num < 3) return NULL;
    p = st->buf + st->pos;
    nl = memchr(p, '\n', st->len - st->pos);
    n = nl ? (size_t) (nl - p) : st->len - st->pos;
    next = st->pos + n + (nl ? 1 : 0);
    if (n > 0 && p[n - 1] == '\r') n--;
    st->lineno++;
    {   /* a CR inside the line: CR-only line ends (old Mac), or a stray CR */
        const char *cr = memchr(p, '\r', n);
        if (cr) {
            fail(st, st->lineno, char_col(p, (size_t) (cr - p)),
                 "carriage return (CR) inside a line; line ends must be LF or CR LF");
            return NULL;
        }
    }
    if (memchr(p, '\0', n)) {
        fail(st, st->lineno, char_col(p, (const char *) memchr(p, '\0', n) - p), "NUL byte in the file");
        return NULL;
    }
    bad = utf8_bad((const unsigned char *) p, n);
    if (bad >= 0) {
        char msg[64];
        snprintf(msg, sizeof msg, "invalid UTF-8 byte 0x%02x", (unsigned) (unsigned char) p[bad]);
        fail(st, st->lineno, char_col(p, bad), msg);
        return NULL;
    }
    if (n > (size_t) num - 1) {
        char msg[128];
        int ascii = 1;
        size_t i;
        for (i = 0; i < n; i++)
            if ((unsigned char) p[i] >= 0x80) ascii = 0;
        snprintf(msg, sizeof msg, "line longer than %d %s; continue the value on indented lines",
                 num - 1, ascii ? "characters" : "bytes (UTF-8)");
        /* column of the first byte that does not fit */
        {
            char *tmp = case_strndup(p, n);
            fail(st, st->lineno, char_col(tmp, (size_t) num - 1), msg);
            flint_free(tmp);
        }
        return NULL;
    }
    memcpy(str, p, n);
    if (n + 1 <= (size_t) num - 1) {
        str[n] = '\n';
        str[n + 1] = '\0';
    } else {
        str[n] = '\0';
        st->pending_eol = 1;
    }
    st->deliv = str;
    st->deliv_len = n;
    flint_free(st->rawline);
    st->rawline = case_strndup(p, n);
    st->pos = next;
    {
        char save = str[n];
        str[n] = '\0';
        classify(st, str);
        str[n] = save;
    }
    return st->failed ? NULL : str;
}

/* Byte offset of q in the delivered line, or -1 if q does not point into it. */
static long deliv_off(const ini_state *st, const char *q)
{
    uintptr_t a = (uintptr_t) st->deliv, b = (uintptr_t) q;
    if (b >= a && b <= a + st->deliv_len) return (long) (b - a);
    return -1;
}

/* Appends sep[0..seplen) and piece to *dst, whose length is *len and
 * allocated size *cap (0: not yet known); amortised linear in the total. */
static void append(char **dst, size_t *len, size_t *cap, const char *sep, size_t seplen, const char *piece)
{
    size_t b = strlen(piece), need;
    if (*cap == 0) *len = strlen(*dst), *cap = *len + 1;
    need = *len + seplen + b + 1;
    if (need > *cap) {
        *cap = need > 2 * *cap ? need : 2 * *cap;
        *dst = flint_realloc(*dst, *cap);
    }
    memcpy(*dst + *len, sep, seplen);
    memcpy(*dst + *len + seplen, piece, b + 1);
    *len += seplen + b;
}

static int handler(void *user, const char *section, const char *name, const char *value)
{
    ini_state *st = user;
    long voff = deliv_off(st, value), noff;
    case_raw_section *sec = st->sec;
    case_raw_entry *e;
    int i;

    if (st->failed) return 0;
    if (voff < 0) {
        /* not expected with inih 55; locate the value by its text */
        const char *q = strstr(st->rawline, value);
        voff = q ? (long) (q - st->rawline) : 0;
    }
    if (st->kind == LINE_CONT) {
        e = st->cur;
        if (e == NULL) return 1;
        if (e->src[0] == '\0' && e->text[0] == '\0') {
            /* "NAME =" with the value on the next lines */
            flint_free(e->src);
            flint_free(e->text);
            e->src = case_strdup(value);
            e->text = case_strdup(value);
            e->line = st->lineno;
            e->col = char_col(st->rawline, voff);
            st->cur_src_cap = st->cur_text_cap = 0;
        } else {
            char *sep = flint_malloc(voff + 2);
            sep[0] = '\n';
            memcpy(sep + 1, st->rawline, voff);   /* the indentation: keeps columns exact */
            append(&e->src, &st->cur_src_len, &st->cur_src_cap, sep, voff + 1, value);
            append(&e->text, &st->cur_text_len, &st->cur_text_cap, "\n", 1, value);
            flint_free(sep);
        }
        return 1;
    }
    st->have_key = 1;
    noff = deliv_off(st, name);
    if (noff < 0) noff = 0;
    if (sec == NULL) {
        fail(st, st->lineno, char_col(st->rawline, noff), "NAME = VALUE before any [section]");
        return 0;
    }
    if (strcmp(sec->kind, "expect") != 0 && (i = fc_strmap_put(&st->keys, name, sec->nentries)) >= 0) {
        case_error_set(st->err, st->lineno, char_col(st->rawline, noff), "duplicate key '%s' (first at line %d)",
                       name, sec->entries[i].key_line);
        st->failed = 1;
        return 0;
    }
    if (sec->nentries == sec->alloc) {
        sec->alloc = sec->alloc ? 2 * sec->alloc : 8;
        sec->entries = flint_realloc(sec->entries, sec->alloc * sizeof(case_raw_entry));
    }
    e = &sec->entries[sec->nentries++];
    e->file = NULL;
    e->key = case_strdup(name);
    e->key_line = st->lineno;
    e->key_col = char_col(st->rawline, noff);
    e->src = case_strdup(value);
    e->text = case_strdup(value);
    e->line = st->lineno;
    e->col = char_col(st->rawline, voff);
    st->cur = e;
    st->cur_src_cap = st->cur_text_cap = 0;   /* lengths measured at the first continuation */
    (void) section;
    return 1;
}

int case_ini_read(case_raw *r, const char *buf, size_t len, const char *path, case_error_t *err)
{
    ini_state st;
    int rc;

    memset(&st, 0, sizeof st);
    memset(r, 0, sizeof *r);
    st.path = path;
    st.buf = buf;
    st.len = len;
    if (len >= 3 && (unsigned char) buf[0] == 0xEF && (unsigned char) buf[1] == 0xBB &&
        (unsigned char) buf[2] == 0xBF)
        st.pos = 3;   /* UTF-8 byte-order mark */
    st.raw = r;
    st.err = err;
    fc_strmap_init(&st.sections);
    fc_strmap_init(&st.keys);
    rc = ini_parse_stream(reader, &st, handler, &st);
    flint_free(st.rawline);
    fc_strmap_clear(&st.sections);
    fc_strmap_clear(&st.keys);
    if (rc == -2) {
        case_error_set(err, 0, 0, "out of memory while reading");
        case_raw_clear(r);
        return -1;
    }
    if (st.failed) {
        if (rc > 0 && rc < err->line)
            case_error_set(err, rc, 1, "cannot read this line as INI");
        case_raw_clear(r);
        return -1;
    }
    if (rc != 0) {
        /* inih found an error that the reader did not foresee */
        case_error_set(err, rc > 0 ? rc : 0, rc > 0 ? 1 : 0, "cannot read this line as INI");
        case_raw_clear(r);
        return -1;
    }
    return 0;
}
