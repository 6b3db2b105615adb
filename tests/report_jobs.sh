#!/bin/sh
# tests/report_jobs.sh -- `fricert report -j N` over several cases runs them
# in up to N child processes; the result must be that of the cases run one
# after another:
#  1. four small shipped cases with -j 1, -j 2 and -j 3 (SOURCE_DATE_EPOCH
#     set): the same exit status, the same stderr, the same summary table but
#     for the seconds column; with -j 2 and -j 3 every output file byte for
#     byte that of the case reported alone with the same -j (report.pdf
#     records the threads per paving, N), and against -j 1 every file but
#     report.pdf byte for byte, report.pdf's text (pdftotext) equal but for
#     the Threads value;
#  2. a case that cannot be read among good ones: -j 1 and -j 2 write
#     nothing, exit 1, with the same messages;
#  3. a case that fails only when computed (overlapping regions, found by
#     the paving) among good ones: -j 1 and -j 2 give the same exit status
#     (1), messages, table and files;
#  4. a case whose process runs out of its memory budget (--memory 16)
#     among good ones, -j 2: exit 2, the budget message and a message naming
#     the case, the good cases written, nothing else left in the folder;
#  5. one child ended by SIGTERM, the other by SIGKILL (not the parent):
#     exit 2, a message naming each case, both FAILED in the table;
#  6. fork failing (an LD_PRELOAD'ed fork that fails, if cc is there and the
#     binary takes a preload, i.e. not a sanitizer build): the
#     cases run in the parent, the output is that of -j 1;
#  7. report --tile I/4 -j 2 and merge -j 2 over two cases against each case
#     tiled alone and reported alone;
#  8. check over several cases (one failing an expectation, one unreadable):
#     the default (one process per core), -j 2 and -j 3 print what -j 1 does;
#  9. a case with a zod_return_map plane (computed when the case is read)
#     among others, -j 2: the parent reads the cases as `check` does (the
#     plane refined only where the case's point lies) and each child reads
#     its case again whole, started slowest first; its cells and
#     results.json are those of the case reported alone with -j 1 (fails
#     when a child runs the parent's check read: the plane is not refined
#     away from the point), and the table is in case order.
# Last line "N passed, M failed"; exit status 1 if M > 0.
cd "$(dirname "$0")/.." || exit 2
script=tests/report_jobs.sh
. tests/script_lib.sh
T="--templates $ROOT/templates"
# the table without its seconds column
table() { awk '{ $3 = ""; print }' "$1"; }
# report.pdf's text with the value after "Threads" replaced
pdftext() { pdftotext "$1" - | awk '/^Threads$/ { p = 1; print; next } p && NF { print "N"; p = 0; next } { print }'; }

C="$ROOT/cases/ch2_initial_motion.case $ROOT/cases/rotating_guide.case $ROOT/cases/ch6_plate_integral.case
   $ROOT/cases/painleve_rod_phase.case"
ids="ch2_initial_motion rotating_guide ch6_plate_integral painleve_rod_phase"

# 1. -j 1, 2, 3 over the same cases
for j in 1 2 3; do
    "$FRICERT" report -j "$j" $T -o "$tmp/j$j" $C >"$tmp/j$j.out" 2>"$tmp/j$j.err"
    echo $? >"$tmp/j$j.rc"
done
for j in 2 3; do   # each case alone (no child processes), same threads per paving
    for c in $C; do "$FRICERT" report -q -j "$j" $T -o "$tmp/alone$j" "$c" || bad "$c alone -j $j exited $?"; done
