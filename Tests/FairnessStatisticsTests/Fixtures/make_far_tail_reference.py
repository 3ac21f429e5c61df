#!/usr/bin/env python3
"""Reference values of the exact multinomial p-value of Pearson's X^2 for tables too large for the
rational brute force of make_exact_multinomial_reference.py, where the toolkit enumerates only in the far
tail (given a budget of 5 million prefixes).

Writes Tests/FairnessStatisticsTests/Fixtures/far_tail_reference.json. Each p-value is found by full
enumeration, independently of the toolkit: every table of the total (96,560,646 for a die rolled 100 times),
in chunks by the first cell's count with NumPy, its X^2 compared with the observed one (ties to a relative
1e-9 included, as the toolkit counts them), and the log multinomial probabilities of those at least as
extreme summed with scipy.special.logsumexp. About a minute.
"""
import json
import math
import os
import sys

import numpy as np
from scipy import special, stats

# The enumeration of tables is the SciPy gate's (Scripts/gates/recompute_pvalues.py), which is independent
# of the toolkit too.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "Scripts", "gates"))
from recompute_pvalues import compositions  # noqa: E402


def exact_log10(observed, probabilities):
    observed = np.array(observed, float)
    p = np.array(probabilities, float)
    n = int(observed.sum())
    expected = n * p
    statistic = float(((observed - expected) ** 2 / expected).sum())
    threshold = statistic - 1e-9 * max(1.0, statistic)
    parts = []
    for first in range(n + 1):
        rest = compositions(n - first, len(p) - 1).astype(float)
        x2 = (first - expected[0]) ** 2 / expected[0] + ((rest - expected[1:]) ** 2 / expected[1:]).sum(axis=1)
        chosen = rest[x2 >= threshold]
        if chosen.size == 0:
            continue
        log_mass = (special.gammaln(n + 1) - special.gammaln(first + 1) + first * math.log(p[0])
                    - special.gammaln(chosen + 1).sum(axis=1) + (chosen * np.log(p[1:])).sum(axis=1))
        parts.append(special.logsumexp(log_mass))
    return statistic, float(special.logsumexp(parts) / math.log(10))


def main():
    cases = [([40, 12, 12, 12, 12, 12], [1 / 6] * 6)]
    out = []
    for observed, probabilities in cases:
        statistic, log10_p = exact_log10(observed, probabilities)
        out.append({"observed": observed, "probabilities": probabilities, "statistic": statistic,
                    "log10PValue": log10_p, "chiSquarePValue": float(stats.chi2.sf(statistic, len(observed) - 1))})
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "far_tail_reference.json")
    with open(path, "w") as f:
        json.dump({"pearson": out}, f, indent=1)
        f.write("\n")
    for case in out:
        print(case)


if __name__ == "__main__":
    main()
