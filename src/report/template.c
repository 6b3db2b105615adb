/* template.c -- reading, checking and filling report templates; see
 * template.h for the format. */
#include "report/template.h"
#include "base/fc_str.h"
#include "base/fc_file.h"

#define TMPL_MAX_BYTES (4 << 20)   /* README, Limits */
#include "report/report.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const report_tmpl_block_names[] = {
    "summary", "parameters", "definitions", "points", "plot", "plots", "claims", "provenance"
};

#define REPORT_TMPL_NBLOCKS ((int) (sizeof report_tmpl_block_names / sizeof report_tmpl_block_names[0]))

/* Characters (not continuation bytes) in S[0..len). */
static int
report_tmpl_chars(const char *s, size_t len)
{
    size_t i;
    int n = 0;

    for (i = 0; i < len; i++)
        n += ((unsigned char) s[i] & 0xC0) != 0x80;
    return n;
}

static int
report_tmpl_ident(const char *s, size_t len)
{
    size_t i;

    if (len == 0)
        return 0;
    for (i = 0; i < len; i++)
    {
        char ch = s[i];
        if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')
              || (ch >= '0' && ch <= '9') || ch == '_'))
            return 0;
    }
    return 1;
}

/* ---- placeholders --------------------------------------------------------- */

typedef struct
{
    int inline_kind;        /* 'q', 'v', 'c' (a claim's verdict), 'i' (an interval), or 0 for a block */
    report_tmpl_block block;
    const char *name;       /* q/v: the quantity; i: its lower end; plot: the plot name */
    size_t name_len;
    const char *name2;      /* i: the quantity at the upper end */
    size_t name2_len;
    const char *point;      /* q/v: NULL for the case's own values */
    size_t point_len;
} report_tmpl_ph;

/* Parses the inside S[0..len) of "{{...}}".  Returns 0, or -1 with a
 * message in msg. */
static int
report_tmpl_ph_parse(report_tmpl_ph *ph, const char *s, size_t len, char *msg, size_t msgn)
{
    const char *colon = memchr(s, ':', len);
    int i;

    memset(ph, 0, sizeof *ph);
    while (len > 0 && (*s == ' ' || *s == '\t'))
        s++, len--;
    while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t'))
        len--;
    colon = memchr(s, ':', len);
    if (colon != NULL && colon - s == 1 && s[0] == 'c')
    {
        ph->inline_kind = 'c';
        ph->name = s + 2;
        ph->name_len = len - 2;
        if (!report_tmpl_ident(ph->name, ph->name_len))
        {
            snprintf(msg, msgn, "malformed placeholder {{%.*s}}: expected {{c:CLAIM}}", (int) len, s);
            return -1;
        }
        return 0;
    }
    if (colon != NULL && colon - s == 1 && (s[0] == 'q' || s[0] == 'v' || s[0] == 'i'))
    {
        const char *at = memchr(s, '@', len), *comma;
        ph->inline_kind = s[0];
        ph->name = s + 2;
        ph->name_len = at ? (size_t) (at - ph->name) : len - 2;
        if (at)
        {
            ph->point = at + 1;
            ph->point_len = len - (size_t) (at + 1 - s);
        }
        comma = memchr(ph->name, ',', ph->name_len);
        if (s[0] == 'i' && comma != NULL)
        {
            ph->name2 = comma + 1;
            ph->name2_len = ph->name_len - (size_t) (comma + 1 - ph->name);
            ph->name_len = (size_t) (comma - ph->name);
        }
        if (!report_tmpl_ident(ph->name, ph->name_len) || (at && !report_tmpl_ident(ph->point, ph->point_len))
            || (s[0] == 'i' && (ph->name2 == NULL || !report_tmpl_ident(ph->name2, ph->name2_len))))
        {
            snprintf(msg, msgn, "malformed placeholder {{%.*s}}: expected {{%s}}", (int) len, s,
                     s[0] == 'i' ? "i:LO,HI@POINT" : s[0] == 'q' ? "q:NAME@POINT" : "v:NAME@POINT");
            return -1;
        }
        return 0;
    }
    if (colon != NULL && colon - s == 4 && memcmp(s, "plot", 4) == 0)
    {
        ph->block = REPORT_TMPL_PLOT;
        ph->name = s + 5;
        ph->name_len = len - 5;
        if (!report_tmpl_ident(ph->name, ph->name_len))
        {
            snprintf(msg, msgn, "malformed placeholder {{%.*s}}: expected {{plot:NAME}}",
                     (int) len, s);
            return -1;
        }
        return 0;
    }
    for (i = 0; i < REPORT_TMPL_NBLOCKS; i++)
        if (i != REPORT_TMPL_PLOT && strlen(report_tmpl_block_names[i]) == len
            && memcmp(report_tmpl_block_names[i], s, len) == 0)
        {
            ph->block = (report_tmpl_block) i;
            return 0;
        }
    snprintf(msg, msgn, "unknown placeholder {{%.*s}} (known: summary, parameters, definitions, "
             "points, plots, plot:NAME, claims, provenance, q:NAME@POINT, i:LO,HI@POINT, v:REGION@POINT, c:CLAIM)",
             (int) (len > 60 ? 60 : len), s);
    return -1;
}

