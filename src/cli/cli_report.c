/* cli_report.c -- `fricert report CASE... [-o DIR] [-j N] [--depth D] [--prec BITS]
 *                  [--templates DIR] [--quiet]`.
 *
 * Every case is read and validated first (nothing is written if one is bad).
 * Then, case by case: everything is computed (points, pavings, claims,
 * expectations), written into a private folder DIR/.<id>.tmp.<pid>.<random>,
 * and only when every file is complete does that folder replace DIR/<id> in
 * one step (see fc_outdir in base/fc_atomic.h: everything is renamed and
 * removed relative to DIR's descriptor, never through a link). A failure or
 * SIGINT/SIGTERM removes the private folder: no partial output.
 * With -j N (N > 1) and several cases (report, --tile or merge), DIR is
 * opened and swept once here, then the cases run in up to N child
 * processes at once (report_parallel), each as it would run here, with N
 * threads per paving; their output is copied out in the order of the cases. */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "cli/cli.h"
#include "base/fc_file.h"
#include "base/fc_mem.h"
#include "base/fc_str.h"
#include "mech/mech.h"
#include "pave/pave.h"
#include "base/fc_atomic.h"
#include "canvas/canvas.h"
#include "report/figure.h"
#include "report/plot_spec.h"
#include "report/report.h"
#include "report/results_json.h"
#include "cli/cli_merge.h"
#include "report/template.h"

static volatile int cli_cancelled;

/* The private folder being written, for fc_mem's hook: on a failed
 * allocation it is removed before the process exits (status 2). */
static volatile sig_atomic_t private_fd = -1;
static char private_name[600];

static void remove_private(void)
{
    if (private_fd >= 0 && private_name[0]) fc_remove_at(private_fd, private_name);
}

/* A case run in a child process. */
typedef struct {
    pid_t pid;       /* > 0 running, 0 finished (or not started), -1 to run in this process */
    int wstatus;     /* from waitpid */
    cli_job_files f; /* its stdout, stderr, and its results line */
} report_job;

/* In the parent of report_parallel: its jobs (NULL elsewhere, and in the
 * children), so that a signal that ends it at once still reaches them. */
static report_job *volatile child_jobs;
static volatile int nchild_jobs;

/* While files are written (private_fd >= 0), a signal acts at once: the
 * writers' loops need not poll a flag; the private folder is removed with
 * system calls only and the process exits with status 2. Before (while
 * computing) it only sets the flag that stops the pavings. */
static void on_signal(int sig)
{
    cli_cancelled = sig;
    if (private_fd >= 0 && private_name[0]) {
        static const char msg[] = "fricert report: interrupted by signal while writing; no partial output "
                                  "was left\n";
        fc_remove_flat_signal_safe(private_fd, private_name);
        if (child_jobs) {   /* a case run here while others run in children (fork failed) */
            int i;
            for (i = 0; i < nchild_jobs; i++)
                if (child_jobs[i].pid > 0) kill(child_jobs[i].pid, SIGTERM);
        }
        if (write(2, msg, sizeof msg - 1) < 0) { /* exiting anyway */ }
        _exit(CLI_INTERNAL);
    }
}



static int count_pages(const char *path)
{
    FILE *f = fopen(path, "rb");
    char buf[8192];
    size_t n, i;
    int pages = 0, carry = 0;
    const char *pat = "/Type /Page";
    if (f == NULL) return 0;
    /* count "/Type /Page" not followed by 's' (a small streaming matcher) */
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        for (i = 0; i < n; i++) {
            if (carry == 11) { if (buf[i] != 's') pages++; carry = 0; }
            if (buf[i] == pat[carry]) carry++;
            else carry = buf[i] == pat[0] ? 1 : 0;
        }
    fclose(f);
    return pages;
}


/* out = a + "/" + b; -1 if it does not fit (paths here are short). */
static int path_join(char *out, size_t n, const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la + lb + 2 > n) return -1;
    memcpy(out, a, la);
    out[la] = '/';
    memcpy(out + la + 1, b, lb + 1);
    return 0;
}

/* Writes every file of case c into folder tmp. Returns CLI_OK or an exit status. */
typedef struct {
    const char *dir, *templates;
    run_options opt;
    int quiet;
    report_figure_style fig;       /* --figure-style, --figure-face */
    fc_outdir out;                 /* DIR, opened once (fd -1 until the first case is written) */
} cli_report_opts;

