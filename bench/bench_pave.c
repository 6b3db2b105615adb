/* bench_pave.c -- `make bench`: speed figures of the paving engine, with the
 * ratios to the yardsticks measured in the same run. Never fails on a time.
 *
 *   bench_pave [-l LIMIT_TXT] [-n NUMPY_TXT] [-d DMAX] [-q] [CASE[:PLOT] ...]
 *
 * 1. The Painlevé rod predicate B = 1 + 3cos^2(theta) - 3 mu sin(theta) cos(theta)
 *    over [0, pi/2] x [0, 3] (regions B > 0, B < 0), depths 8..DMAX, 1 thread
 *    (CPU and wall seconds, the step ratio, evaluations, undecided cells,
 *    crossing cells), 2 threads from depth 12 (wall seconds and speed-up).
 *    Beside it: limit_pave's CPU seconds per depth read from LIMIT_TXT (the
 *    hand-written Arb loop ../shared/bench/limit_pave.c, run just before by
 *    `make bench`), the same predicate sampled uncertified in C double on the
 *    4096^2 grid, and numpy's time read from NUMPY_TXT (bench/numpy_sample.py).
 * 2. Each CASE's plot (default main): its region predicates, read from the
 *    case file's [parameters], [define], [regions] and [plot] sections by the
 *    small reader below (plain expression cases only), the same figures.
 * "crossing": cells of the 2^d x 2^d grid whose four corners do not all get
 * the same label from the fast evaluator at the corner points; a labelled
 * cell cannot be one (its label is proved on the closed cell), so they are
 * counted among the undecided ones. Ratio 1.00: every undecided cell is one
 * the boundary must cross. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#include "pave/pave.h"

#define MAXN 256

static int sync_levels;   /* -s: the level-synchronous scheduler */
static int account_tasks; /* pave_problem.account_tasks of the next run (each task's CPU time, for sched-2x) */

