#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Each task's routes in the records: counts name the route that counted each task, count --recheck and
# merge --recheck the one that checked it; merge prints and --json gives how many tasks each counted and
# checked; records without routes merge as "unrecorded"; the routes are under the checksum.
# usage: routes_cli.sh path/to/nqueens
set -u
bin=$1
. "$(dirname "$0")/lib.sh"

# field FILE EXPR: the Python expression EXPR of the JSON object r in FILE.
field() { python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"; }
# checked FILE ROUTE: how many tasks of record FILE are checked by ROUTE.
checked() {
    field "$1" "sum(run for c, k, run in r.get('how', []) if k and r['routes'][k - 1] == '$2')"
}

# Two shards of n = 14 (42 tasks): every task named as counted by the fast
# route of this CPU's build, none checked; the record is layout version 5.
"$bin" count 14 --shard 0/2 --out "$dir/a.json" >/dev/null || fail "count 14 --shard 0/2 failed"
"$bin" count 14 --shard 1/2 --out "$dir/b.json" >/dev/null || fail "count 14 --shard 1/2 failed"
[ "$(field "$dir/a.json" 'r["format_version"]')" = 5 ] || fail "a shard with routes is not layout version 5"
route=$(field "$dir/a.json" 'r["routes"][0]')
case $route in fast:plain | fast:popcnt | fast:avx2 | fast:avx512) ;; *) fail "the fast route is named '$route'" ;; esac
[ "$(field "$dir/a.json" 'r["how"]')" = "[[1, 0, 21]]" ] || fail "shard 0/2's routes: $(field "$dir/a.json" 'r["how"]')"
out=$("$bin" merge "$dir/a.json" "$dir/b.json") || fail "merge failed"
[ "$out" = "${out%%;*}; counted by $route (42 tasks); no task checked)" ] || fail "merge printed: $out"

# merge --recheck 3: 6 tasks checked by the check route, printed and in --json.
out=$("$bin" merge "$dir/a.json" "$dir/b.json" --recheck 3 --json) || fail "merge --recheck 3 failed"
python3 - "$out" "$route" <<'PY' || fail "merge --recheck 3 --json gave $out"
import json, sys
j = json.loads(sys.argv[1])
assert j["counted_by"] == {sys.argv[2]: 42}, j
assert j["checked"] == 6 and j["checked_by"] == {"check": 6}, j
PY
out=$("$bin" merge "$dir/a.json" "$dir/b.json" --recheck all) || fail "merge --recheck all failed"
case $out in *"; 42 tasks checked, by check (42 tasks))") ;; *) fail "merge --recheck all printed: $out" ;; esac

# count --recheck 4 on a resumed checkpoint marks the 4 tasks it recounted
# in the file, and merge counts them (as checked by the check route).
"$bin" count 14 --checkpoint "$dir/c.json" >/dev/null || fail "count 14 --checkpoint failed"
[ "$(checked "$dir/c.json" check)" = 0 ] || fail "a count with no recheck marked tasks checked"
"$bin" count 14 --checkpoint "$dir/c.json" --recheck 4 >/dev/null || fail "count --recheck 4 failed"
[ "$(checked "$dir/c.json" check)" = 4 ] || fail "count --recheck 4 marked $(checked "$dir/c.json" check) tasks"
out=$("$bin" merge "$dir/c.json" --json) || fail "merge of the rechecked checkpoint failed"
python3 -c 'import json, sys; j = json.loads(sys.argv[1]); assert j["checked"] == 4 and j["checked_by"] == {"check": 4}, j' \
    "$out" || fail "merge of the rechecked checkpoint gave $out"
# A later recheck adds its tasks to the marks already there (4 to 42).
"$bin" count 14 --checkpoint "$dir/c.json" --recheck all >/dev/null || fail "count --recheck all failed"
[ "$(checked "$dir/c.json" check)" = 42 ] || fail "count --recheck all marked $(checked "$dir/c.json" check) tasks"

# A record from before records named routes (layout version 3, resealed
# without them) is read, merged as "unrecorded", and checked by a recheck.
reseal "$dir/b.json" "$dir/old.json" 'r.pop("routes"); r.pop("how"); r["format_version"] = 3'
out=$("$bin" merge "$dir/a.json" "$dir/old.json" --json) || fail "merge with a record of no routes failed"
python3 - "$out" "$route" <<'PY' || fail "merge with a record of no routes gave $out"
import json, sys
j = json.loads(sys.argv[1])
assert j["counted_by"] == {sys.argv[2]: 21, "unrecorded": 21} and j["checked"] == 0, j
PY
"$bin" count 14 --shard 1/2 --checkpoint "$dir/old.json" --out "$dir/old-out.json" --recheck 2 >/dev/null || fail "recheck of an old record failed"
[ "$(checked "$dir/old.json" check)" = 2 ] || fail "the recheck of an old record marked $(checked "$dir/old.json" check)"
[ "$(field "$dir/old.json" 'sum(run for c, k, run in r["how"] if c == 0)')" = 21 ] ||
    fail "the old record's tasks are no longer 'not known' as counted"

# The routes are under the checksum: a check added by hand is refused,
# the same resealed is read (so reseal hashes them as the program does).
forge='r["routes"].append("check"); r["how"] = [[1, 2, 21]]'
python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); exec(sys.argv[3]); json.dump(r, open(sys.argv[2], "w"), separators=(",", ":"))' \
    "$dir/a.json" "$dir/forged.json" "$forge"
expect_error_with "checksum mismatch" merge "$dir/forged.json" "$dir/b.json"
reseal "$dir/a.json" "$dir/resealed.json" "$forge"
out=$("$bin" merge "$dir/resealed.json" "$dir/b.json") || fail "a resealed record with routes was refused"
case $out in *"21 tasks checked, by check (21 tasks))") ;; *) fail "the resealed record's merge printed: $out" ;; esac
# Damaged routes are refused in one line.
reseal "$dir/a.json" "$dir/bad.json" 'r["how"] = [[1, 0, 20]]'
expect_error_with "does not give the routes of the finished tasks" merge "$dir/bad.json" "$dir/b.json"
reseal "$dir/a.json" "$dir/bad.json" 'r["routes"] = ["Fast AVX"]'
expect_error_with "route 1 has no valid name" merge "$dir/bad.json" "$dir/b.json"

[ "$failures" -eq 0 ] && echo "all routes CLI tests passed"
[ "$failures" -eq 0 ]
