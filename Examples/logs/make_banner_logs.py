#!/usr/bin/env python3
"""Production logs of the gacha banner of Examples/specs/star-banner.yaml, as its game would write them:
one line per draw, `session` (the player) and `outcome` (the item drawn), players' draws interleaved
round by round. The game is the probe's own code (Examples/probes/python/star_banner.py), run as written
for the fair log and with one defect planted for each of the others:

  banner-fair.csv              the banner as published;
  banner-pity-not-reset.csv    a lost 50/50 leaves the pity counter running (the probe's --bug);
  banner-guarantee-lost.csv    a four-star clears the "featured next" guarantee;
  banner-pity-one-late.csv     the pity counts one draw late (the rate of draw n is read at n - 1): the
                               soft pity starts a draw late and a 90th miss in a row happens;
  banner-rate-cut.csv          halfway through the log (from round D/2 + 1) the base five-star rate is cut
                               from 0.6% to 0.2% without telling players: the odds change in time.

Usage: make_banner_logs.py OUT_DIR [--players N] [--draws D] [--seed S]   (defaults 400, 500, 7)
Standard library only; the same arguments write the same bytes.
"""
import argparse
import importlib.util
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
PROBE = os.path.join(HERE, "..", "probes", "python", "star_banner.py")
spec = importlib.util.spec_from_file_location("star_banner", PROBE)
star_banner = importlib.util.module_from_spec(spec)
spec.loader.exec_module(star_banner)
Banner = star_banner.Banner


class GuaranteeLost(Banner):
    def draw(self, u):
        item = super().draw(u)
        if item == "four-star":
            self.guaranteed = False
        return item


class PityOneLate(Banner):
    def rate(self):
        n = self.pity  # should be self.pity + 1
        if n >= star_banner.HARD:
            return 1.0
        if n >= star_banner.SOFT_FROM:
            return min(1.0, star_banner.BASE + star_banner.STEP * (n - star_banner.SOFT_FROM + 1))
        return star_banner.BASE


GAMES = {
    "banner-fair.csv": (Banner, False, False),
    "banner-pity-not-reset.csv": (Banner, True, False),
    "banner-guarantee-lost.csv": (GuaranteeLost, False, False),
    "banner-pity-one-late.csv": (PityOneLate, False, False),
    "banner-rate-cut.csv": (Banner, False, True),
}


def write(path, game, bug, cut, players, draws, seed):
    star_banner.BUG = bug
    base = star_banner.BASE
    rng = random.Random(seed)
    banners = [game() for _ in range(players)]
    order = list(range(players))
    rng.shuffle(order)
    with open(path, "w") as out:
        out.write("session,outcome\n")
        for round in range(draws):
            if cut and round == draws // 2:
                star_banner.BASE = base / 3
            for player in order:
                out.write("player-%05d,%s\n" % (player, banners[player].draw(rng.random())))
    star_banner.BUG = False
    star_banner.BASE = base


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--draws", type=int, default=500)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for name, (game, bug, cut) in GAMES.items():
        write(os.path.join(args.out, name), game, bug, cut, args.players, args.draws, args.seed)


if __name__ == "__main__":
    main()
