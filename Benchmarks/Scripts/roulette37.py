#!/usr/bin/env python3
"""European roulette (37 pockets in wheel order) behind the probe protocol, as a Python game would compute
it: the pocket index from the angle under the pointer. For 'audit-bench --probe' throughput figures."""
import os

LABELS = [0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31,
          9, 22, 18, 29, 7, 28, 12, 35, 3, 26]
WIDTH = 360.0 / len(LABELS)


def pocket(rotation):
    angle = (-rotation) % 360.0
    return LABELS[min(int(angle / WIDTH), len(LABELS) - 1)]


def main():
    session, pending = 0.0, b""
    while True:
        chunk = os.read(0, 1 << 16)
        if not chunk:
            return
        pending += chunk
        *lines, pending = pending.split(b"\n")
        out = []
        for line in lines:
            words = line.split()
            verb = words[0]
            if verb == b"report":
                out.append(str(pocket(float(words[1]))))
            elif verb == b"play":
                session = session + 8 * 360.0 + float(words[1])
                out.append(f"{session!r} {pocket(session)}")
            elif verb == b"spin":
                out.append(repr(float(words[2]) + 8 * 360.0 + float(words[1])))
            elif verb == b"reset":
                session = 0.0
                out.append("ok")
            elif verb == b"fairness-probe":
                out.append("ok 1 wheel double")
            else:
                out.append("none")
        if out:
            os.write(1, ("\n".join(out) + "\n").encode())


if __name__ == "__main__":
    main()
