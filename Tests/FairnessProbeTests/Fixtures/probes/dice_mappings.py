#!/usr/bin/env python3
"""Five six-sided dice whose roll maps each uniform draw u to a face in one of the ways games do, behind
the probe protocol. Modes (first argument): floor (int(u * 6) + 1, fair), ceil (math.ceil(u * 6): face 0
at u = 0 exactly), round (round(u * 5) + 1: faces 1 and 6 half as likely), d8 (int(u * 8) % 6 + 1: faces
1 and 2 twice as likely). With --miss-high as the second argument the straight check only knows the straight
that starts at 1 (it misses 2-3-4-5-6)."""
import math
import os
import sys

MODE = sys.argv[1] if len(sys.argv) > 1 else "floor"
MAPS = {
    "floor": lambda u: int(u * 6) + 1,
    "ceil": lambda u: math.ceil(u * 6),
    "round": lambda u: round(u * 5) + 1,
    "d8": lambda u: int(u * 8) % 6 + 1,
}


MISS_HIGH = "--miss-high" in sys.argv[2:]


def straight(faces):
    return len(set(faces)) == 5 and max(faces) - min(faces) == 4 and (min(faces) == 1 or not MISS_HIGH)


def answer(line):
    words = line.split()
    if words[0] == "fairness-probe":
        return "ok 1 dice double"
    if words[0] == "straight":
        return "yes" if straight([int(w) for w in words[1:]]) else "no"
    if words[0] == "roll":
        return " ".join(str(MAPS[MODE](float(u))) for u in words[1:])
    return "none"


pending = b""
while True:
    chunk = os.read(0, 1 << 16)
    if not chunk:
        break
    pending += chunk
    *lines, pending = pending.split(b"\n")
    if lines:
        os.write(1, ("\n".join(answer(line.decode()) for line in lines) + "\n").encode())
