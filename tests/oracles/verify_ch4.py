#!/usr/bin/env python3
"""verify_ch4.py -- independent oracle for the chapter-4 cases of case library I.

Does not import fricert. mpmath at 40 digits. Every value is recomputed from first principles, never from the
book's closed forms:
  ch4_appell_painleve: Newton's equations of the two unit point masses M (in the slot, y = 0) and M1
      (x1 = x + r cos th, y1 = r sin th, y down), with the rod force T and the slot's reaction N as unknowns, the
      friction F = -f N sigma; the linear system is solved for (xdd, thdd, N, T) on each branch sigma = +-1, and a
      branch counts as a solution at t = 0 when sgn(xdot0 N) = sigma (spec/ch4.md R13, R15). The threshold 2 sqrt 2
      is found by minimising tan + 2 cot numerically; the paradox interval ends by root-finding.
  ch4_onepoint_contact: the planar body of Problem A (m = 1, radius of gyration rho, centre (xc, yc), force F at
      O, zero velocities): Newton-Euler about C with N, the accelerations and eps as unknowns for each contact
      mode (sliding sigma = +-1, lift-off N = 0), solved by mpmath; a mode counts when its sign conditions hold.
  ch4_bench: the static test from the statics with zero accelerations (the interval of F_Ax allowed by both
      friction discs), the number of sliding motions by counting the roots of the book's psi(x) = Q1 (4.13) on
      (g/2, x*) by dense sampling, psi's maximum by golden section and a_c by bisection on psi'(g/2) (numerical
      derivative); not from the closed forms of R29.
Each case's [expect] VALUE lines (NAME@POINT = VALUE +/- TOL) are read from the case file and compared; a line
with no oracle is an error. The `claim.NAME = STATUS` lines of the claims in CLAIMS (below) are compared with a scan
of the same mechanics (and the threshold by bisection); other claim lines are skipped here. Prints one line per
check; exits 1 on a mismatch.
    python3 tests/oracles/verify_ch4.py [CASE...]
"""
import re
import sys
from pathlib import Path
from mpmath import mp, mpf, sqrt, sin, cos, tan, atan, pi, matrix, lu_solve, findroot, diff, det
import oracle_util

mp.dps = 40
ROOT = Path(__file__).resolve().parents[2]


def cval(text):
    """A constant expression of the case language that these cases use (numbers, pi, sqrt, atan, + - * / ^)."""
    env = {"pi": pi, "sqrt": sqrt, "atan": atan, "sin": sin, "cos": cos, "tan": tan}
    t = text.replace("^", "**")
    t = re.sub(r"(?<![\w.])(\d+(?:\.\d+)?(?:e-?\d+)?)", r"mpf('\1')", t)
    env["mpf"] = mpf
    return eval(t, {"__builtins__": {}}, env)


def read_case(name):
    return oracle_util.read_case(ROOT / "cases" / name, cval)


def run(case, oracle, claims=None):
    """Compares the case's [expect] lines with the oracle; a `claim.NAME = STATUS` line is compared with
    claims[NAME](params) -> (status, note) when CLAIMS has it, and skipped otherwise."""
    params, points, expects = read_case(case)
    bad = n = 0
    for key, val in expects:
        if key.startswith("claim."):
            cname = key.split(".", 1)[1]
            if claims and cname in claims:
                got, note = claims[cname]({k: v for k, v in params.items() if v is not None})
                ok = got == val
                n += 1
                bad += not ok
                print(f"{'ok  ' if ok else 'FAIL'} {case}: {key}: oracle {got}, case {val} ({note})")
            continue
        name, _, pt = key.partition("@")
        env = {k: v for k, v in params.items() if v is not None}
        if pt:
            env.update(points[pt])
        got = oracle(name, env)
        if got is None:
            print(f"FAIL {case}: {key}: no oracle")
            bad += 1
            continue
        n += 1
        if "+/-" in val:
            v, tol = [cval(s.strip()) for s in val.split("+/-")]
            ok = abs(mpf(got) - v) <= tol
            print(f"{'ok  ' if ok else 'FAIL'} {case}: {key}: oracle {mp.nstr(got, 20)}, case {val}")
        else:
            ok = (val == "true") == bool(got) and val in ("true", "false")
            print(f"{'ok  ' if ok else 'FAIL'} {case}: {key}: oracle {bool(got)}, case {val}")
        bad += not ok
    print(f"{case}: {n} values checked, {bad} mismatches")
    return bad


