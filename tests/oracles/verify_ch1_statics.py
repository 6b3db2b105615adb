#!/usr/bin/env python3
"""verify_ch1_statics.py -- independent oracle for the ch. 1 cases of case library II.

Cases: ch1_three_support_special2. It does not import fricert and does not use the case's [define] formulas.

Three rough points A1 = (0, 0), A2 = (1, 0), A3 = (1/2, y), friction discs of radii b, b, 1 (spec/ch1.md R24). For a
load (P1, P2 = 0, P3) the balanced moments form the interval [min P3, max P3] over the friction forces. Here
P3 = u3 y - v3/2 - v2 is maximised directly: for a fixed w3 the best w2 lies in the lens of the discs |w2| <= b
and |w2 + w3 + P| <= b (|w1| <= b), whose lowest/highest point is a disc's extreme point or a circle
intersection; the outer maximisation over w3 in the unit disc is a polar grid refined by nested golden sections.
The book's lower end is reproduced from its own method (the constant coefficient a0 of the sextic (П.17), solved
for P3 with sympy), never from the case.

Usage: verify_ch1_statics.py [CASE...]; exit status 1 on any mismatch.
"""

import sys

import mpmath
import sympy
from mpmath import mp, mpf

import oracle_common as oc

mp.dps = 40


def lens_extreme(c, b, sign):
    """min (sign = +1) or max (sign = -1) of v over {|w| <= b} and {|w - c| <= b}; None if empty."""
    d = mpmath.sqrt(c[0] ** 2 + c[1] ** 2)
    if d > 2 * b:
        return None
    cands = [(mpf(0), -sign * b), (c[0], c[1] - sign * b)]
    if d > 0:
        off = mpmath.sqrt(max(b * b - d * d / 4, 0))
        px, py = -c[1] / d, c[0] / d
        cands += [(c[0] / 2 + off * px, c[1] / 2 + off * py), (c[0] / 2 - off * px, c[1] / 2 - off * py)]
    tol = mpf(10) ** -30
    ok = [w for w in cands if w[0] ** 2 + w[1] ** 2 <= b * b + tol and (w[0] - c[0]) ** 2 + (w[1] - c[1]) ** 2 <= b * b + tol]
    return min(sign * w[1] for w in ok) * sign


def p3_at(P1, y, b, r, phi, sign):
    """sign = +1: largest P3 with w3 = r (cos phi, sin phi); sign = -1: smallest. None if infeasible."""
    u3, v3 = r * mpmath.cos(phi), r * mpmath.sin(phi)
    c = (-(P1 + u3), -v3)
    v2 = lens_extreme(c, b, sign)           # the extreme v2 (min for the largest P3)
    if v2 is None:
        return None
    return u3 * y - v3 / 2 - v2


def extreme(P1, y, b, sign):
    """max (sign +1) or min (sign -1) of P3 over all friction forces."""
    P1, y, b = oc.num(P1), oc.num(y), oc.num(b)
    key = lambda val: -mpf(10) ** 9 if val is None else sign * val
    best = max(((mpf(i) / 20, 2 * mp.pi * k / 360) for i in range(21) for k in range(360)),
               key=lambda rp: key(p3_at(P1, y, b, rp[0], rp[1], sign)))
    g = (mpmath.sqrt(5) - 1) / 2

    def golden(fn, lo, hi, it=90):
        x1, x2 = hi - g * (hi - lo), lo + g * (hi - lo)
        f1, f2 = fn(x1), fn(x2)
        for _ in range(it):
            if f1 > f2:
                hi, x2, f2 = x2, x1, f1
                x1 = hi - g * (hi - lo)
                f1 = fn(x1)
            else:
                lo, x1, f1 = x1, x2, f2
                x2 = lo + g * (hi - lo)
                f2 = fn(x2)
        x = (lo + hi) / 2
        return x, fn(x)

    def over_r(phi):
        r, v = golden(lambda r: key(p3_at(P1, y, b, r, phi, sign)), max(best[0] - mpf(1) / 10, 0), mpf(1), 60)
        v1 = key(p3_at(P1, y, b, mpf(1), phi, sign))
        return max(v, v1)

    phi, v = golden(over_r, best[1] - 2 * mp.pi / 180, best[1] + 2 * mp.pi / 180, 90)
    return sign * v


