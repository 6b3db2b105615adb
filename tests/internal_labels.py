#!/usr/bin/env python3
"""tests/internal_labels.py -- does a report cite the project's working notes instead of the source?

Reads the text of a report.pdf (`pdftotext`, a file name or - for standard
input) and prints every phrase that points a reader at the project's own
working material rather than at the book's pages and equations: the OCR of
a source ("OCR", "the scan"), the notes ("the notes", "the notes'", "spec",
"the re-derivation" as a document), and the labels of the notes' results and
examples ("R2.4", "E6.5", "Ex.A", "D2-2").  A referee cannot look these up.
A report says instead "the book's (2.5), p. 51", "the copy of the book used
here", "derived for this report", "a test body chosen for this report".
Prints one line per hit ("line N: ..."); exit status 0 if none, 1 if some,
2 on a usage error.
"""
import re
import sys

LABELS = re.compile(r"\bOCR\b|\bthe scan\b|\bthe notes\b|\bnotes'|\bspec\b|\bthe re-derivation\b"
                    r"|\b[RE]\d{1,2}\.\d{1,2}\b|\bEx\.\s?[A-F]\b|\bD2-[12]\b")


def check(text):
    bad = []
    for i, line in enumerate(text.replace("\f", "\n").split("\n"), 1):
        for m in LABELS.finditer(line):
            bad.append("line %d: internal label '%s' in: %s" % (i, m.group(0), line.strip()[:100]))
    return bad


def main(argv):
    if len(argv) != 2:
        print("usage: internal_labels.py FILE|-  (pdftotext output)", file=sys.stderr)
        return 2
    text = sys.stdin.read() if argv[1] == "-" else open(argv[1], encoding="utf-8").read()
    bad = check(text)
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
