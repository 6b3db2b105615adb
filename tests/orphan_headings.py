#!/usr/bin/env python3
"""tests/orphan_headings.py -- is a heading left alone at the foot of a page?

Reads `pdftotext -layout` of a report.pdf (pages separated by form feeds; a
file name or - for standard input).  The headings are the entries of the
contents on page 1 ("N.M Title ... PAGE", as in tests/contents_pages.py).
A heading is an orphan when, on the page it is drawn on, fewer than two
non-blank lines follow it before the page's footer (the last non-blank line,
"... page N of M").  A heading wrapped onto two lines therefore needs at
least one line of its section under it.  A table's caption ("Table N: ...",
possibly wrapped) is an orphan when no line of two or more columns (a gap
of two spaces or more between words: the table's header or a row) follows
it on its page.  A figure's caption ("Figure N: ...", a paragraph that ends
with a full stop) is split when no line from its first to the page's footer
ends with a full stop.  Prints one line per orphan; exit
status 0 if none, 1 if some, 2 on a usage error or when no contents entry is
found.
"""
import re
import sys
import text_check

from contents_pages import ENTRY


def entries_of(pages):
    out, state = [], 0
    for p, page in enumerate(pages):
        for i, line in enumerate(page.split("\n")):
            words = line.split()
            if words[:1] == ["Contents"] and words[-1:] == ["Page"]:
                state = 1
                continue
            if state != 1:
                continue
            if not words:
                state = 0
                continue
            m = ENTRY.match(line.strip())
            if m:
                out.append((m.group(1), m.group(2), (p, i)))
    return out


def contents(text):
    """(pages, entries, the contents' own line positions) of a report's text, or None without a contents entry."""
    pages = text.split("\f")
    entries = entries_of(pages)
    if not entries:
        return None
    return pages, entries, set(e[2] for e in entries)


def heading_re(num, word):
    """The body line of the heading numbered NUM whose title starts with WORD."""
    return re.compile(r"^\s*" + re.escape(num) + r"\s+" + re.escape(word))


def check(text):
    found = contents(text)
    if found is None:
        return None
    pages, entries, listed = found
    bad = []
    for num, word, _ in entries:
        head = heading_re(num, word)
        for p, page in enumerate(pages):
            lines = page.split("\n")
            body = [i for i, l in enumerate(lines) if l.strip()]
            if not body:
                continue
            footer = body[-1] if re.search(r"page \d+ of \d+\s*$", lines[body[-1]]) else None
            for i in body:
                if (p, i) in listed or not head.match(lines[i]):
                    continue
                after = [j for j in body if j > i and j != footer]
                if len(after) < 2:
                    bad.append("page %d: heading %s %s has %d line(s) under it before the page ends"
                               % (p + 1, num, word, len(after)))
    for p, page in enumerate(pages):
        lines = [l for l in page.split("\n") if l.strip()]
        for i, l in enumerate(lines):
            m = re.match(r"^\s*(Table \d+):", l)
            if not m:
                continue
            if not any(COLUMNS.search(x.strip()) for x in lines[i + 1:]
                       if not re.search(r"page \d+ of \d+\s*$", x)):
                bad.append("page %d: caption of %s has no table under it before the page ends" % (p + 1, m.group(1)))
        for i, l in enumerate(lines):
            m = re.match(r"^\s*(Figure \d+):", l)
            if not m:
                continue
            rest = [x.rstrip() for x in lines[i:] if not re.search(r"page \d+ of \d+\s*$", x)]
            if not any(x.endswith(".") for x in rest):
                bad.append("page %d: caption of %s goes on to the next page" % (p + 1, m.group(1)))
    return bad


COLUMNS = re.compile(r"\S\s{2,}\S")


if __name__ == "__main__":
    sys.exit(text_check.run_report(sys.argv, check))
