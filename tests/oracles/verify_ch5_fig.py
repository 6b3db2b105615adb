#!/usr/bin/env python3
"""verify_ch5_fig.py -- independent oracle for cases/ch5_top_figures.case (Rozenblat ch. 5 §5.3, Statements 6-8).

Does not import fricert. mpmath at 30 digits. Not from the closed forms phi (3.10), chi7, rho1, rho2, G or (3.16):
  * Statement 7 (thetadot0 = 0) in the §5.3 convention z_G = R + d cos(theta), with d = g = 1, A = 1/lambda and
    p_i = q_i sqrt(2 g d A): the energy integral thetadot^2(u) = (2h - 2 g d u - P(u))/(A + d^2 (1 - u^2)),
    P(u) = (p1 - p2 u)^2/(A (1 - u^2)), 2h from the initial state; the reaction N = g + z_G'' written along the motion
    as N(u) = g + d (1 - u^2) (1/2) d(thetadot^2)/du - d u thetadot^2 (numerical derivative); the region of motion
    from u0 to the next root of thetadot^2 (bisection, on the side where thetadot^2 grows); lift-off-free when the
    minimum of N over it (sampling) is >= 0; rho^2 by bisection on q^2 along the ray q1 = q sin(phi), q2 = q cos(phi).
  * Statement 6 (p1 = p2 = 0) with A = 0.4, d = 0.3, g = 9.81, theta0 = pi/2, thetadot0 = 7: the same energy
    integral, u1 the first zero of N(u) on the way up from u = -1, thetadot1 = -sqrt(thetadot^2(u1)).
  * the sign of the type-1 quartic (a polynomial of spec/ch5.md R3.8, typed from the spec) at one probe.
  * Statement 8: the Lagrange equation of the top at thetadot = 0 (numerical derivative of the Lagrangian), as in
    verify_ch5_top.py; the printed (3.18) is typed from the OCR reading (seed 004, lines 3849-3856).
Usage: python3 tests/oracles/verify_ch5_fig.py
"""
import sys
from pathlib import Path
from mpmath import mp, mpf, sqrt, sin, cos, asin, acos, atan2, diff, pi

sys.path.insert(0, str(Path(__file__).resolve().parent))
from verify_ch4 import run  # the [expect] reader and comparer (no mechanics in it)
from oracle_util import bisect_root

mp.dps = 30


def bisect(f, lo, hi, n=120):
    return bisect_root(f, lo, hi, n)


def top7(lam, u0, q1, q2):
    """(N(u0), min N over the region of motion, direction +1 up / -1 down) for thetadot0 = 0."""
    d = g = mpf(1)
    A = 1 / lam
    s = sqrt(2 * g * d * A)
    p1, p2 = q1 * s, q2 * s

    def P(u):
        return (p1 - p2 * u)**2 / (A * (1 - u**2))
    h2 = 2 * g * d * u0 + P(u0)

    def F(u):
        return h2 - 2 * g * d * u - P(u)

    def thd2(u):
        return F(u) / (A + d**2 * (1 - u**2))

    def N(u):
        return g + d * (1 - u**2) * diff(thd2, u) / 2 - d * u * thd2(u)
    slope = diff(F, u0)
    eps = mpf(10)**-20
    if slope > 0:
        lo, hi = u0, bisect(F, u0 + eps, 1 - eps)
    else:
        lo, hi = bisect(F, -1 + eps, u0 - eps), u0
    n = 100
    vals = [N(lo + (hi - lo) * k / n) for k in range(n + 1)]
    return N(u0), min(vals), (1 if slope > 0 else -1)


def rho2(lam, u0, q1, q2):
    phi = atan2(q1, q2)

    def free(Q):
        return top7(lam, u0, sqrt(Q) * sin(phi), sqrt(Q) * cos(phi))[1] >= 0
    lo, hi = mpf(0), mpf(1)
    while free(hi):
        lo, hi = hi, 2 * hi
    for _ in range(45):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if free(mid) else (lo, mid)
    return (lo + hi) / 2


