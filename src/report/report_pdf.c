/* report_pdf.c -- report.pdf: the template's prose and blocks filled from a
 * run_results, laid out with report_doc, saved atomically; see report.h. */
#include "report/report.h"
#include "base/fc_str.h"
#include "report/report_doc.h"
#include "report/template.h"
#include "report/figure.h"
#include "report/plot_spec.h"
#include "report/mathlayout.h"
#include "claim/claim.h"
#include "expr/expr_statics.h"
#include "case/case_display.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- small helpers -------------------------------------------------------- */

/* A growing list of flint_malloc'd strings (table cells). */
typedef struct
{
    char **v;
    int n, a;
    int oom;
} rp_list;

static void
rp_put(rp_list *l, char *s)   /* takes S (flint_malloc'd; NULL: out of memory) */
{
    if (s == NULL)
    {
        l->oom = 1;
        s = NULL;
    }
    if (l->n == l->a)
    {
        int a = l->a ? 2 * l->a : 32;
        char **p = flint_realloc(l->v, a * sizeof(char *));
        if (p == NULL)
        {
            flint_free(s);
            l->oom = 1;
            return;
        }
        l->v = p;
        l->a = a;
    }
    l->v[l->n++] = s;
}

static void
rp_puts(rp_list *l, const char *s)
{
    rp_put(l, fc_strdup(s ? s : ""));
}

static void
rp_list_clear(rp_list *l)
{
    int i;

    for (i = 0; i < l->n; i++)
        flint_free(l->v[i]);
    flint_free(l->v);
    memset(l, 0, sizeof *l);
}

static char *
rp_name(const char *name)      /* the name as one line of text (θ̇ for thetadot), flint_malloc'd */
{
    char *u = report_ml_name_plain(name);
    char *s = fc_strdup(u ? u : name);
    flint_free(u);
    return s;
}

static char *
rp_expr(const expr_t e)        /* Unicode expression, simplified for display (no 0·x), flint_malloc'd */
{
    expr_t t = e ? report_ml_simplify(e) : NULL;
    char *u = t ? expr_to_unicode(t) : NULL;
    char *s = fc_strdup(u ? u : "?");
    flint_free(u);
    expr_free(t);
    return s;
}

/* ---- typeset mathematics ---------------------------------------------------- */

/* The layout context of the report: the document's canvas, the case's display names. */
static report_ml_ctx
rp_ml(report_doc *d, const run_results *res)
{
    report_ml_ctx x;
    report_ml_ctx_init(&x, report_ml_font_canvas(d->c));
    report_ml_set_display(&x, report_ml_display_case, (void *) res->c);
    return x;
}

/* The head "NAME = " of a definition. */
static void
rp_head_def(report_ml_box *h, const report_ml_ctx *x, const char *name, double size)
{
    report_ml_box t, sp;
    report_ml_name_box(h, x, name, size);
    report_ml_text_box(&t, x, "=", size);
    report_ml_hcat(h, &t, 0.22 * size);
    report_ml_box_init(&sp);
    report_ml_hcat(h, &sp, 0.22 * size);
}

/* The head "WORD " (a region's name, "Claim:"). */
static void
rp_head_word(report_ml_box *h, const report_ml_ctx *x, const char *word, double size)
{
    report_ml_box sp;
    report_ml_text_box(h, x, word, size);
    report_ml_box_init(&sp);
    report_ml_hcat(h, &sp, 0.35 * size);
}

/* HEAD followed by E typeset at SIZE, INDENT from the margin, broken into
 * lines at E's top-level operators; continuation lines hang under E.
 * HEAD is cleared. */
static int
rp_math(report_doc *d, const run_results *res, report_ml_box *head, const expr_t e, double size, double indent)
{
    report_ml_ctx x = rp_ml(d, res);
    report_ml_box *lines;
    double width = report_doc_width() - indent;
    int n, i, fits = 1;

    n = report_ml_lines(&lines, &x, head, e, size, width, head->w < width / 3 ? head->w : 2 * size);
    for (i = 0; i < n; i++)
        fits &= lines[i].w <= width + 0.01;
    if (n > 0 && fits)
        report_doc_math(d, lines, n, indent, size);
    for (i = 0; i < n; i++)
        report_ml_box_clear(&lines[i]);
    flint_free(lines);
    report_ml_box_clear(head);
    return n > 0 && fits ? 0 : -1;
}

/* "WORD TEXT" as a wrapped paragraph: a formula too wide to typeset (a
 * piece wider than the line even 30 % smaller), shown as simplified text. */
static void
rp_math_text(report_doc *d, const char *word, const expr_t e, double size, double indent)
{
    char *t = rp_expr(e), *s = fc_printf("%s %s", word, t ? t : "?");
    report_doc_par(d, s ? s : word, size, 0, indent, 2 * size);
    flint_free(s);
    flint_free(t);
}

/* A parameter, definition or quantity name typeset (for table cells), flint_malloc'd box. */
static report_ml_box *
rp_name_box(report_doc *d, const run_results *res, const char *name, double size)
{
    report_ml_ctx x = rp_ml(d, res);
    report_ml_box *b = flint_malloc(sizeof *b);
    if (b != NULL)
        report_ml_name_box(b, &x, name, size);
    return b;
}

static void
rp_boxes_free(report_ml_box **b, int n)
{
    int i;
    for (i = 0; b && i < n; i++)
        if (b[i])
        {
            report_ml_box_clear(b[i]);
            flint_free(b[i]);
        }
    flint_free(b);
}

/* "[lo, hi]" for fractions lo <= hi, rounded outward. */
static void
rp_fraction_range(char *buf, size_t n, double lo, double hi)
{
    char a[64], b[64];

    fc_ball_bound_d(a, sizeof a, lo, 1, 5, 'f', 0);
    fc_ball_bound_d(b, sizeof b, hi, 1, 5, 'f', 1);
    snprintf(buf, n, "[%s, %s]", a, b);
}

