#!/usr/bin/env python3
"""Known answers for the toolkit's NIST SP 800-22 rev. 1a tests, computed outside the project.

Writes, beside this script:
- sp800_22_e.bin: the first 1,000,000 binary digits of e (integer part included: 10.1011011111...), packed
  8 to a byte, most significant bit first. The digits come from mpmath (floor(e * 2^(n-2)) at n + 64 bits
  of precision), independently of the toolkit and of NIST's data.e.
- sp800_22_reference.json: the P-values of every test of the suite on those digits and on the
  publication's worked examples, computed here in NumPy/SciPy/mpmath with no code from the toolkit.

Two sets of constants are written where the publication's differ from exact values:
- "exact": class probabilities computed exactly (longest run of ones by a recurrence over run lengths;
  overlapping template matches by dynamic programming over (run length, count); linear complexity from the
  exact count 2^min(2L-1, 2M-2L) of M-bit sequences of linear complexity L);
- "published": the constants NIST's reference program (sts 2.1.2) uses, which reproduce the figures the
  publication prints.
The toolkit's battery uses the exact ones; its known-answer tests check both.
"""
import json
import math
import os

import mpmath
import numpy as np
from scipy import special

HERE = os.path.dirname(os.path.abspath(__file__))
N_E = 1_000_000


def e_digits(n):
    mpmath.mp.prec = n + 64
    value = int(mpmath.floor(mpmath.e * mpmath.mpf(2) ** (n - 2)))
    text = bin(value)[2:]
    assert len(text) == n and text.startswith("1010110111111")
    return np.frombuffer(text.encode(), dtype=np.uint8) - ord("0")


def bits_of(text):
    return np.array([int(c) for c in text], dtype=np.int64)


def igamc(a, x):
    return float(special.gammaincc(a, x))


def chi_square_p(counts, probabilities, dof):
    counts = np.asarray(counts, dtype=float)
    expected = counts.sum() * np.asarray(probabilities, dtype=float)
    statistic = float(((counts - expected) ** 2 / expected).sum())
    return statistic, igamc(dof / 2, statistic / 2)


# 2.1
def frequency(e):
    s = int(2 * e.sum() - len(e))
    return {"p": float(special.erfc(abs(s) / math.sqrt(2 * len(e)))), "sum": s}


# 2.2
def block_frequency(e, m):
    blocks = len(e) // m
    proportions = e[: blocks * m].reshape(blocks, m).mean(axis=1)
    statistic = float(4 * m * ((proportions - 0.5) ** 2).sum())
    return {"p": igamc(blocks / 2, statistic / 2), "chi2": statistic}


# 2.3
def runs(e):
    n = len(e)
    pi = e.mean()
    if abs(pi - 0.5) >= 2 / math.sqrt(n):
        return {"p": None, "prerequisite": "frequency"}
    v = int(1 + (e[1:] != e[:-1]).sum())
    return {"p": float(special.erfc(abs(v - 2 * n * pi * (1 - pi)) / (2 * math.sqrt(2 * n) * pi * (1 - pi)))), "runs": v}


# 2.4
LONGEST_RUN_SHAPES = {8: (1, 3), 128: (4, 5), 10000: (10, 6)}
LONGEST_RUN_PUBLISHED = {
    8: [0.21484375, 0.3671875, 0.23046875, 0.1875],
    128: [0.1174035788, 0.242955959, 0.249363483, 0.17517706, 0.102701071, 0.112398847],
    10000: [0.0882, 0.2092, 0.2483, 0.1933, 0.1208, 0.0675, 0.0727],
}


def longest_run_at_most(m, k):
    """P(no run of more than k ones in m fair bits), from the fraction of length-m strings counted by
    the number of trailing ones (integers: exact)."""
    ways = [1] + [0] * k
    for _ in range(m):
        total = sum(ways)
        ways = [total] + ways[:-1]
    return mpmath.mpf(sum(ways)) / mpmath.mpf(2) ** m


