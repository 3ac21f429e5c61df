#!/usr/bin/env bash
# Fails when the committed Reports/ differ from what the default audit of this code produces.
set -euo pipefail
cd "$(dirname "$0")/.."
fresh=$(mktemp -d)
trap 'rm -rf "$fresh"' EXIT
bash Scripts/regenerate-reports.sh "$fresh" >/dev/null
if ! diff -r -q Reports "$fresh" >/dev/null; then
  echo "error: Reports/ is out of date; run 'bash Scripts/regenerate-reports.sh' and commit the result" >&2
  diff -r -q Reports "$fresh" >&2 || true
  exit 1
fi
echo "Reports/ is up to date"
