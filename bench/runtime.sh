#!/usr/bin/env bash
# Builds Release and runs the seed method and `nqueens count N --threads T --json`
# in turn for n = 14..17 (and 18 with --with-18), then prints a table with each
# pair's ratio, nodes and nanoseconds per node. Not part of ctest.
#
# usage: bench/runtime.sh [--with-18] [--sizes "14 15"] [--threads T] [--repeat R] [--cxx COMPILER] [--build DIR]
#   --repeat R  runs each program R times and keeps the best time (default 1)
#   --sizes L   the board sizes to run instead of 14..17
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-bench
threads=2
repeat=1
cxx=${CXX:-g++}
sizes="14 15 16 17"
while [ $# -gt 0 ]; do
    case $1 in
    --with-18) sizes="$sizes 18" ;;
    --sizes) sizes=$2; shift ;;
    --threads) threads=$2; shift ;;
    --repeat) repeat=$2; shift ;;
    --cxx) cxx=$2; shift ;;
    --build) build=$2; shift ;;
    -h | --help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "runtime.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
    shift
done

# The project packages plus GNU time (CPU seconds) and Google Benchmark.
NQUEENS_BENCH=1 bash "$root/.ci/setup"

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" \
    -DNQUEENS_BUILD_BENCH=ON -DNQUEENS_BUILD_TESTS=OFF -DNQUEENS_BUILD_EXAMPLES=OFF \
    -DNQUEENS_BUILD_APPS=ON -DNQUEENS_INSTALL=OFF >/dev/null
log=$(mktemp)
cmake --build "$build" -j2 --target seed_reference nqueens_cli kernel_bench >"$log" 2>&1 || { cat "$log"; exit 1; }
rm -f "$log"

time_file=$(mktemp)
trap 'rm -f "$time_file"' EXIT
seed=$build/bench/seed_reference
nqueens=$build/apps/nqueens

# field JSON KEY: the number after "KEY": in a one-line JSON object.
field() { sed -E "s/.*\"$2\":([0-9.]+).*/\1/" <<<"$1"; }

# run CMD...: runs CMD once; prints its JSON line with "cpu":user+sys seconds appended.
run() {
    local out cpu
    out=$(/usr/bin/time -f '%U %S' -o "$time_file" "$@")
    cpu=$(awk '{ printf "%.3f", $1 + $2 }' "$time_file")
    printf '%s,"cpu":%s}\n' "${out%\}}" "$cpu"
}

# best_of CMD...: runs CMD $repeat times, prints the run with the least seconds.
best_of() {
    local best="" out
    for _ in $(seq "$repeat"); do
        out=$(run "$@")
        if [ -z "$best" ] || awk -v a="$(field "$out" seconds)" -v b="$(field "$best" seconds)" 'BEGIN { exit !(a < b) }'; then
            best=$out
        fi
    done
    printf '%s\n' "$best"
}

compiler=$("$cxx" --version | head -n 1)
flags="$(sed -n 's/^CMAKE_CXX_FLAGS_RELEASE:STRING=//p' "$build/CMakeCache.txt")"
grep -q '^NQUEENS_HAVE_MARCH_NATIVE:INTERNAL=1' "$build/CMakeCache.txt" &&
    grep -q '^NQUEENS_NATIVE:BOOL=ON' "$build/CMakeCache.txt" && flags="$flags -march=native (both programs)"
echo "compiler: $compiler; flags: $flags; $(nproc) cores; best of $repeat"
echo "seed: plain bitmask DFS, first-row mirror halving, 1 thread"
echo "nqueens: nqueens count N --threads $threads --json --no-progress (totals: the meet-in-the-middle join)"
echo "s = wall seconds (the program's own timer); ns/node = CPU (user+sys) time per node; ratio = seed s / nqueens s"
echo "nodes: queens placed; for nqueens, while building the half-board lists (the join then pairs them up)"
echo "load average before the runs: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%3s | %8s %14s %7s | %9s %14s %7s | %6s\n' n "seed s" "seed nodes" "ns/node" "nqueens s" "nodes" "ns/node" ratio
printf -- '----+-%s-+-%s-+-%s\n' "--------------------------------" "----------------------------------" "------"
for n in $sizes; do
    s=$(best_of "$seed" "$n")
    q=$(best_of "$nqueens" count "$n" --threads "$threads" --json --no-progress)
    if [ "$(field "$s" total)" != "$(field "$q" total)" ]; then
        echo "runtime.sh: totals differ for n = $n: $s vs $q" >&2
        exit 1
    fi
    awk -v n="$n" -v ss="$(field "$s" seconds)" -v sn="$(field "$s" nodes)" -v sc="$(field "$s" cpu)" \
        -v qs="$(field "$q" seconds)" -v qn="$(field "$q" nodes)" -v qc="$(field "$q" cpu)" 'BEGIN {
        printf "%3d | %8.3f %14.0f %7.2f | %9.3f %14.0f %7.2f | %5.1fx\n",
            n, ss, sn, sc * 1e9 / sn, qs, qn, qc * 1e9 / qn, ss / qs }'
done
echo "load average after the runs: $(cut -d' ' -f1-3 /proc/loadavg)"
