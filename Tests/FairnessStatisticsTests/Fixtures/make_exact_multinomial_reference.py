#!/usr/bin/env python3
"""Reference values of the exact multinomial p-value of Pearson's X^2, for Tests/FairnessStatisticsTests.

Writes Tests/FairnessStatisticsTests/Fixtures/exact_multinomial_reference.json. Each p-value is found by
brute force, independently of the toolkit: every table of counts with the observed total is enumerated
(all compositions of n into k cells), its X^2 compared with the observed one in exact rational arithmetic
(the probabilities as the fractions they stand for, so tables that tie in exact arithmetic tie here), and the multinomial probabilities of those at
least as extreme summed in mpmath at 40 digits (log10 kept far beyond a double's range). The chi-square
approximation's p-value is written beside it (SciPy), to show where the two part.
"""
import itertools
import json
import os
from fractions import Fraction

import mpmath as mp
from scipy import stats

mp.mp.dps = 40


def compositions(n, k):
    if k == 1:
        yield (n,)
        return
    for first in range(n + 1):
        for rest in compositions(n - first, k - 1):
            yield (first,) + rest


def exact(observed, probabilities):
    n, k = sum(observed), len(observed)
    ps = [Fraction(p) for p in probabilities]
    assert sum(ps) == 1
    expected = [n * p for p in ps]
    def x2(table):
        return sum((Fraction(o) - e) ** 2 / e for o, e in zip(table, expected))
    threshold = x2(observed)
    log_p = [mp.log(mp.mpf(p.numerator) / p.denominator) for p in ps]
    log_n_fact = mp.loggamma(n + 1)
    terms = []
    for table in compositions(n, k):
        if x2(table) >= threshold:
            terms.append(log_n_fact + mp.fsum(o * lp - mp.loggamma(o + 1) for o, lp in zip(table, log_p)))
    peak = max(terms)
    log_sum = peak + mp.log(mp.fsum(mp.exp(t - peak) for t in terms))
    chi = float(stats.chi2.sf(float(threshold), k - 1))
    return float(threshold), float(log_sum / mp.log(10)), chi


CASES = [
    # A 40-line drift window pooled to five cells expecting 6 to 12 (the example).
    ([14, 6, 10, 5, 5], ["3/20", "1/5", "3/10", "1/5", "3/20"]),
    ([20, 2, 10, 3, 5], ["3/20", "1/5", "3/10", "1/5", "3/20"]),
    ([0, 0, 40, 0, 0], ["3/20", "1/5", "3/10", "1/5", "3/20"]),
    ([8, 8, 8, 8, 8], ["1/5"] * 5),
    # Two cells, one expecting 5 of 500: the Poisson tail the chi-square misses.
    ([18, 482], ["1/100", "99/100"]),
    ([30, 470], ["1/100", "99/100"]),
    ([500, 0], ["1/100", "99/100"]),
    ([0, 500], ["1/100", "99/100"]),
    ([650, 350], ["1/2", "1/2"]),
    ([1000, 0], ["1/2", "1/2"]),
    # Three and four cells, skewed and uniform.
    ([25, 60, 115], ["1/20", "7/20", "3/5"]),
    ([1, 90, 109], ["1/20", "7/20", "3/5"]),
    ([60, 0, 0, 0], ["1/4"] * 4),
    ([20, 10, 18, 12], ["1/4"] * 4),
    ([3, 3, 30, 4], ["1/3", "1/6", "1/3", "1/6"]),
]


def main():
    cases = []
    for observed, probabilities in CASES:
        statistic, log10_p, chi = exact(observed, probabilities)
        cases.append({"observed": observed, "probabilities": [float(Fraction(p)) for p in probabilities], "statistic": statistic,
                      "log10PValue": log10_p, "chiSquarePValue": chi})
        print(observed, f"log10 p = {log10_p:.6f}, chi-square p = {chi:.4g}")
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "exact_multinomial_reference.json"), "w") as f:
        json.dump({"pearson": cases}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
