#!/usr/bin/env python3
"""Reference values for PayoutMeanInterval (the multinomial profile-likelihood interval of a mean payout),
computed outside the project: the constrained maximum likelihood by SciPy's SLSQP optimiser over the
whole prize table (unobserved levels included), the interval ends by brentq on 2(l_hat - l(mu)) = chi2_1
quantile. Writes Tests/FairnessStatisticsTests/Fixtures/payout_reference.json (committed; not run by CI).

Requires: numpy, scipy.   python3 Tests/FairnessStatisticsTests/Fixtures/make_payout_reference.py
"""
import json
import math
import os

import numpy as np
from scipy import optimize, stats

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "payout_reference.json")


def profile(levels, counts, mu):
    levels = np.array(levels, float)
    counts = np.array(counts, float)
    n = counts.sum()
    observed = counts > 0
    if mu < levels.min() or mu > levels.max():
        return math.inf
    k = len(levels)
    start = (counts + 0.5) / (n + 0.5 * k)

    def negloglik(p):
        return -np.sum(counts[observed] * np.log(np.maximum(p[observed], 1e-300)))

    constraints = [
        {"type": "eq", "fun": lambda p: p.sum() - 1},
        {"type": "eq", "fun": lambda p: p @ levels - mu},
    ]
    best = None
    for attempt in range(4):
        x0 = start if attempt == 0 else np.random.default_rng(attempt).dirichlet(np.ones(k))
        res = optimize.minimize(negloglik, x0, method="SLSQP", bounds=[(0, 1)] * k, constraints=constraints,
                                options={"ftol": 1e-15, "maxiter": 2000})
        if res.success and (best is None or res.fun < best.fun):
            best = res
    if best is None:
        return math.inf  # no distribution on the levels with this mean gives the observed plays positive probability
    lhat = np.sum(counts[observed] * np.log(counts[observed] / n))
    return max(0.0, 2 * (lhat - (-best.fun)))


def interval(levels, counts, confidence):
    counts_a = np.array(counts, float)
    mean = float(np.dot(levels, counts_a) / counts_a.sum())
    c = stats.chi2.ppf(confidence, 1)

    def end(bound):
        if profile(levels, counts, bound) <= c:
            return bound
        return optimize.brentq(lambda m: profile(levels, counts, m) - c, *sorted([mean, bound]), xtol=1e-12)

    return mean, end(min(levels)), end(max(levels))


CASES = [
    # A prize wheel, every level seen.
    {"levels": [0, 1, 2, 5, 10], "counts": [500, 300, 120, 60, 20]},
    # A heavy tail: the jackpot never paid yet.
    {"levels": [0, 1, 5, 1000], "counts": [1400, 500, 100, 0]},
    # The jackpot paid once.
    {"levels": [0, 1, 5, 1000], "counts": [1400, 500, 99, 1]},
    # Roulette straight-up: pays 36 or nothing.
    {"levels": [0, 36], "counts": [9700, 300]},
    # A table whose lowest level is never seen.
    {"levels": [-1, 0, 2], "counts": [0, 40, 60]},
]


def main():
    out = []
    for case in CASES:
        mean, lower, upper = interval(case["levels"], case["counts"], 0.95)
        probes = [lower + (upper - lower) * t for t in (0.1, 0.5, 0.9)]
        out.append({
            **case, "confidence": 0.95, "mean": mean, "lower": lower, "upper": upper,
            "statistics": [{"mu": m, "statistic": profile(case["levels"], case["counts"], m)} for m in probes],
        })
    with open(OUT, "w") as handle:
        json.dump({"generator": "Tests/FairnessStatisticsTests/Fixtures/make_payout_reference.py", "cases": out}, handle, indent=1)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
