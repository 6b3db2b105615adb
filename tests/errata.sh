#!/bin/sh
# tests/errata.sh -- `make test`: README's table "Printed errors of the sources" against the shipped cases
# (tests/errata.py), and five deliberately broken inputs that tests/errata.py must reject:
#   1. a row names a claim that does not exist;
#   2. a row marked refuted names a claim whose verdict is "consistent";
#   3. the stated count "N of M" does not match the rows;
#   4. a row marked refuted names no case and claim;
#   5. the case's claim no longer refutes (its expect line says refuted, fricert check disagrees).
# Prints one line per check and "N passed, M failed" last; exit 1 on any failure.
cd "$(dirname "$0")/.." || exit 2
FRICERT=${FRICERT:-bin/fricert}
export FRICERT
PY=${PYTHON:-python3}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0
fail=0

ok()  { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }

# the real table: every check of tests/errata.py counts
"$PY" tests/errata.py >"$tmp/out" 2>&1
rc=$?
cat "$tmp/out"
line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$tmp/out" | tail -n 1)
if [ -n "$line" ]; then
    p=${line%% passed*}; f=${line#*, }; f=${f%% failed}
    pass=$((pass + p)); fail=$((fail + f))
    [ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && bad "tests/errata.py: exit $rc without a reported failure"
else
    bad "tests/errata.py: no summary line (exit $rc)"
fi

# a small README holding only the section's sentence and row 41, for the broken variants
{
    echo "# fixture"
    echo
    echo "## Printed errors of the sources"
    echo
    echo "**1 of 1 printed errors are refuted in a shipped report.**"
    echo
    echo "| # | source and place | what is printed | the correction | case / claim | verdict |"
    echo "|---|---|---|---|---|---|"
    echo "| 1 | seed 000 | pushed iff Phi > 0 | sign(cos) Phi > 0 | \`rgims_rod\` / \`paper_pushed_rule\` | refuted |"
    echo
    echo "## Next"
} >"$tmp/good.md"

expect_fail() {   # label readme [errata.py options]
    label=$1; shift
    readme=$1; shift
    if "$PY" tests/errata.py --readme "$readme" "$@" >"$tmp/neg" 2>&1; then
        bad "$label: tests/errata.py passed a broken input"
        cat "$tmp/neg"
    else
        ok "$label: rejected ($(grep '^FAIL' "$tmp/neg" | head -n 1))"
    fi
}

if "$PY" tests/errata.py --readme "$tmp/good.md" >"$tmp/neg" 2>&1; then
    ok "the fixture itself passes"
else
    bad "the fixture itself fails"; cat "$tmp/neg"
fi
sed 's/`paper_pushed_rule`/`paper_pushed_rul`/' "$tmp/good.md" >"$tmp/b1.md"
expect_fail "a wrong claim name" "$tmp/b1.md"
sed 's/`rgims_rod` \/ `paper_pushed_rule`/`ch7_wheel_pair_liftoff` \/ `two_sided`/' "$tmp/good.md" >"$tmp/b2.md"
expect_fail "a claim that is not refuted" "$tmp/b2.md"
sed 's/\*\*1 of 1 printed/**2 of 1 printed/' "$tmp/good.md" >"$tmp/b3.md"
expect_fail "a stated count that does not match" "$tmp/b3.md"
sed 's/`rgims_rod` \/ `paper_pushed_rule`/rgims_rod, paper_pushed_rule/' "$tmp/good.md" >"$tmp/b4.md"
expect_fail "a refuted row without a case and claim" "$tmp/b4.md"
mkdir "$tmp/cases"
sed 's/^claim  = rg_phiB > 0$/claim  = rg_pushed/' cases/rgims_rod.case >"$tmp/cases/rgims_rod.case"
if grep -q '^claim  = rg_pushed$' "$tmp/cases/rgims_rod.case"; then
    expect_fail "a claim that no longer refutes" "$tmp/good.md" --cases "$tmp/cases"
else
    bad "could not build the broken copy of cases/rgims_rod.case"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
