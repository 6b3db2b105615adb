#!/usr/bin/env python3
"""verify_ch8.py -- independent oracle for the chapter-8 cases of case library I (Kolesnikov 16.38, 16.21).

Does not import fricert. mpmath at 40 digits. Recomputed from first principles, never from the book's closed forms:
  ch8_springboard: the board's moment of inertia and first moment by quadrature over the uniform board plus the
      balls, the impact from A's angular momentum about O, the rotation integrated (RK4) from phi = -alpha with
      the torque -dV/dphi of the potential energy (numerical derivative), B's reaction from B's equation normal to
      the board monitored along the way; omega2 and W from the potential-energy difference; B's rise from the
      vertical component of its velocity at the release.
  ch8_routh_sphere: the sphere's motion integrated event by event from its equations of motion and Coulomb's law
      (the mode at zero slip chosen by whether rolling needs a friction within mu N); the critical mu by
      bisection on the existence of a rolling phase, the minimum of T/t* by golden section on the simulated T.
  ch8_wheel_step: the impact is solved as a linear system in the impulse S and the velocities after it (linear
      momentum, angular momentum about the centre C, and zero velocity of the disc's point at the corner O
      afterwards); the kinetic energy after it from |v_C+|^2 and omega+; the reaction of the corner from
      m a_C - m g along the motion; whether the disc rolls on by integrating the rotation about O (RK4) with the
      reaction monitored; the textbook's bound and the upper bound by bisection on those criteria.
Reads the case's [expect] lines (NAME@POINT = VALUE +/- TOL or = true/false) and compares; a line with no oracle
is an error. Prints one line per check; exits 1 on a mismatch.
    python3 tests/oracles/verify_ch8.py [CASE...]
"""
import sys
from pathlib import Path
from mpmath import mp, mpf, sqrt, sin, cos, tan, atan2, pi, matrix, lu_solve

sys.path.insert(0, str(Path(__file__).resolve().parent))
from verify_ch4 import run, main  # the [expect] reader and comparer (no mechanics in it)

mp.dps = 40


# ------------------------------------------------------------------------------------------ wheel and step

def wheel_impact(m, r, h, vC):
    """Unknowns (Sx, Sy, vx, vy, w) with w the counter-clockwise angular velocity after the impact."""
    JC = m * r**2 / 2
    w_minus = -vC / r                                  # rolling to the right: clockwise
    # corner O relative to the centre C at the impact
    ox, oy = -sqrt(r**2 - (r - h)**2), -(r - h)
    ox = -ox                                           # the corner is ahead of the centre (to the right)
    A = matrix([[1, 0, -m, 0, 0],                      # Sx = m (vx - vC)
                [0, 1, 0, -m, 0],                      # Sy = m (vy - 0)
                [-oy, ox, 0, 0, -JC],                  # (O - C) x S = JC (w - w_minus)
                [0, 0, 1, 0, -oy],                     # v_C + w k x (O - C) = 0, x: vx - w oy = 0
                [0, 0, 0, 1, ox]])                     #                        y: vy + w ox = 0
    b = matrix([-m * vC, 0, -JC * w_minus, 0, 0])
    z = lu_solve(A, b)
    return {"Sx": z[0], "Sy": z[1], "vx": z[2], "vy": z[3], "w": z[4], "o": (ox, oy)}


def wheel_reaction(m, g, r, pos, w, wdot):
    """Reaction of the corner on the disc turning about O: R = m a_C - m g_vec, its component along O->C.
    pos = C - O; w, wdot counter-clockwise."""
    px, py = pos
    ax = -wdot * py - w**2 * px
    ay = wdot * px - w**2 * py
    Rx, Ry = m * ax, m * ay + m * g
    return (Rx * px + Ry * py) / r


def wheel_rolls_on(m, g, r, h, vC):
    """Integrates the rotation about O after the impact (RK4, J_O wdot = torque of gravity about O) until the
    centre passes over O or turns back; True when it passes with the reaction >= 0 all along."""
    imp = wheel_impact(m, r, h, vC)
    JO = m * r**2 / 2 + m * r**2
    ox, oy = imp["o"]
    ang = atan2(-oy, -ox)                              # angle of C - O, counter-clockwise from +x
    w = imp["w"]

    def acc(a):
        return -m * g * r * cos(a) / JO               # torque about O of gravity at C - O = r (cos a, sin a)
    n = 4000
    dt = mpf(4) / n
    Nmin = wheel_reaction(m, g, r, (r * cos(ang), r * sin(ang)), w, acc(ang))
    for _ in range(n):
        if ang <= pi / 2:
            return Nmin >= 0
        if w >= 0:
            return False                               # turned back before the top
        k1a, k1w = w, acc(ang)
        k2a, k2w = w + dt / 2 * k1w, acc(ang + dt / 2 * k1a)
        k3a, k3w = w + dt / 2 * k2w, acc(ang + dt / 2 * k2a)
        k4a, k4w = w + dt * k3w, acc(ang + dt * k3a)
        ang += dt / 6 * (k1a + 2 * k2a + 2 * k3a + k4a)
        w += dt / 6 * (k1w + 2 * k2w + 2 * k3w + k4w)
        Nmin = min(Nmin, wheel_reaction(m, g, r, (r * cos(ang), r * sin(ang)), w, acc(ang)))
    return False