def longest_run_classes(m):
    low, k = LONGEST_RUN_SHAPES[m]
    mpmath.mp.prec = 80
    cdf = [longest_run_at_most(m, j) for j in range(low, low + k)]
    classes = [cdf[0]] + [cdf[i] - cdf[i - 1] for i in range(1, k)] + [1 - cdf[-1]]
    return [float(c) for c in classes]


def longest_run(e, constants):
    n = len(e)
    m = 8 if n < 6272 else (128 if n < 750000 else 10000)
    low, k = LONGEST_RUN_SHAPES[m]
    counts = [0] * (k + 1)
    for block in e[: (n // m) * m].reshape(n // m, m):
        longest, run = 0, 0
        for b in block:
            run = run + 1 if b else 0
            longest = max(longest, run)
        counts[min(max(longest, low), low + k) - low] += 1
    probabilities = longest_run_classes(m) if constants == "exact" else LONGEST_RUN_PUBLISHED[m]
    statistic, p = chi_square_p(counts, probabilities, k)
    return {"p": p, "chi2": statistic, "counts": counts, "M": m}


# 2.5
def gf2_rank(rows, width):
    rows = list(rows)
    rank = 0
    for bit in reversed(range(width)):
        pivot = next((i for i in range(rank, len(rows)) if rows[i] >> bit & 1), None)
        if pivot is None:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        for i in range(len(rows)):
            if i != rank and rows[i] >> bit & 1:
                rows[i] ^= rows[rank]
        rank += 1
    return rank


def full_rank_probability(r, q=32):
    mpmath.mp.prec = 80
    product = mpmath.mpf(1)
    for i in range(r):
        product *= (1 - mpmath.mpf(2) ** (i - q)) ** 2 / (1 - mpmath.mpf(2) ** (i - r))
    return float(mpmath.mpf(2) ** (r * (2 * q - r) - q * q) * product)


def rank(e):
    count = len(e) // 1024
    ranks = [0, 0, 0]
    weights = 1 << np.arange(31, -1, -1, dtype=np.int64)
    for matrix in e[: count * 1024].reshape(count, 32, 32):
        value = gf2_rank([int(x) for x in matrix @ weights], 32)
        ranks[0 if value == 32 else (1 if value == 31 else 2)] += 1
    p32, p31 = full_rank_probability(32), full_rank_probability(31)
    statistic, _ = chi_square_p(ranks, [p32, p31, 1 - p32 - p31], 2)
    return {"p": math.exp(-statistic / 2), "chi2": statistic, "counts": ranks}


# 2.6
def spectral(e):
    n = len(e)
    moduli = np.abs(np.fft.rfft(2.0 * e - 1))[: n // 2]
    below = int((moduli < math.sqrt(math.log(1 / 0.05) * n)).sum())
    d = (below - 0.95 * n / 2) / math.sqrt(n * 0.95 * 0.05 / 4)
    return {"p": float(special.erfc(abs(d) / math.sqrt(2))), "below": below}


# 2.7
def aperiodic_templates(m):
    out = []
    for v in range(1 << m):
        b = format(v, f"0{m}b")
        if all(b[:m - p] != b[p:] for p in range(1, m)):
            out.append(b)
    return out


def window_values(e, m):
    values = np.zeros(len(e) - m + 1, dtype=np.int64)
    for k in range(m):
        values = values * 2 + e[k: len(e) - m + 1 + k]
    return values


def non_overlapping(e, m=9, blocks=8):
    n = len(e)
    size = n // blocks
    mean = (size - m + 1) / 2 ** m
    variance = size * (1 / 2 ** m - (2 * m - 1) / 2 ** (2 * m))
    windows = [window_values(e[i * size:(i + 1) * size], m) for i in range(blocks)]
    results = []
    for template in aperiodic_templates(m):
        target = int(template, 2)
        statistic = 0.0
        for w in windows:
            count, next_free = 0, 0
            for j in np.nonzero(w == target)[0]:
                if j >= next_free:
                    count += 1
                    next_free = j + m
            statistic += (count - mean) ** 2 / variance
        results.append({"template": template, "p": igamc(blocks / 2, statistic / 2), "chi2": statistic})
    return results


# 2.8
def overlapping_exact(m, size, classes=5):
    """Exact P(count of overlapping runs of m ones = 0..classes-1, >= classes) in size fair bits."""
    mpmath.mp.prec = 80
    state = {(0, 0): mpmath.mpf(1)}
    half = mpmath.mpf(1) / 2
    for _ in range(size):
        nxt = {}
        for (run, count), p in state.items():
            zero = (0, count)
            nxt[zero] = nxt.get(zero, 0) + p * half
            longer = min(run + 1, m)
            one = (longer, min(count + (1 if run + 1 >= m else 0), classes))
            nxt[one] = nxt.get(one, 0) + p * half
        state = nxt
    out = [mpmath.mpf(0)] * (classes + 1)
    for (_, count), p in state.items():
        out[count] += p
    return [float(x) for x in out]


def overlapping_published(m, size, classes=5):
    eta = (size - m + 1) / 2 ** m / 2
    pis = [math.exp(-eta)]
    for u in range(1, classes):
        pis.append(sum(math.exp(-eta - u * math.log(2) + l * math.log(eta) - math.lgamma(l + 1) + math.lgamma(u) - math.lgamma(l) - math.lgamma(u - l + 1)) for l in range(1, u + 1)))
    return pis + [1 - sum(pis)]


def overlapping(e, constants, m=9, size=1032):
    blocks = len(e) // size
    counts = [0] * 6
    for i in range(blocks):
        w = window_values(e[i * size:(i + 1) * size], m)
        counts[min(int((w == (1 << m) - 1).sum()), 5)] += 1
    probabilities = overlapping_exact(m, size) if constants == "exact" else overlapping_published(m, size)
    statistic, p = chi_square_p(counts, probabilities, 5)
    return {"p": p, "chi2": statistic, "counts": counts}


# 2.9
UNIVERSAL = {6: (5.2177052, 2.954), 7: (6.1962507, 3.125), 8: (7.1836656, 3.238), 9: (8.1764248, 3.311), 10: (9.1723243, 3.356)}


def universal(e, length=7, initial=1280):
    n = len(e)
    blocks = n // length - initial
    values = np.zeros(n // length, dtype=np.int64)
    for k in range(length):
        values = values * 2 + e[k: (n // length) * length: length]
    last = {}
    total = 0.0
    for i, v in enumerate(values[: initial + blocks], start=1):
        if i > initial:
            total += math.log2(i - last.get(int(v), 0))
        last[int(v)] = i
    fn = total / blocks
    expected, variance = UNIVERSAL[length]
    c = 0.7 - 0.8 / length + (4 + 32 / length) * blocks ** (-3 / length) / 15
    sigma = c * math.sqrt(variance / blocks)
    return {"p": float(special.erfc(abs(fn - expected) / (math.sqrt(2) * sigma))), "fn": fn}


# 2.10
LINEAR_PUBLISHED = [0.01047, 0.03125, 0.12500, 0.50000, 0.25000, 0.06250, 0.020833]


def berlekamp_massey(block):
    c, b, length, shift = 1, 1, 0, -1
    window = 0
    for n, bit in enumerate(block):
        window = (window << 1) | int(bit)
        if bin(c & window).count("1") & 1:
            t = c
            c ^= b << (n - shift)
            if length <= n // 2:
                length, shift, b = n + 1 - length, n, t
    return length


def linear_classes(m):
    """Exact probabilities of NIST's seven classes of T = (-1)^M (L - mu) + 2/9 for M random bits."""
    mu = m / 2 + (9 + (-1) ** (m + 1)) / 36 - (m / 3 + 2 / 9) / 2 ** m
    sign = 1 if m % 2 == 0 else -1
    mpmath.mp.prec = 2 * m + 80
    out = [mpmath.mpf(0)] * 7
    for ell in range(0, m + 1):
        ways = 1 if ell == 0 else mpmath.mpf(2) ** min(2 * ell - 1, 2 * m - 2 * ell)
        t = sign * (ell - mu) + 2 / 9
        out[linear_class(t)] += ways / mpmath.mpf(2) ** m
    return [float(x) for x in out]


def linear_class(t):
    for i, edge in enumerate([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5]):
        if t <= edge:
            return i
    return 6


def linear_complexity(e, constants, m=500):
    blocks = len(e) // m
    mu = m / 2 + (9 + (-1) ** (m + 1)) / 36 - (m / 3 + 2 / 9) / 2 ** m
    sign = 1 if m % 2 == 0 else -1
    counts = [0] * 7
    for block in e[: blocks * m].reshape(blocks, m):
        counts[linear_class(sign * (berlekamp_massey(block) - mu) + 2 / 9)] += 1
    probabilities = linear_classes(m) if constants == "exact" else LINEAR_PUBLISHED
    statistic, p = chi_square_p(counts, probabilities, 6)
    return {"p": p, "chi2": statistic, "counts": counts}


# 2.11, 2.12
def pattern_counts(e, m):
    if m <= 0:
        return np.zeros(1)
    extended = np.concatenate([e, e[: m - 1]])
    return np.bincount(window_values(extended, m), minlength=2 ** m).astype(float)


def psi2(e, m):
    n = len(e)
    if m <= 0:
        return 0.0
    return float((pattern_counts(e, m) ** 2).sum() * 2 ** m / n - n)


def serial(e, m):
    a, b, c = psi2(e, m), psi2(e, m - 1), psi2(e, m - 2)
    return {"p1": igamc(2 ** (m - 2), (a - b) / 2), "p2": igamc(2 ** (m - 3), (a - 2 * b + c) / 2)}


def phi(e, m):
    if m == 0:
        return 0.0
    counts = pattern_counts(e, m)
    counts = counts[counts > 0] / len(e)
    return float((counts * np.log(counts)).sum())


def approximate_entropy(e, m):
    n = len(e)
    apen = phi(e, m) - phi(e, m + 1)
    statistic = 2 * n * (math.log(2) - apen)
    return {"p": igamc(2 ** (m - 1), statistic / 2), "chi2": statistic}


# 2.13
def cusum(e, reverse):
    x = 2 * e.astype(np.int64) - 1
    if reverse:
        x = x[::-1]
    z = int(np.abs(np.cumsum(x)).max())
    return {"p": cusum_tail(len(e), z), "z": z}


# 2.14, 2.15
def excursion_cycles(e):
    s = np.cumsum(2 * e.astype(np.int64) - 1)
    walk = np.concatenate([[0], s, [0]])
    zeros = np.nonzero(walk == 0)[0]
    return walk, zeros, len(zeros) - 1


def random_excursions(e):
    walk, zeros, cycles = excursion_cycles(e)
    if cycles < max(0.005 * math.sqrt(len(e)), 500):
        return {"cycles": cycles, "states": None}
    out = []
    for x in [-4, -3, -2, -1, 1, 2, 3, 4]:
        counts = [0] * 6
        for a, b in zip(zeros[:-1], zeros[1:]):
            counts[min(int((walk[a:b] == x).sum()), 5)] += 1
        ax = abs(x)
        pis = [1 - 1 / (2 * ax)] + [(1 / (4 * ax * ax)) * (1 - 1 / (2 * ax)) ** (k - 1) for k in range(1, 5)]
        pis.append(1 / (2 * ax) * (1 - 1 / (2 * ax)) ** 4)
        statistic, p = chi_square_p(counts, pis, 5)
        out.append({"state": x, "p": p, "chi2": statistic, "counts": counts})
    return {"cycles": cycles, "states": out}


def random_excursions_variant(e):
    walk, _, cycles = excursion_cycles(e)
    if cycles < max(0.005 * math.sqrt(len(e)), 500):
        return {"cycles": cycles, "states": None}
    out = []
    for x in [s for s in range(-9, 10) if s != 0]:
        visits = int((walk == x).sum())
        p = float(special.erfc(abs(visits - cycles) / math.sqrt(2 * cycles * (4 * abs(x) - 2))))
        out.append({"state": x, "p": p, "visits": visits})
    return {"cycles": cycles, "states": out}


PI_100 = "1100100100001111110110101010001000100001011010001100001000110100110001001100011001100010100010111000"
LONGEST_RUN_128 = ("11001100000101010110110001001100111000000000001001"
                   "00110101010001000100111101011010000000110101111100"
                   "1100111001101101100010110010")


def examples():
    """The worked examples of sections 2.1.4 to 2.15.8 whose input the publication prints in full."""
    out = {
        "frequency 1011010101": frequency(bits_of("1011010101")),
        "frequency pi-100": frequency(bits_of(PI_100)),
        "block frequency 0110011010 M=3": block_frequency(bits_of("0110011010"), 3),
        "block frequency pi-100 M=10": block_frequency(bits_of(PI_100), 10),
        "runs 1001101011": runs(bits_of("1001101011")),
        "runs pi-100": runs(bits_of(PI_100)),
        "longest run 128 bits": longest_run(bits_of(LONGEST_RUN_128), "exact"),
        "spectral 1001010011": spectral(bits_of("1001010011")),
        "spectral pi-100": spectral(bits_of(PI_100)),
        "serial 0011011101 m=3": serial(bits_of("0011011101"), 3),
        "approximate entropy 0100110101 m=3": approximate_entropy(bits_of("0100110101"), 3),
        "approximate entropy pi-100 m=2": approximate_entropy(bits_of(PI_100), 2),
        "cusum forward 1011010111": cusum(bits_of("1011010111"), False),
        "cusum forward pi-100": cusum(bits_of(PI_100), False),
    }
    return out


def cusum_tail(n, z):
    """The cumulative sums P-value at (n, z) with the reference program's summation limits (C's
    whole-number division), at 300 digits so a far-tail value keeps its digits."""
    mpmath.mp.dps = 300
    root = mpmath.sqrt(n)
    total = mpmath.mpf(0)
    for k in range(int((-(n // z) + 1) / 4), int((n // z - 1) / 4) + 1):
        total += mpmath.ncdf((4 * k + 1) * z / root) - mpmath.ncdf((4 * k - 1) * z / root)
    for k in range(int((-(n // z) - 3) / 4), int((n // z - 1) / 4) + 1):
        total -= mpmath.ncdf((4 * k + 3) * z / root) - mpmath.ncdf((4 * k + 1) * z / root)
    value = float(1 - total)
    mpmath.mp.prec = 53
    return value


CUSUM_TAILS = [(10, 4), (100, 16), (1_000_000, 956), (1_000_000, 1000), (1_000_000, 2500), (1_000_000, 5000), (1_000_000, 9000), (10_000, 600)]


def main():
    e = e_digits(N_E)
    with open(os.path.join(HERE, "sp800_22_e.bin"), "wb") as f:
        f.write(np.packbits(e).tobytes())
    e = e.astype(np.int64)
    table = {
        "frequency": frequency(e),
        "block frequency M=128": block_frequency(e, 128),
        "runs": runs(e),
        "rank": rank(e),
        "spectral": spectral(e),
        "universal L=7 Q=1280": universal(e),
        "serial m=16": serial(e, 16),
        "approximate entropy m=10": approximate_entropy(e, 10),
        "cusum forward": cusum(e, False),
        "cusum reverse": cusum(e, True),
        "random excursions": random_excursions(e),
        "random excursions variant": random_excursions_variant(e),
        "non-overlapping template m=9": non_overlapping(e),
    }
    for constants in ["exact", "published"]:
        table[f"longest run ({constants})"] = longest_run(e, constants)
        table[f"overlapping template m=9 ({constants})"] = overlapping(e, constants)
        table[f"linear complexity M=500 ({constants})"] = linear_complexity(e, constants)
    constants = {
        "longest run M=8": longest_run_classes(8),
        "longest run M=128": longest_run_classes(128),
        "longest run M=10000": longest_run_classes(10000),
        "overlapping m=9 M=1032": overlapping_exact(9, 1032),
        "linear complexity M=500": linear_classes(500),
        "rank 32": [full_rank_probability(32), full_rank_probability(31)],
        "aperiodic templates m=9": len(aperiodic_templates(9)),
    }
    tails = [{"n": n, "z": z, "p": cusum_tail(n, z)} for n, z in CUSUM_TAILS]
    out = {"e": table, "examples": examples(), "constants": constants, "cusumTails": tails}
    with open(os.path.join(HERE, "sp800_22_reference.json"), "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
