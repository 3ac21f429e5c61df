#!/usr/bin/env bash
# Fails when the committed Reports/ differ from what the default audit of this code produces (the source
# revision aside; with the sources committed, not even that), or when Reports/SHA256SUMS does not seal them. Only the
# audit's own files are compared (pictures/ included, file by file, and no file may be left over).
# The set is the audit's files alone (audit verify names any other file in it); the calibration and
# control tables live in docs/figures/, written by their own scripts.
set -euo pipefail
cd "$(dirname "$0")/../.."
fresh=$(mktemp -d)
trap 'rm -rf "$fresh"' EXIT
bash Scripts/reports/regenerate.sh "$fresh/reports" >/dev/null
stale=0
# The source revision a report names is the commit it was made from: the committed set was made before its
# own commit, so revisions are compared as one placeholder, and SHA256SUMS (which seals those files) is
# checked on its own against the committed files instead of byte for byte.
normalise() { sed -E 's/[0-9a-f]{40}(\+changes)?/REVISION/g' "$1"; }
while IFS= read -r file; do
  name=${file#"$fresh/reports/"}
  [ "$name" = "SHA256SUMS" ] && continue
  if ! cmp -s <(normalise "$file") <(normalise "Reports/$name" 2>/dev/null); then echo "differs: Reports/$name" >&2; stale=1; fi
done < <(find "$fresh/reports" -type f | sort)
[ -f Reports/SHA256SUMS ] || { echo "missing: Reports/SHA256SUMS" >&2; stale=1; }
if [ -f Reports/SHA256SUMS ] && ! (cd Reports && sha256sum --quiet -c SHA256SUMS >&2); then
  echo "error: Reports/SHA256SUMS does not seal the committed files" >&2; stale=1
fi
while IFS= read -r file; do
  [ -f "$fresh/reports/${file#Reports/}" ] || { echo "left over: $file (not a file of the audit's set)" >&2; stale=1; }
done < <(find Reports -type f | sort)
# The README's first command leaves a clone clean: with the sources committed, the revision the audit
# records (the last commit that changed Package.swift or Sources/) is the one the committed set names, so
# every file, SHA256SUMS included, must be the same byte for byte.
if [ "$stale" = 0 ] && command -v git >/dev/null 2>&1 && git rev-parse --git-dir >/dev/null 2>&1 \
  && git diff --quiet HEAD -- Package.swift Sources; then
  while IFS= read -r file; do
    name=${file#"$fresh/reports/"}
    if ! cmp -s "$file" "Reports/$name"; then
      echo "differs byte for byte (source revision): Reports/$name; regenerate Reports/ after committing the sources, so a clone's first audit leaves it unchanged" >&2
      stale=1
    fi
  done < <(find "$fresh/reports" -type f | sort)
fi
if [ "$stale" = 1 ]; then
  echo "error: Reports/ is out of date; run 'bash Scripts/reports/regenerate.sh' and commit the result" >&2
  exit 1
fi
echo "Reports/ is up to date"
