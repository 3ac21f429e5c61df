#!/usr/bin/env python3
"""10^8-bit files of good and weak generators for assess-agreement.sh, raw bytes, each 32-bit output
big-endian (most significant bit first, as `audit rng` and NIST's format 1 read them).

Usage: agreement_generators.py DIRECTORY [BITS]
Writes urandom.bin (the operating system's CSPRNG), mt19937.bin (NumPy's MT19937, seed 44), pcg64.bin
(NumPy's PCG64, seed 44), lcg32.bin (x <- 1103515245 x + 12345 mod 2^32, every bit of x: the low bits'
short periods) and java-random.bin (java.util.Random's nextInt(), seed 44: its state's top 32 of 48 bits).
"""
import os
import sys

import numpy as np


def lcg_outputs(multiplier, increment, modulus_bits, state, count, shift):
    """count outputs state_k >> shift of state_{k+1} = a state_k + c mod 2^modulus_bits, computed a block
    at a time from a^k and c (a^k - 1)/(a - 1) (uint64 arithmetic wraps modulo 2^64, a multiple of the
    modulus)."""
    mask = np.uint64((1 << modulus_bits) - 1)
    block = 1 << 16
    powers = np.empty(block, dtype=np.uint64)
    offsets = np.empty(block, dtype=np.uint64)
    a, c = np.uint64(multiplier), np.uint64(increment)
    p, o = a, c
    out = np.empty(count, dtype=np.uint64)
    with np.errstate(over="ignore"):
        for k in range(block):
            powers[k], offsets[k] = p, o
            p, o = (p * a) & mask, (o * a + c) & mask
        for start in range(0, count, block):
            states = (powers * np.uint64(state) + offsets) & mask
            n = min(block, count - start)
            out[start:start + n] = states[:n] >> np.uint64(shift)
            state = int(states[-1])
    return out.astype(np.uint32)


def main():
    directory = sys.argv[1]
    bits = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000_000
    words = bits // 32
    os.makedirs(directory, exist_ok=True)

    def write(name, values):
        with open(os.path.join(directory, name), "wb") as handle:
            handle.write(np.asarray(values, dtype=">u4").tobytes())

    with open("/dev/urandom", "rb") as source, open(os.path.join(directory, "urandom.bin"), "wb") as out:
        out.write(source.read(words * 4))
    write("mt19937.bin", np.random.Generator(np.random.MT19937(44)).integers(0, 1 << 32, words, dtype=np.uint64))
    write("pcg64.bin", np.random.Generator(np.random.PCG64(44)).integers(0, 1 << 32, words, dtype=np.uint64))
    write("lcg32.bin", lcg_outputs(1103515245, 12345, 32, 44, words, 0))
    write("java-random.bin", lcg_outputs(0x5DEECE66D, 0xB, 48, (44 ^ 0x5DEECE66D) & ((1 << 48) - 1), words, 16))


if __name__ == "__main__":
    main()
