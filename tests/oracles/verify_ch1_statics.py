#!/usr/bin/env python3
"""verify_ch1_statics.py -- independent oracle for the ch. 1 cases of case library II.

Cases: ch1_one_support, ch1_three_support_special2, ch1_appendix_sextic. It does not import fricert and does not use the case's [define] formulas.

One rough point: the static friction set is N Phi0(unit disc) (the convex hull of the sliding forces -N Phi0 e),
tested through Phi0^-1 with mpmath; the incline's limit angle and F_min by bisection on the angle and the force.

Three rough points A1 = (0, 0), A2 = (1, 0), A3 = (1/2, y), friction discs of radii b, b, 1 (spec/ch1.md R24). For a
load (P1, P2 = 0, P3) the balanced moments form the interval [min P3, max P3] over the friction forces. Here
P3 = u3 y - v3/2 - v2 is maximised directly: for a fixed w3 the best w2 lies in the lens of the discs |w2| <= b
and |w2 + w3 + P| <= b (|w1| <= b), whose lowest/highest point is a disc's extreme point or a circle
intersection; the outer maximisation over w3 in the unit disc is a polar grid refined by nested golden sections.
The book's lower end is reproduced from its own method (the constant coefficient a0 of the sextic (П.17), solved
for P3 with sympy), never from the case. For the sextic case, (П.17) is expanded with sympy, the 11 x 11
Sylvester determinant of the sextic and its derivative is computed exactly (Bareiss), and the ends of the true
range at E12 come from the direct maximisation above (general radii a, b and A3 = (x, y), load (P1, P2)). The
symbolic identity D = -a6 Disc: the Sylvester determinant of the general sextic (coefficients c0..c6 free) by
fraction-free elimination in Z[c0..c6], against -c6 times sympy's discriminant.

Usage: verify_ch1_statics.py [CASE...]; exit status 1 on any mismatch.
"""

import sys

import mpmath
import sympy
from sympy import ring, ZZ
from mpmath import mp, mpf

import oracle_common as oc

mp.dps = 40


def lens_extreme(c, rb, ra, sign):
    """min (sign = +1) or max (sign = -1) of v over {|w| <= rb} and {|w - c| <= ra}; None if empty."""
    d = mpmath.sqrt(c[0] ** 2 + c[1] ** 2)
    if d > ra + rb or d < abs(ra - rb) and min(ra, rb) == 0:
        return None
    cands = [(mpf(0), -sign * rb), (c[0], c[1] - sign * ra)]
    if 0 < d <= ra + rb and d >= abs(ra - rb):
        l = (d * d + rb * rb - ra * ra) / (2 * d)            # along c from the origin
        off = mpmath.sqrt(max(rb * rb - l * l, 0))
        ex, ey = c[0] / d, c[1] / d
        cands += [(l * ex - off * ey, l * ey + off * ex), (l * ex + off * ey, l * ey - off * ex)]
    tol = mpf(10) ** -30
    ok = [w for w in cands if w[0] ** 2 + w[1] ** 2 <= rb * rb + tol and (w[0] - c[0]) ** 2 + (w[1] - c[1]) ** 2 <= ra * ra + tol]
    if not ok:
        return None
    return min(sign * w[1] for w in ok) * sign


def p3_at(P1, y, b, r, phi, sign, a=None, x=mpf(1) / 2, P2=0):
    """sign = +1: largest P3 with w3 = r (cos phi, sin phi); sign = -1: smallest. None if infeasible.
    Friction radii a (A1, default b), b (A2), 1 (A3 = (x, y)); load (P1, P2, P3)."""
    a = b if a is None else a
    u3, v3 = r * mpmath.cos(phi), r * mpmath.sin(phi)
    c = (-(P1 + u3), -(P2 + v3))               # w1 = -(P + w2 + w3): |w2 - c| <= a
    v2 = lens_extreme(c, b, a, sign)           # the extreme v2 (min for the largest P3)
    if v2 is None:
        return None
    return u3 * y - v3 * x - v2


