#!/usr/bin/env python3
"""verify_ch5_top.py -- independent oracle for cases/ch5_smooth_top.case (Rozenblat ch. 5 §5.2, Statement 8).

Does not import fricert. mpmath at 40 digits. Not from the closed forms (2.17), (2.19)-(2.20) or (3.18):
  * 2h from the energy integral (2.14) (kinetic energy of nutation plus P(u0), minus the potential 2u0);
  * u* as the root in [-1, 1] of chi(u) = A^2 (1 - u^2) + (p1 - p2 u)(p1 u - p2) by bisection; G = Phi(u*) with
    Phi(u) = P(u) - 2u - 2h (the region of motion is Phi <= 0);
  * the reaction N(u) = 1 + u thd^2 - (1/2)(1 - u^2) d(thd^2)/du (2.16) with thd^2(u) = (2h + 2u - P(u))/S(u) and a
    numerical derivative; N0 = N(u0); the verdict (free / at t = 0 / later) from the sign of N at u0 and the
    minimum of N over the region of motion {Phi <= 0} around u0 (its ends by bisection on Phi, the minimum by
    dense sampling plus golden-section refinement);
  * Statement 8: the Lagrange equation of the top on a smooth plane (m = 1, z_G = R + d cos theta), at
    thetadot = 0: theta'' = (dL/dtheta)/(A + d^2 sin^2 theta) with dL/dtheta by numerical differentiation of the
    Lagrangian, and N = g + z_G'' = g - d sin(theta) theta''; the critical spin by bisection on the sign of N.
Usage: python3 tests/oracles/verify_ch5_top.py
"""
import sys
from pathlib import Path
from mpmath import mp, mpf, sqrt, sin, cos, diff

sys.path.insert(0, str(Path(__file__).resolve().parent))
from verify_ch4 import run  # the [expect] reader and comparer (no mechanics in it)
from oracle_util import bisect_root

mp.dps = 40


def top(name, env):
    if name in ("N8", "omega0_crit", "jumps", "stays", "e_zero"):
        return stmt8(name, env)
    A, u0, thd0, p1, p2 = env["At"], env["u0"], env["thd0"], env["p1"], env["p2"]

    def P(u):
        return (p1 - p2 * u)**2 / (A * (1 - u**2))

    def S(u):
        return A + 1 - u**2
    h2 = S(u0) * thd0**2 + P(u0) - 2 * u0

    def Phi(u):
        return P(u) - 2 * u - h2

    def chi(u):
        return A**2 * (1 - u**2) + (p1 - p2 * u) * (p1 * u - p2)

    ustar = bisect_root(chi, mpf(-1), mpf(1))          # chi(-1) <= 0 <= chi(1), one root inside (R2.8)

    def thd2(u):
        return (h2 + 2 * u - P(u)) / S(u)

    def N(u):
        return 1 + u * thd2(u) - (1 - u**2) / 2 * diff(thd2, u)
    table = {"ustar": ustar, "h2": h2, "rhs": P(ustar) - 2 * ustar, "G": Phi(ustar), "N0": N(u0)}
    if name in table:
        return table[name]
    # the verdict: the region of motion is the interval around u0 where Phi <= 0 (Phi convex, Phi(u0) <= 0)
    # (at thetadot0 = 0, Phi(u0) = 0 and the region lies on the side where Phi decreases)
    eps = mpf(10)**-30
    tiny = mpf(10)**-25
    down = Phi(u0) < -tiny or diff(Phi, u0) > 0
    up = Phi(u0) < -tiny or diff(Phi, u0) < 0
    lo = bisect_root(Phi, mpf(-1) + eps, u0 - tiny) if down else u0
    hi = bisect_root(Phi, u0 + tiny, mpf(1) - eps) if up else u0
    grid = [lo + (hi - lo) * k / 400 for k in range(401)]
    k = min(range(401), key=lambda i: N(grid[i]))
    a, b = grid[max(k - 1, 0)], grid[min(k + 1, 400)]
    for _ in range(80):
        m1, m2 = a + (b - a) * mpf("0.381966"), b - (b - a) * mpf("0.381966")
        a, b = (a, m2) if N(m1) < N(m2) else (m1, b)
    Nmin = min(N(grid[k]), N((a + b) / 2))
    return {"free": Nmin > 0, "lift_now": N(u0) < 0, "lift_later": N(u0) > 0 and Nmin < 0}[name]


def stmt8(name, env):
    A, C, d, g, th0 = env["A3"], env["C"], env["d"], env["g"], env["theta0"]
    if name == "e_zero":    # the precession rate e > 0 at which N(theta0) = 0 without spin, by bisection
        lo, hi = mpf(0), mpf(1000)
        for _ in range(200):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if stmt8("N8", dict(env, pd0=mid, omega0=mpf(0))) > 0 else (lo, mid)
        return (lo + hi) / 2
    e = env["pd0"]

    def N_of(w0):
        def L(th):          # Lagrangian at thetadot = 0 (the nutation kinetic term has no theta-derivative then)
            return A * e**2 * sin(th)**2 / 2 + C * (w0 + e * cos(th))**2 / 2 - g * d * cos(th)
        thdd = diff(L, th0) / (A + d**2 * sin(th0)**2)
        return g - d * sin(th0) * thdd
    if name == "omega0_crit":
        lo, hi = mpf(0), mpf(1000)
        for _ in range(200):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if N_of(mid) > 0 else (lo, mid)
        return (lo + hi) / 2
    n = N_of(env["omega0"])
    return {"N8": n, "jumps": n < 0, "stays": n > 0}[name]


def corrected_stmt8(env):
    """claim corrected_stmt8 ("jumps => e omega0 < 0") on a 25 x 31 grid of the box (e = pd0 in [-3, 3], omega0 in
    [0, 30]): N(theta0) from the Lagrangian (stmt8), each jumping point must have e omega0 < 0; points with
    |N| < 1e-20 skipped. Evidence, not a proof."""
    bad = jumps = n = 0
    for i in range(25):
        e = mpf(-3) + mpf(i) / 4
        for j in range(31):
            w0 = mpf(j)
            N = stmt8("N8", dict(env, pd0=e, omega0=w0))
            if abs(N) < mpf(10)**-20:
                continue
            n += 1
            jumps += N < 0
            bad += N < 0 and not e * w0 < 0
    return ("refuted" if bad else "proved"), f"{jumps} of {n} grid points jump, {bad} of them with e omega0 >= 0"


if __name__ == "__main__":
    sys.exit(1 if run("ch5_smooth_top.case", top, {"corrected_stmt8": corrected_stmt8}) else 0)
