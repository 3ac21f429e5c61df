#!/usr/bin/env python3
"""Exact figures of dice bets, written from the games' rules cards (not from the toolkit), by brute-force
enumeration of every ordered roll with Python's fractions. Writes dice_bets_reference.json beside this file.

Each entry: the dice, a bet settled by a plain Python function, and its exact win/push/lose probabilities,
return and house edge per unit staked. The Swift test declares the same bets in the toolkit's rule language
and must get the same fractions.
"""
import itertools
import json
import os
from fractions import Fraction


def sic_bo_small(d):
    if d[0] == d[1] == d[2]:
        return -1
    return 1 if 4 <= sum(d) <= 10 else -1


def sic_bo_big(d):
    if d[0] == d[1] == d[2]:
        return -1
    return 1 if 11 <= sum(d) <= 17 else -1


def chuck_a_luck(face):
    def settle(d):
        n = d.count(face)
        return n if n else -1
    return settle


def craps_field(d):
    # One-roll field bet: 2 pays double, 12 pays triple, 3, 4, 9, 10, 11 even money.
    t = sum(d)
    return {2: 2, 12: 3}.get(t, 1 if t in (3, 4, 9, 10, 11) else -1)


def under_7(d):
    return 1 if sum(d) < 7 else -1


def exactly_7(d):
    return 4 if sum(d) == 7 else -1


def advantage_hits_15(d):
    return 1 if max(d) >= 15 else -1


def four_d6_drop_lowest_15(d):
    return 1 if sum(sorted(d)[1:]) >= 15 else -1


def yahtzee(d):
    return 50 if len(set(d)) == 1 else -1


def pool_successes(d):
    # Five d10, a success at 8 or more: two successes pay even money, three or more pay 3, none is a push.
    s = sum(1 for x in d if x >= 8)
    if s == 0:
        return 0
    return 3 if s >= 3 else (1 if s == 2 else -1)


BETS = [
    ("sic-bo-small", 3, 6, sic_bo_small),
    ("sic-bo-big", 3, 6, sic_bo_big),
    ("chuck-a-luck-4", 3, 6, chuck_a_luck(4)),
    ("craps-field", 2, 6, craps_field),
    ("under-7", 2, 6, under_7),
    ("exactly-7", 2, 6, exactly_7),
    ("advantage-15", 2, 20, advantage_hits_15),
    ("4d6-drop-lowest-15", 4, 6, four_d6_drop_lowest_15),
    ("yahtzee", 5, 6, yahtzee),
    ("pool-5d10", 5, 10, pool_successes),
]


def figures(count, faces, settle):
    n = faces ** count
    win = push = lose = 0
    net = Fraction(0)
    for roll in itertools.product(range(1, faces + 1), repeat=count):
        x = settle(list(roll))
        net += x
        if x > 0:
            win += 1
        elif x == 0:
            push += 1
        else:
            lose += 1
    expected = net / n
    return {
        "win": str(Fraction(win, n)), "push": str(Fraction(push, n)), "lose": str(Fraction(lose, n)),
        "return": str(1 + expected), "house_edge": str(-expected),
    }


def main():
    out = [dict(name=name, count=count, faces=faces, **figures(count, faces, settle)) for name, count, faces, settle in BETS]
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "dice_bets_reference.json")
    with open(path, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
