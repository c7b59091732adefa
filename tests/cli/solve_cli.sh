#!/usr/bin/env bash
# The command line's contract for solve: outputs, formats, limits, errors, exit codes.
# usage: solve_cli.sh path/to/nqueens
set -u
bin=$1
failures=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

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

# expect_error ARGS...: exit status 2, exactly one line on stderr, nothing on stdout.
expect_error() {
    local status err
    "$bin" "$@" >"$tmp/out" 2>"$tmp/err"; status=$?
    err=$(cat "$tmp/err")
    [ "$status" -eq 2 ] || fail "'$*' exited $status, want 2"
    [ -s "$tmp/out" ] && fail "'$*' printed on stdout: $(head -c 200 "$tmp/out")"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "'$*' stderr is not one line: $err"
    case $err in nqueens:*) ;; *) fail "'$*' stderr does not start with 'nqueens:': $err" ;; esac
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
"$bin" solve 8 --format cols >"$tmp/8" || fail "solve 8 --format cols failed"
[ "$(wc -l <"$tmp/8")" -eq 92 ] || fail "solve 8 --format cols printed $(wc -l <"$tmp/8") lines, want 92"
[ "$(sort -u "$tmp/8" | wc -l)" -eq 92 ] || fail "solve 8 --format cols printed repeated lines"
valid_cols "$tmp/8" 8 || fail "solve 8 --format cols printed an invalid board"
[ "$(head -n 1 "$tmp/8")" = "1 5 8 6 3 7 2 4" ] || fail "the first solution for n = 8 is $(head -n 1 "$tmp/8")"

"$bin" solve 8 --unique --format cols >"$tmp/8u" || fail "solve 8 --unique failed"
[ "$(wc -l <"$tmp/8u")" -eq 12 ] || fail "solve 8 --unique printed $(wc -l <"$tmp/8u") lines, want 12"
valid_cols "$tmp/8u" 8 || fail "solve 8 --unique printed an invalid board"
[ -z "$(comm -23 <(sort "$tmp/8u") <(sort "$tmp/8"))" ] || fail "--unique printed a board solve 8 does not"

# n = 12: all 14200, streamed, quickly.
start=$(date +%s%N)
"$bin" solve 12 --format cols >"$tmp/12" || fail "solve 12 failed"
ms=$(( ($(date +%s%N) - start) / 1000000 ))
[ "$(wc -l <"$tmp/12")" -eq 14200 ] || fail "solve 12 printed $(wc -l <"$tmp/12") lines, want 14200"
# A hang guard, not a speed test (about 0.1 s at -O2; speed belongs in bench/).
[ "$ms" -lt 30000 ] || fail "solve 12 took $ms ms"
"$bin" solve 12 --unique --format=cols | wc -l | grep -qx 1787 || fail "solve 12 --unique is not 1787 lines"

# --limit, and a big board at once.
"$bin" solve 10 --limit 5 --format cols >"$tmp/10" || fail "solve 10 --limit 5 failed"
[ "$(wc -l <"$tmp/10")" -eq 5 ] || fail "solve 10 --limit 5 printed $(wc -l <"$tmp/10") lines"
"$bin" solve 30 --limit 1 --format cols >"$tmp/30" || fail "solve 30 --limit 1 failed"
[ "$(wc -l <"$tmp/30")" -eq 1 ] || fail "solve 30 --limit 1 printed $(wc -l <"$tmp/30") lines"
valid_cols "$tmp/30" 30 || fail "solve 30 --limit 1 printed an invalid board"

# The default format is the picture: N rows of N squares, one 'Q' each, a blank line between boards.
"$bin" solve 30 --limit 1 >"$tmp/30b" || fail "solve 30 --limit 1 (board) failed"
[ "$(wc -l <"$tmp/30b")" -eq 30 ] || fail "solve 30 --limit 1 printed $(wc -l <"$tmp/30b") rows"
grep -Evq '^\.*Q\.*$' "$tmp/30b" && fail "solve 30 --limit 1 printed a row that is not '..Q..'"
[ "$(awk '{ print length($0) }' "$tmp/30b" | sort -u)" = 30 ] || fail "solve 30 rows are not 30 squares"
"$bin" solve 4 >"$tmp/4b" || fail "solve 4 failed"
printf '.Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n' | cmp -s - "$tmp/4b" || fail "solve 4 printed: $(cat "$tmp/4b")"

# No solution is no output, and success.
"$bin" solve 3 --format cols >"$tmp/3" || fail "solve 3 failed"
[ -s "$tmp/3" ] && fail "solve 3 printed something"

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

if [ "$failures" -ne 0 ]; then echo "$failures failed"; exit 1; fi
echo "solve_cli: all passed"
