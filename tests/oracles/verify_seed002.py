#!/usr/bin/env python3
"""verify_seed002.py -- independent check of the [expect] lines of cases/seed002_two_contacts.case and
cases/seed002_friction_plane.case (spec /work/shared/spec/seed002.md, seed002_oracles.json).

Nothing here uses the case's [define] formulas. The mechanics are rebuilt from first principles with mpmath
at 40 digits: the contact Jacobian J (rows x1, z1, x2, z2 at q = 0, columns x, z, theta), the mass matrix
M = diag(1, 1, rho^2), A = J M^-1 J^T and b = J M^-1 F_ex as matrix products; every contact mode (SF, PF, PP,
...) is solved as its own linear system; static equilibrium is a force-and-moment balance plus a direct
one-dimensional LP over the squeeze s; the rest-state class applies the spec's definitions (§2.4, §3.1,
§3.4) to those solutions; G_stick is computed impact by impact (two sticking zero-restitution impacts and
two ZOD flights), not from r1 r2. Each [expect] of the cases is recomputed at its point (the point's exact
expressions are read from the case file) and compared with VALUE +/- TOL, and the region verdicts with the
class. The spec's own printed oracle numbers (15 digits) are compared with the same mechanics at 1e-13.
Prints one line per check, exits 1 on any mismatch. Does not import fricert.
"""
import configparser, json, os, re, sys
import mpmath
from mpmath import mp, mpf, matrix, sin, cos
mp.dps = 40

def model(P):
    h,l1,l2,rho = P['h'],P['l1'],P['l2'],P['rho']
    ph = [P['phi1'],P['phi2']]; al=P['alpha']; tau=P['tau']
    pts = [(-l1,-h),(l2,-h)]
    J = matrix(4,3)
    for i in range(2):
        t=(cos(ph[i]),sin(ph[i])); n=(-sin(ph[i]),cos(ph[i])); p=pts[i]
        for r,u in ((2*i,t),(2*i+1,n)):
            J[r,0]=u[0]; J[r,1]=u[1]; J[r,2]=p[0]*u[1]-p[1]*u[0]   # p x u
    Minv = matrix([[1,0,0],[0,1,0],[0,0,1/rho**2]])
    Fex = matrix([sin(al),-cos(al),tau])
    A = J*Minv*J.T; b = J*Minv*Fex
    return J,A,b,Fex

def statics(P):
    """world forces f1=(s,f1z), f2=(f2x,f2z): force+moment balance, 3 eqs in 4 unknowns; squeeze interval
    from the 4 cone inequalities by direct LP on s (bisection-free: enumerate constraint roots)."""
    J,A,b,Fex = model(P)
    h,l1,l2=P['h'],P['l1'],P['l2']; al=P['alpha']; tau=P['tau']
    # unknowns f1x,f1z,f2x,f2z ; sum fx = -sin al ; sum fz = cos al ; moments about c: p x f sum = -tau
    # p1=(-l1,-h): p1xf1 = -l1 f1z + h f1x ; p2=(l2,-h): l2 f2z + h f2x
    # set f1x = s, then f2x = -sin al - s, and solve f1z,f2z
    def fz(s):
        f2x = -sin(al)-s
        M = matrix([[1,1],[-l1,l2]]); r = matrix([cos(al), -tau - h*s - h*f2x])
        z = mpmath.lu_solve(M,r); return f2x,z[0],z[1]
    f2x,f1z,f2z = fz(mpf(0))
    # cone constraints g_k(s) >= 0, linear in s
    def cones(s):
        f2x,f1z,f2z = fz(s)
        out=[]
        for i,(fx,fzz) in enumerate(((s,f1z),(f2x,f2z))):
            phi=P['phi%d'%(i+1)]; mu=P['mu%d'%(i+1)]
            ft = fx*cos(phi)+fzz*sin(phi); fn = -fx*sin(phi)+fzz*cos(phi)
            out += [mu*fn-ft, mu*fn+ft]
        return out
    g0=cones(mpf(0)); g1=cones(mpf(1))
    lo=-mpmath.inf; hi=mpmath.inf
    for a0,a1 in zip(g0,g1):
        a=a1-a0; c=a0
        if a>0: lo=max(lo,-c/a)
        elif a<0: hi=min(hi,-c/a)
    return f1z,f2z,lo,hi

