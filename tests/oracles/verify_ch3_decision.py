#!/usr/bin/env python3
"""Independent oracle for cases/ch3_two_supports_decision.case (spec/ch2_3.md R3.7, R3.9, §3, D3-3).

Does not import fricert. sympy, exact rationals. The six equilibrium equations of a body on two supports
(A1 = 0, A2 = (0, 1, 0)) are solved for the reactions R1, R2 with the normal reaction xi = R2 . n2 left free;
the feasible set {xi >= 0 : N1 >= 0, psi1 <= 0, psi2 <= 0} is found from the exact real roots of the three
functions (a union of intervals between consecutive roots, each tested at an exact rational inside). The notes'
polynomials for F = (-2, -2, -2) are compared symbolically. Proposition 3 is compared with the exact decision on a
grid of (Mx, Mz). Prints each check; exits 1 on a mismatch.
"""
import sys
import sympy as sp
from mpmath import mp, mpf
from oracle_util import check, truth, failures

mp.dps = 30
R = sp.Rational
n1 = sp.Matrix([R(3, 5), R(4, 5), 0])
n2 = sp.Matrix([0, R(4, 5), R(3, 5)])
y0, f = 1, 1
xi, Mx, Mz, Fy = sp.symbols('xi Mx Mz Fy', real=True)


def reactions(F, M):
    """R1, R2 (sympy vectors in xi) from F + R1 + R2 = 0, M + r2 x R2 = 0, R2 . n2 = xi."""
    r1 = sp.symbols('a1:4'); r2 = sp.symbols('b1:4')
    R1, R2 = sp.Matrix(r1), sp.Matrix(r2)
    r2pos = sp.Matrix([0, y0, 0])
    eqs = list(F + R1 + R2) + [e for e in (M + r2pos.cross(R2))] + [R2.dot(n2) - xi]
    sol = sp.solve(eqs, list(r1) + list(r2), dict=True)[0]
    return R1.subs(sol), R2.subs(sol)


def funcs(F, M):
    R1, R2 = reactions(sp.Matrix(F), sp.Matrix(M))
    N1 = sp.expand(R1.dot(n1))
    psi1 = sp.expand(R1.dot(R1) - (1 + f**2) * N1**2)
    psi2 = sp.expand(R2.dot(R2) - (1 + f**2) * xi**2)
    return R1, R2, N1, psi1, psi2


def feasible(F, M):
    """Exact: is {xi >= 0: N1 >= 0, psi1 <= 0, psi2 <= 0} non-empty (rational test points between roots)."""
    _, _, N1, psi1, psi2 = funcs(F, M)
    cuts = {sp.Integer(0)}
    for g in (N1, psi1, psi2):
        for r in sp.Poly(g, xi).real_roots():
            if r >= 0:
                cuts.add(r)
    cuts = sorted(cuts, key=lambda c: sp.N(c, 50))
    tests = list(cuts) + [cuts[-1] + 1]
    for a, b in zip(cuts, cuts[1:]):
        tests.append(sp.nsimplify(sp.N((a + b) / 2, 40), rational=True))
    for t in tests:
        if all(sp.simplify(g.subs(xi, t)) * s >= 0 for g, s in ((N1, 1), (psi1, -1), (psi2, -1))):
            return True, t
    return False, None


def prop3(F, M):
    """Proposition 3 from the book's quantities, computed from this oracle's reactions."""
    _, _, N1, psi1, psi2 = funcs(F, M)
    phi1 = N1.subs(xi, 0)
    if phi1 < 0:
        return False
    xs = sp.solve(N1, xi)[0]
    roots = sp.Poly(psi2, xi).real_roots()
    x0 = max(roots)
    return x0 <= xs and min(psi1.subs(xi, xs), psi1.subs(xi, x0)) <= 0


def Fv(fy=-2):
    return [-2, fy, -2]


def Mv(mx, mz):
    return [mx, 0, mz]


# the notes' exact polynomials for F = (-2, -2, -2)
_, _, N1s, psi1s, psi2s = funcs(Fv(), [Mx, 0, Mz])
truth('phi1 = (14 - 3Mx - 3Mz)/5', sp.expand(N1s.subs(xi, 0) - (14 - 3 * Mx - 3 * Mz) / 5) == 0, True)
truth('psi2 as in the notes', sp.expand(psi2s - (-R(7, 16) * xi**2 + R(15, 8) * Mx * xi + R(25, 16) * Mx**2 + Mz**2)) == 0, True)
notes_psi1 = (-R(7, 16) * xi**2 + xi * (-R(21, 40) * Mx - R(12, 5) * Mz + R(31, 5)) + R(337, 400) * Mx**2
              - R(36, 25) * Mx * Mz + R(193, 25) * Mx + R(7, 25) * Mz**2 + R(68, 25) * Mz - R(92, 25))
truth('psi1 as in the notes', sp.expand(psi1s - notes_psi1) == 0, True)

