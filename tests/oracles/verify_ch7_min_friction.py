#!/usr/bin/env python3
"""Independent oracle for cases/ch7_wheel_pair_min_friction.case (the least friction for rolling without slip of
the wheel pair over a whole period, spec/ch6_7.md R7.3, R7.8, C7-COULOMB, E7.1).

Does not import fricert. mpmath at 30 digits. The forces come from the balance equations (1.7)-(1.10) with the
rolling constraints, as reduced in the spec's R7.3 and written out here from scratch: the heading p = phi(t) sweeps
every angle; v omega0 = omega0 v0 + k g sin a (sin p - sin phi0); 2 N_{1,2}/m0 = g cos a -+ (b/l)(g sin a sin p +
v omega0/k); the lateral sum F_xi = -m0 (v omega0 + g sin a sin p); the longitudinal F_1eta = F_2eta from
m0 dv/dt = m0 g sin a cos p + F_1eta + F_2eta with dv/dt = k g sin a cos p. The Coulomb split (R7.8) is tested
directly: it exists iff N_j > 0, f N_j > |F_jeta| and |F_xi| < sum_j sqrt(f^2 N_j^2 - F_jeta^2).
f_min(p) is found by bisection in f (the condition is monotone in f); its supremum over the period by a grid of
720 headings refined by ternary search. The region of a point: rolling iff f > sup f_min (and no lift-off);
lift-off iff min over p of N_j <= 0 (grid of 720 headings plus the closed-form extrema at p = +-pi/2).
Prints each check; exits 1 on a mismatch.
"""
import sys
from oracle_util import check, truth, failures
from mpmath import mp, mpf, sin, cos, sqrt, pi, atan

mp.dps = 30
M, m, b, l, g = mpf(2), mpf(1), mpf('0.2'), mpf('0.3'), mpf('9.81')
m0 = M + 2 * m
J_xi = m * b**2 / 2                 # a homogeneous disc about its axle
rho2 = J_xi / m0                    # rho^2 = J_xi / m0 (1.12)
k = 1 / (1 + 2 * rho2 / b**2)



def forces(a, p, v0=0, omega0=1, phi0=0):
    """N1, N2, |F_xi|, |F_eta| in newtons at heading p."""
    vom = omega0 * v0 + k * g * sin(a) * (sin(p) - sin(phi0))
    S = g * sin(a) * sin(p) + vom / k
    N1 = m0 / 2 * (g * cos(a) - b / l * S)
    N2 = m0 / 2 * (g * cos(a) + b / l * S)
    Fxi = m0 * (vom + g * sin(a) * sin(p))
    vdot = k * g * sin(a) * cos(p)
    Feta = (m0 * vdot - m0 * g * sin(a) * cos(p)) / 2
    return N1, N2, abs(Fxi), abs(Feta)


def feasible(a, p, f):
    N1, N2, Fxi, Feta = forces(a, p)
    if N1 <= 0 or N2 <= 0 or f * N1 <= Feta or f * N2 <= Feta:
        return False
    return Fxi < sqrt(f**2 * N1**2 - Feta**2) + sqrt(f**2 * N2**2 - Feta**2)


def fmin(a, p):
    lo, hi = mpf(0), mpf(1)
    while not feasible(a, p, hi):
        hi *= 2
    for _ in range(90):
        mid = (lo + hi) / 2
        if feasible(a, p, mid):
            hi = mid
        else:
            lo = mid
    return hi


def fstar(a):
    n = 720
    v, i = max((fmin(a, 2 * pi * j / n), j) for j in range(n))
    lo, hi = 2 * pi * (i - 1) / n, 2 * pi * (i + 1) / n
    for _ in range(80):
        m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if fmin(a, m1) < fmin(a, m2):
            lo = m1
        else:
            hi = m2
    return max(v, fmin(a, (lo + hi) / 2))


def minN(a):
    ps = [2 * pi * j / 720 for j in range(720)] + [pi / 2, 3 * pi / 2]
    return min(min(forces(a, p)[0] for p in ps), min(forces(a, p)[1] for p in ps))


def region(a, f):
    if minN(a) <= 0:
        return 'liftoff'
    return 'rolling' if f > fstar(a) else 'slipping'


fs = {}
for name, a in [('a02_above', '0.2'), ('a04_above', '0.4'), ('a06_above', '0.6')]:
    fs[a] = fstar(mpf(a))
check('f_turn@a02_above (sup f_min)', fs['0.2'], '0.364878063915610', '1e-12')
check('f_turn@a04_above (sup f_min)', fs['0.4'], '0.761027793728691', '1e-12')
check('f_turn@a06_above (sup f_min)', fs['0.6'], '1.23144625501505', '1e-12')
# near the lift-off angle the supremum leaves the turning-point value (R7.8's blow-up)
a = mpf('0.643')
truth('sup f_min > (1 + k) tan a at a = 0.643', fstar(a) > (1 + k) * mp.tan(a) + mpf('0.1'), True)
pts = [('rolling', 'a02_above', '0.2', '0.37'), ('slipping', 'a02_below', '0.2', '0.36'),
       ('rolling', 'a04_above', '0.4', '0.78'), ('slipping', 'a04_below', '0.4', '0.74'),
       ('rolling', 'a06_above', '0.6', '1.3'), ('slipping', 'a06_below', '0.6', '1.2'),
       ('liftoff', 'steep', '0.66', '1')]
for reg, pt, a, f in pts:
    got = region(mpf(a), mpf(f))
    truth(f'{reg}@{pt} (oracle: {got})', got == reg, True)
# E7.1 (spec): min N = +0.2103 N at tan(alpha) = 0.74, -0.2083 N at 0.76
a74, a76 = atan(mpf('0.74')), atan(mpf('0.76'))
N1 = min(forces(a74, p)[0] for p in [2 * pi * j / 720 for j in range(720)] + [pi / 2])
N2 = min(forces(a74, p)[1] for p in [2 * pi * j / 720 for j in range(720)] + [3 * pi / 2])
check('N1min@book_tan074', N1, '0.2103', '1e-4')
check('N2min@book_tan074', N2, '0.2103', '1e-4')
check('N1min@book_tan076', min(forces(a76, p)[0] for p in [pi / 2]), '-0.2083', '1e-4')
truth('liftoff@book_tan076', region(a76, mpf(1)) == 'liftoff', True)
# the claim "rolling => f > (1 + k) tan a and tan a < l/(2b)" on a grid of points: wherever the claim fails, some
# heading (the turning point p = pi/2, or any grid heading) has no Coulomb split, so the point is not "rolling"
bad = 0
for i in range(1, 14):
    for j in range(1, 21):
        a, f = mpf(i) * mpf('0.05'), mpf(j) / 10
        if f > (1 + k) * mp.tan(a) and mp.tan(a) < l / (2 * b):
            continue
        if all(feasible(a, p, f) for p in [pi / 2] + [2 * pi * t / 90 for t in range(90)]):
            bad += 1
truth('claim turning_point on a 13 x 20 grid', bad == 0, True)
print('FAILED' if failures() else 'all checks passed', f'({failures()} failures)')
sys.exit(1 if failures() else 0)
