"""oracle_util.py -- what the mpmath/sympy oracles in tests/oracles share:
the check/truth lines they print and the count of mismatches, a reader of
a case's parameters, points and [expect] lines, and two plain one-dimensional
searches (bisection for a sign change, golden section for a minimum).  No
mechanics and nothing of fricert in it: every value compared is computed by
the oracle itself."""
import re
from mpmath import mp, mpf, sqrt

_failures = [0]


def check(name, got, want, tol):
    """Prints one numeric comparison; |got - want| <= tol, else counted as a failure."""
    ok = abs(mpf(got) - mpf(want)) <= mpf(tol)
    print(f"{'ok  ' if ok else 'FAIL'} {name}: oracle {mp.nstr(got, 20)}  expect {mp.nstr(mpf(want), 20)} +/- {tol}")
    if not ok:
        _failures[0] += 1


def truth(name, got, want):
    """Prints one truth-value comparison; a mismatch is counted as a failure."""
    ok = bool(got) == bool(want)
    print(f"{'ok  ' if ok else 'FAIL'} {name}: oracle {bool(got)}  expect {bool(want)}")
    if not ok:
        _failures[0] += 1


def failures():
    """The number of failed check/truth calls so far."""
    return _failures[0]


def read_case(path, convert):
    """params (name -> convert(value), or None for a range), points (name -> {name: convert(value)}),
    expects ([(key, text)]) of the case file at PATH; comments after ';' are dropped."""
    section, params, points, expects = None, {}, {}, []
    for raw in path.read_text().splitlines():
        line = re.split(r"\s;", raw)[0].rstrip()
        if not line.strip() or line.lstrip().startswith(";"):
            continue
        m = re.match(r"\[(\w+)(?:\s+(\w+))?\]", line)
        if m:
            section = (m.group(1), m.group(2))
            if section[0] == "point":
                points[section[1]] = {}
            continue
        if raw[:1].isspace() or "=" not in line:
            continue
        k, v = [s.strip() for s in line.split("=", 1)]
        if section[0] == "parameters":
            v = v.split(":")[0].strip()
            params[k] = None if ".." in v else convert(v)
        elif section[0] == "point":
            points[section[1]][k] = convert(v)
        elif section[0] == "expect":
            expects.append((k, v))
    return params, points, expects


def bisect_root(f, lo, hi, n=200):
    """The midpoint after n bisection steps of [lo, hi] keeping a sign change of f (f(lo), f(hi) of opposite
    signs; a point where f = 0 counts as the sign of f(hi))."""
    flo = f(lo)
    for _ in range(n):
        mid = (lo + hi) / 2
        if (f(mid) > 0) == (flo > 0):
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def golden_min(fn, lo, hi, it):
    """(x, fn(x)) after `it` golden-section steps for a minimum of fn on [lo, hi] (a local one unless fn is
    unimodal there); x the midpoint of the last bracket."""
    g = (sqrt(5) - 1) / 2
    a, b = mpf(lo), mpf(hi)
    c, d = b - g * (b - a), a + g * (b - a)
    fc, fd = fn(c), fn(d)
    for _ in range(it):
        if fc < fd:
            b, d, fd = d, c, fc
            c = b - g * (b - a); fc = fn(c)
        else:
            a, c, fc = c, d, fd
            d = a + g * (b - a); fd = fn(d)
    x = (a + b) / 2
    return x, fn(x)
