"""verify_levenson.py -- independent check of cases/levenson_wagon.case (Rozenblat ch. 8 problem 3; spec/ch8a.md
R3.2-R3.6, E5).

The five equations of R3.3 (each wheel's translation and rotation, with v = omega r, and the body's translation) are
solved exactly with sympy for v', F1, F2, S1, S2. The vertical reactions at the axles are found from the body's
balance in its own frame: the forces Mg down, T_lead and T_trail up at x = +b and x = -b (x forward), the inertial
force -M v' forward at height a, and the moment about the midpoint of the axles; the horizontal axle forces act at
axle height and give no moment. The normal rail reactions are mg + T. The no-slip test is |F_i| <= mu N_i.
Run: python3 tests/oracles/verify_levenson.py"""
import sys
from pathlib import Path
import sympy as sp
from mpmath import mp, mpf
sys.path.insert(0, str(Path(__file__).resolve().parent))
from oracle_util import check, truth, failures, read_case  # noqa: E402

mp.dps = 40
ROOT = Path(__file__).resolve().parents[2]

m, M, a, b, mu, mu1, g, N01, N02 = sp.symbols("m M a b mu mu1 g N01 N02", positive=True)
vd, F1, F2, S1, S2, Tl, Tt = sp.symbols("vdot F1 F2 S1 S2 T_lead T_trail")
# R3.3 (rolling: the wheel's angular acceleration is v'/r, its moment of inertia m r^2/2)
sol = sp.solve([sp.Eq(m * vd, -F1 + S1), sp.Eq(m / 2 * vd, F1 - 2 * mu1 * N01),
                sp.Eq(m * vd, -F2 + S2), sp.Eq(m / 2 * vd, F2 - 2 * mu1 * N02),
                sp.Eq(M * vd, -S1 - S2)], [vd, F1, F2, S1, S2], dict=True)[0]
d = sp.simplify(-sol[vd])
# the body: vertical and moment balance about the axles' midpoint (wheel 2 leads, at x = +b)
inertial = -M * sol[vd]                     # forward (positive x) since v' < 0 when braking
Tsol = sp.solve([sp.Eq(Tl + Tt, M * g), sp.Eq(b * Tl - b * Tt - a * inertial, 0)], [Tl, Tt], dict=True)[0]
EXPR = {"d": d, "F1": sol[F1], "F2": sol[F2], "S1": sol[S1], "S2": sol[S2],
        "T_lead": Tsol[Tl], "T_trail": Tsol[Tt],
        "N1": m * g + Tsol[Tt], "N2": m * g + Tsol[Tl]}


def num(e, p):
    return mpf(sp.N(e.subs(p), 50))


def main():
    params, points, expects = read_case(ROOT / "cases" / "levenson_wagon.case", lambda v: sp.nsimplify(v.replace("^", "**")))
    base = {sp.Symbol(k, positive=True): v for k, v in params.items() if v is not None}
    print("== levenson_wagon")
    # the printed closed forms against the exact solution
    truth("claim.F1_solution: F1 = mu1[(5m + 2M)N01 - m N02]/(3m + M) (R3.3)",
          sp.simplify(EXPR["F1"] - mu1 * ((5 * m + 2 * M) * N01 - m * N02) / (3 * m + M)) == 0, True)
    truth("claim.S1_solution: S1 = mu1[(2M + 3m)N01 - 3m N02]/(3m + M) (R3.3, notes)",
          sp.simplify(EXPR["S1"] - mu1 * ((2 * M + 3 * m) * N01 - 3 * m * N02) / (3 * m + M)) == 0, True)
    truth("d = 2 mu1 (N01 + N02)/(3m + M)", sp.simplify(d - 2 * mu1 * (N01 + N02) / (3 * m + M)) == 0, True)
    truth("claim.lead_plus: T_lead = (M/2)(g + (a/b) d)", sp.simplify(Tsol[Tl] - M / 2 * (g + a / b * d)) == 0, True)
    truth("claim.lead_minus refuted: T_lead != (M/2)(g - (a/b) d)", sp.simplify(Tsol[Tl] - M / 2 * (g - a / b * d)) != 0, True)
    # rolling bound: F1 + F2 = (2m + M) d and N1 + N2 = (2m + M) g, so |F_i| <= mu N_i for both gives d <= mu g
    truth("claim.rolling_bound: F1 + F2 = (2m + M) d", sp.simplify(EXPR["F1"] + EXPR["F2"] - (2 * m + M) * d) == 0, True)
    truth("                     N1 + N2 = (2m + M) g", sp.simplify(EXPR["N1"] + EXPR["N2"] - (2 * m + M) * g) == 0, True)
    for key, val in expects:
        if key.startswith("claim."):
            continue
        name, pt = (key.split("@") + [None])[:2]
        p = dict(base)
        if pt:
            for k, v in points[pt].items():
                p[sp.Symbol(k, positive=True)] = v
        if name in ("N01_star", "N02_star", "d_over_mug", "slack1", "slack2"):
            # the optimum: both wheels exactly at the limit, F_i = mu N_i, solved for (N01, N02)
            opt = sp.solve([sp.Eq(EXPR["F1"], mu * EXPR["N1"]), sp.Eq(EXPR["F2"], mu * EXPR["N2"])], [N01, N02], dict=True)[0]
            got = {"N01_star": opt[N01], "N02_star": opt[N02], "d_over_mug": d / (mu * g),
                   "slack1": mu * EXPR["N1"] - abs(EXPR["F1"]), "slack2": mu * EXPR["N2"] - abs(EXPR["F2"])}[name]
            q = dict(p)
            if not pt:
                q[N01], q[N02] = opt[N01].subs(p), opt[N02].subs(p)
            val_ = num(got, q)
            want, tol = [sp.nsimplify(x.strip()) for x in val.split("+/-")]
            check(key, val_, mpf(sp.N(want, 50)), mpf(sp.N(tol, 50)))
            continue
        if "+/-" in val:
            want, tol = [sp.nsimplify(x.strip()) for x in val.split("+/-")]
            check(key, num(EXPR[name], p), mpf(sp.N(want, 50)), mpf(sp.N(tol, 50)))
            continue
        s1 = num(mu * EXPR["N1"] - abs(EXPR["F1"]), p)
        s2 = num(mu * EXPR["N2"] - abs(EXPR["F2"]), p)
        t = {"both_slip": s1 < 0 and s2 < 0, "roll": s1 > 0 and s2 > 0,
             "trail_slips": s1 < 0 and s2 > 0, "lead_slips": s1 > 0 and s2 < 0}[name]
        truth(key + " (slacks %s, %s)" % (mp.nstr(s1, 6), mp.nstr(s2, 6)), t, val == "true")
    print("all checks passed" if failures() == 0 else "%d FAILED" % failures())
    return 1 if failures() else 0


if __name__ == "__main__":
    sys.exit(main())
