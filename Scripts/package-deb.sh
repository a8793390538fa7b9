#!/usr/bin/env bash
# Builds shapelygate_VERSION_ARCH.deb with dpkg-deb, clean for lintian: the stripped
# static binary (no Swift runtime needed on the target), the sudo approval plugin under
# /usr/lib/shapelygate and the PAM module under /usr/lib/MULTIARCH/security (both linked
# against the C library only, hence the one dependency on libc6), the man pages, completions where
# Debian's bash, zsh and fish look, the molly-guard check under /usr/share/shapelygate,
# copyright, changelog and examples (the ntfy samples in examples/ntfy) under
# /usr/share/doc/shapelygate, md5sums, and a commented-out /etc/shapelygate.conf
# shipped as a conffile.
#
#   Scripts/package-deb.sh [--binary FILE] [--output DIR]
#
# --binary  package this already built executable instead of building one
# --output  the folder the .deb is written to (default dist/ in the package)
# Relative paths are taken from the directory you run it in. Prints the .deb's path;
# exits non-zero, printing no path, when the build or any step fails.
# The version is the top entry of Scripts/debian/changelog (a native package: the
# changelog is changelog.gz); it must be what the binary's --version says.
# Install with: sudo apt install ./dist/shapelygate_VERSION_ARCH.deb
set -euo pipefail

absolute() { case $1 in /*) printf '%s' "$1" ;; *) printf '%s/%s' "$PWD" "$1" ;; esac; }
usage() { echo "usage: Scripts/package-deb.sh [--binary FILE] [--output DIR]" >&2; exit 2; }
fail() { echo "package-deb.sh: $*" >&2; exit 1; }
binary=
output=
while [ $# -gt 0 ]; do
    case $1 in
        --binary) [ $# -ge 2 ] || usage; binary=$2; shift 2 ;;
        --binary=*) binary=${1#*=}; shift ;;
        --output) [ $# -ge 2 ] || usage; output=$2; shift 2 ;;
        --output=*) output=${1#*=}; shift ;;
        -h|--help) awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$0"; exit 0 ;;
        *) usage ;;
    esac
done
[ -z "$binary" ] || binary=$(absolute "$binary")
[ -z "$output" ] || output=$(absolute "$output")
cd "$(dirname "$0")/.."
output=${output:-$PWD/dist}

for tool in dpkg-deb dpkg-query strip gzip md5sum; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool not found"
done
if [ -z "$binary" ]; then
    binary=$(Scripts/build-release.sh) || fail "the build failed; no package was made"
fi
if [ ! -f "$binary" ] || [ ! -x "$binary" ]; then fail "$binary is not an executable"; fi

version=$(sed -n '1s/^shapelygate (\([^)]*\)) .*/\1/p' Scripts/debian/changelog)
[ -n "$version" ] || fail "cannot read the version from Scripts/debian/changelog"
said=$("$binary" --version) || fail "$binary --version failed"
[ "$said" = "shapelygate ${version%-*}" ] || fail "the changelog says $version but the binary says '$said'"
arch=$(dpkg --print-architecture)

# The static C library, and the C++ library the Swift runtime needs, are inside the
# binary: Built-Using names the source packages they came from.
built_using=$(dpkg-query -W -f='${source:Package} (= ${source:Version})' libc6-dev 2>/dev/null) ||
    fail "cannot tell which C library is linked in (is libc6-dev installed?)"
stdcxx=$(printf '%s\n' /usr/lib/gcc/*/*/libstdc++.a | sort -V | tail -n 1)
if [ -f "$stdcxx" ] && owner=$(dpkg-query -S "$stdcxx" 2>/dev/null); then
    built_using="$built_using, $(dpkg-query -W -f='${source:Package} (= ${source:Version})' "${owner%%: *}")"
fi

umask 022
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
chmod 755 "$stage"
Scripts/install.sh --prefix /usr --destdir "$stage" --binary "$binary" >/dev/null
gzip -9n "$stage/usr/share/man/man1/shapelygate.1" "$stage/usr/share/man/man5/shapelygate.conf.5"
# --- sudo approval plugin: begin ---
# install.sh put it in /usr/lib/shapelygate/; the .deb must not ship without it.
[ -f "$stage/usr/lib/shapelygate/shapelygate_approval.so" ] || { echo "package-deb.sh: the sudo plugin is missing" >&2; exit 1; }
gzip -9n "$stage/usr/share/man/man8/shapelygate_approval.8"
# --- sudo approval plugin: end ---
# The PAM module where libpam looks for a module named without a path: the
# architecture's security/ folder.
[ -f "$stage/usr/lib/shapelygate/pam_shapelygate.so" ] || fail "the PAM module is missing"
security=$stage/usr/lib/$(gcc -print-multiarch 2>/dev/null || dpkg-architecture -qDEB_HOST_MULTIARCH)/security
install -d -m 755 "$security"
mv "$stage/usr/lib/shapelygate/pam_shapelygate.so" "$security/pam_shapelygate.so"
gzip -9n "$stage/usr/share/man/man8/pam_shapelygate.8"

doc=$stage/usr/share/doc/shapelygate
install -d -m 755 "$doc/examples/ntfy" "$stage/usr/share/lintian/overrides" "$stage/etc" "$stage/DEBIAN"
install -m 644 Scripts/debian/copyright "$doc/copyright"
gzip -9n <Scripts/debian/changelog >"$doc/changelog.gz"
gzip -9n <README.md >"$doc/README.md.gz"
chmod 644 "$doc/changelog.gz" "$doc/README.md.gz"
install -m 644 Scripts/examples/apt-guard.sh Scripts/examples/cron-sample.sh Scripts/examples/profile-hook.sh \
    Scripts/examples/gated-login-shell "$doc/examples/"
# Samples to copy and install by hand, so not executable where they are shipped.
install -m 644 Scripts/examples/ntfy/shapelygate-ntfy-notify Scripts/examples/ntfy/shapelygate-ntfy-answer \
    Scripts/examples/ntfy/shapelygate-ntfy-answer.service "$doc/examples/ntfy/"
install -m 644 Scripts/debian/lintian-overrides "$stage/usr/share/lintian/overrides/shapelygate"
install -m 644 Scripts/debian/shapelygate.conf "$stage/etc/shapelygate.conf"

size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat >"$stage/DEBIAN/control" <<CONTROL
Package: shapelygate
Version: $version
Section: utils
Priority: optional
Architecture: $arch
Built-Using: $built_using
Depends: libc6 (>= 2.33)
Installed-Size: $size
Maintainer: The shapelygate authors <shapelygate@users.noreply.github.com>
Homepage: https://github.com/shapelygate/shapelygate
Description: parental gate for the terminal
 Before a restricted action, a person must pick the named shape from a
 numbered board on the terminal before a countdown ends. Exit status 0
 means a person passed; with a command, the command runs only on a pass.
 A speed bump for children and a guard against accidents, not an
 authentication system.
CONTROL
echo /etc/shapelygate.conf >"$stage/DEBIAN/conffiles"
# Every file but the conffiles, as dpkg expects.
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$stage/DEBIAN/md5sums"
chmod 644 "$stage/DEBIAN/control" "$stage/DEBIAN/conffiles" "$stage/DEBIAN/md5sums"

mkdir -p "$output"
deb=$output/shapelygate_${version}_${arch}.deb
dpkg-deb --root-owner-group --build "$stage" "$deb" >/dev/null
echo "$deb"
