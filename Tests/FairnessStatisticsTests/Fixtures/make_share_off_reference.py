#!/usr/bin/env python3
"""Reference values for ShareOffInterval, computed with SciPy: the total variation between observed counts
and expected shares, with its simultaneous interval from Clopper-Pearson intervals at level
1 - (1 - confidence) / k (scipy.stats.binomtest(...).proportion_ci(method="exact")).

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


print(json.dumps([{"observed": o, "expected": e, "confidence": c, **interval(o, e, c)} for o, e, c in CASES], indent=1))