# ------------------------------------------------------------------------------------------ Painlevé-Appell

def appell_system(th, thd, f, g, r, sigma):
    """Newton's equations of M and M1 with the friction sign sigma, unknowns z = (xdd, thdd, N, T)."""
    c, s = cos(th), sin(th)
    A = matrix([[1, 0, f * sigma, -c],          # M, x:  xdd = -f N sigma + T c
                [0, 0, 1, s],                  # M, y:  0 = g + N + T s
                [1, -r * s, 0, c],             # M1, x: xdd - r s thdd - r c thd^2 = -T c
                [0, r * c, 0, s]])             # M1, y: r c thdd - r s thd^2 = g - T s
    b = matrix([0, -g, r * c * thd**2, g + r * s * thd**2])
    return A, b


def appell_branch(th, thd, f, g, r, sigma):
    A, b = appell_system(th, thd, f, g, r, sigma)
    z = lu_solve(A, b)
    return z[0], z[1], z[2], z[3]


def appell_det(th, thd, f, g, r, sigma):
    """The determinant of the Newton system divided by r: the book's D_sigma (Cramer: N = -Q/D_sigma)."""
    return det(appell_system(th, thd, f, g, r, sigma)[0]) / r


def appell_count(th, thd, f, g, r, xsign):
    n = 0
    for sigma in (1, -1):
        if abs(appell_det(th, thd, f, g, r, sigma)) < mpf(10)**(-36):
            continue                           # infinite reaction: no solution on this branch
        N = appell_branch(th, thd, f, g, r, sigma)[2]
        if (1 if xsign * N > 0 else -1) == sigma and N != 0:
            n += 1
    return n


def appell(name, env):
    th, f = env.get("theta0"), env.get("f")
    thd, g, r = env["thetadot0"], env["g"], env["r"]
    if name == "f_min":
        # minimum over the acute angles of the friction at which the N > 0 branch turns consistent
        t = findroot(lambda t: diff(lambda u: u + 2 / u, t), 1.3)
        return t + 2 / t
    if name == "theta_min_deg":
        t = findroot(lambda t: diff(lambda u: u + 2 / u, t), 1.3)
        return atan(t) * 180 / pi
    if name == "theta0_deg":
        return th * 180 / pi
    if name == "f_crit":
        # the f at which the N > 0 branch of xdot0 < 0 (sigma = -1) has an infinite reaction: bisection in f
        lo, hi = mpf(0), mpf(50)
        for _ in range(200):
            mid = (lo + hi) / 2
            if appell_count(th, thd, mid, g, r, -1) == 2:
                hi = mid
            else:
                lo = mid
        return (lo + hi) / 2
    if name in ("Dminus", "Dplus"):
        return appell_det(th, thd, f, g, r, -1 if name == "Dminus" else 1)
    if name.endswith("_minus") or name.endswith("_plus"):
        z = appell_branch(th, thd, f, g, r, -1 if name.endswith("_minus") else 1)
        return {"N": z[2], "rthdd": r * z[1], "xdd": z[0]}[name.rsplit("_", 1)[0]]
    Dm, Dp = appell_det(th, thd, f, g, r, -1), appell_det(th, thd, f, g, r, 1)
    table = {"Dminus": Dm, "Dplus": Dp,
             "count_xpos": appell_count(th, thd, f, g, r, 1), "count_xneg": appell_count(th, thd, f, g, r, -1)}
    table["unique"] = table["count_xpos"] == 1 and table["count_xneg"] == 1
    table["nosol_xpos"] = table["count_xpos"] == 0 and cos(th) > 0
    table["twosol_xneg"] = table["count_xneg"] == 2 and cos(th) > 0
    table["book_paradox"] = Dm < 0
    table["mirror_paradox"] = Dp < 0
    return table.get(name)


# ------------------------------------------------------------------------------------------ Problem A

