#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Record files that cannot be turned against their owner: planted symbolic links, leftover temporary files, two runs on one checkpoint, SIGKILL at random moments.
# usage: records_cli.sh path/to/nqueens
set -u
bin=$1
. "$(dirname "$0")/lib.sh"

# temps FILE: how many temporary files of FILE lie beside it.
temps() { find "$(dirname "$1")" -maxdepth 1 -name "$(basename "$1").tmp.*" | wc -l; }
# valid_json FILE: FILE is one whole JSON object.
valid_json() { python3 -c 'import json, sys; assert isinstance(json.load(open(sys.argv[1])), dict)' "$1" 2>/dev/null; }
# wait_for FILE PID: until FILE exists (at most 60 s, or until PID ends).
wait_for() {
    local _
    for _ in $(seq 600); do
        [ -e "$1" ] && return 0
        kill -0 "$2" 2>/dev/null || return 1
        sleep 0.1
    done
    return 1
}

# A symbolic link planted where the old program put its temporary file
# (FILE.tmp.<pid>; exec keeps the pid) neither blocks the run nor redirects
# its write: at the start, for --out and --checkpoint alike.
echo precious >"$dir/victim.txt"
bash -c 'ln -s "$1/victim.txt" "$1/o.json.tmp.$$"; exec "$2" count 12 --shard 0/2 --out "$1/o.json"' \
    _ "$dir" "$bin" >"$dir/out" 2>"$dir/err" || fail "planted link beside --out: exit $?: $(cat "$dir/err")"
[ "$(cat "$dir/victim.txt")" = precious ] || fail "planted link beside --out: the victim was overwritten"
valid_json "$dir/o.json" && [ ! -L "$dir/o.json" ] || fail "planted link beside --out: o.json is not the shard"
bash -c 'ln -s "$1/victim.txt" "$1/c.json.tmp.$$"; exec "$2" count 12 --checkpoint "$1/c.json"' \
    _ "$dir" "$bin" >"$dir/out" 2>"$dir/err" || fail "planted link beside --checkpoint: exit $?: $(cat "$dir/err")"
grep -q ' 14200 solutions' "$dir/out" || fail "planted link beside --checkpoint printed: $(cat "$dir/out")"
[ "$(cat "$dir/victim.txt")" = precious ] || fail "planted link beside --checkpoint: the victim was overwritten"
# ... and during a run that writes its checkpoint after every task.
cp="$dir/during.json"
bash -c 'exec "$1" count 18 --threads 2 --checkpoint "$2" --checkpoint-interval 0' _ "$bin" "$cp" \
    >/dev/null 2>&1 &
pid=$!
wait_for "$cp" "$pid" || fail "no checkpoint from the run to plant a link beside"
ln -s "$dir/victim.txt" "$cp.tmp.$pid"
sleep 0.5
kill -TERM "$pid" 2>/dev/null
wait "$pid"
[ "$(cat "$dir/victim.txt")" = precious ] || fail "a link planted during the run redirected a checkpoint write"
[ ! -L "$cp" ] && valid_json "$cp" || fail "a link planted during the run replaced the checkpoint"

# A leftover temporary file never blocks a run, whatever its name; the ones
# this program names (FILE.tmp. and 12 letters or digits) are removed.
bash -c 'touch "$1.tmp.$$"; exec "$2" count 12 --checkpoint "$1"' _ "$dir/st.json" "$bin" >"$dir/out" 2>"$dir/err" ||
    fail "a leftover FILE.tmp.<pid> blocked the run: $(cat "$dir/err")"
