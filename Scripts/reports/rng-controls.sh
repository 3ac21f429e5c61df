#!/usr/bin/env bash
# The randomness battery's negative controls: weak generators (GSL randu, minstd, BSD rand, a 32-bit LCG,
# V8's old MWC1616 Math.random, java.util.Random) must fail `audit rng` for the reason the literature gives;
# good ones (mt19937, xoshiro256**, Philox4x64-10, the OS CSPRNG) must pass on every seed.
# Usage: bash Scripts/reports/rng-controls.sh [out.md]   (default docs/figures/rng-controls.md; about 3 minutes)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-docs/figures/rng-controls.md}
swift build --package-path Benchmarks --product audit-bench >/dev/null
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
Benchmarks/.build/debug/audit-bench rng-controls > "$tmp"
mv "$tmp" "$out"
trap - EXIT
echo "wrote $out"
