#!/usr/bin/env bash
# Installs shapelygate: the static release binary, the man page and shell completions.
#
#   Scripts/install.sh [--prefix DIR] [--destdir DIR] [--binary FILE] [--plugin FILE] [--uninstall]
#
# --prefix    where it goes (default /usr/local); a user prefix such as ~/.local needs
#             no root
# --destdir   a staging root prepended to every path (for packaging)
# --binary    install this already built executable instead of building one
# --plugin    install this sudo approval plugin (default: the one beside --binary, or
#             one built here)
# --uninstall remove exactly the files an install puts in place
#
# Files: PREFIX/bin/shapelygate, PREFIX/share/man/man1/shapelygate.1,
# PREFIX/share/bash-completion/completions/shapelygate,
# PREFIX/share/zsh/site-functions/_shapelygate,
# PREFIX/share/fish/vendor_completions.d/shapelygate.fish,
# PREFIX/lib/shapelygate/shapelygate_approval.so, PREFIX/share/man/man8/shapelygate_approval.8
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=/usr/local
destdir=
binary=
uninstall=0
plugin=
usage() { echo "usage: Scripts/install.sh [--prefix DIR] [--destdir DIR] [--binary FILE] [--plugin FILE] [--uninstall]" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case $1 in
        --prefix) [ $# -ge 2 ] || usage; prefix=$2; shift 2 ;;
        --prefix=*) prefix=${1#*=}; shift ;;
        --destdir) [ $# -ge 2 ] || usage; destdir=$2; shift 2 ;;
        --destdir=*) destdir=${1#*=}; shift ;;
        --binary) [ $# -ge 2 ] || usage; binary=$2; shift 2 ;;
        --binary=*) binary=${1#*=}; shift ;;
        --plugin) [ $# -ge 2 ] || usage; plugin=$2; shift 2 ;;
        --plugin=*) plugin=${1#*=}; shift ;;
        --uninstall) uninstall=1; shift ;;
        -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
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

# --- sudo approval plugin: begin ---
# The plugin (a C shared object, no Swift runtime) and its man page. It comes from
# --plugin, or from beside --binary (a swift build folder holds both), or is built
# here. Mode 0644, owned by root when installed by root: sudo loads no other.
plugin_files=("lib/shapelygate/shapelygate_approval.so" "share/man/man8/shapelygate_approval.8")
if [ "$uninstall" = 1 ]; then
    for file in "${plugin_files[@]}"; do
        if [ -e "$root/$file" ]; then rm -f "$root/$file" && echo "removed $root/$file"; fi
    done
    rmdir "$root/lib/shapelygate" 2>/dev/null || true
else
    if [ -z "$plugin" ] && [ -n "$binary" ] && [ -f "$(dirname "$binary")/libshapelygate_approval.so" ]; then
        plugin="$(dirname "$binary")/libshapelygate_approval.so"
    elif [ -z "$plugin" ] && [ -z "$binary" ]; then
        swift build -c release --product shapelygate_approval >&2
        plugin="$(swift build -c release --show-bin-path)/libshapelygate_approval.so"
    fi
    if [ -n "$plugin" ]; then
        [ -f "$plugin" ] || { echo "install.sh: $plugin is not a file" >&2; exit 1; }
        install -D -m 644 "$plugin" "$root/${plugin_files[0]}"
        if command -v strip >/dev/null 2>&1; then strip --strip-unneeded "$root/${plugin_files[0]}"; fi
        if [ "$(id -u)" = 0 ]; then chown root:root "$root/${plugin_files[0]}"; fi
        install -D -m 644 man/shapelygate_approval.8 "$root/${plugin_files[1]}"
        echo "installed $root/${plugin_files[0]}"
        echo "installed $root/${plugin_files[1]}"
    else
        echo "install.sh: no libshapelygate_approval.so beside $binary: the sudo plugin is not installed (use --plugin FILE)" >&2
    fi
fi
# --- sudo approval plugin: end ---

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
