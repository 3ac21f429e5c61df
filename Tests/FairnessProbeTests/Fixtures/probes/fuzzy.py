#!/usr/bin/env python3
"""A hostile probe: a correct four-sector wheel (four_sectors.yaml) that, seeded by its first argument,
replaces about one answer in forty with garbage (empty, nan, 1e400, words, NUL, a 5,000-character line,
two lines for one request, a wrong handshake) and now and then dies. The audit must end with a report or
with the game "could not be run", never a crash, a hang or another error.
"""
import os
import random
import sys

RANDOM = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
GARBAGE = ["", "nan", "inf", "-1e400", "1e400", "banana", "2 3", "\x00", "é", "trap", "none", "x" * 5000, "1\n2", "ok 9",
           "-0", "4.5", "99999999999999999999", "\x1b[2J", "fairness-probe 2"]


def label(rotation):
    return int(((-rotation) % 360.0) / 90.0) % 4 + 1


def answer(words, session):
    if not words:
        return "none"
    if words[0] == "fairness-probe":
        return "ok 1 wheel double"
    if RANDOM.random() < 0.025:
        if RANDOM.random() < 0.1:
            os._exit(3)
        return RANDOM.choice(GARBAGE)
    if words[0] == "report":
        return str(label(float(words[1])))
    if words[0] == "spin":
        return repr(float(words[1]))
    if words[0] == "reset":
        session[0] = 0.0
        return "ok"
    if words[0] == "play":
        session[0] = float(words[1])
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
