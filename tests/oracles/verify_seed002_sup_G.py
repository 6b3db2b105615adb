#!/usr/bin/env python3
"""Independent oracle for cases/seed002_sup_G.case (spec/seed002.md §3.7, §3.9, §6 O1 and O6).

Does not import fricert or the C code: G(u) comes from the event-driven return of
tests/oracles/verify_seed002_dyn.py (class Body, mpmath, 40 digits). sup G over a range of slopes: G on a grid of
step 1/100, then a golden-section refinement around the largest value (G is continuous between branch changes;
the refinement brackets the grid maximum by its neighbours). Checks the case's enclosures of sup G and of the
slope where it is attained, S1 (sup G < 1) on the case's windows of slopes, and the notes' printed 0.294 for O1.
Prints each check; exits 1 on a mismatch.
"""
import sys
from mpmath import mp, mpf, sqrt
from oracle_util import check, truth, failures
from verify_seed002_dyn import Body, grazing_limit

mp.dps = 40
O1 = dict(h=mpf(1) / 2, l1=mpf(1) / 2, l2=mpf(1) / 2, rho=mpf(1) / 2, phi1=mpf(0), phi2=mpf(0), alpha=mpf(0),
          mu1=mpf(4) / 5, mu2=mpf(4) / 5, tau=mpf(0))
O6 = dict(h=mpf(42) / 125, l1=mpf(77) / 500, l2=mpf(31) / 50, rho=mpf(683) / 1000, phi1=mpf(87) / 500,
          phi2=mpf(83) / 500, alpha=mpf(83) / 500, mu1=mpf(281) / 1000, mu2=mpf(1051) / 1000, tau=mpf(0))


def G(B, u):
    st, un, g = B.RG(mpf(u))
    return g if st == 'ok' else None


def sup_G(P, lo, hi, step=mpf(1) / 100):
    B = Body(P)
    lo, hi = mpf(lo), mpf(hi)
    n = int((hi - lo) / step)
    best, arg = mpf(-1), None
    for k in range(n + 1):
        u = min(lo + k * step, hi)
        g = G(B, u)
        if g is not None and g > best:
            best, arg = g, u
    a, b = max(lo, arg - step), min(hi, arg + step)
    r = (sqrt(5) - 1) / 2
    c, d = b - r * (b - a), a + r * (b - a)
    gc, gd = G(B, c) or mpf(-1), G(B, d) or mpf(-1)
    for _ in range(80):
        if gc > gd:
            b, d, gd = d, c, gc
            c = b - r * (b - a); gc = G(B, c) or mpf(-1)
        else:
            a, c, gc = c, d, gd
            d = a + r * (b - a); gd = G(B, d) or mpf(-1)
    u = (a + b) / 2
    return max(best, G(B, u) or best), u


s1, u1 = sup_G(O1, '-0.45', '2.8')
print(f'     O1: sup G = {mp.nstr(s1, 15)} at u = {mp.nstr(u1, 12)}')
check('o1_supG', s1, '0.3142697', '3e-7')
check('o1_supG_u', u1, '1.5', '1e-6')
truth('o1_S1 (sup G < 1)', s1 < 1, True)
truth('claim sampled_O1 refuted: the notes\' 0.294 is G(1) = G(2), below sup G by more than its rounding',
      abs(s1 - mpf('0.294')) > mpf('0.0005') and abs(G(Body(O1), 1) - mpf('0.29397')) < mpf('1e-5'), True)
s6, u6 = sup_G(O6, -2, 10)
print(f'     O6: sup G = {mp.nstr(s6, 15)} at u = {mp.nstr(u6, 12)}')
check('o6_supG', s6, '1.2294040', '1e-6')
check('o6_supG_u', u6, '6.1504719', '1e-4')
truth('o6_S1 is false (sup G > 1)', s6 < 1, False)
truth('s1_holds@w_low: sup G < 1 on [-2, 2]', sup_G(O6, -2, 2)[0] < 1, True)
truth('s1_fails@w_all: sup G > 1 on [-2, 10]', s6 > 1, True)
truth('s1_holds@w_high: sup G < 1 on [10.5, 12]', sup_G(O6, '10.5', 12)[0] < 1, True)
# steep arrivals: G sampled on a geometric grid of 61 slopes per range (it is constant there: every impact
# slips and no slide stops) against the closed-form all-slip value of grazing_limit (spec §2.2, §3.6 only)
B6 = Body(O6)
for key, lo, hi, s2 in (('o6g_supG', 13, 10 ** 6, 1), ('o6gm_supG', 2, 10 ** 6, -1)):
    r = (mpf(hi) / lo) ** (mpf(1) / 60)
    gs = [G(B6, s2 * lo * r ** k) for k in range(61)]
    ginf = grazing_limit(O6, s2)[0]
    truth(f'{key}: G on the grid equals the closed-form all-slip value {mp.nstr(ginf, 12)} (to 1e-25)',
          all(g is not None and abs(g - ginf) < mpf('1e-25') for g in gs), True)
    check(key, max(gs), {'o6g_supG': '0.4906598', 'o6gm_supG': '0.1966479'}[key],
          {'o6g_supG': '1e-2', 'o6gm_supG': '5e-3'}[key])
    truth(f'{key[:-5]}_below_half: sup G < 1/2', max(gs) < mpf(1) / 2, True)
print('FAILED' if failures() else 'all checks passed', f'({failures()} failures)')
sys.exit(1 if failures() else 0)
