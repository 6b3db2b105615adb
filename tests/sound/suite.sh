#!/bin/sh
# tests/sound/suite.sh -- runs cmocka binaries (and optionally `fricert check`
# on every case of cases/, one process per case), each under an optional
# wrapper command, and adds up their results; the last line is
# "N passed, M failed"; exit status 1 if M > 0.
#   sh tests/sound/suite.sh [--wrap 'CMD ARGS'] [--wrap-status S] [--jobs N] [--check] BIN...
# --jobs N (default $VALGRIND_JOBS, else 1) runs up to N of these processes at
# once; each one's output goes to its own file and is printed whole, in the
# order of the arguments (binaries first, then the cases in name order), so
# the text and the totals do not depend on N.
# Counting: a run adds the tests it reports ("[  PASSED  ] n test(s)" /
# "[  FAILED  ] n test(s)" of cmocka, or a "n passed, m failed" line). A run
# that exits non-zero without reporting a failed test (a crash, a signal)
# counts as one failure; exit status S of --wrap-status (the wrapper's own
# error code, e.g. valgrind's --error-exitcode) counts as one failure more
# than the run reported, so a memcheck error is never hidden behind a test
# failure. Each run's header line gives its wall seconds.
cd "$(dirname "$0")/../.." || exit 2
FRICERT=${FRICERT:-bin/fricert}

# Internal mode, used through xargs: run task number $3 of the list $2/tasks
# into $2/$3.out and write its exit status to $2/$3.rc (last, as the signal
# that the task is finished).
if [ "${1-}" = "--one" ]; then
    dir=$2; i=$3
    line=$(sed -n "${i}p" "$dir/tasks")
    kind=${line%%	*}; arg=${line#*	}
    t0=$(date +%s)
    if [ "$kind" = bin ]; then
        $SUITE_WRAP "$arg" >"$dir/$i.out" 2>&1
    else
        $SUITE_WRAP "$FRICERT" check "$arg" >"$dir/$i.out" 2>&1
    fi
    rc=$?
    echo "$(( $(date +%s) - t0 ))" >"$dir/$i.time"
    echo "$rc" >"$dir/$i.rc.tmp" && mv "$dir/$i.rc.tmp" "$dir/$i.rc"
    exit 0
fi

wrap=
wrapstatus=
check=0
jobs=${VALGRIND_JOBS:-1}
while [ $# -gt 0 ]; do
    case $1 in
    --wrap) wrap=$2; shift 2 ;;
    --wrap-status) wrapstatus=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --check) check=1; shift ;;
    *) break ;;
    esac
done
case $jobs in
''|*[!0-9]*|0) echo "suite.sh: --jobs wants a positive integer, not '$jobs'" >&2; exit 2 ;;
esac
dir=$(mktemp -d) || exit 2
xpid=
trap 'rm -rf "$dir"' EXIT
trap '[ -n "$xpid" ] && kill "$xpid" 2>/dev/null; exit 2' INT TERM

# the task list: one "bin<TAB>path" or "case<TAB>path" a line
: >"$dir/tasks"
for t in "$@"; do
    printf 'bin\t%s\n' "$t" >>"$dir/tasks"
done
if [ "$check" -eq 1 ]; then
    for c in cases/*.case; do
        [ -e "$c" ] && printf 'case\t%s\n' "$c" >>"$dir/tasks"
    done
fi
n=$(wc -l <"$dir/tasks")

total=0
failed=0
count() {   # label rc file: adds the cmocka or "N passed, M failed" counts of file
    p=$(sed -n 's/^\[  PASSED  \] \([0-9][0-9]*\) test(s)\..*/\1/p' "$3" | tail -n 1)
    f=$(sed -n 's/^\[  FAILED  \] \([0-9][0-9]*\) test(s).*/\1/p' "$3" | tail -n 1)
    if [ -z "$p" ]; then
        line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$3" | tail -n 1)
        if [ -n "$line" ]; then
            p=${line%% passed*}
            f=${line#*, }; f=${f%% failed}
        fi
    fi
    p=${p:-0}; f=${f:-0}
    if [ -n "$wrapstatus" ] && [ "$2" -eq "$wrapstatus" ]; then
        echo "$1: the wrapper reported an error (exit status $2): one failure more"
        f=$((f + 1))
    elif [ "$2" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "$1: exit status $2 without a reported failure (crash or memory error?)"
        f=1
    fi
    total=$((total + p)); failed=$((failed + f))
}

start=$(date +%s)
SUITE_WRAP=$wrap FRICERT=$FRICERT
export SUITE_WRAP FRICERT
if [ "$n" -gt 0 ]; then
    seq 1 "$n" | xargs -P "$jobs" -n 1 sh tests/sound/suite.sh --one "$dir" &
    xpid=$!
fi

i=1
while [ "$i" -le "$n" ]; do
    while [ ! -f "$dir/$i.rc" ]; do
        if ! kill -0 "$xpid" 2>/dev/null && [ ! -f "$dir/$i.rc" ]; then
            echo "suite.sh: task $i never finished" >&2
            echo "0" >"$dir/$i.time"; echo 125 >"$dir/$i.rc"; : >>"$dir/$i.out"
            break
        fi
        sleep 0.2
    done
    line=$(sed -n "${i}p" "$dir/tasks")
    kind=${line%%	*}; arg=${line#*	}
    if [ "$kind" = bin ]; then label=$arg; else label="$FRICERT check $arg"; fi
    echo "== ${wrap:+$wrap }$label ($(cat "$dir/$i.time") s)"
    cat "$dir/$i.out"
    count "$label" "$(cat "$dir/$i.rc")" "$dir/$i.out"
    i=$((i + 1))
done
[ -n "$xpid" ] && wait "$xpid"

echo "wall time $(( $(date +%s) - start )) s, $n runs, $jobs at once"
echo "$total passed, $failed failed"
[ "$failed" -eq 0 ]
