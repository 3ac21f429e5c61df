#!/usr/bin/env python3
"""Public dice games ported as they are written, behind the fairness-audit probe protocol (version 6).
Usage: dice_corpus.py GAME [--twin]. GAME names a port (see GAMES below and dice_corpus/README.md for
where each comes from); --twin answers with the same game written correctly. Standard library only.
"""
import os
import random
import sys

def d(u, faces):
    """The games' own die: a uniform draw scaled to a face, as random.random() and Math.random() are used."""
    return int(u * faces) + 1


# ---- sic bo ---------------------------------------------------------------------------------------------
def sic_bo_rules(bet, dice):
    total, triple = sum(dice), dice[0] == dice[1] == dice[2]
    if triple:
        return -1
    return 1 if (4 <= total <= 10) == (bet == "small") else -1


def sic_bo_high_low(bet, dice):
    # High wins if 10 < t < 18, low if 3 < t < 11; the triple rule is missing and 3 and 18 push.
    t = sum(dice)
    high = 1 if 10 < t < 18 else (-1 if 3 < t < 11 else 0)
    return high if bet == "big" else -high


def sic_bo_small_le_9(bet, dice):
    # Triples lose; small is a total of 9 or less, big more than 9.
    if dice[0] == dice[1] == dice[2]:
        return -1
    small = sum(dice) <= 9
    return 1 if small == (bet == "small") else -1


def sic_bo_no_triples(bet, dice):
    # isBig = 11 <= total <= 18; isSmall = 3 <= total <= 10: every triple wins for its side.
    t = sum(dice)
    if bet == "small":
        return 1 if 3 <= t <= 10 else -1
    return 1 if 11 <= t <= 18 else -1


# ---- chuck-a-luck, over/under ---------------------------------------------------------------------------
def chuck_rules(dice):
    n = dice.count(1)
    return n if n else -1


def chuck_flat(dice):
    # Pays even money whenever the number shows, however many dice show it.
    return 1 if 1 in dice else -1


def over_under_rules(bet, dice):
    t = sum(dice)
    return {"under": 1 if t < 7 else -1, "over": 1 if t > 7 else -1, "seven": 4 if t == 7 else -1}[bet]


def over_under_even_seven(bet, dice):
    # "Exactly 7" paid like the other two: even money.
    t = sum(dice)
    return {"under": 1 if t < 7 else -1, "over": 1 if t > 7 else -1, "seven": 1 if t == 7 else -1}[bet]


# ---- craps ----------------------------------------------------------------------------------------------
def pass_line(rolls, comeout):
    point = None
    for a, b in rolls:
        t = a + b
        if point is None:
            decision = comeout(t)
            if decision is not None:
                return decision
            point = t
        elif t == point:
            return 1
        elif t == 7:
            return -1
    return None


def comeout_rules(t):
    """The come-out roll's decision: 1 (a natural), -1 (craps) or None (a point)."""
    return 1 if t in (7, 11) else (-1 if t in (2, 3, 12) else None)


def comeout_pass_is_seven(t):
    # let pass = 7 || 11;  let loss = 2 || 3 || 12;  (in JavaScript these are 7 and 2)
    # if (value == pass) return "WINNER"; else if (value == loss) return "LOSER";
    passing, loss = 7 or 11, 2 or 3 or 12
    return 1 if t == passing else (-1 if t == loss else None)


# ---- Yahtzee, Farkle ------------------------------------------------------------------------------------
def yahtzee_rules(hand, dice):
    # The card sorts the hand before scoring it (the spec says `sees: sorted`), so it reads runs in the
    # order given: right on sorted dice only.
    counts = sorted((dice.count(f) for f in set(dice)), reverse=True)
    run = best = 1
    for i in range(1, len(dice)):
        if dice[i] == dice[i - 1]:
            continue
        run = run + 1 if dice[i] == dice[i - 1] + 1 else 1
        best = max(best, run)
    return {
        "four-of-a-kind": counts[0] >= 4, "small-straight": best >= 4, "large-straight": best >= 5,
        "full-house": counts[0] >= 3 and len(counts) > 1 and counts[1] >= 2,
    }[hand]


def yahtzee_four_always(hand, dice):
    # Four of a kind scores on any hand: the check compares a count with itself.
    if hand == "four-of-a-kind":
        return True
    return yahtzee_rules(hand, dice)


