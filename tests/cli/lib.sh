# Shared by the CLI test scripts, sourced once `bin` is set: a scratch
# directory, failure counting, the one-line-error check and the verdict.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# expect_error_with WORDS ARGS...: "$bin" ARGS exits 2, prints nothing on
# stdout and one line on stderr that starts with "nqueens" and holds WORDS.
expect_error_with() {
    local words=$1 status err
    shift
    "$bin" "$@" >"$dir/out" 2>"$dir/err"; status=$?
    err=$(cat "$dir/err")
    [ "$status" -eq 2 ] || fail "'$*' exited $status, want 2 ($err)"
    if [ -s "$dir/out" ]; then fail "'$*' printed on stdout: $(head -c 200 "$dir/out")"; fi
    [ "$(wc -l <"$dir/err")" -eq 1 ] || fail "'$*' stderr is not one line: $err"
    case $err in nqueens*"$words"*) ;; *) fail "'$*' stderr lacks '$words': $err" ;; esac
}

# expect_error ARGS...: the same, whatever the words.
expect_error() { expect_error_with "" "$@"; }

# finish NAME: prints the verdict; exits 1 after any failure.
finish() {
    if [ "$failures" -ne 0 ]; then
        echo "$1: $failures failed"
        exit 1
    fi
    echo "$1: all passed"
}
