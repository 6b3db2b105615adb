/* cli_check.c -- `fricert check CASE...`: every claim decided and every plot
 * paved to at most CHECK_PLOT_DEPTH (so that overlapping regions, bad labels
 * and claim errors are found), then every [expect] line, certified.
 *
 * A case that cannot be read or computed counts as one failure; its message
 * goes to stderr. Failed expectations go to stdout as "FILE:LINE: expect ...". The
 * last line is "N passed, M failed"; the exit status is 0 iff M = 0.
 * With --tile I/N only tile I of each plot is paved; tile 1 also decides
 * the claims and checks the [expect] lines, so that the N tile runs
 * together check what one whole run checks. Cases are read with
 * case_read_check: a zod_return_map plane is refined only in the grid cells
 * holding one of the case's [point]s, where its verdict (hence every
 * [expect] at a point) is the report's; its plots are paved on the coarser
 * plane, still certified. With -j N the cases run in up to N child
 * processes at once (default: one per online core); each one's stdout and
 * stderr are kept in temporary files and copied out in the order of the
 * cases, so the output is that of -j 1. Without --memory the default memory
 * budget is shared: each process gets 1/N of it. */
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cli/cli.h"
#include "base/fc_mem.h"

/* Plots are paved only to find overlapping regions (no [expect] line reads a
 * paving): to this depth at most (report paves to each plot's own). */
#define CHECK_PLOT_DEPTH 6

typedef struct {
    long prec;
    int tile_i, tile_n;
    long passed, failed;
    int internal, bad_input;
} check_state;

/* Checks one case, printing to stdout / stderr and counting into st. */
static void check_one(check_state *st, const char *path)
{
    case_t c;
    case_error_t err;
    char msg[4097 + 640];   /* a whole path and a message */
    run_results computed;
    run_options opt;
    int rc, j;
    if (case_read_check(&c, path, &err)) {
        fc_error_format(msg, sizeof msg, &err);
        fprintf(stderr, "%s\n", msg);
        st->failed++;
        st->bad_input = 1;
        return;
    }
    memset(&opt, 0, sizeof opt);
    opt.prec = st->prec;
    opt.threads = 1;
    opt.tile_index = st->tile_i - 1;
    opt.tile_count = st->tile_n;
    opt.plots_only = st->tile_n > 1 && st->tile_i > 1;   /* tile 1 also checks claims and [expect] */
    opt.verdicts_only = 1;                                /* check prints verdicts, not claim pavings */
    opt.plot_depth_max = CHECK_PLOT_DEPTH;
    rc = run_case(&computed, &c, &opt);
    if (rc != 0) {
        cli_print_error(&computed.error, "fricert check: internal failure");
        st->failed++;
        if (rc == -1) st->bad_input = 1;
        else st->internal = 1;
        run_results_clear(&computed);
        case_clear(&c);
        return;
    }
    for (j = 0; j < computed.nexpect; j++) {
        const run_expect *res = &computed.expect[j];
        if (res->passed) st->passed++;
        else {
            st->failed++;
            st->internal |= res->internal;
            cli_expect_print_failure(stdout, &c, j, res);
        }
    }
    run_results_clear(&computed);
    case_clear(&c);
}

/* A case run in a child process: its output files and its counts. */
typedef struct {
    pid_t pid;     /* 0: finished (or not started) */
    int status;
    cli_job_files f;
} check_job;

/* Copies a finished job's output out and adds its counts to st. */
static void job_finish(check_state *st, check_job *jb, const char *path)
{
    long p = 0, f = 0;
    int in = 0, bad = 0;
    fflush(stderr);
    cli_copy_file(jb->f.out, stdout);
    cli_copy_file(jb->f.err, stderr);
    rewind(jb->f.res);
    if (WIFEXITED(jb->status) && WEXITSTATUS(jb->status) == 0 &&
        fscanf(jb->f.res, "%ld %ld %d %d", &p, &f, &in, &bad) == 4) {
        st->passed += p;
        st->failed += f;
        st->internal |= in;
        st->bad_input |= bad;
    } else {
        if (WIFSIGNALED(jb->status))
            fprintf(stderr, "fricert check: %s: internal failure (signal %d)\n", path, WTERMSIG(jb->status));
        else if (WIFEXITED(jb->status) && WEXITSTATUS(jb->status) == CLI_INTERNAL)
            ;   /* the child printed why (e.g. the memory budget) */
        else fprintf(stderr, "fricert check: %s: internal failure\n", path);
        st->failed++;
        st->internal = 1;
    }
    fclose(jb->f.out);
    fclose(jb->f.err);
    fclose(jb->f.res);
}

/* Runs the cases in up to jobs child processes (a case whose process
 * cannot be started runs in this one, in its turn). */