static int write_files(run_results *res, const char *tmp, const cli_report_opts *ro)
{
    const case_t *c = res->c;
    char path[4096], msg[1200];
    fc_error err;
    char *json;
    int k, rc;

    json = report_json_dumps(res);
    if (json == NULL || path_join(path, sizeof path, tmp, "results.json") || fc_atomic_write(path, json, strlen(json)) != 0) {
        fprintf(stderr, "fricert report: cannot write %s: %s\n", path, strerror(errno));
        flint_free(json);
        return CLI_INTERNAL;
    }
    flint_free(json);
    for (k = 0; k < res->nplots && !cli_cancelled; k++) {
        const run_plot *rp = &res->plots[k];
        const case_plot *pl = rp->plot;
        const char **names = flint_malloc((run_plot_nregions(rp) + 1) * sizeof(char *));
        fc_atomic_file f;
        report_plot_spec ps;
        int r;
        for (r = 0; r < run_plot_nregions(rp); r++) names[r] = run_plot_region_name(rp, c, r);
        if (path_join(path, sizeof path, tmp, rp->cells_file) || fc_atomic_open(&f, path) != 0 ||
            run_write_cells_csv(f.fp, rp, names) != 0 ||
            fc_atomic_commit(&f) != 0) {
            fc_atomic_abort(&f);
            fprintf(stderr, "fricert report: cannot write %s: %s\n", path, strerror(errno));
            flint_free(names);
            return CLI_INTERNAL;
        }
        flint_free(names);
        if (report_plot_spec_build(&ps, res, k) != 0) return CLI_INTERNAL;
        errno = 0;
        r = report_figure_write_files_style(&ps.spec, tmp, pl->name, &ro->fig);
        report_plot_spec_clear(&ps);
        if (r != 0) {   /* what failed, and where */
            int e = errno;
            fprintf(stderr, "fricert report: cannot draw plot %s of %s into %s: %s%s%s\n", pl->name, c->path, tmp,
                    canvas_strerror(r), e ? ": " : "", e ? strerror(e) : "");
            return CLI_INTERNAL;
        }
        if (report_write_figure_copy(res, k, tmp) != 0) {
            fprintf(stderr, "fricert report: cannot write %s/%s-%s.pdf: %s\n", tmp, c->id, pl->name, strerror(errno));
            return CLI_INTERNAL;
        }
        if (report_write_tex(res, k, tmp) != 0) {
            fprintf(stderr, "fricert report: cannot write %s/%s.tex: %s\n", tmp, pl->name, strerror(errno));
            return CLI_INTERNAL;
        }
    }
    if (cli_cancelled) return CLI_INTERNAL;
    if (path_join(path, sizeof path, tmp, "report.pdf")) return CLI_INTERNAL;
    memset(&err, 0, sizeof err);
    rc = report_write_pdf(res, ro->templates, path, &err);
    fc_error_format(msg, sizeof msg, &err);
    if (rc == REPORT_ERR_INPUT) {
        fprintf(stderr, "%s\n", msg);
        return CLI_BAD_INPUT;
    }
    if (rc != REPORT_OK) {
        fprintf(stderr, "fricert report: %s: %s\n", c->path, msg);
        return CLI_INTERNAL;
    }
    return CLI_OK;
}

static int report_case(const case_t *c, cli_report_opts *ro, double *secs, int *pages, double *undecided)
{
    run_results res;
    char tmp[4096], *priv = NULL;
    int i, rc;
    struct timespec t0, t1;

    clock_gettime(CLOCK_MONOTONIC, &t0);
    rc = run_case(&res, c, &ro->opt);
    if (cli_cancelled) { run_results_clear(&res); return CLI_INTERNAL; }
    if (rc != 0) {
        cli_print_error(&res.error, "fricert report: internal failure");
        run_results_clear(&res);
        return rc == -1 ? CLI_BAD_INPUT : CLI_INTERNAL;
    }
    for (i = 0; i < res.nplots; i++) {
        const pave_result *pr = &res.plots[i].pave;
        if (pr->budget_hit)
            fprintf(stderr, "fricert report: %s: plot %s: the %s budget stopped the paving; %.4g%% of the box "
                    "is pending (not examined)\n", c->path, res.plots[i].plot->name,
                    pr->budget_hit == 1 ? "cell" : pr->budget_hit == 2 ? "time" : "memory", 100 * pr->pending);
    }
    *undecided = 0;
    for (i = 0; i < res.nplots; i++)
        if (res.plots[i].pave.undecided + res.plots[i].pave.pending > *undecided)
            *undecided = res.plots[i].pave.undecided + res.plots[i].pave.pending;

    if (ro->out.fd < 0) {
        if (fc_outdir_open(&ro->out, ro->dir) != 0) {
            fprintf(stderr, "fricert report: -o %s: cannot create the folder: %s\n", ro->dir, strerror(errno));
            run_results_clear(&res);
            return CLI_BAD_INPUT;
        }
        fc_outdir_sweep(&ro->out, stderr);
    }
    if (fc_outdir_private(&ro->out, c->id, &priv) != 0 ||
        path_join(tmp, sizeof tmp, ro->dir, priv) != 0) {
        fprintf(stderr, "fricert report: -o %s: cannot write there: %s\n", ro->dir, strerror(errno));
        if (priv) fc_remove_at(ro->out.fd, priv);
        free(priv);
        run_results_clear(&res);
        return CLI_BAD_INPUT;
    }
    if (strlen(priv) < sizeof private_name) {
        strcpy(private_name, priv);
        private_fd = ro->out.fd;   /* from here a signal removes the folder at once */
        fc_mem_set_hook(remove_private);
    }
    rc = cli_cancelled ? CLI_INTERNAL : write_files(&res, tmp, ro);
    if (rc == CLI_OK && !cli_cancelled) {
        char pdf[4096];
        *pages = path_join(pdf, sizeof pdf, tmp, "report.pdf") ? 0 : count_pages(pdf);
        if (fc_outdir_install(&ro->out, priv, c->id) != 0) {
            fprintf(stderr, "fricert report: cannot move %s onto %s/%s: %s\n", tmp, ro->dir, c->id,
                    strerror(errno));
            rc = CLI_INTERNAL;
        }
    }
    fc_mem_set_hook(NULL);
    private_fd = -1;   /* before the name: the handler reads the fd first */
    private_name[0] = '\0';
    if (rc != CLI_OK || cli_cancelled) fc_remove_at(ro->out.fd, priv);
    free(priv);
    run_results_clear(&res);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    *secs = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
    return cli_cancelled ? CLI_INTERNAL : rc;
}

