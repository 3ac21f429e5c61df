#!/usr/bin/env python3
"""Known-answer vectors for Philox4x64-10 (the per-trial generator, and the key of the default generator's
block streams), computed with NumPy.

NumPy's Philox advances its counter before each block, so the block for counter c is obtained by
starting NumPy at c - 1. Writes Tests/FairnessModelTests/Fixtures/philox_reference.json.
Run: python3 Tests/FairnessModelTests/Fixtures/make_generator_reference.py
"""
import json
import os

import numpy as np
from numpy.random import Philox

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "philox_reference.json")
MASK = (1 << 64) - 1


def block(counter, key):
    c = list(counter)
    # subtract one from the 256-bit counter (little-endian words)
    for i in range(4):
        if c[i] > 0:
            c[i] -= 1
            break
        c[i] = MASK
    # Pass uint64 arrays: NumPy converts plain Python ints through float64 and drops low bits.
    return [int(x) for x in Philox(counter=np.array(c, dtype=np.uint64), key=np.array(key, dtype=np.uint64)).random_raw(4)]


cases = [
    ([0, 0, 0, 0], [0, 0]),
    ([MASK] * 4, [MASK, MASK]),
    ([0x243F6A8885A308D3, 0x13198A2E03707344, 0xA4093822299F31D0, 0x082EFA98EC4E6C89], [0x452821E638D01377, 0xBE5466CF34E90C6C]),
    ([7, 0, 0, 0], [20261121, 0]),
    ([123456789012, 3, 0, 0], [0xDEADBEEF, 0]),
]
out = {"generator": "Tests/FairnessModelTests/Fixtures/make_generator_reference.py", "numpy": np.__version__,
       "blocks": [{"counter": [str(x) for x in c], "key": [str(x) for x in k], "output": [str(x) for x in block(c, k)]} for c, k in cases]}
os.makedirs(os.path.dirname(OUT), exist_ok=True)
with open(OUT, "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
print(f"wrote {OUT}")
