#!/usr/bin/env python3
"""Sample logs of bets and rounds, for docs/logs.md and docs/dice.md: sic bo (Examples/probes/python/sic_bo.yaml)
and craps (Examples/probes/python/craps.yaml). Each bet is settled here by its rules written out, apart from
the toolkit. Standard library only; seeded, so the same arguments give the same files.

Usage: make_bet_logs.py OUTDIR [ROUNDS]   (default 100,000 rounds each)

Writes:
  sic-bo-fair.csv           round,bet,outcome,stake,payout: every round one roll of three fair dice and a line
                            for each of small, big, any-triple and single-4 (stake 1-5; payout = stake x
                            (1 + net), 0 when the bet loses)
  sic-bo-small-le-9.csv     the same game settling small as a win on totals 4-9 only (a total of 10 loses)
  craps-fair.jsonl          {"round", "bet", "outcome", "stake", "payout"}: a shooter's whole round of two fair
                            dice ("4-3 / 6-5 / 4-3"), one line for the pass line and one for don't pass
  craps-eleven-is-a-point.jsonl   the same game making 11 on the come-out a point for the pass line (the round
                            goes on; no don't-pass line for those rounds)
It prints, per file, the count of lines the rules settle otherwise than the log, as the audit must find.
"""
import json
import os
import random
import sys


def sic_bo_net(bet, dice, small_up_to=10):
    total, triple = sum(dice), dice[0] == dice[1] == dice[2]
    if bet == "small":
        return 1 if not triple and 4 <= total <= small_up_to else -1
    if bet == "big":
        return 1 if not triple and 11 <= total <= 17 else -1
    if bet == "any-triple":
        return 30 if triple else -1
    fours = dice.count(4)  # single-4 pays 1, 2 or 3 to 1 by how many dice show 4
    return fours if fours else -1


def write_sic_bo(path, rounds, seed, small_up_to):
    rng, wrong = random.Random(seed), 0
    with open(path, "w") as out:
        out.write("round,bet,outcome,stake,payout\n")
        for round_number in range(1, rounds + 1):
            dice = [rng.randint(1, 6) for _ in range(3)]
            for bet in ("small", "big", "any-triple", "single-4"):
                stake = rng.randint(1, 5)
                net = sic_bo_net(bet, dice, small_up_to)
                wrong += net != sic_bo_net(bet, dice)
                out.write(f"r{round_number},{bet},{'-'.join(map(str, dice))},{stake},{stake * (1 + net)}\n")
    return wrong


def craps_round(rng, eleven_is_a_point):
    """The rolls of one round and the nets of the pass line and don't pass (None: no don't-pass line)."""
    def roll():
        return [rng.randint(1, 6), rng.randint(1, 6)]
    rolls = [roll()]
    first = sum(rolls[0])
    if first == 7 or (first == 11 and not eleven_is_a_point):
        return rolls, 1, -1
    if first in (2, 3):
        return rolls, -1, 1
    if first == 12:
        return rolls, -1, 0
    while True:
        rolls.append(roll())
        total = sum(rolls[-1])
        if total == first:
            return rolls, 1, (None if first == 11 else -1)
        if total == 7:
            return rolls, -1, (None if first == 11 else 1)


def write_craps(path, rounds, seed, eleven_is_a_point):
    rng, wrong = random.Random(seed), 0
    with open(path, "w") as out:
        for round_number in range(1, rounds + 1):
            rolls, pass_net, dont_pass_net = craps_round(rng, eleven_is_a_point)
            shown = " / ".join("-".join(map(str, r)) for r in rolls)
            wrong += eleven_is_a_point and sum(rolls[0]) == 11
            out.write(json.dumps({"round": round_number, "bet": "pass-line", "outcome": shown, "stake": 10,
                                  "payout": 10 * (1 + pass_net)}) + "\n")
            if dont_pass_net is not None:
                out.write(json.dumps({"round": round_number, "bet": "dont-pass", "outcome": shown, "stake": 10,
                                      "payout": 10 * (1 + dont_pass_net)}) + "\n")
    return wrong


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    folder, rounds = sys.argv[1], int(sys.argv[2]) if len(sys.argv) == 3 else 100_000
    os.makedirs(folder, exist_ok=True)
    for name, wrong in [
        ("sic-bo-fair.csv", write_sic_bo(os.path.join(folder, "sic-bo-fair.csv"), rounds, 1, 10)),
        ("sic-bo-small-le-9.csv", write_sic_bo(os.path.join(folder, "sic-bo-small-le-9.csv"), rounds, 2, 9)),
        ("craps-fair.jsonl", write_craps(os.path.join(folder, "craps-fair.jsonl"), rounds, 3, False)),
        ("craps-eleven-is-a-point.jsonl", write_craps(os.path.join(folder, "craps-eleven-is-a-point.jsonl"), rounds, 4, True)),
    ]:
        print(f"{name}: {wrong} lines settled otherwise than the rules ({rounds} rounds)")


if __name__ == "__main__":
    main()