/* ---- parsing -------------------------------------------------------------- */

typedef struct
{
    report_tmpl_t *t;
    report_tmpl_item *para;        /* paragraph under construction, or NULL */
    size_t para_len, para_cap;
    int alloc;
} report_tmpl_builder;

static report_tmpl_item *
report_tmpl_add(report_tmpl_builder *b, report_tmpl_kind kind, int line, int col)
{
    report_tmpl_t *t = b->t;
    report_tmpl_item *it;

    if (t->nitems == b->alloc)
    {
        int n = b->alloc ? 2 * b->alloc : 16;
        report_tmpl_item *p = flint_realloc(t->items, n * sizeof(report_tmpl_item));
        if (p == NULL)
            return NULL;
        t->items = p;
        b->alloc = n;
    }
    it = &t->items[t->nitems++];
    memset(it, 0, sizeof *it);
    it->kind = kind;
    it->line = line;
    it->col = col;
    return it;
}

/* Appends a source line S[0..len) (line LNO, first character at column COL)
 * to item IT's text, joined with a space. */
static int
report_tmpl_append(report_tmpl_item *it, size_t *cur, size_t *cap, const char *s, size_t len, int lno, int col)
{
    size_t need = *cur + len + 2;
    int *o, *l, *c;

    if (need > *cap)
    {
        size_t n = need * 2;
        char *p = flint_realloc(it->text, n);
        if (p == NULL)
            return -1;
        it->text = p;
        *cap = n;
    }
    o = flint_realloc(it->off, (it->nlines + 1) * sizeof(int));
    if (o)
        it->off = o;
    l = flint_realloc(it->lno, (it->nlines + 1) * sizeof(int));
    if (l)
        it->lno = l;
    c = flint_realloc(it->lcol, (it->nlines + 1) * sizeof(int));
    if (c)
        it->lcol = c;
    if (!o || !l || !c)
        return -1;
    if (*cur > 0)
        it->text[(*cur)++] = ' ';
    it->off[it->nlines] = (int) *cur;
    it->lno[it->nlines] = lno;
    it->lcol[it->nlines] = col;
    it->nlines++;
    memcpy(it->text + *cur, s, len);
    *cur += len;
    it->text[*cur] = '\0';
    return 0;
}

/* Line and column of byte offset OFF of IT's text. */
static void
report_tmpl_locate(const report_tmpl_item *it, size_t off, int *line, int *col)
{
    int k = 0;

    while (k + 1 < it->nlines && (size_t) it->off[k + 1] <= off)
        k++;
    if (it->nlines == 0)
    {
        *line = it->line;
        *col = it->col;
        return;
    }
    *line = it->lno[k];
    *col = it->lcol[k] + report_tmpl_chars(it->text + it->off[k], off - it->off[k]);
}

