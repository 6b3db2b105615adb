/* test_ball_util.h -- helpers shared by test_run_expect.c and test_fc_ball.c (exact rational balls). */
#ifndef FC_TEST_BALL_UTIL_H
#define FC_TEST_BALL_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "fc_test.h"
#include "cli/cli.h"
#include "report/results_json.h"

/* x = [m +/- r] with m, r given as exact rationals p/q (r rounded up). */
static inline void ball_q(arb_t x, slong mp, ulong mq, slong rp, ulong rq)
{
    fmpq_t q;
    arb_t r;
    fmpq_init(q);
    arb_init(r);
    fmpq_set_si(q, mp, mq);
    arb_set_fmpq(x, q, 300);
    fmpq_set_si(q, rp, rq);
    arb_set_fmpq(r, q, 300);
    arb_add_error(x, r);
    arb_clear(r);
    fmpq_clear(q);
}

#endif
