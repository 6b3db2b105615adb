#!/usr/bin/env python3
"""Independent oracle for cases/ch1_three_supports.case (spec/ch1.md R16-R21, E8, §2.6).

Does not import fricert and does not use the book's Statements: the extreme balanced moments are computed from the
convex dual of the equilibrium problem in the original coordinates (spec §2.6, weak duality checked by a primal
witness):
    Mz_max = min over L of [ L.F + sum_j N_j |Phi0^T (c_j + L)| ],  Mz_min = -min over L of [ L.F + sum_j N_j |Phi0^T (L - c_j)| ],
c_j = (y_j, -x_j), c_1 = 0; the convex minimum by nested golden-section search (mpmath, 30 digits; the inner
minimum of a jointly convex function is convex in the outer variable, so the nesting is valid). A moment is
balanced iff it lies between the two ends (strong duality for this convex problem). Prints each check; exits 1 on
a mismatch.
"""
import sys
from mpmath import mp, mpf, sqrt, matrix
from oracle_util import check, truth, failures, golden_min

mp.dps = 30
f11, f12, f21, f22 = mpf('0.6'), mpf('0.1'), mpf('-0.05'), mpf('0.4')
pts = [(mpf(0), mpf(0)), (mpf(1), mpf('0.2')), (mpf('0.3'), mpf('0.9'))]


def norm_PT(v):
    """|Phi0^T v|"""
    return sqrt((f11 * v[0] + f21 * v[1])**2 + (f12 * v[0] + f22 * v[1])**2)


def golden(fn, lo, hi, it=160):
    return golden_min(fn, lo, hi, it)


def dual(F, N, sign):
    cs = [(y, -x) for (x, y) in pts]

    def g(L1, L2):
        return L1 * F[0] + L2 * F[1] + sum(Nj * norm_PT((sign * c[0] + L1, sign * c[1] + L2)) for Nj, c in zip(N, cs))

    def inner(L1):
        return golden(lambda L2: g(L1, L2), -20, 20, 120)[1]
    L1, v = golden(inner, -20, 20, 120)
    return v if sign > 0 else -v


def balanced(F, N, Mz):
    """Is the moment Mz balanced? Decided by the dual ends (strong duality for this convex problem)."""
    return dual(F, N, -1) <= Mz <= dual(F, N, 1)


N = [mpf(1), mpf('0.8'), mpf('1.2')]
F = (mpf('0.2'), mpf('-0.1'))
Dl = f11 * f22 - f12 * f21
check('Dl@e8', Dl, '0.245', '1e-30')
P = (f22 * F[0] - f12 * F[1], -f21 * F[0] + f11 * F[1])
check('P1@e8', P[0], '0.09', '1e-30'); check('P2@e8', P[1], '-0.05', '1e-30')
r = [(f11 * y - f21 * x, f12 * y - f22 * x) for (x, y) in pts]
check('a2@e8', r[1][0], '0.17', '1e-30'); check('b2@e8', r[1][1], '-0.38', '1e-30')
check('a3@e8', r[2][0], '0.555', '1e-30'); check('b3@e8', r[2][1], '-0.03', '1e-30')
hi, lo = dual(F, N, 1), dual(F, N, -1)
check('Mz_max_3T@e8 (dual)', hi, '0.737850788', '1e-9')
check('Mz_min_3T@e8 (dual)', lo, '-0.971590055', '1e-9')
for name, Mz, want in (('e8_top_in', '0.73', True), ('e8_top_out', '0.8', False), ('e8_bot_in', '-0.96', True),
                       ('e8_bot_out', '-1.05', False)):
    truth(f'rest@{name}', lo <= mpf(Mz) <= hi, want)
# the vertex solutions are not optimal at E8 (both ends three-tight): each vertex value lies strictly inside
xi = [Dl * n for n in N]
l2 = sqrt(r[1][0]**2 + r[1][1]**2); l3 = sqrt(r[2][0]**2 + r[2][1]**2)
truth('E8: vertex-1 value (xi2 l2 + xi3 l3)/Delta above the true max (so not attained)', (xi[1] * l2 + xi[2] * l3) / Dl > hi, True)
# Statement 6 at Fx = 1.9: P > xi1 + xi2 + xi3 and no moment is balanced (the dual's two ends cross)
F6 = (mpf('1.9'), mpf('-0.1'))
P6 = sqrt((f22 * F6[0] - f12 * F6[1])**2 + (-f21 * F6[0] + f11 * F6[1])**2)
truth('stmt6: P > xi1 + xi2 + xi3', P6 > sum(xi), True)
truth('no_rest@stmt6 (dual max < dual min)', dual(F6, N, 1) < dual(F6, N, -1), True)
# Statement 7 (N1 = 3): the extremum is +-(xi2 l2 + xi3 l3)
N7 = [mpf(3), mpf('0.8'), mpf('1.2')]
v7 = Dl * (N7[1] * l2 + N7[2] * l3)
check('vmax1@stmt7 (formula)', v7, mpf('0.245') * (mpf('0.8') * sqrt(mpf('0.1733')) + mpf('1.2') * sqrt(mpf('0.308925'))), '1e-25')
check('stmt7: dual max = (xi2 l2 + xi3 l3)/Delta', dual(F, N7, 1), v7 / Dl, '1e-9')
check('stmt7: dual min = -(xi2 l2 + xi3 l3)/Delta', dual(F, N7, -1), -v7 / Dl, '1e-9')
truth('rest@stmt7 (Mz = 0)', balanced(F, N7, 0), True)
print('FAILED' if failures() else 'all checks passed', f'({failures()} failures)')
sys.exit(1 if failures() else 0)
