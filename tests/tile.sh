#!/bin/sh
# tests/tile.sh -- `fricert report --tile I/N` + `fricert merge` against the
# whole run: for 1, 4 and 16 tiles, the merged out/<id>/ must have the
# untiled run's cells CSV and results.json byte for byte (SOURCE_DATE_EPOCH
# set, so no timings are recorded), and its report.pdf too. Cases:
# painleve_rod (two plots, claims, points), ch2_one_point_obligatory
# (a tangency point) and seed002_mode_sets at --depth 6 (a multi-label
# plot: labels column, label_sets, areas per combination).
# `check --tile I/N` must pass for every tile. Last,
# `report -j 1`, `-j 2` and `-j 8` must write the same cells CSV and
# results.json (painleve_rod, painleve_paradox_exists, ch2_one_point_obligatory,
# seed002_mode_sets at --depth 6).
# Last line: "N passed, M failed"; exit status 1 if M > 0.
cd "$(dirname "$0")/.." || exit 2
script=tests/tile.sh
. tests/script_lib.sh

for c in "$ROOT/cases/painleve_rod.case" "$ROOT/cases/ch2_one_point_obligatory.case" \
         "$ROOT/cases/seed002_mode_sets.case"; do
    id=$(basename "$c" .case)
    D=
    case $id in seed002_mode_sets) D="--depth 6" ;; esac
    if ! "$FRICERT" report -q --templates "$ROOT/templates" $D -o "$tmp/whole" "$c"; then
        bad "$id: the whole run failed"
        continue
    fi
    for n in 1 4 16; do
        i=1
        while [ "$i" -le "$n" ]; do
            "$FRICERT" report -q --templates "$ROOT/templates" $D --tile "$i/$n" -o "$tmp/tiles$n" "$c" ||
                bad "$id: report --tile $i/$n exited $?"
            i=$((i + 1))
        done
        [ -e "$tmp/tiles$n/$id" ] && bad "$id: report --tile wrote out/<id>/"
        if ! "$FRICERT" merge -q --templates "$ROOT/templates" -o "$tmp/merged$n" "$tmp/tiles$n"; then
            bad "$id: merge of $n tiles exited $?"
            continue
        fi
        for f in "$tmp/whole/$id"/*.cells.csv "$tmp/whole/$id/results.json" "$tmp/whole/$id/report.pdf"; do
            if cmp -s "$f" "$tmp/merged$n/$id/$(basename "$f")"; then ok
            else bad "$id: $(basename "$f") of $n tiles merged differs from the whole run's"
            fi
        done
    done
    # check --tile: every tile passes (tile 1 also checks claims and [expect])
    for i in 1 2 3 4; do
        if "$FRICERT" check --tile "$i/4" "$c" >"$tmp/check.out" 2>&1; then ok
        else bad "$id: check --tile $i/4: $(tail -n 1 "$tmp/check.out")"
        fi
    done
done

# threads: report -j 1, -j 2, -j 8 write the same cells CSV and results.json,
# byte for byte (a case with claims and points, one with exists on the fast path,
# one with a tangency point, and a multi-label plot at depth 6); the pavings
# run on the task scheduler (no level barrier) for every -j
for c in "$ROOT/cases/painleve_rod.case" "$ROOT/cases/painleve_paradox_exists.case" \
         "$ROOT/cases/ch2_one_point_obligatory.case" "$ROOT/cases/seed002_mode_sets.case"; do
    id=$(basename "$c" .case)
    D=
    case $id in seed002_mode_sets) D="--depth 6" ;; esac
    for j in 1 2 8; do
        "$FRICERT" report -q -j "$j" --templates "$ROOT/templates" $D -o "$tmp/j$j" "$c" || bad "$id: report -j $j exited $?"
    done
    for f in "$tmp/j1/$id"/*.cells.csv "$tmp/j1/$id/results.json"; do
        b=$(basename "$f")
        for j in 2 8; do
            if [ -f "$f" ] && cmp -s "$f" "$tmp/j$j/$id/$b"; then ok
            else bad "$id: $b differs between -j 1 and -j $j"
            fi
        done
    done
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
