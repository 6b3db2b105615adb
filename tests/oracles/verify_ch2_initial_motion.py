#!/usr/bin/env python3
"""verify_ch2_initial_motion.py -- independent check of cases/ch2_initial_motion.case (Rozenblat ch. 2 §2, the
initial slip of a body on one rough point; spec/ch2_3.md R2.4-R2.9).

The body's motion is written here with sympy vectors, not from the case's definitions: the reaction at O, Newton for
the unit mass, Euler about C with the inertia matrix diag(a1, a2, a3) solved by a matrix inverse, and
a_O = a_C + eps x (O - C). The six unknowns (the acceleration of O, the angular acceleration, N) are then solved
from a_Oz = 0 where the book's forms need it. The book's k0, k1 and (2.6), (2.7), (2.9) are compared with this
solution by sympy simplification (zero difference = "proved"); the swapped k1 must leave a nonzero difference
(and is evaluated at a rational point). The [expect] values at the case's points are evaluated from the same
solution. It does not import fricert. Run: python3 tests/oracles/verify_ch2_initial_motion.py"""
import sys
from pathlib import Path
import sympy as sp
from mpmath import mp, mpf
sys.path.insert(0, str(Path(__file__).resolve().parent))
from oracle_util import check, truth, failures, read_case  # noqa: E402

mp.dps = 40
ROOT = Path(__file__).resolve().parents[2]

a1, a2, a3, y, z, f, F0, N = sp.symbols("a1 a2 a3 y z f F0 N", positive=True)
Fz = sp.Symbol("Fz", negative=True)
al, be = sp.symbols("alpha beta", real=True)

# forces at O, Newton, Euler about C, kinematics of O at zero angular velocity
F = sp.Matrix([F0 * sp.cos(be), F0 * sp.sin(be), Fz])
R = sp.Matrix([-f * N * sp.cos(al), -f * N * sp.sin(al), N])
G = F + R
r = sp.Matrix([0, -y, -z])                      # O - C
J = sp.diag(a1, a2, a3)
eps = J.inv() * r.cross(G)
aO = G + eps.cross(r)
k1 = y ** 2 / a3 + z ** 2 / a2
k1s = y ** 2 / a2 + z ** 2 / a3
k0 = (a1 + y ** 2) / (f * y * z)
lam = -f * Fz / F0
Nsol = sp.solve(sp.Eq(aO[2], 0), N)[0]          # the normal reaction of a slip without lift-off

IDS = {
    "k1_corrected": (1 + k1) * (F0 * sp.cos(be) - f * N * sp.cos(al)) - aO[0],
    "k1_swapped": (1 + k1s) * (F0 * sp.cos(be) - f * N * sp.cos(al)) - aO[0],
    "normal_26": N * (a1 + y ** 2 + f * y * z * sp.sin(al)) + Fz * (a1 + y ** 2) - F0 * y * z * sp.sin(be) - a1 * aO[2],
    "normal_k0": (sp.sin(be) + lam * k0) * F0 * y * z / (a1 + y ** 2 + f * y * z * sp.sin(al)) - Nsol,
    "accel_27": (sp.sin(be) - lam * sp.sin(al)) * F0 * (a1 + y ** 2 + z ** 2) / (a1 + y ** 2 + f * y * z * sp.sin(al))
    - aO[1].subs(N, Nsol),
}
VALUES = {"k0": k0, "k1": k1, "k1_swapped": k1s, "aOx": aO[0]}


def main():
    params, points, expects = read_case(ROOT / "cases" / "ch2_initial_motion.case",
                                        lambda v: sp.sympify(v.replace("^", "**"), locals={"pi": sp.pi}))
    print("== ch2_initial_motion")
    for key, val in expects:
        if key.startswith("claim."):
            name = key.split(".", 1)[1]
            d = sp.simplify(sp.together(IDS[name]))
            got = "proved" if d == 0 else "refuted"
            if got == "refuted":
                # a rational point where the difference is visibly nonzero
                pt = {a1: 1, a2: sp.Rational(3, 2), a3: 1, y: sp.Rational(3, 2), z: 1, f: sp.Rational(1, 3),
                      F0: sp.Rational(1, 3), Fz: -1, N: sp.Rational(1, 2), al: 1, be: 1}
                v = sp.N(d.subs(pt), 30)
                got = "refuted" if abs(v) > 1e-6 else "undecided"
                print("     %s at the witness: difference %s" % (name, sp.N(v, 12)))
            truth("%s = %s (oracle %s)" % (key, val, got), got == val, True)
            continue
        name, pt = (key.split("@") + [None])[:2]
        sub = {sp.Symbol(k, positive=True): v for k, v in points[pt].items()}
        sub[Fz] = points[pt]["Fz"]
        sub[al], sub[be] = points[pt]["alpha"], points[pt]["beta"]
        e = VALUES[name].subs(sub)
        want, tol = [sp.sympify(x.strip()) for x in val.split("+/-")]
        check(key, mpf(str(sp.N(e, 45))), mpf(str(sp.N(want, 45))), mpf(str(sp.N(tol, 45))))
    print("all checks passed" if failures() == 0 else "%d FAILED" % failures())
    return 1 if failures() else 0


if __name__ == "__main__":
    sys.exit(main())
