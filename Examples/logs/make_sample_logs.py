#!/usr/bin/env python3
"""Sample production logs of the prize wheel in Examples/specs/prize-wheel.yaml, for README.md, docs/logs.md
and the tests of `audit log`. Standard library only; seeded, so the same arguments give the same files.

Usage: make_sample_logs.py OUTDIR [LINES]   (default 200,000 lines each)

Writes, as CSV with a header (session,timestamp,outcome,stake,payout; sessions of 1-100 spins, one spin a
second from 2026-11-01T00:00:00Z, stake 100, payout the label's prize):
  fair.csv            every label at its declared odds (30, 20, 15, 10, 10, 8, 5, 2 %)
  drift.csv           the top prize (label 8) falls from 2% to 1% at the first line of the second half
                      (the missing 1% goes to label 1): the drift checks must name the window holding line
                      LINES/2 + 1 of the outcomes
  foreign-label.csv   one line in 1,000 shows label 9, which no sector carries (paying nothing)

and, for the five-dice game of Examples/probes/javascript/yacht_dice.yaml (outcome = the roll, 3-1-4-1-5;
stake 1, payout the largest prize among the hands the roll is):
  dice-fair.csv       fair dice
  dice-loaded.csv     every die shows 6 one time in four (the other faces share the rest)
"""
import datetime
import os
import random
import sys

LABELS = [1, 2, 3, 4, 5, 6, 7, 8]
WEIGHTS = [30, 20, 15, 10, 10, 8, 5, 2]
PRIZES = {1: 5, 2: 10, 3: 20, 4: 50, 5: 50, 6: 100, 7: 250, 8: 1000}
START = datetime.datetime(2026, 11, 1, tzinfo=datetime.timezone.utc)


def write(path, lines, seed, weights_at, foreign_every=0):
    rng = random.Random(seed)
    session, left = 0, 0
    with open(path, "w") as out:
        out.write("session,timestamp,outcome,stake,payout\n")
        for index in range(lines):
            if left == 0:
                session += 1
                left = rng.randint(1, 100)
            left -= 1
            stamp = (START + datetime.timedelta(seconds=index)).strftime("%Y-%m-%dT%H:%M:%SZ")
            if foreign_every and rng.randrange(foreign_every) == 0:
                label = 9
            else:
                label = rng.choices(LABELS, weights=weights_at(index))[0]
            out.write(f"s{session},{stamp},{label},100,{PRIZES.get(label, 0)}\n")


DICE_PRIZES = {"small": 30, "large": 40, "full": 25, "yacht": 50}


def dice_payout(faces):
    counts = sorted((faces.count(f) for f in set(faces)), reverse=True)
    present = set(faces)
    small = any({a, a + 1, a + 2, a + 3} <= present for a in (1, 2, 3))
    large = present in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6})
    pays = [0]
    if small:
        pays.append(DICE_PRIZES["small"])
    if large:
        pays.append(DICE_PRIZES["large"])
    if counts[:2] == [3, 2]:
        pays.append(DICE_PRIZES["full"])
    if counts[0] == 5:
        pays.append(DICE_PRIZES["yacht"])
    return max(pays)


def write_dice(path, lines, seed, six):
    rng = random.Random(seed)
    weights = [(1 - six) / 5] * 5 + [six]
    with open(path, "w") as out:
        out.write("session,outcome,stake,payout\n")
        for index in range(lines):
            faces = rng.choices([1, 2, 3, 4, 5, 6], weights=weights, k=5)
            out.write(f"s{index // 20},{'-'.join(map(str, faces))},1,{dice_payout(faces)}\n")


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 64
    folder = sys.argv[1]
    lines = int(sys.argv[2]) if len(sys.argv) > 2 else 200_000
    os.makedirs(folder, exist_ok=True)
    drifted = [31] + WEIGHTS[1:7] + [1]
    write(os.path.join(folder, "fair.csv"), lines, 1, lambda i: WEIGHTS)
    write(os.path.join(folder, "drift.csv"), lines, 2, lambda i: WEIGHTS if i < lines // 2 else drifted)
    write(os.path.join(folder, "foreign-label.csv"), lines, 3, lambda i: WEIGHTS, foreign_every=1000)
    write_dice(os.path.join(folder, "dice-fair.csv"), lines, 4, 1 / 6)
    write_dice(os.path.join(folder, "dice-loaded.csv"), lines, 5, 0.25)
    print(f"wrote fair.csv, drift.csv, foreign-label.csv, dice-fair.csv, dice-loaded.csv ({lines} lines each) in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
