#!/usr/bin/env python3
"""verify_ch2_statics.py -- independent oracle for the ch. 2 case of case library II (ch2_zeta_q_panels).

It does not import fricert and does not use the case's [define] formulas. Obligatory rest is decided from the
quadratic phi(xi)/A = (k1 - zeta) xi^2 + (1 + k1) q xi + (1 + zeta) of spec/ch2_3.md (4.12), divided by A = a1 + y^2:
rest is obligatory iff q < 1 (no lift-off, R2.19) and phi >= 0 on (-1, 0) (no slip, R2.15-R2.16). The minimum of phi
on (-1, 0) is found by a scan of 4001 points refined by golden section, never from the discriminant; q*(zeta) is
the smallest q at which that minimum turns negative (bisection). The tangency point q = 1 lies on the strict
condition q < 1, so with exact data every region is false there.

Usage: verify_ch2_statics.py [CASE...]; exit status 1 on any mismatch.
"""

import sys

import mpmath
import sympy
from mpmath import mp, mpf

import oracle_common as oc

mp.dps = 40


def phi_min(k1, zeta, q):
    f = lambda x: (k1 - zeta) * x * x + (1 + k1) * q * x + (1 + zeta)
    xs = [-1 + mpf(k) / 4000 for k in range(1, 4000)]
    i = min(range(len(xs)), key=lambda j: f(xs[j]))
    lo, hi = xs[max(i - 1, 0)], xs[min(i + 1, len(xs) - 1)]
    g = (mpmath.sqrt(5) - 1) / 2
    for _ in range(150):
        a, b = hi - g * (hi - lo), lo + g * (hi - lo)
        if f(a) < f(b):
            hi = b
        else:
            lo = a
    return min(f((lo + hi) / 2), f(xs[i]))


def q_star(k1, zeta):
    """The smallest q in [0, 1] where a slip becomes possible (1 when none below the lift-off line)."""
    lo, hi = mpf(0), mpf(1)
    for _ in range(130):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if phi_min(k1, zeta, mid) >= 0 else (lo, mid)
    return (lo + hi) / 2


def zq_value(name, p):
    zeta = oc.num(p["zeta"])
    if name.startswith("q_star_"):
        return q_star(int(name.rsplit("_", 1)[1]), zeta)
    if name == "gap_3":
        qs = q_star(3, zeta)
        return 1 - qs ** 2 - ((2 - 2 * zeta) / 4) ** 2
    raise KeyError(name)


def zq_truth(name, p):
    reg, k = name.rsplit("_", 1)
    k1 = int(k)
    if sympy.nsimplify(p["q"] - 1) == 0:
        return "false", "q = 1 exactly: the strict conditions q < 1, q > 1 both fail"
    zeta, q = oc.num(p["zeta"]), oc.num(p["q"])
    m = phi_min(k1, zeta, q)
    rest = q < 1 and m >= 0
    slip = q < 1 and m < 0
    t = {"I": rest, "II": slip, "III": q > 1}[reg]
    return oc.word(t), "min phi/A on (-1, 0) = %s" % mpmath.nstr(m, 6)


def zq_claim(name, claims):
    bad = 0
    for i in range(0, 49):
        for j in range(0, 25):
            zeta, q = mpf(i) / 4, mpf(j) / 20
            if 2 * zeta >= 5 and q < 1 and phi_min(6, zeta, q) < 0:
                bad += 1
    if bad:
        return "refuted", "%d grid points with 2 zeta >= 5, q < 1 and a slip" % bad
    # a proof (sympy): for -1 < xi < 0 and q < 1, (1 + k1) q xi > (1 + k1) xi, so phi/A > psi(xi) =
    # (k1 - zeta) xi^2 + (1 + k1) xi + (1 + zeta) = (xi + 1)((k1 - zeta) xi + 1 + zeta); the linear factor is
    # 1 + zeta > 0 at xi = 0 and 2 zeta - (k1 - 1) >= 0 at xi = -1, so psi >= 0 on (-1, 0): no slip
    xi, z, k = sympy.symbols("xi zeta k1")
    psi = (k - z) * xi**2 + (1 + k) * xi + (1 + z)
    lin = (k - z) * xi + 1 + z
    ok = sympy.expand(psi - (xi + 1) * lin) == 0 and sympy.expand(lin.subs(xi, -1) - (2 * z - (k - 1))) == 0 \
        and sympy.expand(lin.subs(xi, 0) - (1 + z)) == 0
    return ("proved" if ok else "consistent"), "0 grid points with a slip; phi/A > (xi + 1)((k1 - zeta) xi + 1 + zeta) >= 0"


ORACLES = {"ch2_zeta_q_panels": (zq_value, zq_truth, zq_claim)}

if __name__ == "__main__":
    sys.exit(1 if oc.run(ORACLES, sys.argv[1:]) else 0)
