#!/usr/bin/env bash
# The randomness battery side by side with dieharder (Debian's package) and nistrng (NIST SP 800-22 from
# PyPI) on the same file of /dev/urandom bytes, one core each: bits tested per second, and the peak memory
# of `audit rng` on streams of 10^7 ... 10^9 bits (10^10 with RNG_BENCH_LARGEST=10000000000; about 25
# minutes). Run by Scripts/benchmark.sh after a release build; not run by CI.
# Usage: bash Scripts/benchmarks/rng-battery.sh [AUDIT_BINARY]   (default .build/release/audit)
set -euo pipefail
cd "$(dirname "$0")/../.."
audit=${1:-.build/release/audit}
largest=${RNG_BENCH_LARGEST:-1000000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if ! command -v dieharder >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get install -y -qq --no-install-recommends dieharder >/dev/null
fi
python3 -c "import nistrng" 2>/dev/null || python3 -m pip install --quiet nistrng
head -c 50000000 /dev/urandom > "$work/bits.bin"   # 4 x 10^8 bits
seconds() { /usr/bin/time -f "%e %M" "$@" 2> "$work/time" > "$work/out" || true; tail -n 1 "$work/time"; }
# The toolkit: the whole battery (SP 800-22 on every bit and on each draw's lowest bits, the draw tests) on
# the 4 x 10^8 bits, one thread.
read -r t_audit m_audit < <(seconds "$audit" rng "$work/bits.bin" --threads 1 --out "$work/report" --quiet)
audit_rate=$(python3 -c "print(4e8 / $t_audit)")
# nistrng: its 15 tests on one sequence of 10^6 bits (it holds the sequence as one byte a bit).
nistrng=$(python3 Scripts/benchmarks/rng_nistrng.py "$work/bits.bin" 1000000)
nistrng_rate=$(echo "$nistrng" | sed -n 's/.*bits_per_second=\([^ ]*\).*/\1/p')
# dieharder: its STS and bit-distribution tests (-d 100 ... 102 and 200 -n 1 ... 3) on the same file, which it
# reads as 32-bit words and rewinds when it runs out (each test's bits: tsamples x psamples words).
t_dh=0; dh_bits=0
for test in "100" "101" "102" "200 -n 1" "200 -n 2" "200 -n 3"; do
  read -r t _ < <(seconds dieharder -g 201 -f "$work/bits.bin" -d $test)
  words=$(awk -F'|' '/PASSED|WEAK|FAILED/ {gsub(/ /,"",$3); gsub(/ /,"",$4); print $3 * $4; exit}' "$work/out")
  t_dh=$(python3 -c "print($t_dh + $t)"); dh_bits=$(python3 -c "print($dh_bits + ${words:-0} * 32)")
done
dh_rate=$(python3 -c "print($dh_bits / $t_dh if $t_dh > 0 else 0)")
printf 'battery  audit rng (1 thread): %.3g bits/s   dieharder (6 tests, counted as it reads them): %.3g bits/s   nistrng: %.3g bits/s\n' \
  "$audit_rate" "$dh_rate" "$nistrng_rate"
printf 'battery  ratios: audit rng / dieharder %.3g, audit rng / nistrng %.3g\n' \
  "$(python3 -c "print($audit_rate / $dh_rate if $dh_rate > 0 else 0)")" "$(python3 -c "print($audit_rate / $nistrng_rate)")"
# Peak memory of `audit rng` reading standard input, 10^7 bits up to the largest.
bits=10000000
while [ "$bits" -le "$largest" ]; do
  read -r t m < <(seconds sh -c "head -c $((bits / 8)) /dev/urandom | $audit rng - --threads 1 --out $work/stream --quiet")
  printf 'battery  memory: %s bits in %s s, peak %s KB\n' "$bits" "$t" "$m"
  bits=$((bits * 10))
done
