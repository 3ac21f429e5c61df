#!/usr/bin/env python3
"""The gacha banner of star_banner.yaml as a Python game draws it, behind the fairness-audit probe
protocol (docs/probe-protocol.md, prize draws). Standard library only.

One roll per draw: a five-star when the roll is below the pity-adjusted rate (0.6%, plus 6 points a draw
from the 74th draw since the last five-star, certain at the 90th); the featured one on the lower half of
that range, or always after a lost 50/50; otherwise a four-star or a three-star by their weights.

Run with --bug to plant a defect: the pity counter is reset only when the featured item is drawn, so a
lost 50/50 leaves the counter running and the next five-star comes early. Run with --bug-shown to plant
one in what the player sees: the banner's screen reads the guarantee from a flag that a lost 50/50 does
not set, so a player whose next five-star is guaranteed is shown the plain pity counter (the draws are
right; what the game shows is not).

The probe speaks protocol version 5: `state` answers the state the banner's screen shows, in the
toolkit's words (`pity 12`, `guaranteed, pity 0`).
"""
import os
import random
import sys

BUG = "--bug" in sys.argv
BUG_SHOWN = "--bug-shown" in sys.argv
BASE, SOFT_FROM, STEP, HARD = 0.006, 74, 0.06, 90
FOUR_STAR_SHARE = 51 / 994  # four-stars' share of the draws that are not five-stars


class Banner:
    def __init__(self):
        self.pity = 0  # draws since the last five-star
        self.guaranteed = False

    def rate(self):
        n = self.pity + 1
        if n >= HARD:
            return 1.0
        if n >= SOFT_FROM:
            return min(1.0, BASE + STEP * (n - SOFT_FROM + 1))
        return BASE

    def roll(self, u):
        """The item for the roll u, and the state after it."""
        p = self.rate()
        if u < p:
            featured = self.guaranteed or u < p / 2
            item = "featured-5" if featured else "standard-5"
            pity = 0 if featured or not BUG else self.pity + 1
            return item, pity, not featured
        rest = (u - p) / (1 - p)
        item = "four-star" if rest < FOUR_STAR_SHARE else "three-star"
        return item, self.pity + 1, self.guaranteed

    def draw(self, u):
        item, self.pity, self.guaranteed = self.roll(u)
        self.pity = min(self.pity, HARD - 1)
        self.shown_guarantee = self.guaranteed and not BUG_SHOWN
        return item

    def shown(self):
        """What the banner's screen shows: the draws since the last five-star, and the guarantee."""
        guaranteed = getattr(self, "shown_guarantee", self.guaranteed)
        return ("guaranteed, " if guaranteed else "") + "pity %d" % self.pity


def answer(line, banner):
    words = line.split()
    if not words:
        return "trap"
    if words[0] == "fairness-probe":
        return "ok 5 table double"
    if words[0] == "random":
        return "double " + " ".join(repr(random.random()) for _ in range(int(words[1])))
    if words[0] == "reset":
        banner[0] = Banner()
        return "ok"
    if words[0] == "draw":
        return banner[0].draw(float(words[1]))
    if words[0] == "peek":
        return banner[0].roll(float(words[1]))[0]
    if words[0] == "state":
        return banner[0].shown()
    return "trap"


def main():
    banner, pending = [Banner()], b""
    while True:
        chunk = os.read(0, 1 << 16)
        if not chunk:
            return
        pending += chunk
        *lines, pending = pending.split(b"\n")
        if lines:
            replies = [answer(line.decode(), banner) for line in lines]
            os.write(1, ("\n".join(replies) + "\n").encode())


if __name__ == "__main__":
    main()
