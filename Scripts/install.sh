#!/usr/bin/env bash
# Installs shapelygate: the static release binary, the man pages, shell completions where
# each shell looks for them, and the molly-guard script.
#
#   Scripts/install.sh [--prefix DIR] [--destdir DIR] [--binary FILE] [--plugin FILE] [--uninstall]
#
# --prefix    where it goes (default /usr/local); a user prefix such as ~/.local needs
#             no root
# --destdir   a staging root prepended to every path (for packaging)
# --binary    install this already built executable instead of building one
# --plugin    install this sudo approval plugin (default: the one beside the binary,
#             which build-release.sh builds there)
# --uninstall remove exactly the files an install puts in place, then the folders that
#             install created, when they are empty
#
# Relative paths are taken from the directory you run it in. Files:
#   PREFIX/bin/shapelygate (stripped, as the .deb's; mode 0711: exec leaves a gate no one
#   else can read non-dumpable)
#   PREFIX/share/man/man1/shapelygate.1
#   PREFIX/share/man/man5/shapelygate.conf.5
#   PREFIX/share/bash-completion/completions/shapelygate
#   PREFIX/share/zsh/vendor-completions/_shapelygate (prefix /usr, as Debian's zsh reads)
#   PREFIX/share/zsh/site-functions/_shapelygate (any other prefix)
#   PREFIX/share/fish/vendor_completions.d/shapelygate.fish
#   PREFIX/share/shapelygate/40-shapelygate (link it into /etc/molly-guard/run.d/; it
#   runs PREFIX/bin/shapelygate by that absolute path, never one found in PATH)
#   PREFIX/lib/shapelygate/shapelygate_approval.so (the sudo plugin, mode 0644)
#   PREFIX/share/man/man8/shapelygate_approval.8
#   PREFIX/lib/shapelygate/pam_shapelygate.so (the PAM module, mode 0644: name it by this
#     full path in /etc/pam.d, or link it into the system's security/ folder), when
#     libpam_shapelygate.so is beside the binary
#   PREFIX/share/man/man8/pam_shapelygate.8
# It says where each file went, and when a shell will not look there by itself.
# A failed build installs nothing and exits non-zero.
set -euo pipefail

