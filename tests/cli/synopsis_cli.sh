#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# The README's synopsis against --help: the forms of each command, in order
# and word for word (the README's first text block under "## Command line",
# each "nqueens ..." line with its continuation lines), and every option of
# its other lines ("nqueens --help | --version") among --help's options.
# usage: synopsis_cli.sh path/to/nqueens path/to/README.md
set -u
bin=$1
readme=$2
. "$(dirname "$0")/lib.sh"

# The usage forms of --help's commands: a line of the commands section that
# starts before the description column (24) is a form's own text, the form
# starts where a line starts with two spaces and a word; whatever follows
# two spaces at column 22 is description. One form a line, spaces squeezed.
help_forms() {
    awk '/^commands:/ { on = 1; next } /^options:/ { on = 0 } !on { next }
         {
             match($0, /[^ ]/)
             if (RSTART == 0 || RSTART >= 24) next
             line = $0
             if (length(line) > 23 && substr(line, 22, 2) == "  " && substr(line, 24, 1) != " ")
                 line = substr(line, 1, 21)
             if (RSTART == 3) { if (form != "") print form; form = line } else form = form " " line
         }
         END { if (form != "") print form }' | sed -E 's/[[:space:]]+/ /g; s/^ //; s/ $//'
}

# The README's synopsis lines, continuation lines joined, "nqueens " dropped.
readme_forms() {
    awk '/^## Command line/ { s = 1; next } s && /^```text$/ { b = 1; next } b && /^```$/ { exit }
         b && /^nqueens / { if (form != "") print form; form = $0; next }
         b { form = form " " $0 }
         END { if (form != "") print form }' "$readme" | sed -E 's/[[:space:]]+/ /g; s/ $//; s/^nqueens //'
}

help=$("$bin" --help) || fail "--help failed"
printf '%s\n' "$help" | help_forms >"$dir/help_forms"
readme_forms >"$dir/readme_all"
grep -v '^-' "$dir/readme_all" >"$dir/readme_forms"
[ -s "$dir/help_forms" ] || fail "found no command forms in --help"
[ -s "$dir/readme_forms" ] || fail "found no synopsis under '## Command line' in $readme"
diff "$dir/help_forms" "$dir/readme_forms" >"$dir/diff" ||
    fail "the README's synopsis differs from --help (< --help, > README):
$(cat "$dir/diff")"

# The README's lines of options alone: each option in --help's options.
printf '%s\n' "$help" | sed -n '/^options:/,$p' | grep -oE -- '--?[a-z][a-z-]*' | sort -u >"$dir/help_options"
grep '^-' "$dir/readme_all" | grep -oE -- '--?[a-z][a-z-]*' | sort -u | while read -r option; do
    grep -qxF -- "$option" "$dir/help_options" || echo "$option"
done >"$dir/unknown"
[ ! -s "$dir/unknown" ] || fail "the README's synopsis names options --help lacks: $(tr '\n' ' ' <"$dir/unknown")"

finish synopsis_cli
