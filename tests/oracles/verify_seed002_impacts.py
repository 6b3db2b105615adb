#!/usr/bin/env python3
"""verify_seed002_impacts.py -- independent check of the [expect] lines of cases/seed002_impacts.case (spec
/work/shared/spec/seed002.md §3.6-§3.8).

Nothing here uses the case's [define] formulas or fricert. The mechanics come from verify_seed002.py (mpmath,
40 digits: Jacobian, mass matrix, A = J M^-1 J^T as matrix products) and verify_seed002_dyn.py (body
coordinates): an impact is solved as its own linear system on the body velocity (sticking: both velocities of
the landing contact vanish; sliding: the normal one, with Pt = -s mu Pn; the double slide: both normal
velocities, with both friction laws), the section state from the kinematics of two closed contacts, the
sticking cycle impact by impact (verify_seed002.stick_cycle_G, whose assertions are the cycle's conditions),
and Housner's law from its published formula. Prints one line per check; exits 1 on any mismatch.
"""
import os, sys
import mpmath
from mpmath import mp, mpf, matrix
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import verify_seed002 as V1
import verify_seed002_dyn as V2
mp.dps = 40

def impacts(P):
    """the impact at contact 2 from the section state (u, -1) with contact 1 closed"""
    B = V2.Body(P)
    q = B.section(P['u'])
    out = {}
    for L in 'SPN':
        cols, rows = B.layout(1, L)
        lam, qp, v = B.solve(cols, rows, lambda l: [q[c] + B.resp([0, 0, 0], l)[c] for c in range(3)])
        out[L] = (lam, v)
    lam, v = out['S']
    out['Pt2_stick'], out['Pn2_stick'], out['w_stick'] = lam[2], lam[3], v[1]
    out['stick_ok'] = lam[3] >= 0 and abs(lam[2]) <= P['mu2'] * lam[3] and v[1] >= 0
    lam, v = out['P']
    out['Pn2_P'], out['x2_P'], out['w_P'] = lam[3], v[2], v[1]
    out['slipP_ok'] = lam[3] >= 0 and v[2] > 0 and v[1] >= 0
    lam, v = out['N']
    out['slipN_ok'] = lam[3] >= 0 and v[2] < 0 and v[1] >= 0
    # the double impact, both sliding P, from (z1', z2') = (0, -1) with the same tangential velocities
    c1, r1 = B.layout(0, 'P'); c2, r2 = B.layout(1, 'P')
    lam, qp, v = B.solve(c1 + c2, r1 + r2, lambda l: [q[c] + B.resp([0, 0, 0], l)[c] for c in range(3)])
    out['Pn1_II'], out['Pn2_II'] = lam[1], lam[3]
    return out

def cycle(P):
    try:
        G, u = V1.stick_cycle_G(P)
        return True, G
    except AssertionError:
        return False, None

def quantities(P):
    q = impacts(P)
    ok, G = cycle(P)
    q['cycle'] = ok
    if ok: q['G_stick'] = G
    q['decay'] = ok and G < 1
    q['growth'] = ok and G > 1
    q['no_cycle'] = not ok
    # Housner's block: l1 = l2 = b, h = hb, rho^2 = (b^2 + hb^2)/3; r from the sticking cycle (r1 r2 = r^2)
    b, hb = P['b'], P['hb']
    Q = dict(P, l1=b, l2=b, h=hb, rho=mpmath.sqrt((b * b + hb * hb) / 3), phi1=mpf(0), phi2=mpf(0),
             alpha=mpf(0), tau=mpf(0), mu1=mpf(10), mu2=mpf(10))
    okb, Gb = cycle(Q)
    if okb:
        # the sign of r: r1 = r2 = r; the impact-by-impact cycle gives r^2; r > 0 iff rho^2 + h^2 > b^2
        q['r_block'] = mpmath.sqrt(Gb) * (1 if Q['rho'] ** 2 + hb * hb > b * b else -1)
    q['r_housner'] = 1 - mpf(3) / 2 * (b / mpmath.sqrt(b * b + hb * hb)) ** 2
    return q

def main():
    params, points, expects = V1.read_case(os.path.join(V1.ROOT, "cases", "seed002_impacts.case"))
    for key, val in expects:
        if key.startswith("claim."):
            continue
        qn, _, pn = key.partition("@")
        P = dict(params)
        P.update(points[pn] if pn else {})
        for k in ('b', 'hb'):
            if P.get(k) is None: P[k] = mpf(1) / 2
        for k in ('l1', 'l2'):       # ranges; Housner's block does not use them
            if P.get(k) is None: P[k] = mpf(1) / 2
        q = quantities(P)
        if val in ("true", "false"):
            want = q[qn]
            V1.report((val == "true") == bool(want), "%-20s computed %s (case: %s)" % (key, bool(want), val))
        else:
            v, _, tol = val.partition("+/-")
            v, tol = V1.ev(v.strip()), V1.ev(tol.strip())
            got = q.get(qn)
            V1.report(got is not None and abs(got - v) <= tol, "%-20s computed %s  case %s +/- %s" % (
                key, mpmath.nstr(got, 25) if got is not None else "-", mpmath.nstr(v, 20), mpmath.nstr(tol, 3)))
    # the claim: r_block and Housner's r agree on a grid of blocks (they are the same function)
    worst = mpf(0)
    for i in range(1, 11):
        for j in range(1, 11):
            b, hb = mpf(i) / 10, mpf(j) / 10
            q = quantities(dict(params, b=b, hb=hb, l1=mpf(1) / 2, l2=mpf(1) / 2))
            if 'r_block' in q: worst = max(worst, abs(q['r_block'] - q['r_housner']))
    V1.report(worst < mpf(10) ** -30, "claim housner: the sticking cycle of a uniform block gives Housner's r "
              "on a 10 x 10 grid of (b, h) (max difference %s): the claim is an identity, so its paving can "
              "only be consistent" % mpmath.nstr(worst, 3))
    print("%d mismatches" % V1.FAILS)
    sys.exit(1 if V1.FAILS else 0)

if __name__ == "__main__":
    main()
