#!/bin/sh
# bench/time_all.sh LABEL TARGET_S REPS CMD... -- runs CMD REPS times and prints,
# for the run of least wall time, its CPU time (user + sys of the process and
# its children) and wall time, then every run's wall time, the target and the
# load average before and after (figures only; never fails on a time). The
# first run after a build or a quiet spell may pay for reading the binary, the
# libraries and the case files back into memory; the least of 2 leaves that out.
label=$1; target=$2; reps=$3; shift 3
tf=$(mktemp) || exit 2
load0=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null)
best_u=; best_s=; best_e=; walls=; rc=0
i=0
while [ "$i" -lt "$reps" ]; do
    /usr/bin/time -f '%U %S %e' -o "$tf" "$@" >/dev/null 2>&1
    r=$?
    [ "$r" -ne 0 ] && rc=$r
    read -r u s e < "$tf"
    walls="$walls${walls:+, }$e"
    if [ -z "$best_e" ] || awk -v a="$e" -v b="$best_e" 'BEGIN { exit !(a < b) }'; then
        best_u=$u; best_s=$s; best_e=$e
    fi
    i=$((i + 1))
done
rm -f "$tf"
load1=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null)
awk -v l="$label" -v u="$best_u" -v s="$best_s" -v e="$best_e" -v t="$target" -v a="$load0" -v b="$load1" -v rc="$rc" \
    -v n="$(nproc 2>/dev/null)" -v reps="$reps" -v walls="$walls" 'BEGIN {
    printf "%s: %.1f s CPU (user + sys), %.1f s wall%s (target < %s s; %s cores, load %s -> %s)%s\n",
           l, u + s, e, (reps > 1 ? sprintf(", the least of %d runs: %s s", reps, walls) : ""), t, n, a, b,
           rc ? sprintf(", exit status %d", rc) : "" }'
