#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# nqueens-mpi under mpirun: the same counts as nqueens count for n = 12..14; checkpoints shared with nqueens; its
# JSON and threads as nqueens count's; faults; refusals.
# usage: mpi_cli.sh path/to/mpiexec path/to/nqueens-mpi path/to/nqueens path/to/test-build/nqueens-mpi
# (the last with the NQUEENS_TEST_* hooks: fault_run uses it).
set -u
mpirun=$1
mpibin=$2
bin=$3
faultbin=$4
. "$(dirname "$0")/lib.sh"
# CI runs as root; keep all traffic on this machine (shared memory, loopback).
# $mca: more options for mpirun.
# Open MPI's own allocations outlive MPI_Finalize: keep LeakSanitizer (CI's
# ASan suite) from failing every run for them.
mca=
run() {
    local np=$1
    shift
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" "$mpirun" --allow-run-as-root --oversubscribe --bind-to none --mca btl self,vader --mca oob_tcp_if_include lo $mca -np "$np" "${program:-$mpibin}" "$@"
}
# job NP ARGS... &: run in the background as mpirun itself (exec), so that
# $! is mpirun's pid and a signal to it reaches mpirun, not a subshell that
# would die and leave the job running.
job() {
    local np=$1
    shift
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" exec "$mpirun" --allow-run-as-root --oversubscribe --bind-to none --mca btl self,vader --mca oob_tcp_if_include lo $mca -np "$np" "${program:-$mpibin}" "$@"
}
# fault_run NP ARGS...: run, with the test build (its NQUEENS_TEST_* hooks).
fault_run() { program=$faultbin run "$@"; }
field() { printf '%s' "$2" | grep -o "\"$1\":[0-9]*" | cut -d: -f2; }

for n in 12 13 14; do
    single=$("$bin" count "$n" --unique --json) || fail "nqueens count $n failed"
    for np in 2 1 3; do
        [ "$np" -ne 2 ] && [ "$n" -ne 12 ] && continue
        out=$(run "$np" count "$n" --unique --json) || fail "mpirun -np $np count $n failed"
        [ "$(field total "$out")" = "$(field total "$single")" ] &&
            [ "$(field distinct "$out")" = "$(field distinct "$single")" ] &&
            [ -n "$(field total "$out")" ] ||
            fail "mpirun -np $np count $n: $out, nqueens count: $single"
        echo "mpirun -np $np count $n: $out"
    done
done
out=$(run 2 count 14) || fail "mpirun -np 2 count 14 failed"
case $out in "n = 14: 365596 solutions"*) ;; *) fail "mpirun -np 2 count 14 printed: $out" ;; esac
out=$(run 2 count 2) || fail "mpirun -np 2 count 2 (no tasks) failed"
case $out in "n = 2: 0 solutions"*) ;; *) fail "mpirun -np 2 count 2 printed: $out" ;; esac

# A checkpoint half done by nqueens is finished by nqueens-mpi, and the other
# way round (n = 17, so that the stop lands inside).
cp="$dir/cp.json"
"$bin" count 17 --threads 2 --checkpoint "$cp" >/dev/null 2>&1 &
pid=$!
sleep 0.$((2 + RANDOM % 3))
kill -TERM "$pid" 2>/dev/null  # SIGINT stays ignored in a script's background command
wait "$pid"
out=$(run 2 count 17 --checkpoint "$cp") || fail "nqueens-mpi resume of a nqueens checkpoint failed"
case $out in "n = 17: 95815104 solutions"*) ;; *) fail "nqueens-mpi resume printed: $out" ;; esac
grep -q '"complete":true' "$cp" || fail "nqueens-mpi left the checkpoint incomplete"
out=$("$bin" count 17 --checkpoint "$cp") || fail "nqueens resume of a finished nqueens-mpi checkpoint failed"
case $out in *" 95815104 solutions"*) ;; *) fail "nqueens resume printed: $out" ;; esac

# A checkpoint of a cut other than the default (the test build's
# NQUEENS_TEST_CUT), half its tasks dropped, is finished by the release
# nqueens-mpi on 2 ranks: rank 0 reads the cut, and every rank counts by it.
cp="$dir/recut.json"
NQUEENS_TEST_CUT=3,3,4,2,0 fault_run 2 count 15 --checkpoint "$cp" >/dev/null || fail "nqueens-mpi count 15 of another cut failed"
reseal "$cp" "$cp" 'r.pop("routes", None); r.pop("how", None); r["format_version"] = 3; k = len(r["done"]) // 2; drop = r["counts"][k:]; r["done"] = r["done"][:k]; r["counts"] = r["counts"][:k]; r["tasks_done"] = k; r["complete"] = False; r["total"] -= sum(c[0] for c in drop); r["distinct"] -= sum(c[1] for c in drop); r["nodes"] -= sum(c[2] for c in drop)'
out=$(run 2 count 15 --checkpoint "$cp") || fail "nqueens-mpi resume of a checkpoint of another cut failed"
case $out in "n = 15: 2279184 solutions"*) ;; *) fail "nqueens-mpi resume of another cut printed: $out" ;; esac
grep -q '"band_rows":3,"task_band_rows":3,"lead_columns":4,"task_lead_columns":2' "$cp" ||
    fail "nqueens-mpi's checkpoint of another cut lost its cut"

