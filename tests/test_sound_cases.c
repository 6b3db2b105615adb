/* test_sound_cases.c -- soundness sweep over the shipped case library.
 *
 * For every case file in cases/ (one cmocka test each): read it, compute its
 * results (run_case, every plot paved at depth FC_SWEEP_DEPTH,
 * default 6), and for every labelled cell of every plot pick FC_SWEEP_POINTS
 * (default 2) random exact dyadic points strictly inside the cell; range
 * parameters that are not plot axes get a random exact point strictly
 * inside their range, fixed parameters their exact value. At each point the
 * regions are re-evaluated by the independent MPFR evaluator of
 * tests/sound/mpfr_eval.c (256 bits, checked against 320 bits):
 *   label REGION -> that region's predicate is true at the point;
 *   label none   -> every region shown in the plot is false at the point.
 * Points where the evaluator is within 2^-200 of a tie (or of a domain
 * edge) are skipped and counted, never guessed. A test fails on any label
 * that does not hold, or when a plot with labelled cells had no point
 * checked. The oracle must also bite: with every region label moved to the
 * next region of the plot (a mutant paving), the same check must fail on
 * some point of every plot that shows two or more regions.
 * FC_SWEEP_SEED (default 1) makes the points reproducible.
 * `make check-sound` runs this at depth 9 with 4 points per cell. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>
#include "case/case.h"
#include "run/run.h"
#include "sound/mpfr_eval.c"
#include "test_rng_util.h"

#define MAX_FAIL_PRINT 10

static int sweep_depth = 6, sweep_points = 2;
static uint64_t sweep_seed = 1;

typedef struct {
    ulong cases, plots, cells_labelled, cells_undecided, points, checked, skipped, failures, mutant_failures;
} sweep_totals;

static sweep_totals totals;

/* out = lo + k 2^-bits (hi - lo), exactly, with 1 <= k < 2^bits drawn at
 * random from [kmin, 2^bits - kmin]: a point strictly inside when lo < hi */
