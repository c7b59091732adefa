#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# The contract of `nqueens count`: --threads, --unique, --json, progress on stderr only, errors.
# usage: count_cli.sh path/to/nqueens
set -u
bin=$1
. "$(dirname "$0")/lib.sh"

# has JSON KEY...: every "key":value fragment is in JSON.
has() {
    local json=$1; shift
    for key in "$@"; do
        case $json in *"$key"*) ;; *) fail "lacks $key: $json" ;; esac
    done
}

expect_error count 16 --threads 0
expect_error count 16 --threads -1
expect_error count 16 --threads x
expect_error count 16 --threads
expect_error count 16 --threads=
expect_error count 16 --threads 1.5
expect_error count 16 --unique --bogus

json=$("$bin" count 12 --unique --json) || fail "count 12 --unique --json failed"
has "$json" '"n":12' '"total":14200' '"distinct":1787' '"threads":' '"seconds":' '"nodes":'
[ "$(printf '%s\n' "$json" | wc -l)" -eq 1 ] || fail "count --json is not one line: $json"

json=$("$bin" count 12 --json) || fail "count 12 --json failed"
case $json in *distinct*) fail "distinct without --unique: $json" ;; esac

json=$("$bin" count 13 --threads 3 --json) || fail "count 13 --threads 3 failed"
has "$json" '"total":73712' '"threads":3'
json=$("$bin" count 13 --threads=1 --unique --json) || fail "count 13 --threads=1 failed"
has "$json" '"total":73712' '"distinct":9233' '"threads":1'

# --memory SIZE: the budget the threads are chosen for, and --json says why that many.
for bad in 0 1K 12x 2000T M -5 1.5G 99999999999999999G; do expect_error count 12 --memory "$bad"; done
expect_error_with "--memory takes a size such as 512M" count 12 --memory 12x
json=$("$bin" count 13 --threads 2 --json) || fail "count 13 --threads 2 failed"
has "$json" '"threads":2' '"threads_limited_by":"asked"'
case $json in *memory_budget*) fail "a budget with --threads: $json" ;; esac
json=$("$bin" count 13 --memory 1M --json) || fail "count 13 --memory 1M failed"
has "$json" '"total":73712' '"threads":1' '"memory_budget":1048576'
if [ "$(nproc)" -gt 1 ]; then has "$json" '"threads_limited_by":"memory"'; fi
json=$("$bin" count 13 --memory 64G --json) || fail "count 13 --memory 64G failed"
has "$json" '"total":73712' '"memory_budget":68719476736'
case $json in *'"threads_limited_by":"memory"'*) fail "64G held the threads back: $json" ;; esac

text=$("$bin" count 12 --unique) || fail "count 12 --unique failed"
case $text in *14200*1787*) ;; *) fail "count 12 --unique printed: $text" ;; esac

for n in 1 2 3 4; do
    json=$("$bin" count $n --unique --json) || fail "count $n failed"
    case $n in
    1) has "$json" '"total":1' '"distinct":1' ;;
    2 | 3) has "$json" '"total":0' '"distinct":0' ;;
    4) has "$json" '"total":2' '"distinct":1' ;;
    esac
done

# Progress: forced on, it goes to stderr and ends at 100 %; stdout stays one JSON line.
out=$("$bin" count 14 --threads 2 --json --progress 2>"$dir/progress") || fail "count --progress failed"
[ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || fail "--progress wrote to stdout: $out"
has "$out" '"total":365596'
grep -q '100.0 %' "$dir/progress" || fail "--progress did not reach 100 %: $(cat "$dir/progress")"
grep -q '  2 threads$' "$dir/progress" || fail "--progress does not say its threads: $(cat "$dir/progress")"
"$bin" count 14 --memory 1M --json --progress >/dev/null 2>"$dir/progress" || fail "count 14 --memory 1M failed"
if [ "$(nproc)" -gt 1 ]; then
    grep -q '  1 thread (memory budget)$' "$dir/progress" ||
        fail "--progress does not say the memory budget held the threads back: $(cat "$dir/progress")"
fi
# Not a terminal and not asked for: no progress at all.
"$bin" count 14 --json >/dev/null 2>"$dir/progress" || fail "count 14 failed"
[ ! -s "$dir/progress" ] || fail "progress without a terminal: $(cat "$dir/progress")"
"$bin" count 14 --json --no-progress >/dev/null 2>"$dir/progress" || fail "--no-progress failed"
[ ! -s "$dir/progress" ] || fail "--no-progress printed: $(cat "$dir/progress")"

# n = 24: a task takes minutes, but its parts move the line from the first
# seconds: an ETA while no task has finished yet.
# Stopped by SIGTERM as soon as the ETA shows (a background job ignores
# SIGINT), within 120 s at most: sanitizer builds are slow.
timeout -s TERM 120 "$bin" count 24 --threads 2 --progress >/dev/null 2>"$dir/progress" &
pid=$!
for _ in $(seq 1200); do
    grep -Eq 'ETA [0-9]' "$dir/progress" && break
    sleep 0.1
done
kill -TERM "$pid" 2>/dev/null || true
wait "$pid" || true
grep -q '^  0.0 %  0/302800 tasks' "$dir/progress" || fail "count 24 --progress: $(head -c 300 "$dir/progress")"
grep -Eq '^ *[0-9.]+ %  0/302800 tasks .* ETA [0-9]' "$dir/progress" ||
    fail "count 24 --progress showed no ETA before a task finished: $(tail -c 300 "$dir/progress")"

# --progress and --no-progress together: refused.
expect_error_with "--progress and --no-progress contradict each other" count 10 --progress --no-progress
expect_error_with "--progress and --no-progress contradict each other" count 10 --no-progress --progress
expect_error_with "--threads and --memory both set the threads" count 10 --threads 1 --memory 1G
expect_error_with "--threads and --memory both set the threads" count 10 --memory 1G --threads 2

# The distinct count only when asked, also for n <= 5 (counted there either way).
for args in "5" "5 --checkpoint $dir/c5.json" "4 --shard 0/1 --out $dir/o4.json" "5 --json"; do
    rm -f "$dir/c5.json" "$dir/o4.json"
    out=$("$bin" count $args) || fail "count $args failed"
    case $out in *distinct*) fail "count $args printed a distinct count unasked: $out" ;; esac
done
out=$("$bin" count 5 --unique --checkpoint "$dir/c5u.json") || fail "count 5 --unique --checkpoint failed"
case $out in "n = 5: 10 solutions, 2 distinct "*) ;; *) fail "count 5 --unique --checkpoint printed: $out" ;; esac

# Out of memory: what could not be done and what to try, on one line (exit 1).
if sanitized; then
    echo "count 21 under ulimit -v: skipped (AddressSanitizer)"
else
    (ulimit -v 400000; exec "$bin" count 21 --threads 4) >"$dir/out" 2>"$dir/err"; status=$?
    [ "$status" -eq 1 ] && [ "$(wc -l <"$dir/err")" -eq 1 ] &&
        grep -q "^nqueens: error: out of memory for this count; try fewer threads (--threads T) or a smaller n$" "$dir/err" ||
        fail "count 21 under ulimit -v: exit $status: $(cat "$dir/err")"
fi

finish count_cli
