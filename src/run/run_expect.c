/* run_expect.c -- evaluating one [expect] line of a case, certified. */
#include <string.h>
#include "run/run.h"
#include "base/fc_ball.h"

int run_ball_within(const arb_t x, const arb_t v, const fmpq_t tol, slong prec)
{
    arb_t t, lo, hi;
    arf_t a, b, xl, xh;
    int ok;
    if (!arb_is_finite(x) || !arb_is_finite(v)) return 0;
    arb_init(t); arb_init(lo); arb_init(hi);
    arf_init(a); arf_init(b); arf_init(xl); arf_init(xh);
    arb_set_fmpq(t, tol, prec);
    arb_sub(lo, v, t, prec);
    arb_add(hi, v, t, prec);
    arb_get_ubound_arf(a, lo, prec);   /* a >= V - TOL for every V in v */
    arb_get_lbound_arf(b, hi, prec);   /* b <= V + TOL for every V in v */
    arb_get_lbound_arf(xl, x, prec);   /* xl <= every point of x */
    arb_get_ubound_arf(xh, x, prec);   /* xh >= every point of x */
    ok = arf_cmp(xl, a) >= 0 && arf_cmp(xh, b) <= 0;
    arb_clear(t); arb_clear(lo); arb_clear(hi);
    arf_clear(a); arf_clear(b); arf_clear(xl); arf_clear(xh);
    return ok;
}

/* The claim the line names (its verdict from res, else decided here) compared with the expected status. */
static int claim_expect(run_expect *out, const case_t *c, const case_expect *x, slong prec,
                        const run_results *res)
{
    claim_result rc;
    pave_options opt;
    fc_error err;
    int i, r, ok = 0;
    for (i = 0; i < c->nclaims; i++)
        if (strcmp(c->claims[i].name, x->target) == 0) break;
    if (i == c->nclaims) {
        snprintf(out->got, sizeof out->got, "no claim '%s'", x->target);
        return 0;
    }
    if (res && i < res->nclaims && res->claims[i].claim == &c->claims[i]) {
        const char *st = claim_status_name(res->claims[i].status);
        snprintf(out->got, sizeof out->got, "%s", st);
        return strcmp(st, x->status) == 0;
    }
    memset(&opt, 0, sizeof opt);
    opt.prec = prec;
    opt.threads = 1;
    memset(&err, 0, sizeof err);
    r = claim_decide(&rc, c, &c->claims[i], &opt, 0, &err);
    if (r != 0) {
        if (err.msg[0]) fc_error_format(out->got, sizeof out->got, &err);
        else snprintf(out->got, sizeof out->got, "internal failure");
        out->internal = r == -2;
    } else {
        ok = strcmp(claim_status_name(rc.status), x->status) == 0;
        snprintf(out->got, sizeof out->got, "%s", claim_status_name(rc.status));
    }
    claim_result_clear(&rc);
    return ok;
}

void run_expect_eval(run_expect *res, const case_t *c, int i, slong prec, const run_results *results)
{
    const case_expect *x = &c->expect[i];
    expr_t root;
    expr_prog_t prog;
    expr_eval_t ev;
    expr_error_t err;
    arb_ptr box;
    arb_t val, want;
    expr_tv_t tv;
    expr_status st;

    memset(res, 0, sizeof *res);
    if (x->kind == CASE_EXPECT_CLAIM) {
        res->passed = claim_expect(res, c, x, prec, results);
        return;
    }
    root = expr_var(x->target);
    if (expr_check(root, c->scope, -1, &err) || (prog = expr_compile(&root, 1, c->scope, &err)) == NULL) {
        snprintf(res->got, sizeof res->got, "cannot evaluate: %s", err.msg);
        res->internal = 1;
        expr_free(root);
        return;
    }
    box = _arb_vec_init(c->nparams);
    case_point_box(box, c, x->point, prec);
    {
        /* tightening forms over the parameters that are not points */
        int *act = flint_malloc((c->nparams + 1) * sizeof(int)), nact = 0, k;
        for (k = 0; k < c->nparams; k++)
            if (!arb_is_exact(box + k)) act[nact++] = k;
        ev = expr_eval_new(prog, act, nact, prec);
        flint_free(act);
    }
    expr_eval_run(ev, box, 1);
    arb_init(val);
    arb_init(want);
    if (x->kind == CASE_EXPECT_TRUTH) {
        tv = expr_eval_truth(ev, 0);
        res->passed = tv == x->truth;
        snprintf(res->got, sizeof res->got, "%s", expr_tv_name(tv));
    } else {
        st = expr_eval_value(val, ev, 0);
        if (st == EXPR_UNDEFINED) {
            snprintf(res->got, sizeof res->got, "undefined");
        } else if (st == EXPR_OVERFLOW) {
            snprintf(res->got, sizeof res->got, "unknown (overflow: defined, but too large for a finite enclosure)");
        } else if (st == EXPR_PARTIAL) {
            snprintf(res->got, sizeof res->got, "unknown (partly outside the domain, or not certified inside it)");
        } else {
            char *s = fc_ball_str(val, prec);
            snprintf(res->got, sizeof res->got, "%s", s);
            flint_free(s);
            if (expr_eval_once(want, &tv, x->value, c->scope, box, prec) == EXPR_DEFINED)
                res->passed = run_ball_within(val, want, x->tol, prec);
        }
    }
    arb_clear(val);
    arb_clear(want);
    expr_eval_free(ev);
    expr_prog_free(prog);
    _arb_vec_clear(box, c->nparams);
    expr_free(root);
}
