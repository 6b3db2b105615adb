/* dyn.h -- certified dynamics of the reduced return map of a rigid body on
 * two frictional contacts (Várkonyi & Or, arXiv:1603.09672; conventions and
 * formulas of /work/shared/spec/seed002.md §1.2, §2.2, §3.6-§3.9).
 *
 * Zero-order dynamics (ZOD), m = F = 1. Contact coordinates are indexed
 * 0 = t1, 1 = n1, 2 = t2, 3 = n2; contact velocities v = (x1', z1', x2', z2').
 * The Poincaré section is contact 1 closed, contact 2 arriving; its state,
 * up to the scale of the velocity, is the direction psi in (-pi/2, pi/2):
 * (x2', z2') = (sin psi, -cos psi), u = tan psi = x2' / (-z2').
 * One return (dyn_return) composes: FI impact at contact 2, node 6 (contact
 * 2 sustained) or free flight, IF impact at contact 1, node 5 (contact 1
 * sustained) until contact 2 lands again. R maps psi to the next psi, and
 * G_N = |(x2', z2')_next| / |(x2', z2')| is the growth of the velocity scale.
 * Every quantity is an Arb ball computed over balls of parameters and of
 * psi; a branch (impact type, slip stop, mode) is taken only when its guard
 * is certified on the whole ball, otherwise the answer is DYN_UNKNOWN.
 */
#ifndef FC_DYN_H
#define FC_DYN_H

#include "fc_arb.h"

/* Outcome of one return. */
enum {
    DYN_OK = 0,        /* the return exists on the whole ball, one branch sequence */
    DYN_ABSORBED = 1,  /* a single-contact impact is inconsistent on the whole ball:
                          a double impact follows and the motion stops (spec §3.7) */
    DYN_UNKNOWN = 2,   /* some guard undecided on the ball, or a case not handled */
    DYN_ESCAPE = 3     /* an airborne contact never lands (certified): no return */
};

/* The parameters (h, l1, l2, rho, phi1, phi2, alpha, mu1, mu2, tau) and the
 * ZOD data derived from them: A = J M^-1 J^T, b = J M^-1 F_ex. */
typedef struct {
    arb_t h, l1, l2, rho, phi1, phi2, alpha, mu1, mu2, tau;
    arb_t A[4][4];
    arb_t b[4];
    arb_t cphi[2], sphi[2];
    arb_t mu[2];
    slong prec;
    /* the single-contact and free modes, solved once by dyn_model_set (in the
       order FF, SF, PF, NF, FS, FP, FN): ok, forces and accelerations */
    int mode_ok[7];
    arb_t mode_lam[7][4], mode_acc[7][4];
} dyn_model_struct;
typedef dyn_model_struct dyn_model_t[1];

void dyn_model_init(dyn_model_t m);
void dyn_model_clear(dyn_model_t m);
/* p[0..9] = h, l1, l2, rho, phi1, phi2, alpha, mu1, mu2, tau (balls). Computes
 * A, b as enclosures over the balls. */
void dyn_model_set(dyn_model_t m, arb_srcptr p, slong prec);
/* The same from doubles (exact binary values). */
void dyn_model_set_d(dyn_model_t m, const double p[10], slong prec);
/* 1 when every parameter ball has radius below 2^-40 (a point model). */
int dyn_model_is_point(const dyn_model_t m);

/* Constant-acceleration contact mode: letters 'F', 'S', 'P', 'N' for
 * contacts 1 and 2 (not "SS"). Sets lam = (ft1, fn1, ft2, fn2) and
 * a = b + A lam, enclosures over the model's balls. Returns 0, or -1 when
 * the mode's linear system is not certified invertible. */
int dyn_mode_solve(arb_ptr lam, arb_ptr a, const dyn_model_t m, const char mode[2], slong prec);

/* Single impact at contact i (0 or 1) with pre-impact contact velocities v
 * (v[2i+1] <= 0); other contact sustained (closed, must not penetrate) when
 * sustained = 1, airborne when 0. Chooses sticking over slipping (spec
 * §3.6). On DYN_OK sets vout (post-impact velocities; the impacting normal
 * velocity exactly 0, and its tangential velocity exactly 0 when it sticks)
 * and *stick (1 stick, +1/-1 in *sigma for slip). DYN_ABSORBED when every
 * single impact is certified inconsistent (a double impact follows). */
int dyn_impact(arb_ptr vout, int *stick, int *sigma, const dyn_model_t m, arb_srcptr v,
               int i, int sustained, slong prec);

