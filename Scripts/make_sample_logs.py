#!/usr/bin/env python3
"""Sample production logs of the prize wheel in Examples/specs/prize-wheel.yaml, for the README and the tests
of `audit log`. Standard library only; seeded, so the same arguments give the same files.

Usage: make_sample_logs.py OUTDIR [LINES]   (default 200,000 lines each)

Writes, as CSV with a header (session,timestamp,outcome,stake,payout; sessions of 1-100 spins, one spin a
second from 2026-11-01T00:00:00Z, stake 100, payout the label's prize):
  fair.csv            every label at its declared odds (30, 20, 15, 10, 10, 8, 5, 2 %)
  drift.csv           the top prize (label 8) falls from 2% to 1% at the first line of the second half
                      (the missing 1% goes to label 1): the drift checks must name the window holding line
                      LINES/2 + 1 of the outcomes
  foreign-label.csv   one line in 1,000 shows label 9, which no sector carries (paying nothing)
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
    print(f"wrote fair.csv, drift.csv, foreign-label.csv ({lines} lines each) in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