/* Area F * w * h of the paved box, rounded in direction RND. */
static void
rp_area_bound(char *buf, size_t n, const pave_result *pr, double f, int up)
{
    arf_t a, b;

    arf_init(a);
    arf_init(b);
    arf_set_d(b, f);                                   /* exact */
    arf_mul(a, pr->w, pr->h, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul(a, a, b, ARF_PREC_EXACT, ARF_RND_DOWN);
    fc_ball_bound_arf(buf, n, a, 5, 'g', up);
    arf_clear(b);
    arf_clear(a);
}

/* V as Unicode superscript digits (with a superscript minus). */
static void
rp_superscript(char *buf, size_t n, long v)
{
    static const char *sup[10] = {"\xe2\x81\xb0", "\xc2\xb9", "\xc2\xb2", "\xc2\xb3",
                                  "\xe2\x81\xb4", "\xe2\x81\xb5", "\xe2\x81\xb6",
                                  "\xe2\x81\xb7", "\xe2\x81\xb8", "\xe2\x81\xb9"};
    char digits[32];
    size_t k = 0;
    int i;

    snprintf(digits, sizeof digits, "%ld", v < 0 ? -v : v);
    buf[0] = '\0';
    if (v < 0 && n > 4)
    {
        memcpy(buf, "\xe2\x81\xbb", 3);
        k = 3;
    }
    for (i = 0; digits[i] && k + 4 < n; i++)
    {
        const char *u = sup[digits[i] - '0'];
        memcpy(buf + k, u, strlen(u));
        k += strlen(u);
    }
    buf[k] = '\0';
}

/* VALUE without surrounding double quotes, flint_malloc'd. */
static char *
rp_unquote(const char *v)
{
    size_t n = strlen(v);

    if (n >= 2 && v[0] == '"' && v[n - 1] == '"')
        return fc_strndup(v + 1, n - 2);
    return fc_strdup(v);
}

static int
rp_reproducible(void)
{
    const char *e = getenv("SOURCE_DATE_EPOCH");
    return e != NULL && e[0] != '\0';
}

static void
rp_oom(report_doc *d, rp_list *l)
{
    if (l->oom && d->status == CANVAS_OK)
        d->status = CANVAS_ERR_MEM;
}

/* TEXT with " +/- " written " ± " (the claim module's enclosures, printed with
 * the typographic sign like every other ball of the report); flint_malloc'd. */
static char *
rp_pm(const char *text)
{
    const char *p = text;
    char *out = flint_malloc(strlen(text) + 1), *q = out;

    if (out == NULL)
        return NULL;
    while (*p)
    {
        if (strncmp(p, "+/-", 3) == 0)
        {
            memcpy(q, "\xc2\xb1", 2);   /* 2 bytes for 3: fits */
            q += 2;
            p += 3;
        }
        else
            *q++ = *p++;
    }
    *q = '\0';
    return out;
}

/* TEXT as a sentence: " +/- " as " ± ", the first letter a capital, a final
 * period (the claim module's side texts); flint_malloc'd. */
static char *
rp_sentence(const char *text)
{
    char *u = rp_pm(text), *s;
    size_t n;

    if (u == NULL)
        return NULL;
    if (u[0] >= 'a' && u[0] <= 'z')
        u[0] = (char) (u[0] - 'a' + 'A');
    n = strlen(u);
    s = n > 0 && u[n - 1] != '.' ? fc_printf("%s.", u) : fc_strdup(u);
    flint_free(u);
    return s;
}

/* ---- numbering, marks and references ---------------------------------------- */

/* A numbered heading ("2 Title" or "2.3 Title") with an outline entry,
 * marked KEY (or "sec:<number>") for the table of contents and links. */
static void
rp_heading_as(report_doc *d, int level, const char *text, const char *key, int math);

static void
rp_heading(report_doc *d, int level, const char *text, const char *key)
{
    rp_heading_as(d, level, text, key, 0);
}

/* A heading whose text holds formulas (a plot's title), typeset. */
static void
rp_heading_math(report_doc *d, int level, const char *text, const char *key)
{
    rp_heading_as(d, level, text, key, 1);
}

static void
rp_heading_as(report_doc *d, int level, const char *text, const char *key, int math)
{
    char num[32], *h, *k;

    if (level <= 1)
    {
        d->nsec++;
        d->nsub = 0;
        snprintf(num, sizeof num, "%d", d->nsec);
    }
    else
    {
        d->nsub++;
        snprintf(num, sizeof num, "%d.%d", d->nsec, d->nsub);
    }
    h = fc_printf("%s  %s", num, text);
    k = key ? fc_strdup(key) : fc_printf("sec:%s", num);
    /* the same room the heading asks for, so that the mark lands on its page */
    report_doc_need(d, (level <= 1 ? 14.0 : 11.5) * 1.38 + 4 * 1.38 * REPORT_DOC_BODY + 10);
    if (h && k)
        report_doc_mark(d, k, 0, h, level <= 1 ? 1 : 2);
    if (math)
        report_doc_heading_math(d, level, h ? h : text, 1);
    else
        report_doc_heading(d, level, h ? h : text, 1);
    flint_free(h);
    flint_free(k);
}

/* The room a heading asks for when a table follows it at once: the heading
 * (up to 14 pt, with its space), a caption of up to three lines and what
 * rp_table_caption asks for the header and the first two rows. */
#define RP_HEAD_TABLE_ROOM (14.0 * 1.38 + 10 + 3 * 9 * 1.38 + 70)

/* "Table N: TEXT" above a table; returns N.  The caption stays with its
 * table: it asks for its own height and START, the height the table keeps
 * together at its start (report_doc_table_start_height), or 70 pt when
 * START is 0. */
static int
rp_table_caption_room(report_doc *d, const char *text, double start)
{
    char *s = fc_printf("Table %d: %s", ++d->ntab, text);

    report_doc_need(d, report_doc_par_math_height(d, s ? s : text, 9, report_doc_width())
                       + (start > 0 ? start + 4 : 70));
    report_doc_par_math(d, s ? s : text, 9, 0);
    d->y -= 2;
    flint_free(s);
    return d->ntab;
}

static int
rp_table_caption(report_doc *d, const char *text)
{
    return rp_table_caption_room(d, text, 0);
}

/* The caption of the table report_doc_table(d, NCOLS, HEAD, CELLS, NROWS,
 * FLEX, REPORT_DOC_TABLE) drawn next, kept on the page of its first rows. */
static int
rp_table_caption_for(report_doc *d, const char *text, int ncols, const char *const *head,
                     const char *const *cells, int nrows, int flex)
{
    return rp_table_caption_room(d, text, report_doc_table_start_height(d, ncols, head, cells, nrows, flex,
                                                                        REPORT_DOC_TABLE));
}

/* The page (1-based) of mark KEY in the previous layout, or 0. */
static int
rp_ref_page(const report_doc *d, const char *key)
{
    int k = report_doc_mark_find(d->prev, key);
    return k >= 0 ? d->prev->page[k] + 1 : 0;
}

static int
rp_ref_num(const report_doc *d, const char *key)
{
    int k = report_doc_mark_find(d->prev, key);
    return k >= 0 ? d->prev->num[k] : 0;
}

/* ---- blocks --------------------------------------------------------------- */

static void
rp_title(report_doc *d, const run_results *res, const char *date)
{
    const case_t *c = res->c;
    char *s;

    report_doc_bookmark(d, 1, c->title);
    report_doc_par(d, c->title, 18, 1, 0, 0);
    d->y += 2;
    if (c->source && c->source[0])
    {
        s = fc_printf("Source: %s", c->source);
        report_doc_par(d, s, 9.5, 0, 0, 12);
        flint_free(s);
    }
    s = fc_printf("Case %s (%s) \xc2\xb7 report of %s \xc2\xb7 fricert %s", c->id, c->path, date,
               res->engine_version);
    report_doc_par(d, s, 9.5, 0, 0, 12);
    flint_free(s);
    d->y += 6;
}

static void
rp_summary(report_doc *d, const run_results *res)
{
    const case_t *c = res->c;
    char *s;

    s = fc_printf("The case has %d parameter%s, %d definition%s and %d region%s; this report gives "
               "guaranteed enclosures at %d point%s, %d certified region diagram%s and %d claim%s. "
               "Every number below is an interval that contains the true value; every true or "
               "false is proved, and what could not be decided is reported as unknown or "
               "undecided.",
               c->nparams, c->nparams == 1 ? "" : "s", c->ndefs, c->ndefs == 1 ? "" : "s",
               c->nregions, c->nregions == 1 ? "" : "s", res->npoints, res->npoints == 1 ? "" : "s",
               res->nplots, res->nplots == 1 ? "" : "s", res->nclaims, res->nclaims == 1 ? "" : "s");
    report_doc_par(d, s, REPORT_DOC_BODY, 0, 0, 0);
    flint_free(s);
}

static void
rp_parameters(report_doc *d, const run_results *res)
{
    static const char *head[4] = {"Name", "Value or range", "Description", "Unit"};
    const case_t *c = res->c;
    rp_list l = {0};
    int i;

    for (i = 0; i < c->nparams; i++)
    {
        const case_param *p = &c->params[i];

        rp_put(&l, rp_name(p->name));
        if (p->is_range)
        {
            char *a = rp_expr(p->lo), *b = rp_expr(p->hi);
            rp_put(&l, fc_printf("%s \xe2\x80\xa6 %s", a ? a : "?", b ? b : "?"));
            flint_free(a);
            flint_free(b);
        }
        else
            rp_put(&l, rp_expr(p->value));
        rp_puts(&l, p->desc);
        {
            /* the unit in the usual notation (m/s²), as written if it is not a unit */
            char *u = report_ml_unit_text(p->unit ? p->unit : "");
            rp_put(&l, u ? u : fc_strdup(p->unit ? p->unit : ""));
        }
    }
    rp_oom(d, &l);
    if (!l.oom)
    {
        report_ml_box **m = flint_calloc(4 * (size_t) c->nparams + 1, sizeof *m);
        for (i = 0; m && i < c->nparams; i++)
            m[4 * i] = rp_name_box(d, res, c->params[i].name, REPORT_DOC_TABLE);
        d->cell_math = (const report_ml_box *const *) m;
        rp_table_caption_for(d, "The parameters of the case.", 4, head, (const char *const *) l.v, c->nparams, 2);
        report_doc_mark(d, "tab:parameters", d->ntab, NULL, 0);
        report_doc_table(d, 4, head, (const char *const *) l.v, c->nparams, 2, REPORT_DOC_TABLE);
        rp_boxes_free(m, 4 * c->nparams);
    }
    rp_list_clear(&l);
}

static void
rp_definitions(report_doc *d, const run_results *res)
{
    const case_t *c = res->c;
    int i, pass, nstat = 0;

    for (pass = 0; pass < 2; pass++)
    {
        int n = pass ? c->nregions : c->ndefs;
        const case_def *defs = pass ? c->regions : c->defs;
        /* a short definition (one line, at most half the width) waits for a
           second one to share its row */
        report_ml_box pend;
        int have_pend = 0;
        double half = (report_doc_width() - 8) / 2;

        if (n == 0)
            continue;
        report_doc_par(d, pass ? "Regions (mutually exclusive predicates):"
                         : "Definitions (in order; later ones use earlier ones):",
                 REPORT_DOC_BODY, 1, 0, 0);
        for (i = 0; i < n; i++)
        {
            char *lhs, *rhs = rp_expr(defs[i].e);
            if (!pass && expr_statics_is_call(defs[i].e))
            {
                /* P_sign of a [model P] type = statics block: its arguments are the model's
                   encoded matrices, unreadable as a formula; say what the value means */
                size_t ln = strlen(defs[i].name);
                int cut = ln > 5 && strcmp(defs[i].name + ln - 5, "_sign") == 0 ? (int) ln - 5 : (int) ln;
                char *t = nstat++ ? fc_printf("%s: the same for the statics model %.*s.", defs[i].name, cut,
                                              defs[i].name)
                                  : fc_printf("%s: the sign of the statics model %.*s: 1 where a reaction in the "
                                              "friction cones balances the load, \xe2\x88\x92" "1 where a "
                                              "separating multiplier proves that none does (the equations are "
                                              "those of the model's block in the case file).", defs[i].name,
                                              cut, defs[i].name);
                if (have_pend)
                {
                    report_doc_math(d, &pend, 1, 8, REPORT_DOC_BODY);
                    report_ml_box_clear(&pend);
                    have_pend = 0;
                }
                report_doc_par(d, t ? t : defs[i].name, REPORT_DOC_BODY, 0, 8, 0);
                flint_free(t);
                flint_free(rhs);
                continue;
            }
            if (rhs && strlen(rhs) <= 600)
            {
                /* typeset: "B = 1 + k cos²θ − sμk sin θ cos θ", "unique: B > 0" */
                report_ml_ctx x = rp_ml(d, res);
                report_ml_box h;
                char *w = fc_printf("%s:", defs[i].name);
                int ok;
                if (pass)
                    rp_head_word(&h, &x, w ? w : defs[i].name, REPORT_DOC_BODY);
                else
                    rp_head_def(&h, &x, defs[i].name, REPORT_DOC_BODY);
                {
                    report_ml_box *lines = NULL;
                    double width = report_doc_width() - 8;
                    int nl, k;
                    nl = report_ml_lines(&lines, &x, &h, defs[i].e, REPORT_DOC_BODY, width,
                                         h.w < width / 3 ? h.w : 2 * REPORT_DOC_BODY);
                    if (nl == 1 && lines[0].w <= half - 12)
                    {
                        if (have_pend)
                        {
                            report_doc_math_pair(d, &pend, 8, &lines[0], 8 + half, REPORT_DOC_BODY);
                            report_ml_box_clear(&pend);
                            report_ml_box_clear(&lines[0]);
                            have_pend = 0;
                        }
                        else
                        {
                            pend = lines[0];   /* owned by pend from here */
                            have_pend = 1;
                        }
                        flint_free(lines);
                        report_ml_box_clear(&h);
                        flint_free(w);
                        flint_free(rhs);
                        continue;
                    }
                    for (k = 0; k < nl; k++)
                        report_ml_box_clear(&lines[k]);
                    flint_free(lines);
                }
                if (have_pend)
                {
                    report_doc_math(d, &pend, 1, 8, REPORT_DOC_BODY);
                    report_ml_box_clear(&pend);
                    have_pend = 0;
                }
                ok = rp_math(d, res, &h, defs[i].e, REPORT_DOC_BODY, 8) == 0;
                if (!ok && pass)
                    rp_math_text(d, w ? w : defs[i].name, defs[i].e, REPORT_DOC_BODY, 8);
                flint_free(w);
                if (ok || pass)
                {
                    flint_free(rhs);
                    continue;
                }
            }
            if (have_pend)
            {
                report_doc_math(d, &pend, 1, 8, REPORT_DOC_BODY);
                report_ml_box_clear(&pend);
                have_pend = 0;
            }
            lhs = rp_name(defs[i].name);
            if (rhs && strlen(rhs) > 600)
            {
                /* a generated expression (a zod_return_map plane's piecewise table, an expanded disc/res): its head only */
                size_t cut = 240;
                char *t;
                while (cut > 0 && ((unsigned char) rhs[cut] & 0xC0) == 0x80)
                    cut--;
                t = fc_printf("%.*s … (%zu more characters: a generated expression, a model block's piecewise "
                           "table or the expanded value of disc or res)", (int) cut, rhs, strlen(rhs) - cut);
                flint_free(rhs);
                rhs = t;
            }
            if (lhs && rhs)
                report_doc_equation(d, lhs, rhs, REPORT_DOC_BODY);
            flint_free(lhs);
            flint_free(rhs);
        }
        if (have_pend)
        {
            report_doc_math(d, &pend, 1, 8, REPORT_DOC_BODY);
            report_ml_box_clear(&pend);
        }
        d->y += 4;
    }
}

/* A parameter's name as plain text in the table of points: its [display]
 * string when that is one Greek letter (\lambda -> its letter) or plain text
 * (m_c), else the default Unicode name, so that the table and the formulas
 * name it alike. */
static char *
rp_where_name(const case_t *c, const char *name)
{
    const char *disp = case_display_of(c, name);
    size_t i;

    if (disp != NULL && disp[0] == '\\' && disp[1] != '\0')
    {
        for (i = 1; disp[i] && ((disp[i] >= 'a' && disp[i] <= 'z') || (disp[i] >= 'A' && disp[i] <= 'Z')); i++)
            ;
        if (disp[i] == '\0')
            return rp_name(disp + 1);
    }
    else if (disp != NULL && disp[0] != '\0' && strpbrk(disp, "\\{}^") == NULL)
        return fc_strdup(disp);
    return rp_name(name);
}

static char *
rp_point_where(const run_results *res, const run_point *pt)
{
    const case_t *c = res->c;
    const case_point *cp;
    char *s;
    int k;

    if (pt->index < 0)
        return fc_strdup("At the case's own values (a parameter given as a range varies over its "
                      "whole range, so the enclosures hold for every value in it).");
    cp = &c->points[pt->index];
    s = fc_strdup("At ");
    for (k = 0; s && k < cp->nset; k++)
    {
        char *n = rp_where_name(c, c->params[cp->set_param[k]].name), *v = rp_expr(cp->set_value[k]);
        char *t = fc_printf("%s%s%s = %s", s, k ? ", " : "", n ? n : "?", v ? v : "?");
        flint_free(n);
        flint_free(v);
        flint_free(s);
        s = t;
    }
    if (s)
    {
        char *t = fc_printf("%s%s.", s, cp->nset ? "" : "the case's values");
        flint_free(s);
        s = t;
    }
    return s;
}

/* 1 if the template mentions quantity NAME in a {{q:NAME}} or {{q:NAME@P}},
 * or as an end of an interval {{i:NAME,HI@P}} / {{i:LO,NAME@P}}. */
static int
rp_q_mentioned(const report_tmpl_t *t, const char *name)
{
    size_t n = strlen(name);
    int i;

    for (i = 0; i < t->nitems; i++)
    {
        const char *s = t->items[i].text;
        while (s && (s = strstr(s, "{{q:")) != NULL)
        {
            s += 4;
            if (strncmp(s, name, n) == 0 && (s[n] == '@' || s[n] == '}'))
                return 1;
        }
        s = t->items[i].text;
        while (s && (s = strstr(s, "{{i:")) != NULL)
        {
            const char *c;
            s += 4;
            c = strchr(s, ',');
            if (strncmp(s, name, n) == 0 && s[n] == ',')
                return 1;
            if (c != NULL && strncmp(c + 1, name, n) == 0 && (c[1 + n] == '@' || c[1 + n] == '}'))
                return 1;
        }
    }
    return 0;
}

/* The quantities shown: those the template mentions, else all. CHOSEN gets
 * nq flags; returns how many are chosen. */
static int
rp_points_chosen(char *chosen, const run_results *res, const report_tmpl_t *t)
{
    const run_point *p0 = &res->points[0];
    int k, n = 0;

    for (k = 0; k < p0->nq; k++)
        n += chosen[k] = (char) rp_q_mentioned(t, p0->qnames[k]);
    if (n == 0)
        for (k = 0; k < p0->nq; k++)
            n += chosen[k] = 1;
    return n;
}

/* 1 if quantity K has the same enclosure (or status) at every point. */
static int
rp_q_constant(const run_results *res, int k)
{
    int i;

    for (i = 1; i < res->npoints; i++)
    {
        const run_point *a = &res->points[0], *b = &res->points[i];
        if (k >= b->nq || a->qst[k] != b->qst[k])
            return 0;
        if (a->qst[k] == EXPR_DEFINED && !arb_equal(a->q + k, b->q + k))
            return 0;
    }
    return 1;
}

static char *
rp_q_text(const run_results *res, const run_point *pt, int k, slong digits)
{
    if (k >= pt->nq)
        return fc_strdup("");
    if (pt->qst[k] == EXPR_DEFINED)
        return fc_ball_str_unicode(pt->q + k, digits, res->prec);
    return fc_strdup(pt->qst[k] == EXPR_UNDEFINED ? "undefined"
                     : pt->qst[k] == EXPR_OVERFLOW ? "overflow (no finite enclosure)" : "not certified defined");
}

/* 1 if quantity K at PT says something: certified defined, with at least
 * one certified digit at 6 significant digits (not printed as "[± r]", which
 * a point that leaves a range parameter free often gives). */
static int
rp_q_informative(const run_results *res, const run_point *pt, int k)
{
    char *t;
    int inf;
    if (k >= pt->nq || pt->qst[k] != EXPR_DEFINED)
        return 0;
    t = rp_q_text(res, pt, k, 6);
    inf = t != NULL && strncmp(t, "[\xc2\xb1", 3) != 0;
    flint_free(t);
    return inf;
}

#define RP_POINT_COLS 4   /* quantity columns per table of points */
#define RP_APPENDIX_ROWS 48 /* longest appendix of full-precision enclosures */

/* 1 if the appendix (rp_appendix) has a row for quantity K at point I: a
 * chosen quantity at every point, a quantity the same at every point once;
 * the case's own point (its ranges left free) only where the enclosure
 * says something (rp_q_informative), as in the tables of points
 * (tests/appendix_rows.py). */
static int
rp_appendix_shows(const run_results *res, const char *chosen, int i, int k)
{
    const run_point *pt = &res->points[i];

    if (!chosen[k] || !(i == 0 || res->npoints == 1 || !rp_q_constant(res, k)))
        return 0;
    return !(pt->index < 0 && !rp_q_informative(res, pt, k));
}

/* Rows of the appendix (rp_appendix). */
static int
rp_appendix_rows(const run_results *res, const char *chosen)
{
    int i, k, n = 0;

    for (i = 0; i < res->npoints; i++)
        for (k = 0; k < res->points[i].nq; k++)
            n += rp_appendix_shows(res, chosen, i, k);
    return n;
}

/* The points: where each is; the constants once; one table points x chosen
 * quantities at 6 significant digits (several when there are many
 * quantities); the region verdicts per point. Full precision: the appendix
 * (rp_appendix) and results.json. */
static void
rp_points(report_doc *d, const run_results *res, const report_tmpl_t *t)
{
    static const char *whead[2] = {"Point", "Where"};
    static const char *chead[2] = {"Quantity (the same at every point)", "Guaranteed enclosure"};
    static const char *vhead[3] = {"Point", "True", "Unknown (not decided)"};
    char *chosen, *cst;
    int i, k, nch, ncst = 0, nvar = 0;
    rp_list l = {0};

    if (res->npoints == 0)
    {
        report_doc_par(d, "This case defines no points.", REPORT_DOC_BODY, 0, 0, 0);
        return;
    }
    chosen = flint_calloc(res->points[0].nq + 1, 1);
    cst = flint_calloc(res->points[0].nq + 1, 1);
    if (chosen == NULL || cst == NULL)
    {
        flint_free(chosen);
        flint_free(cst);
        d->status = CANVAS_ERR_MEM;
        return;
    }
    nch = rp_points_chosen(chosen, res, t);
    for (k = 0; k < res->points[0].nq; k++)
        if (chosen[k])
        {
            cst[k] = (char) (res->npoints > 1 && rp_q_constant(res, k));
            ncst += cst[k];
            nvar += !cst[k];
        }
    if (res->npoints > 1 || res->points[0].index >= 0)
    {
        for (i = 0; i < res->npoints; i++)
        {
            rp_puts(&l, res->points[i].index < 0 ? "case" : res->points[i].name);
            rp_put(&l, rp_point_where(res, &res->points[i]));
        }
        rp_oom(d, &l);
        if (!l.oom)
        {
            rp_table_caption_for(d, "The points: where the enclosures below are computed (a point sets the "
                                 "parameters it names; the others keep their values in the table of parameters).",
                                 2, whead, (const char *const *) l.v, res->npoints, 1);
            report_doc_table(d, 2, whead, (const char *const *) l.v, res->npoints, 1, REPORT_DOC_TABLE);
        }
        rp_list_clear(&l);
    }
    if (ncst > 0)
    {
        for (k = 0; k < res->points[0].nq; k++)
            if (chosen[k] && cst[k])
            {
                rp_put(&l, rp_name(res->points[0].qnames[k]));
                rp_put(&l, rp_q_text(res, &res->points[0], k, 6));
            }
        rp_oom(d, &l);
        if (!l.oom)
        {
            report_ml_box **m = flint_calloc(2 * (size_t) ncst + 1, sizeof *m);
            int r = 0;
            for (k = 0; m && k < res->points[0].nq; k++)
                if (chosen[k] && cst[k])
                    m[2 * r++] = rp_name_box(d, res, res->points[0].qnames[k], REPORT_DOC_TABLE);
            d->cell_math = (const report_ml_box *const *) m;
            rp_table_caption_for(d, "Quantities that do not depend on the point, at 6 significant digits.", 2, chead,
                                 (const char *const *) l.v, ncst, 1);
            report_doc_table(d, 2, chead, (const char *const *) l.v, ncst, 1, REPORT_DOC_TABLE);
            rp_boxes_free(m, 2 * ncst);
        }
        rp_list_clear(&l);
    }
    /* points x quantities, RP_POINT_COLS quantities a table */
    {
        int *idx = flint_malloc((nvar + 1) * sizeof(int)), m = 0, from, nrows;
        for (k = 0; idx && k < res->points[0].nq; k++)
            if (chosen[k] && !cst[k])
                idx[m++] = k;
        for (from = 0; idx && from < m; from += RP_POINT_COLS)
        {
            int nc = m - from < RP_POINT_COLS ? m - from : RP_POINT_COLS;
            /* spread evenly: 5 quantities as 3 + 2, not 4 + 1 */
            int ntabs = (m + RP_POINT_COLS - 1) / RP_POINT_COLS, per = (m + ntabs - 1) / ntabs;
            const char *head[RP_POINT_COLS + 1];
            char *hs[RP_POINT_COLS + 1] = {0};
            char *cap;

            nc = m - from < per ? m - from : per;
            hs[0] = fc_strdup("Point");
            for (k = 0; k < nc; k++)
                hs[k + 1] = rp_name(res->points[0].qnames[idx[from + k]]);
            for (k = 0; k <= nc; k++)
                head[k] = hs[k] ? hs[k] : "?";
            nrows = 0;
            for (i = 0; i < res->npoints; i++)
            {
                /* a point where none of these quantities says anything is left out */
                int inf = 0;
                for (k = 0; k < nc; k++)
                    inf |= rp_q_informative(res, &res->points[i], idx[from + k]);
                if (!inf)
                    continue;
                nrows++;
                rp_puts(&l, res->points[i].index < 0 ? "case" : res->points[i].name);
                for (k = 0; k < nc; k++)
                    rp_put(&l, rp_q_text(res, &res->points[i], idx[from + k], 6));
            }
            rp_oom(d, &l);
            cap = fc_printf("Guaranteed enclosures at the points, 6 significant digits%s (full precision: "
                            "%sresults.json)%s.", nch < res->points[0].nq
                            ? "; the quantities the text discusses" : "",
                            rp_appendix_rows(res, chosen) > 0 && rp_appendix_rows(res, chosen) <= RP_APPENDIX_ROWS
                            ? "the appendix and " : "",
                            nrows < res->npoints ? "; a point where each of them is undefined, not certified defined or "
                            "without a certified digit is left out" : "");
            if (!l.oom && nrows > 0)
            {
                report_ml_box *hm[RP_POINT_COLS + 1] = {0};
                for (k = 0; k < nc; k++)
                    hm[k + 1] = rp_name_box(d, res, res->points[0].qnames[idx[from + k]], REPORT_DOC_TABLE);
                d->head_math = (const report_ml_box *const *) hm;
                rp_table_caption_for(d, cap ? cap : "Enclosures at the points.", nc + 1, head,
                                     (const char *const *) l.v, nrows, -1);
                report_doc_table(d, nc + 1, head, (const char *const *) l.v, nrows, -1, REPORT_DOC_TABLE);
                for (k = 1; k <= nc; k++)
                    if (hm[k])
                    {
                        report_ml_box_clear(hm[k]);
                        flint_free(hm[k]);
                    }
            }
            flint_free(cap);
            for (k = 0; k <= nc; k++)
                flint_free(hs[k]);
            rp_list_clear(&l);
            from += per - RP_POINT_COLS;
        }
        flint_free(idx);
    }
    /* region verdicts per point */
    {
        int any = 0;
        for (i = 0; i < res->npoints; i++)
        {
            const run_point *pt = &res->points[i];
            char *tr = fc_strdup(""), *un = fc_strdup("");
            any |= pt->nb > 0;
            for (k = 0; k < pt->nb && tr && un; k++)
            {
                char *nm = rp_name(pt->bnames[k]), **dst = NULL, *x;
                if (pt->b[k] == EXPR_TV_TRUE)
                    dst = &tr;
                else if (pt->b[k] != EXPR_TV_FALSE)
                    dst = &un;
                if (dst && nm)
                {
                    x = fc_printf("%s%s%s", *dst, (*dst)[0] ? ", " : "", nm);
                    flint_free(*dst);
                    *dst = x;
                }
                flint_free(nm);
            }
            {
                int nun = 0;
                for (k = 0; k < pt->nb; k++)
                    nun += pt->b[k] != EXPR_TV_TRUE && pt->b[k] != EXPR_TV_FALSE;
                if (nun > 6 && un)
                {
                    /* a point with ranges decides little: say how much, not every name, and
                       only the reasons that can hold: a named point that fixes every parameter
                       is undecided only on or near a boundary */
                    int ranged = pt->index < 0;
                    for (k = 0; k < pt->nparams && pt->at != NULL && !ranged; k++)
                        ranged = !arb_is_exact(pt->at + k) && arb_rel_accuracy_bits(pt->at + k) < 24;
                    flint_free(un);
                    if (pt->index < 0)
                        un = fc_printf("%d of the %d (the case's ranges are too wide to decide them)", nun, pt->nb);
                    else if (ranged)
                        un = fc_printf("%d of the %d (the point leaves some parameters as ranges, or lies on a "
                                       "boundary)", nun, pt->nb);
                    else
                        un = fc_printf("%d of the %d (the point lies on or too near their boundaries)", nun, pt->nb);
                }
            }
            rp_puts(&l, pt->index < 0 ? "case" : pt->name);
            rp_put(&l, tr && tr[0] ? tr : (flint_free(tr), fc_strdup("\xe2\x80\x94")));
            rp_put(&l, un && un[0] ? un : (flint_free(un), fc_strdup("\xe2\x80\x94")));
        }
        rp_oom(d, &l);
        if (any && !l.oom)
        {
            rp_table_caption_for(d, "Certified verdicts of the regions and boolean definitions at the points: "
                                 "those proved true; every one not listed is proved false, except the unknown ones.",
                                 3, vhead, (const char *const *) l.v, res->npoints, 1);
            report_doc_table(d, 3, vhead, (const char *const *) l.v, res->npoints, 1, REPORT_DOC_TABLE);
        }
        rp_list_clear(&l);
    }
    flint_free(chosen);
    flint_free(cst);
}

/* Appendix: the chosen quantities at every point at full precision. */
static void
rp_appendix(report_doc *d, const run_results *res, const report_tmpl_t *t)
{
    static const char *head[3] = {"Point", "Quantity", "Guaranteed enclosure (full precision)"};
    char *chosen;
    rp_list l = {0};
    int i, k, n = 0;

    if (res->npoints == 0)
        return;
    chosen = flint_calloc(res->points[0].nq + 1, 1);
    if (chosen == NULL)
        return;
    rp_points_chosen(chosen, res, t);
    for (i = 0; i < res->npoints; i++)
        for (k = 0; k < res->points[i].nq; k++)
            if (rp_appendix_shows(res, chosen, i, k))
            {
                rp_puts(&l, res->points[i].index < 0 ? "case" : res->points[i].name);
                rp_put(&l, rp_name(res->points[i].qnames[k]));
                rp_put(&l, rp_q_text(res, &res->points[i], k, 0));
                n++;
            }
    rp_oom(d, &l);
    /* a long appendix would bury the report: then results.json alone holds
       the full precision (the tables of points say so) */
    if (n > 0 && n <= RP_APPENDIX_ROWS && !l.oom)
    {
        report_ml_box **m = flint_calloc(3 * (size_t) n + 1, sizeof *m);
        int r = 0;
        for (i = 0; m && i < res->npoints; i++)
            for (k = 0; k < res->points[i].nq; k++)
                if (rp_appendix_shows(res, chosen, i, k))
                    m[3 * r++ + 1] = rp_name_box(d, res, res->points[i].qnames[k], REPORT_DOC_TABLE);
        /* the heading, the caption and the table's first rows together */
        report_doc_need(d, RP_HEAD_TABLE_ROOM);
        rp_heading(d, 1, "Appendix: enclosures at full precision", "sec:appendix");
        d->cell_math = (const report_ml_box *const *) m;
        rp_table_caption_for(d, "The enclosures of the tables of points at the working precision (a quantity "
                             "that is the same at every point is listed once).", 3, head,
                             (const char *const *) l.v, n, 2);
        report_doc_table(d, 3, head, (const char *const *) l.v, n, 2, REPORT_DOC_TABLE);
        rp_boxes_free(m, 3 * n);
    }
    rp_list_clear(&l);
    flint_free(chosen);
}

/* ---- plots ---------------------------------------------------------------- */

/* 1 if another plot of the case has the same title as plot K. */
static int
rp_title_shared(const run_results *res, int k)
{
    const char *t = res->plots[k].plot->title;
    int i;

    for (i = 0; t && i < res->nplots; i++)
        if (i != k && res->plots[i].plot->title && strcmp(res->plots[i].plot->title, t) == 0)
            return 1;
    return 0;
}

/* Draws plot K: its heading (unless HEADING is 0: the template's own heading
 * just above introduces it, and the caption carries the plot's title), the
 * figure, its caption and its table of areas. */
static void
rp_plot(report_doc *d, const run_results *res, int k, int heading)
{
    const run_plot *rp = &res->plots[k];
    const case_plot *pl = rp->plot;
    const case_t *c = res->c;
    const pave_result *pr = &rp->pave;
    report_figure_spec spec;
    report_plot_spec ps;
    const char **names = NULL;
    rp_list tab = {0};
    char *h, *cap = NULL, *ux, buf[160], a[64], b[64];
    double fw = report_doc_width(), fh = 0.66 * report_doc_width();
    int r, nrows = 0, st, have_ps = 0;
    static const char *head[3] = {"Region", "Area as a fraction of the box", "Area"};
    const char *hd[3];

    /* the heading is the plot's title, as a reader sees it; the case's internal
       name only when there is no title or another plot has the same one (the
       members of a family) */
    h = pl->title && pl->title[0] && !rp_title_shared(res, k) ? fc_strdup(pl->title)
        : pl->title && pl->title[0] ? fc_printf("Plot %s: %s", pl->name, pl->title)
                                    : fc_printf("Plot %s", pl->name);
    /* the room beside the figure: its heading and its caption, measured (a
       long title wraps in both); 44 pt plus the 24 pt the figure gives back
       below was enough only for a one-line heading and a two-line caption */
    fc_ball_bound_d(a, sizeof a, pr->undecided, 100, 3, 'g', 1);
    rp_superscript(b, sizeof b, -rp->depth);
    cap = fc_printf("Figure %d: %s. Certified paving at depth %d (smallest cells 2%s of each axis), "
                 "%ld cells; undecided \xe2\x89\xa4 %s %% of the box (hatched).",
                 d->nfig + 1, pl->title && pl->title[0] ? pl->title : pl->name, rp->depth, b, pr->ncells, a);
    {
        double side = (cap ? report_doc_par_math_height(d, cap, 8.5, report_doc_width()) : 36) + 6
                      + (heading ? (h ? report_doc_par_math_height(d, h, 11.5, report_doc_width()) : 16) + 14 : 0);
        double room = side - 24 > 44 ? side - 24 : 44;
        /* a figure shrinks to at most 30 % less rather than leave a page half empty */
        if (report_doc_room(d) - room < 0.55 * fh)
            report_doc_need(d, fh + room);
        else if (report_doc_room(d) - room < fh)
            fh = report_doc_room(d) - room;
    }
    if (heading)
    {
        char *key = fc_printf("plot:%s", pl->name);
        rp_heading_math(d, 2, h ? h : pl->name, key);
        flint_free(key);
    }
    flint_free(h);
    if (!rp->ok)
    {
        report_doc_par(d, "This plot could not be paved (see the error reported by fricert).",
                 REPORT_DOC_BODY, 0, 0, 0);
        flint_free(cap);
        return;
    }

    if (report_plot_spec_build(&ps, res, k) != 0)
    {
        d->status = CANVAS_ERR_MEM;
        goto done;
    }
    have_ps = 1;
    ++d->nfig;
    {
        char *key = fc_printf("fig:%s", pl->name);
        if (key)
            report_doc_mark(d, key, d->nfig, NULL, 0);
        flint_free(key);
    }
    spec = ps.spec;
    spec.title = NULL;            /* the section heading carries the title */
    spec.caption = NULL;          /* the numbered caption is a wrapped paragraph below */
    names = (const char **) ps.names;
    fh -= 24;
    st = report_figure_draw(d->c, &spec, report_doc_left(), d->y, fw, fh);
    if (st != CANVAS_OK && d->status == CANVAS_OK)
        d->status = st;
    d->y += fh + 2;
    if (cap)
        report_doc_par_math(d, cap, 8.5, 0);
    d->y += 4;

    /* certified-area table */
    ux = NULL;
    {
        /* the units in the usual notation (m/s^2 as m/s²), as everywhere else */
        const char *r1 = c->params[pl->x].unit, *r2 = pl->y >= 0 ? c->params[pl->y].unit : NULL;
        char *u1 = r1 && r1[0] ? report_ml_unit_text(r1) : NULL, *u2 = r2 && r2[0] ? report_ml_unit_text(r2) : NULL;
        const char *v1 = u1 ? u1 : r1, *v2 = u2 ? u2 : r2;
        if (v1 && v1[0] && v2 && v2[0])
            ux = fc_printf("Area [%s \xc2\xb7 %s]", v1, v2);
        else if ((v1 && v1[0]) || (v2 && v2[0]))
            ux = fc_printf("Area [%s]", v1 && v1[0] ? v1 : v2);
        else
            ux = fc_strdup("Area (parameter units)");
        flint_free(u1);
        flint_free(u2);
    }
    hd[0] = head[0];
    hd[1] = head[1];
    hd[2] = ux ? ux : head[2];
    for (r = 0; r < run_plot_nregions(rp) + 3; r++)
    {
        double lo, hi;
        const char *name;

        if (r < run_plot_nregions(rp))
            lo = pr->area_lo[r], hi = pr->area_hi[r], name = names[r];
        else if (r == run_plot_nregions(rp))
            lo = hi = pr->none, name = "none (every region false)";
        else if (r == run_plot_nregions(rp) + 1)
            lo = hi = pr->undecided, name = "undecided";
        else
            lo = hi = pr->pending, name = "pending (not examined)";
        if (r >= run_plot_nregions(rp) && lo == 0)
            continue;
        rp_puts(&tab, name);
        rp_fraction_range(buf, sizeof buf, lo, hi);
        rp_puts(&tab, buf);
        rp_area_bound(a, sizeof a, pr, lo, 0);
        rp_area_bound(b, sizeof b, pr, hi, 1);
        rp_put(&tab, fc_printf("[%s, %s]", a, b));
        nrows++;
    }
    rp_oom(d, &tab);
    if (!tab.oom)
    {
        char *tc = fc_printf("Certified areas of the regions of Figure %d.", d->nfig);
        rp_table_caption_for(d, tc ? tc : "Certified areas.", 3, hd, (const char *const *) tab.v, nrows, 0);
        flint_free(tc);
        report_doc_table(d, 3, hd, (const char *const *) tab.v, nrows, 0, REPORT_DOC_TABLE);
    }
    flint_free(ux);
    {
        char *bx0 = pave_arf_decimal(pr->x0), *by0 = pave_arf_decimal(pr->y0);
        char *bw = pave_arf_decimal(pr->w), *bh = pave_arf_decimal(pr->h);
        char *s, tm[96];

        if (rp_reproducible())
            snprintf(tm, sizeof tm, "time not recorded (SOURCE_DATE_EPOCH set)");
        else
            snprintf(tm, sizeof tm, "%.3f s", pr->seconds);
        s = fc_printf("Fractions are of the paved box, the exact dyadic box with corner (%s, %s) and "
                   "sides %s \xc3\x97 %s that contains the plotted range. A cell is coloured with a "
                   "region only where its predicate is proved true on the whole closed cell. "
                   "%ld cells, %ld evaluations, deepest level %d, precision up to %ld bits, %s%s.",
                   bx0, by0, bw, bh, pr->ncells, pr->evaluations, pr->max_depth,
                   (long) pr->max_prec_used, tm,
                   pr->budget_hit == 1 ? "; the cell budget stopped the paving"
                   : pr->budget_hit == 2 ? "; the time budget stopped the paving"
                   : pr->budget_hit == 3 ? "; the memory cap stopped the paving" : "");
        if (s)
            report_doc_par(d, s, 8.5, 0, 0, 0);
        flint_free(s);
        flint_free(bx0); flint_free(by0); flint_free(bw); flint_free(bh);
    }
done:
    rp_list_clear(&tab);
    if (have_ps)
        report_plot_spec_clear(&ps);
    flint_free(cap);
}

/* ---- claims --------------------------------------------------------------- */

static char *rp_claim_witness(const claim_result *cl);
static char *rp_claim_over(const run_results *res, const claim_result *cl);
static char *rp_claim_fixed(const run_results *res, const claim_result *cl, int max);

/* A witness coordinate (an exact rational) as the nearest double, for drawing. */
static double
rp_witness_value(const fmpq_t q)
{
    arb_t x;
    double v;
    arb_init(x);
    arb_set_fmpq(x, q, 64);
    v = arf_get_d(arb_midref(x), ARF_RND_NEAR);
    arb_clear(x);
    return v;
}

/* The caption of claim CL's figure (numbered: increments d->nfig). */
static char *
rp_claim_caption(report_doc *d, const run_results *res, const claim_result *cl, const report_plot_spec *ps)
{
    const claim_result *c = cl;
    int kind = c->claim->kind, mt = 0, mk = report_plot_spec_main_plot(res, c->x, c->y, &mt);
    char und[64], rel[64];
    const char *how;

    fc_ball_bound_d(und, sizeof und, c->pave.undecided + c->pave.pending, 100, 3, 'g', 1);
    if (kind == CASE_CLAIM_IMPLIES || kind == CASE_CLAIM_IMPLIED_BY)
    {
        fc_ball_bound_d(rel, sizeof rel, c->relation_undecided, 100, 3, 'g', 1);
        how = "The verdict comes from a paving of the implication alone, which stops where one side settles "
              "it; this figure paves the four categories at the same depth";
    }
    else
    {
        rel[0] = '\0';
        how = kind == CASE_CLAIM_THRESHOLD ? "This is the paving that decided the claim (with the exact algebra, "
              "when the text says so)" : "This is the paving that decided the claim";
    }
    return fc_printf("Figure %d: claim %s (%s): where the claim and the model hold, %s. %s (depth %d, %ld cells). "
                     "Hatched: the category is not decided on those cells, at most %s %% of the box%s%s%s%s.",
                     ++d->nfig, c->claim->name, claim_status_name(c->status),
                     mk >= 0 ? "in the main figure's axes (legend below)" : "over the claim's box (legend below)", how, c->depth,
                     c->pave.ncells, und, c->pave.pending > 0 ? " (with the cells a budget left pending, cross-hatched)"
                     : "", rel[0] ? "; the implication itself is undecided on at most " : "", rel,
                     rel[0] ? " %" : "");
    (void) ps;
}

/* A claim's figure ready to draw: the paving of its four categories with
 * the witness marked (the overlays point into the struct: keep it in place). */
typedef struct
{
    report_plot_spec ps;
    report_figure_overlay ov[2];
    double mx[2], my[2], nx[2], ny[2];
    char *wlabel, *wtext;
} rp_cfig;

/* 1 if claim I has a figure (a paving with cells). */
static int
rp_claim_has_figure(const run_results *res, int i)
{
    return res->claims[i].has_paving && res->claims[i].pave.ncells > 0;
}

/* Builds F for claim I; returns 0, or -1 (nothing to clear). */
static int
rp_cfig_init(rp_cfig *f, const run_results *res, int i)
{
    const claim_result *cl = &res->claims[i];
    double wx = NAN, wy = NAN;
    int k;

    memset(f, 0, sizeof *f);
    if (report_plot_spec_build_claim(&f->ps, res, i, cl->depth) != 0)
    {
        report_plot_spec_clear(&f->ps);
        return -1;
    }
    for (k = 0; k < cl->nwitness; k++)
    {
        if (strcmp(cl->wnames[k], res->c->params[cl->x].name) == 0)
            wx = rp_witness_value(cl->wq + k);
        if (cl->y >= 0 && strcmp(cl->wnames[k], res->c->params[cl->y].name) == 0)
            wy = rp_witness_value(cl->wq + k);
    }
    if (f->ps.transposed)
    {
        double t = wx;
        wx = wy;
        wy = t;
    }
    if (cl->y < 0 && isfinite(wx))
        wy = 0.5;
    if (isfinite(wx) || isfinite(wy))
    {
        /* a cross at the witness; a witness giving one coordinate only (a
           value of the threshold's parameter, for every value of the other)
           is a line across the plot */
        report_figure_spec *sp = &f->ps.spec;
        double dx = 0.025 * (sp->x_hi - sp->x_lo), dy = 0.025 * (sp->y_hi - sp->y_lo);
        int line = !(isfinite(wx) && isfinite(wy));
        if (line && isfinite(wy))
        {
            f->mx[0] = sp->x_lo; f->mx[1] = sp->x_hi; f->my[0] = f->my[1] = wy;
        }
        else if (line)
        {
            f->mx[0] = f->mx[1] = wx; f->my[0] = sp->y_lo; f->my[1] = sp->y_hi;
        }
        else
        {
            f->mx[0] = wx - dx; f->mx[1] = wx + dx; f->my[0] = f->my[1] = wy;
            f->nx[0] = f->nx[1] = wx; f->ny[0] = wy - dy; f->ny[1] = wy + dy;
        }
        f->wlabel = rp_claim_witness(cl);
        f->wtext = fc_printf(line ? "witness %s (the line)" : "witness %s (the cross)", f->wlabel ? f->wlabel : "");
        f->ov[0].x = f->mx; f->ov[0].y = f->my; f->ov[0].n = 2; f->ov[0].label = f->wtext ? f->wtext : "witness";
        f->ov[1].x = f->nx; f->ov[1].y = f->ny; f->ov[1].n = 2;
        sp->overlays = f->ov;
        sp->noverlays = line ? 1 : 2;
    }
    f->ps.spec.caption = NULL;   /* the numbered caption is a wrapped paragraph below */
    f->ps.spec.title = NULL;
    return 0;
}

static void
rp_cfig_clear(rp_cfig *f)
{
    flint_free(f->wlabel);
    flint_free(f->wtext);
    report_plot_spec_clear(&f->ps);
}

/* Numbers claim I's figure, marks it and returns its caption. */
static char *
rp_cfig_number(report_doc *d, const run_results *res, int i, const rp_cfig *f)
{
    const claim_result *cl = &res->claims[i];
    char *key = fc_printf("cfig:%s", cl->claim->name);
    char *cap = rp_claim_caption(d, res, cl, &f->ps);
    if (key)
        report_doc_mark(d, key, d->nfig, NULL, 0);
    flint_free(key);
    return cap;
}

/* The number of claim figures of the report. */
static int
rp_claim_nfig(const run_results *res)
{
    int k, n = 0;
    for (k = 0; k < res->nclaims; k++)
        n += rp_claim_has_figure(res, k);
    return n;
}

/* The paving of claim i's four categories, with the witness marked. */
static void
rp_claim_figure(report_doc *d, const run_results *res, int i)
{
    const claim_result *cl = &res->claims[i];
    rp_cfig f;
    double fw = report_doc_width(), fh = 0.42 * report_doc_width();
    int st, nfig = rp_claim_nfig(res);
    char *cap;

    if (!rp_claim_has_figure(res, i))
        return;
    /* many claim figures (more than six): each a little flatter, so that
       the report keeps to its page limit (15 pages) */
    if (nfig > 6)
        fh = (nfig > 8 ? 0.29 : 0.34) * report_doc_width();
    if (cl->y < 0)
        fh = 0.32 * report_doc_width();   /* a 1-D paving: a strip along its axis */
    if (rp_cfig_init(&f, res, i) != 0)
        return;
    cap = rp_claim_caption(d, res, cl, &f.ps);   /* numbered here, marked below on the figure's page */
    {
        /* the caption (four lines or so) goes with the figure: its measured
           height, less the 24 pt the figure gives back below */
        double side = (cap ? report_doc_par_math_height(d, cap, 8.5, report_doc_width()) : 48) + 6 - 24;
        double room = side > 20 ? side : 20;
        if (report_doc_room(d) - room < (nfig > 6 ? 0.8 : 0.7) * fh)   /* a flatter figure is not squeezed much more */
            report_doc_need(d, fh + room);
        else if (report_doc_room(d) - room < fh)
            fh = report_doc_room(d) - room;
    }
    {
        char *key = fc_printf("cfig:%s", cl->claim->name);
        if (key)
            report_doc_mark(d, key, d->nfig, NULL, 0);
        flint_free(key);
    }
    fh -= 24;
    st = report_figure_draw(d->c, &f.ps.spec, report_doc_left(), d->y, fw, fh);
    d->y += fh + 2;
    if (cap)
        report_doc_par_math(d, cap, 8.5, 0);
    d->y += 4;
    flint_free(cap);
    if (st != CANVAS_OK && d->status == CANVAS_OK)
        d->status = st;
    rp_cfig_clear(&f);
}

/* 1 if the figures of claims I and I + 1 are drawn side by side after
 * claim I + 1's text: a report with more than six claim figures, both
 * two-dimensional pavings (the page holds two at half width; a report
 * with few figures keeps each under its own text). */
static int
rp_claim_pair(const run_results *res, int i)
{
    return rp_claim_nfig(res) > 6 && i + 1 < res->nclaims && rp_claim_has_figure(res, i)
           && rp_claim_has_figure(res, i + 1) && res->claims[i].y >= 0 && res->claims[i + 1].y >= 0;
}

/* The figures of claims I and I + 1 side by side, each with its caption
 * under it. */
static void
rp_claim_figure_pair(report_doc *d, const run_results *res, int i)
{
    rp_cfig f[2];
    double gap = 14, hw = (report_doc_width() - gap) / 2, fh = 0.44 * report_doc_width(), ch[2], y0;
    char *cap[2];
    int k, st;

    if (rp_cfig_init(&f[0], res, i) != 0)
        return;
    if (rp_cfig_init(&f[1], res, i + 1) != 0)
    {
        rp_cfig_clear(&f[0]);
        return;
    }
    /* the captions' heights before anything is drawn, so that the row with
       its captions stays on one page */
    {
        int save = d->nfig;
        char *c0 = rp_claim_caption(d, res, &res->claims[i], &f[0].ps);
        char *c1 = rp_claim_caption(d, res, &res->claims[i + 1], &f[1].ps);
        d->nfig = save;
        ch[0] = c0 ? report_doc_par_math_height(d, c0, 8.5, hw) : 0;
        ch[1] = c1 ? report_doc_par_math_height(d, c1, 8.5, hw) : 0;
        flint_free(c0);
        flint_free(c1);
    }
    if (report_doc_room(d) < fh + 2 + fmax(ch[0], ch[1]) + 4)
        report_doc_need(d, fh + 2 + fmax(ch[0], ch[1]) + 4);
    for (k = 0; k < 2; k++)
        cap[k] = rp_cfig_number(d, res, i + k, &f[k]);
    y0 = d->y;
    for (k = 0; k < 2; k++)
    {
        st = report_figure_draw(d->c, &f[k].ps.spec, report_doc_left() + k * (hw + gap), y0, hw, fh);
        if (st != CANVAS_OK && d->status == CANVAS_OK)
            d->status = st;
    }
    for (k = 0; k < 2; k++)
        if (cap[k])
            report_doc_par_math_at(d, cap[k], 8.5, k * (hw + gap), hw, y0 + fh + 2);
    d->y = y0 + fh + 2 + fmax(ch[0], ch[1]) + 4;
    for (k = 0; k < 2; k++)
    {
        flint_free(cap[k]);
        rp_cfig_clear(&f[k]);
    }
}

/* The claim's two predicates typeset ("Claim: μ > 4/3", "Model: ∃θ ∈ [0, π/2]: B < 0")
 * and what is checked between them, in words from the claim's kind. */
static void
rp_claim_predicates(report_doc *d, const run_results *res, const claim_result *cl)
{
    const case_claim *k = cl->claim;
    const case_t *c = res->c;
    report_ml_ctx x;
    report_ml_box h;
    expr_t model = NULL;
    const char *rel = NULL;
    char *pn = NULL, *s;

    if (k == NULL || k->claim == NULL || k->model == NULL)
        return;
    x = rp_ml(d, res);
    if (k->kind == CASE_CLAIM_THRESHOLD && k->nover == 1 && c->params[k->over[0]].is_range)
    {
        const case_param *p = &c->params[k->over[0]];
        model = expr_quant(EXPR_EXISTS, p->name, expr_copy(p->lo), expr_copy(p->hi), expr_copy(k->model));
    }
    rp_head_word(&h, &x, "Claim:", REPORT_DOC_BODY);
    if (rp_math(d, res, &h, k->claim, REPORT_DOC_BODY, 8) != 0)
        rp_math_text(d, "Claim:", k->claim, REPORT_DOC_BODY, 8);
    rp_head_word(&h, &x, "Model:", REPORT_DOC_BODY);
    if (rp_math(d, res, &h, model ? model : k->model, REPORT_DOC_BODY, 8) != 0)
        rp_math_text(d, "Model:", model ? model : k->model, REPORT_DOC_BODY, 8);
    expr_free(model);
    switch (k->kind)
    {
    case CASE_CLAIM_EQUIVALENT:
        rel = "the claim holds exactly where the model holds (claim \xe2\x87\x94 model) at every point of the box";
        break;
    case CASE_CLAIM_IMPLIES:
        rel = "wherever the claim holds, the model holds (claim \xe2\x87\x92 model); the model may hold "
              "elsewhere too";
        break;
    case CASE_CLAIM_IMPLIED_BY:
        rel = "wherever the model holds, the claim holds (model \xe2\x87\x92 claim); the claim may hold "
              "elsewhere too";
        break;
    case CASE_CLAIM_IDENTITY:
        rel = "the two expressions are equal at every point of the box (an identity)";
        break;
    case CASE_CLAIM_THRESHOLD:
        if (k->param >= 0 || cl->y >= 0)
            pn = rp_name(c->params[k->param >= 0 ? k->param : cl->y].name);
        break;
    }
    if (k->kind == CASE_CLAIM_THRESHOLD)
    {
        char *on = k->nover == 1 ? rp_name(c->params[k->over[0]].name) : NULL;
        s = fc_printf("Checked: for every value of %s, the claim holds exactly when the model holds for some "
                      "%s in its range.", pn ? pn : "the other parameter", on ? on : "value of the other one");
        flint_free(on);
    }
    else
        s = fc_printf("Checked: %s.", rel);
    if (s)
        report_doc_par(d, s, 9, 0, 0, 0);
    flint_free(s);
    flint_free(pn);
}

static void
rp_claims(report_doc *d, const run_results *res)
{
    int i, paired = 0;

    if (res->nclaims == 0)
    {
        report_doc_par(d, "This case states no claims to check.", REPORT_DOC_BODY, 0, 0, 0);
        return;
    }
    for (i = 0; i < res->nclaims; i++)
    {
        const claim_result *cl = &res->claims[i];
        const char *says = cl->claim ? cl->claim->says : NULL;
        const char *src = cl->claim ? cl->claim->source : NULL;
        char *h = fc_printf("Claim %s: %s", cl->claim ? cl->claim->name : "?",
                         claim_status_name(cl->status));
        char *s;

        {
            char *key = fc_printf("claim:%s", cl->claim ? cl->claim->name : "?");
            rp_heading(d, 2, h ? h : "Claim", key);
            flint_free(key);
        }
        flint_free(h);
        if (says)
        {
            char *u = rp_unquote(says);
            s = fc_printf("It says: \xe2\x80\x9c%s\xe2\x80\x9d", u ? u : says);
            report_doc_par(d, s, REPORT_DOC_BODY, 0, 0, 0);
            flint_free(s);
            flint_free(u);
        }
        if (src)
        {
            s = fc_printf("Source: %s", src);
            report_doc_par(d, s, 9, 0, 0, 0);
            flint_free(s);
        }
        rp_claim_predicates(d, res, cl);
        s = fc_printf("Verdict: %s.", claim_status_name(cl->status));
        report_doc_par(d, s, REPORT_DOC_BODY, 1, 0, 0);
        flint_free(s);
        {
            char *ov = rp_claim_over(res, cl), *fx = rp_claim_fixed(res, cl, 12);
            if (ov && ov[0])
                s = fc_printf("Decided over %s%s%s%s.", ov,
                              fx ? "; held fixed at the case's values: " : "", fx ? fx : "",
                              "");
            else
                s = fx ? fc_printf("Held fixed at the case's values: %s.", fx) : NULL;
            if (s)
                report_doc_par(d, s, 9, 0, 0, 0);
            flint_free(s);
            flint_free(ov);
            flint_free(fx);
        }
        if (cl->nwitness > 0)
        {
            char *w = rp_claim_witness(cl);
            s = fc_printf("Witness (exact): %s.", w ? w : "?");
            report_doc_par(d, s, REPORT_DOC_BODY, 0, 0, 12);
            flint_free(s);
            flint_free(w);
        }
        if (cl->claim_side && cl->claim_side[0])
        {
            s = rp_sentence(cl->claim_side);
            report_doc_par(d, s ? s : cl->claim_side, REPORT_DOC_BODY, 0, 0, 12);
            flint_free(s);
        }
        if (cl->model_side && cl->model_side[0])
        {
            s = rp_sentence(cl->model_side);
            report_doc_par(d, s ? s : cl->model_side, REPORT_DOC_BODY, 0, 0, 12);
            flint_free(s);
        }
        if (cl->status == CLAIM_CONSISTENT && !(cl->detail && cl->detail[0]))
        {
            char u[64];
            fc_ball_bound_d(u, sizeof u, cl->undecided, 100, 3, 'g', 1);
            s = fc_printf("No disagreement was found; they might still differ on at most %s %% of "
                       "the parameter box, where neither side could be decided.", u);
            report_doc_par(d, s, REPORT_DOC_BODY, 0, 0, 0);
            flint_free(s);
        }
        if (cl->detail && cl->detail[0])
        {
            char *u = rp_pm(cl->detail);
            report_doc_par(d, u ? u : cl->detail, REPORT_DOC_BODY, 0, 0, 0);
            flint_free(u);
        }
        /* with many figures, two claims' figures side by side after the second's text */
        if (i > 0 && rp_claim_pair(res, i - 1) && !paired)
        {
            rp_claim_figure_pair(d, res, i - 1);
            paired = 1;
        }
        else if (rp_claim_pair(res, i))
            paired = 0;
        else
        {
            rp_claim_figure(d, res, i);
            paired = 0;
        }
    }
}

/* ---- page 1: what the case is, the verdicts, the contents ------------------- */

/* "θ ∈ [a, b], μ ∈ [c, d]": the box a claim was decided over. */
static char *
rp_claim_over(const run_results *res, const claim_result *cl)
{
    const case_t *c = res->c;
    int ax[2], n = 0, k;
    char *s = fc_strdup("");

    if (cl->has_paving)
    {
        ax[n++] = cl->x;
        if (cl->y >= 0)
            ax[n++] = cl->y;
    }
    else if (cl->claim && cl->claim->nover > 0)
        for (k = 0; k < cl->claim->nover && k < 2; k++)
            ax[n++] = cl->claim->over[k];
    else if (cl->claim && cl->claim->param >= 0)
        ax[n++] = cl->claim->param;
    for (k = 0; s && k < n; k++)
    {
        const case_param *p = &c->params[ax[k]];
        char *nm = rp_name(p->name), *t;
        if (p->is_range)
        {
            char *a = rp_expr(p->lo), *b = rp_expr(p->hi);
            t = fc_printf("%s%s%s \xe2\x88\x88 [%s, %s]", s, k ? ", " : "", nm ? nm : "?", a ? a : "?", b ? b : "?");
            flint_free(a);
            flint_free(b);
        }
        else
        {
            char *v = rp_expr(p->value);
            t = fc_printf("%s%s%s = %s", s, k ? ", " : "", nm ? nm : "?", v ? v : "?");
            flint_free(v);
        }
        flint_free(nm);
        flint_free(s);
        s = t;
    }
    return s;
}

/* The parameters a claim holds at fixed values (every parameter that is not
 * one of its axes and not a range), as "name = value, ...", or NULL if none. */
static char *
rp_claim_fixed(const run_results *res, const claim_result *cl, int max)
{
    const case_t *c = res->c;
    char *s = NULL;
    int i, n = 0, more = 0;

    for (i = 0; i < c->nparams; i++)
    {
        const case_param *p = &c->params[i];
        char *nm, *v, *t;
        if (p->is_range || (cl->has_paving && (i == cl->x || i == cl->y)))
            continue;
        if (n >= max)
        {
            more++;
            continue;
        }
        nm = rp_name(p->name);
        v = rp_expr(p->value);
        t = fc_printf("%s%s%s = %s", s ? s : "", s ? ", " : "", nm ? nm : "?", v ? v : "?");
        flint_free(nm);
        flint_free(v);
        flint_free(s);
        s = t;
        n++;
    }
    if (more && s)
    {
        char *t = fc_printf("%s and %d more (see the table of parameters)", s, more);
        flint_free(s);
        s = t;
    }
    return s;
}

/* The witness as "name = value, ..." (exact rationals), or an em dash. */
static char *
rp_claim_witness(const claim_result *cl)
{
    char *s = NULL;
    int k;

    if (cl->nwitness == 0)
        return fc_strdup("\xe2\x80\x94");
    for (k = 0; k < cl->nwitness; k++)
    {
        char *nm = rp_name(cl->wnames[k]);
        char *t = fc_printf("%s%s%s = %s", s ? s : "", s ? ", " : "", nm ? nm : "?", cl->wvalues[k]);
        flint_free(nm);
        flint_free(s);
        s = t;
    }
    return s;
}

/* The section number in a heading mark's title ("2.3  Claim ..."), or "?". */
static void
rp_section_number(char *buf, size_t n, const report_doc *d, const char *key)
{
    int k = report_doc_mark_find(d->prev, key);
    size_t i = 0;

    if (k < 0)
    {
        snprintf(buf, n, "?");
        return;
    }
    while (d->prev->title[k][i] && d->prev->title[k][i] != ' ' && i + 1 < n)
    {
        buf[i] = d->prev->title[k][i];
        i++;
    }
    buf[i] = '\0';
}

static void
rp_front(report_doc *d, const run_results *res)
{
    static const char *vhead[4] = {"Claim", "Verdict", "Witness", "See"};
    static const char *thead[2] = {"Contents", "Page"};
    const case_t *c = res->c;
    rp_list l = {0}, keys = {0}, t = {0}, tk = {0};
    int i;

    if (c->summary && c->summary[0])
        report_doc_par(d, c->summary, REPORT_DOC_BODY, 0, 0, 0);
    if (res->nclaims > 0)
    {
        for (i = 0; i < res->nclaims; i++)
        {
            const claim_result *cl = &res->claims[i];
            const char *name = cl->claim ? cl->claim->name : "?";
            char *ck = fc_printf("claim:%s", name), *fk = fc_printf("cfig:%s", name), sec[32];
            int fig, page;

            rp_puts(&l, name);
            rp_puts(&l, claim_status_name(cl->status));
            rp_put(&l, rp_claim_witness(cl));
            rp_section_number(sec, sizeof sec, d, ck ? ck : "");
            fig = fk ? rp_ref_num(d, fk) : 0;
            page = ck ? rp_ref_page(d, ck) : 0;
            if (fig > 0)
                rp_put(&l, fc_printf("\xc2\xa7%s, Fig. %d, p. %d", sec, fig, page));
            else
                rp_put(&l, fc_printf("\xc2\xa7%s, p. %d", sec, page));
            rp_puts(&keys, ck);
            rp_puts(&keys, fig > 0 ? fk : ck);
            rp_puts(&keys, fig > 0 ? fk : ck);
            rp_puts(&keys, ck);
            flint_free(ck);
            flint_free(fk);
        }
        rp_oom(d, &l);
        rp_oom(d, &keys);
        if (!l.oom && !keys.oom)
        {
            rp_table_caption(d, "Verdicts on the published claims (proved, refuted, consistent: no "
                             "counterexample found, inconclusive). The claim and its "
                             "section number link to its section (where the box it was decided over and the "
                             "parameters held fixed are stated); the verdict and the witness link to the figure "
                             "of the paving that decided it.");
            report_doc_mark(d, "tab:verdicts", d->ntab, NULL, 0);
            d->cell_keys = (const char *const *) keys.v;
            report_doc_table(d, 4, vhead, (const char *const *) l.v, res->nclaims, 2, REPORT_DOC_TABLE);
        }
    }
    else
        report_doc_par(d, "This case states no published claims to check; its results are the enclosures, "
                          "verdicts and diagrams below.", REPORT_DOC_BODY, 0, 0, 0);
    /* contents, from the previous layout */
    for (i = 0; d->prev && i < d->prev->n; i++)
        if (d->prev->level[i] > 0)
        {
            rp_put(&t, fc_printf("%s%s", d->prev->level[i] > 1 ? "      " : "", d->prev->title[i]));
            rp_put(&t, fc_printf("%d", d->prev->page[i] + 1));
            rp_puts(&tk, d->prev->key[i]);
            rp_puts(&tk, d->prev->key[i]);
        }
    rp_oom(d, &t);
    rp_oom(d, &tk);
    if (!t.oom && !tk.oom)
    {
        d->cell_keys = (const char *const *) tk.v;
        report_doc_table(d, 2, thead, (const char *const *) t.v, t.n / 2, 0, REPORT_DOC_TABLE);
    }
    rp_list_clear(&l);
    rp_list_clear(&keys);
    rp_list_clear(&t);
    rp_list_clear(&tk);
}

/* ---- provenance ----------------------------------------------------------- */

/* About the height of the provenance block, in points: it ends the report
 * and is kept in one piece, so the last page is never nearly empty. */
#define RP_PROV_HEIGHT(res) (330.0 + 16.0 * (res)->nplots + 32.0 * (res)->c->ninclude)

/* The height the provenance took from mark A to mark B in the previous
 * layout (both on one page), plus 1 pt, plus HEAD when A was at the top of
 * a page (a heading there has no space above it, elsewhere it has HEAD);
 * else the estimate RP_PROV_HEIGHT plus EXTRA.  Keeping the block whole
 * then costs no more room than it needs (the estimate is generous). */
static double
rp_prov_height(const report_doc *d, const run_results *res, const char *a, const char *b, double head, double extra)
{
    int i = d->prev ? report_doc_mark_find(d->prev, a) : -1, j = d->prev ? report_doc_mark_find(d->prev, b) : -1;
    if (i >= 0 && j >= 0 && d->prev->page[i] == d->prev->page[j] && d->prev->y[j] > d->prev->y[i])
        return d->prev->y[j] - d->prev->y[i] + 1 + (d->prev->y[i] <= REPORT_DOC_MARGIN_TOP + 1e-6 ? head : 0);
    return RP_PROV_HEIGHT(res) + extra;
}

static void
rp_provenance(report_doc *d, const run_results *res, const char *date)
{
    static const char *head[2] = {"Item", "Value"};
    static const char *phead[6] = {"Plot", "Depth", "Budgets", "Cells", "Evaluations", "Time"};
    const case_t *c = res->c;
    rp_list l = {0}, p = {0};
    int i, repro = rp_reproducible();

    /* provenance ends the report: kept in one piece, so the last page is never nearly empty */
    report_doc_need(d, rp_prov_height(d, res, "prov:body", "prov:end", 0, 0));
    report_doc_mark(d, "prov:body", 0, NULL, 0);
    {
        char *s = fc_printf("Generated by fricert %s (%s) with FLINT %s, Arb %s, Cairo %s and libharu %s.",
                            res->engine_version, res->git, res->flint, res->arb, canvas_cairo_version(),
                            canvas_hpdf_version());
        report_doc_par(d, s ? s : "Generated by fricert", REPORT_DOC_BODY, 0, 0, 0);
        flint_free(s);
    }

    rp_puts(&l, "Case file");
    rp_puts(&l, c->path);
    rp_puts(&l, "SHA-256 of the case file");
    rp_puts(&l, res->sha256[0] ? res->sha256 : "(not computed)");
    for (i = 0; i < c->ninclude; i++) {   /* the included .defs files: name, SHA-256 of the bytes parsed */
        rp_put(&l, fc_printf("Included %s", c->include_name[i]));
        rp_put(&l, fc_printf("SHA-256 %s", c->include_sha256[i]));
    }
    rp_puts(&l, "fricert");
    rp_put(&l, fc_printf("%s (git %s)", res->engine_version, res->git));
    rp_puts(&l, "Libraries");
    rp_put(&l, fc_printf("FLINT %s, Arb %s, Cairo %s, libharu %s", res->flint, res->arb, canvas_cairo_version(),
                      canvas_hpdf_version()));
    rp_puts(&l, "Working precision");
    rp_put(&l, fc_printf("%ld bits for the enclosures at points (about %ld decimal digits)",
                      (long) res->prec, (long) fc_ball_digits(res->prec)));
    rp_puts(&l, "Threads");
    rp_put(&l, fc_printf("%d", res->threads > 0 ? res->threads : 1));
    rp_puts(&l, "Expectations ([expect])");
    rp_put(&l, fc_printf("%d passed, %d failed", res->expect_passed, res->expect_failed));
    rp_puts(&l, "Total computing time");
    rp_put(&l, repro ? fc_strdup("not recorded (SOURCE_DATE_EPOCH set: reproducible output)")
                     : fc_printf("%.3f s", res->seconds));
    rp_puts(&l, "Report date");
    rp_put(&l, fc_printf("%s%s", date, repro ? " (from SOURCE_DATE_EPOCH)" : ""));
    rp_oom(d, &l);
    if (!l.oom)
        report_doc_table(d, 2, head, (const char *const *) l.v, l.n / 2, 1, REPORT_DOC_TABLE);

    if (res->nplots > 0)
    {
        for (i = 0; i < res->nplots; i++)
        {
            const run_plot *rp = &res->plots[i];
            const case_plot *pl = rp->plot;
            char cb[48], tb[48];

            if (pl->max_cells > 0)
                snprintf(cb, sizeof cb, "%ld cells", pl->max_cells);
            else
                snprintf(cb, sizeof cb, "no cell limit");
            if (pl->seconds > 0)
                snprintf(tb, sizeof tb, "%g s", pl->seconds);
            else
                snprintf(tb, sizeof tb, "no time limit");
            rp_puts(&p, pl->name);
            rp_put(&p, fc_printf("%d (reached %d)", rp->depth, rp->pave.max_depth));
            rp_put(&p, fc_printf("%s; %s", cb, tb));
            rp_put(&p, fc_printf("%ld", rp->pave.ncells));
            rp_put(&p, fc_printf("%ld", rp->pave.evaluations));
            rp_put(&p, repro ? fc_strdup("\xe2\x80\x94") : fc_printf("%.3f s", rp->pave.seconds));
        }
        rp_oom(d, &p);
        if (!p.oom)
            report_doc_table(d, 6, phead, (const char *const *) p.v, res->nplots, 2, REPORT_DOC_TABLE);
    }
    report_doc_par(d, "To re-check: run the same fricert version on a case file with this SHA-256; the "
                "cells of every plot are in P.cells.csv next to this report (exact decimal cell "
                "ends), and results.json holds every enclosure and verdict.", 9, 0, 0, 0);
    report_doc_mark(d, "prov:end", 0, NULL, 0);
    rp_list_clear(&l);
    rp_list_clear(&p);
}

/* ---- the document --------------------------------------------------------- */

static int
rp_info(report_doc *d, const run_results *res, long long t)
{
    char *creator = fc_printf("fricert %s", res->engine_version);
    char *subject = fc_printf("Certified report on case %s (%s)", res->c->id,
                           res->c->source ? res->c->source : "");
    int st = report_doc_info(d, res->c->title, subject, creator, t);

    flint_free(creator);
    flint_free(subject);
    return st == CANVAS_OK ? 0 : -1;
}

static int
rp_plot_index(const run_results *res, const char *name)
{
    int k;

    for (k = 0; k < res->nplots; k++)
        if (res->plots[k].plot && strcmp(res->plots[k].plot->name, name) == 0)
            return k;
    return -1;
}

/* ---- references ------------------------------------------------------------ */

/* The case's bibliography ([case] references, one per line) as a numbered
 * list under "References", then the appendix: the back matter before the
 * provenance.  Nothing is written for a case without references. */
static void
rp_back_matter(report_doc *d, const run_results *res, const report_tmpl_t *t)
{
    const char *p = res->c->references;
    int k = 0;

    while (p && *p)
    {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t) (e - p) : strlen(p);
        while (n > 0 && (*p == ' ' || *p == '\t'))
            p++, n--;
        if (n > 0)
        {
            char *s = fc_printf("[%d]  %.*s", ++k, (int) n, p);
            if (k == 1)
            {
                report_doc_need(d, 80);
                rp_heading(d, 1, "References", "references");
            }
            report_doc_par(d, s ? s : "", REPORT_DOC_BODY, 0, 0, 18);
            flint_free(s);
        }
        p = e ? e + 1 : p + n;
    }
    rp_appendix(d, res, t);
}

