#!/usr/bin/env python3
"""tests/report_text.py -- does a report's text show what a reader cannot use?

Reads `pdftotext` of a report.pdf (a file name or - for standard input) and
flags, one line each ("FLAG: context"):
- an interval of balls, "[[a ± r], [b ± s]]": an interval prints its ends
  outward rounded ({{i:LO,HI@POINT}} in a template), not as balls;
- the project's internal words: "the notes" / "notes'", "OCR", "spec";
- the internal labels of the re-derivations: a result or example number
  with a chapter, R2.2 or E3.4 (the book has no such labels: cite its pages,
  equations, statements), an R label of two digits or more (R17, R27), and an
  R or E label followed by a colon ("R9:", "E4:"), unless it is a name the
  case itself defines;
- a figure of a proved claim whose legend gives a counterexample category
  ("... counterexample ... area ∈ [a, b]") a nonzero upper bound: after a
  proof that category is empty, and the legend must say area = 0.
With --case FILE.case, the names of the case's sections ([point E8],
[claim X]) and of its [define] and [parameters] keys are allowed as labels
(a report prints them in its tables).  Exit status 0 if nothing is flagged,
1 if something is, 2 on a usage error.
"""
import re
import sys

BALL_INTERVAL = re.compile(r"\[\s*\[\s*[−-]?\d[\d.]*(?:e[−+-]?\d+)?\s*±")
WORDS = [
    ("internal word 'notes'", re.compile(r"\b[Tt]he notes\b|\bnotes['’]")),
    ("internal word 'OCR'", re.compile(r"\bOCR\b")),
    ("internal word 'spec'", re.compile(r"\bspec\b")),
]
CAPTION = re.compile(r"Figure \d+: claim (\w+) \((proved|refuted|consistent|inconclusive)\)")
CX_AREA = re.compile(r"counterexample[^∈=]{0,80}?area ∈ \[([^,\]]+), ([^\]]+)\]")
LABEL = re.compile(r"(?<![A-Za-z0-9_.])([RE]\d+\.\d+|R\d\d+|E\d+(?=\s*:))(?![A-Za-z0-9_])")


def case_names(path):
    names = set()
    section = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^\[(\w+)(?:\s+(\w+))?\]", line)
            if m:
                section = m.group(1)
                if m.group(2):
                    names.add(m.group(2))
                continue
            if section in ("define", "parameters") and re.match(r"^\w+\s*=", line):
                names.add(line.split("=")[0].strip())
    return names


def check(text, allowed=()):
    flat = " ".join(text.split())
    out = []

    def ctx(m):
        return flat[max(0, m.start() - 40):m.end() + 30]

    for m in BALL_INTERVAL.finditer(flat):
        out.append("interval of balls: " + ctx(m))
    for what, rx in WORDS:
        for m in rx.finditer(flat):
            out.append(what + ": " + ctx(m))
    for m in LABEL.finditer(flat):
        if m.group(1) not in allowed:
            out.append("internal label " + m.group(1) + ": " + ctx(m))
    prev = 0
    for m in CAPTION.finditer(flat):
        if m.group(2) == "proved":
            for a in CX_AREA.finditer(flat, prev, m.start()):
                if float(a.group(2).replace("−", "-")) != 0:
                    out.append("proved claim %s with a counterexample area in its legend: %s"
                               % (m.group(1), flat[a.start():a.end()]))
        prev = m.end()
    return out


def main(argv):
    args = argv[1:]
    allowed = set()
    if len(args) == 3 and args[0] == "--case":
        allowed = case_names(args[1])
        args = args[2:]
    if len(args) != 1:
        print("usage: report_text.py [--case FILE.case] TEXT|-", file=sys.stderr)
        return 2
    text = sys.stdin.read() if args[0] == "-" else open(args[0], encoding="utf-8").read()
    bad = check(text, allowed)
    for line in bad:
        print(line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
