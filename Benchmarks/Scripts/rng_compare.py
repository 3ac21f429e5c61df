#!/usr/bin/env python3
"""Each SP 800-22 test of `audit rng`'s battery beside the same test in dieharder and in nistrng, on the
same file of bits, one core each: bits tested per second of CPU time, and the ratios.

- The toolkit: `audit-bench rng-speed FILE` (each test alone, one thread, on sequences of 10^6 bits).
- dieharder (Debian's package): the STS tests it shares with SP 800-22 (-d 100 monobit, 101 runs, 102
  serial) on the file (-g 201, 50 psamples; it rewinds a file it has read to the end, which changes its data, not its speed); the bits tested are those its statistics are
  computed from, 32 x tsamples x psamples as it prints them, over its own CPU time (user + system, from
  wait4, which includes its start-up timing of the source). Its 32 x 32 rank test builds each matrix
  from one bit of each of 1,024 words, so it is not set beside SP 800-22's rank test.
- nistrng (PyPI): every test's own `run` on one sequence of 10^6 bits.

Usage: python3 Benchmarks/Scripts/rng_compare.py AUDIT_BENCH FILE
"""
import os
import subprocess
import sys
import time
import warnings

# The toolkit's test, dieharder's test (with the psamples that keep it inside the file), nistrng's test.
TESTS = [
    ("frequency", "100", "monobit"),
    ("block-frequency", None, "frequency_within_block"),
    ("runs", "101", "runs"),
    ("longest-run", None, "longest_run_ones_in_a_block"),
    ("rank", None, "binary_matrix_rank"),
    ("spectral", None, "dft"),
    ("non-overlapping-template", None, "non_overlapping_template_matching"),
    ("overlapping-template", None, "overlapping_template_matching"),
    ("universal", None, "maurers_universal"),
    ("linear-complexity", None, "linear_complexity"),
    ("serial", "102", "serial"),
    ("approximate-entropy", None, "approximate_entropy"),
    ("cumulative-sums", None, "cumulative sums"),
    ("random-excursions", None, "random_excursion"),
    ("random-excursions-variant", None, "random_excursion_variant"),
]


def toolkit_rates(audit_bench, path):
    out = subprocess.run([audit_bench, "rng-speed", path], check=True, capture_output=True, text=True).stdout
    rates = {}
    for line in out.splitlines():
        fields = dict(item.split("=", 1) for item in line.split()[2:])
        rates[line.split()[1]] = float(fields["bits_per_second"])
    return rates


def dieharder_rate(path, test):
    """Bits dieharder's test statistics are computed from (32 x tsamples x psamples, as it prints them)
    per second of its own CPU time, on the file (-g 201)."""
    process = subprocess.Popen(
        ["dieharder", "-g", "201", "-f", path, "-d", test, "-p", "50"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True)
    output = process.stdout.read()
    _, _, usage = os.wait4(process.pid, 0)
    process.returncode = 0
    row = next(line for line in output.splitlines() if "PASSED" in line or "WEAK" in line or "FAILED" in line)
    tsamples, psamples = (int(field) for field in row.split("|")[2:4])
    seconds = usage.ru_utime + usage.ru_stime
    return 32 * tsamples * psamples / seconds


def nistrng_rates(path):
    import numpy as np
    from nistrng import SP800_22R1A_BATTERY

    warnings.simplefilter("ignore")
    sequence = np.unpackbits(np.fromfile(path, dtype=np.uint8, count=125_000))[:1_000_000].astype(np.int8)
    rates = {}
    for name, test in SP800_22R1A_BATTERY.items():
        start = time.process_time()
        try:
            if not test.is_eligible(sequence):
                rates[name] = "not eligible"
                continue
            test.run(sequence)
        except Exception as error:  # nistrng's own failures (its overlapping template test slices past a block)
            rates[name] = f"fails ({type(error).__name__})"
            continue
        rates[name] = 1_000_000 / max(time.process_time() - start, 1e-9)
    return rates


def main():
    audit_bench, path = sys.argv[1], sys.argv[2]
    toolkit = toolkit_rates(audit_bench, path)
    nist = nistrng_rates(path)
    print("| test | audit rng (bits/s) | dieharder (bits/s) | × dieharder | nistrng (bits/s) | × nistrng |")
    print("|---|---|---|---|---|---|")
    for ours, dieharder, theirs in TESTS:
        rate = toolkit[ours]
        dh = dieharder_rate(path, dieharder) if dieharder else None
        dh_text = "—" if dh is None else f"{dh:.3g} (-d {dieharder})"
        ratio = "—" if not dh else f"{rate / dh:.3g}"
        nist_rate = nist[theirs]
        nist_text, nist_ratio = (f"{nist_rate:.3g}", f"{rate / nist_rate:.3g}") if isinstance(nist_rate, float) else (nist_rate, "—")
        print(f"| {ours} | {rate:.3g} | {dh_text} | {ratio} | {nist_text} | {nist_ratio} |")


if __name__ == "__main__":
    main()