def farkle_rules(dice):
    for face in range(1, 7):
        if dice.count(face) == 3:
            return 1000 if face == 1 else 100 * face
    return 100 * dice.count(1) + 50 * dice.count(5)


def farkle_three_ones_300(dice):
    # Three of a kind scores 100 times the face, three 1s included.
    for face in range(1, 7):
        if dice.count(face) == 3:
            return 100 * face
    return 100 * dice.count(1) + 50 * dice.count(5)


GAMES = {
    # name: (spec family, port, twin)
    "sic-bo-high-low": ("sic-bo", sic_bo_high_low, sic_bo_rules),
    "sic-bo-small-le-9": ("sic-bo", sic_bo_small_le_9, sic_bo_rules),
    "sic-bo-no-triples": ("sic-bo", sic_bo_no_triples, sic_bo_rules),
    "chuck-a-luck-flat": ("chuck", chuck_flat, chuck_rules),
    "over-under-even-seven": ("over-under", over_under_even_seven, over_under_rules),
    "craps-pass-is-seven": ("craps", comeout_pass_is_seven, comeout_rules),
    "craps-seven-faced-dice": ("craps", lambda u: int(u * 7) + 1, lambda u: d(u, 6)),
    "two-dice-next-int-12": ("total", lambda draws: int(draws[0] * 12), lambda draws: d(draws[0], 6) + d(draws[1], 6)),
    "d20-randrange-1-20": ("total", lambda draws: 1 + int(draws[0] * 19), lambda draws: d(draws[0], 20)),
    "3d6-randint-3-18": ("total", lambda draws: 3 + int(draws[0] * 16), lambda draws: sum(d(u, 6) for u in draws)),
    "yahtzee-four-always": ("yahtzee", yahtzee_four_always, yahtzee_rules),
    "farkle-three-ones-300": ("farkle", farkle_three_ones_300, farkle_rules),
}
GAME = FAMILY = PLAY = None


def answer(line):
    words = line.split()
    verb, args = words[0], words[1:]
    if verb == "fairness-probe":
        return "ok 6 dice double"
    if verb == "settle":
        dice = [int(a) for a in args[1:]]
        if FAMILY == "sic-bo" or FAMILY == "over-under":
            return str(PLAY(args[0], dice))
        if FAMILY in ("chuck", "farkle"):
            return str(PLAY(dice))
        return "none"
    if verb == "round" and FAMILY == "craps":
        rolls = [tuple(int(x) for x in part.split()) for part in " ".join(args[1:]).split("/")]
        comeout = PLAY if GAME == "craps-pass-is-seven" else comeout_rules
        result = pass_line(rolls, comeout)
        return "more" if result is None else str(result)
    if verb == "round" and FAMILY == "yahtzee":
        # Three rolls at most, the player keeping dice in between; five alike wins.
        rolls = [[int(x) for x in part.split()] for part in " ".join(args[1:]).split("/")]
        for number, dice in enumerate(rolls, start=1):
            if len(set(dice)) == 1:
                return "1"
            if number == 3:
                return "-1"
        return "more"
    if verb == "hand" and FAMILY == "yahtzee":
        return "yes" if PLAY(args[0], [int(a) for a in args[1:]]) else "no"
    if verb == "value" and FAMILY == "total":
        return str(PLAY([float(a) for a in args[1:]]))
    if verb == "random":
        return "double " + " ".join(repr(random.random()) for _ in range(int(args[0])))
    if verb == "roll":
        die = PLAY if GAME == "craps-seven-faced-dice" else (lambda u: d(u, 6))
        return " ".join(str(die(float(u))) for u in args)
    return "none"


def main():
    global GAME, FAMILY, PLAY
    GAME = sys.argv[1]
    FAMILY, port, right = GAMES[GAME]
    PLAY = right if "--twin" in sys.argv else port
    pending = b""
    while True:
        chunk = os.read(0, 1 << 16)
        if not chunk:
            return
        pending += chunk
        *lines, pending = pending.split(b"\n")
        if lines:
            os.write(1, ("\n".join(answer(line.decode()) for line in lines) + "\n").encode())


if __name__ == "__main__":
    main()
