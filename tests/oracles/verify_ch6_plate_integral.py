#!/usr/bin/env python3
"""verify_ch6_plate_integral.py -- independent check of cases/ch6_plate_integral.case (Rozenblat ch. 6 §5,
Proposition 5; spec/ch6_7.md R6.10).

The plate's equations are taken in the book's square-root form in the direction alpha, not in the case's
half-angle form: A(alpha) = sum N_k cos(b_k)/sqrt(1 - sin(b_k)), G(alpha) = sum N_k sqrt(1 - sin(b_k)),
b_k = alpha_k - alpha, F = 5 k1 A, (5.14) d alpha/d phi = (-k1 A - u)/u, (5.15) du/d phi = -2 k1 G. sympy
differentiates F in alpha itself; the phi-derivative of u (u + F)^4 divided by (u + F)^3 (and of u (u + F)^2 divided
by (u + F)) is evaluated at random points (alpha_k chosen so that every sin(gamma_k) > 0, gamma_k = (2 b_k - pi)/4)
with 40 digits: "proved" needs |value| < 1e-25 at every point, "refuted" a value above 1e-6 somewhere. The sample
point of the case (gamma = 1/2, 1, 2; N = 1, 2, 3; u = 4; K = sqrt(2) k1 = 1/5) is mapped to alpha = 0,
alpha_k = 2 gamma_k + pi/2. It does not import fricert. Run: python3 tests/oracles/verify_ch6_plate_integral.py"""
import random
import sys
from pathlib import Path
import sympy as sp
from mpmath import mp, mpf
sys.path.insert(0, str(Path(__file__).resolve().parent))
from oracle_util import check, truth, failures, read_case  # noqa: E402

mp.dps = 40
ROOT = Path(__file__).resolve().parents[2]

al, u, k1 = sp.symbols("alpha u k1", real=True)
ak = sp.symbols("a1:4", real=True)
Nk = sp.symbols("N1:4", positive=True)
b = [a - al for a in ak]
A = sum(n * sp.cos(x) / sp.sqrt(1 - sp.sin(x)) for n, x in zip(Nk, b))
G = sum(n * sp.sqrt(1 - sp.sin(x)) for n, x in zip(Nk, b))
F = 5 * k1 * A
up = -2 * k1 * G
alp = (-k1 * A - u) / u
Xp = up + sp.diff(F, al) * alp
X = u + F
EXPR = {"dH4": 4 * u * Xp + X * up, "dH2": 2 * u * Xp + X * up, "alp": alp}


def at(gam, N, uu, K):
    """substitution for gamma_k, N_k, u, K = sqrt(2) k1 (alpha = 0, alpha_k = 2 gamma_k + pi/2)"""
    s = {al: 0, u: uu, k1: K / sp.sqrt(2)}
    for i in range(3):
        s[ak[i]] = 2 * gam[i] + sp.pi / 2
        s[Nk[i]] = N[i]
    return s


def val(e, s):
    return mpf(str(sp.N(e.subs(s), 45)))


def main():
    params, points, expects = read_case(ROOT / "cases" / "ch6_plate_integral.case",
                                        lambda v: sp.sympify(v.replace("^", "**")))
    print("== ch6_plate_integral")
    rnd = random.Random(1)
    samples = []
    for _ in range(6):
        gam = [sp.Rational(rnd.randint(1, 29), 10) for _ in range(3)]
        N = [sp.Rational(rnd.randint(1, 50), 10) for _ in range(3)]
        samples.append(at(gam, N, sp.Rational(rnd.randint(1, 100), 10), sp.Rational(rnd.randint(1, 100), 100)))
    for key, want in expects:
        if key.startswith("claim."):
            name = key.split(".", 1)[1]
            if name in ("integral", "integral_omega"):
                vals = [abs(val(EXPR["dH4" if name == "integral" else "dH2"], s)) for s in samples]
                got = "proved" if max(vals) < mpf(10) ** -25 else ("refuted" if max(vals) > mpf(10) ** -6 else "?")
            else:  # special: u = -F (F < 0 needs A < 0; take the samples where it is) gives d alpha/d phi = -4/5
                vals = []
                for s in samples:
                    Fv = val(F, s)
                    s2 = dict(s)
                    s2[u] = -F.subs({k: v for k, v in s.items() if k != u})
                    vals.append(abs(val(alp, s2) + mpf(4) / 5))
                got = "proved" if max(vals) < mpf(10) ** -25 else "refuted"
            truth("%s = %s (oracle %s, max |.| %s)" % (key, want, got, mp.nstr(max(vals), 5)), got == want, True)
            continue
        name, pt = key.split("@")
        p = points[pt]
        s = at([p["g1"], p["g2"], p["g3"]], [p["N1"], p["N2"], p["N3"]], p["u"], p["K"])
        w, tol = [sp.sympify(x.strip()) for x in want.split("+/-")]
        check(key, val(EXPR[name], s), mpf(str(sp.N(w, 45))), mpf(str(sp.N(tol, 45))))
    print("all checks passed" if failures() == 0 else "%d FAILED" % failures())
    return 1 if failures() else 0


if __name__ == "__main__":
    sys.exit(main())
