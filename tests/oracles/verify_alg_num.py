"""verify_alg_num.py -- sympy recomputes the two tables of tests/test_alg_num.c
(read from that file, so they cannot drift apart):
  minpoly: the minimal polynomial of cos(2 pi / M) (sympy's minimal_polynomial
           of the exact cosine, made primitive with a positive leading coefficient);
  signs:   the sign of each expression in A = the real root of x^3 - x - 1 in
           [1, 2], B = the root of x^5 - 3x + 1 in [0, 1] and C = that of
           x^4 - 10x^2 + 5 in [0, 1] (sympy's real roots),
           cos/sin of rational multiples of pi and square roots: zero when
           sympy's minimal polynomial of the expression is x, else the sign of
           a 60-digit evaluation (checked to be far from zero).
Also the irreducibility of the polynomials the C test uses."""
import re
import sys
from pathlib import Path
from sympy import (Poly, Rational, CRootOf, cos, sin, tan, pi, sqrt, symbols, minimal_polynomial,
                   sympify, factor_list, Integer)
from oracle_util import truth, failures

x = symbols('x')
src = Path(__file__).resolve().parent.parent.joinpath('test_alg_num.c').read_text()


def table(name):
    m = re.search(r'ORACLE-TABLE ' + name + r'.*?\n(.*?)END-TABLE', src, re.S)
    return m.group(1)


# minimal polynomials of cos(2 pi / M)
for M, coeffs in re.findall(r'\{(\d+), "([-\d ]+)"\}', table('minpoly')):
    M = int(M)
    want = [int(c) for c in coeffs.split()]
    p = Poly(minimal_polynomial(cos(2 * pi / M), x), x)
    p = Poly(p.primitive()[1], x)
    if p.LC() < 0:
        p = -p
    got = list(reversed(p.all_coeffs()))
    truth(f'minimal polynomial of cos(2 pi/{M}) is {want}', got == want, True)

A = CRootOf(x**3 - x - 1, 0)
B = [r for r in Poly(x**5 - 3 * x + 1, x).real_roots() if 0 <= r.evalf(30) <= 1]
truth('x^5 - 3x + 1 has one root in [0, 1]', len(B) == 1, True)
B = B[0]
C = [r for r in Poly(x**4 - 10 * x**2 + 5, x).real_roots() if 0 <= r.evalf(30) <= 1]
truth('x^4 - 10x^2 + 5 has one root in [0, 1]', len(C) == 1, True)
C = C[0]
for poly in (x**4 - 10 * x**2 + 5, x**3 - x - 1, x**5 - 3 * x + 1, x**4 - 2, x**3 - 2, x**3 - 3, x**3 - 4, 8 * x**3 + 4 * x**2 - 4 * x - 1,
             16 * x**4 - 20 * x**2 + 5):
    f = factor_list(poly)[1]
    truth(f'{poly} irreducible over Q', len(f) == 1 and f[0][1] == 1, True)

for text, sign in re.findall(r'\{"([^"]+)", (-?\d)\}', table('signs')):
    e = sympify(text.replace('^', '**'), locals={'A': A, 'B': B, 'C': C, 'pi': pi, 'cos': cos, 'sin': sin, 'tan': tan,
                                                  'sqrt': sqrt})
    mp_ = minimal_polynomial(e, x)
    if Poly(mp_, x) == Poly(x, x):
        got = 0
    else:
        v = e.evalf(60)
        assert abs(v) > Rational(1, 10**40), text
        got = 1 if v > 0 else -1
    truth(f'sign of {text} is {sign}', got == int(sign), True)

print('FAILED' if failures() else 'all checks passed', f'({failures()} failures)')
sys.exit(1 if failures() else 0)
