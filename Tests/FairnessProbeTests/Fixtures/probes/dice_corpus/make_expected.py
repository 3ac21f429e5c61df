#!/usr/bin/env python3
"""The exact figures each port in ../dice_corpus.py must be found with, computed apart from the toolkit:
every ordered roll enumerated with Python's fractions, each port against the rules card written here
(settlements, detectors), and for games that draw a value or a face from u = m * 2^-53, the exact count of
grid draws per value found by bisection in Python's own floating point. Writes expected.json here.
"""
import importlib.util
import itertools
import json
import os
from fractions import Fraction as F

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("corpus", os.path.join(HERE, "..", "dice_corpus.py"))
corpus = importlib.util.module_from_spec(spec)
spec.loader.exec_module(corpus)
GRID = 1 << 53


def rolls(count, faces=6):
    return [list(r) for r in itertools.product(range(1, faces + 1), repeat=count)]


def share(count, wrong):
    all_rolls = rolls(count)
    return F(sum(1 for r in all_rolls if wrong(r)), len(all_rolls))


# The rules cards, written here from the games' rules, not taken from the probe.
def sic_bo(bet, r):
    if r[0] == r[1] == r[2]:
        return -1
    return 1 if (4 <= sum(r) <= 10) == (bet == "small") else -1


def chuck(r):
    return r.count(1) or -1


def over_under(bet, r):
    t = sum(r)
    return {"under": 1 if t < 7 else -1, "over": 1 if t > 7 else -1, "seven": 4 if t == 7 else -1}[bet]


def farkle(r):
    for face in range(1, 7):
        if r.count(face) == 3:
            return 1000 if face == 1 else 100 * face
    return 100 * r.count(1) + 50 * r.count(5)


def grid_odds(value, outcomes):
    """Exact odds of `value(u)` over the grid u = m * 2^-53, value non-decreasing in u: bisect each step."""
    odds, start = {}, 0
    while start < GRID:
        v = value(start * 2.0 ** -53)
        low, high = start, GRID  # first m with a different value lies in (start, high]
        while high - low > 1:
            mid = (low + high) // 2
            if value(mid * 2.0 ** -53) == v:
                low = mid
            else:
                high = mid
        odds[v] = odds.get(v, 0) + F(high - start, GRID)
        start = high
    return odds


def value_gap(game_odds, declared):
    values = set(game_odds) | set(declared)
    gaps = {v: abs(game_odds.get(v, 0) - declared.get(v, 0)) for v in values}
    return max(gaps.values()), sum(gaps.values()) / 2


def declared_total(count, faces):
    odds = {}
    for r in rolls(count, faces):
        odds[sum(r)] = odds.get(sum(r), 0) + F(1, faces ** count)
    return odds


def main():
    out = {}
    for name, bet in (("sic-bo-high-low", "small"), ("sic-bo-small-le-9", "small"), ("sic-bo-no-triples", "small")):
        port = corpus.GAMES[name][1]
        out[name] = {"check": "bet", "name": bet, "share": str(share(3, lambda r: port(bet, r) != sic_bo(bet, r)))}
    out["chuck-a-luck-flat"] = {"check": "bet", "name": "number-1", "share": str(share(3, lambda r: corpus.chuck_flat(r) != chuck(r)))}
    out["over-under-even-seven"] = {
        "check": "bet", "name": "seven", "share": str(share(2, lambda r: corpus.over_under_even_seven("seven", r) != over_under("seven", r)))}
    out["farkle-three-ones-300"] = {
        "check": "bet", "name": "score", "share": str(share(3, lambda r: corpus.farkle_three_ones_300(r) != farkle(r)))}
    # Craps: the port's come-out differs from the rules' on some first rolls; every later roll alike.
    def comeout(t):
        return 1 if t in (7, 11) else (-1 if t in (2, 3, 12) else None)

    out["craps-pass-is-seven"] = {
        "check": "round", "name": "pass-line", "share": str(share(2, lambda r: corpus.comeout_pass_is_seven(sum(r)) != comeout(sum(r))))}
    seven = grid_odds(lambda u: int(u * 7) + 1, None).get(7, 0)
    out["craps-seven-faced-dice"] = {"check": "roll-mapping", "name": "", "share": str(1 - (1 - seven) ** 2)}
    out["yahtzee-four-always"] = {
        "check": "hand", "name": "four-of-a-kind",
        "share": str(share(5, lambda r: max(r.count(f) for f in r) < 4))}
    for name, count, faces, port in (
        ("two-dice-next-int-12", 2, 6, lambda u: int(u * 12)),
        ("d20-randrange-1-20", 1, 20, lambda u: 1 + int(u * 19)),
        ("3d6-randint-3-18", 3, 6, lambda u: 3 + int(u * 16)),
    ):
        # Each of these draws its value from the first draw alone (checked: the probe's value uses draws[0]).
        assert corpus.GAMES[name][1]([0.5] * count) == port(0.5)
        gap, misplaced = value_gap(grid_odds(port, None), declared_total(count, faces))
        out[name] = {"check": "value", "name": "", "share": str(gap), "misplaced": str(misplaced)}
    with open(os.path.join(HERE, "expected.json"), "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