# PATH made absolute (from the current directory when relative), with `.`, `..` and
# repeated slashes worked out in the text as `cd` does, so that every path this script
# writes or compares has one spelling.
absolute() {
    local path=$1 part normal='' IFS=/
    case $path in /*) ;; *) path=$PWD/$path ;; esac
    set -f
    for part in $path; do
        case $part in
            ''|.) ;;
            ..) normal=${normal%/*} ;;
            *) normal=$normal/$part ;;
        esac
    done
    set +f
    printf '%s' "${normal:-/}"
}
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
        -h|--help) awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$0"; exit 0 ;;
        *) echo "install.sh: unknown option $1" >&2; usage ;;
    esac
done
[ -n "$prefix" ] || usage
prefix=$(absolute "$prefix")
case $prefix in
    *"'"*|*$'\n'*) echo "install.sh: a prefix with ' or a newline cannot be written into the molly-guard check" >&2; exit 2 ;;
esac
[ -z "$destdir" ] || destdir=$(absolute "$destdir")
[ -z "$binary" ] || binary=$(absolute "$binary")
[ -z "$plugin" ] || plugin=$(absolute "$plugin")
cd "$(dirname "$0")/.."

root=${destdir%/}${prefix%/}
zsh_dir=share/zsh/site-functions
[ "${prefix%/}" = /usr ] && zsh_dir=share/zsh/vendor-completions
files=(
    "bin/shapelygate"
    "share/man/man1/shapelygate.1"
    "share/man/man5/shapelygate.conf.5"
    "share/bash-completion/completions/shapelygate"
    "$zsh_dir/_shapelygate"
    "share/fish/vendor_completions.d/shapelygate.fish"
    "share/shapelygate/40-shapelygate"
)
sources=(
    ""
    "man/shapelygate.1"
    "man/shapelygate.conf.5"
    "Scripts/completions/shapelygate.bash"
    "Scripts/completions/_shapelygate"
    "Scripts/completions/shapelygate.fish"
    "Scripts/molly-guard/40-shapelygate"
)
modes=(711 644 644 644 644 644 755)
# The folders an install created, so --uninstall can take them away again; not kept in
# a staged (--destdir) tree, where the package manager owns the folders.
manifest=$root/share/shapelygate/created-folders

# The sudo approval plugin (a C shared object, no Swift runtime) and its man page, from
# --plugin or from beside the binary. sudo loads it only if root owns it and no one else
# can write it: install(1) run by root gives root:root, and the mode is 0644.
plugin_files=("lib/shapelygate/shapelygate_approval.so" "share/man/man8/shapelygate_approval.8")
# The PAM module (C, no Swift runtime) and its man page, from beside the binary.
pam_files=("lib/shapelygate/pam_shapelygate.so" "share/man/man8/pam_shapelygate.8")

if [ "$uninstall" = 1 ]; then
    for file in "${files[@]}" "${plugin_files[@]}" "${pam_files[@]}"; do
        if [ -e "$root/$file" ] || [ -L "$root/$file" ]; then rm -f "$root/$file" && echo "removed $root/$file"; fi
    done
    if [ -f "$manifest" ]; then
        # Deepest first: a path sorts after every folder that holds it. Only the prefix,
        # what it holds and what holds it are taken, and only when empty.
        # (A manifest written before paths were normalised may spell them with `/./`.)
        folders=$(while IFS= read -r folder; do [ -z "$folder" ] || { absolute "$folder"; echo; }; done <"$manifest" | sort -ru)
        rm -f "$manifest"
        while IFS= read -r folder; do
            case /$folder/ in */./*|*/../*) continue ;; esac
            case $folder in "$root"|"$root"/*) ;; *) case $root in "$folder"/*) ;; *) continue ;; esac ;; esac
            if rmdir "$folder" 2>/dev/null; then echo "removed $folder/"; fi
        done <<<"$folders"
    fi
    exit 0
fi

if [ -z "$binary" ]; then
    binary=$(Scripts/build-release.sh) || { echo "install.sh: the build failed; nothing was installed" >&2; exit 1; }
fi
if [ ! -f "$binary" ] || [ ! -x "$binary" ]; then
    echo "install.sh: $binary is not an executable; nothing was installed" >&2
    exit 1
fi
sources[0]=$binary
if [ -z "$plugin" ] && [ -f "$(dirname "$binary")/libshapelygate_approval.so" ]; then
    plugin=$(dirname "$binary")/libshapelygate_approval.so
fi
if [ -n "$plugin" ]; then
    [ -f "$plugin" ] || { echo "install.sh: $plugin is not a file; nothing was installed" >&2; exit 1; }
    files+=("${plugin_files[@]}")
    sources+=("$plugin" "man/shapelygate_approval.8")
    modes+=(644 644)
else
    echo "install.sh: no libshapelygate_approval.so beside $binary: the sudo plugin is not installed (use --plugin FILE)" >&2
fi
if [ -f "$(dirname "$binary")/libpam_shapelygate.so" ]; then
    files+=("${pam_files[@]}")
    sources+=("$(dirname "$binary")/libpam_shapelygate.so" "man/pam_shapelygate.8")
    modes+=(644 644)
else
    echo "install.sh: no libpam_shapelygate.so beside $binary: the PAM module is not installed" >&2
fi

# The installed copy of a file, made ready: the binary stripped (as package-deb.sh's, and
# with the same sections left out), the plugin stripped of what it does not need, the
# molly-guard check pointed at the gate installed beside it.
finish_file() {
    local file=$1 line
    case $file in
        */bin/shapelygate)
            if command -v strip >/dev/null 2>&1; then
                strip --strip-all --remove-section=.comment --remove-section=.note "$file"
            else
                echo "install.sh: strip not found: $file is installed unstripped" >&2
            fi ;;
        *.so) if command -v strip >/dev/null 2>&1; then strip --strip-unneeded "$file"; fi ;;
        */40-shapelygate)
            while IFS= read -r line; do
                case $line in gate=/usr/bin/shapelygate) printf "gate='%s'\n" "${prefix%/}/bin/shapelygate" ;; *) printf '%s\n' "$line" ;; esac
            done <"$file" >"$file.new"
            chmod 755 "$file.new"
            mv "$file.new" "$file" ;;
    esac
}

created=()
make_folder() {
    local folder=$1 missing=() index
    while [ ! -d "$folder" ]; do missing+=("$folder"); folder=$(dirname "$folder"); done
    for ((index = ${#missing[@]} - 1; index >= 0; index--)); do
        install -d -m 755 "${missing[index]}"
        created+=("${missing[index]}")
    done
}

for index in "${!files[@]}"; do
    make_folder "$(dirname "$root/${files[index]}")"
    install -m "${modes[index]}" "${sources[index]}" "$root/${files[index]}"
    finish_file "$root/${files[index]}"
    echo "installed $root/${files[index]}"
done
if [ -z "$destdir" ] && [ ${#created[@]} -gt 0 ]; then
    { [ ! -f "$manifest" ] || cat "$manifest"; printf '%s\n' "${created[@]}"; } | sort -u >"$manifest.new"
    mv "$manifest.new" "$manifest"
fi

# Where each shell looks without help (bash-completion: XDG_DATA_HOME and XDG_DATA_DIRS;
# Debian's zsh: its fpath; fish: its vendor folders, from XDG_DATA_DIRS when set).
[ -n "$destdir" ] && exit 0
data_home=${XDG_DATA_HOME:-${HOME:-/nonexistent}/.local/share}
data_dirs=${XDG_DATA_DIRS:-/usr/local/share:/usr/share}
share=${prefix%/}/share
case ":$data_home:$data_dirs:" in
    *":$share:"*) ;;
    *) echo "note: bash-completion does not look in $share; add it to XDG_DATA_DIRS" ;;
esac
case $share in
    /usr/local/share|/usr/share) ;;
    *) echo "note: zsh does not look in $root/$zsh_dir; add fpath=($root/$zsh_dir \$fpath) before compinit in ~/.zshrc" ;;
esac
case ":$data_home:${XDG_DATA_DIRS:-/usr/share}:" in
    *":$share:"*) ;;
    *) echo "note: fish does not look in $share unless XDG_DATA_DIRS names it; or link the file into ~/.config/fish/completions/" ;;
esac
