#!/usr/bin/env bash
# apt guard: puts shapelygate in front of apt, apt-get, aptitude and dpkg — also when run
# through sudo — whenever they would change the system. Read-only uses (search, show,
# list, policy, update, dpkg -l/-L/-s ...) pass straight through, untouched.
#
# Guarded: install, reinstall, remove, purge, upgrade, full-upgrade, dist-upgrade,
# dselect-upgrade, build-dep, satisfy, autoremove (and autopurge, aptitude's
# safe-upgrade); dpkg -i/-r/-P, --install/--remove/--purge/--unpack.
#
# Use: source it from ~/.bashrc or ~/.zshrc (`. /path/to/apt-guard.sh`); it defines the
# functions apt, apt-get, aptitude, dpkg and sudo. `sudo apt install cowsay` asks on
# the terminal first, as the user, before sudo asks for a password; a denial returns 1
# and neither sudo nor apt runs. Run it to try it:
#   Scripts/examples/apt-guard.sh sudo apt install cowsay
# It is a speed bump: `command apt ...` or a full path goes around it.

# Succeeds when `TOOL ARGS...` would change the installed packages.
apt_guard_changes() {
    local tool=${1##*/} word skip=0
    shift
    case $tool in
        dpkg)
            for word in "$@"; do
                case $word in
                    --) return 1 ;;
                    -i|-r|-P|--install|--remove|--purge|--unpack) return 0 ;;
                    --*) ;;
                    -*[irP]*) return 0 ;;
                esac
            done
            return 1
            ;;
        apt|apt-get|aptitude) ;;
        *) return 1 ;;
    esac
    # The subcommand is the first word that is neither an option nor an option's value.
    for word in "$@"; do
        if [ "$skip" = 1 ]; then skip=0; continue; fi
        case $word in
            -o|-c|-t|-a|-S|-F|-w|--option|--config-file|--target-release|--default-release|--host-architecture) skip=1 ;;
            -*) ;;
            install|reinstall|remove|purge|upgrade|full-upgrade|dist-upgrade|dselect-upgrade|build-dep|satisfy|autoremove|auto-remove|autopurge|safe-upgrade) return 0 ;;
            *) return 1 ;;
        esac
    done
    return 1
}

# Runs `TOOL ARGS...` behind the gate when it would change the system, else as it is.
apt_guard() {
    if apt_guard_changes "$@"; then
        SWIFT_BACKTRACE=enable=no command shapelygate --timeout 20 -- "$@"
    else
        command "$@"
    fi
}

apt() { apt_guard apt "$@"; }
apt-get() { apt_guard apt-get "$@"; }
aptitude() { apt_guard aptitude "$@"; }
dpkg() { apt_guard dpkg "$@"; }

# apt_guard_changes on the words after the first N.
apt_guard_changes_after() {
    local count=$1
    shift
    shift "$count"
    apt_guard_changes "$@"
}

# sudo cannot see shell functions, so look past sudo's own options and VAR=value words
# for the command it would run.
sudo() {
    local word skip=0 ended=0 index=0
    for word in "$@"; do
        index=$((index + 1))
        if [ "$skip" = 1 ]; then skip=0; continue; fi
        if [ "$ended" = 0 ]; then
            case $word in
                --) ended=1; continue ;;
                -u|-g|-p|-C|-D|-R|-r|-t|-T|-U|--user|--group|--host|--prompt|--close-from|--chdir|--chroot|--role|--type|--command-timeout|--other-user) skip=1; continue ;;
                -*) continue ;;
            esac
        fi
        case $word in
            *=*) continue ;;
        esac
        if apt_guard_changes_after $((index - 1)) "$@"; then
            SWIFT_BACKTRACE=enable=no command shapelygate --timeout 20 -- sudo "$@"
            return
        fi
        break
    done
    command sudo "$@"
}

# Run directly (not sourced): guard the command given on the line.
if [ "${BASH_SOURCE[0]:-}" = "$0" ]; then
    [ $# -gt 0 ] || { echo "usage: $0 [sudo] apt|apt-get|aptitude|dpkg ARGS..." >&2; exit 2; }
    if [ "$1" = sudo ]; then shift; sudo "$@"; else apt_guard "$@"; fi
fi
