#!/usr/bin/env bash
# Regenerates the randomness battery's negative-control table and fails if a weak generator no longer
# fails for its published reason, a good one fails a run, or the table differs from docs/figures/rng-controls.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
fresh=$(mktemp)
trap 'rm -f "$fresh"' EXIT
# audit-bench is in the benchmarks' package (Benchmarks/): built here if the test gate has not built it yet.
swift build --package-path Benchmarks --product audit-bench >/dev/null
Benchmarks/.build/debug/audit-bench rng-controls > "$fresh" || { echo "error: a negative control did not behave as the literature says (above)" >&2; exit 1; }
if ! diff -u docs/figures/rng-controls.md "$fresh"; then
  echo "error: docs/figures/rng-controls.md is not what this code produces; run 'bash Scripts/reports/rng-controls.sh'" >&2
  exit 1
fi
echo "rng controls: the table is current; every weak generator fails for its reason, every good one passes"
