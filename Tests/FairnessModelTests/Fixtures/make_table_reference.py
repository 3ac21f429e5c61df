#!/usr/bin/env python3
"""Exact figures of three reference prize draws with memory, computed independently of the toolkit.

Python's fractions only, from the games' rules as players read them, by other methods than the toolkit's:
  * banner: 0.6% base rate for a 5-star (featured or standard, 50/50), soft pity from the 74th draw
    (+6 points a draw), hard pity at 90, the featured item guaranteed after a lost 50/50. The draws until a
    5-star by the survival product, the consolidated rate as 1 / E[draws] (renewal), the draws until the
    featured item as the convolution of one or two 5-star waits.
  * no-repeat: weights 5, 3, 2 (gold, silver, bronze) and never the last item twice in a row; the long
    run from the balance equations of the 3-state chain "last item", solved with Cramer's rule.
  * stock: 1 grand, 2 mid, 5 small units drawn by weight (1, 3, 6) among the items in stock, refilled
    when all are gone; the draws until the grand prize by enumerating every order of one cycle.
Writes table_reference.json beside this script: fractions as "n/d" strings.
"""
import json
import os
from fractions import Fraction as F


def banner():
    base = F(6, 1000)

    def p(k):  # the k-th draw since the last 5-star
        if k >= 90:
            return F(1)
        if k >= 74:
            return min(F(1), base + F(6, 100) * (k - 73))
        return base

    pmf, survive = [], F(1)
    for k in range(1, 91):
        pmf.append(survive * p(k))
        survive *= 1 - p(k)
    assert survive == 0
    mean = sum((k + 1) * q for k, q in enumerate(pmf))
    # Featured: a 5-star is featured with 1/2; otherwise the next 5-star is.
    featured = [F(0)] * 181
    for a, qa in enumerate(pmf, 1):
        featured[a] += qa / 2
        for b, qb in enumerate(pmf, 1):
            featured[a + b] += qa * qb / 2
    featured = featured[1:]
    featured_mean = sum((k + 1) * q for k, q in enumerate(featured))

    def quantile(probabilities, level):
        total = F(0)
        for n, q in enumerate(probabilities, 1):
            total += q
            if total >= level:
                return n

    top_rate = 1 / mean
    return {
        "base_rate": str(base),
        "consolidated_top_rate": str(top_rate),
        "featured_rate": str(top_rate * F(2, 3)),  # 3 five-stars per 2 featured in the long run
        "top_mean": str(mean), "top_median": quantile(pmf, F(1, 2)), "top_p90": quantile(pmf, F(9, 10)),
        "top_p99": quantile(pmf, F(99, 100)), "top_worst": 90,
        "top_pmf_first_3": [str(q) for q in pmf[:3]], "top_pmf_90": str(pmf[89]),
        "featured_mean": str(featured_mean), "featured_median": quantile(featured, F(1, 2)),
        "featured_p99": quantile(featured, F(99, 100)), "featured_worst": 180,
    }


def no_repeat():
    w = {"gold": F(5), "silver": F(3), "bronze": F(2)}
    items = list(w)
    # P[last a -> b] = w_b / (W - w_a) for b != a.
    total = sum(w.values())
    P = {a: {b: (w[b] / (total - w[a]) if b != a else F(0)) for b in items} for a in items}
    # Balance: pi_b = sum_a pi_a P[a][b], sum pi = 1. Replace the last equation by the sum; Cramer's rule.
    A = [[(1 if a == b else 0) - P[a][b] for a in items] for b in items[:-1]] + [[F(1)] * 3]
    rhs = [F(0), F(0), F(1)]

    def det(m):
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))

    d = det(A)
    pi = []
    for col in range(3):
        m = [row[:] for row in A]
        for r in range(3):
            m[r][col] = rhs[r]
        pi.append(det(m) / d)
    return {"items": items, "long_run_rates": [str(x) for x in pi],
            "first_draw": [str(w[a] / total) for a in items]}


def stock():
    stock0 = {"grand": 1, "mid": 2, "small": 5}
    weight = {"grand": F(1), "mid": F(3), "small": F(6)}
    position = [F(0)] * 8  # P(grand is the n-th draw of a cycle)

    def walk(left, drawn, probability):
        if left["grand"] == 0:
            position[drawn - 1] += probability
            return
        live = [i for i in left if left[i] > 0]
        total = sum(weight[i] for i in live)
        for i in live:
            after = dict(left)
            after[i] -= 1
            walk(after, drawn + 1, probability * weight[i] / total)

    walk(dict(stock0), 0, F(1))
    mean = sum((n + 1) * q for n, q in enumerate(position))
    return {"long_run_rates": [str(F(stock0[i], 8)) for i in stock0],
            "grand_position": [str(q) for q in position], "grand_mean": str(mean)}


if __name__ == "__main__":
    out = {"banner": banner(), "no_repeat": no_repeat(), "stock": stock()}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "table_reference.json")
    with open(path, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
