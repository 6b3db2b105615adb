#!/usr/bin/env python3
"""Independent oracle for cases/ch5_rolling_body_liftoff.case and cases/ch6_tripod_translation.case.

Does not import fricert. mpmath at 40 digits. The mechanics is recomputed from first principles:
  ch5: planar rolling of a sphere-bounded body; N = g + z_G'' with theta_dot^2 from the energy integral,
       its minimum over the motion interval by dense sampling + local refinement, and K* by bisection on the sign of
       that minimum (not the closed-form cubic root); kappa = z''_O after release = -g + d cos(theta) theta_dot^2
       (free planar motion after release has no moment about G, so theta'' = 0 there).
  ch6: the reactions from the 3x3 linear system of force/moment balance (3.5) (mpmath lu_solve), the distances
       from O_1 to the sides by point-line geometry, the determinant of the 2x2 system (3.4) from its matrix and the
       critical directions by root-finding.
Tolerances are those of the [expect] lines; each is at least the last printed digit of the spec value it checks.
Prints each check; exits 1 on a mismatch.
"""
import sys
from mpmath import mp, mpf, sqrt, cos, sin, pi, atan, asin, findroot, matrix, lu_solve, diff, cbrt
from oracle_util import check, truth, failures

mp.dps = 40


# ------------------------------------------------------------------------------------------------ ch5
G = mpf(981) / 100


class Body:
    def __init__(self, R, d, A, g=G):
        self.R, self.d, self.A, self.g = mpf(R), mpf(d), mpf(A), mpf(g)
        self.b2 = self.A + self.R**2 + self.d**2
        self.xi1 = self.b2 - 2 * self.R * self.d
        self.xi2 = self.b2 + 2 * self.R * self.d
        self.W = 4 * self.R**2 - 2 * self.b2

    def gamma(self, u):
        return self.b2 + 2 * self.d * self.R * u

    # energy integral of planar rolling: (A + R^2 + d^2 + 2 R d u) th'^2 + 2 g (R + d u) = const
    def thdot2(self, u, K):
        # K = xi0 (1 + sigma) fixes the constant: gamma th'^2 = (g/R)(K - gamma)  (checked below against energy)
        return self.g / self.R * (K - self.gamma(u)) / self.gamma(u)

    def N_mech(self, theta, K):
        """N = g + d^2/dt^2 (R + d cos theta), with th'' = (1/2) d(th'^2)/dtheta."""
        u = cos(theta)
        t2 = self.thdot2(u, K)
        tdd = diff(lambda th: self.thdot2(cos(th), K), theta) / 2
        return self.g - self.d * (cos(theta) * t2 + sin(theta) * tdd)

    def K_of(self, u0, sigma):
        return self.gamma(u0) * (1 + mpf(sigma))

    def min_N(self, K, n=400):
        """min of N over the motion interval (u with gamma <= K), by sampling then golden refinement."""
        # gamma = b2 + 2 d R cos(theta) <= K: theta in [theta_K, pi], theta_K = acos((K - b2)/(2 d R)) (0 if K >= xi2)
        from mpmath import acos
        uK = (K - self.b2) / (2 * self.d * self.R)
        tlo = acos(uK) if uK < 1 else mpf(0)
        thi = pi
        f = lambda th: self.N_mech(th, K)
        best = None
        for i in range(n + 1):
            th = tlo + (thi - tlo) * i / n
            v = f(th)
            if best is None or v < best[0]:
                best = (v, th)
        # golden-section refinement around the best sample
        step = (thi - tlo) / n
        a = max(tlo, best[1] - step); b = min(thi, best[1] + step)
        gr = (sqrt(5) - 1) / 2
        for _ in range(120):
            c = b - gr * (b - a); e = a + gr * (b - a)
            if f(c) < f(e):
                b = e
            else:
                a = c
        th = (a + b) / 2
        return min(best[0], f(th)), cos(th)

    def Kstar(self):
        """smallest K at which min N over the motion reaches 0, by bisection."""
        lo, hi = self.xi1 * (1 + mpf(10)**-12), mpf(100)
        if self.min_N(lo)[0] <= 0:
            return lo
        for _ in range(110):
            mid = (lo + hi) / 2
            if self.min_N(mid)[0] > 0:
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2