def onepoint_mode(xc, yc, rho2, Fx, Fy, f, mode):
    """Newton-Euler of the body from rest, unknowns z = (aCx, aCy, eps, N, Ff, aOx, aOy).
    mode = +1 / -1: sliding with Ff = -f N mode and aOy = 0; 'lift': N = Ff = 0."""
    # rows: aCx = Fx + Ff; aCy = Fy + N; rho2 eps = (O - C) x (F + R) = -xc (Fy + N) + yc (Fx + Ff);
    #       aO = aC + eps k x (O - C) = aC + eps (yc, -xc)  (omega = 0)
    A = [[1, 0, 0, 0, -1, 0, 0],
         [0, 1, 0, -1, 0, 0, 0],
         [0, 0, rho2, xc, -yc, 0, 0],
         [-1, 0, -yc, 0, 0, 1, 0],
         [0, -1, xc, 0, 0, 0, 1]]
    b = [Fx, Fy, -xc * Fy + yc * Fx, 0, 0]
    if mode == "lift":
        A += [[0, 0, 0, 1, 0, 0, 0], [0, 0, 0, 0, 1, 0, 0]]
        b += [0, 0]
    else:
        A += [[0, 0, 0, f * mode, 1, 0, 0], [0, 0, 0, 0, 0, 0, 1]]
        b += [0, 0]
    z = lu_solve(matrix(A), matrix(b))
    return {"eps": z[2], "N": z[3], "aOx": z[5], "aOy": z[6]}


def onepoint(name, env):
    th, l, rho2, Fy = env["theta"], env["l"], env["rho2"], env["Fy"]
    xc, yc = l * cos(th), l * sin(th)
    if name in ("lambda_rod", "tan_phi", "phi_deg", "capable"):
        ph, f = env["phi"], env.get("f")
        if name == "tan_phi":
            return tan(ph)
        if name == "phi_deg":
            return ph * 180 / pi
        # a uniform rod of half-length 1 at phi: the friction at which the sliding solution's denominator
        # vanishes, found by bisection on the sign of the sigma = -1 determinant (not from the closed form)
        def det_m(ff):
            return onepoint_mode_det(cos(ph), sin(ph), mpf(1) / 3, ff)
        lo, hi = mpf(0), mpf(100)
        for _ in range(200):
            mid = (lo + hi) / 2
            lo, hi = (lo, mid) if det_m(mid) < 0 else (mid, hi)
        lam = (lo + hi) / 2
        return lam if name == "lambda_rod" else f > lam
    if name == "lambda":
        lo, hi = mpf(0), mpf(100)
        for _ in range(200):
            mid = (lo + hi) / 2
            lo, hi = (lo, mid) if onepoint_mode_det(xc, yc, rho2, mid) < 0 else (mid, hi)
        return (lo + hi) / 2
    k, f = env["k"], env["f"]
    Fx = k * abs(Fy)
    m, p, L = (onepoint_mode(xc, yc, rho2, Fx, Fy, f, md) for md in (-1, 1, "lift"))
    rest = abs(Fx) <= f * abs(Fy) and Fy < 0
    sliding = m["N"] > 0 and m["aOx"] < 0 and m["eps"] < 0
    lift = L["aOy"] > 0
    lam = onepoint(name="lambda", env=env)
    table = {"Delta_m": onepoint_mode_det(xc, yc, rho2, f), "N_m": m["N"], "aOx_m": m["aOx"], "eps_m": m["eps"],
             "N_p": p["N"], "eps_L": L["eps"], "aOx_L": L["aOx"], "aOy_L": L["aOy"],
             "rest_ok": rest, "sliding_ok": sliding, "liftoff_ok": lift,
             "book_24": 0 < lam < f and -f < k < -lam,
             "three": rest and sliding and lift, "rest_only": rest and not sliding and not lift,
             "not_static": not rest}
    return table.get(name)


def onepoint_mode_det(xc, yc, rho2, f):
    """Delta_- of the sliding mode sigma = -1, from the Newton-Euler system: N times Delta_- is linear in F, and
    Delta_- is the system's determinant (up to sign: det = -Delta_-, checked at f = 0 where Delta = rho2 + xc^2)."""
    A = [[1, 0, 0, 0, -1, 0, 0], [0, 1, 0, -1, 0, 0, 0], [0, 0, rho2, xc, -yc, 0, 0],
         [-1, 0, -yc, 0, 0, 1, 0], [0, -1, xc, 0, 0, 0, 1], [0, 0, 0, -f, 1, 0, 0], [0, 0, 0, 0, 0, 0, 1]]
    d0 = det(matrix([[1, 0, 0, 0, -1, 0, 0], [0, 1, 0, -1, 0, 0, 0], [0, 0, rho2, xc, -yc, 0, 0],
                     [-1, 0, -yc, 0, 0, 1, 0], [0, -1, xc, 0, 0, 0, 1], [0, 0, 0, 0, 1, 0, 0],
                     [0, 0, 0, 0, 0, 0, 1]]))
    # normalised so that the f = 0 value is rho2 + xc^2 (the moment of inertia about O minus yc^2)
    return det(matrix(A)) / d0 * (rho2 + xc**2)


