#!/usr/bin/env python3
"""verify_ch3_statics.py -- independent oracle for the ch. 3 cases of case library II (two rough supports).

Cases: ch3_two_supports_selflock, ch3_two_supports_fixed_load. It does not import fricert and does not use the case's [define] formulas.

The statics are set up from first principles: unknown reactions R1 at A1 = 0 and R2 at A2 = (0, y0, 0), the
force balance F + R1 + R2 = 0, the moment balance about A1, M + A2 x R2 = 0 (its y row is My = 0, required of
the load), and the free normal reaction R2.n2 = xi. sympy solves these six linear equations once, symbolically.
The cone conditions |R_k|^2 - (1 + f^2)(R_k.n_k)^2 <= 0 and N1 = R1.n1 >= 0 are then polynomials in xi.

For the fixed load, equilibrium is decided by the same 1-D test (no Proposition 3); the book's coefficients are
read off the solved polynomials, and the printed b1 is evaluated from F1(0) of the statics solved in the frame
turned about A1A2.

"Self-locking" is decided mechanically, without the book's criterion: a family of explicit loads (among them
Proposition 2's counterexamples: F perpendicular to n1 with either sign of Fy, F = +-n1, moments about x and z)
and 200 random loads up to magnitude 300 are each tested for an admissible xi >= 0 (the feasible set of one
linear and two quadratic conditions, from their exact roots). The point is self-locking iff every load is
balanced. f0 is the tangent of the angle between each normal and A1A2, computed from the vectors.

Usage: verify_ch3_statics.py [CASE...]; exit status 1 on any mismatch.
"""

import random
import sys

import mpmath
import sympy
from mpmath import mp, mpf

import oracle_common as oc

mp.dps = 40

# ------------------------------------------------------------------------------------ the statics, solved once
_n1 = sympy.symbols("n1x n1y n1z")
_n2 = sympy.symbols("n2x n2y n2z")
_F = sympy.symbols("Fx Fy Fz")
_M = sympy.symbols("Mx Mz")
_y0, _xi, _f = sympy.symbols("y0 xi f")


def _solve():
    r1 = sympy.symbols("R1x R1y R1z")
    r2 = sympy.symbols("R2x R2y R2z")
    R1, R2 = sympy.Matrix(r1), sympy.Matrix(r2)
    A2 = sympy.Matrix([0, _y0, 0])
    mom = sympy.Matrix([_M[0], 0, _M[1]]) + A2.cross(R2)
    eqs = list(sympy.Matrix(_F) + R1 + R2) + [mom[0], mom[2], R2.dot(sympy.Matrix(_n2)) - _xi]
    sol = sympy.solve(eqs, list(r1) + list(r2), dict=True)[0]
    R1s = sympy.Matrix([sol[s] for s in r1])
    R2s = sympy.Matrix([sol[s] for s in r2])
    n1, n2 = sympy.Matrix(_n1), sympy.Matrix(_n2)
    N1 = sympy.expand(R1s.dot(n1))
    psi1 = sympy.expand(R1s.dot(R1s) - (1 + _f ** 2) * R1s.dot(n1) ** 2)
    psi2 = sympy.expand(R2s.dot(R2s) - (1 + _f ** 2) * R2s.dot(n2) ** 2)
    args = _n1 + _n2 + _F + _M + (_y0, _f)
    coef = lambda e, k: sympy.lambdify(args, sympy.expand(e).coeff(_xi, k), "mpmath")
    return {"N1": [coef(N1, k) for k in (0, 1)],
            "psi1": [coef(psi1, k) for k in (0, 1, 2)],
            "psi2": [coef(psi2, k) for k in (0, 1, 2)],
            "sym": (N1, psi1, psi2), "R1": R1s,
            "R1num": sympy.lambdify(args + (_xi,), list(R1s), "mpmath")}


STAT = _solve()


