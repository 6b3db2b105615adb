#!/usr/bin/env python3
"""Independent oracle for cases/ch1_two_point_anisotropic.case and cases/ch2_one_point_obligatory.case.

Does not import fricert. mpmath at 40 digits.

ch1: the admissible moments m = Mz/a are computed DIRECTLY from the friction ellipses, not from the book's
Statement 2: with F2 = N2 Phi0 u, |u| <= 1, the force at A1 is F1 = -F_xy - F2 and |Phi0^-1 F1| <= N1 becomes
u in the disc about c = -Phi0^-1 F_xy / N2 of radius N1/N2. The moment equation (spec/ch1.md R6)
Mz + a (F2y cos(alpha) - F2x sin(alpha)) = 0 makes m a linear function w.u, and its extremes over the
intersection of two discs are found from the disc extremes and the circle intersections.

ch2: f_crit is found by bisection on f of "phi(xi) = C0 xi^2 + (1+k1) f y z xi + (a1+y^2+z^2) takes a
negative value on (-1, 0), or k0 < 1" (spec/ch2_3.md (4.12), R2.18 item 1), without the closed form f* or
the branch rule, and compared with the closed forms and the spec's printed numbers.
Exit status 1 on any mismatch.
"""
import sys
from mpmath import mp, mpf, sqrt, sin, cos, pi, matrix

mp.dps = 40
FAIL = 0


def check(name, got, want, tol):
    global FAIL
    ok = abs(mpf(got) - mpf(want)) <= mpf(tol)
    print("%-4s %-42s got %s want %s tol %s" % ("ok" if ok else "FAIL", name, mp.nstr(got, 20), mp.nstr(mpf(want), 20), tol))
    if not ok:
        FAIL += 1


def truth(name, got, want):
    global FAIL
    ok = (got == want)
    print("%-4s %-42s got %s want %s" % ("ok" if ok else "FAIL", name, got, want))
    if not ok:
        FAIL += 1


# ----------------------------------------------------------------------------------------------- ch1
def m_interval(f11, f12, f21, f22, alpha, psi0, N1, N2, F0):
    """[m_min, m_max] of admissible m = Mz/a, or None if empty (direct, via discs in u)."""
    Phi = matrix([[f11, f12], [f21, f22]])
    Pinv = Phi ** -1
    gam = alpha + psi0
    F = matrix([F0 * cos(gam), F0 * sin(gam)])
    c = -(Pinv * F) / N2
    r = mpf(N1) / N2
    # m = -(F2y cos a - F2x sin a) = n . (N2 Phi u) with n = (sin a, -cos a)
    n = matrix([[sin(alpha), -cos(alpha)]])
    w = (n * (N2 * Phi))
    w = matrix([w[0, 0], w[0, 1]])
    wn = sqrt(w[0] ** 2 + w[1] ** 2)
    d = sqrt(c[0] ** 2 + c[1] ** 2)
    if d > 1 + r:
        return None

    def inside(p, ctr, rad):
        return (p[0] - ctr[0]) ** 2 + (p[1] - ctr[1]) ** 2 <= rad ** 2 * (1 + mpf(10) ** -35)

    res = []
    for s in (-1, 1):
        cands = []
        p1 = matrix([s * w[0] / wn, s * w[1] / wn])
        if inside(p1, c, r):
            cands.append(p1)
        p2 = matrix([c[0] + s * r * w[0] / wn, c[1] + s * r * w[1] / wn])
        if inside(p2, matrix([0, 0]), 1):
            cands.append(p2)
        if d > 0 and d >= abs(1 - r):
            a_ = (1 - r ** 2 + d ** 2) / (2 * d)
            h = sqrt(max(1 - a_ ** 2, 0))
            ex, ey = c[0] / d, c[1] / d
            for t in (-1, 1):
                cands.append(matrix([a_ * ex - t * h * ey, a_ * ey + t * h * ex]))
        vals = [w[0] * p[0] + w[1] * p[1] for p in cands]
        res.append(min(vals) if s < 0 else max(vals))
    return res


