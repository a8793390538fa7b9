#!/usr/bin/env bash
# Builds the release executable that install.sh, package-deb.sh and bench.sh use, and
# prints its path. It is fully static (-static-executable, which includes
# --static-swift-stdlib): no Swift runtime, no libstdc++, no dynamic loader, so it runs
# on any Linux machine of the same architecture and starts without any library lookups.
#
#   Scripts/build-release.sh            (progress on stderr, the path on stdout)
#
# It builds in a folder of its own, .build/static, so a plain `swift build -c release`
# (dynamically linked, in .build/release) never replaces the binary it reported.
#
# Exits non-zero, printing no path, when swift is not in PATH or the build fails: a
# caller never gets a stale binary. Under sudo (whose secure_path rarely holds the
# toolchain) build as yourself first and install with --binary.
set -euo pipefail
case ${1:-} in
    "") ;;
    -h|--help) awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$0"; exit 0 ;;
    *) echo "usage: Scripts/build-release.sh" >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."

if ! command -v swift >/dev/null 2>&1; then
    echo "build-release.sh: swift not found in PATH; install the Swift toolchain, or build as" \
        "yourself and pass the result: sudo Scripts/install.sh --binary \"\$(Scripts/build-release.sh)\"" >&2
    exit 1
fi

# The gate alone: -static-executable cannot link the sudo plugin's and the PAM module's
# shared objects, which are built after it, without those flags, into the same folder
# (install.sh finds them beside the binary).
scratch=(--scratch-path .build/static)
flags=("${scratch[@]}" -c release --product shapelygate --static-swift-stdlib -Xswiftc -static-executable)
# The C library warns that getpwuid and dlopen need its shared pieces at run time when
# linked statically; shapelygate calls neither, the Swift runtime's dlopen is optional.
# The filter always succeeds, so pipefail reports swift build's own status.
if ! swift build "${flags[@]}" 2>&1 | { grep -vE "statically linked applications requires at runtime|^\s*$" || true; } >&2; then
    echo "build-release.sh: the release build failed" >&2
    exit 1
fi
if ! swift build "${scratch[@]}" -c release --product shapelygate_approval >&2; then
    echo "build-release.sh: the sudo plugin's release build failed" >&2
    exit 1
fi
if ! swift build "${scratch[@]}" -c release --product pam_shapelygate >&2; then
    echo "build-release.sh: the PAM module's release build failed" >&2
    exit 1
fi
folder=$(swift build "${flags[@]}" --show-bin-path)
binary=$folder/shapelygate
if [ -z "$folder" ] || [ ! -x "$binary" ]; then
    echo "build-release.sh: the build reported success but $binary is missing" >&2
    exit 1
fi
echo "$binary"