# ------------------------------------------------------------------------------------------ Problem C (bench)

def bench_static(f, g, Q1, Q2, Q3):
    """Rest is possible iff the statics (4.1)-(4.2) with zero accelerations (F_Ay + F_By = -Q2,
    F_By - F_Ay = -Q3, N_A = N_B = g/2 for the symmetric bench) admit an F_Ax with both forces in their
    friction discs: the interval of F_Ax allowed by A meets the one allowed by B (F_Bx = -Q1 - F_Ax)."""
    NA = NB = g / 2
    FAy, FBy = (Q3 - Q2) / 2, -(Q2 + Q3) / 2
    if FAy**2 > (f * NA)**2 or FBy**2 > (f * NB)**2:
        return False, None
    rA, rB = sqrt((f * NA)**2 - FAy**2), sqrt((f * NB)**2 - FBy**2)
    # A: |F_Ax| <= rA; B: |Q1 + F_Ax| <= rB; the largest |Q1| with a common F_Ax is rA + rB
    lo, hi = max(-rA, -Q1 - rB), min(rA, -Q1 + rB)
    return lo <= hi, rA + rB


def bench_psi(f, g, beta, a, b):
    """(4.13): Q1 = psi(x) for a sliding motion with N_A = x (spec/ch4.md R24, checked there against (4.1)-(4.3))."""
    # (at x* the last radicand is 0; rounding may leave it at -1e-40, so it is clipped at 0)
    return lambda x: (2 * x - g) / beta + sqrt(max(f**2 * x**2 - b**2, 0)) + sqrt(max(f**2 * (g - x)**2 - a**2, 0))


def bench(name, env):
    f, g, beta = env["f"], env["g"], env["beta"]
    if name == "zone_ivanov_literal":
        # R19: ref. [6] as the OCR reads it, in the book's notation (the symmetric bench: N_A = N_B = g/2)
        na = nb = g / 2
        ra, rb = (f * na) ** 2 - env["Q1"] ** 2, (f * nb) ** 2 - env["Q2"] ** 2
        return ra >= 0 and rb >= 0 and abs(env["Q3"]) <= sqrt(ra) + sqrt(rb)
    if name in ("Q1_static_max", "zone", "outside"):
        ok, qmax = bench_static(f, g, env["Q1"], env["Q2"], env["Q3"])
        return {"Q1_static_max": qmax, "zone": ok, "outside": not ok}[name]
    if name == "a_c":
        # the a where psi'(g/2) changes sign (b = 0), by bisection with a numerical derivative
        lo, hi = mpf(0), f * g / 2 - mpf(10)**-20
        for _ in range(120):
            mid = (lo + hi) / 2
            d = diff(bench_psi(f, g, beta, mid, 0), g / 2)
            lo, hi = (mid, hi) if d > 0 else (lo, mid)
        return (lo + hi) / 2
    a = env["a"]
    psi = bench_psi(f, g, beta, a, 0)
    xs = g - a / f
    if name == "S":
        return psi(g / 2)
    if name == "P":
        return psi(xs)
    if name == "xstar":
        return xs
    if name in ("xss", "psi2"):
        lo, hi = g / 2, xs
        for _ in range(200):                                  # golden section for the maximum of the concave psi
            m1, m2 = lo + (hi - lo) * mpf("0.381966011250105151795"), hi - (hi - lo) * mpf("0.381966011250105151795")
            lo, hi = (lo, m2) if psi(m1) > psi(m2) else (m1, hi)
        return (lo + hi) / 2 if name == "xss" else psi((lo + hi) / 2)
    # the regions: static by the statics (Q2 = Q3 = a); sliding motions = roots of psi(x) = Q1 on (g/2, x*)
    Q1 = env["Q1"]
    static = bench_static(f, g, Q1, a, a)[0]
    n = 4000
    xsamp = [g / 2 + (xs - g / 2) * (mpf(k) + mpf(1) / 2) / n for k in range(n)]
    vals = [psi(x) - Q1 for x in xsamp]
    roots = sum(1 for i in range(n - 1) if (vals[i] > 0) != (vals[i + 1] > 0))
    label = ("static_only" if roots == 0 else "static_sliding") if static else \
            {0: "liftoff", 1: "one_sliding", 2: "two_sliding"}[roots]
    return name == label