def book_rule(l1, l2, F01, F02, m):
    """Statement 3 as printed (items 1, 2.1-2.3, F01 > 0), (3.7) must be real."""
    S = F01 ** 2 + F02 ** 2
    if S > (l1 + l2) ** 2:
        return False
    R = ((l1 + l2) ** 2 - S) * (S - (l2 - l1) ** 2)
    zeta = S - l1 ** 2 + l2 ** 2
    mm = mp_ = None
    if R >= 0:
        mm = (F01 * zeta - abs(F02) * sqrt(R)) / (2 * S)
        mp_ = (F01 * zeta + abs(F02) * sqrt(R)) / (2 * S)
    T1 = l2 ** 2 - l1 ** 2 + 2 * l1 * F01
    T2 = l1 ** 2 - l2 ** 2 + 2 * l2 * F01
    if S >= T1:
        return R >= 0 and mm <= m <= mp_
    if T2 < S < T1:
        return R >= 0 and F01 - l1 <= m <= mp_
    if 0 < S < T2:
        return F01 - l1 <= m <= (l2 if F01 > l2 - l1 else F01 + l1)
    return False


print("== ch1_two_point_anisotropic")
one = mpf(1)
# E7: isotropic f = 1, alpha = 0, psi0 = pi/4, N1 = 1, N2 = 3, F0 = sqrt(1/2)
F0 = sqrt(mpf(1) / 2)
lo, hi = m_interval(one, 0, 0, one, mpf(0), pi / 4, 1, 3, F0)
check("E7 m_lo (direct)", lo, mpf(-1) / 2, mpf("1e-30"))
check("E7 m_hi (direct)", hi, mpf(3) / 2, mpf("1e-30"))
F01 = F02 = F0 * sin(pi / 4)
check("E7 F01", F01, 0.5, mpf("1e-30"))
S = F01 ** 2 + F02 ** 2
R = ((4) ** 2 - S) * (S - 4)
check("E7 R37 = 18 - 72.25", R, mpf(-217) / 4, mpf("1e-28"))
truth("E7 m=0 possible (direct)", lo < 0 < hi, True)
truth("E7 m=0 book rule", book_rule(1, 3, F01, F02, 0), False)
truth("E7 m=8/5 possible", lo <= mpf(8) / 5 <= hi, False)
truth("E7 m=-3/5 possible", lo <= mpf(-3) / 5 <= hi, False)
# claim witness F0 = 1, m = 0.5 (fricert's refutation witness)
lo1, hi1 = m_interval(one, 0, 0, one, mpf(0), pi / 4, 1, 3, mpf(1))
truth("witness F0=1,m=1/2: possible", lo1 < 0.5 < hi1, True)
truth("witness F0=1,m=1/2: book", book_rule(1, 3, sin(pi / 4), cos(pi / 4), mpf(0.5)), False)
# random cross-check of book-misses band: every F0 in (0, 2) is refused by the book at m = F01
for F0t in [mpf(k) / 10 for k in range(1, 20)]:
    lo_, hi_ = m_interval(one, 0, 0, one, mpf(0), pi / 4, 1, 3, F0t)
    f01 = F0t * sin(pi / 4)
    if not (lo_ < f01 < hi_) or book_rule(1, 3, f01, f01, f01):
        print("FAIL band F0 =", F0t); FAIL += 1
print("ok   book refuses the whole band 0 < F0 < 2 at m = F01 (19 samples)")

# claim statics_model (lens test <=> the model, "proved" in the case): evidence, not a proof. The lens test of the
# case (u = l1^2 - (m - F01)^2, v = l2^2 - m^2, w = F02^2 - u - v) against the direct m-interval from the ellipses
# on a 90 x 160 grid of (F0, m) (points within 1e-20 of an end of the interval skipped), and at the two corners of
# the lens (there with a tolerance of 1e-30 for the rounding of the corner), where A1's chord shrinks to a point at an end of A2's chord (F01 = F02 = s, m = s + 1 with
# s^2 + s - 4 = 0, and m = s - 1 with s^2 - s - 4 = 0), and at the 8 neighbours of each corner at distance 1e-6.


def lens(F0, m, tol=0):
    s_ = F0 * sin(pi / 4)
    u, v = 1 - (m - s_) ** 2, 9 - m ** 2
    w = s_ ** 2 - u - v
    return v >= -tol and u >= -tol and (w <= tol or 4 * u * v >= w ** 2 - tol)


def direct(F0, m, tol=mpf(10) ** -30):
    iv = m_interval(one, 0, 0, one, mpf(0), pi / 4, 1, 3, F0)
    return iv is not None and iv[0] - tol <= m <= iv[1] + tol


