/* test_report_fmt.h -- report_write_pdf with its error formatted as
 * "FILE:LINE:COL: message" (shared by the report tests). */
#ifndef FC_TEST_REPORT_FMT_H
#define FC_TEST_REPORT_FMT_H

#include <string.h>
#include "report/report.h"

static inline int
write_pdf_fmt(const run_results *res, const char *dir, const char *path, char *err, size_t n)
{
    fc_error e;
    int r;
    memset(&e, 0, sizeof e);
    r = report_write_pdf(res, dir, path, &e);
    fc_error_format(err, n, &e);
    return r;
}

#endif
