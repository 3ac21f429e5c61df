#!/usr/bin/env python3
"""Reference values for ShareOffInterval, computed with SciPy: the total variation between observed counts
and expected shares, with its simultaneous interval from Clopper-Pearson intervals at level
1 - (1 - confidence) / k (scipy.stats.binomtest(...).proportion_ci(method="exact")).

Tables (rows against the table's overall mix): the weighted total variation of each row from the overall
mix, bounded through Clopper-Pearson intervals at level 1 - (1 - confidence) / (R * C) of every cell's
share of its row; the overall mix is enclosed by the rows' weighted bounds, and each column's term is
bounded over every overall share in that enclosure.

Usage: make_share_off_reference.py > share_off_reference.json
"""
import json

from scipy.stats import binomtest

CASES = [
    ([2003, 1075, 10100, 186822], [0.0097978, 0.0051509, 0.0499, 0.9351513], 0.95),
    ([51, 30, 19], [0.5, 0.3, 0.2], 0.95),
    ([5100, 3000, 1900], [0.5, 0.3, 0.2], 0.95),
    ([0, 10, 990], [0.001, 0.01, 0.989], 0.99),
    ([500, 500], [0.5, 0.5], 0.9),
    ([7, 0, 0, 3], [0.25, 0.25, 0.25, 0.25], 0.95),
]


def interval(observed, expected, confidence):
    n = sum(observed)
    level = 1 - (1 - confidence) / len(observed)
    estimate = lower = upper = 0.0
    for count, share in zip(observed, expected):
        ci = binomtest(count, n).proportion_ci(confidence_level=level, method="exact")
        estimate += abs(count / n - share)
        lower += max(0.0, ci.low - share, share - ci.high)
        upper += max(abs(ci.low - share), abs(ci.high - share))
    return {"estimate": estimate / 2, "lower": min(lower / 2, estimate / 2), "upper": min(1.0, max(upper / 2, estimate / 2))}


TABLES = [
    ([[30, 70], [70, 30]], 0.95),
    ([[0, 3300, 3400], [3350, 0, 3300], [3320, 3330, 0]], 0.95),
    ([[5000, 3000, 2000], [5100, 2950, 1950], [0, 0, 0]], 0.95),
    ([[12, 0, 3], [1, 1, 1]], 0.9),
    ([[250000, 250000], [250100, 249900]], 0.99),
]


def table_interval(table, confidence):
    rows = [row for row in table if sum(row) > 0]
    n = sum(map(sum, rows))
    columns = len(rows[0])
    level = 1 - (1 - confidence) / (len(rows) * columns)
    totals = [sum(row) for row in rows]
    weights = [t / n for t in totals]
    overall = [sum(row[c] for row in rows) / n for c in range(columns)]
    cis = [[binomtest(count, total).proportion_ci(confidence_level=level, method="exact") for count in row] for row, total in zip(rows, totals)]
    mix_low = [sum(w * ci[c].low for w, ci in zip(weights, cis)) for c in range(columns)]
    mix_high = [sum(w * ci[c].high for w, ci in zip(weights, cis)) for c in range(columns)]
    estimate = sum(w * sum(abs(row[c] / total - overall[c]) for c in range(columns)) / 2 for row, total, w in zip(rows, totals, weights))
    lower = upper = 0.0
    for c in range(columns):
        # Each column's term, bounded over every overall share t the rows' bounds allow: its least
        # distance (at a breakpoint) and its greatest spread (at an end).
        apart = lambda t: sum(w * max(0.0, ci[c].low - t, t - ci[c].high) for w, ci in zip(weights, cis))
        farthest = lambda t: sum(w * max(ci[c].high - t, t - ci[c].low) for w, ci in zip(weights, cis))
        points = [mix_low[c], mix_high[c]] + [b for ci in cis for b in (ci[c].low, ci[c].high)]
        lower += min(apart(t) for t in points if mix_low[c] <= t <= mix_high[c])
        upper += max(farthest(mix_low[c]), farthest(mix_high[c]))
    lower, upper = lower / 2, upper / 2
    return {"estimate": estimate, "lower": min(lower, estimate), "upper": min(1.0, max(upper, estimate))}


print(
    json.dumps(
        {
            "shares": [{"observed": o, "expected": e, "confidence": c, **interval(o, e, c)} for o, e, c in CASES],
            "tables": [{"table": t, "confidence": c, **table_interval(t, c)} for t, c in TABLES],
        },
        indent=1,
    )
)
