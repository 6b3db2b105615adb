/* dyn_flight.c -- one ZOD flight phase sequence until an airborne contact
 * lands (spec seed002.md §3.7 steps 3 and 5): constant accelerations per
 * mode, piecewise quadratic heights, slip stops. Guards undecided on the
 * balls become choice points (dyn_choice): every possible branch is then
 * followed by the caller, one run each.
 * With dv != NULL the derivatives with respect to the section direction psi
 * are carried along the branch taken (forward mode): dv of v, dz[0] of z_k
 * (in/out) and dz[1] of z_j (in). A derivative through a landing whose
 * radicand may be 0 (grazing) is not finite. */
#include "dyn/dyn_impl.h"

/* Picks the mode of the sustained contact k and solves it. At rest in the
 * tangential direction (stuck): S if its cone holds, else the slip from
 * rest whose normal force is >= 0 and whose acceleration points in its
 * direction. Slipping: the direction of v_tk. Returns 0 with *letter, lam,
 * a set; 1 when the contact's normal force is certified negative (it would
 * leave); -1 when a possible case is not handled. */
static int pick_mode(char *letter, arb_ptr lam, arb_ptr a, const dyn_model_t m, arb_srcptr v,
                     int k, int stuck, dyn_choice *ch, slong prec)
{
    char mode[2] = {'F', 'F'};
    const int tk = 2 * k, nk = 2 * k + 1;
    arb_t t;
    int res = -1;
    arb_init(t);
    if (!stuck) {
        char alt[3]; int n = 0;
        if (!arb_is_nonpositive(v + tk)) alt[n++] = 'P';
        if (!arb_is_nonnegative(v + tk)) alt[n++] = 'N';
        if (arb_contains_zero(v + tk)) alt[n++] = 'R';
        if (n > 1 && !ch) goto done;
        mode[k] = alt[ch ? dyn_choose(ch, n) : 0];
        if (mode[k] == 'R') stuck = 1;
    }
    if (stuck) {
        dyn_tv cone, c[2];
        char alt[3]; int n = 0;
        arb_struct buf[24];     /* six vectors of 4 on the stack */
        arb_ptr ls = buf, as = buf + 4;
        arb_ptr l2[2], a2[2];
        for (int q = 0; q < 24; q++) arb_init(buf + q);
        l2[0] = buf + 8; a2[0] = buf + 12;
        l2[1] = buf + 16; a2[1] = buf + 20;
        mode[k] = 'S';
        if (dyn_mode_solve(ls, as, m, mode, prec) < 0) cone = -1;
        else {
            arb_abs(t, ls + tk);
            arb_submul(t, m->mu[k], ls + nk, prec);
            arb_neg(t, t);                               /* mu fn - |ft| */
            cone = dyn_tv_and(dyn_tv_nonneg(ls + nk), dyn_tv_nonneg(t));
        }
        c[0] = c[1] = 0;
        if (cone != 1)
            for (int s = 0; s < 2; s++) {
                mode[k] = s == 0 ? 'P' : 'N';
                if (dyn_mode_solve(l2[s], a2[s], m, mode, prec) < 0) { c[s] = -1; continue; }
                if (s == 0) arb_set(t, a2[s] + tk); else arb_neg(t, a2[s] + tk);
                c[s] = dyn_tv_and(dyn_tv_nonneg(l2[s] + nk), dyn_tv_pos(t));
            }
        if (cone != 0) alt[n++] = 'S';
        if (cone != 1 && c[0] != 0) alt[n++] = 'P';
        if (cone != 1 && c[1] != 0) alt[n++] = 'N';
        if (!(cone != 1 && c[0] != 1 && c[1] != 1) && n > 0 && (n == 1 || ch)) {
            char L = alt[ch ? dyn_choose(ch, n) : 0];
            int s = L == 'P' ? 0 : 1;
            *letter = L;
            if (L == 'S') { _arb_vec_set(lam, ls, 4); _arb_vec_set(a, as, 4); }
            else { _arb_vec_set(lam, l2[s], 4); _arb_vec_set(a, a2[s], 4); }
            res = 0;
        }
        for (int q = 0; q < 24; q++) arb_clear(buf + q);
        goto done;
    }
    if (dyn_mode_solve(lam, a, m, mode, prec) < 0) goto done;
    if (arb_is_nonnegative(lam + nk)) { *letter = mode[k]; res = 0; }
    else if (arb_is_negative(lam + nk)) res = 1;
done:
    arb_clear(t);
    return res;
}

