#!/usr/bin/env python3
"""Reference values at the edges of the binomial functions, for Tests/FairnessStatisticsTests.

Writes Tests/FairnessStatisticsTests/Fixtures/edge_reference.json:
- binomialEdges: every n in 0...60, every k in 0...n, p in {0, 1e-300, 1e-12, 1e-6, 0.3, 0.5, 0.9, 1-1e-6,
  1-1e-12, 1}: pmf, P(X <= k) and P(X >= k), computed exactly in mpmath (60 digits) from the double p
  given (q = 1 - p is exact in double for every p here, so the Swift code sees the same q);
- binomialTestEdges: every n in 1...60 and k in 0...n, p in {0, 1e-300, 1e-12, 0.3, 0.5, 1-1e-12, 1}:
  SciPy's binomtest p-value with its exact (Clopper-Pearson) and Wilson 95% intervals;
- chiSquareEdges: df from 1 to 10^5, x from 0 through 1e-300 to 10^6 and 40 standard deviations out:
  upper and lower tails in mpmath (regularised incomplete gamma at 60 digits), and upper quantiles at
  q from 1e-300 to 1 - 1e-12 from SciPy's chi2.isf;
- kolmogorovEdges: every n in 1...60, d from 0 through 1e-12 and 1/(2n) to 1: SciPy's kstwo.sf;
- noncentralEdges: df 1, 5, 36; noncentrality 0, 1e-12, 1, 100; x from 0 to far out: the Poisson mixture
  of central tails in mpmath;
- smallTables: every total from 0 to 60 spread over 2 ... 6 equally likely cells (the same deterministic
  spread the Swift test builds), and the 2-row contingency table made of its halves: SciPy's Pearson and
  G p-values (power_divergence) and chi2_contingency (no correction) where every expected count is at
  least 5, and "inconclusive" where one is not (the toolkit's documented rule: it neither pools a
  two-way table nor reports a p-value from too few counts).
"""
import json
import math
import os

import mpmath as mp
import numpy as np
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

chi_square_edges = []
for df in (1, 2, 3, 5, 10, 36, 60, 1000, 100000):
    sd = math.sqrt(2 * df)
    for x in (0.0, 1e-300, 1e-12, 1e-6, 0.5 * df, float(df), 2.0 * df, df + 10 * sd, df + 40 * sd, 1e4, 1e6):
        a = mp.mpf(df) / 2
        upper = mp.gammainc(a, mp.mpf(x) / 2, mp.inf, regularized=True)
        # Each tail from the side whose series converges; at 60 digits the complement keeps every double digit.
        lower = 1 - upper if upper < 0.5 else mp.gammainc(a, 0, mp.mpf(x) / 2, regularized=True)
        chi_square_edges.append({"df": df, "x": x, "sf": float(upper), "cdf": float(lower)})
chi_square_quantile_edges = []
for df in (1, 2, 10, 36, 1000):
    for q in (1e-300, 1e-100, 1e-12, 1e-6, 0.05, 0.5, 0.95, 1 - 1e-12):
        chi_square_quantile_edges.append({"df": df, "q": q, "isf": float(stats.chi2.isf(q, df))})

kolmogorov_edges = []
for n in range(1, 61):
    for d in (0.0, 1e-12, 1 / (2 * n), 0.5 / n + 1e-9, 0.1, 0.3, 0.5, 0.9, 1 - 1e-12, 1.0):
        kolmogorov_edges.append({"n": n, "d": d, "sf": float(stats.kstwo.sf(d, n))})

noncentral_edges = []
for df in (1, 5, 36):
    for nc in (0.0, 1e-12, 1.0, 100.0):
        for x in (0.0, 1e-12, 0.5 * df, df + nc, 3.0 * (df + nc) + 10, 10.0 * (df + nc) + 100):
            lam = mp.mpf(nc) / 2
            top = int(nc / 2 + 60 * math.sqrt(nc / 2 + 1) + 60)
            weights = [mp.e ** (-lam) * lam**j / mp.factorial(j) for j in range(top)]
            sf = mp.fsum(w * mp.gammainc(mp.mpf(df) / 2 + j, mp.mpf(x) / 2, mp.inf, regularized=True) for j, w in enumerate(weights))
            cdf = 1 - sf if sf < 0.5 else mp.fsum(w * mp.gammainc(mp.mpf(df) / 2 + j, 0, mp.mpf(x) / 2, regularized=True)
                                                  for j, w in enumerate(weights))
            noncentral_edges.append({"df": df, "nc": nc, "x": x, "sf": float(sf), "cdf": float(cdf)})

small_tables = []
for total in range(0, 61):
    for cells in range(2, 7):
        observed = [0] * cells
        for index in range(total):
            observed[(index * 7 + total) % cells] += 1
        entry = {"total": total, "cells": cells, "observed": [float(v) for v in observed]}
        expected = total / cells
        if total > 0 and expected >= 5:
            entry["pearson"] = float(stats.power_divergence(observed, [expected] * cells, lambda_="pearson").pvalue)
            entry["g"] = float(stats.power_divergence(observed, [expected] * cells, lambda_="log-likelihood").pvalue)
        table = np.array([observed[: cells // 2 + 1], observed[-(cells // 2 + 1):]], dtype=float)
        kept = table[table.sum(axis=1) > 0][:, table.sum(axis=0) > 0]
        if kept.shape[0] >= 2 and kept.shape[1] >= 2:
            exp = np.outer(kept.sum(axis=1), kept.sum(axis=0)) / kept.sum()
            if exp.min() >= 5:
                entry["contingency"] = float(stats.chi2_contingency(kept, correction=False).pvalue)
        small_tables.append(entry)

out = {"scipy": scipy.__version__, "mpmath": mp.__version__, "binomialEdges": binomial_edges,
       "binomialTestEdges": binomial_test_edges, "chiSquareEdges": chi_square_edges,
       "chiSquareQuantileEdges": chi_square_quantile_edges, "kolmogorovEdges": kolmogorov_edges,
       "noncentralEdges": noncentral_edges, "smallTables": small_tables}
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "edge_reference.json")
with open(path, "w") as f:
    json.dump(out, f, separators=(",", ":"), allow_nan=False)
print(f"wrote {len(binomial_edges)} + {len(binomial_test_edges)} + {len(chi_square_edges)} + {len(kolmogorov_edges)} + {len(noncentral_edges)} cases to {os.path.normpath(path)}")
