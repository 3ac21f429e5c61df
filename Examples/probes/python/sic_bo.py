#!/usr/bin/env python3
"""A sic bo table as a Python casino game settles it, behind the fairness-audit probe protocol
(docs/probe-protocol.md, version 6: `settle BET F1 F2 F3`). Standard library only.

Each bet is settled the way a game's own code does it: net winnings per unit staked (1 for even money,
-1 when the stake is lost). Plant a defect with:
  --bug small-le-9   small wins on 4..9 and big on 10..17 (the line between them one total too low, as in
                     a public sic bo game): small and big are each settled wrongly on the 27 rolls totalling
                     10, 12.5% of rounds;
  --bug triples-win  small and big forget that a triple loses: each settled wrongly on 2 of the 216 rolls
                     (2-2-2 and 3-3-3 for small, 4-4-4 and 5-5-5 for big), 0.93% of rounds.
"""
import os
import random
import sys

BUG = sys.argv[sys.argv.index("--bug") + 1] if "--bug" in sys.argv else None


def settle(bet, dice):
    total = sum(dice)
    triple = dice[0] == dice[1] == dice[2]
    if bet in ("small", "big"):
        if triple and BUG != "triples-win":
            return -1
        if BUG == "small-le-9":
            small = 4 <= total <= 9
        else:
            small = 4 <= total <= 10
        big = not small and 3 < total < 18
        return 1 if (small if bet == "small" else big) else -1
    if bet == "any-triple":
        return 30 if triple else -1
    if bet == "triple-1":
        return 180 if dice == [1, 1, 1] else -1
    if bet == "double-2":
        return 10 if dice.count(2) >= 2 else -1
    if bet == "total-4":
        return 60 if total == 4 else -1
    if bet == "total-10":
        return 6 if total == 10 else -1
    if bet == "single-4":
        matches = dice.count(4)
        return matches if matches else -1
    if bet == "combo-1-2":
        return 5 if 1 in dice and 2 in dice else -1
    return "none"


def answer(line):
    words = line.split()
    verb, args = words[0], words[1:]
    if verb == "fairness-probe":
        return "ok 6 dice double"
    if verb == "settle":
        return str(settle(args[0], [int(a) for a in args[1:]]))
    if verb == "random":
        # The game's own random source, as it calls it (protocol version 4 and later).
        return "double " + " ".join(repr(random.random()) for _ in range(int(args[0])))
    if verb == "roll":
        # The game's own dice: random.random() scaled to a face.
        return " ".join(str(int(float(u) * 6) + 1) for u in args)
    return "none"


def main():
    pending = b""
    while True:
        chunk = os.read(0, 1 << 16)
        if not chunk:
            return
        pending += chunk
        *lines, pending = pending.split(b"\n")
        if lines:
            os.write(1, ("\n".join(answer(line.decode()) for line in lines) + "\n").encode())


if __name__ == "__main__":
    main()
