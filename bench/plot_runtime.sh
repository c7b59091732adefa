#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Draws the CSV of bench/runtime.sh as an SVG: wall seconds against n on a log
# scale, for the seed method, `nqueens count N` and `nqueens count N --unique`.
# Installs gnuplot (Debian's gnuplot-nox) with the bench packages if needed.
# Not part of ctest.
#
# usage: bench/plot_runtime.sh [CSV] [SVG]
#   CSV  the table runtime.sh wrote (default: build-bench/runtime.csv)
#   SVG  the plot to write (default: build-bench/runtime.svg; pass bench/runtime.svg to
#        replace the committed plot that docs/benchmarks.md shows)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
csv=${1:-$root/build-bench/runtime.csv}
svg=${2:-$root/build-bench/runtime.svg}
case ${1:-} in -h | --help) sed -n '3,11p' "$0"; exit 0 ;; esac
[ -f "$csv" ] || { echo "plot_runtime.sh: no CSV at '$csv'; run bench/runtime.sh first" >&2; exit 2; }
head -n 1 "$csv" | grep -q '^n,seed_s,.*,unique_s,' ||
    { echo "plot_runtime.sh: '$csv' is not a CSV of bench/runtime.sh" >&2; exit 2; }

NQUEENS_BENCH=1 bash "$root/.ci/setup"

# Written beside the target and renamed over it, so that a reader never
# sees half a plot and a symbolic link at the target is replaced, not followed.
mkdir -p "$(dirname "$svg")"
tmp=$(mktemp "$(dirname "$svg")/.runtime.svg.XXXXXX")
trap 'rm -f "$tmp"' EXIT
gnuplot <<GNUPLOT
set terminal svg size 720,440 dynamic font "sans,13"
set output "$tmp"
set datafile separator ","
set key top left Left reverse
set logscale y 10
set format y "10^{%L}"
set xlabel "n (board size)"
set ylabel "wall seconds, log scale"
set xtics 1
set grid ytics mytics xtics
set title "Counting all N-queens solutions: nqueens against the seed method"
plot "$csv" using 1:2 with linespoints lw 2 pt 7 title "seed method (1 thread)", \
     "" using 1:5 with linespoints lw 2 pt 5 title "nqueens count N (2 threads)", \
     "" using 1:8 with linespoints lw 2 pt 9 dt 2 title "nqueens count N --unique (2 threads)"
GNUPLOT
chmod 644 "$tmp"
mv -f "$tmp" "$svg"
trap - EXIT
echo "SVG: $svg"