grep -q ' 14200 solutions' "$dir/out" || fail "run beside a leftover temporary file printed: $(cat "$dir/out")"
touch "$dir/st2.json.tmp.0123456789ab" "$dir/st2.json.tmp.zyxwvutsrqpo"
"$bin" count 12 --checkpoint "$dir/st2.json" >/dev/null 2>"$dir/err" || fail "count beside two leftovers: $(cat "$dir/err")"
[ "$(temps "$dir/st2.json")" -eq 0 ] || fail "leftover temporary files were not removed: $(ls "$dir")"
# Earlier builds named them FILE.tmp.<pid>: removed too, a planted link as a
# link (its target untouched); a name this program never makes stays.
touch "$dir/st3.json.tmp.4242" "$dir/st3.json.tmp.12ab"
ln -s "$dir/victim.txt" "$dir/st3.json.tmp.77"
"$bin" count 12 --shard 1/2 --out "$dir/st3.json" >/dev/null 2>"$dir/err" || fail "shard beside old leftovers: $(cat "$dir/err")"
[ ! -e "$dir/st3.json.tmp.4242" ] && [ ! -L "$dir/st3.json.tmp.77" ] ||
    fail "old-style FILE.tmp.<pid> leftovers were not removed: $(ls "$dir")"
[ -e "$dir/st3.json.tmp.12ab" ] || fail "a file not named like a temporary file was removed"
[ "$(cat "$dir/victim.txt")" = precious ] || fail "removing an old-style leftover link touched its target"

# --checkpoint or --out that is itself a symbolic link: refused, the target untouched.
ln -s "$dir/victim.txt" "$dir/link.json"
expect_error_with "--checkpoint '$dir/link.json' is a symbolic link" count 12 --checkpoint "$dir/link.json"
expect_error_with "--out '$dir/link.json' is a symbolic link" count 12 --shard 0/2 --out "$dir/link.json"
[ "$(cat "$dir/victim.txt")" = precious ] || fail "--checkpoint/--out through a symbolic link wrote the target"

# Two runs on one checkpoint: the second refuses with one line while the first holds it.
cp="$dir/two.json"
"$bin" count 18 --threads 2 --checkpoint "$cp" --checkpoint-interval 0 >/dev/null 2>&1 &
pid=$!
if wait_for "$cp" "$pid" && kill -STOP "$pid"; then
    expect_error_with "--checkpoint '$cp' is in use by another run" count 18 --checkpoint "$cp"
    kill -CONT "$pid"
else
    fail "the first run on one checkpoint ended before a second could start"
fi
kill -TERM "$pid" 2>/dev/null
wait "$pid"; status=$?
[ "$status" -eq 143 ] || fail "the first of two runs on one checkpoint exited $status on SIGTERM, want 143"
[ ! -e "$cp.lock" ] || fail "an interrupted run left its lock file $cp.lock"

# SIGKILL at random moments of a run that writes after every task: the
# checkpoint is always whole JSON, at most one temporary file is left (by
# the last kill), and the run that finishes removes it and counts exactly.
cp="$dir/kill.json"
for round in 1 2 3 4 5; do
    "$bin" count 15 --unique --threads 2 --checkpoint "$cp" --checkpoint-interval 0 >/dev/null 2>&1 &
    pid=$!
    sleep "0.$((RANDOM % 4))$((RANDOM % 10))"
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    if [ -e "$cp" ]; then valid_json "$cp" || fail "SIGKILL round $round: the checkpoint is not whole JSON"; fi
    [ "$(temps "$cp")" -le 1 ] || fail "SIGKILL round $round: $(temps "$cp") temporary files pile up"
done
out=$("$bin" count 15 --unique --checkpoint "$cp" 2>&1) || fail "resume after SIGKILLs: $out"
case $out in *" 2279184 solutions, 285053 distinct"*) ;; *) fail "resume after SIGKILLs printed: $out" ;; esac
[ "$(temps "$cp")" -eq 0 ] || fail "temporary files left after SIGKILLs and a finished run: $(ls "$dir")"
[ ! -e "$cp.lock" ] || fail "a finished run left its lock file $cp.lock"

# SIGHUP (a closed terminal, a lost SSH session) saves and exits like SIGTERM, with status 129.
cp="$dir/hup.json"
"$bin" count 18 --threads 2 --checkpoint "$cp" --checkpoint-interval 0 >"$dir/out" 2>"$dir/err" &
pid=$!
wait_for "$cp" "$pid" || fail "no checkpoint from the run to send SIGHUP to"
sleep 0.2
kill -HUP "$pid"
wait "$pid"; status=$?
[ "$status" -eq 129 ] || fail "SIGHUP: exit $status, want 129"
[ ! -s "$dir/out" ] || fail "SIGHUP: printed on stdout: $(cat "$dir/out")"
[ "$(wc -l <"$dir/err")" -eq 1 ] && grep -q "^nqueens: interrupted by SIGHUP; checkpoint '$cp' holds .* to resume$" "$dir/err" ||
    fail "SIGHUP: stderr: $(cat "$dir/err")"
