"""verify_threshold_field.py -- mpmath check of the verdicts that
tests/test_claim_algebra_field.c expects from the generalised threshold
algebra: for each model "Q th in [lo, hi]: F(th, p)" the set of p in [0, 4]
where it holds is compared, on 161 values of p (skipping those within 1e-3
of the stated threshold), with the hand-derived claim, the quantifier being
decided by dense sampling of th (4001 points plus the ends) in mpmath."""
import sys
from mpmath import mp, mpf, pi, sin, cos, atan, sqrt
from oracle_util import truth, failures

mp.dps = 30


def holds(q, lo, hi, f, p, n=4000):
    vals = [f(lo + (hi - lo) * i / n, p) for i in range(n + 1)]
    return any(vals) if q == 'exists' else all(vals)


CASES = [
    ('T1', 'exists', pi / 2, pi, lambda t, p: cos(t) + p * sin(t) > 1, mpf(1), lambda p: p > 1),
    ('T2', 'exists', pi / 6, pi / 3, lambda t, p: p * sin(t) > 1, 2 / sqrt(3), lambda p: p > 0 and 3 * p**2 > 4),
    ('T3', 'exists', -pi / 3, 3 * pi / 4, lambda t, p: p * cos(t) - sin(t) > 1, 2 - sqrt(3), lambda p: p > 2 - sqrt(3)),
    ('T4', 'exists', atan(mpf(3) / 4), pi / 2, lambda t, p: p * cos(t) > 1, mpf(5) / 4, lambda p: p > mpf(5) / 4),
    ('T5', 'exists', mpf(0), pi / 2, lambda t, p: sqrt(2) * cos(t) + p * sin(t) > 2, sqrt(2), lambda p: p > sqrt(2)),
    ('T6', 'forall', mpf(0), pi / 2, lambda t, p: cos(t) + p * sin(t) >= 1 - mpf(10)**-25, mpf(1), lambda p: p >= 1),
    ('T7', 'exists', pi / 4, pi / 2, lambda t, p: p * cos(t) > 1, sqrt(2), lambda p: p > sqrt(2)),
    ('T8', 'exists', mpf(0), pi / 2, lambda t, p: sqrt(3) * cos(t) + sin(t) > p, mpf(2), lambda p: p < 2),
]

for name, q, lo, hi, f, thr, claim in CASES:
    bad = 0
    for i in range(161):
        p = mpf(4) * i / 160
        if abs(p - thr) < mpf(10)**-3:
            continue
        if holds(q, lo, hi, f, p) != bool(claim(p)):
            bad += 1
    truth(f'{name}: {q} over [{mp.nstr(lo, 6)}, {mp.nstr(hi, 6)}] agrees with the claim on 161 values of p',
          bad == 0, True)
print('FAILED' if failures() else 'all checks passed', f'({failures()} failures)')
sys.exit(1 if failures() else 0)