def polys(n1, n2, F, M, y0, f, exact=False):
    """Coefficients (constant first) of N1(xi), psi1(xi), psi2(xi); exact sympy values when exact=True."""
    if exact:
        sub = dict(zip(_n1 + _n2 + _F + _M + (_y0, _f), list(n1) + list(n2) + list(F) + list(M) + [y0, f]))
        N1, p1, p2 = STAT["sym"]
        return [[sympy.nsimplify(sympy.expand(e).coeff(_xi, k).subs(sub)) for k in range(d)]
                for e, d in ((N1, 2), (p1, 3), (p2, 3))]
    a = [oc.num(v) for v in list(n1) + list(n2) + list(F) + list(M) + [y0, f]]
    return [[c(*a) for c in STAT[k]] for k in ("N1", "psi1", "psi2")]


def _roots(c):
    c0, c1 = c[0], c[1]
    c2 = c[2] if len(c) > 2 else mpf(0)
    if c2 == 0:
        return [] if c1 == 0 else [-c0 / c1]
    d = c1 * c1 - 4 * c2 * c0
    if d < 0:
        return []
    s = mpmath.sqrt(d)
    return [(-c1 - s) / (2 * c2), (-c1 + s) / (2 * c2)]


def feasible(N1, p1, p2):
    """Is there xi >= 0 with N1 >= 0, psi1 <= 0, psi2 <= 0? Candidates: 0, every root, midpoints, far points."""
    val = lambda c, x: sum(ck * x ** k for k, ck in enumerate(c))
    pts = sorted(set([mpf(0)] + [r for c in (N1, p1, p2) for r in _roots(c) if r >= 0]))
    cand = list(pts) + [(a + b) / 2 for a, b in zip(pts, pts[1:])] + [pts[-1] + 1, 2 * pts[-1] + 10 ** 6,
                                                                      2 * pts[-1] + mpf(10) ** 20]
    for x in cand:
        scale = 1 + x * x
        tol = mpf(10) ** -30 * scale
        if val(N1, x) >= -tol and val(p1, x) <= tol and val(p2, x) <= tol:
            return True, x
    return False, None


# ------------------------------------------------------------------------------------ self-locking case
AZ = [(sympy.Integer(1), sympy.Integer(0)), (sympy.Rational(3, 5), sympy.Rational(4, 5)),
      (sympy.Integer(0), sympy.Integer(1)), (sympy.Rational(-5, 13), sympy.Rational(12, 13))]


def normal(ny, az):
    s = sympy.sqrt(1 - ny ** 2)
    return (s * az[0], ny, s * az[1])


def test_loads(n1, rnd):
    """Explicit loads (F, M): Proposition 2's shapes first, then random ones."""
    e = [(1, 0, 0), (0, 1, 0), (0, 0, 1)]
    perp = []
    for v in e:          # v - (v.n1) n1: perpendicular to n1
        d = sum(a * b for a, b in zip(v, n1))
        w = tuple(sympy.nsimplify(a - d * b) for a, b in zip(v, n1))
        if any(x != 0 for x in w):
            perp.append(w)
    loads = []
    for w in perp:
        for sg in (1, -1):
            loads.append((tuple(sg * x for x in w), (0, 0)))
    for sg in (1, -1):
        loads.append((tuple(sg * x for x in n1), (0, 0)))
    for M in ((1, 0), (-1, 0), (0, 1), (0, -1), (2, -3)):
        loads.append(((0, 0, 0), M))
        loads.append(((0, -1, 0), M))
    for _ in range(200 if rnd else 0):
        mag = random.choice([1, 10, 300])
        loads.append((tuple(sympy.Rational(random.randint(-1000, 1000), 1000) * mag for _ in range(3)),
                      tuple(sympy.Rational(random.randint(-1000, 1000), 1000) * mag for _ in range(2))))
    return loads


def lock_decide(p, rnd=True):
    """(True/False, note): every load balanced? Decided for two azimuths of each normal."""
    random.seed(20260212)
    for az1, az2 in ((AZ[0], AZ[2]), (AZ[1], AZ[3])):
        n1, n2 = normal(p["n1y"], az1), normal(p["n2y"], az2)
        for F, M in test_loads(n1, rnd):
            ok, _ = feasible(*polys(n1, n2, F, M, 1, p["f"]))
            if not ok:
                return False, "load F=%s M=%s has no admissible xi" % (F, M)
    return True, "all %d loads balanced" % len(test_loads(n1, rnd))


