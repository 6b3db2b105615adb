#!/usr/bin/env python3
"""tests/param_units.py -- is a parameter's unit where the report can read it?

A case's parameter line is `NAME = VALUE or LO .. HI : description [unit]`; the reader
(src/case/case_validate.c) takes the unit only from a bracket that ends the line, so
`h = 0 .. 1 : height of the step [m] (in units of r)` shows "[m] (in units of r)" in the
description and leaves the table's Unit column empty.  Reads case files (the names on the
command line) and prints "FILE:LINE: ..." for every parameter whose description has a bracket
without a comma (an interval such as [0, 4] is no unit) that does not end it; exit status 0 if none, 1 if some, 2 on a usage error.
"""
import re
import sys
import text_check


def check(path):
    bad, sec, key = [], None, None
    with open(path, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            m = re.match(r"^\[(\w+)", line)
            if m:
                sec = m.group(1)
                continue
            if sec != "parameters" or line.lstrip().startswith(";") or ":" not in line:
                continue
            if not re.match(r"^\w+\s*=", line):
                continue              # a continuation line of a long value
            desc = line.split(":", 1)[1].rstrip()
            # a unit has no comma (an interval such as [0, 4] in the text is no unit)
            if re.search(r"\[[^\],]*\]\s*\S", desc) and not re.search(r"\[[^\]]*\]\s*$", desc):
                bad.append("%s:%d: a unit in brackets inside the description, not at its end: %s"
                           % (path, i, desc.strip()[:90]))
    return bad


if __name__ == "__main__":
    sys.exit(text_check.run_files(sys.argv, check, "CASE"))
