/* test_alg_util.h -- helpers shared by the test_alg_*.c tests. */
#ifndef FC_TEST_ALG_UTIL_H
#define FC_TEST_ALG_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "fc_test.h"
#include <flint/fmpq_mat.h>
#include "alg/alg.h"

/* GCC 11-12 false positive on fmpq members of a struct (see alg_roots.c) */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11
#pragma GCC diagnostic ignored "-Wstringop-overread"
#endif

/* ------------------------------------------------------------ helpers */

static inline expr_t parse(const char *src)
{
    expr_error_t err;
    expr_t e = expr_parse(src, 1, 1, &err);
    if (e == NULL) fprintf(stderr, "parse error in '%s': %s\n", src, err.msg);
    assert_non_null(e);
    return e;
}

/* p = the polynomial written in src over vars (must convert). */
static inline void mpoly_of(fmpq_mpoly_t p, const char *src, const char **vars, slong n,
                     const fmpq_mpoly_ctx_t ctx, int flags)
{
    expr_error_t err;
    expr_t e = parse(src);
    int r = alg_to_mpoly_ext(p, e, vars, n, ctx, NULL, NULL, flags, &err);
    if (r != 0) fprintf(stderr, "%s: %s\n", src, err.msg);
    assert_int_equal(r, 0);
    expr_free(e);
}

static inline void rand_fmpq_poly(fmpq_poly_t p, flint_rand_t st, slong deg, slong bound)
{
    slong i;
    fmpq_poly_zero(p);
    for (i = 0; i <= deg; i++)
        fmpq_poly_set_coeff_si(p, i, (slong) n_randint(st, 2 * bound + 1) - bound);
    if (fmpq_poly_degree(p) < deg) fmpq_poly_set_coeff_si(p, deg, 1 + (slong) n_randint(st, bound));
}

/* Sylvester matrix of f (deg m) and g (deg n): (m+n) x (m+n). */
static inline void sylvester_det(fmpq_t det, const fmpq_poly_t f, const fmpq_poly_t g)
{
    slong m = fmpq_poly_degree(f), n = fmpq_poly_degree(g), i, j;
    fmpq_mat_t S;
    fmpq_t c;
    fmpq_init(c);
    fmpq_mat_init(S, m + n, m + n);
    for (i = 0; i < n; i++)          /* n rows of f's coefficients, highest first */
        for (j = 0; j <= m; j++) {
            fmpq_poly_get_coeff_fmpq(c, f, m - j);
            fmpq_set(fmpq_mat_entry(S, i, i + j), c);
        }
    for (i = 0; i < m; i++)          /* m rows of g's */
        for (j = 0; j <= n; j++) {
            fmpq_poly_get_coeff_fmpq(c, g, n - j);
            fmpq_set(fmpq_mat_entry(S, n + i, i + j), c);
        }
    fmpq_mat_det(det, S);
    fmpq_mat_clear(S);
    fmpq_clear(c);
}

/* resultant through alg (generator 0 of a 2-variable context) */
static inline void alg_res_univariate(fmpq_t r, const fmpq_poly_t f, const fmpq_poly_t g)
{
    fmpq_mpoly_ctx_t ctx;
    fmpq_mpoly_t a, b, out;
    fmpq_mpoly_ctx_init(ctx, 2, ORD_LEX);
    fmpq_mpoly_init(a, ctx);
    fmpq_mpoly_init(b, ctx);
    fmpq_mpoly_init(out, ctx);
    fmpq_mpoly_set_fmpq_poly(a, f, 0, ctx);
    fmpq_mpoly_set_fmpq_poly(b, g, 0, ctx);
    assert_int_equal(alg_resultant(out, a, b, 0, ctx), 0);
    assert_true(fmpq_mpoly_is_fmpq(out, ctx));
    fmpq_mpoly_get_fmpq(r, out, ctx);
    fmpq_mpoly_clear(a, ctx);
    fmpq_mpoly_clear(b, ctx);
    fmpq_mpoly_clear(out, ctx);
    fmpq_mpoly_ctx_clear(ctx);
}

/* ------------------------------------------------------------ roots */

/* the known roots r[0..n-1] (distinct, any order): each isolating entry of
 * (lo, hi) (exact or open) holds exactly one of them, each is held once */
static inline void check_isolation_rational(const fmpq *lo, const fmpq *hi, slong m, const fmpq *r, slong n)
{
    slong i, j;
    slong *used = flint_calloc(n, sizeof(slong));
    assert_int_equal(m, n);
    for (i = 0; i < m; i++) {
        slong inside = 0;
        int exact = fmpq_equal(lo + i, hi + i);
        assert_true(fmpq_cmp(lo + i, hi + i) <= 0);
        if (i > 0) assert_true(fmpq_cmp(hi + i - 1, lo + i) <= 0);
        for (j = 0; j < n; j++) {
            int in = exact ? fmpq_equal(lo + i, r + j)
                           : fmpq_cmp(lo + i, r + j) < 0 && fmpq_cmp(r + j, hi + i) < 0;
            if (in) {
                inside++;
                used[j]++;
            }
        }
        assert_int_equal(inside, 1);
    }
    for (j = 0; j < n; j++) assert_int_equal(used[j], 1);
    flint_free(used);
}

