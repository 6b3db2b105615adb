"""verify_ch1_fermat.py -- independent check of cases/ch1_three_support_fermat.case (Rozenblat ch. 1 §4, the example
P = 0, spec/ch1.md R22, E9, E10).

With no tangential load the largest moment that three isotropic rough points can resist is the minimum over the
centre of rotation C of sum_j xi_j |A_j - C| (the friction forces of a rigid rotation about C; the notes' reading
as the weighted Fermat-Torricelli problem). It is computed here directly: Weiszfeld's iteration from the weighted
centroid, then Newton's method on the gradient, and the three vertex values; no use of (4.14) or of the vertex
conditions. Equilibrium at a point: |Mz| < Phi (with a margin). mpmath at 40 digits; no fricert import.
Run: python3 tests/oracles/verify_ch1_fermat.py"""
import re
import sys
from pathlib import Path
from mpmath import mp, mpf, sqrt, pi, matrix, lu_solve, nstr
sys.path.insert(0, str(Path(__file__).resolve().parent))
from oracle_util import check, truth, failures, read_case  # noqa: E402

mp.dps = 40
ROOT = Path(__file__).resolve().parents[2]


def ev(txt):
    src = re.sub(r"(\d+(?:\.\d*)?(?:e-?\d+)?)", r"mpf('\1')", txt.replace("^", "**"))
    return mpf(eval(src, {"pi": pi, "sqrt": sqrt, "mpf": mpf}))


def fsum(C, A, w):
    return sum(wj * sqrt((a[0] - C[0]) ** 2 + (a[1] - C[1]) ** 2) for a, wj in zip(A, w))


def phi(A, w):
    """min over C of sum w_j |A_j - C|."""
    best = min(fsum(a, A, w) for a in A)
    C = [sum(wj * a[0] for a, wj in zip(A, w)) / sum(w), sum(wj * a[1] for a, wj in zip(A, w)) / sum(w)]
    for _ in range(200):                       # Weiszfeld
        d = [sqrt((a[0] - C[0]) ** 2 + (a[1] - C[1]) ** 2) for a in A]
        if min(d) < mpf(10) ** -30:
            break
        s = sum(wj / dj for wj, dj in zip(w, d))
        C = [sum(wj * a[0] / dj for a, wj, dj in zip(A, w, d)) / s, sum(wj * a[1] / dj for a, wj, dj in zip(A, w, d)) / s]
    for _ in range(60):                        # Newton on the gradient
        d = [sqrt((a[0] - C[0]) ** 2 + (a[1] - C[1]) ** 2) for a in A]
        if min(d) < mpf(10) ** -20:
            break
        g = [sum(wj * (C[k] - a[k]) / dj for a, wj, dj in zip(A, w, d)) for k in range(2)]
        H = matrix(2, 2)
        for a, wj, dj in zip(A, w, d):
            u = [(C[0] - a[0]) / dj, (C[1] - a[1]) / dj]
            for i in range(2):
                for j in range(2):
                    H[i, j] += wj * ((1 if i == j else 0) - u[i] * u[j]) / dj
        try:
            step = lu_solve(H, matrix(g))
        except ZeroDivisionError:
            break
        C = [C[0] - step[0], C[1] - step[1]]
    return min(best, fsum(C, A, w))


