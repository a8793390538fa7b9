#!/usr/bin/env bash
# Builds the release executable that install.sh, package-deb.sh and bench.sh use, and
# prints its path. It is fully static (-static-executable, which includes
# --static-swift-stdlib): no Swift runtime, no libstdc++, no dynamic loader, so it runs
# on any Linux machine of the same architecture and starts without any library lookups.
#
#   Scripts/build-release.sh            (progress on stderr, the path on stdout)
set -euo pipefail
cd "$(dirname "$0")/.."
# The gate alone: -static-executable cannot link the sudo plugin's shared object, which
# is built after it, without those flags, into the same folder (install.sh finds it
# beside the binary).
flags=(-c release --product shapelygate --static-swift-stdlib -Xswiftc -static-executable)
# The C library warns that getpwuid and dlopen need its shared pieces at run time when
# linked statically; shapelygate calls neither, the Swift runtime's dlopen is optional.
swift build "${flags[@]}" 2>&1 | grep -vE "statically linked applications requires at runtime|^\s*$" >&2 || true
swift build -c release --product shapelygate_approval >&2
echo "$(swift build "${flags[@]}" --show-bin-path)/shapelygate"
