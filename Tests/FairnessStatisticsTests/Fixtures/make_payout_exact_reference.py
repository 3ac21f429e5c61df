#!/usr/bin/env python3
"""Reference values of the exact p-value of the payout-mean (RTP) test under declared odds, for
Tests/FairnessStatisticsTests (PayoutMeanExactTail).

Writes Tests/FairnessStatisticsTests/Fixtures/payout_exact_reference.json. Each value is computed outside the
toolkit by the SciPy gate's own function (Scripts/gates/recompute_pvalues.py, exact_payout_mean): every table
of the plays over the levels the odds pay, its multinomial probability, and its profile likelihood ratio for
the declared mean found by SciPy's SLSQP optimiser (the toolkit solves a Lagrange multiplier instead); the
p-value is the probability of the tables whose ratio is at least the observed one. The chi-square p-value
(chi2(1) of the observed ratio) is written beside it. About a minute.
"""
import json
import math
import os
import sys

from scipy import stats

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "Scripts", "gates"))
from recompute_pvalues import exact_payout_mean, profile_statistic  # noqa: E402

GAME = ([0.0, 1.0, 10.0], [0.6, 0.35, 0.05])
CASES = [[14, 16, 10], [22, 10, 8], [31, 9, 0], [12, 20, 8]]


def main():
    levels, probabilities = GAME
    mu = sum(v * p for v, p in zip(levels, probabilities))
    cases = []
    for counts in CASES:
        p, log10_p = exact_payout_mean(levels, counts, probabilities, mu)
        chi = float(stats.chi2.sf(profile_statistic(levels, counts, mu), 1))
        cases.append({"levels": levels, "counts": counts, "probabilities": probabilities, "mean": mu,
                      "pValue": p, "log10PValue": log10_p, "chiSquarePValue": chi})
        print(counts, p, chi)
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "payout_exact_reference.json")
    with open(out, "w") as f:
        json.dump({"generator": "make_payout_exact_reference.py", "cases": cases}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