/* Three-valued guard -> branch taken (1 or 0); -1 when undecided and no
 * choice context. */
static int decide(dyn_tv g, dyn_choice *ch)
{
    if (g >= 0) return g;
    if (!ch) return -1;
    return dyn_choose(ch, 2) == 0;
}

int _dyn_flight(arb_ptr v, arb_ptr dv, arb_t zk, arb_ptr dz, int *k_sustained, const arb_t zj0, int j,
                int k_stuck, int may_leave, int *stuck_end, const dyn_model_t m, dyn_choice *ch, slong prec)
{
    const int k = 1 - j, tk = 2 * k, nk = 2 * k + 1, nj = 2 * j + 1;
    arb_struct la[8];       /* lam and a on the stack */
    arb_ptr lam = la, a = la + 4;
    arb_t zj, absa, tland, tstop, disc, t;
    arb_t dzj, dtland, dtstop, ddisc, dt;     /* derivatives (when dv != NULL) */
    int stuck = k_stuck, res = DYN_UNKNOWN;
    if (stuck_end) *stuck_end = 0;
    for (int q = 0; q < 8; q++) arb_init(la + q);
    arb_init(zj); arb_init(absa); arb_init(tland); arb_init(tstop); arb_init(disc); arb_init(t);
    arb_init(dzj); arb_init(dtland); arb_init(dtstop); arb_init(ddisc); arb_init(dt);
    arb_set(zj, zj0);
    if (dv) arb_set(dzj, dz + 1);

    for (int phase = 0; phase < 2; phase++) {
        char letter = 'F';
        int slipping = 0, land, lands, decel = 0;
        if (*k_sustained) {
            int r = pick_mode(&letter, lam, a, m, v, k, stuck, ch, prec);
            if (r == 1 && may_leave && phase == 0 && arb_is_zero(v + nk) && arb_is_zero(zk)
                && arb_is_positive(m->b[nk])) {
                *k_sustained = 0;                         /* F~F: contact k lifts off */
            } else if (r != 0) goto done;
        }
        if (!*k_sustained) {
            _arb_vec_zero(lam, 4);
            for (int r = 0; r < 4; r++) arb_set(a + r, m->b[r]);
        }
        if (letter == 'P' || letter == 'N') {
            if (stuck) { arb_zero(v + tk); if (dv) arb_zero(dv + tk); }   /* slip from rest */
            stuck = 0;
            slipping = letter == 'P' ? 1 : -1;
        }
        arb_neg(absa, a + nj);
        lands = decide(dyn_tv_pos(absa), ch);
        if (lands < 0) goto done;
        if (lands) {
            /* t* = (v_nj + sqrt(v_nj^2 + 2 |a| z_j)) / |a| */
            arb_sqr(disc, v + nj, prec);
            arb_mul(t, absa, zj, prec);
            arb_mul_2exp_si(t, t, 1);
            arb_add(disc, disc, t, prec);
            arb_sqrtpos(disc, disc, prec);        /* v^2 + 2 |a| z >= 0 where contact j lands */
            arb_add(tland, v + nj, disc, prec);
            arb_div(tland, tland, absa, prec);
            if (dv) {
                /* d disc = (v dv + |a| dz) / disc (not finite where disc may be 0) */
                arb_mul(ddisc, v + nj, dv + nj, prec);
                arb_addmul(ddisc, absa, dzj, prec);
                arb_div(ddisc, ddisc, disc, prec);
                arb_add(dtland, dv + nj, ddisc, prec);
                arb_div(dtland, dtland, absa, prec);
            }
        }
        if (slipping) {
            if (slipping > 0) arb_neg(t, a + tk); else arb_set(t, a + tk);
            decel = decide(dyn_tv_pos(t), ch);            /* sigma a_tk < 0 */
            if (decel < 0) goto done;
        }
        if (slipping && decel) {
            arb_div(tstop, v + tk, a + tk, prec);
            arb_neg(tstop, tstop);
            if (dv) { arb_div(dtstop, dv + tk, a + tk, prec); arb_neg(dtstop, dtstop); }
            land = 0;
            if (lands) {
                arb_sub(t, tland, tstop, prec);
                int before = decide(dyn_tv_pos(t), ch);   /* the slip stops before landing */
                if (before < 0) goto done;
                land = !before;
            }
        } else {
            if (!lands) { res = DYN_ESCAPE; goto done; }
            land = 1;
        }
        if (land) {
            for (int r = 0; r < 4; r++) arb_addmul(v + r, a + r, tland, prec);
            if (dv) for (int r = 0; r < 4; r++) arb_addmul(dv + r, a + r, dtland, prec);
            if (!*k_sustained) {
                /* z_k(t) = z_k + v_nk(0) t + a t^2 / 2 = z_k + v_nk(t) t - a t^2 / 2 */
                if (dv) {
                    arb_addmul(dz + 0, dv + nk, tland, prec);
                    arb_addmul(dz + 0, v + nk, dtland, prec);
                    arb_mul(dt, tland, dtland, prec);
                    arb_submul(dz + 0, a + nk, dt, prec);
                    arb_neg(dv + nj, ddisc);
                }
                arb_addmul(zk, v + nk, tland, prec);
                arb_sqr(t, tland, prec);
                arb_mul(t, t, a + nk, prec);
                arb_mul_2exp_si(t, t, -1);
                arb_sub(zk, zk, t, prec);
                arb_neg(v + nj, disc);
            } else {
                arb_zero(v + nk);
                arb_neg(v + nj, disc);
                if (dv) { arb_zero(dv + nk); arb_neg(dv + nj, ddisc); }
                if (letter == 'S') {
                    /* rotation about the stuck vertex p_k: the velocity of p_j is
                       omega E (p_j - p_k), E (p_j - p_k) = (0, +-(l1 + l2)), so
                       x_j' = tan(phi_j) z_j' exactly */
                    arb_zero(v + tk);
                    arb_tan(t, j == 0 ? m->phi1 : m->phi2, prec);
                    arb_mul(v + 2 * j, t, v + nj, prec);
                    if (dv) { arb_zero(dv + tk); arb_mul(dv + 2 * j, t, dv + nj, prec); }
                }
            }
            if (stuck_end) *stuck_end = (*k_sustained && letter == 'S');
            res = DYN_OK;
            goto done;
        }
        /* the slip of contact k stops at tstop, before contact j lands */
        if (dv) {
            /* d z_j = a_nj tstop dtstop + dv_nj tstop + v_nj dtstop */
            arb_mul(dt, tstop, dtstop, prec);
            arb_addmul(dzj, a + nj, dt, prec);
            arb_addmul(dzj, dv + nj, tstop, prec);
            arb_addmul(dzj, v + nj, dtstop, prec);
            for (int r = 0; r < 4; r++) arb_addmul(dv + r, a + r, dtstop, prec);
            arb_zero(dv + tk); arb_zero(dv + nk);
        }
        arb_sqr(t, tstop, prec);
        arb_mul(t, t, a + nj, prec);
        arb_mul_2exp_si(t, t, -1);
        arb_add(zj, zj, t, prec);
        arb_addmul(zj, v + nj, tstop, prec);
        arb_nonnegative_part(zj, zj);                     /* contact j has not landed yet */
        for (int r = 0; r < 4; r++) arb_addmul(v + r, a + r, tstop, prec);
        arb_zero(v + tk); arb_zero(v + nk);
        stuck = 1;
    }
done:
    for (int q = 0; q < 8; q++) arb_clear(la + q);
    arb_clear(zj); arb_clear(absa); arb_clear(tland); arb_clear(tstop); arb_clear(disc); arb_clear(t);
    arb_clear(dzj); arb_clear(dtland); arb_clear(dtstop); arb_clear(ddisc); arb_clear(dt);
    return res;
}

int dyn_flight(arb_ptr v, arb_t zk, int *k_sustained, const arb_t zj, int j, int k_stuck,
               int may_leave, int *stuck_end, const dyn_model_t m, slong prec)
{
    return _dyn_flight(v, NULL, zk, NULL, k_sustained, zj, j, k_stuck, may_leave, stuck_end, m, NULL, prec);
}
