#!/bin/sh
# tests/fuzz/run.sh -- runs each libFuzzer binary given as an argument for
# FUZZ_SECONDS (default 60) seconds. Seeds: tests/fuzz/seed_expr and the
# [define]/[regions] values of cases/*.case (fuzz_expr); cases/*.case and
# tests/bad/*.case (fuzz_case), and the outputs of tests/bad/*.gen
# (fuzz_report, inputs up to 4 MB). The growing corpus is kept in
# build-fuzz/corpus/NAME; crash, leak and timeout inputs are written to
# build-fuzz/crashes/NAME-*. Last line "N passed, M failed" (a fuzzer that
# found something fails); exit status 1 if M > 0.
# Turn a crash into a regression test: reproduce it with
#   build-fuzz/NAME build-fuzz/crashes/NAME-crash-...
# and add the input to tests/bad/ (with its expected message) or a cmocka test.
cd "$(dirname "$0")/../.." || exit 2
secs=${FUZZ_SECONDS:-60}
pass=0
fail=0
mkdir -p build-fuzz/crashes build-fuzz/seeds
for bin in "$@"; do
    name=$(basename "$bin")
    corpus=build-fuzz/corpus/$name
    seeds=build-fuzz/seeds/$name
    rm -rf "$seeds"
    mkdir -p "$corpus" "$seeds"
    case $name in
    fuzz_expr)
        cp tests/fuzz/seed_expr/* "$seeds/"
        n=0
        for f in tests/bad/*.expr; do [ -e "$f" ] && cp "$f" "$seeds/bad_$(basename "$f")"; done
        # every NAME = VALUE value of the shipped cases, one seed each
        for f in cases/*.case; do
            sed -n 's/^[A-Za-z_][A-Za-z_0-9.@]* *= *\(.*\)$/\1/p' "$f" | while IFS= read -r v; do
                n=$((n + 1))
                printf '%s' "$v" > "$seeds/$(basename "$f" .case)_$n"
            done
        done
        dict=tests/fuzz/expr.dict
        maxlen=4096
        ;;
    fuzz_case)
        for f in cases/*.case tests/bad/*.case; do
            [ -e "$f" ] && cp "$f" "$seeds/$(echo "$f" | tr / _)"
        done
        dict=tests/fuzz/case.dict
        maxlen=65536
        ;;
    fuzz_report)
        # the shipped cases and the bad inputs, and the big generated ones
        for f in cases/*.case tests/bad/*.case; do
            [ -e "$f" ] && cp "$f" "$seeds/$(echo "$f" | tr / _)"
        done
        for f in tests/bad/*.gen; do
            [ -e "$f" ] && sh "$f" > "$seeds/gen_$(basename "$f" .gen)" 2>/dev/null
        done
        dict=tests/fuzz/case.dict
        maxlen=4194304
        ;;
    *)
        dict=
        maxlen=4096
        ;;
    esac
    echo "== $bin: $secs s, seeds $(ls "$seeds" | wc -l)"
    before=$(ls build-fuzz/crashes | grep -c "^$name-")
    "$bin" -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 -max_len="$maxlen" \
        -print_final_stats=1 -artifact_prefix="build-fuzz/crashes/$name-" \
        ${dict:+-dict="$dict"} -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
        "$corpus" "$seeds" >"build-fuzz/$name.log" 2>&1
    rc=$?
    after=$(ls build-fuzz/crashes | grep -c "^$name-")
    grep -aE '^stat::|^#[0-9]+ +DONE|^==[0-9]+==ERROR|^SUMMARY|Test unit written|crash[a-z_]*: |INFO: fuzzed for' "build-fuzz/$name.log" | tail -n 12
    if [ "$rc" -ne 0 ] || [ "$after" -gt "$before" ]; then
        echo "FAIL $name: exit status $rc, new artifacts $((after - before)) (log build-fuzz/$name.log):"
        ls build-fuzz/crashes | grep "^$name-" | sed 's/^/  build-fuzz\/crashes\//'
        fail=$((fail + 1))
    else
        echo "ok $name: corpus $(ls "$corpus" | wc -l) inputs"
        pass=$((pass + 1))
    fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
