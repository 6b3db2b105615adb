/* report_util.c -- the report date. */
#include "report/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