valid_json "$cp" && grep -q '"complete":false' "$cp" || fail "SIGHUP: the checkpoint is not a whole unfinished record"

# Files larger than any record are refused before they are read; deep nesting is refused, not a crash.
truncate -s 65M "$dir/big.json"
expect_error_with "'$dir/big.json' is larger than 64 MiB" merge "$dir/big.json"
expect_error_with "'$dir/big.json' is larger than 64 MiB" count 12 --checkpoint "$dir/big.json"
rm -f "$dir/big.json"
python3 -c 'import sys; open(sys.argv[1], "w").write("[" * 100000 + "]" * 100000)' "$dir/deep.json"
expect_error_with "$dir/deep.json is damaged: not a JSON object" merge "$dir/deep.json"
python3 -c 'import sys; open(sys.argv[1], "w").write("{\"format\":" + "[" * 100000 + "]" * 100000 + "}")' "$dir/deep.json"
expect_error_with "$dir/deep.json is damaged: nested deeper than any record" merge "$dir/deep.json"
# Nearly 64 MiB of nesting, or of task ids: refused within 200 MB of memory
# and a few seconds (it cost 2.5 GB and 15 s when the whole text was parsed first).
python3 -c 'import sys; open(sys.argv[1], "w").write("{\"format\":" + "[" * (64 * 2**20 - 20))' "$dir/deep.json"
python3 -c 'import sys; open(sys.argv[1], "w").write("{\"done\":[" + "0," * (32 * 2**20 - 20) + "0]}")' "$dir/ids.json"
# One string or one number of nearly 64 MiB (the parser builds a token whole:
# it cost 519 MB and 7.6 s before tokens were bounded first).
python3 -c 'import sys; open(sys.argv[1], "w").write("{\"program\":\"" + "a" * (64 * 2**20 - 20) + "\"}")' "$dir/string.json"
python3 -c 'import sys; open(sys.argv[1], "w").write("{\"n\":" + "1" * (64 * 2**20 - 20) + "}")' "$dir/number.json"
for file in deep ids string number; do
    sanitized && { echo "64 MiB of $file under ulimit -v: skipped (AddressSanitizer)"; continue; }
    start=$(date +%s)
    (ulimit -v 200000; exec "$bin" merge "$dir/$file.json") >"$dir/out" 2>"$dir/err"; status=$?
    [ "$status" -eq 2 ] && [ "$(wc -l <"$dir/err")" -eq 1 ] && grep -q "^nqueens: error: .*$dir/$file.json is damaged: " "$dir/err" ||
        fail "64 MiB of $file under ulimit -v 200000: exit $status, $(head -c 300 "$dir/err")"
    [ $(($(date +%s) - start)) -le 10 ] || fail "64 MiB of $file took more than 10 s to refuse"
done
rm -f "$dir/deep.json" "$dir/ids.json" "$dir/string.json" "$dir/number.json"
# A NUL byte, even after the record's last brace: refused, not the bytes
# after it taken for nothing.
"$bin" count 10 --shard 0/2 --out "$dir/n0.json" >/dev/null || fail "count 10 --shard 0/2 failed"
"$bin" count 10 --shard 1/2 --out "$dir/n1.json" >/dev/null || fail "count 10 --shard 1/2 failed"
printf '\0junk' >>"$dir/n1.json"
expect_error_with "$dir/n1.json is damaged: it holds a NUL byte" merge "$dir/n0.json" "$dir/n1.json"

