/* plot_spec.c -- the figure of a plot (or of a claim's paving) built from the
 * results: cells in plot coordinates, region colours and names, legend with
 * certified area bounds, caption. Shared by the stand-alone figures and the
 * report. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "base/fc_str.h"
#include "report/plot_spec.h"
#include "report/mathlayout.h"
#include "claim/claim.h"

static int hexval(char ch)
{
    return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
         : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
}

report_figure_rgb report_plot_spec_colour(const char *s, int i)
{
    report_figure_rgb k = report_figure_palette(i);
    int v[6], j;
    if (s == NULL || s[0] != '#' || strlen(s) != 7) return k;
    for (j = 0; j < 6; j++)
        if ((v[j] = hexval(s[j + 1])) < 0) return k;
    k.r = (v[0] * 16 + v[1]) / 255.0;
    k.g = (v[2] * 16 + v[3]) / 255.0;
    k.b = (v[4] * 16 + v[5]) / 255.0;
    return k;
}

/* "[lo, hi]" of a certified fraction, rounded outward to 4 digits. */
void report_plot_spec_range(char *buf, size_t n, double lo, double hi)
{
    char a[48], b[48];
    fc_ball_bound_d(a, sizeof a, lo, 1, 4, 'g', 0);
    fc_ball_bound_d(b, sizeof b, hi, 1, 4, 'g', 1);
    snprintf(buf, n, "[%s, %s]", a, b);
}

static char *dupstr(const char *s)
{
    size_t n = strlen(s) + 1;
    char *r = flint_malloc(n);
    if (r) memcpy(r, s, n);
    return r;
}

char *report_plot_spec_axis_label(const case_t *c, const char *label, int param)
{
    char *nm, *s;
    size_t n;
    char *unit;
    if (label && label[0]) return dupstr(label);
    /* the name by the math layout's default rule (thetadot -> θ̇), the unit in
       the usual notation (m/s^2 -> m/s²; as written if it is not a unit) */
    nm = report_ml_name_plain(c->params[param].name);
    if (nm == NULL) return NULL;
    unit = report_ml_unit_text(c->params[param].unit ? c->params[param].unit : "");
    if (unit == NULL) unit = dupstr(c->params[param].unit);
    n = strlen(nm) + (unit ? strlen(unit) : 0) + 8;
    s = flint_malloc(n);
    if (s) {
        if (unit && unit[0])
            snprintf(s, n, "%s [%s]", nm, unit);
        else
            snprintf(s, n, "%s", nm);
    }
    flint_free(nm);
    flint_free(unit);
    return s;
}

