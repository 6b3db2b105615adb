/* plot_spec.c -- the figure of a plot (or of a claim's paving) built from the
 * results: cells in plot coordinates, region colours and names, legend with
 * certified area bounds, caption. Shared by the stand-alone figures and the
 * report. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

int report_plot_spec_build_claim(report_plot_spec *ps, const run_results *res, int k, int depth)
{
    /* the legend in words from the claim's kind (no internal names): the
       paving's labels are 0 "they agree", 1 claim true and model false,
       2 model true and claim false */
    static const char *eq[3] = {"claim and model agree (both hold or neither)",
                                "claim holds, model does not",
                                "model holds, claim does not"};
    static const char *imp[3] = {"claim \xe2\x87\x92 model holds",
                                 "claim holds, model does not (counterexample)",
                                 "model holds, claim does not (allowed)"};
    static const char *impby[3] = {"model \xe2\x87\x92 claim holds",
                                   "claim holds, model does not (allowed)",
                                   "model holds, claim does not (counterexample)"};
    static const char *tnames[2] = {"the model holds for some value", "the model fails for every value"};
    static const char *colours[3] = {"#009e73", "#d55e00", "#cc79a7"};
    static const char *tcolours[2] = {"#e69f00", "#56b4e9"};
    const claim_result *rc = &res->claims[k];
    case_claim_kind kind = rc->claim->kind;
    int thr = kind == CASE_CLAIM_THRESHOLD;
    const char *const *names = thr ? tnames : kind == CASE_CLAIM_IMPLIES ? imp
                             : kind == CASE_CLAIM_IMPLIED_BY ? impby : eq;
    char title[256];
    if (!rc->has_paving) return -1;
    snprintf(title, sizeof title, thr ? "Claim %s: where the model holds" :
             "Claim %s: where the claim and the model agree", rc->claim->name);
    return build(ps, res, &rc->pave, thr ? 2 : 3, (const char **) names, thr ? tcolours : colours, title, NULL,
                 NULL, rc->x, rc->y, rc->x_lo, rc->x_hi, rc->y_lo, rc->y_hi, depth, 1);
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