# Every field is under the checksum, and `seconds` must be a time: merge
# --json then always prints valid JSON, its seconds in full.
"$bin" count 12 --shard 0/2 --out "$dir/s0.json" >/dev/null || fail "count 12 --shard 0/2 failed"
"$bin" count 12 --shard 1/2 --out "$dir/s1.json" >/dev/null || fail "count 12 --shard 1/2 failed"
sed -E 's/"seconds":[^,]*/"seconds":12345/' "$dir/s0.json" >"$dir/edited.json"
expect_error_with "checksum mismatch" merge "$dir/edited.json" "$dir/s1.json"
sed 's/"format_version":5/"format_version":6/' "$dir/s0.json" >"$dir/v6.json"
expect_error_with "$dir/v6.json has layout version 6, a newer program's ('nqueens " merge "$dir/v6.json" "$dir/s1.json"
expect_error_with "this program reads versions 2 to 5: finish it with the program that wrote it" \
    merge "$dir/v6.json" "$dir/s1.json"
# Format 2 (the plan as a number): read where the number is one of 0.1.0's plans.
reseal "$dir/s0.json" "$dir/v2.json" 'r.pop("routes"); r.pop("how"); r["format_version"] = 2; r["plan_version"] = 2; del r["mode"]; del r["plan"]'
out=$("$bin" merge "$dir/v2.json" "$dir/s1.json") || fail "merge of a format 2 shard failed"
case $out in "n = 12: 14200 solutions"*) ;; *) fail "merge of a format 2 shard printed: $out" ;; esac
reseal "$dir/s0.json" "$dir/v2.json" 'r.pop("routes"); r.pop("how"); r["format_version"] = 2; r["plan_version"] = 6; del r["mode"]; del r["plan"]'
expect_error_with "names sub-problem list 6, which no release had for n = 12: finish it with 'nqueens " \
    merge "$dir/v2.json" "$dir/s1.json"
for seconds in 1.7e308 -1 1e12+1; do
    reseal "$dir/s0.json" "$dir/sec.json" "r['seconds'] = $seconds"
    expect_error_with '"seconds" is not a time between 0 and 1e12 seconds' merge "$dir/sec.json" "$dir/s1.json"
done
for seconds in "float('nan')" "float('inf')"; do
    reseal "$dir/s0.json" "$dir/sec.json" "r['seconds'] = $seconds"
    expect_error_with "not valid JSON" merge "$dir/sec.json" "$dir/s1.json"
done
reseal "$dir/s0.json" "$dir/big0.json" "r['seconds'] = 9e11"
reseal "$dir/s1.json" "$dir/big1.json" "r['seconds'] = 9e11"
out=$("$bin" merge "$dir/big0.json" "$dir/big1.json" --json) || fail "merge of shards of 9e11 s each failed"
printf '%s' "$out" | python3 -c 'import json, sys; assert json.load(sys.stdin)["seconds"] == 1.8e12' 2>/dev/null ||
    fail "merge of shards of 9e11 s each printed: $out"

# JSON whole or absent: an --out name JSON cannot hold is refused before the count.
expect_error_with "is not valid UTF-8, so --json cannot print it" count 12 --shard 0/2 --out "$dir/"$'\xff'".json" --json
[ ! -e "$dir/"$'\xff'".json" ] || fail "a refused --out name was written"
"$bin" count 12 --shard 0/2 --out "$dir/"$'\xff'".json" >/dev/null || fail "a name not UTF-8 without --json failed"

# The last write of a finished count fails (here: a file size limit, as a
# full disk would): exit 1, one line that still gives the count, and the
# earlier file untouched and loadable. The record must outgrow 1 KB: the
# 56 tasks of n = 16 make about 1.5 KB.
"$bin" count 16 --unique --out "$dir/w16.json" >/dev/null || fail "count 16 --unique --out failed"
before=$(cksum <"$dir/w16.json")
(trap '' XFSZ; ulimit -f 1; exec "$bin" count 16 --unique --out "$dir/w16.json") >"$dir/out" 2>"$dir/err"
status=$?
[ "$status" -eq 1 ] || fail "a failed final write exited $status, want 1"
[ ! -s "$dir/out" ] || fail "a failed final write printed on stdout: $(cat "$dir/out")"
[ "$(wc -l <"$dir/err")" -eq 1 ] && grep -q "^nqueens: error: cannot write '$dir/w16.json': File too large; the count, not saved: n = 16: 14772512 solutions (56 of 56 tasks)" "$dir/err" ||
    fail "a failed final write said: $(cat "$dir/err")"
