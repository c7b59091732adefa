#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# --version: the project version, the compiler and the target CPU on stdout, exit 0; --help names it.
# usage: version_cli.sh path/to/nqueens VERSION "COMPILER_ID COMPILER_VERSION" [path/to/mpiexec path/to/nqueens-mpi]
set -u
bin=$1
version=$2
compiler=$3
. "$(dirname "$0")/lib.sh"

# GCC and Clang name the CPU that -march resolves to.
case $compiler in
    GNU* | Clang*) cpu_pattern='^target CPU: -march=[^ ]+ \(.+\)$' ;;
    *) cpu_pattern='^target CPU: .+' ;;
esac

# check_version NAME OUTPUT: the three lines of `NAME --version`.
check_version() {
    local name=$1 out=$2
    [ "$(printf '%s\n' "$out" | sed -n 1p)" = "$name $version" ] || fail "$name --version, line 1: $out"
    [ "$(printf '%s\n' "$out" | sed -n 2p)" = "compiler: $compiler" ] || fail "$name --version, line 2: $out"
    printf '%s\n' "$out" | sed -n 3p | grep -Eq "$cpu_pattern" || fail "$name --version, line 3: $out"
    [ "$(printf '%s\n' "$out" | wc -l)" -eq 3 ] || fail "$name --version is not 3 lines: $out"
}

out=$("$bin" --version 2>"$dir/err") || fail "--version exited $?"
[ -s "$dir/err" ] && fail "--version wrote on stderr: $(cat "$dir/err")"
check_version nqueens "$out"
# Like --help, it wins wherever it stands.
check_version nqueens "$("$bin" count 8 --version)"
"$bin" --help | grep -Eq '^  --version  ' || fail "--help does not list --version"

if [ $# -ge 5 ]; then
    mpirun=$4
    mpibin=$5
    run() {
        ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" "$mpirun" --allow-run-as-root \
            --oversubscribe --bind-to none --mca btl self,vader --mca oob_tcp_if_include lo -np 1 "$mpibin" "$@"
    }
    mpi_out=$(run --version) || fail "nqueens-mpi --version exited $?"
    check_version nqueens-mpi "$mpi_out"
    # The same build facts as nqueens: one configuration, one source.
    [ "$(printf '%s\n' "$mpi_out" | sed 1d)" = "$(printf '%s\n' "$out" | sed 1d)" ] ||
        fail "nqueens-mpi --version differs from nqueens --version: $mpi_out"
    run --help | grep -Eq '^  --version  ' || fail "nqueens-mpi --help does not list --version"
fi

finish version_cli
