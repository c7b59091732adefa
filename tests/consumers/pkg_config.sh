#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# A consumer built with nothing but `pkg-config --cflags/--libs nqueens` (and
# Boost's include directories) against a staged install.
# usage: pkg_config.sh STAGE VERSION CXX SOURCE [BOOST_INCLUDE_DIR...]
set -u
stage=$1
version=$2
cxx=$3
source=$4
shift 4
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

command -v pkg-config >/dev/null || { echo "FAIL: pkg-config is not installed (Debian: pkgconf)"; exit 1; }
[ -f "$stage/share/pkgconfig/nqueens.pc" ] || { echo "FAIL: no $stage/share/pkgconfig/nqueens.pc"; exit 1; }
export PKG_CONFIG_PATH=$stage/share/pkgconfig

got=$(pkg-config --modversion nqueens) || fail "pkg-config --modversion nqueens failed"
[ "$got" = "$version" ] || fail "pkg-config --modversion nqueens: '$got', want '$version'"
cflags=$(pkg-config --cflags nqueens) || fail "pkg-config --cflags nqueens failed"
libs=$(pkg-config --libs nqueens) || fail "pkg-config --libs nqueens failed"
echo "cflags: $cflags"
echo "libs: $libs"
# The include directory is the stage's, wherever the stage is.
include=$(printf '%s\n' "$cflags" | grep -oE -- '-I[^ ]+' | head -1 | cut -c3-)
[ -n "$include" ] && [ "$(cd "$include" 2>/dev/null && pwd -P)" = "$(cd "$stage/include" && pwd -P)" ] ||
    fail "--cflags does not point at $stage/include: $cflags"

boost=()
for d in "$@"; do boost+=("-I$d"); done
# shellcheck disable=SC2086  # the flags are words
if "$cxx" -std=c++20 $cflags "${boost[@]}" "$source" $libs -o "$dir/consumer"; then
    "$dir/consumer" || fail "the consumer built with pkg-config's flags failed"
else
    fail "compiling $source with pkg-config's flags failed"
fi

if [ "$failures" -ne 0 ]; then
    echo "pkg_config: $failures failed"
    exit 1
fi
echo "pkg_config: all passed"
