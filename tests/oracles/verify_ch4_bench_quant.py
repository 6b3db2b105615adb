#!/usr/bin/env python3
"""Independent oracle for cases/ch4_tall_bench_general.case and cases/ch4_nonsymmetric_bench.case (quantified
regions of the tall bench, symmetric or with the centre of mass at l1 != l).

Does not import fricert. mpmath at 40 digits. For each point of the case: psi(x) = (2x - g)/beta
+ sqrt(f^2 x^2 - b^2) + sqrt(f^2 (g - x)^2 - a^2) on the open interval (g/2, x*), x* = g - |a|/f (spec/ch4.md R24);
the number of roots of psi(x) = Q1 there by sign changes on a grid of 800 interior points, each refined by
findroot, and the maximum psi_2 by a root of psi' (bisection) when psi'(g/2) > 0. The regions are then the physics:
static = Q1 < psi(g/2); static_only = static, no root; static_and_sliding = static, a root; sliding_only =
Q1 > psi(g/2), a root; liftoff = Q1 > psi(g/2), no root. Also Remark 3 (R27) on random points: a root with
Q1 < psi(g/2) iff psi(x*) < Q1 < psi(g/2) (the case's claim "coexistence", reported consistent).
The non-symmetric bench (spec/ch4.md R31): the same with the range (x0, x*), x0 = g (2 - r)/2 (r = l1/l), and
psi_gen(x) = 2 (x - x0)/beta + ...; the static bound is psi_gen(x0).
Prints each check; exits 1 on a mismatch.
"""
import random
import sys
from mpmath import mp, mpf, sqrt, findroot
from oracle_util import check, truth, failures

mp.dps = 40


class Bench:
    def __init__(self, a, b, Q1, f=1, beta=1, g=1, r=1):
        self.a, self.b, self.Q1 = mpf(a), mpf(b), mpf(Q1)
        self.f, self.beta, self.g = mpf(f), mpf(beta), mpf(g)
        self.xs = self.g - abs(self.a) / self.f
        self.x0 = self.g * (2 - mpf(r)) / 2

    def psi(self, x):
        f, g, a, b = self.f, self.g, self.a, self.b
        return 2 * (x - self.x0) / self.beta + sqrt(f**2 * x**2 - b**2) + sqrt(max(f**2 * (g - x)**2 - a**2, 0))

    def dpsi(self, x):
        f, g, a, b = self.f, self.g, self.a, self.b
        return 2 / self.beta + f**2 * x / sqrt(f**2 * x**2 - b**2) - f**2 * (g - x) / sqrt(f**2 * (g - x)**2 - a**2)

    def roots(self):
        lo, hi, n = self.x0, self.xs, 800
        xs = [lo + (hi - lo) * k / n for k in range(1, n)]
        vals = [self.psi(x) - self.Q1 for x in xs]
        r = []
        for k in range(len(xs) - 1):
            if vals[k] == 0 or vals[k] * vals[k + 1] < 0:
                r.append(findroot(lambda x: self.psi(x) - self.Q1, (xs[k], xs[k + 1]), solver='bisect'))
        return r

    def psi_max(self):
        lo, hi = self.x0, self.xs
        if self.dpsi(lo + mpf(10)**-30) <= 0:
            return self.psi(lo)
        a, b = lo + mpf(10)**-30, hi - mpf(10)**-30
        for _ in range(200):
            m = (a + b) / 2
            if self.dpsi(m) > 0:
                a = m
            else:
                b = m
        return self.psi(a)

    def regions(self):
        static = self.Q1 < self.psi(self.x0)
        moving = self.Q1 > self.psi(self.x0)
        root = len(self.roots()) > 0
        return {'static_only': static and not root, 'static_and_sliding': static and root,
                'sliding_only': moving and root, 'liftoff': moving and not root, 'sliding': root}


Q = mpf(1) / 10
points = {
    'ec5_low': Bench('0.3', '0.2', '0.8'), 'ec5_mid': Bench('0.3', '0.2', 1), 'ec5_high': Bench('0.3', '0.2', '1.2'),
    'ec3_064': Bench('0.45', 0, '0.64'), 'ec3_070': Bench('0.45', 0, '0.7'), 'ec3_072': Bench('0.45', 0, '0.72'),
    'ec3_0728': Bench('0.45', 0, '0.728'), 'ec4_055': Bench('0.49', 0, '0.55'), 'ec4_062': Bench('0.49', 0, '0.62'),
    'ec5b_068': Bench('0.1', '0.15', '0.68', f='0.5', beta=2), 'ec5b_069': Bench('0.1', '0.15', '0.69', f='0.5', beta=2),
}

