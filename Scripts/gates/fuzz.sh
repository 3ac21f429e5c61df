#!/usr/bin/env bash
# Longer fuzzing than the test suite's: random and mutated command lines for the given seconds (they must
# end with status 0, 1, 2 or 64, never 70 or a signal; a usage error in one line; no report on bad input),
# then mutated spec files and production logs (each parsed and audited, or refused with its own error;
# never a crash), then mutated shard files through `audit merge` (merged or refused in one line).
# Usage: bash Scripts/gates/fuzz.sh [seconds] [seed] [mutants] [shard-mutants]
# (defaults 600, the date, 60000 spec files and logs each, and 2000 shard files).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash Scripts/install-dependencies.sh
swift build --build-tests >/dev/null
# The command-line fuzzing runs the built binary end to end: the full tier.
FAIRNESS_AUDIT_FULL_TESTS=1 AUDIT_FUZZ_SECONDS="${1:-600}" AUDIT_FUZZ_CASES=100000000 AUDIT_FUZZ_SEED="${2:-$(date +%Y%m%d)}" \
  swift test --skip-build --filter 'AuditCommandTests.FuzzTests'
FAIRNESS_AUDIT_FUZZ_ROUNDS="${3:-60000}" swift test --skip-build --filter 'SpecFuzzTests|LogFuzzTests'
FAIRNESS_AUDIT_FULL_TESTS=1 FAIRNESS_AUDIT_FUZZ_ROUNDS="${4:-2000}" swift test --skip-build --filter 'ShardFuzzTests'
