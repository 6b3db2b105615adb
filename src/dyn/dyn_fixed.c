/* dyn_fixed.c -- existence of a fixed point of the return map R by an
 * interval inclusion: if R(U) lies in the interior of U and either R is
 * evaluated on one branch sequence over the ball U (so it is continuous
 * there: Brouwer, in one dimension the intermediate value theorem applied to
 * R(psi) - psi), or every branch ends in the sticking collapse R = -phi2
 * (then R is that constant on U and the constant lies in U). Holds for every
 * parameter of the model's balls. */
#include "dyn/dyn_impl.h"

int dyn_fixed_point(arb_t U, arb_t GU, const dyn_model_t m, const arb_t psi0, slong prec)
{
    arb_t V, W, G;
    mag_t r;
    int found = 0, fl;
    arb_init(V); arb_init(W); arb_init(G); mag_init(r);
    arb_set(V, psi0);
    mag_set_d(r, 1e-30);
    if (mag_cmp(arb_radref(V), r) < 0) mag_set(arb_radref(V), r);
    for (int it = 0; it < 24 && !found; it++) {
        if (dyn_return_info(W, G, NULL, NULL, &fl, m, V, prec) != DYN_OK || fl == 0) {
            /* shrink towards the centre: the branch may change inside V */
            mag_mul_2exp_si(arb_radref(V), arb_radref(V), -2);
            continue;
        }
        if (arb_contains_interior(V, W)) {
            arb_set(U, V); arb_set(GU, G); found = 1;
        } else {
            arb_union(V, V, W, prec);
            mag_mul_2exp_si(arb_radref(V), arb_radref(V), 1);
        }
    }
    /* tighten: a smaller ball around R(U) that is mapped into itself */
    for (int it = 0; it < 12 && found; it++) {
        if (dyn_return(W, G, NULL, NULL, m, U, prec) != DYN_OK) break;
        arb_set(V, W);
        mag_mul_2exp_si(arb_radref(V), arb_radref(V), 1);
        mag_add(arb_radref(V), arb_radref(V), r);
        if (mag_cmp(arb_radref(V), arb_radref(U)) >= 0) break;
        if (dyn_return_info(W, G, NULL, NULL, &fl, m, V, prec) != DYN_OK || fl == 0
            || !arb_contains_interior(V, W))
            break;
        arb_set(U, V); arb_set(GU, G);
    }
    arb_clear(V); arb_clear(W); arb_clear(G); mag_clear(r);
    return found;
}