/* Checks the syntax of inline placeholders in IT's text. */
static int
report_tmpl_check_inline_syntax(const report_tmpl_t *t, const report_tmpl_item *it, fc_error *err)
{
    const char *s = it->text, *p = s;
    char msg[400];

    while ((p = strstr(p, "{{")) != NULL)
    {
        const char *q = strstr(p + 2, "}}");
        const char *nl;
        report_tmpl_ph ph;
        int line, col;

        report_tmpl_locate(it, (size_t) (p - s), &line, &col);
        /* a placeholder may not span two source lines */
        nl = NULL;
        if (q != NULL)
        {
            int k;
            for (k = 0; k < it->nlines; k++)
                if (it->off[k] > p - s && it->off[k] <= q - s)
                    nl = s + it->off[k];
        }
        if (q == NULL || nl != NULL)
        {
            fc_error_at(err, t->path, line, col, "unterminated placeholder: '{{' without '}}' on its line");
            return -1;
        }
        if (report_tmpl_ph_parse(&ph, p + 2, (size_t) (q - p - 2), msg, sizeof msg) != 0)
        {
            fc_error_at(err, t->path, line, col, "%s", msg);
            return -1;
        }
        if (!ph.inline_kind)
        {
            fc_error_at(err, t->path, line, col,
                     "block placeholder {{%.*s}} must stand alone on its line",
                     (int) (q - p - 2), p + 2);
            return -1;
        }
        p = q + 2;
    }
    return 0;
}

static void
report_tmpl_end_para(report_tmpl_builder *b)
{
    b->para = NULL;
    b->para_len = b->para_cap = 0;
}

int
report_tmpl_parse(report_tmpl_t *t, const char *path, const char *src, fc_error *err)
{
    report_tmpl_builder b;
    const char *line = src;
    int lno = 0, i;
    char msg[400];

    memset(t, 0, sizeof *t);
    memset(&b, 0, sizeof b);
    b.t = t;
    t->path = fc_strdup(path);
    if (t->path == NULL)
        goto nomem;

    while (*line)
    {
        const char *eol = strchr(line, '\n'), *s = line, *e;
        size_t len;
        int col = 1;

        lno++;
        if (eol == NULL)
            eol = line + strlen(line);
        e = eol;
        while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
            e--;
        while (s < e && (*s == ' ' || *s == '\t'))
            s++, col++;
        len = (size_t) (e - s);

        if (len >= 2 && s[0] == '%' && s[1] == '%')
            ;   /* comment */
        else if (len == 0)
            report_tmpl_end_para(&b);
        else if (s[0] == '#' && col == 1)
        {
            int level = len >= 2 && s[1] == '#' ? 2 : 1;
            const char *h = s + level;
            report_tmpl_item *it;
            size_t cur = 0, cap = 0;

            report_tmpl_end_para(&b);
            if (*h == '#')
            {
                fc_error_at(err, path, lno, 1, "only '# ' and '## ' headings are allowed");
                goto fail;
            }
            if (h < e && *h != ' ' && *h != '\t')
            {
                fc_error_at(err, path, lno, 1, "a heading needs a space after '%.*s'", level, s);
                goto fail;
            }
            while (h < e && (*h == ' ' || *h == '\t'))
                h++;
            if (h == e)
            {
                fc_error_at(err, path, lno, 1, "empty heading");
                goto fail;
            }
            it = report_tmpl_add(&b, level == 1 ? REPORT_TMPL_H1 : REPORT_TMPL_H2, lno, 1);
            if (it == NULL || report_tmpl_append(it, &cur, &cap, h, (size_t) (e - h), lno,
                                          1 + report_tmpl_chars(s, (size_t) (h - s))) != 0)
                goto nomem;
            if (report_tmpl_check_inline_syntax(t, it, err) != 0)
                goto fail;
        }
        else
        {
            report_tmpl_ph ph;
            int alone = len >= 4 && s[0] == '{' && s[1] == '{' && e[-1] == '}' && e[-2] == '}';
            const char *inner_end = e - 2;

            /* alone: the only placeholder on the line */
            if (alone)
            {
                const char *q = strstr(s + 2, "}}");
                const char *o = strstr(s + 2, "{{");
                alone = q == inner_end && (o == NULL || o >= e);
            }
            if (alone && report_tmpl_ph_parse(&ph, s + 2, (size_t) (inner_end - s - 2), msg, sizeof msg) != 0)
            {
                fc_error_at(err, path, lno, col, "%s", msg);
                goto fail;
            }
            if (alone && !ph.inline_kind)
            {
                report_tmpl_item *it;

                report_tmpl_end_para(&b);
                it = report_tmpl_add(&b, REPORT_TMPL_BLOCK, lno, col);
                if (it == NULL)
                    goto nomem;
                it->block = ph.block;
                if (ph.block == REPORT_TMPL_PLOT)
                {
                    it->text = fc_strndup(ph.name, ph.name_len);
                    if (it->text == NULL)
                        goto nomem;
                }
            }
            else
            {
                if (b.para == NULL)
                {
                    b.para = report_tmpl_add(&b, REPORT_TMPL_PARA, lno, col);
                    if (b.para == NULL)
                        goto nomem;
                }
                if (report_tmpl_append(b.para, &b.para_len, &b.para_cap, s, len, lno, col) != 0)
                    goto nomem;
            }
        }
        line = *eol ? eol + 1 : eol;
    }
    for (i = 0; i < t->nitems; i++)
        if (t->items[i].kind == REPORT_TMPL_PARA && report_tmpl_check_inline_syntax(t, &t->items[i], err) != 0)
            goto fail;
    return 0;

nomem:
    fc_error_at(err, path, lno, 1, "out of memory");
fail:
    report_tmpl_clear(t);
    return -1;
}

