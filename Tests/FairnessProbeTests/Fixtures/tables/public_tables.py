#!/usr/bin/env python3
"""Public loot tables and gacha draws, ported as fairness-audit probes (docs/probe-protocol.md, prize
draws): the selection logic of each game as its repository writes it (SOURCES.md), with the game's random
call fed the draw U the toolkit sends. `--twin` runs the corrected twin of a game whose code has a defect.

Unity's Random.Range(0, n) with ints returns 0 ... n - 1: floor(U * n) here. Python's random() < p and
JavaScript's Math.random() are U itself.

Games with memory (pity, no-repeat, stock) are in public_memory_tables.py; `--planted` or `--regression`
selects their variant.

Usage: public_tables.py GAME [--twin | --planted | --regression]
"""
import os
import sys

GAME = sys.argv[1]
TWIN = "--twin" in sys.argv


def unity_range(u, n):
    return min(int(u * n), n - 1)


def scout507_dungeon_loot(u, state):
    """scout507/Game_Project LootTable.roll(0): eight drops weighted 800 ... 6, subtracted in turn."""
    table = [800, 400, 200, 100, 50, 25, 12, 6]
    r = unity_range(u, sum(table)) + 0
    for i, chance in enumerate(table):
        if r < chance:
            return f"drop-{i}"
        r -= chance
    return f"drop-{len(table) - 1}"


def eduardmirzoyan_drop(u, state):
    """eduardmirzoyan/Roguelike-Soulslike LootTable.getDrop(): weights from the asset (ours: 50, 30, 15, 5).
    `--planted`: `Random.Range(0, totalWeight - 1)`, an exclusive bound taken for an inclusive one, so the
    last roll, the relic's, is never made."""
    table = [("sword", 50), ("shield", 30), ("potion", 15), ("relic", 5)]
    total = sum(w for _, w in table)
    roll = unity_range(u, total - 1 if "--planted" in sys.argv else total)
    for item, weight in table:
        if weight > roll:
            return item
        roll -= weight
    return table[roll][0]


def genasim_random_loot(u, state):
    """genasim/Atticventure RandomLoot.Start(): items A, B, C weighted 60, 30, 10; `randomNumber <= table[i]`
    (the twin: `<`), so A takes 61 of the 100 rolls and C only 9."""
    table = [60, 30, 10]
    r = unity_range(u, sum(table))
    for i, weight in enumerate(table):
        if (r < weight) if TWIN else (r <= weight):
            return "ABC"[i]
        r -= weight
    return "none"


def andreimaroiu_weighted(u, state):
    """AndreiMaroiu/ProiectDam WeightedRandom.Take(): weights from the caller (ours: 5, 3, 2);
    `Random.Range(0, total + 1)` with `sum >= target` gives the first element one roll too many (the twin:
    Range(0, total) and `sum > target`)."""
    weights = [("room", 5), ("chest", 3), ("trap-room", 2)]
    total = sum(w for _, w in weights)
    target = unity_range(u, total) if TWIN else unity_range(u, total + 1)
    running = 0
    for item, weight in weights:
        running += weight
        if (running > target) if TWIN else (running >= target):
            return item
    return weights[-1][0]


def vishnuk_gacha(u, state):
    """VishnuK1998/NewRepository gachapull(): 1% five-star, 20% four-star, the rest three-star, by
    cumulative `x <= P` (equal only on single draws)."""
    p = [0.01, 0.20 + 0.01, 1]
    if u <= p[0]:
        return "five-star"
    if u <= p[1]:
        return "four-star"
    return "three-star"


GAMES = {
    "scout507-dungeon-loot": scout507_dungeon_loot,
    "eduardmirzoyan-drop": eduardmirzoyan_drop,
    "genasim-random-loot": genasim_random_loot,
    "andreimaroiu-weighted": andreimaroiu_weighted,
    "vishnuk-gacha": vishnuk_gacha,
}


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from public_memory_tables import MEMORY_GAMES  # noqa: E402

VARIANT = sys.argv[2] if len(sys.argv) > 2 else ""


def answer(line, state):
    words = line.split()
    if not words:
        return "trap"
    if words[0] == "fairness-probe":
        return "ok 4 table double"
    if GAME in MEMORY_GAMES:
        if words[0] == "reset" or "game" not in state:
            state["game"] = MEMORY_GAMES[GAME](VARIANT)
        if words[0] == "reset":
            return "ok"
        if words[0] == "draw":
            return state["game"].draw(float(words[1]))
        if words[0] == "peek":
            return state["game"].clone().draw(float(words[1]))
        return "trap"
    if words[0] == "reset":
        return "ok"
    if words[0] in ("draw", "peek"):
        return GAMES[GAME](float(words[1]), state)
    return "trap"


def main():
    state, pending = {}, b""
    while True:
        chunk = os.read(0, 1 << 16)
        if not chunk:
            return
        pending += chunk
        *lines, pending = pending.split(b"\n")
        if lines:
            os.write(1, ("\n".join(answer(line.decode(), state) for line in lines) + "\n").encode())


if __name__ == "__main__":
    main()
