#!/usr/bin/env python3
"""Reference values at the edges of the binomial functions, for Tests/FairnessStatisticsTests.

Writes Tests/FairnessStatisticsTests/Fixtures/edge_reference.json:
- binomialEdges: every n in 0...60, every k in 0...n, p in {0, 1e-300, 1e-12, 1e-6, 0.3, 0.5, 0.9, 1-1e-6,
  1-1e-12, 1}: pmf, P(X <= k) and P(X >= k), computed exactly in mpmath (60 digits) from the double p
  given (q = 1 - p is exact in double for every p here, so the Swift code sees the same q);
- binomialTestEdges: every n in 1...60 and k in 0...n, p in {0, 1e-300, 1e-12, 0.3, 0.5, 1-1e-12, 1}:
  SciPy's binomtest p-value with its exact (Clopper-Pearson) and Wilson 95% intervals.
"""
import json
import math
import os

import mpmath as mp
import scipy
from scipy import stats

mp.mp.dps = 60
P_VALUES = [0.0, 1e-300, 1e-12, 1e-6, 0.3, 0.5, 0.9, 1 - 1e-6, 1 - 1e-12, 1.0]
TEST_P = [0.0, 1e-300, 1e-12, 0.3, 0.5, 1 - 1e-12, 1.0]


def exact_terms(n, p):
    p = mp.mpf(p)
    q = 1 - p
    return [mp.binomial(n, j) * p**j * q**(n - j) for j in range(n + 1)]


binomial_edges = []
for n in range(0, 61):
    for p in P_VALUES:
        terms = exact_terms(n, p)
        total = mp.fsum(terms)
        cumulative = mp.mpf(0)
        for k in range(n + 1):
            cdf = mp.fsum(terms[: k + 1]) / total
            sf = mp.fsum(terms[k:]) / total
            binomial_edges.append({"n": n, "k": k, "p": p, "pmf": float(terms[k] / total), "cdf": float(cdf), "sf": float(sf)})


binomial_test_edges = []
for n in range(1, 61):
    for p in TEST_P:
        for k in range(n + 1):
            result = stats.binomtest(k, n, p)
            exact = result.proportion_ci(0.95, method="exact")
            wilson = result.proportion_ci(0.95, method="wilson")
            binomial_test_edges.append({"n": n, "k": k, "p": p, "pvalue": float(result.pvalue),
                                        "clopperPearson": [float(exact.low), float(exact.high)],
                                        "wilson": [float(wilson.low), float(wilson.high)]})

out = {"scipy": scipy.__version__, "mpmath": mp.__version__, "binomialEdges": binomial_edges,
       "binomialTestEdges": binomial_test_edges}
path = os.path.join(os.path.dirname(__file__), "..", "Tests", "FairnessStatisticsTests", "Fixtures", "edge_reference.json")
with open(path, "w") as f:
    json.dump(out, f, separators=(",", ":"), allow_nan=False)
print(f"wrote {len(binomial_edges)} + {len(binomial_test_edges)} cases to {os.path.normpath(path)}")