# Interrupted mid-task: n = 15 by a cut whose tasks have 16 parts each,
# shared by a rank's 2 threads, the rank held at its 25th part counted
# (NQUEENS_TEST_HOLD_PART): rank 0's checkpoint keeps the parts of the task
# begun, and says so. Resumed by the release nqueens-mpi, the rank gets the
# task with its parts and counts only the others: with the parts' nodes
# raised by a million in the file (resealed), the count's nodes are the
# plain count's plus that million, its total exact. The file as saved,
# resumed by nqueens count, gives the exact count too.
cut=3,2,4,0,1
plain=$(NQUEENS_TEST_CUT=$cut fault_run 2 count 15 --json) || fail "nqueens-mpi count 15 of a cut in parts failed"
# Two counting ranks share the last tasks in pieces (ranges of their
# parts): exact, with the nodes of one rank's count (each part counted
# once in the record).
out=$(NQUEENS_TEST_CUT=$cut fault_run 3 count 15 --threads 2 --json) || fail "nqueens-mpi -np 3 count 15 of a cut in parts failed"
[ "$(field total "$out")" = 2279184 ] && [ "$(field nodes "$out")" = "$(field nodes "$plain")" ] ||
    fail "nqueens-mpi -np 3 count 15 in pieces: '$out' (one counting rank: '$plain')"
echo "pieces: nqueens-mpi -np 3 count 15 of a cut in parts: $out"
cp="$dir/parts.json"
(NQUEENS_TEST_CUT=$cut NQUEENS_TEST_HOLD_PART=25 program=$faultbin \
    job 2 count 15 --threads 2 --checkpoint "$cp" --checkpoint-interval 0 >/dev/null 2>"$dir/err") &
pid=$!
wait_until "$pid" 'has_parts "$cp"'
kill -TERM "$pid" 2>/dev/null
wait "$pid"
has_parts "$cp" || fail "nqueens-mpi's checkpoint made mid-task keeps no parts: $(head -c 400 "$cp")"
grep -q "holds [0-9]* of 84 tasks and parts of [0-9]* more; run the same command to resume" "$dir/err" ||
    fail "nqueens-mpi stopped mid-task does not say its checkpoint keeps parts: $(cat "$dir/err")"
reseal "$cp" "$dir/parts-more.json" 'r["partial"][0][4] += 1000000'
out=$(run 2 count 15 --checkpoint "$dir/parts-more.json" --json) || fail "nqueens-mpi resume of parts failed"
[ "$(field total "$out")" = 2279184 ] && [ "$(field nodes "$out")" = $(($(field nodes "$plain") + 1000000)) ] ||
    fail "nqueens-mpi resumed the parts of a task as '$out' (the plain count: '$plain', nodes + 1000000 expected)"
out=$("$bin" count 15 --checkpoint "$cp") || fail "nqueens resume of nqueens-mpi's parts failed"
case $out in *" 2279184 solutions"*) ;; *) fail "nqueens resume of nqueens-mpi's parts printed: $out" ;; esac
echo "mid-task: nqueens-mpi kept the parts of a task begun, and resumed them: $out"

# mpirun terminated (it passes SIGTERM to the ranks; rank 0 saves): whatever
# was saved, resuming gives the exact count.
cp="$dir/cp16.json"
start=$(date +%s%N)
"$bin" count 16 --threads 2 >/dev/null
ms=$((($(date +%s%N) - start) / 1000000 * 3 / 4 + 500))  # 3/4 of the count, after mpirun's start-up
# mpirun sends SIGKILL 1 s after it passes on a SIGTERM (Open MPI's
# odls_base_sigkill_timeout): on a loaded machine rank 0 may need longer to
# save the checkpoint and remove its lock, so it gets 10 s, as
# docs/cluster.md advises.
mca="--mca odls_base_sigkill_timeout 10" job 2 count 16 --checkpoint "$cp" --checkpoint-interval 1 >/dev/null 2>&1 &
pid=$!
sleep "$(printf '%d.%03d' $((ms / 1000)) $((ms % 1000)))"
kill -TERM "$pid" 2>/dev/null  # SIGINT would be ignored: a background job of a script starts with it ignored
wait "$pid"
echo "mpirun interrupted at ${ms} ms: checkpoint $(grep -o '"tasks_done":[0-9]*,"tasks_total":[0-9]*' "$cp" 2>/dev/null)"
[ ! -e "$cp.lock" ] || fail "mpirun interrupted: rank 0 left the lock file $cp.lock"
out=$(run 2 count 16 --checkpoint "$cp") || fail "nqueens-mpi resume after interruption failed"
case $out in "n = 16: 14772512 solutions"*) ;; *) fail "nqueens-mpi resume printed: $out" ;; esac

