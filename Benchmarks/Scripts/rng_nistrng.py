#!/usr/bin/env python3
"""NIST SP 800-22's battery from PyPI (nistrng, a NumPy implementation) on the first BITS bits of FILE, timed.

Prints bits=... seconds=... bits_per_second=... tests=... for Benchmarks/Scripts/benchmark.sh.
Usage: python3 Benchmarks/Scripts/rng_nistrng.py FILE BITS
"""
import sys
import time
import warnings

import numpy as np
from nistrng import SP800_22R1A_BATTERY, run_all_battery


def main():
    # nistrng sums int8 bits in int8 (its cumulative sums overflow); only its speed is measured here.
    warnings.simplefilter("ignore")
    path, bits = sys.argv[1], int(sys.argv[2])
    raw = np.fromfile(path, dtype=np.uint8, count=(bits + 7) // 8)
    sequence = np.unpackbits(raw)[:bits].astype(np.int8)
    start = time.perf_counter()
    results = run_all_battery(sequence, SP800_22R1A_BATTERY, True)
    seconds = time.perf_counter() - start
    ran = sum(1 for item in results if item is not None)
    print(f"nistrng bits={bits} seconds={seconds:.3f} bits_per_second={bits / seconds:.4g} tests={ran}")


if __name__ == "__main__":
    main()
