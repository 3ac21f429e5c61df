#!/usr/bin/env python3
"""Reference values for the toolkit's statistics, computed outside the project with SciPy.

Writes Tests/FairnessStatisticsTests/Fixtures/scipy_reference.json. Not run by CI: the JSON is
committed, and the Swift tests compare every statistics function with it at relative error <= 1e-9.

Where SciPy's own precision could be doubted (chi-square far tails, the noncentral chi-square),
the script cross-checks it against mpmath at 50 digits and refuses to write a value that disagrees.

Requires: scipy, numpy, mpmath, statsmodels (for Holm).   python3 Tests/FairnessStatisticsTests/Fixtures/make_statistics_reference.py
"""
import json
import math
import os
import sys

import mpmath as mp
import numpy as np
import scipy
import statsmodels
from scipy import optimize, stats
from statsmodels.stats.multitest import multipletests

mp.mp.dps = 50
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scipy_reference.json")


def agree(a, b, rel=1e-11, what=""):
    a, b = float(a), float(b)
    if a == b:
        return
    if abs(a - b) > rel * max(abs(a), abs(b)):
        sys.exit(f"SciPy and mpmath disagree on {what}: {a!r} vs {b!r}")


# --- central chi-square tails -------------------------------------------------------------
chi2_cases = []
for df, x in [(1, 1e-20), (1, 0.5), (1, 3.841458820694124), (1, 700), (1, 1380), (2, 10), (3, 1e-5),
              (10, 2.0), (10, 30), (10, 1400), (100, 80), (100, 1500), (10000, 9000), (10000, 10500),
              (10000, 13000), (10000, 16500), (100000, 110000), (36, 36), (36, 400), (1368, 1500)]:
    sf, cdf = stats.chi2.sf(x, df), stats.chi2.cdf(x, df)
    agree(sf, mp.gammainc(mp.mpf(df) / 2, mp.mpf(x) / 2, mp.inf, regularized=True), what=f"chi2.sf({x},{df})")
    agree(cdf, mp.gammainc(mp.mpf(df) / 2, 0, mp.mpf(x) / 2, regularized=True), what=f"chi2.cdf({x},{df})")
    if sf > 1e-300 or sf == 0:
        chi2_cases.append({"x": x, "df": df, "sf": sf, "cdf": cdf})

chi2_quantiles = [{"q": q, "df": df, "isf": stats.chi2.isf(q, df)}
                  for df in (1, 10, 36, 1368, 10000) for q in (0.5, 0.05, 1e-6, 1e-12)]


# --- goodness of fit with the documented pooling rule (independent implementation) ---------
def pool(cells, minimum):
    """cells: list of (indices, observed, expected). Mirrors ExpectedCountRule.poolAdjacent."""
    cells = [list(c) for c in cells]
    while len(cells) >= 2:
        low = [i for i, c in enumerate(cells) if c[2] < minimum]
        if not low:
            break
        i = min(low, key=lambda j: (cells[j][2], j))
        if i == 0:
            nb = 1
        elif i == len(cells) - 1:
            nb = i - 1
        else:
            nb = i - 1 if cells[i - 1][2] <= cells[i + 1][2] else i + 1
        a, b = min(i, nb), max(i, nb)
        cells[a] = [cells[a][0] + cells[b][0], cells[a][1] + cells[b][1], cells[a][2] + cells[b][2]]
        del cells[b]
    return cells


