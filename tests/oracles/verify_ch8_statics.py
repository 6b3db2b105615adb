#!/usr/bin/env python3
"""verify_ch8_statics.py -- independent oracle for the ch. 8 statics cases of case library II.

Cases: feynman_incline, rod_rope_capstan. It does not import fricert and does not use the case's [define] formulas.

Feynman's block: the statics are set up in a world frame (X horizontal along the incline's horizontal line, Y
horizontal towards the slope, Z up). The incline contains X and the up-slope direction d = (0, cos a, sin a); its
outward normal is n = (0, -sin a, cos a). With gravity (0, 0, -W) and a horizontal force H = (p, q, 0), the
reaction -(G + H) must have N = -(G + H).n >= 0 and a tangential part of length <= mu N. The set of forces at
rest is convex and contains H = 0, so along each direction it is an interval [0, h_exit]: h_exit is found by
bisection on h, the least moving force by a scan over 2001 directions refined by golden section. The wedging
sector is the set of directions u whose reaction direction -u lies in the friction cone (the recession cone of
the rest set), found by bisection on the direction; at mu^2 = 2 it is decided exactly with sympy. The book's closed forms are compared with these
numbers, never used to produce them.

Rod, rope and cylinder: the rod's three equilibrium equations (A at the origin, the rope at B at the angle beta)
are solved for the friction F, the normal reaction N and the tension S at each rope angle; an angle is admissible
iff S > 0, N >= 0 and |F| <= f N, the smallest one is found by bisection, Q1 = S exp(f (pi/2 + beta)) is the capstan
bound, and the largest weight is the maximum of a 2001-point scan and both ends. The regions of Fig. 9 are read
off the sampled shape of Q1 (increasing, decreasing, or with an interior minimum).

Usage: verify_ch8_statics.py [CASE...]; exit status 1 on any mismatch.
"""

import sys

import mpmath
import sympy
from mpmath import mp, mpf

import oracle_common as oc

mp.dps = 40
BIG = mpf(10) ** 8


def fe_incline(p):
    """(sin alpha, cos alpha) exactly (sympy): given as sa, ca (Feynman's family) or from the angle alpha."""
    if "sa" in p:
        return p["sa"], p["ca"]
    return sympy.sin(p["alpha"]), sympy.cos(p["alpha"])


def fe_geom(p):
    sa, ca = fe_incline(p)
    return oc.num(sa), oc.num(ca), oc.num(p["mu"])


def fe_load(p, P, Q):
    """(N, Tx, Ty, margin): normal reaction, applied tangential load along X and up the slope, mu N - |T|."""
    sa, ca, mu = fe_geom(p)
    A = (P, Q, mpf(-1))                        # G + H with W = 1
    n = (0, -sa, ca)
    d = (0, ca, sa)
    N = -sum(a * b for a, b in zip(A, n))
    Tx, Ty = A[0], sum(a * b for a, b in zip(A, d))
    return N, Tx, Ty, mu * N - mpmath.sqrt(Tx * Tx + Ty * Ty)


def at_rest(p, P, Q):
    N, _, _, m = fe_load(p, P, Q)
    return N >= 0 and m >= 0


def h_exit(p, beta, iters=200):
    """Largest h with the force h (cos beta, sin beta) at rest (BIG when the ray never leaves)."""
    c, s = mpmath.cos(beta), mpmath.sin(beta)
    if at_rest(p, BIG * c, BIG * s):
        return BIG
    lo, hi = mpf(0), BIG
    for _ in range(iters):
        mid = (lo + hi) / 2
        if at_rest(p, mid * c, mid * s):
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def min_exit(p, a, b, n=2000):
    """(min of h_exit over beta in [a, b], argmin): a scan of n + 1 directions (bisection to about 1e-7), then
    golden section at full precision around the best sample."""
    a, b = mpf(a), mpf(b)
    saved = mp.dps
    mp.dps = 20
    best = min(range(n + 1), key=lambda k: h_exit(p, a + (b - a) * k / n, iters=50))
    mp.dps = saved
    lo, hi = a + (b - a) * max(best - 2, 0) / n, a + (b - a) * min(best + 2, n) / n
    g = (mpmath.sqrt(5) - 1) / 2
    x1, x2 = hi - g * (hi - lo), lo + g * (hi - lo)
    f1, f2 = h_exit(p, x1), h_exit(p, x2)
    for _ in range(120):
        if f1 < f2:
            hi, x2, f2 = x2, x1, f1
            x1 = hi - g * (hi - lo)
            f1 = h_exit(p, x1)
        else:
            lo, x1, f1 = x1, x2, f2
            x2 = lo + g * (hi - lo)
            f2 = h_exit(p, x2)
    x = (lo + hi) / 2
    return min(h_exit(p, x), h_exit(p, a), h_exit(p, b)), x


