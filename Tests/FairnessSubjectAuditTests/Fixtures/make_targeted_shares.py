#!/usr/bin/env python3
"""Exact shares of the targeted-wheel corpus (Tests/FairnessSubjectAuditTests/Corpus/TargetedCorpus.swift),
computed independently of the toolkit with Python fractions.

Each game is described here from its source, not from the toolkit: the wheel's painted arcs (degrees,
clockwise from 0, pointer at 0), how the game draws its index, and for each index the wheel angle it
brings under the pointer as a function of its own draw u in [0, 1) (linear in u), and what it shows (the
prize it decided, or what the pointer reads). The draw interval is cut wherever the angle crosses a line;
on each piece the play is judged as the toolkit's docs/checks.md defines the classes:

- inside the index's own arc, showing its label: correct;
- inside another arc, showing that arc's label: mislabel (another prize than decided);
- anything else with positive measure (a gap, another label, a trap): invalid;
- a stop exactly on a line for a whole piece (the pointer on a divider): rounding.

A game whose rotation accumulates between spins is judged on every spin of the session model (session()):
the figure is the worst spin's.

Output: Tests/FairnessSubjectAuditTests/Fixtures/targeted_shares.json, one entry per planted game: the worst class
and its exact share of plays, every class's share, and the largest gap between the exact odds of what is
shown and the painted shares; and, for the JavaScript prize-table probe in each mode
(js-prize-table-MODE, in Tests/FairnessProbeTests/Fixtures/probes/prize_table_shares.json), the invalid
share and the gap between the game's own index draw and the declared one. Run: python3 Tests/FairnessSubjectAuditTests/Fixtures/make_targeted_shares.py
"""
from fractions import Fraction as F
import json
import os

TURN = F(360)


def equal(n):
    w = TURN / n
    return [(k * w, (k + 1) * w, k + 1) for k in range(n)]


def arc_of(arcs, angle):
    """The arc strictly containing `angle` (mod 360), 'line' if it is on an arc's end, None over a gap."""
    a = angle % TURN
    for start, end, label in arcs:
        if start < a < end:
            return (start, end, label)
    for start, end, _ in arcs:
        if a == start % TURN or a == end % TURN:
            return "line"
    return None


def judge(arcs, index, angle, shows):
    """The class of one play of `index` stopping at wheel angle `angle` and showing `shows`."""
    if shows is None:
        return "invalid"
    where = arc_of(arcs, angle)
    if where == "line":
        return "rounding"
    if where is None:
        return "invalid"
    own = arcs[index]
    if where[2] != shows:
        return "invalid"
    return "correct" if where == own else "mislabel"


def pieces(arcs, a, b):
    """Cut u in [0, 1) where the angle a + b u crosses a line; each piece (lo, hi, representative u)."""
    cuts = {F(0), F(1)}
    if b != 0:
        ends = [s for s, _, _ in arcs] + [e for _, e, _ in arcs]
        lo, hi = min(a, a + b), max(a, a + b)
        for end in ends:
            k_lo = (lo - end) // TURN - 1
            k_hi = (hi - end) // TURN + 1
            for k in range(int(k_lo), int(k_hi) + 1):
                u = (end + k * TURN - a) / b
                if 0 < u < 1:
                    cuts.add(u)
    cuts = sorted(cuts)
    return [(lo, hi, (lo + hi) / 2) for lo, hi in zip(cuts, cuts[1:])]


def play(arcs, index_probabilities, stop):
    """Shares of each class and the exact odds of each shown label.

    stop(i, u) -> list of (u_lo, u_hi, a, b, shows) pieces: on [u_lo, u_hi) the angle is a + b u and the
    game shows `shows` (a label; 'pointer' for what the pointer reads; None for a trap or no result)."""
    shares, odds = {}, {}
    for i, p in index_probabilities.items():
        if p == 0:
            continue
        for u_lo, u_hi, a, b, shows in stop(i):
            for lo, hi, mid in pieces(arcs, a, b):
                lo, hi = max(lo, u_lo), min(hi, u_hi)
                if hi <= lo:
                    continue
                mid = (lo + hi) / 2
                angle = a + b * mid
                shown = shows
                if shows == "pointer":
                    where = arc_of(arcs, angle)
                    shown = where[2] if isinstance(where, tuple) else None
                verdict = judge(arcs, i, angle, shown)
                weight = p * (hi - lo)
                shares[verdict] = shares.get(verdict, 0) + weight
                key = "none" if shown is None else str(shown)
                odds[key] = odds.get(key, 0) + weight
    painted = sum(e - s for s, e, _ in arcs)
    claimed = {str(l): (e - s) / painted for s, e, l in arcs}
    gap = max(abs(odds.get(k, 0) - claimed.get(k, 0)) for k in set(odds) | set(claimed))
    return shares, gap