bad = skipped = 0
for i in range(1, 91):
    F0t = mpf(i) / 20
    iv = m_interval(one, 0, 0, one, mpf(0), pi / 4, 1, 3, F0t)
    for j in range(-80, 81):
        mt = mpf(j) / 20
        if iv is not None and min(abs(mt - iv[0]), abs(mt - iv[1])) < mpf(10) ** -20:
            skipped += 1
            continue
        if lens(F0t, mt) != direct(F0t, mt, 0):
            bad += 1
truth("statics_model: lens = direct on the grid", bad, 0)
for sg in (1, -1):
    s_ = (sqrt(17) - sg) / 2
    F0c, mc = s_ * sqrt(2), s_ + sg
    truth("statics_model: corner m = %s (both hold)" % mp.nstr(mc, 8), (lens(F0c, mc, mpf(10) ** -30), direct(F0c, mc)), (True, True))
    nb = 0
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if dx == 0 and dy == 0:
                continue
            F0n, mn = F0c + dx * mpf(10) ** -6, mc + dy * mpf(10) ** -6
            nb += lens(F0n, mn) != direct(F0n, mn, 0)
    truth("statics_model: 8 neighbours of that corner agree", nb, 0)

# claim corrected_rule (consistent in the case): the corrected Statement 3 (spec/ch1.md R12: each end of the
# m-interval is -l2 / F01 - l1 / (3.7)'s m-, resp. l2 / F01 + l1 / m+, by which disc holds the other's extreme
# point) against the direct m-interval, on a 100 x 161 grid of the case's box (F0 in (0, 5], m in [-4, 4]);
# points within 1e-20 of an end of the direct interval are skipped.


def corrected_rule(l1, l2, F01, F02, m):
    S = F01 ** 2 + F02 ** 2
    if S > (l1 + l2) ** 2:
        return False
    R = ((l1 + l2) ** 2 - S) * (S - (l2 - l1) ** 2)
    zeta = S - l1 ** 2 + l2 ** 2
    root = sqrt(max(R, 0))
    if (l2 + F01) ** 2 + F02 ** 2 <= l1 ** 2:
        lo_ = -l2
    elif (F01 - l1) ** 2 + F02 ** 2 <= l2 ** 2:
        lo_ = F01 - l1
    else:
        lo_ = (F01 * zeta - abs(F02) * root) / (2 * S)
    if (l2 - F01) ** 2 + F02 ** 2 <= l1 ** 2:
        hi_ = l2
    elif (F01 + l1) ** 2 + F02 ** 2 <= l2 ** 2:
        hi_ = F01 + l1
    else:
        hi_ = (F01 * zeta + abs(F02) * root) / (2 * S)
    return lo_ <= m <= hi_


bad = skipped = 0
for i in range(1, 101):
    F0t = mpf(i) / 20
    iv = m_interval(one, 0, 0, one, mpf(0), pi / 4, 1, 3, F0t)
    for j in range(-80, 81):
        mt = mpf(j) / 20
        if iv is not None and min(abs(mt - iv[0]), abs(mt - iv[1])) < mpf(10) ** -20:
            skipped += 1
            continue
        s_ = F0t * sin(pi / 4)
        if corrected_rule(1, 3, s_, s_, mt) != direct(F0t, mt, 0):
            bad += 1
truth("corrected_rule: R12 = direct on the 100 x 161 grid", bad, 0)