def gof_case(name, observed, probs, rule="pool", minimum=5.0):
    observed = [float(o) for o in observed]
    probs = [float(p) for p in probs]
    total = math.fsum(observed)
    s = math.fsum(probs)
    cells = [([i], observed[i], total * probs[i] / s) for i in range(len(observed)) if probs[i] > 0]
    case = {"name": name, "observed": observed, "probabilities": probs, "rule": rule, "minimum": minimum}
    if rule == "require" and any(c[2] < minimum for c in cells):
        case["inconclusive"] = True
        return case
    if rule == "pool":
        cells = pool(cells, minimum)
    if len(cells) < 2:
        case["inconclusive"] = True
        return case
    obs = np.array([c[1] for c in cells])
    exp = np.array([c[2] for c in cells])
    pearson = stats.chisquare(obs, exp)
    g = stats.power_divergence(obs, exp, lambda_="log-likelihood")
    case.update({"inconclusive": False, "pooled": [c[0] for c in cells], "df": len(cells) - 1,
                 "pearson": {"statistic": float(pearson.statistic), "p": float(pearson.pvalue)},
                 "g": {"statistic": float(g.statistic), "p": float(g.pvalue)}})
    return case


rng = np.random.default_rng(20261121)
gof_cases = [
    gof_case("perfect fit, 6 faces", [100] * 6, [1 / 6] * 6),
    gof_case("df = 1, fair coin", [5120, 4880], [0.5, 0.5]),
    gof_case("df = 1, far tail", [6000, 4000], [0.5, 0.5]),
    gof_case("37 sectors, mild bias", list(rng.multinomial(1_000_000, [1 / 37] * 37)), [1 / 37] * 37),
    gof_case("12 slices, one slice dead", [0] + [1000] * 11, [1 / 12] * 12),
    gof_case("huge counts, tiny bias", [250_000_100_000, 249_999_900_000, 250_000_000_000, 250_000_000_000], [0.25] * 4),
    gof_case("weighted wheel, pooled tail", [50, 30, 12, 3, 2, 1, 0, 2], [0.5, 0.3, 0.1, 0.04, 0.03, 0.02, 0.005, 0.005]),
    gof_case("pooling at both ends", [1, 2, 40, 45, 3, 1], [0.01, 0.02, 0.45, 0.45, 0.05, 0.02]),
    gof_case("require minimum refuses", [1, 2, 40, 45, 3, 1], [0.01, 0.02, 0.45, 0.45, 0.05, 0.02], rule="require"),
    gof_case("too few trials", [1, 2, 1], [1 / 3] * 3),
    gof_case("ten thousand cells", list(rng.multinomial(2_000_000, [1e-4] * 10_000)), [1e-4] * 10_000),
    gof_case("ten thousand cells, far tail", list(rng.multinomial(2_000_000, np.linspace(0.6, 1.4, 10_000) / np.linspace(0.6, 1.4, 10_000).sum())), [1e-4] * 10_000),
    gof_case("extreme tail", [10_000, 12_000, 9_000, 11_000, 8_000, 10_000], [1 / 6] * 6),
]

# --- binomial distribution and exact test --------------------------------------------------
# SciPy's binomial tails lose about 1e-9 relative at n = 10^12 (the rounding of n*p in double), the
# size of the tolerance being tested; the reference values are therefore computed in mpmath at 40 digits
# for the exact double inputs (pmf from log-gamma, tails from the incomplete-beta continued fraction on
# the side where it converges), and SciPy is required to agree with them to 5e-9.
def mp_cf(x, a, b):
    eps = mp.mpf(10) ** -35
    qab, qap, qam = a + b, a + 1, a - 1
    c = mp.mpf(1)
    d = 1 / (1 - qab * x / qap)
    h = d
    for m in range(1, 10**7):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1 / (1 + aa * d); c = 1 + aa / c; h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1 / (1 + aa * d); c = 1 + aa / c
        h *= d * c
        if abs(d * c - 1) < eps:
            return h
    raise RuntimeError("continued fraction did not converge")


def mp_pmf(k, n, p):
    if k < 0 or k > n:
        return mp.mpf(0)
    P = mp.mpf(p)
    return mp.exp(mp.loggamma(n + 1) - mp.loggamma(k + 1) - mp.loggamma(n - k + 1) + k * mp.log(P) + (n - k) * mp.log1p(-P))


