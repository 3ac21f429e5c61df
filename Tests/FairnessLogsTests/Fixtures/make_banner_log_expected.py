#!/usr/bin/env python3
"""Exact expected figures of the banner logs of Examples/logs/make_banner_logs.py, computed apart from the
toolkit: for a player's first D draws from a fresh account, the banner as published (star-banner.yaml)
and each planted defect, by dynamic programming over the joint state (the game's real state, the state
the published rules say the player is in).

For each game it writes, per draw on average over the D draws:
  impossible  the share of draws of an item the published state gives probability 0;
  share_off   half the sum over items of |E[share drawn] - E[share the published states expect]|, the
              total variation between what the game draws and what its declared states expect;
  state_off   for each published state visited, half the sum over items of |E[draws of the item in
              it] / E[draws in it] - its published odds|: how far the game's draws in that state are
              from the state's odds (named as the toolkit names states: "pity 12", "guaranteed, pity 0");
  window_off  for each of 4 windows of D/4 rounds, the share_off of the draws in it.
The rate-cut log's game cuts its base rate to a third from round D/2 + 1 (its odds depend on the round).
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


def rate(n, soft=SOFT, hard=HARD, base=BASE):
    if n >= hard:
        return 1.0
    if n >= soft:
        return min(1.0, base + STEP * (n - soft + 1))
    return base


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


def cut_odds(state, draw, draws):
    # From round D/2 + 1 the base rate is a third of the published one.
    return odds(rate(state[0] + 1, base=BASE / 3 if draw >= draws // 2 else BASE), state[1])


GAMES = {
    "banner-fair.csv": (fair_odds, lambda s, i: published_next(s[0], s[1], i)),
    "banner-pity-not-reset.csv": (fair_odds, pity_not_reset_next),
    "banner-guarantee-lost.csv": (fair_odds, guarantee_lost_next),
    "banner-pity-one-late.csv": (one_late_odds, lambda s, i: published_next(s[0], s[1], i)),
    "banner-rate-cut.csv": (cut_odds, lambda s, i: published_next(s[0], s[1], i)),
}
# Games whose odds change with the round (their odds take the round and the rounds in all).
BY_ROUND = {"banner-rate-cut.csv"}
# Windows of the rounds for the drift figures: four of D/4 rounds (the audit's --window of players × D/4 lines).
WINDOWS = 4


def expected(game_odds, game_next, draws, by_round=False):
    joint = {((0, False), (0, False)): 1.0}
    window_drawn = [[0.0] * 4 for _ in range(WINDOWS)]
    window_declared = [[0.0] * 4 for _ in range(WINDOWS)]
    drawn = [0.0] * 4
    declared = [0.0] * 4
    impossible = 0.0
    in_state = {}
    for draw in range(draws):
        after = {}
        window = draw * WINDOWS // draws
        for (real, published), weight in joint.items():
            q = game_odds(real, draw, draws) if by_round else game_odds(real)
            p = odds(rate(published[0] + 1), published[1])
            for item in range(4):
                declared[item] += weight * p[item]
                window_declared[window][item] += weight * p[item]
                if q[item] == 0:
                    continue
                drawn[item] += weight * q[item]
                window_drawn[window][item] += weight * q[item]
                state = in_state.setdefault(published, [0.0] * 4)
                state[item] += weight * q[item]
                if p[item] == 0:
                    impossible += weight * q[item]
                key = (game_next(real, item), published_next(published[0], published[1], item))
                after[key] = after.get(key, 0.0) + weight * q[item]
        joint = after
    share_off = sum(abs(a - b) for a, b in zip(drawn, declared)) / 2 / draws
    state_off = {}
    for (misses, guaranteed), counts in in_state.items():
        mass = sum(counts)
        p = odds(rate(misses + 1), guaranteed)
        name = ("guaranteed, " if guaranteed else "") + f"pity {misses}"
        state_off[name] = sum(abs(c / mass - q) for c, q in zip(counts, p)) / 2
    return {
        "impossible": impossible / draws,
        "share_off": share_off,
        "drawn": [x / draws for x in drawn],
        "declared": [x / draws for x in declared],
        "state_off": state_off,
        "window_off": [sum(abs(a - b) for a, b in zip(d, e)) / 2 / (draws / WINDOWS) for d, e in zip(window_drawn, window_declared)],
    }


def main():
    draws = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    figures = {name: expected(o, n, draws, name in BY_ROUND) for name, (o, n) in GAMES.items()}
    json.dump({"draws_per_player": draws, "items": ITEMS, "games": figures}, sys.stdout, indent=1, sort_keys=True)
    print()


if __name__ == "__main__":
    main()