def leads(p):
    """Exact coefficients of xi^2 in psi1, psi2 and of xi in N1 (from the solved statics)."""
    n1, n2 = normal(p["n1y"], AZ[1]), normal(p["n2y"], AZ[3])
    N1, p1, p2 = polys(n1, n2, (0, 0, 0), (0, 0), 1, p["f"], exact=True)
    return sympy.simplify(p1[2]), sympy.simplify(p2[2]), sympy.simplify(N1[1])


def f0k(ny):
    """tan of the angle between a unit normal with y component ny and the line A1A2."""
    return sympy.sqrt(1 - ny ** 2) / abs(ny)


def sl_value(name, p):
    a1, a2, sl = leads(p)
    n2y = p["n2y"]
    vals = {"a1": a1, "a2": a2, "lead1": a1 * n2y ** 2, "lead2": a2 * n2y ** 2, "N1_slope": sl,
            "f0_1": f0k(p["n1y"]), "f0_2": f0k(n2y), "f0": sympy.Max(f0k(p["n1y"]), f0k(n2y)),
            "gamma1_deg": sympy.acos(p["n1y"]) * 180 / sympy.pi, "gamma2_deg": sympy.acos(n2y) * 180 / sympy.pi,
            "phi_f_deg": sympy.atan(p["f"]) * 180 / sympy.pi}
    return vals[name]


def sl_truth(name, p):
    if name in ("locking_ang", "not_locking_ang"):
        # the angle plane: n1y = cos g1, n2y = cos g2, decided mechanically by the same load test
        q = dict(p, n1y=sympy.cos(p["g1"]), n2y=sympy.cos(p["g2"]))
        mech, note = lock_decide(q)
        return oc.word(mech if name == "locking_ang" else not mech), note
    a1, a2, _ = leads(p)
    on_boundary = p["n1y"] * p["n2y"] == 0 or sympy.simplify(a1) == 0 or sympy.simplify(a2) == 0
    mech, note = lock_decide(p)
    if name in ("self_lock", "self_locking", "not_locking"):
        t = mech if name != "not_locking" else not mech
        if on_boundary:      # a leading coefficient is exactly 0: balls only reach 0
            return "unknown", "on the boundary; mechanically self-locking = %s (%s)" % (mech, note)
        return oc.word(t), note
    if name in ("book_31", "book_weak"):
        f0 = sympy.Max(f0k(p["n1y"]), f0k(p["n2y"]))
        d = sympy.nsimplify(p["f"] - f0)
        if d == 0:
            return "unknown", "f = f0 exactly"
        t = bool(p["n1y"] * p["n2y"] < 0) and bool(d > 0)
        return oc.word(t), "f - f0 = %s" % sympy.N(d, 6)
    raise KeyError(name)


def sl_threshold(p_base, f, grid):
    """Does some n1y on the grid lock the body at this f?"""
    for ny in grid:
        q = dict(p_base, n1y=ny, f=f)
        if lock_decide(q, rnd=False)[0]:
            return True
    return False