def extreme(P1, y, b, sign, a=None, x=sympy.Rational(1, 2), P2=0):
    """max (sign +1) or min (sign -1) of P3 over all friction forces."""
    P1, y, b, x, P2 = oc.num(P1), oc.num(y), oc.num(b), oc.num(x), oc.num(P2)
    a = b if a is None else oc.num(a)
    f3 = lambda r, phi: p3_at(P1, y, b, r, phi, sign, a, x, P2)
    key = lambda val: -mpf(10) ** 9 if val is None else sign * val
    best = max(((mpf(i) / 20, 2 * mp.pi * k / 360) for i in range(21) for k in range(360)),
               key=lambda rp: key(f3(rp[0], rp[1])))
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
        r, v = golden(lambda r: key(f3(r, phi)), max(best[0] - mpf(1) / 10, 0), mpf(1), 60)
        v1 = key(f3(mpf(1), phi))
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


# ------------------------------------------------------------------------------------ the appendix's sextic
_t = sympy.symbols("t")


def sextic(p, P3, h=None):
    """(П.17) expanded with sympy (spec R30), exact, as a polynomial in t; h from a unless given (E14 takes it free)."""
    a, b, x, y, P1, P2 = (p[k] for k in ("a", "b", "x", "y", "P1", "P2"))
    t = _t
    Psq = P1 ** 2 + P2 ** 2
    if h is None:
        h = (a ** 2 - b ** 2 - 1 - Psq) / 2
    Psi = P3 * (1 + t ** 2) - y * (1 - t ** 2) + 2 * x * t
    H = h * (1 + t ** 2) - P1 * (1 - t ** 2) - 2 * P2 * t
    e = (Psi ** 2 * ((1 + Psq) * (1 + t ** 2) + 2 * P1 * (1 - t ** 2) + 4 * P2 * t) + 2 * Psi * H * (P2 * (1 + t ** 2) + 2 * t)
         + (1 + t ** 2) * H ** 2 - b ** 2 * (1 + t ** 2) * (P1 * (1 + t ** 2) + 1 - t ** 2) ** 2)
    return sympy.Poly(sympy.expand(e), t), h


def sylvester_det(poly):
    """det of the (2n - 1) x (2n - 1) Sylvester matrix of p and p' (rows as in spec R32)."""
    A = poly.all_coeffs()                      # a_n ... a_0
    B = poly.diff(_t).all_coeffs()             # b_{n-1} ... b_0
    n = len(A) - 1
    N = 2 * n - 1
    rows = []
    for k in range(n - 1):
        rows.append([0] * k + A + [0] * (N - k - len(A)))
    for k in range(n):
        rows.append([0] * k + B + [0] * (N - k - len(B)))
    return sympy.Matrix(rows).det(method="bareiss")


def printed_a3_poly(p, P3):
    """The sextic with a3 as printed: the true t^3 coefficient minus the lost term (spec R31: the printed last term is
    P2[2x(h - P1) - P2(P3 - y)] inside 2{...}, the expansion has -2 P2 (P3 - y) there)."""
    poly, h = sextic(p, P3)
    gap = -2 * p["P2"] ** 2 * (P3 - p["y"])   # a3 - a3_printed: 2 * P2 * (-(P3 - y) P2)
    return sympy.Poly(poly.as_expr() - gap * _t ** 3, _t), gap


def sx_value(name, p):
    if name == "h":
        return sextic(p, p["P3"])[1]
    if name == "a3_gap":
        # the book's a3 written as printed, expanded, against the t^3 coefficient of (П.17)
        a, b, x, y, P1, P2, P3 = (p[k] for k in ("a", "b", "x", "y", "P1", "P2", "P3"))
        poly, h = sextic(p, P3)
        Psq = P1 ** 2 + P2 ** 2
        Qg = 4 * x ** 2 + 2 * (P3 ** 2 - y ** 2)
        a3p = (4 * x * (P3 + y) * (Psq + 1 + 2 * P1) + 4 * P2 * Qg + 4 * x * (P3 - y) * (Psq + 1 - 2 * P1)
               + 2 * (P2 * (2 * x * (h + P1) - 2 * P2 * (P3 + y)) + 2 * ((P3 + y) * (h - P1) + (P3 - y) * (h + P1) - 4 * x * P2)
                      + P2 * (2 * x * (h - P1) - P2 * (P3 - y))) - 8 * P2 * h)
        return poly.coeff_monomial(_t ** 3) - a3p
    if name == "a6":
        return sextic(p, p["P3"])[0].coeff_monomial(_t ** 6)
    if name in ("D0", "D1"):
        P3 = p["P3"] if name == "D0" else p["P3_1"]
        return sylvester_det(sextic(p, P3)[0])
    if name == "R0":          # the Sylvester determinant at E12, P3 = 0
        return sylvester_det(sextic(p, p["P3"])[0])
    if name in ("R14", "D14"):   # E14: h taken as a free value -3/10
        poly = sextic(E14, E14["P3"], h=E14["h"])[0]
        if name == "R14":
            return sylvester_det(poly)
        return -poly.coeff_monomial(_t ** 6) * sympy.discriminant(poly.as_expr(), _t)
    if name in ("P3_min", "P3_max"):
        return extreme(p["P1"], p["y"], p["b"], 1 if name == "P3_max" else -1, a=p["a"], x=p["x"], P2=p["P2"])
    raise KeyError(name)


