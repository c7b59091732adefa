#!/usr/bin/env bash
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

# Output that cannot be written is an error with one line on stderr, not a silent success.
if [ -w /dev/full ]; then
    "$bin" table >/dev/full 2>"$dir/full" && fail "table >/dev/full exited 0"
    [ "$(wc -l <"$dir/full")" -eq 1 ] || fail "table >/dev/full: stderr is not one line"
fi

finish basic_cli
