/* test_pave_util.h -- helpers shared by the test_pave*.c tests: a paving
 * problem over parameters x, y built from region strings, and its clean-up. */
#ifndef FC_TEST_PAVE_UTIL_H
#define FC_TEST_PAVE_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "pave/pave.h"

typedef struct {
    expr_scope_t s;
    expr_t defs[4], roots[4];
    int ndefs, nroots;
    expr_prog_t prog;
    arb_ptr box;
    arb_t xl, xh, yl, yh;
    pave_problem pb;
} setup;

static expr_t parse(const char *s)
{
    expr_error_t err;
    expr_t e = expr_parse(s, 1, 1, &err);
    assert_non_null(e);
    return e;
}

/* Problem over parameters x, y with regions given as strings (y unused when
 * dim is 1: fixed at 1); defs "NAME=EXPR"; box [xl,xh] x [yl,yh] given as
 * exact expressions. */
static void setup_init(setup *S, const char *const *defs, int ndefs, const char *const *regions, int nregions,
                       const char *xl, const char *xh, const char *yl, const char *yh, int depth, int dim)
{
    expr_error_t err;
    int i;
    const char *ends[4] = {xl, xh, yl, yh};
    arb_ptr balls[4];
    memset(S, 0, sizeof *S);
    S->s = expr_scope_new();
    expr_scope_add_param(S->s, "x");
    expr_scope_add_param(S->s, "y");
    for (i = 0; i < ndefs; i++) {
        const char *eq = strchr(defs[i], '=');
        char name[32];
        memcpy(name, defs[i], eq - defs[i]);
        name[eq - defs[i]] = 0;
        S->defs[i] = parse(eq + 1);
        expr_scope_add_def(S->s, name, S->defs[i], 0);
    }
    S->ndefs = ndefs;
    for (i = 0; i < nregions; i++) {
        S->roots[i] = parse(regions[i]);
        assert_int_equal(expr_check(S->roots[i], S->s, 1, &err), 0);
    }
    S->nroots = nregions;
    S->prog = expr_compile(S->roots, nregions, S->s, &err);
    assert_non_null(S->prog);
    S->box = _arb_vec_init(2);
    arb_init(S->xl); arb_init(S->xh); arb_init(S->yl); arb_init(S->yh);
    balls[0] = S->xl; balls[1] = S->xh; balls[2] = S->yl; balls[3] = S->yh;
    for (i = 0; i < 4; i++) {
        expr_t e = parse(ends[i]);
        expr_eval_once(balls[i], NULL, e, NULL, NULL, 128);
        expr_free(e);
    }
    if (dim == 1) arb_set_ui(S->box + 1, 1);   /* y fixed at 1 */
    S->pb.prog = S->prog;
    S->pb.nregions = nregions;
    S->pb.box = S->box;
    S->pb.nparams = 2;
    S->pb.xparam = 0;
    S->pb.yparam = dim == 2 ? 1 : -1;
    S->pb.x_lo = S->xl; S->pb.x_hi = S->xh; S->pb.y_lo = S->yl; S->pb.y_hi = S->yh;
    S->pb.depth = depth;
    S->pb.threads = 1;
    S->pb.prec = 64;
    S->pb.max_prec = 256;
}

static void setup_clear(setup *S)
{
    int i;
    expr_prog_free(S->prog);
    for (i = 0; i < S->nroots; i++) expr_free(S->roots[i]);
    expr_scope_free(S->s);
    for (i = 0; i < S->ndefs; i++) expr_free(S->defs[i]);
    _arb_vec_clear(S->box, 2);
    arb_clear(S->xl); arb_clear(S->xh); arb_clear(S->yl); arb_clear(S->yh);
}

#endif
