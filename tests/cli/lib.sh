# SPDX-License-Identifier: BSL-1.0
# Shared by the CLI test scripts, sourced once `bin` is set: a scratch
# directory, failure counting, the one-line-error check and the verdict.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# sanitized: "$bin" was built with AddressSanitizer (CI's ASan suite): its
# shadow memory does not fit under `ulimit -v`, so those cases are skipped.
sanitized() { grep -q __asan_init "$bin" 2>/dev/null; }

# expect_error_with WORDS ARGS...: "$bin" ARGS exits 2, prints nothing on
# stdout and one line on stderr that starts with "nqueens" and holds WORDS.
expect_error_with() {
    local words=$1 status err
    shift
    "$bin" "$@" >"$dir/out" 2>"$dir/err"; status=$?
    err=$(cat "$dir/err")
    [ "$status" -eq 2 ] || fail "'$*' exited $status, want 2 ($err)"
    if [ -s "$dir/out" ]; then fail "'$*' printed on stdout: $(head -c 200 "$dir/out")"; fi
    [ "$(wc -l <"$dir/err")" -eq 1 ] || fail "'$*' stderr is not one line: $err"
    case $err in nqueens*"$words"*) ;; *) fail "'$*' stderr lacks '$words': $err" ;; esac
}

# wait_until PID 'TEST': until the shell condition TEST (evaluated anew each
# time) holds, process PID ends, or 60 s have passed (a poll every 50 ms), so
# that a test stops a run at the state it wants and never hangs.
wait_until() {
    local pid=$1
    for _ in $(seq 1200); do
        eval "$2" && return 0
        kill -0 "$pid" 2>/dev/null || return 1
        sleep 0.05
    done
    return 1
}

# has_parts FILE: the record FILE keeps parts of a task begun.
has_parts() { grep -q '"partial":\[\[' "$1" 2>/dev/null; }

# expect_error ARGS...: the same, whatever the words.
expect_error() { expect_error_with "" "$@"; }

# reseal SRC DST CODE: the record file SRC with the Python statement CODE
# applied to its JSON object r and the checksum recomputed (record_checksum
# in include/nqueens/runtime/run_record.hpp), written to DST: a check after the
# checksum's is what must refuse it.
reseal() {
    python3 - "$@" <<'EOF'
import json, struct, sys
src, dst, code = sys.argv[1:4]
with open(src) as f:
    r = json.load(f)
exec(code)
h = 0xcbf29ce484222325
def add(s):
    global h
    for c in s.encode():
        h = ((h ^ c) * 0x100000001b3) & 0xffffffffffffffff
def num(v):
    add(str(v))
    add(",")
v3 = r["format_version"] >= 3  # 4: 3 with counts past 2^64 as strings; 5: with routes
add("nqueens-run/3:" if v3 else "nqueens-run/2:")
add(r["program"])
add("|")
num(r["n"])
if v3:
    p = r["plan"]
    for s in (r["mode"], p["method"]):
        add(s)
        add("|")
    for k in ("split_depth", "band_rows", "lead_columns", "task_lead_columns"):
        num(p.get(k, 0))
    if "task_band_rows" in p:  # every field of a join cut (format 3 first named four)
        num(p["task_band_rows"])
        num(1 if p["shared_tops"] else 0)
else:
    num(r["plan_version"])
seconds = struct.unpack("<Q", struct.pack("<d", float(r["seconds"])))[0]
for v in (r["plan_size"], r["shard"]["index"], r["shard"]["count"],
          r["total"], r["distinct"], r["nodes"], seconds, len(r["done"])):
    num(v)
for v in r["done"]:
    num(v)
num(len(r["counts"]))
for c in r["counts"]:
    for v in c:
        num(v)
if r.get("partial"):  # tasks begun
    add("|partial")
    num(len(r["partial"]))
    for p in r["partial"]:
        for v in p[:5]:
            num(v)
        num((len(p) - 5) // 2)
        for v in p[5:]:
            num(v)
if "routes" in r or "how" in r:  # layout version 5: each task's routes, in runs
    add("|routes")
    num(len(r["routes"]))
    for name in r["routes"]:
        add(name)
        add(",")
    tasks = [(c, k) for c, k, run in r["how"] for _ in range(run)]
    num(len(tasks))
    for c, k in tasks:
        num(c)
        num(k)
r["checksum"] = "fnv1a64:%016x" % h
with open(dst, "w") as f:
    f.write(json.dumps(r, separators=(",", ":"), allow_nan=True))
EOF
}

# finish NAME: prints the verdict; exits 1 after any failure.
finish() {
    if [ "$failures" -ne 0 ]; then
        echo "$1: $failures failed"
        exit 1
    fi
    echo "$1: all passed"
}
