#!/usr/bin/env python3
"""Reference values of the exact multinomial tail of Pearson's X^2 on tables too large to enumerate one
by one, for the tests of LatticeMultinomialTail (Tests/FairnessStatisticsTests).

Writes Tests/FairnessStatisticsTests/Fixtures/lattice_reference.json. Independently of the toolkit, for k
cells of equal probability: X^2 = (k/n) * sum(o^2) - n, so P(X^2 >= t) = P(sum(o^2) >= Q) with the whole
number Q = ceil((t + n) * n / k), and the distribution of sum(o^2) is found exactly (no rounding of the
statistic) by dynamic programming over the cells in NumPy: the state is (counts left, sum of squares so
far, capped at Q), each cell's count binomial on the counts left (probability 1/(cells left)), its
probabilities from SciPy. Counts of probability below 1e-40 of their row are skipped, so each value is
exact to about 1e-38 absolute. The thresholds are the chi-square critical values (SciPy) at 1e-4, 1e-6 and
1e-8, and the chi-square's own p-value is written beside each; two tables of a die rolled 300 times have
their exact p-value P(sum(o^2) >= the observed sum of squares) written too.
"""
import json
import math
import os

import numpy as np
from scipy import stats

CASES = [(6, 300), (6, 120), (12, 240), (3, 600)]
LEVELS = [1e-4, 1e-6, 1e-8]
OBSERVED = [[85, 45, 40, 50, 45, 35], [90, 40, 40, 45, 45, 40]]


def tail_of_sum_of_squares(k, n, q_cap):
    """P(sum of squared counts >= q_cap) for n counts over k equal cells."""
    rows = {n: np.zeros(q_cap + 1)}
    rows[n][0] = 1.0
    settled = 0.0
    for j in range(k - 1):
        p = 1.0 / (k - j)
        nxt = {}
        for m, row in rows.items():
            if not row.any():
                continue
            pmf = stats.binom.pmf(np.arange(m + 1), m, p)
            keep = pmf >= pmf.max() * 1e-40
            for o in np.nonzero(keep)[0]:
                w, sq = pmf[o], int(o) * int(o)
                target = nxt.setdefault(m - int(o), np.zeros(q_cap + 1))
                if sq >= q_cap:
                    settled += w * row.sum()
                    continue
                # Sums pushed to q_cap or beyond are settled; the rest shift by o^2.
                settled += w * row[q_cap - sq:].sum()
                target[sq:q_cap] += w * row[: q_cap - sq]
        rows = nxt
    total = settled
    for m, row in rows.items():
        sq = m * m
        start = max(0, q_cap - sq)
        total += row[start:q_cap].sum() + (row[q_cap] if start <= q_cap else 0.0)
    return total


def main():
    cases = []
    for k, n in CASES:
        df = k - 1
        for level in LEVELS:
            t = float(stats.chi2.isf(level, df))
            q_cap = math.ceil((t + n) * n / k - 1e-9)
            exact = tail_of_sum_of_squares(k, n, q_cap)
            cases.append({"cells": k, "total": n, "level": level, "threshold": t,
                          "exact": exact, "chiSquare": float(stats.chi2.sf(t, df))})
            print(k, n, level, t, exact, exact / level)
    observed = []
    for table in OBSERVED:
        exact = tail_of_sum_of_squares(len(table), sum(table), sum(o * o for o in table))
        observed.append({"observed": table, "exact": exact})
        print(table, exact)
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lattice_reference.json")
    with open(out, "w") as f:
        json.dump({"generator": "make_lattice_reference.py", "cases": cases, "observed": observed}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