/* Reads the template of case c (a regular file within the size limit) and
 * checks every reference in it (plots, points, quantities, regions) against
 * the case's names, before anything is computed: a bad template fails the
 * validation pass, so nothing is written. Values are not needed for that:
 * a skeleton run_results holds the names only. Returns 0 or -1 (message
 * printed). */
static int template_precheck(const case_t *c, const char *templates)
{
    char tp[4096], msg[4097 + 640];
    fc_error err;
    report_tmpl_t t;
    run_results res;
    int i, j, rc = 0;

    snprintf(tp, sizeof tp, "%s/%s.tmpl", templates, c->template_name);
    memset(&err, 0, sizeof err);
    if (report_tmpl_read(&t, tp, &err) != 0) {
        fc_error_format(msg, sizeof msg, &err);
        fprintf(stderr, "%s\n", msg);
        return -1;
    }
    memset(&res, 0, sizeof res);
    res.c = c;
    res.nplots = c->nplots;
    res.plots = flint_calloc(c->nplots + 1, sizeof(run_plot));
    for (i = 0; i < c->nplots; i++) res.plots[i].plot = &c->plots[i];
    res.npoints = c->npoints + 1;
    res.points = flint_calloc(res.npoints, sizeof(run_point));
    for (i = 0; i < res.npoints; i++) {
        run_point *rp = &res.points[i];
        rp->name = i > 0 ? c->points[i - 1].name : "case";
        rp->qnames = flint_malloc((c->ndefs + 1) * sizeof(char *));
        rp->bnames = flint_malloc((c->ndefs + c->nregions + 1) * sizeof(char *));
        rp->qst = flint_malloc((c->ndefs + 1) * sizeof(expr_status));
        rp->b = flint_calloc(c->ndefs + c->nregions + 1, sizeof(expr_tv_t));
        for (j = 0; j < c->nregions; j++) rp->bnames[rp->nb++] = c->regions[j].name;
        for (j = 0; j < c->ndefs; j++) {
            if (c->defs[j].is_bool) rp->bnames[rp->nb++] = c->defs[j].name;
            else {
                rp->qst[rp->nq] = EXPR_UNDEFINED;   /* no value is looked at */
                rp->qnames[rp->nq++] = c->defs[j].name;
            }
        }
    }
    if (report_tmpl_check(&t, &res, &err) != 0) {
        fc_error_format(msg, sizeof msg, &err);
        fprintf(stderr, "%s\n", msg);
        rc = -1;
    }
    for (i = 0; i < res.npoints; i++) {
        flint_free(res.points[i].qnames);
        flint_free(res.points[i].bnames);
        flint_free(res.points[i].qst);
        flint_free(res.points[i].b);
    }
    flint_free(res.points);
    flint_free(res.plots);
    report_tmpl_clear(&t);
    return rc;
}

/* report --tile I/N: paves tile I of every plot of c and writes the partial
 * results file DIR/<id>.tile-I-of-N atomically. */
