#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# The command line's contract for count, table and help: outputs, errors, exit codes.
# usage: basic_cli.sh path/to/nqueens
set -u
bin=$1
. "$(dirname "$0")/lib.sh"


expect_error
expect_error count
expect_error count 0
expect_error count 33
expect_error count x
expect_error count -1
expect_error count 8 9
expect_error count 8 --bogus
expect_error table --bogus
expect_error frobnicate

out=$("$bin" count 10) || fail "count 10 failed"
case $out in *724*) ;; *) fail "count 10 printed: $out" ;; esac

json=$("$bin" count 12 --json) || fail "count 12 --json failed"
for key in '"n":12' '"total":14200' '"seconds":'; do
    case $json in *"$key"*) ;; *) fail "count 12 --json lacks $key: $json" ;; esac
done
[ "$(printf '%s\n' "$json" | wc -l)" -eq 1 ] || fail "count --json is not one line"

table=$("$bin" table) || fail "table failed"
[ "$(printf '%s\n' "$table" | wc -l)" -eq 12 ] || fail "table has not 12 lines"
printf '%s\n' "$table" | grep -Eq '^ 8 92$' || fail "table lacks '8 92'"
printf '%s\n' "$table" | grep -Eq '^12 14200$' || fail "table lacks '12 14200'"

help=$("$bin" --help) || fail "--help failed"
case $help in *usage:*count*table*) ;; *) fail "--help: $help" ;; esac

# A value that looks like an option is not taken (write --out=--json for
# that); -h after an option that needs a value is that value missing, not
# a call for help (a script would exit 0 without counting). Run in $dir,
# where a wrongly taken "--json" would be created.
bin=$(realpath "$bin")
cd "$dir" || exit 1
expect_error_with "--out needs a value, not the option '--json' (for a value that starts with '-', write --out=--json)" \
    count 12 --shard 0/2 --out --json
[ ! -e ./--json ] || fail "a file named '--json' was created"
expect_error_with "--checkpoint needs a value, not the option '-h'" count 12 --checkpoint -h
expect_error_with "--format needs a value, not the option '--help'" solve 8 --format --help
expect_error_with "--threads needs a value, not the option '--json'" count 12 --threads --json
for args in "count -h" "count 12 --threads 2 -h" "solve --help" "merge -h" "-h"; do
    out=$("$bin" $args) || fail "'$args' exited $?"
    case $out in usage:*) ;; *) fail "'$args' did not print the help: $out" ;; esac
done
# A repeated option is refused, not silently overridden.
expect_error_with "'--json' is given twice; give each option once" count 12 --json --json
expect_error_with "'--threads' is given twice" count 12 --threads 2 --threads=3
expect_error_with "'--limit' is given twice" solve 8 --limit 1 --limit 2
expect_error_with "'--json' is given twice" table --json --json
expect_error_with "'--json' is given twice" merge a.json --json --json
cd - >/dev/null || exit 1

# Output that cannot be written is an error with one line on stderr, not a silent success.
if [ -w /dev/full ]; then
    "$bin" table >/dev/full 2>"$dir/full" && fail "table >/dev/full exited 0"
    [ "$(wc -l <"$dir/full")" -eq 1 ] || fail "table >/dev/full: stderr is not one line"
    for option in --help --version; do
        "$bin" "$option" >/dev/full 2>"$dir/full"; status=$?
        [ "$status" -eq 1 ] && [ "$(wc -l <"$dir/full")" -eq 1 ] &&
            grep -q "^nqueens: error: cannot write the output: No space left on device$" "$dir/full" ||
            fail "$option >/dev/full: exit $status: $(cat "$dir/full")"
    done
fi

# --help ends by pointing to the manual.
[ "$("$bin" --help | tail -n 1)" = "The manual, with exit statuses and examples: man nqueens" ] ||
    fail "--help does not end with the pointer to man nqueens: $("$bin" --help | tail -n 1)"

finish basic_cli
