#!/bin/sh
# tests/signal.sh -- SIGINT and SIGTERM during `fricert report` leave no output:
# a long paving (depth 22) is interrupted; the exit status must be 2 and the
# output folder must hold nothing; the same with -j 2 over two such cases
# (child processes); then SIGTERM while writing, with -j 1 and -j 2, and while
# the parent writes a case whose process could not be started.
# Last line "N passed, M failed".
cd "$(dirname "$0")/.." || exit 2
FRICERT=${FRICERT:-bin/fricert}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/long.case" <<'CASE'
[case]
title = a long paving
[parameters]
x = 0 .. 1
y = 0 .. 1
[regions]
inside  = sin(7*x)*cos(5*y) + x^3 < 1/3
outside = sin(7*x)*cos(5*y) + x^3 > 1/3
[plot p]
x = x
y = y
depth = 22
CASE
pass=0; fail=0
# result STATUS OK FAIL: one test, passed iff STATUS (the $? of its condition)
# is 0: prints "ok   OK", or "FAIL FAIL" and the run's stderr ($tmp/err)
result() {
    if [ "$1" -eq 0 ]; then
        echo "ok   $2"
        pass=$((pass + 1))
    else
        echo "FAIL $3"
        cat "$tmp/err"
        fail=$((fail + 1))
    fi
}
for sig in INT TERM; do
    out="$tmp/out-$sig"
    mkdir -p "$out"
    "$FRICERT" report -q -o "$out" "$tmp/long.case" 2>"$tmp/err" &
    pid=$!
    sleep 1
    kill -s "$sig" "$pid"
    wait "$pid"
    rc=$?
    left=$(ls -A "$out" | wc -l)
    [ "$rc" -eq 2 ] && [ "$left" -eq 0 ] && grep -q "interrupted by signal" "$tmp/err"
    result $? "SIG$sig: exit 2, nothing left" \
        "SIG$sig: exit $rc, $left entries left in the output folder"
done

# -j 2 over two long cases: each runs in a child process. SIGTERM or SIGINT
# to the parent (only): it forwards SIGTERM to the children, waits for them,
# exits 2; the folder holds nothing and no child is left.
cp "$tmp/long.case" "$tmp/long2.case"
# at most 15 s for the parent $1 to end after the signal (one that waits for
# its children to finish their cases is killed: exit 137)
give_15s() {
    n=0
    while kill -0 "$1" 2>/dev/null && [ "$(ps -o stat= -p "$1" | cut -c1)" != Z ] && [ $n -lt 150 ]; do
        sleep 0.1; n=$((n + 1))
    done
    [ $n -ge 150 ] && { echo "the parent did not end within 15 s of the signal"; kill -s KILL "$1"; }
}
# term_when PATTERN: waits (at most 60 s) until an entry of $out matches PATTERN
# (grep), notes the children of $pid in $kids, sends $pid SIGTERM and waits for
# it (at most 15 s); its exit status in $rc
term_when() {
    n=0
    while [ $n -lt 600 ] && ! ls -A "$out" | grep -q "$1"; do sleep 0.1; n=$((n + 1)); done
    kids=$(pgrep -P "$pid" | tr '\n' ' ')
    kill -s TERM "$pid" 2>/dev/null
    give_15s "$pid"
    wait "$pid"
    rc=$?
}
for sig in INT TERM; do
    out="$tmp/out-j2-$sig"
    mkdir -p "$out"
    # a private folder of a process that is gone: swept once by the parent
    # before the children start (so it is gone even though no case finished)
    sh -c 'exit 0' &
    dead=$!
    wait "$dead"
    mkdir "$out/.long.tmp.$dead.stale1" && : >"$out/.long.tmp.$dead.stale1/report.pdf"
    "$FRICERT" report -q -j 2 -o "$out" "$tmp/long.case" "$tmp/long2.case" 2>"$tmp/err" &
    pid=$!
    sleep 1
    kids=$(pgrep -P "$pid" | tr '\n' ' ')
    kill -s "$sig" "$pid"
    give_15s "$pid"
    wait "$pid"
    rc=$?
    sleep 0.2
    left=$(ls -A "$out" | wc -l)
    alive=0
    for k in $kids; do kill -0 "$k" 2>/dev/null && { alive=$((alive + 1)); kill -s KILL "$k"; }; done
    nk=$(echo $kids | wc -w)
    [ "$rc" -eq 2 ] && [ "$left" -eq 0 ] && [ "$nk" -eq 2 ] && [ "$alive" -eq 0 ] &&
        grep -q "interrupted by signal" "$tmp/err" && [ "$(grep -c "removed stale" "$tmp/err")" -eq 1 ]
    result $? "-j 2, SIG$sig to the parent: exit 2, nothing left, its 2 children gone" \
        "-j 2, SIG$sig to the parent: exit $rc, $left entries left, $nk children, $alive still running"