static int report_tile(const case_t *c, cli_report_opts *ro, double *secs)
{
    run_results res;
    run_options opt = ro->opt;
    char path[4096];
    struct timespec t0, t1;
    int rc;

    clock_gettime(CLOCK_MONOTONIC, &t0);
    opt.plots_only = 1;
    rc = run_case(&res, c, &opt);
    if (cli_cancelled) { run_results_clear(&res); return CLI_INTERNAL; }
    if (rc != 0) {
        cli_print_error(&res.error, "fricert report: internal failure");
        run_results_clear(&res);
        return rc == -1 ? CLI_BAD_INPUT : CLI_INTERNAL;
    }
    if (ro->out.fd < 0 && fc_outdir_open(&ro->out, ro->dir) != 0) {
        fprintf(stderr, "fricert report: -o %s: cannot create the folder: %s\n", ro->dir, strerror(errno));
        run_results_clear(&res);
        return CLI_BAD_INPUT;
    }
    snprintf(path, sizeof path, "%s/%s.tile-%d-of-%d", ro->dir, c->id, opt.tile_index + 1, opt.tile_count);
    rc = CLI_OK;
    if (run_tile_write(path, &res, &opt) != 0) {
        fprintf(stderr, "fricert report: cannot write %s: %s\n", path, strerror(errno));
        rc = CLI_INTERNAL;
    }
    run_results_clear(&res);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    *secs = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
    return cli_cancelled ? CLI_INTERNAL : rc;
}

/* Everything needed to run case i of report_main: a plain report, a tile
 * (tile_n > 0) or a merge (mg != NULL); the results go into the arrays. */
typedef struct {
    case_t *cases;
    cli_merged *mg;
    int tile_n;
    cli_report_opts *ro;
    double *secs, *und;
    int *pages, *status;
    double *read_secs;   /* how long reading each case took (NULL: unknown) */
} report_run;

/* A case read by case_read_check (so that the parent, which reads every case
 * before any runs, does not compute the model blocks' planes for all of them
 * one after another) read again whole, where it runs: in its child process,
 * or in turn. The check read has validated it as case_read does; an error
 * here (memory) is printed as case_read's. Returns 0 or -1. */
static int full_read(case_t *c)
{
    case_error_t err;
    char msg[4097 + 640];
    char *path = fc_strdup(c->path);
    int rc;
    if (path == NULL) return -1;
    case_clear(c);
    rc = case_read(c, path, &err);
    if (rc != 0) {
        memset(c, 0, sizeof *c);
        fc_error_format(msg, sizeof msg, &err);
        fprintf(stderr, "%s\n", msg);
    }
    flint_free(path);
    return rc;
}

/* Runs case i in this process; returns its exit status. */
static int run_one(report_run *r, int i)
{
    if (r->cases[i].check && full_read(&r->cases[i]) != 0) return r->status[i] = CLI_BAD_INPUT;
    if (r->tile_n > 0) return r->status[i] = report_tile(&r->cases[i], r->ro, &r->secs[i]);
    if (r->mg) {
        cli_report_opts rm = *r->ro;
        rm.opt.prec = r->mg[i].prec;
        rm.opt.depth = r->mg[i].depth;
        rm.opt.given = r->mg[i].pave;
        r->status[i] = report_case(&r->cases[i], &rm, &r->secs[i], &r->pages[i], &r->und[i]);
        r->ro->out = rm.out;   /* DIR, opened once */
        return r->status[i];
    }
    return r->status[i] = report_case(&r->cases[i], r->ro, &r->secs[i], &r->pages[i], &r->und[i]);
}

/* Before the cases run in child processes: DIR opened, and (reports, not
 * tiles) swept, here and once, so that no child's sweep can meet another
 * child's private folder. Returns 0, or -1 if DIR cannot be opened (the
 * cases then run one after another, which reports that as -j 1 does). */
static int parallel_outdir(cli_report_opts *ro, int tile_n)
{
    if (ro->out.fd >= 0) return 0;
    if (fc_outdir_open(&ro->out, ro->dir) != 0) {
        ro->out.fd = -1;
        return -1;
    }
    if (tile_n == 0) fc_outdir_sweep(&ro->out, stderr);
    return 0;
}

static void on_child(int sig)
{
    (void) sig;   /* only wakes sigsuspend */
}

/* Delivers a pending SIGINT/SIGTERM (its handler sets cli_cancelled). */
static void let_signals_in(const sigset_t *intterm)
{
    sigprocmask(SIG_UNBLOCK, intterm, NULL);
    sigprocmask(SIG_BLOCK, intterm, NULL);
}

/* Copies a finished child's stdout and stderr out and takes its results;
 * a child that ended without its results line (killed by a signal, out of
 * memory) is an internal failure of its case, with a message naming it
 * (not after SIGINT/SIGTERM: then the interruption is the message). */