def mp_cdf(k, n, p):  # P(X <= k)
    if k < 0:
        return mp.mpf(0)
    if k >= n:
        return mp.mpf(1)
    P = mp.mpf(p)
    if k < n * P:
        return mp_pmf(k, n, p) * P * mp_cf(1 - P, mp.mpf(n - k), mp.mpf(k + 1))
    return 1 - mp_sf(k + 1, n, p)


def mp_sf(j, n, p):  # P(X >= j)
    if j <= 0:
        return mp.mpf(1)
    if j > n:
        return mp.mpf(0)
    P = mp.mpf(p)
    if j > n * P:
        return mp_pmf(j, n, p) * (1 - P) * mp_cf(P, mp.mpf(j), mp.mpf(n - j + 1))
    return 1 - mp_cdf(j - 1, n, p)


binom_tails = []
mp.mp.dps = 40
for n, p in [(10, 0.3), (1000, 0.3), (10**6, 0.2), (10**8, 0.3), (10**10, 0.3), (10**12, 0.3), (10**12, 1 / 37), (2000, 0.5)]:
    sd = math.sqrt(n * p * (1 - p))
    for z in (-30, -10, -5, -1, 0, 1, 5, 10, 30):
        k = math.floor(n * p + z * sd)
        if 0 <= k <= n:
            cdf, sf, pmf = mp_cdf(k, n, p), mp_sf(k, n, p), mp_pmf(k, n, p)
            agree(stats.binom.cdf(k, n, p), cdf, rel=5e-9, what=f"binom.cdf({k},{n},{p})")
            agree(stats.binom.sf(k - 1, n, p), sf, rel=5e-9, what=f"binom.sf({k}-1,{n},{p})")
            agree(stats.binom.pmf(k, n, p), pmf, rel=5e-9, what=f"binom.pmf({k},{n},{p})")
            if cdf > 1e-300 and sf > 1e-300:
                binom_tails.append({"k": k, "n": n, "p": p, "cdf": float(cdf), "sfFromK": float(sf), "pmf": float(pmf)})
mp.mp.dps = 50


def mp_binomtest(k, n, p):
    """SciPy's two-sided rule (outcomes no likelier than k, relative tolerance 1e-7) in mpmath."""
    if k == n * p:
        return 1.0
    d = mp_pmf(k, n, p) * (1 + mp.mpf("1e-7"))
    if k < n * p:
        lo, hi = math.ceil(n * p), n + 1
        while lo < hi:
            mid = (lo + hi) // 2
            if mp_pmf(mid, n, p) <= d:
                hi = mid
            else:
                lo = mid + 1
        return float(min(1, mp_cdf(k, n, p) + mp_sf(lo, n, p)))
    lo, hi = -1, math.floor(n * p)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if mp_pmf(mid, n, p) <= d:
            lo = mid
        else:
            hi = mid - 1
    return float(min(1, mp_cdf(lo, n, p) + mp_sf(k, n, p)))


binom_tests = []
for k, n, p in [(7, 10, 0.3), (0, 10, 0.3), (10, 10, 0.3), (3, 10, 0.3), (50, 100, 0.5), (40, 100, 0.5), (682, 1000, 0.7),
                (31, 1000, 1 / 37), (27027, 1_000_000, 1 / 37), (26500, 1_000_000, 1 / 37), (30500, 1_000_000, 1 / 37),
                (1543, 100_000, 0.0154), (300, 2000, 0.5), (1700, 2000, 0.5),
                (3_087_000, 100_000_000, 0.0308642), (30_864_000_000, 10**12, 0.0308642), (30_865_000_000, 10**12, 0.0308642)]:
    r = stats.binomtest(k, n, p)
    cl = 0.95
    cp_low = 0.0 if k == 0 else stats.beta.ppf((1 - cl) / 2, k, n - k + 1)
    cp_high = 1.0 if k == n else stats.beta.isf((1 - cl) / 2, k + 1, n - k)
    w = r.proportion_ci(confidence_level=cl, method="wilson")
    pvalue = mp_binomtest(k, n, p)
    agree(r.pvalue, pvalue, rel=5e-9, what=f"binomtest({k},{n},{p})")
    binom_tests.append({"k": k, "n": n, "p": p, "pvalue": pvalue, "confidence": cl,
                        "clopperPearson": [float(cp_low), float(cp_high)], "wilson": [float(w.low), float(w.high)]})

