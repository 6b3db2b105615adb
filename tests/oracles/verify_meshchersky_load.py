#!/usr/bin/env python3
"""verify_meshchersky_load.py -- independent check of cases/meshchersky_5_14_load.case (Meshchersky 5.14, question 1
in the plane of the support angle theta and the load T; spec/ch8b.md §8.8, E8).

Everything is computed from the cylinder's statics, not from the book's formulas T1, T2 or R8.7:
  * the cylinder of radius 1, supports A = (-sin, -cos), B = (sin, -cos), inward normals, reactions
    R = N n + F t; the three balance equations (forces, moment about the centre, the load's moment -T) are solved
    for (N2, F1, F2) as affine functions of x = N1 (mpmath, 40 digits), and rest is "the x-interval allowed by
    N1, N2 >= 0 and |F_k| <= f N_k is non-empty" (a 1-D linear program);
  * the critical load is found by bisection on T of that feasibility;
  * the textbook's T1 is the load of the limiting rotation about the centre (both friction forces at the limit,
    opposing the rotation): the balance equations with F1 = -f N1, F2 = -f N2 (the signs fixed at the first E8 row,
    where it must equal the critical load) solved for (N1, N2, T); T2 is the load with N1 = F1 = 0 (tipping about B);
  * "equilibrium" (R8.7 typed in the case) and the statics model are both compared with the LP.
Claims: question1 is refuted by a grid point where "T <= T1" and the LP differ with a margin; ordering_reversed
(the book's "reversed" ordering T1 > T2 for f tan(theta) > 1, p. 186) by a grid point of that region where the
limiting-rotation load is below the tipping load; the implication in
region I and the statics model's equivalence need no mismatch on a 60 x 60 grid (evidence, not proof).
It does not import fricert. Run: python3 tests/oracles/verify_meshchersky_load.py"""
import re
import sys
from pathlib import Path
import mpmath
from mpmath import mp, mpf
sys.path.insert(0, str(Path(__file__).resolve().parent))
from oracle_util import check, truth, failures, read_case, bisect_root  # noqa: E402

mp.dps = 40
ROOT = Path(__file__).resolve().parents[2]
MARGIN = mpf(10) ** -20


def ev(v):
    # number literals as exact mpf (13/10 is not the double 1.3)
    v = re.sub(r"(?<![\w.])(\d+(?:\.\d+)?(?:e[-+]?\d+)?)(?![\w.])", r"mpf('\1')", v.replace("^", "**"))
    return mpmath.mpmathify(eval(v, {"pi": mp.pi, "sin": mpmath.sin, "cos": mpmath.cos, "mpf": mpf,
                                     "tan": mpmath.tan, "sqrt": mpmath.sqrt}))


def geometry(th):
    s, c = mpmath.sin(th), mpmath.cos(th)
    A, nA = (-s, -c), (s, c)
    B, nB = (s, -c), (-s, c)
    tA, tB = (-nA[1], nA[0]), (-nB[1], nB[0])
    return A, nA, tA, B, nB, tB


def columns(th):
    """the balance rows (Fx, Fy, moment about the centre) of N1, F1, N2, F2"""
    A, nA, tA, B, nB, tB = geometry(th)
    def col(P, v):
        return [v[0], v[1], P[0] * v[1] - P[1] * v[0]]
    return col(A, nA), col(A, tA), col(B, nB), col(B, tB)


def rest_interval(p):
    """(lo, hi, margin): the x = N1 interval of rest; margin > 0 iff rest with room, < 0 iff no rest"""
    th, T, f, Q = p["theta"], p["T"], p["f"], p["Q"]
    cN1, cF1, cN2, cF2 = columns(th)
    load = [mpf(0), -Q - T, -T]
    M = mpmath.matrix([[cN2[i], cF1[i], cF2[i]] for i in range(3)])
    # M (N2, F1, F2) = -load - x cN1
    base = mpmath.lu_solve(M, mpmath.matrix([-load[i] for i in range(3)]))
    slope = mpmath.lu_solve(M, mpmath.matrix([-cN1[i] for i in range(3)]))
    N2, F1, F2 = (base[0], slope[0]), (base[1], slope[1]), (base[2], slope[2])
    # constraints a0 + a1 x >= 0
    cons = [(mpf(0), mpf(1)), N2,
            (-F1[0], f - F1[1]), (F1[0], f + F1[1]),
            (f * N2[0] - F2[0], f * N2[1] - F2[1]), (f * N2[0] + F2[0], f * N2[1] + F2[1])]
    lo, hi = -mpmath.inf, mpmath.inf
    for a0, a1 in cons:
        if abs(a1) < MARGIN:
            if a0 < 0:
                return lo, hi, a0
            continue
        t = -a0 / a1
        if a1 > 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
    if hi == mpmath.inf:
        return lo, hi, mpf(1)
    return lo, hi, hi - lo


def rest(p):
    m = rest_interval(p)[2]
    if abs(m) < MARGIN:
        return None
    return m > 0


def critical(p):
    q = dict(p)
    def g(T):
        q["T"] = T
        return 1 if rest_interval(q)[2] >= 0 else -1
    return bisect_root(g, mpf(0), mpf(1000), 160)


