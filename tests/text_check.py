"""tests/text_check.py -- the command line shared by the report and case-text checkers of tests/.

A checker module defines check(...) returning a list of findings (or None when the text is not a report it can read)
and ends with `sys.exit(text_check.run_report(sys.argv, check))` (one pdftotext -layout file, or - for standard
input) or `sys.exit(text_check.run_files(sys.argv, check, "CASE"))` (each file named, checked by path).
Either prints one finding a line and returns the exit status: 0 none, 1 some, 2 a usage error or (report) no
contents entry found.
"""
import os
import sys


def _prog(argv):
    return os.path.basename(argv[0]) if argv else "check"


def _report(found):
    for line in found:
        print(line)
    return 1 if found else 0


def read_text(arg):
    """The text of FILE, or of standard input for '-'."""
    if arg == "-":
        return sys.stdin.read()
    with open(arg, encoding="utf-8") as f:
        return f.read()


def run_report(argv, check):
    """One report's text (pdftotext -layout output), checked by check(text)."""
    if len(argv) != 2:
        print("usage: %s FILE|-  (pdftotext -layout output)" % _prog(argv), file=sys.stderr)
        return 2
    found = check(read_text(argv[1]))
    if found is None:
        print("no contents entry found")
        return 2
    return _report(found)


def run_files(argv, check, what):
    """Each file named on the command line, checked by check(path)."""
    if len(argv) < 2:
        print("usage: %s %s..." % (_prog(argv), what), file=sys.stderr)
        return 2
    return _report([b for p in argv[1:] for b in check(p)])