done
[ "$(cat "$tmp/j1.rc")" = 0 ] && ok || bad "report -j 1 of four cases exited $(cat "$tmp/j1.rc")"
[ "$(wc -l <"$tmp/j1.out")" -eq 5 ] && ok || bad "report -j 1: the table has not 5 lines"
for j in 2 3; do
    [ "$(cat "$tmp/j$j.rc")" = "$(cat "$tmp/j1.rc")" ] && ok ||
        bad "report -j $j exited $(cat "$tmp/j$j.rc"), -j 1 $(cat "$tmp/j1.rc")"
    if [ "$(table "$tmp/j$j.out")" = "$(table "$tmp/j1.out")" ]; then ok
    else bad "report -j $j: the table differs from -j 1's (seconds aside)"; diff "$tmp/j1.out" "$tmp/j$j.out"
    fi
    cmp -s "$tmp/j$j.err" "$tmp/j1.err" && ok || bad "report -j $j: stderr differs from -j 1's"
    if diff -r "$tmp/alone$j" "$tmp/j$j" >/dev/null; then ok
    else bad "report -j $j: the folder differs from the cases reported alone with -j $j"
    fi
    [ -z "$(ls -A "$tmp/j$j" | grep '^\.')" ] && ok || bad "report -j $j left hidden entries"
    for id in $ids; do
        [ -f "$tmp/j1/$id/report.pdf" ] || { bad "-j 1: no $id/report.pdf"; continue; }
        n=0; same=0
        for f in "$tmp/j1/$id"/*; do
            b=$(basename "$f")
            [ "$b" = report.pdf ] && continue
            n=$((n + 1))
            cmp -s "$f" "$tmp/j$j/$id/$b" && same=$((same + 1)) || bad "$id/$b differs between -j 1 and -j $j"
        done
        [ "$n" -ge 1 ] && [ "$same" -eq "$n" ] && ok || bad "$id: $same of $n files the same (-j 1, -j $j)"
        [ "$(ls "$tmp/j$j/$id" | wc -l)" -eq "$((n + 1))" ] && ok || bad "$id: -j $j wrote other files than -j 1"
        if command -v pdftotext >/dev/null; then
            if [ "$(pdftext "$tmp/j$j/$id/report.pdf")" = "$(pdftext "$tmp/j1/$id/report.pdf")" ]; then ok
            else bad "$id/report.pdf: the text differs between -j 1 and -j $j (Threads aside)"
            fi
            th=$(pdftotext "$tmp/j$j/$id/report.pdf" - | awk '/^Threads$/ { p = 1; next } p && NF { print; exit }')
            [ "$th" = "$j" ] && ok || bad "$id/report.pdf: -j $j: Threads is '$th', not $j"
        fi
    done
done

# both NAME CASE: report -j 1 and -j 2 of $1 CASE $2 into $tmp/NAME1 and
# $tmp/NAME2, their stdout, stderr and exit status in $tmp/NAMEj.out/.err/.rc
both() {
    for j in 1 2; do
        "$FRICERT" report -j "$j" $T -o "$tmp/$1$j" "$first" "$2" "$second" >"$tmp/$1$j.out" 2>"$tmp/$1$j.err"
        echo $? >"$tmp/$1$j.rc"
    done
}

# 2. a case that cannot be read among good ones: nothing is written
printf '[case]\ntitle = broken\n[parameters]\nx = 0 ..\n' >"$tmp/broken.case"
set -- $C
first=$1 second=$2
both bad "$tmp/broken.case"
[ "$(cat "$tmp/bad1.rc")" = 1 ] && [ "$(cat "$tmp/bad2.rc")" = 1 ] && ok ||
    bad "a bad case: exit $(cat "$tmp/bad1.rc") (-j 1), $(cat "$tmp/bad2.rc") (-j 2), wanted 1"
[ ! -e "$tmp/bad1" ] && [ ! -e "$tmp/bad2" ] && ok || bad "a bad case: something was written"
grep -q "broken.case:" "$tmp/bad2.err" && cmp -s "$tmp/bad1.err" "$tmp/bad2.err" && cmp -s "$tmp/bad1.out" "$tmp/bad2.out" &&
    ok || bad "a bad case: the messages differ between -j 1 and -j 2 (or name no file)"

# 3. a case that fails when computed (regions overlap) among good ones
cp tests/bad/overlap_whole.case "$tmp/overlap.case"
both ov "$tmp/overlap.case"
[ "$(cat "$tmp/ov1.rc")" = 1 ] && [ "$(cat "$tmp/ov2.rc")" = 1 ] && ok ||
    bad "an overlap: exit $(cat "$tmp/ov1.rc") (-j 1), $(cat "$tmp/ov2.rc") (-j 2), wanted 1"
grep -q "overlap" "$tmp/ov2.err" && cmp -s "$tmp/ov1.err" "$tmp/ov2.err" && ok ||
    bad "an overlap: stderr differs between -j 1 and -j 2"
[ "$(table "$tmp/ov1.out")" = "$(table "$tmp/ov2.out")" ] && grep -q "overlap .*FAILED" "$tmp/ov2.out" && ok ||
    bad "an overlap: the table differs between -j 1 and -j 2"
[ "$(ls -A "$tmp/ov2" | tr '\n' ' ')" = "$(ls -A "$tmp/ov1" | tr '\n' ' ')" ] &&
    [ "$(ls -A "$tmp/ov2" | wc -l)" -eq 2 ] && ok || bad "an overlap: -j 2 left other entries than -j 1"

# 4. out of memory in one child (the others go on)
sed -n '/^cat > "$tmp\/long.case"/,/^CASE$/p' tests/signal.sh | sed '1d;$d' >"$tmp/long.case"
"$FRICERT" report -j 2 --memory 16 $T -o "$tmp/mem" "$1" "$tmp/long.case" "$2" >"$tmp/mem.out" 2>"$tmp/mem.err"
rc=$?
[ "$rc" -eq 2 ] && ok || bad "out of memory in a child: exit $rc, wanted 2"
grep -q "out of memory" "$tmp/mem.err" && grep -q "long.case: internal failure" "$tmp/mem.err" && ok ||
    { bad "out of memory in a child: no message naming the case"; cat "$tmp/mem.err"; }
[ "$(ls -A "$tmp/mem" | tr '\n' ' ')" = "ch2_initial_motion rotating_guide " ] && ok ||
    bad "out of memory in a child: the folder holds $(ls -A "$tmp/mem" | tr '\n' ' ')"
grep -q "^long .*FAILED" "$tmp/mem.out" && ok || bad "out of memory in a child: not FAILED in the table"

# 5. the children signalled: a message naming each case
cp "$tmp/long.case" "$tmp/long2.case"
"$FRICERT" report -j 2 $T -o "$tmp/kill" "$tmp/long.case" "$tmp/long2.case" >"$tmp/kill.out" 2>"$tmp/kill.err" &
pid=$!
n=0
while [ "$(pgrep -P "$pid" | wc -l)" -lt 2 ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
kids=$(pgrep -P "$pid")
[ "$(echo $kids | wc -w)" -eq 2 ] && ok || bad "report -j 2 of two cases: $(echo $kids | wc -w) child processes, wanted 2"
sleep 0.5
set -- $kids   # one child gets SIGTERM, the other SIGKILL
[ $# -eq 2 ] && kill -s TERM "$1" && sleep 0.5 && kill -s KILL "$2"
wait "$pid"
rc=$?
[ "$rc" -eq 2 ] && grep -Eq "/long2?\.case: interrupted by signal 15; no partial output was left" "$tmp/kill.err" &&
    grep -Eq "/long2?\.case: internal failure \(its process was killed by signal 9\)" "$tmp/kill.err" &&
    grep -q "^long .*FAILED" "$tmp/kill.out" && grep -q "^long2 .*FAILED" "$tmp/kill.out" && ok ||
    { bad "children signalled: exit $rc"; cat "$tmp/kill.err"; }
[ -z "$(ls -A "$tmp/kill" 2>/dev/null)" ] && ok || bad "children signalled: entries left in the folder"

# 6. fork fails: every case runs in the parent, in its turn
if command -v cc >/dev/null && printf '#include <errno.h>\n#include <unistd.h>\npid_t fork(void) { errno = EAGAIN; return -1; }\n' >"$tmp/nofork.c" &&
   cc -shared -fPIC -o "$tmp/nofork.so" "$tmp/nofork.c" 2>/dev/null &&
   LD_PRELOAD="$tmp/nofork.so" "$FRICERT" --version >/dev/null 2>&1; then   # not under ASan (its runtime must come first)
    LD_PRELOAD="$tmp/nofork.so" "$FRICERT" report -j 2 $T -o "$tmp/nofork" $C >"$tmp/nofork.out" 2>"$tmp/nofork.err"
    rc=$?
    [ "$rc" -eq 0 ] && [ "$(table "$tmp/nofork.out")" = "$(table "$tmp/j1.out")" ] && ok ||
        bad "fork failing: exit $rc, or the table differs from -j 1's"
    diff -r "$tmp/alone2" "$tmp/nofork" >/dev/null && ok || bad "fork failing: the folder differs from the cases alone"
else
    echo "skip fork failing (no cc, or a binary that cannot be preloaded: a sanitizer build)"
fi
# 7. --tile over several cases with -j 2 (child processes): the tile files
#    are those of each case tiled alone; merge -j 2 of the two cases' tiles
#    (child processes) gives the files of report -j 2 (the cases alone)
set -- "$ROOT/cases/rotating_guide.case" "$ROOT/cases/painleve_rod_phase.case"
for i in 1 2 3 4; do
    "$FRICERT" report -q -j 2 $T --tile "$i/4" -o "$tmp/tiles" "$@" || bad "report -j 2 --tile $i/4 exited $?"
    for c in "$@"; do "$FRICERT" report -q -j 2 $T --tile "$i/4" -o "$tmp/tiles-alone" "$c" || bad "$c --tile $i/4 alone"; done
done
n=0   # a tile file records the paving's seconds (stats line, 9th field): that aside
for f in "$tmp/tiles-alone"/*; do
    [ "$(awk '$1 == "stats" { $9 = "T" } 1' "$f")" = "$(awk '$1 == "stats" { $9 = "T" } 1' "$tmp/tiles/$(basename "$f")")" ] &&
        n=$((n + 1))
done
[ "$(ls "$tmp/tiles" | wc -l)" -eq 8 ] && [ "$n" -eq 8 ] && ok ||
    bad "report -j 2 --tile over two cases: $n of 8 tile files as those of the cases tiled alone (seconds aside)"
"$FRICERT" merge -j 2 $T -o "$tmp/merged" "$tmp/tiles" >"$tmp/merge.out" 2>"$tmp/merge.err"
rc=$?
[ "$rc" -eq 0 ] && [ ! -s "$tmp/merge.err" ] && grep -q "^painleve_rod_phase .*written" "$tmp/merge.out" && ok ||
    bad "merge -j 2 of two cases: exit $rc"
for id in rotating_guide painleve_rod_phase; do
    if diff -r "$tmp/alone2/$id" "$tmp/merged/$id" >/dev/null; then ok
    else bad "merge -j 2: $id differs from report -j 2 of the case alone"
    fi
done
# 8. check over several cases (a good one, one with a failing expectation,
#    one that cannot be read, another good one): the default (one process per
#    online core), -j 2 and -j 3 print exactly what -j 1 prints, on stdout
#    and on stderr, and exit with its status
sed 's/^\(o1_supG *= *\)0\.3142697 /\10.3142 /' "$ROOT/cases/seed002_sup_G.case" >"$tmp/wrong.case"
grep -q "^o1_supG *= *0.3142 " "$tmp/wrong.case" || bad "check: the wrong expectation was not made"
set -- "$ROOT/cases/rotating_guide.case" "$tmp/wrong.case" "$tmp/broken.case" "$ROOT/cases/painleve_rod_phase.case"
"$FRICERT" check -j 1 "$@" >"$tmp/check1.out" 2>"$tmp/check1.err"
rc1=$?
[ "$rc1" -eq 1 ] && grep -q "wrong.case:[0-9]*: expect o1_supG" "$tmp/check1.out" && grep -q "broken.case:" "$tmp/check1.err" &&
    ok || bad "check -j 1: exit $rc1, or the failures not reported"
for j in default 2 3; do
    if [ "$j" = default ]; then "$FRICERT" check "$@" >"$tmp/checkj.out" 2>"$tmp/checkj.err"
    else "$FRICERT" check -j "$j" "$@" >"$tmp/checkj.out" 2>"$tmp/checkj.err"; fi
    rc=$?
    [ "$rc" -eq "$rc1" ] && cmp -s "$tmp/check1.out" "$tmp/checkj.out" && cmp -s "$tmp/check1.err" "$tmp/checkj.err" &&
        ok || bad "check ($j jobs): exit $rc, or its output differs from -j 1"
done

# 9. a plane computed when the case is read: the parent's check read, the child's whole read
cat >"$tmp/zod_small.case" <<'ZOD'
[case]
title     = A small return-map plane
source    = tests/report_jobs.sh
template  = default

[parameters]
h     = 3/20 .. 2/5 : height [L]
rho   = 7/20 .. 7/10 : radius of gyration [L]

[model plane]
type   = zod_return_map
x      = h
y      = rho
h      = h
rho    = rho
l1     = 0.1954
l2     = 0.2204
phi1   = 0.1669
phi2   = -0.1910
alpha  = -0.5449
mu1    = 1.3804
mu2    = 0.0883
tau    = 0
u_lo   = -4
u_hi   = 4
x_lo   = 3/20
x_hi   = 2/5
y_lo   = 7/20
y_hi   = 7/10
grid   = 8
refine = 2
leaves = 64
depth  = 6

[regions]
stable     = plane_stable
unstable   = plane_unstable
no_verdict = plane_undecided

[plot verdicts]
x     = h
y     = rho
depth = 5
regions = stable, unstable, no_verdict

[point corner]
h   = 0.16
rho = 0.36
ZOD
"$FRICERT" report -q -j 1 $T -o "$tmp/zod1" "$tmp/zod_small.case" || bad "the plane case alone exited $?"
"$FRICERT" report -j 2 $T -o "$tmp/zod2" "$ROOT/cases/rotating_guide.case" "$tmp/zod_small.case" \
    "$ROOT/cases/ch6_plate_integral.case" >"$tmp/zod2.out" 2>"$tmp/zod2.err" || bad "report -j 2 with the plane exited $?"
cmp -s "$tmp/zod1/zod_small/verdicts.cells.csv" "$tmp/zod2/zod_small/verdicts.cells.csv" &&
    cmp -s "$tmp/zod1/zod_small/results.json" "$tmp/zod2/zod_small/results.json" &&
    ok || bad "report -j 2: the plane case's cells or results.json differ from the case reported alone"
grep -q unstable "$tmp/zod1/zod_small/verdicts.cells.csv" && ok || bad "the plane proves nothing unstable (no test)"
[ "$(awk 'NR > 1 { print $1 }' "$tmp/zod2.out" | tr '\n' ' ')" = "rotating_guide zod_small ch6_plate_integral " ] &&
    ok || bad "report -j 2: the table is not in case order"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
