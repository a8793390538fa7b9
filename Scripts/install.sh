#!/usr/bin/env bash
# Installs shapelygate: the static release binary, the man page and shell completions.
#
#   Scripts/install.sh [--prefix DIR] [--destdir DIR] [--binary FILE] [--uninstall]
#
# --prefix    where it goes (default /usr/local); a user prefix such as ~/.local needs
#             no root
# --destdir   a staging root prepended to every path (for packaging)
# --binary    install this already built executable instead of building one
# --uninstall remove exactly the files an install puts in place
#
# Files: PREFIX/bin/shapelygate, PREFIX/share/man/man1/shapelygate.1,
# PREFIX/share/bash-completion/completions/shapelygate,
# PREFIX/share/zsh/site-functions/_shapelygate,
# PREFIX/share/fish/vendor_completions.d/shapelygate.fish
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=/usr/local
destdir=
binary=
uninstall=0
usage() { echo "usage: Scripts/install.sh [--prefix DIR] [--destdir DIR] [--binary FILE] [--uninstall]" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case $1 in
        --prefix) [ $# -ge 2 ] || usage; prefix=$2; shift 2 ;;
        --prefix=*) prefix=${1#*=}; shift ;;
        --destdir) [ $# -ge 2 ] || usage; destdir=$2; shift 2 ;;
        --destdir=*) destdir=${1#*=}; shift ;;
        --binary) [ $# -ge 2 ] || usage; binary=$2; shift 2 ;;
        --binary=*) binary=${1#*=}; shift ;;
        --uninstall) uninstall=1; shift ;;
        -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install.sh: unknown option $1" >&2; usage ;;
    esac
done

root=$destdir$prefix
files=(
    "bin/shapelygate"
    "share/man/man1/shapelygate.1"
    "share/bash-completion/completions/shapelygate"
    "share/zsh/site-functions/_shapelygate"
    "share/fish/vendor_completions.d/shapelygate.fish"
)
sources=(
    ""
    "man/shapelygate.1"
    "Scripts/completions/shapelygate.bash"
    "Scripts/completions/_shapelygate"
    "Scripts/completions/shapelygate.fish"
)

if [ "$uninstall" = 1 ]; then
    for file in "${files[@]}"; do
        if [ -e "$root/$file" ]; then rm -f "$root/$file" && echo "removed $root/$file"; fi
    done
    exit 0
fi

if [ -z "$binary" ]; then
    binary=$(Scripts/build-release.sh)
fi
[ -x "$binary" ] || { echo "install.sh: $binary is not an executable" >&2; exit 1; }
sources[0]=$binary

for index in "${!files[@]}"; do
    mode=644
    [ "$index" = 0 ] && mode=755
    install -D -m "$mode" "${sources[$index]}" "$root/${files[$index]}"
    echo "installed $root/${files[$index]}"
done
