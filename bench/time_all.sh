#!/bin/sh
# bench/time_all.sh LABEL TARGET_S CMD... -- runs CMD once and prints its CPU
# time (user + sys of the process and its children), wall time, the target and
# the load average (figures only; never fails on a time).
label=$1; target=$2; shift 2
tf=$(mktemp) || exit 2
load0=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null)
/usr/bin/time -f '%U %S %e' -o "$tf" "$@" >/dev/null 2>&1
rc=$?
load1=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null)
read -r u s e < "$tf"
rm -f "$tf"
awk -v l="$label" -v u="$u" -v s="$s" -v e="$e" -v t="$target" -v a="$load0" -v b="$load1" -v rc="$rc" \
    -v n="$(nproc 2>/dev/null)" 'BEGIN {
    printf "%s: %.1f s CPU (user + sys), %.1f s wall (target < %s s; %s cores, load %s -> %s)%s\n",
           l, u + s, e, t, n, a, b, rc ? sprintf(", exit status %d", rc) : "" }'
