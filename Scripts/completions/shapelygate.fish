# fish completion for shapelygate(1)
# Options until `--` or the first command word; then the command's own completions.

function __shapelygate_no_command
    set -l words (commandline -opc)
    set -e words[1]
    set -l skip 0
    for word in $words
        if test $skip = 1
            set skip 0
            continue
        end
        switch $word
            case -- '--'
                return 1
            case -a -t -n -r -k -s -l --attempts --timeout --shapes-per-kind --rounds --kinds --strings --lang --seed --cooldown
                set skip 1
            case '-*'
            case '*'
                return 1
        end
    end
    return 0
end

complete -c shapelygate -n __shapelygate_no_command -s a -l attempts -x -d 'wrong answers that deny the gate (1-99)'
complete -c shapelygate -n __shapelygate_no_command -s t -l timeout -x -d 'seconds for each round (1-3600)'
complete -c shapelygate -n __shapelygate_no_command -l no-timeout -d 'no countdown'
complete -c shapelygate -n __shapelygate_no_command -s n -l shapes-per-kind -x -d 'tiles of each shape (1-9)'
complete -c shapelygate -n __shapelygate_no_command -s r -l rounds -x -d 'challenges to pass in a row (1-20)'
complete -c shapelygate -n __shapelygate_no_command -s k -l kinds -x -a '2 3 4 5 6 7 8 9 circle square triangle pentagon hexagon star diamond heart cross' -d 'shape kinds'
complete -c shapelygate -n __shapelygate_no_command -s s -l strings -r -F -d 'override strings plist or lproj folder'
complete -c shapelygate -n __shapelygate_no_command -s l -l lang -x -a 'en es fr de' -d language
complete -c shapelygate -n __shapelygate_no_command -l seed -x -d 'reproducible deals'
complete -c shapelygate -n __shapelygate_no_command -l cooldown -x -d 'stay shut after a denial (0-86400)'
complete -c shapelygate -n __shapelygate_no_command -l strict -d 'at most 1 in 100 for a random guess'
complete -c shapelygate -n __shapelygate_no_command -l no-color -d 'draw without colour'
complete -c shapelygate -n __shapelygate_no_command -l odds -d 'print the chance a random guess passes'
complete -c shapelygate -n __shapelygate_no_command -l strings-template -x -a 'en es fr de' -d 'print a complete strings plist'
complete -c shapelygate -n __shapelygate_no_command -s h -l help -d 'show help'
complete -c shapelygate -n __shapelygate_no_command -s V -l version -d 'show the version'
complete -c shapelygate -n __shapelygate_no_command -x -a '(__fish_complete_subcommand)'
