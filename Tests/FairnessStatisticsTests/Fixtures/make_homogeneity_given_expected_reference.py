#!/usr/bin/env python3
"""Reference values for HomogeneityGivenExpectedTest: windows of a log against the expected counts of their
draws' states, up to one common factor per outcome (the quasi-independence log-linear model).

The fit is written here apart from the toolkit: NumPy's iterative proportional fitting from the expected
counts to the observed margins (cells of expected 0 left out), Pearson's X² against the fitted counts, and
scipy.stats.chi2.sf with (cells fitted) - R - C + K degrees of freedom, K the blocks the zeros split the
table into (scipy.sparse.csgraph.connected_components over rows and columns linked by fitted cells). Where the expected counts are one
set of odds times each window's draws, the p-value is also scipy.stats.chi2_contingency's (no correction),
which the generator asserts.

Usage: make_homogeneity_given_expected_reference.py > homogeneity_given_expected_reference.json
"""
import json

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import connected_components
from scipy.stats import chi2, chi2_contingency

CASES = [
    # Odds that vary by window (pity states), windows alike: departures common to both.
    ([[120, 30, 850], [260, 40, 700], [90, 25, 885]], [[110.0, 33.0, 857.0], [250.0, 45.0, 705.0], [95.0, 22.0, 883.0]]),
    # The second window departs on its own.
    ([[100, 100, 800], [200, 50, 750]], [[100.0, 100.0, 800.0], [100.0, 100.0, 800.0]]),
    # A structural zero (an item the state forbids) with no counts.
    ([[0, 60, 940], [70, 30, 900], [55, 45, 900]], [[0.0, 50.0, 950.0], [60.0, 40.0, 900.0], [50.0, 50.0, 900.0]]),
    # Zeros that split the table into two blocks (two 2x2 tables side by side): 2 degrees of freedom.
    ([[40, 60, 0, 0], [55, 45, 0, 0], [0, 0, 70, 30], [0, 0, 52, 48]],
     [[50.0, 50.0, 0.0, 0.0], [50.0, 50.0, 0.0, 0.0], [0.0, 0.0, 60.0, 40.0], [0.0, 0.0, 60.0, 40.0]]),
    # One set of odds: the independence test.
    ([[300, 200, 500], [330, 180, 490], [610, 390, 1000]], [[250.0, 250.0, 500.0], [250.0, 250.0, 500.0], [500.0, 500.0, 1000.0]]),
]


def fit(observed, expected):
    o, e = np.array(observed, float), np.array(expected, float)
    mask = e > 0
    rows = [r for r in range(len(o)) if (o[r][mask[r]] > 0).any()]
    cols = [c for c in range(o.shape[1]) if any(mask[r][c] and o[r][c] > 0 for r in rows)]
    o, e, mask = o[np.ix_(rows, cols)], e[np.ix_(rows, cols)], mask[np.ix_(rows, cols)]
    m = np.where(mask, e, 0.0)
    row_totals, col_totals = (o * mask).sum(1), (o * mask).sum(0)
    for _ in range(100000):
        m *= (row_totals / m.sum(1))[:, None]
        m *= col_totals / m.sum(0)
        if np.max(np.abs(m.sum(1) - row_totals) / row_totals) < 1e-14:
            break
    statistic = float((((o - m) ** 2 / np.where(mask, m, 1)) * mask).sum())
    r, c = mask.shape
    graph = np.zeros((r + c, r + c))
    graph[:r, r:] = mask
    blocks, _ = connected_components(csr_matrix(graph), directed=False)
    df = int(mask.sum()) - len(rows) - len(cols) + blocks
    return statistic, df


out = []
for observed, expected in CASES:
    statistic, df = fit(observed, expected)
    p = float(chi2.sf(statistic, df))
    e = np.array(expected)
    if np.allclose(e / e.sum(1, keepdims=True), e[0] / e[0].sum()):
        reference = chi2_contingency(np.array(observed), correction=False)
        assert abs(reference.pvalue - p) <= 1e-12 * max(p, 1e-300), (reference.pvalue, p)
    out.append({"observed": observed, "expected": expected, "statistic": statistic, "df": df, "p": p})
print(json.dumps(out, indent=1))
