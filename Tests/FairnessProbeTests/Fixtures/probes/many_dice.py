#!/usr/bin/env python3
"""K dice of F faces (as the spec says) behind the probe protocol, for games with more than 10^6 ordered
rolls. Straight: K distinct consecutive faces; hand "run-3": three consecutive faces among the dice.
With --bug the straight check reads the dice in the order given (each one more than the one before), so a
straight rolled in any other order is missed."""
import os
import sys

BUG = "--bug" in sys.argv


def straight(faces):
    if BUG:
        return all(b - a == 1 for a, b in zip(faces, faces[1:]))
    return len(set(faces)) == len(faces) and max(faces) - min(faces) == len(faces) - 1


def run3(faces):
    present = set(faces)
    return any(f + 1 in present and f + 2 in present for f in present)


def answer(line):
    words = line.split()
    verb = words[0]
    if verb == "fairness-probe":
        return "ok 1 dice double"
    if verb == "straight":
        return "yes" if straight([int(w) for w in words[1:]]) else "no"
    if verb == "category":
        return "none"
    if verb == "hand":
        return ("yes" if run3([int(w) for w in words[2:]]) else "no") if words[1] == "run-3" else "none"
    if verb == "roll":
        return " ".join(str(int(float(u) * 10) + 1) for u in words[1:])
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
