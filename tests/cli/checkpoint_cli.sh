#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# count --checkpoint: interrupted at random moments and resumed to the exact count; foreign and damaged checkpoints refused.
# usage: checkpoint_cli.sh path/to/nqueens path/to/test-build/nqueens (the latter with the NQUEENS_TEST_* hooks)
set -u
bin=$1
faultbin=$2
. "$(dirname "$0")/lib.sh"
total() { case $1 in 13) echo 73712 ;; 14) echo 365596 ;; 15) echo 2279184 ;; 16) echo 14772512 ;; esac; }

# expect_refused CHECKPOINT WORDS ARGS...: exit 2, one line on stderr containing WORDS, nothing on stdout,
# and the checkpoint left as it was.
expect_refused() {
    local file=$1 words=$2 out err status before
    shift 2
    before=$(cksum <"$file")
    out=$("$bin" "$@" 2>"$dir/err"); status=$?
    err=$(cat "$dir/err")
    [ "$status" -eq 2 ] || fail "'$*' exited $status, want 2 ($err)"
    [ -z "$out" ] || fail "'$*' printed on stdout: $out"
    [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && [ -n "$err" ] || fail "'$*' stderr is not one line: $err"
    case $err in nqueens:*"$words"*) ;; *) fail "'$*' stderr lacks '$words': $err" ;; esac
    [ "$before" = "$(cksum <"$file")" ] || fail "'$*' changed the refused file"
}

# launch ARGS...: "$@" in the background, its pid in $pid, with SIGINT as
# the default (a script's background commands start with it ignored, and a
# signal ignored at start stays ignored).
launch() {
    set -m
    "$@" &
    pid=$!
    set +m
}
# tasks_done CP: the finished tasks the checkpoint CP holds (-1: none yet).
tasks_done() {
    local t
    t=$(grep -o '"tasks_done":[0-9]*' "$1" 2>/dev/null | cut -d: -f2)
    echo "${t:--1}"
}

# interrupt_and_resume N SIG: runs interrupted by SIG, resumed each time,
# then a run to the end, which must print the exact count. Each run is the
# test build's, holding its K-th finished task (K drawn at random, 2 to 4)
# until a signal stops it (fault hook NQUEENS_TEST_HOLD_TASK): it can never
# finish first, however fast or loaded the machine. The signal is sent once
# the run has saved a task of its own (its handlers are then in place).
interrupt_and_resume() {
    local n=$1 sig=$2 cp="$dir/cp-$1-$2.json" want code=130 round k before now status out err _
    want=$(total "$n")
    [ "$sig" = TERM ] && code=143
    rm -f "$cp"
    before=0
    for round in 1 2 3; do
        k=$((2 + RANDOM % 3))  # 3 rounds use at most 9 tasks: n = 15 has 16
        launch env NQUEENS_TEST_HOLD_TASK=$k "$faultbin" count "$n" --threads 2 --checkpoint "$cp" \
            --checkpoint-interval 0 >"$dir/out" 2>"$dir/err"
        wait_until "$pid" '[ "$(tasks_done "$cp")" -gt "$before" ]'
        kill -"$sig" "$pid" 2>/dev/null
        wait "$pid"; status=$?
        out=$(cat "$dir/out")
        err=$(cat "$dir/err")
        now=$(tasks_done "$cp")
        [ "$status" -eq "$code" ] || fail "n = $n, round $round (task $k held): SIG$sig made it exit $status, want $code ($out $err)"
        [ -z "$out" ] || fail "n = $n, round $round: interrupted run printed on stdout: $out"
        [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || fail "n = $n, round $round: interrupted stderr is not one line: $err"
        case $err in "nqueens: interrupted by SIG$sig; checkpoint '$cp' holds $now of "*resume) ;;
            *) fail "n = $n, round $round: message: $err" ;; esac
        [ "$now" -gt "$before" ] || fail "n = $n, round $round: the checkpoint holds $now tasks, as many as before"
        grep -q '"complete":false' "$cp" || fail "n = $n, round $round: interrupted checkpoint claims to be complete"
        before=$now
    done
    out=$("$bin" count "$n" --checkpoint "$cp") || fail "n = $n: final resume failed"
    case $out in *" $want solutions"*) ;; *) fail "n = $n: final resume printed '$out', want $want" ;; esac
    echo "n = $n, SIG$sig: 3 interruptions, the checkpoint at $now tasks, then $out"
}

