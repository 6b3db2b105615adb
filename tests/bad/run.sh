#!/bin/sh
# tests/bad/run.sh -- every malformed input must be rejected with exit status 1
# and the exact message of NAME.expected (the first line of stderr):
#   NAME.case  fricert check tests/bad/NAME.case; and fricert report -o TMP
#              on it must leave TMP empty (no partial output);
#   NAME.expr  fricert eval "$(cat NAME.expr)".
# Last line: "N passed, M failed"; exit status 1 if M > 0.
# Run from anywhere; FRICERT overrides the binary (default bin/fricert).
cd "$(dirname "$0")/../.." || exit 2
FRICERT=${FRICERT:-bin/fricert}
[ -x "$FRICERT" ] || { echo "tests/bad/run.sh: $FRICERT not built"; echo "0 passed, 1 failed"; exit 1; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0
fail=0

check() {   # name kind command...
    name=$1; shift
    want=$(head -n 1 "tests/bad/$name.expected")
    "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    got=$(head -n 1 "$tmp/err")
    if [ "$rc" -ne 1 ]; then
        echo "FAIL $name: exit status $rc, wanted 1"
        fail=$((fail + 1))
    elif [ "$got" != "$want" ]; then
        echo "FAIL $name:"
        echo "  got:    $got"
        echo "  wanted: $want"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
}

for f in tests/bad/*.case; do
    [ -e "$f" ] || continue
    name=$(basename "$f" .case)
    if [ ! -f "tests/bad/$name.expected" ]; then
        echo "FAIL $name: no tests/bad/$name.expected"
        fail=$((fail + 1))
        continue
    fi
    check "$name" "$FRICERT" check "$f"
    mkdir "$tmp/report"
    "$FRICERT" report -o "$tmp/report" "$f" >/dev/null 2>&1
    rc=$?
    left=$(find "$tmp/report" -mindepth 1 | head -n 1)
    if [ "$rc" -ne 1 ] || [ -n "$left" ]; then
        echo "FAIL $name: report exit status $rc (wanted 1)${left:+, left $left}"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
    rm -rf "$tmp/report"
done

for f in tests/bad/*.expr; do
    [ -e "$f" ] || continue
    name=$(basename "$f" .expr)
    if [ ! -f "tests/bad/$name.expected" ]; then
        echo "FAIL $name: no tests/bad/$name.expected"
        fail=$((fail + 1))
        continue
    fi
    check "$name" "$FRICERT" eval "$(cat "$f")"
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
