/* cli.h -- fricert's sub-commands and the helpers they share. */
#ifndef FC_CLI_H
#define FC_CLI_H

#include <stdio.h>
#include "case/case.h"

/* Exit statuses. */
#define CLI_OK 0
#define CLI_BAD_INPUT 1
#define CLI_INTERNAL 2

/* Sub-commands: argv[0] is the command name; each returns an exit status. */
int cli_eval(int argc, char **argv);
int cli_check(int argc, char **argv);
int cli_report(int argc, char **argv);

/* Prints the help of a command ("eval", "check", "report"; NULL: the whole program). */
void cli_usage(FILE *out, const char *command);

/* Parses an integer option value in [lo, hi]; on failure prints
 * "fricert CMD: OPTION: expected an integer from LO to HI, got 'TEXT'" and
 * returns -1. */
int cli_parse_long(const char *cmd, const char *option, const char *text, long lo, long hi, long *out);

/* Decimal digits shown for a ball at precision prec. */
slong cli_digits(slong prec);
/* A string (flint_free it) that encloses x: arb_get_str with cli_digits. */
char *cli_ball_str(const arb_t x, slong prec);

/* Result of one [expect] line. */
typedef struct {
    int passed;          /* 1 pass, 0 fail */
    int internal;        /* 1: could not be evaluated (internal failure) */
    char got[1024];      /* what was found, for the failure message */
} cli_expect_result;

/* Evaluates expectation i of c at precision prec (certified: a VALUE
 * passes only if the enclosure lies inside [V - TOL, V + TOL] for the
 * true V; a TRUTH passes only if the verdict equals the expected one). */
/* With results computed for c (may be NULL), claim lines use its verdicts. */
void cli_expect_eval(cli_expect_result *res, const case_t *c, int i, slong prec, const void *results);
/* Prints "FILE:LINE: expect KEY: got G, wanted W" for a failed line. */
void cli_expect_print_failure(FILE *out, const case_t *c, int i, const cli_expect_result *res);

/* 1 if v1 encloses only values in [v - tol, v + tol] for every v in the ball v. */
int cli_ball_within(const arb_t x, const arb_t v, const fmpq_t tol, slong prec);

#endif
