#!/usr/bin/env python3
"""A tabletop character generator's "3d6" attribute roll, as a Python game draws it, behind the
fairness-audit probe protocol (docs/probe-protocol.md, version 6: `value NAME U1 U2 U3`). Standard
library only. The game shows only the total, never the dice (`shows: values` in its spec).

`value total U1 U2 U3` answers the total the game's own code draws when its random source returns U1, U2
and U3 in turn (random.random() as it calls it). Plant a defect with:
  --bug uniform   the total is one uniform integer from 3 to 18 (random.randint(3, 18)), as in public
                  generators: 18 comes up 1 time in 16 instead of 1 in 216;
  --bug tripled   one die tripled (3 * d6): only multiples of 3.
"""
import os
import random
import sys

BUG = sys.argv[sys.argv.index("--bug") + 1] if "--bug" in sys.argv else None


def d6(u):
    return int(u * 6) + 1


def total(draws):
    if BUG == "uniform":
        return 3 + int(draws[0] * 16)
    if BUG == "tripled":
        return 3 * d6(draws[0])
    return sum(d6(u) for u in draws)


def answer(line):
    words = line.split()
    verb, args = words[0], words[1:]
    if verb == "fairness-probe":
        return "ok 6 dice double"
    if verb == "value" and args[0] == "total":
        return str(total([float(a) for a in args[1:]]))
    if verb == "random":
        return "double " + " ".join(repr(random.random()) for _ in range(int(args[0])))
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