def limiting(p, sgn1, sgn2):
    """T with F1 = sgn1 f N1, F2 = sgn2 f N2 (both at the limit): unknowns N1, N2, T"""
    th, f, Q = p["theta"], p["f"], p["Q"]
    cN1, cF1, cN2, cF2 = columns(th)
    # (cN1 + sgn1 f cF1) N1 + (cN2 + sgn2 f cF2) N2 + (0, -1, -1) T = (0, Q, 0)
    M = mpmath.matrix([[cN1[i] + sgn1 * f * cF1[i], cN2[i] + sgn2 * f * cF2[i], [0, -1, -1][i]] for i in range(3)])
    return mpmath.lu_solve(M, mpmath.matrix([0, Q, 0]))[2]


def tipping(p):
    """T with N1 = F1 = 0: unknowns N2, F2, T"""
    th, Q = p["theta"], p["Q"]
    _, _, cN2, cF2 = columns(th)
    M = mpmath.matrix([[cN2[i], cF2[i], [0, -1, -1][i]] for i in range(3)])
    return mpmath.lu_solve(M, mpmath.matrix([0, Q, 0]))[2]


SIGNS = []


def T1(p):
    if not SIGNS:
        raise RuntimeError("signs not fixed")
    return limiting(p, *SIGNS)


def textbook_rest(p):
    t1 = T1(p)
    d = t1 - p["T"] if t1 > 0 else mpf(1)
    return None if abs(d) < MARGIN else d > 0


def main():
    params, points, expects = read_case(ROOT / "cases" / "meshchersky_5_14_load.case", ev)
    print("== meshchersky_5_14_load")
    # fix the textbook's friction signs at the first E8 row (region I): the limiting rotation equals the critical load
    p1 = dict(params, **points["r1"])
    crit = critical(dict(p1, T=mpf(0)))
    for s1 in (1, -1):
        for s2 in (1, -1):
            if abs(limiting(p1, s1, s2) - crit) < mpf(10) ** -30:
                SIGNS[:] = [s1, s2]
    truth("the limiting rotation (F1, F2 at the limit) is the critical load at row r1", bool(SIGNS), True)
    values = {"T1": T1, "T2": tipping,
              "T_crit": lambda p: critical(dict(p, T=mpf(0)))}
    truths = {
        "equilibrium": rest, "stat_equilibrium": rest,
        "stat_no_equilibrium": lambda p: None if rest(p) is None else not rest(p),
        "textbook_rest": textbook_rest,
        "region_I": lambda p: mpmath.tan(p["theta"]) * p["f"] < 1 and mpmath.tan(p["theta"]) > p["f"],
        "region_II": lambda p: mpmath.tan(p["theta"]) * p["f"] < 1 and mpmath.tan(p["theta"]) < p["f"],
        "tips_first": lambda p: rest(p) is False and textbook_rest(p) is True,
        "wedged": lambda p: rest(p) is True and textbook_rest(p) is False,
    }
    grid = []
    for i in range(60):
        for j in range(60):
            th = mpf(1) / 20 + (mpf(7) / 5 - mpf(1) / 20) * (i + mpf(1) / 2) / 60
            grid.append(dict(params, theta=th, T=mpf(10) * (j + mpf(1) / 2) / 60))

    def claim(name):
        bad = 0
        for q in grid:
            r = rest(q)
            if name == "question1":
                t = textbook_rest(q)
                bad += t is not None and r is not None and t != r
            elif name == "ordering_reversed":
                # the book's "reversed" ordering for f tan(theta) > 1 (p. 186): T1 > T2 where also tan(theta) > f;
                # T1 from the limiting rotation and T2 from the tipping, both solved from the balance equations
                th, f = q["theta"], q["f"]
                lam = mpmath.tan(th)
                if f * lam > 1 + MARGIN and lam > f + MARGIN:
                    t1, t2 = T1(q), tipping(q)
                    bad += t1 < t2 - MARGIN
            elif name == "question1_region_I":
                th, f = q["theta"], q["f"]
                c = f * mpmath.tan(th) < 1 and mpmath.tan(th) > f and textbook_rest(q) is True
                bad += c and r is False
            else:  # statics_model: R8.7 as typed in the case against the LP
                s, cth, f, T, Q = mpmath.sin(q["theta"]), mpmath.cos(q["theta"]), q["f"], q["T"], q["Q"]
                den = (1 + f ** 2) * cth - f
                c = f * s > cth or (T * den <= f * Q and T * (1 - s) <= Q * s)
                bad += r is not None and c != r
        if name in ("question1", "ordering_reversed"):
            return "refuted" if bad else "consistent"
        return "refuted" if bad else None

    for key, val in expects:
        if key.startswith("claim."):
            name = key.split(".", 1)[1]
            got = claim(name)
            ok = got == val if got is not None else val in ("proved", "consistent")
            truth("%s = %s (grid: %s)" % (key, val, got or "no mismatch"), ok, True)
            continue
        name, pt = (key.split("@") + [None])[:2]
        p = dict(params, **(points[pt] if pt else {}))
        if "+/-" in val:
            want, tol = [ev(x.strip()) for x in val.split("+/-")]
            check(key, values[name](p), want, tol)
        else:
            got = truths[name](p)
            truth(key, got is not None and got == (val == "true"), True)
    print("all checks passed" if failures() == 0 else "%d FAILED" % failures())
    return 1 if failures() else 0


if __name__ == "__main__":
    sys.exit(main())