static void job_finish(report_run *r, report_job *jb, int i, const char *cmd)
{
    int st, pg;
    double s, u;
    fflush(stdout);
    fflush(stderr);
    cli_copy_file(jb->f.out, stdout);
    cli_copy_file(jb->f.err, stderr);
    rewind(jb->f.res);
    if (WIFEXITED(jb->wstatus) && WEXITSTATUS(jb->wstatus) == 0 &&
        fscanf(jb->f.res, "%d %d %lg %lg", &st, &pg, &s, &u) == 4) {
        r->status[i] = st;
        r->pages[i] = pg;
        r->secs[i] = s;
        r->und[i] = u;
    } else {
        if (!cli_cancelled) {
            if (WIFSIGNALED(jb->wstatus))
                fprintf(stderr, "fricert %s: %s: internal failure (its process was killed by signal %d)\n", cmd,
                        r->cases[i].path, WTERMSIG(jb->wstatus));
            else
                fprintf(stderr, "fricert %s: %s: internal failure (its process ended with status %d and no "
                        "results)\n", cmd, r->cases[i].path, WIFEXITED(jb->wstatus) ? WEXITSTATUS(jb->wstatus) : -1);
        }
        r->status[i] = CLI_INTERNAL;
    }
    fclose(jb->f.out);
    fclose(jb->f.err);
    fclose(jb->f.res);
}

/* Runs the n cases in up to jobs child processes at once (each with
 * ro->opt.threads threads per paving, no progress line); their output is
 * copied out in the order of the cases, so it is that of -j 1 but for the
 * seconds. A case whose process cannot be started runs in this one, in its
 * turn. SIGINT/SIGTERM (cli_cancelled): no case is started any more, every
 * running child gets SIGTERM (it removes its private folder itself) and is
 * waited for. SIGINT, SIGTERM and SIGCHLD are blocked here except inside
 * sigsuspend, so a signal can never be missed between a test of
 * cli_cancelled and the wait. */
/* The order in which report_parallel starts the cases: the longest to read
 * first (a model block that certifies a plane computes while the case is
 * read, and the check read that report_main does before any case runs
 * computes a part of it: such a case is among the longest to run, and
 * started last it would run alone at the end), the others in their order.
 * Only the start changes: the output is copied out in the order of the
 * cases. */
static void launch_order(int *ord, const double *read_secs, int n)
{
    int i, j;
    for (i = 0; i < n; i++) ord[i] = i;
    if (read_secs == NULL) return;
    for (i = 1; i < n; i++) {   /* insertion sort, stable: slower reads first */
        int t = ord[i];
        for (j = i; j > 0 && read_secs[ord[j - 1]] < read_secs[t]; j--) ord[j] = ord[j - 1];
        ord[j] = t;
    }
}

static void report_parallel(report_run *r, int n, int jobs, const char *cmd)
{
    report_job *jb = flint_calloc(n, sizeof(report_job));
    int *ord = flint_calloc(n, sizeof(int));
    char *launched = flint_calloc(n, 1);
    int nl = 0, flushed = 0, running = 0, done = 0, forwarded = 0, shown = 0, i;
    int progress = r->ro->opt.progress;
    struct sigaction sa, old_chld;
    sigset_t blk, intterm, old;

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_child;
    sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGCHLD, &sa, &old_chld);
    sigemptyset(&intterm);
    sigaddset(&intterm, SIGINT);
    sigaddset(&intterm, SIGTERM);
    blk = intterm;
    sigaddset(&blk, SIGCHLD);
    sigprocmask(SIG_BLOCK, &blk, &old);
    nchild_jobs = n;
    child_jobs = jb;
    launch_order(ord, r->read_secs, n);
    for (;;) {
        int reaped = 0, wst;
        pid_t pid;
        /* start cases while there is room (a pending SIGINT/SIGTERM is let in first) */
        while (nl < n && running < jobs && (let_signals_in(&intterm), !cli_cancelled)) {
            int next = ord[nl];
            report_job *j = &jb[next];
            launched[next] = 1;
            if ((j->pid = cli_job_fork(&j->f)) < 0) {   /* run here, in turn */
                nl++;
                break;
            }
            if (j->pid == 0) {   /* the child: one case, its output into the files */
                int st;
                child_jobs = NULL;   /* its siblings are not its children */
                nchild_jobs = 0;
                sigaction(SIGCHLD, &old_chld, NULL);
                sigprocmask(SIG_SETMASK, &old, NULL);   /* on_signal as in a -j 1 run */
                if (dup2(fileno(j->f.out), 1) < 0 || dup2(fileno(j->f.err), 2) < 0) _exit(CLI_INTERNAL);
                r->ro->opt.progress = 0;
                st = run_one(r, next);
                if (cli_cancelled)   /* the parent says it when it was signalled too */
                    fprintf(stderr, "fricert %s: %s: interrupted by signal %d; no partial output was left\n", cmd,
                            r->cases[next].path, cli_cancelled);
                fflush(stdout);
                fflush(stderr);
                fprintf(j->f.res, "%d %d %.17g %.17g\n", st, r->pages[next], r->secs[next], r->und[next]);
                _exit(fflush(j->f.res) == 0 ? 0 : CLI_INTERNAL);
            }
            running++;
            nl++;
        }
        /* copy out, in the order of the cases, every case that has finished
           (after SIGINT/SIGTERM, the cases never started are passed over) */
        while (flushed < n && (launched[flushed] ? jb[flushed].pid <= 0 : cli_cancelled)) {
            if (!launched[flushed]) {
                flushed++;
                continue;
            }
            if (shown) {   /* the progress line goes before any copied text */
                fprintf(stderr, "\r%50s\r", "");
                shown = 0;
            }
            if (jb[flushed].pid == -1) {   /* could not fork: run it here (signals as with -j 1) */
                jb[flushed].pid = 0;
                if (!cli_cancelled) {
                    sigprocmask(SIG_UNBLOCK, &intterm, NULL);
                    run_one(r, flushed);
                    sigprocmask(SIG_BLOCK, &intterm, NULL);
                    fflush(stdout);
                    done++;
                }
            } else job_finish(r, &jb[flushed], flushed, cmd);
            flushed++;
        }
        if (flushed == n) break;
        /* reap every child that has ended */
        while ((pid = waitpid(-1, &wst, WNOHANG)) > 0)
            for (i = 0; i < n; i++)
                if (jb[i].pid == pid) {
                    jb[i].pid = 0;
                    jb[i].wstatus = wst;
                    running--;
                    done++;
                    reaped = 1;
                    break;
                }
        if (reaped) {
            if (progress && !cli_cancelled) {
                fprintf(stderr, "\rfricert %s: %d/%d cases done", cmd, done, n);
                shown = 1;
            }
            continue;
        }
        if (cli_cancelled && !forwarded) {   /* every running child removes its private folder and ends */
            for (i = 0; i < n; i++)
                if (jb[i].pid > 0) kill(jb[i].pid, SIGTERM);
            forwarded = 1;
            continue;
        }
        if (running > 0) sigsuspend(&old);   /* until a child ends or a signal comes */
    }
    if (shown) fprintf(stderr, "\r%50s\r", "");
    child_jobs = NULL;
    nchild_jobs = 0;
    sigprocmask(SIG_SETMASK, &old, NULL);
    sigaction(SIGCHLD, &old_chld, NULL);
    flint_free(jb);
    flint_free(ord);
    flint_free(launched);
}