# One counting rank terminated on its own (not through mpirun): the job must
# not hang; rank 0 saves the checkpoint, says which rank stopped, and aborts.
# rank_pid R: the pid of rank R of the job started with NQUEENS_TEST_TAG=$dir.
rank_pid() {
    local p env
    for p in /proc/[0-9]*; do
        env=$(tr '\0' '\n' 2>/dev/null <"$p/environ") || continue
        printf '%s\n' "$env" | grep -qx "NQUEENS_TEST_TAG=$dir" || continue
        printf '%s\n' "$env" | grep -Eqx "(OMPI_COMM_WORLD_RANK|PMI_RANK)=$1" && { echo "${p#/proc/}"; return; }
    done
}
# rank_once_saved R CP: the pid of rank R, once checkpoint CP exists (every
# rank is then past MPI_Init: a rank stopped or signalled inside it would
# test MPI_Init, not the case); up to 30 s, then prints nothing.
rank_once_saved() {
    local p= _
    for _ in $(seq 300); do
        [ -s "$2" ] && p=$(rank_pid "$1") && [ -n "$p" ] && break
        sleep 0.1
    done
    echo "$p"
}
# wait_ending PID MESSAGE: gives the job 60 s to end on its own; past that,
# fails with MESSAGE (and what the job said on stderr) and kills it.
# wait_ending PID MESSAGE TENTHS: the same, but after TENTHS tenths of a
# second, and past them it only kills the job when no rank of it is left
# (mpirun's own hang, see below).
wait_ending() {
    local _
    for _ in $(seq "${3:-600}"); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done
    if [ -n "${3:-}" ] && [ -z "$(rank_pid 0)$(rank_pid 1)$(rank_pid 2)" ]; then
        echo "mpirun still running with no rank left: killed"
    else
        fail "$2; stderr: $(head -c 2000 "$dir/err" 2>/dev/null)"
    fi
    # PID is the subshell that runs `run`: mpirun is its child, and would
    # outlive it (adopted by init) if only the subshell were killed.
    local p stat
    for p in /proc/[0-9]*; do
        stat=$(cat "$p/stat" 2>/dev/null) || continue
        set -- "$1" ${stat##*) }  # after the command name: state, then the parent's PID
        [ "${3:-}" = "$1" ] && kill -KILL "${p#/proc/}" 2>/dev/null
    done
    kill -KILL "$1"
}
cp="$dir/cp18.json"
NQUEENS_TEST_TAG=$dir run 3 count 18 --threads 1 --checkpoint "$cp" >"$dir/out" 2>"$dir/err" &
pid=$!
worker=$(rank_once_saved 1 "$cp")
if [ -z "$worker" ]; then
    fail "no rank 1 process found for the single-rank SIGTERM case"
else
    sleep 0.5
    kill -TERM "$worker"
    # Rank 0 then aborts the job, and mpirun may stay behind (see the faulty
    # rank below): once rank 0 has spoken and no rank is left, mpirun gets 10 s.
    for _ in $(seq 600); do
        kill -0 "$pid" 2>/dev/null || break
        grep -q '^nqueens-mpi: rank 1: interrupted by SIGTERM' "$dir/err" &&
            [ -z "$(rank_pid 0)$(rank_pid 1)$(rank_pid 2)" ] && break
        sleep 0.1
    done
    wait_ending "$pid" "nqueens-mpi hung 60 s after SIGTERM to rank 1 alone" 100
    wait "$pid"; status=$?
    [ "$status" -ne 0 ] || fail "nqueens-mpi exited 0 after SIGTERM to rank 1: $(cat "$dir/out")"
    grep -q '^nqueens-mpi: rank 1: interrupted by SIGTERM; checkpoint .* run the same command to resume$' "$dir/err" ||
        fail "SIGTERM to rank 1: rank 0 said: $(cat "$dir/err")"
    grep -q '"complete":false' "$cp" || fail "SIGTERM to rank 1: the checkpoint claims to be complete"
    echo "SIGTERM to rank 1 alone: exit $status, checkpoint $(grep -o '"tasks_done":[0-9]*,"tasks_total":[0-9]*' "$cp")"
    out=$(run 2 count 18 --checkpoint "$cp") || fail "nqueens-mpi resume after SIGTERM to rank 1 failed"
    case $out in "n = 18: 666090624 solutions"*) ;; *) fail "resume after SIGTERM to rank 1 printed: $out" ;; esac
fi

# A counting rank that cannot start its threads (the test hook
# NQUEENS_TEST_THREAD_START_FAILS=1 fails its second, as ulimit -u would):
# the job ends on its own with one line from rank 0 and a non-zero status,
# and its checkpoint resumes.
cp="$dir/threads.json"
NQUEENS_TEST_THREAD_START_FAILS=1 fault_run 3 count 14 --threads 2 --checkpoint "$cp" >"$dir/out" 2>"$dir/err" &
pid=$!
wait_ending "$pid" "nqueens-mpi hung 60 s after a rank could not start its threads"
wait "$pid"; status=$?
[ "$status" -ne 0 ] || fail "nqueens-mpi exited 0 when a rank could not start its threads: $(cat "$dir/out")"
[ "$(grep -c '^nqueens-mpi: ' "$dir/err")" -eq 1 ] &&
    grep -q "^nqueens-mpi: error: rank [12] cannot start its 2 counting threads: Resource temporarily unavailable; checkpoint '$cp' holds 0 of 42 tasks$" "$dir/err" ||
    fail "a rank could not start its threads: rank 0 said: $(cat "$dir/err")"
