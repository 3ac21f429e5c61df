#!/usr/bin/env python3
"""Recomputes every p-value in a report's checks.csv from its tables.csv with SciPy, independently of
the toolkit, and fails on a relative error above 1e-6 (or a p-value with no table to recompute it from).

- goodness of fit: Pearson's X^2 or the G statistic (scipy.stats.power_divergence) over the cells as
  tested (after pooling), df = cells - 1; an observed outcome of probability 0 makes p = 0 exactly; a
  table whose method is `exact` by the exact multinomial tail of Pearson's X^2, P(X^2 >= observed) over
  every table of the same total (ties to a relative 1e-9 counted), by enumerating every table while there
  are at most 3e6 of them, else cell by cell with the same pruning the toolkit documents; a table whose
  method is `exact upper bound` by the same dynamic programme on a lattice as the toolkit documents
  (LatticeMultinomialTail: each cell's term rounded to the nearest multiple of X^2 / (R cells), tables
  counted down to (cells - 1) half steps below X^2, windows and dropped rows counted whole; R the finest of
  128, 64, 32, 16 whose estimated work fits 2.5e9 updates, from the counts and probabilities alone), written
  here again over SciPy's binomial probabilities and tails;
- contingency: scipy.stats.chi2_contingency without continuity correction, after dropping empty rows
  and columns;
- binomial: scipy.stats.binomtest (two-sided);
- payout mean: the multinomial profile likelihood of the hypothesised mean payout over every level of the
  prize table, maximised by SciPy's SLSQP optimiser (not the toolkit's dual solution), referred to chi2(1);
- payout mean whose method is `exact`: every table of the same plays over the levels the declared odds pay
  (the table's `expected` column), each with its multinomial probability, the same profile likelihood ratio
  by SLSQP; the probability of the tables whose ratio is at least the observed one (ties to a relative 1e-9);
- windows given state: windows x items of a prize draw's log against each cell's expected count up to one
  common departure per item: NumPy's iterative proportional fitting from the expected counts (cells of
  expected 0 left out) to the observed margins, Pearson's X^2 against the fit, scipy.stats.chi2 with
  (cells fitted) - rows - columns + blocks degrees of freedom (blocks: scipy.sparse.csgraph's connected
  components of rows and columns linked by fitted cells);
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
from scipy.sparse import csgraph


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


def exact_payout_mean(levels, counts, probabilities, mu):
    """(p, log10 p) of the payout-mean test under declared odds, every table enumerated."""
    n = int(round(sum(counts)))
    paying = [i for i, q in enumerate(probabilities) if q > 0]
    threshold = profile_statistic(levels, counts, mu)
    threshold -= 1e-9 * max(1.0, threshold)
    logs = []
    for composition in compositions(n, len(paying)):
        table = [0] * len(levels)
        for i, count in zip(paying, composition):
            table[i] = count
        if profile_statistic(levels, table, mu) >= threshold:
            logs.append(math.lgamma(n + 1) + sum(c * math.log(probabilities[i]) - math.lgamma(c + 1) for i, c in zip(paying, composition)))
    log_p = float(special.logsumexp(logs))
    return min(1.0, math.exp(log_p)), min(0.0, log_p / math.log(10))


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


# Full enumeration of the multinomial's tables while there are at most this many (a 40-line window of 5
# cells has 135,751); past it, the pruned enumeration below.
FULL_ENUMERATION_LIMIT = 3_000_000
_full_tails = {}


def compositions(n, k):
    """Every table of k whole counts summing to n, one per row."""
    tables = np.zeros((1, 0), dtype=np.int64)
    left = np.array([n], dtype=np.int64)
    for _ in range(k - 1):
        repeats = left + 1
        rows = np.repeat(np.arange(len(tables)), repeats)
        counts = np.concatenate([np.arange(r) for r in repeats])
        tables = np.hstack([tables[rows], counts[:, None]])
        left = left[rows] - counts
    return np.hstack([tables, left[:, None]])


def full_tail(n, probabilities):
    """Every table's X^2 (descending) and the log of the probability of X^2 at least each, cached by (n, odds)."""
    key = (n, tuple(probabilities))
    if key not in _full_tails:
        p = np.array(probabilities)
        tables = compositions(n, len(p)).astype(float)
        log_mass = special.gammaln(n + 1) - special.gammaln(tables + 1).sum(axis=1) + special.xlogy(tables, p).sum(axis=1)
        statistics = (((tables - n * p) ** 2) / (n * p)).sum(axis=1)
        order = np.argsort(-statistics, kind="stable")
        _full_tails[key] = (statistics[order], np.logaddexp.accumulate(log_mass[order]))
    return _full_tails[key]


