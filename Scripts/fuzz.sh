#!/usr/bin/env bash
# Fuzzes shapelygate's parsers with libFuzzer (swiftc -sanitize=fuzzer,address): the
# answer parser, the strings plist loader, the lockout state parser, the option parser
# and the configuration file parser (see Scripts/fuzz/FuzzTargets.swift).
#
#   Scripts/fuzz.sh [RUNS]      (default 100000 inputs per target)
#
# Seed corpora come from the test fixtures, the examples and a few hand-made inputs; the
# plist target also gets the differential test's generated corpus (same generator, same
# seed: XML in every style and encoding, binary, the old text form), written by
# Scripts/fuzz/WriteSeeds.swift.
# Exits non-zero on the first crash; the crashing input is left in fuzz-out/.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-100000}
out=fuzz-out
targets=(answer plist state options config)
for target in "${targets[@]}"; do mkdir -p "$out/corpus-$target"; done

quiet() { grep -v "warning: Cannot export" >&2 || true; }
flags=('-sanitize=fuzzer,address' -parse-as-library -swift-version 6 -package-name shapelygate -O)
# The gate's small C part (CShapelyGateGuard) as objects with a module map of its own;
# then the plist reader, the engine, the system layer, the screen, the policy, the session
# and the judges as static libraries (in that order: each imports the ones before), then
# the command-line module with the entry point.
mkdir -p "$out/guard"
guard_objects=()
for source in Sources/CShapelyGateGuard/*.c; do
    object=$out/guard/$(basename "$source" .c).o
    clang -O1 -fsanitize=address -I Sources/CShapelyGateGuard/include -c -o "$object" "$source"
    guard_objects+=("$object")
done
printf 'module CShapelyGateGuard {\n    header "%s"\n    export *\n}\n' \
    "$PWD/Sources/CShapelyGateGuard/include/shapelygate_guard.h" >"$out/guard/module.modulemap"
flags+=(-I "$out/guard")
for module in PlistReader ShapelyGate ShapelyGateSystem ShapelyGateScreen ShapelyGatePolicy ShapelyGateSession \
    ShapelyGateJudge; do
    # A fresh archive: one left from an earlier run would keep objects of removed files.
    rm -f "$out/lib$module.a"
    sources=()
    while IFS= read -r file; do sources+=("$file"); done < <(find Sources/"$module" -name '*.swift' | sort)
    swiftc "${flags[@]}" -module-name "$module" -I "$out" -emit-module -emit-module-path "$out/$module.swiftmodule" \
        -emit-library -static -o "$out/lib$module.a" "${sources[@]}" 2>&1 | quiet
done
cli_sources=()
while IFS= read -r file; do cli_sources+=("$file"); done < <(find Sources/ShapelyGateCLI -name '*.swift' | sort)
swiftc "${flags[@]}" -module-name ShapelyGateCLI -I "$out" -L "$out" -lShapelyGateJudge -lShapelyGateSession \
    -lShapelyGatePolicy -lShapelyGateScreen -lShapelyGate -lPlistReader -lShapelyGateSystem "${guard_objects[@]}" "${cli_sources[@]}" Scripts/fuzz/FuzzTargets.swift -o "$out/fuzz-parsers" 2>&1 | quiet

# The seed writer links plain (not instrumented) builds of the plist reader and the engine.
mkdir -p "$out/plain"
for module in PlistReader ShapelyGate; do
    rm -f "$out/plain/lib$module.a"
    swiftc -O -parse-as-library -swift-version 6 -package-name shapelygate -module-name "$module" -I "$out/plain" \
        -emit-module -emit-module-path "$out/plain/$module.swiftmodule" \
        -emit-library -static -o "$out/plain/lib$module.a" Sources/"$module"/*.swift 2>&1 | quiet
done
swiftc -O -parse-as-library -swift-version 6 -package-name shapelygate -module-name WriteSeeds -I "$out/plain" -L "$out/plain" \
    -lShapelyGate -lPlistReader \
    Tests/PlistDifferentialTests/PlistCorpus.swift Tests/PlistDifferentialTests/PlistCorpusWriters.swift \
    Scripts/fuzz/WriteSeeds.swift -o "$out/plain/write-seeds" 2>&1 | quiet
"$out/plain/write-seeds" "$out/corpus-plist"

printf '1\n' >"$out/corpus-answer/one"
printf ' 08 \r\n' >"$out/corpus-answer/padded"
printf '3abc' >"$out/corpus-answer/junk"
find Tests/Fixtures Scripts/examples/strings -name '*.plist' -exec cp {} "$out/corpus-plist/" \;
printf 'shapelygate-lockout 1\ndenials 2\nduration 120.0\nuntil-wall 1000.0\nuntil-boot 50.0\nboot-id abc\n' \
    >"$out/corpus-state/state"
printf -- '--attempts\0003\000-t5\000--kinds=star,heart\000--\000apt\000upgrade' >"$out/corpus-options/wrapper"
printf -- '--strict\000--odds\000--strings-template\000es' >"$out/corpus-options/actions"
printf 'timeout = 20\nmin-rounds = 2\nmax-attempts = 1\nkinds = 6\nno-color = yes\nsyslog = no\n' \
    >"$out/corpus-config/policy"

for target in "${targets[@]}"; do
    echo "fuzzing $target: $runs inputs"
    FUZZ_TARGET=$target "$out/fuzz-parsers" -runs="$runs" -max_len=4096 -print_final_stats=1 \
        -artifact_prefix="$out/$target-" "$out/corpus-$target" 2>&1 |
        grep -E 'stat::number_of_executed_units|ERROR|Done' || true
    if ls "$out/$target-"crash-* >/dev/null 2>&1; then
        echo "fuzz.sh: $target crashed; see $out/$target-crash-*" >&2
        exit 1
    fi
done
