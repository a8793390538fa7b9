# fish completion for shapelygate(1)
# Options and their values until `--` or the first word that is not an option; from
# there, the wrapped command and its own arguments, completed as fish completes that
# command (as it does after sudo or timeout).

# Prints the wrapped command and the words after it typed so far (not the current one)
# and succeeds, once the command has started; fails while the cursor is among options.
function __shapelygate_wrapped
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l skip 0
    set -l index 0
    for token in $tokens
        set index (math $index + 1)
        if test $skip = 1
            set skip 0
            continue
        end
        switch $token
            case --
                set -e tokens[1..$index]
                string join \n -- $tokens
                return 0
            case -a -t -n -r -k -s -l --attempts --timeout --shapes-per-kind --rounds --kinds --strings --lang --seed --cooldown --extensions --for --verdict-fd --board --doors --approve --deny
                set skip 1
            case '-*'
            case '*'
                printf '%s\n' $tokens[$index..-1]
                return 0
        end
    end
    return 1
end

function __shapelygate_complete_wrapped
    set -l line
    for word in (__shapelygate_wrapped)
        set -a line (string escape -- $word)
    end
    complete -C (string join ' ' -- $line (commandline -ct))
end

# Kind names, also after a comma: --kinds=circle,st completes to circle,star.
function __shapelygate_kinds
    set -l value (commandline -ct | string replace -r -- '^(--kinds=|-k)' '')
    set -l names circle square triangle pentagon hexagon star diamond heart cross
    if string match -q -- '*,*' $value
        printf '%s\n' (string replace -r -- '[^,]*$' '' $value)$names
    else
        printf '%s\n' 2 3 4 5 6 7 8 9 $names
    end
end

set -l options 'not __shapelygate_wrapped'
complete -c shapelygate -n $options -s a -l attempts -x -d 'wrong answers that deny the gate (1-99)'
complete -c shapelygate -n $options -s t -l timeout -x -d 'seconds for each round (1-3600)'
complete -c shapelygate -n $options -l no-timeout -d 'no countdown'
complete -c shapelygate -n $options -s n -l shapes-per-kind -x -d 'tiles of each shape (1-9)'
complete -c shapelygate -n $options -s r -l rounds -x -d 'challenges to pass in a row (1-20)'
complete -c shapelygate -n $options -s k -l kinds -x -a '(__shapelygate_kinds)' -d 'shape kinds'
complete -c shapelygate -n $options -s s -l strings -r -F -d 'override strings plist or lproj folder'
complete -c shapelygate -n $options -s l -l lang -x -a 'en es fr de' -d language
complete -c shapelygate -n $options -l seed -x -d 'reproducible deals'
complete -c shapelygate -n $options -l verdict-fd -x -d 'write a pass to this descriptor (sudo plugin)'
complete -c shapelygate -n $options -l cooldown -x -d 'stay shut after a denial (0-86400)'
complete -c shapelygate -n $options -l extensions -x -d 'times + then Enter adds the time of a round (0-10)'
complete -c shapelygate -n $options -l strict -d 'at most 1 in 100 for a random guess'
complete -c shapelygate -n $options -l login -d 'for ~/.profile: every way out denies with status 1'
complete -c shapelygate -n $options -l for -x -d 'what a pass allows, shown and logged'
complete -c shapelygate -n $options -l no-color -d 'draw without colour'
complete -c shapelygate -n $options -l board -x -a 'picture words' -d 'picture, or plain lines for a screen reader'
complete -c shapelygate -n $options -l odds -d 'print the chance a random guess passes'
complete -c shapelygate -n $options -l check -F -d 'check the policy file and the doors\' lines, or the files named'
complete -c shapelygate -n $options -l check-sudo-conf -r -F -d 'check the sudo plugin lines of sudo.conf'
complete -c shapelygate -n $options -l doors -x -a '(__fish_complete_users)' -d 'list every way USER can become root and what guards it'
complete -c shapelygate -n $options -l json -d 'with --doors: print a JSON array'
complete -c shapelygate -n $options -l end-grace -d 'end your sudo grace window on this terminal now'
complete -c shapelygate -n $options -l pending -d 'list the sudo requests you may approve'
complete -c shapelygate -n $options -l approve -x -d 'approve that one request'
complete -c shapelygate -n $options -l revoke -d 'end the windows you granted, or one request\'s'
complete -c shapelygate -n $options -l deny -x -d 'refuse that one request'
complete -c shapelygate -n $options -l strings-template -x -a 'en es fr de' -d 'print a complete strings plist'
complete -c shapelygate -n $options -s h -l help -d 'show help'
complete -c shapelygate -n $options -s V -l version -d 'show the version'
complete -c shapelygate -n $options -x -a '(__fish_complete_command)'
complete -c shapelygate -n __shapelygate_wrapped -x -a '(__shapelygate_complete_wrapped)'
