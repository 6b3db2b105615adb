#!/usr/bin/env python3
"""verify_ch7_skate.py -- independent oracle for cases/ch7_skateboard.case (Rozenblat ch. 7 §2, case 2°).

Does not import fricert, and uses neither (2.4), (2.6) nor the determining equation. mpmath at 30 digits.
The skateboard from Newton-Euler, in the plane (the whole system's mass m at its centre C; the rod with the pairs'
masses has the moment of inertia J_AB about C; the wheel pairs turn about their hinges with J_A, J_B):
  * A = C - a e, B = C + b e, e = (cos phi, sin phi); the axle of pair A is e_perp turned by -theta1 (clockwise), the
    axle of pair B is e_perp turned by +theta2; the wheels do not slip sideways: v_A . n_A = 0, v_B . n_B = 0;
  * the lateral forces lambda_A n_A at A, lambda_B n_B at B are the only horizontal external forces:
    m a_C = lambda_A n_A + lambda_B n_B and d/dt[J_AB phidot + J_A (phidot - theta1dot) + J_B (phidot + theta2dot)]
    = (A - C) x F_A + (B - C) x F_B (the hinge torques are internal);
  * with theta1 = theta2 = theta(t) prescribed, the unknowns (a_C, phiddot, lambda_A, lambda_B) solve a linear system
    with the twice-differentiated constraints.
phdd: phiddot of that system at the case's state; phdd_book: the book's (2.6) typed as printed; gap: their
difference. phd_alg: the yaw rate after a smooth steering manoeuvre theta: th0 -> th in time T (RK4, J_A = J_B),
starting from the yaw rate ph0 with v_C from the constraints.
Usage: python3 tests/oracles/verify_ch7_skate.py
"""
import sys
from pathlib import Path
from mpmath import mp, mpf, sin, cos, tan, pi, matrix, lu_solve

sys.path.insert(0, str(Path(__file__).resolve().parent))
from verify_ch4 import run  # the [expect] reader and comparer (no mechanics in it)

mp.dps = 30


def cross(u, v):
    return u[0] * v[1] - u[1] * v[0]


def dot(u, v):
    return u[0] * v[0] + u[1] * v[1]


def axes(phi, th):
    e = (cos(phi), sin(phi))
    ep = (-sin(phi), cos(phi))
    nA = (cos(th) * ep[0] + sin(th) * e[0], cos(th) * ep[1] + sin(th) * e[1])     # e_perp turned by -theta
    nB = (cos(th) * ep[0] - sin(th) * e[0], cos(th) * ep[1] - sin(th) * e[1])     # e_perp turned by +theta
    return e, ep, nA, nB


def accel(P, phi, v, phd, th, thd, thdd):
    """(a_C, phiddot) of the Newton-Euler system."""
    a, b, m, JAB, JA, JB = P
    e, ep, nA, nB = axes(phi, th)
    vA = (v[0] - a * phd * ep[0], v[1] - a * phd * ep[1])
    vB = (v[0] + b * phd * ep[0], v[1] + b * phd * ep[1])
    wA, wB = phd - thd, phd + thd
    dnA = (-wA * nA[1], wA * nA[0])
    dnB = (-wB * nB[1], wB * nB[0])
    rA = (-a * e[0], -a * e[1])
    rB = (b * e[0], b * e[1])
    M = matrix(5, 5)
    r = matrix(5, 1)
    M[0, 0], M[0, 3], M[0, 4] = m, -nA[0], -nB[0]
    M[1, 1], M[1, 3], M[1, 4] = m, -nA[1], -nB[1]
    M[2, 2], M[2, 3], M[2, 4] = JAB + JA + JB, -cross(rA, nA), -cross(rB, nB)
    r[2] = -(JB - JA) * thdd
    # a_A = a_C - a phidd e_perp + a phd^2 e ; a_B = a_C + b phidd e_perp - b phd^2 e
    M[3, 0], M[3, 1], M[3, 2] = nA[0], nA[1], -a * dot(ep, nA)
    r[3] = -a * phd**2 * dot(e, nA) - dot(vA, dnA)
    M[4, 0], M[4, 1], M[4, 2] = nB[0], nB[1], b * dot(ep, nB)
    r[4] = b * phd**2 * dot(e, nB) - dot(vB, dnB)
    x = lu_solve(M, r)
    return (x[0], x[1]), x[2]


def velocity(P, phi, phd, th):
    """v_C from the two no-side-slip constraints."""
    a, b = P[0], P[1]
    e, ep, nA, nB = axes(phi, th)
    M = matrix([[nA[0], nA[1]], [nB[0], nB[1]]])
    r = matrix([a * phd * dot(ep, nA), -b * phd * dot(ep, nB)])
    x = lu_solve(M, r)
    return (x[0], x[1])


def manoeuvre(P, th0, th1, ph0, T=mpf(2), n=800):
    def steer(t):
        c = (th1 - th0) / 2
        w = pi / T
        return th0 + c * (1 - cos(w * t)), c * w * sin(w * t), c * w**2 * cos(w * t)
    phi = mpf(0)
    v = velocity(P, phi, ph0, th0)
    y = [phi, v[0], v[1], ph0]

    def f(t, y):
        th, thd, thdd = steer(t)
        ac, phdd = accel(P, y[0], (y[1], y[2]), y[3], th, thd, thdd)
        return [y[3], ac[0], ac[1], phdd]
    h = T / n
    t = mpf(0)
    for _ in range(n):
        k1 = f(t, y)
        k2 = f(t + h / 2, [y[i] + h / 2 * k1[i] for i in range(4)])
        k3 = f(t + h / 2, [y[i] + h / 2 * k2[i] for i in range(4)])
        k4 = f(t + h, [y[i] + h * k3[i] for i in range(4)])
        y = [y[i] + h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]) for i in range(4)]
        t += h
    return y[3]


def oracle(name, env):
    a, b, m, JAB, J0 = env["a"], env["b"], env["m"], env["JAB"], env["J0"]
    if name == "phd_alg":
        return manoeuvre((a, b, m, JAB, J0, J0), env["th0"], env["th"], env["ph0"])
    dJ = env["dJ"]
    P = (a, b, m, JAB, J0 - dJ / 2, J0 + dJ / 2)
    th, thd, thdd, phd = env["theta"], env["thd"], env["thdd"], env["phd"]
    phi = mpf("0.3")                         # any heading: the yaw equation does not depend on it
    _, phdd = accel(P, phi, velocity(P, phi, phd, th), phd, th, thd, thdd)
    # the book's (2.6), as printed
    JA, JB = P[4], P[5]
    coef = JAB + JA + JB + m / (4 * tan(th)**2) * ((a + b)**2 + tan(th)**2 * (a - b)**2)
    book = m * phd * (a + b)**2 * thd / (4 * tan(th)**3 * cos(th)**2) / coef
    vals = {"phdd": phdd, "phdd_book": book, "gap": phdd - book,
            "opposite": (phdd < 0) != (book < 0), "same_sign": (phdd < 0) == (book < 0)}
    return vals[name]


if __name__ == "__main__":
    sys.exit(1 if run("ch7_skateboard.case", oracle) else 0)