int
report_tmpl_read(report_tmpl_t *t, const char *path, fc_error *err)
{
    char why[256];
    int fd = fc_file_open(path, why, sizeof why);   /* a regular file; never blocks */
    FILE *f = fd >= 0 ? fdopen(fd, "rb") : NULL;
    char *buf = NULL;
    size_t n = 0, cap = 0, k;
    int r;

    memset(t, 0, sizeof *t);
    if (f == NULL)
    {
        if (fd >= 0)
            close(fd);
        fc_error_at(err, path, 1, 1, "cannot open template: %s",
                    fd >= 0 ? strerror(errno) : strncmp(why, "cannot open: ", 13) == 0 ? why + 13 : why);
        return -1;
    }
    for (;;)
    {
        if (n + 4096 + 1 > cap)
        {
            char *p = flint_realloc(buf, cap = 2 * (n + 4096 + 1));
            if (p == NULL)
            {
                flint_free(buf);
                fclose(f);
                fc_error_at(err, path, 1, 1, "out of memory");
                return -1;
            }
            buf = p;
        }
        k = fread(buf + n, 1, 4096, f);
        n += k;
        if (k == 0)
            break;
        if (n > TMPL_MAX_BYTES)
        {
            flint_free(buf);
            fclose(f);
            fc_error_at(err, path, 1, 1, "template larger than %d bytes", TMPL_MAX_BYTES);
            return -1;
        }
    }
    r = ferror(f);
    fclose(f);
    if (r)
    {
        flint_free(buf);
        fc_error_at(err, path, 1, 1, "cannot read template");
        return -1;
    }
    buf[n] = '\0';
    if (strlen(buf) != n)
    {
        int line = 1;
        for (k = 0; buf[k]; k++)
            line += buf[k] == '\n';
        flint_free(buf);
        fc_error_at(err, path, line, 1, "NUL byte in template");
        return -1;
    }
    r = report_tmpl_parse(t, path, buf, err);
    flint_free(buf);
    return r;
}

void
report_tmpl_clear(report_tmpl_t *t)
{
    int i;

    for (i = 0; i < t->nitems; i++)
    {
        flint_free(t->items[i].text);
        flint_free(t->items[i].off);
        flint_free(t->items[i].lno);
        flint_free(t->items[i].lcol);
    }
    flint_free(t->items);
    flint_free(t->path);
    memset(t, 0, sizeof *t);
}

int
report_tmpl_find(char *buf, size_t n, const char *dir, const char *name)
{
    int k = snprintf(buf, n, "%s/%s.tmpl", dir && dir[0] ? dir : ".",
                     name && name[0] ? name : "default");

    if (k < 0 || (size_t) k >= n)
        return -1;
    return access(buf, R_OK) == 0 ? 0 : -1;
}

