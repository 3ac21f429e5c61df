#!/usr/bin/env python3
"""Exact figures of dice rounds of several rolls, by closed forms from the rules cards (not from the
toolkit's Markov chain). Writes dice_rounds_reference.json beside this file.

- craps pass line: P(win) = P(7 or 11) + sum over points p of P(p) * P(p) / (P(p) + P(7)); a point round
  lasts a geometric number of rolls with mean 1 / (P(p) + P(7)).
- don't pass, bar 12: wins on 2, 3 and on 7 before the point; 12 on the come-out is a push.
- six within three rolls: a single die rolled up to three times, paying 1 if a 6 shows: 1 - (5/6)^3.
- yahtzee in three rolls: five dice, keeping every die of the face shown most (the higher face on a tie)
  and rerolling the rest, up to three rolls; pays 1 on five alike, loses otherwise. Enumerated roll by roll
  with the kept dice as state (memoised), not as a Markov chain.
- pig, holding at 20: one die rolled again and again, its faces added to the turn's total; a 1 ends the
  turn with 0, a total of 20 or more is held and scores itself. The "net" is the score. Recursion on the
  turn's total.
- exploding d6 against 10: a 6 is added and rolled again (at most three times); the first roll whose
  running total reaches 10 succeeds (pays 1), a roll that neither reaches 10 nor explodes fails.
- exploding pool: 3d6 against 15, every 6 rolled again alone and added (at most two rolls of explosions;
  a 6 on the last adds but does not explode): enumerated roll by roll over the dice showing 6, recursion
  on (dice rerolled, running total, level).
- hot streak: 2d6, a round of one or two rolls: a first roll of 10 or more pays 3; 7 loses; anything else
  rolls once more, paying 1 if the second roll's total beats the first's, else losing.
"""
import itertools
import json
import os
from fractions import Fraction as F


def two_dice():
    counts = {}
    for a, b in itertools.product(range(1, 7), repeat=2):
        counts[a + b] = counts.get(a + b, 0) + 1
    return {t: F(c, 36) for t, c in counts.items()}


def craps():
    p = two_dice()
    points = (4, 5, 6, 8, 9, 10)
    win = p[7] + p[11] + sum(p[t] * p[t] / (p[t] + p[7]) for t in points)
    rolls = 1 + sum(p[t] / (p[t] + p[7]) for t in points)
    pass_line = {"win": win, "push": F(0), "lose": 1 - win, "return": 2 * win, "rolls": rolls}
    dont_win = p[2] + p[3] + sum(p[t] * p[7] / (p[t] + p[7]) for t in points)
    dont_lose = p[7] + p[11] + sum(p[t] * p[t] / (p[t] + p[7]) for t in points)
    dont = {"win": dont_win, "push": p[12], "lose": dont_lose, "return": 1 + dont_win - dont_lose, "rolls": rolls}
    return pass_line, dont


def six_in_three():
    win = 1 - F(5, 6) ** 3
    rolls = 1 + F(5, 6) + F(5, 6) ** 2
    return {"win": win, "push": F(0), "lose": 1 - win, "return": 2 * win, "rolls": rolls}


def hot_streak():
    p = two_dice()
    first_high = sum(v for t, v in p.items() if t >= 10)
    win_pay3 = first_high
    lose_first = p[7]
    win_second = sum(v * sum(w for u, w in p.items() if u > t) for t, v in p.items() if t < 10 and t != 7)
    lose_second = 1 - first_high - lose_first - win_second
    expected = 3 * win_pay3 + win_second - lose_first - lose_second
    rolls = 1 + (1 - first_high - lose_first)
    return {"win": win_pay3 + win_second, "push": F(0), "lose": lose_first + lose_second, "return": 1 + expected, "rolls": rolls}


def yahtzee_three_rolls():
    from functools import lru_cache

    def keep(faces):
        best = max(set(faces), key=lambda f: (faces.count(f), f))
        return tuple([best] * faces.count(best))

    @lru_cache(maxsize=None)
    def play(kept, rolls_left):
        """(P(win), E[rolls]) from a state keeping `kept` with `rolls_left` rolls to go."""
        m = 5 - len(kept)
        win, rolls = F(0), F(0)
        for new in itertools.product(range(1, 7), repeat=m):
            faces = list(kept) + list(new)
            p = F(1, 6 ** m)
            if len(set(faces)) == 1:
                win += p
                rolls += p
            elif rolls_left == 1:
                rolls += p
            else:
                w, r = play(keep(faces), rolls_left - 1)
                win += p * w
                rolls += p * (1 + r)
        return win, rolls

    win, rolls = play((), 3)
    return {"win": win, "push": F(0), "lose": 1 - win, "return": 2 * win, "rolls": rolls}


def pig_hold_20():
    from functools import lru_cache

    @lru_cache(maxsize=None)
    def turn(total):
        """(distribution of the score, E[rolls]) from a turn total below 20."""
        dist, rolls = {}, F(1)
        for face in range(1, 7):
            p = F(1, 6)
            if face == 1:
                dist[0] = dist.get(0, 0) + p
            elif total + face >= 20:
                dist[total + face] = dist.get(total + face, 0) + p
            else:
                sub, r = turn(total + face)
                for k, v in sub.items():
                    dist[k] = dist.get(k, 0) + p * v
                rolls += p * r
        return dist, rolls

    dist, rolls = turn(0)
    win = sum(v for k, v in dist.items() if k > 0)
    expected = sum(k * v for k, v in dist.items())
    return {"win": win, "push": dist[0], "lose": F(0), "return": 1 + expected, "rolls": rolls}


def exploding_d6_10():
    def roll(total, explosions):
        """(P(success), E[rolls]) from a running total with `explosions` made so far."""
        win, rolls = F(0), F(1)
        for face in range(1, 7):
            p = F(1, 6)
            if total + face >= 10:
                win += p
            elif face == 6 and explosions < 3:
                w, r = roll(total + face, explosions + 1)
                win += p * w
                rolls += p * r
        return win, rolls

    win, rolls = roll(0, 0)
    return {"win": win, "push": F(0), "lose": 1 - win, "return": 2 * win, "rolls": rolls}


def exploding_pool_3d6_15():
    def roll(dice, total, level):
        """(P(success), E[rolls]) rolling `dice` dice with `total` so far, after `level` rolls of explosions."""
        win, rolls = F(0), F(1)
        for faces in itertools.product(range(1, 7), repeat=dice):
            p = F(1, 6 ** dice)
            sixes, reached = faces.count(6), total + sum(faces)
            if sixes and level < 2:
                w, r = roll(sixes, reached, level + 1)
                win += p * w
                rolls += p * r
            elif reached >= 15:
                win += p
        return win, rolls

    win, rolls = roll(3, 0, 0)
    return {"win": win, "push": F(0), "lose": 1 - win, "return": 2 * win, "rolls": rolls}


def main():
    pass_line, dont = craps()
    out = {"pass-line": pass_line, "dont-pass": dont, "six-in-three": six_in_three(), "hot-streak": hot_streak(), "yahtzee-three-rolls": yahtzee_three_rolls(),
           "pig-hold-20": pig_hold_20(), "exploding-d6-10": exploding_d6_10(),
           "exploding-pool-3d6-15": exploding_pool_3d6_15()}
    out = {name: {k: str(v) for k, v in figures.items()} for name, figures in out.items()}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "dice_rounds_reference.json")
    with open(path, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
