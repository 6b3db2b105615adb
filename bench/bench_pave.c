/* bench_pave.c -- `make bench`: certified paving of the Painlevé rod predicate
 * B = 1 + 3cos^2(theta) - 3 mu sin(theta) cos(theta) over [0, pi/2] x [0, 3]
 * at depths 8..16, beside the same predicate sampled uncertified in double on
 * the 2^D x 2^D grid. Prints figures and ratios; never fails on a time. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "pave/pave.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static double B(double t, double m) { double c = cos(t), s = sin(t); return 1 + 3 * c * c - 3 * m * s * c; }

/* Uniform-grid sampling in double: signs at the (n+1)^2 grid nodes; returns the
 * seconds and counts the cells whose corner signs differ (the cells the curve
 * must cross: a lower estimate of what any paving must leave undecided). */
static double sample(int n, long *crossing)
{
    double t0 = now(), w = (M_PI / 2) / n, h = 3.0 / n;
    signed char *row0 = malloc(n + 1), *row1 = malloc(n + 1), *tmp;
    long cross = 0;
    int i, j;
    for (i = 0; i <= n; i++) row0[i] = B(i * w, 0) > 0;
    for (j = 1; j <= n; j++) {
        for (i = 0; i <= n; i++) row1[i] = B(i * w, j * h) > 0;
        for (i = 0; i < n; i++) {
            int s = row0[i] + row0[i + 1] + row1[i] + row1[i + 1];
            cross += (s != 0 && s != 4);
        }
        tmp = row0; row0 = row1; row1 = tmp;
    }
    free(row0);
    free(row1);
    *crossing = cross;
    return now() - t0;
}

int main(int argc, char **argv)
{
    int dmax = argc > 1 ? atoi(argv[1]) : 16, threads = argc > 2 ? atoi(argv[2]) : 1, d;
    expr_error_t err;
    expr_scope_t s = expr_scope_new();
    expr_t def, roots[2];
    expr_prog_t prog;
    arb_ptr box = _arb_vec_init(2);
    arb_t xl, xh, yl, yh;
    double prev = 0;

    expr_scope_add_param(s, "theta");
    expr_scope_add_param(s, "mu");
    def = expr_parse("1 + 3*cos(theta)^2 - 3*mu*sin(theta)*cos(theta)", 1, 1, &err);
    expr_scope_add_def(s, "B", def, 0);
    roots[0] = expr_parse("B > 0", 1, 1, &err);
    roots[1] = expr_parse("B < 0", 1, 1, &err);
    prog = expr_compile(roots, 2, s, &err);
    arb_init(xl); arb_init(xh); arb_init(yl); arb_init(yh);
    arb_const_pi(xh, 128);
    arb_mul_2exp_si(xh, xh, -1);
    arb_set_ui(yh, 3);

    printf("Painlevé rod paving, [0, pi/2] x [0, 3], %d thread%s\n", threads, threads == 1 ? "" : "s");
    printf("%5s %10s %10s %10s %9s %12s %10s %8s %10s %8s\n", "depth", "seconds", "step", "cells",
           "evals", "undecided", "crossing", "ratio", "sample s", "cert/smp");
    for (d = 8; d <= dmax; d++) {
        pave_problem pb;
        pave_result r;
        long cross, und = 0, i;
        double ts;
        memset(&pb, 0, sizeof pb);
        pb.prog = prog; pb.nregions = 2; pb.box = box; pb.nparams = 2;
        pb.xparam = 0; pb.yparam = 1; pb.x_lo = xl; pb.x_hi = xh; pb.y_lo = yl; pb.y_hi = yh;
        pb.depth = d; pb.threads = threads; pb.prec = 64; pb.max_prec = 256;
        pave_result_init(&r);
        pave_run(&r, &pb);
        for (i = 0; i < r.ncells; i++) und += r.cells[i].label == PAVE_UNDECIDED;
        if (d <= 14) {
            ts = sample(1 << d, &cross);
            printf("%5d %10.4f %10.2f %10ld %9ld %12ld %10ld %8.2f %10.4f %8.2f\n", d, r.seconds,
                   prev > 0 ? r.seconds / prev : 0.0, r.ncells, r.evaluations, und, cross,
                   (double) und / (double) cross, ts, r.seconds / ts);
        } else {   /* the 2^D x 2^D sample grid takes minutes beyond depth 14 */
            printf("%5d %10.4f %10.2f %10ld %9ld %12ld %10s %8s %10s %8s\n", d, r.seconds,
                   prev > 0 ? r.seconds / prev : 0.0, r.ncells, r.evaluations, und, "-", "-", "-", "-");
        }
        prev = r.seconds;
        pave_result_clear(&r);
    }
    printf("targets (DESIGN.md): depth 12 <= 0.1 s, depth 16 < 2 s, step <= 2.2x, undecided/crossing <= 1.5\n");
    return 0;
}