/* Flight until the airborne contact j lands. Contact k = 1 - j is sustained
 * (closed) when *k_sustained = 1: its mode is S if k_stuck, else slip in the
 * direction of its tangential velocity; slip stops and sticking or reversed
 * slip are followed (at most two sub-phases). When may_leave = 1 and contact
 * k starts at rest in the normal direction with a certified negative normal
 * force, it leaves (free flight F~F, which needs b_nk > 0) and *k_sustained
 * is set to 0. When *k_sustained = 0 both contacts fly. z_j >= 0 is the
 * height of contact j; *zk (in/out) the height of contact k. On DYN_OK, v
 * is the velocity at landing (v[2j+1] <= 0 there, exactly -sqrt(...)), and
 * *stuck_end (if not NULL) says whether contact k ended stuck (mode S). */
int dyn_flight(arb_ptr v, arb_t zk, int *k_sustained, const arb_t zj, int j, int k_stuck,
               int may_leave, int *stuck_end, const dyn_model_t m, slong prec);

/* One return from the section: psi is a ball in [-pi/2, pi/2] (psi_next
 * may be the same variable as psi: R applied in place). On DYN_OK
 * sets psi_next (ball in [-pi/2, pi/2]), G (growth of |(x2', z2')|), and when
 * Gz != NULL the growth of |z2'| (the spec's G, for oracles). *path (if not
 * NULL) receives a short text of the branch sequence (static storage is not
 * used: pass a buffer of at least 96 bytes). */
int dyn_return(arb_t psi_next, arb_t G, arb_t Gz, char *path, const dyn_model_t m,
               const arb_t psi, slong prec);

/* dyn_return, and *flags: DYN_SINGLE_BRANCH when one branch sequence covers
 * the whole ball (no guard undecided: R and G are continuous there), and
 * DYN_COLLAPSE when every point of the ball returns (none absorbed) and
 * every branch ends stuck on contact 1, so that R = -phi2 (u = u_S) on the
 * whole ball. */
enum { DYN_SINGLE_BRANCH = 1, DYN_COLLAPSE = 2 };
int dyn_return_info(arb_t psi_next, arb_t G, arb_t Gz, char *path, int *flags, const dyn_model_t m,
                    const arb_t psi, slong prec);

/* dyn_return with the derivative: dR encloses R'(psi) over the ball when
 * one branch sequence covers it (DYN_SINGLE_BRANCH in *flags): then R is
 * that branch's smooth formula on the ball and dR comes from forward-mode
 * derivatives carried through its impacts, flights and landings (0 after a
 * sticking collapse). dR = 0 also when every branch collapses
 * (DYN_COLLAPSE: R = -phi2 on the whole ball). Otherwise, or through a
 * grazing landing, dR is not finite. */
int dyn_return_deriv(arb_t psi_next, arb_t dR, arb_t G, int *flags, const dyn_model_t m,
                     const arb_t psi, slong prec);

/* ------------------------------------------------------ periodic orbits */

#define DYN_MAXPERIOD 4

/* A periodic orbit of R of minimal period `period`: psi[0..period-1] are
 * balls containing its points (psi[0] proved to hold exactly one fixed point
 * of R^period), G an enclosure of the product of G along it (the growth of
 * the speed per period; > 1: reverse chatter, instability by spec §3.9 S2). */
typedef struct {
    int period;
    arb_ptr psi;
    arb_t G;
} dyn_orbit_struct;
typedef dyn_orbit_struct dyn_orbit_t[1];

void dyn_orbit_init(dyn_orbit_t o);
void dyn_orbit_clear(dyn_orbit_t o);
void dyn_orbit_set(dyn_orbit_t o, const dyn_orbit_t p);

/* Krawczyk's test for f = R^k - id on the ball X (1 <= k <= DYN_MAXPERIOD):
 * returns 1 and sets Xout = K(X), a ball inside X containing the zero, when
 * f has exactly one zero in X. */
int dyn_krawczyk(arb_t Xout, const dyn_model_t m, const arb_t X, int k, slong prec);

/* Newton's method on R^k - id from psi0 proposes a point; balls around it are
 * tried with dyn_krawczyk. Returns 1 and fills o when an orbit of minimal
 * period k is proved (existence and uniqueness of the fixed point of R^k in
 * o->psi[0]). */
int dyn_orbit_prove(dyn_orbit_t o, const dyn_model_t m, const arb_t psi0, int k, slong prec);

/* Proved orbits of periods 1..kmax found from nsample starting points spread
 * over [psi_lo, psi_hi], at most maxn, each orbit once (out[] initialised by
 * the caller). Returns their number. Orbits not found are not excluded. */
