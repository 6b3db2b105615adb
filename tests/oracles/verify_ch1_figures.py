"""verify_ch1_figures.py -- independent check of cases/ch1_two_support_figures.case (Rozenblat ch. 1 §3,
N1 = N2 = N0, Figures 3-5; spec/ch1.md R14, R15, E4-E6).

Equilibrium is decided directly from the friction forces, not from R14: the moment balance about A1 puts the
friction force w2 at A2 on a line w2 = w2p + s e (e the unit vector along A1A2), w1 = -F - w2, and each ellipse
N0 Phi0(D) (Phi0 = diag(f11, f22)) gives a closed interval of s (a convex quadratic in s); equilibrium iff the two
intervals meet. The closed forms F11, F12, kappa, lambda0 are recomputed from sigma(.) as defined in (3.5), and the
boundary heights m_c found by bisection on the direct test. mpmath at 40 digits; no fricert import.
Run: python3 tests/oracles/verify_ch1_figures.py"""
import sys
from pathlib import Path
from mpmath import mp, mpf, sqrt, sin, cos, pi, nstr
sys.path.insert(0, str(Path(__file__).resolve().parent))
from oracle_util import check, truth, failures, read_case  # noqa: E402

mp.dps = 40
ROOT = Path(__file__).resolve().parents[2]


def s_interval(w0, e, f11, f22, N0):
    """{s : (w0 + s e) in N0 diag(f11, f22)(unit disc)}: ((wx/f11)^2 + (wy/f22)^2 <= N0^2) as [lo, hi] or None."""
    a = (e[0] / f11) ** 2 + (e[1] / f22) ** 2
    b = 2 * (w0[0] * e[0] / f11 ** 2 + w0[1] * e[1] / f22 ** 2)
    c = (w0[0] / f11) ** 2 + (w0[1] / f22) ** 2 - N0 ** 2
    d = b * b - 4 * a * c
    if d < 0:
        return None
    return ((-b - sqrt(d)) / (2 * a), (-b + sqrt(d)) / (2 * a))


def margin(p, F0, mc):
    """> 0: equilibrium with room; < 0: none; the overlap length of the two s-intervals (negative gap)."""
    f11, f22, N0, al, ps = p["f11"], p["f22"], p["N0"], p["alpha"], p["psi0"]
    F = (F0 * cos(al + ps), F0 * sin(al + ps))
    m = mc + F0 * sin(ps) / 2               # moment about A1
    e = (cos(al), sin(al))
    # A2 x w2 + m = 0 with A2 = e: e x w2 = -m; w2p = -m (-e_y, e_x)
    w2p = (m * e[1], -m * e[0])
    I2 = s_interval(w2p, e, f11, f22, N0)
    w1p = (-F[0] - w2p[0], -F[1] - w2p[1])
    I1 = s_interval(w1p, (-e[0], -e[1]), f11, f22, N0)
    if I1 is None or I2 is None:
        return mpf(-1)
    return min(I1[1], I2[1]) - max(I1[0], I2[0])


def top(p, F0):
    """The largest m_c in equilibrium at F0 (bisection on the direct test), or None."""
    lo, hi = mpf(-2), mpf(2)
    # a point inside: the midpoint of the feasible mc-range is found by scanning
    inside = None
    for k in range(-80, 81):
        mc = mpf(k) / 80
        if margin(p, F0, mc) >= 0:
            inside = mc
            break
    if inside is None:
        return None
    lo = inside
    for k in range(80, -81, -1):
        if margin(p, F0, mpf(k) / 80) >= 0:
            lo = mpf(k) / 80
            break
    hi = lo + mpf(1) / 80
    for _ in range(120):
        mid = (lo + hi) / 2
        if margin(p, F0, mid) >= 0:
            lo = mid
        else:
            hi = mid
    return lo


def closed(p):
    f11, f22, N0, al, ps = p["f11"], p["f22"], p["N0"], p["alpha"], p["psi0"]
    sig = lambda t: sqrt((f22 * cos(t)) ** 2 + (f11 * sin(t)) ** 2)
    Delta = f11 * f22
    g = al + ps
    chi = f22 ** 2 * cos(al) * cos(g) + f11 ** 2 * sin(al) * sin(g)
    kappa = chi / Delta
    lam0 = N0 * sig(al)
    F11 = 2 * lam0 * Delta / (sig(al) * sig(g))
    F12 = 2 * lam0 * sin(ps) / (kappa ** 2 + sin(ps) ** 2)
    return dict(kappa=kappa, lambda0=lam0, F11=F11, F12=F12, joint=lam0 * kappa ** 2 / (kappa ** 2 + sin(ps) ** 2))


