/* pave_csv.c -- exact decimal output of cell ends and the cells CSV. */
#include <string.h>
#include "pave/pave.h"

char *pave_arf_decimal(const arf_t x)
{
    fmpz_t m, e, t;
    char *digits, *out;
    slong ex, n, point, i;
    int neg;

    if (arf_is_zero(x)) {
        out = flint_malloc(2);
        strcpy(out, "0");
        return out;
    }
    fmpz_init(m);
    fmpz_init(e);
    fmpz_init(t);
    arf_get_fmpz_2exp(m, e, x);   /* x = m 2^e exactly */
    ex = fmpz_get_si(e);
    neg = fmpz_sgn(m) < 0;
    fmpz_abs(m, m);
    if (ex >= 0) {
        fmpz_mul_2exp(m, m, ex);
        point = 0;
    } else {
        /* m 2^-k = m 5^k / 10^k */
        fmpz_ui_pow_ui(t, 5, (ulong) -ex);
        fmpz_mul(m, m, t);
        point = -ex;
    }
    digits = fmpz_get_str(NULL, 10, m);
    n = (slong) strlen(digits);
    out = flint_malloc(n + point + 4);
    i = 0;
    if (neg) out[i++] = '-';
    if (point == 0) {
        memcpy(out + i, digits, n);
        i += n;
    } else {
        slong ipart = n - point, k;
        if (ipart <= 0) {
            out[i++] = '0';
            out[i++] = '.';
            for (k = 0; k < -ipart; k++) out[i++] = '0';
            memcpy(out + i, digits, n);
            i += n;
        } else {
            memcpy(out + i, digits, ipart);
            i += ipart;
            out[i++] = '.';
            memcpy(out + i, digits + ipart, point);
            i += point;
        }
        while (out[i - 1] == '0') i--;
        if (out[i - 1] == '.') i--;
    }
    out[i] = 0;
    flint_free(digits);
    fmpz_clear(m);
    fmpz_clear(e);
    fmpz_clear(t);
    return out;
}

/* The exact decimal, padded with zeros to at least 17 significant digits
 * (the CSV contract). */
static char *csv_decimal(const arf_t x)
{
    char *s = pave_arf_decimal(x), *t;
    size_t n = strlen(s), i, sig = 0, lead = 1;
    int dot = strchr(s, '.') != NULL;
    for (i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') continue;
        if (s[i] != '0') lead = 0;
        if (!lead) sig++;
    }
    if (sig == 0) sig = 1;   /* "0" */
    if (sig >= 17) return s;
    t = flint_malloc(n + 17 + 3);
    memcpy(t, s, n);
    if (!dot) t[n++] = '.';
    for (; sig < 17; sig++) t[n++] = '0';
    t[n] = 0;
    flint_free(s);
    return t;
}

int pave_write_csv(FILE *f, const pave_result *r, const char *const *names)
{
    return pave_write_csv_sets(f, r, names, NULL, NULL);
}

int pave_write_csv_sets(FILE *f, const pave_result *r, const char *const *names, pave_cell_text_fn sets,
                        const void *ctx)
{
    arf_t a, b, c, d;
    long i;
    int bad = 0;
    arf_init(a); arf_init(b); arf_init(c); arf_init(d);
    if (fprintf(f, "x_lo,x_hi,y_lo,y_hi,label,labels\n") < 0) bad = 1;
    for (i = 0; i < r->ncells && !bad; i++) {
        const pave_cell *cl = r->cells + i;
        char *s[4];
        const char *lab;
        char *set;
        int k;
        pave_cell_ends(a, b, c, d, r, cl);
        s[0] = csv_decimal(a);
        s[1] = csv_decimal(b);
        s[2] = csv_decimal(c);
        s[3] = csv_decimal(d);
        lab = cl->label >= 0 ? names[cl->label] : cl->label == PAVE_NONE ? "none"
            : cl->label == PAVE_UNDECIDED ? "undecided" : "pending";
        set = sets ? sets(ctx, i) : NULL;
        if (fprintf(f, "%s,%s,%s,%s,%s,%s\n", s[0], s[1], s[2], s[3], lab, set ? set : "") < 0) bad = 1;
        flint_free(set);
        for (k = 0; k < 4; k++) flint_free(s[k]);
    }
    arf_clear(a); arf_clear(b); arf_clear(c); arf_clear(d);
    return bad ? -1 : 0;
}