# ------------------------------------------------------------------------------------------ claims
# Evidence for a claim's verdict, not a proof: "proved" needs no mismatch on a scan and the numerical threshold
# equal to the claimed one (to 1e-25); "consistent" needs no mismatch; "refuted" a mismatch.

GOLD = mpf("0.381966011250105151795")


def golden_min(fn, lo, hi, n=200, it=120):
    """min of fn over [lo, hi]: the best of n + 1 grid points, refined by golden section in its neighbourhood."""
    xs = [lo + (hi - lo) * i / n for i in range(n + 1)]
    i = min(range(n + 1), key=lambda j: fn(xs[j]))
    a, b = xs[max(i - 1, 0)], xs[min(i + 1, n)]
    for _ in range(it):
        m1, m2 = a + (b - a) * GOLD, b - (b - a) * GOLD
        a, b = (a, m2) if fn(m1) < fn(m2) else (m1, b)
    return min(fn(xs[i]), fn((a + b) / 2))


def bisect_up(pred, lo, hi, it=100):
    """The switch point of a predicate false at lo and true at hi."""
    for _ in range(it):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if pred(mid) else (mid, hi)
    return (lo + hi) / 2


def threshold_check(model, claim, lo, hi, want, n=60):
    """model(v), claim(v) on n values of the parameter in (lo, hi) (off WANT, the claimed threshold), and the
    model's switch point against the claim's, both by bisection."""
    vals = [lo + (hi - lo) * (i + mpf(1) / 7) / n for i in range(n)]
    bad = [v for v in vals if abs(v - want) > mpf(10)**-3 and model(v) != claim(v)]
    thr, cb = bisect_up(model, lo, hi), bisect_up(claim, lo, hi)
    if bad:
        return "refuted", f"{len(bad)} of {n} values differ (e.g. {mp.nstr(bad[0], 8)})"
    edge = abs(thr - cb)
    return ("proved" if edge < mpf(10)**-25 else "refuted"), \
        f"no mismatch on {n} values; model threshold {mp.nstr(thr, 20)}, |threshold - claim| = {mp.nstr(edge, 3)}"


def appell_threshold(env):
    """"D_-(phi) < 0 at some acute phi iff f^2 > 8": D_- is the Newton system's determinant (appell_det), its least
    value over phi in [0, pi/2] by grid and golden section, scanned over f in (0, 6), the switch by bisection."""
    g, r = env["g"], env["r"]
    model = lambda f: golden_min(lambda ph: appell_det(ph, mpf(0), f, g, r, -1), mpf(0), pi / 2, 90, 90) < 0
    return threshold_check(model, lambda f: f > 0 and f**2 > 8, mpf(0), mpf(6), 2 * sqrt(2), 40)


def onepoint_rod_threshold(env):
    """"Some orientation phi of the uniform rod has f > lambda(phi) iff f > 4/3": lambda(phi) is the zero in f of
    the sliding determinant of the Newton-Euler system (the rod of half-length 1, rho^2 = 1/3), its least value
    over phi by grid and golden section; the scan over f in (0, 2) compares f > min lambda with f > 4/3."""
    def lam(ph):
        # the sliding determinant of the Newton-Euler system is linear in f (f enters one row, linearly): its zero
        # from the values at f = 0 and f = 1 (onepoint's own bisection can hit an exactly singular midpoint,
        # where mpmath's LU fails)
        d0, d1 = (onepoint_mode_det(cos(ph), sin(ph), mpf(1) / 3, mpf(ff)) for ff in (0, 1))
        return d0 / (d0 - d1)
    lmin = golden_min(lam, pi / 20, pi / 2 - pi / 20, 18, 60)
    return threshold_check(lambda f: f > lmin, lambda f: f > mpf(4) / 3, mpf(0), mpf(2), mpf(4) / 3)


