#!/usr/bin/env python3
"""The exact item shares of each public table in this folder, by enumerating every integer roll its code
can make (Unity's Random.Range(0, n) gives each of 0 ... n - 1 with probability 1/n), restated from the
games' rules, not from the probe or the toolkit; and the total variation from the declared table (half
the summed absolute differences: the share of draws that would have to change). Writes expected.json."""
import json
import os
from fractions import Fraction as F


def shares_by_rolls(n, pick):
    counts = {}
    for r in range(n):
        item = pick(r)
        counts[item] = counts.get(item, 0) + 1
    return {k: F(v, n) for k, v in counts.items()}


def subtracting(table, strict=True):
    def pick(r):
        for item, w in table:
            if (r < w) if strict else (r <= w):
                return item
            r -= w
        return "none"
    return pick


def at_least(table):
    def pick(target):
        running = 0
        for item, w in table:
            running += w
            if running >= target:
                return item
        return table[-1][0]
    return pick


def variation(game, declared):
    keys = set(game) | set(declared)
    return sum(abs(game.get(k, 0) - declared.get(k, 0)) for k in keys) / 2


out = {}
def record(name, table, game):
    total = sum(w for _, w in table)
    declared = {k: F(w, total) for k, w in table}
    out[name] = {"shares": {k: str(v) for k, v in sorted(game.items())}, "variation": str(variation(game, declared))}


dungeon = [(f"drop-{i}", w) for i, w in enumerate([800, 400, 200, 100, 50, 25, 12, 6])]
record("scout507-dungeon-loot", dungeon, shares_by_rolls(1593, subtracting(dungeon)))
drop = [("sword", 50), ("shield", 30), ("potion", 15), ("relic", 5)]
record("eduardmirzoyan-drop", drop, shares_by_rolls(100, subtracting(drop)))
# Planted: Random.Range(0, totalWeight - 1) makes 99 rolls, the relic keeps 4.
record("eduardmirzoyan-drop --planted", drop, shares_by_rolls(99, subtracting(drop)))
loot = [("A", 60), ("B", 30), ("C", 10)]
record("genasim-random-loot", loot, shares_by_rolls(100, subtracting(loot, strict=False)))
record("genasim-random-loot --twin", loot, shares_by_rolls(100, subtracting(loot)))
rooms = [("room", 5), ("chest", 3), ("trap-room", 2)]
record("andreimaroiu-weighted", rooms, shares_by_rolls(11, at_least(rooms)))
record("andreimaroiu-weighted --twin", rooms, shares_by_rolls(10, subtracting(rooms)))
# VishnuK1998: x <= 0.01 and x <= 0.21 on a continuous draw: 1%, 20%, 79% up to single draws.
record("vishnuk-gacha", [("five-star", 1), ("four-star", 20), ("three-star", 79)],
       {"five-star": F(1, 100), "four-star": F(20, 100), "three-star": F(79, 100)})


# Games with memory (public_memory_tables.py). A correct game: nothing differs. A defect: its share of
# draws in play, restated from the game's rules and the declared memory: Σ over declared states of the
# state's weight × the game's share there of items the state forbids (or, for odds, the total
# variation), the weight being the state's long-run share (exact, by solving the declared chain in
# fractions) or, for a state play leaves for good, its share of a session of SESSION draws (the audit's
# default --session-spins).
SESSION = 10_000


def stationary(states, step):
    """The long-run share of every state of a finite chain: `step(state)` gives {next: probability}. Solved
    exactly by Gaussian elimination in fractions; states play leaves for good get 0."""
    index = {state: i for i, state in enumerate(states)}
    n = len(states)
    # π (P - I) = 0 with Σ π = 1: rows are equations, one replaced by the normalisation.
    a = [[F(0)] * (n + 1) for _ in range(n)]
    for i, state in enumerate(states):
        for target, p in step(state).items():
            a[index[target]][i] += p
        a[i][i] -= 1
    a[n - 1] = [F(1)] * n + [F(1)]
    for col in range(n):
        pivot = next(r for r in range(col, n) if a[r][col] != 0)
        a[col], a[pivot] = a[pivot], a[col]
        inv = 1 / a[col][col]
        a[col] = [x * inv for x in a[col]]
        for r in range(n):
            if r != col and a[r][col] != 0:
                factor = a[r][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col])]
    return {state: a[i][n] for i, state in enumerate(states)}


def reachable(start, step):
    seen, queue = [start], [start]
    while queue:
        for target in step(queue.pop()):
            if target not in seen:
                seen.append(target)
                queue.append(target)
    return seen


def memory_defect(name, start, step, forbidden, first_draws=()):
    """Records the share of draws in play the game gives where its declared state forbids them."""
    states = reachable(start, step)
    shares = stationary(states, step)
    share = sum(shares[state] * forbidden(state) for state in states)
    share += sum(F(1, SESSION) * forbidden(state) for state in first_draws)
    out[name] = {"forbidden": str(share)}


def no_repeat(items, k):
    def step(window):
        allowed = [item for item in items if item not in window]
        return {(window + (item,))[-k:]: F(1, len(allowed)) for item in allowed}
    return step


for game in ["traveling-lumine-wish", "midori-gacha-system", "mikah13-no-repeat", "daredev256-diverse-pick",
             "mt-jin-lucky-draw", "aaartyomsss-shuffle-bag"]:
    out[game] = {"variation": "0"}
# mikah13's regression: every draw uniform over the four images; the declared state forbids the last one.
images = ("image-0", "image-1", "image-2", "image-3")
memory_defect("mikah13-no-repeat --regression", (), no_repeat(images, 1),
              lambda window: F(len(window), len(images)))
