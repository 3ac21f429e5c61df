#!/usr/bin/env bash
# The project's test command: installs missing system dependencies (GSL, pkg-config, xmllint, node, a JDK), checks that the build of the
# project's own sources has no warnings, runs every test (the benchmarks' package, Benchmarks/, built and tested too), checks the formatting (.swift-format), that
# every public declaration is documented and the DocC catalogues build, that Reports/ is current, and
# that SciPy recomputes every p-value in Reports/checks.csv from Reports/tables.csv, and that the spec
# JSON Schema agrees with the example specs and the test fixtures.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/install-dependencies.sh
# xmllint validates the JUnit report against its schema in the tests (macOS ships it; Debian has it in
# libxml2-utils).
# The example probes run in the tests: node (JavaScript) and a JDK (javac, java); python3 is already needed.
missing=""
command -v node >/dev/null 2>&1 || missing="$missing nodejs"
command -v javac >/dev/null 2>&1 || missing="$missing default-jdk-headless"
if [ -n "$missing" ]; then
  if command -v apt-get >/dev/null 2>&1; then
    sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
    echo "installing$missing with apt-get (for the example probes)" >&2
    $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
  else
    echo "error: the example probes need node and a JDK (javac); install them (brew install node openjdk)" >&2
    exit 1
  fi
fi
if ! command -v xmllint >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1; then
    sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
    echo "installing libxml2-utils (xmllint) with apt-get" >&2
    $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends libxml2-utils >/dev/null
  else
    echo "error: xmllint not found; install libxml2 (it provides xmllint)" >&2
    exit 1
  fi
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# Builds a package with its tests (arguments: swift build's, and the folder its own sources are under);
# fails on an error, or on a warning in those sources (not in a dependency's).
build_without_warnings() {
  local sources=$1 where="the project's sources"; shift
  [ -z "$sources" ] || where="the sources under $sources"
  swift build "$@" --build-tests 2>&1 | tee "$log" | grep -E "error:|Build complete" || true
  if grep -E "^$PWD/$sources(Sources|Tests)/.*warning:" "$log"; then
    echo "error: the build has warnings in $where (listed above)" >&2
    exit 1
  fi
  if grep -q "error:" "$log"; then cat "$log" >&2; exit 1; fi
}
build_without_warnings ""
# Swift Testing's own closing line, and one plain summary line at the very end (the XCTest half of
# `swift test` reports "Executed 0 tests": every test is Swift Testing's).
tests=$(mktemp)
trap 'rm -f "$log" "$tests"' EXIT
# The full tier: plain `swift test` (the fast tier) skips the end-to-end command tests and the probes.
FAIRNESS_AUDIT_FULL_TESTS=1 swift test --skip-build 2>&1 | tee "$tests"
status=${PIPESTATUS[0]}
[ "$status" -eq 0 ] || exit "$status"
summary=$(grep -E "Test run with [0-9]+ tests? " "$tests" | tail -n 1 || true)
# The benchmarks and calibration, a package of their own beside the product (Benchmarks/, depending on
# this one by path): built with no warnings in its sources (its audit-bench runs the rng-controls gate)
# and tested.
build_without_warnings "Benchmarks/" --package-path Benchmarks
bench_tests=$(mktemp)
trap 'rm -f "$log" "$tests" "$bench_tests"' EXIT
swift test --package-path Benchmarks --skip-build 2>&1 | tee "$bench_tests"
benchmarks=$(grep -E "Test run with [0-9]+ tests? " "$bench_tests" | tail -n 1 | sed -E 's/.*Test run with ([0-9]+) tests?.*/\1/' || true)
swift format lint --strict --recursive Sources Tests Package.swift Benchmarks/Sources Benchmarks/Tests Benchmarks/Package.swift \
  || { echo "error: formatting differs from .swift-format; run 'swift format format --in-place --recursive Sources Tests Package.swift Benchmarks/Sources Benchmarks/Tests Benchmarks/Package.swift'" >&2; exit 1; }
python3 Scripts/gates/check-layering.py
python3 Scripts/gates/check_doc_links.py
python3 Scripts/gates/check_sizes.py
bash Scripts/gates/check-docs.sh
bash Scripts/gates/check-reports.sh
python3 -c "import scipy, mpmath" 2>/dev/null || python3 -m pip install --quiet scipy mpmath
python3 Scripts/gates/recompute_pvalues.py Reports
python3 Scripts/gates/check_payout_size.py docs/figures/calibration.md
python3 Scripts/gates/check_contingency_size.py docs/figures/calibration.md
bash Scripts/gates/check-log-recompute.sh
bash Scripts/gates/check-rng-controls.sh
python3 -c "import jsonschema, yaml" 2>/dev/null || python3 -m pip install --quiet jsonschema pyyaml
python3 Scripts/gates/check_spec_schema.py
passed=$(printf '%s\n' "$summary" | sed -E 's/.*Test run with ([0-9]+) tests?.*/\1/')
echo "tests: ${passed:-0} of the toolkit, ${benchmarks:-0} of its benchmarks (Benchmarks/)"
echo "swift-testing: $(( ${passed:-0} + ${benchmarks:-0} )) passed, 0 failed"