def ch5():
    print("== ch5_rolling_body_liftoff ==")
    # (1.8) against the mechanics at a few points
    b = Body(1, '0.5', '0.1')
    for th, K in [(mpf('0.3'), mpf(3)), (mpf(2), mpf('1.7')), (mpf('1.1'), mpf(7))]:
        g_ = b.gamma(cos(th))
        rhs = b.g / (4 * b.R**2) * (b.W - K + 2 * g_ + K * b.xi1 * b.xi2 / g_**2)
        check(f"(1.8) vs N = g + z_G'' at theta={th}, K={K}", b.N_mech(th, K), rhs, mpf(10)**-25)
    # energy integral: gamma th'^2 + 2 g d u / R*R... check d/dt of energy numerically: E(u) = (gamma th'^2 + 2 g (R + d u))/2
    E = lambda u: (b.gamma(u) * b.thdot2(u, 5) + 2 * b.g * (b.R + b.d * u)) / 2
    check("energy constant along the motion (u=0.2 vs u=-0.7)", E(mpf('0.2')), E(mpf('-0.7')), mpf(10)**-30)

    # the case's body R=1, d=0.95, A=0.001
    b3 = Body(1, '0.95', '0.001')
    check("b2", b3.b2, '1.9035', 1e-30); check("W", b3.W, '0.193', 1e-30)
    check("xi1", b3.xi1, '0.0035', 1e-30); check("xi2", b3.xi2, '3.8035', 1e-30)
    Ks3 = b3.Kstar()
    check("Kstar (bisection on min N)", Ks3, '0.872367785741', mpf(10)**-12)
    mn, uz = b3.min_N(Ks3)
    check("u_z (argmin of N at K*)", uz, '-0.8826547744314', mpf(10)**-9)  # argmin of a flat minimum: ~sqrt(eps)
    check("Nmin_at_Kstar", mn, 0, mpf(10)**-20)
    gz = b3.gamma(uz)
    check("gamma_z_check", gz, '0.226455928580324', mpf(10)**-8)
    # maxof check: max over gamma of K* - 2 gamma - K* xi1 xi2/gamma^2 = W at K*
    F = lambda x: Ks3 - 2 * x - Ks3 * b3.xi1 * b3.xi2 / x**2
    xm = findroot(lambda x: diff(F, x), gz)
    check("M_at_Kstar", F(xm), b3.W, mpf(10)**-20)

    # the right edge of the lift-off-free band of the figure: the start u0 whose xi0 = gamma(u0) equals K*
    # (beyond it N vanishes for every sigma >= 0); a root of gamma(u) - K* found by bisection
    u_edge = findroot(lambda u: b3.gamma(u) - Ks3, (mpf(-1), mpf(0)), solver='bisect')
    check("u0_case1 (xi0 = K*)", u_edge, '-0.542701165399', mpf(10)**-11)

    def sig_star(bd, u0, Ks):
        return Ks / bd.gamma(mpf(u0)) - 1

    u0 = mpf('-0.8')
    check("sigma_star@b3_osc", sig_star(b3, u0, Ks3), '1.2747530267', mpf(10)**-10)
    check("sigma_rot@b3_osc", b3.xi2 / b3.gamma(u0) - 1, '8.91786179922', mpf(10)**-10)

    def regions(bd, u0, sigma):
        K = bd.K_of(mpf(u0), sigma)
        mn = bd.min_N(K)[0]
        lift = mn < 0
        rot = K > bd.xi2
        return dict(lift=lift, rot=rot, free_osc=not lift and not rot, free_rot=not lift and rot,
                    lift_osc=lift and not rot, lift_rot=lift and rot, K=K)

    def book(bd, u0, sigma):
        K = bd.K_of(mpf(u0), sigma)
        xi0 = bd.gamma(mpf(u0)); P = bd.xi1 * bd.xi2
        B1 = xi0 - 3 * cbrt(xi0 * P); B2 = bd.xi2**2 / bd.xi1 - 3 * bd.xi2
        # eps*: root >= 1 of W - xi0 eps + 3 (xi0 xi1 xi2 eps)^(1/3) = 0 (found numerically, largest root)
        h = lambda e: bd.W - xi0 * e + 3 * cbrt(xi0 * P * e)
        eps = findroot(h, max(mpf(1), 10 / xi0) if True else 1)
        # make sure it is the largest root: h decreasing beyond it
        c1 = bd.W > 0 and bd.W < B1
        c2 = bd.W > 0 and B1 <= bd.W < B2 and sigma > eps - 1
        c3 = bd.W >= B2 and sigma >= bd.xi2 * (bd.W + 2 * bd.xi2) / (xi0 * (bd.xi2 - bd.xi1)) - 1
        return dict(c1=c1, c2=c2, c3=c3, B1=B1, eps=eps)

    r = regions(b3, '-0.8', 3); bk = book(b3, '-0.8', 3)
    truth("lift_osc@b3_osc", r['lift_osc'], True); truth("book_case2@b3_osc", bk['c2'], True)
    truth("rotational@b3_osc", r['rot'], False)
    r = regions(b3, '-0.8', 1); truth("free_osc@b3_free", r['free_osc'], True); truth("lift@b3_free", r['lift'], False)
    r = regions(b3, '-0.8', 10); truth("lift_rot@b3_rot", r['lift_rot'], True)
    # the refutation witness of claim.case2_rotational (u0 = -2/3, sigma = 2)
    r = regions(b3, mpf(-2) / 3, 2); bk = book(b3, mpf(-2) / 3, 2)
    truth("witness case2_rotational: book case 2 holds", bk['c2'], True)
    truth("witness case2_rotational: motion is oscillatory", r['rot'], False)
    truth("witness case2_rotational: N vanishes (brute force)", r['lift'], True)

    # body 1: d = 0.5, A = 0.1
    b1 = Body(1, '0.5', '0.1'); Ks1 = b1.Kstar()
    check("Kstar@b1_top", Ks1, '6.562459540894', mpf(10)**-12)
    mn, uz1 = b1.min_N(Ks1)
    check("u_z@b1_top", uz1, '0.404153180298', mpf(10)**-9)
    check("sigma_star@b1_top", sig_star(b1, 1, Ks1), '1.79253597485', mpf(10)**-11)
    # kappa: z''_O after release = -g + d u th'^2 (mechanics), and R1.6
    g1 = b1.gamma(uz1)
    kap_mech = -b1.g + b1.d * uz1 * b1.thdot2(uz1, Ks1)
    kap_R16 = -4 * b1.g * b1.R * b1.d**2 * (1 - uz1**2) * (b1.R + b1.d * uz1) / (g1**2 - b1.xi1 * b1.xi2)
    check("kappa_z2@b1_top (mechanics)", kap_mech, '-4.37612519633', mpf(10)**-8)  # uz1 from a flat argmin
    check("kappa_z@b1_top (R1.6 at the mechanical zero)", kap_R16, '-4.37612519633', mpf(10)**-8)
    r = regions(b1, 1, mpf(179) / 100); truth("free_rot@b1_top_179", r['free_rot'], True)
    r = regions(b1, 1, mpf(180) / 100); truth("lift_rot@b1_top_180", r['lift_rot'], True)
    truth("book_case2@b1_top_180", book(b1, 1, mpf(180) / 100)['c2'], True)
    check("sigma_star@b1_side", sig_star(b1, 0, Ks1), '3.8610811414', mpf(10)**-10)
    check("sigma_rot@b1_side", b1.xi2 / b1.gamma(0) - 1, '0.740740740741', mpf(10)**-12)
    r = regions(b1, 0, 1); truth("free_rot@b1_side", r['free_rot'], True)
    check("sigma_star@b1_bottom", sig_star(b1, -1, Ks1), '17.7498844026', mpf(10)**-10)

    b2 = Body(1, '0.9', '0.05'); Ks2 = b2.Kstar()
    check("Kstar@b2_case1", Ks2, '2.844482913041', mpf(10)**-12)
    check("u_z@b2_case1", b2.min_N(Ks2)[1], '-0.5584290901775', mpf(10)**-9)
    bk = book(b2, '0.9', 0)
    check("B1@b2_case1", bk['B1'], '0.737214901446', mpf(10)**-12)
    truth("book_case1@b2_case1", bk['c1'], True)
    truth("lift@b2_case1", regions(b2, '0.9', 0)['lift'], True)

    b4 = Body(1, '0.2', '0.4'); Ks4 = b4.Kstar()
    check("Kstar@b4_last", Ks4, '11.04', mpf(10)**-12)  # bisection: tolerance of the expect is 1e-25 (exact), see below
    check("Kstar@b4_last exact form xi2 (W + 2 xi2)/(xi2 - xi1)", b4.xi2 * (b4.W + 2 * b4.xi2) / (b4.xi2 - b4.xi1), '11.04', mpf(10)**-30)
    check("u_z@b4_last (argmin at the top)", b4.min_N(Ks4)[1], 1, mpf(10)**-9)
    check("sigma_star@b4_last", sig_star(b4, 0, mpf('11.04')), mpf(20) / 3, mpf(10)**-30)
    truth("free_rot@b4_last", regions(b4, 0, 6)['free_rot'], True)
    truth("lift_rot@b4_last_lift", regions(b4, 0, 7)['lift_rot'], True)
    truth("book_case3@b4_last_lift", book(b4, 0, 7)['c3'], True)
    b5 = Body(1, '0.1', '0.1'); Ks5 = b5.Kstar()
    check("Kstar@b5_last", Ks5, '14.41', mpf(10)**-12)
    check("sigma_star@b5_last", sig_star(b5, '0.5', mpf('14.41')), mpf(120) / 11, mpf(10)**-30)
    b6 = Body(1, '1.2', '0.5'); Ks6 = b6.Kstar()
    check("W@b6_Wneg", b6.W, '-1.88', 1e-30)
    check("Kstar@b6_Wneg", Ks6, '5.785691938297', mpf(10)**-12)
    check("u_z@b6_Wneg", b6.min_N(Ks6)[1], '-0.1603205641254', mpf(10)**-9)

    # claims on the zeros of N: at every u1 where some K >= gamma(u1) makes N(u1) = 0, kappa < 0
    bad = 0; nz = 0
    for i in range(1, 400):
        u1 = -1 + mpf(2) * i / 400
        g_ = b3.gamma(u1); P = b3.xi1 * b3.xi2
        if g_**2 <= P:
            continue
        Kz = (b3.W + 2 * g_) * g_**2 / (g_**2 - P)
        if Kz < g_:
            continue
        nz += 1
        # the mechanical N at u1 for this K is zero, and kappa from the mechanics:
        from mpmath import acos
        assert abs(b3.N_mech(acos(u1), Kz)) < mpf(10)**-20
        kap = -b3.g + b3.d * u1 * b3.thdot2(u1, Kz)
        if not kap < 0:
            bad += 1
    truth(f"kappa < 0 at all {nz} sampled zeros (claim.book_slides proved, textbook_jump refuted)", bad == 0, True)
    u1 = mpf(-1) / 3; g_ = b3.gamma(u1); P = b3.xi1 * b3.xi2
    Kz = (b3.W + 2 * g_) * g_**2 / (g_**2 - P)
    truth("witness textbook_jump u1=-1/3: a zero is possible there", g_**2 > P and Kz >= g_, True)
    truth("witness textbook_jump u1=-1/3: kappa < 0 (no jump)", -b3.g + b3.d * u1 * b3.thdot2(u1, Kz) < 0, True)


