/* bench_read.c -- `make bench`: is reading a case linear in its size?
 *
 * Writes synthetic case files of about 1, 4 and 16 MB (decimal; the largest
 * stays under the reader's 16777216-byte limit) into a folder, in three
 * shapes, each the worst case of one part of the reader:
 *   claims     many [claim NAME] sections (section table, claim predicates);
 *   defines    many [define] entries, each resting on the one before in
 *              chains of 200 (the namespace, ordering and cycle walks);
 *   continued  one value (the summary) continued over many lines (append).
 * "read" is what `fricert check` does before computing (case_read_check:
 * the file read, the INI parse, every expression parsed and type-checked,
 * names, order, cycles, references), then case_clear; nothing is computed.
 * "check" is the whole `fricert check FILE` (given the program's path), for
 * the shapes whose check computes nothing (a claims file would have every
 * claim decided by paving, which is not reading).
 * Each measurement runs in a fresh child process (so the heap and page
 * faults of one run do not help the next); its user and system CPU seconds
 * and peak resident memory come from wait4, the best of 3 runs at 1 MB, 2
 * at 4 MB, 1 at 16 MB. Then, per shape, time(16 MB) / time(1 MB) beside the
 * 16 x of linear reading, in user CPU (the reader's own work) and in user +
 * system (the system part is the kernel clearing the pages the reader
 * allocates), and the step 4 MB -> 16 MB beside 4 x.
 * Figures only; never fails on a time (exit 1 only if a file is refused).
 * Arguments: the folder for the files (default build/bench), the fricert
 * program (default bin/fricert; "-": no check figures). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include "case/case.h"

static double wall_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static const char *const shapes[3] = {"claims", "defines", "continued"};
static const int sizes_mb[3] = {1, 4, 16};

/* Writes shape s of about mb * 10^6 bytes to path; returns its size in
 * bytes, the number of repeated items in *items, or -1. */
static long write_case(const char *path, int s, int mb, long *items)
{
    FILE *f = fopen(path, "w");
    long target = (long) mb * 1000000L, n = 0, size;
    if (f == NULL) return -1;
    fprintf(f, "; %s -- bench_read.c: a synthetic %d MB case (%s)\n", path, mb, shapes[s]);
    fprintf(f, "[case]\ntitle = Reading benchmark, %s\nsource = bench/bench_read.c\n", shapes[s]);
    if (s == 2) {
        fprintf(f, "summary = The first line of a long summary.\n");
        while (ftell(f) < target - 200) {
            fprintf(f, "    Line %ld of the summary, continued on an indented line: the reader joins the"
                       " pieces with newlines.\n", ++n);
        }
    }
    fprintf(f, "\n[parameters]\nx = 0 .. 1 : the first axis\ny = -1 .. 2 : the second axis\n");
    if (s == 1) {
        fprintf(f, "\n[define]\n");
        while (ftell(f) < target - 100) {
            if (n % 200 == 0) fprintf(f, "d%ld = x*y + %ld/7\n", n, n);
            else fprintf(f, "d%ld = d%ld - x + %ld/7\n", n, n - 1, n % 1000);
            n++;
        }
    } else {
        fprintf(f, "\n[define]\nq = x*y - 1/3\n");
    }
    if (s == 0) {
        while (ftell(f) < target - 100) {
            fprintf(f, "\n[claim c%ld]\nclaim = x < %ld/100000\nmodel = q + y^2 < 1/2\n", n, n % 100000);
            n++;
        }
    }
    size = ftell(f);
    if (fclose(f) != 0) return -1;
    *items = n;
    return size;
}

typedef struct {
    double user, sys, wall;   /* seconds */
    long rss_mb;              /* peak resident memory */
    int ok;                   /* the child exited 0 */
} measure_t;