def sl_claim(name, claims):
    params = oc.read_case("ch3_two_supports_selflock")[0]
    grid = [sympy.Rational(k, 40) for k in range(-40, 41) if k != 0]
    if name == "prop12":
        bad = []
        for ny in [sympy.Rational(k, 8) for k in range(-8, 9) if k]:
            for f in [sympy.Rational(k, 8) for k in range(1, 17)]:
                q = dict(params, n1y=ny, f=f)
                f0 = sympy.Max(f0k(ny), f0k(q["n2y"]))
                if f == f0:
                    continue
                book = bool(ny * q["n2y"] < 0) and bool(f > f0)
                if book != lock_decide(q, rnd=False)[0]:
                    bad.append((ny, f))
        note = "%d disagreements on a 16 x 16 grid" % len(bad)
        if bad:
            return "refuted", note
        # exact (sympy): the oracle's own solved statics gives the leading coefficients lead_k =
        # n2y^2 a_k = 1 - n_k^2 - f^2 n_k^2; for f >= 0 (the case's range 0 .. 2) and 0 < |n_k| <= 1,
        # f > sqrt(1 - n_k^2)/|n_k| iff f^2 n_k^2 > 1 - n_k^2 (both sides >= 0) iff lead_k < 0, and
        # f > max(x, y) iff f > x and f > y; for n1y n2y >= 0 both sides are false
        n, f = sympy.symbols("n f", real=True)
        a1, a2, _ = leads(dict(params, n1y=n, f=f))
        n2y = params["n2y"]
        e1 = sympy.expand(a1 * n2y ** 2 - (1 - n ** 2 - f ** 2 * n ** 2)) == 0
        e2 = sympy.expand(a2 * n2y ** 2 - (1 - n2y ** 2 - f ** 2 * n2y ** 2)) == 0
        if e1 and e2 and 0 < abs(n2y) <= 1:
            return "proved", note + "; exact: lead_k = 1 - n_k^2 - f^2 n_k^2 from the solved statics"
        return "consistent", note
    if name in ("threshold", "nonstrict"):
        lo, hi = mpf(0), mpf(2)          # bisection on f of "some n1y locks" (n1y grid includes 1)
        for _ in range(60):
            mid = (lo + hi) / 2
            fm = sympy.Rational(int(mid * 2 ** 60), 2 ** 60)
            if sl_threshold(params, fm, [sympy.Integer(1), sympy.Rational(39, 40)]):
                hi = mid
            else:
                lo = mid
        at = sl_threshold(params, sympy.Rational(3, 4), grid + [sympy.Rational(4, 5)])
        note = "numerical threshold %s; at f = 3/4 some n1y locks: %s" % (mpmath.nstr(hi, 15), at)
        near = abs(hi - mpf(3) / 4) < mpf(10) ** -15
        if name == "threshold":
            return ("proved" if near and not at else "inconclusive"), note
        return ("refuted" if near and not at else "inconclusive"), note + "; witness f = 3/4"
    raise KeyError(name)


# ------------------------------------------------------------------------------------ fixed-load case
def turn(v):
    """The frame turned by 90 degrees about A1A2: x_t = -z, y_t = y, z_t = x."""
    return (-v[2], v[1], v[0])


def fl_data(p, turned=False):
    n1 = (p["n1x"], p["n1y"], p["n1z"])
    n2 = (p["n2x"], p["n2y"], p["n2z"])
    F = (p["Fx"], p["Fy"], p["Fz"])
    M = (p["Mx"], 0, p["Mz"])
    if turned:
        n1, n2, F, M = turn(n1), turn(n2), turn(F), turn(M)
    return n1, n2, F, (M[0], M[2]), p["y0"], p["f"]


def _ev(c, x):
    return sum(ck * x ** k for k, ck in enumerate(c))


def fl_all(p):
    """Everything from the solved statics (notes' frame), exact where sympy can."""
    n1, n2, F, M, y0, f = fl_data(p)
    N1, p1, p2 = polys(n1, n2, F, M, y0, f, exact=True)
    xs = -N1[0] / N1[1]
    r = sympy.solve(sympy.Poly(list(reversed(p2)), _xi).as_expr(), _xi)
    x0 = max(r, key=lambda z: oc.num(z))
    # the printed b1, in the turned frame: g1 = F1(0) = R1(0) - N1(0) n1 from that frame's statics
    t1, t2, tF, tM, _, _ = fl_data(p, turned=True)
    tN1, tp1, _ = polys(t1, t2, tF, tM, y0, f, exact=True)
    phi1 = tN1[0]
    # R1(0) from the statics solved once (STAT), in the turned frame
    sub = dict(zip(_n1 + _n2 + _F + _M + (_y0, _f, _xi), list(t1) + list(t2) + list(tF) + list(tM) + [y0, f, 0]))
    R10 = [sympy.nsimplify(c.subs(sub)) for c in STAT["R1"]]
    g1 = [R10[k] - phi1 * t1[k] for k in range(3)]
    b1p = (g1[0] * t1[0] * t1[1] - g1[1] * (1 - t1[1] ** 2) - g1[2] * t1[2] * t1[1] + f ** 2 * t1[1] * phi1) / t2[1]
    b1t = tp1[1] / 2
    pp = [tp1[0], 2 * b1p, tp1[2]]
    return {"phi1": N1[0], "a1": p1[2], "b1": p1[1] / 2, "delta1": p1[0], "a2": p2[2], "b2": p2[1] / 2,
            "delta2": p2[0], "xi_star": xs, "xi0": x0, "psi1_star": _ev(p1, xs), "psi1_xi0": _ev(p1, x0),
            "direct_star": _ev(p1, xs), "direct_xi0": _ev(p1, x0), "b1_printed": b1p, "b1_turned": b1t,
            "printed": (_ev(pp, x0), _ev(pp, xs)), "polys": (N1, p1, p2)}


