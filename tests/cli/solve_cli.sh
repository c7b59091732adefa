#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# The command line's contract for solve: outputs, formats, limits, errors, exit codes.
# usage: solve_cli.sh path/to/nqueens
set -u
bin=$1
. "$(dirname "$0")/lib.sh"

# valid_cols FILE N: every line is N distinct 1-based columns with no two queens attacking.
valid_cols() {
    awk -v n="$2" '
        NF != n { print "line " NR ": " NF " columns, want " n; bad = 1; next }
        {
            for (i = 1; i <= n; ++i) {
                c[i] = $i + 0
                if ($i !~ /^[0-9]+$/ || c[i] < 1 || c[i] > n) { print "line " NR ": bad column " $i; bad = 1; next }
            }
            for (i = 1; i <= n; ++i) for (j = i + 1; j <= n; ++j) {
                d = c[j] - c[i]
                if (d == 0 || d == j - i || d == i - j) { print "line " NR ": rows " i " and " j " attack"; bad = 1; next }
            }
        }
        END { exit bad }' "$1"
}


expect_error solve
expect_error solve 0
expect_error solve 33
expect_error solve x
expect_error solve 8 9
expect_error solve 8 --bogus
expect_error solve 8 --limit
expect_error solve 8 --limit 0
expect_error solve 8 --limit x
expect_error solve 8 --limit=-3
expect_error solve 8 --format
expect_error solve 8 --format yaml

# n = 8: 92 different valid lines, and 12 with --unique.
"$bin" solve 8 --format cols >"$dir/8" || fail "solve 8 --format cols failed"
[ "$(wc -l <"$dir/8")" -eq 92 ] || fail "solve 8 --format cols printed $(wc -l <"$dir/8") lines, want 92"
[ "$(sort -u "$dir/8" | wc -l)" -eq 92 ] || fail "solve 8 --format cols printed repeated lines"
valid_cols "$dir/8" 8 || fail "solve 8 --format cols printed an invalid board"
[ "$(head -n 1 "$dir/8")" = "1 5 8 6 3 7 2 4" ] || fail "the first solution for n = 8 is $(head -n 1 "$dir/8")"

"$bin" solve 8 --unique --format cols >"$dir/8u" || fail "solve 8 --unique failed"
[ "$(wc -l <"$dir/8u")" -eq 12 ] || fail "solve 8 --unique printed $(wc -l <"$dir/8u") lines, want 12"
valid_cols "$dir/8u" 8 || fail "solve 8 --unique printed an invalid board"
[ -z "$(comm -23 <(sort "$dir/8u") <(sort "$dir/8"))" ] || fail "--unique printed a board solve 8 does not"

# n = 12: all 14200, streamed, quickly.
start=$(date +%s%N)
"$bin" solve 12 --format cols >"$dir/12" || fail "solve 12 failed"
ms=$(( ($(date +%s%N) - start) / 1000000 ))
[ "$(wc -l <"$dir/12")" -eq 14200 ] || fail "solve 12 printed $(wc -l <"$dir/12") lines, want 14200"
# A hang guard, not a speed test (about 0.1 s at -O2; speed belongs in bench/).
[ "$ms" -lt 30000 ] || fail "solve 12 took $ms ms"
"$bin" solve 12 --unique --format=cols | wc -l | grep -qx 1787 || fail "solve 12 --unique is not 1787 lines"

# --limit, and a big board at once.
"$bin" solve 10 --limit 5 --format cols >"$dir/10" || fail "solve 10 --limit 5 failed"
[ "$(wc -l <"$dir/10")" -eq 5 ] || fail "solve 10 --limit 5 printed $(wc -l <"$dir/10") lines"
"$bin" solve 30 --limit 1 --format cols >"$dir/30" || fail "solve 30 --limit 1 failed"
[ "$(wc -l <"$dir/30")" -eq 1 ] || fail "solve 30 --limit 1 printed $(wc -l <"$dir/30") lines"
valid_cols "$dir/30" 30 || fail "solve 30 --limit 1 printed an invalid board"

# The default format is the picture: N rows of N squares, one 'Q' each, a blank line between boards.
"$bin" solve 30 --limit 1 >"$dir/30b" || fail "solve 30 --limit 1 (board) failed"
[ "$(wc -l <"$dir/30b")" -eq 30 ] || fail "solve 30 --limit 1 printed $(wc -l <"$dir/30b") rows"
grep -Evq '^\.*Q\.*$' "$dir/30b" && fail "solve 30 --limit 1 printed a row that is not '..Q..'"
[ "$(awk '{ print length($0) }' "$dir/30b" | sort -u)" = 30 ] || fail "solve 30 rows are not 30 squares"
"$bin" solve 4 >"$dir/4b" || fail "solve 4 failed"
printf '.Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n' | cmp -s - "$dir/4b" || fail "solve 4 printed: $(cat "$dir/4b")"

# No solution is no output, and success.
"$bin" solve 3 --format cols >"$dir/3" || fail "solve 3 failed"
[ -s "$dir/3" ] && fail "solve 3 printed something"

# JSON: one document, the boards as arrays of 1-based columns.
json=$("$bin" solve 4 --format json) || fail "solve 4 --format json failed"
flat=$(printf '%s' "$json" | tr -d '\n')
[ "$flat" = '{"n":4,"unique":false,"solutions":[[2,4,1,3],[3,1,4,2]],"count":2}' ] || fail "solve 4 --format json: $json"
if command -v python3 >/dev/null; then
    "$bin" solve 8 --unique --format json | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["n"] == 8 and d["unique"] is True and d["count"] == 12 and len(d["solutions"]) == 12, d
' || fail "solve 8 --unique --format json is not the JSON expected"
    "$bin" solve 3 --format json | python3 -c 'import json, sys; assert json.load(sys.stdin)["solutions"] == []' ||
        fail "solve 3 --format json is not valid JSON"
fi

# The first failed write ends solve at once. A reader gone (a closed pipe):
# quietly, with status 141, even when SIGPIPE is ignored (as it is under
# some job runners). Any other failure: one line and status 1. n = 20 has
# 39 billion solutions: without the stop, these would run for hours.
status=$( (trap '' PIPE; timeout 60 "$bin" solve 20 --format cols 2>"$dir/pipe-err" | head -n 1 >"$dir/first"
    echo "${PIPESTATUS[0]}") )
[ "$status" -eq 141 ] || fail "solve 20 | head -1 with SIGPIPE ignored exited $status, want 141 (124: still running after 60 s)"
[ ! -s "$dir/pipe-err" ] || fail "solve into a closed pipe printed on stderr: $(cat "$dir/pipe-err")"
valid_cols "$dir/first" 20 || fail "solve 20 | head -1 printed an invalid board"
status=$( ("$bin" solve 20 --format cols 2>"$dir/pipe-err" | head -n 1 >/dev/null; echo "${PIPESTATUS[0]}") )
[ "$status" -eq 141 ] || fail "solve 20 | head -1 exited $status, want 141"
if [ -w /dev/full ]; then
    timeout 60 "$bin" solve 20 --format cols >/dev/full 2>"$dir/full"; status=$?
    [ "$status" -eq 1 ] || fail "solve 20 >/dev/full exited $status, want 1 (124: still running after 60 s)"
    [ "$(wc -l <"$dir/full")" -eq 1 ] && grep -q '^nqueens: error: cannot write the output: No space left' "$dir/full" ||
        fail "solve 20 >/dev/full: stderr is not the one line expected: $(cat "$dir/full")"
fi

finish solve_cli