# the [expect] lines of the case
P = points
check('psi_g2@ec5_mid', P['ec5_mid'].psi(mpf(1) / 2), '0.858257569496', '1e-11')
check('xs@ec5_mid', P['ec5_mid'].xs, '0.7', '1e-30')
check('psi_xs@ec5_mid', P['ec5_mid'].psi(P['ec5_mid'].xs), '1.07082039325', '1e-10')
check('psi_2@ec5_mid', P['ec5_mid'].psi_max(), '1.12149186273', '1e-11')
check('psi_g2@ec3_070', P['ec3_070'].psi(mpf(1) / 2), '0.717944947177', '1e-11')
check('psi_xs@ec3_070', P['ec3_070'].psi(P['ec3_070'].xs), '0.65', '1e-28')
check('psi_2 (E-C3, not an expect line)', P['ec3_070'].psi_max(), '0.727207793864', '1e-11')
check('psi_g2@ec4_055', P['ec4_055'].psi(mpf(1) / 2), '0.599498743711', '1e-11')
check('psi_xs@ec4_055', P['ec4_055'].psi(P['ec4_055'].xs), '0.53', '1e-28')
check('psi_g2@ec5b_068', P['ec5b_068'].psi(mpf(1) / 2), '0.429128784748', '1e-11')
check('psi_xs@ec5b_068', P['ec5b_068'].psi(P['ec5b_068'].xs), '0.670809924355', '1e-11')
check('psi_2 (E-C5 second, not an expect line)', P['ec5b_068'].psi_max(), '0.687495635784', '1e-11')
want = [('static_only', 'ec5_low', True), ('sliding_only', 'ec5_low', False), ('sliding_only', 'ec5_mid', True),
        ('static_and_sliding', 'ec5_mid', False), ('liftoff', 'ec5_high', True), ('sliding', 'ec5_high', False),
        ('static_only', 'ec3_064', True), ('static_and_sliding', 'ec3_070', True), ('sliding_only', 'ec3_072', True),
        ('liftoff', 'ec3_0728', True), ('static_and_sliding', 'ec4_055', True), ('liftoff', 'ec4_062', True),
        ('sliding_only', 'ec5b_068', True), ('liftoff', 'ec5b_069', True)]
for reg, pt, w in want:
    truth(f'{reg}@{pt}', P[pt].regions()[reg], w)
# E-C3's table: 2 roots at 0.72, 1 at 0.70, 0 at 0.64 and 0.728
check('roots@ec3_072 (count)', len(P['ec3_072'].roots()), 2, 0)
check('roots@ec3_070 (count)', len(P['ec3_070'].roots()), 1, 0)

# Remark 3 (R27) on random points of the figure (b = 1/5): the claim "coexistence" is consistent
random.seed(7)
bad = 0
for _ in range(100):
    a = mpf(random.randint(1, 499)) / 1000
    q = mpf(random.randint(1, 1499)) / 1000
    B = Bench(a, '0.2', q)
    coex = B.regions()['static_and_sliding']
    closed = B.psi(B.xs) < q < B.psi(mpf(1) / 2)
    bad += coex != closed
truth('R27 equivalence on 100 random points (b = 1/5)', bad == 0, True)

# cases/ch4_nonsymmetric_bench.case (a = 0.3, b = 0.2, f = beta = g = 1)
N = {'sym': Bench('0.3', '0.2', 1, r=1), 'r13_low': Bench('0.3', '0.2', '0.8', r='1.3'),
     'r13_mid': Bench('0.3', '0.2', 1, r='1.3'), 'r13_high': Bench('0.3', '0.2', '1.5', r='1.3'),
     'r08_mid': Bench('0.3', '0.2', '0.85', r='0.8'), 'r08_high': Bench('0.3', '0.2', '0.95', r='0.8')}
