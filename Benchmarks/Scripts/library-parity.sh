#!/usr/bin/env bash
# Library parity: every row of `audit-bench --scale` timed through `Audit.run` from a package that depends
# on the toolkit the way a studio's does (by version, the FairnessToolkit product, release build), against
# the command's own timing of the same row, three interleaved rounds, medians and ratios (target <= 1.10).
# The package depends on the committed HEAD (tagged with Toolkit.version in a bare clone): commit first.
# Run by Benchmarks/Scripts/benchmark.sh; alone: bash Benchmarks/Scripts/library-parity.sh   (release builds, minutes)
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
version=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/FairnessModel/Toolkit.swift)
git clone -q --bare . "$work/fairness-audit.git"
git -C "$work/fairness-audit.git" tag -f "$version" HEAD >/dev/null
mkdir -p "$work/library-parity/Sources"
sed -e "s|@URL@|file://$work/fairness-audit.git|" -e "s|@VERSION@|$version|" \
  Benchmarks/Scripts/library-parity/Package.swift.in > "$work/library-parity/Package.swift"
cp Benchmarks/Scripts/library-parity/main.swift "$work/library-parity/Sources/main.swift"
swift build -c release --package-path Benchmarks --product audit-bench >/dev/null
(cd "$work/library-parity" && swift build -c release >/dev/null)
for round in 1 2 3; do
  Benchmarks/.build/release/audit-bench --scale > "$work/command-$round"
  "$work/library-parity/.build/release/LibraryParity" > "$work/library-$round"
done
cat "$work/command-1"
python3 - "$work" <<'PY'
import glob, os, statistics, sys
work = sys.argv[1]

def rows(path, column):
    """Game name (up to its parenthesis) -> seconds, from the first Markdown table of a run."""
    out = {}
    for line in open(path):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| wheel,") or line.startswith("| dice,"):
            out[cells[0].split(" (")[0]] = float(cells[column])
    return out

command = [rows(p, 2) for p in sorted(glob.glob(os.path.join(work, "command-[0-9]")))]
library = [rows(p, 1) for p in sorted(glob.glob(os.path.join(work, "library-[0-9]")))]
print("\n| game | command, audit-bench --scale (s) | a user's package, Audit.run (s) | ratio |")
print("|---|---|---|---|")
worst = 0.0
for game in library[0]:
    c = statistics.median(run[game] for run in command)
    u = statistics.median(run[game] for run in library)
    ratio = u / c if c > 0 else float("nan")
    worst = max(worst, ratio)
    print(f"| {game} | {c:.3f} | {u:.3f} | {ratio:.2f} |")
print(f"library parity: worst ratio {worst:.2f} (target <= 1.10: {'met' if worst <= 1.10 else 'missed'}); medians of 3 interleaved rounds")
PY
