#!/usr/bin/env python3
"""tests/contents_pages.py -- do the page numbers of a report's contents hold?

Reads `pdftotext -layout` of a report.pdf (pages separated by form feeds; a
file name or - for standard input).  The contents (the table under the
header "Contents ... Page", which a page break repeats, up to a blank line;
a long title wraps onto a line without a number) list "N.M Title ... PAGE";
each entry's heading, a line starting with its number and the title's first
word, must be on page PAGE.  The report is
laid out again until its marks stop changing (report_pdf.c), and the height
kept free for the provenance comes from the previous layout, so this checks
that the layout settled.  Prints one line per wrong entry; exit status 0 if
none, 1 if some, 2 on a usage error or when no contents entry is found.
"""
import re
import sys
import text_check

ENTRY = re.compile(r"^(\d+(?:\.\d+)*)\s+(\S+).*?\s{2,}(\d+)\s*$")


def check(text):
    pages = text.split("\f")
    entries, state = [], 0          # 0 outside the contents, 1 in them
    for p, page in enumerate(pages):
        for i, line in enumerate(page.split("\n")):
            words = line.split()
            if words[:1] == ["Contents"] and words[-1:] == ["Page"]:
                state = 1            # its header (repeated when the table goes on)
                continue
            if state != 1:
                continue
            if not words:
                state = 0            # a blank line ends it (or its part on this page)
                continue
            m = ENTRY.match(line.strip())
            if m:
                entries.append((m.group(1), m.group(2), int(m.group(3)), p, i))
            # else: a title wrapped onto a second line
    if not entries:
        return None
    bad = []
    listed = set((e[3], e[4]) for e in entries)   # the contents' own lines
    for num, word, page, _, _ in entries:
        head = re.compile(r"^\s*" + re.escape(num) + r"\s+" + re.escape(word))
        found = [p + 1 for p in range(len(pages))
                 if any(head.match(l) and (p, i) not in listed for i, l in enumerate(pages[p].split("\n")))]
        if page not in found:
            bad.append("contents: %s %s on page %d, found on %s" % (num, word, page, found or "no page"))
    return bad


if __name__ == "__main__":
    sys.exit(text_check.run_report(sys.argv, check))