[ "$before" = "$(cksum <"$dir/w16.json")" ] || fail "a failed final write changed the earlier file"
[ "$(temps "$dir/w16.json")" -eq 0 ] || fail "a failed final write left its temporary file"
out=$("$bin" merge "$dir/w16.json") || fail "the earlier file after a failed write does not merge"
case $out in "n = 16: 14772512 solutions, 1846955 distinct"*) ;; *) fail "merge after a failed write printed: $out" ;; esac

# The result itself does not get through (stdout on a full disk): exit 1 and
# one line on stderr that still gives it, for a count, a shard and a merge.
# expect_kept WANT ARGS...: "$bin" ARGS >/dev/full does that, WANT in its line.
expect_kept() {
    local want=$1 status
    shift
    "$bin" "$@" >/dev/full 2>"$dir/err"; status=$?
    [ "$status" -eq 1 ] || fail "'$* >/dev/full' exited $status, want 1"
    [ "$(wc -l <"$dir/err")" -eq 1 ] &&
        grep -q "^nqueens: error: cannot write the output: No space left on device; the count, not printed: $want" "$dir/err" ||
        fail "'$* >/dev/full' said: $(cat "$dir/err")"
}
if [ -w /dev/full ]; then
    expect_kept "n = 12: 14200 solutions, 1787 distinct (" count 12 --unique
    expect_kept "n = 12: 14200 solutions (" count 12 --json
    expect_kept "n = 12, shard 1/2: 15 of 30 tasks, 7136 solutions (.* s); written to $dir/s1.json$" \
        count 12 --shard 1/2 --out "$dir/s1.json" --json
    expect_kept "n = 12: 14200 solutions (2 shards, 30 tasks, " merge "$dir/s0.json" "$dir/s1.json"
    expect_kept "n = 13: 73712 solutions (" count 13 --checkpoint "$dir/full.json"
    grep -q '"complete":true' "$dir/full.json" || fail "a count whose output failed did not keep its checkpoint"
    # --result FILE keeps what stdout lost, whole, with no temporary file left.
    expect_kept "n = 12: 14200 solutions (" count 12 --json --result "$dir/r12.json"
    grep -q '^{"n":12,"total":14200,' "$dir/r12.json" && [ "$(wc -l <"$dir/r12.json")" -eq 1 ] ||
        fail "--result after a full stdout holds: $(cat "$dir/r12.json")"
    [ "$(temps "$dir/r12.json")" -eq 0 ] || fail "--result left its temporary file"
fi
# A closed pipe under the default SIGPIPE (`count | true`): count and merge
# still give the result on stderr, with 141, rather than die without a word.
closed_pipe() {
    python3 -c 'import os, subprocess, sys
r, w = os.pipe(); os.close(r)
p = subprocess.run(sys.argv[1:], stdout=w, stderr=subprocess.PIPE)
sys.stderr.write(p.stderr.decode()); print(p.returncode)' "$bin" "$@" 2>"$dir/err"
}
for args in "count 12" "merge $dir/s0.json $dir/s1.json"; do
    status=$(closed_pipe $args)
    [ "$status" = 141 ] || fail "'$args' into a closed pipe: status $status, want 141"
    [ "$(wc -l <"$dir/err")" -eq 1 ] &&
        grep -q "^nqueens: error: cannot write the output: Broken pipe; the count, not printed: n = 12: 14200 solutions" "$dir/err" ||
        fail "'$args' into a closed pipe said: $(cat "$dir/err")"
done

