#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Builds Release and projects the core-hours of `nqueens count N` for each N
# from a sample of its tasks (bench/project_hours.cpp): tasks drawn at random
# from strata of equal estimated work, counted on one thread until the budget
# is spent, each stratum's seconds per unit of estimate scaling the rest.
# For N >= 24 (tasks in parts, each task minutes to years) each task drawn
# is estimated from a few of its parts.
# Not part of ctest.
#
# usage: bench/project_hours.sh [--seconds S] [--build DIR] N[:B,K,K1[,P|,PP]]...
#   N:B,K,K1     n with another cut of the join (band rows, lead columns,
#                task lead columns), to compare cuts in one run; N:B,K,0,P
#                a task fixes only the first B - 1 band rows, N:B,K,0,PP
#                the first B - 2
#   --seconds S  the sampling budget per N (default 60); the task running
#                when it is spent still finishes, so large N take longer
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-bench
seconds=60
sizes=()
while [ $# -gt 0 ]; do
    case $1 in
    --seconds) seconds=$2; shift ;;
    --build) build=$2; shift ;;
    -h | --help) sed -n '2,17p' "$0"; exit 0 ;;
    -*) echo "project_hours.sh: unknown option '$1'" >&2; exit 2 ;;
    *) sizes+=("$1") ;;
    esac
    shift
done
[ ${#sizes[@]} -gt 0 ] || { echo "usage: bench/project_hours.sh [--seconds S] [--build DIR] N[:B,K,K1[,P|,PP]]..." >&2; exit 2; }

NQUEENS_BENCH=1 bash "$root/.ci/setup"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
    -DNQUEENS_BUILD_BENCH=ON -DNQUEENS_BUILD_TESTS=OFF -DNQUEENS_BUILD_EXAMPLES=OFF \
    -DNQUEENS_BUILD_APPS=ON -DNQUEENS_INSTALL=OFF >/dev/null
log=$(mktemp)
trap 'rm -f "$log"' EXIT
cmake --build "$build" -j2 --target project_hours >"$log" 2>&1 || { cat "$log"; exit 1; }

echo "compiler: $(${CXX:-c++} --version | head -n 1); -O3 -march=native; $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
for n in "${sizes[@]}"; do
    "$build/bench/project_hours" "$n" "$seconds"
done
