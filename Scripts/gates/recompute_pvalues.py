#!/usr/bin/env python3
"""Recomputes every p-value in a report's checks.csv from its tables.csv with SciPy, independently of
the toolkit, and fails on a relative error above 1e-6 (or a p-value with no table to recompute it from).

- goodness of fit: Pearson's X^2 or the G statistic (scipy.stats.power_divergence) over the cells as
  tested (after pooling), df = cells - 1; an observed outcome of probability 0 makes p = 0 exactly;
- contingency: scipy.stats.chi2_contingency without continuity correction, after dropping empty rows
  and columns;
- binomial: scipy.stats.binomtest (two-sided);
- payout mean: the multinomial profile likelihood of the hypothesised mean payout over every level of the
  prize table, maximised by SciPy's SLSQP optimiser (not the toolkit's dual solution), referred to chi2(1);
- drift window: each window of a log tested as goodness of fit; the check's p-value is the smallest window's
  times the number of windows (Bonferroni, at most 1).

A p-value that underflows a double (reported as 0 without an impossible outcome) is checked through its
log10 (column log10_p_value) with mpmath's regularised incomplete gamma (chi-square) or a log-sum of SciPy's
binomial log-probabilities. Then each subject's family is checked: the Holm-adjusted p-values of its members
(the rows with a Holm p-value) are recomputed from their p-values (their log10 where they underflow), and a
member fails exactly when its adjusted p-value is at most the threshold.

Usage: recompute_pvalues.py [REPORT_DIR]   (default Reports)
"""
import collections
import csv
import math
import os
import sys

import mpmath
import numpy as np
from scipy import optimize, special, stats


def profile_statistic(levels, counts, mu):
    """2 (l_hat - l(mu)) for the multinomial over `levels` with the mean constrained to mu (SLSQP)."""
    levels, counts = np.array(levels, float), np.array(counts, float)
    if mu < levels.min() or mu > levels.max():
        return math.inf
    n, observed, k = counts.sum(), counts > 0, len(levels)
    if abs(mu - float(levels @ counts) / n) < 1e-15 * max(1.0, abs(mu)):
        return 0.0
    constraints = [{"type": "eq", "fun": lambda p: p.sum() - 1}, {"type": "eq", "fun": lambda p: p @ levels - mu}]
    # The log-likelihood per play (counts over n): of order 1 whatever n is, so the tolerance means the same
    # for 10^3 plays and 10^6 (unscaled, the optimiser gives up on a log of 200,000 lines).
    weights = counts / n
    best = None
    for attempt in range(4):
        start = (counts + 0.5) / (n + 0.5 * k) if attempt == 0 else np.random.default_rng(attempt).dirichlet(np.ones(k))
        result = optimize.minimize(lambda p: -np.sum(weights[observed] * np.log(np.maximum(p[observed], 1e-300))), start,
                                   method="SLSQP", bounds=[(0, 1)] * k, constraints=constraints,
                                   options={"ftol": 1e-15, "maxiter": 2000})
        if result.success and (best is None or result.fun < best.fun):
            best = result
    if best is None:
        return math.inf
    return max(0.0, 2 * n * (np.sum(weights[observed] * np.log(weights[observed])) + best.fun))


def log10_chi2_sf(statistic, df):
    """log10 P(chi2(df) > statistic), far beyond a double's range (mpmath, 50 digits)."""
    mpmath.mp.dps = 50
    q = mpmath.gammainc(mpmath.mpf(df) / 2, mpmath.mpf(statistic) / 2, mpmath.inf, regularized=True)
    return float(mpmath.log10(q))


def log10_binomial_two_sided(k, n, p):
    """log10 of SciPy's two-sided binomial p-value (every outcome no more likely than k), summed in logs."""
    support = np.arange(0, n + 1)
    log_mass = stats.binom.logpmf(support, n, p)
    observed = stats.binom.logpmf(k, n, p)
    chosen = log_mass[log_mass <= observed + 1e-7 * abs(observed)]
    return float(special.logsumexp(chosen) / math.log(10))


def pearson_statistic(rows):
    observed = np.array([float(r["observed"]) for r in rows])
    expected = np.array([float(r["expected"]) for r in rows])
    return float(np.sum((observed - expected) ** 2 / expected)), len(rows) - 1


