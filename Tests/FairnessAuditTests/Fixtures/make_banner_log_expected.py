#!/usr/bin/env python3
"""Exact expected figures of the banner logs of Examples/logs/make_banner_logs.py, computed apart from the
toolkit: for a player's first D draws from a fresh account, the banner as published (star-banner.yaml)
and each planted defect, by dynamic programming over the joint state (the game's real state, the state
the published rules say the player is in).

For each game it writes, per draw on average over the D draws:
  impossible  the share of draws of an item the published state gives probability 0;
  share_off   half the sum over items of |E[share drawn] - E[share the published states expect]|, the
              total variation between what the game draws and what its declared states expect.
The rules, from the spec's comment: a five-star with probability 0.6% on draw n since the last five-star
(n = misses + 1), plus 6 points a draw from n = 74 (0.066 at 74), certain from n = 90; half of
five-stars are the featured one, all of them after a lost 50/50; the rest four-star 51/994, three-star
943/994. Floats (doubles); the figures are exact to about 1e-15.

Usage: make_banner_log_expected.py [D]  (default 500) > banner_log_expected.json
"""
import json
import sys

BASE, STEP, SOFT, HARD = 0.006, 0.06, 74, 90
ITEMS = ["featured-5", "standard-5", "four-star", "three-star"]


def rate(n, soft=SOFT, hard=HARD):
    if n >= hard:
        return 1.0
    if n >= soft:
        return min(1.0, BASE + STEP * (n - soft + 1))
    return BASE


def odds(p, guaranteed):
    featured = p if guaranteed else p / 2
    return [featured, p - featured, (1 - p) * 51 / 994, (1 - p) * 943 / 994]


def published_next(misses, guaranteed, item):
    if item == 0:
        return (0, False)
    if item == 1:
        return (0, True)
    return (min(misses + 1, HARD - 1), guaranteed)


# Each game: its odds in its own state, and its next state. A state is (misses, guaranteed).
def fair_odds(state):
    return odds(rate(state[0] + 1), state[1])


def pity_not_reset_next(state, item):
    misses, guaranteed = state
    if item == 1:  # a lost 50/50 leaves the counter running
        return (min(misses + 1, HARD - 1), True)
    return published_next(misses, guaranteed, item)


def guarantee_lost_next(state, item):
    after = published_next(state[0], state[1], item)
    return (after[0], False) if item == 2 else after


def one_late_odds(state):
    return odds(rate(state[0]), state[1])


GAMES = {
    "banner-fair.csv": (fair_odds, lambda s, i: published_next(s[0], s[1], i)),
    "banner-pity-not-reset.csv": (fair_odds, pity_not_reset_next),
    "banner-guarantee-lost.csv": (fair_odds, guarantee_lost_next),
    "banner-pity-one-late.csv": (one_late_odds, lambda s, i: published_next(s[0], s[1], i)),
}


def expected(game_odds, game_next, draws):
    joint = {((0, False), (0, False)): 1.0}
    drawn = [0.0] * 4
    declared = [0.0] * 4
    impossible = 0.0
    for _ in range(draws):
        after = {}
        for (real, published), weight in joint.items():
            q = game_odds(real)
            p = odds(rate(published[0] + 1), published[1])
            for item in range(4):
                declared[item] += weight * p[item]
                if q[item] == 0:
                    continue
                drawn[item] += weight * q[item]
                if p[item] == 0:
                    impossible += weight * q[item]
                key = (game_next(real, item), published_next(published[0], published[1], item))
                after[key] = after.get(key, 0.0) + weight * q[item]
        joint = after
    share_off = sum(abs(a - b) for a, b in zip(drawn, declared)) / 2 / draws
    return {"impossible": impossible / draws, "share_off": share_off, "drawn": [x / draws for x in drawn], "declared": [x / draws for x in declared]}


def main():
    draws = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    figures = {name: expected(o, n, draws) for name, (o, n) in GAMES.items()}
    json.dump({"draws_per_player": draws, "items": ITEMS, "games": figures}, sys.stdout, indent=1, sort_keys=True)
    print()


if __name__ == "__main__":
    main()