# row 1 and Remark 1
_, _, N1, _, _ = funcs(Fv(-1), Mv(2, 2))
check('phi1@row1', N1.subs(xi, 0), R(-2, 5), '1e-30')
truth('decision@row1', feasible(Fv(-1), Mv(2, 2))[0], False)
truth('prop3@row1', prop3(Fv(-1), Mv(2, 2)), False)
_, _, N1b, _, _ = funcs(Fv(-2), Mv(2, 2))
xs_b = sp.solve(N1b, xi)[0]
check('xi_star@row1_F2 (F = (-2,-2,-2))', xs_b, R(2, 5), '1e-30')
check('xi_star_remark@row1 (the value Remark 1 would assign)', xs_b, R(2, 5), '1e-30')
truth('Remark 1 refuted: xi* at the same moments differs for Fy = -1 and Fy = -2',
      sp.solve(N1, xi)[0] != xs_b, True)

# rows 2.1 and 2.2
for name, M, want in (('row21', Mv(0, 2), False), ('row22_no', Mv(-1, -2), False), ('row22_yes', Mv(-2, -2), True)):
    _, _, N1, psi1, psi2 = funcs(Fv(), M)
    xs = sp.solve(N1, xi)[0]
    x0 = max(sp.Poly(psi2, xi).real_roots())
    print(f'     {name}: xi* = {xs}, xi0 = {sp.nsimplify(x0)} = {sp.N(x0, 20)}, psi1(xi*) = {psi1.subs(xi, xs)}, '
          f'psi1(xi0) = {sp.N(psi1.subs(xi, x0), 20)}')
    truth(f'decision@{name}', feasible(Fv(), M)[0], want)
    truth(f'prop3@{name}', prop3(Fv(), M), want)
    if name == 'row21':
        check('xi_star@row21', xs, R(8, 5), '1e-30')
        check('xi0@row21', sp.N(x0, 40), sp.N(8 * sp.sqrt(7) / 7, 40), '1e-28')
    if name == 'row22_no':
        check('xi_star@row22_no', xs, R(23, 5), '1e-30')
        check('xi0@row22_no', sp.N(x0, 40), sp.N((-15 + 4 * sp.sqrt(53)) / 7, 40), '1e-28')
        check('psi1_star@row22_no', psi1.subs(xi, xs), 26, '1e-27')
        check('psi1_xi0@row22_no', sp.N(psi1.subs(xi, x0), 40), '3.71055572363368', '1e-13')
    if name == 'row22_yes':
        check('xi0@row22_yes', sp.N(x0, 40), sp.N((-30 + 32 * sp.sqrt(2)) / 7, 40), '1e-28')
        check('psi1_star@row22_yes', psi1.subs(xi, xs), 25, '1e-27')
        check('psi1_xi0@row22_yes', sp.N(psi1.subs(xi, x0), 40), '-1.64766040916616', '1e-13')
        # the witness reactions at xi = xi0
        R1, R2, _, _, _ = funcs(Fv(), M)
        R1w = [sp.N(c.subs(xi, x0), 40) for c in R1]
        R2w = [sp.N(c.subs(xi, x0), 40) for c in R2]
        N1w = sum(a * b for a, b in zip(R1w, n1)); N2w = sum(a * b for a, b in zip(R2w, n2))
        T1 = sp.sqrt(sum(c**2 for c in R1w) - N1w**2); T2 = sp.sqrt(max(sum(c**2 for c in R2w) - N2w**2, 0))
        check('N2w@row22_yes', N2w, sp.N((-30 + 32 * sp.sqrt(2)) / 7, 40), '1e-28')
        print(f'     witness: R1 = {[sp.N(c, 16) for c in R1w]}, R2 = {[sp.N(c, 16) for c in R2w]}, '
              f'N1 = {sp.N(N1w, 16)}, cone1 = {sp.N(f * N1w - T1, 16)}, cone2 = {sp.N(f * N2w - T2, 16)}')
        check('N1w@row22_yes', N1w, '3.02073800058014', '1e-13')
        check('R1x@row22_yes', R1w[0], 4, '1e-30')
        check('R1z@row22_yes', R1w[2], 0, '1e-30')
        check('R2y@row22_yes', R2w[1], '1.22407749927483', '1e-13')
        check('cone1@row22_yes', f * N1w - T1, '0.286291501015240', '1e-13')
        check('cone2@row22_yes', f * N2w - T2, 0, '1e-20')
        truth('witness: N1 >= 0 and both cones met', N1w >= 0 and f * N1w - T1 >= 0 and f * N2w - T2 >= -1e-30, True)

# the claim prop3: Proposition 3 equals the exact decision on a 9 x 9 grid of the figure
bad = 0
for i in range(-4, 5):
    for j in range(-4, 5):
        M = Mv(R(i) + R(1, 7), R(j) - R(1, 9))
        bad += feasible(Fv(), M)[0] != prop3(Fv(), M)
truth('Proposition 3 agrees with the exact decision on a 9 x 9 grid', bad == 0, True)
print('FAILED' if failures() else 'all checks passed', f'({failures()} failures)')
sys.exit(1 if failures() else 0)