def onepoint_liftoff_region(env):
    """"rest_ok and (2.4) <=> rest_ok and a lift-off solution" on a 41 x 40 grid of (k, f) in [-2, 2] x (0, 2]:
    the lift-off mode from the Newton-Euler system (aOy > 0), lambda by bisection on its sliding determinant
    (independent of k and f), (2.4) as 0 < lambda < f, -f < k < -lambda; points within 1e-3 of k = -f, k = -lambda
    or f = lambda skipped."""
    th, l, rho2, Fy = env["theta"], env["l"], env["rho2"], env["Fy"]
    xc, yc = l * cos(th), l * sin(th)
    lam = onepoint("lambda", dict(env, k=mpf(0), f=mpf(1)))
    bad = n = 0
    for i in range(41):
        k = mpf(-2) + mpf(i) / 10 + mpf(1) / 97
        for j in range(1, 41):
            f = mpf(j) / 20 + mpf(1) / 89
            if min(abs(k + f), abs(k + lam), abs(f - lam)) < mpf(10)**-3:
                continue
            Fx = k * abs(Fy)
            rest = abs(Fx) <= f * abs(Fy) and Fy < 0
            lift = onepoint_mode(xc, yc, rho2, Fx, Fy, f, "lift")["aOy"] > 0
            book = 0 < lam < f and -f < k < -lam
            n += 1
            bad += (rest and book) != (rest and lift)
    return ("refuted" if bad else "consistent"), f"{bad} of {n} grid points differ; lambda = {mp.nstr(lam, 15)}"


def bench_coexistence(env):
    """"Rest and a sliding motion coexist for some push Q1 iff 10 a^2 - 9 a + 2 < 0" (b = 0): rest for
    Q1 <= Q1_static_max (the statics with Q2 = Q3 = a, bench_static), a sliding motion iff psi(x) = Q1 (4.13) has a
    root on (g/2, x*), so both for some Q1 iff the least psi on [g/2, x*] (grid and golden section) is below
    Q1_static_max; scanned over a in (0, fg/2), the lower switch by bisection against the claim's."""
    f, g, beta = env["f"], env["g"], env["beta"]

    def model(a):
        # at 90 digits: psi(x*) takes the square root of a radicand that is 0 up to rounding (about 1e-20 at 40
        # digits, which would blur the switch)
        with mp.workdps(90):
            psi = bench_psi(f, g, beta, a, 0)
            qmax = bench_static(f, g, mpf(0), a, a)[1]
            return golden_min(psi, g / 2, g - a / f, 60, 80) < qmax
    claim = lambda a: 10 * a**2 - 9 * a + 2 < 0
    hi = f * g / 2
    vals = [hi * (i + mpf(1) / 7) / 50 for i in range(50)]
    bad = [a for a in vals if abs(a - mpf(2) / 5) > mpf(10)**-3 and model(a) != claim(a)]
    thr, cb = bisect_up(model, mpf(1) / 10, mpf(9) / 20, 90), bisect_up(claim, mpf(1) / 10, mpf(9) / 20, 90)
    if bad:
        return "refuted", f"{len(bad)} of 50 values of a differ (e.g. {mp.nstr(bad[0], 8)})"
    edge = abs(thr - cb)
    return ("proved" if edge < mpf(10)**-25 else "refuted"), \
        f"no mismatch on 50 values of a; switch at a = {mp.nstr(thr, 20)} (the claim's {mp.nstr(cb, 20)}); upper end a = fg/2 = {hi}"


ORACLES = {"ch4_appell_painleve.case": appell, "ch4_onepoint_contact.case": onepoint, "ch4_bench.case": bench}
CLAIMS = {"ch4_appell_painleve.case": {"threshold": appell_threshold},
          "ch4_onepoint_contact.case": {"rod_threshold": onepoint_rod_threshold,
                                        "liftoff_region": onepoint_liftoff_region},
          "ch4_bench.case": {"coexistence": bench_coexistence}}

def main(oracles, claims=None):
    """Runs the oracles (case file name -> function) of the cases named on the command line, all by
    default, with the claim checks CLAIMS (case file name -> {claim: function}; this file's by default);
    exit status 1 on any mismatch or a case without an oracle."""
    names = sys.argv[1:] or list(oracles)
    bad = 0
    for c in names:
        c = Path(c).name
        if c not in oracles:
            print(f"no oracle for {c}", file=sys.stderr)
            bad += 1
            continue
        bad += run(c, oracles[c], (CLAIMS if claims is None else claims).get(c))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main(ORACLES)
