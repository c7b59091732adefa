#!/usr/bin/env bash
# Times compiling count_queens<N>() (N = 10..14) and the n = 1..12 table with
# GCC 12 and Clang 14 under default limits; prints a Markdown table.
# usage: bench/compile_time.sh [MAX_N]   (default 14; each compile runs once)
set -euo pipefail
cd "$(dirname "$0")/.."
NQUEENS_BENCH=1 bash .ci/setup  # the compilers, Boost, GNU time
max_n=${1:-14}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
compilers=(g++ clang++-14)
include="-Iinclude"

# measure FILE COMPILER: prints "seconds peak_MB" or "failed"
measure() {
    local file=$1 cxx=$2
    if /usr/bin/time -f "%e %M" -o "$work/time" "$cxx" -std=c++20 $include -fsyntax-only "$file" \
        >"$work/log" 2>&1; then
        awk '{ printf "%.1f s, %d MB", $1, $2 / 1024 }' "$work/time"
    else
        echo "fails"
    fi
}

printf '| what | %s | %s |\n|---|---|---|\n' "${compilers[0]} $(g++ -dumpversion)" \
    "${compilers[1]} $(clang++-14 -dumpversion)"
for n in $(seq 10 "$max_n"); do
    printf '#include <nqueens/count.hpp>\nstatic_assert(nqueens::count_queens<%d>() > 0);\n' "$n" >"$work/n$n.cpp"
    printf '| `count_queens<%d>()` | %s | %s |\n' "$n" "$(measure "$work/n$n.cpp" g++)" \
        "$(measure "$work/n$n.cpp" clang++-14)"
done
printf '#include <nqueens/table.hpp>\nstatic_assert(nqueens::counts_table.size() == 12);\n' >"$work/table.cpp"
printf '| `counts_table` (n = 1..12) | %s | %s |\n' "$(measure "$work/table.cpp" g++)" \
    "$(measure "$work/table.cpp" clang++-14)"
echo
echo "Flags: -std=c++20 -fsyntax-only, default constexpr limits; wall time and peak memory of one run each, $(nproc) cores, $(date +%F)."