static int
rp_body(report_doc *d, const run_results *res, const report_tmpl_t *t, const char *date, fc_error *err)
{
    int i, k, has_prov = 0;
    char *drawn = flint_calloc(res->nplots + 1, 1);

    if (drawn == NULL)
        return REPORT_ERR_IO;
    for (i = 0; i < t->nitems; i++)
        if (t->items[i].kind == REPORT_TMPL_BLOCK && t->items[i].block == REPORT_TMPL_PLOT)
        {
            k = rp_plot_index(res, t->items[i].text);
            if (k >= 0)
                drawn[k] = 1;
        }
    for (i = 0; i < t->nitems && d->status == CANVAS_OK; i++)
    {
        const report_tmpl_item *it = &t->items[i];
        char *s;

        if (it->kind != REPORT_TMPL_BLOCK)
        {
            s = report_tmpl_expand(t, it, res, err);
            if (s == NULL)
            {
                flint_free(drawn);
                return REPORT_ERR_INPUT;
            }
            if (it->kind == REPORT_TMPL_PARA)
                report_doc_par(d, s, REPORT_DOC_BODY, 0, 0, 0);
            else
            {
                const report_tmpl_item *nx = i + 1 < t->nitems ? &t->items[i + 1] : NULL;
                if (nx && nx->kind == REPORT_TMPL_BLOCK && res->nplots > 0
                    && (nx->block == REPORT_TMPL_PLOT || nx->block == REPORT_TMPL_PLOTS))
                    report_doc_need(d, 0.55 * 0.66 * report_doc_width() + 90);
                /* a heading whose section opens with another heading (the first claim's, or a
                   template subheading) or with a table (its caption, header and first rows)
                   keeps them together: never an orphan heading at the foot of a page */
                if (nx && ((nx->kind == REPORT_TMPL_BLOCK && nx->block == REPORT_TMPL_CLAIMS && res->nclaims > 0)
                           || nx->kind == REPORT_TMPL_H1 || nx->kind == REPORT_TMPL_H2))
                    report_doc_need(d, 2 * (14.0 * 1.38 + 10) + 4 * 1.38 * REPORT_DOC_BODY + 10);
                if (nx && nx->kind == REPORT_TMPL_BLOCK
                    && (nx->block == REPORT_TMPL_POINTS || nx->block == REPORT_TMPL_PARAMETERS))
                    report_doc_need(d, RP_HEAD_TABLE_ROOM);
                if (nx && nx->kind == REPORT_TMPL_BLOCK && nx->block == REPORT_TMPL_PROVENANCE)
                {
                    rp_back_matter(d, res, t);
                    report_doc_need(d, RP_PROV_HEIGHT(res) + 40);
                }
                rp_heading(d, it->kind == REPORT_TMPL_H1 ? 1 : 2, s, NULL);
            }
            flint_free(s);
            continue;
        }
        switch (it->block)
        {
            case REPORT_TMPL_SUMMARY: rp_summary(d, res); break;
            case REPORT_TMPL_PARAMETERS: rp_parameters(d, res); break;
            case REPORT_TMPL_DEFINITIONS: rp_definitions(d, res); break;
            case REPORT_TMPL_POINTS: rp_points(d, res, t); break;
            case REPORT_TMPL_PLOT:
                k = rp_plot_index(res, it->text);
                /* a plot right under a template heading belongs to that section */
                if (k >= 0)
                    rp_plot(d, res, k, !(i > 0 && t->items[i - 1].kind == REPORT_TMPL_H2));
                break;
            case REPORT_TMPL_PLOTS:
                for (k = 0; k < res->nplots; k++)
                    if (!drawn[k])
                        rp_plot(d, res, k, 1);
                if (res->nplots == 0)
                    report_doc_par(d, "This case has no plots.", REPORT_DOC_BODY, 0, 0, 0);
                break;
            case REPORT_TMPL_CLAIMS:
                /* a template heading right above: a sentence under it, so that
                   it is not an empty section followed at once by a claim's
                   heading (tests/empty_sections.py) */
                if (res->nclaims > 0 && i > 0
                    && (t->items[i - 1].kind == REPORT_TMPL_H1 || t->items[i - 1].kind == REPORT_TMPL_H2))
                    report_doc_par(d, "Each claim below is quoted as the case states it, with its source, the two "
                                   "expressions compared, the verdict and the evidence for it.",
                                   REPORT_DOC_BODY, 0, 0, 0);
                rp_claims(d, res);
                break;
            case REPORT_TMPL_PROVENANCE:
                /* the appendix comes before provenance (before its heading, if any) */
                if (i == 0 || (t->items[i - 1].kind != REPORT_TMPL_H1 && t->items[i - 1].kind != REPORT_TMPL_H2))
                    rp_back_matter(d, res, t);
                if (i == 0 || (t->items[i - 1].kind != REPORT_TMPL_H1 && t->items[i - 1].kind != REPORT_TMPL_H2))
                {
                    /* the heading goes with its block: never alone at the foot of a page */
                    report_doc_need(d, rp_prov_height(d, res, "prov:start", "prov:end", 10, 40));
                    report_doc_mark(d, "prov:start", 0, NULL, 0);
                    rp_heading(d, 1, "Provenance", NULL);
                }
                rp_provenance(d, res, date);
                has_prov = 1;
                break;
        }
    }
    /* provenance is never left out */
    if (!has_prov && d->status == CANVAS_OK)
    {
        rp_back_matter(d, res, t);
        report_doc_need(d, rp_prov_height(d, res, "prov:start", "prov:end", 10, 40));
        report_doc_mark(d, "prov:start", 0, NULL, 0);
        rp_heading(d, 1, "Provenance", NULL);
        rp_provenance(d, res, date);
    }
    flint_free(drawn);
    return REPORT_OK;
}

