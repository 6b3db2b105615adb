#!/bin/sh
# tests/run_all.sh -- `make test`: every cmocka binary given as an argument,
# then tests/bad/run.sh, tests/signal.sh, tests/tile.sh, tests/report_jobs.sh, tests/fs.sh, tests/sound/suite_test.sh
# (the counting of `make valgrind`), tests/check_outputs.sh (poppler,
# qpdf and the JSON schema over every case's output), tests/errata.sh (README's table of printed errors
# against the cases' claims), then `bin/fricert check cases/*.case` (if there are
# cases). Adds up the passes and failures of all of them; the last line is
# "TOTAL passed, FAILED failed"; exit status 1 if anything failed.
cd "$(dirname "$0")/.." || exit 2
FRICERT=${FRICERT:-bin/fricert}
export FRICERT
tmp=$(mktemp) || exit 2
trap 'rm -f "$tmp"' EXIT INT TERM
total=0
failed=0

# Adds "N passed, M failed" from the last such line of $tmp; a run that
# exits non-zero without reporting a failure counts as one failure.
add_summary() {   # label status
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$tmp" | tail -n 1)
    p=0; f=0
    if [ -n "$line" ]; then
        p=${line%% passed*}
        f=${line#*, }; f=${f%% failed}
    fi
    if [ "$2" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "$1: exit status $2 without a reported failure"
        f=1
    fi
    total=$((total + p)); failed=$((failed + f))
}

for t in "$@"; do
    echo "== $t"
    "$t" >"$tmp" 2>&1
    rc=$?
    cat "$tmp"
    p=$(sed -n 's/^\[  PASSED  \] \([0-9][0-9]*\) test(s)\..*/\1/p' "$tmp" | tail -n 1)
    f=$(sed -n 's/^\[  FAILED  \] \([0-9][0-9]*\) test(s).*/\1/p' "$tmp" | tail -n 1)
    p=${p:-0}; f=${f:-0}
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "$t: exit status $rc without a reported failure (crash?)"
        f=1
    fi
    total=$((total + p)); failed=$((failed + f))
done

echo "== tests/bad/run.sh"
sh tests/bad/run.sh >"$tmp" 2>&1
rc=$?
cat "$tmp"
add_summary tests/bad/run.sh "$rc"

echo "== tests/signal.sh"
sh tests/signal.sh >"$tmp" 2>&1
rc=$?
cat "$tmp"
add_summary tests/signal.sh "$rc"

echo "== tests/tile.sh"
sh tests/tile.sh >"$tmp" 2>&1
rc=$?
cat "$tmp"
add_summary tests/tile.sh "$rc"

echo "== tests/report_jobs.sh"
sh tests/report_jobs.sh >"$tmp" 2>&1
rc=$?
cat "$tmp"
add_summary tests/report_jobs.sh "$rc"

echo "== tests/fs.sh"
sh tests/fs.sh >"$tmp" 2>&1
rc=$?
cat "$tmp"
add_summary tests/fs.sh "$rc"

echo "== tests/sound/suite_test.sh"
sh tests/sound/suite_test.sh >"$tmp" 2>&1
rc=$?
cat "$tmp"
add_summary tests/sound/suite_test.sh "$rc"

echo "== tests/check_outputs.sh"
sh tests/check_outputs.sh >"$tmp" 2>&1
rc=$?
cat "$tmp"
add_summary tests/check_outputs.sh "$rc"

echo "== tests/errata.sh"
sh tests/errata.sh >"$tmp" 2>&1
rc=$?
cat "$tmp"
add_summary tests/errata.sh "$rc"

set -- cases/*.case
if [ -e "$1" ]; then
    echo "== $FRICERT check cases/*.case"
    "$FRICERT" check "$@" >"$tmp" 2>&1
    rc=$?
    cat "$tmp"
    add_summary "fricert check" "$rc"
fi

echo "$total passed, $failed failed"
[ "$failed" -eq 0 ]
