#!/usr/bin/env python3
"""A character generator's strength: four d6, the lowest dropped, shown as a number only (`value strength
U1 … U4`, protocol version 6). --bug draws it as randint(3, 18); --garbage answers `settle` with a word."""
import os
import random
import sys

BUG, GARBAGE = "--bug" in sys.argv, "--garbage" in sys.argv


def answer(line):
    words = line.split()
    if words[0] == "fairness-probe":
        return "ok 6 dice double"
    if words[0] == "value":
        draws = [float(x) for x in words[2:]]
        if BUG:
            return str(3 + int(draws[0] * 16))
        faces = sorted(int(u * 6) + 1 for u in draws)
        return str(sum(faces[1:]))
    if words[0] == "settle":
        return "lol" if GARBAGE else "none"
    if words[0] == "random":
        return "double " + " ".join(repr(random.random()) for _ in range(int(words[1])))
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