[ ! -s "$dir/out" ] || fail "a rank could not start its threads: printed on stdout: $(cat "$dir/out")"
out=$(run 2 count 14 --checkpoint "$cp") || fail "resume after a thread start failure failed"
case $out in "n = 14: 365596 solutions"*) ;; *) fail "resume after a thread start failure printed: $out" ;; esac

# A frozen counting rank (SIGSTOP; a hung node): silent past its lease, it
# is written off and the others count its tasks, to the exact count; with
# no rank left, rank 0 saves the checkpoint and prints one error line. Rank
# 0 then aborts the job; how mpirun ends a stopped process is its own
# affair (Open MPI 4.1 sometimes waits for it, or crashes), so once rank 0
# has spoken the frozen rank is killed, as an operator would, and mpirun's
# status is not checked. stop_rank R CP: SIGSTOP to rank R of the job
# started with NQUEENS_TEST_TAG=$dir (prints its pid), once checkpoint CP
# exists.
stop_rank() {
    local p
    p=$(rank_once_saved "$1" "$2")
    [ -n "$p" ] && sleep 0.5 && kill -STOP "$p" && echo "$p"
}
# end_frozen_job PID FROZEN FILE PATTERN WHAT: waits up to 120 s for a line
# matching PATTERN in FILE, then kills FROZEN and waits for the job (up to
# 60 s more; then it fails, unless no rank is left and only mpirun hangs).
end_frozen_job() {
    local pid=$1 frozen=$2 file=$3 pattern=$4 what=$5 _
    for _ in $(seq 1200); do
        grep -q "$pattern" "$file" 2>/dev/null && break
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    grep -q "$pattern" "$file" 2>/dev/null || fail "$what: rank 0 said nothing within 120 s: $(cat "$dir/err")"
    [ -n "$frozen" ] && kill -KILL "$frozen" 2>/dev/null
    # Every rank must be gone within 60 s; mpirun itself may stay behind
    # after rank 0's MPI_Abort (Open MPI 4.1's hang, see wait_ending).
    wait_ending "$pid" "$what: mpirun still running 60 s after the frozen rank was killed" 600
    wait "$pid" 2>/dev/null
}
# A rank that is written off and comes back, twice (SIGSTOP, then SIGCONT
# after its lease): it counts again, the others take its tasks each time,
# and the count ends exact, with status 0 and one warning per write-off and
# per return.
# n = 19, long enough for both; the rank to be frozen is slow on its first
# task (test hook NQUEENS_TEST_SLOW_RANK: 2 s more), so that it still holds
# work when the first SIGSTOP comes, however fast the others count.
# wait_for_lines FILE PATTERN K: up to 60 s for K lines matching PATTERN.
wait_for_lines() {
    local _
    for _ in $(seq 600); do
        [ "$(grep -c "$2" "$1" 2>/dev/null)" -ge "$3" ] && return 0
        sleep 0.1
    done
    return 1
}
cp="$dir/back.json"
silent='^nqueens-mpi: warning: rank 2 was silent for 3 s: written off, its [0-9]* unfinished tasks go to the other ranks$'
back='^nqueens-mpi: warning: rank 2 reported again after it was written off: it counts again$'
NQUEENS_TEST_TAG=$dir NQUEENS_TEST_SLOW_RANK=2 fault_run 3 count 19 --threads 1 --lease 3 --checkpoint "$cp" \
    >"$dir/out" 2>"$dir/err" &
pid=$!
frozen=$(stop_rank 2 "$cp") || fail "no rank 2 to freeze"
if [ -n "$frozen" ]; then
    wait_for_lines "$dir/err" "$silent" 1 || fail "rank 2 frozen: not written off within 60 s: $(cat "$dir/err")"
    kill -CONT "$frozen"
    wait_for_lines "$dir/err" "$back" 1 || fail "rank 2 woken: not heard from within 60 s: $(cat "$dir/err")"
    kill -STOP "$frozen"
    wait_for_lines "$dir/err" "$silent" 2 || fail "rank 2 frozen again: not written off within 60 s: $(cat "$dir/err")"
    kill -CONT "$frozen"
fi
# (n = 19 takes minutes under AddressSanitizer: up to 10 for the result.)
for _ in $(seq 6000); do
    grep -q "^n = 19: " "$dir/out" 2>/dev/null && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
done
wait_ending "$pid" "rank 2 written off twice: the count did not end within 60 s of its result"
wait "$pid"; status=$?
[ "$status" -eq 0 ] || fail "rank 2 written off twice: exit $status: $(cat "$dir/err")"
case $(cat "$dir/out") in "n = 19: 4968057848 solutions"*) ;; *) fail "rank 2 written off twice: printed $(cat "$dir/out")" ;; esac
[ "$(grep -c "$silent" "$dir/err")" -eq 2 ] && [ "$(grep -c "$back" "$dir/err")" -eq 2 ] &&
    [ "$(grep -c '^nqueens-mpi: ' "$dir/err")" -eq 4 ] ||
    fail "rank 2 written off twice: rank 0 said: $(cat "$dir/err")"
