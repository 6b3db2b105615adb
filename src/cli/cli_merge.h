/* cli_merge.h -- `fricert merge DIR...`: the tile files of the folders,
 * grouped by case, checked and merged into each plot's whole paving. */
#ifndef FC_CLI_MERGE_H
#define FC_CLI_MERGE_H

#include "cli/cli.h"

/* One case's merged pavings and the options its tiles were made with. */
typedef struct {
    pave_result *pave;       /* one per plot of the case (moved into run_case by opt.given) */
    int nplots;
    slong prec;              /* the tiles' --prec (0: the case's) */
    int depth;               /* the tiles' --depth (0: each plot's own) */
} cli_merged;

/* Reads every file NAME.tile-I-of-N in the folders dirs[0 .. ndirs-1],
 * groups them by case id (sorted), reads each case from the path its tiles
 * name and merges its tiles (run_tile_merge). Returns CLI_OK with *cases and
 * *mg (n entries each; clear the cases with case_clear and free both), or
 * an exit status after printing the first problem (FILE:LINE:COL or the
 * folder), with nothing allocated. */
int cli_merge_load(case_t **cases, cli_merged **mg, int *n, char **dirs, int ndirs);
void cli_merged_free(cli_merged *mg, int n);

#endif
