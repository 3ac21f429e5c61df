#!/usr/bin/env python3
"""NumPy's fastest idiom for the benchmark job: draw 37-way outcomes, tally, chi-square.

Usage: python3 Scripts/benchmark_numpy.py TRIALS [--engine-job]

By default, the count-only job the issue's target is set against: bounded integers (`Generator.integers`,
two 32-bit draws per PCG64 word) counted with `bincount`. With --engine-job, the work the engine's trial
does: a 53-bit double u (`Generator.random`), the sector int(u * 37), and every serial pair counted in a
37 x 37 table (pairs across chunk boundaries included), as vectorised NumPy.
"""
import sys
import time

import numpy as np
from scipy import stats

trials = int(sys.argv[1])
engine_job = "--engine-job" in sys.argv[2:]
chunk = 10_000_000
rng = np.random.default_rng(20261121)
start = time.perf_counter()
counts = np.zeros(37, dtype=np.int64)
pairs = np.zeros(37 * 37, dtype=np.int64)
previous = None
done = 0
while done < trials:
    n = min(chunk, trials - done)
    if engine_job:
        sectors = (rng.random(n) * 37).astype(np.intp)
        counts += np.bincount(sectors, minlength=37)
        pairs += np.bincount(sectors[:-1] * 37 + sectors[1:], minlength=37 * 37)
        if previous is not None:
            pairs[previous * 37 + sectors[0]] += 1
        previous = sectors[-1]
    else:
        counts += np.bincount(rng.integers(0, 37, size=n), minlength=37)
    done += n
p = stats.chisquare(counts).pvalue
seconds = time.perf_counter() - start
name = "numpy-engine-job" if engine_job else "numpy"
assert not engine_job or pairs.sum() == trials - 1
print(f"{name} trials={trials} seconds={seconds:.3f} trials_per_second={trials / seconds:.4g} chi2_p={p:.4g}")