# E4: orthotropic f11 = 0.5, f22 = 0.3, alpha = pi/6, psi0 = pi/3, N1 = N2 = 1
f11, f22 = mpf(1) / 2, mpf(3) / 10
al, ps = pi / 6, pi / 3
ga = al + ps
g = lambda p: f22 * cos(p)
h = lambda p: f11 * sin(p)
sa, sg = sqrt(g(al) ** 2 + h(al) ** 2), sqrt(g(ga) ** 2 + h(ga) ** 2)
chi = g(al) * g(ga) + h(al) * h(ga)
Delta = f11 * f22
kappa = chi / Delta
check("E4 sigma_a = sqrt(0.13)", sa, sqrt(mpf(13) / 100), mpf("1e-30"))
check("E4 sigma_a printed", sa, mpf("0.360555128"), mpf("1e-9"))
check("E4 sigma_g", sg, 0.5, mpf("1e-30"))
check("E4 chi", chi, mpf(1) / 8, mpf("1e-30"))
check("E4 kappa", kappa, mpf(5) / 6, mpf("1e-30"))
F11 = 2 * sa * Delta / (sa * sg)
F12 = 2 * sa * sin(ps) / (kappa ** 2 + sin(ps) ** 2)
check("E4 F11", F11, mpf("0.6"), mpf("1e-30"))
check("E4 F12 = 9 sqrt(0.39)/13", F12, 9 * sqrt(mpf(39) / 100) / 13, mpf("1e-30"))
check("E4 F12 printed", F12, mpf("0.432346015"), mpf("1e-9"))
# F11 independently: the largest F0 with a non-empty m-interval (bisection on the direct test)
a_, b_ = mpf("0.5"), mpf("0.7")
for _ in range(120):
    c_ = (a_ + b_) / 2
    if m_interval(f11, 0, 0, f22, al, ps, 1, 1, c_) is None:
        b_ = c_
    else:
        a_ = c_
check("E4 F11 by bisection (direct)", a_, mpf("0.6"), mpf("1e-25"))
for tag, F0t, mlo, mhi in [("a", F12 / 2, "-0.173343811", "0.360555128"),
                           ("b", F12 / 2 + mpf(3) / 10, "0.096057526", "0.350961411"),
                           ("c", mpf("0.594"), "0.221942705", "0.292476385")]:
    lo, hi = m_interval(f11, 0, 0, f22, al, ps, 1, 1, F0t)
    check("E4_%s m_lo" % tag, lo, mpf(mlo), mpf("1e-9"))
    check("E4_%s m_hi" % tag, hi, mpf(mhi), mpf("1e-9"))
    print("     E4_%s 30 digits: [%s, %s]" % (tag, mp.nstr(lo, 30), mp.nstr(hi, 30)))
lo, hi = m_interval(f11, 0, 0, f22, al, ps, 1, 1, mpf("0.594"))
truth("E4_c m=1/4 possible", lo < 0.25 < hi, True)
truth("E4_c m=1/5 possible", lo <= 0.2 <= hi, False)
truth("E4_c m=3/10 possible", lo <= 0.3 <= hi, False)
l0 = sa
truth("E4_c book agrees", book_rule(l0, l0, mpf("0.594") * sin(ps), mpf("0.594") * kappa, mpf(0.25)), True)
truth("E4_d F0=0.606 empty", m_interval(f11, 0, 0, f22, al, ps, 1, 1, mpf("0.606")) is None, True)
truth("E4_a m=0 possible", (lambda r: r[0] < 0 < r[1])(m_interval(f11, 0, 0, f22, al, ps, 1, 1, F12 / 2)), True)
truth("E4_b m=1/5 possible", (lambda r: r[0] < 0.2 < r[1])(m_interval(f11, 0, 0, f22, al, ps, 1, 1, F12 / 2 + mpf(3) / 10)), True)
# E5: psi0 = 0
f0 = sqrt(f22 ** 2 * cos(al) ** 2 + f11 ** 2 * sin(al) ** 2)
check("E5 F11 = 2 f11 f22/f0", 2 * f11 * f22 / f0, mpf("0.832050294"), mpf("1e-9"))
lo, hi = m_interval(f11, 0, 0, f22, al, mpf(0), 1, 1, mpf(1) / 2)
check("E5 m_hi (direct)", hi, mpf("0.288193608"), mpf("1e-9"))
check("E5 m_lo (direct)", lo, mpf("-0.288193608"), mpf("1e-9"))
truth("E5 m=0 possible", lo < 0 < hi, True)
# the statics model's expectations (two_equilibrium@E7, @E4_c, @E5; two_no_equilibrium@E7_above, @E7_below,
# @E4_c_low, @E4_c_high, @E4_d) are the direct truths printed above: E7 m = 0, 8/5, -3/5; E4_c m = 1/4, 1/5,
# 3/10; E4_d empty; E5 m = 0
# the non-PD tensor
check("not_pd Delta", mpf(1) / 4 + 3, mpf(13) / 4, 0)
truth("not_pd positive definite", 4 * mpf(1) / 4 > (3 - 1) ** 2, False)

# ----------------------------------------------------------------------------------------------- ch2
print("== ch2_one_point_obligatory")