interrupt_and_resume 14 INT
interrupt_and_resume 14 TERM
interrupt_and_resume 15 INT
interrupt_and_resume 15 TERM

# A signal that lands just after the result is printed (the process is on its
# way out) must not turn the printed result into an exit status of 130/143:
# the outcome was settled when the count completed. The result goes through a
# FIFO so that the signal is sent the moment the line is read.
signal_after_result() {
    local sig=$1 want=$2 status line round
    shift 2
    for round in 1 2 3 4 5 6 7 8; do
        rm -f "$dir/fifo" "$dir/late.json" "$dir/late-out.json"
        mkfifo "$dir/fifo"
        set -m  # SIGINT not ignored (see launch)
        "$bin" "$@" >"$dir/fifo" 2>"$dir/err" &
        pid=$!
        set +m
        line=
        read -r line <"$dir/fifo"
        kill -"$sig" "$pid" 2>/dev/null
        wait "$pid"; status=$?
        case $line in *"$want"*) ;; *) fail "'$*': printed '$line', want '$want'" ;; esac
        [ "$status" -eq 0 ] || fail "'$*': SIG$sig after the result was printed made it exit $status, want 0"
    done
}
signal_after_result INT " 724 solutions" count 10 --threads 2 --checkpoint "$dir/late.json"
signal_after_result TERM " 724 solutions" count 10 --threads 2 --checkpoint "$dir/late.json"
signal_after_result TERM " 724 solutions" count 10 --threads 2
signal_after_result TERM "shard 0/2" count 10 --threads 2 --shard 0/2 --out "$dir/late-out.json"

# hold_and_interrupt K CP ARGS...: the test build counts ARGS with
# --checkpoint CP (every task saved), holding its K-th finished task; once the
# checkpoint holds K - 1 tasks, SIGINT: exit 130, the checkpoint incomplete
# with those K - 1 tasks (and those the other thread finished meanwhile).
hold_and_interrupt() {
    local k=$1 cp=$2 _ status
    shift 2
    launch env NQUEENS_TEST_HOLD_TASK="$k" "$faultbin" "$@" --checkpoint "$cp" --threads 2 --checkpoint-interval 0 >/dev/null 2>"$dir/err"
    wait_until "$pid" '[ "$(tasks_done "$cp")" -ge $((k - 1)) ]'
    kill -INT "$pid" 2>/dev/null
    wait "$pid"; status=$?
    [ "$status" -eq 130 ] || fail "'$*' holding task $k: SIGINT made it exit $status, want 130 ($(cat "$dir/err"))"
    [ "$(tasks_done "$cp")" -ge $((k - 1)) ] && [ "$(tasks_done "$cp")" -le $k ] || fail "'$*' holding task $k: the checkpoint holds $(tasks_done "$cp") tasks"
    grep -q '"complete":false' "$cp" || fail "'$*': interrupted checkpoint claims to be complete"
}

# A checkpoint of a cut other than this program's default, as an earlier
# version's default would be (the test build's NQUEENS_TEST_CUT: n = 15 by
# a band of 3 rows and 4 lead columns, 2 a task), interrupted: the release
# program resumes it by the record's cut, to the exact count.
cp="$dir/recut.json"
NQUEENS_TEST_CUT=3,3,4,2,0 hold_and_interrupt 4 "$cp" count 15
grep -q '"plan":{"method":"join","band_rows":3,"task_band_rows":3,"lead_columns":4,"task_lead_columns":2,"shared_tops":false}' "$cp" ||
    fail "the checkpoint of another cut does not name it: $(head -c 300 "$cp")"
out=$("$bin" count 15 --checkpoint "$cp") || fail "resume of a checkpoint of another cut failed"
case $out in *" 2279184 solutions"*) ;; *) fail "resume of a checkpoint of another cut printed '$out'" ;; esac
# Shards of a cut whose tasks fix 4 of its 5 band rows and share tops: one
# interrupted and resumed by the release program, one counted whole, merged
# (and every task rechecked) by the release program: exact.
NQUEENS_TEST_CUT=5,4,4,0,1 hold_and_interrupt 3 "$dir/recut-cp0.json" count 15 --shard 0/2 --out "$dir/recut-0.json"
"$bin" count 15 --shard 0/2 --checkpoint "$dir/recut-cp0.json" --out "$dir/recut-0.json" >/dev/null ||
    fail "resume of a shard of another cut failed"