E14 = {"a": 1, "b": sympy.Rational(101, 100), "x": sympy.Rational(1, 2), "y": sympy.Rational(4, 5),
       "P1": sympy.Rational(1, 5), "P2": sympy.Rational(-1, 7), "P3": sympy.Rational(2, 3), "h": sympy.Rational(-3, 10)}


def book_coeffs(x, y, P1, P2, P3, b, h, printed=False):
    """(П.18)-(П.19) in the book's grouping (spec R31); printed: a3 with the last term as printed."""
    Psq = P1 ** 2 + P2 ** 2
    Qg = 4 * x ** 2 + 2 * (P3 ** 2 - y ** 2)
    a3 = (4 * x * (P3 + y) * (Psq + 1 + 2 * P1) + 4 * P2 * Qg + 4 * x * (P3 - y) * (Psq + 1 - 2 * P1)
          + 2 * (P2 * (2 * x * (h + P1) - 2 * P2 * (P3 + y)) + 2 * ((P3 + y) * (h - P1) + (P3 - y) * (h + P1) - 4 * x * P2)
                 + P2 * (2 * x * (h - P1) - (1 if printed else 2) * P2 * (P3 - y))) - 8 * P2 * h)
    return [
        (P3 - y) ** 2 * (1 + Psq + 2 * P1) + 2 * P2 * (P3 - y) * (h - P1) + (h - P1) ** 2 - b ** 2 * (1 + P1) ** 2,
        4 * x * (P3 - y) * (Psq + 1 + 2 * P1) + 4 * P2 * (P3 - y) ** 2
        + 2 * (P2 * (2 * x * (h - P1) - 2 * P2 * (P3 - y)) + 2 * (P3 - y) * (h - P1)) - 4 * P2 * (h - P1),
        Qg * (Psq + 1 + 2 * P1) + 16 * x * P2 * (P3 - y) + (P3 - y) ** 2 * (Psq + 1 - 2 * P1)
        + 2 * (P2 * ((P3 + y) * (h - P1) - 4 * x * P2 + (P3 - y) * (h + P1)) + 2 * (2 * x * (h - P1) - 2 * P2 * (P3 - y))
               + P2 * (P3 - y) * (h - P1)) + (h - P1) ** 2 + 4 * P2 ** 2 + 2 * (h ** 2 - P1 ** 2)
        - b ** 2 * (2 * (P1 ** 2 - 1) + (P1 + 1) ** 2),
        a3,
        (P3 + y) ** 2 * (Psq + 1 + 2 * P1) + 16 * x * P2 * (P3 + y) + Qg * (Psq + 1 - 2 * P1)
        + 2 * (P2 * (P3 + y) * (h + P1) + 2 * (2 * x * (h + P1) - 2 * P2 * (P3 + y))
               + P2 * ((P3 + y) * (h - P1) + (P3 - y) * (h + P1) - 4 * P2 * x))
        + (h + P1) ** 2 + 4 * P2 ** 2 + 2 * (h ** 2 - P1 ** 2) - b ** 2 * ((P1 - 1) ** 2 + 2 * (P1 ** 2 - 1)),
        4 * P2 * (P3 + y) ** 2 + 4 * x * (P3 + y) * (Psq + 1 - 2 * P1) + 4 * (P3 + y) * (h + P1) - 4 * P2 ** 2 * (P3 + y)
        + 4 * x * P2 * (h + P1) - 4 * P2 * (h + P1),
        (P3 + y) ** 2 * (Psq + 1 - 2 * P1) + 2 * P2 * (P3 + y) * (h + P1) + (h + P1) ** 2 - b ** 2 * (P1 - 1) ** 2]


