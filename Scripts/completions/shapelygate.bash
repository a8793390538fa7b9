# bash completion for shapelygate(1)
# Options and their values; after `--` or the first non-option word, the command and
# its own arguments are completed as bash would complete that command.

_shapelygate() {
    local cur prev i
    COMPREPLY=()
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}

    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
            --) _command_offset $((i + 1)); return ;;
            -a|-t|-n|-r|-k|-s|-l|--attempts|--timeout|--shapes-per-kind|--rounds|--kinds|--strings|--lang|--seed|--cooldown) ((i++)) ;;
            -*) ;;
            *) _command_offset "$i"; return ;;
        esac
    done

    case $prev in
        -s|--strings) mapfile -t COMPREPLY < <(compgen -f -- "$cur"); return ;;
        -l|--lang|--strings-template) mapfile -t COMPREPLY < <(compgen -W "en es fr de" -- "$cur"); return ;;
        -k|--kinds) mapfile -t COMPREPLY < <(compgen -W "2 3 4 5 6 7 8 9 circle square triangle pentagon hexagon star diamond heart cross" -- "$cur"); return ;;
        -a|-t|-n|-r|--attempts|--timeout|--shapes-per-kind|--rounds|--seed|--cooldown) return ;;
    esac

    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "-a --attempts -t --timeout --no-timeout -n --shapes-per-kind -r --rounds -k --kinds -s --strings -l --lang --cooldown --strict --seed --no-color --odds --strings-template -h --help -V --version --" -- "$cur")
    else
        mapfile -t COMPREPLY < <(compgen -c -- "$cur")
    fi
}
complete -F _shapelygate shapelygate
