#!/usr/bin/env bash
# apt guard: puts shapelygate in front of apt, apt-get, aptitude and dpkg — also when run
# through sudo — whenever they could change the system. Read-only uses pass straight
# through, untouched.
#
# apt and apt-get pass without asking only for update, search, show, showsrc, list,
# policy, depends, rdepends, madison, source, download, changelog, check, clean,
# autoclean, indextargets, help, or no subcommand at all; every other subcommand asks
# first. aptitude the same, with versions, why and why-not, but with no subcommand it
# asks too: its full-screen interface installs anything. dpkg asks before -i, -r, -P,
# -x, -X, -A, --install, --remove, --purge, --unpack, --configure, --extract,
# --vextract, --record-avail, --triggers-only, the selection and available-file
# actions and --add/--remove-architecture. An option's value is never taken for the
# subcommand, an action or the `--` that ends the options, as the tools read them:
# `apt-get --with-source show install x` and `dpkg --log -- -i x.deb` ask.
#
# Use: source it from ~/.bashrc or ~/.zshrc (`. /path/to/apt-guard.sh`); it defines the
# functions apt, apt-get, aptitude, dpkg and sudo. `sudo apt install cowsay` asks on
# the terminal first, as the user, before sudo asks for a password; a denial returns 1
# and neither sudo nor apt runs. sudo's options are read as sudo reads them, bundled
# (`sudo -Hu root apt install x`) or not, `-h host` included. Run it to try it:
#   Scripts/examples/apt-guard.sh sudo apt install cowsay
# It is a speed bump: `command apt ...`, a full path, or another program in between
# (`sudo env apt ...`, `sudo sh -c ...`) goes around it.

# Succeeds when the short-option word WORD (-xyz) ends in a letter of VALUED, so that
# the next word is that option's value; a valued letter before the end takes the rest
# of the word as its value, as getopt reads `-uroot`.
apt_guard_wants_value() {
    local valued=$1 rest=${2#-} letter
    while [ -n "$rest" ]; do
        letter=${rest%"${rest#?}"}
        rest=${rest#?}
        case $valued in *"$letter"*) [ -z "$rest" ]; return ;; esac
    done
    return 1
}

# Succeeds when the long option WORD (--name, no `=`) names, or abbreviates as
# getopt_long allows, one of the NAMES that take a value.
apt_guard_long_wants_value() {
    local word=$1 name
    shift
    for name in "$@"; do
        case --$name in "$word"*) return 0 ;; esac
    done
    return 1
}

# Succeeds when the long option WORD (--name, no `=`) is one of the NAMES that take a
# value, named whole and in any case, as apt reads it (`--Target-Release stable`).
apt_guard_apt_long_wants_value() {
    local word name
    word=$(printf '%s' "$1" | tr '[:upper:]' '[:lower:]')
    shift
    for name in "$@"; do
        [ "$word" = "--$name" ] && return 0
    done
    return 1
}

# Succeeds when `dpkg ARGS...` holds an action that changes the system. An option's
# value is never read as an action or as the `--` that ends the options: dpkg takes the
# next word as the value of these (dpkg(1); `dpkg --log -- -i x.deb` installs).
apt_guard_dpkg_changes() {
    local word skip=0
    for word in "$@"; do
        if [ "$skip" = 1 ]; then skip=0; continue; fi
        case $word in
            --) return 1 ;;
            --install|--remove|--purge|--unpack|--configure|--extract|--vextract|--record-avail|--triggers-only) return 0 ;;
            --set-selections|--clear-selections|--update-avail|--merge-avail|--clear-avail|--forget-old-unavail) return 0 ;;
            --add-architecture|--remove-architecture) return 0 ;;
            --admindir|--root|--instdir|--log|--status-fd|--status-logger|--path-include|--path-exclude) skip=1 ;;
            --force|--refuse|--no-force|--debug|--abort-after|--ignore-depends|--pre-invoke|--post-invoke) skip=1 ;;
            --verify-format) skip=1 ;;
            --*) ;;
            -*[irPxXA]*) return 0 ;;
            -?*) if apt_guard_wants_value D "$word"; then skip=1; fi ;;
        esac
    done
    return 1
}

