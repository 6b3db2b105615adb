#!/usr/bin/env python3
"""verify_ch7_skate.py -- independent oracle for cases/ch7_skateboard.case (Rozenblat ch. 7 §2, cases 2° and 1').

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
Case 1' (claims book_210 and integral_210A, the book's (2.10) without and with J_A): pair A locked to the rod
(theta1 = 0), pair B free in its hinge (M_Bz = 0). sympy writes the same Newton-Euler system in every datum (a, b, m,
J_AB, J_A, J_B, the heading phi all symbols), with theta2ddot and pair B's spin J_B (phidd + theta2dd) = 0 added, and
solves it for phiddot. For each claim it checks (exactly, by sympy, and at 12 random points of the case's box, to
1e-25 at mpmath's 30 digits) that (1) the case's phdd25 (the book's (2.5)) is that phiddot, (2) the case's bracket (Q10, Q10A) is the
one the claim states, (3) the case's `claim - model` is d/dt(phidot^2 bracket) along the Newton-Euler motion, and
(4) the case's theta2 range avoids sin(theta2) = 0; any failure is a mismatch. The verdict is then "proved" when
that rate simplifies to 0 in every datum, "refuted" when it exceeds 1e-20 at a sample point (the witness printed).
A second method integrates the 6-unknown Newton-Euler system numerically (mpmath LU at every RK4 step, 1 s from
theta2 = 1, phidot = 0.5, theta2dot = 0.3) and requires the relative drift of phidot^2 bracket to stay below 1e-10
with J_A and to exceed 1e-4 without it. With a results.json path as argument the claim verdicts fricert wrote
there are compared with the oracle's too.
Usage: python3 tests/oracles/verify_ch7_skate.py [out/ch7_skateboard/results.json]
"""
import sys
from pathlib import Path
import random
import sympy as sp
from mpmath import mp, mpf, sin, cos, tan, pi, matrix, lu_solve

sys.path.insert(0, str(Path(__file__).resolve().parent))
from verify_ch4 import run, ROOT  # the [expect] reader and comparer (no mechanics in it)
from oracle_common import read_ini  # the case reader (no mechanics in it)

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


# ------------------------------------------------------------------ case 1': pair A locked, pair B free

T = sp.Symbol("t")
SYM = {n: sp.Symbol(n) for n in ("a", "b", "m", "JAB", "JA", "JB", "th", "ph", "thd")}


def case1_newton_euler():
    """phiddot of case 1' from the Newton-Euler equations, as a sympy expression in SYM (th = theta2, ph = phidot,
    thd = theta2dot), in every datum. The pair A is locked to the rod (theta1 = 0, its axle along e_perp), the pair
    B turns freely in its hinge (M_Bz = 0, its axle e_perp turned by +theta2); unknowns: the centre's acceleration,
    phiddot, theta2ddot and the two lateral forces; equations: m a_C = sum of the lateral forces, the whole system's
    angular momentum about C, pair B's spin about B (J_B (phidd + theta2dd) = 0: the lateral force at B passes
    through B), and the two twice-differentiated no-side-slip constraints. The centre's velocity is then eliminated
    with the constraints. The heading phi stays a symbol (nothing is assumed about it)."""
    a, b, m, JAB, JA, JB = (SYM[n] for n in ("a", "b", "m", "JAB", "JA", "JB"))
    x, y, phi, th = [sp.Function(n)(T) for n in ("x", "y", "phi", "theta2")]
    e = sp.Matrix([sp.cos(phi), sp.sin(phi)])
    ep = sp.Matrix([-sp.sin(phi), sp.cos(phi)])
    nA, nB = ep, sp.cos(th) * ep - sp.sin(th) * e
    vC = sp.Matrix([x.diff(T), y.diff(T)])
    gA = (vC - a * phi.diff(T) * ep).dot(nA)
    gB = (vC + b * phi.diff(T) * ep).dot(nB)
    lA, lB, X2, Y2, P2, T2, X1, Y1 = sp.symbols("lA lB X2 Y2 P2 T2 X1 Y1")
    cr = lambda u, v: u[0] * v[1] - u[1] * v[0]
    eqs = [m * x.diff(T, 2) - lA * nA[0] - lB * nB[0],
           m * y.diff(T, 2) - lA * nA[1] - lB * nB[1],
           (JAB + JA) * phi.diff(T, 2) + JB * (phi.diff(T, 2) + th.diff(T, 2))
           - cr(-a * e, lA * nA) - cr(b * e, lB * nB),
           JB * (phi.diff(T, 2) + th.diff(T, 2)),
           gA.diff(T), gB.diff(T)]
    rep2 = {x.diff(T, 2): X2, y.diff(T, 2): Y2, phi.diff(T, 2): P2, th.diff(T, 2): T2}
    rep1 = {x.diff(T): X1, y.diff(T): Y1, phi.diff(T): SYM["ph"], th.diff(T): SYM["thd"]}
    eqs = [q.subs(rep2).subs(rep1) for q in eqs]
    M, r = sp.linear_eq_to_matrix(eqs, [X2, Y2, P2, T2, lA, lB])
    vel = sp.solve([gA.subs(rep1), gB.subs(rep1)], [X1, Y1], dict=True)[0]
    phdd = M.LUsolve(r)[2].subs(vel)
    return sp.simplify(sp.together(phdd)).subs(th, SYM["th"])