done

# SIGTERM while the files are written (a case of 100000 definitions spends
# many seconds in the PDF's tables): it acts at once, whatever loop the
# writers are in (it once took 88 s). We wait until the private folder
# exists, then signal; exit 2 and an empty output folder are required.
awk 'BEGIN { print "[case]\ntitle = many definitions\n[parameters]\nx = 0 .. 1\ny = 0 .. 1\n[define]"
             for (i = 0; i < 100000; i++) printf "d%d = x*y + %d\n", i, i
             print "[regions]\na = x < y\nb = x > y\n[plot p]\nx = x\ny = y\ndepth = 3" }' > "$tmp/many.case"
out="$tmp/out-write"
mkdir -p "$out"
"$FRICERT" report -q -o "$out" "$tmp/many.case" 2>"$tmp/err" &
pid=$!
term_when '^\.many\.tmp\.'
left=$(ls -A "$out" | wc -l)
[ "$rc" -eq 2 ] && [ "$left" -eq 0 ] && grep -q "interrupted by signal" "$tmp/err"
result $? "SIGTERM while writing: exit 2, nothing left" \
    "SIGTERM while writing: exit $rc, $left entries left in the output folder"
# the same with -j 2 over two such cases: SIGTERM to the parent while a
# child writes; that child removes its private folder itself
cp "$tmp/many.case" "$tmp/many2.case"
out="$tmp/out-write-j2"
mkdir -p "$out"
"$FRICERT" report -q -j 2 -o "$out" "$tmp/many.case" "$tmp/many2.case" 2>"$tmp/err" &
pid=$!
term_when '^\.many2\?\.tmp\.'
sleep 0.2
left=$(ls -A "$out" | wc -l)
alive=0
for k in $kids; do kill -0 "$k" 2>/dev/null && { alive=$((alive + 1)); kill -s KILL "$k"; }; done
[ "$rc" -eq 2 ] && [ "$left" -eq 0 ] && [ "$alive" -eq 0 ] && grep -q "interrupted by signal" "$tmp/err"
result $? "-j 2, SIGTERM while a child writes: exit 2, nothing left, no child left" \
    "-j 2, SIGTERM while a child writes: exit $rc, $left entries left, $alive children still running"
# -j 2 when one fork fails (an LD_PRELOAD'ed fork failing on its 2nd call, if
# cc is there): a quick case in a child, many.case written by the parent
# itself, the long case in a child. SIGTERM while the parent writes ends it
# at once (exit 2, its private folder removed) and still reaches the child,
# which ends within 10 s; the quick case stays.
if command -v cc >/dev/null &&
   printf '#define _GNU_SOURCE\n#include <dlfcn.h>\n#include <errno.h>\n#include <unistd.h>\nstatic int calls;\npid_t fork(void)\n{\n    pid_t (*real)(void) = (pid_t (*)(void)) dlsym(RTLD_NEXT, "fork");\n    if (++calls == 2) { errno = EAGAIN; return -1; }\n    return real();\n}\n' >"$tmp/fork2.c" &&
   cc -shared -fPIC -o "$tmp/fork2.so" "$tmp/fork2.c" -ldl 2>/dev/null &&
   LD_PRELOAD="$tmp/fork2.so" "$FRICERT" --version >/dev/null 2>&1; then   # not under ASan (its runtime must come first)
    out="$tmp/out-fork2"
    mkdir -p "$out"
    LD_PRELOAD="$tmp/fork2.so" "$FRICERT" report -q -j 2 -o "$out" cases/rotating_guide.case "$tmp/many.case" \
        "$tmp/long.case" 2>"$tmp/err" &
    pid=$!
    term_when "^\.many\.tmp\.$pid\."
    n=0
    alive=1
    while [ $n -lt 100 ] && [ "$alive" -gt 0 ]; do
        alive=0
        for k in $kids; do kill -0 "$k" 2>/dev/null && alive=$((alive + 1)); done
        [ "$alive" -gt 0 ] && sleep 0.1
        n=$((n + 1))
    done
    for k in $kids; do kill -s KILL "$k" 2>/dev/null; done
    nk=$(echo $kids | wc -w)
    [ "$rc" -eq 2 ] && [ "$(ls -A "$out" | tr '\n' ' ')" = "rotating_guide " ] && [ "$nk" -eq 1 ] &&
        [ "$alive" -eq 0 ] && grep -q "interrupted by signal while writing" "$tmp/err"
    result $? "-j 2, a case written by the parent (fork failed): SIGTERM ends it and its child, nothing partial left" \
        "-j 2, fork failed, SIGTERM while the parent writes: exit $rc, $nk children ($alive still running), folder: $(ls -A "$out" | tr '\n' ' ')"
else
    echo "skip -j 2 with a failing fork (no cc, or a binary that cannot be preloaded: a sanitizer build)"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