echo "rank 2 written off twice and back: $(cat "$dir/out")"
# Frozen mid-task: n = 17 by the cut of 16-part tasks, rank 2 stops itself
# right after its first report of parts of a task it does not finish
# (NQUEENS_TEST_FREEZE_ON_PARTS), so that rank 0's record holds parts of a
# task rank 2 holds. Rank 1 (its first task 2 s late, test hook
# NQUEENS_TEST_SLOW_RANK) then reruns rank 2's tasks whole once no new task
# is left, and the record takes the whole count over the parts; had the
# lease ended first, rank 2 would be written off and its tasks would go to
# rank 1 with those parts. Either way the count ends exact, with the nodes
# of one rank's count (no part counted twice into the record, none lost).
plain=$(NQUEENS_TEST_CUT=$cut fault_run 2 count 17 --json) || fail "nqueens-mpi count 17 of a cut in parts failed"
cp="$dir/frozen-parts.json"
NQUEENS_TEST_TAG=$dir NQUEENS_TEST_CUT=$cut NQUEENS_TEST_FREEZE_RANK=2 NQUEENS_TEST_FREEZE_ON_PARTS=1 \
    NQUEENS_TEST_SLOW_RANK=1 fault_run 3 count 17 --threads 1 --lease 3 --checkpoint "$cp" --json \
    >"$dir/out" 2>"$dir/err" &
pid=$!
frozen=$(rank_once_saved 2 "$cp")
[ -n "$frozen" ] || fail "no rank 2 found for a rank frozen mid-task"
end_frozen_job "$pid" "$frozen" "$dir/out" '"total":' "rank 2 frozen mid-task"
out=$(cat "$dir/out")
[ "$(field total "$out")" = 95815104 ] && [ "$(field nodes "$out")" = "$(field nodes "$plain")" ] ||
    fail "rank 2 frozen mid-task: '$out' (one counting rank: '$plain')"
if grep -q "^nqueens-mpi: warning: rank 2 was silent for 3 s: written off, its [1-9][0-9]* unfinished tasks go to the other ranks$" "$dir/err"; then
    echo "rank 2 frozen mid-task, written off: $out"
elif grep -q "^nqueens-mpi: warning: rank 2 was silent for [0-9]* s once every task was in: not waited for$" "$dir/err"; then
    echo "rank 2 frozen mid-task, its tasks rerun first: $out"
else
    fail "rank 2 frozen mid-task: rank 0 said: $(cat "$dir/err")"
fi
cp="$dir/frozen.json"
# The only counting rank stops itself once it has reported its first task
# (NQUEENS_TEST_FREEZE_RANK): a SIGSTOP from the script could come after
# n = 17's last task on a loaded machine.
NQUEENS_TEST_TAG=$dir NQUEENS_TEST_SLOW_RANK=1 NQUEENS_TEST_FREEZE_RANK=1 fault_run 2 count 17 --threads 1 \
    --lease 3 --checkpoint "$cp" >"$dir/out" 2>"$dir/err" &
pid=$!
frozen=$(rank_once_saved 1 "$cp")
[ -n "$frozen" ] || fail "no rank 1 found for the only counting rank frozen"
end_frozen_job "$pid" "$frozen" "$dir/err" "^nqueens-mpi: error: " "the only counting rank frozen"
[ ! -s "$dir/out" ] || fail "the only counting rank frozen: printed on stdout: $(cat "$dir/out")"
[ "$(grep -c '^nqueens-mpi: error: ' "$dir/err")" -eq 1 ] &&
    grep -q "^nqueens-mpi: error: the count stopped with [0-9]* of 72 tasks done (1 written off as silent); run the same command to resume$" "$dir/err" ||
    fail "the only counting rank frozen: rank 0 said: $(cat "$dir/err")"
out=$(run 2 count 17 --checkpoint "$cp") || fail "resume after a frozen rank failed"
case $out in "n = 17: 95815104 solutions"*) ;; *) fail "resume after a frozen rank printed: $out" ;; esac
# The default lease (no --lease): 4 times the longest task so far, and at
# least NQUEENS_TEST_LEASE_FLOOR (a test hook; 60 s otherwise). Rank 2
# spends 2 s more on its first task (test hook NQUEENS_TEST_SLOW_RANK) and
# stops itself once it has reported it (NQUEENS_TEST_FREEZE_RANK, a SIGSTOP
# at a known moment): it is written off after at least 8 s of silence, not
# after the floor's 3 s (3 heartbeats). n = 19, so that tasks are still out
# then; once the line is there, rank 0 is interrupted (the count's end is
# checked above).
cp="$dir/lease.json"
NQUEENS_TEST_TAG=$dir NQUEENS_TEST_SLOW_RANK=2 NQUEENS_TEST_FREEZE_RANK=2 NQUEENS_TEST_LEASE_FLOOR=3 \
    fault_run 3 count 19 --threads 1 --checkpoint "$cp" >"$dir/out" 2>"$dir/err" &