# DareDev256 planted: the draw is from all six options; the declared state forbids the last three picked.
# Windows of 0, 1 and 2 picks are a session's first three draws, once each.
options = ("portrait", "landscape", "macro", "aerial", "street", "studio")
memory_defect("daredev256-diverse-pick --planted", (), no_repeat(options, 3),
              lambda window: F(len(window), len(options)), first_draws=[(), ("portrait",), ("portrait", "landscape")])
# pietergmail: one piece uniform over seven; the declared bag forbids the pieces already drawn from it.
pieces = frozenset(range(7))


def bag(left):
    return {(left - {piece}) or pieces: F(1, len(left)) for piece in left}


memory_defect("pietergmail-seven-bag", pieces, bag, lambda left: F(7 - len(left), 7))
# hanswillem: the first draw, from the fresh state, never gives 'banana' (the list's last item): apple and
# pear 1/2 each against 1/3 declared, a total variation of 1/3, on one draw of a session; later draws
# are the declared ones.
out["hanswillem-pick-random"] = {"odds": str(F(1, 3) * F(1, SESSION))}


def stock_defect(name, prizes, fallback, game_shares):
    """A stock drawn by weight whose sold-out prizes give their weight to `fallback`, refilled when every
    prize is gone: the share of draws in play made with wrong odds, Σ over the declared states the game's
    own draws reach of the state's long-run share × the total variation between the game's shares
    (`game_shares(left)`) and the declared ones."""
    full = tuple(units for _, _, units in prizes)

    def declared(left):
        weights = {fallback[0]: fallback[1]}
        for (label, weight, _), units in zip(prizes, left):
            if units > 0:
                weights[label] = weights.get(label, 0) + weight
            else:
                weights[fallback[0]] += weight
        total = sum(weights.values())
        return {label: w / total for label, w in weights.items()}

    def after(left, label):
        new = tuple(units - 1 if prize[0] == label and units > 0 else units for prize, units in zip(prizes, left))
        return full if sum(new) == 0 else new

    def step(left):
        moves = {}
        for label, p in declared(left).items():
            if p > 0:
                moves[after(left, label)] = moves.get(after(left, label), 0) + p
        return moves

    shares = stationary(reachable(full, step), step)
    # The states the game's own draws reach (a draw it never gives cannot lead anywhere).
    reached = reachable(full, lambda left: {after(left, label): 1 for label, p in game_shares(left).items() if p > 0})
    total = F(0)
    for left in reached:
        game, want = game_shares(left), declared(left)
        total += shares.get(left, 0) * sum(abs(game.get(k, 0) - want.get(k, 0)) for k in set(game) | set(want)) / 2
    out[name] = {"odds": str(total)}


def ruleta(options):
    """The game's shares in a state: a cumulative `random <= sum` over the options still valid, index 0
    past the last (U uniform on [0, 1): each option gets the length of its interval inside [0, 1))."""
    def shares(left):
        stock = dict(left)
        result, running = {}, F(0)
        for label, p, units in options:
            if units is not None and stock[label] == 0:
                continue
            start, running = running, running + F(p)
            width = max(F(0), min(running, F(1)) - min(start, F(1)))
            result[label] = result.get(label, 0) + width
        result[options[0][0]] = result.get(options[0][0], 0) + max(F(0), 1 - running)
        return result
    return shares


old_table = [("segui-participando", "0.325", None), ("ano-gratis", "0.05", 1), ("segui-participando", "0.325", None),
             ("totebag", "0.10", 1), ("panuelo", "0.10", 1), ("abanico", "0.10", 1), ("segui-participando", "0.325", None),
             ("cupon-descuento", "0.10", 1), ("piluso", "0.10", 1)]
old_prizes = [(label, F(p), units) for label, p, units in old_table if units is not None]
old_shares = ruleta(old_table)
stock_defect("ruleta-prize-wheel --old", old_prizes, ("segui-participando", F("0.975")),
             lambda left: old_shares(tuple(zip([p[0] for p in old_prizes], left))))
out["ruleta-prize-wheel"] = {"variation": "0"}
# node-luck: Math.round(U * 249) gives 0 and 249 half the chance of the other values; A [0, 10),
# B [10, 60), C [60, 200), no prize from 200 and for a prize out of stock.
luck_prizes = [("A", F(10), 1), ("B", F(50), 2), ("C", F(140), 3)]


def luck_shares(left):
    result = {}
    for value in range(250):
        p = F(1, 2 * 249) if value in (0, 249) else F(1, 249)
        label = "none"
        for (name, _, _), start, end, units in zip(luck_prizes, (0, 10, 60), (10, 60, 200), left):
            if start <= value < end and units > 0:
                label = name
        result[label] = result.get(label, 0) + p
    return result


stock_defect("node-luck", luck_prizes, ("none", F(50)), luck_shares)
# wish-sim planted: a lost 50/50 leaves the pity running; its exact share is that of the same rule in
# GivenStateCheckTests (aBannerWhoseMemoryIsWrongFailsItsTransitions); here it must fail its transitions.
out["traveling-lumine-wish --planted"] = {"transitions": "fail"}
# kristofer-astro/Mem: a five-star sets the counter to 1, not 0: after the first five-star every draw
# leads one pity count ahead of the declared state, which its transitions must show.
out["kristofer-mem"] = {"transitions": "fail"}

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "expected.json"), "w") as f:
    json.dump(out, f, indent=1, sort_keys=True)
    f.write("\n")