_GENERIC = []


def generic_sylvester_and_disc():
    """The general sextic c0 + c1 t + ... + c6 t^6: det of the 11 x 11 Sylvester matrix of p and p' (rows as in
    sylvester_det) by Bareiss fraction-free elimination in Z[c0..c6] (exact divisions), and sympy's discriminant."""
    if _GENERIC:
        return _GENERIC[0]
    R, *c = ring(",".join("c%d" % k for k in range(7)), ZZ)
    A = [c[6 - k] for k in range(7)]                    # a6 .. a0
    B = [(6 - k) * c[6 - k] for k in range(6)]          # 6 a6 .. a1
    N = 11
    M = [[R(0)] * k + A + [R(0)] * (N - k - 7) for k in range(5)] + [[R(0)] * k + B + [R(0)] * (N - k - 6) for k in range(6)]
    prev, sign = R(1), 1
    for k in range(N - 1):
        if M[k][k] == 0:
            r = next(r for r in range(k + 1, N) if M[r][k] != 0)
            M[k], M[r] = M[r], M[k]
            sign = -sign
        for i in range(k + 1, N):
            for j in range(k + 1, N):
                M[i][j] = (M[i][j] * M[k][k] - M[i][k] * M[k][j]).exquo(prev)
            M[i][k] = R(0)
        prev = M[k][k]
    det = sign * M[N - 1][N - 1]
    cs, tt = sympy.symbols("c0:7"), sympy.symbols("t")
    disc = R(sympy.discriminant(sympy.Poly(sum(cs[k] * tt ** k for k in range(7)), tt)).as_expr())
    _GENERIC.append((det, disc, c))
    return _GENERIC[0]


