/* results_json.h -- results.json text (schema fricert-results/1). */
#ifndef FC_RESULTS_JSON_H
#define FC_RESULTS_JSON_H

#include "run/run.h"

/* The whole document, newline-terminated (flint_free), or NULL (memory). */
char *report_json_dumps(const run_results *res);

#endif
