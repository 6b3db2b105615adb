#!/bin/sh
# tests/fs.sh -- the file-system harness for `fricert report` (issue 11): a
# folder outside -o never loses a file, nothing partial is ever left, and
# stale private folders are cleaned. Cases:
#   link_at_id      out/<id> is a link to a folder elsewhere: the link is
#                   replaced, the folder it pointed to keeps its files
#   planted_links   links at private-folder names of dead processes
#                   (.id.tmp.PID, .id.tmp.PID.X, .id.old.PID): removed (the
#                   links, not their targets) and reported
#   stale_tree      a stale .id.old.PID holding a subfolder: removed
#   live_pid        a private folder of a living process: left alone
#   concurrent      two runs into one folder, same id: both succeed, one
#                   complete out/<id>, nothing else left
#   stdin_hash      `cat x.case | fricert report /dev/stdin`: the SHA-256 in
#                   results.json is that of the bytes piped in
#   include_hash    the included .defs file and the SHA-256 of its bytes in
#                   results.json and in the report's provenance section
#   readonly        -o on a read-only mount: exit 1, nothing written
#   full_disk       -o on a 64 KB tmpfs: exit 2, nothing left there
#   escape_outputs  hostile strings in the path, id, titles, summary: PDFs
#                   pass qpdf --check and hold the right text, CSV reads
#                   with python's csv, SVG parses as XML, JSON exact
#   tex_escape      TeX commands in the case path, TeX specials in the id:
#                   P.tex keeps them in comments, a safe \label; valid JSON
#   parens_200, eval_double_minus: command-line readings of item 12
#   oom             a paving too big for `ulimit -v`: exit 2 (not 134), the
#                   budget's message (the default budget, 3/4 of the limit,
#                   acts before the allocator fails), nothing left
#   memory_shared   check over two cases without --memory (one process per
#                   core): each gets half of the default budget
#   memory_budget   report/check --memory 64 on the same paving: exit 2, the
#                   budget's message, the -o folder keeps only what it held
# The mounts need root and mount(8); without them those cases say "skip".
# Last line "N passed, M failed".
cd "$(dirname "$0")/.." || exit 2
ROOT=$(pwd)
FRICERT=${FRICERT:-bin/fricert}
case $FRICERT in /*) ;; *) FRICERT=$ROOT/$FRICERT ;; esac
tmp=$(mktemp -d) || exit 2
mounts=""
cleanup() {
    for m in $mounts; do umount "$m" 2>/dev/null; done
    rm -rf "$tmp"
}
trap cleanup EXIT INT TERM
pass=0; fail=0
ok()  { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }
skip() { echo "skip $1"; }

cat > "$tmp/base.case" <<'CASE'
[case]
title = a small paving
[parameters]
x = 0 .. 1
y = 0 .. 1
[regions]
below = y < x^2
above = y > x^2
[plot p]
x = x
y = y
depth = 6
CASE
TEMPLATES="--templates $ROOT/templates"

# a PID that belonged to a process that has ended
dead_pid() { sh -c 'echo $$'; }

# link_at_id
mkdir -p "$tmp/v1" "$tmp/o1"
echo keep > "$tmp/v1/precious"
ln -s "$tmp/v1" "$tmp/o1/base"
"$FRICERT" report -q $TEMPLATES -o "$tmp/o1" "$tmp/base.case" 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ] && [ -f "$tmp/v1/precious" ] && [ ! -L "$tmp/o1/base" ] && [ -f "$tmp/o1/base/report.pdf" ] &&
   [ "$(ls -A "$tmp/o1")" = base ] && [ "$(ls -A "$tmp/v1")" = precious ]; then ok link_at_id
else bad "link_at_id: exit $rc; $(ls -A "$tmp/o1" "$tmp/v1" | tr '\n' ' ')"; fi

# planted_links
p1=$(dead_pid); p2=$(dead_pid); p3=$(dead_pid)
mkdir -p "$tmp/v2" "$tmp/o2"
echo keep > "$tmp/v2/precious"
ln -s "$tmp/v2" "$tmp/o2/.base.tmp.$p1"
ln -s "$tmp/v2" "$tmp/o2/.base.tmp.$p2.AbCdEf123456"
ln -s "$tmp/v2" "$tmp/o2/.base.old.$p3"
"$FRICERT" report -q $TEMPLATES -o "$tmp/o2" "$tmp/base.case" 2>"$tmp/err"
rc=$?
n=$(grep -c "^fricert report: removed stale $tmp/o2/.base.\(tmp\|old\)" "$tmp/err")
if [ $rc -eq 0 ] && [ "$(ls -A "$tmp/v2")" = precious ] && [ "$(ls -A "$tmp/o2")" = base ] && [ "$n" -eq 3 ]; then
    ok planted_links
else bad "planted_links: exit $rc, $n reported; left $(ls -A "$tmp/o2" | tr '\n' ' ')"; cat "$tmp/err"; fi

# stale_tree
p1=$(dead_pid)
mkdir -p "$tmp/o3/.base.old.$p1/sub/deeper" "$tmp/o3/.base.tmp.$p1.zzzzzz"
touch "$tmp/o3/.base.old.$p1/sub/deeper/f" "$tmp/o3/.base.tmp.$p1.zzzzzz/results.json"
"$FRICERT" report -q $TEMPLATES -o "$tmp/o3" "$tmp/base.case" 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ] && [ "$(ls -A "$tmp/o3")" = base ]; then ok stale_tree
else bad "stale_tree: exit $rc; left $(ls -A "$tmp/o3" | tr '\n' ' ')"; fi

# live_pid: our own shell is alive
mkdir -p "$tmp/o4/.base.tmp.$$.keepme"
"$FRICERT" report -q $TEMPLATES -o "$tmp/o4" "$tmp/base.case" 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ] && [ -d "$tmp/o4/.base.tmp.$$.keepme" ] && ! grep -q stale "$tmp/err"; then ok live_pid
else bad "live_pid: exit $rc"; fi

# concurrent: 4 runs, 2 at a time, into one folder
mkdir -p "$tmp/o5"
for i in 1 2; do
    "$FRICERT" report -q $TEMPLATES -o "$tmp/o5" "$tmp/base.case" 2>"$tmp/err.a$i" & a=$!
    "$FRICERT" report -q $TEMPLATES -o "$tmp/o5" "$tmp/base.case" 2>"$tmp/err.b$i" & b=$!
    wait $a; ra=$?; wait $b; rb=$?
    [ $ra -eq 0 ] && [ $rb -eq 0 ] || break
done
if [ $ra -eq 0 ] && [ $rb -eq 0 ] && [ "$(ls -A "$tmp/o5")" = base ] && [ -f "$tmp/o5/base/report.pdf" ] &&
   [ -f "$tmp/o5/base/results.json" ]; then ok concurrent
else bad "concurrent: exits $ra $rb; left $(ls -A "$tmp/o5" | tr '\n' ' ')"; cat "$tmp"/err.*; fi

# stdin_hash
want=$(sha256sum < "$tmp/base.case" | cut -d' ' -f1)
cat "$tmp/base.case" | "$FRICERT" report -q $TEMPLATES -o "$tmp/o6" /dev/stdin 2>"$tmp/err"
rc=$?
got=$(sed -n 's/.*"case_sha256": *"\([0-9a-f]*\)".*/\1/p' "$tmp/o6/stdin/results.json" 2>/dev/null)
if [ $rc -eq 0 ] && [ "$got" = "$want" ]; then ok stdin_hash
else bad "stdin_hash: exit $rc, hash '$got', wanted $want"; fi

