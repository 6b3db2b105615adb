/* run_labels.c -- multi-label plots: cells that carry a certified set of
 * labels (each label certified true, certified false, or undecided).
 *
 * The plot is paved over the 2^n combinations of its n labels, which are
 * pairwise exclusive and cover every point: a cell gets combination m only
 * when every label is certified true or false on it as m says. The cells the
 * paving leaves undecided have their labels evaluated one by one, so that a
 * label decided on such a cell is still reported. */
#include <string.h>
#include "run/run.h"

expr_t *run_labels_roots(const case_plot *pl)
{
    int n = pl->nlabels, m, j;
    expr_t *roots = flint_malloc(((size_t) 1 << n) * sizeof(expr_t));
    for (m = 0; m < (1 << n); m++) {
        expr_t e = NULL;
        for (j = 0; j < n; j++) {
            expr_t lit = expr_var(pl->labels[j]);
            if (!((m >> j) & 1)) lit = expr_unary(EXPR_NOT, lit);
            e = e ? expr_binary(EXPR_AND, e, lit) : lit;
        }
        roots[m] = e;
    }
    return roots;
}

static char *set_name(const case_plot *pl, uint32_t m)
{
    size_t len = 3;
    int j;
    char *s;
    for (j = 0; j < pl->nlabels; j++)
        if ((m >> j) & 1) len += strlen(pl->labels[j]) + 1;
    s = flint_malloc(len);
    if (m == 0) {
        strcpy(s, "{}");
        return s;
    }
    s[0] = 0;
    for (j = 0; j < pl->nlabels; j++)
        if ((m >> j) & 1) {
            if (s[0]) strcat(s, "+");
            strcat(s, pl->labels[j]);
        }
    return s;
}

int run_labels_finish(run_plot *rp, const case_t *c, arb_srcptr box, slong prec)
{
    const case_plot *pl = rp->plot;
    pave_result *pr = &rp->pave;
    int n = pl->nlabels, ncomb = 1 << n, j, rc = 0;
    int *dense = flint_malloc(ncomb * sizeof(int));
    long i;
    expr_t *roots;
    expr_error_t err;
    expr_prog_t prog;
    expr_eval_t ev = NULL;
    arb_ptr b;
    int act[2];
    uint32_t all = (uint32_t) ncomb - 1;

    for (j = 0; j < ncomb; j++) dense[j] = 0;
    for (i = 0; i < pr->ncells; i++)
        if (pr->cells[i].label >= 0) dense[pr->cells[i].label] = 1;
    rp->nsets = 0;
    for (j = 0; j < ncomb; j++) rp->nsets += dense[j];
    rp->sets = flint_malloc((rp->nsets + 1) * sizeof(uint32_t));
    rp->set_names = flint_calloc(rp->nsets + 1, sizeof(char *));
    rp->cell_true = flint_calloc(pr->ncells + 1, sizeof(uint32_t));
    rp->cell_false = flint_calloc(pr->ncells + 1, sizeof(uint32_t));
    rp->nsets = 0;
    for (j = 0; j < ncomb; j++)
        if (dense[j]) {
            rp->sets[rp->nsets] = (uint32_t) j;
            rp->set_names[rp->nsets] = set_name(pl, (uint32_t) j);
            dense[j] = rp->nsets++;
        }

    /* the labels one by one, for the cells no combination decided */
    roots = flint_malloc((n + 1) * sizeof(expr_t));
    for (j = 0; j < n; j++) roots[j] = expr_var(pl->labels[j]);
    prog = expr_compile(roots, n, c->scope, &err);
    for (j = 0; j < n; j++) expr_free(roots[j]);
    flint_free(roots);
    b = _arb_vec_init(c->nparams + 1);
    _arb_vec_set(b, box, c->nparams);
    act[0] = pl->x;
    act[1] = pl->y;
    if (prog == NULL) rc = -1;
    else ev = expr_eval_new(prog, act, 2, prec);

    for (i = 0; i < pr->ncells && rc == 0; i++) {
        pave_cell *cl = pr->cells + i;
        if (cl->label >= 0) {
            rp->cell_true[i] = (uint32_t) cl->label;
            rp->cell_false[i] = all & ~(uint32_t) cl->label;
            cl->label = (int16_t) dense[cl->label];
        } else if (cl->label != PAVE_PENDING) {
            /* undecided (or none: some combination undefined on the cell) */
            pave_cell_box(b + pl->x, b + pl->y, pr, cl);
            expr_eval_run(ev, b, 1);
            for (j = 0; j < n; j++) {
                expr_tv_t t = expr_eval_truth(ev, j);
                if (t == EXPR_TV_TRUE) rp->cell_true[i] |= (uint32_t) 1 << j;
                else if (t == EXPR_TV_FALSE) rp->cell_false[i] |= (uint32_t) 1 << j;
            }
            /* every label decided: the cell is that combination (cannot
               happen when the paving is right, as the combination would
               then have been certified) -- left undecided all the same */
        }
    }
    if (ev) expr_eval_free(ev);
    if (prog) expr_prog_free(prog);
    _arb_vec_clear(b, c->nparams + 1);
    flint_free(dense);
    pave_sum_areas(pr, rp->nsets);
    return rc;
}

void run_labels_clear(run_plot *rp)
{
    int k;
    for (k = 0; k < rp->nsets; k++) flint_free(rp->set_names[k]);
    flint_free(rp->set_names);
    flint_free(rp->sets);
    flint_free(rp->cell_true);
    flint_free(rp->cell_false);
    rp->set_names = NULL;
    rp->sets = rp->cell_true = rp->cell_false = NULL;
    rp->nsets = 0;
}

int run_plot_nregions(const run_plot *rp)
{
    return rp->plot->nlabels > 0 ? rp->nsets : rp->plot->nregions;
}

const char *run_plot_region_name(const run_plot *rp, const case_t *c, int r)
{
    return rp->plot->nlabels > 0 ? rp->set_names[r] : c->regions[rp->plot->regions[r]].name;
}

char *run_plot_cell_labels(const run_plot *rp, long i)
{
    const case_plot *pl = rp->plot;
    size_t len = 1;
    int j;
    char *s;
    if (pl->nlabels == 0 || rp->cell_true == NULL) return NULL;
    for (j = 0; j < pl->nlabels; j++) len += strlen(pl->labels[j]) + 10;
    s = flint_malloc(len);
    s[0] = 0;
    for (j = 0; j < pl->nlabels; j++) {
        uint32_t bit = (uint32_t) 1 << j;
        if (j) strcat(s, ";");
        strcat(s, pl->labels[j]);
        strcat(s, (rp->cell_true[i] & bit) ? "=true" : (rp->cell_false[i] & bit) ? "=false" : "=unknown");
    }
    return s;
}

static char *cell_labels(const void *ctx, long i)
{
    return run_plot_cell_labels((const run_plot *) ctx, i);
}

int run_write_cells_csv(FILE *f, const run_plot *rp, const char *const *names)
{
    return pave_write_csv_sets(f, &rp->pave, names, rp->plot->nlabels > 0 ? cell_labels : NULL, rp);
}
