# tests/script_lib.sh -- the set-up shared by the shell tests that run fricert
# (tests/tile.sh, tests/report_jobs.sh). Sourced from the project root after
# script=tests/NAME.sh: sets ROOT, FRICERT (absolute; $FRICERT or bin/fricert,
# which must be built), a temporary folder $tmp removed at exit or on
# SIGINT/SIGTERM, SOURCE_DATE_EPOCH (fixed, exported), the counters pass and
# fail with ok (one more pass) and bad MESSAGE (one more failure, printed).
ROOT=$(pwd)
FRICERT=${FRICERT:-bin/fricert}
case $FRICERT in /*) ;; *) FRICERT=$ROOT/$FRICERT ;; esac
[ -x "$FRICERT" ] || { echo "$script: $FRICERT not built"; echo "0 passed, 1 failed"; exit 1; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
SOURCE_DATE_EPOCH=1700000000
export SOURCE_DATE_EPOCH
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }
