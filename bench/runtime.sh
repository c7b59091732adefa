#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Builds Release and runs the seed method, `nqueens count N --threads T --json`
# and the same with --unique in turn for n = 14..17 (and 18 with --with-18),
# then prints a table with each run's seconds, peak memory (max RSS), nodes,
# nanoseconds per node and ratio to the seed method, and writes it as CSV.
# Not part of ctest.
#
# usage: bench/runtime.sh [--with-18] [--sizes "14 15"] [--threads T] [--repeat R] [--cxx COMPILER]
#                         [--build DIR] [--csv FILE]
#   --repeat R  runs each program R times and keeps the best time (default 1)
#   --sizes L   the board sizes to run instead of 14..17
#   --csv FILE  where the CSV goes (default: DIR/runtime.csv)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-bench
threads=2
repeat=1
cxx=${CXX:-g++}
sizes="14 15 16 17"
csv=""
while [ $# -gt 0 ]; do
    case $1 in
    --with-18) sizes="$sizes 18" ;;
    --sizes) sizes=$2; shift ;;
    --threads) threads=$2; shift ;;
    --repeat) repeat=$2; shift ;;
    --cxx) cxx=$2; shift ;;
    --build) build=$2; shift ;;
    --csv) csv=$2; shift ;;
    -h | --help) sed -n '2,14p' "$0"; exit 0 ;;
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
nqueens=$build/bin/nqueens

# field JSON KEY: the number after "KEY": in a one-line JSON object.
field() { sed -E "s/.*\"$2\":([0-9.]+).*/\1/" <<<"$1"; }

# run CMD...: runs CMD once; prints its JSON line with "cpu":user+sys seconds
# and "mb":peak resident memory in MB appended.
run() {
    local out cpu mb
    out=$(/usr/bin/time -f '%U %S %M' -o "$time_file" "$@")
    cpu=$(awk '{ printf "%.3f", $1 + $2 }' "$time_file")
    mb=$(awk '{ printf "%.1f", $3 / 1024 }' "$time_file")
    printf '%s,"cpu":%s,"mb":%s}\n' "${out%\}}" "$cpu" "$mb"
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
csv=${csv:-$build/runtime.csv}
echo "compiler: $compiler; flags: $flags; $(nproc) cores; best of $repeat"
echo "seed: plain bitmask DFS, first-row mirror halving, 1 thread"
echo "nqueens: nqueens count N --threads $threads --json --no-progress (totals: the meet-in-the-middle join); unique: the same with --unique"
echo "s = wall seconds (the program's own timer); MB = peak resident memory; ns/node = CPU (user+sys) time per node"
echo "ratio = seed s / nqueens s; u.ratio = seed s / unique s"
echo "nodes: queens placed; for nqueens, while building the half-board lists (the join then pairs them up)"
echo "load average before the runs: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%3s | %8s %14s %7s | %9s %6s %14s %7s | %8s %6s | %6s %7s\n' n "seed s" "seed nodes" "ns/node" \
    "nqueens s" MB nodes ns/node "unique s" MB ratio u.ratio
printf -- '----+-%s-+-%s-+-%s-+-%s\n' "--------------------------------" "-------------------------------------------" \
    "---------------" "---------------"
echo "n,seed_s,seed_nodes,seed_mb,nqueens_s,nqueens_nodes,nqueens_mb,unique_s,unique_mb,total,distinct,ratio,unique_ratio" >"$csv"
for n in $sizes; do
    s=$(best_of "$seed" "$n")
    q=$(best_of "$nqueens" count "$n" --threads "$threads" --json --no-progress)
    u=$(best_of "$nqueens" count "$n" --threads "$threads" --json --no-progress --unique)
    if [ "$(field "$s" total)" != "$(field "$q" total)" ] || [ "$(field "$s" total)" != "$(field "$u" total)" ]; then
        echo "runtime.sh: totals differ for n = $n: $s vs $q vs $u" >&2
        exit 1
    fi
    awk -v n="$n" -v ss="$(field "$s" seconds)" -v sn="$(field "$s" nodes)" -v sc="$(field "$s" cpu)" \
        -v smb="$(field "$s" mb)" -v qs="$(field "$q" seconds)" -v qn="$(field "$q" nodes)" \
        -v qc="$(field "$q" cpu)" -v qmb="$(field "$q" mb)" -v us="$(field "$u" seconds)" \
        -v umb="$(field "$u" mb)" -v total="$(field "$q" total)" -v distinct="$(field "$u" distinct)" \
        -v csv="$csv" 'BEGIN {
        printf "%3d | %8.3f %14.0f %7.2f | %9.3f %6.1f %14.0f %7.2f | %8.3f %6.1f | %5.1fx %6.1fx\n",
            n, ss, sn, sc * 1e9 / sn, qs, qmb, qn, qc * 1e9 / qn, us, umb, ss / qs, ss / us
        printf "%d,%.3f,%.0f,%.1f,%.3f,%.0f,%.1f,%.3f,%.1f,%s,%s,%.2f,%.2f\n",
            n, ss, sn, smb, qs, qn, qmb, us, umb, total, distinct, ss / qs, ss / us >> csv }'
done
echo "load average after the runs: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "CSV: $csv"
