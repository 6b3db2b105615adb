/* fc_strmap.c -- see fc_strmap.h. */
#include <stdint.h>
#include <string.h>
#include <flint/flint.h>
#include "base/fc_strmap.h"

static uint64_t fc_strmap_hash(const char *s)
{
    uint64_t h = 1469598103934665603ULL;   /* FNV-1a */
    for (; *s; s++) h = (h ^ (unsigned char) *s) * 1099511628211ULL;
    return h;
}

void fc_strmap_init(fc_strmap *m)
{
    memset(m, 0, sizeof *m);
}

void fc_strmap_clear(fc_strmap *m)
{
    size_t i;
    for (i = 0; i < m->cap; i++) flint_free(m->key[i]);
    flint_free(m->key);
    flint_free(m->val);
    memset(m, 0, sizeof *m);
}

/* Slot of key, or of the empty slot where it would go (cap > 0). */
static size_t fc_strmap_slot(const fc_strmap *m, const char *key)
{
    size_t i = (size_t) fc_strmap_hash(key) & (m->cap - 1);
    while (m->key[i] != NULL && strcmp(m->key[i], key) != 0) i = (i + 1) & (m->cap - 1);
    return i;
}

int fc_strmap_get(const fc_strmap *m, const char *key)
{
    size_t i;
    if (m->cap == 0) return -1;
    i = fc_strmap_slot(m, key);
    return m->key[i] ? m->val[i] : -1;
}

int fc_strmap_put(fc_strmap *m, const char *key, int val)
{
    size_t i, n;
    if (2 * (m->n + 1) > m->cap) {
        fc_strmap old = *m;
        m->cap = old.cap ? 2 * old.cap : 16;
        m->key = flint_calloc(m->cap, sizeof(char *));
        m->val = flint_calloc(m->cap, sizeof(int));
        for (i = 0; i < old.cap; i++)
            if (old.key[i]) {
                size_t j = fc_strmap_slot(m, old.key[i]);
                m->key[j] = old.key[i];
                m->val[j] = old.val[i];
            }
        flint_free(old.key);
        flint_free(old.val);
    }
    i = fc_strmap_slot(m, key);
    if (m->key[i]) return m->val[i];
    n = strlen(key) + 1;
    m->key[i] = flint_malloc(n);
    memcpy(m->key[i], key, n);
    m->val[i] = val;
    m->n++;
    return -1;
}