# --result FILE: the same text as stdout; refused in one line for a
# directory, a symbolic link, a missing value or a record file of the run.
out=$("$bin" count 11 --result "$dir/r11.txt") || fail "count 11 --result failed"
[ "$out" = "$(cat "$dir/r11.txt")" ] || fail "--result holds '$(cat "$dir/r11.txt")', stdout '$out'"
case $out in "n = 11: 2680 solutions ("*) ;; *) fail "count 11 --result printed: $out" ;; esac
expect_error_with "--result '$dir' is a directory" count 8 --result "$dir"
ln -s "$dir/r11.txt" "$dir/r11.link"
expect_error_with "is a symbolic link" count 8 --result "$dir/r11.link"
expect_error_with "--result needs a value" count 8 --result
expect_error_with "--result and --checkpoint must be different files" count 8 --result "$dir/rc.json" --checkpoint "$dir/rc.json"
expect_error_with "are the same file" count 8 --result "$dir/rc.json" --checkpoint "$dir/./rc.json"

# A name too long for its lock's temporary file (FILE.lock.tmp.<12>) is
# refused naming FILE and the longest that fits; the longest is counted.
long233=$(printf 'a%.0s' $(seq 233))
"$bin" count 8 --checkpoint "$dir/$long233" >"$dir/out" 2>"$dir/err" && grep -q ' 92 solutions' "$dir/out" ||
    fail "a checkpoint name of 233 bytes: $(cat "$dir/err")"
expect_error_with "its name is 234 bytes, and its lock file's temporary name adds 22; give a name of at most 233 bytes" \
    count 8 --checkpoint "$dir/${long233}b"
expect_error_with "its name is 255 bytes" count 8 --shard 0/2 --out "$dir/$long233$(printf 'b%.0s' $(seq 22))"

# A full disk (a tmpfs of 64 KiB, filled; where this user may mount one):
# the lock cannot be written, so none is linked (an empty one would block
# every later run), the run is refused in one line, and a complete
# checkpoint still gives its count in that line.
tiny="$dir/tiny"
mkdir -p "$tiny"
if mount -t tmpfs -o size=64k tmpfs "$tiny" 2>/dev/null; then
    trap 'umount "$tiny" 2>/dev/null; rm -rf "$dir"' EXIT
    "$bin" count 12 --checkpoint "$tiny/done.json" >/dev/null || fail "count 12 on the tmpfs failed"
    dd if=/dev/zero of="$tiny/fill" bs=1k count=128 2>/dev/null
    "$bin" count 12 --checkpoint "$tiny/new.json" >/dev/null 2>"$dir/err"; status=$?
    [ "$status" -eq 2 ] && [ "$(wc -l <"$dir/err")" -eq 1 ] &&
        grep -q "cannot write the lock file '$tiny/new.json.lock': No space left on device$" "$dir/err" ||
        fail "a full disk: exit $status: $(cat "$dir/err")"
    [ ! -e "$tiny/new.json.lock" ] && [ "$(temps "$tiny/new.json.lock")" -eq 0 ] ||
        fail "a full disk left a lock file: $(ls -la "$tiny")"
    "$bin" count 12 --checkpoint "$tiny/done.json" >/dev/null 2>"$dir/err"; status=$?
    [ "$status" -eq 2 ] &&
        grep -q "No space left on device; it holds the whole count: n = 12: 14200 solutions (30 of 30 tasks)$" "$dir/err" ||
        fail "a complete checkpoint on a full disk: exit $status: $(cat "$dir/err")"
    rm -f "$tiny/fill"
    "$bin" count 12 --checkpoint "$tiny/new.json" >"$dir/out" 2>"$dir/err" && grep -q ' 14200 solutions' "$dir/out" ||
        fail "once the disk had room again: $(cat "$dir/err")"
    umount "$tiny"
else
    echo "records_cli.sh: cannot mount a tmpfs here; the full-disk lock is not tested" >&2
fi

# Forgery (the checksum is no defence: reseal recomputes it). Each task's
# counts are kept, so a forged total alone is caught; a forged task is
# caught by merge --recheck when the sample includes it (always with all).
"$bin" count 14 --shard 0/2 --out "$dir/f0.json" >/dev/null || fail "count 14 --shard 0/2 failed"
"$bin" count 14 --shard 1/2 --out "$dir/f1.json" >/dev/null || fail "count 14 --shard 1/2 failed"
reseal "$dir/f1.json" "$dir/total.json" 'r["total"] += 1000'
expect_error_with "$dir/total.json: its per-task counts add up to" merge "$dir/f0.json" "$dir/total.json"
reseal "$dir/f1.json" "$dir/task.json" 'r["counts"][-1][0] += 1000; r["total"] += 1000'
forged_task=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["done"][-1])' "$dir/task.json")
out=$("$bin" merge "$dir/f0.json" "$dir/task.json") || fail "merge of a resealed forged task failed"
case $out in "n = 14: 366596 solutions"*) ;; *) fail "merge without --recheck of a forged task printed: $out" ;; esac
expect_error_with "merge: '$dir/task.json' fails the recheck: task $forged_task counts " \
    merge "$dir/f0.json" "$dir/task.json" --recheck all