def fl_value(name, p):
    d = fl_all(p)
    if name == "b1":        # the coefficient is frame-independent: check it in both frames
        assert sympy.simplify(d["b1"] - d["b1_turned"]) == 0
    return d[name]


def fl_truth(name, p):
    d = fl_all(p)
    bal, x = feasible(*[[oc.num(c) for c in q] for q in d["polys"]])
    note = "admissible xi = %s" % (mpmath.nstr(x, 8) if bal else "none")
    pr = oc.num(d["xi0"]) <= oc.num(d["xi_star"]) and min(oc.num(v) for v in d["printed"]) <= 0
    t = {"equilibrium": bal, "no_equilibrium": not bal, "eq_printed": pr, "printed_misses": bal and not pr,
         "two_equilibrium": bal, "two_no_equilibrium": not bal}[name]   # two_*: the statics model block
    return oc.word(t), note


def fl_num(p):
    """The claim test at one load, in floating point (mpmath, 40 digits): the 1-D test, Proposition 3 with the
    true coefficients and with the printed b1 (turned frame)."""
    n1, n2, F, M, y0, f = fl_data(p)
    N1, p1, p2 = polys(n1, n2, F, M, y0, f)
    xs = -N1[0] / N1[1]
    x0 = max(_roots(p2))
    bal = feasible(N1, p1, p2)[0]
    t1, t2, tF, tM, _, _ = fl_data(p, turned=True)
    a = [oc.num(v) for v in list(t1) + list(t2) + list(tF) + list(tM) + [y0, f, 0]]
    tN1, tp1, _ = polys(t1, t2, tF, tM, y0, f)
    t1n = [oc.num(v) for v in t1]
    phi1 = tN1[0]
    g1 = [r - phi1 * c for r, c in zip(STAT["R1num"](*a), t1n)]
    b1p = (g1[0] * t1n[0] * t1n[1] - g1[1] * (1 - t1n[1] ** 2) - g1[2] * t1n[2] * t1n[1]
           + oc.num(f) ** 2 * t1n[1] * phi1) / oc.num(t2[1])
    pp = [tp1[0], 2 * b1p, tp1[2]]
    book = x0 <= xs and min(_ev(p1, x0), _ev(p1, xs)) <= 0
    printed = x0 <= xs and min(_ev(pp, x0), _ev(pp, xs)) <= 0
    return bal, book, printed


def fl_claim(name, claims):
    params = oc.read_case("ch3_two_supports_fixed_load")[0]
    bad, n = [], 0
    for i in range(-8, 9):
        for j in range(-8, 9):
            q = dict(params, Mx=sympy.Rational(i, 2), Mz=sympy.Rational(j, 2))
            bal, book, printed = fl_num(q)
            # statics_model: the closed form (Proposition 3's test with psi1 from the reactions) against the
            # oracle's own 1-D feasibility test, which stands for the model's equilibrium set
            test = book if name in ("prop3", "statics_model") else printed
            n += 1
            if test != bal:
                bad.append((i / 2, j / 2))
    note = "%d of %d grid loads disagree with the direct 1-D test%s" % (len(bad), n, (", e.g. (Mx, Mz) = %s" % (bad[0],)) if bad else "")
    if name == "statics_model" and not bad:
        proof = fl_interval_proof(params)
        if proof:
            return "proved", note + "; " + proof
    return ("refuted" if bad else "consistent"), note


