#!/usr/bin/env python3
"""The prize wheel of prize_wheel.yaml as a Python game computes it, behind the fairness-audit probe
protocol (docs/probe-protocol.md). Standard library only.

Run with --bug to plant a defect: the cumulative table is built with integer degrees (// instead of /),
which moves five of the eight lines by up to 0.9 degrees: a mislabel on about 0.6% of spins.
"""
import os
import random
import sys

WEIGHTS = [30, 20, 15, 10, 10, 8, 5, 2]
BUG = "--bug" in sys.argv


def cumulative_ends():
    ends, total, running = [], sum(WEIGHTS), 0
    for weight in WEIGHTS:
        running += weight
        ends.append(running * 360 // total if BUG else running * 360 / total)
    return ends


ENDS = cumulative_ends()


def prize_at(rotation):
    """The sector under the pointer (at the top, angle 0) after the wheel turned `rotation` degrees
    clockwise: the wheel angle under the pointer is -rotation, then the first cumulative end above it."""
    angle = (-rotation) % 360.0
    for index, end in enumerate(ENDS):
        if angle < end:
            return index + 1
    return len(ENDS)


def spin(drawn, previous):
    """The game's spin: five full turns plus the stop angle, added to where the wheel was."""
    return previous + 5 * 360.0 + drawn


def answer(line, session):
    words = line.split()
    if not words:
        return "none"
    if words[0] == "fairness-probe":
        return "ok 4 wheel double"
    if words[0] == "random":
        # Protocol version 4: the game's own random source, as it calls it.
        return "double " + " ".join(repr(random.random()) for _ in range(int(words[1])))
    if words[0] == "report":
        return str(prize_at(float(words[1])))
    if words[0] == "spin":
        return repr(spin(float(words[1]), float(words[2])))
    if words[0] == "reset":
        session[0] = 0.0
        return "ok"
    if words[0] == "play":
        session[0] = spin(float(words[1]), session[0])
        return f"{session[0]!r} {prize_at(session[0])}"
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
            replies = [answer(line.decode(), session) for line in lines]
            os.write(1, ("\n".join(replies) + "\n").encode())


if __name__ == "__main__":
    main()