def accel1(P, phi, v, phd, th, thd):
    """(a_C, phiddot, theta2ddot) of case 1' at a state, by mpmath's linear solve (the numeric twin of the above)."""
    a, b, m, JAB, JA, JB = P
    e, ep = (cos(phi), sin(phi)), (-sin(phi), cos(phi))
    nA = ep
    nB = (cos(th) * ep[0] - sin(th) * e[0], cos(th) * ep[1] - sin(th) * e[1])
    vA = (v[0] - a * phd * ep[0], v[1] - a * phd * ep[1])
    vB = (v[0] + b * phd * ep[0], v[1] + b * phd * ep[1])
    wB = phd + thd
    dnA = (-phd * nA[1], phd * nA[0])
    dnB = (-wB * nB[1], wB * nB[0])
    rA, rB = (-a * e[0], -a * e[1]), (b * e[0], b * e[1])
    M, r = matrix(6, 6), matrix(6, 1)            # unknowns: a_Cx, a_Cy, phidd, theta2dd, lambda_A, lambda_B
    M[0, 0], M[0, 4], M[0, 5] = m, -nA[0], -nB[0]
    M[1, 1], M[1, 4], M[1, 5] = m, -nA[1], -nB[1]
    M[2, 2], M[2, 3], M[2, 4], M[2, 5] = JAB + JA + JB, JB, -cross(rA, nA), -cross(rB, nB)
    M[3, 2], M[3, 3] = JB, JB
    M[4, 0], M[4, 1], M[4, 2] = nA[0], nA[1], -a * dot(ep, nA)
    r[4] = -a * phd**2 * dot(e, nA) - dot(vA, dnA)
    M[5, 0], M[5, 1], M[5, 2] = nB[0], nB[1], b * dot(ep, nB)
    r[5] = b * phd**2 * dot(e, nB) - dot(vB, dnB)
    z = lu_solve(M, r)
    return (z[0], z[1]), z[2], z[3]


def velocity1(P, phi, phd, th):
    a, b = P[0], P[1]
    e, ep = (cos(phi), sin(phi)), (-sin(phi), cos(phi))
    nB = (cos(th) * ep[0] - sin(th) * e[0], cos(th) * ep[1] - sin(th) * e[1])
    z = lu_solve(matrix([[ep[0], ep[1]], [nB[0], nB[1]]]), matrix([a * phd, -b * phd * dot(ep, nB)]))
    return (z[0], z[1])


def bracket(with_ja):
    """The bracket of (2.10) as the claims state it: (J_AB [+ J_A] + m a^2) + m (a + b)^2 ctg^2(theta2)."""
    a, b, m, JAB, JA, th = (SYM[n] for n in ("a", "b", "m", "JAB", "JA", "th"))
    return JAB + (JA if with_ja else 0) + m * a**2 + m * (a + b)**2 * sp.cot(th)**2


