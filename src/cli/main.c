/* main.c -- fricert's command line: dispatch to the sub-commands. */
#include <getopt.h>
#include <string.h>
#include "cli/cli.h"
#include "base/fc_mem.h"

#ifdef FC_FLINT3
#define MAIN_ARB_VERSION FLINT_VERSION
#else
#define MAIN_ARB_VERSION arb_version
#endif

static void version(void)
{
    printf("fricert %s (git %s)\nFLINT %s, Arb %s\n", FC_VERSION, FC_GIT, FLINT_VERSION, MAIN_ARB_VERSION);
}

int main(int argc, char **argv)
{
    static const struct option opts[] = {
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0}};
    const char *cmd;
    int o, rc;

    fc_mem_install();   /* out of memory: exit 2, private folder removed */
    fc_mem_set_budget(fc_mem_default_budget());   /* --memory MB changes it */
    opterr = 0;
    while ((o = getopt_long(argc, argv, "+hV", opts, NULL)) != -1) {
        if (o == 'h') {
            cli_usage(stdout, NULL);
            return CLI_OK;
        } else if (o == 'V') {
            version();
            return CLI_OK;
        } else {
            fprintf(stderr, "fricert: unknown option '%s' (see fricert --help)\n", argv[optind - 1]);
            return CLI_BAD_INPUT;
        }
    }
    if (optind >= argc) {
        cli_usage(stderr, NULL);
        return CLI_BAD_INPUT;
    }
    cmd = argv[optind];
    argc -= optind;
    argv += optind;
    if (strcmp(cmd, "eval") == 0) rc = cli_eval(argc, argv);
    else if (strcmp(cmd, "check") == 0) rc = cli_check(argc, argv);
    else if (strcmp(cmd, "report") == 0) rc = cli_report(argc, argv);
    else if (strcmp(cmd, "merge") == 0) rc = cli_merge(argc, argv);
    else if (strcmp(cmd, "help") == 0) {
        cli_usage(stdout, argc > 1 ? argv[1] : NULL);
        rc = CLI_OK;
    } else {
        fprintf(stderr, "fricert: unknown command '%s'; expected report, merge, check or eval (see fricert --help)\n",
                cmd);
        rc = CLI_BAD_INPUT;
    }
    flint_cleanup();
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "fricert: cannot write the output\n");
        return CLI_INTERNAL;
    }
    return rc;
}
