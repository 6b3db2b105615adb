/* test_claim_util.h -- helpers shared by the test_claim_*.c tests. */
#ifndef FC_TEST_CLAIM_UTIL_H
#define FC_TEST_CLAIM_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <mpfr.h>
#include "claim/claim.h"
#include "test_file_util.h"

static char tmpdir[64];

/* ------------------------------------------------------------ helpers */

static inline void read_case_text(case_t *c, const char *name, const char *text)
{
    char path[256];
    case_error_t err;
    FILE *f;
    snprintf(path, sizeof path, "%s/%s.case", tmpdir, name);
    f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
    if (case_read(c, path, &err) != 0) {
        char buf[1200];
        fc_error_format(buf, sizeof buf, &err);
        fprintf(stderr, "%s\n%s", buf, text);
        fail();
    }
}

/* Decides claim `name` of c; returns the status (out filled, caller clears). */
static inline claim_status decide(claim_result *out, const case_t *c, const char *name)
{
    pave_options opt;
    fc_error err;
    int i, rc;
    memset(&opt, 0, sizeof opt);
    opt.prec = 128;
    opt.threads = 1;
    for (i = 0; i < c->nclaims; i++)
        if (strcmp(c->claims[i].name, name) == 0) break;
    assert_true(i < c->nclaims);
    memset(&err, 0, sizeof err);
    rc = claim_decide(out, c, c->claims + i, &opt, 0, &err);
    if (rc != 0) fprintf(stderr, "claim %s: %s\n", name, err.msg);
    assert_int_equal(rc, 0);
    return out->status;
}

/* the whole text of a file (a shipped case), malloc'ed; the test fails if it cannot be read */
static inline char *read_file_text(const char *path)
{
    size_t n;
    return read_file_all(path, &n);
}

/* CLAIM against one rough contact at the origin (normal z, friction 1/2) under the load (X, Y, -1) over
   X, Y in [-1, 1] (its equilibrium set is X^2 + Y^2 <= 1/4), decided at depth 5 */
static inline claim_status decide_one_contact(claim_result *r, case_t *c, const char *claim)
{
    char text[4096];
    snprintf(text, sizeof text,
             "[case]\ntitle = t\n[parameters]\nX = -1 .. 1\nY = -1 .. 1\n"
             "[model st]\ntype = statics\ndimension = 3\ncontacts = C\nC.at = 0, 0, 0\nC.normal = 0, 0, 1\n"
             "C.friction = 1/2\nload = X, Y, -1, 0, 0, 0\nequations = fx, fy, fz\n"
             "[claim c]\nkind = equivalent\nclaim = %s\nmodel = st_equilibrium\ndepth = 5\n", claim);
    read_case_text(c, "one", text);
    return decide(r, c, "c");
}

/* The witness value of parameter name as an exact rational; 2*atan(u)
 * values set *half = 1 and q = u. Fails the test if absent. */
static inline void witness(fmpq_t q, int *half, const claim_result *r, const char *name)
{
    int k;
    for (k = 0; k < r->nwitness; k++)
        if (strcmp(r->wnames[k], name) == 0) {
            const char *s = r->wvalues[k];
            char buf[256];
            const char *dot;
            *half = 0;
            if (strncmp(s, "2*atan(", 7) == 0) {
                size_t n = strlen(s);
                assert_true(n > 8 && s[n - 1] == ')');
                snprintf(buf, sizeof buf, "%.*s", (int) (n - 8), s + 7);
                s = buf;
                *half = 1;
            }
            dot = strchr(s, '.');
            if (dot) {   /* exact decimal: digits without the point over 10^(digits after it) */
                char num[256];
                fmpz_t den;
                size_t i, j = 0, frac = strlen(dot + 1);
                for (i = 0; s[i]; i++)
                    if (s[i] != '.') num[j++] = s[i];
                num[j] = 0;
                fmpz_init(den);
                assert_int_equal(fmpz_set_str(fmpq_numref(q), num, 10), 0);
                fmpz_ui_pow_ui(den, 10, frac);
                fmpz_set(fmpq_denref(q), den);
                fmpq_canonicalise(q);
                fmpz_clear(den);
            } else
                assert_int_equal(fmpq_set_str(q, s, 10), 0);
            return;
        }
    fprintf(stderr, "no witness for %s\n", name);
    fail();
}

/* A random bivariate polynomial with small integer coefficients: its text
 * and its exact value at a rational point. */
typedef struct {
    int deg;
    slong c[4][4];   /* c[i][j] x^i y^j, i + j <= deg */
} rpoly;

/* ------------------------------------------------------------ claims built to be true */

