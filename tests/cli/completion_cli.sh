#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# The bash completion, sourced without the bash-completion package: commands,
# options (every option of --help is offered), --format's words, file names.
# usage: completion_cli.sh path/to/nqueens path/to/nqueens-completion.bash
set -u
bin=$(realpath "$1")
script=$(realpath "$2")
. "$(dirname "$0")/lib.sh"

cd "$dir" || exit 1
touch s0.json s1.json notes.txt
mkdir sub
# shellcheck source=/dev/null
. "$script" || fail "sourcing $script failed"
complete -p nqueens >/dev/null 2>&1 || fail "no completion registered for nqueens"
complete -p nqueens-mpi >/dev/null 2>&1 || fail "no completion registered for nqueens-mpi"

# completions WORDS...: what the completion offers for the last word, sorted, on one line.
completions() {
    COMP_WORDS=("$@")
    COMP_CWORD=$(($# - 1))
    COMPREPLY=()
    _nqueens
    printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ *$//'
}
expect() {
    local want=$1 got
    shift
    got=$(completions "$@")
    [ "$got" = "$want" ] || fail "completing '$*': got '$got', want '$want'"
}

expect "count merge solve subtotals table" nqueens ""
expect "count" nqueens co
expect "--help --version" nqueens --
expect "--threads" nqueens count 8 --th
expect "--checkpoint --checkpoint-interval" nqueens count 8 --checkpoint
expect "" nqueens count 8 --threads ""
expect "" nqueens count 8 --shard ""
expect "board cols json" nqueens solve 8 --format ""
expect "json" nqueens solve 8 --format j
expect "cols" nqueens solve 8 --format = c
expect "s0.json s1.json sub" nqueens count 8 --checkpoint s
expect "s0.json" nqueens count 8 --shard 0/2 --out s0
expect "notes.txt" nqueens count 8 --out = n
expect "notes.txt s0.json s1.json sub" nqueens merge ""
expect "s0.json s1.json sub" nqueens merge s0.json s
expect "s0.json s1.json sub" nqueens subtotals s
expect "--help --trust-record" nqueens subtotals s0.json --
expect "" nqueens table ""
expect "count" nqueens-mpi ""
expect "--unique" /usr/bin/nqueens-mpi count 8 --un

# Every option of `nqueens --help` but -h is offered somewhere.
{
    completions nqueens --
    echo
    for command in count table solve merge subtotals; do
        completions nqueens "$command" --
        echo
    done
} | tr ' ' '\n' | sort -u >"$dir/offered"
"$bin" --help | grep -oE -- '(^|[][ |,])--[a-z][a-z-]*' | sed -E 's/^[][ |,]//' | sort -u >"$dir/help_options"
[ -s "$dir/help_options" ] || fail "found no options in --help"
while read -r option; do
    grep -qxF -- "$option" "$dir/offered" || fail "$option is in --help but never offered by $script"
done <"$dir/help_options"

finish completion_cli
