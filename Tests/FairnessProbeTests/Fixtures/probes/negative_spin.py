#!/usr/bin/env python3
"""A correct four-sector wheel (four_sectors_top.yaml: pointer and first sector at the top, degrees) whose
spins turn it the negative way, five turns and the drawn angle back from where it stands (`acc`) or from
rest (`reset`), and whose label lookup, written with truncating division, is wrong for positive rotations,
which its spins never produce: every defect is latent.
"""
import math
import os
import sys

ACCUMULATE = "acc" in sys.argv[1:]


def label(rotation):
    angle = math.fmod(-rotation, 360.0)  # in [0, 360) for the negative rotations this game makes
    return int(angle / 90.0) + 1  # 0, -1, -2 for positive rotations: never produced


def spin(drawn, previous):
    return (previous if ACCUMULATE else 0.0) - (5 * 360.0 + drawn)


def answer(words, session):
    if words[0] == "fairness-probe":
        return "ok 1 wheel double"
    if words[0] == "report":
        return str(label(float(words[1])))
    if words[0] == "spin":
        return repr(spin(float(words[1]), float(words[2])))
    if words[0] == "reset":
        session[0] = 0.0
        return "ok"
    if words[0] == "play":
        session[0] = spin(float(words[1]), session[0])
        return f"{session[0]!r} {label(session[0])}"
    return "none"


def main():
    session, pending = [0.0], b""
    while True:
        chunk = os.read(0, 1 << 16)
        if not chunk:
            return
        pending += chunk
        *lines, pending = pending.split(b"\n")
        if lines:
            os.write(1, ("\n".join(answer(line.decode().split(), session) for line in lines) + "\n").encode())


if __name__ == "__main__":
    main()