# include_hash: the included .defs file's path and the SHA-256 of its bytes
# (computed here by sha256sum) are in results.json and in the report's
# provenance section
mkdir -p "$tmp/inc/lib"
printf '; shared\n[define]\nsq = x^2\n' > "$tmp/inc/lib/m.defs"
printf '[case]\ntitle = include provenance\ninclude = lib/m.defs\n[parameters]\nx = 0 .. 1\ny = 0 .. 1\n[regions]\nbelow = y < sq\n[plot p]\nx = x\ny = y\ndepth = 3\n' > "$tmp/inc/i.case"
want=$(sha256sum < "$tmp/inc/lib/m.defs" | cut -d' ' -f1)
"$FRICERT" report -q $TEMPLATES -o "$tmp/o11" "$tmp/inc/i.case" 2>"$tmp/err"
rc=$?
got=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(" ".join(i["path"] + "=" + i["sha256"] for i in d["includes"]))' \
      "$tmp/o11/i/results.json" 2>/dev/null)
pdf=$(pdftotext "$tmp/o11/i/report.pdf" - 2>/dev/null | tr -d '\n')
if [ $rc -eq 0 ] && [ "$got" = "lib/m.defs=$want" ] && echo "$pdf" | grep -q "Included lib/m.defs" &&
   echo "$pdf" | grep -q "$want"; then ok include_hash
