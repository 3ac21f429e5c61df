#!/usr/bin/env python3
"""Recomputes every p-value in a report's checks.csv from its tables.csv with SciPy, independently of
the toolkit, and fails on a relative error above 1e-6 (or a p-value with no table to recompute it from).

- goodness of fit: Pearson's X^2 or the G statistic (scipy.stats.power_divergence) over the cells as
  tested (after pooling), df = cells - 1; an observed outcome of probability 0 makes p = 0 exactly;
- contingency: scipy.stats.chi2_contingency without continuity correction, after dropping empty rows
  and columns;
- binomial: scipy.stats.binomtest (two-sided);
- payout mean: the multinomial profile likelihood of the hypothesised mean payout over every level of the
  prize table, maximised by SciPy's SLSQP optimiser (not the toolkit's dual solution), referred to chi2(1).

Usage: recompute_pvalues.py [REPORT_DIR]   (default Reports)
"""
import collections
import csv
import math
import os
import sys

import numpy as np
from scipy import optimize, stats


def profile_statistic(levels, counts, mu):
    """2 (l_hat - l(mu)) for the multinomial over `levels` with the mean constrained to mu (SLSQP)."""
    levels, counts = np.array(levels, float), np.array(counts, float)
    if mu < levels.min() or mu > levels.max():
        return math.inf
    n, observed, k = counts.sum(), counts > 0, len(levels)
    if abs(mu - float(levels @ counts) / n) < 1e-15 * max(1.0, abs(mu)):
        return 0.0
    constraints = [{"type": "eq", "fun": lambda p: p.sum() - 1}, {"type": "eq", "fun": lambda p: p @ levels - mu}]
    best = None
    for attempt in range(4):
        start = (counts + 0.5) / (n + 0.5 * k) if attempt == 0 else np.random.default_rng(attempt).dirichlet(np.ones(k))
        result = optimize.minimize(lambda p: -np.sum(counts[observed] * np.log(np.maximum(p[observed], 1e-300))), start,
                                   method="SLSQP", bounds=[(0, 1)] * k, constraints=constraints,
                                   options={"ftol": 1e-15, "maxiter": 2000})
        if result.success and (best is None or result.fun < best.fun):
            best = result
    if best is None:
        return math.inf
    return max(0.0, 2 * (np.sum(counts[observed] * np.log(counts[observed] / n)) + best.fun))


def main():
    directory = sys.argv[1] if len(sys.argv) > 1 else "Reports"
    checks = list(csv.DictReader(open(os.path.join(directory, "checks.csv"), newline="")))
    tables = collections.defaultdict(list)
    for row in csv.DictReader(open(os.path.join(directory, "tables.csv"), newline="")):
        tables[(row["subject"], row["check"])].append(row)
    worst, failures, recomputed = 0.0, [], 0
    for check in checks:
        if not check["p_value"]:
            continue
        reported = float(check["p_value"])
        rows = tables.get((check["subject"], check["check"]))
        where = f"{check['subject']}: {check['check']}"
        if not rows:
            failures.append(f"{where}: p = {reported} but no table to recompute it from")
            continue
        kind = rows[0]["table"]
        if kind == "goodness of fit":
            if any(r["row"] == "impossible" for r in rows):
                p = 0.0
            else:
                observed = np.array([float(r["observed"]) for r in rows])
                expected = np.array([float(r["expected"]) for r in rows])
                method = "log-likelihood" if check["check"].endswith("(G-test)") else "pearson"
                p = float(stats.power_divergence(observed, expected, lambda_=method).pvalue)
        elif kind == "contingency":
            row_names = list(dict.fromkeys(r["row"] for r in rows))
            column_names = list(dict.fromkeys(r["column"] for r in rows))
            table = np.zeros((len(row_names), len(column_names)))
            for r in rows:
                table[row_names.index(r["row"]), column_names.index(r["column"])] = float(r["observed"])
            table = table[table.sum(axis=1) > 0][:, table.sum(axis=0) > 0]
            p = float(stats.chi2_contingency(table, correction=False).pvalue)
        elif kind == "binomial":
            by = {r["row"]: r for r in rows}
            k, n = int(float(by["successes"]["observed"])), int(float(by["trials"]["observed"]))
            p = float(stats.binomtest(k, n, float(by["successes"]["expected"])).pvalue)
        elif kind == "payout mean":
            levels = [float(r["row"]) for r in rows if r["row"] != "hypothesised mean"]
            counts = [float(r["observed"]) for r in rows if r["row"] != "hypothesised mean"]
            mu = float(next(r["expected"] for r in rows if r["row"] == "hypothesised mean"))
            statistic = profile_statistic(levels, counts, mu)
            p = 0.0 if math.isinf(statistic) else float(stats.chi2.sf(statistic, 1))
        else:
            failures.append(f"{where}: unknown table kind {kind!r}")
            continue
        recomputed += 1
        if p == reported or (p < 1e-300 and reported < 1e-300):
            continue
        error = abs(p - reported) / max(abs(p), 1e-300)
        worst = max(worst, error)
        if error > 1e-6:
            failures.append(f"{where}: reported {reported!r}, SciPy {p!r} (relative error {error:.2e})")
    for line in failures:
        print("error:", line, file=sys.stderr)
    print(f"recomputed {recomputed} p-values from {os.path.join(directory, 'tables.csv')}; worst relative error {worst:.2e}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