def fl_interval_proof(params):
    """An argument for every load of the box, from the exact polynomials in (Mx, Mz) (sympy): if N1 decreases in
    xi, psi1 and psi2 are concave (constant negative leading coefficients) and psi2(0) >= 0 (a positive
    semidefinite form in Mx, Mz), then {xi >= 0 : psi2 <= 0} = [xi0, oo), {N1 >= 0} = (-oo, xi*], {psi1 <= 0}
    = R minus (r1-, r1+), so a balancing xi exists iff xi0 <= xi* and [xi0, xi*] is not inside (r1-, r1+),
    i.e. psi1(xi0) <= 0 or psi1(xi*) <= 0: the closed form, at every load. Returns the note, or None."""
    X, Z = sympy.symbols("Mx_ Mz_", real=True)
    q = dict(params, Mx=X, Mz=Z)
    n1, n2, F, M, y0, f = fl_data(q)
    N1, p1, p2 = polys(n1, n2, F, M, y0, f, exact=True)
    lead = [sympy.simplify(N1[1]), sympy.simplify(p1[2]), sympy.simplify(p2[2])]
    if any(c.free_symbols for c in lead) or not (lead[0] < 0 and lead[1] < 0 and lead[2] < 0):
        return None
    d = sympy.Poly(sympy.expand(p2[0]), X, Z)
    if any(sum(m) != 2 for m in d.monoms()):
        return None
    a, b, c = d.coeff_monomial(X ** 2), d.coeff_monomial(X * Z) / 2, d.coeff_monomial(Z ** 2)
    if not (a >= 0 and c >= 0 and a * c - b * b >= 0):
        return None
    return ("for every load: N1' = %s < 0, psi1'' / 2 = %s < 0, psi2'' / 2 = %s < 0, psi2(0) = %s >= 0 (positive "
            "semidefinite), so the balancing xi form [xi0, xi*] minus (r1-, r1+)" % (lead[0], lead[1], lead[2], d.as_expr()))


ORACLES = {"ch3_two_supports_selflock": (sl_value, sl_truth, sl_claim),
           "ch3_two_supports_fixed_load": (fl_value, fl_truth, fl_claim)}


def prose_checks():
    """Statements of templates/ch3_two_supports_selflock.tmpl that are not [expect] lines."""
    R = sympy.Rational
    n1, n2 = (R(3, 5), R(4, 5), 0), (0, R(-4, 5), R(3, 5))
    N1, p1, p2 = polys(n1, n2, (R(12, 25), R(-9, 25), 0), (0, 0), 1, R(3, 4), exact=True)
    fails = 0
    ok = p1 == [R(9, 25), R(9, 10), 0] and N1 == [0, 1]
    print("  %s prose: at f = f0, F = (12/25, -9/25, 0): psi1 = 9/25 + 9/10 xi, N1 = xi   (%s, %s)"
          % ("ok  " if ok else "FAIL", p1, N1))
    fails += not ok
    a1d = (1 - 0.8 ** 2 - 0.75 ** 2 * 0.8 ** 2) / 0.8 ** 2
    ok = -4e-16 < a1d < -3e-16 and 1e15 < 0.9 / -a1d < 1e16
    print("  %s prose: double precision a1 = %.3g, spurious root near %.3g" % ("ok  " if ok else "FAIL", a1d, 0.9 / -a1d))
    fails += not ok
    N1, p1, p2 = polys(n1, n2, (0, 0, 0), (1, 0), 1, R(3, 4), exact=True)
    ok = p2[2] == 0 and p2[1] > 0 and p2[0] > 0
    print("  %s prose: at lead2 = 0 the moment Mx = 1 gives psi2 = %s + %s xi > 0" % ("ok  " if ok else "FAIL", p2[0], p2[1]))
    return fails + (not ok)


if __name__ == "__main__":
    bad = oc.run(ORACLES, sys.argv[1:])
    if not sys.argv[1:] or "ch3_two_supports_selflock" in sys.argv[1:]:
        bad += prose_checks()
    sys.exit(1 if bad else 0)