int
report_write_pdf(const run_results *res, const char *template_dir, const char *path,
                 fc_error *err)
{
    const case_t *c = res->c;
    char tpath[1024], date[11], *footer = NULL;
    const char *tname = c->template_name && c->template_name[0] ? c->template_name : "default";
    long long t;
    report_tmpl_t tm;
    report_doc d;
    report_doc_marks prev;
    int rc = REPORT_OK, st, pass;

    memset(&d, 0, sizeof d);
    memset(&prev, 0, sizeof prev);
    if (report_tmpl_find(tpath, sizeof tpath, template_dir, tname) != 0)
    {
        fc_error_at(err, tpath, 1, 1, "cannot open template (case %s asks for template '%s')",
                    c->id, tname);
        return REPORT_ERR_INPUT;
    }
    if (report_tmpl_read(&tm, tpath, err) != 0)
        return REPORT_ERR_INPUT;
    if (report_tmpl_check(&tm, res, err) != 0)
    {
        report_tmpl_clear(&tm);
        return REPORT_ERR_INPUT;
    }
    report_date(date, &t);
    footer = fc_printf("%s \xc2\xb7 fricert %s", c->id, res->engine_version);

    /* Laid out until the marks (pages of sections, figure numbers) no longer
       change, so that page 1's verdict table and contents print the final
       page numbers; a layout depends on the previous one only through them. */
    for (pass = 0; pass < 5; pass++)
    {
        report_doc_clear(&d);
        st = report_doc_init(&d);
        if (st != CANVAS_OK)
        {
            fc_error_at(err, path, 0, 0, "%s", st == CANVAS_ERR_FONT
                     ? "cannot load the DejaVu fonts (" CANVAS_FONT_REGULAR ")" : canvas_strerror(st));
            rc = REPORT_ERR_IO;
            goto done;
        }
        d.prev = pass > 0 ? &prev : NULL;
        report_ml_set_display(&d.ml, report_ml_display_case, (void *) res->c);
        if (rp_info(&d, res, t) != 0)
        {
            fc_error_at(err, path, 0, 0, "libharu: cannot set the document information");
            rc = REPORT_ERR_IO;
            goto done;
        }
        rp_title(&d, res, date);
        rp_front(&d, res);
        rc = rp_body(&d, res, &tm, date, err);
        if (rc != REPORT_OK)
            goto done;
        st = report_doc_finish(&d, footer);
        if (st != CANVAS_OK)
        {
            fc_error_at(err, path, 0, 0, "drawing failed: %s", canvas_strerror(st));
            rc = REPORT_ERR_IO;
            goto done;
        }
        if (pass > 0 && report_doc_marks_equal(&d.marks, &prev))
            break;
        if (pass < 4)
            report_doc_marks_take(&d, &prev);
    }
    st = report_doc_save(&d, path);
    if (st != CANVAS_OK)
    {
        fc_error_at(err, path, 0, 0, "cannot write: %s", canvas_strerror(st));
        rc = REPORT_ERR_IO;
    }
done:
    flint_free(footer);
    report_doc_clear(&d);
    report_doc_marks_clear(&prev);
    report_tmpl_clear(&tm);
    return rc;
}
