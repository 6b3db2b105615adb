#!/usr/bin/env python3
"""Independent oracle for cases/ch1_appendix_sections.case (spec/ch1.md R24-R32, E11, Figs. 7-8).

Does not import fricert and does not use (4.7) or the sextic. mpmath, 30 digits.
* The extreme balanced moments from the convex dual of the appendix's problem (spec §2.6):
  P3max = min_L [L.P + a|L| + b|L + (0, -1)| + |L + (y, -x)|], P3min = -min_L [L.P + a|L| + b|L - (0, -1)| + |L - (y, -x)|],
  by nested golden-section search (the inner minimum of a jointly convex function is convex).
* The stationary values of P3 with all three forces at their limits (the book's algebraic boundary): for each
  angle phi of w3 = (cos phi, sin phi), w2 is an intersection of the circles |w2| = b and |w2 + w3 + P| = a
  (plane geometry), P3 = u3 y - v3 x - v2 (П.3); the largest value over phi by a dense scan and golden refinement.
* The whole E11 table of the notes (20 rows) against the dual, and the case's points.
Prints each check; exits 1 on a mismatch.
"""
import sys
from mpmath import mp, mpf, sqrt, cos, sin, pi
from oracle_util import check, truth, failures, golden_min

mp.dps = 30
a, b, x, y = mpf(1), mpf('1.01'), mpf('0.5'), sqrt(3) / 2


def golden(fn, lo, hi, it=150):
    return golden_min(fn, lo, hi, it)


def dual(P1, P2, s):
    def g(L1, L2):
        return (L1 * P1 + L2 * P2 + a * sqrt(L1**2 + L2**2) + b * sqrt(L1**2 + (L2 - s)**2)
                + sqrt((L1 + s * y)**2 + (L2 - s * x)**2))
    v = golden(lambda L1: golden(lambda L2: g(L1, L2), -10, 10, 110)[1], -10, 10, 110)[1]
    return v if s > 0 else -v


def p3max(P1, P2):
    return dual(mpf(P1), mpf(P2), 1)


def p3min(P1, P2):
    # the mirror problem: w -> -w maps P to -P
    return dual(-mpf(P1), -mpf(P2), 1) * -1


def gamma1_values(P1, P2, phi):
    """P3 at the (up to two) points of Gamma1 over w3 = (cos phi, sin phi)."""
    P1, P2 = mpf(P1), mpf(P2)
    cx, cy = -(cos(phi) + P1), -(sin(phi) + P2)      # |w2 - C| = a with C = -(w3 + P), |w2| = b
    dd = sqrt(cx**2 + cy**2)
    if dd == 0 or dd > a + b or dd < abs(a - b):
        return []
    l = (b**2 - a**2 + dd**2) / (2 * dd)
    hh = sqrt(max(b**2 - l**2, 0))
    ex, ey = cx / dd, cy / dd
    out = []
    for sg in (1, -1):
        u2, v2 = l * ex - sg * hh * ey, l * ey + sg * hh * ex
        out.append(cos(phi) * y - sin(phi) * x - v2)
    return out


def gamma1_max(P1, P2, n=2000):
    best, arg = None, None
    for k in range(n):
        phi = 2 * pi * k / n
        for v in gamma1_values(P1, P2, phi):
            if best is None or v > best:
                best, arg = v, phi
    h = 2 * pi / n
    _, v = golden(lambda t: -max(gamma1_values(P1, P2, t) or [mpf(-10)]), arg - h, arg + h, 100)
    return -v


# the notes' E11 table
rows = [(-1, 0, '-1.143974596', '1.870982101'), ('-0.6', 0, '-1.474319317', '1.850891075'),
        ('-0.5', 0, '-1.534993847', '1.839404983'), (0, 0, '-1.737805001', '1.737805001'),
        ('0.2', 0, '-1.787973603', '1.672256544'), ('0.3', 0, '-1.808088056', '1.632518993'),
        ('0.4', 0, '-1.825178729', '1.587146599'), ('0.6', 0, '-1.850891075', '1.474319317'),
        ('0.8', 0, '-1.865998769', '1.317179677'), ('0.9', 0, '-1.869739246', '1.230577137'),
        (1, 0, '-1.870982101', '1.143974596'), (0, -1, '-2.009983113', '1.000000000'),
        (0, '0.2', '-1.629326105', '1.830696269'), (0, '0.3', '-1.569015275', '1.871128644'),
        (0, '0.4', '-1.504315600', '1.907245984'), (0, '0.6', '-1.360001953', '1.964911852'),
        (0, '0.8', '-1.192127046', '1.999613918'), (0, '0.9', '-1.098642315', '2.007511728'),
        (0, 1, '-1.000000000', '2.009983113'), ('0.3', '0.4', '-1.562012278', '1.810150653')]
for P1, P2, lo, hi in rows:
    check(f'E11 ({P1}, {P2}) P3max', p3max(P1, P2), hi, '2e-9')
    check(f'E11 ({P1}, {P2}) P3min', p3min(P1, P2), lo, '2e-9')

# the case's expect lines
check('Gmax_03 (largest stationary value on Gamma1 at P1 = 0.3)', gamma1_max('0.3', 0), '1.632518993', '1e-9')
check('Gmin_03 (smallest, by the mirror)', -gamma1_max('-0.3', 0), '-1.808088056', '1e-9')
check('V3max_09 = a + b - y P1 (vertex 3)', a + b - y * mpf('0.9'), '1.230577137', '1e-9')
check('Gmax_09 (the book\'s algebraic value at P1 = 0.9)', gamma1_max('0.9', 0), '1.193945223', '1e-9')
truth('P1 = 0.9: the true maximum is the vertex value, above every stationary value on Gamma1',
      abs(p3max('0.9', 0) - (a + b - y * mpf('0.9'))) < mpf('1e-9') and gamma1_max('0.9', 0) < p3max('0.9', 0), True)
check('Gmax_P2_06', gamma1_max(0, '0.6'), '1.964911852', '1e-9')
check('Gmin_P2_06', -gamma1_max(0, '-0.6'), '-1.360001953', '1e-9')
check('vmax2_7@p2_m1 (2 + P2)', p3max(0, -1), 1, '1e-9')
pts = [('rest_8@r03', '0.3', 0, 0, True), ('rest_8@r03_top', '0.3', 0, '1.6', True), ('rest_8@r03_over', '0.3', 0, '1.7', False),
       ('rest_8@r03_bot', '0.3', 0, '-1.8', True), ('rest_8@r03_under', '0.3', 0, '-1.9', False),
       ('rest_8@r09_v3', '0.9', 0, '1.21', True), ('rest_8@r09_over', '0.9', 0, '1.3', False),
       ('rest_7@p2_06_top', 0, '0.6', '1.9', True), ('rest_7@p2_06_bot', 0, '0.6', '-1.3', True), ('rest_7@p2_m1', 0, -1, 0, True)]
for name, P1, P2, P3, want in pts:
    truth(name, p3min(P1, P2) <= mpf(P3) <= p3max(P1, P2), want)
truth('alg_8@r09_v3 is false: 1.21 lies above every stationary value on Gamma1', gamma1_max('0.9', 0) < mpf('1.21'), True)
truth('Figure 8 reading refuted: P3 = -1.8 is balanced at P1 = 0.3', p3min('0.3', 0) < 0, True)
print('FAILED' if failures() else 'all checks passed', f'({failures()} failures)')
sys.exit(1 if failures() else 0)