/* ---- references ----------------------------------------------------------- */

static const run_point *
report_tmpl_point(const run_results *res, const char *name, size_t len)
{
    int i;

    if (name == NULL)
    {
        name = "case";
        len = 4;
    }
    for (i = 0; i < res->npoints; i++)
        if (strlen(res->points[i].name) == len && memcmp(res->points[i].name, name, len) == 0)
            return &res->points[i];
    return NULL;
}

static int
report_tmpl_name_index(const char *const *names, int n, const char *s, size_t len)
{
    int i;

    for (i = 0; i < n; i++)
        if (strlen(names[i]) == len && memcmp(names[i], s, len) == 0)
            return i;
    return -1;
}

/* Appends S to *out (growing). */
static int
report_tmpl_puts(char **out, size_t *len, size_t *cap, const char *s, size_t n)
{
    if (*len + n + 1 > *cap)
    {
        size_t c = 2 * (*len + n + 1);
        char *p = flint_realloc(*out, c);
        if (p == NULL)
            return -1;
        *out = p;
        *cap = c;
    }
    memcpy(*out + *len, s, n);
    *len += n;
    (*out)[*len] = '\0';
    return 0;
}

#define REPORT_TMPL_INLINE_DIGITS 6

/* Walks IT's inline placeholders: checks them against RES and, if OUT is
 * not NULL, builds the expanded text there. */
