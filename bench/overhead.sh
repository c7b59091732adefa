#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# The cost of checkpointing and of MPI against a plain `nqueens count N`: builds Release, runs each variant
# R times (best of R), and prints a table of seconds and ratios to the plain run. Not part of ctest.
#
# usage: bench/overhead.sh [--sizes "16 17"] [--threads T] [--repeat R] [--np P] [--cxx COMPILER] [--build DIR]
#   variants: plain; --checkpoint (default: a write every 2 s); --checkpoint-interval 0 (a write,
#   with fsync, after every task: the worst case); mpirun -np P nqueens-mpi (rank 0 hands out
#   tasks, P - 1 ranks count on T threads each; --bind-to none, and once more with mpirun's default
#   binding of each rank to one core, to show its cost); K = 2 shards run one after the other, then merge;
#   merge --recheck all of a whole count (every task recounted by the check route: its cost).
#   "count s" is the time the program reports for the count; "wall s" includes start-up (mpirun's).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/.ci/setup"  # the project packages, Open MPI among them
build=$root/build-overhead
threads=2
repeat=3
np=2
cxx=${CXX:-g++}
sizes="16 17"
while [ $# -gt 0 ]; do
    case $1 in
    --sizes) sizes=$2; shift ;;
    --threads) threads=$2; shift ;;
    --repeat) repeat=$2; shift ;;
    --np) np=$2; shift ;;
    --cxx) cxx=$2; shift ;;
    --build) build=$2; shift ;;
    -h | --help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "overhead.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
    shift
done

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" \
    -DNQUEENS_BUILD_TESTS=OFF -DNQUEENS_BUILD_EXAMPLES=OFF -DNQUEENS_BUILD_APPS=ON -DNQUEENS_INSTALL=OFF >/dev/null
targets=(nqueens_cli)
have_mpi=0
if grep -q '^MPIEXEC_EXECUTABLE:FILEPATH=.' "$build/CMakeCache.txt"; then
    targets+=(nqueens_mpi)
    have_mpi=1
    mpiexec=$(sed -n 's/^MPIEXEC_EXECUTABLE:FILEPATH=//p' "$build/CMakeCache.txt")
fi
cmake --build "$build" -j2 --target "${targets[@]}" >/dev/null
nqueens=$build/bin/nqueens
mpibin=$build/bin/nqueens-mpi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# best VAR CMD...: runs CMD `repeat` times (each from a clean slate) and sets
# best_count (the program's "seconds") and best_wall to the best of each.
best_count=0
best_wall=0
measure() {
    local i out start end wall count
    best_count=""
    best_wall=""
    for ((i = 0; i < repeat; i++)); do
        rm -f "$work"/*.json
        start=$(date +%s.%N)
        out=$("$@")
        end=$(date +%s.%N)
        wall=$(echo "$end - $start" | bc -l)
        count=$(sed -nE 's/.*"seconds":([0-9.]+).*/\1/p' <<<"$out" | tail -1)
        [ -n "$count" ] || count=$wall
        if [ -z "$best_wall" ] || [ "$(echo "$wall < $best_wall" | bc -l)" = 1 ]; then best_wall=$wall; fi
        if [ -z "$best_count" ] || [ "$(echo "$count < $best_count" | bc -l)" = 1 ]; then best_count=$count; fi
    done
}

shards_then_merge() {
    local n=$1 total=0 s
    for i in 0 1; do
        s=$("$nqueens" count "$n" --threads "$threads" --shard "$i/2" --out "$work/s$i.json" --json)
        total=$(echo "$total + $(sed -nE 's/.*"seconds":([0-9.]+).*/\1/p' <<<"$s")" | bc -l)
    done
    "$nqueens" merge "$work/s0.json" "$work/s1.json" >/dev/null
    printf '{"seconds":%.3f}\n' "$total"
}

# recheck_all N: the count as one shard, then the wall time of `merge --recheck all`, which recounts
# every task by the check route (count_route::check) on all cores.
recheck_all() {
    local n=$1 start end
    "$nqueens" count "$n" --threads "$threads" --shard 0/1 --out "$work/all.json" >/dev/null
    start=$(date +%s.%N)
    "$nqueens" merge "$work/all.json" --recheck all >/dev/null
    end=$(date +%s.%N)
    printf '{"seconds":%.3f}\n' "$(echo "$end - $start" | bc -l)"
}

echo "# nqueens overhead: $(uname -m), $(nproc) cores, $cxx $("$cxx" -dumpversion), Release; threads = $threads," \
    "best of $repeat; $(date -u +%Y-%m-%d)"
printf '%-4s %-38s %9s %9s %8s %8s\n' n variant "count s" "wall s" "ratio" "wall r."
for n in $sizes; do
    measure "$nqueens" count "$n" --threads "$threads" --json
    plain_count=$best_count
    plain_wall=$best_wall
    row() {
        printf '%-4s %-38s %9.3f %9.3f %8.3f %8.3f\n' "$n" "$1" "$best_count" "$best_wall" \
            "$(echo "$best_count / $plain_count" | bc -l)" "$(echo "$best_wall / $plain_wall" | bc -l)"
    }
    row "count (plain)"
    measure "$nqueens" count "$n" --threads "$threads" --json --checkpoint "$work/cp.json"
    row "count --checkpoint (every 2 s)"
    measure "$nqueens" count "$n" --threads "$threads" --json --checkpoint "$work/cp.json" --checkpoint-interval 0
    row "count --checkpoint, every task"
    measure shards_then_merge "$n"
    row "2 shards in turn + merge"
    measure recheck_all "$n"
    row "merge --recheck all (check route)"
    if [ "$have_mpi" = 1 ]; then
        measure "$mpiexec" --allow-run-as-root --oversubscribe --bind-to none --mca btl self,vader --mca oob_tcp_if_include lo \
            -np "$np" "$mpibin" count "$n" --threads "$threads" --json
        row "mpirun -np $np nqueens-mpi"
        measure "$mpiexec" --allow-run-as-root --oversubscribe --bind-to none --mca btl self,vader --mca oob_tcp_if_include lo \
            -np "$np" "$mpibin" count "$n" --threads "$threads" --json --checkpoint "$work/cp.json"
        row "mpirun -np $np nqueens-mpi --checkpoint"
        measure "$mpiexec" --allow-run-as-root --oversubscribe --mca btl self,vader --mca oob_tcp_if_include lo \
            -np "$np" "$mpibin" count "$n" --threads "$threads" --json 2>/dev/null
        row "mpirun -np $np, default core binding"
    fi
done
