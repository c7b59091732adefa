#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# The order of a save, under strace: each checkpoint and --out file is written to its own new temporary
# file, which is fsynced before it is renamed over the file; the directory is fsynced after the rename.
# usage: save_order_cli.sh path/to/nqueens (exit 77, skipped, without a working strace)
set -u
bin=$1
. "$(dirname "$0")/lib.sh"
command -v strace >/dev/null && strace -o /dev/null true 2>/dev/null || { echo "no working strace: skipped"; exit 77; }

# check_saves TRACE FILE...: every save of each FILE in TRACE (one thread's
# calls: a save runs on one thread) is in order; prints how many there were.
check_saves() {
    python3 - "$@" <<'PY'
import re, sys
trace, names = sys.argv[1], sys.argv[2:]
lines = open(trace).read().splitlines()
bad, saves = [], 0
for name in names:
    base = name.rsplit("/", 1)[-1]
    temps = {}  # temp path -> its fd
    synced = set()  # temp paths whose fd was fsynced
    renamed_at = None
    for i, line in enumerate(lines):
        m = re.search(r'openat\(AT_FDCWD, "([^"]*%s\.tmp\.[^"]*)", [^)]*O_EXCL[^)]*\) = (\d+)' % re.escape(base), line)
        if m:
            temps[m.group(1)] = m.group(2)
            continue
        m = re.search(r'fsync\((\d+)\)\s+= 0', line)
        if m:
            for t, fd in temps.items():
                if fd == m.group(1) and t not in synced and renamed_at is None:
                    synced.add(t)
            continue
        m = re.search(r'rename\("([^"]*)", "([^"]*)"\) = 0', line)
        if m and m.group(2).endswith(base):
            saves += 1
            if m.group(1) not in temps:
                bad.append("line %d: renamed %s, not a new temporary file" % (i + 1, m.group(1)))
            elif m.group(1) not in synced:
                bad.append("line %d: renamed %s before its fsync" % (i + 1, m.group(1)))
            # The directory: opened with O_DIRECTORY and fsynced after the rename, before the next save.
            rest = lines[i + 1:]
            d = next((re.search(r'O_DIRECTORY[^)]*\) = (\d+)', l) for l in rest if "O_DIRECTORY" in l), None)
            if not d or not any(re.search(r'fsync\(%s\)\s+= 0' % d.group(1), l) for l in rest):
                bad.append("line %d: no fsync of the directory after renaming %s" % (i + 1, m.group(1)))
            temps.pop(m.group(1), None)
            synced.discard(m.group(1))
for b in bad:
    print("FAIL:", b)
print(saves)
sys.exit(1 if bad else 0)
PY
}

cd "$dir" || exit 1
for args in "count 12 --checkpoint c.json --checkpoint-interval 0" "count 12 --shard 1/2 --out o.json" \
            "count 13 --checkpoint c2.json --out o2.json"; do
    rm -f trace.*
    # -ff: one file per thread, so that no call is split by another thread's.
    # (LeakSanitizer, in CI's ASan suite, cannot run under a tracer.)
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" strace -ff -e trace=openat,fsync,fdatasync,rename,renameat,renameat2 -o trace "$bin" $args >/dev/null ||
        fail "strace $args failed"
    files=$(printf '%s\n' $args | grep '\.json$')
    saves=0
    for trace in trace.*; do
        got=$(check_saves "$trace" $files) || fail "$args: $(printf '%s' "$got" | grep FAIL | head -3)"
        saves=$((saves + $(printf '%s' "$got" | tail -n 1)))
    done
    [ "$saves" -ge 1 ] || fail "$args: strace saw no save of $files"
    echo "$args: $saves saves, each fsynced, renamed, then its directory fsynced"
done

finish save_order_cli
