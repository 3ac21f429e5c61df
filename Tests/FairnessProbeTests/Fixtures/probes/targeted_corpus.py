#!/usr/bin/env python3
"""Wheels told their result up front, as Python games write them, behind the probe protocol (`target I U`):
the same games as Tests/FairnessSubjectAuditTests/Corpus/TargetedCorpus.swift, so the audit of the Python code must
find the same exact shares (Tests/FairnessSubjectAuditTests/Fixtures/targeted_shares.json, Python fractions).

  targeted_corpus.py GAME [--bug]

Every wheel is laid out clockwise from 0 degrees with the pointer at 0 (targeted/*.yaml); a rotation r
(degrees, clockwise) brings the wheel angle -r under the pointer, so to show wheel angle A the game turns
the wheel by turns * 360 + (360 - A). Games:
  divider-36        stops mid-slice; --bug: forgets the half slice, the pointer on the divider every spin
  jitter-8          stops at (i + u) * 45, shows the prize decided; --bug: u * 1.2 - 0.1 (1/6 past the slice)
  read-back-7       stops near the middle, shows what the pointer reads; --bug: jitter 36/35 of a slice
  replaced-index-8  --bug: prize 0 is re-drawn as int(u * 8)
  throwing-5        --bug: the result handler throws on every spin
  negative-spin-12  spins counter-clockwise, reads back; --bug: the angle is not mirrored
  integer-width-7   stops anywhere in 360/7 degrees, shows the prize decided (with targeted/drawn-7.yaml the
                    slices are painted 51 degrees wide)
Games whose rotation accumulates between spins speak protocol version 3 (`target I U P` from rotation P,
`reset` and `play I U` for a session, `pick U` drawing uniformly):
  accumulating-8    turns on from the current rotation to the middle 80% of the slice; --bug: the current
                    rotation is not taken off (right on the first spin only)
  rounded-current-8 turns on from the current rotation to anywhere in the slice; --bug: from the current
                    rotation rounded to a whole degree (half a degree short after a stop on a half degree)
With --hidden-state a version 3 game answers as version 1 instead, keeping its rotation between requests
itself (`target I U` continues from wherever the previous request left the wheel).
"""
import math
import os
import sys

GAME = sys.argv[1]
BUG = "--bug" in sys.argv[2:]
HIDDEN_STATE = "--hidden-state" in sys.argv[2:]
COUNT = {"divider-36": 36, "jitter-8": 8, "read-back-7": 7, "replaced-index-8": 8, "throwing-5": 5,
         "negative-spin-12": 12, "integer-width-7": 7, "accumulating-8": 8, "rounded-current-8": 8}[GAME]
SESSION_GAMES = {"accumulating-8", "rounded-current-8"}


def spin_from(current, index, u):
    """(rotation, label) of a game whose rotation accumulates, from the rotation `current`; 'refused'."""
    if not 0 <= index < COUNT:
        return "refused"
    if GAME == "accumulating-8":
        target = 360 - (index + 0.5 + (u - 0.5) * 0.8) * 45
        forward = target if BUG else math.fmod(math.fmod(target - current, 360) + 360, 360)
    else:
        target = 360 - (index + u) * 45
        # Swift's rounded() and JavaScript's Math.round agree for the positive rotations this game makes.
        start = math.floor(current + 0.5) if BUG else current
        forward = math.fmod(math.fmod(target - start, 360) + 360, 360)
    return current + 5 * 360 + forward, index + 1


def rotation_showing(angle, turns=5):
    return turns * 360 + (360 - angle)


def sector_shown(rotation, count):
    angle = math.fmod(360 - math.fmod(rotation, 360), 360)
    if angle < 0:
        angle += 360
    return int(angle / (360 / count)) % count


def target(index, u):
    """(rotation, label), or a string answer ('refused', 'R trap')."""
    if not 0 <= index < COUNT:
        return "refused"
    if GAME == "divider-36":
        angle = index * 10.0 if BUG else (index + 0.5) * 10
        return rotation_showing(angle), index + 1
    if GAME == "jitter-8":
        offset = u * 1.2 - 0.1 if BUG else u
        return rotation_showing((index + offset) * 45), index + 1
    if GAME == "read-back-7":
        span = 36 / 35 if BUG else 0.9
        r = rotation_showing((index + 0.5 + (u - 0.5) * span) * (360 / 7))
        return r, sector_shown(r, 7) + 1
    if GAME == "replaced-index-8":
        prize = int(u * 8) if BUG and index == 0 else index
        return rotation_showing((prize + 0.5) * 45), prize + 1
    if GAME == "throwing-5":
        r = rotation_showing((index + 0.5) * 72)
        if BUG:
            return f"{r!r} trap"
        return r, index + 1
    if GAME == "negative-spin-12":
        angle = (index + 0.5) * 30
        r = -rotation_showing(angle) if BUG else -(5 * 360 + angle)
        return r, sector_shown(r, 12) + 1
    if GAME == "integer-width-7":
        return rotation_showing((index + u) * (360 / 7)), index + 1
    raise ValueError(GAME)


def show(stop):
    return stop if isinstance(stop, str) else f"{stop[0]!r} {stop[1]}"


session = 0.0  # the rotation a session's last spin left (and a hidden-state game's own rotation)


def answer(words):
    global session
    if words[0] == "fairness-probe":
        return f"ok {3 if GAME in SESSION_GAMES and not HIDDEN_STATE else 1} target double"
    if GAME in SESSION_GAMES:
        if words[0] == "pick":
            return str(int(float(words[1]) * COUNT))
        if words[0] == "reset":
            session = 0.0
            return "ok"
        if words[0] == "target" and not HIDDEN_STATE:
            return show(spin_from(float(words[3]), int(words[1]), float(words[2])))
        if words[0] in ("play", "target"):
            stop = spin_from(session, int(words[1]), float(words[2]))
            if not isinstance(stop, str):
                session = stop[0]
            return show(stop)
        return "none"
    if words[0] == "target":
        return show(target(int(words[1]), float(words[2])))
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
            os.write(1, ("\n".join(answer(line.decode().split()) for line in lines) + "\n").encode())


if __name__ == "__main__":
    main()