def sx_claim(name, claims):
    params = oc.read_case("ch1_appendix_sextic")[0]
    if name in ("sextic_identity", "sextic_printed_identity"):
        # (П.17) expanded symbolically in every datum against the book's coefficients
        x, y, P1, P2, P3, b, h, t = sympy.symbols("x y P1 P2 P3 b h t")
        Psi = P3 * (1 + t ** 2) - y * (1 - t ** 2) + 2 * x * t
        H = h * (1 + t ** 2) - P1 * (1 - t ** 2) - 2 * P2 * t
        Psq = P1 ** 2 + P2 ** 2
        e = (Psi ** 2 * ((1 + Psq) * (1 + t ** 2) + 2 * P1 * (1 - t ** 2) + 4 * P2 * t) + 2 * Psi * H * (P2 * (1 + t ** 2) + 2 * t)
             + (1 + t ** 2) * H ** 2 - b ** 2 * (1 + t ** 2) * (P1 * (1 + t ** 2) + 1 - t ** 2) ** 2)
        cs = book_coeffs(x, y, P1, P2, P3, b, h, printed=name == "sextic_printed_identity")
        d = sympy.expand(e - sum(c * t ** k for k, c in enumerate(cs)))
        return ("proved" if d == 0 else "refuted"), "(П.17) - book = %s" % (d if d != 0 else 0)
    if name in ("resultant_E14", "resultant_E12"):
        poly = sextic(E14, E14["P3"], h=E14["h"])[0] if name == "resultant_E14" else sextic(params, params["P3"])[0]
        R = sylvester_det(poly)
        D = -poly.coeff_monomial(_t ** 6) * sympy.discriminant(poly.as_expr(), _t)
        return ("proved" if R == D else "refuted"), "Sylvester det %s, -a6 Disc %s" % (
            mpmath.nstr(oc.num(R), 12), mpmath.nstr(oc.num(D), 12))
    if name in ("resultant_identity", "resultant_data"):
        # the general sextic: the 11 x 11 Sylvester determinant by fraction-free elimination over Z[c0..c6], against
        # -c6 times sympy's discriminant; resultant_data then follows from it and (П.18)-(П.19) = (П.17) (checked here)
        det, disc, c = generic_sylvester_and_disc()
        ok = det + c[6] * disc == 0
        note = "general sextic: Sylvester det %s -c6 Disc (%d terms)" % ("=" if ok else "!=", len(det.terms()))
        if name == "resultant_data":
            x, y, P1, P2 = (params[k] for k in ("x", "y", "P1", "P2"))
            P3, b, h, t = sympy.symbols("P3 b h t")
            Psi = P3 * (1 + t ** 2) - y * (1 - t ** 2) + 2 * x * t
            H = h * (1 + t ** 2) - P1 * (1 - t ** 2) - 2 * P2 * t
            Psq = P1 ** 2 + P2 ** 2
            e = (Psi ** 2 * ((1 + Psq) * (1 + t ** 2) + 2 * P1 * (1 - t ** 2) + 4 * P2 * t)
                 + 2 * Psi * H * (P2 * (1 + t ** 2) + 2 * t)
                 + (1 + t ** 2) * H ** 2 - b ** 2 * (1 + t ** 2) * (P1 * (1 + t ** 2) + 1 - t ** 2) ** 2)
            cs = book_coeffs(x, y, P1, P2, P3, b, h)
            same = sympy.expand(e - sum(cf * t ** k for k, cf in enumerate(cs))) == 0
            ok = ok and same
            note += "; corrected coefficients %s (П.17) in P3, b, h" % ("=" if same else "!=")
        return ("proved" if ok else "refuted"), note
    poly, _ = sextic(params, params["P3"])
    if name == "coefficients":
        # the corrected coefficients (spec R31, book's grouping) against the expansion, coefficient by coefficient
        a, b, x, y, P1, P2, P3 = (params[k] for k in ("a", "b", "x", "y", "P1", "P2", "P3"))
        Psq = P1 ** 2 + P2 ** 2
        h = (a ** 2 - b ** 2 - 1 - Psq) / 2
        Qg = 4 * x ** 2 + 2 * (P3 ** 2 - y ** 2)
        book = [
            (P3 - y) ** 2 * (1 + Psq + 2 * P1) + 2 * P2 * (P3 - y) * (h - P1) + (h - P1) ** 2 - b ** 2 * (1 + P1) ** 2,
            4 * x * (P3 - y) * (Psq + 1 + 2 * P1) + 4 * P2 * (P3 - y) ** 2
            + 2 * (P2 * (2 * x * (h - P1) - 2 * P2 * (P3 - y)) + 2 * (P3 - y) * (h - P1)) - 4 * P2 * (h - P1),
            Qg * (Psq + 1 + 2 * P1) + 16 * x * P2 * (P3 - y) + (P3 - y) ** 2 * (Psq + 1 - 2 * P1)
            + 2 * (P2 * ((P3 + y) * (h - P1) - 4 * x * P2 + (P3 - y) * (h + P1)) + 2 * (2 * x * (h - P1) - 2 * P2 * (P3 - y))
                   + P2 * (P3 - y) * (h - P1)) + (h - P1) ** 2 + 4 * P2 ** 2 + 2 * (h ** 2 - P1 ** 2)
            - b ** 2 * (2 * (P1 ** 2 - 1) + (P1 + 1) ** 2),
            None,
            (P3 + y) ** 2 * (Psq + 1 + 2 * P1) + 16 * x * P2 * (P3 + y) + Qg * (Psq + 1 - 2 * P1)
            + 2 * (P2 * (P3 + y) * (h + P1) + 2 * (2 * x * (h + P1) - 2 * P2 * (P3 + y))
                   + P2 * ((P3 + y) * (h - P1) + (P3 - y) * (h + P1) - 4 * P2 * x))
            + (h + P1) ** 2 + 4 * P2 ** 2 + 2 * (h ** 2 - P1 ** 2) - b ** 2 * ((P1 - 1) ** 2 + 2 * (P1 ** 2 - 1)),
            4 * P2 * (P3 + y) ** 2 + 4 * x * (P3 + y) * (Psq + 1 - 2 * P1) + 4 * (P3 + y) * (h + P1) - 4 * P2 ** 2 * (P3 + y)
            + 4 * x * P2 * (h + P1) - 4 * P2 * (h + P1),
            (P3 + y) ** 2 * (Psq + 1 - 2 * P1) + 2 * P2 * (P3 + y) * (h + P1) + (h + P1) ** 2 - b ** 2 * (P1 - 1) ** 2]
        book[3] = (4 * x * (P3 + y) * (Psq + 1 + 2 * P1) + 4 * P2 * Qg + 4 * x * (P3 - y) * (Psq + 1 - 2 * P1)
                   + 2 * (P2 * (2 * x * (h + P1) - 2 * P2 * (P3 + y)) + 2 * ((P3 + y) * (h - P1) + (P3 - y) * (h + P1) - 4 * x * P2)
                          + P2 * (2 * x * (h - P1) - 2 * P2 * (P3 - y))) - 8 * P2 * h)
        diff = [sympy.simplify(poly.coeff_monomial(_t ** k) - book[k]) for k in range(7)]
        return ("consistent" if all(d == 0 for d in diff) else "refuted"), "coefficient differences %s" % diff
    if name == "printed_a3":
        pp, gap = printed_a3_poly(params, params["P3"])
        rs = [r for r in poly.real_roots() if -5 <= oc.num(r) <= 5]
        for r in rs:          # just beside each real root of (П.17), the printed sextic has the other sign
            for e in (mpf(10) ** -3, -mpf(10) ** -3):
                tt = oc.num(r) + e
                sv = oc.num(poly.as_expr().subs(_t, sympy.Float(tt, 50)))
                pv = oc.num(pp.as_expr().subs(_t, sympy.Float(tt, 50)))
                if (sv > 0) != (pv > 0):
                    return "refuted", "at t = %s: (П.17) = %s, printed = %s" % (
                        mpmath.nstr(tt, 10), mpmath.nstr(sv, 5), mpmath.nstr(pv, 5))
        return "consistent", "no sign difference found"
    raise KeyError(name)


