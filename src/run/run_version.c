/* run_version.c -- the engine's provenance: its version, git commit, and
 * the versions of the FLINT and Arb it computes with. */
#include <stdio.h>
#include "run/run.h"

#ifndef FC_VERSION
#define FC_VERSION "unknown"
#endif
#ifndef FC_GIT
#define FC_GIT "none"
#endif

void run_fill_versions(run_results *res)
{
#ifdef FC_FLINT3
    const char *arbv = FLINT_VERSION;
#else
    const char *arbv = arb_version;
#endif
    if (res->engine_version[0] == '\0')
        snprintf(res->engine_version, sizeof res->engine_version, "%s", FC_VERSION);
    if (res->git[0] == '\0')
        snprintf(res->git, sizeof res->git, "%s", FC_GIT);
    if (res->flint[0] == '\0')
        snprintf(res->flint, sizeof res->flint, "%s", FLINT_VERSION);
    if (res->arb[0] == '\0')
        snprintf(res->arb, sizeof res->arb, "%s", arbv);
}