ORDER = ["invalid", "mislabel", "rounding"]
SESSION_SPINS = 10000
SECOND_SPIN_STARTS = 8


def worst_of(shares):
    """(class, share) of the most severe class with a positive share, (None, 0) if none."""
    return next(((c, shares[c]) for c in ORDER if shares.get(c, 0) > 0), (None, 0))


def session(arcs, index_probabilities, stop, angle):
    """The worst spin of a session of a wheel whose stop depends on the rotation it turns on from.

    stop(P, i, u) is the exact rotation the game stops at from rotation P; angle(P, i) the pieces, as for
    play(), of the wheel angle under the pointer (-stop mod 360, linear in u). The spins judged, as
    docs/checks.md states the model: the first spin from 0; a second spin from where a first spin to each
    index drawn (at most 8, evenly spread) at u = 1/2 leaves the wheel; and the spin after 9,999 spins to the
    indices in turn, each at u = 1/2. The worst is the most severe class, then the largest share."""
    drawn = sorted(i for i, p in index_probabilities.items() if p > 0)
    count = min(len(drawn), SECOND_SPIN_STARTS)
    starts = [F(0)] + [stop(F(0), drawn[k * len(drawn) // count], F(1, 2)) for k in range(count)]
    late = F(0)
    for k in range(SESSION_SPINS - 1):
        late = stop(late, drawn[k % len(drawn)], F(1, 2))
    starts.append(late)
    best = None
    for start in starts:
        shares, gap = play(arcs, index_probabilities, lambda i: angle(start, i))
        worst = worst_of(shares)
        rank = (ORDER.index(worst[0]) if worst[0] else len(ORDER), -worst[1])
        if best is None or rank < best[0]:
            best = (rank, shares)
        if start == 0:
            first_gap = gap
    return best[1], first_gap


def round_half_away(x):
    """Swift's rounded() and JavaScript's Math.round for a positive x: to the nearest whole number, a half
    up."""
    return (x + F(1, 2)).__floor__()


def uniform(n):
    return {i: F(1, n) for i in range(n)}


def games():
    out = {}
    # Divider: angle i * 10 exactly, shows the decided prize.
    arcs = equal(36)
    out["targeted-divider-36-bug"] = play(arcs, uniform(36), lambda i: [(F(0), F(1), F(10 * i), F(0), i + 1)])
    # Jitter 1.2 slices: angle (i + 1.2 u - 0.1) * 45, shows the decided prize.
    arcs = equal(8)
    out["targeted-jitter-8-bug"] = play(
        arcs, uniform(8), lambda i: [(F(0), F(1), (i - F(1, 10)) * 45, F(6, 5) * 45, i + 1)])
    # Read back, jitter 36/35 of a slice around the middle: angle (i + 1/2 + (u - 1/2) 36/35) 360/7.
    arcs = equal(7)
    w = TURN / 7
    span = F(36, 35)
    out["targeted-read-back-7-bug"] = play(
        arcs, uniform(7), lambda i: [(F(0), F(1), (i + F(1, 2) - span / 2) * w, span * w, "pointer")])
    # Index 0 re-drawn as floor(8 u), stopping mid-slice of the new prize.
    arcs = equal(8)

    def replaced(i):
        if i != 0:
            return [(F(0), F(1), (i + F(1, 2)) * 45, F(0), i + 1)]
        return [(F(k, 8), F(k + 1, 8), (k + F(1, 2)) * 45, F(0), k + 1) for k in range(8)]

    out["targeted-replaced-index-8-bug"] = play(arcs, uniform(8), replaced)
    # nextInt(n - 1): indices 0..<9 of 10, mid-slice.
    arcs = equal(10)
    out["targeted-off-by-one-10-bug"] = play(
        arcs, uniform(9), lambda i: [(F(0), F(1), (i + F(1, 2)) * 36, F(0), i + 1)])
    # One past the end: indices 0..<7 of 6; index 6 traps.
    arcs = equal(6)
    out["targeted-past-the-end-6-bug"] = play(
        arcs, uniform(7), lambda i: [(F(0), F(1), (i + F(1, 2)) * 60, F(0), i + 1 if i < 6 else None)])
    # Throws on every spin.
    arcs = equal(5)
    out["targeted-throwing-5-bug"] = play(arcs, uniform(5), lambda i: [(F(0), F(1), (i + F(1, 2)) * 72, F(0), None)])
    # Negative spin, not mirrored: the wheel angle under the pointer is -(i + 1/2) * 30; reads back.
    arcs = equal(12)
    out["targeted-negative-spin-12-bug"] = play(
        arcs, uniform(12), lambda i: [(F(0), F(1), -(i + F(1, 2)) * 30, F(0), "pointer")])
    # Slices drawn 51 degrees wide from 0 (3 degrees unpainted); stops at (i + u) 360/7, shows the decided prize.
    arcs = [(F(51 * k), F(51 * k + 51), k + 1) for k in range(7)]
    out["targeted-integer-width-7-bug"] = play(arcs, uniform(7), lambda i: [(F(0), F(1), i * w, w, i + 1)])
    # Sessions. The rotation accumulates; the stop point is 45 i + 4.5 + 36 u (the middle 80% of the slice),
    # target = 360 - point; the bug adds 1800 + target to the current rotation P without taking P off, so
    # the wheel angle under the pointer is point - P (mod 360).
    arcs = equal(8)
    out["targeted-accumulating-8-bug"] = session(
        arcs, uniform(8),
        lambda P, i, u: P + 1800 + 360 - (45 * i + F(9, 2) + 36 * u),
        lambda P, i: [(F(0), F(1), 45 * i + F(9, 2) - P, F(36), i + 1)])
    # The stop point is 45 (i + u); the way forward is measured from round(P):
    # stop = P + 1800 + ((target - round(P)) mod 360), so the angle under the pointer is point + round(P) - P.
    out["targeted-rounded-current-8-bug"] = session(
        arcs, uniform(8),
        lambda P, i, u: P + 1800 + (360 - 45 * (i + u) - round_half_away(P)) % 360,
        lambda P, i: [(F(0), F(1), 45 * i + round_half_away(P) - P, F(45), i + 1)])
    return out


def prize_table_games():
    """The JavaScript prize-table game (Tests/FairnessProbeTests/Fixtures/probes/prize_table.js) in each mode:
    the game's own pick U over its weights, then a stop inside the middle 80% of the slice showing the
    prize's label (index 6 has no prize: the game throws). Exact index probabilities from the cumulative
    weights; the declared draw is 40:25:15:10:6:4 over six slices."""
    weights = [40, 25, 15, 10, 6, 4]
    declared = {i: F(w, 100) for i, w in enumerate(weights)}
    out = {}
    for mode in ["correct", "off-by-one", "past-the-end", "throws"]:
        total = sum(weights[:-1]) if mode == "off-by-one" else sum(weights) + (10 if mode == "past-the-end" else 0)
        picks, trap = {}, F(0)
        # u in [0, 1): r = u * total walks the cumulative weights; u >= 0.9 throws in "throws".
        top = F(9, 10) if mode == "throws" else F(1)
        if mode == "throws":
            trap = 1 - top
        low = F(0)
        for i, w in enumerate(weights):
            high = min(low + F(w, total), top)
            if high > low:
                picks[i] = high - low
            low += F(w, total)
            if low >= top:
                break
        if low < top:
            picks[len(weights)] = top - low  # past the last cumulative weight: index n
        invalid = trap + picks.get(len(weights), 0)
        gap = max([abs(picks.get(i, 0) - declared.get(i, 0)) for i in set(picks) | set(declared)] + [trap])
        out[f"js-prize-table-{mode}"] = {
            "class": "invalid" if invalid > 0 else None,
            "share": str(invalid),
            "share_value": float(invalid),
            "shares": {"invalid": float(invalid)} if invalid > 0 else {},
            "odds_gap": str(gap),
            "odds_gap_value": float(gap),
        }
    return out


def main():
    fixture = {}
    for name, (shares, gap) in sorted(games().items()):
        wrong = {c: shares[c] for c in ORDER if shares.get(c, 0) > 0}
        worst = next((c for c in ORDER if c in wrong), None)
        fixture[name] = {
            "class": worst,
            "share": str(wrong.get(worst, 0)),
            "share_value": float(wrong.get(worst, 0)),
            "shares": {c: float(v) for c, v in wrong.items()},
            "odds_gap": str(gap),
            "odds_gap_value": float(gap),
        }
    here = os.path.dirname(os.path.abspath(__file__))
    probes = prize_table_games()
    for where, entries in [
        (("FairnessSubjectAuditTests", "Fixtures", "targeted_shares.json"), fixture),
        (("FairnessProbeTests", "Fixtures", "probes", "prize_table_shares.json"), probes),
    ]:
        with open(os.path.join(here, "..", "..", *where), "w") as f:
            json.dump(entries, f, indent=2, sort_keys=True)
            f.write("\n")
        for name, entry in entries.items():
            print(f"{name}: {entry['class']} {entry['share']}, odds gap {entry['odds_gap']}")


if __name__ == "__main__":
    main()
