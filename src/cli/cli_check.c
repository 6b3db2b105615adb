/* cli_check.c -- `fricert check CASE...`: every plot paved and every claim
 * decided (so overlapping regions and claim errors are found), then every
 * [expect] line, certified.
 *
 * A case that cannot be read or computed counts as one failure; its message
 * goes to stderr. Failed expectations go to stdout as "FILE:LINE: expect ...". The
 * last line is "N passed, M failed"; the exit status is 0 iff M = 0.
 * With --tile I/N only tile I of each plot is paved; tile 1 also decides
 * the claims (never tiled) and checks the [expect] lines, so that the N
 * tile runs together check what one whole run checks. Cases are read with
 * case_read_check: a zod_return_map plane is refined only in the grid cells
 * holding one of the case's [point]s, where its verdict (hence every
 * [expect] at a point) is the report's; its plots are paved on the coarser
 * plane, still certified. */
#include <getopt.h>
#include <string.h>
#include "cli/cli.h"

int cli_check(int argc, char **argv)
{
    static const struct option opts[] = {
        {"help", no_argument, NULL, 'h'},
        {"prec", required_argument, NULL, 'p'},
        {"tile", required_argument, NULL, 'T'},
        {"memory", required_argument, NULL, 'm'},
        {NULL, 0, NULL, 0}};
    long passed = 0, failed = 0, prec = 0;
    int internal = 0, bad_input = 0, i, j, o, tile_i = 0, tile_n = 0;

    optind = 0;   /* 0: glibc re-initialises, so options may follow the cases */
    opterr = 0;
    while ((o = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        if (o == 'h') {
            cli_usage(stdout, "check");
            return CLI_OK;
        } else if (o == 'p') {
            if (cli_parse_long("check", "--prec", optarg, 16, 65536, &prec)) return CLI_BAD_INPUT;
        } else if (o == 'm') {
            if (cli_parse_memory("check", optarg)) return CLI_BAD_INPUT;
        } else if (o == 'T') {
            if (cli_parse_tile("check", optarg, &tile_i, &tile_n)) return CLI_BAD_INPUT;
        } else if (o == ':') {
            fprintf(stderr, "fricert check: %s: missing value\n", argv[optind - 1]);
            return CLI_BAD_INPUT;
        } else {
            fprintf(stderr, "fricert check: unknown option '%s' (see fricert check --help)\n", argv[optind - 1]);
            return CLI_BAD_INPUT;
        }
    }
    if (optind >= argc) {
        fprintf(stderr, "fricert check: no case files given (see fricert check --help)\n");
        return CLI_BAD_INPUT;
    }
    for (i = optind; i < argc; i++) {
        case_t c;
        case_error_t err;
        char msg[4097 + 640];   /* a whole path and a message */
        run_results computed;
        if (case_read_check(&c, argv[i], &err)) {
            fc_error_format(msg, sizeof msg, &err);
            fprintf(stderr, "%s\n", msg);
            failed++;
            bad_input = 1;
            continue;
        }
        {
            run_options opt;
            int rc;
            memset(&opt, 0, sizeof opt);
            opt.prec = prec;
            opt.threads = 1;
            opt.tile_index = tile_i - 1;
            opt.tile_count = tile_n;
            opt.plots_only = tile_n > 1 && tile_i > 1;   /* tile 1 also checks claims and [expect] */
            opt.verdicts_only = 1;                        /* check prints verdicts, not claim pavings */
            rc = run_case(&computed, &c, &opt);
            if (rc != 0) {
                cli_print_error(&computed.error, "fricert check: internal failure");
                failed++;
                if (rc == -1) bad_input = 1;
                else internal = 1;
                run_results_clear(&computed);
                case_clear(&c);
                continue;
            }
        }
        for (j = 0; j < computed.nexpect; j++) {
            const run_expect *res = &computed.expect[j];
            if (res->passed) passed++;
            else {
                failed++;
                internal |= res->internal;
                cli_expect_print_failure(stdout, &c, j, res);
            }
        }
        run_results_clear(&computed);
        case_clear(&c);
    }
    printf("%ld passed, %ld failed\n", passed, failed);
    fflush(stdout);
    if (internal) return CLI_INTERNAL;
    return failed || bad_input ? CLI_BAD_INPUT : CLI_OK;
}