def ev(txt):
    """A case value (exact rationals, decimals, pi, sqrt, sin, cos) evaluated at 40 digits."""
    import re
    src = re.sub(r"(\d+(?:\.\d*)?(?:e-?\d+)?)", r"mpf('\1')", txt.replace("^", "**"))
    return mpf(eval(src, {"pi": pi, "sqrt": sqrt, "sin": sin, "cos": cos, "mpf": mpf}))


def main():
    path = ROOT / "cases" / "ch1_two_support_figures.case"
    params, points, expects = read_case(path, lambda v: v)
    base = {k: ev(v) for k, v in params.items() if v is not None}
    print("== ch1_two_support_figures")
    for key, val in expects:
        if key.startswith("claim."):
            continue
        name, pt = key.split("@")
        p = dict(base, **{k: ev(v) for k, v in points[pt].items()})
        F0, mc = p["F0"], p["mc"]
        c = closed(p)
        if "+/-" in val:
            want, tol = [ev(x.strip()) for x in val.split("+/-")]
            if name == "mc_top":
                got = top(p, F0)          # from the direct test, not from R14
            elif name == "mc_joint":
                got = top(p, c["F12"])
            elif name in ("F11", "F11_fig5"):
                # the end of the region: the largest F0 with some balanced m_c (bisection on the direct test)
                lo, hi = mpf(0), mpf(2)
                for _ in range(45):
                    mid = (lo + hi) / 2
                    if top(p, mid) is not None:
                        lo = mid
                    else:
                        hi = mid
                got = lo
                tol = max(tol, mpf("1e-9"))
            elif name in ("F12", "F12_fig5", "kappa", "kappa_fig5", "lambda0"):
                got = c[name.split("_")[0]]
            else:
                raise SystemExit("no oracle for " + key)
            check(key, got, want, tol)
        else:
            mg = margin(p, F0, mc)
            if name in ("two_equilibrium", "book_in"):
                truth(key + " (margin %s)" % nstr(mg, 3), mg > mpf("1e-12"), val == "true")
            elif name in ("two_no_equilibrium", "book_out"):
                truth(key + " (margin %s)" % nstr(mg, 3), mg < -mpf("1e-12"), val == "true")
            else:
                raise SystemExit("no oracle for " + key)
    # Figure 5's nesting (alpha = pi/12 inside alpha = pi/4, psi0 = pi/2) on a grid: never in the first and out of
    # the second
    pa = dict(base, alpha=pi / 12, psi0=pi / 2)
    pb = dict(base, alpha=pi / 4, psi0=pi / 2)
    bad = 0
    for i in range(0, 41):
        for j in range(-25, 26):
            F0, mc = mpf(i) / 50, mpf(j) / 50
            if margin(pa, F0, mc) >= 0 and margin(pb, F0, mc) < 0:
                bad += 1
    truth("claim.fig5_nested: no grid point balanced at pi/12 and not at pi/4 (41 x 51)", bad == 0, True)
    # the book's R14 region against the direct test on a grid at Figure 3's data
    bad = 0
    for i in range(0, 33):
        for j in range(-20, 21):
            F0, mc = mpf(i) / 50 + mpf(1) / 997, mpf(j) / 50 + mpf(1) / 991
            c = closed(base)
            if F0 <= c["F12"]:
                b = abs(mc) <= c["lambda0"] - F0 * sin(base["psi0"]) / 2
            else:
                b = F0 <= c["F11"] and 4 * mc ** 2 <= c["kappa"] ** 2 * (c["F11"] ** 2 - F0 ** 2)
            if b != (margin(base, F0, mc) >= 0):
                bad += 1
    truth("claim.fig3: R14 agrees with the direct test on a 33 x 41 grid", bad == 0, True)
    print("%s" % ("all checks passed" if failures() == 0 else "%d FAILED" % failures()))
    return 1 if failures() else 0


if __name__ == "__main__":
    sys.exit(main())