def solve_mode(P, mode):
    """mode: pair of letters in F,S,P,N. Returns (forces lam(4), accel a(4)) from rest, by solving
    the linear equations of the mode directly, or None if singular."""
    J,A,b,Fex = model(P)
    mus=[P['mu1'],P['mu2']]
    # unknown lam components: for S: ft,fn free with a_t=a_n=0 ; for P/N: fn free, ft=-sig mu fn, a_n=0; F: lam=0
    cols=[]; rows=[]
    # build lam = E x (x unknowns), equations rows of a = b + A lam = 0
    E=[]
    for i,c in enumerate(mode):
        if c=='S':
            for r in (2*i,2*i+1):
                e=[0]*4; e[r]=1; E.append(e); rows.append(r)
        elif c in 'PN':
            sg = 1 if c=='P' else -1
            e=[0]*4; e[2*i+1]=1; e[2*i]=-sg*mus[i]; E.append(e); rows.append(2*i+1)
    if not E: return matrix(4,1), b
    Em = matrix(E).T   # 4 x k
    Ak = (A*Em)
    Msys = matrix(len(rows),len(rows)); rhs = matrix(len(rows),1)
    for a_,r in enumerate(rows):
        for c_ in range(len(rows)): Msys[a_,c_]=Ak[r,c_]
        rhs[a_]=-b[r]
    x = mpmath.lu_solve(Msys,rhs)
    lam = Em*x; acc = b + A*lam
    return lam, acc

def consistent_from_rest(P, mode):
    lam,a = solve_mode(P,mode)
    mus=[P['mu1'],P['mu2']]; ok=True
    for i,c in enumerate(mode):
        ft,fn = lam[2*i],lam[2*i+1]; at,an=a[2*i],a[2*i+1]
        if c=='F': ok = ok and an>=0
        elif c=='S': ok = ok and fn>=0 and abs(ft)<=mus[i]*fn
        else:
            sg = 1 if c=='P' else -1
            ok = ok and fn>=0
    if mode in ('PF','NF','FP','FN'):
        i = 0 if mode[0]!='F' else 1; sg = 1 if 'P' in mode else -1
        ok = ok and sg*a[2*i]>0
    if mode in ('PP','NN','PN','NP'):
        sg = 1 if mode[1]=='P' else -1
        ok = ok and sg*a[2]>0
    return ok

def classify(P):
    f1z,f2z,lo,hi = statics(P)
    if not lo<hi: return 'no_equilibrium'
    J,A,b,Fex = model(P)
    mus=[P['mu1'],P['mu2']]
    for i in range(2):
        for sg in (1,-1):
            den = A[2*i+1,2*i+1]-sg*mus[i]*A[2*i+1,2*i]
            if den<=0: return 'painleve'
    k = cos(P['phi2'])/cos(P['phi1'])
    pairs = ['PP','NN'] if k>0 else ['PN','NP']
    modes = ['FF','SF','FS','PF','NF','FP','FN']+pairs
    if any(consistent_from_rest(P,m) for m in modes): return 'ambiguous'
    # persistence P2,P3
    for m in pairs:
        s1 = m[0]; s2=m[1]
        lam,a = solve_mode(P, s1+'F')
        if lam[1]>=0 and a[3]>=0: return 'non_persistent'
        lam,a = solve_mode(P, 'F'+s2)
        if lam[3]>=0 and a[1]>=0: return 'non_persistent'
        lam,a = solve_mode(P, m)
        sg2 = 1 if s2=='P' else -1
        if not (lam[1]>0 and lam[3]>0 and sg2*a[2]<0): return 'non_persistent'
    return 'persistent'

MODE_NAMES = [m + "_rest" for m in ("SS", "FF", "SF", "FS", "PF", "NF", "FP", "FN", "PP", "NN")]

