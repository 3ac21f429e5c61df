#!/usr/bin/env python3
"""Wheels told their result up front, as Python games write them, behind the probe protocol (`target I U`):
the same games as Tests/FairnessAuditTests/Corpus/TargetedCorpus.swift, so the audit of the Python code must
find the same exact shares (Tests/FairnessAuditTests/Fixtures/targeted_shares.json, Python fractions).

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
"""
import math
import os
import sys

GAME = sys.argv[1]
BUG = "--bug" in sys.argv[2:]
COUNT = {"divider-36": 36, "jitter-8": 8, "read-back-7": 7, "replaced-index-8": 8, "throwing-5": 5,
         "negative-spin-12": 12, "integer-width-7": 7}[GAME]


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


def answer(words):
    if words[0] == "fairness-probe":
        return "ok 1 target double"
    if words[0] == "target":
        stop = target(int(words[1]), float(words[2]))
        return stop if isinstance(stop, str) else f"{stop[0]!r} {stop[1]}"
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