long dyn_orbits_find(dyn_orbit_struct *out, long maxn, const dyn_model_t m, const arb_t psi_lo,
                     const arb_t psi_hi, int kmax, long nsample, slong prec);

/* ---------------------------------------------------------- certificate */

enum { DYN_UNDECIDED = 0, DYN_STABLE = 1, DYN_UNSTABLE = 2 };

typedef struct {
    int verdict;       /* DYN_STABLE, DYN_UNSTABLE or DYN_UNDECIDED */
    long nodes;        /* leaves of the psi partition */
    long edges;        /* edges of the interval graph */
    long absorbed;     /* leaves on which the orbit is absorbed */
    long unknown;      /* leaves left DYN_UNKNOWN at the depth limit */
    long outside;      /* leaves whose image is not inside the covered range */
    double lambda;     /* stable: proved bound on the mean of log G over every cycle (< 0) */
    double spread;     /* stable: potential spread; |v_n| <= e^spread e^(lambda n) |v_0| */
    arb_t fix_psi;     /* unstable: a ball in which a fixed point of R is proved */
    arb_t fix_G;       /* unstable: an enclosure of G over that ball (> 1); the
                          product of G along the orbit when fix_period > 1 */
    int fix_unique;    /* 1: the only fixed point of R^fix_period in fix_psi
                          (Krawczyk; always 1 when unstable) */
    int fix_period;    /* 1 a fixed point; k a periodic orbit of minimal period k */
} dyn_cert_struct;
typedef dyn_cert_struct dyn_cert_t[1];

void dyn_cert_init(dyn_cert_t c);
void dyn_cert_clear(dyn_cert_t c);

/* Stability certificate of the model (spec §3.9 S1-S3) on the arrivals with
 * u in [ulo, uhi] (psi in [atan ulo, atan uhi]). Grazing arrivals
 * u -> +-inf cannot be covered: for |u| large every impact slips and no
 * slide stops, the normal motion no longer depends on u, so the spec's G
 * (|z2'| growth) is a constant (not 1; O6: 0.4907 for u >= 12.93, 0.1966
 * for u <= -1.86) and R(u) = (u + D)/G; the weight used here, G_N, then
 * tends to 1 like 1 + D/u, and no cycle bound below 0 exists.
 * Partitions that range into n0 equal intervals, bisects the undecided ones
 * (and those whose image leaves the range) up to depth extra levels, builds
 * the interval graph of R (edge a -> b when the enclosure of R on leaf a
 * meets leaf b, weight log sup G_N on a; absorbed leaves have no out-edge) and
 * proves STABLE when the image of every leaf lies in the range (which is
 * then forward invariant) and a potential shows that every cycle has mean
 * weight <= lambda < 0: every orbit arriving in the range stays in it and
 * |v_n| <= e^spread e^(lambda n) |v_0|, or is absorbed (motion stops).
 * Else UNSTABLE when a fixed point of R is proved (Krawczyk: existence
 * and uniqueness in U) with G > 1 on U: the arrivals in the direction of the fixed point grow by G per return
 * (reverse chatter); or, for a point model (parameter radii below 2^-40),
 * when an orbit of period 2 or 3 is proved (Krawczyk) with a product of G
 * above 1 (spec §3.9 S2).
 * Else UNDECIDED. Valid for every parameter in the model's balls. */
void dyn_cert_run(dyn_cert_t c, const dyn_model_t m, const arb_t ulo, const arb_t uhi, long n0,
                  int depth, slong prec);

/* Proves a fixed point near psi0 (see dyn_cert_run) by Krawczyk's test
 * (dyn_orbit_prove with period 1): returns 1 and sets U, a ball holding
 * exactly one fixed point of R, and GU, an enclosure of G on U; 0 when the
 * test does not succeed. */
int dyn_fixed_point(arb_t U, arb_t GU, const dyn_model_t m, const arb_t psi0, slong prec);

/* Cycle bound of a weighted digraph (n nodes, edges from[e] -> to[e], upper
 * bounds w[e] of the weights, +inf allowed). Returns 1 when it proves that
 * every cycle has mean weight <= *lambda < 0 (and sets *spread, the spread of
 * the potential), 0 otherwise. Floating point only proposes; the bound is
 * verified edge by edge in ball arithmetic. */
int dyn_cycle_bound(double *lambda, double *spread, long n, long ne, const long *from,
                    const long *to, arb_srcptr w, slong prec);

#endif
