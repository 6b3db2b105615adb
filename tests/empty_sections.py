#!/usr/bin/env python3
"""tests/empty_sections.py -- is a section of a report empty?

Reads `pdftotext -layout` of a report.pdf (pages separated by form feeds; a
file name or - for standard input).  The headings are the entries of the
contents on page 1 ("N.M Title ... PAGE", as in tests/contents_pages.py).
A section is empty when the first non-blank line after its heading (page
footers "... page N of M" and page breaks skipped) is the heading of the
next entry of the contents whose number is not a parent of it, i.e. the
heading has no line of its own under it: "1.3 The claims checked" followed
at once by "1.4 Claim a: proved".  A heading wrapped onto two lines gives
its second line as content, so this never flags a wrapped heading (it may
miss one).  Prints one line per empty section; exit status 0 if none, 1 if
some, 2 on a usage error or when no contents entry is found.
"""
import re
import sys
import text_check

from orphan_headings import contents, heading_re

FOOTER = re.compile(r"page \d+ of \d+\s*$")


def body_lines(pages, listed):
    """(page, line index, text) of every non-blank body line, footers and the contents' entries left out."""
    out = []
    for p, page in enumerate(pages):
        for i, line in enumerate(page.split("\n")):
            if not line.strip() or FOOTER.search(line) or (p, i) in listed:
                continue
            out.append((p, i, line))
    return out


def check(text):
    found = contents(text)
    if found is None:
        return None
    pages, entries, listed = found
    lines = body_lines(pages, listed)
    heads = [heading_re(num, word) for num, word, _ in entries]
    where = []                          # the body line of each entry's heading, in order
    start = 0
    for k, h in enumerate(heads):
        pos = next((j for j in range(start, len(lines)) if h.match(lines[j][2])), None)
        where.append(pos)
        if pos is not None:
            start = pos + 1
    bad = []
    for k in range(len(entries) - 1):
        a, b = where[k], where[k + 1]
        if a is None or b is None or b != a + 1:
            continue
        num, nxt = entries[k][0], entries[k + 1][0]
        if nxt.startswith(num + "."):   # a chapter heading followed by its first section is fine
            continue
        bad.append("page %d: section \"%s\" is empty: the next line is the heading \"%s\""
                   % (lines[a][0] + 1, lines[a][2].strip(), lines[b][2].strip()))
    return bad


if __name__ == "__main__":
    sys.exit(text_check.run_report(sys.argv, check))
