/* test_claim_text.h -- what the threshold-algebra claim tests share: a case
 * given as text, read and its first claim decided. Only set-up: the expected
 * verdicts stay in each test, worked out independently. */
#ifndef FC_TEST_CLAIM_TEXT_H
#define FC_TEST_CLAIM_TEXT_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "claim/claim.h"

/* Writes text to /tmp/fricert-test-TAG-PID.case, reads it into c (the test
 * fails with the located message when it does not read), removes the file and
 * decides the case's first claim with pavings of depth `depth` at 128 bits,
 * one thread (the test fails when claim_decide does). Returns the status;
 * out and c are the caller's to clear. */
static inline claim_status decide_case_text(claim_result *out, case_t *c, const char *tag, const char *text,
                                            int depth)
{
    char path[128];
    case_error_t err;
    pave_options opt;
    fc_error e;
    FILE *f;
    snprintf(path, sizeof path, "/tmp/fricert-test-%s-%ld.case", tag, (long) getpid());
    f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    if (case_read(c, path, &err) != 0) {
        char buf[1200];
        fc_error_format(buf, sizeof buf, &err);
        fail_msg("%s", buf);
    }
    unlink(path);
    memset(&opt, 0, sizeof opt);
    opt.prec = 128;
    opt.threads = 1;
    memset(&e, 0, sizeof e);
    if (claim_decide(out, c, &c->claims[0], &opt, depth, &e) != 0) fail_msg("%s", e.msg);
    return out->status;
}

#endif
