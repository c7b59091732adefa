#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# count --shard I/K --out FILE and merge: K shards add up to the single count; missing, duplicate, foreign and damaged shards refused.
# usage: shards_cli.sh path/to/nqueens
set -u
bin=$1
. "$(dirname "$0")/lib.sh"


# shards N K [--unique]: writes $dir/N-K-I.json for I = 0..K-1 ($dir/uN-K-I.json with --unique).
shards() {
    local n=$1 k=$2 i prefix=
    shift 2
    [ $# -gt 0 ] && prefix=u
    for ((i = 0; i < k; i++)); do
        "$bin" count "$n" --shard "$i/$k" --out "$dir/$prefix$n-$k-$i.json" --threads 2 "$@" >/dev/null ||
            fail "count $n --shard $i/$k $* failed"
    done
}

# K shards merged equal the single run, for several n and K.
# With --unique the shards carry distinct counts, and the merge prints them.
for case in "12 1" "12 4" "13 3" "14 2" "14 7" "16 3" "12 3 --unique" "14 2 --unique" "16 3 --unique"; do
    set -- $case
    n=$1 k=$2 unique=${3:-} prefix=
    [ -n "$unique" ] && prefix=u
    shards "$n" "$k" $unique
    single=$("$bin" count "$n" --unique --json) || fail "count $n failed"
    want_total=$(printf '%s' "$single" | grep -o '"total":[0-9]*' | cut -d: -f2)
    want_distinct=$(printf '%s' "$single" | grep -o '"distinct":[0-9]*' | cut -d: -f2)
    merged=$("$bin" merge "$dir/$prefix$n-$k-"*.json --json) || fail "merge of $k shards of n = $n failed"
    if [ -n "$unique" ]; then
        case $merged in *"\"total\":$want_total,\"distinct\":$want_distinct,"*) ;;
            *) fail "n = $n, K = $k, --unique: merged $merged, single run $single" ;; esac
    else
        case $merged in *"\"total\":$want_total,\"nodes\":"*) ;;
            *) fail "n = $n, K = $k: merged $merged, single run $single" ;; esac
    fi
    echo "n = $n, K = $k $unique: $merged"
done
out=$("$bin" merge "$dir/u16-3-0.json" "$dir/u16-3-1.json" "$dir/u16-3-2.json") || fail "merge of n = 16 failed"
case $out in "n = 16: 14772512 solutions, 1846955 distinct"*) ;; *) fail "merge n = 16 --unique printed: $out" ;; esac
out=$("$bin" merge "$dir/16-3-0.json" "$dir/16-3-1.json" "$dir/16-3-2.json") || fail "merge of n = 16 failed"
case $out in "n = 16: 14772512 solutions (3 shards"*) ;; *) fail "merge n = 16 printed: $out" ;; esac

# The summary line of a shard, and its JSON.
out=$("$bin" count 12 --shard 1/4 --out "$dir/x.json") || fail "count 12 --shard 1/4 failed"
case $out in "n = 12, shard 1/4: "*"written to $dir/x.json") ;; *) fail "shard summary: $out" ;; esac
out=$("$bin" count 12 --shard 1/4 --out "$dir/x.json" --json) || fail "count 12 --shard 1/4 --json failed"
case $out in '{"n":12,"shard":"1/4",'*'"total":'*) ;; *) fail "shard JSON: $out" ;; esac

# Missing, duplicate, foreign, unfinished and damaged shards: reported by number, exit 2.
s="$dir/16-3"
expect_error_with "missing shard 1/3" merge "$s-0.json" "$s-2.json"
expect_error_with "missing shards 0/3, 2/3" merge "$s-1.json"
expect_error_with "shard 1/3 given 2 times" merge "$s-0.json" "$s-1.json" "$s-1.json" "$s-2.json"
expect_error_with "foreign shard: $dir/14-7-1.json is for n = 14" merge "$s-0.json" "$dir/14-7-1.json" "$s-2.json"
expect_error_with "different numbers of shards" merge "$dir/14-2-0.json" "$dir/14-7-1.json"
expect_error_with "was made with --unique but $s-0.json without --unique" merge "$s-0.json" "$dir/u16-3-1.json" "$s-2.json"
reseal "$s-1.json" "$dir/cut.json" 'r["plan"]["lead_columns"] = 2'
expect_error_with "foreign shard: $dir/cut.json and $s-0.json use different sub-problem lists (the join (2 band rows, 2 per task; 2 lead columns" \
    merge "$s-0.json" "$dir/cut.json" "$s-2.json"
cp "$s-1.json" "$dir/damaged.json"
sed -i -E 's/"total":([0-9]+)/"total":9\1/' "$dir/damaged.json"
expect_error_with "checksum mismatch" merge "$s-0.json" "$dir/damaged.json" "$s-2.json"
head -c 50 "$s-1.json" >"$dir/cut.json"
expect_error_with "not valid JSON" merge "$s-0.json" "$dir/cut.json" "$s-2.json"
expect_error_with "cannot read" merge "$s-0.json" "$dir/nonexistent.json"
# A shard claiming 4000000000 shards, with a right checksum (record_checksum
# in include/nqueens/runtime/run_record.hpp, recomputed): refused, not allocated for.
reseal "$s-1.json" "$dir/huge.json" 'r["shard"] = {"index": 1, "count": 4000000000}'
expect_error_with "shard 1/4000000000 is cut into more than 1000000 shards" merge "$s-0.json" "$dir/huge.json"
mkdir "$dir/adir"
expect_error_with "'$dir/adir' is a directory, not a checkpoint or shard file" merge "$s-0.json" "$dir/adir"
"$bin" count 12 --checkpoint "$dir/whole.json" >/dev/null || fail "count 12 --checkpoint failed"
out=$("$bin" merge "$dir/whole.json") || fail "merge of one complete whole-plan record failed"
case $out in "n = 12: 14200 solutions"*) ;; *) fail "merge whole: $out" ;; esac

# Option mistakes.
expect_error_with "needs --out" count 12 --shard 1/3
expect_error_with "the I of --shard I/K must be between 0 and 2" count 12 --shard 3/3 --out "$dir/y.json"
expect_error_with "the K of --shard I/K must be between 1" count 12 --shard 0/0 --out "$dir/y.json"
expect_error_with "--shard must be I/K" count 12 --shard 2 --out "$dir/y.json"
expect_error_with "must be a whole number" count 12 --shard a/3 --out "$dir/y.json"
expect_error_with "--out needs a value" count 12 --out
expect_error_with "'merge' needs the shard files" merge
expect_error_with "unknown option for 'merge'" merge --bogus "$s-0.json"
expect_error_with "--out '$dir/no/such/dir/z.json': the directory '$dir/no/such/dir' does not exist" count 12 --shard 0/2 --out "$dir/no/such/dir/z.json"
expect_error_with "--out '$dir/adir' is a directory" count 12 --shard 0/2 --out "$dir/adir"

finish shards_cli