pid=$!
frozen=$(rank_once_saved 2 "$cp")
[ -n "$frozen" ] || fail "no rank 2 found for the default lease"
wait_for_lines "$dir/err" "^nqueens-mpi: warning: rank 2 was silent for " 1
rank0=$(rank_pid 0)
[ -n "$rank0" ] && kill -TERM "$rank0"
end_frozen_job "$pid" "$frozen" "$dir/err" "interrupted by SIGTERM" "rank 2 frozen after a long task"
line=$(grep "^nqueens-mpi: warning: rank 2 was silent for " "$dir/err")
lease=$(printf '%s' "$line" | sed -nE 's/^nqueens-mpi: warning: rank 2 was silent for ([0-9]+) s \(the default lease: 4 x the longest task so far, ([0-9.]+) s, and at least 3 s\): written off, its [0-9]+ unfinished tasks go to the other ranks$/\1 \2/p')
if [ -z "$lease" ] || [ "$(printf '%s\n' "$lease" | wc -l)" -ne 1 ]; then
    fail "rank 2 frozen after a long task: rank 0 said: $(cat "$dir/err")"
else
    set -- $lease
    awk -v l="$1" -v t="$2" 'BEGIN { exit !(t >= 2 && l >= 4 * t - 0.2 && l <= 4 * t + 1.2) }' ||
        fail "rank 2 frozen after a long task: a lease of $1 s for a longest task of $2 s, want 4 times it (at least 8 s)"
    echo "default lease: $line"
fi

# Once every task is in, a frozen rank is not waited for: with the default
# lease (60 s) the result comes as soon as the other rank has counted the
# frozen one's tasks, with no write-off, and one line says which rank was
# left (the job is then aborted with status 0, so mpirun's status is not
# checked).
cp="$dir/done.json"
NQUEENS_TEST_TAG=$dir NQUEENS_TEST_FREEZE_RANK=2 fault_run 3 count 17 --threads 1 --checkpoint "$cp" \
    >"$dir/out" 2>"$dir/err" &
pid=$!
frozen=$(rank_once_saved 2 "$cp")
end_frozen_job "$pid" "$frozen" "$dir/out" "^n = 17: " "rank 2 frozen, every task in"
case $(cat "$dir/out") in "n = 17: 95815104 solutions"*) ;; *) fail "rank 2 frozen, every task in: printed $(cat "$dir/out")" ;; esac
grep -q "written off" "$dir/err" && fail "rank 2 frozen, every task in: waited for its lease: $(cat "$dir/err")"
grep -q '^nqueens-mpi: warning: rank 2 was silent for [0-9]* s once every task was in: not waited for$' "$dir/err" ||
    fail "rank 2 frozen, every task in: rank 0 said: $(cat "$dir/err")"
grep -q '"complete":true' "$cp" || fail "rank 2 frozen, every task in: the checkpoint is not complete"

# expect_faulty WHAT N ENV...: a 3-rank job (or $np ranks) of count N on the test build,
# with the hook variables ENV (VAR=VALUE), one of them
# NQUEENS_TEST_WRONG_RANK=1 (one solution too many in its first result, a
# faulty node): it stops with one line naming the task counted twice, and
# prints nothing on stdout. Rank 0 then aborts the job; Open MPI 4.1's mpirun
# now and then stays behind after MPI_Abort with every rank already gone (a
# bug of its own): so once no rank of the job is left, mpirun is given 10 s,
# then killed without a verdict on its status.
expect_faulty() {
    local what=$1 n=$2 status _
    shift 2
    (export NQUEENS_TEST_TAG="$dir" "$@"; program=$faultbin job "${np:-3}" count "$n" --threads 1) >"$dir/out" 2>"$dir/err" &
    pid=$!
    for _ in $(seq 600); do
        kill -0 "$pid" 2>/dev/null || break
        grep -q '^nqueens-mpi: error: ' "$dir/err" && [ -z "$(rank_pid 0)$(rank_pid 1)$(rank_pid 2)" ] && break
        sleep 0.1
    done
    wait_ending "$pid" "nqueens-mpi hung 60 s with $what" 100
    wait "$pid"; status=$?
    [ "$status" -ne 0 ] && [ ! -s "$dir/out" ] || fail "$what: exit $status, printed: $(cat "$dir/out")"
    [ "$(grep -c '^nqueens-mpi: ' "$dir/err")" -eq 1 ] &&
        grep -q '^nqueens-mpi: error: task [0-9]* was counted twice with different results ([0-9]* and [0-9]* solutions, rank [12] the second): a node is faulty$' "$dir/err" ||
        fail "$what: rank 0 said: $(cat "$dir/err")"
}
# A faulty rank is caught while the count runs: each rank's first task is
# counted again by another rank.
expect_faulty "a rank wrong from its first result" 16 NQUEENS_TEST_WRONG_RANK=1
# A deterministic bug of the fast route (NQUEENS_TEST_SLICED_FAULT, planted in
# the sliced pair count: at n = 17 in every task), the same on every rank, is caught too: checks go by
# the check route, with two counting ranks and with one (-np 2), which
# checks its own tasks.
expect_faulty "a bug of the fast route on every rank" 17 NQUEENS_TEST_SLICED_FAULT=1
np=2 expect_faulty "a bug of the fast route, one counting rank" 17 NQUEENS_TEST_SLICED_FAULT=1

