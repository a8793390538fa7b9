#!/usr/bin/env bash
# Fuzzes the engine's parsers with libFuzzer (swiftc -sanitize=fuzzer,address):
# the answer parser, the strings plist loader and the lockout state parser.
#
#   Scripts/fuzz.sh [RUNS]      (default 100000 inputs per target)
#
# Seed corpora come from the test fixtures and the examples. Exits non-zero on the
# first crash; the crashing input is left in fuzz-out/.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-100000}
out=fuzz-out
mkdir -p "$out/corpus-answer" "$out/corpus-plist" "$out/corpus-state"

swiftc -sanitize=fuzzer,address -parse-as-library -swift-version 6 -package-name shapelygate -module-name ShapelyGate -O \
    Sources/ShapelyGate/*.swift Scripts/fuzz/FuzzTargets.swift -o "$out/fuzz-engine" 2>&1 | grep -v "warning: Cannot export" >&2 || true

printf '1\n' >"$out/corpus-answer/one"
printf ' 08 \r\n' >"$out/corpus-answer/padded"
printf '3abc' >"$out/corpus-answer/junk"
find Tests/Fixtures Scripts/examples/strings -name '*.plist' -exec cp {} "$out/corpus-plist/" \;
printf 'shapelygate-lockout 1\ndenials 2\nduration 120.0\nuntil-wall 1000.0\nuntil-boot 50.0\nboot-id abc\n' \
    >"$out/corpus-state/state"

for target in answer plist state; do
    echo "fuzzing $target: $runs inputs"
    FUZZ_TARGET=$target "$out/fuzz-engine" -runs="$runs" -max_len=4096 -print_final_stats=1 \
        -artifact_prefix="$out/$target-" "$out/corpus-$target" 2>&1 | grep -E 'stat::number_of_executed_units|ERROR|Done' || true
    if ls "$out/$target-"crash-* >/dev/null 2>&1; then
        echo "fuzz.sh: $target crashed; see $out/$target-crash-*" >&2
        exit 1
    fi
done
