# SPDX-License-Identifier: BSL-1.0
# Bash completion for nqueens and nqueens-mpi: commands, options, the words
# of --format, and file names after --checkpoint, --out, --result and for merge and subtotals.
# Installed as share/bash-completion/completions/nqueens (and nqueens-mpi);
# it also works sourced alone, without the bash-completion package.

# _nqueens_files: COMPREPLY = the file names that start with $cur.
_nqueens_files()
{
    if declare -F _filedir >/dev/null; then
        _filedir
    else
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
}

_nqueens()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    # "--out=FILE": bash splits it into "--out", "=", "FILE".
    if [[ $cur == = ]]; then
        cur=
    elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
        prev=${COMP_WORDS[COMP_CWORD - 2]}
    fi
    COMPREPLY=()

    case $prev in
        --checkpoint | --out | --result)
            _nqueens_files
            return
            ;;
        --format)
            mapfile -t COMPREPLY < <(compgen -W "board cols json" -- "$cur")
            return
            ;;
        --recheck)
            mapfile -t COMPREPLY < <(compgen -W "all" -- "$cur")
            return
            ;;
        --threads | --memory | --checkpoint-interval | --shard | --limit | --lease)
            return  # a number
            ;;
    esac

    local commands="count table solve merge subtotals" command='' i
    [[ ${COMP_WORDS[0]##*/} == nqueens-mpi ]] && commands=count
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
            count | table | solve | merge | subtotals)
                command=${COMP_WORDS[i]}
                break
                ;;
        esac
    done

    local options
    case $command in
        "") options="--help --version" ;;
        count) options="--threads --memory --unique --json --progress --no-progress --checkpoint
                        --checkpoint-interval --recheck --shard --out --result --trust-record --help"
               [[ ${COMP_WORDS[0]##*/} == nqueens-mpi ]] && options+=" --lease" ;;
        table) options="--json --help" ;;
        solve) options="--limit --unique --format --help" ;;
        merge) options="--json --recheck --trust-record --help" ;;
        subtotals) options="--trust-record --help" ;;
    esac
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
    elif [[ -z $command ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur")
    elif [[ $command == merge || $command == subtotals ]]; then
        _nqueens_files
    fi
}

complete -F _nqueens nqueens nqueens-mpi