def slip_possible(a1, a2, a3, y, z, f):
    """k0 < 1, or phi has a negative value on (-1, 0) (phi is a quadratic: vertex or ends)."""
    A = a1 + y * y
    if f * y * z >= A:
        return True
    k1 = y * y / a3 + z * z / a2
    C0 = k1 * A - z * z
    b = (1 + k1) * f * y * z
    P = A + z * z
    phi = lambda x: C0 * x * x + b * x + P
    cands = [phi(mpf(-1)), phi(mpf(0))]
    if C0 > 0:
        xv = -b / (2 * C0)
        if -1 < xv < 0:
            cands.append(phi(xv))
    return min(cands) < 0


def fcrit_bisect(a1, a2, a3, y, z):
    lo, hi = mpf(0), (a1 + y * y) / (y * z) * 2
    for _ in range(140):
        mid = (lo + hi) / 2
        if slip_possible(a1, a2, a3, y, z, mid):
            hi = mid
        else:
            lo = mid
    return lo


def closed(a1, a2, a3, y, z):
    A = a1 + y * y
    k1 = y * y / a3 + z * z / a2
    C0 = k1 * A - z * z
    fl = A / (y * z)
    fs = 2 * sqrt((A + z * z) * C0) / ((1 + k1) * y * z) if C0 >= 0 else None
    return A, k1, C0, fl, fs, (2 * z * z >= (k1 - 1) * A)


M = mpf
bodies = {
    "ExA": ((M("0.2"), M("0.1"), M("0.1"), M(1), M(1)), 20, 23, 2 * sqrt(M(1265)) / 105, M("1.2")),
    "ExB": ((M(1) / 6, M(1) / 6, M(1) / 6, M(1) / 2, M(1) / 2), 3, 1, 2 * sqrt(M(6)) / 3, M(5) / 3),
    "ExC": ((M(1) / 6, M(1) / 12, M(1) / 12, M(1) / 2, M(1) / 2), 6, M(9) / 4, 4 * sqrt(M(6)) / 7, M(5) / 3),
    "ExD": ((M("0.3"), M("0.5"), M("0.4"), M("0.7"), M("1.5")), M("5.725"), M("2.27275"), M(79) / 105, M(79) / 105),
    "ExE": ((M("0.5"), M("0.4"), M("0.3"), M(1), M("0.6")), M(127) / 30, M("5.99"), M("2.126034123947806"), M("2.5")),
    "ExF": ((M(1), M(1), M(1), M(1), M("1.2")), M("2.44"), M("3.44"), M(5) / 3, M(5) / 3),
}
for nm, (bd, k1w, C0w, fcw, flw) in bodies.items():
    A, k1, C0, fl, fs, first = closed(*bd)
    fb = fcrit_bisect(*bd)
    check(nm + " k1", k1, k1w, mpf("1e-30"))
    check(nm + " C0", C0, C0w, mpf("1e-28"))
    check(nm + " f_lift", fl, flw, mpf("1e-30"))
    fc = fl if first else fs
    check(nm + " f_crit closed form vs bisection", fc, fb, mpf("1e-35"))
    check(nm + " f_crit vs spec", fb, fcw, mpf("1e-15"))
    print("     %s f_crit = %s  f* = %s  first branch: %s" % (nm, mp.nstr(fb, 25), mp.nstr(fs, 25), first))
    if nm != "ExF":
        truth(nm + " obligatory at 0.97 f_crit", not slip_possible(*bd, f=M("0.97") * fcw), True)
        truth(nm + " slip at 1.03 f_crit", slip_possible(*bd, f=M("1.03") * fcw), True)
        print("     %s 1.03 f_crit above f_lift (lift-off too): %s" % (nm, M("1.03") * fcw > fl))