def log_binomial_tail(start, step, m, q):
    """ln of the Bin(m, q) mass from `start` outward (step -1: down to 0; +1: up to m), stopping once the
    terms are 40 decades below the sum."""
    end = -1 if step < 0 else m + 1
    total, i = -math.inf, start
    while (i > end) if step < 0 else (i < end):
        stop = max(i - 4096, end) if step < 0 else min(i + 4096, end)
        terms = stats.binom.logpmf(np.arange(i, stop, step), m, q)
        total = float(np.logaddexp(total, special.logsumexp(terms)))
        if terms[-1] < total - 92 and terms[-1] < terms[0]:
            break
        i = stop
    return total


def pruned_tail(expected_counts, probabilities, threshold):
    """ln P(X^2 >= threshold) by enumeration cell by cell (cells by increasing expectation), each prefix
    settled as soon as every completion is at least as extreme (binomial tails beyond the roots of the
    least X^2 the rest can add) or none can be (between the roots of the most it can add)."""
    order = np.argsort(probabilities, kind="stable")
    p = [probabilities[i] for i in order]
    e = [expected_counts[i] for i in order]
    k = len(e)
    rest_e = [sum(e[j:]) for j in range(k)] + [0.0]
    rest_p = [sum(p[j:]) for j in range(k)] + [0.0]
    total = [-math.inf]

    def add(value):
        total[0] = float(np.logaddexp(total[0], value))

    def visit(j, m, s, log_weight):
        rest = rest_e[j]
        if s + (m - rest) ** 2 / rest >= threshold:
            add(log_weight)
            return
        if j == k - 1 or s + m * m / e[j] - 2 * m + rest < threshold:
            return
        a, b, r = e[j], rest_e[j + 1], threshold - s
        q = min(1.0, p[j] / rest_p[j])
        c = m - b
        a2, a1, a0 = 1 / a + 1 / b, -2 * (1 + c / b), a + c * c / b - r
        disc = a1 * a1 - 4 * a2 * a0
        if disc <= 0:
            add(log_weight)
            return
        lo = math.floor((-a1 - math.sqrt(disc)) / (2 * a2)) - 1
        hi = math.ceil((-a1 + math.sqrt(disc)) / (2 * a2)) + 1
        if lo >= 0:
            add(log_weight + log_binomial_tail(min(lo, int(m)), -1, int(m), q))
        if hi <= m:
            add(log_weight + log_binomial_tail(max(hi, 0), 1, int(m), q))
        first, last = max(0, lo + 1), min(int(m), hi - 1)
        f = e[j + 1]
        h2, h1, h0 = 1 / a + 1 / f, -2 * m / f, a + m * m / f - 2 * m + b - r
        hd = h1 * h1 - 4 * h2 * h0
        if hd > 0:
            short_from = math.ceil((-h1 - math.sqrt(hd)) / (2 * h2)) + 1
            short_to = math.floor((-h1 + math.sqrt(hd)) / (2 * h2)) - 1
            middle = np.concatenate([np.arange(first, min(last, short_from - 1) + 1),
                                     np.arange(max(first, short_to + 1), last + 1)]).astype(float)
        else:
            middle = np.arange(first, last + 1, dtype=float)
        if middle.size == 0:
            return
        log_mass = stats.binom.logpmf(middle, m, q)
        if j == k - 2:
            statistics = s + (middle - a) ** 2 / a + (m - middle - e[k - 1]) ** 2 / e[k - 1]
            chosen = log_mass[statistics >= threshold]
            if chosen.size:
                add(log_weight + float(special.logsumexp(chosen)))
            return
        for count, mass in zip(middle, log_mass):
            if mass > -math.inf:
                visit(j + 1, m - count, s + (count - a) ** 2 / a, log_weight + mass)

    visit(0, float(round(sum(expected_counts))), 0.0, 0.0)
    return total[0]


def exact_pearson(observed, expected):
    """(p, log10 p) of Pearson's X^2 under the multinomial, no chi-square: the probability of every table
    with the observed total whose X^2 is at least the observed one (ties to a relative 1e-9 included)."""
    n = int(round(observed.sum()))
    probabilities = list(expected / expected.sum())
    statistic = float(np.sum((observed - n * np.array(probabilities)) ** 2 / (n * np.array(probabilities))))
    threshold = statistic - 1e-9 * max(1.0, statistic)
    if math.comb(n + len(probabilities) - 1, len(probabilities) - 1) <= FULL_ENUMERATION_LIMIT:
        statistics, log_tail = full_tail(n, probabilities)
        at_least = int(np.searchsorted(-statistics, -threshold, side="right"))
        log_p = float(log_tail[at_least - 1]) if at_least else -math.inf
    else:
        log_p = pruned_tail([n * q for q in probabilities], probabilities, threshold)
    log10_p = min(0.0, log_p / math.log(10))
    return min(1.0, math.exp(log_p)), log10_p