/* report (merge = 0) or merge (merge = 1): the options, reading every case
 * (merge: every tile, merged), then writing case by case. */
static int report_main(int argc, char **argv, int merge)
{
    const char *cmd = merge ? "merge" : "report";
    static const struct option opts[] = {
        {"help", no_argument, NULL, 'h'},
        {"output", required_argument, NULL, 'o'},
        {"jobs", required_argument, NULL, 'j'},
        {"depth", required_argument, NULL, 'd'},
        {"prec", required_argument, NULL, 'p'},
        {"templates", required_argument, NULL, 't'},
        {"quiet", no_argument, NULL, 'q'},
        {"figure-style", required_argument, NULL, 's'},
        {"figure-face", required_argument, NULL, 'f'},
        {"tile", required_argument, NULL, 'T'},
        {"memory", required_argument, NULL, 'm'},
        {NULL, 0, NULL, 0}};
    const char *fig_style = "report";
    canvas_face fig_face = CANVAS_FACE_SANS;
    cli_report_opts ro;
    long jobs = 1, depth = 0, prec = 0;
    int o, i, j, ncases, bad = 0, rc = CLI_OK;
    case_t *cases;
    struct sigaction sa;
    struct stat sb;
    double *secs, *read_secs = NULL;
    int *pages;
    double *und;
    int *status;
    int tile_i = 0, tile_n = 0;
    cli_merged *mg = NULL;
    report_run run;

    memset(&ro, 0, sizeof ro);
    ro.dir = "out";
    ro.out.fd = -1;
    optind = 0;   /* 0: glibc re-initialises, so options may follow the cases */
    opterr = 0;
    while ((o = getopt_long(argc, argv, "ho:j:q", opts, NULL)) != -1) {
        switch (o) {
        case 'h': cli_usage(stdout, cmd); return CLI_OK;
        case 'o':
            if (!*optarg) {
                fprintf(stderr, "fricert %s: -o: expected a folder name\n", cmd);
                return CLI_BAD_INPUT;
            }
            ro.dir = optarg;
            break;
        case 'j': if (cli_parse_long(cmd, "-j", optarg, 1, 256, &jobs)) return CLI_BAD_INPUT; break;
        case 'T':
        case 'd':
        case 'p':
            if (merge) {   /* a merge takes the tiles' own --depth and --prec */
                fprintf(stderr, "fricert merge: --%s: not an option of merge (the tiles' own options are used)\n",
                        o == 'T' ? "tile" : o == 'd' ? "depth" : "prec");
                return CLI_BAD_INPUT;
            }
            if (o == 'T' && cli_parse_tile("report", optarg, &tile_i, &tile_n)) return CLI_BAD_INPUT;
            if (o == 'd' && cli_parse_long("report", "--depth", optarg, 1, 24, &depth)) return CLI_BAD_INPUT;
            if (o == 'p' && cli_parse_long("report", "--prec", optarg, 16, 65536, &prec)) return CLI_BAD_INPUT;
            break;
        case 't': ro.templates = optarg; break;
        case 'm': if (cli_parse_memory(cmd, optarg)) return CLI_BAD_INPUT; break;
        case 'q': ro.quiet = 1; break;
        case 's':
            if (report_figure_style_named(&ro.fig, optarg, CANVAS_FACE_SANS)) {
                fprintf(stderr, "fricert %s: --figure-style: expected report, paper or paper-wide, got '%s'\n", cmd,
                        optarg);
                return CLI_BAD_INPUT;
            }
            fig_style = optarg;
            break;
        case 'f':
            if (strcmp(optarg, "sans") != 0 && strcmp(optarg, "serif") != 0) {
                fprintf(stderr, "fricert %s: --figure-face: expected sans or serif, got '%s'\n", cmd, optarg);
                return CLI_BAD_INPUT;
            }
            fig_face = strcmp(optarg, "serif") == 0 ? CANVAS_FACE_SERIF : CANVAS_FACE_SANS;
            break;
        case ':':
            fprintf(stderr, "fricert %s: %s: missing value\n", cmd, argv[optind - 1]);
            return CLI_BAD_INPUT;
        default:
            /* a missing value: optopt is the option ('p', 'd', 't' for the long ones); an
               unknown short option: optopt is its letter (argv[optind - 1] may be "-x.case") */
            if (optopt && optopt != '?' && strchr("ojdptm", optopt)) {
                const char *a = argv[optind - 1];
                if (strncmp(a, "--", 2) == 0) fprintf(stderr, "fricert %s: %s: missing value\n", cmd, a);
                else fprintf(stderr, "fricert %s: -%c: missing value\n", cmd, optopt);
            } else if (optopt > ' ' && optopt < 127)
                fprintf(stderr, "fricert %s: unknown option '-%c' (see fricert %s --help)\n", cmd, optopt, cmd);
            else
                fprintf(stderr, "fricert %s: unknown option '%s' (see fricert %s --help)\n", cmd,
                        argv[optind - 1], cmd);
            return CLI_BAD_INPUT;
        }
    }
    report_figure_style_named(&ro.fig, fig_style, fig_face);
    ncases = argc - optind;
    if (ncases <= 0) {
        fprintf(stderr, merge ? "fricert merge: no folders given (see fricert merge --help)\n"
                              : "fricert report: no case files given (see fricert report --help)\n");
        return CLI_BAD_INPUT;
    }
    if (ro.templates == NULL) {
        /* ./templates, else beside the binary (BIN/../share/fricert/templates when
           installed, BIN/../templates in the source tree), else the configured data folder */
        static char exe_templates[4096];
        char exe[4096];
        ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        ro.templates = FC_DATADIR "/templates";
        if (n > 0) {
            char *slash;
            exe[n] = 0;
            if ((slash = strrchr(exe, '/')) != NULL) {
                *slash = 0;
                /* an installed binary, or bin/fricert in the source tree */
                if (path_join(exe_templates, sizeof exe_templates, exe, "../share/fricert/templates") == 0 &&
                    stat(exe_templates, &sb) == 0 && S_ISDIR(sb.st_mode))
                    ro.templates = exe_templates;
                else if (path_join(exe_templates, sizeof exe_templates, exe, "../templates") == 0 &&
                         stat(exe_templates, &sb) == 0 && S_ISDIR(sb.st_mode))
                    ro.templates = exe_templates;
            }
        }
        if (stat("templates", &sb) == 0 && S_ISDIR(sb.st_mode)) ro.templates = "templates";
    } else if (stat(ro.templates, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        fprintf(stderr, "fricert %s: --templates: no folder '%s'\n", cmd, ro.templates);
        return CLI_BAD_INPUT;
    }
    ro.opt.prec = prec;
    ro.opt.depth = (int) depth;
    ro.opt.threads = (int) jobs;
    ro.opt.progress = !ro.quiet && isatty(2);
    ro.opt.cancel = &cli_cancelled;
    ro.opt.tile_index = tile_i - 1;
    ro.opt.tile_count = tile_n;

    if (merge) {   /* the cases named by the tiles, and their merged pavings */
        rc = cli_merge_load(&cases, &mg, &ncases, argv + optind, argc - optind);
        if (rc != CLI_OK) return rc;
    } else cases = flint_calloc(ncases, sizeof(case_t));
    mech_set_threads((int) jobs);   /* a model block's plane: as many threads as a paving */
    read_secs = flint_calloc(ncases, sizeof(double));
    for (i = 0; i < ncases; i++) {
        case_error_t err;
        char msg[4097 + 640];   /* a whole path and a message */
        struct timespec r0, r1;
        clock_gettime(CLOCK_MONOTONIC, &r0);
        /* several cases at once: the check read (validation as case_read's, the
           planes of model blocks only where the points are); each is read
           again whole where it runs (run_one), in parallel */
        if (!merge && (jobs > 1 && ncases > 1 ? case_read_check : case_read)(&cases[i], argv[optind + i], &err)) {
            fc_error_format(msg, sizeof msg, &err);
            fprintf(stderr, "%s\n", msg);
            bad = 1;
            continue;
        }
        clock_gettime(CLOCK_MONOTONIC, &r1);
        read_secs[i] = (double) (r1.tv_sec - r0.tv_sec) + 1e-9 * (double) (r1.tv_nsec - r0.tv_nsec);
        if (tile_n == 0) {   /* the template must exist before anything is computed or written
                                (a tile writes no report: its merge needs the template) */
            char tp[4096], why[256];
            int tf;
            snprintf(tp, sizeof tp, "%s/%s.tmpl", ro.templates, cases[i].template_name);
            if ((tf = fc_file_open(tp, why, sizeof why)) < 0) {   /* never blocks (a FIFO) */
                fprintf(stderr, "%s:%d:%d: %s template %s (case %s asks for template '%s')\n",
                        cases[i].path, cases[i].template_line ? cases[i].template_line : 1,
                        cases[i].template_col ? cases[i].template_col : 1,
                        strncmp(why, "cannot open", 11) == 0 ? "cannot open" : "not a regular file:", tp,
                        cases[i].id, cases[i].template_name);
                bad = 1;
            } else {
                close(tf);
                if (template_precheck(&cases[i], ro.templates) != 0) bad = 1;
            }
        }
        for (j = 0; j < i; j++)
            if (cases[j].id && strcmp(cases[j].id, cases[i].id) == 0) {
                fprintf(stderr, "fricert report: %s and %s have the same id '%s'\n", cases[j].path,
                        cases[i].path, cases[i].id);
                bad = 1;
            }
    }
    secs = flint_calloc(ncases, sizeof(double));
    und = flint_calloc(ncases, sizeof(double));
    pages = flint_calloc(ncases, sizeof(int));
    status = flint_calloc(ncases, sizeof(int));
    if (bad) rc = CLI_BAD_INPUT;
    else {
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGINT, &sa, NULL);
        sigaction(SIGTERM, &sa, NULL);
        run.cases = cases;
        run.mg = mg;
        run.tile_n = tile_n;
        run.ro = &ro;
        run.secs = secs;
        run.und = und;
        run.pages = pages;
        run.status = status;
        run.read_secs = merge ? NULL : read_secs;
        if (jobs > 1 && ncases > 1 && parallel_outdir(&ro, tile_n) == 0)
            report_parallel(&run, ncases, (int) jobs, cmd);
        else
            for (i = 0; i < ncases && !cli_cancelled; i++) status[i] = run_one(&run, i);
        for (i = 0; i < ncases; i++)
            if (status[i] > rc) rc = status[i];
        if (cli_cancelled) {
            fprintf(stderr, "fricert %s: interrupted by signal %d; no partial output was left\n", cmd, cli_cancelled);
            rc = CLI_INTERNAL;
        } else if (!ro.quiet && tile_n > 0) {
            printf("%-24s %12s %9s  %s\n", "case", "tile", "seconds", "status");
            for (i = 0; i < ncases; i++) {
                char tl[32];
                snprintf(tl, sizeof tl, "%d/%d", tile_i, tile_n);
                printf("%-24s %12s %9.2f  %s\n", cases[i].id, tl, secs[i], status[i] == CLI_OK ? "written" : "FAILED");
            }
        } else if (!ro.quiet) {
            printf("%-24s %6s %9s %12s  %s\n", "case", "pages", "seconds", "undecided %", "status");
            for (i = 0; i < ncases; i++)
                printf("%-24s %6d %9.2f %12.4f  %s\n", cases[i].id, pages[i], secs[i], 100 * und[i],
                       status[i] == CLI_OK ? "written" : "FAILED");
        }
    }
    fc_outdir_close(&ro.out);
    for (i = 0; i < ncases; i++)
        if (cases[i].id) case_clear(&cases[i]);
    flint_free(cases);
    flint_free(secs);
    flint_free(und);
    flint_free(pages);
    flint_free(status);
    flint_free(read_secs);
    if (mg) cli_merged_free(mg, ncases);   /* after the cases: their plots were moved out */
    return rc;
}

int cli_report(int argc, char **argv)
{
    return report_main(argc, argv, 0);
}

int cli_merge(int argc, char **argv)
{
    return report_main(argc, argv, 1);
}
