/* fc_test.h -- shared by the test programs: the number of randomized
 * iterations. FRICERT_TEST_MULTIPLIER (a positive number, default 1) scales
 * every randomized loop: `make test` runs the defaults, `make check-sound`
 * or a long soak may raise it, a valgrind run may lower it (at least one
 * iteration always runs). */
#ifndef FC_TEST_H
#define FC_TEST_H

#include <stdlib.h>

/* n iterations times FRICERT_TEST_MULTIPLIER, at least 1. */
static inline long fc_test_iters(long n)
{
    const char *e = getenv("FRICERT_TEST_MULTIPLIER");
    double m = 1, r;
    if (e != NULL && *e) {
        char *end;
        double v = strtod(e, &end);
        if (*end == '\0' && v > 0 && v < 1e6) m = v;
    }
    r = n * m;
    return r < 1 ? 1 : (long) r;
}

#endif