NQUEENS_TEST_CUT=5,4,4,0,1 "$faultbin" count 15 --shard 1/2 --out "$dir/recut-1.json" >/dev/null ||
    fail "a shard of another cut failed"
out=$("$bin" merge "$dir/recut-0.json" "$dir/recut-1.json" --recheck all) || fail "merge of shards of another cut failed"
case $out in "n = 15: 2279184 solutions"*"tasks recounted by the check route, all as the files say; counted by fast:"*"; 6046 tasks checked, by check (6046 tasks))") ;; *) fail "merge of shards of another cut printed '$out'" ;; esac
echo "another cut: interrupted, resumed and merged by the release program: $out"

# A checkpoint made mid-task: n = 15 by a cut whose tasks fix 2 of their 3
# band rows and share tops (tasks of dozens of parts, shared by the
# threads), held at its 25th part counted and interrupted: the file keeps
# the parts of the tasks begun, the line says so, and the release program
# resumes it, counting none of them again, to the exact count.
cp="$dir/parts.json"
launch env NQUEENS_TEST_CUT=3,2,4,0,1 NQUEENS_TEST_HOLD_PART=25 "$faultbin" count 15 --threads 2 --checkpoint "$cp" \
    --checkpoint-interval 0 >/dev/null 2>"$dir/err"
wait_until "$pid" 'has_parts "$cp"'
kill -INT "$pid" 2>/dev/null
wait "$pid"; status=$?
[ "$status" -eq 130 ] || fail "held at a part: SIGINT made it exit $status, want 130 ($(cat "$dir/err"))"
has_parts "$cp" || fail "a checkpoint made mid-task keeps no parts: $(head -c 400 "$cp")"
grep -q "holds [0-9]* of [0-9]* tasks and parts of [0-9]* more; run the same command to resume" "$dir/err" ||
    fail "the line of a run stopped mid-task does not say it keeps parts: $(cat "$dir/err")"
out=$("$bin" count 15 --checkpoint "$cp") || fail "resume of a checkpoint made mid-task failed"
case $out in *" 2279184 solutions"*) ;; *) fail "resume of a checkpoint made mid-task printed '$out'" ;; esac
grep -q '"partial"' "$cp" && fail "a finished checkpoint still lists tasks begun"
echo "mid-task: interrupted with parts saved, resumed by the release program: $out"

# An interruption well inside a longer run (28 of its 56 tasks done), then the resumed run: the exact count.
cp="$dir/cp16.json"
hold_and_interrupt 29 "$cp" count 16
# The checkpoint belongs to a count of totals: a run with --unique (the
# same tasks, another mode) must not take it.
expect_refused "$cp" "was made without --unique; this run is with --unique" \
    count 16 --checkpoint "$cp" --unique
out=$("$bin" count 16 --checkpoint "$cp" --json) || fail "n = 16: resume failed"
case $out in *'"total":14772512,'*) ;; *) fail "n = 16: resume printed $out" ;; esac
# A finished checkpoint answers at once, with the same count.
out=$("$bin" count 16 --checkpoint "$cp") || fail "n = 16: rerun of a finished checkpoint failed"
case $out in *" 14772512 solutions"*) ;; *) fail "n = 16: finished checkpoint printed $out" ;; esac

# With --unique the checkpoint holds the join's tasks under plan version 7;
# the distinct count comes from the total once every task is done.
cp="$dir/cp16u.json"
hold_and_interrupt 6 "$cp" count 16 --unique
out=$("$bin" count 16 --checkpoint "$cp" --unique --json) || fail "n = 16 --unique: resume failed"
case $out in *'"total":14772512,"distinct":1846955,'*) ;; *) fail "n = 16 --unique: resume printed $out" ;; esac

