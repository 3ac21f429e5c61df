#!/usr/bin/env python3
"""Known-answer vectors for the default generator: xoshiro256** streams seeded per block by Philox4x64-10.

Computed outside the toolkit: the xoshiro256** words by the `randomgen` package's Xoshiro256 (Blackman and
Vigna's reference algorithm) from a given state, and the block states by NumPy's Philox at counter
(block, 0, 0, 2) under key (seed, stream), as Xoshiro256StarStar.init(seed:stream:block:) keys them.
NumPy's Philox advances its counter before each block, so counter c is obtained by starting at c - 1.
Writes Tests/FairnessModelTests/Fixtures/xoshiro_reference.json.
Run: pip install randomgen; python3 Tests/FairnessModelTests/Fixtures/make_xoshiro_reference.py
"""
import json
import os

import numpy as np
import randomgen
from numpy.random import Philox
from randomgen import Xoshiro256

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "xoshiro_reference.json")
MASK = (1 << 64) - 1
WORDS = 12


def philox_block(counter, key):
    c = list(counter)
    for i in range(4):
        if c[i] > 0:
            c[i] -= 1
            break
        c[i] = MASK
    return [int(x) for x in Philox(counter=np.array(c, dtype=np.uint64), key=np.array(key, dtype=np.uint64)).random_raw(4)]


def xoshiro_words(state, count):
    g = Xoshiro256(0)
    st = g.state
    st["s"] = np.array(state, dtype=np.uint64)
    st["has_uint32"] = 0
    st["uinteger"] = 0
    g.state = st
    return [int(x) for x in g.random_raw(count)]


states = [
    [1, 2, 3, 4],
    [MASK, MASK, MASK, MASK],
    [0x243F6A8885A308D3, 0x13198A2E03707344, 0xA4093822299F31D0, 0x082EFA98EC4E6C89],
]
blocks = [(20261121, 0, 0), (20261121, 0, 1), (20261121, 0xCBF29CE484222325, 5), (7, 0, 0), (0, 0, 0)]
out = {
    "generator": "Tests/FairnessModelTests/Fixtures/make_xoshiro_reference.py",
    "numpy": np.__version__,
    "randomgen": randomgen.__version__,
    "states": [{"state": [str(x) for x in s], "output": [str(x) for x in xoshiro_words(s, WORDS)]} for s in states],
    "blocks": [],
}
for seed, stream, block in blocks:
    state = philox_block([block, 0, 0, 2], [seed, stream])
    out["blocks"].append({
        "seed": str(seed), "stream": str(stream), "block": str(block),
        "state": [str(x) for x in state], "output": [str(x) for x in xoshiro_words(state, WORDS)],
    })
os.makedirs(os.path.dirname(OUT), exist_ok=True)
with open(OUT, "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
print(f"wrote {OUT}")
