#!/usr/bin/env python3
"""Independent oracle for cases/ch2_slip_set.case (the slip set of Ex.A as a quantified region).

Does not import fricert. mpmath at 40 digits. Ex.A body (a1 = 0.2, a2 = a3 = 0.1, y = z = 1): A = a1 + y^2,
k1 = y^2/a3 + z^2/a2, C0 = k1 A - z^2, P = A + z^2, phi(xi) = C0 xi^2 + (1 + k1) f y z xi + P (spec/ch2_3.md R2.18).
The slip interval from mpmath's polyroots (not the stable formula of the case); lambda_max from the cubic
g xi^3 + (C0 + 2P) xi^2 - P = 0 of R2.20 and, separately, from the largest value of
1 + phi^2/(xi^2 (1 - xi^2) C0^2) on a grid of the interval refined by findroot on its derivative. A point's region
is then: slips iff 1 < lambda < lambda_max (and f y z < A, phi has two real roots); holds iff lambda > lambda_max
or phi has no real root. Prints each check; exits 1 on a mismatch.
"""
import sys
from mpmath import mp, mpf, sqrt, polyroots, findroot, diff
from oracle_util import check, truth, failures

mp.dps = 40


a1, a2, a3, y, z = mpf('0.2'), mpf('0.1'), mpf('0.1'), mpf(1), mpf(1)
A = a1 + y**2
k1 = y**2 / a3 + z**2 / a2
C0 = k1 * A - z**2
P = A + z**2


def interval(f):
    b = (1 + k1) * f * y * z
    if b**2 - 4 * P * C0 <= 0:
        return None
    r = sorted(mp.re(t) for t in polyroots([C0, b, P]))
    return r[0], r[1]


def lam2(f, xi):
    phi = C0 * xi**2 + (1 + k1) * f * y * z * xi + P
    return 1 + phi**2 / (xi**2 * (1 - xi**2) * C0**2)


def lambda_max(f):
    lo, hi = interval(f)
    # grid maximum, refined by a root of the derivative
    n = 400
    xs = [lo + (hi - lo) * k / n for k in range(1, n)]
    x0 = max(xs, key=lambda x: lam2(f, x))
    xm = findroot(lambda x: diff(lambda t: lam2(f, t), x), x0)
    return sqrt(lam2(f, xm)), xm


def region(f, lam):
    f, lam = mpf(f), mpf(lam)
    if f * y * z > A:
        return 'liftoff'
    iv = interval(f)
    if iv is None:
        return 'holds'
    lm, _ = lambda_max(f)
    return 'slips' if 1 < lam < lm else ('holds' if lam > lm else 'boundary')


lo, hi = interval(mpf(1))
check('xi_lo@exa', lo, '-0.7923191846026022', '1e-15')
check('xi_hi@exa', hi, '-0.1207242936582673', '1e-15')
check('f_star', 2 * sqrt(P * C0) / ((1 + k1) * y * z), '0.677463590239190', '1e-14')
check('f_lift', A / (y * z), '1.2', '1e-30')
lm, xm = lambda_max(mpf(1))
check('lam_max@exa', lm, '1.04712733826119', '1e-13')
check('its xi (spec)', xm, '-0.327395756999691', '1e-13')
# the cubic of R2.20 gives the same maximiser
g = (1 + k1) * 1 * y * z
cub = [t for t in polyroots([g, C0 + 2 * P, 0, -P]) if abs(mp.im(t)) < mpf(10)**-30 and lo < mp.re(t) < hi]
check('cubic root = maximiser', mp.re(cub[0]), xm, '1e-25')
truth('slips@exa_in', region(1, '1.04241') == 'slips', True)
truth('holds@exa_in', region(1, '1.04241') == 'holds', False)
truth('slips@exa_out', region(1, '1.05184') == 'slips', False)
truth('holds@exa_out', region(1, '1.05184') == 'holds', True)
truth('slips@exa', region(1, '1.04') == 'slips', True)
truth('holds@below_fstar', region(mpf(13) / 20, mpf(101) / 100) == 'holds', True)
print('FAILED' if failures() else 'all checks passed', f'({failures()} failures)')
sys.exit(1 if failures() else 0)
