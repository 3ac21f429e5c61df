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
# wish-sim planted: a lost 50/50 leaves the pity running; its exact share is that of the same rule in
# GivenStateCheckTests (aBannerWhoseMemoryIsWrongFailsItsTransitions); here it must fail its transitions.
out["traveling-lumine-wish --planted"] = {"transitions": "fail"}

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "expected.json"), "w") as f:
    json.dump(out, f, indent=1, sort_keys=True)
    f.write("\n")