# Refused checkpoints: another n, another shard, damaged in several ways.
"$bin" count 13 --checkpoint "$dir/c13.json" --checkpoint-interval 0 >/dev/null || fail "count 13 --checkpoint failed"
good="$dir/c13.json"
# Without its tasks' routes (layout version 3, as records were before them),
# so that the edits of "done" below need not follow them in "how".
reseal "$good" "$good" 'r.pop("routes"); r.pop("how"); r["format_version"] = 3'
expect_refused "$good" "is for n = 13, not n = 12" count 12 --checkpoint "$good"
expect_refused "$good" "is for shard all, not shard 1/2" count 13 --checkpoint "$good" --shard 1/2 --out "$dir/o.json"
edit() { sed -E "$1" "$good" >"$dir/$2"; }
# reseal_good NAME CODE: $good resealed (lib.sh) into $dir/NAME.
reseal_good() { reseal "$good" "$dir/$1" "$2"; }
printf 'not json' >"$dir/garbage.json"
expect_refused "$dir/garbage.json" "not valid JSON" count 13 --checkpoint "$dir/garbage.json"
head -c 100 "$good" >"$dir/truncated.json"
expect_refused "$dir/truncated.json" "not valid JSON" count 13 --checkpoint "$dir/truncated.json"
: >"$dir/empty.json"
expect_refused "$dir/empty.json" "not valid JSON" count 13 --checkpoint "$dir/empty.json"
edit 's/"total":([0-9]+)/"total":1\1/' bigger.json
expect_refused "$dir/bigger.json" "checksum mismatch" count 13 --checkpoint "$dir/bigger.json"
edit 's/"mode":"totals"/"mode":"with_distinct"/' mode.json
expect_refused "$dir/mode.json" "checksum mismatch" count 13 --checkpoint "$dir/mode.json"
edit 's/"distinct":[0-9]+,//' field.json
expect_refused "$dir/field.json" 'no "distinct" field' count 13 --checkpoint "$dir/field.json"
edit 's/"checksum":"[^"]*"/"checksum":"fnv1a64:0000000000000000"/' checksum.json
expect_refused "$dir/checksum.json" "checksum mismatch" count 13 --checkpoint "$dir/checksum.json"
edit 's/"format":"nqueens-run"/"format":"other"/' format.json
expect_refused "$dir/format.json" "not an nqueens checkpoint" count 13 --checkpoint "$dir/format.json"
# Resealed: the checksum is right and a later check refuses. The control,
# resealed unchanged, must be accepted (else reseal's checksum is wrong).
reseal_good control.json 'pass'
"$bin" count 13 --checkpoint "$dir/control.json" >/dev/null 2>"$dir/err" ||
    fail "resealed unchanged checkpoint refused: $(cat "$dir/err")"
reseal_good mode.json 'r["mode"] = "with_distinct"'
expect_refused "$dir/mode.json" "was made with --unique; this run is without --unique" count 13 --checkpoint "$dir/mode.json"
reseal_good cut.json 'r["plan"]["band_rows"] = 2'
expect_refused "$dir/cut.json" "cuts n = 13 by the join (2 band rows, 1 per task; 0 lead columns, 0 per task), which this program cannot count (its band rows and n differ in parity): finish it with 'nqueens " count 13 --checkpoint "$dir/cut.json"
reseal_good size.json 'r["plan"]["lead_columns"] = 2; r["plan"]["task_lead_columns"] = 2'
expect_refused "$dir/size.json" "has 7 sub-problems for n = 13; this program lists 14 for its cut" count 13 --checkpoint "$dir/size.json"
reseal_good duplicate.json 'r["done"].insert(0, r["done"][0]); r["tasks_done"] += 1'
expect_refused "$dir/duplicate.json" "task id 0 is listed twice" count 13 --checkpoint "$dir/duplicate.json"
reseal_good range.json 'r["done"].append(99999999); r["tasks_done"] += 1'
expect_refused "$dir/range.json" "task id 99999999 is out of range" count 13 --checkpoint "$dir/range.json"
reseal_good order.json 'r["done"].reverse()'
expect_refused "$dir/order.json" "task ids are not in increasing order" count 13 --checkpoint "$dir/order.json"
reseal_good shards.json 'r["shard"]["count"] = 4000000000'
expect_refused "$dir/shards.json" "is cut into more than 1000000 shards" count 13 --checkpoint "$dir/shards.json"
reseal_good tasks.json 'r["tasks_done"] += 1'
expect_refused "$dir/tasks.json" "task counts disagree" count 13 --checkpoint "$dir/tasks.json"
# Another program version: the record's cut names its tasks, so this one
# resumes it, and writes it as its own from then on.
reseal_good program.json 'r["program"] = "nqueens 0.0.1"'
out=$("$bin" count 13 --checkpoint "$dir/program.json") || fail "resume of another version's checkpoint failed"
case $out in *" 73712 solutions"*) ;; *) fail "resume of another version's checkpoint printed: $out" ;; esac
grep -q '"program":"nqueens 0.0.1"' "$dir/program.json" && fail "the resumed checkpoint still names the other version"
# A forged task (its counts and the total changed, the checksum redone) is
# resumed as it is, unless --recheck recounts it first.
reseal_good forged.json 'r["counts"][-1][0] += 1000; r["total"] += 1000'
out=$("$bin" count 13 --checkpoint "$dir/forged.json") || fail "resume of a forged task failed"
case $out in *" 74712 solutions"*) ;; *) fail "resume of a forged task without --recheck printed: $out" ;; esac
expect_refused "$dir/forged.json" "'$dir/forged.json' fails the recheck: task " \
    count 13 --checkpoint "$dir/forged.json" --recheck all
