#!/usr/bin/env python3
"""tests/lone_rows.py -- does a table leave one row alone at a page break?

Reads the text of a PDF as `pdftotext -layout` writes it (pages separated by
form feeds; a file name, or - for standard input) and prints one line per
table that a page break splits so that a page holds its header with fewer
than two rows:

  - continued: page p starts with a line that is a line of page p-1 and has
    at least two columns (runs of text two or more spaces apart): the header
    a table repeats when it continues (report_doc_table does); the rows under
    it on page p are counted;
  - left behind: the same header's last occurrence on page p-1; the rows
    under it there are counted.

A repeated line with no row under it on either page is no table (the tick
labels of two figures on the same axes) and is passed over.

No header word is assumed.  A row is counted where a line starts at the
header's indentation (within one column); a line that starts further right
continues the row above (a wrapped cell), so a row wrapped over two lines is
still one row.  The rows of a part end at a blank line (unless a row of two
or more columns at the header's indentation follows it at once: pdftotext leaves a
blank line above a row made taller by an accent), at a line shorter
than the header's first column plus one other column (a paragraph after the
table is one wide run of text: at most one column), or at the page's end.
The running footer (the page's last line holding "page N of M") is ignored.

Exit status 0 if no table is split that way, 1 if one is (each printed as
"page N: ..."), 2 on a usage error.  tests/check_outputs.sh runs it on every
report and on the fixtures in tests/fixtures/lone_rows/ (one that must fail,
one that must pass).
"""
import re
import sys
import text_check

COL_GAP = re.compile(r"\S+(?: \S+)*")


def columns(line):
    """Start offsets of the runs of text in LINE that are 2+ spaces apart."""
    return [m.start() for m in COL_GAP.finditer(line)]


def norm(line):
    return " ".join(line.split())


def strip_footer(lines):
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].strip():
            if re.search(r"\bpage \d+ of \d+\s*$", lines[i]):
                return lines[:i]
            return lines
    return lines


def rows_after(lines, h, cols):
    """Rows under the header at LINES[h] whose columns start at COLS."""
    indent = cols[0]
    rows = 0
    rest = lines[h + 1:]
    for k, line in enumerate(rest):
        if not line.strip():
            # a blank line inside a table (pdftotext leaves one above a row
            # made taller by an accent): the rows go on when the next text is
            # a row of two or more columns at the header's indentation
            nxt = rest[k + 1] if k + 1 < len(rest) and rest[k + 1].strip() else None
            if (nxt is not None and abs(len(nxt) - len(nxt.lstrip()) - indent) <= 1
                    and len(columns(nxt)) >= 2 and len(columns(nxt)) <= len(cols)
                    and norm(nxt) != norm(lines[h])):
                continue
            break
        c = columns(line)
        lead = len(line) - len(line.lstrip())
        if abs(lead - indent) <= 1:
            if len(c) < 2 and len(line.strip()) > 0.6 * max(len(lines[h].rstrip()), 1):
                break          # a paragraph running across the columns: the table has ended
            rows += 1
        elif lead > indent + 1:
            continue           # a wrapped cell: the row above goes on
        else:
            break
    return rows


def check(text):
    pages = [strip_footer(p.split("\n")) for p in text.split("\f")]
    found = []
    for p in range(1, len(pages)):
        cur, prev = pages[p], pages[p - 1]
        first = next((i for i, l in enumerate(cur) if l.strip()), None)
        if first is None:
            continue
        head = cur[first]
        cols = columns(head)
        if len(cols) < 2:
            continue
        key = norm(head)
        earlier = [i for i, l in enumerate(prev) if norm(l) == key]
        if not earlier:
            continue
        n = rows_after(cur, first, cols)
        h = earlier[-1]
        m = rows_after(prev, h, columns(prev[h]))
        if n + m == 0:
            continue           # no row on either side: not a table (a figure's tick labels)
        if n < 2:
            found.append("page %d: a table continues with %d row%s under its repeated header '%s'"
                         % (p + 1, n, "" if n == 1 else "s", key))
        if m < 2:
            found.append("page %d: a table breaks after %d row%s under its header '%s'"
                         % (p, m, "" if m == 1 else "s", key))
    return found


if __name__ == "__main__":
    sys.exit(text_check.run_report(sys.argv, check))
