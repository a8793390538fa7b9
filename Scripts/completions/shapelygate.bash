# bash completion for shapelygate(1)
# Options and their values, given as `--name value`, `--name=value` or `-x value`; after
# `--` or the first word that is not an option, the wrapped command and its own
# arguments, completed as bash would complete that command (as sudo's and timeout's
# completions do: bash-completion's _command_offset when it is loaded, else command
# names and then file names).

_shapelygate_values() {
    local option=$1 cur=$2 kinds="circle square triangle pentagon hexagon star diamond heart cross"
    case $option in
        -s|--strings)
            compopt -o filenames 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
        --check-sudo-conf)
            compopt -o filenames 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
        --doors)
            mapfile -t COMPREPLY < <(compgen -u -- "$cur") ;;
        -l|--lang|--strings-template)
            mapfile -t COMPREPLY < <(compgen -W "en es fr de" -- "$cur") ;;
        --board)
            mapfile -t COMPREPLY < <(compgen -W "picture words" -- "$cur") ;;
        -k|--kinds)
            if [[ $cur == *,* ]]; then
                compopt -o nospace 2>/dev/null
                mapfile -t COMPREPLY < <(compgen -P "${cur%,*}," -W "$kinds" -- "${cur##*,}")
            else
                mapfile -t COMPREPLY < <(compgen -W "2 3 4 5 6 7 8 9 $kinds" -- "$cur")
            fi ;;
    esac
}

# The wrapped command starts at word $1.
_shapelygate_command() {
    local cur=${COMP_WORDS[COMP_CWORD]}
    if declare -F _command_offset >/dev/null; then
        _command_offset "$1"
    elif (($1 == COMP_CWORD)); then
        mapfile -t COMPREPLY < <(compgen -c -- "$cur")
    else
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
}

_shapelygate() {
    local cur=${COMP_WORDS[COMP_CWORD]} i=1 word
    COMPREPLY=()
    while ((i < COMP_CWORD)); do
        word=${COMP_WORDS[i]}
        # bash splits `--name=value` into three words, `=` being a word break.
        if [[ $word == --?* && ${COMP_WORDS[i + 1]-} == "=" ]]; then
            if ((i + 1 == COMP_CWORD)); then _shapelygate_values "$word" ""; return; fi
            if ((i + 2 == COMP_CWORD)); then _shapelygate_values "$word" "$cur"; return; fi
            ((i += 3))
            continue
        fi
        case $word in
            --) _shapelygate_command $((i + 1)); return ;;
            -a|-t|-n|-r|-k|-s|-l|--attempts|--timeout|--shapes-per-kind|--rounds|--kinds|--strings|--lang|--seed|--cooldown|--extensions|--for|--verdict-fd|--board|--strings-template|--check-sudo-conf|--doors|--approve|--deny)
                if ((i + 1 == COMP_CWORD)); then _shapelygate_values "$word" "$cur"; return; fi
                ((i += 2))
                continue ;;
            --check)
                # Every word after --check is a file to check.
                compopt -o filenames 2>/dev/null
                mapfile -t COMPREPLY < <(compgen -f -- "$cur")
                return ;;
            -*) ;;
            *) _shapelygate_command "$i"; return ;;
        esac
        ((i++))
    done
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "-a --attempts -t --timeout --no-timeout -n --shapes-per-kind -r --rounds -k --kinds -s --strings -l --lang --cooldown --extensions --strict --login --for --verdict-fd --seed --no-color --board --odds --strings-template --check --check-sudo-conf --doors --json --end-grace --pending --approve --revoke --deny -h --help -V --version --" -- "$cur")
    else
        mapfile -t COMPREPLY < <(compgen -c -- "$cur")
    fi
}
complete -F _shapelygate shapelygate
