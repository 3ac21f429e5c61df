#!/usr/bin/env python3
"""A four-sector wheel (four_sectors_top.yaml: pointer and first sector at the top, degrees) that comes to
rest only at the centre of a sector: each spin turns it five turns and the drawn angle, the negative way
(`anticlockwise`) or the positive way (`clockwise`), from where it stands, then snaps to the centre of the
sector under the pointer. Its lookup adds 40 degrees to the angle past the first turn (negative rotations
anticlockwise, a turn or more clockwise): wrong on the last 40 degrees of every sector, never at a centre,
so every defect lies between the stops. With `bug` it adds 50 degrees: wrong at every stop past the first
turn, which every spin reaches.
"""
import os
import sys

ANTICLOCKWISE = "anticlockwise" in sys.argv[1:]
SHIFT = 50.0 if "bug" in sys.argv[1:] else 40.0


def offset(rotation):
    return (-rotation) % 360.0  # the wheel's angle under the pointer, in [0, 360)


def label(rotation):
    past = rotation < 0 if ANTICLOCKWISE else rotation >= 360.0
    return int((offset(rotation) + (SHIFT if past else 0.0)) // 90.0) % 4 + 1


def spin(drawn, previous):
    target = previous - (5 * 360.0 + drawn) if ANTICLOCKWISE else previous + 5 * 360.0 + drawn
    at = offset(target)
    return target + at - ((at // 90.0) * 90.0 + 45.0)


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