# --- independence ------------------------------------------------------------------------------
tables = [
    [[10, 20, 30], [20, 20, 20]],
    [[500, 480], [510, 530]],
    [[120, 90, 40, 33], [80, 85, 60, 50], [70, 60, 55, 55]],
    [[1000, 0, 20], [0, 1000, 20], [0, 0, 0]],
    list(rng.multinomial(1_000_000, [1 / 36] * 36).reshape(6, 6).tolist()),
]
contingency = []
for t in tables:
    arr = np.array(t, dtype=float)
    arr = arr[arr.sum(axis=1) > 0][:, arr.sum(axis=0) > 0]
    res = stats.chi2_contingency(arr, correction=False)
    contingency.append({"table": [[float(v) for v in row] for row in t], "statistic": float(res.statistic),
                        "p": float(res.pvalue), "df": int(res.dof), "minExpected": float(res.expected_freq.min())})

# --- Kolmogorov-Smirnov ---------------------------------------------------------------------------
ks_functions = []
for n in (1, 2, 5, 10, 20, 50, 100, 140):
    for d in (0.01, 0.05, 0.1, 0.2, 0.3, 0.45, 0.5, 0.6, 0.9, 0.99):
        sf = stats.kstwo.sf(d, n)
        if sf > 1e-300:
            ks_functions.append({"n": n, "d": d, "sf": float(sf)})
ks_limit = [{"t": t, "sf": float(stats.kstwobign.sf(t))} for t in (0.2, 0.5, 0.8, 1.0, 1.2, 1.36, 2.0, 3.0, 5.0, 10.0)]
ks_samples = []
for n, bend in [(8, 1.0), (50, 1.0), (50, 1.8), (140, 1.3), (1000, 1.0), (1000, 1.15), (20000, 1.02)]:
    sample = rng.random(n) ** bend
    r = stats.kstest(sample, "uniform", method="exact" if n <= 140 else "asymp")
    d = float(r.statistic)
    p = float(stats.kstwo.sf(d, n)) if n <= 140 else float(stats.kstwobign.sf(math.sqrt(n) * d))
    ks_samples.append({"sample": [float(v) for v in sample], "d": d, "p": p, "method": "exact" if n <= 140 else "asymptotic"})

# --- Holm ------------------------------------------------------------------------------------------
holm = []
for ps in [[0.01, 0.04, 0.03, 0.005], [1e-300, 0.5, 1e-8, 1e-8, 0.2], [0.9], list(rng.random(30) ** 3)]:
    holm.append({"p": [float(v) for v in ps], "adjusted": [float(v) for v in multipletests(ps, method="holm")[1]]})

# --- noncentral chi-square ---------------------------------------------------------------------------
ncx2 = []
for df, nc, x in [(1, 1, 3), (1, 0.1, 30), (3, 10, 5), (10, 5, 30), (36, 50, 60), (36, 50, 200), (36, 87.3, 90),
                  (5, 1000, 900), (5, 1000, 1200), (100, 30, 110), (1368, 200, 1500)]:
    sf, cdf = stats.ncx2.sf(x, df, nc), stats.ncx2.cdf(x, df, nc)
    half = mp.mpf(nc) / 2
    top = int(nc / 2 + 40 * math.sqrt(nc / 2 + 1) + 200)
    mp_sf = mp.fsum(mp.exp(-half + j * mp.log(half) - mp.loggamma(j + 1))
                    * mp.gammainc(mp.mpf(df) / 2 + j, mp.mpf(x) / 2, mp.inf, regularized=True) for j in range(top))
    agree(sf, mp_sf, rel=1e-9, what=f"ncx2.sf({x},{df},{nc})")
    ncx2.append({"x": x, "df": df, "nc": nc, "sf": float(sf), "cdf": float(cdf)})