def ray_margin(p, beta, lib=mpmath):
    """The ray h (cos beta, sin beta), h -> infinity, stays at rest iff its direction is in the recession cone of
    the (convex, closed) rest set: the reaction direction -u lies in the friction cone. Returns mu N_u - |T_u|
    (and N_u); the ray never leaves iff both are >= 0."""
    sa, ca, mu = fe_incline(p) + (p["mu"],) if lib is sympy else fe_geom(p)
    u = (lib.cos(beta), lib.sin(beta), 0)
    n = (0, -sa, ca)
    R = tuple(-x for x in u)
    N = sum(a * b for a, b in zip(R, n))
    T = [r - N * c for r, c in zip(R, n)]
    return mu * N - lib.sqrt(sum(t * t for t in T)), N


def wedge_start(p):
    """Smallest beta in (0, pi/2] whose ray never leaves the region (None if there is none)."""
    m, N = ray_margin(p, mp.pi / 2)
    if m < 0 or N < 0:
        return None
    lo, hi = mpf(0), mp.pi / 2
    for _ in range(140):
        mid = (lo + hi) / 2
        m, N = ray_margin(p, mid)
        if m >= 0 and N >= 0:
            hi = mid
        else:
            lo = mid
    return hi


_CACHE = {}


def cached(key, fn):
    if key not in _CACHE:
        _CACHE[key] = fn()
    return _CACHE[key]


def fe_value(name, p):
    key = tuple(sorted((k, str(v)) for k, v in p.items()))
    P = oc.num(p["p"]) if p["p"] is not None else None
    Q = oc.num(p["q"]) if p["q"] is not None else None
    if name in ("N", "Tx", "Ty"):
        return dict(zip(("N", "Tx", "Ty"), fe_load(p, P, Q)[:3]))[name]
    if name in ("H_min_all", "beta_min", "H_book", "H_gen"):
        h, b = cached(key + ("all",), lambda: min_exit(p, 0, 2 * mp.pi))
        return b if name == "beta_min" else h
    if name in ("H_push_all", "H1_book"):
        return cached(key + ("push",), lambda: min_exit(p, 0, mp.pi))[0]
    if name == "h_away":
        return h_exit(p, 3 * mp.pi / 2)
    if name == "h_along":
        return h_exit(p, 0)
    if name in ("y_w", "beta_w_deg"):
        b = cached(key + ("wedge",), lambda: wedge_start(p))
        if b is None:
            raise ValueError("no wedging sector at this point")
        return mpmath.sin(b) if name == "y_w" else b * 180 / mp.pi
    raise KeyError(name)


def fe_truth(name, p):
    P, Q = oc.num(p["p"]), oc.num(p["q"])
    N, _, _, m = fe_load(p, P, Q)
    if abs(m) < mpf(10) ** -30 or abs(N) < mpf(10) ** -30:
        return "unknown", "on the boundary (mu N - |T| = %s)" % mpmath.nstr(m, 3)
    rest = N > 0 and m > 0
    return oc.word(rest if name == "equilibrium" else not rest), "N = %s, mu N - |T| = %s" % (
        mpmath.nstr(N, 6), mpmath.nstr(m, 6))


