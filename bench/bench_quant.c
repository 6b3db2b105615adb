/* bench_quant.c -- `make bench`: certified paving of a quantified region,
 *   exists theta in [0, pi/2] : 1 + k cos^2(theta) - k mu sin(theta) cos(theta) < 0
 * over (k, mu) in [1/2, 8] x [0, 3], whose exact boundary is k^2 mu^2 = 4 (1 + k),
 * mu > 0 (divide by cos^2 theta: t^2 - k mu t + 1 + k < 0 for some t = tan theta
 * >= 0). Beside it, the cells of the 2^D x 2^D grid that the exact boundary
 * crosses (decided in double from the closed form at the corners): a lower
 * estimate of what any paving leaves undecided. Prints figures; never fails on
 * a time. Arguments: the deepest depth (default 10), threads (default 1). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "pave/pave.h"

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* The least CPU seconds of pave_run on PB in REPS runs (the results dropped);
 * its evaluations in *evals. */
static double least_cpu(const pave_problem *pb, int reps, long *evals)
{
    double best = 1e300;
    int rep;
    for (rep = 0; rep < reps; rep++) {
        pave_result r;
        double t;
        pave_result_init(&r);
        t = cpu_now();
        pave_run(&r, pb);
        t = cpu_now() - t;
        if (t < best) best = t;
        *evals = r.evaluations;
        pave_result_clear(&r);
    }
    return best;
}

/* CPU seconds of the plain rod plot (B > 0, B < 0 with B = 1 + 3cos^2 theta
 * - 3 mu sin theta cos theta over [0, pi/2] x [0, 3]) at depth d, the least
 * of 3 runs; its evaluations in *evals. */
static double rod_cpu(int d, long *evals)
{
    expr_error_t err;
    expr_scope_t s = expr_scope_new();
    expr_t roots[2];
    expr_prog_t prog;
    arb_ptr box = _arb_vec_init(2);
    arb_t xl, xh, yl, yh;
    double best;
    expr_scope_add_param(s, "theta");
    expr_scope_add_param(s, "mu");
    roots[0] = expr_parse("1 + 3*cos(theta)^2 - 3*mu*sin(theta)*cos(theta) > 0", 1, 1, &err);
    roots[1] = expr_parse("1 + 3*cos(theta)^2 - 3*mu*sin(theta)*cos(theta) < 0", 1, 1, &err);
    prog = expr_compile(roots, 2, s, &err);
    arb_init(xl); arb_init(xh); arb_init(yl); arb_init(yh);
    arb_const_pi(xh, 128);
    arb_mul_2exp_si(xh, xh, -1);
    arb_set_ui(yh, 3);
    {
        pave_problem pb;
        memset(&pb, 0, sizeof pb);
        pb.prog = prog; pb.nregions = 2; pb.box = box; pb.nparams = 2;
        pb.xparam = 0; pb.yparam = 1; pb.x_lo = xl; pb.x_hi = xh; pb.y_lo = yl; pb.y_hi = yh;
        pb.depth = d; pb.threads = 1; pb.prec = 64; pb.max_prec = 256;
        best = least_cpu(&pb, 3, evals);
    }
    expr_prog_free(prog);
    expr_free(roots[0]);
    expr_free(roots[1]);
    expr_scope_free(s);
    _arb_vec_clear(box, 2);
    arb_clear(xl); arb_clear(xh); arb_clear(yl); arb_clear(yh);
    return best;
}

/* > 0 inside the region (k mu > 0 here except on mu = 0, where it is false) */
static double inside(double k, double m) { return m > 0 ? k * k * m * m - 4 * (1 + k) : -1; }

static long crossing(int n)
{
    double w = 7.5 / n, h = 3.0 / n;
    long cross = 0;
    int i, j;
    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++) {
            int s = (inside(0.5 + i * w, j * h) > 0) + (inside(0.5 + (i + 1) * w, j * h) > 0) +
                    (inside(0.5 + i * w, (j + 1) * h) > 0) + (inside(0.5 + (i + 1) * w, (j + 1) * h) > 0);
            cross += (s != 0 && s != 4);
        }
    return cross;
}