# Once no task is left to hand out, an idle rank reruns the oldest task still
# out with another rank: the first result counts, an equal second one is
# accepted (rank 1, test hook NQUEENS_TEST_SLOW_RANK, is slow on its first
# task), and a second that differs (NQUEENS_TEST_WRONG_RANK: one solution
# too many, a faulty node) stops the job with one line naming the task.
out=$(NQUEENS_TEST_SLOW_RANK=1 fault_run 3 count 14 --threads 1) || fail "nqueens-mpi with a slow rank failed"
case $out in "n = 14: 365596 solutions"*) ;; *) fail "nqueens-mpi with a slow rank printed: $out" ;; esac
expect_faulty "a faulty rank, slow on its first task" 14 NQUEENS_TEST_SLOW_RANK=1 NQUEENS_TEST_WRONG_RANK=1

expect_lease_error() {
    run 2 "$@" >"$dir/out" 2>"$dir/err"; status=$?
    [ "$status" -eq 2 ] && [ "$(grep -c '^nqueens-mpi: error: ' "$dir/err")" -eq 1 ] || fail "nqueens-mpi $*: exit $status: $(cat "$dir/err")"
}
expect_lease_error count 12 --lease 0
expect_lease_error count 12 --lease 5 --lease 6

# The same command prints the same keys whatever the number of ranks, and
# those of nqueens count; nqueens-mpi adds only "ranks".
keys() { python3 -c 'import json, sys; print(" ".join(json.load(sys.stdin)))'; }
want=$("$bin" count 12 --shard 0/2 --out "$dir/k.json" --json | keys)
for np in 1 2 3; do
    rm -f "$dir/k.json"
    got=$(run "$np" count 12 --shard 0/2 --out "$dir/k.json" --json | keys)
    [ "$got" = "$(printf '%s' "$want" | sed 's/ seconds / ranks seconds /')" ] ||
        fail "nqueens-mpi -np $np count 12 --shard 0/2 --json keys: '$got', nqueens count: '$want'"
done
case $want in *" threads_limited_by memory_budget "*) ;; *) fail "nqueens count 12 --shard 0/2 --json keys: '$want'" ;; esac

# Why a counting rank ran that many threads, and the memory budget they were
# chosen for, as nqueens count says them: asked with --threads (no budget);
# held back by --memory 1M where its share of the node's cores is more than
# one (1 or 2 ranks here: with 3, two counting ranks share the cores); by
# default the machine's budget, the same as nqueens count's.
has_all() {
    local json=$1 what=$2 word
    shift 2
    for word in "$@"; do
        case $json in *"$word"*) ;; *) fail "$what: no $word in $json" ;; esac
    done
}
budget=$("$bin" count 13 --json | grep -o '"memory_budget":[0-9]*')
[ -n "$budget" ] || fail "nqueens count 13 --json has no memory_budget"
for np in 1 2 3; do
    json=$(run "$np" count 13 --threads 2 --json) || fail "nqueens-mpi -np $np count 13 --threads 2 failed"
    has_all "$json" "nqueens-mpi -np $np --threads 2" '"total":73712' '"threads":2' '"threads_limited_by":"asked"'
    case $json in *memory_budget*) fail "nqueens-mpi -np $np: a budget with --threads: $json" ;; esac
    json=$(run "$np" count 13 --memory 1M --json) || fail "nqueens-mpi -np $np count 13 --memory 1M failed"
    has_all "$json" "nqueens-mpi -np $np --memory 1M" '"total":73712' '"threads":1' '"memory_budget":1048576'
    if [ "$np" -le 2 ] && [ "$(nproc)" -gt 1 ]; then
        has_all "$json" "nqueens-mpi -np $np --memory 1M" '"threads_limited_by":"memory"'
    fi
    json=$(run "$np" count 13 --json) || fail "nqueens-mpi -np $np count 13 failed"
    has_all "$json" "nqueens-mpi -np $np" '"total":73712' "$budget" '"threads_limited_by":'
    json=$(run "$np" count 13 --memory 64G --json) || fail "nqueens-mpi -np $np count 13 --memory 64G failed"
    has_all "$json" "nqueens-mpi -np $np --memory 64G" '"total":73712' '"memory_budget":68719476736'
done