static int
report_tmpl_walk(const report_tmpl_t *t, const report_tmpl_item *it, const run_results *res, char **out,
          fc_error *err)
{
    const char *s = it->text, *p = s, *prev = s;
    size_t len = 0, cap = 0;
    char msg[400];

    if (out)
        *out = NULL;
    if (out && report_tmpl_puts(out, &len, &cap, "", 0) != 0)
        return -1;
    while ((p = strstr(p, "{{")) != NULL)
    {
        const char *q = strstr(p + 2, "}}");
        const run_point *pt;
        report_tmpl_ph ph;
        int line, col, k;
        char *val = NULL;
        const char *txt;

        report_tmpl_locate(it, (size_t) (p - s), &line, &col);
        if (q == NULL || report_tmpl_ph_parse(&ph, p + 2, (size_t) (q - p - 2), msg, sizeof msg) != 0
            || !ph.inline_kind)
        {
            fc_error_at(err, t->path, line, col, "bad placeholder");
            goto fail;
        }
        if (ph.inline_kind == 'c')
        {
            /* a claim's verdict word: proved, refuted, consistent or inconclusive */
            /* the case must state the claim (checked before the run too, when
               res has no verdicts yet: then the word is not used) */
            txt = NULL;
            for (k = 0; k < res->c->nclaims; k++)
                if (strlen(res->c->claims[k].name) == ph.name_len
                    && memcmp(res->c->claims[k].name, ph.name, ph.name_len) == 0)
                    txt = "(not yet decided)";
            for (k = 0; txt != NULL && k < res->nclaims; k++)
                if (res->claims[k].claim && strlen(res->claims[k].claim->name) == ph.name_len
                    && memcmp(res->claims[k].claim->name, ph.name, ph.name_len) == 0)
                    txt = claim_status_name(res->claims[k].status);
            if (txt == NULL)
            {
                fc_error_at(err, t->path, line, col, "no claim '%.*s' in case %s", (int) ph.name_len, ph.name,
                            res->c->id);
                goto fail;
            }
            pt = NULL;
        }
        else if ((pt = report_tmpl_point(res, ph.point, ph.point_len)) == NULL)
        {
            if (ph.point)
                fc_error_at(err, t->path, line, col, "no point '%.*s' in case %s",
                         (int) ph.point_len, ph.point, res->c->id);
            else
                fc_error_at(err, t->path, line, col,
                         "{{%c:%.*s}} needs @POINT: case %s has no values of its own for it",
                         ph.inline_kind, (int) ph.name_len, ph.name, res->c->id);
            goto fail;
        }
        if (ph.inline_kind == 'c')
            ;
        else if (ph.inline_kind == 'q' || ph.inline_kind == 'i')
        {
            int e, k2 = -1;
            for (e = 0; e < (ph.inline_kind == 'i' ? 2 : 1); e++)
            {
                const char *nm = e ? ph.name2 : ph.name;
                size_t nl = e ? ph.name2_len : ph.name_len;
                int ke = report_tmpl_name_index(pt->qnames, pt->nq, nm, nl);
                if (ke < 0)
                {
                    fc_error_at(err, t->path, line, col, "no quantity '%.*s' in case %s%s",
                             (int) nl, nm, res->c->id,
                             report_tmpl_name_index(pt->bnames, pt->nb, nm, nl) >= 0
                                 ? " (it is a predicate: use {{v:...}})" : "");
                    goto fail;
                }
                if (e) k2 = ke; else k = ke;
            }
            if (pt->qst[k] != EXPR_DEFINED || (k2 >= 0 && pt->qst[k2] != EXPR_DEFINED))
            {
                int st = pt->qst[k] != EXPR_DEFINED ? pt->qst[k] : pt->qst[k2];
                txt = st == EXPR_UNDEFINED ? "undefined"
                    : st == EXPR_OVERFLOW ? "(overflow: no finite enclosure)" : "(domain not certified)";
            }
            else if (k2 >= 0)   /* [a', b'] with outward-rounded ends: contains the interval */
                txt = val = fc_ball_interval_str_unicode(pt->q + k, pt->q + k2, REPORT_TMPL_INLINE_DIGITS,
                                                         res->prec);
            else
                txt = val = fc_ball_str_unicode(pt->q + k, REPORT_TMPL_INLINE_DIGITS, res->prec);
        }
        else
        {
            k = report_tmpl_name_index(pt->bnames, pt->nb, ph.name, ph.name_len);
            if (k < 0)
            {
                fc_error_at(err, t->path, line, col, "no region or predicate '%.*s' in case %s%s",
                         (int) ph.name_len, ph.name, res->c->id,
                         report_tmpl_name_index(pt->qnames, pt->nq, ph.name, ph.name_len) >= 0
                             ? " (it is a quantity: use {{q:...}})" : "");
                goto fail;
            }
            txt = expr_tv_name(pt->b[k]);
        }
        if (out && (report_tmpl_puts(out, &len, &cap, prev, (size_t) (p - prev)) != 0
                    || report_tmpl_puts(out, &len, &cap, txt, strlen(txt)) != 0))
        {
            flint_free(val);
            fc_error_at(err, t->path, line, col, "out of memory");
            goto fail;
        }
        flint_free(val);
        p = prev = q + 2;
    }
    if (out && report_tmpl_puts(out, &len, &cap, prev, strlen(prev)) != 0)
        goto fail;
    return 0;
fail:
    if (out)
    {
        flint_free(*out);
        *out = NULL;
    }
    return -1;
}

int
report_tmpl_check(const report_tmpl_t *t, const run_results *res, fc_error *err)
{
    int i, k;

    for (i = 0; i < t->nitems; i++)
    {
        const report_tmpl_item *it = &t->items[i];

        if (it->kind == REPORT_TMPL_BLOCK && it->block == REPORT_TMPL_PLOT)
        {
            for (k = 0; k < res->nplots; k++)
                if (res->plots[k].plot && strcmp(res->plots[k].plot->name, it->text) == 0)
                    break;
            if (k == res->nplots)
            {
                fc_error_at(err, t->path, it->line, it->col + 7, "no plot '%s' in case %s",
                         it->text, res->c->id);
                return -1;
            }
        }
        else if (it->kind != REPORT_TMPL_BLOCK && report_tmpl_walk(t, it, res, NULL, err) != 0)
            return -1;
    }
    return 0;
}

char *
report_tmpl_expand(const report_tmpl_t *t, const report_tmpl_item *it, const run_results *res, fc_error *err)
{
    char *out;

    if (report_tmpl_walk(t, it, res, &out, err) != 0)
        return NULL;
    return out;
}
