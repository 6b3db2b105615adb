#!/bin/sh
# tests/signal.sh -- SIGINT and SIGTERM during `fricert report` leave no output:
# a long paving (depth 22) is interrupted; the exit status must be 2 and the
# output folder must hold nothing. Last line "N passed, M failed".
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
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