static inline void expect_not_refuted(const char *name, const char *text, claim_status want_or_better)
{
    case_t c;
    claim_result r;
    claim_status s;
    read_case_text(&c, name, text);
    s = decide(&r, &c, "c");
    if (s == CLAIM_REFUTED || (want_or_better == CLAIM_PROVED && s != CLAIM_PROVED)) {
        fprintf(stderr, "%s: status %d, detail %s\n", text, (int) s, r.detail ? r.detail : "");
        fail();
    }
    assert_true(s == CLAIM_PROVED || s == CLAIM_CONSISTENT);
    claim_result_clear(&r);
    case_clear(&c);
}

/* exists theta in (0, pi/2) with B < 0, at rational mu (hand-derived: 9 mu^2 > 16, mu > 0) */
static inline int rod_exists(const fmpq_t mu)
{
    fmpq_t t;
    int r;
    fmpq_init(t);
    fmpq_mul(t, mu, mu);
    fmpq_mul_ui(t, t, 9);
    r = fmpq_sgn(mu) > 0 && fmpq_cmp_ui(t, 16) > 0;
    fmpq_clear(t);
    return r;
}

/* Sign of B at (theta, mu): theta = 2 atan(u) exactly in rationals, else with
 * Arb's sin/cos at a rational theta; 2 when undecided. */
static inline int rod_B_sign(const fmpq_t th, int half, const fmpq_t mu)
{
    if (half) {
        fmpq_t u2, d, cc, ss, b, t;
        int s;
        fmpq_init(u2); fmpq_init(d); fmpq_init(cc); fmpq_init(ss); fmpq_init(b); fmpq_init(t);
        fmpq_mul(u2, th, th);
        fmpq_add_si(d, u2, 1);
        fmpq_neg(cc, u2);
        fmpq_add_si(cc, cc, 1);
        fmpq_div(cc, cc, d);               /* cos */
        fmpq_mul_2exp(ss, th, 1);
        fmpq_div(ss, ss, d);               /* sin */
        fmpq_mul(t, cc, cc);
        fmpq_mul_ui(t, t, 3);
        fmpq_add_si(b, t, 1);
        fmpq_mul(t, ss, cc);
        fmpq_mul(t, t, mu);
        fmpq_mul_ui(t, t, 3);
        fmpq_sub(b, b, t);
        s = fmpq_sgn(b);
        fmpq_clear(u2); fmpq_clear(d); fmpq_clear(cc); fmpq_clear(ss); fmpq_clear(b); fmpq_clear(t);
        return s;
    } else {
        arb_t x, s, c, b, m;
        int r = 2;
        arb_init(x); arb_init(s); arb_init(c); arb_init(b); arb_init(m);
        arb_set_fmpq(x, th, 256);
        arb_set_fmpq(m, mu, 256);
        arb_sin_cos(s, c, x, 256);
        arb_mul(b, c, c, 256);
        arb_mul_ui(b, b, 3, 256);
        arb_add_ui(b, b, 1, 256);
        arb_mul(s, s, c, 256);
        arb_mul(s, s, m, 256);
        arb_mul_ui(s, s, 3, 256);
        arb_sub(b, b, s, 256);
        if (arb_is_positive(b)) r = 1;
        else if (arb_is_negative(b)) r = -1;
        else if (arb_is_zero(b)) r = 0;
        arb_clear(x); arb_clear(s); arb_clear(c); arb_clear(b); arb_clear(m);
        return r;
    }
}

static inline int cl_closed(const fmpq_t mu) { fmpq_t q; int r; fmpq_init(q); fmpq_set_si(q, 4, 3);
    r = fmpq_cmp(mu, q) >= 0; fmpq_clear(q); return r; }

static inline int cl_high(const fmpq_t mu) { fmpq_t q; int r; fmpq_init(q); fmpq_set_si(q, 3, 2);
    r = fmpq_cmp(mu, q) > 0; fmpq_clear(q); return r; }

/* ------------------------------------------------------------ main */

static inline int setup(void **state)
{
    (void) state;
    snprintf(tmpdir, sizeof tmpdir, "/tmp/test_claim.XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static inline int teardown(void **state)
{
    static const char *names[] = {"feq", "frand", "t1", "t2", "t3", "t4", "t5", "r1", "r2", "r3", "rod",
                                  "nonpoly"};
    size_t i;
    char p[256];
    (void) state;
    for (i = 0; i < sizeof names / sizeof *names; i++) {
        snprintf(p, sizeof p, "%s/%s.case", tmpdir, names[i]);
        unlink(p);
    }
    rmdir(tmpdir);
    return 0;
}

#endif