static int build(report_plot_spec *ps, const run_results *res, const pave_result *pr, int nregions,
                 const char *const *names, const char *const *colours, const char *title, const char *xl,
                 const char *yl, int xparam, int yparam, const arb_t xlo, const arb_t xhi, const arb_t ylo,
                 const arb_t yhi, int depth, int raw_names)
{
    const case_t *c = res->c;
    arf_t x0, x1, y0, y1;
    long i;
    int r;
    char buf[128], und[48];

    memset(ps, 0, sizeof *ps);
    ps->cells = flint_malloc((pr->ncells + 1) * sizeof(report_figure_cell));
    ps->colours = flint_malloc((nregions + 1) * sizeof(report_figure_rgb));
    ps->names = flint_calloc(nregions + 1, sizeof(char *));
    ps->legend = flint_calloc(nregions + 1, sizeof(char *));
    ps->nregions = nregions;
    if (!ps->cells || !ps->colours || !ps->names || !ps->legend) return -1;
    arf_init(x0); arf_init(x1); arf_init(y0); arf_init(y1);
    for (i = 0; i < pr->ncells; i++) {
        pave_cell_ends(x0, x1, y0, y1, pr, pr->cells + i);
        ps->cells[i].x_lo = arf_get_d(x0, ARF_RND_NEAR);
        ps->cells[i].x_hi = arf_get_d(x1, ARF_RND_NEAR);
        ps->cells[i].y_lo = yparam >= 0 ? arf_get_d(y0, ARF_RND_NEAR) : 0;
        ps->cells[i].y_hi = yparam >= 0 ? arf_get_d(y1, ARF_RND_NEAR) : 1;
        ps->cells[i].label = pr->cells[i].label;
    }
    arf_clear(x0); arf_clear(x1); arf_clear(y0); arf_clear(y1);
    for (r = 0; r < nregions; r++) {
        char *u = raw_names ? NULL : expr_name_unicode(names[r]);
        ps->names[r] = dupstr(u ? u : names[r]);
        flint_free(u);
        ps->colours[r] = report_plot_spec_colour(colours ? colours[r] : NULL, r);
        report_plot_spec_range(buf, sizeof buf, pr->area_lo[r], pr->area_hi[r]);
        ps->legend[r] = flint_malloc(strlen(ps->names[r]) + strlen(buf) + 16);
        if (ps->legend[r]) sprintf(ps->legend[r], "%s  area \xe2\x88\x88 %s", ps->names[r], buf);
    }
    ps->x_label = report_plot_spec_axis_label(c, xl, xparam);
    ps->y_label = yparam >= 0 ? report_plot_spec_axis_label(c, yl, yparam) : dupstr("");
    ps->title = title ? dupstr(title) : NULL;
    fc_ball_bound_d(und, sizeof und, pr->undecided + pr->pending, 100, 3, 'g', 1);
    ps->caption = flint_malloc(256);
    if (ps->caption) {
        char bits[48];
        if (pr->max_prec_used > 64) snprintf(bits, sizeof bits, "64\xe2\x80\x93%ld bits", (long) pr->max_prec_used);
        else snprintf(bits, sizeof bits, "64 bits");
        snprintf(ps->caption, 256, "depth %d \xc2\xb7 %s \xc2\xb7 %ld cells \xc2\xb7 "
                 "%ld evaluations \xc2\xb7 undecided%s \xe2\x89\xa4 %s %%", depth, bits,
                 pr->ncells, pr->evaluations, pr->pending > 0 ? " + pending" : "", und);
    }
    memset(&ps->spec, 0, sizeof ps->spec);
    ps->spec.title = ps->title;
    ps->spec.x_label = ps->x_label;
    ps->spec.y_label = ps->y_label;
    ps->spec.x_lo = arf_get_d(arb_midref(xlo), ARF_RND_NEAR);
    ps->spec.x_hi = arf_get_d(arb_midref(xhi), ARF_RND_NEAR);
    ps->spec.y_lo = yparam >= 0 ? arf_get_d(arb_midref(ylo), ARF_RND_NEAR) : 0;
    ps->spec.y_hi = yparam >= 0 ? arf_get_d(arb_midref(yhi), ARF_RND_NEAR) : 1;
    ps->spec.cells = ps->cells;
    ps->spec.ncells = (size_t) pr->ncells;
    ps->spec.nregions = nregions;
    ps->spec.region_names = (const char *const *) ps->names;
    ps->spec.region_colours = ps->colours;
    ps->spec.region_legend = (const char *const *) ps->legend;
    ps->spec.caption = ps->caption;
    ps->spec.no_y_axis = yparam < 0;
    ps->spec.display = report_ml_display_case;
    ps->spec.display_arg = (void *) c;
    return 0;
}

int report_plot_spec_build(report_plot_spec *ps, const run_results *res, int k)
{
    const run_plot *rp = &res->plots[k];
    const case_plot *pl = rp->plot;
    const case_t *c = res->c;
    int nr = run_plot_nregions(rp);
    const char **names = flint_malloc((nr + 1) * sizeof(char *));
    int r, rc;
    if (names == NULL) return -1;
    for (r = 0; r < nr; r++) names[r] = run_plot_region_name(rp, c, r);
    /* a multi-label plot: its label combinations in palette order */
    rc = build(ps, res, &rp->pave, nr, names, pl->nlabels > 0 ? NULL : (const char *const *) pl->colours, pl->title,
               pl->x_label, pl->y_label, pl->x, pl->y, rp->x_lo, rp->x_hi, rp->y_lo, rp->y_hi, rp->depth, 0);
    flint_free(names);
    return rc;
}

/* 1 if expressions A and B print the same (definitions not expanded). */
static int same_text(const expr_t a, const expr_t b)
{
    char *p = expr_to_text(a), *q = expr_to_text(b);
    int r = p && q && strcmp(p, q) == 0;
    flint_free(p);
    flint_free(q);
    return r;
}

/* The region of plot pl that is the set of predicate e: e names it, or
 * prints as its predicate, or names a definition that does; else -1. */
static int region_of(const case_t *c, const case_plot *pl, const expr_t e)
{
    int r;
    const expr_node *d = NULL;
    if (e->kind == EXPR_VAR) {
        int k = case_def_index(c, e->name);
        if (k >= 0) d = c->defs[k].e;
    }
    for (r = 0; r < pl->nregions; r++) {
        const case_def *rg = &c->regions[pl->regions[r]];
        if ((e->kind == EXPR_VAR && strcmp(e->name, rg->name) == 0) || same_text(e, rg->e)
            || (d && same_text((expr_t) d, rg->e)))
            return r;
    }
    return -1;
}

