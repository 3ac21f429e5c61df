#!/usr/bin/env bash
# Longer fuzzing of the command line than the test suite's 45 seconds: random and mutated command lines
# must end with status 0, 1, 2 or 64 (never 70 or a signal), a usage error in one line, no report on bad
# input. Usage: bash Scripts/gates/fuzz.sh [seconds] [seed]   (defaults 600 and the date)
set -euo pipefail
cd "$(dirname "$0")/../.."
bash Scripts/install-dependencies.sh
swift build --build-tests >/dev/null
AUDIT_FUZZ_SECONDS="${1:-600}" AUDIT_FUZZ_CASES=100000000 AUDIT_FUZZ_SEED="${2:-$(date +%Y%m%d)}" \
  swift test --skip-build --filter FuzzTests
