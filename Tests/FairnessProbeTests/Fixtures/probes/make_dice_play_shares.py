#!/usr/bin/env python3
"""Exact shares of plays a dice game's straight detector gets wrong, under the game's own mapping from
uniform draws to faces, computed independently of the toolkit with Python fractions.

The game is Tests/FairnessProbeTests/Fixtures/probes/dice_mappings.py with --miss-high: five dice, a straight
check that only knows 1-2-3-4-5. Each mode's face odds come from solving its mapping over u in [0, 1):
  floor  int(u * 6) + 1          every face 1/6
  round  round(u * 5) + 1        faces 1 and 6: 1/10 (u < 0.1, u >= 0.9); faces 2 ... 5: 1/5
  d8     int(u * 8) % 6 + 1      faces 1 and 2: 2/8; faces 3 ... 6: 1/8
Every ordered roll of five dice (6^5 = 7,776) is enumerated; the share is the total probability, under the
mode's face odds, of the rolls on which the check disagrees with the truth (five distinct consecutive faces).

Output: Tests/FairnessProbeTests/Fixtures/probes/dice_play_shares.json. Run: python3 Tests/FairnessProbeTests/Fixtures/probes/make_dice_play_shares.py
"""
from fractions import Fraction as F
from itertools import product
import json
import os

ODDS = {
    "floor": {f: F(1, 6) for f in range(1, 7)},
    "round": {1: F(1, 10), 2: F(1, 5), 3: F(1, 5), 4: F(1, 5), 5: F(1, 5), 6: F(1, 10)},
    "d8": {1: F(2, 8), 2: F(2, 8), 3: F(1, 8), 4: F(1, 8), 5: F(1, 8), 6: F(1, 8)},
}


def truth(roll):
    return len(set(roll)) == 5 and max(roll) - min(roll) == 4


def check(roll):
    return truth(roll) and min(roll) == 1


def main():
    out = {}
    for mode, odds in ODDS.items():
        assert sum(odds.values()) == 1
        wrong = F(0)
        for roll in product(range(1, 7), repeat=5):
            if truth(roll) != check(roll):
                p = F(1)
                for face in roll:
                    p *= odds[face]
                wrong += p
        out[mode] = {"share": str(wrong), "share_value": float(wrong)}
        print(f"{mode}: {wrong} = {float(wrong):.12g}")
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "dice_play_shares.json"), "w") as f:
        json.dump(out, f, indent=2, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
