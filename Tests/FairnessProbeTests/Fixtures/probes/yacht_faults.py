#!/usr/bin/env python3
"""Five dice with a yacht (five of a kind) detector whose answer on the six yacht rolls is broken in the way
the first argument says: 'none' (no answer there, though it answers every other roll), 'trap' (the game
crashes there and the probe says so), 'crash' (the probe itself dies there). Without an argument it is
correct. It has no straight detector of its own ('none' to every straight request)."""
import os
import sys

FAULT = sys.argv[1] if len(sys.argv) > 1 else ""


def answer(line):
    words = line.split()
    if words[0] == "fairness-probe":
        return "ok 1 dice double"
    if words[0] in ("straight", "category"):
        return "none"
    if words[0] == "hand":
        faces = words[2:]
        yacht = len(set(faces)) == 1
        if yacht and FAULT == "none":
            return "none"
        if yacht and FAULT == "trap":
            return "trap"
        if yacht and FAULT == "crash":
            sys.stdout.flush()
            os._exit(4)
        return "yes" if yacht else "no"
    if words[0] == "roll":
        return " ".join(str(int(float(u) * 6) + 1) for u in words[1:])
    return "none"


pending = b""
while True:
    chunk = os.read(0, 1 << 16)
    if not chunk:
        break
    pending += chunk
    *lines, pending = pending.split(b"\n")
    if lines:
        os.write(1, ("\n".join(answer(line.decode()) for line in lines) + "\n").encode())
