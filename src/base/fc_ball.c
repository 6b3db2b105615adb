/* fc_ball.c -- enclosing text for balls, outward-rounded text for doubles. */
#include <stdlib.h>
#include <string.h>
#include <mpfr.h>
#include "base/fc_ball.h"

slong fc_ball_digits(slong prec)
{
    slong d = (slong) (prec * 0.30103);
    return d < 3 ? 3 : d;
}

char *fc_ball_str(const arb_t x, slong prec)
{
    slong d = fc_ball_digits(prec), acc = arb_rel_accuracy_bits(x), n;
    char *s, *dot, *end, *ex;
    /* arb_get_str shows only the digits that are certain; a wide ball would
     * then print as "[+/- 1.01]". Show a few digits more than certain
     * (ARB_STR_MORE; the printed ball still contains x). */
    if (acc < 0) acc = 0;
    n = (slong) (acc * 0.30103) + 3;
    if (arb_is_finite(x) && !arb_is_exact(x) && n < d)
        s = arb_get_str(x, n, ARB_STR_MORE);
    else
        s = arb_get_str(x, d, 0);
    /* An exact value printed without radius is exact as written: drop
     * trailing zeros of the fraction ("-9.000" -> "-9", "0.500e-3" -> "0.5e-3"). */
    if (s[0] != '[' && (dot = strchr(s, '.')) != NULL) {
        ex = strpbrk(dot, "eE");
        end = ex ? ex : s + strlen(s);
        while (end > dot + 1 && end[-1] == '0') end--;
        if (end == dot + 1) end = dot;
        memmove(end, ex ? ex : "", strlen(ex ? ex : "") + 1);
    }
    return s;
}

char *fc_ball_str_unicode(const arb_t x, slong digits, slong prec)
{
    char *s, *out;
    size_t n, i, k = 0;

    if (digits <= 0) digits = fc_ball_digits(prec);
    s = arb_get_str(x, digits, 0);
    n = strlen(s);
    out = flint_malloc(2 * n + 8);
    for (i = 0; i < n; i++) {
        if (strncmp(s + i, "+/- ", 4) == 0) {
            memcpy(out + k, "\xc2\xb1 ", 3);   /* "± " */
            k += 3;
            i += 3;
        } else if (s[i] == '-' && (i == 0 || s[i - 1] == '[')) {
            memcpy(out + k, "\xe2\x88\x92", 3);  /* true minus sign */
            k += 3;
        } else
            out[k++] = s[i];
    }
    out[k] = '\0';
    flint_free(s);
    return out;
}

static char *dup_n(const char *s, size_t n)
{
    char *r = flint_malloc(n + 1);
    memcpy(r, s, n);
    r[n] = 0;
    return r;
}

void fc_ball_mid_rad(char **mid, char **rad, const arb_t x, slong digits)
{
    char *s = arb_get_str(x, digits, 0);
    size_t n = strlen(s);
    const char *pm = strstr(s, "+/-");
    if (s[0] == '[' && pm && n >= 2 && s[n - 1] == ']') {
        const char *a = s + 1, *b = pm;
        while (b > a && b[-1] == ' ') b--;
        *mid = b > a ? dup_n(a, b - a) : dup_n("0", 1);
        a = pm + 3;
        while (*a == ' ') a++;
        *rad = dup_n(a, (s + n - 1) - a);
    } else {
        *mid = dup_n(s, n);   /* exact as printed */
        *rad = dup_n("0", 1);
    }
    flint_free(s);
}

static void bound_mpfr(char *buf, size_t n, mpfr_t x, int digits, char conv, mpfr_rnd_t rnd)
{
    if (conv == 'f')
        mpfr_snprintf(buf, n, "%.*R*f", digits, rnd, x);
    else
        mpfr_snprintf(buf, n, "%.*R*g", digits, rnd, x);
}

void fc_ball_bound_d(char *buf, size_t n, double v, long scale, int digits, char conv, int up)
{
    mpfr_t x;
    mpfr_rnd_t rnd = up ? MPFR_RNDU : MPFR_RNDD;
    mpfr_init2(x, 64);
    mpfr_set_d(x, v, MPFR_RNDN);              /* exact: 53 <= 64 bits */
    if (scale != 1) mpfr_mul_si(x, x, scale, rnd);
    bound_mpfr(buf, n, x, digits, conv, rnd);
    mpfr_clear(x);
}

