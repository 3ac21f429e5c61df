#!/usr/bin/env python3
"""NumPy's fastest idiom for the benchmark job: draw 37-way outcomes, tally, chi-square.

Usage: python3 Scripts/benchmark_numpy.py TRIALS
"""
import sys
import time

import numpy as np
from scipy import stats

trials = int(sys.argv[1])
chunk = 10_000_000
rng = np.random.default_rng(20261121)
start = time.perf_counter()
counts = np.zeros(37, dtype=np.int64)
done = 0
while done < trials:
    n = min(chunk, trials - done)
    counts += np.bincount(rng.integers(0, 37, size=n), minlength=37)
    done += n
p = stats.chisquare(counts).pvalue
seconds = time.perf_counter() - start
print(f"numpy trials={trials} seconds={seconds:.3f} trials_per_second={trials / seconds:.4g} chi2_p={p:.4g}")