static void check_parallel(check_state *st, char **paths, int n, int jobs)
{
    check_job *jb = flint_calloc(n, sizeof(check_job));
    int next = 0, flushed = 0, running = 0, i;
    while (flushed < n) {
        /* start cases while there is room */
        while (next < n && running < jobs) {
            check_job *j = &jb[next];
            if ((j->pid = cli_job_fork(&j->f)) < 0) {   /* run here, in turn */
                next++;
                break;
            }
            if (j->pid == 0) {   /* the child: one case, its output into the files */
                check_state one = *st;
                one.passed = one.failed = 0;
                one.internal = one.bad_input = 0;
                if (dup2(fileno(j->f.out), 1) < 0 || dup2(fileno(j->f.err), 2) < 0) _exit(CLI_INTERNAL);
                check_one(&one, paths[next]);
                fflush(stdout);
                fflush(stderr);
                fprintf(j->f.res, "%ld %ld %d %d\n", one.passed, one.failed, one.internal, one.bad_input);
                fflush(j->f.res);
                _exit(0);
            }
            running++;
            next++;
        }
        /* copy out, in order, every case that has finished */
        while (flushed < next) {
            check_job *j = &jb[flushed];
            if (j->pid == -1) {   /* could not fork: run it here */
                fflush(stdout);
                check_one(st, paths[flushed]);
                fflush(stdout);
                j->pid = 0;
                flushed++;
                continue;
            }
            if (j->pid > 0) break;
            job_finish(st, j, paths[flushed]);
            flushed++;
        }
        if (flushed == n) break;
        if (running > 0) {   /* wait for any child */
            int status;
            pid_t pid = waitpid(-1, &status, 0);
            if (pid < 0) continue;
            for (i = 0; i < next; i++)
                if (jb[i].pid == pid) {
                    jb[i].pid = 0;
                    jb[i].status = status;
                    running--;
                    break;
                }
        }
    }
    flint_free(jb);
}

int cli_check(int argc, char **argv)
{
    static const struct option opts[] = {
        {"help", no_argument, NULL, 'h'},
        {"prec", required_argument, NULL, 'p'},
        {"tile", required_argument, NULL, 'T'},
        {"memory", required_argument, NULL, 'm'},
        {"jobs", required_argument, NULL, 'j'},
        {NULL, 0, NULL, 0}};
    check_state st;
    long jobs = 0;   /* 0: the default, one process per online core */
    int i, o, memory_given = 0;

    memset(&st, 0, sizeof st);
    optind = 0;   /* 0: glibc re-initialises, so options may follow the cases */
    opterr = 0;
    while ((o = getopt_long(argc, argv, ":hj:", opts, NULL)) != -1) {
        if (o == 'h') {
            cli_usage(stdout, "check");
            return CLI_OK;
        } else if (o == 'p') {
            if (cli_parse_long("check", "--prec", optarg, 16, 65536, &st.prec)) return CLI_BAD_INPUT;
        } else if (o == 'j') {
            if (cli_parse_long("check", "-j", optarg, 1, 256, &jobs)) return CLI_BAD_INPUT;
        } else if (o == 'm') {
            if (cli_parse_memory("check", optarg)) return CLI_BAD_INPUT;
            memory_given = 1;
        } else if (o == 'T') {
            if (cli_parse_tile("check", optarg, &st.tile_i, &st.tile_n)) return CLI_BAD_INPUT;
        } else if (o == ':') {
            fprintf(stderr, "fricert check: %s: missing value\n", argv[optind - 1]);
            return CLI_BAD_INPUT;
        } else {
            fprintf(stderr, "fricert check: unknown option '%s' (see fricert check --help)\n", argv[optind - 1]);
            return CLI_BAD_INPUT;
        }
    }
    if (optind >= argc) {
        fprintf(stderr, "fricert check: no case files given (see fricert check --help)\n");
        return CLI_BAD_INPUT;
    }
    if (jobs == 0) {   /* one case per online core, at most one per case */
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        jobs = cores < 1 ? 1 : cores > 256 ? 256 : cores;
        if (jobs > argc - optind) jobs = argc - optind;
    }
    if (jobs > 1 && argc - optind > 1 && !memory_given)   /* the default budget shared by the processes */
        fc_mem_set_budget(fc_mem_default_budget() / (size_t) jobs);
    if (jobs > 1 && argc - optind > 1) check_parallel(&st, argv + optind, argc - optind, (int) jobs);
    else
        for (i = optind; i < argc; i++) check_one(&st, argv[i]);
    printf("%ld passed, %ld failed\n", st.passed, st.failed);
    fflush(stdout);
    if (st.internal) return CLI_INTERNAL;
    return st.failed || st.bad_input ? CLI_BAD_INPUT : CLI_OK;
}