# ------------------------------------------------------------------------------------------------ ch6
def ch6():
    print("== ch6_tripod_translation ==")
    g = G
    X = [mpf(1), mpf('-0.6'), mpf('-0.5')]; Y = [mpf('0.1'), mpf('0.9'), mpf('-0.8')]
    J, Jxz, Jyz = mpf(1), mpf('0.6'), mpf('0.8')

    def reactions(f, h, a):
        M = matrix([[1, 1, 1], X, Y])
        rhs = matrix([g, f * g * h * cos(a), f * g * h * sin(a)])
        return lu_solve(M, rhs)

    def det34(f, a):
        # (3.4): X (Jxz sin a) - Y (Jxz cos a + J/f) = ..., X (Jyz sin a + J/f) - Y (Jyz cos a) = ...
        M = matrix([[Jxz * sin(a), -(Jxz * cos(a) + J / f)], [Jyz * sin(a) + J / f, -Jyz * cos(a)]])
        return M[0, 0] * M[1, 1] - M[0, 1] * M[1, 0]

    # f0: the smallest f for which det34 vanishes in some direction (min over a of det f^2/J by root-finding)
    amin = findroot(lambda a: diff(lambda t: Jxz * cos(t) + Jyz * sin(t), a), 4)
    f0 = -J / (Jxz * cos(amin) + Jyz * sin(amin))
    check("f0", f0, 1, mpf(10)**-30)
    check("delta_J = atan2(Jxz, Jyz)", atan(Jxz / Jyz), '0.643501108793284386802809228717', mpf(10)**-25)
    check("Dsign@f05_worst = (f^2/J) det", det34(mpf('0.5'), amin) * mpf('0.25') / J, '0.5', mpf(10)**-25)
    check("alpha@f1_crit (double root)", amin, '4.068888', mpf(10)**-6)
    check("Delta@f1_crit", det34(mpf(1), amin), 0, mpf(10)**-25)
    check("z2@f1_crit", Jxz * cos(amin) + Jyz * sin(amin), -1, mpf(10)**-25)
    r1 = findroot(lambda a: det34(mpf(2), a), 5.1); r2 = findroot(lambda a: det34(mpf(2), a), 3.0)
    check("alpha_c1@f2_crit1 (root of det)", r1, '5.116085', mpf(10)**-6)
    check("alpha@f2_crit1 = 2 pi - atan(3/4) - pi/6", 2 * pi - atan(mpf(3) / 4) - pi / 6, r1, mpf(10)**-30)
    check("alpha_c2@f2_crit2 (root of det)", r2, '3.021690', mpf(10)**-6)
    check("alpha@f2_crit2 = pi - atan(3/4) + pi/6", pi - atan(mpf(3) / 4) + pi / 6, r2, mpf(10)**-30)
    check("z2@f2_crit1", Jxz * cos(r1) + Jyz * sin(r1), '-0.5', mpf(10)**-25)
    check("Delta@f2_crit1", det34(mpf(2), r1), 0, mpf(10)**-25)
    truth("grow@f2_grow: det < 0 at f=2, alpha=4", det34(mpf(2), mpf(4)) < 0, True)
    truth("grow@f2_grow: all reactions > 0 at h=0.1", all(n > 0 for n in reactions(mpf(2), mpf('0.1'), mpf(4))), True)

    def dist(i):
        j, k = [m for m in range(3) if m != i]
        # distance from the origin to the line through A_j, A_k
        return abs(X[j] * Y[k] - X[k] * Y[j]) / sqrt((X[j] - X[k])**2 + (Y[j] - Y[k])**2)

    for i, v in enumerate(['0.546115', '0.428746', '0.536656']):
        check(f"dist{i+1}", dist(i), v, mpf(10)**-6)
    dmin = min(dist(i) for i in range(3))
    check("d_min", dmin, '0.428746', mpf(10)**-6)
    check("f_alldir = d_min/h (h = 0.3)", dmin / mpf('0.3'), '1.42915487618757', mpf(10)**-12)
    N = reactions(mpf('0.4'), mpf('0.3'), 0)
    for i, v in enumerate(['4.213841', '2.385614', '3.210545']):
        check(f"N{i+1}@e63_a0", N[i], v, mpf(10)**-6)
    truth("decay@e63_a0: det > 0 and N > 0", det34(mpf('0.4'), 0) > 0 and all(n > 0 for n in N), True)
    N = reactions(mpf('0.4'), mpf('0.3'), pi)
    for i, v in enumerate(['2.69775', '3.18825', '3.92400']):
        check(f"N{i+1}@e63_api", N[i], v, mpf(10)**-5)
    # the unloading direction: outward normal of side A3A1
    nx, ny = (Y[0] - Y[2]), -(X[0] - X[2])          # a normal of A3->A1
    if nx * X[0] + ny * Y[0] < 0:
        nx, ny = -nx, -ny
    from mpmath import atan2
    an = atan2(ny, nx)
    check("outward normal of A3A1 = -1.030377", an, '-1.030377', mpf(10)**-6)
    N = reactions(mpf('0.5'), mpf(1), mpf('-1.030377'))
    for i, v in enumerate(['4.92152', '-0.46316', '5.35164']):
        check(f"N{i+1}@e63_unload", N[i], v, mpf(10)**-5)
    truth("unloaded@e63_unload", min(N) < 0, True)
    # claim witness ivanov_unique: f = 2, beta = 1/2 -> alpha = pi + 1/2 is a direction with det <= 0
    truth("witness ivanov_unique (f=2, alpha=pi+1/2): det34 <= 0", det34(mpf(2), pi + mpf('0.5')) <= 0, True)
    # the quarter-turn beta in [0, pi/2] holds the minimiser of z2 (so the threshold over beta is f0)
    truth("argmin of z2 lies in [pi, 3 pi/2]", pi <= amin <= 3 * pi / 2, True)


if __name__ == "__main__":
    ch5()
    ch6()
    print(f"{'ALL OK' if failures() == 0 else str(failures()) + ' FAILED'}")
    sys.exit(1 if failures() else 0)
