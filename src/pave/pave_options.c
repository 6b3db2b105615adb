/* pave_options.c -- a paving problem from a caller's run options. */
#include <string.h>
#include "pave/pave.h"

void pave_problem_setup(pave_problem *pb, const pave_options *opt, expr_prog_t prog, int nregions,
                        arb_srcptr box, int nparams, int x, int y, arb_srcptr x_lo, arb_srcptr x_hi,
                        arb_srcptr y_lo, arb_srcptr y_hi, int depth, const char *name)
{
    memset(pb, 0, sizeof *pb);
    pb->prog = prog;
    pb->nregions = nregions;
    pb->box = box;
    pb->nparams = nparams;
    pb->xparam = x;
    pb->yparam = y;
    pb->x_lo = x_lo;
    pb->x_hi = x_hi;
    pb->y_lo = y_lo;
    pb->y_hi = y_hi;
    pb->depth = depth;
    pb->threads = opt->threads > 0 ? opt->threads : 1;
    pb->prec = 64;
    pb->max_prec = opt->prec > 256 ? opt->prec : 256;
    pb->progress = opt->progress;
    pb->cancel = opt->cancel;
    pb->name = name;
    pb->stop_labels = 0;
}
