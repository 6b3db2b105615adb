/* results_json.h -- results.json text (schema fricert-results/1). */
#ifndef FC_RESULTS_JSON_H
#define FC_RESULTS_JSON_H

#include "report/results.h"

/* The whole document, newline-terminated (flint_free), or NULL (memory). */
char *results_json_dumps(const results_t *res);

/* Decimal midpoint and radius (flint_free both) with [mid - rad, mid + rad]
 * containing x: split from arb_get_str(x, digits, 0). */
void results_ball_mid_rad(char **mid, char **rad, const arb_t x, slong digits);

#endif
