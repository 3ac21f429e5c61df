#!/usr/bin/env bash
# Side by side, one run on one machine: the audit of the 90-pity-state banner (Examples/specs/star-banner.yaml,
# 180 states, its exact figures in rational arithmetic, 10^6 draws sampled) against the audit of a
# 37-sector wheel declared in a spec (the same 10^6 draws), five rounds interleaved; prints the median wall
# times and their ratio (the target: at most 2). Usage: bash Benchmarks/Scripts/table_vs_wheel.sh [DRAWS]
set -euo pipefail
cd "$(dirname "$0")/../.."
draws=${1:-1000000}
swift build -c release --product audit >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
{
  printf 'version: 1\nname: wheel-37\nwheel:\n  unit: degrees\n  zero: top\n  angles-grow: clockwise\n  layout: clockwise\n'
  printf '  first-sector-start: 0\n  pointer: 0\n  sectors:\n'
  for label in $(seq 0 36); do printf '    - { label: %s, weight: 1 }\n' "$label"; done
  printf '  spin: { draw: uniform, turns: 5, rotation: accumulated }\n'
} > "$work/wheel-37.yaml"
nanoseconds() {
  local start end
  start=$(date +%s%N)
  .build/release/audit run --spec "$1" --trials "$draws" --out "$work/out" --quiet >/dev/null 2>&1 || [ $? -le 2 ]
  end=$(date +%s%N)
  echo $((end - start))
}
: > "$work/times"
for round in 1 2 3 4 5; do
  echo "banner $(nanoseconds Examples/specs/star-banner.yaml)" >> "$work/times"
  echo "wheel $(nanoseconds "$work/wheel-37.yaml")" >> "$work/times"
done
python3 - "$work/times" "$draws" <<'PY'
import statistics, sys
times = {}
for line in open(sys.argv[1]):
    name, value = line.split()
    times.setdefault(name, []).append(float(value) / 1e9)
banner, wheel = statistics.median(times["banner"]), statistics.median(times["wheel"])
print(f"{sys.argv[2]} draws, medians of 5: banner (180 states) {banner:.3f} s, 37-sector wheel {wheel:.3f} s")
print(f"ratio banner/wheel = {banner / wheel:.2f}  (target <= 2)")
PY
