"""oracle_common.py -- reading a case file and running every [expect] line against an independent oracle.

Used by the case-library-II oracles (verify_ch1_statics.py, verify_ch3_statics.py, verify_ch8_statics.py); its
case reader also by verify_claims.py (with mpmath values).
It does not import fricert. Parameter values and point overrides are read as EXACT sympy expressions
(`4/5`, `pi/4`, `sqrt(3)/2`), so an oracle can decide a comparison exactly where the case sits on a boundary.

An oracle is three functions of (name, params) where params maps each parameter to a sympy value (None for a
range parameter left open):
  value(name, p)  -> a number (sympy or mpmath) for `NAME@POINT = VALUE +/- TOL` lines,
  truth(name, p)  -> (word, note) with word in true/false/unknown for `NAME@POINT = WORD` lines,
  claim(name, claims) -> (status, note) for `claim.NAME = STATUS` lines.
Every [expect] line must be answered: an unknown name is a failure, never a skip.

The convention for `unknown` (the same as verify_claims.py): a comparison whose true margin is exactly 0 is
expected to be `unknown` for ball arithmetic, unless the oracle knows the case's arithmetic there is exact.
"""

import os
import re

import mpmath
import sympy
from mpmath import mp, mpf

mp.dps = 40

HERE = os.path.dirname(os.path.abspath(__file__))
CASE_DIR = os.path.normpath(os.path.join(HERE, "..", "..", "cases"))

_LOCALS = {"pi": sympy.pi, "e": sympy.E, "sqrt": sympy.sqrt, "sin": sympy.sin, "cos": sympy.cos,
           "tan": sympy.tan, "atan": sympy.atan, "asin": sympy.asin, "acos": sympy.acos, "exp": sympy.exp,
           "log": sympy.log, "abs": sympy.Abs, "cbrt": sympy.cbrt}


def exact(src):
    """A fricert constant expression as an exact sympy number (decimals become exact rationals)."""
    s = src.replace("^", "**")
    s = re.sub(r"(?<![A-Za-z_0-9.])(\d+\.?\d*(?:[eE][-+]?\d+)?)", r"Rational('\1')", s)
    env = dict(_LOCALS)
    env["Rational"] = sympy.Rational
    return sympy.sympify(eval(s, {"__builtins__": {}}, env))


def num(x):
    """A sympy (or mpmath) number as an mpmath mpf at the working precision."""
    if isinstance(x, (mpf, int, float)):
        return mpf(x)
    return mpf(sympy.N(x, mp.dps + 10))


def read_ini(path):
    """Sections as lists of (key, value); continuation lines joined; ';' comments removed."""
    secs, cur, last = {}, None, None
    with open(path, encoding="utf-8") as fh:
        for raw in fh:
            line = raw.rstrip("\n")
            strip = line.strip()
            if not strip or strip[0] in ";#":
                continue
            if line[0] in " \t" and last is not None:
                k, v = secs[cur][last]
                secs[cur][last] = (k, v + " " + re.split(r"\s;", strip)[0].strip())
                continue
            m = re.match(r"^\[(.+)\]$", strip)
            if m:
                cur = m.group(1).strip()
                secs[cur] = []
                last = None
                continue
            k, v = line.split("=", 1)
            v = re.split(r"\s;", v)[0].strip()
            secs[cur].append((k.strip(), v))
            last = len(secs[cur]) - 1
    return secs


def read_case(cid, case_dir=None, convert=exact):
    """params (name -> convert(value), None for a range), points (name -> params with the point's values),
    claims (name -> {key: value}) and the [expect] lines [(key, value)] of case CID; values read by CONVERT
    (default: exact sympy numbers)."""
    secs = read_ini(os.path.join(case_dir or CASE_DIR, cid + ".case"))
    params = {}
    for k, v in secs["parameters"]:
        v = v.split(":", 1)[0].strip()
        params[k] = None if ".." in v else convert(v)
    points = {}
    for sec, items in secs.items():
        if sec.startswith("point "):
            p = dict(params)
            for k, v in items:
                assert k in params, (cid, sec, k)
                p[k] = convert(v)
            points[sec.split(None, 1)[1]] = p
    claims = {sec.split(None, 1)[1]: {k: v for k, v in items}
              for sec, items in secs.items() if sec.startswith("claim ")}
    return params, points, claims, secs["expect"]


def run(oracles, args, case_dir=None):
    """oracles: {case id: (value, truth, claim)}. Prints one line per expect; returns the number of failures."""
    total = fails = 0
    for cid, (value_fn, truth_fn, claim_fn) in oracles.items():
        if args and cid not in args:
            continue
        params, points, claims, expects = read_case(cid, case_dir)
        print("== %s" % cid)
        for key, val in expects:
            total += 1
            m = re.match(r"^(.*?)\s*\+/-\s*(\S+)$", val)
            name, p = key, params
            if "@" in key:
                name, pname = key.split("@", 1)
                p = points[pname]
            try:
                if key.startswith("claim."):
                    got, note = claim_fn(key.split(".", 1)[1], claims)
                    ok = got == val
                    print("  %s %-34s %-12s case %-12s (%s)" % ("ok  " if ok else "FAIL", key, got, val, note))
                elif m:
                    got = num(value_fn(name, p))
                    want, tol = num(exact(m.group(1))), num(exact(m.group(2)))
                    ok = got == want if tol == 0 else abs(got - want) + mpf(10) ** -34 <= tol
                    print("  %s %-34s %s  case %s +/- %s" % ("ok  " if ok else "FAIL", key, mpmath.nstr(got, 25),
                                                           m.group(1), m.group(2)))
                else:
                    got, note = truth_fn(name, p)
                    ok = got == val
                    print("  %s %-34s %-8s case %-8s (%s)" % ("ok  " if ok else "FAIL", key, got, val, note))
            except (KeyError, AssertionError, ZeroDivisionError, TypeError, ValueError) as exc:
                print("  FAIL %-34s cannot compute (%s: %s)" % (key, type(exc).__name__, exc))
                ok = False
            fails += not ok
    print("%d checked, %d failed" % (total, fails))
    return fails


def word(t):
    return "unknown" if t is None else ("true" if t else "false")
