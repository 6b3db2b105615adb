/* pave_tile.c -- joining the tiles of a paving into the whole run's result. */
#include <stdlib.h>
#include <string.h>
#include "pave/pave.h"

/* bits of v spread to the even positions */
static uint64_t spread(uint32_t v)
{
    uint64_t x = v;
    x = (x | (x << 16)) & 0x0000FFFF0000FFFFULL;
    x = (x | (x << 8)) & 0x00FF00FF00FF00FFULL;
    x = (x | (x << 4)) & 0x0F0F0F0F0F0F0F0FULL;
    x = (x | (x << 2)) & 0x3333333333333333ULL;
    x = (x | (x << 1)) & 0x5555555555555555ULL;
    return x;
}

/* The whole run's order: by level, then the Morton code of (i, j) with the
 * column in the low bit (children are made in the order (0,0), (1,0),
 * (0,1), (1,1) of their parents, and the parents are in that order). */
static int cell_cmp(const void *pa, const void *pb)
{
    const pave_cell *a = pa, *b = pb;
    uint64_t ma, mb;
    if (a->level != b->level) return a->level < b->level ? -1 : 1;
    ma = spread(a->i) | (spread(a->j) << 1);
    mb = spread(b->i) | (spread(b->j) << 1);
    return ma < mb ? -1 : ma > mb;
}

typedef struct { uint64_t lo, hi; } zrange;

static int zr_cmp(const void *pa, const void *pb)
{
    const zrange *a = pa, *b = pb;
    return a->lo < b->lo ? -1 : a->lo > b->lo;
}

/* 1 if the cells cover the box exactly once: on the Z curve of the deepest
 * level L, a cell of level l is the range [code 4^(L-l), (code+1) 4^(L-l))
 * (2^(L-l) in 1-D); the ranges sorted must tile [0, 4^L) end to end. */
static int partition(const pave_cell *c, long n, int dim)
{
    zrange *z;
    long i;
    int L = 0, ok = 1;
    uint64_t end = 0;
    for (i = 0; i < n; i++) if (c[i].level > L) L = c[i].level;
    z = flint_malloc((n ? n : 1) * sizeof(zrange));
    for (i = 0; i < n; i++) {
        int sh = dim * (L - c[i].level);
        uint64_t code = dim == 2 ? spread(c[i].i) | (spread(c[i].j) << 1) : c[i].i;
        z[i].lo = code << sh;
        z[i].hi = (code + 1) << sh;
    }
    qsort(z, n, sizeof(zrange), zr_cmp);
    for (i = 0; i < n && ok; i++) {
        if (z[i].lo != end) ok = 0;
        end = z[i].hi;
    }
    flint_free(z);
    return ok && end == (uint64_t) 1 << (dim * L);
}

int pave_merge(pave_result *r, pave_result *const *tiles, int n, int nregions)
{
    long total = 0;
    int k, p;
    double sum;
    if (n < 1) return -1;
    for (k = 0; k < n; k++) {
        const pave_result *t = tiles[k];
        if ((n > 1 && (t->tile_count != n || t->tile_index != k)) || t->dim != tiles[0]->dim ||
            !arf_equal(t->x0, tiles[0]->x0) || !arf_equal(t->w, tiles[0]->w) ||
            !arf_equal(t->y0, tiles[0]->y0) || !arf_equal(t->h, tiles[0]->h))
            return -1;
        total += t->ncells;
    }
    if (pave_tile_level(n, tiles[0]->dim) < 0) return -1;
    arf_set(r->x0, tiles[0]->x0);
    arf_set(r->w, tiles[0]->w);
    arf_set(r->y0, tiles[0]->y0);
    arf_set(r->h, tiles[0]->h);
    r->dim = tiles[0]->dim;
    r->tile_index = 0;
    r->tile_count = 1;
    r->cells = flint_realloc(r->cells, (total ? total : 1) * sizeof(pave_cell));
    r->alloc = total ? total : 1;
    r->ncells = 0;
    r->max_prec_used = 0;
    for (k = 0; k < n; k++) {
        const pave_result *t = tiles[k];
        if (t->ncells > 0) memcpy(r->cells + r->ncells, t->cells, t->ncells * sizeof(pave_cell));
        r->ncells += t->ncells;
        r->evaluations += t->evaluations;
        r->fast_evaluations += t->fast_evaluations;
        r->arb_evaluations += t->arb_evaluations;
        r->witnessed += t->witnessed;
        r->instructions += t->instructions;
        r->seconds += t->seconds;
        if (t->max_depth > r->max_depth) r->max_depth = t->max_depth;
        if (t->max_prec_used > r->max_prec_used) r->max_prec_used = t->max_prec_used;
        if (t->budget_hit > r->budget_hit) r->budget_hit = t->budget_hit;
        if (t->overlap && !r->overlap) {
            r->overlap = 1;
            r->overlap_a = t->overlap_a;
            r->overlap_b = t->overlap_b;
            r->overlap_cell = t->overlap_cell;
        }
    }
    qsort(r->cells, r->ncells, sizeof(pave_cell), cell_cmp);
    if (r->overlap == 0 && !partition(r->cells, r->ncells, r->dim)) return -1;
    flint_free(r->area_lo);
    flint_free(r->area_hi);
    r->area_lo = flint_calloc(nregions + 1, sizeof(double));
    r->area_hi = flint_calloc(nregions + 1, sizeof(double));
    pave_sum_areas(r, nregions);
    sum = r->none + r->undecided + r->pending;
    for (p = 0; p < nregions; p++) sum += r->area_lo[p];
    /* the cells cover the box once: the exact dyadic sums give 1 */
    if (sum != 1.0 && r->overlap == 0 && r->budget_hit == 0) return -1;
    return 0;
}
