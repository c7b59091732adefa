#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# nqueens subtotals: the lines of finished work recounted by a path of their own (tests/support/subtotal_recount.cpp,
# a plain search that shares no code with nqueens) for n = 12 to 16, by default cuts and by cuts whose tasks
# place part of their band; shards joined; sets with a task missing left out; bad input refused in one line.
# usage: subtotals_cli.sh path/to/nqueens path/to/fault-bin/nqueens path/to/subtotal_recount
set -u
bin=$1
faultbin=$2
recount=$3
. "$(dirname "$0")/lib.sh"

total() { case $1 in 12) echo 14200 ;; 13) echo 73712 ;; 14) echo 365596 ;; 15) echo 2279184 ;; 16) echo 14772512 ;; esac; }

# recounted NAME LINES [TOTAL]: every line of LINES recounts to its count (and they add up to TOTAL).
recounted() {
    local name=$1 lines=$2 out
    shift 2
    out=$("$recount" "$@" <"$lines") || fail "$name: $out"
}

# Every n from 12 to 16 by its default cut: the lines recount, add up to the
# total, and the header says so. n = 15 fixes 2 leading columns a task, so
# its tasks come in sets of the same queens: fewer lines than tasks.
for n in 12 13 14 15 16; do
    "$bin" count "$n" --out "$dir/$n.json" >/dev/null || fail "count $n --out failed"
    "$bin" subtotals "$dir/$n.json" >"$dir/$n.lines" || fail "subtotals of n = $n failed"
    recounted "n = $n" "$dir/$n.lines" "$(total "$n")"
    head -n 1 "$dir/$n.lines" | grep -q "^# nqueens subtotals 1: n=$n, [0-9]* sub-problems from \([0-9]*\) of \1 tasks, counts adding up to $(total "$n")\$" ||
        fail "n = $n: header is $(head -n 1 "$dir/$n.lines")"
    grep -v '^#' "$dir/$n.lines" | grep -vq "^n=$n band=[0-9]*-[0-9]* queens=[0-9:,]* count=[0-9]*\$" &&
        fail "n = $n: a line is not in the format: $(grep -v '^#' "$dir/$n.lines" | head -n 2)"
done
lines15=$(grep -vc '^#' "$dir/15.lines")
[ "$lines15" -lt 16 ] || fail "n = 15: $lines15 lines for 16 tasks; tasks of the same queens are not added up"

# A wrong line is caught: the recount can fail.
sed '2s/count=\([0-9]*\)/count=1\1/' "$dir/14.lines" >"$dir/wrong.lines"
"$recount" <"$dir/wrong.lines" >/dev/null && fail "a line with a wrong count recounted as right"

# Cuts whose tasks place the first rows of the band, their parts the
# others (as n = 25 and 27 up do), made by the test build's NQUEENS_TEST_CUT,
# read by the release program by the cut each record names.
for cut in 5,4,4,0,1 3,2,4,0,1 5,3,4,0,0; do
    NQUEENS_TEST_CUT=$cut "$faultbin" count 15 --out "$dir/cut$cut.json" >/dev/null || fail "count 15 by $cut failed"
    "$bin" subtotals "$dir/cut$cut.json" >"$dir/cut$cut.lines" || fail "subtotals of n = 15 by $cut failed"
    recounted "n = 15 by $cut" "$dir/cut$cut.lines" 2279184
done

# Shards: all three give the lines of the single count; one alone gives
# only the sets of queens it holds whole: every one where a task is a set
# (n = 14), none where each set's tasks straddle the shards (n = 15).
for i in 0 1 2; do
    "$bin" count 15 --shard "$i/3" --out "$dir/s$i.json" >/dev/null || fail "count 15 --shard $i/3 failed"
done
"$bin" subtotals "$dir/s2.json" "$dir/s0.json" "$dir/s1.json" | grep -v '^#' >"$dir/shards.lines" ||
    fail "subtotals of three shards failed"
grep -v '^#' "$dir/15.lines" | cmp -s - "$dir/shards.lines" || fail "three shards' lines differ from the single count's"
"$bin" subtotals "$dir/s0.json" >"$dir/s0.lines" || fail "subtotals of one shard failed"
grep -q '^# nqueens subtotals 1: n=15, 0 sub-problems from 6 of 16 tasks, counts adding up to 0$' "$dir/s0.lines" ||
    fail "shard 0/3 of n = 15 gave $(head -c 300 "$dir/s0.lines")"
"$bin" count 14 --shard 1/3 --out "$dir/t1.json" >/dev/null || fail "count 14 --shard 1/3 failed"
"$bin" subtotals "$dir/t1.json" >"$dir/t1.lines" || fail "subtotals of n = 14's shard failed"
[ "$(grep -vc '^#' "$dir/t1.lines")" -eq 14 ] || fail "shard 1/3 of n = 14's 42 tasks gave $(grep -vc '^#' "$dir/t1.lines") lines"
recounted "n = 14, shard 1/3" "$dir/t1.lines"

# Bad input: one line, exit 2.
expect_error_with "needs record files" subtotals
expect_error_with "unknown option for 'subtotals'" subtotals "$dir/12.json" --json
expect_error_with "is in both" subtotals "$dir/s0.json" "$dir/s0.json"
expect_error_with "foreign shard" subtotals "$dir/12.json" "$dir/13.json"
"$bin" count 5 --out "$dir/5.json" >/dev/null || fail "count 5 --out failed"
expect_error_with "subtotals need n >= 6" subtotals "$dir/5.json"
expect_error subtotals "$dir/missing.json"

[ "$failures" -eq 0 ] && echo "all subtotals CLI tests passed"
[ "$failures" -eq 0 ]