check("ExC f* printed", 4 * sqrt(M(6)) / 7, M("1.39970842444753"), mpf("1e-14"))
check("ExD f* printed (not the boundary)", closed(*bodies["ExD"][0])[4], M("0.7444937101"), mpf("1e-10"))
check("ExF f* = f_lift = 5/3", closed(*bodies["ExF"][0])[4], M(5) / 3, mpf("1e-30"))
A, k1, C0, fl, fs, first = closed(*bodies["ExF"][0])
check("ExF 2 z^2 - (k1 - 1) A = 0", 2 * M("1.44") - (k1 - 1) * A, 0, mpf("1e-30"))
# Ex.A at f = 1: slip set roots of phi
a1, a2, a3, y, z = bodies["ExA"][0]
A, k1, C0, fl, fs, first = closed(a1, a2, a3, y, z)
b = (1 + k1) * 1 * y * z
P = A + z * z
r1 = (-b - sqrt(b * b - 4 * C0 * P)) / (2 * C0)
r2 = (-b + sqrt(b * b - 4 * C0 * P)) / (2 * C0)
check("ExA f=1 xi_lo", r1, M("-0.7923191846026022"), mpf("1e-15"))
check("ExA f=1 xi_hi", r2, M("-0.1207242936582673"), mpf("1e-15"))
truth("ExA f=1 slip", slip_possible(a1, a2, a3, y, z, M(1)), True)
truth("ExA f=1.5 load (0,-1.3,-1) in cone", M("1.3") ** 2 < M("1.5") ** 2, True)
truth("ExA f=1.5 load lifts off (-yz Fy > N0 A)", y * z * M("1.3") > A, True)
check("ExA f=1.5 k0", A / (M("1.5") * y * z), M(4) / 5, mpf("1e-30"))
# D2-2 body
a1, a2, a3, y = M(1), M("1.05"), M("0.1"), M("0.9")
A = a1 + y * y
zs = sqrt((y * y / a3 - 1) * A / (2 - A / a2))
check("D2-2 z_s exact form sqrt(1349.355/29)", zs, sqrt(M("1349.355") / 29), mpf("1e-30"))
check("D2-2 z_s vs spec (double precision)", zs, M("6.821252286686123"), mpf("5e-15"))
print("     D2-2 z_s = %s (spec prints 6.821252286686123)" % mp.nstr(zs, 25))
for zz, fcw, flw, first_w in [(1, "1.4535091480", "2.0111111111", False), (3, "0.6341938969", "0.6703703704", False),
                              (8, "0.2513888889", None, True)]:
    zz = M(zz)
    _, k1, C0, fl, fs, first = closed(a1, a2, a3, y, zz)
    fb = fcrit_bisect(a1, a2, a3, y, zz)
    check("D2-2 z=%s f_crit" % zz, fb, M(fcw), mpf("1e-10"))
    check("D2-2 z=%s closed form" % zz, fl if first else fs, fb, mpf("1e-35"))
    if flw:
        check("D2-2 z=%s f_lift" % zz, fl, M(flw), mpf("1e-10"))
    truth("D2-2 z=%s first branch" % zz, first, first_w)
    truth("D2-2 z=%s branch_z (explicit)" % zz, zz * zz * (2 - A / a2) < (y * y / a3 - 1) * A, not first_w)
    truth("D2-2 z=%s obligatory at 0.98" % zz, not slip_possible(a1, a2, a3, y, zz, M("0.98") * M(fcw)), True)
    truth("D2-2 z=%s slip at 1.02" % zz, slip_possible(a1, a2, a3, y, zz, M("1.02") * M(fcw)), True)
    truth("D2-2 z=%s lift-off at 1.02" % zz, M("1.02") * M(fcw) * y * zz > A, first_w)
    if zz == 1:
        check("D2-2 z=1 k1", k1, M("9.052381"), mpf("1e-6"))
        check("D2-2 z=1 C0", C0, M("15.3848"), mpf("1e-4"))
# claim witness of liftoff_only (z = 4/3, f = 9/7): k0 > 1 yet slip is possible
zz, ff = M(4) / 3, M(9) / 7
truth("witness z=4/3 f=9/7: k0 > 1", ff * y * zz < A, True)
truth("witness z=4/3 f=9/7: slip possible", slip_possible(a1, a2, a3, y, zz, ff), True)
# the identity f* <= f_lift on a grid of z, tangency at z_s
worst = min(closed(a1, a2, a3, y, M(k) / 20)[3] - closed(a1, a2, a3, y, M(k) / 20)[4] for k in range(4, 201))
truth("f* <= f_lift on z = 0.2 .. 10", worst >= 0, True)
check("f* = f_lift at z_s", closed(a1, a2, a3, y, zs)[3] - closed(a1, a2, a3, y, zs)[4], 0, mpf("1e-15"))

print("FAILED: %d" % FAIL if FAIL else "all checks passed")
sys.exit(1 if FAIL else 0)
