#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Builds Release and projects the core-hours of `nqueens count N` for each N
# from a sample of its tasks (bench/project_hours.cpp): tasks drawn at random
# from strata of equal estimated work, counted on one thread until the budget
# is spent, each stratum's seconds per unit of estimate scaling the rest.
# For N >= 23 (tasks in parts, each task minutes to years) each task drawn
# is estimated from a few of its parts.
# It prints, beside, the median, 99th percentile and largest of the parts'
# CPU seconds: a part is what an interrupt can lose on each thread.
# Not part of ctest.
#
# usage: bench/project_hours.sh [--seconds S | --rounds R] [--build DIR] [--against REV [--repeat K]]
#                               N[:B,K,K1[,P...]][/M...]...
#   N/M/...      sizes (or cuts) projected side by side in one process, a
#                round of each in turn, so that a drift of the machine's
#                speed touches them alike; each is printed against the one
#                before it (22/23/24: the steps from n = 22 to 24)
#   N:B,K,K1     n with another cut of the join (band rows, lead columns,
#                task lead columns), to compare cuts in one run; N:B,K,0,P
#                a task fixes only the first B - 1 band rows, N:B,K,0,PP
#                the first B - 2, and so on
#   --seconds S  the sampling budget per N (default 60); the round running
#                when it is spent still finishes, so large N take longer
#   --rounds R   instead of a budget, R tasks of every stratum, whatever
#                the time: the same tasks and parts on every run
#   --against REV  compares this tree's library with the one of git
#                revision REV (both measured by this tree's project_hours.cpp,
#                built in DIR-against from REV's files laid in
#                DIR-against-source): for each N, REV's build and this
#                tree's count the same R tasks of every stratum (--rounds,
#                default 20; same seed) at the same time, one a core (one
#                after the other on one core), so that a drift of the
#                machine's speed touches both alike; the ratio of their
#                projections is printed (this tree / REV)
#   --repeat K   with --against: K pairs of runs, each pair's ratio
#                printed and their median last (default 1)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-bench
seconds=60
against=""
rounds=20
rounds_given=""
repeat=1
sizes=()
while [ $# -gt 0 ]; do
    case $1 in
    --seconds) seconds=$2; shift ;;
    --build) build=$2; shift ;;
    --against) against=$2; shift ;;
    --rounds) rounds=$2; rounds_given=1; shift ;;
    --repeat) repeat=$2; shift ;;
    -h | --help) sed -n '2,37p' "$0"; exit 0 ;;
    -*) echo "project_hours.sh: unknown option '$1'" >&2; exit 2 ;;
    *) sizes+=("$1") ;;
    esac
    shift