def main():
    params, points, expects = read_case(ROOT / "cases" / "ch1_three_support_fermat.case", lambda v: v)
    base = {k: ev(v) for k, v in params.items() if v is not None}
    print("== ch1_three_support_fermat")
    for key, val in expects:
        if key.startswith("claim."):
            continue
        name, pt = key.split("@")
        p = dict(base, **{k: ev(v) for k, v in points[pt].items()})
        if name.endswith("_w") or name.startswith("tri_"):
            A = [(0, 0), (1, 0), (p["x0"], p["y0"])]
            w = [p["xi1"], p["xi2"], p["xi3"]]
            M = p.get("Mz")
        else:
            A = [(0, 0), (1, 0), (p["x"], p["y"])]
            w = [1, 1, 1]
            M = p["Mf"]
        A = [(mpf(a[0]), mpf(a[1])) for a in A]
        F = phi(A, w)
        base_name = re.sub(r"_[wf]$", "", name)
        if base_name == "Phi":
            want, tol = [ev(x.strip()) for x in val.split("+/-")]
            check(key, F, want, tol)
        elif base_name == "Phi_sq_414":
            want, tol = [ev(x.strip()) for x in val.split("+/-")]
            check(key + " (as the minimum squared)", F ** 2, want, tol)
        elif base_name.startswith("vertex"):
            k = int(base_name[-1]) - 1
            truth(key + " (the minimum sits at A%d)" % (k + 1), abs(F - fsum(A[k], A, w)) < mpf(10) ** -25, val == "true")
        elif name.endswith("_no_equilibrium"):
            truth(key + " (Phi %s, Mz %s)" % (nstr(F, 12), nstr(M, 6)), abs(M) > F + mpf(10) ** -6, val == "true")
        elif name.endswith("_equilibrium"):
            truth(key + " (Phi %s, Mz %s)" % (nstr(F, 12), nstr(M, 6)), abs(M) < F - mpf(10) ** -6, val == "true")
        else:
            raise SystemExit("no oracle for " + key)
    # the claims: (4.14) and the vertex rule against the minimum on grids (both planes)
    bad = 0
    for i in range(1, 30):
        xi1 = mpf(i) / 10
        A = [(mpf(0), mpf(0)), (mpf(1), mpf(0)), (mpf(1) / 2, sqrt(3) / 2)]
        F = phi(A, [xi1, 1, 1])
        # the book's value for this family: (4.14) for xi1 <= sqrt(3), the vertex A1 beyond
        if xi1 <= sqrt(3):
            S, Sx = sqrt(3) / 4, sqrt((xi1 + 2) * xi1 * xi1 * (2 - xi1)) / 4
            book = sqrt((xi1 ** 2 + 1 + 1) / 2 + 8 * S * Sx)
        else:
            book = mpf(2)
        if abs(book - F) > mpf(10) ** -20:
            bad += 1
    truth("claim.r22: book value = minimum for xi1 = 0.1 .. 2.9 (29 values)", bad == 0, True)
    bad = 0
    for i in range(-10, 21, 2):
        for j in range(1, 21, 2):
            x, y = mpf(i) / 10, mpf(j) / 10
            A = [(mpf(0), mpf(0)), (mpf(1), mpf(0)), (x, y)]
            F = phi(A, [1, 1, 1])
            l1, l3 = sqrt((x - 1) ** 2 + y ** 2), sqrt(x ** 2 + y ** 2)
            cos = [(1 + l3 ** 2 - l1 ** 2) / (2 * l3), (l1 ** 2 + 1 - l3 ** 2) / (2 * l1), (l1 ** 2 + l3 ** 2 - 1) / (2 * l1 * l3)]
            if cos[0] <= -mpf(1) / 2:
                book = 1 + l3
            elif cos[1] <= -mpf(1) / 2:
                book = 1 + l1
            elif cos[2] <= -mpf(1) / 2:
                book = l3 + l1
            else:
                book = sqrt((1 + l3 ** 2 - l1 ** 2 + l1 ** 2 + 1 - l3 ** 2 + l1 ** 2 + l3 ** 2 - 1) / 2 + 8 * (y / 2) * sqrt(3) / 4)
            if abs(book - F) > mpf(10) ** -20:
                bad += 1
    truth("claim.fermat: book value = Fermat sum on a 16 x 10 grid of A3", bad == 0, True)
    print("all checks passed" if failures() == 0 else "%d FAILED" % failures())
    return 1 if failures() else 0


if __name__ == "__main__":
    sys.exit(main())