out=$("$bin" count 13 --checkpoint "$good" --recheck 3) || fail "count --recheck 3 of a sound checkpoint failed"
case $out in *" 73712 solutions ("*" s; 3 tasks of the checkpoint recounted first by the check route, all as it says)") ;;
    *) fail "count --recheck 3 of a sound checkpoint printed: $out" ;; esac
out=$("$bin" count 13 --checkpoint "$good" --recheck 2 --json) || fail "count --recheck 2 --json failed"
case $out in *'"rechecked":2,"recheck_route":"check"'*) ;; *) fail "count --recheck 2 --json printed: $out" ;; esac
expect_refused "$good" "--recheck needs --checkpoint FILE" count 13 --recheck 3

# Option mistakes: one line, exit 2.
expect_refused "$good" "--checkpoint needs a value" count 13 --checkpoint
expect_refused "$good" "--checkpoint-interval must be" count 13 --checkpoint "$dir/x.json" --checkpoint-interval -1
expect_refused "$good" "must be different files" count 13 --checkpoint "$dir/x.json" --out "$dir/x.json"
expect_refused "$good" "--checkpoint '$dir/no/such/x.json': the directory '$dir/no/such' does not exist" count 13 --checkpoint "$dir/no/such/x.json"
expect_refused "$good" "--out '$dir/no/such/x.json': the directory '$dir/no/such' does not exist" count 13 --out "$dir/no/such/x.json"
expect_refused "$good" "--checkpoint '$dir' is a directory" count 13 --checkpoint "$dir"
expect_refused "$good" "--checkpoint-interval needs --checkpoint FILE" count 13 --checkpoint-interval 1
expect_refused "$good" "--out '$dir' is a directory" count 13 --shard 0/2 --out "$dir"

# Sums past 2^64, as n >= 29's are: the test build adds 2^62 to every task
# of n = 13 (NQUEENS_TEST_TASK_OFFSET). The count prints the exact sum, its
# JSON gives it as a string of digits, a checkpoint keeps it (layout
# version 4) and is resumed, and shards merge to it.
off=4611686018427387904
launch env NQUEENS_TEST_TASK_OFFSET=$off NQUEENS_TEST_HOLD_TASK=3 "$faultbin" count 13 --threads 1 \
    --checkpoint "$dir/wide.json" --checkpoint-interval 0 >/dev/null 2>"$dir/err"
wait_until "$pid" '[ "$(tasks_done "$dir/wide.json")" -ge 2 ]'
kill -INT "$pid" 2>/dev/null
wait "$pid"; status=$?
[ "$status" -eq 130 ] || fail "the inflated count: SIGINT made it exit $status, want 130 ($(cat "$dir/err"))"
tasks=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["plan_size"])' "$dir/wide.json")
wide=$(python3 -c 'import sys; print(73712 + int(sys.argv[1]) * int(sys.argv[2]))' "$tasks" "$off")
[ "${#wide}" -ge 20 ] || fail "n = 13 with $tasks tasks inflated by 2^62 does not pass 2^64: $wide"
out=$(NQUEENS_TEST_TASK_OFFSET=$off "$faultbin" count 13 --checkpoint "$dir/wide.json" --json) ||
    fail "resuming the inflated checkpoint failed"