def wheel(name, env):
    m, r, g, h, vC = env["m"], env["r"], env["g"], env["h"], env["vC"]
    if name == "Sy_book":                              # the book's S_y/(m v_C), checked: it is the solved impulse
        i = wheel_impact(m, r, h, vC)
        return i["Sy"] / (m * vC)

    def energy_margin(v):
        i = wheel_impact(m, r, h, v)
        T = m * (i["vx"]**2 + i["vy"]**2) / 2 + (m * r**2 / 2) * i["w"]**2 / 2
        return T - m * g * h

    def n_start(v):
        i = wheel_impact(m, r, h, v)
        ox, oy = i["o"]
        a = atan2(-oy, -ox)
        return wheel_reaction(m, g, r, (-ox, -oy), i["w"], -m * g * r * cos(a) / (1.5 * m * r**2))

    def bisect(pred, lo, hi):
        for _ in range(160):
            mid = (lo + hi) / 2
            lo, hi = (lo, mid) if pred(mid) else (mid, hi)
        return (lo + hi) / 2
    if name == "v_textbook":
        return bisect(lambda v: energy_margin(v) >= 0, mpf(0), mpf(100))
    if name == "v_upper":
        return bisect(lambda v: n_start(v) < 0, mpf(0), mpf(100))
    i = wheel_impact(m, r, h, vC)
    ox, oy = i["o"]
    # unit normal at O (from O towards C) and the tangent (the direction of v_C+)
    nx, ny = -ox / r, -oy / r
    tx, ty = ny, -nx
    Sn = i["Sx"] * nx + i["Sy"] * ny
    St = i["Sx"] * tx + i["Sy"] * ty
    margin, N0 = energy_margin(vC), n_start(vC)
    table = {"Sx_rel": i["Sx"] / (m * vC), "Sy_rel": i["Sy"] / (m * vC), "friction_needed": abs(St / Sn),
             "omega_ratio": -i["w"] * r / vC, "climb_margin": margin, "N_start": N0}
    if name in ("rolls_on", "too_slow", "lifts"):
        on = wheel_rolls_on(m, g, r, h, vC)
        return {"rolls_on": on, "lifts": N0 < 0, "too_slow": N0 > 0 and not on}[name]
    return table.get(name)


# ------------------------------------------------------------------------------------------ springboard

def board_model(env):
    """Masses and signed distances s along the board from O (s > 0 towards A); a point at s sits at
    (s cos phi, -s sin phi), so phi = -alpha is the rest position with A raised."""
    M1, m2, mu, l1, rho = env["M1"], env["m2"], env["mu"], env["l1"], env["rho"]
    M2, M3, l2 = m2 * M1, mu * M1, rho * l1
    lam = M3 / (l1 + l2)                                            # uniform board from s = -l2 to l1
    I = M1 * l1**2 + M2 * l2**2 + mp.quad(lambda s: lam * s**2, [-l2, l1])
    first = M1 * l1 - M2 * l2 + mp.quad(lambda s: lam * s, [-l2, l1])   # sum of m s
    return M1, M2, l1, l2, I, first


