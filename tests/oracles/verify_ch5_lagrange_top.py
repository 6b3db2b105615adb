#!/usr/bin/env python3
"""Independent oracle for cases/ch5_lagrange_top.case (spec/ch5.md R1.7, E1.3).

Does not import fricert. The heavy symmetric top with its tip fixed (per unit mass: A' = A + d^2 about the tip,
C about the axis) in Euler angles: r = phi' + psi' cos(theta) and Lz = A' psi' sin^2(theta) + C r cos(theta) are
conserved, and A' theta'' = A' psi'^2 sin cos - C r psi' sin + g d sin. The initial data (p0, q0, r0) are read as
p0 = psi'0 sin(theta0), q0 = +-theta'0 (both signs are integrated: the first zero of N must not depend on the
initial direction of u). N = g + d u'' along the solution (vertical balance of the centre of mass, u = cos theta).
The first zero of N is found by RK4 steps and bisection (mpmath, 25 digits); kappa is evaluated at that state by
the source's two forms ((1.11) and -(d^2/(A + d^2)) sin^2 theta (g + (C d/A) r psi')). A grid of the case's plane
is classified by float RK4 over two periods of the nutation (free / N vanishes) and compared with the nearest-root
rule that the case uses. Prints each check; exits 1 on a mismatch.
"""
import sys
import math
from mpmath import mp, mpf, sqrt, cos, sin, acos
from oracle_util import check, truth, failures

mp.dps = 25
A, d, g = mpf('0.1'), mpf('0.3'), mpf('9.81')


def rhs(y, C, r, Lz, Ap):
    th, thd, psi = y
    s, c = sin(th), cos(th)
    psid = (Lz - C * r * c) / (Ap * s * s)
    thdd = (Ap * psid**2 * s * c - C * r * psid * s + g * d * s) / Ap
    return [thd, thdd, psid], thdd, psid


def normal(y, C, r, Lz, Ap):
    th, thd, _ = y
    _, thdd, psid = rhs(y, C, r, Lz, Ap)
    udd = -sin(th) * thdd - cos(th) * thd**2
    return g + d * udd, psid


def rk4(y, h, *a):
    k1 = rhs(y, *a)[0]
    k2 = rhs([y[i] + h / 2 * k1[i] for i in range(3)], *a)[0]
    k3 = rhs([y[i] + h / 2 * k2[i] for i in range(3)], *a)[0]
    k4 = rhs([y[i] + h * k3[i] for i in range(3)], *a)[0]
    return [y[i] + h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]) for i in range(3)]


def first_zero(C, u0, p0, q0, r0, sign, h=mpf('2e-4'), tmax=mpf('0.3')):
    """(t1, state) at the first zero of N, by RK4 steps of h and bisection of the last step; None if none by tmax."""
    C, u0, p0, q0, r0 = [mpf(x) for x in (C, u0, p0, q0, r0)]
    Ap = A + d**2
    th0 = acos(u0)
    Lz = Ap * p0 * sin(th0) + C * r0 * u0
    a = (C, r0, Lz, Ap)
    y, t = [th0, sign * q0, mpf(0)], mpf(0)
    N0 = normal(y, *a)[0]
    while t < tmax:
        y1 = rk4(y, h, *a)
        if normal(y1, *a)[0] <= 0:
            lo, hi = mpf(0), h
            for _ in range(60):
                mid = (lo + hi) / 2
                if normal(rk4(y, mid, *a), *a)[0] > 0:
                    lo = mid
                else:
                    hi = mid
            ys = rk4(y, lo, *a)
            return N0, t + lo, ys, a
        y, t = y1, t + h
    return N0, None, y, a


def kappas(C, u0, p0, r0, ys, a):
    C, u0, p0, r0 = [mpf(x) for x in (C, u0, p0, r0)]
    u1 = cos(ys[0])
    psid = normal(ys, *a)[1]
    mu1, mu2, sig, w1 = C / d**2, C / A, C / (A + d**2), g / d
    k1 = -(sig * d / mu1) * (w1 * (1 - u1**2) + mu2 * p0 * r0 * sqrt(1 - u0**2) + sig * mu2 * r0**2 * (u0 - u1))
    k2 = -(d**2 / (A + d**2)) * (1 - u1**2) * (g + (C * d / A) * r0 * psid)
    return u1, k1, k2


rows = [('row1', '0.13', '0.17', 1, 2, 35, '12.122089237', '0.24156512', '0.03887152', '0.33369125'),
        ('row2', '0.12', '-0.6', -7, 6, -15, '38.051810526', '0.10860994', '0.09625007', '-1.74471504'),
        ('row3', '0.09', '-0.63', '-3.3', '4.3', 30, '1.634842213', '-0.60977276', None, '8.01674137')]