def rest_set(P):
    """the set of modes consistent from rest: SS when an equilibrium exists (the squeeze interval is not
    empty), each moving mode by its own linear system and the spec's §3.1 conditions"""
    f1z, f2z, lo, hi = statics(P)
    on = {"SS"} if lo <= hi else set()
    k = cos(P['phi2']) / cos(P['phi1'])
    pairs = ['PP', 'NN'] if k > 0 else ['PN', 'NP']
    for m in ['FF', 'SF', 'FS', 'PF', 'NF', 'FP', 'FN'] + pairs:
        if consistent_from_rest(P, m): on.add(m)
    return on

def check_mode_sets_claim():
    """mode_sets claim amb_three (model => claim): on an 11 x 11 grid of the box 0.28 <= alpha <= 0.32,
    |tau| <= 0.02 (corners included), SS, FP and PP are consistent from rest at every point."""
    params, points, expects = read_case(os.path.join(ROOT, "cases", "seed002_mode_sets.case"))
    bad = 0
    for i in range(11):
        for j in range(11):
            P = {k: v for k, v in params.items()}
            P.update(alpha=mpf(7) / 25 + mpf(i) / 250, tau=mpf(-1) / 50 + mpf(j) / 250)
            if not {"SS", "FP", "PP"} <= rest_set(P): bad += 1
    report(bad == 0, "claim amb_three: 121 grid points of the box, %d without SS, FP and PP" % bad)

# independent quantities by name (for the verify script)

def stick_cycle_G(P, strict=True):
    """G(uS) of the fully sticking cycle by explicit impacts (Chatterjee, zero restitution, stick) and ZOD
    flights; returns (G, u_next). v = (x1', z1', x2', z2') with z2'^- = -1 at u = uS.
    strict=False: the same two sticking impacts without the cycle's validity conditions (cones, lift-off,
    landing), each flight replaced by its kinematic outcome: a rotation about the stuck vertex under a
    constant angular acceleration lands with the opposite angular velocity, so v -> -v. The ratio then
    depends on the geometry only (the notes' r1 r2 wherever the cycle is valid or not)."""
    J,A,b,Fex = model(P)
    u = -mpmath.tan(P['phi2'])
    # section state: contact 1 closed and stuck (x1' = z1' = 0), contact 2 arriving
    # body velocity qdot solving J rows x1,z1,x2? use z2 and x1,z1 equations
    Js = matrix([[J[0,0],J[0,1],J[0,2]],[J[1,0],J[1,1],J[1,2]],[J[3,0],J[3,1],J[3,2]]])
    qd = mpmath.lu_solve(Js, matrix([0,0,-1]))
    v = J*qd
    assert abs(v[2]/(-v[3]) - u) < mpf(10)**-30
    # impact at contact 2, stick: A22 P = -(x2', z2')
    A22 = matrix([[A[2,2],A[2,3]],[A[3,2],A[3,3]]])
    P2 = mpmath.lu_solve(A22, -matrix([v[2],v[3]]))
    if strict: assert P2[1] > 0 and abs(P2[0]) <= P['mu2']*P2[1]
    vp = v + matrix([[A[i,2],A[i,3]] for i in range(4)])*P2
    w = vp[1]
    if strict: assert w > 0           # contact 1 lifts off
    # FS flight: contact 2 stuck; constant accelerations from rest-mode solve
    lam,a = solve_mode(P,'FS')
    if strict: assert a[1] < 0 and lam[3] > 0 and abs(lam[2]) <= P['mu2']*lam[3]
    if strict:
        t = 2*w/(-a[1]); v = vp + t*a
    else:
        v = -vp
    if strict: assert abs(v[2]) < 1e-30 and abs(v[3]) < 1e-30 and abs(v[1]+w) < 1e-30
    A11 = matrix([[A[0,0],A[0,1]],[A[1,0],A[1,1]]])
    P1 = mpmath.lu_solve(A11, -matrix([v[0],v[1]]))
    if strict: assert P1[1] > 0 and abs(P1[0]) <= P['mu1']*P1[1]
    vp = v + matrix([[A[i,0],A[i,1]] for i in range(4)])*P1
    w2 = vp[3]
    if strict: assert w2 > 0
    lam,a = solve_mode(P,'SF')
    if strict: assert a[3] < 0 and lam[1] > 0 and abs(lam[0]) <= P['mu1']*lam[1]
    if strict:
        t = 2*w2/(-a[3]); v = vp + t*a
    else:
        v = -vp
    return -v[3], v[2]/(-v[3])