/* Runs one read (prog == NULL) or `prog check path` in a child process. */
static measure_t measure_once(const char *path, const char *prog)
{
    measure_t m;
    struct rusage ru;
    int status = 0;
    double w0 = wall_now();
    pid_t pid;
    memset(&m, 0, sizeof m);
    fflush(stdout);
    pid = fork();
    if (pid < 0) return m;
    if (pid == 0) {
        if (prog == NULL) {
            case_t c;
            case_error_t err;
            if (case_read_check(&c, path, &err) != 0) {
                char msg[4096];
                fc_error_format(msg, sizeof msg, &err);
                fprintf(stderr, "bench_read: refused: %s\n", msg);
                _exit(1);
            }
            case_clear(&c);
            _exit(0);
        } else {
            int fd = open("/dev/null", O_WRONLY);
            if (fd >= 0) dup2(fd, 1);
            execl(prog, prog, "check", path, (char *) NULL);
            _exit(127);
        }
    }
    if (wait4(pid, &status, 0, &ru) != pid) return m;
    m.wall = wall_now() - w0;
    m.user = ru.ru_utime.tv_sec + 1e-6 * ru.ru_utime.tv_usec;
    m.sys = ru.ru_stime.tv_sec + 1e-6 * ru.ru_stime.tv_usec;
    m.rss_mb = ru.ru_maxrss / 1024;
    m.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return m;
}

/* The best (least user + system CPU) of reps runs. */
static measure_t measure(const char *path, const char *prog, int reps)
{
    measure_t best, m;
    int r;
    best = measure_once(path, prog);
    for (r = 1; r < reps && best.ok; r++) {
        m = measure_once(path, prog);
        if (m.ok && m.user + m.sys < best.user + best.sys) best = m;
    }
    return best;
}

static void print_ratios(const char *what, const char *shape, measure_t m[3])
{
    double u1 = m[0].user > 0.005 ? m[0].user : 0.005, c1 = m[0].user + m[0].sys;
    double u4 = m[1].user > 0.005 ? m[1].user : 0.005, c4 = m[1].user + m[1].sys;
    if (c1 < 0.005) c1 = 0.005;
    if (c4 < 0.005) c4 = 0.005;
    printf("%s %-9s time(16 MB) / time(1 MB) = %5.1f x user CPU, %5.1f x user + sys (linear: 16 x);"
           " 4 -> 16 MB %.1f x user, %.1f x user + sys (linear: 4 x); 16 MB: %.2f s CPU (%.2f user),"
           " %.2f s wall, %ld MB\n", what, shape, m[2].user / u1, (m[2].user + m[2].sys) / c1,
           m[2].user / u4, (m[2].user + m[2].sys) / c4, m[2].user + m[2].sys, m[2].user, m[2].wall,
           m[2].rss_mb);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "build/bench";
    const char *prog = argc > 2 ? argv[2] : "bin/fricert";
    static const int reps[3] = {3, 2, 1};
    measure_t rd[3][3], ck[3][3];
    int s, k, bad = 0;
    if (strcmp(prog, "-") == 0 || access(prog, X_OK) != 0) prog = NULL;
    printf("reading: synthetic cases read and validated as `fricert check` reads them (case_read_check,"
           " nothing computed)%s; a fresh process each, best of 3 / 2 / 1 runs; files in %s/\n",
           prog ? ", and the whole `fricert check FILE`" : "", dir);
    for (s = 0; s < 3; s++) {
        for (k = 0; k < 3; k++) {
            char path[1024];
            long bytes, items;
            snprintf(path, sizeof path, "%s/read_%s_%dMB.case", dir, shapes[s], sizes_mb[k]);
            bytes = write_case(path, s, sizes_mb[k], &items);
            if (bytes < 0) {
                fprintf(stderr, "bench_read: cannot write %s\n", path);
                return 1;
            }
            rd[s][k] = measure(path, NULL, reps[k]);
            if (!rd[s][k].ok) bad = 1;
            printf("  %-9s %2d MB (%8ld bytes, %6ld %-11s) read:  %6.2f s user %5.2f s sys %6.2f s wall %5ld MB",
                   shapes[s], sizes_mb[k], bytes, items,
                   s == 0 ? "claims" : s == 1 ? "definitions" : "lines", rd[s][k].user, rd[s][k].sys,
                   rd[s][k].wall, rd[s][k].rss_mb);
            if (prog && s > 0) {
                ck[s][k] = measure(path, prog, reps[k]);
                if (!ck[s][k].ok) bad = 1;
                printf("; check: %6.2f s user %5.2f s sys %6.2f s wall %5ld MB",
                       ck[s][k].user, ck[s][k].sys, ck[s][k].wall, ck[s][k].rss_mb);
            }
            printf("%s\n", rd[s][k].ok ? "" : " (refused)");
        }
    }
    for (s = 0; s < 3; s++) print_ratios("read ", shapes[s], rd[s]);
    if (prog)
        for (s = 1; s < 3; s++) print_ratios("check", shapes[s], ck[s]);
    printf("target: a 16 MB case is read and validated in a few seconds\n");
    return bad;
}
