#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Lock files (FILE.lock): created by a run and removed by it only; a file at the lock name that is not
# ours is kept and refused; a lock left by a killed run is taken over, one killed while made leaves none;
# the same file twice is refused at once.
# usage: locks_cli.sh path/to/nqueens path/to/test-build/nqueens (the latter with the NQUEENS_TEST_* hooks)
set -u
bin=$1
faultbin=$2
. "$(dirname "$0")/lib.sh"

# A file of the user's at the lock name: kept as it was, and refused with one line naming it.
cp="$dir/a.json"
printf 'my notes\n' >"$cp.lock"
expect_error_with "--checkpoint '$cp': '$cp.lock' exists and is not a lock file of nqueens" count 10 --checkpoint "$cp"
[ "$(cat "$cp.lock")" = "my notes" ] || fail "a foreign $cp.lock was changed: $(cat "$cp.lock" 2>&1)"
[ ! -e "$cp" ] || fail "a run refused for its lock wrote $cp"
# An empty one too (and a directory there).
: >"$cp.lock"
expect_error_with "'$cp.lock' exists and is not a lock file of nqueens" count 10 --checkpoint "$cp"
[ -e "$cp.lock" ] || fail "an empty foreign $cp.lock was removed"
rm -f "$cp.lock"
mkdir "$cp.lock"
expect_error_with "the lock file '$cp.lock' exists and cannot be opened (Is a directory)" count 10 --checkpoint "$cp"
rmdir "$cp.lock"
# A symbolic link at the lock name is not followed, and not removed.
ln -s "$dir/elsewhere" "$cp.lock"
expect_error_with "the lock file '$cp.lock' exists and cannot be opened" count 10 --checkpoint "$cp"
[ -L "$cp.lock" ] && [ ! -e "$dir/elsewhere" ] || fail "the symbolic link $cp.lock was followed or removed"
rm -f "$cp.lock"

# A result written to x.lock survives a later run on x: refused, not deleted.
"$bin" count 10 --out "$dir/x.lock" >/dev/null || fail "count 10 --out x.lock failed"
before=$(cksum <"$dir/x.lock")
expect_error_with "'$dir/x.lock' exists and is not a lock file of nqueens" count 10 --checkpoint "$dir/x"
[ "$before" = "$(cksum <"$dir/x.lock" 2>/dev/null)" ] || fail "the result file x.lock was changed or deleted by a run on x"

# A run's own lock: there while it runs (our content), gone after.
out=$("$bin" count 10 --checkpoint "$cp") || fail "count 10 --checkpoint failed"
[ ! -e "$cp.lock" ] || fail "a finished run left $cp.lock"

# A lock left by a killed run (SIGKILL: no clean-up) is recognised and taken over.
rm -f "$cp"
NQUEENS_TEST_HOLD_TASK=2 "$faultbin" count 14 --threads 2 --checkpoint "$cp" --checkpoint-interval 0 >/dev/null 2>&1 &
pid=$!
for _ in $(seq 600); do grep -q '"tasks_done":[1-9]' "$cp" 2>/dev/null && break; sleep 0.05; done
# While it runs, a second run on the file is refused (after its 3 s wait).
expect_error_with "--checkpoint '$cp' is in use by another run (it holds the lock file '$cp.lock')" count 14 --checkpoint "$cp"
head -n 1 "$cp.lock" | grep -qx "nqueens lock file" || fail "the lock file holds: $(cat "$cp.lock")"
kill -KILL "$pid"
wait "$pid" 2>/dev/null
[ -e "$cp.lock" ] || fail "SIGKILL left no lock file (the next check proves nothing)"
# The leftover is its owner's alone (0600): another user who may read the
# directory cannot open it to hold a shared lock that would block the resume.
[ "$(stat -c %a "$cp.lock")" = 600 ] || fail "the lock file's mode is $(stat -c %a "$cp.lock"), want 600"
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
    shared=$(mktemp -d)
    chmod 755 "$shared"
    cp "$cp" "$shared/s.json"
    cp -p "$cp.lock" "$shared/s.json.lock"
    setpriv --reuid=65534 --regid=65534 --clear-groups flock -s -n "$shared/s.json.lock" true 2>/dev/null &&
        fail "another user could hold a shared lock on a leftover lock file"
    rm -rf "$shared"
fi
out=$("$bin" count 14 --checkpoint "$cp" 2>"$dir/err") || fail "the run after a killed one failed: $(cat "$dir/err")"
case $out in "n = 14: 365596 solutions"*) ;; *) fail "the run after a killed one printed: $out" ;; esac
[ ! -e "$cp.lock" ] || fail "the run that took over a stale lock left it"

# A run killed while it makes its lock (written whole under a temporary name,
# not yet linked to FILE.lock) leaves no lock file, only that temporary one,
# which the next run removes once it holds the lock.
rm -f "$cp"
lock_temps() { find "$dir" -maxdepth 1 -name "$(basename "$cp").lock.tmp.*" | wc -l; }
NQUEENS_TEST_DIE_IN_LOCK=1 "$faultbin" count 10 --checkpoint "$cp" >/dev/null 2>&1; status=$?
[ "$status" -eq 137 ] || fail "NQUEENS_TEST_DIE_IN_LOCK=1: exit $status, want 137 (SIGKILL)"
[ ! -e "$cp.lock" ] || fail "a run killed while making its lock left $cp.lock: $(cat "$cp.lock")"
[ "$(lock_temps)" -eq 1 ] || fail "a run killed while making its lock left $(lock_temps) temporary lock files, want 1"
out=$("$bin" count 10 --checkpoint "$cp" 2>"$dir/err") || fail "the run after one killed in its lock failed: $(cat "$dir/err")"
case $out in "n = 10: 724 solutions"*) ;; *) fail "the run after one killed in its lock printed: $out" ;; esac
[ "$(lock_temps)" -eq 0 ] && [ ! -e "$cp.lock" ] || fail "the next run left lock files: $(ls "$dir")"

# The same file twice, written two ways: refused at once, naming both.
start=$(date +%s%N)
(cd "$dir" && "$bin" count 10 --checkpoint x.json --out ./x.json) >"$dir/out" 2>"$dir/err"; status=$?
ms=$((($(date +%s%N) - start) / 1000000))
[ "$status" -eq 2 ] && [ "$(wc -l <"$dir/err")" -eq 1 ] &&
    grep -q "^nqueens: error: --out './x.json' and --checkpoint 'x.json' are the same file" "$dir/err" ||
    fail "--checkpoint x.json --out ./x.json: exit $status: $(cat "$dir/err")"
[ "$ms" -lt 1500 ] || fail "--checkpoint x.json --out ./x.json took $ms ms to be refused"
[ ! -e "$dir/x.json.lock" ] || fail "--checkpoint x.json --out ./x.json left a lock"

finish locks_cli
