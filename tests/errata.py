#!/usr/bin/env python3
"""tests/errata.py -- the README table "Printed errors of the sources" against the shipped cases.

For every row whose verdict starts with "refuted" it checks that each `case` / `claim` pair the row names
exists (cases/CASE.case with a [claim CLAIM] section and the line `claim.CLAIM = refuted` in its [expect]
section) and that `fricert check` passes on that case, which certifies that the claim's verdict is exactly
"refuted". A row marked refuted must name at least one pair; a row marked "not refuted" must say why. The
sentence "**N of M printed errors are refuted" must match the table: M rows, N of them refuted, the rows
numbered 1..M. One line per check; the last line is "N passed, M failed"; exit 1 on any failure.

Usage: tests/errata.py [--readme FILE] [--cases DIR]     (FRICERT: the binary, default bin/fricert)
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
HEADING = "## Printed errors of the sources"
PAIR = re.compile(r"`([A-Za-z0-9_]+)` / `([A-Za-z0-9_]+)`")
COUNT = re.compile(r"\*\*(\d+) of (\d+) printed errors are refuted")

passed = 0
failed = 0


def result(ok, text):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
    print("%s %s" % ("ok  " if ok else "FAIL", text))


def split_row(line):
    """The cells of a Markdown table row; "\\|" inside a cell is a literal bar."""
    cells = re.split(r"(?<!\\)\|", line.strip())
    return [c.strip().replace("\\|", "|") for c in cells[1:-1]]


def read_section(readme):
    text = open(readme, encoding="utf-8").read()
    i = text.find("\n" + HEADING + "\n")
    if i < 0:
        return None
    rest = text[i + 1 + len(HEADING):]
    j = rest.find("\n## ")
    return rest if j < 0 else rest[:j]


def claim_in_case(path, claim):
    """(has a [claim CLAIM] section, its [expect] status or None)."""
    text = open(path, encoding="utf-8").read()
    has = re.search(r"^\[claim\s+%s\]\s*$" % re.escape(claim), text, re.M) is not None
    status = None
    section = None
    for raw in text.splitlines():
        line = raw.split(";", 1)[0].strip() if not raw.lstrip().startswith(";") else ""
        m = re.match(r"^\[([^\]]+)\]$", line)
        if m:
            section = m.group(1).strip()
            continue
        if section == "expect":
            m = re.match(r"^claim\.%s\s*=\s*(\w+)$" % re.escape(claim), line)
            if m:
                status = m.group(1)
    return has, status


def main(argv):
    readme = os.path.join(ROOT, "README.md")
    cases = os.path.join(ROOT, "cases")
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--readme" and args:
            readme = args.pop(0)
        elif a == "--cases" and args:
            cases = args.pop(0)
        else:
            print("usage: tests/errata.py [--readme FILE] [--cases DIR]")
            return 2
    fricert = os.environ.get("FRICERT", os.path.join(ROOT, "bin", "fricert"))

    section = read_section(readme)
    result(section is not None, "%s has the section '%s'" % (readme, HEADING))
    if section is None:
        print("%d passed, %d failed" % (passed, failed))
        return 1

    rows = []
    for line in section.splitlines():
        if not line.startswith("|"):
            continue
        cells = split_row(line)
        if len(cells) != 6 or not re.fullmatch(r"\d+", cells[0]):
            continue                                    # header and rule lines
        rows.append(cells)
    result(len(rows) > 0, "the table has %d rows" % len(rows))
    result([int(r[0]) for r in rows] == list(range(1, len(rows) + 1)),
           "the rows are numbered 1..%d in order" % len(rows))

    refuted_rows = []
    for r in rows:
        verdict = r[5]
        if verdict.startswith("refuted"):
            refuted_rows.append(r)
        elif verdict.startswith("not refuted"):
            result(len(verdict) > len("not refuted") + 3, "row %s: not refuted, with a reason" % r[0])
        else:
            result(False, "row %s: the verdict '%s' is neither 'refuted' nor 'not refuted'" % (r[0], verdict))

    m = COUNT.search(section)
    if m is None:
        result(False, "the section states '**N of M printed errors are refuted'")
    else:
        n, tot = int(m.group(1)), int(m.group(2))
        result(n == len(refuted_rows) and tot == len(rows),
               "stated count %d of %d; the table has %d refuted of %d rows" % (n, tot, len(refuted_rows), len(rows)))

    # every pair named by a refuted row: present in its case, expected refuted, and the case's check passes
    to_check = {}
    for r in refuted_rows:
        pairs = PAIR.findall(r[4])
        if not pairs:
            result(False, "row %s: marked refuted but names no `case` / `claim`" % r[0])
        for case, claim in pairs:
            path = os.path.join(cases, case + ".case")
            if not os.path.isfile(path):
                result(False, "row %s: no case file %s" % (r[0], path))
                continue
            has, status = claim_in_case(path, claim)
            if not has:
                result(False, "row %s: %s has no [claim %s]" % (r[0], case, claim))
            elif status != "refuted":
                result(False, "row %s: %s expects claim.%s = %s, not refuted" % (r[0], case, claim, status))
            else:
                to_check.setdefault(path, []).append((r[0], claim))
    def run_check(paths):
        try:
            p = subprocess.run([fricert, "check", "-j", "2"] + paths, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, universal_newlines=True, timeout=900)
            return p.returncode, p.stdout
        except (OSError, subprocess.TimeoutExpired) as e:
            return -1, str(e)

    paths = sorted(to_check)
    rc_all, out_all = run_check(paths) if paths else (0, "")
    for path in paths:
        # one run over all the cases; a case is run again alone only when that run failed, to name it
        rc, out = (rc_all, out_all) if rc_all == 0 else run_check([path])
        last = out.strip().splitlines()[-1] if out.strip() else "(no output)"
        for row, claim in to_check[path]:
            result(rc == 0, "row %s: %s claim %s refuted by fricert check (%s)" % (
                row, os.path.basename(path), claim, last if rc else "checked"))
        if rc != 0:
            print(out)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