case $out in *"\"total\":\"$wide\""*) ;; *) fail "count 13 inflated past 2^64 printed $out, want total \"$wide\"" ;; esac
python3 - "$dir/wide.json" "$wide" <<'PY' || fail "the inflated checkpoint does not hold its sum as layout version 5"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["format_version"] == 5 and r["total"] == sys.argv[2] and r["complete"], r["format_version"]
PY
out=$("$bin" count 13 --checkpoint "$dir/wide.json") || fail "the release program does not read layout version 5"
case $out in "n = 13: $wide solutions"*) ;; *) fail "the finished inflated checkpoint says $out, want $wide" ;; esac
for s in 0 1; do
    NQUEENS_TEST_TASK_OFFSET=$off "$faultbin" count 13 --shard $s/2 --out "$dir/wide$s.json" >/dev/null ||
        fail "inflated shard $s/2 failed"
done
out=$("$bin" merge "$dir/wide0.json" "$dir/wide1.json") || fail "merging the inflated shards failed"
case $out in "n = 13: $wide solutions"*) ;; *) fail "merging the inflated shards printed $out, want $wide" ;; esac
out=$("$bin" merge "$dir/wide0.json" "$dir/wide1.json" --json) || fail "merge --json of the inflated shards failed"
case $out in *"\"total\":\"$wide\""*) ;; *) fail "merge --json of the inflated shards printed $out" ;; esac

# Rechecks by the other route. NQUEENS_TEST_SLICED_FAULT (test builds only)
# plants a deterministic bug in the sliced pair count, which only the fast
# route runs: counts of n = 16 come out wrong, the same way every time. A
# recheck by the route that counted them (NQUEENS_TEST_RECHECK_ROUTE=fast,
# as every recheck once was) agrees with them; the check route, which
# shares no pair count with it, does not: merge --recheck and count
# --recheck refuse the files.
out=$(NQUEENS_TEST_SLICED_FAULT=1 "$faultbin" count 16) || fail "count 16 with a planted bug failed"
case $out in "n = 16: 14772512 solutions"*) fail "the planted bug changed no count: $out" ;; esac
for s in 0 1; do
    NQUEENS_TEST_SLICED_FAULT=1 "$faultbin" count 16 --shard $s/2 --out "$dir/bug$s.json" >/dev/null ||
        fail "shard $s/2 with a planted bug failed"
done
out=$(NQUEENS_TEST_SLICED_FAULT=1 NQUEENS_TEST_RECHECK_ROUTE=fast "$faultbin" merge "$dir/bug0.json" "$dir/bug1.json" --recheck all) ||
    fail "the recheck by the same route refused the shards"
case $out in "n = 16: 14772512 solutions"*) fail "the shards of a planted bug are right: $out" ;;
    "n = 16: "*"tasks recounted by the fast route, all as the files say; counted by fast:"*"56 tasks checked, by fast:"*) ;; *) fail "merge by the same route printed $out" ;; esac
NQUEENS_TEST_SLICED_FAULT=1 bin=$faultbin expect_refused "$dir/bug0.json" "fails the recheck: task " \
    merge "$dir/bug0.json" "$dir/bug1.json" --recheck all
grep -q "by the check route, the file says" "$dir/err" || fail "merge's recheck names no route: $(cat "$dir/err")"
NQUEENS_TEST_SLICED_FAULT=1 "$faultbin" count 16 --checkpoint "$dir/bug.json" >/dev/null || fail "count 16 --checkpoint with a planted bug failed"
out=$(NQUEENS_TEST_SLICED_FAULT=1 NQUEENS_TEST_RECHECK_ROUTE=fast "$faultbin" count 16 --checkpoint "$dir/bug.json" --recheck all) ||
    fail "count --recheck by the same route refused the checkpoint"
NQUEENS_TEST_SLICED_FAULT=1 bin=$faultbin expect_refused "$dir/bug.json" "fails the recheck: task " \
    count 16 --checkpoint "$dir/bug.json" --recheck all
# The release program (no planted bug) refuses them too, by either route's numbers.
expect_refused "$dir/bug0.json" "fails the recheck" merge "$dir/bug0.json" "$dir/bug1.json" --recheck all

finish checkpoint_cli