expect_error_with "fails the recheck" merge "$dir/f0.json" "$dir/task.json" --recheck=100000
out=$("$bin" merge "$dir/f0.json" "$dir/f1.json" --recheck 2) || fail "merge --recheck 2 of sound shards failed"
case $out in "n = 14: 365596 solutions (2 shards, "*"; 4 tasks recounted by the check route, all as the files say; "*) ;;
    *) fail "merge --recheck 2 printed: $out" ;; esac
out=$("$bin" merge "$dir/f0.json" "$dir/f1.json" --recheck all --json) || fail "merge --recheck all --json failed"
case $out in '{"n":14,"total":365596,'*'"rechecked":42,"recheck_route":"check",'*) ;; *) fail "merge --recheck all --json printed: $out" ;; esac
expect_error_with "--recheck (K or all) must be between 1" merge "$dir/f0.json" "$dir/f1.json" --recheck 0
# The sample is drawn from the whole file: K of its T tasks catch the forged
# last one in about K/T of the merges (here about half: 6 to 34 of 40 but
# once in a million), neither never (the first K tasks always) nor always
# (the last K always).
tasks=$(grep -o '"tasks_done":[0-9]*' "$dir/task.json" | cut -d: -f2)
k=$((tasks / 2))
caught=0
for _ in $(seq 40); do
    "$bin" merge "$dir/f0.json" "$dir/task.json" --recheck "$k" >/dev/null 2>&1 || caught=$((caught + 1))
done
echo "a sample of $k of the $tasks tasks caught the forged last one in $caught of 40 merges"
[ "$caught" -ge 6 ] && [ "$caught" -le 34 ] ||
    fail "a sample of $k of $tasks tasks caught the forged last one in $caught of 40 merges, want about 20"

# A record file of another user is refused unless trusted: as root, one
# given to nobody; otherwise a file root owns (refused before it is parsed).
if [ "$(id -u)" -eq 0 ] && id nobody >/dev/null 2>&1; then
    cp "$dir/s0.json" "$dir/theirs.json"
    chown nobody "$dir/theirs.json"
    expect_error_with "'$dir/theirs.json' belongs to user $(id -u nobody), not to you (user 0): a record decides a count; give --trust-record to read it anyway" \
        merge "$dir/theirs.json" "$dir/s1.json"
    out=$("$bin" merge "$dir/theirs.json" "$dir/s1.json" --trust-record) || fail "merge --trust-record of another user's shard failed"
    case $out in "n = 12: 14200 solutions"*) ;; *) fail "merge --trust-record printed: $out" ;; esac
    "$bin" count 12 --shard 0/2 --checkpoint "$dir/theirs-cp.json" --out "$dir/o2.json" >/dev/null ||
        fail "count 12 --shard 0/2 --checkpoint failed"
    chown nobody "$dir/theirs-cp.json"
    expect_error_with "belongs to user $(id -u nobody), not to you" count 12 --shard 0/2 --checkpoint "$dir/theirs-cp.json" --out "$dir/o2.json"
    "$bin" count 12 --shard 0/2 --checkpoint "$dir/theirs-cp.json" --out "$dir/o2.json" --trust-record >/dev/null ||
        fail "count --checkpoint --trust-record of another user's checkpoint failed"
    # Resumed by root, it stays its owner's (whose next run reads it as theirs).
    [ "$(stat -c %u "$dir/theirs-cp.json")" = "$(id -u nobody)" ] ||
        fail "root resuming another user's checkpoint made it user $(stat -c %u "$dir/theirs-cp.json")'s"
    # Anyone else cannot give a file back: refused at start, naming the copy to make.
    shared=$(mktemp -d)
    chmod 777 "$shared"
    cp "$dir/s0.json" "$shared/root-cp.json"
    if setpriv --reuid=65534 --regid=65534 --clear-groups "$bin" --version >/dev/null 2>&1; then
        setpriv --reuid=65534 --regid=65534 --clear-groups "$bin" count 12 --shard 0/2 \
            --checkpoint "$shared/root-cp.json" --out "$shared/o.json" --trust-record >"$dir/out" 2>"$dir/err"
        status=$?
        [ "$status" -eq 2 ] && grep -q "is owned by user 0; resuming it would make it yours, and its owner's next run would refuse it: copy it and resume the copy" "$dir/err" ||
            fail "another user resuming root's checkpoint with --trust-record: status $status, $(cat "$dir/err")"
        [ "$(stat -c %u "$shared/root-cp.json")" = 0 ] || fail "root's checkpoint changed owner"
    else
        echo "skipped: nobody cannot run $bin"
    fi
    rm -rf "$shared"
