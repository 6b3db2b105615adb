/* report_pdf.c -- report.pdf: the template's prose and blocks filled from a
 * results_t, laid out with report_doc, saved atomically; see report.h. */
#include "report/report.h"
#include "report/report_doc.h"
#include "report/template.h"
#include "report/figure.h"
#include "report/canvas_hpdf.h"
#include "report/plot_spec.h"
#include "claim/claim.h"

#include <hpdf.h>
#include <math.h>
#include <mpfr.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- small helpers -------------------------------------------------------- */

static char *
rp_fmt(const char *fmt, ...)
{
    va_list ap;
    char *s = NULL;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || (s = malloc((size_t) n + 1)) == NULL)
        return NULL;
    va_start(ap, fmt);
    vsnprintf(s, (size_t) n + 1, fmt, ap);
    va_end(ap);
    return s;
}

/* A growing list of malloc'd strings (table cells). */
typedef struct
{
    char **v;
    int n, a;
    int oom;
} rp_list;

static void
rp_put(rp_list *l, char *s)   /* takes S (malloc'd; NULL: out of memory) */
{
    if (s == NULL)
    {
        l->oom = 1;
        s = NULL;
    }
    if (l->n == l->a)
    {
        int a = l->a ? 2 * l->a : 32;
        char **p = realloc(l->v, a * sizeof(char *));
        if (p == NULL)
        {
            free(s);
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
    rp_put(l, strdup(s ? s : ""));
}

/* flint_malloc'd string into the list */
static void
rp_put_flint(rp_list *l, char *s)
{
    rp_puts(l, s ? s : "?");
    flint_free(s);
}

static void
rp_list_clear(rp_list *l)
{
    int i;

    for (i = 0; i < l->n; i++)
        free(l->v[i]);
    free(l->v);
    memset(l, 0, sizeof *l);
}

static char *
rp_name(const char *name)      /* Unicode name, malloc'd */
{
    char *u = expr_name_unicode(name);
    char *s = strdup(u ? u : name);
    flint_free(u);
    return s;
}

static char *
rp_expr(const expr_t e)        /* Unicode expression, malloc'd */
{
    char *u = e ? expr_to_unicode(e) : NULL;
    char *s = strdup(u ? u : "?");
    flint_free(u);
    return s;
}

/* D rounded in direction RND (MPFR_RNDD / MPFR_RNDU) to DIGITS decimals
 * ('f') or significant digits ('g'): a rigorous bound of D. */
static void
rp_bound_d(char *buf, size_t n, double v, int digits, char conv, mpfr_rnd_t rnd)
{
    mpfr_t x;

    mpfr_init2(x, 64);
    mpfr_set_d(x, v, MPFR_RNDN);   /* exact: 53 <= 64 bits */
    if (conv == 'f')
        mpfr_snprintf(buf, n, rnd == MPFR_RNDD ? "%.*RDf" : "%.*RUf", digits, x);
    else
        mpfr_snprintf(buf, n, rnd == MPFR_RNDD ? "%.*RDg" : "%.*RUg", digits, x);
    mpfr_clear(x);
}

/* "[lo, hi]" for fractions lo <= hi, rounded outward. */
static void
rp_fraction_range(char *buf, size_t n, double lo, double hi)
{
    char a[64], b[64];

    rp_bound_d(a, sizeof a, lo, 5, 'f', MPFR_RNDD);
    rp_bound_d(b, sizeof b, hi, 5, 'f', MPFR_RNDU);
    snprintf(buf, n, "[%s, %s]", a, b);
}

/* Area F * w * h of the paved box, rounded in direction RND. */
static void
rp_area_bound(char *buf, size_t n, const pave_result *pr, double f, mpfr_rnd_t rnd)
{
    arf_t a, b;
    mpfr_t x;

    arf_init(a);
    mpfr_init2(x, 256);
    arf_init(b);
    arf_set_d(b, f);                                   /* exact */
    arf_mul(a, pr->w, pr->h, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul(a, a, b, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_clear(b);
    arf_get_mpfr(x, a, rnd);
    mpfr_snprintf(buf, n, rnd == MPFR_RNDD ? "%.5RDg" : "%.5RUg", x);
    mpfr_clear(x);
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

static const char *
rp_claim_key(const case_claim *cl, const char *key)
{
    int i;

    for (i = 0; i < cl->nkeys; i++)
        if (strcmp(cl->keys[i], key) == 0)
            return cl->values[i];
    return NULL;
}

/* VALUE without surrounding double quotes, malloc'd. */
static char *
rp_unquote(const char *v)
{
    size_t n = strlen(v);

    if (n >= 2 && v[0] == '"' && v[n - 1] == '"')
        return strndup(v + 1, n - 2);
    return strdup(v);
}

static int
rp_reproducible(void)
{
    const char *e = getenv("SOURCE_DATE_EPOCH");
    return e != NULL && e[0] != '\0';
}

static void
rp_oom(rdoc *d, rp_list *l)
{
    if (l->oom && d->status == CANVAS_OK)
        d->status = CANVAS_ERR_MEM;
}

/* ---- blocks --------------------------------------------------------------- */

static void
rp_title(rdoc *d, const results_t *res, const char *date)
{
    const case_t *c = res->c;
    char *s;

    rdoc_bookmark(d, 1, c->title);
    rdoc_par(d, c->title, 18, 1, 0, 0);
    d->y += 2;
    if (c->source && c->source[0])
    {
        s = rp_fmt("Source: %s", c->source);
        rdoc_par(d, s, 9.5, 0, 0, 12);
        free(s);
    }
    s = rp_fmt("Case %s (%s) \xc2\xb7 report of %s \xc2\xb7 fricert %s", c->id, c->path, date,
               res->engine_version);
    rdoc_par(d, s, 9.5, 0, 0, 12);
    free(s);
    d->y += 6;
}

static void
rp_summary(rdoc *d, const results_t *res)
{
    const case_t *c = res->c;
    char *s;

    if (c->summary && c->summary[0])
        rdoc_par(d, c->summary, RDOC_BODY, 0, 0, 0);
    s = rp_fmt("The case has %d parameter%s, %d definition%s and %d region%s; this report gives "
               "guaranteed enclosures at %d point%s, %d certified region diagram%s and %d claim%s. "
               "Every number below is an interval that contains the true value; every true or "
               "false is proved, and what could not be decided is reported as unknown or "
               "undecided.",
               c->nparams, c->nparams == 1 ? "" : "s", c->ndefs, c->ndefs == 1 ? "" : "s",
               c->nregions, c->nregions == 1 ? "" : "s", res->npoints, res->npoints == 1 ? "" : "s",
               res->nplots, res->nplots == 1 ? "" : "s", res->nclaims, res->nclaims == 1 ? "" : "s");
    rdoc_par(d, s, RDOC_BODY, 0, 0, 0);
    free(s);
}

static void
rp_parameters(rdoc *d, const results_t *res)
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
            rp_put(&l, rp_fmt("%s \xe2\x80\xa6 %s", a ? a : "?", b ? b : "?"));
            free(a);
            free(b);
        }
        else
            rp_put(&l, rp_expr(p->value));
        rp_puts(&l, p->desc);
        rp_puts(&l, p->unit);
    }
    rp_oom(d, &l);
    if (!l.oom)
        rdoc_table(d, 4, head, (const char *const *) l.v, c->nparams, 2, RDOC_TABLE);
    rp_list_clear(&l);
}

static void
rp_definitions(rdoc *d, const results_t *res)
{
    const case_t *c = res->c;
    int i, pass;

    for (pass = 0; pass < 2; pass++)
    {
        int n = pass ? c->nregions : c->ndefs;
        const case_def *defs = pass ? c->regions : c->defs;

        if (n == 0)
            continue;
        rdoc_par(d, pass ? "Regions (mutually exclusive predicates):"
                         : "Definitions (in order; later ones use earlier ones):",
                 RDOC_BODY, 1, 0, 0);
        for (i = 0; i < n; i++)
        {
            char *lhs = rp_name(defs[i].name), *rhs = rp_expr(defs[i].e);
            if (rhs && strlen(rhs) > 600)
            {
                /* a generated piecewise table (e.g. a zod_return_map plane): its head only */
                size_t cut = 240;
                char *t;
                while (cut > 0 && ((unsigned char) rhs[cut] & 0xC0) == 0x80)
                    cut--;
                t = rp_fmt("%.*s … (%zu more characters: a generated piecewise table; see the case's model "
                           "block)", (int) cut, rhs, strlen(rhs) - cut);
                free(rhs);
                rhs = t;
            }
            if (lhs && rhs)
                rdoc_equation(d, lhs, rhs, RDOC_BODY);
            free(lhs);
            free(rhs);
        }
        d->y += 4;
    }
}

static char *
rp_point_where(const results_t *res, const results_point *pt)
{
    const case_t *c = res->c;
    const case_point *cp;
    char *s;
    int k;

    if (pt->index < 0)
        return strdup("At the case's own values (a parameter given as a range varies over its "
                      "whole range, so the enclosures hold for every value in it).");
    cp = &c->points[pt->index];
    s = strdup("At ");
    for (k = 0; s && k < cp->nset; k++)
    {
        char *n = rp_name(c->params[cp->set_param[k]].name), *v = rp_expr(cp->set_value[k]);
        char *t = rp_fmt("%s%s%s = %s", s, k ? ", " : "", n ? n : "?", v ? v : "?");
        free(n);
        free(v);
        free(s);
        s = t;
    }
    if (s)
    {
        char *t = rp_fmt("%s%s; the other parameters as in the table of parameters.", s,
                         cp->nset ? "" : "the case's values");
        free(s);
        s = t;
    }
    return s;
}

static void
rp_points(rdoc *d, const results_t *res)
{
    static const char *qhead[2] = {"Quantity", "Guaranteed enclosure"};
    static const char *bhead[6] = {"Region / predicate", "Verdict", "Region / predicate",
                                   "Verdict", "Region / predicate", "Verdict"};
    int i, k;

    if (res->npoints == 0)
    {
        rdoc_par(d, "This case defines no points.", RDOC_BODY, 0, 0, 0);
        return;
    }
    for (i = 0; i < res->npoints; i++)
    {
        const results_point *pt = &res->points[i];
        rp_list q = {0}, b = {0};
        char *h = pt->index < 0 ? strdup("The case's own values") : rp_fmt("Point %s", pt->name);
        char *w = rp_point_where(res, pt);
        int pairs = pt->nb < 3 ? (pt->nb > 0 ? pt->nb : 1) : 3;

        if (h)
            rdoc_heading(d, 2, h, 0);
        if (w)
            rdoc_par(d, w, 9, 0, 0, 0);
        free(h);
        free(w);
        for (k = 0; k < pt->nq; k++)
        {
            rp_put(&q, rp_name(pt->qnames[k]));
            if (pt->qst[k] == EXPR_DEFINED)
                rp_put_flint(&q, report_ball_str(pt->q + k, 0, res->prec));
            else
                rp_puts(&q, pt->qst[k] == EXPR_UNDEFINED ? "undefined here"
                                                         : "not certified defined here");
        }
        /* verdicts three to a row: name, verdict, name, verdict, ... */
        for (k = 0; k < (pt->nb + pairs - 1) / pairs * pairs; k++)
        {
            if (k < pt->nb)
            {
                rp_put(&b, rp_name(pt->bnames[k]));
                rp_puts(&b, tv_name(pt->b[k]));
            }
            else
            {
                rp_puts(&b, "");
                rp_puts(&b, "");
            }
        }
        rp_oom(d, &q);
        rp_oom(d, &b);
        if (pt->nq > 0 && !q.oom)
            rdoc_table(d, 2, qhead, (const char *const *) q.v, pt->nq, 1, RDOC_TABLE);
        if (pt->nb > 0 && !b.oom)
            rdoc_table(d, 2 * pairs, bhead, (const char *const *) b.v,
                       (pt->nb + pairs - 1) / pairs, -1, RDOC_TABLE);
        rp_list_clear(&q);
        rp_list_clear(&b);
    }
}

/* ---- plots ---------------------------------------------------------------- */

static void
rp_plot(rdoc *d, const results_t *res, int k)
{
    const results_plot *rp = &res->plots[k];
    const case_plot *pl = rp->plot;
    const case_t *c = res->c;
    const pave_result *pr = &rp->pave;
    figure_spec spec;
    plot_spec ps;
    const char **names = NULL;
    rp_list tab = {0};
    char *h, *cap = NULL, *ux, buf[160], a[64], b[64];
    double fw = rdoc_width(), fh = 0.74 * rdoc_width();
    int r, nrows = 0, st, have_ps = 0;
    static const char *head[3] = {"Region", "Area as a fraction of the box", "Area"};
    const char *hd[3];

    h = pl->title && pl->title[0] ? rp_fmt("Plot %s: %s", pl->name, pl->title)
                                  : rp_fmt("Plot %s", pl->name);
    /* a figure shrinks to at most 30 % less rather than leave a page half empty */
    if (rdoc_room(d) - 44 < 0.7 * fh)
        rdoc_need(d, fh + 44);
    else if (rdoc_room(d) - 44 < fh)
        fh = rdoc_room(d) - 44;
    rdoc_heading(d, 2, h ? h : pl->name, 0);
    rdoc_bookmark(d, 2, h ? h : pl->name);
    free(h);
    if (!rp->ok)
    {
        rdoc_par(d, "This plot could not be paved (see the error reported by fricert).",
                 RDOC_BODY, 0, 0, 0);
        return;
    }

    if (plot_spec_build(&ps, res, k) != 0)
    {
        d->status = CANVAS_ERR_MEM;
        goto done;
    }
    have_ps = 1;
    rp_bound_d(a, sizeof a, 100 * pr->undecided, 3, 'g', MPFR_RNDU);
    rp_superscript(b, sizeof b, -rp->depth);
    cap = rp_fmt("Certified paving at depth %d (smallest cells 2%s of each axis), "
                 "%ld cells; undecided \xe2\x89\xa4 %s %% of the box.",
                 rp->depth, b, pr->ncells, a);
    spec = ps.spec;
    spec.title = NULL;            /* the section heading carries the title */
    spec.caption = cap;
    names = (const char **) ps.names;
    st = figure_draw(d->c, &spec, rdoc_left(), d->y, fw, fh);
    if (st != CANVAS_OK && d->status == CANVAS_OK)
        d->status = st;
    d->y += fh + 8;

    /* certified-area table */
    ux = NULL;
    {
        const char *u1 = c->params[pl->x].unit, *u2 = c->params[pl->y].unit;
        if (u1 && u1[0] && u2 && u2[0])
            ux = rp_fmt("Area [%s \xc2\xb7 %s]", u1, u2);
        else if ((u1 && u1[0]) || (u2 && u2[0]))
            ux = rp_fmt("Area [%s]", u1 && u1[0] ? u1 : u2);
        else
            ux = strdup("Area (parameter units)");
    }
    hd[0] = head[0];
    hd[1] = head[1];
    hd[2] = ux ? ux : head[2];
    for (r = 0; r < pl->nregions + 3; r++)
    {
        double lo, hi;
        const char *name;

        if (r < pl->nregions)
            lo = pr->area_lo[r], hi = pr->area_hi[r], name = names[r];
        else if (r == pl->nregions)
            lo = hi = pr->none, name = "none (every region false)";
        else if (r == pl->nregions + 1)
            lo = hi = pr->undecided, name = "undecided";
        else
            lo = hi = pr->pending, name = "pending (not examined)";
        if (r >= pl->nregions && lo == 0)
            continue;
        rp_puts(&tab, name);
        rp_fraction_range(buf, sizeof buf, lo, hi);
        rp_puts(&tab, buf);
        rp_area_bound(a, sizeof a, pr, lo, MPFR_RNDD);
        rp_area_bound(b, sizeof b, pr, hi, MPFR_RNDU);
        rp_put(&tab, rp_fmt("[%s, %s]", a, b));
        nrows++;
    }
    rp_oom(d, &tab);
    if (!tab.oom)
        rdoc_table(d, 3, hd, (const char *const *) tab.v, nrows, 0, RDOC_TABLE);
    free(ux);
    {
        char *bx0 = pave_arf_decimal(pr->x0), *by0 = pave_arf_decimal(pr->y0);
        char *bw = pave_arf_decimal(pr->w), *bh = pave_arf_decimal(pr->h);
        char *s, tm[96];

        if (rp_reproducible())
            snprintf(tm, sizeof tm, "time not recorded (SOURCE_DATE_EPOCH set)");
        else
            snprintf(tm, sizeof tm, "%.3f s", pr->seconds);
        s = rp_fmt("Fractions are of the paved box, the exact dyadic box with corner (%s, %s) and "
                   "sides %s \xc3\x97 %s that contains the plotted range. A cell is coloured with a "
                   "region only where its predicate is proved true on the whole closed cell. "
                   "%ld cells, %ld evaluations, deepest level %d, precision up to %ld bits, %s%s.",
                   bx0, by0, bw, bh, pr->ncells, pr->evaluations, pr->max_depth,
                   (long) pr->max_prec_used, tm,
                   pr->budget_hit == 1 ? "; the cell budget stopped the paving"
                   : pr->budget_hit == 2 ? "; the time budget stopped the paving"
                   : pr->budget_hit == 3 ? "; the memory cap stopped the paving" : "");
        if (s)
            rdoc_par(d, s, 8.5, 0, 0, 0);
        free(s);
        flint_free(bx0); flint_free(by0); flint_free(bw); flint_free(bh);
    }
done:
    rp_list_clear(&tab);
    if (have_ps)
        plot_spec_clear(&ps);
    free(cap);
}

/* ---- claims --------------------------------------------------------------- */

/* Value of a witness coordinate (an exact constant such as 3/4 or 2*atan(1/2)) as a double. */
static double
rp_witness_value(const char *text)
{
    expr_error_t ee;
    expr_t e = expr_parse(text, 1, 1, &ee);
    arb_t x;
    double v = NAN;
    if (e == NULL)
        return v;
    arb_init(x);
    if (expr_check(e, NULL, 0, &ee) == 0 && expr_eval_once(x, NULL, e, NULL, NULL, 64) == EXPR_DEFINED)
        v = arf_get_d(arb_midref(x), ARF_RND_NEAR);
    arb_clear(x);
    expr_free(e);
    return v;
}

/* The paving that decided claim i, with the witness marked, over the claim's box. */
static void
rp_claim_figure(rdoc *d, const results_t *res, int i)
{
    const results_claim *cl = &res->claims[i];
    plot_spec ps;
    figure_overlay ov[2];
    double fw = rdoc_width(), fh = 0.62 * rdoc_width(), wx = NAN, wy = NAN;
    double mx[2], my[2], nx[2], ny[2], bx[6][2], by[6][2];
    figure_overlay ovb[8];
    int k, st, depth = cl->depth, nb = 0;

    if (!cl->has_paving || cl->pave.ncells == 0)
        return;
    if (cl->y < 0)
        fh = 0.32 * rdoc_width();   /* a 1-D paving: a strip along its axis */
    if (plot_spec_build_claim(&ps, res, i, depth) != 0)
    {
        plot_spec_clear(&ps);
        return;
    }
    for (k = 0; k < cl->nwitness; k++)
    {
        if (strcmp(cl->wnames[k], res->c->params[cl->x].name) == 0)
            wx = rp_witness_value(cl->wvalues[k]);
        if (cl->y >= 0 && strcmp(cl->wnames[k], res->c->params[cl->y].name) == 0)
            wy = rp_witness_value(cl->wvalues[k]);
    }
    if (cl->y < 0 && isfinite(wx))
        wy = 0.5;
    if (isfinite(wx) && isfinite(wy))
    {
        double dx = 0.025 * (ps.spec.x_hi - ps.spec.x_lo), dy = 0.025 * (ps.spec.y_hi - ps.spec.y_lo);
        mx[0] = wx - dx; mx[1] = wx + dx; my[0] = my[1] = wy;
        nx[0] = nx[1] = wx; ny[0] = wy - dy; ny[1] = wy + dy;
        memset(ov, 0, sizeof ov);
        ov[0].x = mx; ov[0].y = my; ov[0].n = 2; ov[0].label = "witness";
        ov[1].x = nx; ov[1].y = ny; ov[1].n = 2;
        ov[0].colour.r = ov[1].colour.r = 0;
        ov[0].colour.g = ov[1].colour.g = 0;
        ov[0].colour.b = ov[1].colour.b = 0;
        ps.spec.overlays = ov;
        ps.spec.noverlays = 2;
    }
    /* a threshold claim's own boundary (where the claim, a condition on the
       vertical parameter, changes), located by sampling: drawn for the reader,
       not part of any proof */
    {
        const char *kind = claim_key(cl->claim, "kind", NULL);
        const char *ctext = claim_key(cl->claim, "claim", NULL);
        expr_error_t ee;
        expr_t ce = kind && strcmp(kind, "threshold") == 0 && ctext ? expr_parse(ctext, 1, 1, &ee) : NULL;
        if (ce && cl->y >= 0 && expr_check(ce, res->c->scope, 1, &ee) == 0 && ps.spec.noverlays + 1 < 8)
        {
            arb_ptr box = _arb_vec_init(res->c->nparams + 1);
            tv_t prev = TV_UNKNOWN, t;
            int j, n = 400;
            case_point_box(box, res->c, -1, 64);
            arb_set_d(box + cl->x, 0.5 * (ps.spec.x_lo + ps.spec.x_hi));
            for (j = 0; j <= n && nb < 6; j++)
            {
                double yv = ps.spec.y_lo + (ps.spec.y_hi - ps.spec.y_lo) * j / n;
                arb_set_d(box + cl->y, yv);
                expr_eval_once(NULL, &t, ce, res->c->scope, box, 64);
                if (j > 0 && t != TV_UNKNOWN && prev != TV_UNKNOWN && t != prev)
                {
                    double yb = yv - 0.5 * (ps.spec.y_hi - ps.spec.y_lo) / n;
                    bx[nb][0] = ps.spec.x_lo;
                    bx[nb][1] = ps.spec.x_hi;
                    by[nb][0] = by[nb][1] = yb;
                    nb++;
                }
                if (t != TV_UNKNOWN)
                    prev = t;
            }
            _arb_vec_clear(box, res->c->nparams + 1);
        }
        expr_free(ce);
        if (nb > 0)
        {
            figure_overlay *o2 = ovb;
            int m = 0;
            if (ps.spec.noverlays > 0)
                for (m = 0; m < ps.spec.noverlays; m++)
                    o2[m] = ov[m];
            for (k = 0; k < nb; k++, m++)
            {
                memset(&o2[m], 0, sizeof o2[m]);
                o2[m].x = bx[k];
                o2[m].y = by[k];
                o2[m].n = 2;
                o2[m].dashed = 1;
                o2[m].label = k == 0 ? "claim boundary" : NULL;
            }
            ps.spec.overlays = o2;
            ps.spec.noverlays = m;
        }
    }
    if (rdoc_room(d) - 20 < 0.7 * fh)
        rdoc_need(d, fh + 20);
    else if (rdoc_room(d) - 20 < fh)
        fh = rdoc_room(d) - 20;
    st = figure_draw(d->c, &ps.spec, rdoc_left(), d->y, fw, fh);
    if (st != CANVAS_OK && d->status == CANVAS_OK)
        d->status = st;
    d->y += fh + 8;
    plot_spec_clear(&ps);
}

static void
rp_claims(rdoc *d, const results_t *res)
{
    static const char *whead[2] = {"Parameter", "Witness value"};
    int i, k;

    if (res->nclaims == 0)
    {
        rdoc_par(d, "This case states no claims to check.", RDOC_BODY, 0, 0, 0);
        return;
    }
    for (i = 0; i < res->nclaims; i++)
    {
        const results_claim *cl = &res->claims[i];
        const char *says = cl->claim ? rp_claim_key(cl->claim, "says") : NULL;
        const char *src = cl->claim ? rp_claim_key(cl->claim, "source") : NULL;
        char *h = rp_fmt("Claim %s: %s", cl->claim ? cl->claim->name : "?",
                         claim_status_name(cl->status));
        char *s;

        rdoc_heading(d, 2, h ? h : "Claim", 1);
        free(h);
        if (says)
        {
            char *u = rp_unquote(says);
            s = rp_fmt("It says: \xe2\x80\x9c%s\xe2\x80\x9d", u ? u : says);
            rdoc_par(d, s, RDOC_BODY, 0, 0, 0);
            free(s);
            free(u);
        }
        if (src)
        {
            s = rp_fmt("Source: %s", src);
            rdoc_par(d, s, 9, 0, 0, 0);
            free(s);
        }
        s = rp_fmt("Verdict: %s.", claim_status_name(cl->status));
        rdoc_par(d, s, RDOC_BODY, 1, 0, 0);
        free(s);
        if (cl->nwitness > 0)
        {
            rp_list l = {0};
            for (k = 0; k < cl->nwitness; k++)
            {
                rp_put(&l, rp_name(cl->wnames[k]));
                rp_puts(&l, cl->wvalues[k]);
            }
            rp_oom(d, &l);
            if (!l.oom)
                rdoc_table(d, 2, whead, (const char *const *) l.v, cl->nwitness, 1, RDOC_TABLE);
            rp_list_clear(&l);
        }
        if (cl->claim_side && cl->claim_side[0])
        {
            s = rp_fmt("The claim's side at the witness: %s", cl->claim_side);
            rdoc_par(d, s, RDOC_BODY, 0, 0, 12);
            free(s);
        }
        if (cl->model_side && cl->model_side[0])
        {
            s = rp_fmt("The model's side at the witness: %s", cl->model_side);
            rdoc_par(d, s, RDOC_BODY, 0, 0, 12);
            free(s);
        }
        if (cl->status == CLAIM_CONSISTENT)
        {
            char u[64];
            rp_bound_d(u, sizeof u, 100 * cl->undecided, 3, 'g', MPFR_RNDU);
            s = rp_fmt("No disagreement was found; they might still differ on at most %s %% of "
                       "the parameter box, where neither side could be decided.", u);
            rdoc_par(d, s, RDOC_BODY, 0, 0, 0);
            free(s);
        }
        if (cl->detail && cl->detail[0])
            rdoc_par(d, cl->detail, RDOC_BODY, 0, 0, 0);
        rp_claim_figure(d, res, i);
    }
}

/* ---- provenance ----------------------------------------------------------- */

static void
rp_provenance(rdoc *d, const results_t *res, const char *date)
{
    static const char *head[2] = {"Item", "Value"};
    static const char *phead[6] = {"Plot", "Depth", "Budgets", "Cells", "Evaluations", "Time"};
    const case_t *c = res->c;
    rp_list l = {0}, p = {0};
    char *s;
    int i, repro = rp_reproducible();

    s = rp_fmt("Generated by fricert %s (%s) with FLINT %s, Arb %s, Cairo %s and libharu %s.",
               res->engine_version, res->git, res->flint, res->arb, res->cairo, res->hpdf);
    rdoc_par(d, s ? s : "Generated by fricert", RDOC_BODY, 0, 0, 0);
    free(s);

    rp_puts(&l, "Case file");
    rp_puts(&l, c->path);
    rp_puts(&l, "SHA-256 of the case file");
    rp_puts(&l, res->sha256[0] ? res->sha256 : "(not computed)");
    rp_puts(&l, "fricert");
    rp_put(&l, rp_fmt("%s (git %s)", res->engine_version, res->git));
    rp_puts(&l, "Libraries");
    rp_put(&l, rp_fmt("FLINT %s, Arb %s, Cairo %s, libharu %s", res->flint, res->arb, res->cairo,
                      res->hpdf));
    rp_puts(&l, "Working precision");
    rp_put(&l, rp_fmt("%ld bits for the enclosures at points (about %ld decimal digits)",
                      (long) res->prec, (long) (res->prec * 0.30103)));
    rp_puts(&l, "Threads");
    rp_put(&l, rp_fmt("%d", res->threads > 0 ? res->threads : 1));
    rp_puts(&l, "Expectations ([expect])");
    rp_put(&l, rp_fmt("%d passed, %d failed", res->expect_passed, res->expect_failed));
    rp_puts(&l, "Total computing time");
    rp_put(&l, repro ? strdup("not recorded (SOURCE_DATE_EPOCH set: reproducible output)")
                     : rp_fmt("%.3f s", res->seconds));
    rp_puts(&l, "Report date");
    rp_put(&l, rp_fmt("%s%s", date, repro ? " (from SOURCE_DATE_EPOCH)" : ""));
    rp_oom(d, &l);
    if (!l.oom)
        rdoc_table(d, 2, head, (const char *const *) l.v, l.n / 2, 1, RDOC_TABLE);

    if (res->nplots > 0)
    {
        for (i = 0; i < res->nplots; i++)
        {
            const results_plot *rp = &res->plots[i];
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
            rp_put(&p, rp_fmt("%d (reached %d)", rp->depth, rp->pave.max_depth));
            rp_put(&p, rp_fmt("%s; %s", cb, tb));
            rp_put(&p, rp_fmt("%ld", rp->pave.ncells));
            rp_put(&p, rp_fmt("%ld", rp->pave.evaluations));
            rp_put(&p, repro ? strdup("\xe2\x80\x94") : rp_fmt("%.3f s", rp->pave.seconds));
        }
        rp_oom(d, &p);
        if (!p.oom)
            rdoc_table(d, 6, phead, (const char *const *) p.v, res->nplots, 2, RDOC_TABLE);
    }
    rdoc_par(d, "To re-check: run the same fricert version on a case file with this SHA-256; the "
                "cells of every plot are in P.cells.csv next to this report (exact decimal cell "
                "ends), and results.json holds every enclosure and verdict.", 9, 0, 0, 0);
    rp_list_clear(&l);
    rp_list_clear(&p);
}

/* ---- the document --------------------------------------------------------- */

static void
rp_error(char *err, size_t errn, const char *fmt, ...)
{
    va_list ap;

    if (err == NULL || errn == 0)
        return;
    va_start(ap, fmt);
    vsnprintf(err, errn, fmt, ap);
    va_end(ap);
}

static int
rp_info(HPDF_Doc doc, const results_t *res, long long t)
{
    HPDF_Date dt;
    struct tm tm;
    time_t tt = (time_t) t;
    char *creator = rp_fmt("fricert %s", res->engine_version);
    char *subject = rp_fmt("Certified report on case %s (%s)", res->c->id,
                           res->c->source ? res->c->source : "");
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
    bad |= HPDF_SetCurrentEncoder(doc, "UTF-8") != HPDF_OK;
    bad |= HPDF_SetInfoAttr(doc, HPDF_INFO_TITLE, res->c->title) != HPDF_OK;
    bad |= subject == NULL || HPDF_SetInfoAttr(doc, HPDF_INFO_SUBJECT, subject) != HPDF_OK;
    bad |= creator == NULL || HPDF_SetInfoAttr(doc, HPDF_INFO_CREATOR, creator) != HPDF_OK;
    bad |= HPDF_SetInfoAttr(doc, HPDF_INFO_PRODUCER, creator ? creator : "fricert") != HPDF_OK;
    bad |= HPDF_SetInfoDateAttr(doc, HPDF_INFO_CREATION_DATE, dt) != HPDF_OK;
    bad |= HPDF_SetInfoDateAttr(doc, HPDF_INFO_MOD_DATE, dt) != HPDF_OK;
    free(creator);
    free(subject);
    return bad ? -1 : 0;
}

static int
rp_plot_index(const results_t *res, const char *name)
{
    int k;

    for (k = 0; k < res->nplots; k++)
        if (res->plots[k].plot && strcmp(res->plots[k].plot->name, name) == 0)
            return k;
    return -1;
}

static int
rp_body(rdoc *d, const results_t *res, const tmpl_t *t, const char *date, char *err, size_t errn)
{
    int i, k, has_prov = 0;
    char *drawn = calloc(res->nplots + 1, 1);

    if (drawn == NULL)
        return REPORT_ERR_IO;
    for (i = 0; i < t->nitems; i++)
        if (t->items[i].kind == TMPL_BLOCK && t->items[i].block == TMPL_PLOT)
        {
            k = rp_plot_index(res, t->items[i].text);
            if (k >= 0)
                drawn[k] = 1;
        }
    for (i = 0; i < t->nitems && d->status == CANVAS_OK; i++)
    {
        const tmpl_item *it = &t->items[i];
        char *s;

        if (it->kind != TMPL_BLOCK)
        {
            s = tmpl_expand(t, it, res, err, errn);
            if (s == NULL)
            {
                free(drawn);
                return REPORT_ERR_INPUT;
            }
            if (it->kind == TMPL_PARA)
                rdoc_par(d, s, RDOC_BODY, 0, 0, 0);
            else
            {
                const tmpl_item *nx = i + 1 < t->nitems ? &t->items[i + 1] : NULL;
                if (nx && nx->kind == TMPL_BLOCK && res->nplots > 0
                    && (nx->block == TMPL_PLOT || nx->block == TMPL_PLOTS))
                    rdoc_need(d, 0.7 * 0.74 * rdoc_width() + 90);
                rdoc_heading(d, it->kind == TMPL_H1 ? 1 : 2, s, 1);
            }
            free(s);
            continue;
        }
        switch (it->block)
        {
            case TMPL_SUMMARY: rp_summary(d, res); break;
            case TMPL_PARAMETERS: rp_parameters(d, res); break;
            case TMPL_DEFINITIONS: rp_definitions(d, res); break;
            case TMPL_POINTS: rp_points(d, res); break;
            case TMPL_PLOT:
                k = rp_plot_index(res, it->text);
                if (k >= 0)
                    rp_plot(d, res, k);
                break;
            case TMPL_PLOTS:
                for (k = 0; k < res->nplots; k++)
                    if (!drawn[k])
                        rp_plot(d, res, k);
                if (res->nplots == 0)
                    rdoc_par(d, "This case has no plots.", RDOC_BODY, 0, 0, 0);
                break;
            case TMPL_CLAIMS: rp_claims(d, res); break;
            case TMPL_PROVENANCE:
                if (i == 0 || (t->items[i - 1].kind != TMPL_H1 && t->items[i - 1].kind != TMPL_H2))
                    rdoc_heading(d, 1, "Provenance", 1);
                rp_provenance(d, res, date);
                has_prov = 1;
                break;
        }
    }
    /* provenance is never left out */
    if (!has_prov && d->status == CANVAS_OK)
    {
        rdoc_heading(d, 1, "Provenance", 1);
        rp_provenance(d, res, date);
    }
    free(drawn);
    return REPORT_OK;
}

int
report_write_pdf(const results_t *res, const char *template_dir, const char *path,
                 char *err, size_t errn)
{
    const case_t *c = res->c;
    char tpath[1024], date[11], *footer = NULL;
    const char *tname = c->template_name && c->template_name[0] ? c->template_name : "default";
    long long t;
    tmpl_t tm;
    HPDF_Doc doc = NULL;
    rdoc d;
    int rc = REPORT_OK, st;

    memset(&d, 0, sizeof d);
    if (tmpl_find(tpath, sizeof tpath, template_dir, tname) != 0)
    {
        rp_error(err, errn, "%s:1:1: cannot open template (case %s asks for template '%s')",
                 tpath, c->id, tname);
        return REPORT_ERR_INPUT;
    }
    if (tmpl_read(&tm, tpath, err, errn) != 0)
        return REPORT_ERR_INPUT;
    if (tmpl_check(&tm, res, err, errn) != 0)
    {
        tmpl_clear(&tm);
        return REPORT_ERR_INPUT;
    }
    report_date(date, &t);

    doc = HPDF_New(NULL, NULL);
    if (doc == NULL)
    {
        rp_error(err, errn, "%s: libharu: cannot create a document", path);
        tmpl_clear(&tm);
        return REPORT_ERR_IO;
    }
    HPDF_SetCompressionMode(doc, HPDF_COMP_ALL);
    st = rdoc_init(&d, doc);
    if (st != CANVAS_OK)
    {
        rp_error(err, errn, "%s: %s", path, st == CANVAS_ERR_FONT
                 ? "cannot load the DejaVu fonts (" CANVAS_FONT_REGULAR ")" : canvas_strerror(st));
        rc = REPORT_ERR_IO;
        goto done;
    }
    if (rp_info(doc, res, t) != 0)
    {
        rp_error(err, errn, "%s: libharu: cannot set the document information", path);
        rc = REPORT_ERR_IO;
        goto done;
    }
    HPDF_SetPageMode(doc, HPDF_PAGE_MODE_USE_OUTLINE);

    rp_title(&d, res, date);
    rc = rp_body(&d, res, &tm, date, err, errn);
    if (rc != REPORT_OK)
        goto done;
    footer = rp_fmt("%s \xc2\xb7 fricert %s", c->id, res->engine_version);
    st = rdoc_finish(&d, footer);
    if (st != CANVAS_OK)
    {
        rp_error(err, errn, "%s: drawing failed: %s", path, canvas_strerror(st));
        rc = REPORT_ERR_IO;
        goto done;
    }
    st = canvas_hpdf_save(doc, path);
    if (st != CANVAS_OK)
    {
        rp_error(err, errn, "%s: cannot write: %s", path, canvas_strerror(st));
        rc = REPORT_ERR_IO;
    }
done:
    free(footer);
    rdoc_clear(&d);
    if (doc)
        HPDF_Free(doc);
    tmpl_clear(&tm);
    return rc;
}
