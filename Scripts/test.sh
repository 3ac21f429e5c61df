#!/usr/bin/env bash
# The project's test command: installs missing system dependencies, checks that the build of the
# project's own sources has no warnings, runs every test, then checks that Reports/ is current.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/install-dependencies.sh
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift build --build-tests 2>&1 | tee "$log" | grep -E "error:|Build complete" || true
if grep -E "^$PWD/(Sources|Tests)/.*warning:" "$log"; then
  echo "error: the build has warnings in the project's sources (listed above)" >&2
  exit 1
fi
if grep -q "error:" "$log"; then cat "$log" >&2; exit 1; fi
swift test --skip-build
bash Scripts/check-reports.sh
