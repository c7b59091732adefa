#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# The Debian package: cpack -G DEB from the build tree, its control fields and
# files, then unpacked with dpkg -x into a scratch root (not installed on this
# machine): `nqueens table` runs from it and a find_package consumer builds
# against it.
# usage: deb.sh CPACK BUILD_DIR VERSION WITH_MPI(0|1) CMAKE GENERATOR CXX CONSUMER_SOURCE_DIR
set -u
cpack=$1
build=$2
version=$3
with_mpi=$4
cmake=$5
generator=$6
cxx=$7
consumer=$8
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
finish() {
    if [ "$failures" -ne 0 ]; then
        echo "deb: $failures failed"
        exit 1
    fi
    echo "deb: all passed"
    exit 0
}

if ! "$cpack" --config "$build/CPackConfig.cmake" -G DEB -B "$dir/pkg" >"$dir/cpack.log" 2>&1; then
    cat "$dir/cpack.log"
    fail "cpack -G DEB failed"
    finish
fi
debs=("$dir"/pkg/nqueens_*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || { fail "cpack made no single nqueens_*.deb: ${debs[*]}"; finish; }
deb=${debs[0]}
echo "package: ${deb##*/}"

[ "$(dpkg-deb -f "$deb" Package)" = nqueens ] || fail "Package: $(dpkg-deb -f "$deb" Package)"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "Version: $(dpkg-deb -f "$deb" Version), want $version"
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
wanted=(libboost-dev libstdc++6)
[ "$with_mpi" = 1 ] && wanted+=(openmpi-bin libopenmpi3)
for p in "${wanted[@]}"; do
    case ", $depends," in *", $p "* | *", $p,"*) ;; *) fail "Depends lacks $p: $depends" ;; esac
done

dpkg-deb -c "$deb" | awk '{ print $NF }' | sed 's|^\./|/|' >"$dir/contents"
files=(/usr/bin/nqueens /usr/include/nqueens/nqueens.hpp /usr/include/nqueens/detail/search/kernel.hpp
       /usr/lib/cmake/nqueens/nqueensConfig.cmake /usr/lib/cmake/nqueens/nqueensTargets.cmake
       /usr/share/pkgconfig/nqueens.pc /usr/share/man/man1/nqueens.1
       /usr/share/bash-completion/completions/nqueens /usr/share/doc/nqueens/copyright
       /usr/share/doc/nqueens/LICENSE_1_0.txt)
mpi_files=(/usr/bin/nqueens-mpi /usr/share/man/man1/nqueens-mpi.1 /usr/share/bash-completion/completions/nqueens-mpi)
for f in "${files[@]}"; do grep -qxF "$f" "$dir/contents" || fail "the package lacks $f"; done
for f in "${mpi_files[@]}"; do
    if [ "$with_mpi" = 1 ]; then
        grep -qxF "$f" "$dir/contents" || fail "the package lacks $f"
    else
        grep -qxF "$f" "$dir/contents" && fail "the package holds $f, but nqueens-mpi was not built"
    fi
done

dpkg -x "$deb" "$dir/root" || { fail "dpkg -x failed"; finish; }
# The licence, in Debian's machine-readable copyright format.
copyright=$dir/root/usr/share/doc/nqueens/copyright
head -1 "$copyright" | grep -q '^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/$' ||
    fail "copyright is not in the machine-readable format"
grep -qx 'License: BSL-1.0' "$copyright" || fail "copyright names no BSL-1.0 licence"
grep -qx ' Boost Software License - Version 1.0 - August 17th, 2003' "$copyright" || fail "copyright lacks the licence text"
cmp -s "$dir/root/usr/share/doc/nqueens/LICENSE_1_0.txt" "$(dirname "$0")/../../LICENSE_1_0.txt" ||
    fail "the packaged LICENSE_1_0.txt differs from the source tree's"
recommends=$(dpkg-deb -f "$deb" Recommends)
case ", $recommends," in *", bash-completion,"*) ;; *) fail "Recommends lacks bash-completion: $recommends" ;; esac
table=$("$dir/root/usr/bin/nqueens" table) || fail "the packaged nqueens table failed"
printf '%s\n' "$table" | grep -qx ' 8 92' || fail "the packaged nqueens table printed: $table"
first=$("$dir/root/usr/bin/nqueens" --version | head -1)
[ "$first" = "nqueens $version" ] || fail "the packaged nqueens --version: $first"

# find_package(nqueens) finds the unpacked package, not some other install.
if "$cmake" -S "$consumer" -B "$dir/consumer" -G "$generator" -DCMAKE_CXX_COMPILER="$cxx" \
        -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$dir/root/usr" >"$dir/configure.log" 2>&1 &&
    "$cmake" --build "$dir/consumer" >"$dir/build.log" 2>&1; then
    found=$(grep '^nqueens_DIR:' "$dir/consumer/CMakeCache.txt" | cut -d= -f2-)
    [ "$found" = "$dir/root/usr/lib/cmake/nqueens" ] || fail "find_package found $found, not the package"
    "$dir/consumer/consumer" || fail "the consumer built against the package failed"
else
    cat "$dir/configure.log" "$dir/build.log" 2>/dev/null
    fail "the find_package consumer did not build against the package"
fi

finish
