#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Signals and limits: a signal ignored at start stays ignored (nohup, a script's `&`), a file too large
# fails into the error that keeps the count, a signal during start-up stops promptly; no lock or
# temporary file is left behind.
# usage: signals_cli.sh path/to/nqueens path/to/test-build/nqueens (the latter with the NQUEENS_TEST_* hooks)
set -u
bin=$1
faultbin=$2
. "$(dirname "$0")/lib.sh"

# tasks_done CP: the finished tasks the checkpoint CP holds (-1: none yet).
tasks_done() {
    local t
    t=$(grep -o '"tasks_done":[0-9]*' "$1" 2>/dev/null | cut -d: -f2)
    echo "${t:--1}"
}
# wait_for_save CP PID: until CP holds a task (the run's handlers are in place), or PID ends (60 s at most).
wait_for_save() {
    local _
    for _ in $(seq 1200); do
        [ "$(tasks_done "$1")" -gt 0 ] && return
        kill -0 "$2" 2>/dev/null || return
        sleep 0.05
    done
}
# no_leftovers FILE WHAT: neither FILE.lock nor a temporary file of FILE is left.
no_leftovers() {
    local left
    left=$(ls -d "$1".lock "$1".tmp.* 2>/dev/null)
    [ -z "$left" ] || fail "$2: left behind: $left"
}
# one_line WHAT PATTERN: $dir/err is one line matching the grep pattern.
one_line() {
    [ "$(wc -l <"$dir/err")" -eq 1 ] && grep -q "$2" "$dir/err" || fail "$1: stderr: $(cat "$dir/err")"
}

# nohup: SIGHUP is ignored at start and stays ignored. The run holds its 3rd
# task until stopped (fault hook), gets SIGHUP, then SIGTERM: SIGTERM is the
# one that stops it (a caught SIGHUP, pending first, would have won).
cp="$dir/hup.json"
NQUEENS_TEST_HOLD_TASK=3 nohup "$faultbin" count 16 --threads 2 --checkpoint "$cp" --checkpoint-interval 0 \
    >"$dir/out" 2>"$dir/err" &
pid=$!
wait_for_save "$cp" "$pid"
kill -HUP "$pid"
kill -TERM "$pid"
wait "$pid"; status=$?
[ "$status" -eq 143 ] || fail "nohup, SIGHUP then SIGTERM: exit $status, want 143 ($(cat "$dir/err"))"
one_line "nohup, SIGHUP then SIGTERM" "^nqueens: interrupted by SIGTERM; checkpoint '$cp' holds [0-9]* of 56 tasks"
no_leftovers "$cp" "nohup, SIGTERM"
# Without nohup, SIGHUP saves and stops (129). (The checkpoint goes first:
# wait_for_save must see this run's save, not the last one's.)
rm -f "$cp"
NQUEENS_TEST_HOLD_TASK=3 "$faultbin" count 16 --threads 2 --checkpoint "$cp" --checkpoint-interval 0 \
    >"$dir/out" 2>"$dir/err" &
pid=$!
wait_for_save "$cp" "$pid"
kill -HUP "$pid"
wait "$pid"; status=$?
[ "$status" -eq 129 ] || fail "SIGHUP: exit $status, want 129 ($(cat "$dir/err"))"
one_line "SIGHUP" "^nqueens: interrupted by SIGHUP; checkpoint '$cp' holds [0-9]* of 56 tasks"
no_leftovers "$cp" "SIGHUP"
# The release program under nohup: SIGHUP does not stop it; the count is exact.
rm -f "$cp"
nohup "$bin" count 16 --threads 2 --checkpoint "$cp" >"$dir/out" 2>"$dir/err" &
pid=$!
for _ in $(seq 200); do [ -e "$cp" ] && break; sleep 0.05; done
kill -HUP "$pid" 2>/dev/null
wait "$pid"; status=$?
[ "$status" -eq 0 ] && grep -q "^n = 16: 14772512 solutions" "$dir/out" ||
    fail "nohup nqueens count 16, SIGHUP: exit $status, '$(cat "$dir/out")' $(cat "$dir/err")"
no_leftovers "$cp" "nohup nqueens count 16"

# A script's background command starts with SIGINT ignored: it stays so.
rm -f "$cp"
NQUEENS_TEST_HOLD_TASK=3 "$faultbin" count 16 --threads 2 --checkpoint "$cp" --checkpoint-interval 0 \
    >"$dir/out" 2>"$dir/err" &
pid=$!
wait_for_save "$cp" "$pid"
kill -INT "$pid"
kill -TERM "$pid"
wait "$pid"; status=$?
[ "$status" -eq 143 ] || fail "SIGINT ignored at start, then SIGTERM: exit $status, want 143 ($(cat "$dir/err"))"
one_line "SIGINT ignored at start" "^nqueens: interrupted by SIGTERM; "

