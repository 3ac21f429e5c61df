#!/usr/bin/env python3
"""Craps as a Python game plays it, behind the fairness-audit probe protocol (docs/probe-protocol.md,
version 6). Standard library only.

`round NAME F1 F2 / F1 F2 / ...` asks the game's own round logic what it does after those rolls of a
round: `more` (it rolls again) or the net payout per unit staked when the round ends there. The game keeps
no state between requests: it replays the round from the rolls given, as its table code would.

Plant a defect with:
  --bug eleven-is-a-point  on the come-out roll 11 sets a point instead of winning the pass line (and
                           losing don't pass): 2/36 of rounds settled otherwise;
  --bug seven-after-ten    a point round that reaches its tenth roll forgets the point and ends on the
                           next 7 or 11 only (a counter that was meant to cap the round): rare, found by
                           sampling rounds past the depth judged exhaustively.
"""
import os
import random
import sys

BUG = sys.argv[sys.argv.index("--bug") + 1] if "--bug" in sys.argv else None


def pass_line(rolls):
    """What the pass line does after these rolls: None to roll again, else the net payout."""
    point = None
    for number, (a, b) in enumerate(rolls, start=1):
        total = a + b
        if point is None:
            if total == 7 or (total == 11 and BUG != "eleven-is-a-point"):
                return 1
            if total in (2, 3, 12):
                return -1
            point = total
            continue
        if BUG == "seven-after-ten" and number > 10:
            if total in (7, 11):
                return -1
            continue
        if total == point:
            return 1
        if total == 7:
            return -1
    return None


def dont_pass(rolls):
    """Don't pass, bar 12: the come-out 12 is a push."""
    if rolls and sum(rolls[0]) == 12:
        return 0
    result = pass_line(rolls)
    return None if result is None else -result


def field(dice):
    total = sum(dice)
    if total == 2:
        return 2
    if total == 12:
        return 3
    return 1 if total in (3, 4, 9, 10, 11) else -1


def answer(line):
    words = line.split()
    verb, args = words[0], words[1:]
    if verb == "fairness-probe":
        return "ok 6 dice double"
    if verb == "round":
        rolls = [tuple(int(x) for x in part.split()) for part in " ".join(args[1:]).split("/")]
        play = {"pass-line": pass_line, "dont-pass": dont_pass}.get(args[0])
        if play is None:
            return "none"
        result = play(rolls)
        return "more" if result is None else str(result)
    if verb == "settle":
        return str(field([int(a) for a in args[1:]])) if args[0] == "field" else "none"
    if verb == "random":
        return "double " + " ".join(repr(random.random()) for _ in range(int(args[0])))
    if verb == "roll":
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
