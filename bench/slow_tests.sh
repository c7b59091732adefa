#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Runs the tests too slow for CI (Catch2 tag [.slow]): OEIS A000170 and
# A002562 for n = 17..19 through the threaded engine, the join's total for
# n = 17..19 on one thread, and sampled join tasks of n = 19..23 against the
# plain search of the same sub-problems. Builds Release test binaries first.
# Takes minutes on 2 cores (19 when a CI run shared them). Not part of ctest.
#
# usage: bench/slow_tests.sh [--build DIR]   (default: build-slow)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-slow
while [ $# -gt 0 ]; do
    case $1 in
    --build) build=$2; shift ;;
    -h | --help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "slow_tests.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
    shift
done

bash "$root/.ci/setup"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DNQUEENS_BUILD_TESTS=ON -DNQUEENS_BUILD_EXAMPLES=OFF \
    -DNQUEENS_BUILD_APPS=OFF -DNQUEENS_INSTALL=OFF >/dev/null
log=$(mktemp)
trap 'rm -f "$log"' EXIT
cmake --build "$build" -j2 --target engine_test half_join_test >"$log" 2>&1 || { cat "$log"; exit 1; }

start=$(date +%s)
status=0
for t in engine_test half_join_test; do
    echo "== $t [.slow]"
    "$build/tests/$t" "[.slow]" --durations yes || status=1
done
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo "unknown commit")
verdict=$([ $status = 0 ] && echo passed || echo FAILED)
echo "slow tests $verdict: $(date -u +%Y-%m-%d), $commit, $(($(date +%s) - start)) s"
exit $status