elif [ -f /etc/passwd ] && [ "$(stat -c %u /etc/passwd)" != "$(id -u)" ]; then
    expect_error_with "'/etc/passwd' belongs to user $(stat -c %u /etc/passwd), not to you" merge /etc/passwd
    echo "skipped: --trust-record accepting another user's record needs root (to give a file away)"
else
    echo "skipped: no file of another user to test the ownership check with"
fi

# A checkpoint keeps its permissions across saves (0600 stays 0600).
"$bin" count 12 --checkpoint "$dir/private.json" >/dev/null || fail "count 12 --checkpoint failed"
chmod 600 "$dir/private.json"
"$bin" count 12 --checkpoint "$dir/private.json" >/dev/null || fail "count 12 on a 0600 checkpoint failed"
[ "$(stat -c %a "$dir/private.json")" = 600 ] || fail "a 0600 checkpoint became $(stat -c %a "$dir/private.json")"
chmod 640 "$dir/private.json"
"$bin" count 12 --checkpoint "$dir/private.json" >/dev/null || fail "count 12 on a 0640 checkpoint failed"
[ "$(stat -c %a "$dir/private.json")" = 640 ] || fail "a 0640 checkpoint became $(stat -c %a "$dir/private.json")"

# `seconds` stays at its cap (1e12) rather than make a file the program refuses.
"$bin" count 12 --checkpoint "$dir/old.json" >/dev/null || fail "count 12 --checkpoint failed"
reseal "$dir/old.json" "$dir/old.json" 'r["seconds"] = 999999999999.9999'
"$bin" count 12 --checkpoint "$dir/old.json" >/dev/null 2>"$dir/err" || fail "resume at the seconds cap: $(cat "$dir/err")"
python3 -c 'import json, sys; assert json.load(open(sys.argv[1]))["seconds"] == 1e12' "$dir/old.json" ||
    fail "seconds past the cap: $(grep -o '"seconds":[^,]*' "$dir/old.json")"
"$bin" merge "$dir/old.json" >/dev/null 2>"$dir/err" || fail "a record at the seconds cap is refused: $(cat "$dir/err")"

# --out does not replace the record of another count (as --checkpoint does not).
before=$(cksum <"$dir/s0.json")
expect_error_with "--out '$dir/s0.json' is for n = 12, not n = 13: it holds another count's record; remove it or give another --out file" \
    count 13 --shard 0/2 --out "$dir/s0.json"
expect_error_with "--out '$dir/s0.json' is for shard 0/2, not shard 1/2" count 12 --shard 1/2 --out "$dir/s0.json"
expect_error_with "--out '$dir/s0.json' was made without --unique; this run is with --unique" \
    count 12 --shard 0/2 --unique --out "$dir/s0.json"
[ "$before" = "$(cksum <"$dir/s0.json")" ] || fail "a refused --out changed the record there"
"$bin" count 12 --shard 0/2 --out "$dir/s0.json" >/dev/null || fail "--out over the record of the same count failed"

finish records_cli