/* 1 if colour K is one of plot pl's region colours. */
static int colour_used(const case_plot *pl, report_figure_rgb k)
{
    int r;
    for (r = 0; r < pl->nregions; r++) {
        report_figure_rgb q = report_plot_spec_colour(pl->colours ? pl->colours[r] : NULL, r);
        if (fabs(q.r - k.r) + fabs(q.g - k.g) + fabs(q.b - k.b) < 0.02) return 1;
    }
    return 0;
}

/* The first of CAND (hex colours) that plot pl (may be NULL) does not use
 * and that is not AVOID. */
static int near(report_figure_rgb a, report_figure_rgb b)
{
    return fabs(a.r - b.r) + fabs(a.g - b.g) + fabs(a.b - b.b) < 0.02;
}

static report_figure_rgb free_colour(const case_plot *pl, const char *const *cand, int n, const report_figure_rgb *avoid,
                                     const report_figure_rgb *avoid2)
{
    int i;
    for (i = 0; i < n; i++) {
        report_figure_rgb k = report_plot_spec_colour(cand[i], 0);
        if (pl && colour_used(pl, k)) continue;
        if ((avoid && near(*avoid, k)) || (avoid2 && near(*avoid2, k))) continue;
        return k;
    }
    return report_plot_spec_colour(cand[n - 1], 0);
}

static report_figure_rgb tint(report_figure_rgb k, double t)   /* towards white by T */
{
    k.r += (1 - k.r) * t;
    k.g += (1 - k.g) * t;
    k.b += (1 - k.b) * t;
    return k;
}

int report_plot_spec_main_plot(const run_results *res, int x, int y, int *transposed)
{
    int k;
    *transposed = 0;
    for (k = 0; k < res->nplots; k++) {
        const case_plot *pl = res->plots[k].plot;
        if (!pl || !res->plots[k].ok) continue;
        if (pl->x == x && pl->y == y) return k;
        if (y >= 0 && pl->x == y && pl->y == x) { *transposed = 1; return k; }
    }
    return -1;
}

