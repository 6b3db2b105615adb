#!/bin/sh
# tests/sound/suite.sh -- runs cmocka binaries (and optionally `fricert check
# cases/*.case`), each under an optional wrapper command, and adds up their
# results; the last line is "N passed, M failed"; exit status 1 if M > 0.
#   sh tests/sound/suite.sh [--wrap 'CMD ARGS'] [--check] BIN...
# A binary that exits non-zero without reporting a failed test (a crash, or
# a wrapper error such as valgrind's --error-exitcode) counts as one failure.
cd "$(dirname "$0")/../.." || exit 2
FRICERT=${FRICERT:-bin/fricert}
wrap=
check=0
while [ $# -gt 0 ]; do
    case $1 in
    --wrap) wrap=$2; shift 2 ;;
    --check) check=1; shift ;;
    *) break ;;
    esac
done
tmp=$(mktemp) || exit 2
trap 'rm -f "$tmp"' EXIT INT TERM
total=0
failed=0

count() {   # label rc: adds the cmocka or "N passed, M failed" counts of $tmp
    p=$(sed -n 's/^\[  PASSED  \] \([0-9][0-9]*\) test(s)\..*/\1/p' "$tmp" | tail -n 1)
    f=$(sed -n 's/^\[  FAILED  \] \([0-9][0-9]*\) test(s).*/\1/p' "$tmp" | tail -n 1)
    if [ -z "$p" ]; then
        line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$tmp" | tail -n 1)
        if [ -n "$line" ]; then
            p=${line%% passed*}
            f=${line#*, }; f=${f%% failed}
        fi
    fi
    p=${p:-0}; f=${f:-0}
    if [ "$2" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "$1: exit status $2 without a reported failure (crash or memory error?)"
        f=1
    fi
    total=$((total + p)); failed=$((failed + f))
}

for t in "$@"; do
    echo "== ${wrap:+$wrap }$t"
    $wrap "$t" >"$tmp" 2>&1
    rc=$?
    cat "$tmp"
    count "$t" "$rc"
done

if [ "$check" -eq 1 ]; then
    set -- cases/*.case
    echo "== ${wrap:+$wrap }$FRICERT check cases/*.case"
    $wrap "$FRICERT" check "$@" >"$tmp" 2>&1
    rc=$?
    cat "$tmp"
    count "fricert check" "$rc"
fi

echo "$total passed, $failed failed"
[ "$failed" -eq 0 ]