def quantities(P):
    J,A,b,Fex = model(P)
    f1z,f2z,lo,hi = statics(P)
    q = dict(f1z=f1z,f2z=f2z,s_lo=lo,s_hi=hi,bt1=b[0],bn1=b[1],bt2=b[2],bn2=b[3])
    nm=['t1','n1','t2','n2']
    for i in range(4):
        for j in range(4): q['A%s%s'%(nm[i],nm[j])]=A[i,j]
    mus=[P['mu1'],P['mu2']]
    for i in range(2):
        for sg,c in ((1,'P'),(-1,'N')):
            q['den%d%s'%(i+1,c)] = A[2*i+1,2*i+1]-sg*mus[i]*A[2*i+1,2*i]
    for m in ('PP','NN'):
        lam,a = solve_mode(P,m); q['fn1_'+m]=lam[1]; q['fn2_'+m]=lam[3]; q['xdd2_'+m]=a[2]
    for m in ('SF','PF','NF'):
        lam,a = solve_mode(P,m); q['fn1_'+m]=lam[1]; q['zdd2_'+m]=a[3]
    for m in ('FS','FP','FN'):
        lam,a = solve_mode(P,m); q['fn2_'+m]=lam[3]; q['zdd1_'+m]=a[1]
    # two-contact slip ratio from the kinematics: z1' = z2' = 0, qdot in the null space of rows z1, z2
    Jn = matrix([[J[1,0],J[1,1],J[1,2]],[J[3,0],J[3,1],J[3,2]]])
    # null vector by cross product of the two rows
    r1=[Jn[0,i] for i in range(3)]; r2=[Jn[1,i] for i in range(3)]
    nv = matrix([r1[1]*r2[2]-r1[2]*r2[1], r1[2]*r2[0]-r1[0]*r2[2], r1[0]*r2[1]-r1[1]*r2[0]])
    vv = J*nv; q['k_ratio'] = vv[0]/vv[2]
    q['uS'] = -mpmath.tan(P['phi2'])
    try:
        q['G_stick'] = stick_cycle_G(P)[0]
    except AssertionError:
        q['G_stick'] = stick_cycle_G(P, strict=False)[0]   # the cycle is not valid here: the ratio alone
    return q


HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
SPEC = "/work/shared/spec/seed002_oracles.json"
CASES = ["seed002_two_contacts", "seed002_friction_plane", "seed002_load_plane", "seed002_com_plane",
         "seed002_mode_sets"]
REGIONS = ["no_equilibrium", "painleve", "ambiguous", "non_persistent", "persistent"]
_F = {"sin": mpmath.sin, "cos": mpmath.cos, "tan": mpmath.tan, "atan": mpmath.atan, "sqrt": mpmath.sqrt}

def ev(src):
    s = src.replace("^", "**")
    s = re.sub(r"(?<![A-Za-z_0-9.])(\d+\.?\d*(?:[eE][-+]?\d+)?)", r"mpf('\1')", s)
    env = dict(_F); env.update({"pi": mp.pi, "mpf": mpf})
    return eval(s, {"__builtins__": {}}, env)

