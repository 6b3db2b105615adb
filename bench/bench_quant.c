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
#include "pave/pave.h"

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
    printf("%5s %10s %10s %10s %12s %10s %8s\n", "depth", "seconds", "cells", "evals", "undecided", "crossing",
           "ratio");
    for (d = 6; d <= dmax; d++) {
        pave_problem pb;
        pave_result r;
        long cross, und = 0, i;
        memset(&pb, 0, sizeof pb);
        pb.prog = prog; pb.nregions = 1; pb.box = box; pb.nparams = 2;
        pb.xparam = 0; pb.yparam = 1; pb.x_lo = xl; pb.x_hi = xh; pb.y_lo = yl; pb.y_hi = yh;
        pb.depth = d; pb.threads = threads; pb.prec = 64; pb.max_prec = 256;
        pave_result_init(&r);
        pave_run(&r, &pb);
        /* undecided cells counted at the finest level (coarser ones as 4^(d - level) of them) */
        for (i = 0; i < r.ncells; i++)
            if (r.cells[i].label == PAVE_UNDECIDED) und += 1L << (2 * (d - r.cells[i].level));
        cross = crossing(1 << d);
        printf("%5d %10.3f %10ld %10ld %12ld %10ld %8.2f\n", d, r.seconds, r.ncells, r.evaluations, und, cross,
               (double) und / (double) cross);
        pave_result_clear(&r);
    }
    printf("target (issue 13): depth 10 in a few seconds, undecided/crossing <= 2\n");
    expr_prog_free(prog);
    expr_free(roots[0]);
    expr_scope_free(s);
    _arb_vec_clear(box, 2);
    arb_clear(xl); arb_clear(xh); arb_clear(yl); arb_clear(yh);
    return 0;
}
