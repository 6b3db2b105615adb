#!/usr/bin/env python3
"""Independent oracle for cases/polygon_prism_incline.case.

Does not import fricert and uses no closed form of the regions. The prism's cross-section is built from the
vertices of the regular n-gon (mpmath at 30 digits); the centroid and the resting face come from those
vertices. At an inclination alpha the contact forces on the face are solved from the force and moment balance
(unknowns N, F and the moment N*d about the middle of the face): "no slip" is |F| <= mu N, "no tip" is |d| <= the
face's half-width. "Slides first" is found by tilting from 0 in steps and bisecting the first failure. The
threshold mu at which sliding and tipping start together is found by bisection on mu and compared with
tan(pi/n); tan(pi/5) is checked to be the root of x^4 - 10x^2 + 5 in [0, 1] (sympy, exactly), and each [expect]
line of the case is recomputed. Prints each check; exits 1 on a mismatch.
"""
import sys
from pathlib import Path
from mpmath import mp, mpf, cos, sin, pi, tan
from sympy import symbols, minimal_polynomial, tan as stan, pi as spi, Poly, sympify
from oracle_util import check, truth, failures, read_case

mp.dps = 30


def geometry(n):
    """centroid height above the resting face and the face half-width, from the polygon's vertices"""
    v = [(cos(2 * pi * k / n - pi / 2 - pi / n), sin(2 * pi * k / n - pi / 2 - pi / n)) for k in range(n)]
    # vertices 0 and 1 span the bottom face (both at the same lowest y)
    y0 = v[0][1]
    cx = sum(p[0] for p in v) / n
    cy = sum(p[1] for p in v) / n
    return cy - y0, abs(v[1][0] - v[0][0]) / 2, cx - (v[0][0] + v[1][0]) / 2


def contact(n, alpha, geo={}):
    """N, F and the position c of the contact resultant on the face (from its middle, up-slope positive), and the
    face half-width; m g = 1. Plane axes: x up the slope, y along the normal. The weight (-sin a, -cos a) acts at
    the centroid (off, h) relative to the middle of the face; the contact force (F, N) acts at (c, 0).
    Balance along x: F - sin a = 0; along y: N - cos a = 0; moments about the middle of the face:
    (off (-cos a) - h (-sin a)) + c N = 0."""
    if n not in geo:
        geo[n] = geometry(n)
    h, b, off = geo[n]
    F = sin(alpha)
    N = cos(alpha)
    c = (off * cos(alpha) - h * sin(alpha)) / N
    return N, F, c, b


def state(n, alpha, mu):
    N, F, d, b = contact(n, alpha)
    return abs(F) <= mu * N, abs(d) <= b


def slides_first(n, mu, steps=200):
    """tilting from 0 (below pi/2): True if slipping fails first, False if tipping does"""
    prev = mpf(0)
    for i in range(1, steps):
        a = pi / 2 * i / steps
        fr, fa = state(n, a, mu)
        if fr and fa:
            prev = a
            continue
        if fr != fa:
            return not fr
        lo, hi = prev, a   # both failed inside one step: bisect each failure angle
        for _ in range(80):
            m = (lo + hi) / 2
            if state(n, m, mu)[0]:
                lo = m
            else:
                hi = m
        slip = hi
        lo, hi = prev, a
        for _ in range(80):
            m = (lo + hi) / 2
            if state(n, m, mu)[1]:
                lo = m
            else:
                hi = m
        return slip < hi
    return False


def mu_threshold(n):
    lo, hi = mpf(0), mpf(3)
    for _ in range(60):
        m = (lo + hi) / 2
        if slides_first(n, m):
            lo = m
        else:
            hi = m
    return (lo + hi) / 2


x = symbols('x')
truth('tan(pi/5) is a root of x^4 - 10x^2 + 5 (sympy, exact)',
      Poly(minimal_polynomial(stan(spi / 5), x), x) == Poly(x**4 - 10 * x**2 + 5, x), True)
truth('tan(pi/7) has degree 6 (sympy)', Poly(minimal_polynomial(stan(spi / 7), x), x).degree() == 6, True)
check('mu threshold, n = 5 (bisection on the tilting test)', mu_threshold(5), tan(pi / 5), '1e-15')
check('mu threshold, n = 7 (bisection on the tilting test)', mu_threshold(7), tan(pi / 7), '1e-15')

case = Path(__file__).resolve().parent.parent.parent / 'cases' / 'polygon_prism_incline.case'
params, points, expects = read_case(case, lambda v: mpf(sympify(v.replace('^', '**')).evalf(50)))
for key, val in expects:
    name, _, pt = key.partition('@')
    if name.startswith('claim.'):
        continue
    p = dict(params)
    p.update(points[pt])
    n, mu = int(p['n']), p.get('mu')
    alpha = p.get('alpha')
    if name == 'mu_tip':
        got = mu_threshold(n)
    elif name == 'tip_deg':
        lo, hi = mpf(0), pi / 2   # the tipping angle, by bisection on the moment test
        for _ in range(140):
            m = (lo + hi) / 2
            if state(n, m, 0)[1]:
                lo = m
            else:
                hi = m
        got = lo * 180 / pi
    elif name == 'slip_deg':
        lo, hi = mpf(0), pi / 2
        for _ in range(140):
            m = (lo + hi) / 2
            if state(n, m, mu)[0]:
                lo = m
            else:
                hi = m
        got = lo * 180 / pi
    else:
        fr, fa = state(n, alpha, mu) if alpha is not None else (None, None)
        got = {'rests': fr and fa, 'slides': (not fr) and fa, 'tips': fr and not fa,
               'slides_tips': (not fr) and not fa}.get(name)
        if name == 'slides_first':
            got = slides_first(n, mu)
        truth(key, got, val.strip() == 'true')
        continue
    v, _, tol = val.partition('+/-')
    check(key, got, v.strip(), ('1e-15' if name == 'mu_tip' else tol.strip()))

# the claims over mu (n = 5 unless stated): sampled against the tilting test
mus = [mpf(3) / 2 * i / 150 for i in range(151)]
t5, t7 = tan(pi / 5), tan(pi / 7)
bad = sum(1 for m in mus if abs(m - t5) > mpf(10)**-3 and slides_first(5, m) != (m < t5))
truth('slides_first_exact / slides_first_root: slides first iff mu < tan(pi/5) on 151 values', bad == 0, True)
bad = sum(1 for m in mus if abs(m - t7) > mpf(10)**-3 and slides_first(7, m) != (m < t7))
truth('heptagon: slides first iff mu < tan(pi/7) on 151 values', bad == 0, True)
truth('rounded_three_quarters refuted: at mu = 0.74 the prism tips first although mu < 3/4',
      slides_first(5, mpf('0.74')) is False, True)
bad = sum(1 for m in mus if abs(m - t5) > mpf(10)**-3 and
          all(state(5, pi / 5 * i / 100, m)[0] for i in range(101)) != (m >= t5))
truth('stays_at_rest: no slip at every tilt up to 36 deg iff mu >= tan(pi/5) on 151 values', bad == 0, True)
print('FAILED' if failures() else 'all checks passed', f'({failures()} failures)')
sys.exit(1 if failures() else 0)
