#!/usr/bin/env bash
# Side-by-side benchmark, one run on one machine: the toolkit's engine on 1 core and on all cores, NumPy's
# fastest idiom, and C with GSL's mt19937, on the same job (37-sector wheel: draw, map, tally, chi-square).
# Prints trials per second and the ratios, peak memory at 10^6 and 10^9 trials, and the wall time of the
# full default audit. Not run by CI. Usage: bash Scripts/benchmark.sh [TRIALS]   (default 10^8)
set -euo pipefail
cd "$(dirname "$0")/.."
trials=${1:-100000000}
bash Scripts/install-dependencies.sh
swift build -c release --product audit >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 Scripts/benchmark_gsl.c $(pkg-config --cflags --libs gsl) -o "$work/benchmark_gsl"
cores=$(nproc)
rate() { sed -n 's/.*trials_per_second=\([^ ]*\).*/\1/p'; }
one=$(.build/release/audit bench --trials "$trials" --threads 1); echo "$one"
all=$(.build/release/audit bench --trials "$trials" --threads "$cores"); echo "$all"
numpy=$(python3 Scripts/benchmark_numpy.py "$trials"); echo "$numpy"
gsl=$("$work/benchmark_gsl" "$trials"); echo "$gsl"
r1=$(echo "$one" | rate); ra=$(echo "$all" | rate); rn=$(echo "$numpy" | rate); rg=$(echo "$gsl" | rate)
python3 - "$r1" "$ra" "$rn" "$rg" "$cores" <<'PY'
import sys
one, allc, numpy, gsl, cores = map(float, sys.argv[1:])
print(f"ratio engine(1 core)/numpy      = {one / numpy:.2f}  (target >= 3)")
print(f"ratio engine(1 core)/c-gsl      = {one / gsl:.2f}  (target >= 4)")
print(f"ratio engine({int(cores)} cores)/(1 core) = {allc / one:.2f}  (target >= 1.8 on 2 cores)")
PY
m6=$( { /usr/bin/time -f "%M" .build/release/audit bench --trials 1000000 >/dev/null; } 2>&1 )
m9=$( { /usr/bin/time -f "%M" .build/release/audit bench --trials 1000000000 >/dev/null; } 2>&1 )
echo "peak memory: 10^6 trials ${m6} KB, 10^9 trials ${m9} KB (ratio $(python3 -c "print(f'{$m9/$m6:.3f}')"); target <= 1.10)"
start=$(date +%s.%N)
.build/release/audit --trials 1000000 --out "$work/reports" --quiet >/dev/null 2>&1 || true
end=$(date +%s.%N)
echo "full default audit (--trials 1000000, release): $(python3 -c "print(f'{$end-$start:.2f}')") s wall (target <= 2 s)"
# A subject defined outside the library (here, in the audit executable's module, as a user's is): the sampling
# part of Audit.run against the runner called directly.
.build/release/audit bench --parity --trials 200000000 --threads 1
# A game's own code behind a probe (Python, docs/probe-protocol.md): answers per second in batches, and
# every exact check of a 37-pocket roulette through it.
.build/release/audit bench --probe 'python3 Scripts/bench/roulette37.py' --spec Scripts/bench/roulette37.yaml --trials 1000000 \
  | sed 's/$/  (targets: >= 200000 requests per second; exact checks <= 10 s)/'