int report_plot_spec_build_claim(report_plot_spec *ps, const run_results *res, int k, int depth)
{
    /* the legend in words from the claim's kind (no internal names): the
       paving's labels are 0 both hold, 1 claim only, 2 model only, 3 neither */
    static const char *strong[] = {"#d55e00", "#cc79a7", "#aa3377", "#e69f00", "#882255", "#0072b2"};
    static const char *calm[] = {"#0072b2", "#56b4e9", "#009e73", "#e69f00", "#cc79a7", "#f0e442"};
    const claim_result *rc = &res->claims[k];
    const case_t *c = res->c;
    case_claim_kind kind = rc->claim->kind;
    const case_plot *main = NULL;
    int mk, tr = 0, r, rg = -1, bad1, bad2, rcode;
    char *names[4], *over = NULL;
    const char *names_c[4];
    char colours[4][8];
    const char *colp[4];
    report_figure_rgb m, x1, x2, neither = {0.93, 0.93, 0.93};

    if (!rc->has_paving) return -1;
    mk = report_plot_spec_main_plot(res, rc->x, rc->y, &tr);
    if (mk >= 0) main = res->plots[mk].plot;
    /* the model's set in the main plot's colour when it is one of its regions */
    if (main && (rg = region_of(c, main, rc->claim->model)) >= 0)
        m = report_plot_spec_colour(main->colours ? main->colours[rg] : NULL, rg);
    else
        m = free_colour(main, calm, 6, NULL, NULL);
    bad1 = kind != CASE_CLAIM_IMPLIED_BY && kind != CASE_CLAIM_THRESHOLD;   /* claim only refutes */
    bad2 = kind != CASE_CLAIM_IMPLIES;                                      /* model only refutes */
    if (bad1) {
        x1 = free_colour(main, strong, 6, &m, NULL);
        x2 = bad2 ? free_colour(main, strong, 6, &m, &x1) : tint(m, 0.55);
    } else {
        /* the counterexample colour first, the allowed one of another hue */
        x2 = bad2 ? free_colour(main, strong, 6, &m, NULL) : tint(m, 0.55);
        x1 = tint(free_colour(main, calm, 6, &m, &x2), 0.45);
    }
    if (x1.r == m.r && x1.g == m.g && x1.b == m.b) x1 = tint(x1, 0.5);
    if (kind == CASE_CLAIM_THRESHOLD && rc->claim->nover == 1)
        over = report_ml_name_plain(c->params[rc->claim->over[0]].name);
    names[0] = fc_strdup("both hold");
    switch (kind) {
    case CASE_CLAIM_IMPLIES:
        names[1] = fc_strdup("claim only: counterexample to claim \xe2\x87\x92 model");
        names[2] = fc_strdup("model only (claim \xe2\x87\x92 model allows it)");
        break;
    case CASE_CLAIM_IMPLIED_BY:
        names[1] = fc_strdup("claim only (model \xe2\x87\x92 claim allows it)");
        names[2] = fc_strdup("model only: counterexample to model \xe2\x87\x92 claim");
        break;
    case CASE_CLAIM_THRESHOLD:
        names[1] = fc_printf("claim only (allowed: another %s may work)", over ? over : "value");
        names[2] = fc_strdup("model only: counterexample");
        break;
    default:
        names[1] = fc_strdup("claim only: counterexample to claim \xe2\x87\x94 model");
        names[2] = fc_strdup("model only: counterexample to claim \xe2\x87\x94 model");
        break;
    }
    names[3] = fc_strdup("neither holds");
    flint_free(over);
    {
        report_figure_rgb col[4];
        col[0] = m; col[1] = x1; col[2] = x2; col[3] = neither;
        for (r = 0; r < 4; r++) {
            snprintf(colours[r], sizeof colours[r], "#%02x%02x%02x", (int) (col[r].r * 255 + 0.5),
                     (int) (col[r].g * 255 + 0.5), (int) (col[r].b * 255 + 0.5));
            colp[r] = colours[r];
            names_c[r] = names[r] ? names[r] : "?";
        }
    }
    rcode = build(ps, res, &rc->pave, 4, names_c, colp, NULL, NULL, NULL, rc->x, rc->y, rc->x_lo, rc->x_hi,
                  rc->y_lo, rc->y_hi, depth, 1);
    for (r = 0; r < 4; r++) flint_free(names[r]);
    if (rcode != 0) return rcode;
    if (rc->status == CLAIM_PROVED) {
        /* a proof holds at every point of the box: a counterexample category
           is empty, its area exactly 0, whatever part of the paving is left
           undecided (the legend must not suggest a disagreement area) */
        for (r = 1; r <= 2; r++) {
            char *l;
            if (!(r == 1 ? bad1 : bad2) || !ps->legend[r]) continue;
            l = fc_printf("%s  area = 0 (none: proved)", ps->names[r]);
            if (!l) return -1;
            flint_free(ps->legend[r]);
            ps->legend[r] = l;
        }
        ps->spec.region_legend = (const char *const *) ps->legend;
    }
    if (tr) {
        /* the main plot's orientation: x and y exchanged */
        long i;
        double t;
        char *l;
        for (i = 0; i < (long) ps->spec.ncells; i++) {
            report_figure_cell *cc = ps->cells + i;
            t = cc->x_lo; cc->x_lo = cc->y_lo; cc->y_lo = t;
            t = cc->x_hi; cc->x_hi = cc->y_hi; cc->y_hi = t;
        }
        t = ps->spec.x_lo; ps->spec.x_lo = ps->spec.y_lo; ps->spec.y_lo = t;
        t = ps->spec.x_hi; ps->spec.x_hi = ps->spec.y_hi; ps->spec.y_hi = t;
        l = ps->x_label; ps->x_label = ps->y_label; ps->y_label = l;
        ps->spec.x_label = ps->x_label;
        ps->spec.y_label = ps->y_label;
        ps->transposed = 1;
    }
    if (main) {
        /* the main plot's axis labels, when it has its own */
        const char *lx = main->x_label, *ly = main->y_label;
        if (lx && lx[0]) { flint_free(ps->x_label); ps->x_label = report_plot_spec_axis_label(c, lx, main->x); }
        if (ly && ly[0]) { flint_free(ps->y_label); ps->y_label = report_plot_spec_axis_label(c, ly, main->y); }
        ps->spec.x_label = ps->x_label;
        ps->spec.y_label = ps->y_label;
    }
    return 0;
}

void report_plot_spec_clear(report_plot_spec *ps)
{
    int r;
    for (r = 0; r < ps->nregions; r++) {
        if (ps->names) flint_free(ps->names[r]);
        if (ps->legend) flint_free(ps->legend[r]);
    }
    flint_free(ps->names);
    flint_free(ps->legend);
    flint_free(ps->cells);
    flint_free(ps->colours);
    flint_free(ps->x_label);
    flint_free(ps->y_label);
    flint_free(ps->title);
    flint_free(ps->caption);
    memset(ps, 0, sizeof *ps);
}