for name, C, u0, p0, q0, r0, N0s, u1s, t1s, ks in rows:
    u1_both = []
    for sign in (1, -1):
        N0, t1, ys, a = first_zero(C, u0, p0, q0, r0, sign)
        truth(f'{name} (q0 sign {sign:+d}): N vanishes during the motion', t1 is not None, True)
        if t1 is None:
            continue
        u1, k1, k2 = kappas(C, u0, p0, r0, ys, a)
        u1_both.append(u1)
        print(f'     {name} sign {sign:+d}: N0 = {mp.nstr(N0, 12)}, t1 = {mp.nstr(t1, 10)}, u1 = {mp.nstr(u1, 12)}, '
              f'kappa = {mp.nstr(k1, 12)} / {mp.nstr(k2, 12)}')
        check(f'N0@{name}', N0, N0s, '1e-8')
        check(f'u1@{name}', u1, u1s, '1e-7')
        check(f'kappa@{name} (1.11)', k1, ks, '1e-7')
        check(f'kappa2@{name} (second form)', k2, ks, '1e-7')
        if t1s is not None and sign == -1:  # the notes' t1 reads q0 = -theta'0
            check(f't1@{name} (spec)', t1, t1s, '1e-6')
    if len(u1_both) == 2:
        check(f'{name}: the same first zero for both initial directions', u1_both[0], u1_both[1], '1e-12')

# Remark 1 at the case's point nospin (r0 = 0): N vanishes and kappa < 0
N0, t1, ys, a = first_zero('0.13', '0.17', 6, 6, 0, 1, tmax=mpf(2))
truth('nospin: N vanishes during the motion', t1 is not None, True)
if t1 is not None:
    u1, k1, k2 = kappas('0.13', '0.17', 6, 0, ys, a)
    print(f'     nospin: u1 = {mp.nstr(u1, 12)}, kappa = {mp.nstr(k1, 12)}')
    truth('nospin: kappa < 0 (Remark 1, r0 = 0)', k1 < 0 and k2 < 0, True)


# the plane (C = 0.13, u0 = 0.17, q0 = 2): simulation (floats) against the nearest-root rule
def sim_float(p0, r0, C=0.13, u0=0.17, q0=2.0, T=3.0, h=2e-4):
    Ad, dd, gg = 0.1, 0.3, 9.81
    Ap = Ad + dd * dd
    th = math.acos(u0)
    Lz = Ap * p0 * math.sin(th) + C * r0 * u0

    def f(th, thd):
        s, c = math.sin(th), math.cos(th)
        psid = (Lz - C * r0 * c) / (Ap * s * s)
        return (Ap * psid**2 * s * c - C * r0 * psid * s + gg * dd * s) / Ap

    def N(th, thd):
        return gg + dd * (-math.sin(th) * f(th, thd) - math.cos(th) * thd**2)
    y = [th, q0]
    minN = N(*y)
    for _ in range(int(T / h)):
        k1 = (y[1], f(*y))
        k2 = (y[1] + h / 2 * k1[1], f(y[0] + h / 2 * k1[0], y[1] + h / 2 * k1[1]))
        k3 = (y[1] + h / 2 * k2[1], f(y[0] + h / 2 * k2[0], y[1] + h / 2 * k2[1]))
        k4 = (y[1] + h * k3[1], f(y[0] + h * k3[0], y[1] + h * k3[1]))
        y = [y[0] + h / 6 * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0]), y[1] + h / 6 * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1])]
        minN = min(minN, N(*y))
    return minN


def rule(p0, r0, C=0.13, u0=0.17, q0=2.0):
    Ad, dd, gg = 0.1, 0.3, 9.81
    mu1, mu2, sig, w1 = C / dd**2, C / Ad, C / (Ad + dd**2), gg / dd
    w2 = 2 * w1 * u0 + (p0**2 + q0**2) * mu1 / sig
    e1 = p0 * math.sqrt(1 - u0**2) + sig * r0 * u0
    a, b, c = sig * dd * 3 * w1 / mu1, -sig * dd * (sig * r0**2 + w2 / mu1), sig * dd * (w1 / mu2 + e1 * r0)
    D = b * b - 4 * a * c
    if D <= 0:
        return False
    z1, z2 = (-b - math.sqrt(D)) / (2 * a), (-b + math.sqrt(D)) / (2 * a)
    u1 = z1 if u0 < z1 else z2
    W = (sig / mu1) * (1 - u1**2) * (w2 - 2 * w1 * u1) - (e1 - sig * r0 * u1)**2
    return -1 < u1 < 1 and W > 0


bad = n = 0
for p0 in (-5, -3, -1, 1, 3, 5):
    for r0 in (-30, -20, -10, 0, 10, 20, 30):
        mN = sim_float(p0, r0)
        if abs(mN) < 0.3 or sim_float(p0, r0, T=0) < 0:
            continue
        n += 1
        bad += (mN <= 0) != rule(p0, r0)
truth(f'the nearest-root rule matches the simulated min N on {n} grid points', bad == 0, True)
print('FAILED' if failures() else 'all checks passed', f'({failures()} failures)')
sys.exit(1 if failures() else 0)