static double wall(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static double cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* ------------------------------------------------------------ problems */

typedef struct {
    char title[1200];
    expr_scope_t s;
    expr_t defs[MAXN], regs[MAXN];
    int ndefs, nregs;
    expr_prog_t prog;
    arb_ptr box;
    int nparams, xp, yp;
    arb_t xl, xh, yl, yh;
} problem;

static void problem_clear(problem *p)
{
    int i;
    expr_prog_free(p->prog);
    for (i = 0; i < p->nregs; i++) expr_free(p->regs[i]);
    expr_scope_free(p->s);
    for (i = 0; i < p->ndefs; i++) expr_free(p->defs[i]);
    _arb_vec_clear(p->box, MAXN);
    arb_clear(p->xl); arb_clear(p->xh); arb_clear(p->yl); arb_clear(p->yh);
}

static void problem_init(problem *p)
{
    memset(p, 0, sizeof *p);
    p->s = expr_scope_new();
    p->box = _arb_vec_init(MAXN);
    arb_init(p->xl); arb_init(p->xh); arb_init(p->yl); arb_init(p->yh);
    p->xp = p->yp = -1;
}

/* a constant expression (numbers, pi, e) at 128 bits */
static int const_value(arb_t out, const char *src)
{
    expr_error_t err;
    expr_t e = expr_parse(src, 1, 1, &err);
    expr_scope_t s = expr_scope_new();
    int ok = e != NULL && expr_check(e, s, 0, &err) == 0 &&
             expr_eval_once(out, NULL, e, s, NULL, 128) == EXPR_DEFINED;
    if (e) expr_free(e);
    expr_scope_free(s);
    return ok;
}

static char *trim(char *t)
{
    char *e;
    while (isspace((unsigned char) *t)) t++;
    e = t + strlen(t);
    while (e > t && isspace((unsigned char) e[-1])) *--e = 0;
    return t;
}

/* "lo .. hi" -> the two ends; 1 if a range */
static int range(arb_t lo, arb_t hi, char *v)
{
    char *dots = strstr(v, "..");
    if (dots == NULL) return 0;
    *dots = 0;
    return const_value(lo, trim(v)) && const_value(hi, trim(dots + 2));
}

static int fail(const char *path, int line, const char *msg)
{
    fprintf(stderr, "%s:%d: %s\n", path, line, msg);
    return -1;
}

/* Reads the plot `plot` of a plain expression case file. */
static int problem_read(problem *p, const char *path, const char *plot)
{
    FILE *f = fopen(path, "r");
    char buf[4096], sec[128] = "", want[140], *regnames[MAXN], xname[64] = "", yname[64] = "";
    char xr[256] = "", yr[256] = "", plotregs[1024] = "";
    int line = 0, i, nregnames = 0;
    expr_error_t err;
    if (f == NULL) { perror(path); return -1; }
    snprintf(want, sizeof want, "plot %s", plot);
    snprintf(p->title, sizeof p->title, "%s [plot %s]", path, plot);
    while (fgets(buf, sizeof buf, f)) {
        char *t = trim(buf), *eq, *name, *val, *colon;
        line++;
        if (*t == ';' || *t == 0) continue;
        if (*t == '[') {
            char *e = strchr(t, ']');
            if (e) *e = 0;
            snprintf(sec, sizeof sec, "%s", trim(t + 1));
            continue;
        }
        if (isspace((unsigned char) buf[0])) continue;   /* a continuation line */
        eq = strchr(t, '=');
        if (eq == NULL) continue;
        *eq = 0;
        name = trim(t);
        val = trim(eq + 1);
        if (strcmp(sec, "parameters") == 0) {
            int k;
            if ((colon = strchr(val, ':')) != NULL) *colon = 0;
            val = trim(val);
            k = expr_scope_add_param(p->s, name);
            if (k < 0 || k >= MAXN) { fclose(f); return fail(path, line, "bad parameter"); }
            {
                arb_t lo, hi;
                arb_init(lo); arb_init(hi);
                if (range(lo, hi, val)) expr_interval_ball(p->box + k, lo, hi, 128);
                else if (!const_value(p->box + k, val)) { fclose(f); return fail(path, line, "bad value"); }
                arb_clear(lo); arb_clear(hi);
            }
            p->nparams = k + 1;
        } else if (strcmp(sec, "define") == 0 || strcmp(sec, "regions") == 0) {
            expr_t e = expr_parse(val, line, 1, &err);
            int isdef = strcmp(sec, "define") == 0;
            if (e == NULL || p->ndefs >= MAXN || expr_check(e, p->s, isdef ? -1 : 1, &err) != 0) {
                fclose(f);
                return fail(path, line, err.msg);
            }
            if (isdef) {
                p->defs[p->ndefs++] = e;
                expr_scope_add_def(p->s, name, e, expr_is_bool(e, p->s));
            } else {
                p->regs[p->nregs] = e;
                regnames[p->nregs++] = strdup(name);
                nregnames = p->nregs;
            }
        } else if (strcmp(sec, want) == 0) {
            if (strcmp(name, "x") == 0 || strcmp(name, "y") == 0) {
                char *nm = val, *rg = "";
                if ((colon = strchr(val, ':')) != NULL) { *colon = 0; rg = colon + 1; }
                snprintf(name[0] == 'x' ? xname : yname, 64, "%s", trim(nm));
                snprintf(name[0] == 'x' ? xr : yr, 256, "%s", rg);
            } else if (strcmp(name, "regions") == 0) snprintf(plotregs, sizeof plotregs, "%s", val);
        }
    }
    fclose(f);
    if (!xname[0] || !yname[0] || p->nregs == 0) return fail(path, line, "no plot or no regions");
    /* regions in the plot's order */
    if (plotregs[0]) {
        expr_t ord[MAXN];
        int n = 0;
        char *tok = strtok(plotregs, ", ");
        for (; tok; tok = strtok(NULL, ", "))
            for (i = 0; i < p->nregs; i++)
                if (regnames[i] && strcmp(regnames[i], tok) == 0) { ord[n++] = p->regs[i]; p->regs[i] = NULL; }
        for (i = 0; i < p->nregs; i++) if (p->regs[i]) expr_free(p->regs[i]);
        memcpy(p->regs, ord, n * sizeof(expr_t));
        p->nregs = n;
    }
    for (i = 0; i < nregnames; i++) free(regnames[i]);
    p->xp = expr_scope_lookup(p->s, xname, &p->xp, NULL) == 0 ? p->xp : -1;
    p->yp = expr_scope_lookup(p->s, yname, &p->yp, NULL) == 0 ? p->yp : -1;
    if (p->xp < 0 || p->yp < 0) return fail(path, line, "plot axes are not parameters");
    if (!(xr[0] && range(p->xl, p->xh, xr))) {
        arb_get_lbound_arf(arb_midref(p->xl), p->box + p->xp, 128); mag_zero(arb_radref(p->xl));
        arb_get_ubound_arf(arb_midref(p->xh), p->box + p->xp, 128); mag_zero(arb_radref(p->xh));
    }
    if (!(yr[0] && range(p->yl, p->yh, yr))) {
        arb_get_lbound_arf(arb_midref(p->yl), p->box + p->yp, 128); mag_zero(arb_radref(p->yl));
        arb_get_ubound_arf(arb_midref(p->yh), p->box + p->yp, 128); mag_zero(arb_radref(p->yh));
    }
    p->prog = expr_compile(p->regs, p->nregs, p->s, &err);
    if (p->prog == NULL) return fail(path, 0, err.msg);
    return 0;
}

static void problem_rod(problem *p)
{
    expr_error_t err;
    expr_scope_add_param(p->s, "theta");
    expr_scope_add_param(p->s, "mu");
    p->nparams = 2;
    p->defs[0] = expr_parse("1 + 3*cos(theta)^2 - 3*mu*sin(theta)*cos(theta)", 1, 1, &err);
    p->ndefs = 1;
    expr_scope_add_def(p->s, "B", p->defs[0], 0);
    p->regs[0] = expr_parse("B > 0", 1, 1, &err);
    p->regs[1] = expr_parse("B < 0", 1, 1, &err);
    p->nregs = 2;
    p->prog = expr_compile(p->regs, 2, p->s, &err);
    p->xp = 0;
    p->yp = 1;
    arb_const_pi(p->xh, 128);
    arb_mul_2exp_si(p->xh, p->xh, -1);
    arb_set_ui(p->yh, 3);
    snprintf(p->title, sizeof p->title, "Painlevé rod B = 1 + 3cos²θ − 3μ sinθ cosθ, [0, π/2] × [0, 3]");
}

/* ------------------------------------------------------------ measures */

typedef struct {
    double cpu, wall, thr, crit, sched, wait;   /* pave_result's cpu_threads, cpu_critical, cpu_sched2, wait_seconds */
    double acc_thr;   /* cpu_threads of the run that recorded each task's CPU time (sched-2x's numerator) */
    long vcsw;   /* voluntary context switches of the process during the run: a thread blocked (join, barrier, empty stack, lock) */
    long cells, evals, fast, arb, undecided, crossing;
} figures;

/* label of a point by the fast evaluator: region, -1 none, -2 unknown */
static int point_label(expr_fast_t fe, double *lo, double *hi, int nregs)
{
    int k, lab = -1, ntrue = 0, nfalse = 0;
    expr_fast_run(fe, lo, hi, 0);
    for (k = 0; k < nregs; k++) {
        expr_tv_t t = expr_fast_truth(fe, k);
        if (t == EXPR_TV_TRUE) { ntrue++; lab = k; }
        else if (t == EXPR_TV_FALSE) nfalse++;
    }
    if (ntrue + nfalse < nregs || ntrue > 1) return -2;
    return lab;
}

/* crossing cells among the undecided ones (see the head comment) */
static long crossing(const problem *p, const pave_result *r)
{
    int act[2] = {p->xp, p->yp}, c;
    expr_fast_t fe = expr_fast_new(p->prog, act, 2);
    double *lo = calloc(p->nparams + 1, sizeof(double)), *hi = calloc(p->nparams + 1, sizeof(double));
    long i, n = 0;
    arf_t a, b, d, e;
    if (fe == NULL) return -1;
    arf_init(a); arf_init(b); arf_init(d); arf_init(e);
    for (i = 0; i < p->nparams; i++) expr_fast_enclose(lo + i, hi + i, p->box + i);
    for (i = 0; i < r->ncells; i++) {
        const pave_cell *cl = r->cells + i;
        int lab[4];
        if (cl->label != PAVE_UNDECIDED) continue;
        pave_cell_ends(a, b, d, e, r, cl);
        for (c = 0; c < 4; c++) {
            lo[p->xp] = hi[p->xp] = arf_get_d(c & 1 ? b : a, ARF_RND_NEAR);
            lo[p->yp] = hi[p->yp] = arf_get_d(c & 2 ? e : d, ARF_RND_NEAR);
            lab[c] = point_label(fe, lo, hi, p->nregs);
        }
        n += !(lab[0] == lab[1] && lab[1] == lab[2] && lab[2] == lab[3] && lab[0] != -2);
    }
    arf_clear(a); arf_clear(b); arf_clear(d); arf_clear(e);
    free(lo);
    free(hi);
    expr_fast_free(fe);
    return n;
}

static void run(figures *fg, const problem *p, int depth, int threads, int count_crossing)
{
    pave_problem pb;
    pave_result r;
    long i;
    double c0, w0;
    struct rusage u0, u1;
    memset(&pb, 0, sizeof pb);
    memset(fg, 0, sizeof *fg);
    pb.prog = p->prog; pb.nregions = p->nregs; pb.box = p->box; pb.nparams = p->nparams;
    pb.xparam = p->xp; pb.yparam = p->yp;
    pb.x_lo = p->xl; pb.x_hi = p->xh; pb.y_lo = p->yl; pb.y_hi = p->yh;
    pb.depth = depth; pb.threads = threads; pb.prec = 64; pb.max_prec = 256;
    pb.sync_levels = sync_levels;
    pb.account_tasks = account_tasks;
    pave_result_init(&r);
    getrusage(RUSAGE_SELF, &u0);
    c0 = cpu();
    w0 = wall();
    pave_run(&r, &pb);
    fg->wall = wall() - w0;
    fg->cpu = cpu() - c0;
    getrusage(RUSAGE_SELF, &u1);
    fg->vcsw = u1.ru_nvcsw - u0.ru_nvcsw;
    fg->thr = r.cpu_threads;
    fg->crit = r.cpu_critical;
    fg->sched = r.cpu_sched2;
    fg->wait = r.wait_seconds;
    fg->cells = r.ncells;
    fg->evals = r.evaluations;
    fg->fast = r.fast_evaluations;
    fg->arb = r.arb_evaluations;
    for (i = 0; i < r.ncells; i++) fg->undecided += r.cells[i].label == PAVE_UNDECIDED;
    fg->crossing = count_crossing ? crossing(p, &r) : -1;
    pave_result_clear(&r);
}

/* ------------------------------------------------------------ yardsticks */

static double B(double t, double m) { double c = cos(t), s = sin(t); return 1 + 3 * c * c - 3 * m * s * c; }

/* The rod predicate's sign at the (n+1)^2 nodes of the n x n grid, in double
 * (uncertified): the CPU seconds, the least of 3 runs (as numpy's). */
static double sample_rod(int n, long *positive)
{
    double w = (M_PI / 2) / n, h = 3.0 / n, best = 1e300;
    int i, j, rep;
    for (rep = 0; rep < 3; rep++) {
        double t0 = cpu();
        volatile long pos = 0;   /* kept: the loop must run */
        for (j = 0; j <= n; j++)
            for (i = 0; i <= n; i++) pos += B(i * w, j * h) > 0;
        *positive = pos;
        t0 = cpu() - t0;
        if (t0 < best) best = t0;
    }
    return best;
}

/* limit_pave's output: "depth D  S s ..." lines, of one run or of several
 * (`make bench` runs it 3 times): the least seconds per depth. */
static int read_limit(const char *path, double sec[32])
{
    FILE *f = path ? fopen(path, "r") : NULL;
    char buf[512];
    int n = 0, d;
    double s;
    if (f == NULL) return 0;
    while (fgets(buf, sizeof buf, f))
        if (sscanf(buf, "depth %d %lf s", &d, &s) == 2 && d >= 0 && d < 32) {
            if (sec[d] <= 0 || s < sec[d]) sec[d] = s;
            n++;
        }
    fclose(f);
    return n;
}

/* numpy_sample.py's output: "numpy SECONDS POSITIVE (versions)" (per node):
 * the seconds and the rest of the line in `how`; else -1 and the line (why it
 * was not measured) in `how`. A second line "numpy-separable SECONDS ..." (the
 * trigonometry once per column, broadcast) goes to *sep (-1 when absent). */
static double read_numpy(const char *path, char *how, size_t n, double *sep)
{
    FILE *f = path ? fopen(path, "r") : NULL;
    char buf[512] = "";
    double s = -1;
    int used = 0;
    *sep = -1;
    snprintf(how, n, "%s", path ? "no output from bench/numpy_sample.py" : "no -n NUMPY_TXT given");
    if (f == NULL) return -1;
    if (fgets(buf, sizeof buf, f) != NULL) {
        buf[strcspn(buf, "\n")] = 0;
        if (sscanf(buf, "numpy %lf %*d%n", &s, &used) >= 1 && s > 0) snprintf(how, n, "%s", trim(buf + used));
        else {
            s = -1;
            snprintf(how, n, "%s", buf);
        }
    }
    if (s > 0 && fgets(buf, sizeof buf, f) != NULL && (sscanf(buf, "numpy-separable %lf", sep) != 1 || *sep <= 0))
        *sep = -1;
    fclose(f);
    return s;
}

/* ------------------------------------------------------------ report */

static void table(const problem *p, int dmax, const double *limit, int nthreads2)
{
    figures f1, f2, again, acc;
    double prev = 0, worst = 0, wevals = 0, crit_worst = 1e300, sched_worst = 1e300, wall_worst = 1e300;
    long prevevals = 0;
    int d, rep;
    printf("\n%s: %d regions, %d instructions\n", p->title, p->nregs, expr_prog_ninstr(p->prog));
    printf("%5s %9s %9s %6s %9s %9s %8s %9s %9s %6s %9s %8s %9s %7s %9s %7s %8s %8s %6s", "depth", "cpu s", "wall s", "step", "cells",
           "evals", "arb", "undecided", "crossing", "u/c", "2thr wall", "speedup", "2thr cpu", "idle-2x", "2thr crit",
           "crit-2x", "sched-2x", "wait ms", "blocks");
    if (limit) printf(" %9s %6s", "limit s", "ratio");
    printf("\n");
    for (d = 8; d <= dmax; d++) {
        run(&f1, p, d, 1, d <= 14);
        /* short runs: the least CPU time of 5, of 9 below 0.05 s (a run of a
           few hundredths of a second is easily disturbed, and the depth step
           is the ratio of two of them) */
        for (rep = 0; rep < (f1.cpu < 0.05 ? 8 : 4) && f1.cpu < 0.3; rep++) {
            run(&again, p, d, 1, 0);
            if (again.cpu < f1.cpu) { f1.cpu = again.cpu; f1.wall = again.wall; f1.thr = again.thr; f1.sched = again.sched; }
        }
        printf("%5d %9.4f %9.4f %6.2f %9ld %9ld %8ld %9ld", d, f1.cpu, f1.wall, prev > 0 ? f1.cpu / prev : 0.0,
               f1.cells, f1.evals, f1.arb, f1.undecided);
        if (f1.crossing >= 0) printf(" %9ld %6.2f", f1.crossing, f1.crossing ? (double) f1.undecided / f1.crossing : 0.0);
        else printf(" %9s %6s", "-", "-");
        if (d >= 12 && nthreads2 > 1) {
            /* sched-2x from a 1-thread run that records each task's CPU time
               (a system call a task, which the other runs leave out) */
            account_tasks = 1;
            run(&acc, p, d, 1, 0);
            account_tasks = 0;
            f1.sched = acc.sched;
            f1.acc_thr = acc.thr;
            run(&f2, p, d, nthreads2, 0);
            /* the least critical path and wait of 3 runs (5 for short runs) */
            for (rep = 0; rep < (f1.cpu < 0.05 ? 8 : f1.cpu < 0.3 ? 4 : 2); rep++) {
                run(&again, p, d, nthreads2, 0);
                if (again.crit < f2.crit) f2.crit = again.crit;
                if (again.wait < f2.wait) f2.wait = again.wait;
                if (again.vcsw < f2.vcsw) f2.vcsw = again.vcsw;
                /* the wall time and CPU of the fastest run when the 1-thread
                   figures are the least of 5 too (short runs) */
                if (f1.cpu < 0.3 && again.wall < f2.wall) { f2.wall = again.wall; f2.cpu = again.cpu; }
            }
            /* idle-2x: the speed-up on idle cores that the CPU accounting
               allows, N * (1-thread CPU) / (CPU of all N threads) */
            printf(" %9.4f %8.2f %9.4f %7.2f", f2.wall, f1.wall / f2.wall, f2.cpu, nthreads2 * f1.cpu / f2.cpu);
            /* crit-2x: 1-thread work CPU / the 2-thread run's critical path
               (per level, the busiest thread's CPU): the wall speed-up on idle
               cores, measured from per-thread CPU clocks, robust to load */
            printf(" %9.4f %7.2f", f2.crit, f2.crit > 0 ? f1.thr / f2.crit : 0.0);
            /* sched-2x: the 1-thread run's chunks scheduled on 2 idle workers */
            printf(" %8.2f", f1.sched > 0 ? f1.acc_thr / f1.sched : 0.0);
            /* wait: wall ms the threads waited for work, summed (thread start,
               barriers, join, an empty task stack; the least of 3 runs) */
            printf(" %8.2f %6ld", 1e3 * f2.wait, f2.vcsw);
            if (d >= 14 && f1.sched > 0 && f1.acc_thr / f1.sched < sched_worst) sched_worst = f1.acc_thr / f1.sched;
            if (d >= 14 && f2.crit > 0 && f1.thr / f2.crit < crit_worst) crit_worst = f1.thr / f2.crit;
            if (d >= 14 && f2.wall > 0 && f1.wall / f2.wall < wall_worst) wall_worst = f1.wall / f2.wall;
        } else printf(" %9s %8s %9s %7s %9s %7s %8s %8s %6s", "-", "-", "-", "-", "-", "-", "-", "-", "-");
        if (limit && limit[d] > 0) printf(" %9.4f %6.2f", limit[d], f1.cpu / limit[d]);
        printf("\n");
        if (prev > 0 && f1.cpu / prev > worst) worst = f1.cpu / prev;
        if (prevevals > 0 && (double) f1.evals / prevevals > wevals) wevals = (double) f1.evals / prevevals;
        prev = f1.cpu;
        prevevals = f1.evals;
        fflush(stdout);
    }
    printf("worst depth step: %.2fx in CPU time, %.2fx in evaluations\n", worst, wevals);
    if (sched_worst < 1e300)
        printf("2 threads on 2 idle cores, depth >= 14: speed-up at least %.2fx (sched-2x: the 1-thread run's chunk "
               "CPU times scheduled as the engine does; target >= 1.8); measured critical path of this run's %d threads "
               "(crit-2x, depends on how the loaded machine scheduled them): at least %.2fx\n", sched_worst, nthreads2,
               crit_worst);
    if (wall_worst < 1e300)
        printf("2 threads vs 1, wall time of this run, depth >= 14: speed-up at least %.2fx (target >= 1.8 on idle "
               "cores; valid only when the load average below was about 1 or less)\n", wall_worst);
    {
        double la[3];
        if (getloadavg(la, 3) == 3) printf("load average now: %.2f %.2f %.2f on %ld cores\n", la[0], la[1], la[2],
                                           sysconf(_SC_NPROCESSORS_ONLN));
    }
}

/* -o: one problem at one depth with one thread count, REPS times (for perf,
 * callgrind, or repeated timing): a line of figures per run. */
static int one(int depth, int threads, int reps, const char *spec)
{
    problem p;
    figures f;
    int k;
    problem_init(&p);
    if (spec == NULL) problem_rod(&p);
    else {
        char path[1024], *colon;
        snprintf(path, sizeof path, "%s", spec);
        colon = strrchr(path, ':');
        if (colon) *colon = 0;
        if (problem_read(&p, path, colon ? colon + 1 : "main") != 0) return 1;
    }
    for (k = 0; k < reps; k++) {
        run(&f, &p, depth, threads, 0);
        printf("%s depth %d threads %d%s: cpu %.4f wall %.4f thr %.4f crit %.4f sched2 %.4f wait %.4f blocks %ld cells %ld evals %ld\n",
               p.title, depth, threads, sync_levels ? " (levels)" : "", f.cpu, f.wall, f.thr, f.crit, f.sched, f.wait,
               f.vcsw, f.cells, f.evals);
    }
    problem_clear(&p);
    flint_cleanup();
    return 0;
}

int main(int argc, char **argv)
{
    const char *limit_path = NULL, *numpy_path = NULL;
    int dmax = 16, dcase = 14, opt, i, one_depth = 0, one_threads = 1, one_reps = 1;
    double limit[32] = {0}, numpy_s, numpy_sep;
    char numpy_how[512];
    long npos;
    problem rod;
    figures f;
    while ((opt = getopt(argc, argv, "l:n:d:c:o:t:r:sa")) != -1) {
        if (opt == 'l') limit_path = optarg;
        else if (opt == 'a') account_tasks = 1;
        else if (opt == 's') sync_levels = 1;
        else if (opt == 'o') one_depth = atoi(optarg);
        else if (opt == 't') one_threads = atoi(optarg);
        else if (opt == 'r') one_reps = atoi(optarg);
        else if (opt == 'n') numpy_path = optarg;
        else if (opt == 'd') dmax = atoi(optarg);
        else if (opt == 'c') dcase = atoi(optarg);
        else {
            fprintf(stderr, "usage: bench_pave [-l LIMIT_TXT] [-n NUMPY_TXT] [-d DMAX] [-c CASE_DMAX] [CASE[:PLOT] ...]\n"
                            "       bench_pave -o DEPTH [-t THREADS] [-r REPS] [-s] [-a] [CASE[:PLOT]]   (one paving, REPS times; the rod without CASE;\n"
                            "       -a: record each task's CPU time, for sched2)\n");
            return 2;
        }
    }
    if (one_depth > 0) return one(one_depth, one_threads, one_reps, optind < argc ? argv[optind] : NULL);
    printf("fricert paving bench: %ld online cores, load average ", sysconf(_SC_NPROCESSORS_ONLN));
    {
        double la[3];
        if (getloadavg(la, 3) == 3) printf("%.2f %.2f %.2f\n", la[0], la[1], la[2]);
        else printf("unknown\n");
    }
    printf("scheduler: %s\n", sync_levels ? "level-synchronous (-s: threads started per level, a barrier per level)"
                                           : "tasks (threads started once per paving, 32-cell tasks on a shared stack, no level barrier)");
    printf("cpu s: process CPU time of the 1-thread run (the least of 9 below 0.05 s, of 5 below 0.3 s, else one run); 2thr: wall time with 2 threads (the least of as many when cpu s is below 0.3 s, else of 3), speedup = 1-thread wall / 2-thread wall,\n"
           "2thr cpu: CPU time of both threads (about cpu s when splitting the work costs nothing; the speed-up then depends on idle cores);\n"
           "idle-2x: 2 x cpu s / 2thr cpu, the 2-thread speed-up that the CPU accounting allows on 2 idle cores (the wall speed-up needs them idle);\n"
           "2thr crit: the 2-thread run's critical path (per-thread CPU clocks; the least of 3 runs): the busiest thread's CPU time (tasks), or the sum over levels of it (-s);\n"
           "crit-2x: 1-thread CPU / 2thr crit (work balance included, but a thread the loaded machine starts late leaves its share to the other);\n"
           "sched-2x: 1-thread CPU / the chunks of one more 1-thread run (which records each one's CPU time) scheduled on 2 idle workers as the engine does (CPU time of each task of 32 cells; tasks: a free worker takes the top of the stack, a finished task pushes its children's; -s: first free worker takes the next chunk, a barrier per level): the 2-thread wall speed-up on idle cores, independent of the load;\n"
           "wait ms: wall milliseconds the 2 threads spent not classifying while the paving ran in parallel, summed (tasks: waiting for an empty stack; -s: thread start, barrier, join and any descheduling; the least of 3 runs);\n"
           "blocks: voluntary context switches of the 2-thread run (getrusage: a thread blocked on a join, a barrier, an empty stack or a lock; a count of synchronisations that the load hardly changes; the least of 3 runs);\n"
           "arb: evaluations that needed Arb (the rest ran in double intervals); u/c: undecided / crossing cells\n");

    problem_init(&rod);
    problem_rod(&rod);
    if (read_limit(limit_path, limit) == 0) printf("limit_pave: no figures (%s)\n", limit_path ? limit_path : "not given");
    table(&rod, dmax, limit[12] > 0 ? limit : NULL, 2);

    /* depth 12 against the yardsticks: the least CPU time of 9 runs, as in
       the table (one run of 0.02 s is easily disturbed) */
    run(&f, &rod, 12, 1, 0);
    for (i = 0; i < 8; i++) {
        figures again;
        run(&again, &rod, 12, 1, 0);
        if (again.cpu < f.cpu) f = again;
    }
    {
        double ts = sample_rod(4096, &npos);
        printf("depth 12, 1 thread: %.4f s cpu (the least of 9 runs)\n", f.cpu);
        if (limit[12] > 0) printf("  limit_pave (hand-written Arb loop, the least of its runs) %.4f s: ratio %.2f (target <= 1.5)\n", limit[12], f.cpu / limit[12]);
        printf("  C double sampling of the 4097^2 grid nodes (the least of 3) %.4f s (%ld positive): ratio %.3f (target <= 0.1)\n", ts, npos, f.cpu / ts);
        numpy_s = read_numpy(numpy_path, numpy_how, sizeof numpy_how, &numpy_sep);
        if (numpy_s > 0) {
            printf("  numpy sampling of the 4097^2 grid nodes, cos and sin at every node %.4f s %s: ratio %.3f "
                   "(target <= 0.1)\n", numpy_s, numpy_how, f.cpu / numpy_s);
            if (numpy_sep > 0)
                printf("  numpy sampling, cos and sin once per column and broadcast (uses this predicate's "
                       "separability, which a sampler of a general case cannot) %.4f s: ratio %.3f (for "
                       "comparison)\n", numpy_sep, f.cpu / numpy_sep);
        } else printf("  numpy sampling: not measured (%s)\n", numpy_how);
    }
    problem_clear(&rod);

    for (i = optind; i < argc; i++) {
        problem p;
        char path[1024], *colon;
        snprintf(path, sizeof path, "%s", argv[i]);
        colon = strrchr(path, ':');
        if (colon) *colon = 0;
        problem_init(&p);
        if (problem_read(&p, path, colon ? colon + 1 : "main") == 0) table(&p, dcase, NULL, 2);
        problem_clear(&p);
    }
    flint_cleanup();
    return 0;
}
