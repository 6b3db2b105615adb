#!/usr/bin/env python3
"""tests/appendix_rows.py -- does the appendix list rows that say nothing?

Reads `pdftotext -layout` of a report.pdf (a file name or - for standard input).  In the appendix
of full-precision enclosures (from its heading "N Appendix: enclosures at full precision" to the
next numbered heading), a row of the case's own point ("case", its ranges left free) whose
enclosure is "not certified defined", "undefined" or "[± r]" (no certified digit) says nothing:
the tables of points leave such rows out, and so must the appendix.  Prints one line per such row;
exit status 0 if none, 1 if some, 2 on a usage error.
"""
import re
import sys
import text_check

HEAD = re.compile(r"^\s*\d+\s+Appendix: enclosures at full precision")
NEXT = re.compile(r"^\s*\d+\s+[A-Z]")
EMPTY = re.compile(r"^\s*case\s+\S.*?\s{2,}(not certified defined|undefined|\[±)")


def check(text):
    bad, inside = [], False
    for i, line in enumerate(text.replace("\f", "\n").split("\n"), 1):
        if HEAD.match(line):
            inside = True
            continue
        if inside and NEXT.match(line) and not line.lstrip().startswith("case"):
            if not re.match(r"^\s*\d+\s+\S+\s+[\[\d−-]", line):   # a heading, not a table row
                inside = False
        if inside and EMPTY.match(line):
            bad.append("line %d: appendix row of the case's point says nothing: %s" % (i, line.strip()[:90]))
    return bad


if __name__ == "__main__":
    sys.exit(text_check.run_report(sys.argv, check))