done
[ ${#sizes[@]} -gt 0 ] || { echo "usage: bench/project_hours.sh [--seconds S | --rounds R] [--build DIR] [--against REV [--repeat K]] N[:B,K,K1[,P...]][/M...]..." >&2; exit 2; }
[[ $repeat =~ ^[0-9]+$ ]] && [ "$repeat" -ge 1 ] || { echo "project_hours.sh: --repeat takes a whole number of at least 1, not '$repeat'" >&2; exit 2; }
[[ $rounds =~ ^[0-9]+$ ]] && [ "$rounds" -ge 2 ] || { echo "project_hours.sh: --rounds takes a whole number of at least 2, not '$rounds'" >&2; exit 2; }
if [ -n "$against" ]; then
    for n in "${sizes[@]}"; do
        [[ $n != */* ]] || { echo "project_hours.sh: --against compares one size at a time, not '$n'" >&2; exit 2; }
    done
    commit=$(git -C "$root" rev-parse --verify --quiet "$against^{commit}") ||
        { echo "project_hours.sh: '$against' is not a git revision of $root" >&2; exit 2; }
fi

NQUEENS_BENCH=1 bash "$root/.ci/setup"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
    -DNQUEENS_BUILD_BENCH=ON -DNQUEENS_BUILD_TESTS=OFF -DNQUEENS_BUILD_EXAMPLES=OFF \
    -DNQUEENS_BUILD_APPS=ON -DNQUEENS_INSTALL=OFF >/dev/null
# A folder of our own for the logs; REV's run, while it runs beside this
# tree's, is stopped with the script.
scratch=$(mktemp -d)
log=$scratch/build.log
beside=""
trap '[ -z "$beside" ] || kill "$beside" 2>/dev/null || true; rm -rf "$scratch"' EXIT
trap 'exit 130' INT TERM
cmake --build "$build" -j2 --target project_hours >"$log" 2>&1 || { cat "$log"; exit 1; }

echo "compiler: $(${CXX:-c++} --version | head -n 1); -O3 -march=native; $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -z "$against" ]; then
    for n in "${sizes[@]}"; do
        if [ -n "$rounds_given" ]; then
            "$build/bench/project_hours" --rounds "$rounds" "$n"
        else
            "$build/bench/project_hours" "$n" "$seconds"
        fi
    done
    exit 0
fi

# REV's tree with this tree's project_hours.cpp, built the same way, in a
# source folder of its own. REV's files are laid out in the scratch folder
# and only those that differ from the source folder's are copied over (and
# those REV lacks removed), so that the files unchanged since the last run
# keep their times and the build stays up to date: against the same REV
# again, nothing is rebuilt.
source_dir=$build-against-source
fresh=$scratch/source
mkdir "$fresh"
git -C "$root" archive "$commit" | tar -x -C "$fresh"
cp "$root/bench/project_hours.cpp" "$fresh/bench/project_hours.cpp"
if [ -L "$source_dir" ] || { [ -e "$source_dir" ] && [ ! -d "$source_dir" ]; }; then
    echo "project_hours.sh: $source_dir is not a folder of ours" >&2
    exit 1
fi
mkdir -p "$source_dir"
(cd "$fresh" && find . -type f -print0) | while IFS= read -r -d '' f; do
    if ! cmp -s "$fresh/$f" "$source_dir/$f"; then
        mkdir -p "$(dirname "$source_dir/$f")"
        rm -f "$source_dir/$f"
        cp "$fresh/$f" "$source_dir/$f"
    fi
done
(cd "$source_dir" && find . -type f -print0) | while IFS= read -r -d '' f; do
    [ -e "$fresh/$f" ] || rm -f "$source_dir/$f"
done
cmake -S "$source_dir" -B "$build-against" -DCMAKE_BUILD_TYPE=Release \
    -DNQUEENS_BUILD_BENCH=ON -DNQUEENS_BUILD_TESTS=OFF -DNQUEENS_BUILD_EXAMPLES=OFF \
    -DNQUEENS_BUILD_APPS=ON -DNQUEENS_INSTALL=OFF >"$log" 2>&1 || { cat "$log"; exit 1; }
cmake --build "$build-against" -j2 --target project_hours >"$log" 2>&1 || { cat "$log"; exit 1; }
echo "against $(git -C "$root" rev-parse --short "$commit"): the same $rounds tasks of every stratum in both builds"
# A projection's core-seconds, from its line.
seconds_of() {
    awk '{ for (i = 2; i <= NF; ++i) if ($i == "core-hours" || $i == "core-seconds")
               { print $(i - 1) * ($i == "core-hours" ? 3600 : 1); exit } }'
}
short=$(git -C "$root" rev-parse --short "$commit")
for n in "${sizes[@]}"; do
    ratios=()
    for ((i = 0; i < repeat; ++i)); do
        # Both builds at the same time, one a core, where there are two:
        # a drift of the machine's speed then touches both alike.
        if [ "$(nproc)" -ge 2 ]; then
            "$build-against/bench/project_hours" --rounds "$rounds" "$n" >"$scratch/before" &
            beside=$!
            "$build/bench/project_hours" --rounds "$rounds" "$n" >"$scratch/after"
            wait "$beside"
            beside=""
            before=$(cat "$scratch/before")
            after=$(cat "$scratch/after")
        else
            before=$("$build-against/bench/project_hours" --rounds "$rounds" "$n")
            after=$("$build/bench/project_hours" --rounds "$rounds" "$n")
        fi
        echo "before: $before"
        echo "after:  $after"
        ratios+=("$(awk -v a="$(seconds_of <<<"$after")" -v b="$(seconds_of <<<"$before")" \
            'BEGIN { printf "%.3f", a / b }')")
        echo "n = $n: this tree / $short = ${ratios[-1]}"
    done
    if [ "$repeat" -gt 1 ]; then
        echo "n = $n: median of $repeat pairs, this tree / $short = $(printf '%s\n' "${ratios[@]}" | sort -n |
            awk '{ r[NR] = $1 } END { print NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2 }')"
    fi
done
