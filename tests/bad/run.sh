#!/bin/sh
# tests/bad/run.sh -- every malformed input must be rejected with exit status 1
# and the exact message of NAME.expected (the first line of stderr):
#   NAME.case  fricert check tests/bad/NAME.case; and fricert report -o TMP
#              on it must exit 1 and leave TMP empty (no partial output);
#              if NAME.report exists, its first line is the message report
#              must give (first stderr line). A case may have only .report
#              (an error that only `report` can see, e.g. a missing template).
#   NAME.gen   a shell script that writes the case to stdout (for inputs too
#              big to ship, e.g. a 10 MB line); it is run in a scratch folder
#              as tests/bad/NAME.case and treated like one.
#   NAME.cmd   a shell script run in an empty scratch folder with FRICERT and
#              ROOT (the source tree) set: exit 1, first stderr line
#              NAME.expected, and nothing left in the scratch folder's out/.
#   NAME.expr  fricert eval "$(cat NAME.expr)".
# Last line: "N passed, M failed"; exit status 1 if M > 0.
# Run from anywhere; FRICERT overrides the binary (default bin/fricert).
cd "$(dirname "$0")/../.." || exit 2
ROOT=$(pwd)
FRICERT=${FRICERT:-bin/fricert}
case $FRICERT in /*) ;; *) FRICERT=$ROOT/$FRICERT ;; esac
export FRICERT ROOT
[ -x "$FRICERT" ] || { echo "tests/bad/run.sh: $FRICERT not built"; echo "0 passed, 1 failed"; exit 1; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0
fail=0

# compares exit status $2 and the first line of $tmp/err with $want
verdict() {   # label rc
    label=$1
    rc=$2
    got=$(head -n 1 "$tmp/err")
    if [ "$rc" -ne 1 ]; then
        echo "FAIL $label: exit status $rc, wanted 1${got:+ (stderr: $got)}"
        fail=$((fail + 1))
    elif [ "$got" != "$want" ]; then
        echo "FAIL $label:"
        echo "  got:    $got"
        echo "  wanted: $want"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
}

# one case file: check (if NAME.expected) and report (always); run from $2
check_case() {   # name dir
    name=$1
    dir=$2
    if [ ! -f "tests/bad/$name.expected" ] && [ ! -f "tests/bad/$name.report" ]; then
        echo "FAIL $name: no tests/bad/$name.expected or .report"
        fail=$((fail + 1))
        return
    fi
    if [ -f "tests/bad/$name.expected" ]; then
        want=$(head -n 1 "tests/bad/$name.expected")
        (cd "$dir" && "$FRICERT" check "tests/bad/$name.case") >"$tmp/out" 2>"$tmp/err"
        verdict "$name" $?
    fi
    mkdir "$tmp/report"
    (cd "$dir" && "$FRICERT" report -o "$tmp/report" "tests/bad/$name.case") >"$tmp/out" 2>"$tmp/err"
    rc=$?
    left=$(find "$tmp/report" -mindepth 1 | head -n 1)
    if [ "$rc" -ne 1 ] || [ -n "$left" ]; then
        echo "FAIL $name: report exit status $rc (wanted 1)${left:+, left $left}"
        [ -f "tests/bad/$name.report" ] || echo "  stderr: $(head -n 1 "$tmp/err")"
        fail=$((fail + 1))
    elif [ -f "tests/bad/$name.report" ]; then
        want=$(head -n 1 "tests/bad/$name.report")
        verdict "$name (report)" 1
    else
        pass=$((pass + 1))
    fi
    if [ -f "tests/bad/$name.report" ] && { [ "$rc" -ne 1 ] || [ -n "$left" ]; }; then
        echo "  report stderr: $(head -n 1 "$tmp/err")"
        echo "  report wanted: $(head -n 1 "tests/bad/$name.report")"
    fi
    rm -rf "$tmp/report"
}

for f in tests/bad/*.case; do
    [ -e "$f" ] || continue
    check_case "$(basename "$f" .case)" "$ROOT"
done

for f in tests/bad/*.gen; do
    [ -e "$f" ] || continue
    name=$(basename "$f" .gen)
    rm -rf "$tmp/gen"
    mkdir -p "$tmp/gen/tests/bad"
    ln -s "$ROOT/templates" "$tmp/gen/templates"
    sh "$f" >"$tmp/gen/tests/bad/$name.case"
    check_case "$name" "$tmp/gen"
    rm -rf "$tmp/gen"
done

for f in tests/bad/*.cmd; do
    [ -e "$f" ] || continue
    name=$(basename "$f" .cmd)
    if [ ! -f "tests/bad/$name.expected" ]; then
        echo "FAIL $name: no tests/bad/$name.expected"
        fail=$((fail + 1))
        continue
    fi
    want=$(head -n 1 "tests/bad/$name.expected")
    rm -rf "$tmp/cmd"
    mkdir -p "$tmp/cmd"
    (cd "$tmp/cmd" && sh "$ROOT/$f") >"$tmp/out" 2>"$tmp/err"
    rc=$?
    left=$(find "$tmp/cmd/out" -mindepth 1 ! -name file 2>/dev/null | head -n 1)
    if [ -n "$left" ]; then
        echo "FAIL $name: left $left"
        fail=$((fail + 1))
    else
        verdict "$name" "$rc"
    fi
    rm -rf "$tmp/cmd"
done

for f in tests/bad/*.expr; do
    [ -e "$f" ] || continue
    name=$(basename "$f" .expr)
    if [ ! -f "tests/bad/$name.expected" ]; then
        echo "FAIL $name: no tests/bad/$name.expected"
        fail=$((fail + 1))
        continue
    fi
    want=$(head -n 1 "tests/bad/$name.expected")
    "$FRICERT" eval "$(cat "$f")" >"$tmp/out" 2>"$tmp/err"
    verdict "$name" $?
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