def drift(P, th0, ph0, thd0, T=mpf(1), n=400):
    """RK4 of the Newton-Euler system of case 1' (accel1) from (theta2, phidot, theta2dot) = (th0, ph0, thd0):
    the largest relative change of phidot^2 x bracket, with and without J_A, along the motion."""
    a, b, m, JAB, JA, JB = P
    q = lambda th, ph, ja: ph**2 * (JAB + ja + m * a**2 + m * (a + b)**2 / tan(th)**2)
    phi = mpf(0)
    v = velocity1(P, phi, ph0, th0)
    y = [phi, th0, v[0], v[1], ph0, thd0]

    def f(y):
        ac, phdd, thdd = accel1(P, y[0], (y[2], y[3]), y[4], y[1], y[5])
        return [y[4], y[5], ac[0], ac[1], phdd, thdd]
    h0 = [q(th0, ph0, JA), q(th0, ph0, 0)]
    worst = [mpf(0), mpf(0)]
    h = T / n
    for _ in range(n):
        k1 = f(y)
        k2 = f([y[i] + h / 2 * k1[i] for i in range(6)])
        k3 = f([y[i] + h / 2 * k2[i] for i in range(6)])
        k4 = f([y[i] + h * k3[i] for i in range(6)])
        y = [y[i] + h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]) for i in range(6)]
        for j, ja in enumerate((JA, 0)):
            worst[j] = max(worst[j], abs(q(y[1], y[4], ja) / h0[j] - 1))
    return worst


def case_defines():
    """The case's [define] names as sympy expressions in SYM (J0, dJ kept through JA = J0 - dJ/2 as the case
    writes them; the fixed parameters as symbols)."""
    secs = read_ini(str(ROOT / "cases" / "ch7_skateboard.case"))
    loc = {"sqrt": sp.sqrt, "sin": sp.sin, "cos": sp.cos, "tan": sp.tan, "cot": sp.cot, "pi": sp.pi}
    for k, _ in secs["parameters"]:
        loc[k] = SYM.get(k, sp.Symbol(k))
    out = {}
    for k, v in secs["define"]:
        out[k] = loc[k] = sp.sympify(v.replace("^", "**"), locals=loc)
    claims = {s.split(None, 1)[1]: dict(items) for s, items in secs.items() if s.startswith("claim ")}
    box = {k: v.split(":", 1)[0] for k, v in secs["parameters"]}
    return out, claims, box


_CACHE = {}