def recompute(kind, rows, check):
    """(p, log10 p) of one check from its table rows; log10 p None where p is a normal double."""
    if kind == "goodness of fit":
        if any(r["row"] == "impossible" for r in rows):
            return 0.0, -math.inf
        observed = np.array([float(r["observed"]) for r in rows])
        expected = np.array([float(r["expected"]) for r in rows])
        method = "log-likelihood" if check.endswith("(G-test)") else "pearson"
        result = stats.power_divergence(observed, expected, lambda_=method)
        return float(result.pvalue), (log10_chi2_sf(result.statistic, len(rows) - 1) if result.pvalue < 1e-290 else None)
    if kind == "contingency":
        row_names = list(dict.fromkeys(r["row"] for r in rows))
        column_names = list(dict.fromkeys(r["column"] for r in rows))
        table = np.zeros((len(row_names), len(column_names)))
        for r in rows:
            table[row_names.index(r["row"]), column_names.index(r["column"])] = float(r["observed"])
        table = table[table.sum(axis=1) > 0][:, table.sum(axis=0) > 0]
        result = stats.chi2_contingency(table, correction=False)
        return float(result.pvalue), (log10_chi2_sf(result.statistic, result.dof) if result.pvalue < 1e-290 else None)
    if kind == "binomial":
        by = {r["row"]: r for r in rows}
        k, n = int(float(by["successes"]["observed"])), int(float(by["trials"]["observed"]))
        probability = float(by["successes"]["expected"])
        p = float(stats.binomtest(k, n, probability).pvalue)
        return p, (log10_binomial_two_sided(k, n, probability) if p < 1e-290 else None)
    if kind == "payout mean":
        levels = [float(r["row"]) for r in rows if r["row"] != "hypothesised mean"]
        counts = [float(r["observed"]) for r in rows if r["row"] != "hypothesised mean"]
        mu = float(next(r["expected"] for r in rows if r["row"] == "hypothesised mean"))
        statistic = profile_statistic(levels, counts, mu)
        if math.isinf(statistic):
            return 0.0, -math.inf
        p = float(stats.chi2.sf(statistic, 1))
        return p, (log10_chi2_sf(statistic, 1) if p < 1e-290 else None)
    if kind == "drift window":
        windows = collections.defaultdict(list)
        for r in rows:
            windows[r["column"]].append(r)
        tested = [recompute("goodness of fit", cells, "") for cells in windows.values()]
        m = len(tested)
        p = min(1.0, m * min(p for p, _ in tested))
        logs = [lg if lg is not None else (math.log10(p) if p > 0 else -math.inf) for p, lg in tested]
        return p, (min(0.0, math.log10(m) + min(logs)) if p < 1e-290 else None)
    raise ValueError(kind)


def holm_log10(values):
    """Holm's adjusted log10 p-values, in the order given."""
    m = len(values)
    order = sorted(range(m), key=lambda i: (values[i], i))
    adjusted, running = [0.0] * m, -math.inf
    for rank, index in enumerate(order):
        running = max(running, min(0.0, math.log10(m - rank) + values[index]))
        adjusted[index] = running
    return adjusted


def check_families(checks, failures):
    """Each subject's Holm family: adjusted p-values and statuses from the members' p-values."""
    members = collections.defaultdict(list)
    for check in checks:
        if check["holm_p_value"]:
            members[check["subject"]].append(check)
    worst = 0.0
    for subject, family in members.items():
        logs = []
        for check in family:
            if check["log10_p_value"]:
                logs.append(float(check["log10_p_value"]))
            else:
                logs.append(-math.inf if float(check["p_value"]) == 0 else math.log10(float(check["p_value"])))
        for check, adjusted in zip(family, holm_log10(logs)):
            where = f"{subject}: {check['check']}"
            reported = float(check["holm_log10_p_value"]) if check["holm_log10_p_value"] else (
                -math.inf if float(check["holm_p_value"]) == 0 else math.log10(float(check["holm_p_value"])))
            if not (reported == adjusted or abs(reported - adjusted) <= 1e-9 * max(1.0, abs(adjusted))):
                failures.append(f"{where}: Holm log10 p {reported!r}, recomputed {adjusted!r}")
            elif math.isfinite(adjusted):
                worst = max(worst, abs(reported - adjusted))
            fails = adjusted <= math.log10(float(check["threshold"]))
            if fails != (check["status"] == "FAIL"):
                failures.append(f"{where}: status {check['status']} but Holm log10 p {adjusted!r} against {check['threshold']}")
    return len(members), worst


def main():
    directory = sys.argv[1] if len(sys.argv) > 1 else "Reports"
    checks = list(csv.DictReader(open(os.path.join(directory, "checks.csv"), newline="")))
    tables = collections.defaultdict(list)
    for row in csv.DictReader(open(os.path.join(directory, "tables.csv"), newline="")):
        tables[(row["subject"], row["check"])].append(row)
    worst, worst_log, failures, recomputed = 0.0, 0.0, [], 0
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
        try:
            p, log10_p = recompute(kind, rows, check["check"])
        except ValueError:
            failures.append(f"{where}: unknown table kind {kind!r}")
            continue
        recomputed += 1
        if log10_p is not None and math.isfinite(log10_p):
            # Beyond a double: compare the logarithms (the reported p is 0, its size in log10_p_value).
            reported_log = float(check["log10_p_value"]) if check["log10_p_value"] else -math.inf
            error = abs(reported_log - log10_p) / max(1.0, abs(log10_p))
            worst_log = max(worst_log, error)
            if error > 1e-6:
                failures.append(f"{where}: reported log10 p {reported_log!r}, recomputed {log10_p!r}")
            continue
        if log10_p == -math.inf and check["impossible"] != "yes":
            failures.append(f"{where}: p = 0 exactly by the table, but not marked impossible")
        if p == reported or (p < 1e-300 and reported < 1e-300):
            continue
        error = abs(p - reported) / max(abs(p), 1e-300)
        worst = max(worst, error)
        if error > 1e-6:
            failures.append(f"{where}: reported {reported!r}, SciPy {p!r} (relative error {error:.2e})")
    families, worst_holm = check_families(checks, failures)
    for line in failures:
        print("error:", line, file=sys.stderr)
    print(
        f"recomputed {recomputed} p-values from {os.path.join(directory, 'tables.csv')}; worst relative error {worst:.2e}"
        f" (log10 p beyond a double: {worst_log:.2e}); {families} subjects' Holm families recomputed, worst log10 difference"
        f" {worst_holm:.2e}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