# Succeeds when the first word of ARGS that is neither an option nor an option's value
# is not one of the read-only subcommands (or, for aptitude, when there is none).
# SHORT: the letters whose option takes a value; LONG_TEST: how a long option is
# matched (apt_guard_long_wants_value or apt_guard_apt_long_wants_value); then the long
# names that take a value, `--`, and the tool's words.
apt_guard_subcommand_changes() {
    local tool=$1 short=$2 long_test=$3 word skip=0
    local -a long=()
    shift 3
    while [ "$1" != -- ]; do long+=("$1"); shift; done
    shift
    for word in "$@"; do
        if [ "$skip" = 1 ]; then skip=0; continue; fi
        case $word in
            --) ;;
            --*=*) ;;
            --*) if "$long_test" "$word" "${long[@]}"; then skip=1; fi ;;
            -?*) if apt_guard_wants_value "$short" "$word"; then skip=1; fi ;;
            update|search|show|showsrc|list|policy|depends|rdepends|madison|source|download|changelog) return 1 ;;
            check|clean|autoclean|auto-clean|indextargets|help|versions|why|why-not) return 1 ;;
            *) return 0 ;;
        esac
    done
    # No subcommand: apt and apt-get print their help, aptitude opens its interface.
    [ "$tool" = aptitude ]
}

# Succeeds when `TOOL ARGS...` could change the installed packages.
# apt and apt-get give -a a value only for build-dep (-a ARCH; for list and show it is
# --all-versions) and -s one only for the apt-cache subcommands (-s FILE, --src-cache;
# elsewhere it is --simulate): the guard asks when either reading finds a change.
apt_guard_changes() {
    local tool=${1##*/}
    local -a apt_long=(option config-file target-release default-release host-architecture build-profiles
        solver planner with-source format pkg-cache src-cache snapshot)
    shift
    case $tool in
        dpkg) apt_guard_dpkg_changes "$@" ;;
        apt|apt-get)
            apt_guard_subcommand_changes "$tool" acotpPS apt_guard_apt_long_wants_value "${apt_long[@]}" -- "$@" ||
                apt_guard_subcommand_changes "$tool" cotpPsS apt_guard_apt_long_wants_value "${apt_long[@]}" -- "$@" ;;
        aptitude)
            apt_guard_subcommand_changes aptitude FOoStw apt_guard_long_wants_value option target-release default-release \
                display-format sort width group-by log-file log-level add-user-tag add-user-tag-to remove-user-tag \
                remove-user-tag-from -- "$@" ;;
        *) return 1 ;;
    esac
}

# Runs `TOOL ARGS...` behind the gate when it would change the system, else as it is.
# (SWIFT_BACKTRACE=enable=no: a crashing gate must not hand the terminal to the Swift
# runtime's interactive crash reporter.)
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
# for the command it would run. sudo's options that take a value: -a -C -c -D -g -p -R
# -r -T -t -U -u and their long names; -h takes the next word as a host when that word
# is not an option or a VAR=value (sudo 1.9, `+Aa:BbC:c:D:Eeg:Hh::iKklNnPp:R:r:SsT:t:U:u:Vv`).
sudo() {
    local word skip=0 host=0 ended=0 index=0
    for word in "$@"; do
        index=$((index + 1))
        if [ "$skip" = 1 ]; then skip=0; continue; fi
        if [ "$host" = 1 ]; then
            host=0
            case $word in -*|*=*) ;; *) continue ;; esac
        fi
        if [ "$ended" = 0 ]; then
            case $word in
                --) ended=1; continue ;;
                --*=*|--login) continue ;;
                --*)
                    if apt_guard_long_wants_value "$word" auth-type chdir chroot close-from command-timeout \
                        group host login-class other-user prompt role type user; then skip=1; fi
                    continue ;;
                -*)
                    if apt_guard_wants_value aCcDghpRrTtUu "$word"; then
                        case $word in *h) host=1 ;; *) skip=1 ;; esac
                    fi
                    continue ;;
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
