#!/usr/bin/env bash
# Builds dist/shapelygate_VERSION_ARCH.deb with dpkg-deb: the static binary (no Swift
# runtime needed on the target), the man page and completions, under /usr.
#
#   Scripts/package-deb.sh [--binary FILE]
#
# Install it with: apt install ./dist/shapelygate_VERSION_ARCH.deb
set -euo pipefail
cd "$(dirname "$0")/.."

binary=
case ${1:-} in
    --binary) binary=${2:?--binary needs a file} ;;
    --binary=*) binary=${1#*=} ;;
    "") ;;
    *) echo "usage: Scripts/package-deb.sh [--binary FILE]" >&2; exit 2 ;;
esac

version=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/ShapelyGateCLI/CLI.swift)
arch=$(dpkg --print-architecture)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

if [ -n "$binary" ]; then
    Scripts/install.sh --prefix /usr --destdir "$stage" --binary "$binary" >/dev/null
else
    Scripts/install.sh --prefix /usr --destdir "$stage" >/dev/null
fi
gzip -9n "$stage/usr/share/man/man1/shapelygate.1"
# --- sudo approval plugin: begin ---
# install.sh put it in /usr/lib/shapelygate/; the .deb must not ship without it.
[ -f "$stage/usr/lib/shapelygate/shapelygate_approval.so" ] || { echo "package-deb.sh: the sudo plugin is missing" >&2; exit 1; }
gzip -9n "$stage/usr/share/man/man8/shapelygate_approval.8"
# --- sudo approval plugin: end ---
size=$(du -sk "$stage/usr" | cut -f1)

mkdir -p "$stage/DEBIAN"
cat >"$stage/DEBIAN/control" <<CONTROL
Package: shapelygate
Version: $version
Section: utils
Priority: optional
Architecture: $arch
Installed-Size: $size
Maintainer: shapelygate maintainers <shapelygate@users.noreply.invalid>
Homepage: https://github.com/shapelygate/shapelygate
Description: parental gate for the terminal
 Before a restricted action, a person must pick the named shape from a
 numbered board on the terminal before a countdown ends. Exit status 0
 means a person passed; with a command, the command runs only on a pass.
 A speed bump for children and a guard against accidents, not an
 authentication system.
CONTROL

mkdir -p dist
out="dist/shapelygate_${version}_${arch}.deb"
dpkg-deb --root-owner-group --build "$stage" "$out" >/dev/null
echo "$out"