void fc_ball_bound_arf(char *buf, size_t n, const arf_t x, int digits, char conv, int up)
{
    mpfr_t m;
    mpfr_rnd_t rnd = up ? MPFR_RNDU : MPFR_RNDD;
    slong bits = arf_bits(x);
    mpfr_init2(m, bits < 64 ? 64 : bits);
    arf_get_mpfr(m, x, rnd);                  /* exact: enough bits */
    bound_mpfr(buf, n, m, digits, conv, rnd);
    mpfr_clear(m);
}

/* One end of an interval: the bound X (exact) rounded down (UP = 0) or up
 * to D significant digits in BUF, "e+06" written "e+6", "-0" as "0". */
static void interval_end(char *buf, size_t n, const arf_t x, slong d, int up)
{
    char *e;
    fc_ball_bound_arf(buf, n, x, (int) d, 'g', up);
    if ((e = strpbrk(buf, "eE")) != NULL && (e[1] == '+' || e[1] == '-'))
        while (e[2] == '0' && e[3] != '\0')
            memmove(e + 2, e + 3, strlen(e + 3) + 1);
    if (strcmp(buf, "-0") == 0)
        strcpy(buf, "0");
}

/* Is the printed end TXT within two units of its last digit of every point
 * of X? (One unit for the outward rounding, one for the ball's width.) True
 * only when proved in ball arithmetic. */
static int interval_end_tight(const char *txt, const arb_t x, slong prec)
{
    arb_t v, d, u;
    const char *p, *e;
    slong exp10 = 0, frac = 0;
    int seen_dot = 0, ok;

    for (p = txt; *p && *p != 'e' && *p != 'E'; p++) {
        if (*p == '.') { seen_dot = 1; continue; }
        if (*p >= '0' && *p <= '9' && seen_dot) frac++;
    }
    if ((e = strpbrk(txt, "eE")) != NULL) exp10 = atol(e + 1);
    arb_init(v);
    arb_init(d);
    arb_init(u);
    ok = arb_set_str(v, txt, prec + 64) == 0;
    if (ok) {
        /* the last printed digit's unit: 10^(exp10 - frac) */
        arb_set_ui(u, 10);
        {
            fmpz_t k;
            fmpz_init_set_si(k, exp10 - frac);
            arb_pow_fmpz(u, u, k, prec + 64);
            fmpz_clear(k);
        }
        arb_sub(d, x, v, prec + 64);
        arb_abs(d, d);
        /* every point of x within 2u of v: |x - v| <= 2u for the whole ball */
        arb_mul_2exp_si(u, u, 1);
        ok = arb_le(d, u);
    }
    arb_clear(v);
    arb_clear(d);
    arb_clear(u);
    return ok;
}

char *fc_ball_interval_str_unicode(const arb_t lo, const arb_t hi, slong digits, slong prec)
{
    char a[160], b[160], *out;
    arf_t la, ub;
    slong d, dmax = fc_ball_digits(prec);
    size_t k = 0, i;

    if (!arb_is_finite(lo) || !arb_is_finite(hi)) {
        out = flint_malloc(32);
        strcpy(out, "(no finite enclosure)");
        return out;
    }
    if (digits <= 0) digits = dmax;
    if (digits > 60) digits = 60;        /* a[], b[] hold 60 digits, sign, point and exponent */
    if (dmax > 60) dmax = 60;
    if (digits > dmax) dmax = digits;
    arf_init(la);
    arf_init(ub);
    arb_get_lbound_arf(la, lo, prec);   /* rounded down: <= every point of lo */
    arb_get_ubound_arf(ub, hi, prec);   /* rounded up: >= every point of hi */
    for (d = digits; ; d++) {
        interval_end(a, sizeof a, la, d, 0);
        interval_end(b, sizeof b, ub, d, 1);
        if (d >= dmax || (interval_end_tight(a, lo, prec) && interval_end_tight(b, hi, prec)))
            break;
    }
    arf_clear(la);
    arf_clear(ub);
    out = flint_malloc(strlen(a) + strlen(b) + 16);
    out[k++] = '[';
    for (i = 0; i < 2; i++) {
        const char *s = i ? b : a;
        if (i) { out[k++] = ','; out[k++] = ' '; }
        if (s[0] == '-') { memcpy(out + k, "\xe2\x88\x92", 3); k += 3; s++; }
        memcpy(out + k, s, strlen(s));
        k += strlen(s);
    }
    out[k++] = ']';
    out[k] = '\0';
    return out;
}
