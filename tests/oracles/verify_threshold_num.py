"""verify_threshold_num.py -- mpmath check of the verdicts that
tests/test_claim_algebra_num.c expects from the threshold algebra over a
general real algebraic number field (N1-N6 there): for each model
"Q th in [lo, hi]: F(th, p)" the set of p in [0, 4] where it holds is
compared, on 161 values of p (skipping those within 1e-3 of the threshold),
with the hand-derived claim, the quantifier decided by dense sampling of th
(2001 points and the ends). The thresholds themselves are recomputed
(a = the real root of x^3 - x - 1 by mpmath's polyroots, tan(pi/5) as the
root of x^4 - 10x^2 + 5 in [0, 1]), and each wrong rational threshold that
the C test expects refuted is checked to lie on the wrong side of it."""
import sys
from mpmath import mp, mpf, pi, sin, cos, tan, sqrt, polyroots
from oracle_util import truth, check, failures

mp.dps = 20
a = [r.real for r in polyroots([1, 0, -1, -1], maxsteps=200, extraprec=200) if abs(r.imag) < mpf(10)**-15][0]
t5 = [r.real for r in polyroots([1, 0, -10, 0, 5]) if abs(r.imag) < mpf(10)**-15 and 0 <= r.real <= 1]
truth('x^4 - 10x^2 + 5 has one root in [0, 1]', len(t5) == 1, True)
t5 = t5[0]
check('that root is tan(pi/5)', t5, tan(pi / 5), mpf(10)**-18)
check('a = root(x^3 - x - 1, x, 1 .. 2, 1)', a, mpf('1.32471795724474602596090885447809734'), mpf(10)**-18)


def holds(q, lo, hi, f, p, n=2000):
    vals = [f(lo + (hi - lo) * i / n, p) for i in range(n + 1)]
    return any(vals) if q == 'exists' else all(vals)


EPS = mpf(10)**-25
CASES = [
    ('N1', 'exists', pi / 5, 2 * pi / 5, lambda t, p: p * sin(t) > 1, 1 / sin(2 * pi / 5),
     lambda p: p * sin(2 * pi / 5) > 1, mpf(21) / 20, lambda p: p > mpf(21) / 20),
    ('N2', 'exists', mpf(0), 2 * pi / 7, lambda t, p: p * cos(t) < 1, 1 / cos(2 * pi / 7),
     lambda p: p * cos(2 * pi / 7) < 1, mpf(8) / 5, lambda p: p < mpf(8) / 5),
    ('N3', 'exists', mpf(0), pi / 2, lambda t, p: a * cos(t) + p * sin(t) >= 2 - EPS, sqrt(4 - a**2),
     lambda p: p**2 + a**2 >= 4, mpf(3) / 2, lambda p: p >= mpf(3) / 2),
    ('N4', 'exists', mpf(0), pi / 5, lambda t, p: sin(t) > p * cos(t), t5, lambda p: p < t5, mpf(3) / 4, lambda p: p < mpf(3) / 4),
    ('N5', 'forall', mpf(0), pi / 9, lambda t, p: cos(t) >= p - EPS, cos(pi / 9), lambda p: p <= cos(pi / 9),
     mpf(47) / 50, lambda p: p <= mpf(47) / 50),
    ('N6', 'exists', mpf(0), pi / 2, lambda t, p: sqrt(2) * cos(t) + a * sin(t) > p, sqrt(2 + a**2),
     lambda p: p**2 < 2 + a**2, mpf(7) / 4, lambda p: p < mpf(7) / 4),
]

for name, q, lo, hi, f, thr, claim, wrong, wclaim in CASES:
    bad = 0
    for i in range(161):
        p = mpf(4) * i / 160
        if abs(p - thr) < mpf(10)**-3:
            continue
        if holds(q, lo, hi, f, p) != bool(claim(p)):
            bad += 1
    truth(f'{name}: {q} over [{mp.nstr(lo, 6)}, {mp.nstr(hi, 6)}] agrees with the claim on 161 values of p '
          f'(threshold {mp.nstr(thr, 12)})', bad == 0, True)
    # the wrong rational threshold: between it and the true one the two sides differ
    mid = (wrong + thr) / 2
    truth(f'{name}: at p = {mp.nstr(mid, 12)} (between {mp.nstr(wrong, 6)} and the threshold) the model and the '
          f'wrong claim differ', holds(q, lo, hi, f, mid) != bool(wclaim(mid)), True)
print('FAILED' if failures() else 'all checks passed', f'({failures()} failures)')
sys.exit(1 if failures() else 0)
