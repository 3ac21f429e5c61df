#!/usr/bin/env bash
# The randomness battery side by side with dieharder (Debian's package) and nistrng (NIST SP 800-22 from
# PyPI) on the same file of /dev/urandom bytes, one core each:
#   1. each SP 800-22 test against the same test in dieharder and nistrng, bits tested per second and the
#      ratios (Benchmarks/Scripts/rng_compare.py);
#   2. the whole battery (`audit rng`, one thread) against nistrng's whole battery and dieharder's STS tests,
#      and with a declared sample (--test-every 8 and 16) on 2 x 10^9 bits;
#   3. the peak memory of `audit rng` on streams of 10^7 ... 10^9 bits (10^10 with
#      RNG_BENCH_LARGEST=10000000000; about 8 minutes on one core).
# Run by Benchmarks/Scripts/benchmark.sh after a release build; not run by CI.
# Usage: bash Benchmarks/Scripts/rng-battery.sh [AUDIT_BINARY] [AUDIT_BENCH_BINARY]   (defaults
# .build/release/audit and Benchmarks/.build/release/audit-bench)
set -euo pipefail
cd "$(dirname "$0")/../.."
audit=${1:-.build/release/audit}
bench=${2:-Benchmarks/.build/release/audit-bench}
for binary in "$audit" "$bench"; do
  [ -x "$binary" ] || { echo "error: $binary not found; build it first: swift build -c release --product audit, and swift build -c release --package-path Benchmarks" >&2; exit 1; }
done
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
read -r t_audit m_audit < <(seconds "$audit" rng "$work/bits.bin" --threads 1 --out "$work/report")
audit_rate=$(python3 -c "print(4e8 / $t_audit)")
# Where the one-thread time went (the terminal's stage line), then the same file on every core: the
# speed-up, and the reports byte for byte the same.
printf 'battery  stages, 1 thread: %s\n' "$(sed -n 's/^audit: //p' "$work/time" | head -n 1)"
cores=$(nproc)
read -r t_all _ < <(seconds "$audit" rng "$work/bits.bin" --threads "$cores" --out "$work/report-all")
printf 'battery  scaling: 1 thread %.2f s, %s threads %.2f s: %.2fx (%.2f of the cores)\n' "$t_audit" "$cores" "$t_all" \
  "$(python3 -c "print($t_audit / $t_all)")" "$(python3 -c "print($t_audit / $t_all / $cores)")"
if diff -r -q "$work/report" "$work/report-all" >/dev/null; then echo "battery  scaling: reports identical"; else echo "battery  scaling: REPORTS DIFFER"; fi
# nistrng: its 15 tests on one sequence of 10^6 bits (it holds the sequence as one byte a bit).
nistrng=$(python3 Benchmarks/Scripts/rng_nistrng.py "$work/bits.bin" 1000000)
nistrng_rate=$(echo "$nistrng" | sed -n 's/.*bits_per_second=\([^ ]*\).*/\1/p')
# dieharder: its STS tests (-d 100 monobit, 101 runs, 102 serial) on the same file, the bits its statistics
# are computed from (32 x tsamples x psamples words' bits, as it prints them) over its time.
t_dh=0; dh_bits=0
for test in 100 101 102; do
  read -r t _ < <(seconds dieharder -g 201 -f "$work/bits.bin" -d $test -p 50)
  words=$(awk -F'|' '/PASSED|WEAK|FAILED/ {gsub(/ /,"",$3); gsub(/ /,"",$4); print $3 * $4; exit}' "$work/out")
  t_dh=$(python3 -c "print($t_dh + $t)"); dh_bits=$(python3 -c "print($dh_bits + ${words:-0} * 32)")
done
dh_rate=$(python3 -c "print($dh_bits / $t_dh if $t_dh > 0 else 0)")
printf 'battery  whole: audit rng (15 tests on every bit, 13 on the low bits, the draw tests; 1 thread) %.3g bits/s   nistrng (15 tests) %.3g bits/s   dieharder (3 STS tests) %.3g bits/s\n' \
  "$audit_rate" "$nistrng_rate" "$dh_rate"
printf 'battery  whole ratios: audit rng / nistrng %.3g, audit rng / dieharder %.3g\n' \
  "$(python3 -c "print($audit_rate / $nistrng_rate)")" "$(python3 -c "print($audit_rate / $dh_rate if $dh_rate > 0 else 0)")"
# A declared sample (--test-every k: the SP 800-22 tests on every k-th sequence, the whole-input and draw
# tests on every bit) on 2 x 10^9 bits, one thread, where the draw tests' fixed costs no longer count.
head -c 250000000 /dev/urandom > "$work/large.bin"
for every in 8 16; do
  read -r t_sampled _ < <(seconds "$audit" rng "$work/large.bin" --threads 1 --test-every "$every" --out "$work/sampled")
  sampled_rate=$(python3 -c "print(2e9 / $t_sampled)")
  printf 'battery  sampled: --test-every %s on 2e9 bits, 1 thread: %.3g bits/s (%.3g x the whole battery, %.3g x dieharder'"'"'s 3 STS tests)\n' \
    "$every" "$sampled_rate" "$(python3 -c "print($sampled_rate / $audit_rate)")" "$(python3 -c "print($sampled_rate / $dh_rate if $dh_rate > 0 else 0)")"
done
rm -f "$work/large.bin"
# NIST's reference program, when its source is given (STS_SOURCE: sts-2_1_2.zip from csrc.nist.gov,
# unpacked; built here): its 15 tests on the first 10 sequences of 10^6 bits of the same file (it takes
# about 2 s a sequence), in its binary format.
if [ -n "${STS_SOURCE:-}" ] && [ -f "$STS_SOURCE/src/assess.c" ]; then
  cp -r "$STS_SOURCE" "$work/sts" && mkdir -p "$work/sts/obj" && make -C "$work/sts" GCCFLAGS="-O2 -c -w" >/dev/null
  (cd "$work/sts/experiments" && bash create-dir-script >/dev/null 2>&1 || true)
  head -c 1250000 "$work/bits.bin" > "$work/sts-bits.bin"
  read -r t_sts _ < <(cd "$work/sts" && printf '0\n%s\n1\n0\n10\n1\n' "$work/sts-bits.bin" | seconds ./assess 1000000)
  sts_rate=$(python3 -c "print(1e7 / $t_sts)")
  printf 'battery  whole: NIST assess (15 tests on every bit, 1 thread) %.3g bits/s; audit rng / assess %.3g\n' \
    "$sts_rate" "$(python3 -c "print($audit_rate / $sts_rate)")"
else
  echo "battery  whole: NIST assess skipped (set STS_SOURCE to NIST's sts-2.1.2 source, unpacked, to time it beside)"
fi
# Test for test on the same file (each test alone, one core each).
echo "battery  test for test (bits tested per second; × = how many times faster audit rng is):"
python3 Benchmarks/Scripts/rng_compare.py "$bench" "$work/bits.bin" | sed 's/^/battery  /'
# Peak memory of `audit rng` reading standard input, 10^7 bits up to the largest.
bits=10000000
while [ "$bits" -le "$largest" ]; do
  read -r t m < <(seconds sh -c "head -c $((bits / 8)) /dev/urandom | $audit rng - --threads 1 --out $work/stream --quiet")
  printf 'battery  memory: %s bits in %s s, peak %s KB\n' "$bits" "$t" "$m"
  bits=$((bits * 10))
done
