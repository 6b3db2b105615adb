/* fuzz_report.c -- libFuzzer harness for the whole check/report path.
 *
 * The input bytes (up to 4 MB: tests/fuzz/run.sh) are written to a
 * temporary file and read with case_read, as `fricert check` and `report`
 * do; a case that reads is then computed (points, pavings at depth at most
 * 4, claims) with run_case, and its results are written as JSON and
 * as cells CSV (to memory). A failed read must carry a message; a computed
 * case must give JSON. The sanitizers watch for everything else (overflows,
 * use after free, leaks, stack exhaustion, undefined behaviour). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "case/case.h"
#include "fuzz_util.h"
#include "pave/pave.h"
#include "run/run.h"
#include "report/results_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char path[64];
    case_error_t err;
    case_t c;
    if (size > (4u << 20)) return 0;
    fuzz_write_case(path, sizeof path, "fuzz_report", data, size);
    memset(&err, 0, sizeof err);
    if (case_read(&c, path, &err) == 0) {
        run_results res;
        run_options opt;
        volatile int cancel = 0;
        int k;
        memset(&opt, 0, sizeof opt);
        opt.depth = 4;
        opt.threads = 1;
        opt.cancel = &cancel;
        if (run_case(&res, &c, &opt) == 0) {
            char *json = report_json_dumps(&res);
            if (json == NULL) {
                fprintf(stderr, "fuzz_report: no JSON for a computed case\n");
                abort();
            }
            flint_free(json);
            for (k = 0; k < res.nplots; k++) {
                const case_plot *pl = res.plots[k].plot;
                const char **names = flint_malloc((pl->nregions + 1) * sizeof(char *));
                char *buf = NULL;
                size_t len = 0;
                FILE *m = open_memstream(&buf, &len);
                int r;
                for (r = 0; r < pl->nregions; r++) names[r] = c.regions[pl->regions[r]].name;
                if (m == NULL || pave_write_csv(m, &res.plots[k].pave, names) != 0) abort();
                fclose(m);
                free(buf);
                flint_free(names);
            }
        }
        run_results_clear(&res);
        case_clear(&c);
    } else if (err.msg[0] == 0) {
        fprintf(stderr, "fuzz_report: error without a message: %d:%d\n", err.line, err.col);
        abort();
    }
    flint_cleanup();
    return 0;
}
