/* report_util.c -- small helpers shared by the report writers: enclosure
 * text, the report date, library versions. */
#include "report/report.h"

#include <cairo.h>
#include <hpdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef FC_VERSION
#define FC_VERSION "unknown"
#endif
#ifndef FC_GIT
#define FC_GIT "none"
#endif

char *
report_ball_str(const arb_t x, slong digits, slong prec)
{
    char *s, *out;
    size_t n, i, k = 0;

    if (digits <= 0)
        digits = (slong) (prec * 0.30102999566398) - 1;
    if (digits < 3)
        digits = 3;
    s = arb_get_str(x, digits, 0);
    n = strlen(s);
    out = flint_malloc(2 * n + 8);
    for (i = 0; i < n; i++)
    {
        if (strncmp(s + i, "+/- ", 4) == 0)
        {
            memcpy(out + k, "\xc2\xb1 ", 3);   /* "± " */
            k += 3;
            i += 3;
        }
        else if (s[i] == '-' && (i == 0 || s[i - 1] == '['))
        {
            memcpy(out + k, "\xe2\x88\x92", 3);  /* true minus sign */
            k += 3;
        }
        else
            out[k++] = s[i];
    }
    out[k] = '\0';
    flint_free(s);
    return out;
}

void
report_date(char buf[11], long long *t)
{
    const char *e = getenv("SOURCE_DATE_EPOCH");
    long long v = -1;
    time_t tt;
    struct tm tm;

    if (e != NULL && e[0] != '\0')
    {
        char *end;
        long long w = strtoll(e, &end, 10);
        if (*end == '\0' && w >= 0)
            v = w;
    }
    if (v < 0)
        v = (long long) time(NULL);
    tt = (time_t) v;
    if (gmtime_r(&tt, &tm) == NULL)
        memset(&tm, 0, sizeof tm);
    if (strftime(buf, 11, "%Y-%m-%d", &tm) != 10)
        memcpy(buf, "0000-00-00", 11);
    if (t != NULL)
        *t = v;
}

void
results_fill_versions(results_t *res)
{
#ifdef FC_FLINT3
    const char *arbv = FLINT_VERSION;
#else
    const char *arbv = arb_version;
#endif
    if (res->engine_version[0] == '\0')
        snprintf(res->engine_version, sizeof res->engine_version, "%s", FC_VERSION);
    if (res->git[0] == '\0')
        snprintf(res->git, sizeof res->git, "%s", FC_GIT);
    if (res->flint[0] == '\0')
        snprintf(res->flint, sizeof res->flint, "%s", FLINT_VERSION);
    if (res->arb[0] == '\0')
        snprintf(res->arb, sizeof res->arb, "%s", arbv);
    if (res->cairo[0] == '\0')
        snprintf(res->cairo, sizeof res->cairo, "%s", cairo_version_string());
    if (res->hpdf[0] == '\0')
        snprintf(res->hpdf, sizeof res->hpdf, "%s", HPDF_VERSION_TEXT);
}