LATTICE_BUDGET = 2_500_000_000
LATTICE_RESOLUTIONS = (128, 64, 32, 16)


def lattice_work(n, order, resolution):
    """The toolkit's estimate of the lattice updates at the widest windows (chi-square p = 1e-15, 1e-6 of
    it left out over 2 k shares): sum over the cells but the last of rows x window x points, divided by 4."""
    k = len(order)
    share = max(1e-6 * 1e-15 / (2 * k), 1e-300)
    z = math.sqrt(2 * -math.log(share)) + 2
    work, before = 0.0, 0.0
    for j in range(k - 1):
        rows = min(n + 1.0, 2 * z * math.sqrt(n * before * (1 - before)) + 3)
        window = min(n + 1.0, 2 * z * math.sqrt(n * order[j]) + 3)
        work += rows * window * (resolution * k)
        before += order[j]
    return work / 4


def lattice_resolution(n, order):
    """Points per cell of the toolkit's bound: the finest whose work fits the budget, else the coarsest."""
    for resolution in LATTICE_RESOLUTIONS:
        if lattice_work(n, order, resolution) <= LATTICE_BUDGET:
            return resolution
    return LATTICE_RESOLUTIONS[-1]


def lattice_upper_bound(observed, expected):
    """The proven upper bound on P(X^2 >= observed) the toolkit states past its enumeration budget: cells
    ascending by probability, each count binomial on the counts left; each cell's term rounded up to a
    multiple of t / K to the nearest (K = R cells, R from lattice_resolution); sums reaching K settled; counts beyond a window of z
    deviations and rows below the least weight counted whole; the last cell takes what is left exactly, and
    a table counts when its rounded sum is within (cells - 1) half steps below t."""
    n = int(round(observed.sum()))
    probabilities = expected / n  # as the test divides the expected counts by the total
    k = len(probabilities)
    statistic = float(np.sum((observed - n * probabilities) ** 2 / (n * probabilities)))
    chi_p = float(stats.chi2.sf(statistic, k - 1))
    threshold = statistic - 1e-9 * max(1.0, statistic)
    order = sorted(float(p) for p in probabilities)
    rest = [sum(order[j:]) for j in range(k)]
    points = lattice_resolution(n, order) * k
    step = threshold / points
    share = max(1e-6 * chi_p / (2 * k), 1e-300)
    z = math.sqrt(2 * -math.log(share)) + 2
    least = share / (n + 1)
    rows = {n: np.zeros(points)}
    rows[n][0] = 1.0
    settled = 0.0
    for j in range(k - 1):
        q, e = min(1.0, order[j] / rest[j]), n * order[j]
        following = {}
        for m, row in rows.items():
            weight = row.sum()
            if weight == 0:
                continue
            if weight < least:
                settled += weight
                continue
            mean, spread = m * q, z * math.sqrt(m * q * (1 - q))
            low, high = max(0, math.floor(mean - spread) - 1), min(m, math.ceil(mean + spread) + 1)
            outside = (stats.binom.cdf(low - 1, m, q) if low > 0 else 0.0) + (stats.binom.sf(high, m, q) if high < m else 0.0)
            settled += weight * outside
            counts = np.arange(low, high + 1)
            for o, w in zip(counts, stats.binom.pmf(counts, m, q)):
                if w == 0:
                    continue
                x = (o - e) ** 2 / e / step
                shift = min(points, math.floor(x + 0.5))
                settled += w * row[max(points - shift, 0):].sum()
                if shift < points:
                    target = following.setdefault(m - int(o), np.zeros(points))
                    target[shift:] += w * row[:points - shift]
        rows = following
    e = n * order[-1]
    for m, row in rows.items():
        x = (threshold - (m - e) ** 2 / e) / step - (k - 1) * (0.5 + 1e-9)
        settled += row[max(0, math.ceil(x)):].sum()
    return settled


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
        if rows[0].get("method") == "exact":
            p, log10_p = exact_pearson(observed, expected)
            return p, (log10_p if p < 1e-290 else None)
        if rows[0].get("method") == "exact upper bound":
            return lattice_upper_bound(observed, expected), None
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
        if rows[0].get("method") == "exact":
            probabilities = [float(r["expected"]) for r in rows if r["row"] != "hypothesised mean"]
            p, log10_p = exact_payout_mean(levels, counts, probabilities, mu)
            return p, (log10_p if p < 1e-290 else None)
        statistic = profile_statistic(levels, counts, mu)
        if math.isinf(statistic):
            return 0.0, -math.inf
        p = float(stats.chi2.sf(statistic, 1))
        return p, (log10_chi2_sf(statistic, 1) if p < 1e-290 else None)
    if kind == "stake-weighted return":
        # z = sum(p - R s) / sqrt(sum (p - R s)^2) at the hypothesised return R, z^2 against chi-square(1).
        by = {r["row"]: r for r in rows}
        payout, stake = float(by["payout"]["observed"]), float(by["stake"]["observed"])
        squares, cross, stakes = (float(by[name]["observed"]) for name in ("payout squared", "payout times stake", "stake squared"))
        r = float(by["hypothesised return"]["expected"])
        deviation, spread = payout - r * stake, max(0.0, squares - 2 * r * cross + r * r * stakes)
        if spread == 0:
            return (1.0, None) if deviation == 0 else (0.0, -math.inf)
        statistic = deviation * deviation / spread
        p = float(stats.chi2.sf(statistic, 1))
        return p, (log10_chi2_sf(statistic, 1) if p < 1e-290 else None)
    if kind == "windows given state":
        row_names = list(dict.fromkeys(r["row"] for r in rows))
        column_names = list(dict.fromkeys(r["column"] for r in rows))
        observed = np.zeros((len(row_names), len(column_names)))
        expected = np.zeros_like(observed)
        for r in rows:
            observed[row_names.index(r["row"]), column_names.index(r["column"])] += float(r["observed"])
            expected[row_names.index(r["row"]), column_names.index(r["column"])] += float(r["expected"])
        mask = expected > 0
        keep_rows = [i for i in range(len(row_names)) if (observed[i][mask[i]] > 0).any()]
        keep_columns = [j for j in range(len(column_names)) if any(mask[i][j] and observed[i][j] > 0 for i in keep_rows)]
        observed, expected = observed[np.ix_(keep_rows, keep_columns)], expected[np.ix_(keep_rows, keep_columns)]
        mask = expected > 0
        fitted = np.where(mask, expected, 0.0)
        row_totals, column_totals = (observed * mask).sum(1), (observed * mask).sum(0)
        for _ in range(100000):
            fitted *= (row_totals / fitted.sum(1))[:, None]
            fitted *= column_totals / fitted.sum(0)
            if np.max(np.abs(fitted.sum(1) - row_totals) / row_totals) < 1e-14:
                break
        statistic = float((np.where(mask, (observed - fitted) ** 2 / np.where(mask, fitted, 1), 0)).sum())
        graph = np.zeros((len(keep_rows) + len(keep_columns),) * 2)
        graph[: len(keep_rows), len(keep_rows) :] = mask
        blocks, _ = csgraph.connected_components(graph, directed=False)
        dof = int(mask.sum()) - len(keep_rows) - len(keep_columns) + blocks
        p = float(stats.chi2.sf(statistic, dof))
        return p, (log10_chi2_sf(statistic, dof) if p < 1e-290 else None)
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
        adjusted_all = holm_log10(logs)
        # A drift that rejects while the windows do not differ from each other (homogeneity across windows
        # passes) is a NOTE: every window departs alike, which is the outcomes check's finding.
        windows_alike = any(c["check"] == "homogeneity across windows" and a > math.log10(float(c["threshold"]))
                            for c, a in zip(family, adjusted_all))
        for check, adjusted in zip(family, adjusted_all):
            where = f"{subject}: {check['check']}"
            reported = float(check["holm_log10_p_value"]) if check["holm_log10_p_value"] else (
                -math.inf if float(check["holm_p_value"]) == 0 else math.log10(float(check["holm_p_value"])))
            if not (reported == adjusted or abs(reported - adjusted) <= 1e-9 * max(1.0, abs(adjusted))):
                failures.append(f"{where}: Holm log10 p {reported!r}, recomputed {adjusted!r}")
            elif math.isfinite(adjusted):
                worst = max(worst, abs(reported - adjusted))
            fails = adjusted <= math.log10(float(check["threshold"]))
            if fails and windows_alike and check["check"] == "drift: first departing window":
                if check["status"] != "NOTE":
                    failures.append(f"{where}: status {check['status']}, but the windows do not differ: NOTE")
                continue
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