# A file too large for `ulimit -f` (SIGXFSZ would end the process): exit 1,
# one line that gives the count, no temporary file, no lock.
out_file="$dir/big-out.json"
(ulimit -f 1; exec "$bin" count 16 --out "$out_file") >"$dir/out" 2>"$dir/err"; status=$?
[ "$status" -eq 1 ] || fail "ulimit -f 1, --out: exit $status, want 1 ($(cat "$dir/err"))"
one_line "ulimit -f 1, --out" "^nqueens: error: cannot write '$out_file': File too large; the count, not saved: n = 16: 14772512 solutions (56 of 56 tasks)$"
no_leftovers "$out_file" "ulimit -f 1, --out"
# A checkpoint: its first save (0.3 kB at n = 16, before counting) fits in
# 1 kB, the last (1.5 kB) does not; a periodic save in between that fails
# only warns (a second line, once).
cp="$dir/big.json"
(ulimit -f 1; exec "$bin" count 16 --checkpoint "$cp") >"$dir/out" 2>"$dir/err"; status=$?
[ "$status" -eq 1 ] || fail "ulimit -f 1, --checkpoint: exit $status, want 1 ($(cat "$dir/err"))"
grep -v "^nqueens: warning: cannot write '$cp': File too large; counting on$" "$dir/err" >"$dir/err2"
mv "$dir/err2" "$dir/err"
one_line "ulimit -f 1, --checkpoint" "^nqueens: error: cannot write '$cp': File too large; the count, not saved: n = 16: 14772512 solutions (56 of 56 tasks)$"
no_leftovers "$cp" "ulimit -f 1, --checkpoint"
# Too large from the first save: refused before any counting.
rm -f "$cp"
# (stderr through a pipe: a file would be too large for it as well)
(ulimit -f 0; exec "$bin" count 16 --checkpoint "$cp" 2>&1 >/dev/null) | cat >"$dir/err"; status=${PIPESTATUS[0]}
# Its lock, written whole before it is linked, does not fit either: refused
# as a full disk is, exit 2, with no lock left to block the next run.
[ "$status" -eq 2 ] || fail "ulimit -f 0, --checkpoint: exit $status, want 2 ($(cat "$dir/err"))"
one_line "ulimit -f 0, --checkpoint" "^nqueens: error: --checkpoint '$cp': cannot write the lock file '$cp.lock': File too large$"
no_leftovers "$cp" "ulimit -f 0, --checkpoint"

# A signal during start-up: --recheck all of a finished n = 17 checkpoint
# recounts every task (seconds); SIGTERM once the lock is taken stops it
# within a second, with one line, the checkpoint unchanged and no lock.
cp="$dir/c17.json"
"$bin" count 17 --checkpoint "$cp" >/dev/null || fail "count 17 --checkpoint failed"
before=$(cksum <"$cp")
"$bin" count 17 --checkpoint "$cp" --recheck all >"$dir/out" 2>"$dir/err" &
pid=$!
for _ in $(seq 600); do [ -e "$cp.lock" ] && break; sleep 0.01; done
start=$(date +%s%N)
kill -TERM "$pid"
wait "$pid"; status=$?
ms=$((($(date +%s%N) - start) / 1000000))
[ "$status" -eq 143 ] || fail "SIGTERM during --recheck all: exit $status, want 143 ($(cat "$dir/out") $(cat "$dir/err"))"
[ "$ms" -lt 2000 ] || fail "SIGTERM during --recheck all: took $ms ms to stop"
one_line "SIGTERM during --recheck all" "^nqueens: interrupted by SIGTERM while rechecking '$cp', before counting; the file is unchanged$"
[ "$before" = "$(cksum <"$cp")" ] || fail "SIGTERM during --recheck all changed the checkpoint"
no_leftovers "$cp" "SIGTERM during --recheck all"
echo "SIGTERM during --recheck all: stopped in $ms ms"

# A signal in the first milliseconds of main (held there by the test hook,
# before the arguments are read): the count still stops with its line and
# 143, leaving no lock, rather than dying with no word.
cp="$dir/early.json"
NQUEENS_TEST_START_DELAY_MS=400 "$faultbin" count 16 --checkpoint "$cp" >"$dir/out" 2>"$dir/err" &
pid=$!
sleep 0.1
kill -TERM "$pid"
wait "$pid"; status=$?
[ "$status" -eq 143 ] || fail "SIGTERM at start: exit $status, want 143 ($(cat "$dir/err"))"
one_line "SIGTERM at start" "^nqueens: interrupted by SIGTERM"
no_leftovers "$cp" "SIGTERM at start"

finish signals_cli
