#!/usr/bin/env python3
"""NumPy's fastest idiom for the benchmark job: draw 37-way outcomes, tally, chi-square.

Usage: python3 Benchmarks/Scripts/numpy_idiom.py TRIALS [--engine-job]

By default, the count-only job the issue's target is set against: bounded integers drawn as 16-bit
(`Generator.integers(0, 37, dtype=uint16)`, unbiased) in chunks of 10^6 and counted with `bincount` — the
fastest of the dtypes (int64, int32, uint16, uint8) and chunk sizes (65,536 ... 10^7) tried on this kind of
machine; 10^7-draw chunks spend much of their time in page faults.

With --engine-job, the work the engine's trial does, vectorised: a 53-bit double u (`Generator.random`,
in place), the report int(u * 37) + 1, its slot (label - 1; a label no sector carries would be the
invalid slot), and the serial pairs of each block of 65,536 trials counted in a 39 x 39 table (37
sectors, no result, invalid), the first trial of a block counted on its own and each slot's count taken
from the table's columns, as the engine does. Only the generator differs (PCG64, not the engine's
streams), so its tallies are of other draws.
"""
import sys
import time

import numpy as np
from scipy import stats

trials = int(sys.argv[1])
engine_job = "--engine-job" in sys.argv[2:]
rng = np.random.default_rng(20261121)
start = time.perf_counter()
counts = np.zeros(39, dtype=np.int64)
if engine_job:
    block = 65_536
    chunk = 4 * block
    # One extra cell (39 * 39) takes the pairs that would straddle two blocks; it is dropped.
    pairs = np.zeros(39 * 39 + 1, dtype=np.int64)
    buffer = np.empty(chunk)
    done = 0
    while done < trials:
        n = min(chunk, trials - done)
        u = buffer[:n]
        rng.random(n, out=u)
        u *= 37
        slots = u.astype(np.int16)
        slots += 1  # the report's label
        slots -= 1  # its slot
        bad = (slots < 0) | (slots >= 37)
        if bad.any():
            slots[bad] = 38
        keys = slots[:-1] * 39
        keys += slots[1:]
        keys[block - 1 :: block] = 39 * 39  # chunks start on a block, so these pairs straddle two blocks
        pairs += np.bincount(keys, minlength=39 * 39 + 1)
        counts += np.bincount(slots[::block], minlength=39)  # each block's first trial
        done += n
    counts += pairs[: 39 * 39].reshape(39, 39).sum(axis=0)
    assert pairs[: 39 * 39].sum() == trials - (trials + block - 1) // block
else:
    chunk = 1_000_000
    done = 0
    while done < trials:
        n = min(chunk, trials - done)
        counts[:37] += np.bincount(rng.integers(0, 37, size=n, dtype=np.uint16), minlength=37)
        done += n
assert counts.sum() == trials
p = stats.chisquare(counts[:37]).pvalue
seconds = time.perf_counter() - start
name = "numpy-engine-job" if engine_job else "numpy"
print(f"{name} trials={trials} seconds={seconds:.3f} trials_per_second={trials / seconds:.4g} chi2_p={p:.4g}")