def family(m2):
    """Feynman's family mu = 2 tan(alpha) with mu^2 = m2 (exact sympy)."""
    mu = sympy.sqrt(m2)
    t = mu / 2
    return {"mu": mu, "sa": t / sympy.sqrt(1 + t ** 2), "ca": 1 / sympy.sqrt(1 + t ** 2)}


def wedge_exact(m2):
    """Does the push straight into the slope (beta = pi/2) never move the block? Exact: along q the applied load
    is linear in q, and C(q) = |T|^2 - mu^2 N^2 is a polynomial in q whose sign for all q >= 0 sympy decides."""
    f = family(m2)
    q = sympy.symbols("q", nonnegative=True)
    sa, ca, mu = f["sa"], f["ca"], f["mu"]
    N = ca + q * sa
    C = sympy.expand((q * ca - sa) ** 2 - mu ** 2 * N ** 2)
    co = sympy.Poly(C, q).all_coeffs()          # highest first
    co = [sympy.nsimplify(sympy.simplify(c)) for c in co]
    return all(c <= 0 for c in co) and co[-1] < 0, co


def fe_claim(name, claims):
    params = oc.read_case("feynman_incline")[0]
    if name in ("h_min", "h_push"):
        a, b = (mp.pi, 2 * mp.pi) if name == "h_min" else (0, mp.pi)
        h, x = min_exit(params, a, b)
        want = mpf(6) / 17 if name == "h_min" else 3 * mpmath.sqrt(3) / 5
        ok = abs(h - want) < mpf(10) ** -20
        return ("proved" if ok else "inconclusive"), "least moving force %s at beta %s" % (
            mpmath.nstr(h, 25), mpmath.nstr(x, 12))
    if name in ("wedge_strict", "wedge_closed"):
        # the threshold in m2 by bisection on "some pushing direction never moves the block" (directions scanned)
        def some_wedge(m2):
            f = dict(params, **family(m2))
            return any(min(ray_margin(f, mp.pi / 2 * k / 256)) >= 0 for k in range(1, 257))
        lo, hi = sympy.Rational(1), sympy.Rational(4)
        for _ in range(60):
            mid = (lo + hi) / 2
            if some_wedge(mid):
                hi = mid
            else:
                lo = mid
        at2, co = wedge_exact(sympy.Integer(2))
        m, N = ray_margin(dict(params, **family(sympy.Integer(2))), sympy.pi / 2, lib=sympy)
        at2 = at2 and sympy.simplify(m) == 0 and N > 0      # the direction lies exactly on the cone's surface
        note = "threshold m2 in [%s, %s]; at m2 = 2 the push along beta = pi/2 gives C(q) with coefficients %s: wedged = %s" % (
            mpmath.nstr(oc.num(lo), 12), mpmath.nstr(oc.num(hi), 12), co, at2)
        near = abs(oc.num(hi) - 2) < mpf(10) ** -12
        if name == "wedge_strict":     # claim m2^2 > 4 is false at m2 = 2, where a wedge exists
            return ("refuted" if near and at2 else "inconclusive"), note
        return ("proved" if near and at2 else "inconclusive"), note
    raise KeyError(name)


# ------------------------------------------------------------------------------------ rod, rope and cylinder
def rr_statics(lam, f, beta, P=mpf(1)):
    """(F, N, S) from the rod's three equilibrium equations (A = 0, B = (cos a, sin a), weight P at B/2)."""
    al = mpmath.atan(lam)
    ca, sa = mpmath.cos(al), mpmath.sin(al)
    M = mpmath.matrix([[1, 0, mpmath.cos(beta)], [0, 1, mpmath.sin(beta)],
                       [0, 0, ca * mpmath.sin(beta) - sa * mpmath.cos(beta)]])
    F, N, S = mpmath.lu_solve(M, mpmath.matrix([0, P, P * ca / 2]))
    return F, N, S


def rr_ok(lam, f, beta):
    F, N, S = rr_statics(lam, f, beta)
    return S > 0 and N >= -mpf(10) ** -35 and abs(F) <= f * N + mpf(10) ** -35


