#!/usr/bin/env bash
# Every SP 800-22 P-value of `audit rng`'s battery beside NIST's reference program `assess` (sts-2.1.2),
# sequence by sequence, on NIST's five data files (data.e, data.pi, data.sqrt2, data.sqrt3 in its ASCII
# format, data.sha1 in binary) and on 10^8-bit files of three good and two weak generators
# (Benchmarks/Scripts/agreement_generators.py): the largest difference per test, with the reference
# program's class tables and with the toolkit's exact constants (Benchmarks/Scripts/assess_agreement.py).
# Exit status 1 when a test differs by more than the reference program's six printed decimals.
#
# Usage: bash Benchmarks/Scripts/assess-agreement.sh STS_SOURCE [AUDIT_BENCH]
#   STS_SOURCE   NIST's published source of the reference program, unpacked: sts-2_1_2.zip from
#                https://csrc.nist.gov/projects/random-bit-generation/documentation-and-software
#                (its folder holding src/assess.c, makefile, templates/, data/ and experiments/). Built
#                here with the system's C compiler into a temporary folder; the benchmark is skipped,
#                saying so, when no source is given.
#   AUDIT_BENCH  default Benchmarks/.build/release/audit-bench
# AGREEMENT_BITS=10000000 makes the generators' files shorter (the reference program takes about 2 s a
# sequence of 10^6 bits: 10^8 bits of five generators take about 17 minutes).
set -euo pipefail
cd "$(dirname "$0")/../.."
source=${1:-${STS_SOURCE:-}}
bench=${2:-Benchmarks/.build/release/audit-bench}
if [ -z "$source" ] || [ ! -f "$source/src/assess.c" ]; then
  echo "assess-agreement: skipped: give NIST's sts-2.1.2 source (sts-2_1_2.zip from csrc.nist.gov, unpacked) as the first argument or STS_SOURCE"
  exit 0
fi
if [ ! -x "$bench" ]; then
  echo "error: $bench not found; build it first: swift build -c release --package-path Benchmarks" >&2
  exit 1
fi
bits=${AGREEMENT_BITS:-100000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$source" "$work/sts"
mkdir -p "$work/sts/obj"
make -C "$work/sts" GCCFLAGS="-O2 -c -w" >/dev/null
(cd "$work/sts/experiments" && bash create-dir-script >/dev/null 2>&1 || true)
python3 Benchmarks/Scripts/agreement_generators.py "$work/generators" "$bits"
files=()
for name in data.e data.pi data.sqrt2 data.sqrt3; do files+=("$work/sts/data/$name:ascii-bits:1"); done
files+=("$work/sts/data/data.sha1:bytes:1")
for name in urandom mt19937 pcg64 lcg32 java-random; do files+=("$work/generators/$name.bin:bytes:$((bits / 1000000))"); done
python3 Benchmarks/Scripts/assess_agreement.py "$work/sts" "$bench" "${files[@]}"
