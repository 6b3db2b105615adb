#!/bin/sh
# tests/sound/suite_test.sh -- checks the counting of tests/sound/suite.sh (what
# `make valgrind` and `make check-sound` report) on stand-in programs whose
# results are known: passes, a reported failure, a crash, the wrapper's error
# status (alone and beside a reported failure), a "N passed, M failed" summary,
# and the per-case `fricert check` runs (a stand-in fricert). The totals must
# be exact and the text the same with 1 and 3 jobs (wall seconds aside).
# Last line "N passed, M failed" (of these checks).
cd "$(dirname "$0")/../.." || exit 2
d=$(mktemp -d) || exit 2
trap 'rm -rf "$d"' EXIT INT TERM
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "suite_test: FAIL: $*"; }

mk() {   # name body
    printf '#!/bin/sh\n%s\n' "$2" >"$d/$1"
    chmod +x "$d/$1"
}
mk pass     'echo "[  PASSED  ] 3 test(s)."; exit 0'
mk fail     'echo "[  PASSED  ] 2 test(s)."; echo "[  FAILED  ] 1 test(s), listed below:"; exit 1'
mk crash    'echo "[  PASSED  ] 1 test(s)."; kill -SEGV $$'
mk memerr   'echo "[  PASSED  ] 2 test(s)."; exit 99'
mk memfail  'echo "[  PASSED  ] 1 test(s)."; echo "[  FAILED  ] 1 test(s), listed below:"; exit 99'
mk summary  'sleep 1; echo "5 passed, 0 failed"; exit 0'
# a stand-in for fricert: `check FILE` passes 1, except on the first case,
# where the wrapper reports an error (exit 99) after 1 pass
first=$(for c in cases/*.case; do echo "$c"; break; done)
mk fricert  "[ \"\$1\" = check ] || exit 3; echo \"1 passed, 0 failed\"; [ \"\$2\" = \"$first\" ] && exit 99; exit 0"
# the wrapper runs its command (as valgrind would)
mk wrap     'exec "$@"'
ncases=$(ls cases/*.case 2>/dev/null | wc -l)

bins="$d/pass $d/fail $d/crash $d/memerr $d/memfail $d/summary"
# expected: passed 3 + 2 + 1 + 2 + 1 + 5 (+ 1 per case); failed 0 + 1 + 1 + 1 + 2 + 0 (+ 1 for the first case)
for j in 1 3; do
    FRICERT=$d/fricert sh tests/sound/suite.sh --wrap "$d/wrap" --wrap-status 99 --jobs $j --check $bins \
        >"$d/out$j" 2>&1
    echo "$?" >"$d/rc$j"
done
for j in 1 3; do
    want="$((14 + ncases)) passed, $([ "$ncases" -gt 0 ] && echo 6 || echo 5) failed"
    last=$(tail -n 1 "$d/out$j")
    if [ "$last" = "$want" ]; then ok; else bad "--jobs $j: last line '$last', want '$want'"; fi
    if [ "$(cat "$d/rc$j")" = 1 ]; then ok; else bad "--jobs $j: exit status $(cat "$d/rc$j"), want 1"; fi
    if grep -q "$d/crash: exit status 139 without a reported failure" "$d/out$j"; then ok
    else bad "--jobs $j: the crash is not named"; fi
    if grep -q "$d/memfail: the wrapper reported an error (exit status 99): one failure more" "$d/out$j"; then ok
    else bad "--jobs $j: the wrapper error beside a failure is not named"; fi
done
sed -E 's/ \([0-9]+ s\)$//; /^wall time /d' "$d/out1" >"$d/n1"
sed -E 's/ \([0-9]+ s\)$//; /^wall time /d' "$d/out3" >"$d/n3"
if cmp -s "$d/n1" "$d/n3"; then ok; else bad "the text differs between 1 and 3 jobs"; diff "$d/n1" "$d/n3" | head; fi
# the runs are printed in the order given, each once
order=$(grep '^== ' "$d/out3" | head -n 6 | sed -E 's/^== [^ ]+ ([^ ]+) .*/\1/' | tr '\n' ' ')
if [ "$order" = "$bins " ]; then ok; else bad "order '$order'"; fi
if [ "$(grep -c '^== ' "$d/out3")" -eq $((6 + ncases)) ]; then ok; else bad "not one header per run"; fi
# a bad --jobs value is refused
if sh tests/sound/suite.sh --jobs 0 "$d/pass" >/dev/null 2>&1; then bad "--jobs 0 accepted"; else ok; fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
