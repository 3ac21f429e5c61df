#!/usr/bin/env python3
"""Reference values of log10 p-values far beyond a double's range, for Tests/FairnessStatisticsTests.

Writes Tests/FairnessStatisticsTests/Fixtures/log10_reference.json, every value computed in mpmath at 60
digits, independently of the toolkit:
- chiSquare: log10 P(chi2(df) > x), the regularised upper incomplete gamma Q(df/2, x/2), for df from 1 to
  1000 and x from where P(X > x) leaves a double's range (about 1e-290) to 10^6; the drinking-dice
  statistic of the default report (29,895.2 on 7 df) among them;
- binomial: log10 of the exact two-sided binomial p-value (the sum of the probabilities of every outcome
  no more likely than k, SciPy's rule), for n up to 5,000 and k far in either tail.
"""
import json
import os

import mpmath as mp

mp.mp.dps = 60


def log10_chi2_sf(x, df):
    return float(mp.log10(mp.gammainc(mp.mpf(df) / 2, mp.mpf(x) / 2, mp.inf, regularized=True)))


def log10_binomial(k, n, p):
    p = mp.mpf(p)
    masses = [mp.binomial(n, i) * p ** i * (1 - p) ** (n - i) for i in range(n + 1)]
    observed = masses[k]
    total = mp.fsum(m for m in masses if m <= observed * (1 + mp.mpf("1e-7")))
    return float(mp.log10(total))


def main():
    chi = []
    for df in [1, 2, 4, 7, 36, 100, 1000]:
        for x in [2000.0, 5000.0, 29895.2, 1e5, 1e6]:
            value = log10_chi2_sf(x, df)
            if value < -290:
                chi.append({"x": x, "df": df, "log10Sf": value})
    binomial = []
    for n, p, ks in [(2000, 0.5, [0, 10, 100, 1990, 2000]), (5000, 0.01, [400, 1000, 5000]), (3000, 0.3, [0, 20, 2500])]:
        for k in ks:
            value = log10_binomial(k, n, p)
            if value < -290:
                binomial.append({"k": k, "n": n, "p": p, "log10P": value})
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "log10_reference.json"), "w") as f:
        json.dump({"chiSquare": chi, "binomial": binomial}, f, indent=1)
        f.write("\n")
    print(f"{len(chi)} chi-square and {len(binomial)} binomial cases")


if __name__ == "__main__":
    main()
