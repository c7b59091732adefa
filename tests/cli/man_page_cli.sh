#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# nqueens(1) against --help: the same options (the OPTIONS tags of the man
# page), the same commands (its .SS headings); nqueens-mpi's options are in it
# too, and an option only nqueens-mpi has is allowed there; groff, where
# installed, renders it without a warning.
# usage: man_page_cli.sh path/to/nqueens path/to/nqueens.1 [path/to/mpiexec path/to/nqueens-mpi]
set -u
bin=$1
man=$2
. "$(dirname "$0")/lib.sh"

# The options ("--json", "-h") in a text, one per line, sorted.
options_in() { grep -oE -- '(^|[][ |,"(])--?[a-z][a-z-]*' | sed -E 's/^[][ |,"(]//' | sort -u; }
# The tag lines (the line after .TP) of the OPTIONS section, roff escapes removed.
man_option_tags() {
    awk '/^\.SH/ { in_options = ($2 == "OPTIONS") } in_options && tag { print } { tag = /^\.TP/ }' "$man" |
        sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g'
}

[ -s "$man" ] || { fail "no man page at $man"; finish man_page_cli; }
help=$("$bin" --help) || fail "--help failed"
printf '%s\n' "$help" | options_in >"$dir/help_options"
man_option_tags | options_in >"$dir/man_options"
[ -s "$dir/help_options" ] || fail "found no options in --help"
while read -r option; do
    grep -qxF -- "$option" "$dir/man_options" || fail "$option is in --help but not under OPTIONS in $man"
done <"$dir/help_options"

# Commands: the lines of --help that start with two spaces and a word, and the man page's .SS headings.
printf '%s\n' "$help" | sed -n '/^commands:/,/^options:/p' | grep -oE '^  [a-z]+' | tr -d ' ' | sort -u >"$dir/help_commands"
grep -E '^\.SS ' "$man" | awk '{ print $2 }' | sort -u >"$dir/man_commands"
[ -s "$dir/help_commands" ] || fail "found no commands in --help"
cmp -s "$dir/help_commands" "$dir/man_commands" ||
    fail "commands differ: --help has $(tr '\n' ' ' <"$dir/help_commands"), $man has $(tr '\n' ' ' <"$dir/man_commands")"

if [ $# -ge 4 ]; then
    mpi_help=$(ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" "$3" --allow-run-as-root \
        --oversubscribe --bind-to none --mca btl self,vader --mca oob_tcp_if_include lo -np 1 "$4" --help) ||
        fail "nqueens-mpi --help failed"
    printf '%s\n' "$mpi_help" | sed -n '/^options:/,$p' | options_in >"$dir/mpi_options"
    [ -s "$dir/mpi_options" ] || fail "found no options in nqueens-mpi --help"
    while read -r option; do
        grep -qxF -- "$option" "$dir/man_options" || fail "$option is in nqueens-mpi --help but not under OPTIONS in $man"
    done <"$dir/mpi_options"
else
    # Without nqueens-mpi, its own options are those the man page marks "(nqueens-mpi)".
    awk '/^\.SH/ { in_options = ($2 == "OPTIONS") } in_options && seen_tag && /nqueens\\-mpi/ { print tag }
         { seen_tag = (prev_tp == 1); if (/^\.TP/) { prev_tp = 1 } else { prev_tp = 0 }; if (seen_tag) tag = $0 }' "$man" |
        sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' | options_in >"$dir/mpi_options"
fi
# Every option of the man page is in one of the two --help texts (nqueens-mpi
# has options of its own, such as --lease).
while read -r option; do
    grep -qxF -- "$option" "$dir/help_options" "$dir/mpi_options" >/dev/null ||
        fail "$option is under OPTIONS in $man but in no --help"
done <"$dir/man_options"

if command -v groff >/dev/null; then
    groff -man -Tutf8 -ww -z "$man" 2>"$dir/groff" || fail "groff failed on $man"
    [ -s "$dir/groff" ] && fail "groff warns about $man: $(cat "$dir/groff")"
else
    echo "man_page_cli: groff not installed; rendering not checked"
fi

finish man_page_cli
