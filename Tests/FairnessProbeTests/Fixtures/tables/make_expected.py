#!/usr/bin/env python3
"""The exact item shares of each public table in this folder, by enumerating every integer roll its code
can make (Unity's Random.Range(0, n) gives each of 0 ... n - 1 with probability 1/n), restated from the
games' rules, not from the probe or the toolkit; and the total variation from the declared table (half
the summed absolute differences: the share of draws that would have to change). Writes expected.json."""
import json
import os
from fractions import Fraction as F


def shares_by_rolls(n, pick):
    counts = {}
    for r in range(n):
        item = pick(r)
        counts[item] = counts.get(item, 0) + 1
    return {k: F(v, n) for k, v in counts.items()}


def subtracting(table, strict=True):
    def pick(r):
        for item, w in table:
            if (r < w) if strict else (r <= w):
                return item
            r -= w
        return "none"
    return pick


def at_least(table):
    def pick(target):
        running = 0
        for item, w in table:
            running += w
            if running >= target:
                return item
        return table[-1][0]
    return pick


def variation(game, declared):
    keys = set(game) | set(declared)
    return sum(abs(game.get(k, 0) - declared.get(k, 0)) for k in keys) / 2


out = {}
def record(name, table, game):
    total = sum(w for _, w in table)
    declared = {k: F(w, total) for k, w in table}
    out[name] = {"shares": {k: str(v) for k, v in sorted(game.items())}, "variation": str(variation(game, declared))}


dungeon = [(f"drop-{i}", w) for i, w in enumerate([800, 400, 200, 100, 50, 25, 12, 6])]
record("scout507-dungeon-loot", dungeon, shares_by_rolls(1593, subtracting(dungeon)))
drop = [("sword", 50), ("shield", 30), ("potion", 15), ("relic", 5)]
record("eduardmirzoyan-drop", drop, shares_by_rolls(100, subtracting(drop)))
loot = [("A", 60), ("B", 30), ("C", 10)]
record("genasim-random-loot", loot, shares_by_rolls(100, subtracting(loot, strict=False)))
record("genasim-random-loot --twin", loot, shares_by_rolls(100, subtracting(loot)))
rooms = [("room", 5), ("chest", 3), ("trap-room", 2)]
record("andreimaroiu-weighted", rooms, shares_by_rolls(11, at_least(rooms)))
record("andreimaroiu-weighted --twin", rooms, shares_by_rolls(10, subtracting(rooms)))
# VishnuK1998: x <= 0.01 and x <= 0.21 on a continuous draw: 1%, 20%, 79% up to single draws.
record("vishnuk-gacha", [("five-star", 1), ("four-star", 20), ("three-star", 79)],
       {"five-star": F(1, 100), "four-star": F(20, 100), "three-star": F(79, 100)})

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "expected.json"), "w") as f:
    json.dump(out, f, indent=1, sort_keys=True)
    f.write("\n")
