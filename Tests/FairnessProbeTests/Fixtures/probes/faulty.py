#!/usr/bin/env python3
"""A probe with one planted fault, chosen by the first argument, for the toolkit's fault tests. Without a
fault it is a correct 4-sector wheel (degrees, UIKit convention, pointer and first sector at 270).

  handshake   answers the handshake with 'hello'
  hang        shakes hands, then never answers
  die         exits (without answering) on 'report R' for R in [100, 100.05): a trap there, restarted each time;
              it says why on standard error first, as a crashing game's traceback would
  die-batched the same, but it answers each batch only at its end, so its output says nothing of where it died
  garbage     answers 'banana' to every report
  surplus     writes an extra line after every batch
  short       skips the answer to the 10th request it ever sees, then goes on
  trap        the game's lookup crashes for negative rotations, and the probe catches it and answers 'trap'
              (rotations play never reaches: latent)
  endless     shakes hands, then writes bytes without a newline, forever
  die-always  shakes hands, then exits on any request (the game crashes on every input), saying so on
              standard error
  die-after-one  answers one request after each start, then exits on the next (nearly every input crashes)
  slow        answers correctly, but waits 0.2 s before each batch (well within any timeout)
  crawl       answers correctly, one line at a time, 5 ms apart (200 answers a second: an audit of a
              million trials cannot end within minutes)
  flood       answers correctly, while it writes a 1 KB line to standard error for every request and a child it
              started writes to the same standard error without end
"""
import os
import subprocess
import sys
import time

FAULT = sys.argv[1] if len(sys.argv) > 1 else ""


def label(rotation):
    angle = (270.0 - rotation) % 360.0
    offset = (angle - 270.0) % 360.0
    return int(offset // 90.0) % 4 + 1


def answer(line, session, seen):
    words = line.split()
    seen[0] += 1
    if words[0] == "fairness-probe":
        return "hello" if FAULT == "handshake" else "ok 1 wheel double"
    if FAULT == "hang":
        time.sleep(3600)
    if FAULT == "die-always":
        os.write(2, b"fatal: the game crashed\n")
        os._exit(3)
    if FAULT == "die-after-one" and seen[0] > 2:
        os._exit(3)
    if FAULT == "endless":
        chunk = b"7" * (1 << 16)
        while True:
            os.write(1, chunk)
    if FAULT == "short" and seen[0] == 10:
        return None
    if words[0] == "report":
        rotation = float(words[1])
        if FAULT.startswith("die") and 100.0 <= rotation < 100.05:
            sys.stdout.flush()
            os.write(2, b"Traceback (most recent call last):\n  File \"wheel.py\", line 7, in label\n")
            os.write(2, f"ValueError: no sector at {rotation!r}\n".encode())
            os._exit(3)
        if FAULT == "trap" and rotation < 0:
            return "trap"
        return "banana" if FAULT == "garbage" else str(label(rotation))
    if words[0] == "spin":
        return repr(float(words[1]))
    if words[0] == "reset":
        return "ok"
    if words[0] == "play":
        return f"{float(words[1])!r} {label(float(words[1]))}"
    return "none"


def main():
    session, seen, pending = [0.0], [0], b""
    if FAULT == "flood":
        subprocess.Popen([sys.executable, "-c", "import os\nwhile True: os.write(2, b'child noise ' * 5000 + b'\\n')"])
    while True:
        chunk = os.read(0, 1 << 16)
        if not chunk:
            return
        pending += chunk
        *lines, pending = pending.split(b"\n")
        replies = []
        for line in lines:
            if FAULT == "flood":
                os.write(2, b"debug: " + line + b" " + b"." * 1000 + b"\n")
            reply = answer(line.decode(), session, seen)
            if reply is None:
                continue
            if reply is not None and FAULT == "die" and reply == "":
                continue
            replies.append(reply)
            # A dying probe must have written the answers before the one it dies on.
            if FAULT in ("die", "die-after-one"):
                os.write(1, (reply + "\n").encode())
            if FAULT == "crawl":
                time.sleep(0.005)
                os.write(1, (reply + "\n").encode())
        if replies and FAULT == "slow":
            time.sleep(0.2)
        if replies and FAULT not in ("die", "die-after-one", "crawl"):
            text = "\n".join(replies) + "\n"
            if FAULT == "surplus":
                text += "surplus\n"
            os.write(1, text.encode())


if __name__ == "__main__":
    main()
