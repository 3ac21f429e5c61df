#!/usr/bin/env bash
# Fails when the committed Reports/ differ from what the default audit of this code produces. Only the
# audit's own files are compared (pictures/ included, file by file, and no picture may be left over):
# calibration.md and negative-controls.md come from their own scripts.
set -euo pipefail
cd "$(dirname "$0")/../.."
fresh=$(mktemp -d)
trap 'rm -rf "$fresh"' EXIT
bash Scripts/reports/regenerate.sh "$fresh/reports" >/dev/null
stale=0
while IFS= read -r file; do
  name=${file#"$fresh/reports/"}
  if ! cmp -s "$file" "Reports/$name"; then echo "differs: Reports/$name" >&2; stale=1; fi
done < <(find "$fresh/reports" -type f | sort)
if [ -d Reports/pictures ]; then
  while IFS= read -r file; do
    [ -f "$fresh/reports/${file#Reports/}" ] || { echo "left over: $file" >&2; stale=1; }
  done < <(find Reports/pictures -type f | sort)
fi
if [ "$stale" = 1 ]; then
  echo "error: Reports/ is out of date; run 'bash Scripts/reports/regenerate.sh' and commit the result" >&2
  exit 1
fi
echo "Reports/ is up to date"
