#!/usr/bin/env python3
"""tests/typed_numbers.py -- does a template type a number the computation should print?

Every number in a report's prose comes from the computation ({{q:NAME@POINT}}, {{v:...}}) or is a
value quoted from a source and marked as such.  Reads templates (the names on the command line)
and prints "FILE:LINE: ..." for every decimal with four or more digits after the point written in
the prose (outside {{...}} placeholders and %% comment lines) on a line that does not say whose
value it is (a word of QUOTED on the same line: "the book's 0.944", "printed", "quoted", "the
source", "Routh", ...).  A point's input is set in the case file, not typed in the prose.  The check
is by line, so a mark on the line before does not count: write the mark next to the number.
Templates listed in tests/typed_numbers.allow (typed before this check) are skipped by
tests/check_outputs.sh.  Exit status 0 if none, 1 if some, 2 on a usage error.
"""
import re
import sys
import text_check

QUOTED = re.compile(r"book|print|quot|source|textbook|paper|Routh|Painlev|Kolesnikov|Ivanov", re.I)
NUMBER = re.compile(r"(?<![\w.])\d+\.\d{4,}")


def check(path):
    bad = []
    with open(path, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            if line.startswith("%%"):
                continue
            prose = re.sub(r"\{\{[^}]*\}\}", "", line)
            for m in NUMBER.finditer(prose):
                if not QUOTED.search(prose):
                    bad.append("%s:%d: typed number %s (print it with {{q:...}}, or say whose value it is)"
                               % (path, i, m.group(0)))
    return bad


if __name__ == "__main__":
    sys.exit(text_check.run_files(sys.argv, check, "TEMPLATE"))
