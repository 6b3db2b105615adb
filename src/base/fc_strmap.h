/* fc_strmap.h -- a map from strings to non-negative ints (open addressing).
 *
 * Used wherever names are looked up many times (definitions, sections,
 * keys), so that reading and validating a case stays linear in its size.
 * Keys are copied. Lookups and insertions take expected O(length of key). */
#ifndef FC_STRMAP_H
#define FC_STRMAP_H

#include <stddef.h>

typedef struct {
    char **key;      /* cap slots, NULL if empty */
    int *val;
    size_t cap, n;   /* cap is 0 or a power of two; n <= cap / 2 */
} fc_strmap;

void fc_strmap_init(fc_strmap *m);
void fc_strmap_clear(fc_strmap *m);

/* The value stored for key, or -1. */
int fc_strmap_get(const fc_strmap *m, const char *key);

/* Stores key -> val (val >= 0) unless key is present; returns the value
 * already stored for key, or -1 if it was inserted. */
int fc_strmap_put(fc_strmap *m, const char *key, int val);

#endif