def board(name, env):
    g, a, H = env["g"], env["alpha"], env["H"]
    M1, M2, l1, l2, I, first = board_model(env)

    def V(phi):                                                     # potential energy of board + balls
        return -g * sin(phi) * first

    def phidd(phi):                                                 # I phi'' = -dV/dphi
        return -mp.diff(V, phi) / I

    def N_B(phi, w):                                                # B at s = -l2: M2 l2 phi'' = N - M2 g cos phi
        return M2 * (g * cos(phi) + l2 * phidd(phi))
    w_plus = M1 * sqrt(2 * g * H) * l1 * cos(a) / I                 # angular momentum about O of A's fall
    W = I / (2 * g) * (I * w_plus**2 - 2 * (V(a) - V(-a)))
    table = {"I": I, "D": first, "omega_plus": w_plus, "W": W,
             "L": N_B(-a, w_plus) * I / (M2 * g * cos(a))}
    if name in table:
        return table[name]
    # integrate the rotation from phi = -alpha (RK4 in phi' and phi), with B's reaction monitored
    phi, w = -a, w_plus
    dt = mpf(1) / 200
    released = None
    if N_B(phi, w) < 0:
        released = "I"
    else:
        for _ in range(100000):
            if phi >= a:
                released = "II"
                break
            if w <= 0:
                released = "III"
                break
            k1p, k1w = w, phidd(phi)
            k2p, k2w = w + dt / 2 * k1w, phidd(phi + dt / 2 * k1p)
            k3p, k3w = w + dt / 2 * k2w, phidd(phi + dt / 2 * k2p)
            k4p, k4w = w + dt * k3w, phidd(phi + dt * k3p)
            phi += dt / 6 * (k1p + 2 * k2p + 2 * k3p + k4p)
            w += dt / 6 * (k1w + 2 * k2w + 2 * k3w + k4w)
            if N_B(phi, w) < 0:
                released = "mid"
                break
    if name in ("case_I", "case_II", "case_III", "II_faster", "II_slower"):
        case = {"case_I": "I", "case_II": "II", "case_III": "III"}.get(name, "II")
        if released != case:
            return False
        if name == "II_faster" or name == "II_slower":
            w2 = sqrt(w_plus**2 - 2 * (V(a) - V(-a)) / I)
            return (w2 > w_plus) == (name == "II_faster")
        return True
    # the speed at phi = alpha from the energy (the RK4 run above only classifies)
    w2 = sqrt(w_plus**2 - 2 * (V(a) - V(-a)) / I)

    def rise(wr, phi_r):
        # B at (-l2 cos phi, l2 sin phi) moves with phi' (l2 sin phi, l2 cos phi); it then rises vy^2/(2g)
        vy = wr * l2 * cos(phi_r)
        return vy**2 / (2 * g)
    table = {"omega2": w2, "ymax_I": rise(w_plus, -a), "rise_after": rise(w2, a),
             "rise_total": l2 * sin(a) - l2 * sin(-a) + rise(w2, a)}
    return table.get(name)


# ------------------------------------------------------------------------------------------ Painlevé-Routh

def sphere_ascent(alpha, mu, v0, g):
    """Event-driven integration of the sphere (m = r = 1, J = 2/5) from v = v0, omega = 0, with Coulomb's law:
    in each mode the accelerations are constant; the mode is chosen by the slip sign, or, at zero slip, by
    whether rolling needs a friction within mu N. Returns the phases [(mode, duration)] until v = 0."""
    N = g * cos(alpha)
    J = mpf(2) / 5
    v, wr, t, phases = mpf(v0), mpf(0), mpf(0), []
    for _ in range(10):
        slip = v - wr
        if abs(slip) < mpf(10)**-30:
            # rolling: m dv/dt = -g sin + F, J dw/dt = -F r, dv/dt = d(w r)/dt  =>  F = g sin J/(1 + J)
            F = g * sin(alpha) * J / (1 + J)
            if F <= mu * N:
                mode, F = "roll", F
            else:
                # rolling impossible: the slip leaves zero with the sign of its free rate, F = +-mu N
                # try slip < 0 (friction up): slip rate = (-g sin + mu N) - (-mu N / J)
                rate_neg = (-g * sin(alpha) + mu * N) + mu * N / J
                mode, F = ("back", mu * N) if rate_neg < 0 else ("fwd", -mu * N)
        else:
            mode, F = ("fwd", -mu * N) if slip > 0 else ("back", mu * N)
        av = -g * sin(alpha) + F
        aw = -F / J
        # next event: v = 0, or the slip reaching 0 (only while slipping)
        dt_v = -v / av
        dt_s = None
        if mode != "roll" and av != aw:
            ts = -(v - wr) / (av - aw)
            if ts > mpf(10)**-30:
                dt_s = ts
        dt = dt_v if dt_s is None or dt_v <= dt_s else dt_s
        phases.append((mode, dt))
        v, wr, t = v + av * dt, wr + aw * dt, t + dt
        if dt is dt_v:
            return phases
    raise RuntimeError("no end of the ascent")