# ------------------------------------------------------------------------------------ one support
def os_margin(p, Fxy, N):
    """N - |Phi0^-1 (-Fxy)|: the static friction set is N Phi0(unit disc) (convex hull of the sliding forces)."""
    Phi = mpmath.matrix([[oc.num(p["f11"]), oc.num(p["f12"])], [oc.num(p["f21"]), oc.num(p["f22"])]])
    u = mpmath.lu_solve(Phi, mpmath.matrix([-Fxy[0], -Fxy[1]]))
    return N - mpmath.sqrt(u[0] ** 2 + u[1] ** 2)


def os_incline(p, phi0):
    psi = oc.num(p["psi0"])
    return os_margin(p, (mpmath.sin(phi0) * mpmath.cos(psi), mpmath.sin(phi0) * mpmath.sin(psi)), mpmath.cos(phi0))


def os_bisect(fn, lo, hi):
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if fn(mid) >= 0 else (lo, mid)
    return (lo + hi) / 2


def os_value(name, p):
    f11, f12, f21, f22 = (oc.num(p[k]) for k in ("f11", "f12", "f21", "f22"))
    if name in ("Delta",):
        return f11 * f22 - f12 * f21
    if name == "F_min":
        d = oc.num(p["delta"])
        return os_bisect(lambda F: os_margin(p, (F * mpmath.cos(d), F * mpmath.sin(d)), 1), mpf(0), mpf(10))
    if name in ("phi_star", "phi_star_deg", "sigma"):
        ph = os_bisect(lambda a: os_incline(p, a), mpf(0), mp.pi / 2 - mpf(10) ** -30)
        if name == "sigma":
            return (f11 * f22 - f12 * f21) / mpmath.tan(ph)
        return ph if name == "phi_star" else ph * 180 / mp.pi
    raise KeyError(name)


def os_truth(name, p):
    f11, f12, f21, f22 = (oc.num(p[k]) for k in ("f11", "f12", "f21", "f22"))
    if name == "pos_def":       # the symmetric part's eigenvalues
        ev = mpmath.eig(mpmath.matrix([[f11, (f12 + f21) / 2], [(f12 + f21) / 2, f22]]))[0]
        return oc.word(min(mpmath.re(e) for e in ev) > 0), "eigenvalues %s" % [mpmath.nstr(mpmath.re(e), 6) for e in ev]
    if name in ("rest", "moves", "stmt1"):
        d, F = oc.num(p["delta"]), oc.num(p["F"])
        m = os_margin(p, (F * mpmath.cos(d), F * mpmath.sin(d)), 1)
    else:
        m = os_incline(p, oc.num(p["phi0"]))
    if abs(m) < mpf(10) ** -30:
        return "unknown", "on the boundary"
    t = m > 0 if name in ("rest", "stmt1", "holds") else m < 0
    return oc.word(t), "margin %s" % mpmath.nstr(m, 5)


