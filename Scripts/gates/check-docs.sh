#!/usr/bin/env bash
# The documentation gate: every public declaration of the three libraries has a doc comment
# (Scripts/gates/doc_coverage.py), and each library's DocC catalogue builds with no warning (broken links,
# unknown symbols in a topic group, malformed articles).
set -euo pipefail
cd "$(dirname "$0")/../.."
modules=(FairnessModel FairnessSubjects FairnessChecks FairnessStatistics FairnessSpec _FairnessAuditSupport FairnessRunner FairnessReport
  FairnessReportRendering FairnessSubjectAudit FairnessLogs FairnessBattery FairnessVerification FairnessAudit FairnessProbe)
log=$(mktemp)
work=$(mktemp -d)
trap 'rm -rf "$log" "$work"' EXIT
graphs=$(swift build --show-bin-path)/../symbolgraph
rm -rf "$graphs"
if ! swift package dump-symbol-graph --minimum-access-level public --skip-synthesized-members >"$log" 2>&1; then
  # The dump also tries the test modules and may fail there; the libraries' graphs are what count.
  for module in "${modules[@]}"; do
    [ -f "$graphs/$module.symbols.json" ] || { cat "$log" >&2; echo "error: no symbol graph for $module" >&2; exit 1; }
  done
fi
python3 Scripts/gates/doc_coverage.py "$graphs" "${modules[@]}"
docc=$(command -v docc || true)
[ -n "$docc" ] || docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
for module in "${modules[@]}"; do
  mkdir -p "$work/$module-graphs"
  cp "$graphs/$module.symbols.json" "$work/$module-graphs/"
  cp "$graphs/$module"@*.symbols.json "$work/$module-graphs/" 2>/dev/null || true
  "$docc" convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$work/$module-graphs" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.fairness-audit.$module" \
    --output-path "$work/$module.doccarchive" --warnings-as-errors >"$work/$module.log" 2>&1 \
    || { cat "$work/$module.log" >&2; echo "error: the DocC build of $module has warnings (above)" >&2; exit 1; }
  echo "$module: DocC catalogue builds with no warnings"
done