# --- power ---------------------------------------------------------------------------------------------
chi_power = []
for probs, n, alpha in [([1 / 37] * 37, 1_000_000, 1e-6), ([1 / 6] * 6, 1_000_000, 1e-6), ([1 / 2] * 2, 10_000, 0.05),
                        ([0.5, 0.3, 0.1, 0.1], 50_000, 1e-3), ([1 / 12] * 12, 1e9, 1e-6)]:
    df = len(probs) - 1
    crit = stats.chi2.isf(alpha, df)
    lam = optimize.brentq(lambda l: stats.ncx2.sf(crit, df, l) - 0.9, 1e-9, 1e4, xtol=1e-14, rtol=1e-15)
    chi_power.append({"probabilities": probs, "trials": n, "alpha": alpha, "power": 0.9, "df": df, "critical": float(crit),
                      "noncentrality": float(lam), "deviations": [math.sqrt(lam * (1 - p) / (n * p)) for p in probs]})


def binomial_power(n, p0, alpha, power=0.9):
    def rejected(k):
        return stats.binomtest(int(k), n, p0).pvalue <= alpha
    mean = n * p0
    ks = np.arange(0, n + 1)
    lower = [k for k in ks if k < mean and rejected(k)]
    upper = [k for k in ks if k > mean and rejected(k)]
    lo = max(lower) if lower else None
    hi = min(upper) if upper else None

    def pw(p):
        t = 0.0
        if lo is not None:
            t += stats.binom.cdf(lo, n, p)
        if hi is not None:
            t += stats.binom.sf(hi - 1, n, p)
        return t - power
    up = optimize.brentq(pw, p0, 1, xtol=1e-15, rtol=1e-15) - p0 if pw(1) >= 0 else None
    down = p0 - optimize.brentq(pw, 0, p0, xtol=1e-15, rtol=1e-15) if pw(0) >= 0 else None
    return {"trials": n, "p0": p0, "alpha": alpha, "power": power, "lower": None if lo is None else int(lo),
            "upper": None if hi is None else int(hi), "increase": up, "decrease": down}


binom_power = [binomial_power(*args) for args in [(100, 0.5, 0.05), (1000, 1 / 37, 1e-3), (5000, 0.0154, 1e-6), (20000, 0.3, 1e-6)]]

out = {
    "generator": "Tests/FairnessStatisticsTests/Fixtures/make_statistics_reference.py",
    "versions": {"scipy": scipy.__version__, "numpy": np.__version__, "mpmath": mp.__version__, "statsmodels": statsmodels.__version__},
    "chiSquare": chi2_cases, "chiSquareQuantiles": chi2_quantiles, "goodnessOfFit": gof_cases,
    "binomialTails": binom_tails, "binomialTests": binom_tests, "contingency": contingency,
    "kolmogorov": ks_functions, "kolmogorovLimit": ks_limit, "kolmogorovSamples": ks_samples,
    "holm": holm, "noncentralChiSquare": ncx2, "chiSquarePower": chi_power, "binomialPower": binom_power,
}


def clean(o):
    if isinstance(o, dict):
        return {k: clean(v) for k, v in o.items()}
    if isinstance(o, (list, tuple)):
        return [clean(v) for v in o]
    if isinstance(o, (np.integer,)):
        return int(o)
    if isinstance(o, (np.floating,)):
        return float(o)
    return o


with open(OUT, "w") as f:
    json.dump(clean(out), f, indent=1, allow_nan=False)
    f.write("\n")
print(f"wrote {OUT}")
