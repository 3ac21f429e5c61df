#!/usr/bin/env python3
"""Recomputes, without the toolkit's code, the true size of the payout-mean (RTP) test that
docs/figures/calibration.md states for the game paying 0, 1 or 10 stakes (probabilities 0.6, 0.35, 0.05): the
toolkit's test and chi2(1) alone.

Every table of n plays is enumerated with its multinomial probability; its profile likelihood ratio for the
declared mean is found by SciPy's bounded scalar minimiser over the one free probability (the toolkit solves
a Lagrange multiplier instead). chi2(1) alone refers it to chi2(1). The toolkit's test takes, where that
p-value is below 1e-3, the exact p-value under the declared odds: the probability of the tables whose ratio
is at least the table's (ties to a relative 1e-9). The size at alpha is the probability of the tables
rejected at alpha. Each row of the report's table must agree to the 3 significant digits it prints.

Usage: python3 Scripts/gates/check_payout_size.py [docs/figures/calibration.md]   (run by Scripts/test.sh; ~6 s)
"""
import math
import re
import sys

import numpy as np
from scipy import optimize, stats

LEVELS, PROBABILITIES = (0.0, 1.0, 10.0), (0.6, 0.35, 0.05)
MU = sum(v * p for v, p in zip(LEVELS, PROBABILITIES))
ALPHAS = (1e-4, 1e-6, 1e-8)


def lr_statistic(counts):
    n = sum(counts)
    top = sum(c * math.log(c / n) for c in counts if c > 0)

    # p0 free; p1 + p2 = 1 - p0 and p1 + 10 p2 = MU fix the rest.
    def negative_ll(p0):
        p2 = (MU - (1 - p0)) / 9
        ps = (p0, 1 - p0 - p2, p2)
        if any(c > 0 and p <= 0 for c, p in zip(counts, ps)):
            return math.inf
        return -sum(c * math.log(p) for c, p in zip(counts, ps) if c > 0)

    low, high = max(0.0, 1 - MU), min(1.0, 1 - MU / 10)
    found = optimize.minimize_scalar(negative_ll, bounds=(low, high), method="bounded", options={"xatol": 1e-13})
    return max(0.0, 2 * (top + min(found.fun, negative_ll(low), negative_ll(high))))


def sizes(n):
    """{alpha: (the toolkit's size, chi2(1)'s size)} for n plays."""
    tables = [(a, b, n - a - b) for a in range(n + 1) for b in range(n - a + 1)]
    statistics = np.array([lr_statistic(counts) for counts in tables])
    probabilities = np.exp([math.lgamma(n + 1) + sum(c * math.log(q) - math.lgamma(c + 1) for c, q in zip(counts, PROBABILITIES))
                            for counts in tables])
    chi = stats.chi2.sf(statistics, 1)
    # The exact p-value of each table: the probability of every table whose ratio is at least its own.
    order = np.argsort(-statistics, kind="stable")
    descending, cumulative = statistics[order], np.cumsum(probabilities[order])
    thresholds = statistics - 1e-9 * np.maximum(1.0, statistics)
    at_least = np.searchsorted(-descending, -thresholds, side="right")
    exact = cumulative[at_least - 1]
    toolkit = np.where(chi < 1e-3, exact, chi)
    return {alpha: (float(probabilities[toolkit <= alpha].sum()), float(probabilities[chi <= alpha].sum())) for alpha in ALPHAS}


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "docs/figures/calibration.md"
    number = r"([0-9e.+-]+) \([0-9e.+-]+\)"
    rows = re.findall(r"^\| pays 0, 1 or 10 stakes [^|]*\| (\d+) \| ([0-9e.+-]+) \| " + number + r" \| " + number, open(path).read(), re.M)
    if not rows:
        sys.exit(f"error: {path} states no payout-mean size for the 0/1/10 game")
    computed = {}
    for plays, alpha, stated, stated_chi in rows:
        n, alpha = int(plays), float(alpha)
        if n not in computed:
            computed[n] = sizes(n)
        for what, mine, theirs in zip(("the toolkit's test", "chi2(1) alone"), computed[n][alpha], (float(stated), float(stated_chi))):
            if f"{mine:.3g}" != f"{theirs:.3g}":
                sys.exit(f"error: {path}: {n} plays at alpha {alpha:g}, {what}: states {theirs:.3g}, SciPy enumerates {mine:.3g}")
    print(f"payout-mean size: {len(rows)} rows of {path} recomputed by SciPy (the toolkit's test and chi2(1) alone), all agree to 3 digits")


if __name__ == "__main__":
    main()
