#!/usr/bin/env python3
"""Every SP 800-22 P-value of `audit rng`'s battery beside NIST's reference program `assess` (sts-2.1.2) on
the same files, sequence by sequence: the largest difference per test.

Usage: assess_agreement.py STS_DIR AUDIT_BENCH FILE:FORMAT:SEQUENCES ...
  STS_DIR      a built sts-2.1.2 (its `assess`, `templates/` and `experiments/`; made by assess-agreement.sh)
  AUDIT_BENCH  the toolkit's audit-bench binary (its `rng-pvalues` command)
  FORMAT       ascii-bits (NIST's data.e, data.pi, ...: the reference program's format 0) or bytes (format 1)

`assess` prints P-values with six decimals, so agreement is to 5e-7 plus its own arithmetic (Cephes's
igamc and erfc against GSL's). The toolkit is run twice: with the reference program's class tables
(`--constants reference`), which must agree to rounding on every test, and with its exact constants, which
differ on the three tests whose tables the reference program rounds or approximates (longest run,
overlapping template, linear complexity): that difference is printed beside.
"""
import csv
import io
import os
import subprocess
import sys
from collections import defaultdict

# The reference program's result folders by the toolkit's test names, in its order of tests.
FOLDERS = {
    "frequency": "Frequency", "block-frequency": "BlockFrequency", "runs": "Runs", "longest-run": "LongestRun",
    "rank": "Rank", "spectral": "FFT", "non-overlapping-template": "NonOverlappingTemplate",
    "overlapping-template": "OverlappingTemplate", "universal": "Universal", "linear-complexity": "LinearComplexity",
    "serial": "Serial", "approximate-entropy": "ApproximateEntropy", "cumulative-sums": "CumulativeSums",
    "random-excursions": "RandomExcursions", "random-excursions-variant": "RandomExcursionsVariant",
}
PARTS = {"random-excursions": 8, "random-excursions-variant": 18, "non-overlapping-template": 148,
         "cumulative-sums": 2, "serial": 2}
TABLE_TESTS = {"longest-run", "overlapping-template", "linear-complexity"}


def part_key(part):
    """The reference program's order of a test's parts: forward before reverse, the first difference before
    the second, states from the most negative, templates in their file's (ascending) order."""
    order = {"whole": 0, "forward": 0, "reverse": 1, "first": 0, "second": 1}
    if part in order:
        return (order[part], "")
    if part.startswith("state"):
        return (int(part[5:]), "")
    return (0, part)


def run_assess(sts, path, fmt, sequences):
    results = os.path.join(sts, "experiments", "AlgorithmTesting")
    for folder in FOLDERS.values():
        target = os.path.join(results, folder, "results.txt")
        if os.path.exists(target):
            os.remove(target)
    answers = f"0\n{os.path.abspath(path)}\n1\n0\n{sequences}\n{0 if fmt == 'ascii-bits' else 1}\n"
    subprocess.run(["./assess", "1000000"], cwd=sts, input=answers.encode(), stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False, timeout=3600)
    values = {}
    for test, folder in FOLDERS.items():
        with open(os.path.join(results, folder, "results.txt")) as handle:
            values[test] = [float(line) for line in handle if line.strip()]
    return values


def run_toolkit(bench, path, fmt, sequences, constants):
    out = subprocess.run([bench, "rng-pvalues", path, "--format", fmt, "--sequences", str(sequences),
                          "--constants", constants], check=True, capture_output=True, text=True).stdout
    by_test = defaultdict(lambda: defaultdict(list))
    for row in csv.DictReader(io.StringIO(out)):
        by_test[row["test"]][int(row["sequence"])].append((row["part"], row["p_value"]))
    values = {}
    for test in FOLDERS:
        flat = []
        for sequence in range(sequences):
            parts = by_test[test][sequence]
            if len(parts) == 1 and parts[0][0] == "none":
                # Not applicable (a walk of fewer than 500 cycles): the reference program writes 0.0 for each part.
                flat += [None] * PARTS.get(test, 1)
            else:
                flat += [float(p) for _, p in sorted(parts, key=lambda item: part_key(item[0]))]
        values[test] = flat
    return values


def compare(reference, ours):
    if len(reference) != len(ours):
        return None, f"{len(ours)} P-values against {len(reference)}"
    worst, skipped = 0.0, 0
    for theirs, mine in zip(reference, ours):
        if mine is None:
            if theirs != 0.0:
                return None, "the toolkit finds the test not applicable where the reference program tests"
            skipped += 1
            continue
        worst = max(worst, abs(theirs - mine))
    return worst, f"{len(ours) - skipped} P-values" + (f" ({skipped} not applicable in both)" if skipped else "")


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    sts, bench = sys.argv[1], sys.argv[2]
    failures = 0
    overall = defaultdict(float)
    for spec in sys.argv[3:]:
        path, fmt, sequences = spec.rsplit(":", 2)
        sequences = int(sequences)
        theirs = run_assess(sts, path, fmt, sequences)
        reference = run_toolkit(bench, path, fmt, sequences, "reference")
        exact = run_toolkit(bench, path, fmt, sequences, "exact")
        print(f"{os.path.basename(path)} ({fmt}, {sequences} sequences of 10^6 bits):")
        for test in FOLDERS:
            worst, what = compare(theirs[test], reference[test])
            line = f"  {test:26} "
            if worst is None:
                failures += 1
                print(line + "DIFFERS: " + what)
                continue
            overall[test] = max(overall[test], worst)
            agree = worst <= 2e-6
            failures += 0 if agree else 1
            line += f"largest difference {worst:.1e} over {what}" + ("" if agree else "  DIFFERS")
            if test in TABLE_TESTS:
                exact_worst, _ = compare(theirs[test], exact[test])
                line += f"; with the exact constants {exact_worst:.1e}"
            print(line)
    print("largest difference per test over every file: " + ", ".join(f"{t} {w:.1e}" for t, w in overall.items()))
    print("agreement: " + ("every test agrees to the reference program's six decimals" if failures == 0
                           else f"{failures} test(s) differ"))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