def case1_claim(name, with_ja):
    """The verdict of claim NAME ("phidot^2 x bracket is a first integral of case 1'") from the Newton-Euler
    mechanics, after checking that the case's claim expression is what the claim says."""
    def judge(params):
        if "ne" not in _CACHE:
            _CACHE["ne"] = case1_newton_euler()
            _CACHE["defs"] = case_defines()
        ne = _CACHE["ne"]
        defs, claims, box = _CACHE["defs"]
        th, ph, thd = SYM["th"], SYM["ph"], SYM["thd"]
        cl = claims[name]
        J0, dJ = sp.Symbol("J0"), sp.Symbol("dJ")
        to_oracle = {SYM["JA"]: J0 - dJ / 2, SYM["JB"]: J0 + dJ / 2}     # the case's parametrisation
        Q = bracket(with_ja)
        rate = sp.simplify(2 * ph * ne * Q + ph**2 * sp.diff(Q, th) * thd)      # d/dt(phidot^2 Q) along the motion
        problems = []
        # (1) the case's (2.5), phdd25, is phiddot of the Newton-Euler system (pair A locked, M_Bz = 0)
        if sp.simplify(defs["phdd25"] - ne.subs(to_oracle)) != 0:
            problems.append("the case's phdd25 is not phiddot of the Newton-Euler system")
        # (2) the case's bracket is the claim's (Q10A with J_A, Q10 without)
        if sp.simplify(defs["Q10A" if with_ja else "Q10"] - Q.subs(to_oracle)) != 0:
            problems.append("the case's bracket differs from the stated one")
        # (3) claim - model of the case is d/dt(phidot^2 bracket) along the Newton-Euler motion
        loc = dict(defs)
        loc.update({k: SYM.get(k, sp.Symbol(k)) for k in box if k not in loc})
        diff_case = sp.sympify(cl["claim"].replace("^", "**"), locals=loc) - sp.sympify(cl["model"].replace("^", "**"), locals=loc)
        if sp.simplify(diff_case - rate.subs(to_oracle)) != 0:
            problems.append("claim - model is not the rate of the stated quantity along the motion")
        # numeric spot check of (1)-(3) at random points of the case's box (40 digits)
        rnd = random.Random(7)
        fixed = {sp.Symbol(k): sp.sympify(v.replace("^", "**")) for k, v in box.items() if ".." not in v}
        lo_hi = {k: [sp.sympify(s.strip().replace("^", "**")) for s in v.split("..")] for k, v in box.items() if ".." in v}
        worst, wit, bad_pts = mpf(0), None, []
        for _ in range(12):
            pt = dict(fixed)
            for k, (lo, hi) in lo_hi.items():
                pt[SYM.get(k, sp.Symbol(k))] = lo + (hi - lo) * sp.Rational(rnd.randint(1, 999), 1000)
            val = lambda ex: mpf(str(sp.N(ex.subs(to_oracle).subs(pt), 45)))
            r_true = val(rate)
            if abs(val(diff_case) - r_true) > mpf(10) ** -25 or abs(val(defs["phdd25"]) - val(ne)) > mpf(10) ** -25:
                bad_pts.append({str(k): str(v) for k, v in pt.items() if str(k) in lo_hi})
            if abs(r_true) > worst:
                worst, wit = abs(r_true), pt
        if bad_pts:
            problems.append("numeric mismatch (case against Newton-Euler) at %d of 12 points, e.g. %s"
                            % (len(bad_pts), bad_pts[0]))
        # the case's box of theta2 must avoid sin(theta2) = 0, where the ICV is at infinity and (2.10) undefined
        tlo, thi = lo_hi.get("th", [fixed.get(sp.Symbol("th"))] * 2)
        if not (0 < tlo and thi < sp.pi):
            problems.append("theta2's range reaches sin(theta2) = 0")
        if problems:
            return "mismatch", "; ".join(problems)
        if rate == 0:
            return "proved", "d/dt(phidot^2 bracket) along Newton-Euler simplifies to 0 in every datum"
        if worst > mpf(10) ** -20:
            w = {str(k): str(v) for k, v in wit.items() if str(k) in lo_hi}
            return "refuted", "d/dt(phidot^2 bracket) = %s at %s" % (mp.nstr(worst, 8), w)
        return "undecided", "rate not identically 0 but below 1e-20 at the samples"
    return judge


def results_check(path):
    """The claim verdicts of a fricert results.json against the oracle's (optional second argument)."""
    import json
    bad = 0
    for c in json.load(open(path))["claims"]:
        if c["name"] in CLAIMS:
            got, note = CLAIMS[c["name"]]({})
            ok = got == c["status"]
            bad += not ok
            print(f"{'ok  ' if ok else 'FAIL'} results.json: claim {c['name']}: fricert {c['status']}, oracle {got}")
    return bad


CLAIMS = {"book_210": case1_claim("book_210", False), "integral_210A": case1_claim("integral_210A", True)}


def case1_motion():
    """Second method: integrate case 1' numerically and watch both candidate integrals."""
    P = (mpf(3) / 10, mpf(1) / 5, mpf(5), mpf(1) / 10, mpf(1) / 40, mpf(3) / 40)
    with_ja, without = drift(P, mpf(1), mpf(1) / 2, mpf(3) / 10)
    ok = with_ja < mpf(10) ** -10 and without > mpf(10) ** -4
    print(f"{'ok  ' if ok else 'FAIL'} case 1' RK4 (Newton-Euler, 1 s): max relative drift of phidot^2 bracket "
          f"with J_A {mp.nstr(with_ja, 3)}, without J_A {mp.nstr(without, 3)}")
    return not ok


if __name__ == "__main__":
    bad = run("ch7_skateboard.case", oracle, CLAIMS)
    bad += case1_motion()
    if len(sys.argv) > 1:
        bad += results_check(sys.argv[1])
    sys.exit(1 if bad else 0)
