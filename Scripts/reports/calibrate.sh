#!/usr/bin/env bash
# Calibration and power at full scale (by hand; CI runs the same command small): fair subjects over 1,000
# seeds (p-values uniform, family-wise false alarms within alpha) and a planted bias of exactly the printed
# detectable size (caught 90% +- 3% of the time). Writes docs/figures/calibration.md.
# Usage: bash Scripts/reports/calibrate.sh [seeds] [trials]   (defaults 1000 and 100000; release build)
set -euo pipefail
cd "$(dirname "$0")/../.."
bash Scripts/install-dependencies.sh
swift build -c release --package-path Benchmarks --product audit-bench >/dev/null
Benchmarks/.build/release/audit-bench calibrate --seeds "${1:-1000}" --trials "${2:-100000}" --out docs/figures/calibration.md
# The randomness battery's tests under the null (about 6 minutes), appended.
{ echo; Benchmarks/.build/release/audit-bench rng-calibrate; } >> docs/figures/calibration.md
