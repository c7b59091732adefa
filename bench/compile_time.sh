#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Times compiling what a user writes against the library, with GCC 12 and
# Clang 14 under default limits: the front header alone, the baked tables,
# count_queens<N>() for N = 10..MAX_N, count_distinct<13>() and the boards
# of N = 10; prints a Markdown table. For comparison only, also Debian 12's
# Clang 19, with its default constant evaluator and with
# -fexperimental-new-constant-interpreter.
# usage: bench/compile_time.sh [MAX_N]   (default 14; each file compiles once)
set -euo pipefail
cd "$(dirname "$0")/.."
NQUEENS_BENCH=1 bash .ci/setup  # the compilers, Boost, GNU time
max_n=${1:-14}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Each entry is a compiler command; the columns' headings name them.
compilers=(g++ clang++-14 clang++-19 "clang++-19 -fexperimental-new-constant-interpreter")

# measure FILE COMPILER: prints "CPU seconds, peak MB" or "fails". CPU time
# (user + system) rather than wall time: it does not grow when other work
# shares the cores; on an idle machine the two agree.
measure() {
    local file=$1 cxx=$2
    # shellcheck disable=SC2086 # the compiler's options split on purpose
    if /usr/bin/time -f "%U %S %M" -o "$work/time" $cxx -std=c++20 -Iinclude -fsyntax-only "$file" \
        >"$work/log" 2>&1; then
        awk '{ printf "%.1f s, %d MB", $1 + $2, $3 / 1024 }' "$work/time"
    else
        echo "fails"
    fi
}

# row LABEL BODY: one translation unit that includes the front header
row() {
    local file="$work/tu$RANDOM.cpp"
    printf '#include <nqueens/nqueens.hpp>\n%s\n' "$2" >"$file"
    local line="| $1 |" cxx
    for cxx in "${compilers[@]}"; do line+=" $(measure "$file" "$cxx") |"; done
    echo "$line"
}

header="| what |" rule="|---|"
for cxx in "${compilers[@]}"; do
    header+=" ${cxx/-fexperimental-new-constant-interpreter/(new interpreter)} $(${cxx%% *} -dumpversion) |"
    rule+="---|"
done
printf '%s\n%s\n' "$header" "$rule"
row 'front header, nothing used' ''
row '`counts_table()` (n = 1..12)' 'static_assert(nqueens::counts_table()[11] == 14200);'
row 'both tables (totals, distinct)' \
    'static_assert(nqueens::counts_table()[11] == 14200 && nqueens::counts_table<nqueens::table_of::distinct>()[11] == 1787);'
for n in $(seq 10 "$max_n"); do
    row "\`count_queens<$n>()\`" "static_assert(nqueens::count_queens<$n>() > 0);"
done
row '`count_distinct<13>()`' 'static_assert(nqueens::count_distinct<13>() == 9233);'
row '`solutions<10>()`, `distinct_solutions<10>()`' \
    'static_assert(nqueens::solutions<10>().size() == 724 && nqueens::distinct_solutions<10>().size() == 92);'
echo
echo "Flags: -std=c++20 -fsyntax-only, default constexpr limits; CPU time (user + system) and peak memory of one run each, $(nproc) cores, $(date +%F)."
