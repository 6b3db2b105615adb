/* cli.h -- fricert's sub-commands and the helpers they share. */
#ifndef FC_CLI_H
#define FC_CLI_H

#include <stdio.h>
#include <sys/types.h>
#include "case/case.h"
#include "run/run.h"
#include "base/fc_ball.h"

/* Exit statuses. */
#define CLI_OK 0
#define CLI_BAD_INPUT 1
#define CLI_INTERNAL 2

/* Sub-commands: argv[0] is the command name; each returns an exit status. */
int cli_eval(int argc, char **argv);
int cli_check(int argc, char **argv);
int cli_report(int argc, char **argv);
int cli_merge(int argc, char **argv);

/* Prints the help of a command ("eval", "check", "report"; NULL: the whole program). */
void cli_usage(FILE *out, const char *command);

/* Parses an integer option value in [lo, hi]; on failure prints
 * "fricert CMD: OPTION: expected an integer from LO to HI, got 'TEXT'" and
 * returns -1. */
int cli_parse_long(const char *cmd, const char *option, const char *text, long lo, long hi, long *out);

/* Parses --memory's MB (16 to 2^30: 16 MB to 1 PB) and sets the memory
 * budget (fc_mem_set_budget); on failure prints the message of
 * cli_parse_long and returns -1. */
int cli_parse_memory(const char *cmd, const char *text);

/* Parses --tile's "I/N" (1 <= I <= N, N a power of 4 up to 4^12); on
 * failure prints "fricert CMD: --tile: expected I/N ..., got 'TEXT'" and
 * returns -1. */
int cli_parse_tile(const char *cmd, const char *text, int *i, int *n);

/* Prints err as "FILE:LINE:COL: message" on stderr, or fallback when err is empty. */
void cli_print_error(const fc_error *err, const char *fallback);

/* A case run in a child process (check -j, report -j): its stdout, its
 * stderr and its results line go into three temporary files. Opens them,
 * flushes stdout and stderr and forks: returns the child's pid in the
 * parent, 0 in the child (which then writes to the files), or -1 with the
 * files closed and set to NULL when a file or the fork cannot be made (the
 * caller then runs the case in its own process). */
typedef struct {
    FILE *out, *err, *res;
} cli_job_files;

pid_t cli_job_fork(cli_job_files *f);

/* Copies the whole of from (rewound first) to to, and flushes to. */
void cli_copy_file(FILE *from, FILE *to);

/* Prints "FILE:LINE: expect KEY: got G, wanted W" for a failed line. */
void cli_expect_print_failure(FILE *out, const case_t *c, int i, const run_expect *res);

#endif