check('psi_x0@sym', N['sym'].psi(N['sym'].x0), '0.858257569496', '1e-11')
check('psi_xs@sym', N['sym'].psi(N['sym'].xs), '1.07082039325', '1e-10')
truth('sliding_only@sym', N['sym'].regions()['sliding_only'], True)
check('x0@r13_mid', N['r13_mid'].x0, '0.35', '1e-30')
check('psi_x0@r13_mid', N['r13_mid'].psi(N['r13_mid'].x0), '0.863856262060441', '1e-13')
check('psi_xs@r13_mid', N['r13_mid'].psi(N['r13_mid'].xs), '1.37082039324994', '1e-13')
check('max psi_gen at r = 1.3 (template prose)', N['r13_mid'].psi_max(), '1.42149186273225', '1e-13')
truth('static_only@r13_low', N['r13_low'].regions()['static_only'], True)
truth('sliding_only@r13_mid', N['r13_mid'].regions()['sliding_only'], True)
truth('liftoff@r13_high', N['r13_high'].regions()['liftoff'], True)
check('psi_x0@r08_mid', N['r08_mid'].psi(N['r08_mid'].x0), '0.830260556055697', '1e-13')
check('max psi_gen at r = 0.8', N['r08_mid'].psi_max(), '0.921491862732246', '1e-13')
truth('sliding_only@r08_mid', N['r08_mid'].regions()['sliding_only'], True)
truth('liftoff@r08_high', N['r08_high'].regions()['liftoff'], True)
# G near A (r = 0.7): rest and a sliding motion coexist for psi_gen(x*) < Q1 < psi_gen(x0)
N['r07_both'] = Bench('0.3', '0.2', '0.785', r='0.7')
check('psi_xs@r07_both', N['r07_both'].psi(N['r07_both'].xs), '0.770820393249937', '1e-13')
check('psi_x0@r07_both', N['r07_both'].psi(N['r07_both'].x0), '0.798743407615849', '1e-13')
truth('static_and_sliding@r07_both', N['r07_both'].regions()['static_and_sliding'], True)


def eqs46(r, x, a, b, f=1, beta=1, g=1):
    """psi_gen checked against the book's reduced equations (4.6) (spec/ch4.md R20) with eps_1 = eps_2 = 0 and
    l = 1, l1 = r: the state is built from the reaction x = N_A alone (w3 = u1 cos a1 from the N_A equation,
    sin a1 = b/(f N_A), sin a2 = a/(f N_B), both slips forward), then (4.6) gives Q1, Q2 and Q3; returns
    (Q1, (Q2 + Q3)/2, (Q2 - Q3)/2, the residual of N_B's equation)."""
    r, x, a, b, f, beta, g = (mpf(v) for v in (r, x, a, b, f, beta, g))
    w3 = 2 * (x - g * (2 - r) / 2) / beta
    NA, NB = x, g - x
    s1, s2 = b / (f * NA), a / (f * NB)
    c1, c2 = sqrt(1 - s1**2), sqrt(1 - s2**2)
    u1, u2 = w3 / c1, w3 / c2
    Q1 = u1 * c1 + f * NA * c1 + f * NB * c2
    Q2 = s1 * f * NA + s2 * f * NB
    Q3 = s1 * (-f * NA * r) + s2 * (f * NB * (2 - r)) + Q2 * (r - 1)
    resB = NB - (g * r - beta * u1 * c1) / 2
    return Q1, (Q2 + Q3) / 2, (Q2 - Q3) / 2, resB


# the derivation of psi_gen from (4.6): for random r and x in (x0, x*), (4.6) returns the a and b it was built
# with and Q1 = psi_gen(x)
random.seed(11)
bad = 0
for _ in range(200):
    r = mpf(random.randint(62, 140)) / 100
    B = Bench('0.3', '0.2', 1, r=r)
    x = B.x0 + (B.xs - B.x0) * mpf(random.randint(1, 999)) / 1000
    Q1, a_, b_, resB = eqs46(r, x, '0.3', '0.2')
    bad += max(abs(Q1 - B.psi(x)), abs(a_ - mpf('0.3')), abs(b_ - mpf('0.2')), abs(resB)) > mpf(10)**-30
truth('psi_gen = Q1 of (4.6) with zero inertia, 200 random (r, x)', bad == 0, True)

print('FAILED' if failures() else 'all checks passed', f'({failures()} failures)')
sys.exit(1 if failures() else 0)
