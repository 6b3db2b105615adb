#!/bin/sh
# tests/signal.sh -- SIGINT and SIGTERM during `fricert report` leave no output:
# a long paving (depth 22) is interrupted; the exit status must be 2 and the
# output folder must hold nothing; then SIGTERM while writing.
# Last line "N passed, M failed".
cd "$(dirname "$0")/.." || exit 2
FRICERT=${FRICERT:-bin/fricert}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/long.case" <<'CASE'
[case]
title = a long paving
[parameters]
x = 0 .. 1
y = 0 .. 1
[regions]
inside  = sin(7*x)*cos(5*y) + x^3 < 1/3
outside = sin(7*x)*cos(5*y) + x^3 > 1/3
[plot p]
x = x
y = y
depth = 22
CASE
pass=0; fail=0
for sig in INT TERM; do
    out="$tmp/out-$sig"
    mkdir -p "$out"
    "$FRICERT" report -q -o "$out" "$tmp/long.case" 2>"$tmp/err" &
    pid=$!
    sleep 1
    kill -s "$sig" "$pid"
    wait "$pid"
    rc=$?
    left=$(ls -A "$out" | wc -l)
    if [ "$rc" -eq 2 ] && [ "$left" -eq 0 ] && grep -q "interrupted by signal" "$tmp/err"; then
        echo "ok   SIG$sig: exit 2, nothing left"
        pass=$((pass + 1))
    else
        echo "FAIL SIG$sig: exit $rc, $left entries left in the output folder"
        cat "$tmp/err"
        fail=$((fail + 1))
    fi
done

# SIGTERM while the files are written (a case of 100000 definitions spends
# many seconds in the PDF's tables): it acts at once, whatever loop the
# writers are in (it once took 88 s). We wait until the private folder
# exists, then signal; exit 2 and an empty output folder are required.
awk 'BEGIN { print "[case]\ntitle = many definitions\n[parameters]\nx = 0 .. 1\ny = 0 .. 1\n[define]"
             for (i = 0; i < 100000; i++) printf "d%d = x*y + %d\n", i, i
             print "[regions]\na = x < y\nb = x > y\n[plot p]\nx = x\ny = y\ndepth = 3" }' > "$tmp/many.case"
out="$tmp/out-write"
mkdir -p "$out"
"$FRICERT" report -q -o "$out" "$tmp/many.case" 2>"$tmp/err" &
pid=$!
n=0
while [ $n -lt 600 ] && ! ls -A "$out" | grep -q '^\.many\.tmp\.'; do sleep 0.1; n=$((n + 1)); done
kill -s TERM "$pid"
wait "$pid"
rc=$?
left=$(ls -A "$out" | wc -l)
if [ "$rc" -eq 2 ] && [ "$left" -eq 0 ] && grep -q "interrupted by signal" "$tmp/err"; then
    echo "ok   SIGTERM while writing: exit 2, nothing left"
    pass=$((pass + 1))
else
    echo "FAIL SIGTERM while writing: exit $rc, $left entries left in the output folder"
    cat "$tmp/err"
    fail=$((fail + 1))
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
