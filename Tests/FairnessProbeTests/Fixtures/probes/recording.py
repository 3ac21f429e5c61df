#!/usr/bin/env python3
"""A correct game behind the probe protocol that writes every request it receives to a log file, so a test
can check what the toolkit sends: `recording.py KIND LOG [trap-spin]`.

  KIND wheel        4 equal sectors, degrees, pointer and first sector at the top (four_sectors_top.yaml);
                    spins add five turns and the drawn angle
  KIND wheel-float  the same in single precision (values rounded to float32)
  KIND target       the same wheel told its index: stops at a random point of the middle 80% of the slice
  KIND target2      the same, speaking protocol version 2: its own index draw `pick U` is floor(4 u)
  KIND target3      the same, speaking protocol version 3: its rotation accumulates, each stop turning on
                    from the rotation P it is given (`target I U P`) or the session's last (`play I U`)
  KIND dice         five six-sided dice, floor(u * 6) + 1, no detectors of its own
  trap-spin         the game throws on every spin (answers 'trap' to spin and play, 'R trap' to target)
"""
import os
import struct
import sys

KIND, LOG = sys.argv[1], sys.argv[2]
TRAP = "trap-spin" in sys.argv[3:]
FLOAT = KIND == "wheel-float"


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0] if FLOAT else x


def show(x):
    if not FLOAT:
        return repr(x)
    # The shortest decimal that reads back as the same float32.
    for digits in range(1, 18):
        text = f"{x:.{digits}g}"
        if f32(float(text)) == x:
            return text
    return repr(x)


def label(rotation):
    angle = f32((-rotation) % 360.0)
    return int(angle // 90.0) % 4 + 1


def answer(words, session):
    if words[0] == "fairness-probe":
        if KIND in ("target2", "target3"):
            return f"ok {KIND[-1]} target double"
        kind = "wheel float" if FLOAT else ("target double" if KIND == "target" else KIND + " double")
        return "ok 1 " + (kind if KIND != "wheel" else "wheel double")
    if words[0] == "report":
        return str(label(f32(float(words[1]))))
    if words[0] == "spin":
        return "trap" if TRAP else show(f32(float(words[2]) + 5 * 360.0 + float(words[1])))
    if words[0] == "reset":
        session[0] = 0.0
        return "ok"
    if words[0] in ("target", "play") and KIND == "target3":
        index, u = int(words[1]), float(words[2])
        current = float(words[3]) if words[0] == "target" else session[0]
        if not 0 <= index < 4:
            return "refused"
        target = -(index + 0.1 + 0.8 * u) * 90.0
        rotation = current + 5 * 360.0 + ((target - current) % 360.0)
        if words[0] == "play":
            session[0] = rotation
        return f"{rotation!r} trap" if TRAP else f"{rotation!r} {label(rotation)}"
    if words[0] == "play":
        if TRAP:
            return "trap"
        session[0] = f32(session[0] + 5 * 360.0 + float(words[1]))
        return f"{show(session[0])} {label(session[0])}"
    if words[0] == "target":
        index, u = int(words[1]), float(words[2])
        if not 0 <= index < 4:
            return "refused"
        rotation = 5 * 360.0 - (index + 0.1 + 0.8 * u) * 90.0
        return f"{rotation!r} trap" if TRAP else f"{rotation!r} {label(rotation)}"
    if words[0] == "pick":
        return str(int(float(words[1]) * 4))
    if words[0] == "roll":
        return " ".join(str(int(float(u) * 6) + 1) for u in words[1:])
    if words[0] in ("straight", "category", "hand"):
        return "none"
    return "none"


def main():
    session, pending = [0.0], b""
    with open(LOG, "a") as log:
        while True:
            chunk = os.read(0, 1 << 16)
            if not chunk:
                return
            pending += chunk
            *lines, pending = pending.split(b"\n")
            if lines:
                texts = [line.decode().strip() for line in lines]
                log.write("\n".join(texts) + "\n")
                replies = [answer(text.split(), session) for text in texts if text]
                os.write(1, ("\n".join(replies) + "\n").encode())


if __name__ == "__main__":
    main()
