/* test_tmpdir_util.h -- one private scratch folder per test binary:
 * tmpdir_make(TAG) creates $TMPDIR/fricert-TAG-XXXXXX (mkdtemp) into
 * tmpdir; tmpdir_remove() deletes it, unless FRICERT_TEST_KEEP is set
 * (then it prints where the output was kept). Both return 0 or -1. */
#ifndef FC_TEST_TMPDIR_UTIL_H
#define FC_TEST_TMPDIR_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char tmpdir[256];

static inline int
tmpdir_make(const char *tag)
{
    const char *base = getenv("TMPDIR");
    snprintf(tmpdir, sizeof tmpdir, "%s/fricert-%s-XXXXXX", base ? base : "/tmp", tag);
    return mkdtemp(tmpdir) == NULL ? -1 : 0;
}

static inline int
tmpdir_remove(void)
{
    char cmd[400];
    if (getenv("FRICERT_TEST_KEEP"))
    {
        printf("# output kept in %s\n", tmpdir);
        return 0;
    }
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

#endif