def book_p3min(P1, y, b):
    """The book's lower end: the smaller P3 root of the sextic's constant coefficient a0 (spec R31) at P2 = 0, a = b."""
    P3 = sympy.symbols("P3")
    P2, a = 0, b
    Psq = P1 ** 2 + P2 ** 2
    h = (a ** 2 - b ** 2 - 1 - Psq) / 2
    a0 = (P3 - y) ** 2 * (1 + Psq + 2 * P1) + 2 * P2 * (P3 - y) * (h - P1) + (h - P1) ** 2 - b ** 2 * (1 + P1) ** 2
    roots = sympy.solve(sympy.expand(a0), P3)
    return min(roots, key=oc.num)


_C = {}


def ext(p, sign):
    k = (str(p["P1"]), str(p["y"]), str(p["b"]), sign)
    if k not in _C:
        _C[k] = extreme(p["P1"], p["y"], p["b"], sign)
    return _C[k]


def s2_value(name, p):
    if name in ("top", "dual_up"):
        return ext(p, 1)
    if name in ("bot", "dual_lo"):
        return ext(p, -1)
    if name == "book_P3min":
        return book_p3min(p["P1"], p["y"], p["b"])
    if name == "P3max_sq_case1":
        return ext(dict(p, P1=0), 1) ** 2
    if name in ("res1", "res2", "res3"):
        return 0        # any balanced set of friction forces has zero residuals (the certificate's own check)
    raise KeyError(name)


def s2_truth(name, p):
    P3 = oc.num(p["P3"])
    hi, lo = ext(p, 1), ext(p, -1)
    rest = lo < P3 < hi
    out = P3 > hi or P3 < lo
    P1, y, b = (oc.num(p[k]) for k in ("P1", "y", "b"))
    book = (P1 + 1) ** 2 / (4 * b * b) + (P3 - y) ** 2 / (b * b) <= 1
    note = "balanced moments [%s, %s]" % (mpmath.nstr(lo, 12), mpmath.nstr(hi, 12))
    t = {"rest": rest, "no_rest": out, "book_ellipse": book, "book_misses": rest and not book,
         "book_agrees": rest and book}[name]
    return oc.word(t), note


def s2_claim(name, claims):
    params = oc.read_case("ch1_three_support_special2")[0]
    bad = []
    for i in range(-6, 7, 2):
        P1 = sympy.Rational(i, 10)
        q = dict(params, P1=P1)
        hi, lo = ext(q, 1), ext(q, -1)
        y, b = oc.num(params["y"]), oc.num(params["b"])
        for j in range(-20, 21):
            P3 = mpf(j) / 10
            if min(abs(P3 - hi), abs(P3 - lo)) < mpf(10) ** -6:
                continue
            true = lo < P3 < hi
            if name == "book_special2":
                claim = (oc.num(P1) + 1) ** 2 / (4 * b * b) + (P3 - y) ** 2 / (b * b) <= 1
            else:
                pp = oc.num(P1)
                claim = -y - mpmath.sqrt(b * b - (1 - pp) ** 2 / 4) <= P3 <= y + mpmath.sqrt(b * b - (1 + pp) ** 2 / 4)
            if claim != true:
                bad.append((float(P1), float(P3)))
    note = "%d grid loads where the statement and the direct extremes disagree%s" % (
        len(bad), (", e.g. (P1, P3) = %s" % (bad[0],)) if bad else "")
    return ("refuted" if bad else "consistent"), note


ORACLES = {"ch1_three_support_special2": (s2_value, s2_truth, s2_claim)}


if __name__ == "__main__":
    sys.exit(1 if oc.run(ORACLES, sys.argv[1:]) else 0)
