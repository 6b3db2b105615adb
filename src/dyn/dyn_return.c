/* dyn_return.c -- one return of the reduced Poincaré map (spec seed002.md
 * §3.7): FI impact, node 6 or F~F, IF impact, node 5, next landing. */
#include <stdio.h>
#include <string.h>
#include "dyn/dyn_impl.h"

static void path_add(char *path, const char *s)
{
    if (path && strlen(path) + strlen(s) + 2 < 96) {
        if (path[0]) strcat(path, ",");
        strcat(path, s);
    }
}

static const char *impact_name(int stick, int sigma)
{
    return stick ? "stick" : sigma > 0 ? "slip+" : "slip-";
}

/* The section state: (x2', z2') = (sin psi, -cos psi), contact 1 closed,
 * z1' = 0, and x1' from the kinematics of two closed contacts,
 * x1' = (cos phi2 x2' - sin phi2 z2') / cos phi1 = sin(psi + phi2) / cos phi1. */
static int return_once(arb_t psi_next, arb_t dR, arb_t G, arb_t Gz, char *path, int *collapse,
                       const dyn_model_t m, const arb_t psi, dyn_choice *ch, slong prec)
{
    arb_ptr v = _arb_vec_init(4), w = _arb_vec_init(4);
    arb_ptr dv = NULL, dw = NULL, dz = NULL;   /* derivatives in psi (dR != NULL) */
    arb_t sp, cp, zk, zero, t;
    int stick, sigma, sust, res, stuck_end = 0;
    *collapse = 0;
    char buf[32];
    arb_init(sp); arb_init(cp); arb_init(zk); arb_init(zero); arb_init(t);
    if (path) path[0] = 0;

    arb_sin_cos(sp, cp, psi, prec);
    arb_nonnegative_part(cp, cp);      /* psi lies in [-pi/2, pi/2]: cos psi >= 0 there */
    arb_add(t, psi, m->phi2, prec);
    arb_sin(v + 0, t, prec);
    arb_div(v + 0, v + 0, m->cphi[0], prec);
    arb_zero(v + 1);
    arb_set(v + 2, sp);
    arb_neg(v + 3, cp);
    if (dR) {
        dv = _arb_vec_init(4); dw = _arb_vec_init(4); dz = _arb_vec_init(2);
        arb_add(t, psi, m->phi2, prec);
        arb_cos(dv + 0, t, prec);
        arb_div(dv + 0, dv + 0, m->cphi[0], prec);
        arb_set(dv + 2, cp);
        arb_set(dv + 3, sp);
    }

    /* FI: impact at contact 2, contact 1 sustained */
    res = _dyn_impact(w, dw, &stick, &sigma, m, v, dv, 1, 1, ch, prec);
    if (res != DYN_OK) goto done;
    snprintf(buf, sizeof buf, "FI-%s", impact_name(stick, sigma)); path_add(path, buf);

    /* node 6 (contact 2 sustained) or F~F, until contact 1 lands */
    sust = 1;
    res = _dyn_flight(w, dw, zk, dz, &sust, zero, 0, stick, 1, NULL, m, ch, prec);
    if (res != DYN_OK) goto done;
    path_add(path, sust ? "node6" : "FF~");

    /* IF: impact at contact 1, contact 2 sustained (node 6) or airborne (F~F) */
    res = _dyn_impact(v, dv, &stick, &sigma, m, w, dw, 0, sust, ch, prec);
    if (res == DYN_ABSORBED && !sust) res = DYN_UNKNOWN;  /* no double impact in the air */
    if (res != DYN_OK) goto done;
    snprintf(buf, sizeof buf, "IF-%s", impact_name(stick, sigma)); path_add(path, buf);

    /* node 5: contact 1 sustained until contact 2 lands */
    if (sust) { arb_zero(zk); if (dz) arb_zero(dz + 0); }
    sust = 1;
    arb_zero(t);
    {
        arb_t z2; arb_init(z2);
        arb_set(z2, zk);
        arb_zero(zk);
        if (dz) { arb_set(dz + 1, dz + 0); arb_zero(dz + 0); }   /* contact 2 is now the airborne one */
        res = _dyn_flight(v, dv, zk, dz, &sust, z2, 1, stick, 0, &stuck_end, m, ch, prec);
        arb_clear(z2);
    }
    if (res != DYN_OK) goto done;
    path_add(path, "node5");

    /* next direction and growth */
    arb_neg(t, v + 3);
    arb_nonnegative_part(t, t);        /* -z2' >= 0 at a landing */
    *collapse = stuck_end;
    if (dR) {
        /* d atan2(x, t) = (t dx - x dt) / (x^2 + t^2), t = -z2'; R is constant after a collapse */
        if (stuck_end) arb_zero(dR);
        else {
            arb_t q; arb_init(q);
            arb_mul(dR, t, dv + 2, prec);
            arb_addmul(dR, v + 2, dv + 3, prec);
            arb_sqr(q, v + 2, prec);
            arb_addmul(q, t, t, prec);
            arb_div(dR, dR, q, prec);
            arb_clear(q);
        }
    }
    if (stuck_end)
        arb_neg(psi_next, m->phi2);    /* sticking collapse: u_next = -tan(phi2) exactly */
    else {
        arb_t hp;
        arb_init(hp);
        arb_atan2(psi_next, v + 2, t, prec);
        arb_const_pi(hp, prec);
        arb_mul_2exp_si(hp, hp, -1);
        arb_neg(G, hp);
        arb_union(hp, G, hp, prec);            /* [-pi/2, pi/2] contains atan2(x, t >= 0) */
        if (arb_is_finite(psi_next) && !arb_intersection(psi_next, psi_next, hp, prec))
            arb_set(psi_next, hp);
        arb_clear(hp);
    }
    arb_sqr(G, v + 2, prec);
    arb_addmul(G, v + 3, v + 3, prec);
    arb_sqrtpos(G, G, prec);           /* a sum of squares */
    if (Gz) arb_div(Gz, t, cp, prec);
    if (!arb_is_finite(psi_next) || !arb_is_finite(G)) res = DYN_UNKNOWN;
done:
    _arb_vec_clear(v, 4); _arb_vec_clear(w, 4);
    if (dv) { _arb_vec_clear(dv, 4); _arb_vec_clear(dw, 4); _arb_vec_clear(dz, 2); }
    arb_clear(sp); arb_clear(cp); arb_clear(zk); arb_clear(zero); arb_clear(t);
    return res;
}