def rr_Q1(lam, f, beta):
    return rr_statics(lam, f, beta)[2] * mpmath.exp(f * (mp.pi / 2 + beta))


def rr_beta_min(lam, f):
    lo, hi = mpmath.atan(lam), mp.pi / 2
    for _ in range(150):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if rr_ok(lam, f, mid) else (mid, hi)
    return hi


def rr_all(p):
    lam, f = oc.num(p["lam"]), oc.num(p["f"])
    b1 = rr_beta_min(lam, f)
    q1, qi = rr_Q1(lam, f, b1), rr_Q1(lam, f, mp.pi / 2)
    scan = max(rr_Q1(lam, f, b1 + (mp.pi / 2 - b1) * k / 2000) for k in range(2001))
    return {"u1": mpmath.tan(b1), "beta1_deg": b1 * 180 / mp.pi, "Q1_u1": q1, "Q1_inf": qi,
            "Q_max": max(q1, qi, scan), "G": mpmath.log(q1) - mpmath.log(qi), "b1": b1}


def rr_value(name, p):
    return rr_all(p)[name]


def rr_shape(lam, f):
    """'inc', 'dec' or 'min': the shape of Q1 over the admissible rope angles (sampled)."""
    b1 = rr_beta_min(lam, f)
    vals = [rr_Q1(lam, f, b1 + (mp.pi / 2 - b1) * k / 400) for k in range(401)]
    if all(b >= a for a, b in zip(vals, vals[1:])):
        return "inc"
    if all(b <= a for a, b in zip(vals, vals[1:])):
        return "dec"
    return "min"


def rr_truth(name, p):
    lam, f = p["lam"], p["f"]
    if name in ("I", "II", "III") and (sympy.nsimplify(lam - f) == 0 or sympy.nsimplify(f ** 2 - 1 - 2 * f * lam) == 0):
        return "false", "exactly on a boundary of Fig. 9 (exact data)"
    if name in ("I", "II", "III"):
        sh = rr_shape(oc.num(lam), oc.num(f))
        return oc.word({"I": "inc", "II": "dec", "III": "min"}[name] == sh), "Q1 is %s" % sh
    G = rr_all(p)["G"]
    return oc.word(G > 0 if name == "at_beta1" else G < 0), "G = %s" % mpmath.nstr(G, 6)


def rr_claim(name, claims):
    if name == "region3_nonempty":
        missing = []
        for i in range(1, 31):
            f = mpf(i) / 10
            if not any(rr_shape(f * k / 10, f) == "min" for k in range(1, 10)):
                missing.append(f)
        return ("proved" if not missing else "inconclusive"), "f without a region-III lambda on the grid: %s" % missing
    bad, worst = [], None
    for i in range(1, 31):
        for j in range(0, 31):
            lam, f = mpf(j) / 10, mpf(i) / 10
            inside = lam > f if name == "region2_beta1" else 2 * f * lam < f * f - 1
            if not inside:
                continue
            G = rr_all({"lam": lam, "f": f})["G"]
            if (G <= 0) if name == "region2_beta1" else (G >= 0):
                bad.append((lam, f))
            worst = G if worst is None else (min(worst, G) if name == "region2_beta1" else max(worst, G))
    if bad:
        return "refuted", "counterexamples %s" % bad[:3]
    if name == "region2_beta1":
        # G -> 0 as f -> 0 along region II: the implication holds but cannot be certified near f = 0
        g0 = rr_all({"lam": mpf(1), "f": mpf(1) / 1000})["G"]
        return "consistent", "G > 0 on the grid; G(1, 0.001) = %s -> 0 at f = 0" % mpmath.nstr(g0, 3)
    return "proved", "G < 0 on the grid of region I, at most %s" % mpmath.nstr(worst, 5)


ORACLES = {"feynman_incline": (fe_value, fe_truth, fe_claim),
           "rod_rope_capstan": (rr_value, rr_truth, rr_claim)}


if __name__ == "__main__":
    sys.exit(1 if oc.run(ORACLES, sys.argv[1:]) else 0)