def os_claim(name, claims):
    params = oc.read_case("ch1_one_support")[0]
    bad = 0
    for i in range(64):
        ang = 2 * mp.pi * (i + mpf(1) / 3) / 64
        q = dict(params, psi0=ang, delta=ang)
        if name == "incline":
            phs = os_bisect(lambda a: os_incline(q, a), mpf(0), mp.pi / 2 - mpf(10) ** -30)
            A = oc.num(q["f12"]) * mpmath.sin(ang) - oc.num(q["f22"]) * mpmath.cos(ang)
            B = oc.num(q["f21"]) * mpmath.cos(ang) - oc.num(q["f11"]) * mpmath.sin(ang)
            book = mpmath.atan(oc.num(q["f11"] * q["f22"] - q["f12"] * q["f21"]) / mpmath.sqrt(A * A + B * B))
        else:
            phs = os_value("F_min", q)
            f11, f22 = oc.num(q["f11"]), oc.num(q["f22"])
            book = f11 * f22 / mpmath.sqrt(f22 ** 2 * mpmath.cos(ang) ** 2 + f11 ** 2 * mpmath.sin(ang) ** 2)
        bad += abs(phs - book) > mpf(10) ** -25
    note = "%d of 64 directions where the book's limit differs from the bisection" % bad
    if bad:
        return "refuted", note
    exact = os_exact(name, params)
    return ("proved" if exact else "consistent"), note + ("; exact: " + exact if exact else "")


def os_exact(name, params):
    """Exact algebra (sympy) for "proved": the oracle's rest condition |Phi0^-1 (-F)| <= N is
    |adj(Phi0) F|^2 <= Delta^2 N^2 (Delta = det Phi0 > 0). For F = t (cos a, sin a) with t >= 0,
    |adj(Phi0) (cos a, sin a)|^2 is the book's sigma^2 identically, and sigma > 0, so the book's
    t <= Delta N / sigma (N > 0) is the same inequality squared (both sides >= 0). Incline: t = sin(phi0),
    N = cos(phi0) > 0 on phi0 in [0, 1]; start: t = F >= 0, N = 1. Returns a note, or "" when a step fails."""
    f11, f12, f21, f22 = (sympy.nsimplify(params[k]) for k in ("f11", "f12", "f21", "f22"))
    c, s = sympy.symbols("c s", real=True)
    D = f11 * f22 - f12 * f21
    adj = sympy.Matrix([[f22, -f12], [-f21, f11]])
    w = adj * sympy.Matrix([c, s])
    lhs = sympy.expand(w[0] ** 2 + w[1] ** 2)
    if name == "incline":
        A = f12 * s - f22 * c
        B = f21 * c - f11 * s
        sigma2 = A ** 2 + B ** 2
    else:
        if f12 != 0 or f21 != 0:
            return ""
        sigma2 = f22 ** 2 * c ** 2 + f11 ** 2 * s ** 2
    if sympy.expand(lhs - sigma2) != 0 or not D > 0:
        return ""
    # sigma^2 > 0 on the unit circle: the Gram matrix of adj(Phi0) is positive definite (det = Delta^2 > 0)
    G = adj.T * adj
    if not (G[0, 0] > 0 and G.det() > 0):
        return ""
    return "|adj(Phi0)(cos, sin)|^2 = sigma^2 identically, Delta = %s > 0, sigma > 0" % D


ORACLES = {"ch1_three_support_special2": (s2_value, s2_truth, s2_claim),
           "ch1_one_support": (os_value, os_truth, os_claim),
           "ch1_appendix_sextic": (sx_value, None, sx_claim)}


if __name__ == "__main__":
    sys.exit(1 if oc.run(ORACLES, sys.argv[1:]) else 0)