static void interior_point(fmpq_t out, const arf_t lo, const arf_t hi, rng_t *r, int bits, ulong kmin)
{
    arf_t d, p;
    ulong span = (UWORD(1) << bits) - 2 * kmin + 1, k = kmin + rng_next(r) % span;
    arf_init(d);
    arf_init(p);
    arf_sub(d, hi, lo, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_ui(p, d, k, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(p, p, -bits);
    arf_add(p, p, lo, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_get_fmpq(out, p);
    arf_clear(d);
    arf_clear(p);
}

/* a point strictly inside the range of parameter i (upper bound of LO's ball
 * to lower bound of HI's ball); 0 if that interval is empty */
static int param_interior(fmpq_t out, const case_param *pa, rng_t *r)
{
    arf_t lo, hi;
    int ok;
    arf_init(lo);
    arf_init(hi);
    arb_get_ubound_arf(lo, pa->lo_ball, 256);
    arb_get_lbound_arf(hi, pa->hi_ball, 256);
    ok = arf_is_finite(lo) && arf_is_finite(hi) && arf_cmp(lo, hi) < 0;
    if (ok) interior_point(out, lo, hi, r, 16, 1 << 12);
    arf_clear(lo);
    arf_clear(hi);
    return ok;
}

static void print_fmpq(const char *name, const fmpq_t q)
{
    char *s = fmpq_get_str(NULL, 10, q);
    double d = fmpq_get_d(q);
    fprintf(stderr, "    %s = %s (~%.17g)\n", name, s, d);
    flint_free(s);
}

static void report_failure(const case_t *c, const case_plot *pl, const char *label, const char *region,
                           int truth, const arf_t xlo, const arf_t xhi, const arf_t ylo, const arf_t yhi,
                           const fmpq *pt, int dim)
{
    int i;
    totals.failures++;
    if (totals.failures > MAX_FAIL_PRINT) return;
    fprintf(stderr, "SOUNDNESS FAILURE %s plot %s: cell labelled '%s', but region '%s' is %s at an interior point\n",
            c->path, pl->name, label, region, sound_tv_name(truth));
    fprintf(stderr, "  cell %s in [%.17g, %.17g]", c->params[pl->x].name, arf_get_d(xlo, ARF_RND_DOWN),
            arf_get_d(xhi, ARF_RND_UP));
    if (dim == 2)
        fprintf(stderr, ", %s in [%.17g, %.17g]", c->params[pl->y].name, arf_get_d(ylo, ARF_RND_DOWN),
                arf_get_d(yhi, ARF_RND_UP));
    fprintf(stderr, "\n  point:\n");
    for (i = 0; i < c->nparams; i++)
        if (c->params[i].is_range) print_fmpq(c->params[i].name, pt + i);
}

typedef struct {
    ulong labelled, undecided, points, checked, skipped, failures;
} plot_counts;

/* A multi-label plot's label: a region or a boolean definition. */
static expr_t label_expr(const case_t *c, const char *name)
{
    int r = case_region_index(c, name);
    return r >= 0 ? c->regions[r].e : c->defs[case_def_index(c, name)].e;
}

/* shift = 0: checks the paving's labels; shift = 1: the mutant (region r
 * read as region r + 1 mod nregions, none cells left out), failures not printed */
static void sweep_plot(const case_t *c, const run_plot *rp, sound_point *sp, rng_t *r, plot_counts *pc,
                       int shift)
{
    const case_plot *pl = rp->plot;
    const pave_result *pv = &rp->pave;
    fmpq *pt = _fmpq_vec_init(c->nparams);
    arf_t xlo, xhi, ylo, yhi;
    long ci;
    int k, i, j;

    arf_init(xlo); arf_init(xhi); arf_init(ylo); arf_init(yhi);
    for (ci = 0; ci < pv->ncells; ci++) {
        const pave_cell *cell = &pv->cells[ci];
        if (cell->label == PAVE_UNDECIDED || cell->label == PAVE_PENDING) {
            pc->undecided++;
            /* a multi-label plot's undecided cell may still have labels decided: check those */
            if (!(pl->nlabels > 0 && cell->label == PAVE_UNDECIDED && (rp->cell_true[ci] | rp->cell_false[ci])))
                continue;
        }
        if (shift && cell->label < 0) continue;
        pc->labelled++;
        pave_cell_ends(xlo, xhi, ylo, yhi, pv, cell);
        for (k = 0; k < sweep_points; k++) {
            int skip = 0, bad = -1, bad_truth = 0;
            pc->points++;
            /* non-axis ranges at random interior points, axes inside the cell */
            for (i = 0; i < c->nparams; i++) {
                if (!c->params[i].is_range || i == pl->x || (pv->dim == 2 && i == pl->y)) continue;
                if (param_interior(pt + i, &c->params[i], r)) sound_point_set_fmpq(sp, i, pt + i);
                else skip = 1;
            }
            interior_point(pt + pl->x, xlo, xhi, r, 20, 1);
            sound_point_set_fmpq(sp, pl->x, pt + pl->x);
            if (pv->dim == 2) {
                interior_point(pt + pl->y, ylo, yhi, r, 20, 1);
                sound_point_set_fmpq(sp, pl->y, pt + pl->y);
            }
            /* plot-level values (fix.NAME, families): evaluated here, independently, at the point */
            for (j = 0; j < pl->nfix && !skip; j++)
                if (sound_point_set_expr(sp, pl->fix_param[j], pl->fix_value[j]) != SOUND_DEF) skip = 1;
            if (skip) {
                pc->skipped++;
                continue;
            }
            if (pl->nlabels > 0) {
                /* a multi-label plot: each label certified true (false) on
                   the cell holds (fails) here; the mutant reads them negated */
                for (j = 0; j < pl->nlabels && bad < 0 && !skip; j++) {
                    uint32_t bit = (uint32_t) 1 << j;
                    int want, t;
                    if (!((rp->cell_true[ci] | rp->cell_false[ci]) & bit)) continue;
                    want = (rp->cell_true[ci] & bit) ? SOUND_TRUE : SOUND_FALSE;
                    if (shift) want = want == SOUND_TRUE ? SOUND_FALSE : SOUND_TRUE;
                    t = sound_eval_bool(label_expr(c, pl->labels[j]), sp);
                    if (t == SOUND_TAMBIG) skip = 1;
                    else if (t != want) { bad = j; bad_truth = t; }
                }
                if (bad >= 0) {
                    skip = 0;
                    pc->failures++;
                    if (!shift)
                        report_failure(c, pl, cell->label >= 0 ? rp->set_names[cell->label] : "undecided",
                                       pl->labels[bad], bad_truth, xlo, xhi,
                                       ylo, yhi, pt, pv->dim);
                } else if (skip) pc->skipped++;
                else pc->checked++;
                continue;
            }
            if (cell->label >= 0) {
                int lab = shift ? (cell->label + 1) % pl->nregions : cell->label;
                int t = sound_eval_bool(c->regions[pl->regions[lab]].e, sp);
                if (t == SOUND_TAMBIG) skip = 1;
                else if (t != SOUND_TRUE) { bad = lab; bad_truth = t; }
            } else {   /* PAVE_NONE */
                for (j = 0; j < pl->nregions && bad < 0; j++) {
                    int t = sound_eval_bool(c->regions[pl->regions[j]].e, sp);
                    if (t == SOUND_TAMBIG) skip = 1;
                    else if (t != SOUND_FALSE) { bad = j; bad_truth = t; }
                }
                if (bad >= 0) skip = 0;
            }
            if (bad >= 0 && shift) {
                pc->failures++;
            } else if (bad >= 0) {
                pc->failures++;
                report_failure(c, pl, cell->label >= 0 ? c->regions[pl->regions[cell->label]].name : "none",
                               c->regions[pl->regions[bad]].name, bad_truth, xlo, xhi, ylo, yhi, pt, pv->dim);
            } else if (skip) {
                pc->skipped++;
            } else {
                pc->checked++;
            }
        }
    }
    /* the fixed parameters back at the case's values for the next plot */
    for (j = 0; j < pl->nfix; j++)
        if (!c->params[pl->fix_param[j]].is_range)
            sound_point_set_expr(sp, pl->fix_param[j], c->params[pl->fix_param[j]].value);
    arf_clear(xlo); arf_clear(xhi); arf_clear(ylo); arf_clear(yhi);
    _fmpq_vec_clear(pt, c->nparams);
}

static void test_case_sound(void **state)
{
    const char *path = (const char *) *state;
    case_t c;
    case_error_t err;
    run_results res;
    run_options opt;
    sound_point sp;
    rng_t r;
    int i, rc;
    clock_t t0 = clock();

    if (case_read(&c, path, &err) != 0) {
        char buf[1200];
        fc_error_format(buf, sizeof buf, &err);
        fail_msg("cannot read %s: %s", path, buf);
    }
    memset(&opt, 0, sizeof opt);
    opt.prec = 0;
    opt.depth = sweep_depth;
    opt.threads = 1;
    rc = run_case(&res, &c, &opt);
    if (rc != 0) {
        fprintf(stderr, "%s: run_case returned %d: %s\n", path, rc, res.error.msg);
        run_results_clear(&res);
        case_clear(&c);
        fail();
    }
    totals.cases++;
    r.s = sweep_seed * 0x100000001B3ULL + strlen(path);
    for (i = 0; path[i]; i++) r.s = r.s * 31 + (unsigned char) path[i];
    sound_point_init(&sp, c.scope);
    /* fixed parameters: their exact values */
    for (i = 0; i < c.nparams; i++) {
        if (c.params[i].is_range) continue;
        if (sound_point_set_expr(&sp, i, c.params[i].value) != SOUND_DEF)
            fail_msg("%s: the independent evaluator cannot evaluate parameter %s", path, c.params[i].name);
    }
    for (i = 0; i < res.nplots; i++) {
        const char *pl_name = res.plots[i].plot->name;
        plot_counts pc;
        memset(&pc, 0, sizeof pc);
        assert_true(res.plots[i].ok);
        sweep_plot(&c, &res.plots[i], &sp, &r, &pc, 0);
        printf("  %s plot %s: depth %d, %lu labelled cells, %lu undecided/pending; %lu points: %lu checked, "
               "%lu skipped (near a tie), %lu failed\n",
               c.id, res.plots[i].plot->name, res.plots[i].depth, pc.labelled, pc.undecided, pc.points,
               pc.checked, pc.skipped, pc.failures);
        totals.plots++;
        totals.cells_labelled += pc.labelled;
        totals.cells_undecided += pc.undecided;
        totals.points += pc.points;
        totals.checked += pc.checked;
        totals.skipped += pc.skipped;
        if (pc.failures) {
            sound_point_clear(&sp);
            run_results_clear(&res);
            case_clear(&c);
            fail_msg("%lu labels do not hold", pc.failures);
        }
        /* the check must have had something to bite on */
        if (pc.labelled > 0 && pc.checked == 0) {
            sound_point_clear(&sp);
            run_results_clear(&res);
            case_clear(&c);
            fail_msg("plot %s: no point could be checked", pl_name);
        }
        if (res.plots[i].plot->nregions >= 2 || res.plots[i].plot->nlabels > 0) {
            plot_counts mc;
            memset(&mc, 0, sizeof mc);
            sweep_plot(&c, &res.plots[i], &sp, &r, &mc, 1);
            totals.mutant_failures += mc.failures;
            if (mc.labelled > 0 && mc.failures == 0) {
                sound_point_clear(&sp);
                run_results_clear(&res);
                case_clear(&c);
                fail_msg("plot %s: the oracle did not notice labels moved to the next region", pl_name);
            }
        }
    }
    printf("  %s: %.2f s\n", c.id, (double) (clock() - t0) / CLOCKS_PER_SEC);
    sound_point_clear(&sp);
    run_results_clear(&res);
    case_clear(&c);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *) a, *(char *const *) b);
}

static int env_int(const char *name, int def, int lo, int hi)
{
    const char *s = getenv(name);
    long v;
    if (s == NULL || *s == 0) return def;
    v = strtol(s, NULL, 10);
    return v < lo ? lo : v > hi ? hi : (int) v;
}

int main(void)
{
    const char *dir = getenv("FC_SWEEP_CASES") ? getenv("FC_SWEEP_CASES") : "cases";
    struct CMUnitTest *tests;
    char **paths = NULL;
    int n = 0, alloc = 0, i, rc;
    DIR *d;
    struct dirent *de;

    sweep_depth = env_int("FC_SWEEP_DEPTH", 6, 1, 16);
    sweep_points = env_int("FC_SWEEP_POINTS", 2, 1, 1000);
    sweep_seed = (uint64_t) env_int("FC_SWEEP_SEED", 1, 0, 1 << 30);
    d = opendir(dir);
    if (d == NULL) {
        fprintf(stderr, "test_sound_cases: cannot open %s (run from the source tree)\n", dir);
        return 1;
    }
    while ((de = readdir(d)) != NULL) {
        size_t len = strlen(de->d_name);
        if (len < 6 || strcmp(de->d_name + len - 5, ".case") != 0) continue;
        if (n == alloc) {
            alloc = alloc ? 2 * alloc : 16;
            paths = realloc(paths, alloc * sizeof *paths);
        }
        paths[n] = malloc(strlen(dir) + len + 2);
        sprintf(paths[n], "%s/%s", dir, de->d_name);
        n++;
    }
    closedir(d);
    if (n == 0) {
        fprintf(stderr, "test_sound_cases: no cases in %s\n", dir);
        return 1;
    }
    qsort(paths, n, sizeof *paths, cmp_str);
    tests = calloc(n, sizeof *tests);
    for (i = 0; i < n; i++) {
        tests[i].name = paths[i];
        tests[i].test_func = test_case_sound;
        tests[i].initial_state = paths[i];
    }
    printf("soundness sweep: %d cases, depth %d, %d points per labelled cell, seed %llu\n", n, sweep_depth,
           sweep_points, (unsigned long long) sweep_seed);
    rc = _cmocka_run_group_tests("sound_cases", tests, n, NULL, NULL);
    printf("soundness sweep totals: %lu cases, %lu plots, %lu labelled cells (%lu undecided/pending), "
           "%lu points: %lu checked, %lu skipped, %lu failed (mutant labels caught: %lu)\n",
           totals.cases, totals.plots, totals.cells_labelled, totals.cells_undecided, totals.points,
           totals.checked, totals.skipped, totals.failures, totals.mutant_failures);
    for (i = 0; i < n; i++) free(paths[i]);
    free(paths);
    free(tests);
    flint_cleanup();
    mpfr_free_cache();
    return rc;
}