# The progress line of nqueens count, from rank 0, on stderr only: with
# --progress into a file one line per report, the last at 100 %; without
# it (stderr is no terminal here) none.
for np in 1 2; do
    out=$(run "$np" count 14 --progress --json 2>"$dir/progress") || fail "nqueens-mpi -np $np --progress failed"
    [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || fail "nqueens-mpi -np $np --progress wrote to stdout: $out"
    grep -Eq '^ *[0-9]+\.[0-9] %  [0-9]+/[0-9]+ tasks  [0-9.]+s elapsed  ETA ' "$dir/progress" &&
        [ "$(tail -n 1 "$dir/progress" | cut -c1-7)" = "100.0 %" ] ||
        fail "nqueens-mpi -np $np --progress printed: $(cat "$dir/progress")"
done
run 2 count 14 --json >/dev/null 2>"$dir/progress" || fail "nqueens-mpi count 14 failed"
[ ! -s "$dir/progress" ] || fail "nqueens-mpi showed progress without a terminal: $(cat "$dir/progress")"

# A shard from nqueens-mpi merges with shards from nqueens.
run 2 count 13 --shard 0/2 --out "$dir/s0.json" >/dev/null || fail "nqueens-mpi --shard 0/2 failed"
"$bin" count 13 --shard 1/2 --out "$dir/s1.json" >/dev/null || fail "nqueens --shard 1/2 failed"
out=$("$bin" merge "$dir/s0.json" "$dir/s1.json") || fail "merge of mixed shards failed"
case $out in "n = 13: 73712 solutions"*) ;; *) fail "merge of mixed shards printed: $out" ;; esac
# nqueens-mpi's record names the route of each task as its rank counted it,
# and marks the tasks it checked: with one counting rank, that rank's first
# task (and 1 in 256 after it) by the check route.
out=$("$bin" merge "$dir/s0.json" "$dir/s1.json" --json) || fail "merge --json of mixed shards failed"
python3 - "$out" "$dir/s0.json" <<'PY' || fail "nqueens-mpi's shard does not name its routes: $out"
import json, sys
j = json.loads(sys.argv[1])
r = json.load(open(sys.argv[2]))
assert r["format_version"] == 5 and r["routes"][0].startswith("fast:"), r["routes"]
assert sum(j["counted_by"].values()) == j["tasks"] and "unrecorded" not in j["counted_by"], j
assert 1 <= j["checked"] <= 2 and j["checked_by"] == {"check": j["checked"]}, j
PY

# Refusals: exit 2 and one line from rank 0 naming the problem (mpirun may add its own report).
"$bin" count 12 --checkpoint "$dir/c12.json" >/dev/null
for args in "count 13 --checkpoint $dir/c12.json" "count 33" "count 12 --bogus" "frobnicate"; do
    run 2 $args >"$dir/out" 2>"$dir/err"
    status=$?
    [ "$status" -eq 2 ] || fail "nqueens-mpi $args exited $status, want 2"
    [ "$(grep -c '^nqueens-mpi: error: ' "$dir/err")" -eq 1 ] || fail "nqueens-mpi $args: $(cat "$dir/err")"
    [ -s "$dir/out" ] && fail "nqueens-mpi $args printed on stdout: $(cat "$dir/out")"
done

# Its messages say nqueens-mpi; --help ends by pointing to the manual; a
# --version that cannot be written is an error.
[ "$(run 1 --help | tail -n 1)" = "The manual, with exit statuses and examples: man nqueens" ] ||
    fail "nqueens-mpi --help does not end with the pointer to man nqueens"
# (started alone, as a singleton: under mpirun, mpirun writes the ranks' output)
if [ -w /dev/full ]; then
    "$mpibin" --version >/dev/full 2>"$dir/err" && fail "nqueens-mpi --version >/dev/full exited 0"
    grep -q "^nqueens-mpi: error: cannot write the output: No space left on device$" "$dir/err" ||
        fail "nqueens-mpi --version >/dev/full: $(cat "$dir/err")"
fi
run 1 count 10 --progress --no-progress >"$dir/out" 2>"$dir/err"
grep -q "^nqueens-mpi: error: --progress and --no-progress contradict each other" "$dir/err" ||
    fail "nqueens-mpi --progress --no-progress: $(cat "$dir/err")"
# mpirun writes rank 0's stdout and exits 0 even when that fails: with
# --result FILE the count is kept whole in FILE.
if [ -w /dev/full ]; then
    run 2 count 12 --result "$dir/m12.txt" >/dev/full 2>"$dir/err"
    grep -q "^n = 12: 14200 solutions (" "$dir/m12.txt" ||
        fail "nqueens-mpi --result under a lost stdout holds '$(cat "$dir/m12.txt" 2>&1)': $(cat "$dir/err")"
fi
out=$(run 2 count 5 --checkpoint "$dir/c5.json") || fail "nqueens-mpi count 5 --checkpoint failed"
case $out in *distinct*) fail "nqueens-mpi count 5 printed a distinct count unasked: $out" ;; esac

# Sums past 2^64, as n >= 29's are: the test build adds 2^62 to every task
# of n = 13 (NQUEENS_TEST_TASK_OFFSET); the ranks send each count whole and
# rank 0 prints the exact sum, a string of digits in --json, and keeps it in
# its checkpoint.
off=4611686018427387904
out=$(NQUEENS_TEST_TASK_OFFSET=$off fault_run 3 count 13 --threads 1 --json --checkpoint "$dir/wide.json") ||
    fail "nqueens-mpi count 13 inflated past 2^64 failed"
tasks=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["plan_size"])' "$dir/wide.json")
wide=$(python3 -c 'import sys; print(73712 + int(sys.argv[1]) * int(sys.argv[2]))' "$tasks" "$off")
case $out in *"\"total\":\"$wide\""*) ;; *) fail "nqueens-mpi count 13 inflated printed $out, want \"$wide\"" ;; esac
out=$("$bin" count 13 --checkpoint "$dir/wide.json") || fail "nqueens does not read nqueens-mpi's inflated checkpoint"
case $out in "n = 13: $wide solutions"*) ;; *) fail "nqueens-mpi's inflated checkpoint says $out" ;; esac

finish mpi_cli
