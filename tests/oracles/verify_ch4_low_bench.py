#!/usr/bin/env python3
"""Independent oracle for cases/ch4_low_bench.case (Ivanov's very low bench, spec/ch4.md R22, R18, E-C2).

Does not import fricert. mpmath at 30 digits. The emanating sliding motion is sought in the undivided equations
(4.7)-(4.9) of R22, unknowns (u1, u2, a1, a2), u1, u2 > 0:
  sin a1 (m1 u1 + f N_A) + sin a2 (m2 u2 + f N_B) = Q2
  sin a1 (-m1 u1 - f N_A) + sin a2 (m2 u2 + f N_B) = Q3
  cos a1 Delta = Q1 u2,  cos a2 Delta = Q1 u1,  Delta = u1 u2 + f (N_A u2 + N_B u1)
by findroot from a grid of starts; a solution with u1, u2 > 1e-10 (the trivial u = 0 is not a motion) (residual < 1e-20) proves "slides". "Rest only" is
checked by the minimum of the right side of (4.11) over a 200 x 200 grid of (u1, u2) in (0, 4]^2 (plus u -> 0),
which must exceed |Q1| (a necessary condition for a solution, since (4.11) follows from (4.7)-(4.9)).
The static zone (4.4)-(4.5) is evaluated from its formula. Prints each check; exits 1 on a mismatch.
"""
import sys
from oracle_util import check, truth, failures
from mpmath import mp, mpf, sqrt, sin, cos, findroot, matrix

mp.dps = 30


class Low:
    def __init__(self, Q1, Q2, Q3=0, m1='0.3', f=1, g=1):
        self.Q1, self.Q2, self.Q3 = mpf(Q1), mpf(Q2), mpf(Q3)
        self.m1 = mpf(m1); self.m2 = 1 - self.m1
        self.f, self.g = mpf(f), mpf(g)
        self.NA, self.NB = self.m1 * self.g, self.m2 * self.g
        self.a, self.b = (self.Q2 - self.Q3) / 2, (self.Q2 + self.Q3) / 2

    def psi0(self):
        return sqrt(self.f**2 * self.NA**2 - self.a**2) + sqrt(self.f**2 * self.NB**2 - self.b**2)

    def static(self):
        return (abs(self.Q1) < self.psi0() and abs(self.Q3 - self.Q2) < 2 * self.f * self.NA
                and abs(self.Q2 + self.Q3) < 2 * self.f * self.NB)

    def eqs(self, u1, u2, a1, a2):
        X1, X2 = self.m1 * u1 + self.f * self.NA, self.m2 * u2 + self.f * self.NB
        D = u1 * u2 + self.f * (self.NA * u2 + self.NB * u1)
        return [sin(a1) * X1 + sin(a2) * X2 - self.Q2, -sin(a1) * X1 + sin(a2) * X2 - self.Q3,
                cos(a1) * D - self.Q1 * u2, cos(a2) * D - self.Q1 * u1]

    def emanating(self):
        for u1s in ['0.1', '0.5', '1', '2']:
            for u2s in ['0.1', '0.5', '1', '2']:
                for a1s in ['-0.5', '0.2', '0.8']:
                    try:
                        x = findroot(lambda *v: self.eqs(*v), (mpf(u1s), mpf(u2s), mpf(a1s), mpf(a1s)))
                    except (ValueError, ZeroDivisionError):
                        continue
                    r = max(abs(e) for e in self.eqs(*x))
                    if x[0] > mpf(10)**-10 and x[1] > mpf(10)**-10 and r < mpf(10)**-20:
                        return x
        return None

    def rhs_min(self):
        best = None
        n = 200
        for i in range(n + 1):
            u1 = 4 * mpf(i) / n
            X1 = self.m1 * u1 + self.f * self.NA
            if X1 < abs(self.a):
                continue
            for j in range(n + 1):
                u2 = 4 * mpf(j) / n
                X2 = self.m2 * u2 + self.f * self.NB
                if X2 < abs(self.b):
                    continue
                v = sqrt(X1**2 - self.a**2) + sqrt(X2**2 - self.b**2)
                best = v if best is None or v < best else best
        return best


# E-C2
E = Low('1.5', 0, m1='0.5')
check('psi0@ec2_slide', E.psi0(), 1, '1e-30')
truth('static@ec2_slide', E.static(), False)
x = E.emanating()
truth('slides@ec2_slide (emanating solution found)', x is not None, True)
if x is not None:
    check('E-C2 u1 (spec: 0.5)', x[0], '0.5', '1e-20')
    check('E-C2 u2 (spec: 0.5)', x[1], '0.5', '1e-20')
R = Low('0.5', 0, m1='0.5')
truth('static@ec2_rest', R.static(), True)
truth('rest_only@ec2_rest (min of (4.11) > |Q1|)', R.rhs_min() > R.Q1, True)
P = Low('0.8', '0.4')
check('psi0@p04_low', P.psi0(), '0.894427190999916', '1e-13')
truth('rest_only@p04_low (min of (4.11) > |Q1|)', P.rhs_min() > P.Q1, True)
truth('slides@p04_high', Low(1, '0.4').emanating() is not None, True)
H = Low(1, '0.5')
check('psi0@p05_high', H.psi0(), '0.819666081048871', '1e-13')
truth('slides@p05_high', H.emanating() is not None, True)
# the claim: emanating <=> not static, on a grid of the figure (Q3 = 0, m1 = 0.3)
bad = 0
for i in range(1, 6):
    for j in range(1, 10):
        L = Low(mpf(j) / 5, mpf(i) / 10)
        if abs(L.Q1 - L.psi0()) < mpf('0.02'):
            continue
        slides = L.emanating() is not None
        bad += slides == L.static()
truth('Pozharitskii: emanating iff not static, 5 x 9 grid', bad == 0, True)
print('FAILED' if failures() else 'all checks passed', f'({failures()} failures)')
sys.exit(1 if failures() else 0)
