/* test_rng_util.h -- the one random-number generator of the randomized
 * soundness tests (test_expr_sound.c, test_sound_cases.c): splitmix64, so that
 * a seed printed by one run reproduces the same draws on every platform. */
#ifndef FC_TEST_RNG_UTIL_H
#define FC_TEST_RNG_UTIL_H

#include <stdint.h>

typedef struct { uint64_t s; } rng_t;

/* The next 64 pseudo-random bits (splitmix64); advances the state. */
static inline uint64_t rng_next(rng_t *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A draw from 0 .. n - 1 (n >= 1). */
static inline int rng_int(rng_t *r, int n) { return (int)(rng_next(r) % (uint64_t)n); }

/* 1 with probability pct percent. */
static inline int rng_pct(rng_t *r, int pct) { return rng_int(r, 100) < pct; }

#endif
