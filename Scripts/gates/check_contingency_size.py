#!/usr/bin/env python3
"""Recomputes, without the toolkit's code, the true size of the chi-square independence test that
docs/figures/calibration.md states for its 2 x c contingency tables (2 x 2, 2 x 3, 2 x 6 and 2 x 8 with fixed
margins, the smallest expected count 5).

Given the margins, a 2 x c table is fixed by its first row, x_j of column j's c_j, summing to the first row's
total: every such row is enumerated (the columns split in two halves, each half's rows listed with NumPy and
joined on their sums), each with its hypergeometric probability prod_j C(c_j, x_j) / C(n, r_1). Its Pearson
X^2 is referred to chi2(c - 1) by SciPy; the size at alpha is the probability of the tables whose p-value is at
most alpha. A size at most alpha for every margin is at most alpha unconditionally too. Each row must agree to
the 3 significant digits the report prints, in both size columns (the chi-square's and the toolkit's, which
are one test here), its ratio to alpha, and its verdict (within alpha). Every 2 x c row of the report must be
read, at the three levels each. Tables of three rows or more are left to the toolkit's own enumeration (they
are not recomputed here).

Usage: python3 Scripts/gates/check_contingency_size.py [docs/figures/calibration.md]   (run by Scripts/test.sh; ~2 s)
"""
import itertools
import re
import sys

import numpy as np
from scipy import special, stats


def half_rows(columns, first_total, second_total, rows_total):
    """Every first-row part over `columns` (at most the first row's total): its sum, X^2 and ln probability."""
    grids = np.array(list(itertools.product(*[range(c + 1) for c in columns])), dtype=float).reshape(-1, len(columns))
    grids = grids[grids.sum(1) <= first_total]
    c = np.array(columns, float)
    e1, e2 = first_total * c / rows_total, second_total * c / rows_total
    statistic = ((grids - e1) ** 2 / e1 + ((c - grids) - e2) ** 2 / e2).sum(1)
    ln_weight = (special.gammaln(c + 1) - special.gammaln(grids + 1) - special.gammaln(c - grids + 1)).sum(1)
    return grids.sum(1).astype(int), statistic, ln_weight


def sizes(first_total, second_total, columns, alphas):
    """{alpha: size} of the chi-square test on 2 x len(columns) tables with these margins."""
    n = first_total + second_total
    middle = len(columns) // 2
    left = half_rows(columns[:middle], first_total, second_total, n)
    right = half_rows(columns[middle:], first_total, second_total, n)
    ln_total = special.gammaln(n + 1) - special.gammaln(first_total + 1) - special.gammaln(second_total + 1)
    df = len(columns) - 1
    found = {alpha: 0.0 for alpha in alphas}
    mass = 0.0
    for s in np.unique(left[0]):
        a, b = left[0] == s, right[0] == first_total - s
        if not b.any():
            continue
        statistic = left[1][a][:, None] + right[1][b][None, :]
        probability = np.exp(left[2][a][:, None] + right[2][b][None, :] - ln_total)
        p_values = stats.chi2.sf(statistic, df)
        mass += probability.sum()
        for alpha in alphas:
            found[alpha] += float(probability[p_values <= alpha].sum())
    if abs(mass - 1) > 1e-9:
        sys.exit(f"error: the tables of margins {first_total}, {second_total} x {columns} carry {mass}, not 1")
    return found


ALPHAS = (1e-4, 1e-6, 1e-8)
SIZE = r"([0-9e.+-]+) \(([0-9e.+-]+)\)"


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "docs/figures/calibration.md"
    text = open(path).read()
    lines = [line for line in text.splitlines() if line.startswith("| independence 2 × ")]
    row = re.compile(
        r"^\| independence 2 × (\d+), margins (\d+), (\d+) × ([^|]*?) \| ([0-9e.+-]+) \| " + SIZE + r" \| [^|]* \| "
        + SIZE + r" \| (yes|\*\*no\*\*) \|$")
    if not lines:
        sys.exit(f"error: {path} states no size for a 2 x c independence table")
    computed, levels = {}, {}
    for line in lines:
        match = row.match(line)
        if not match:
            sys.exit(f"error: {path}: cannot read the row '{line}'")
        count, first, second, columns_text, alpha, stated, ratio, toolkit, toolkit_ratio, within = match.groups()
        numbers = [int(x) for x in re.findall(r"\d+", columns_text)]
        columns = numbers * int(count) if "each" in columns_text else numbers
        if len(columns) != int(count):
            sys.exit(f"error: {path}: cannot read the columns of '2 × {count}, {columns_text}'")
        key = (int(first), int(second), tuple(columns))
        if key not in computed:
            computed[key] = sizes(int(first), int(second), columns, ALPHAS)
        levels.setdefault(key, set()).add(float(alpha))
        mine = computed[key][float(alpha)]
        expected = (f"{mine:.3g}", f"{mine / float(alpha):.3g}", "yes" if mine <= float(alpha) else "**no**")
        for what, theirs in (("the chi-square's size", (stated, ratio, within)), ("the toolkit's size", (toolkit, toolkit_ratio, within))):
            stated_text = (f"{float(theirs[0]):.3g}", f"{float(theirs[1]):.3g}", theirs[2])
            if stated_text != expected:
                sys.exit(f"error: {path}: 2 × {count} {key} at alpha {alpha}, {what}: states {stated_text}, SciPy enumerates {expected}")
    for key, found in levels.items():
        if found != set(ALPHAS):
            sys.exit(f"error: {path}: 2 × {len(key[2])} {key} is stated at alpha {sorted(found)}, not at each of {ALPHAS}")
    print(f"contingency size: {len(lines)} rows ({len(levels)} tables) of {path} recomputed by SciPy, all agree to 3 digits")


if __name__ == "__main__":
    main()