else bad "include_hash: exit $rc, got '$got', wanted lib/m.defs=$want"; fi

# readonly and full_disk need a mount
if [ "$(id -u)" -eq 0 ] && mkdir "$tmp/m1" && mount -t tmpfs -o size=64k tmpfs "$tmp/m1" 2>/dev/null; then
    mounts="$tmp/m1 $mounts"
    "$FRICERT" report -q $TEMPLATES -o "$tmp/m1" "$tmp/base.case" 2>"$tmp/err"
    rc=$?
    # what failed and where (it said "canvas error 3")
    if [ $rc -eq 2 ] && [ -z "$(ls -A "$tmp/m1")" ] && grep -q "^fricert report: cannot .* $tmp/m1/.base.tmp.*: No space left on device" "$tmp/err"; then ok full_disk
    else bad "full_disk: exit $rc; left $(ls -A "$tmp/m1" | tr '\n' ' ')"; cat "$tmp/err"; fi
    mkdir "$tmp/m2" && mount -t tmpfs -o size=1m,ro tmpfs "$tmp/m2" && mounts="$tmp/m2 $mounts"
    "$FRICERT" report -q $TEMPLATES -o "$tmp/m2" "$tmp/base.case" 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 1 ] && [ -z "$(ls -A "$tmp/m2")" ] &&
       grep -q "^fricert report: -o $tmp/m2: cannot write there: Read-only file system" "$tmp/err"; then ok readonly
    else bad "readonly: exit $rc: $(head -n 1 "$tmp/err")"; fi
else
    skip "full_disk, readonly: mounting a tmpfs needs root and mount(8)"
fi

# oom: needs a binary that runs under ulimit -v (not ASan's)
cat > "$tmp/oom.case" <<'CASE'
[case]
title = too big for the memory given
[parameters]
x = 0 .. 1
y = -1 .. 1
[regions]
above = sin(1000000*x) > y
below = sin(1000000*x) < y
[plot p]
x = x
y = y
depth = 24
[claim deep]
says = "above the curve lowered by 1/1000000"
kind = implies
claim = sin(1000000*x) > y
model = sin(1000000*x) > y - 1/1000000
depth = 24
CASE
# (check paves plots only to depth 6; the true but undecidable-near-the-curve
# implication makes check itself pave to depth 24)
if (ulimit -v 400000 && "$FRICERT" --version >/dev/null 2>&1); then
    (ulimit -v 400000; exec "$FRICERT" report -q $TEMPLATES -o "$tmp/o7" "$tmp/oom.case") 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 2 ] && grep -q "^fricert: out of memory: the memory budget of [0-9]* MB would be exceeded" "$tmp/err" &&
       [ -z "$(ls -A "$tmp/o7" 2>/dev/null)" ]; then
        ok oom
    else bad "oom: exit $rc: $(head -n 1 "$tmp/err")"; fi
else
    skip "oom: this binary does not run under ulimit -v (a sanitizer build)"
fi

# memory_budget: --memory 64 stops the same paving with exit 2 and the message,
# before any allocator fails; the -o folder keeps what it held, nothing more
mkdir -p "$tmp/o10" && echo keep > "$tmp/o10/keep"
"$FRICERT" report -q --memory 64 $TEMPLATES -o "$tmp/o10" "$tmp/oom.case" 2>"$tmp/err"
rc=$?
want="fricert: out of memory: the memory budget of 64 MB would be exceeded"
if [ $rc -eq 2 ] && grep -q "^$want" "$tmp/err" && [ "$(ls -A "$tmp/o10")" = keep ] &&
   [ "$(cat "$tmp/o10/keep")" = keep ]; then
    ok memory_budget
else bad "memory_budget: exit $rc, left $(ls -A "$tmp/o10" | tr '\n' ' '): $(head -n 1 "$tmp/err")"; fi
"$FRICERT" check --memory 64 "$tmp/oom.case" >/dev/null 2>"$tmp/err"
rc=$?
if [ $rc -eq 2 ] && grep -q "^$want" "$tmp/err"; then ok memory_budget_check
else bad "memory_budget_check: exit $rc: $(head -n 1 "$tmp/err")"; fi

