#!/usr/bin/env bash
# apt guard: puts shapelygate in front of apt and apt-get when they would change the
# system (upgrade, full-upgrade, dist-upgrade, install, remove, purge, autoremove).
# Read-only commands (search, show, list, update) pass straight through.
#
# Use: source it from ~/.bashrc (`. /path/to/apt-guard.sh`), or run it to try it:
#   Scripts/examples/apt-guard.sh apt install cowsay
# Each guarded call asks on the terminal first; a denial returns 1 and apt never runs.

apt_guard() {
    local tool=$1
    shift
    local word
    for word in "$@"; do
        case $word in
            upgrade|full-upgrade|dist-upgrade|install|reinstall|remove|purge|autoremove)
                shapelygate --timeout 20 -- "$tool" "$@"
                return
                ;;
        esac
    done
    command "$tool" "$@"
}

apt() { apt_guard apt "$@"; }
apt-get() { apt_guard apt-get "$@"; }

# Run directly (not sourced): guard the command given on the line.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    [ $# -gt 0 ] || { echo "usage: $0 apt|apt-get ARGS..." >&2; exit 2; }
    apt_guard "$@"
fi