/* Runs every branch sequence the balls allow (at most DYN_MAXRUNS) and
 * joins them: UNKNOWN if one run is unknown, ESCAPE if every run escapes
 * (UNKNOWN if only some do), ABSORBED if every run is absorbed, else OK
 * with the union of psi_next and G over the runs that return (points of
 * absorbed runs have no successor). */
#define DYN_MAXRUNS 64
static int return_runs(arb_t psi_next, arb_t dR, arb_t G, arb_t Gz, char *path, int *flags,
                       const dyn_model_t m, const arb_t psi, slong prec)
{
    dyn_choice ch;
    arb_t pn, g, gz, dr, psi0;
    int runs = 0, nok = 0, nabs = 0, nesc = 0, res = DYN_UNKNOWN, ncol = 0;
    arb_init(pn); arb_init(g); arb_init(gz); arb_init(dr); arb_init(psi0);
    arb_set(psi0, psi);   /* psi may be psi_next (R applied in place): every run starts from the same ball */
    ch.len = 0; ch.overflow = 0;
    for (;;) {
        int r;
        int col = 0;
        ch.pos = 0;
        r = return_once(pn, dR ? dr : NULL, g, Gz ? gz : NULL, nok == 0 ? path : NULL, &col, m, psi0, &ch, prec);
        runs++;
        if (ch.overflow || r == DYN_UNKNOWN) { nok = -1; break; }
        if (r == DYN_OK) {
            if (nok == 0) {
                arb_set(psi_next, pn); arb_set(G, g);
                if (Gz) arb_set(Gz, gz);
                if (dR) arb_set(dR, dr);
            } else {
                arb_union(psi_next, psi_next, pn, prec); arb_union(G, G, g, prec);
                if (Gz) arb_union(Gz, Gz, gz, prec);
                if (dR) arb_union(dR, dR, dr, prec);
            }
            nok++;
            ncol += col;
        } else if (r == DYN_ABSORBED) nabs++;
        else nesc++;
        /* next sequence: the last choice point that has an untried branch */
        ch.len = ch.pos;
        while (ch.len > 0 && ch.pick[ch.len - 1] + 1 >= ch.nalt[ch.len - 1]) ch.len--;
        if (ch.len == 0) break;
        ch.pick[ch.len - 1]++;
        if (runs >= DYN_MAXRUNS) { nok = -1; break; }
    }
    if (nok < 0) res = DYN_UNKNOWN;
    else if (nesc > 0) res = (nok == 0 && nabs == 0) ? DYN_ESCAPE : DYN_UNKNOWN;
    else if (nok > 0) res = DYN_OK;
    else res = DYN_ABSORBED;
    if (flags)
        *flags = (res == DYN_OK && runs == 1 ? DYN_SINGLE_BRANCH : 0)
                 | (res == DYN_OK && nabs == 0 && ncol == nok ? DYN_COLLAPSE : 0);
    arb_clear(pn); arb_clear(g); arb_clear(gz); arb_clear(dr); arb_clear(psi0);
    return res;
}

int dyn_return_info(arb_t psi_next, arb_t G, arb_t Gz, char *path, int *flags, const dyn_model_t m,
                    const arb_t psi, slong prec)
{
    return return_runs(psi_next, NULL, G, Gz, path, flags, m, psi, prec);
}

int dyn_return_deriv(arb_t psi_next, arb_t dR, arb_t G, int *flags, const dyn_model_t m,
                     const arb_t psi, slong prec)
{
    int fl = 0, res = return_runs(psi_next, dR, G, NULL, NULL, &fl, m, psi, prec);
    if (flags) *flags = fl;
    /* several branches that all collapse: R = -phi2 on the whole ball, R' = 0 */
    if (res == DYN_OK && (fl & DYN_COLLAPSE)) arb_zero(dR);
    else if (res != DYN_OK || !(fl & DYN_SINGLE_BRANCH)) arb_indeterminate(dR);
    return res;
}

int dyn_return(arb_t psi_next, arb_t G, arb_t Gz, char *path, const dyn_model_t m,
               const arb_t psi, slong prec)
{
    return dyn_return_info(psi_next, G, Gz, path, NULL, m, psi, prec);
}