# memory_shared: without --memory, `check` over several cases runs one process
# per core (at most one per case) and they share the default budget: under
# ulimit -v 400000, two cases at once each stop at half the budget that one
# case alone (-j 1) stops at, with the same exit status 2
if [ "$(nproc 2>/dev/null || echo 1)" -ge 2 ] && (ulimit -v 400000 && "$FRICERT" --version >/dev/null 2>&1); then
    cp "$tmp/oom.case" "$tmp/oom2.case"
    (ulimit -v 400000; exec "$FRICERT" check -j 1 "$tmp/oom.case") >/dev/null 2>"$tmp/err"
    rc1=$?
    b1=$(sed -n 's/^fricert: out of memory: the memory budget of \([0-9]*\) MB.*/\1/p' "$tmp/err" | head -n 1)
    (ulimit -v 400000; exec "$FRICERT" check "$tmp/oom.case" "$tmp/oom2.case") >/dev/null 2>"$tmp/err"
    rc2=$?
    b2=$(sed -n 's/^fricert: out of memory: the memory budget of \([0-9]*\) MB.*/\1/p' "$tmp/err" | sort -u)
    if [ $rc1 -eq 2 ] && [ $rc2 -eq 2 ] && [ -n "$b1" ] && [ -n "$b2" ] &&
       [ "$(echo "$b2" | wc -l)" -eq 1 ] && [ $((2 * b2 - b1)) -ge -1 ] && [ $((2 * b2 - b1)) -le 1 ]; then
        ok memory_shared
    else bad "memory_shared: exit $rc1 / $rc2, budgets $b1 MB alone, $(echo $b2) MB each of two"; fi
else
    skip "memory_shared: one core, or this binary does not run under ulimit -v (a sanitizer build)"
fi

