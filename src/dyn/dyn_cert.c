/* dyn_cert.c -- the stability certificate of the reduced return map (spec
 * seed002.md §3.9, §5(b)): a partition of psi in [-pi/2, pi/2], the
 * interval graph of R, a proved cycle-mean bound (stable), a proved fixed
 * point with growth > 1 (unstable), or undecided. */
#include <stdlib.h>
#include "dyn/dyn_impl.h"
#include "expr/expr.h"    /* expr_fast_enclose: double hulls of balls */

typedef struct {
    arb_t lo, hi;          /* leaf ends (balls around the exact partition points) */
    arb_t psi, next, G;
    int status, level;
} leaf_t;

void dyn_cert_init(dyn_cert_t c)
{
    c->verdict = DYN_UNDECIDED;
    c->nodes = c->edges = c->absorbed = c->unknown = c->outside = 0;
    c->lambda = c->spread = 0;
    arb_init(c->fix_psi); arb_init(c->fix_G);
    c->fix_unique = 0; c->fix_period = 0;
}

void dyn_cert_clear(dyn_cert_t c)
{
    arb_clear(c->fix_psi); arb_clear(c->fix_G);
}

static void leaf_init(leaf_t *l)
{
    arb_init(l->lo); arb_init(l->hi); arb_init(l->psi); arb_init(l->next); arb_init(l->G);
}

static void leaf_clear(leaf_t *l)
{
    arb_clear(l->lo); arb_clear(l->hi); arb_clear(l->psi); arb_clear(l->next); arb_clear(l->G);
}

static void leaf_eval(leaf_t *l, const dyn_model_t m, slong prec)
{
    arb_union(l->psi, l->lo, l->hi, prec);
    l->status = dyn_return(l->next, l->G, NULL, NULL, m, l->psi, prec);
}

