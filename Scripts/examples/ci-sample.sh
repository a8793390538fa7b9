#!/usr/bin/env bash
# CI sample: builds and tests shapelygate, then shows that a step guarded by the gate
# is denied because no person is at a terminal. Used by ci-workflow.yml; runs the same
# way on a laptop: Scripts/examples/ci-sample.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

swift build
swift test </dev/null
gate=$(swift build --show-bin-path)/shapelygate

set +e
SWIFT_BACKTRACE=enable=no setsid "$gate" -- sh -c 'echo "deploying"' </dev/null
status=$?
set -e
if [ "$status" = 1 ]; then
    echo "ci-sample: the guarded step was denied (status 1): no person at a terminal"
else
    echo "ci-sample: expected status 1, got $status" >&2
    exit 1
fi