# escape_outputs: hostile strings (quotes, backslashes, parentheses, commas,
# <, &, newlines, a letter outside the BMP) in the folder and file name, the
# title, the plot title, a parameter description and a continued summary: the
# PDFs pass qpdf --check silently and carry the right text (document
# information exactly; U+1D538 spelt out there, where the PDF cannot hold it),
# the cells CSV reads with python's csv module into well-formed rows that tile
# the plot box exactly, the SVG parses as XML (python's xml.etree and xmllint)
# and holds none of the hostile text raw (Cairo draws text as glyph outlines),
# results.json holds the id and title exactly
hdir="$tmp/d\"ir$nl(x)\\y<&"
hid='q"uo\te(p)a,b<c&d>e'"'"'𝔸x'
mkdir -p "$hdir" && cat > "$hdir/$hid.case" <<'CASE'
[case]
title = Hostile "title" \ back (paren) <lt> & amp, comma 'single' \( \)
source = src "x" (y) <z> & w \\ v
summary = sum "q" (p) \ <b>&amp;</b>, first line
  continued "line" ) ( , <end>
[parameters]
x = 0 .. 1 : the "x" (par) <a>&b, c [m]
y = 0 .. 1
[regions]
low = y < x
high = y > x
[plot p]
x = x
y = y
depth = 3
title = plot "t" (q) \ <s>&,
CASE
"$FRICERT" report -q $TEMPLATES -o "$tmp/o12" "$hdir/$hid.case" 2>"$tmp/err"
rc=$?
if [ $rc -ne 0 ]; then bad "escape_outputs: exit $rc: $(head -n 1 "$tmp/err")"
else
    why=$(python3 - "$tmp/o12/$hid" "$hid" <<'PY'
import csv, json, subprocess, sys, xml.etree.ElementTree as ET
from fractions import Fraction
d, hid = sys.argv[1], sys.argv[2]
title = 'Hostile "title" \\ back (paren) <lt> & amp, comma \'single\' \\( \\)'
ptitle = 'plot "t" (q) \\ <s>&,'
def fail(m):
    print(m); sys.exit(0)
for f in ("report.pdf", "p.pdf"):
    r = subprocess.run(["qpdf", "--check", d + "/" + f], capture_output=True, text=True)
    if r.returncode != 0 or "WARNING" in r.stdout + r.stderr:
        fail("qpdf --check %s: exit %d %s" % (f, r.returncode, (r.stdout + r.stderr)[-200:]))
info = subprocess.run(["pdfinfo", "-enc", "UTF-8", d + "/report.pdf"], capture_output=True, text=True).stdout
tl = [l[len("Title:"):].strip() for l in info.splitlines() if l.startswith("Title:")]
sl = [l[len("Subject:"):].strip() for l in info.splitlines() if l.startswith("Subject:")]
if tl != [title]: fail("PDF title %r, wanted %r" % (tl, title))
if not sl or hid.replace("\U0001d538", "U+1D538") not in sl[0]: fail("PDF subject %r" % sl)
text = subprocess.run(["pdftotext", "-enc", "UTF-8", d + "/report.pdf", "-"], capture_output=True, text=True).stdout
flat = " ".join(text.split())
for want in (" ".join(title.split()), ptitle, hid, 'the "x" (par) <a>&b, c', 'continued "line" ) ( , <end>'):
    if want not in flat: fail("report.pdf text lacks %r" % want)
rows = list(csv.reader(open(d + "/p.cells.csv", newline="")))
if rows[0] != ["x_lo", "x_hi", "y_lo", "y_hi", "label", "labels"]: fail("CSV header %r" % rows[0])
area = Fraction(0)
for r in rows[1:]:
    if len(r) != 6 or r[4] not in ("low", "high", "none", "undecided"): fail("CSV row %r" % r)
    xl, xh, yl, yh = (Fraction(v) for v in r[:4])
    area += (xh - xl) * (yh - yl)
if area != 1: fail("CSV cells cover %s of the unit box" % area)
root = ET.parse(d + "/p.svg").getroot()
if not root.tag.endswith("svg"): fail("SVG root %r" % root.tag)
raw = open(d + "/p.svg", encoding="utf-8").read()
for bad in ("Hostile", "<s>", "plot \"t\""):
    if bad in raw: fail("SVG holds %r raw" % bad)
if subprocess.run(["xmllint", "--noout", d + "/p.svg"]).returncode != 0: fail("xmllint p.svg")
j = json.load(open(d + "/results.json", encoding="utf-8"))
if j["title"] != title or j["case"] != hid: fail("results.json title/case %r %r" % (j["title"], j["case"]))
print("ok")
PY
)
    if [ "$why" = ok ]; then ok escape_outputs; else bad "escape_outputs: $why"; fi
fi

# tex_escape: a folder name with a newline and TeX commands, a file name with
# TeX specials: P.tex keeps them in comments (no line outside a comment holds
# them), the \label has safe bytes only; results.json stays valid JSON
nl='
'
evil="$tmp/x$nl\\immediate\\write18{touch pwned}%#{}"
mkdir -p "$evil" && cp "$tmp/base.case" "$evil/a{b}%#.case"
"$FRICERT" report -q $TEMPLATES -o "$tmp/o8" "$evil/a{b}%#.case" 2>"$tmp/err"
rc=$?
tex="$tmp/o8/a{b}%#/p.tex"
outside=$(grep -v '^%' "$tex" 2>/dev/null | grep -c 'write18\|pwned\|a{b}')
label=$(grep -c '^  \\label{fig:a-b----p}$' "$tex" 2>/dev/null)
json_ok=1
if command -v python3 >/dev/null; then
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(d["case"] != "a{b}%#")' \
        "$tmp/o8/a{b}%#/results.json" 2>/dev/null || json_ok=0
fi
if [ $rc -eq 0 ] && [ "$outside" -eq 0 ] && [ "$label" -eq 1 ] && [ $json_ok -eq 1 ]; then ok tex_escape
else bad "tex_escape: exit $rc, $outside unescaped lines, label $label, json $json_ok"; fi

# command-line readings the README promises (issue 11, item 12): 200
# parentheses are allowed (the limit once fired at 100); an expression may
# start with '-', also '--'
p200=$(awk 'BEGIN { for (i = 0; i < 200; i++) printf "("; printf "x"; for (i = 0; i < 200; i++) printf ")" }')
got=$("$FRICERT" eval "$p200" x=1 2>&1)
if [ "$got" = 1 ]; then ok parens_200; else bad "parens_200: $got"; fi
got=$("$FRICERT" eval '--x' x=2 2>&1)
if [ "$got" = 2 ]; then ok eval_double_minus; else bad "eval_double_minus: $got"; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