def read_case(path):
    """[parameters] (fixed values; ranges left out), [point X] sections, [expect] lines (kept in order)."""
    params, points, expects, sec = {}, {}, [], None
    for raw in open(path, encoding="utf-8"):
        line = raw.rstrip("\n")
        if not line.strip() or line.lstrip().startswith((";", "#")): continue
        line = re.sub(r"\s;.*$", "", line)
        m = re.match(r"^\[(.*)\]\s*$", line)
        if m: sec = m.group(1).strip(); continue
        if line[0] in " \t": continue
        k, _, v = line.partition("=")
        k, v = k.strip(), v.strip()
        if sec == "parameters":
            v = v.split(":")[0].strip()
            params[k] = None if ".." in v else ev(v)
        elif sec and sec.startswith("point "):
            points.setdefault(sec[6:].strip(), {})[k] = ev(v)
        elif sec == "expect":
            expects.append((k, v))
    return params, points, expects

def at_point(params, pt):
    P = {k: v for k, v in params.items()}
    P.update(pt)
    if "c" in P and P["c"] is not None:      # seed002_com_plane: l1 = c, l2 = 1 - c (l1 + l2 = 1)
        P["l1"], P["l2"] = P["c"], 1 - P["c"]
        del P["c"]
    for k, v in P.items():
        if v is None: raise SystemExit("parameter %s is a range at a point" % k)
    return P

FAILS = 0
def report(ok, msg):
    global FAILS
    print(("ok    " if ok else "FAIL  ") + msg)
    if not ok: FAILS += 1

def check_case(name):
    params, points, expects = read_case(os.path.join(ROOT, "cases", name + ".case"))
    for key, val in expects:
        if key.startswith("claim."):
            continue   # claims: see check_claims
        qn, _, pn = key.partition("@")
        P = at_point(params, points[pn] if pn else {})
        if val in ("true", "false", "unknown"):
            cls = classify(P)
            if qn in REGIONS:
                want = "true" if cls == qn else "false"
            elif qn in MODE_NAMES or qn == "three_modes":
                on = rest_set(P)
                want = "true" if (qn == "three_modes" and {"SS", "FP", "PP"} <= on) or qn[:2] in on else "false"
                report(val == want, "%-28s modes from rest %-18s -> %s (case: %s)" % (key, "{" + ",".join(sorted(on)) + "}", want, val))
                continue
            else:
                raise SystemExit("no independent verdict for " + qn)
            report(val == want, "%-28s class %-15s -> %s (case: %s)" % (key, cls, want, val))
        else:
            v, _, tol = val.partition("+/-")
            v, tol = ev(v.strip()), ev(tol.strip())
            q = quantities(P)
            if qn not in q:
                raise SystemExit("no independent value for " + qn)
            got = q[qn]
            report(abs(got - v) <= tol, "%-28s computed %s  case %s +/- %s" % (key, mpmath.nstr(got, 25), mpmath.nstr(v, 25), mpmath.nstr(tol, 3)))

def check_spec():
    """The spec's printed oracle values (15 significant digits, cross-checked there to 2e-15) against these
    mechanics; tolerance 1e-13 covers the 15-digit rounding of values of size < 4."""
    O = json.load(open(SPEC))
    cls_map = {"persistent": "persistent", "no-eq": "no_equilibrium", "non-persistent": "non_persistent"}
    for k, o in O.items():
        P = {a: mpf(str(x)) for a, x in o["params"].items()}
        q = quantities(P); tol = mpf("1e-13")
        for nm, sv in (("f1z", o["f1z"]), ("f2z", o["f2z"]), ("s_lo", o["s_interval"][0]),
                       ("s_hi", o["s_interval"][1]), ("k_ratio", o["k"]), ("uS", o["uS"])):
            report(abs(q[nm] - mpf(sv)) <= tol, "spec %s %-8s %s vs %s" % (k, nm, mpmath.nstr(q[nm], 16), sv))
        J, A, b, F = model(P)
        e = max(abs(b[i] - mpf(o["b"][i])) for i in range(4))
        e = max([e] + [abs(A[i, j] - mpf(o["A"][i][j])) for i in range(4) for j in range(4)])
        report(e <= tol, "spec %s A, b max error %s" % (k, mpmath.nstr(e, 3)))
        report(classify(P) == cls_map[o["label"]], "spec %s class %s vs %s" % (k, classify(P), o["label"]))
        # r1 r2 of the notes vs the impact-by-impact stick cycle, where that cycle is valid
        if "G_stick" in q:
            report(abs(q["G_stick"] - mpf(o["r1r2_fullstick"])) <= tol,
                   "spec %s G(uS) stick cycle %s vs r1r2 %s" % (k, mpmath.nstr(q["G_stick"], 16), o["r1r2_fullstick"]))