int main(int argc, char **argv)
{
    int dmax = argc > 1 ? atoi(argv[1]) : 10, threads = argc > 2 ? atoi(argv[2]) : 1, d;
    expr_error_t err;
    expr_scope_t s = expr_scope_new();
    expr_t roots[1];
    expr_prog_t prog;
    arb_ptr box = _arb_vec_init(2);
    arb_t xl, xh, yl, yh;
    double cpu_last = 0, rod;
    long evals_last = 0, rod_evals = 0;

    expr_scope_add_param(s, "k");
    expr_scope_add_param(s, "mu");
    roots[0] = expr_parse("exists theta in 0 .. pi/2 : 1 + k*cos(theta)^2 - k*mu*sin(theta)*cos(theta) < 0",
                          1, 1, &err);
    if (roots[0] == NULL || expr_check(roots[0], s, 1, &err)) {
        fprintf(stderr, "bench_quant: %s\n", err.msg);
        return 2;
    }
    prog = expr_compile(roots, 1, s, &err);
    arb_init(xl); arb_init(xh); arb_init(yl); arb_init(yh);
    arb_set_d(xl, 0.5);
    arb_set_ui(xh, 8);
    arb_set_ui(yh, 3);

    printf("exists-theta region (k^2 mu^2 > 4 (1 + k)), [1/2, 8] x [0, 3], %d thread%s\n", threads,
           threads == 1 ? "" : "s");
    printf("%5s %10s %10s %10s %10s %12s %10s %8s %8s %8s %8s\n", "depth", "seconds", "cpu s", "cells", "evals", "undecided",
           "crossing", "ratio", "fast", "arb", "witness");
    for (d = 6; d <= dmax; d++) {
        pave_problem pb;
        pave_result r;
        long cross, und = 0, i;
        memset(&pb, 0, sizeof pb);
        pb.prog = prog; pb.nregions = 1; pb.box = box; pb.nparams = 2;
        pb.xparam = 0; pb.yparam = 1; pb.x_lo = xl; pb.x_hi = xh; pb.y_lo = yl; pb.y_hi = yh;
        pb.depth = d; pb.threads = threads; pb.prec = 64; pb.max_prec = 256;
        pave_result_init(&r);
        cpu_last = cpu_now();
        pave_run(&r, &pb);
        cpu_last = cpu_now() - cpu_last;
        evals_last = r.evaluations;
        if (d == dmax) {   /* the figure compared with the rod's: the least of 3 runs, as the rod's */
            long ev;
            double t = least_cpu(&pb, 2, &ev);
            if (t < cpu_last) cpu_last = t;
        }
        /* undecided cells counted at the finest level (coarser ones as 4^(d - level) of them) */
        for (i = 0; i < r.ncells; i++)
            if (r.cells[i].label == PAVE_UNDECIDED) und += 1L << (2 * (d - r.cells[i].level));
        cross = crossing(1 << d);
        printf("%5d %10.3f %10.3f %10ld %10ld %12ld %10ld %8.2f %8ld %8ld %8ld\n", d, r.seconds, cpu_last, r.ncells,
               r.evaluations, und, cross, (double) und / (double) cross, r.fast_evaluations, r.arb_evaluations,
               r.witnessed);
        pave_result_clear(&r);
    }
    printf("target (issue 13): depth 10 in a few seconds, undecided/crossing <= 2\n");
    rod = rod_cpu(dmax, &rod_evals);
    printf("exists plot vs the plain rod plot at depth %d (1 thread, CPU, each the least of 3 runs): %.3f s vs %.4f s = %.0fx "
           "(target <= 10x); evaluations %ld vs %ld = %.1fx; per evaluation %.0fx\n", dmax, cpu_last, rod,
           cpu_last / rod, evals_last, rod_evals, (double) evals_last / (double) rod_evals,
           (cpu_last / evals_last) / (rod / rod_evals));
    expr_prog_free(prog);
    expr_free(roots[0]);
    expr_scope_free(s);
    _arb_vec_clear(box, 2);
    arb_clear(xl); arb_clear(xh); arb_clear(yl); arb_clear(yh);
    return 0;
}
