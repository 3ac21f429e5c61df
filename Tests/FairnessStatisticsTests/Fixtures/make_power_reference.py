#!/usr/bin/env python3
"""Reference values for the power of Pearson's X² test against one cell moved (ChiSquarePower's
detectableRelativeDeviation(ofCell:)), computed outside the project with SciPy and checked by simulation.

Writes Tests/FairnessStatisticsTests/Fixtures/power_reference.json. Not run by CI: the JSON is committed.

For each case (null probabilities p, trials N, level alpha, power 0.9) and each of the likeliest and the rarest
cell j, the smallest relative deviation delta (up and down; the larger is the detectable one) such that

    P(c W + d (Z + m)^2 > x) = 0.9,   W ~ chi2(k - 2), Z ~ N(0, 1),

with x the level-alpha critical value of chi2(k - 1), c = (1 - p_j (1 + delta)) / (1 - p_j),
d = (1 + delta)(1 - p_j) + c p_j - (1 - p_j)(p_j (1 + delta) - c p_j)^2 / p_j, m^2 = N delta^2 p_j / ((1 - p_j) d):
the Pearson statistic's normal limit under the moved cell. The integral is over z with scipy.integrate.quad
(the toolkit integrates over another variable with Gauss-Legendre), the root by brentq.

The model itself is checked by simulation: numpy draws 100,000 multinomial tables of N trials at the moved
cell and counts X² > x; the fraction must be within 4 standard errors of the model's power, and it is stored
(`simulated`) so the test can show the figure reports state is met when measured.

Requires: scipy, numpy.   python3 Tests/FairnessStatisticsTests/Fixtures/make_power_reference.py
"""
import json
import math
import os

import numpy as np
from scipy import integrate, optimize, stats

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "power_reference.json")
TARGET = 0.9


def model_power(p, j, delta, n, x):
    k = sum(1 for q in p if q > 0)
    pj = p[j]
    moved = pj * (1 + delta)
    c = (1 - moved) / (1 - pj)
    d = (1 + delta) * (1 - pj) + c * pj - (1 - pj) * (moved - c * pj) ** 2 / pj
    m = math.sqrt(n * delta * delta * pj / (1 - pj) / d)
    r = math.sqrt(x / d)
    outside = stats.norm.sf(r + m) + stats.norm.sf(r - m)
    if k == 2:
        return outside

    def inner(z):
        return stats.norm.pdf(z) * stats.chi2.sf((x - d * (z + m) ** 2) / c, k - 2)

    inside, _ = integrate.quad(inner, -r - m, r - m, epsabs=1e-14, epsrel=1e-12, limit=500)
    return min(1.0, outside + inside)


def solve(p, j, n, x, sign):
    limit = (1 - p[j]) / p[j] if sign > 0 else 1.0
    bound = limit * (1 - 1e-12)
    if model_power(p, j, sign * bound, n, x) < TARGET:
        return None
    return optimize.brentq(lambda t: model_power(p, j, sign * t, n, x) - TARGET, 1e-9, bound, xtol=1e-15, rtol=1e-13)


def simulate(p, j, delta, n, x, reps=100_000, seed=20261126):
    p = np.asarray(p, float)
    q = p * (1 - p[j] * (1 + delta)) / (1 - p[j])
    q[j] = p[j] * (1 + delta)
    rng = np.random.default_rng(seed)
    hits = 0
    for _ in range(reps // 10_000):
        tables = rng.multinomial(int(n), q, size=10_000)
        hits += int((((tables - n * p) ** 2 / (n * p)).sum(axis=1) > x).sum())
    return hits / reps


CASES = [
    ([1 / 37] * 37, 100_000, 1 / 3_000_000),
    ([1 / 6] * 6, 20_000, 1e-6),
    ([0.5, 0.3, 0.1, 0.1], 5_000, 1e-3),
    ([0.5, 0.5], 10_000, 0.05),
    ([0.4, 0.2, 0.15, 0.1, 0.1, 0.05], 50_000, 1e-8),
]

cases = []
for p, n, alpha in CASES:
    k = len(p)
    x = float(stats.chi2.isf(alpha, k - 1))
    cells = []
    for j in sorted({max(range(k), key=lambda i: p[i]), min(range(k), key=lambda i: p[i])}):
        up, down = solve(p, j, n, x, 1), solve(p, j, n, x, -1)
        detectable = max(v for v in (up, down) if v is not None)
        simulated = {}
        for name, delta in (("up", up), ("down", down)):
            if delta is None:
                continue
            model = model_power(p, j, (1 if name == "up" else -1) * delta, n, x)
            measured = simulate(p, j, (1 if name == "up" else -1) * delta, n, x)
            error = math.sqrt(model * (1 - model) / 100_000)
            assert abs(measured - model) <= 4 * error, (p, j, name, measured, model)
            simulated[name] = measured
        cells.append({"cell": j, "up": up, "down": down, "detectable": detectable, "simulated": simulated})
    cases.append({"probabilities": p, "trials": n, "alpha": alpha, "power": TARGET, "critical": x, "cells": cells})
    print(p[:3], n, alpha, [(c["cell"], round(c["detectable"], 6), c["simulated"]) for c in cells])

with open(OUT, "w") as f:
    json.dump({"generator": "make_power_reference.py", "scipy": __import__("scipy").__version__,
               "numpy": np.__version__, "cases": cases}, f, indent=1)
    f.write("\n")