void dyn_cert_run(dyn_cert_t c, const dyn_model_t m, const arb_t ulo, const arb_t uhi, long n0,
                  int depth, slong prec)
{
    long cap = n0 * 4 + 64, n = 0, ne = 0, ecap = 0;
    leaf_t *L;
    long *from = NULL, *to = NULL;
    arb_ptr w = NULL;
    arb_t plo, pw, t, core;
    int bad = 0, giveup = 0;
    long evals = 0, budget = 8 * n0 + 64;   /* leaf evaluations spent on refinement */

    c->verdict = DYN_UNDECIDED;
    c->nodes = c->edges = c->absorbed = c->unknown = c->outside = 0;
    arb_init(plo); arb_init(pw); arb_init(t); arb_init(core);
    arb_atan(plo, ulo, prec);
    arb_atan(pw, uhi, prec);
    arb_union(core, plo, pw, prec);            /* the covered range [psi_lo, psi_hi] */
    arb_sub(pw, pw, plo, prec);                /* its width */
    L = flint_malloc(sizeof(leaf_t) * (size_t) cap);
    if (!L) goto out;

    /* the sticking collapse first: when psi_S = -phi2 lies in the covered range and
       Krawczyk proves it a fixed point with G > 1, the leaf holding it has a
       self-loop of positive weight, so no stability proof exists: UNSTABLE at the
       cost of a few returns instead of the whole interval graph */
    {
        arb_t U, GU, one;
        arb_init(U); arb_init(GU); arb_init(one);
        arb_one(one);
        arb_neg(t, m->phi2);
        if (arb_contains(core, t) && dyn_fixed_point(U, GU, m, t, prec) && arb_gt(GU, one)
            && arb_contains(core, U)) {
            c->verdict = DYN_UNSTABLE;
            arb_set(c->fix_psi, U); arb_set(c->fix_G, GU);
            c->fix_unique = 1; c->fix_period = 1;
        }
        arb_clear(U); arb_clear(GU); arb_clear(one);
        if (c->verdict == DYN_UNSTABLE) goto out;
    }

    /* depth-first bisection keeps the leaves in increasing order of psi */
    {
        long sp = 0;
        struct { long k; int level; } *stack = flint_malloc(sizeof(*stack) * (size_t) (n0 + 64));
        arb_ptr slo = _arb_vec_init(n0 + 64), shi = _arb_vec_init(n0 + 64);
        if (!stack) goto out;
        for (long k = n0 - 1; k >= 0; k--) {
            /* [psi_lo + k w / n0, psi_lo + (k + 1) w / n0] */
            arb_mul_si(slo + sp, pw, k, prec); arb_div_si(slo + sp, slo + sp, n0, prec);
            arb_add(slo + sp, slo + sp, plo, prec);
            if (k == 0) arb_set(slo + sp, plo);
            arb_mul_si(shi + sp, pw, k + 1, prec); arb_div_si(shi + sp, shi + sp, n0, prec);
            arb_add(shi + sp, shi + sp, plo, prec);
            stack[sp].level = 0; sp++;
        }
        while (sp > 0) {
            sp--;
            if (n == cap) {
                leaf_t *nl = flint_realloc(L, sizeof(leaf_t) * (size_t) (cap * 2));
                if (!nl) { bad = 1; break; }
                L = nl; cap *= 2;
            }
            leaf_init(&L[n]);
            arb_set(L[n].lo, slo + sp); arb_set(L[n].hi, shi + sp);
            L[n].level = stack[sp].level;
            leaf_eval(&L[n], m, prec);
            evals++;
            if ((L[n].status == DYN_UNKNOWN || L[n].status == DYN_ESCAPE
                 || (L[n].status == DYN_OK && !arb_contains(core, L[n].next)))) {
                /* a leaf left open at the depth limit, or the budget spent: stability
                   cannot be proved any more, stop refining */
                if (L[n].level >= depth || evals >= budget) giveup = 1;
            }
            if (!giveup && (L[n].status == DYN_UNKNOWN || L[n].status == DYN_ESCAPE
                 || (L[n].status == DYN_OK && !arb_contains(core, L[n].next))) && L[n].level < depth
                && sp + 2 < n0 + 64) {
                /* push the upper half first so that the lower half is done first */
                arb_add(t, L[n].lo, L[n].hi, prec); arb_mul_2exp_si(t, t, -1);
                arb_set(slo + sp, t); arb_set(shi + sp, L[n].hi); stack[sp].level = L[n].level + 1; sp++;
                arb_set(slo + sp, L[n].lo); arb_set(shi + sp, t); stack[sp].level = L[n].level + 1; sp++;
                leaf_clear(&L[n]);
                continue;
            }
            n++;
        }
        flint_free(stack);
        _arb_vec_clear(slo, n0 + 64); _arb_vec_clear(shi, n0 + 64);
    }
    c->nodes = n;
    for (long a = 0; a < n; a++) {
        if (L[a].status == DYN_ABSORBED) c->absorbed++;
        else if (L[a].status != DYN_OK) c->unknown++;
        else if (!arb_contains(core, L[a].next)) c->outside++;
    }

    /* the interval graph */
    if (!bad && c->unknown == 0 && c->outside == 0) {
        /* double hulls of the leaves: a pair whose hulls are disjoint cannot
           overlap, and arb_overlaps decides the others (same edges, fewer
           ball comparisons) */
        double *hp = flint_malloc(sizeof(double) * (size_t) (2 * n + 2));
        for (long b = 0; b < n; b++) expr_fast_enclose(hp + 2 * b, hp + 2 * b + 1, L[b].psi);
        for (long a = 0; a < n; a++) {
            double nlo, nhi;
            if (L[a].status != DYN_OK) continue;
            arb_get_ubound_arf(arb_midref(t), L[a].G, prec);
            mag_zero(arb_radref(t));
            arb_log(t, t, prec);
            expr_fast_enclose(&nlo, &nhi, L[a].next);
            for (long b = 0; b < n; b++) {
                if (nhi < hp[2 * b] || hp[2 * b + 1] < nlo) continue;
                if (!arb_overlaps(L[a].next, L[b].psi)) continue;
                if (ne == ecap) {
                    long nc = ecap ? 2 * ecap : 256;
                    long *f2 = flint_realloc(from, sizeof(long) * (size_t) nc);
                    if (f2) from = f2;
                    long *t2 = flint_realloc(to, sizeof(long) * (size_t) nc);
                    if (t2) to = t2;
                    arb_ptr w2 = _arb_vec_init(nc);
                    if (!f2 || !t2) { _arb_vec_clear(w2, nc); bad = 1; break; }
                    _arb_vec_set(w2, w, ne);
                    if (w) _arb_vec_clear(w, ecap);
                    w = w2; ecap = nc;
                }
                from[ne] = a; to[ne] = b; arb_set(w + ne, t); ne++;
            }
            if (bad) break;
        }
        flint_free(hp);
        c->edges = ne;
        if (!bad && dyn_cycle_bound(&c->lambda, &c->spread, n, ne, from, to, w, prec))
            c->verdict = DYN_STABLE;
    }

    /* instability: a proved fixed point with G > 1 */
    if (c->verdict == DYN_UNDECIDED && !bad) {
        arb_t U, GU, one;
        int tries = 0;
        arb_init(U); arb_init(GU); arb_init(one);
        arb_one(one);
        for (long a = 0; a < n && tries < 4 && c->verdict == DYN_UNDECIDED; a++) {
            if (L[a].status != DYN_OK || !arb_overlaps(L[a].next, L[a].psi)) continue;
            /* a fixed point in leaf a has G at most sup G on the leaf: none with G > 1
               can lie there when that bound is <= 1 */
            if (arb_le(L[a].G, one)) continue;
            tries++;
            int r = dyn_fixed_point(U, GU, m, L[a].next, prec);
            if (r && arb_gt(GU, one)) {
                c->verdict = DYN_UNSTABLE;
                arb_set(c->fix_psi, U); arb_set(c->fix_G, GU);
                c->fix_unique = 1; c->fix_period = 1;
            }
        }
        if (c->verdict == DYN_UNDECIDED && dyn_model_is_point(m)) {
            /* periodic orbits of period 2 and 3 (point models only: the search
               starts from a few points and costs many returns) */
            dyn_orbit_struct o[8];
            long no;
            for (int i = 0; i < 8; i++) dyn_orbit_init(o + i);
            arb_atan(U, ulo, prec); arb_atan(GU, uhi, prec);
            no = dyn_orbits_find(o, 8, m, U, GU, 3, 16, prec);
            for (long i = 0; i < no && c->verdict == DYN_UNDECIDED; i++)
                if (o[i].period > 1 && arb_gt(o[i].G, one)) {
                    c->verdict = DYN_UNSTABLE;
                    arb_set(c->fix_psi, o[i].psi + 0); arb_set(c->fix_G, o[i].G);
                    c->fix_unique = 1; c->fix_period = o[i].period;
                }
            for (int i = 0; i < 8; i++) dyn_orbit_clear(o + i);
        }
        arb_clear(U); arb_clear(GU); arb_clear(one);
    }
out:
    if (L) { for (long a = 0; a < n; a++) leaf_clear(&L[a]); flint_free(L); }
    flint_free(from); flint_free(to);
    if (w) _arb_vec_clear(w, ecap);
    arb_clear(plo); arb_clear(pw); arb_clear(t); arb_clear(core);
}
