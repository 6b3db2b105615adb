#!/usr/bin/env python3
"""Independent oracle for cases/painleve_paradox_exists.case.

Does not import fricert. mpmath at 40 digits. "Some angle gives B < 0" is decided from the minimum of
B(theta) = 1 + k cos^2 - k mu sin cos over [0, pi/2]: a grid of 2000 angles, the best one refined by findroot on
B'(theta). No closed form is used for the regions; mu_min = 2 sqrt(1 + k)/k is checked against the smallest mu
with min B < 0 found by bisection on mu. Prints each check; exits 1 on a mismatch.
"""
import sys
from mpmath import mp, mpf, sqrt, cos, sin, pi, findroot, diff
from oracle_util import check, truth, failures

mp.dps = 40


def minB(k, mu):
    k, mu = mpf(k), mpf(mu)
    B = lambda t: 1 + k * cos(t)**2 - k * mu * sin(t) * cos(t)
    n = 2000
    t0 = min((pi / 2 * i / n for i in range(n + 1)), key=B)
    try:
        t1 = findroot(lambda t: diff(B, t), t0)
        if 0 <= t1 <= pi / 2 and B(t1) < B(t0):
            t0 = t1
    except (ValueError, ZeroDivisionError):
        pass
    return B(t0)


def threshold(k):
    lo, hi = mpf(0), mpf(10)
    for _ in range(120):
        m = (lo + hi) / 2
        if minB(k, m) < 0:
            hi = m
        else:
            lo = m
    return hi


check('mu_min@uniform_book (bisection on min B)', threshold(3), mpf(4) / 3, '1e-25')
check('mu_min@dumbbell_above (bisection on min B)', threshold(1), '2.8284271247461900976', '1e-18')
pts = {'uniform_book': (3, mpf(5) / 3), 'uniform_low': (3, 1), 'dumbbell_above': (1, mpf(29) / 10),
       'dumbbell_below': (1, mpf(14) / 5)}
want = [('paradox_possible', 'uniform_book', True), ('no_paradox', 'uniform_book', False),
        ('paradox_possible', 'uniform_low', False), ('no_paradox', 'uniform_low', True),
        ('paradox_possible', 'dumbbell_above', True), ('paradox_possible', 'dumbbell_below', False),
        ('no_paradox', 'dumbbell_below', True)]
for reg, pt, w in want:
    m = minB(*pts[pt])
    truth(f'{reg}@{pt}', m < 0 if reg == 'paradox_possible' else m >= 0, w)
# the claim closed_form ("paradox possible iff mu > 0 and k^2 mu^2 > 4 (1 + k)"): for mu > 0 its boundary is
# mu = 2 sqrt(1 + k)/k; the bisection threshold must equal it across the case's k range (evidence, not a proof)
for kk in (mpf(1) / 2, mpf(2), mpf(7) / 2, mpf(5), mpf(13) / 2, mpf(8)):
    check('closed_form: mu_min at k = %s equals 2 sqrt(1 + k)/k' % mp.nstr(kk, 3), threshold(kk),
          2 * sqrt(1 + kk) / kk, '1e-18')
# the claim four_thirds is refuted: k = 1, mu = 2 has mu > 4/3 but no angle with B < 0
truth('four_thirds refuted at (k, mu) = (1, 2)', minB(1, 2) >= 0, True)
print('FAILED' if failures() else 'all checks passed', f'({failures()} failures)')
sys.exit(1 if failures() else 0)