/* 1 if sign * sqrt(c) lies in the open (lo, hi), exactly (c > 0) */
static inline int sqrt_in(const fmpq_t lo, const fmpq_t hi, const fmpq_t c, int sign)
{
    fmpq_t a, b, t;
    int in;
    fmpq_init(a);
    fmpq_init(b);
    fmpq_init(t);
    if (sign > 0) {
        fmpq_set(a, lo);
        fmpq_set(b, hi);
    } else {
        fmpq_neg(a, hi);
        fmpq_neg(b, lo);
    }
    /* sqrt(c) in (a, b) <=> (a < 0 or a^2 < c) and b > 0 and b^2 > c */
    fmpq_mul(t, a, a);
    in = fmpq_sgn(a) < 0 || fmpq_cmp(t, c) < 0;
    fmpq_mul(t, b, b);
    in = in && fmpq_sgn(b) > 0 && fmpq_cmp(t, c) > 0;
    fmpq_clear(a);
    fmpq_clear(b);
    fmpq_clear(t);
    return in;
}

/* Sturm count of the distinct roots of f in (a, b), f(a) f(b) != 0,
 * written here independently of the code under test */
static inline slong sturm_count(const fmpq_poly_t f, const fmpq_t a, const fmpq_t b)
{
    fmpq_poly_struct seq[64];
    slong n = 0, i, va = 0, vb = 0;
    int la = 0, lb = 0;
    fmpq_t v;
    fmpq_init(v);
    fmpq_poly_init(seq + 0);
    fmpq_poly_set(seq + 0, f);
    fmpq_poly_init(seq + 1);
    fmpq_poly_derivative(seq + 1, f);
    n = 2;
    while (!fmpq_poly_is_zero(seq + n - 1)) {
        fmpq_poly_init(seq + n);
        fmpq_poly_rem(seq + n, seq + n - 2, seq + n - 1);
        fmpq_poly_neg(seq + n, seq + n);
        n++;
    }
    for (i = 0; i < n; i++) {
        int s;
        fmpq_poly_evaluate_fmpq(v, seq + i, a);
        s = fmpq_sgn(v);
        if (s != 0 && la != 0 && s != la) va++;
        if (s != 0) la = s;
        fmpq_poly_evaluate_fmpq(v, seq + i, b);
        s = fmpq_sgn(v);
        if (s != 0 && lb != 0 && s != lb) vb++;
        if (s != 0) lb = s;
    }
    for (i = 0; i < n; i++) fmpq_poly_clear(seq + i);
    fmpq_clear(v);
    return va - vb;
}

/* Real roots per mpmath.polyroots at 60 digits (|im| < 1e-40) of each of
 * f[0..np-1], in one python3 run: vals[i] (arb at 200 bits, +-2^-149)
 * receives nv[i] <= maxn values. Returns 0, or -1 if python3 failed. */
static inline int mpmath_real_roots(arb_ptr *vals, slong *nv, slong maxn, const fmpz_poly_struct *f, slong np)
{
    char path[] = "/tmp/fricert_test_alg_XXXXXX", cmd[512], line[256];
    int fd = mkstemp(path);
    FILE *fp, *pp;
    slong i, j, cur = -1;
    if (fd < 0) return -1;
    fp = fdopen(fd, "w");
    for (i = 0; i < np; i++) {      /* one polynomial a line, highest coefficient first */
        for (j = fmpz_poly_degree(f + i); j >= 0; j--) {
            fmpz_fprint(fp, f[i].coeffs + j);
            fputc(j ? ' ' : '\n', fp);
        }
    }
    fclose(fp);
    snprintf(cmd, sizeof(cmd),
        "python3 -c 'import sys, mpmath as m\nm.mp.dps = 60\n"
        "for l in open(sys.argv[1]):\n"
        " r = m.polyroots([int(c) for c in l.split()], maxsteps=400, extraprec=400)\n"
        " print(\"#\")\n"
        " [print(m.nstr(m.re(z), 55)) for z in r if abs(m.im(z)) < m.mpf(10)**-40]' %s", path);
    pp = popen(cmd, "r");
    if (pp == NULL) {
        remove(path);
        return -1;
    }
    while (fgets(line, sizeof(line), pp) != NULL) {
        mag_t e;
        line[strcspn(line, "\n")] = '\0';
        if (strcmp(line, "#") == 0) {
            if (++cur >= np) break;
            nv[cur] = 0;
            continue;
        }
        if (cur < 0 || nv[cur] >= maxn || arb_set_str(vals[cur] + nv[cur], line, 200) != 0) {
            cur = -2;
            break;
        }
        mag_init(e);
        mag_set_ui_2exp_si(e, 1, -149);       /* about 1e-45 */
        arb_add_error_mag(vals[cur] + nv[cur], e);
        mag_clear(e);
        nv[cur]++;
    }
    if (pclose(pp) != 0 || cur != np - 1) cur = -2;
    remove(path);
    return cur == np - 1 ? 0 : -1;
}

/* ------------------------------------------------------------ rewriting */

static inline expr_t rewritten(const char *src, const expr_scope_t s, const expr_t *pv, int want)
{
    expr_error_t err;
    expr_t e = parse(src);
    int r = alg_rewrite_ext(&e, s, pv, 128, &err);
    if (r != want) fprintf(stderr, "%s -> %d (%s)\n", src, r, r ? err.msg : "");
    assert_int_equal(r, want);
    return e;
}

#endif