def stmt6(name):
    A, d, g, th0, thd0 = mpf("0.4"), mpf("0.3"), mpf("9.81"), pi / 2, mpf(7)
    u0 = cos(th0)
    h2 = (A + d**2 * sin(th0)**2) * thd0**2 + 2 * g * d * u0

    def thd2(u):
        return (h2 - 2 * g * d * u) / (A + d**2 * (1 - u**2))

    def N(u):
        return g + d * (1 - u**2) * diff(thd2, u) / 2 - d * u * thd2(u)
    ubar = h2 / (2 * g * d)
    top = min(mpf(1), ubar)
    grid = [-1 + (top + 1) * k / 2000 for k in range(2001)]
    k = next(i for i in range(1, 2001) if N(grid[i]) < 0)
    u1 = bisect(N, grid[k - 1], grid[k])
    vals = {"ubar": ubar, "u1s": u1, "thd1": -sqrt(thd2(u1)),
            "s6_later": N(u0) > 0 and min(N(x) for x in grid) < 0}
    return vals[name]


def stmt8(name, env):
    A, C, d, g = mpf("0.4"), mpf("0.7"), mpf("0.3"), mpf("9.81")
    u = env["u8"]           # cos(theta0): 0 (theta0 = pi/2) or cos(1.1) at Statement 8's example
    th0 = acos(u)
    e, w0 = env["e8"], env["w8"]

    def L(th):          # Lagrangian at thetadot = 0, z_G = R + d cos(theta)
        return A * e**2 * sin(th)**2 / 2 + C * (w0 + e * cos(th))**2 / 2 - g * d * cos(th)
    n = g - d * sin(th0) * diff(L, th0) / (A + d**2 * sin(th0)**2)
    lam = d**2 / A
    K = 1 + lam - lam * u**2

    def book(p):            # the printed (3.18), with 2 lam u0^p for the doubtful "2 lam u0"
        return (w0 * u * e * K * (1 - u**2) * d * C * A + A**2 * g * K
                + e**2 * A * d * (1 - u**2) * (C * (K + 2 * lam * u**p) - A * u * K)) / (A + d**2 * (1 - u**2))**2
    return {"N8": n, "N8book": book(1), "N8book_sq": book(2), "missed": n < 0 and book(1) > 0}[name]


def oracle(name, env):
    if name in ("ubar", "u1s", "thd1", "s6_later"):
        return stmt6(name)
    if name in ("N8", "N8book", "N8book_sq", "missed"):
        return stmt8(name, env)
    lam, q1, q2 = env["lam"], env["q1"], env["q2"]
    fig = name[-1]
    u0 = env["u0a"] if fig == "a" or name == "quartic_neg" else env["u0b"]
    if name.startswith("rho"):
        return rho2(lam, u0, q1, q2)
    if name.startswith("eps"):
        s = sin(2 * atan2(q1, q2))
        return (s - u0) / (1 - u0 * s)
    if name == "quartic_neg":       # the type-1 quartic of spec/ch5.md R3.8, typed as printed there
        return (4 * lam**2 * q1 * q2 * (q1 - u0 * q2) * (q2 - u0 * q1)
                - 2 * lam * (1 + 2 * lam * (1 - u0**2)) * (2 * q1 * q2 - u0 * (q1**2 + q2**2))
                + (1 - u0**2) * (1 + 4 * lam + 4 * lam**2 * (1 - u0**2))) < 0
    n0, nmin, way = top7(lam, u0, q1, q2)
    kind = name[:-2]
    return {"free": nmin >= 0, "free_up": nmin > 0 and way > 0, "free_dn": nmin > 0 and way < 0,
            "now": n0 < 0, "later": n0 > 0 and nmin < 0}[kind]


if __name__ == "__main__":
    sys.exit(1 if run("ch5_top_figures.case", oracle) else 0)