def check_claims():
    """friction_plane claims: at h = l1 = l2 = rho = 1/2, flat, the Painleve set is {mu1 > 2} u {mu2 > 2}.
    Sampled on a grid (not on the boundary) with the matrix mechanics; plus the exact threshold:
    den1N = A_n1n1 + mu1 A_t1n1 vanishes at mu1 = -A_n1n1/A_t1n1 = 2 exactly."""
    base = dict(h=mpf(1)/2, l1=mpf(1)/2, l2=mpf(1)/2, rho=mpf(1)/2, phi1=mpf(0), phi2=mpf(0), alpha=mpf(0), tau=mpf(0))
    J, A, b, F = model(dict(base, mu1=mpf(1), mu2=mpf(1)))
    thr1 = -A[1, 1] / A[0, 1]; thr2 = A[3, 3] / A[2, 3]
    report(abs(thr1 - 2) < mpf(10)**-35 and abs(thr2 - 2) < mpf(10)**-35,
           "claim painleve_threshold: den1N = 0 at mu1 = %s, den2P = 0 at mu2 = %s" % (mpmath.nstr(thr1, 20), mpmath.nstr(thr2, 20)))
    bad = 0
    for i in range(31):
        for j in range(31):
            m1, m2 = mpf(i) / 10 + mpf(1) / 20, mpf(j) / 10 + mpf(1) / 20
            P = dict(base, mu1=m1, mu2=m2)
            J, A, b, F = model(P)
            pl = any(A[2*c+1, 2*c+1] - sg * P["mu%d" % (c+1)] * A[2*c+1, 2*c] <= 0 for c in (0, 1) for sg in (1, -1))
            if pl != (m1 > 2 or m2 > 2): bad += 1
    report(bad == 0, "claim painleve_threshold: grid of 961 points, %d disagreements with mu1 > 2 or mu2 > 2" % bad)
    P = dict(base, mu1=mpf("1.5"), mu2=mpf("2.5"))
    J, A, b, F = model(P)
    report(A[3, 3] - P["mu2"] * A[3, 2] < 0, "claim contact1_only refuted: mu1 = 1.5, mu2 = 2.5 gives den2P = %s < 0"
           % mpmath.nstr(A[3, 3] - P["mu2"] * A[3, 2], 10))

def check_ineq13():
    """two_contacts claim ineq13 (model => claim): on a 41 x 41 grid of the (phi1, phi2) plane, every
    non-ambiguous equilibrium (class persistent or non_persistent) has b_n1 < 0 (b from J M^-1 F)."""
    params, points, expects = read_case(os.path.join(ROOT, "cases", "seed002_two_contacts.case"))
    bad = n = 0
    for i in range(41):
        for j in range(41):
            P = {k: v for k, v in params.items()}
            P.update(phi1=mpf(-1) + mpf(i) / 20, phi2=mpf(-1) + mpf(j) / 20)
            if classify(P) in ("persistent", "non_persistent"):
                n += 1
                J, A, b, F = model(P)
                if not b[1] < 0: bad += 1
    report(bad == 0 and n > 0, "claim ineq13 (b_n1 < 0 at non-ambiguous equilibria): %d grid points, %d "
           "counterexamples" % (n, bad))

if __name__ == "__main__":
    check_spec()
    for c in (sys.argv[1:] or CASES):
        if os.path.exists(os.path.join(ROOT, "cases", c + ".case")):
            print("== " + c); check_case(c)
    check_claims()
    check_ineq13()
    check_mode_sets_claim()
    print("%d mismatches" % FAILS)
    sys.exit(1 if FAILS else 0)
