#!/usr/bin/env python3
"""Five poker dice as a Python game scores them, behind the fairness-audit probe protocol
(docs/probe-protocol.md). Standard library only.

Run with --bug to plant a defect: the straight check only tests max - min == 4 and forgets that the faces
must differ, so 1-1-3-4-5 passes too: false straights on 2,400 of the 7,776 rolls.
"""
import collections
import os
import sys

BUG = "--bug" in sys.argv
NAMES = ["all of a kind", "four of a kind", "full house", "straight", "three of a kind", "two pair", "one pair", "nothing"]


def is_straight(faces):
    if BUG:
        return max(faces) - min(faces) == 4
    ordered = sorted(faces)
    return len(set(ordered)) == 5 and ordered[-1] - ordered[0] == 4


def category(faces):
    counts = sorted(collections.Counter(faces).values(), reverse=True)
    if counts[0] == 5:
        return "all of a kind"
    if counts[0] == 4:
        return "four of a kind"
    if counts[0] == 3 and counts[1] == 2:
        return "full house"
    if is_straight(faces):
        return "straight"
    if counts[0] == 3:
        return "three of a kind"
    if counts[0] == 2 and counts[1] == 2:
        return "two pair"
    if counts[0] == 2:
        return "one pair"
    return "nothing"


def roll(uniforms):
    # The game's own mapping of a uniform draw in [0, 1) to a face, as random.random() would be used.
    return [int(u * 6) + 1 for u in uniforms]


def answer(line):
    words = line.split()
    verb, args = words[0], words[1:]
    if verb == "fairness-probe":
        return "ok 1 dice double"
    if verb == "straight":
        return "yes" if is_straight([int(a) for a in args]) else "no"
    if verb == "category":
        return category([int(a) for a in args])
    if verb == "roll":
        return " ".join(str(f) for f in roll([float(a) for a in args]))
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