def sphere(name, env):
    g, v0 = env["g"], env["v0"]
    if name in ("k_bar", "ratio_min"):
        # minimise the simulated T/t* over mu at alpha = 0.5 (the ratio depends on k = mu cot alpha only)
        a = mpf(1) / 2
        f = lambda m: sum(d for _, d in sphere_ascent(a, m, v0, g)) * g * sin(a) / v0
        lo, hi = mpf(0), mpf(2) / 7 * tan(a)
        for _ in range(120):                                   # golden section
            m1, m2 = lo + (hi - lo) * mpf("0.381966011250105151795"), hi - (hi - lo) * mpf("0.381966011250105151795")
            lo, hi = (lo, m2) if f(m1) < f(m2) else (m1, hi)
        return (lo + hi) / 2 / tan(a) if name == "k_bar" else f((lo + hi) / 2)
    a, mu = env["alpha"], env["mu"]
    if name == "mu_cr":
        lo, hi = mpf(0), mpf(10)                               # smallest mu with a rolling phase
        for _ in range(150):
            mid = (lo + hi) / 2
            lo, hi = (lo, mid) if any(md == "roll" for md, _ in sphere_ascent(a, mid, v0, g)) else (mid, hi)
        return (lo + hi) / 2
    if name == "mu_bar":
        return sphere("k_bar", env) * tan(a)
    ph = sphere_ascent(a, mu, v0, g)
    T = sum(d for _, d in ph)
    t_star = v0 / (g * sin(a))                                 # smooth plane: dv/dt = -g sin
    modes = [md for md, _ in ph]
    table = {"T": T, "t_star": t_star, "ratio": T / t_star, "ratio_k": T / t_star, "t1": ph[0][1],
             "rolls": "roll" in modes, "slides": "roll" not in modes,
             "routh_slide_roll": 2 * tan(a) / (7 * mu)}
    if "roll" in modes:
        table["t2"] = ph[modes.index("roll")][1]
        table["slide_roll"] = ph[0][1] / table["t2"]
    if "back" in modes:
        table["t21"] = ph[modes.index("back")][1]
    return table.get(name)


ORACLES = {"ch8_wheel_step.case": wheel, "ch8_springboard.case": board, "ch8_routh_sphere.case": sphere}


def wheel_impulse_claim():
    """The identity claim impulse_x of ch8_wheel_step (the book's S_x = m v_C (e/3)(2e - 5), p. 201) against the
    impulse solved from momentum balance (wheel_impact), at several heights and speeds; and the same form with
    the factor 2e - 5 changed to 2e - 5.000001 shown to fail. Returns the number of mismatches."""
    bad = 0
    for e, v in [(mpf("0.1"), mpf(1)), (mpf("0.3"), mpf(3)), (mpf(3) / 7, mpf(2)), (mpf("0.9"), mpf("0.5"))]:
        i = wheel_impact(mpf(1), mpf(1), e, v)
        ok = abs(i["Sx"] / v - e / 3 * (2 * e - 5)) < mpf(10)**-30
        ok2 = abs(i["Sx"] / v - e / 3 * (2 * e - mpf("5.000001"))) > mpf(10)**-12
        for tag, good in (("claim.impulse_x", ok), ("perturbed S_x fails", ok2)):
            print(f"{'ok  ' if good else 'FAIL'} ch8_wheel_step.case: {tag} at e = {mp.nstr(e, 6)}, v_C = {mp.nstr(v, 6)}")
            bad += not good
    return bad


def sphere_case_a_claims():
    """The identity claims case_a_time (t1 + t2 = v0/(g sin alpha)) and case_a_ratio (t1/t2 = 2 tan alpha/(7 mu))
    of ch8_routh_sphere, checked on the simulated motion (not the case's formulas) at points of case a, mu above
    (2/7) tan alpha, where the sphere slides and then rolls; and the same ratio shown to fail once perturbed by
    1e-6 (the check can fail). Returns the number of mismatches."""
    bad = 0
    for a, mu in [(mpf("0.3"), mpf("0.5")), (pi / 6, mpf("0.2")), (mpf("1.1"), mpf("0.9")), (mpf("0.05"), mpf("0.02"))]:
        ph = sphere_ascent(a, mu, 1, 1)
        modes = [m for m, _ in ph]
        T = sum(d for _, d in ph)
        ok = modes == ["fwd", "roll"] and abs(T - 1 / sin(a)) < mpf(10)**-30
        ok2 = ok and abs(ph[0][1] / ph[1][1] - 2 * tan(a) / (7 * mu)) < mpf(10)**-30
        ok3 = ok and abs(ph[0][1] / ph[1][1] - 2 * tan(a) / (7 * mu) * (1 + mpf(10)**-6)) > mpf(10)**-20
        for tag, good in (("claim.case_a_time", ok), ("claim.case_a_ratio", ok2), ("perturbed ratio fails", ok3)):
            print(f"{'ok  ' if good else 'FAIL'} ch8_routh_sphere.case: {tag} at alpha = {mp.nstr(a, 6)}, mu = {mp.nstr(mu, 6)}")
            bad += not good
    return bad


if __name__ == "__main__":
    if not sys.argv[1:] or any(Path(c).name == "ch8_wheel_step.case" for c in sys.argv[1:]):
        if wheel_impulse_claim():
            print("FAIL ch8_wheel_step.case: the book's S_x disagrees with the solved impulse")
            sys.exit(1)
    if not sys.argv[1:] or any(Path(c).name == "ch8_routh_sphere.case" for c in sys.argv[1:]):
        if sphere_case_a_claims():
            print("FAIL ch8_routh_sphere.case: the case-a identities disagree with the simulated motion")
            sys.exit(1)
    main(ORACLES)
