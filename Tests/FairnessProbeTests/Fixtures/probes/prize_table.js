#!/usr/bin/env node
// A six-prize wheel as a JavaScript game builds it: the server draws the prize from its weighted prize
// table (`pick U`, probe protocol version 2: U is what Math.random() returned), then the client computes
// where to stop so that the prize's slice rests under the pointer at 12 o'clock, at a random point of the
// middle 80% of the slice (`target I U`), and shows the prize's label.
//
// The mode (first argument) plants one bug of the prize-table draw, as they are found in public code:
//   correct       r = U * total, walk the cumulative weights
//   off-by-one    the total is summed over all but the last prize (`i < n - 1`): the last prize never comes
//   past-the-end  the total still counts a prize of weight 10 that was removed from the table: r runs past
//                 the last cumulative weight and the loop falls through to index n, whose prize is undefined
//   throws        the draw throws for U ≥ 0.9 (a lookup of a stale "bonus" entry)
"use strict";
const PRIZES = [
  { label: 1, weight: 40 }, { label: 2, weight: 25 }, { label: 3, weight: 15 },
  { label: 4, weight: 10 }, { label: 5, weight: 6 }, { label: 6, weight: 4 },
];
const MODE = process.argv[2] || "correct";
const SLICE = 360 / PRIZES.length;

function pickIndex(u) {
  if (MODE === "throws" && u >= 0.9) throw new Error("bonus table entry missing");
  let total = 0;
  const counted = MODE === "off-by-one" ? PRIZES.length - 1 : PRIZES.length;
  for (let i = 0; i < counted; i++) total += PRIZES[i].weight;
  if (MODE === "past-the-end") total += 10;
  let r = u * total;
  for (let i = 0; i < PRIZES.length; i++) {
    if (r < PRIZES[i].weight) return i;
    r -= PRIZES[i].weight;
  }
  return PRIZES.length;
}

function stopFor(index, u) {
  const prize = PRIZES[index]; // undefined past the end: the game throws below
  const angle = index * SLICE + SLICE * (0.1 + 0.8 * u);
  const rotation = 5 * 360 + (360 - angle);
  return { rotation, label: prize.label };
}

function answer(line) {
  const words = line.trim().split(/\s+/);
  switch (words[0]) {
    case "fairness-probe": return "ok 2 target double";
    case "pick":
      try { return String(pickIndex(Number(words[1]))); } catch (e) { return "trap"; }
    case "target": {
      const index = Number(words[1]);
      if (!Number.isSafeInteger(index) || index < 0 || index > PRIZES.length) return "refused";
      try {
        const stop = stopFor(index, Number(words[2]));
        return `${stop.rotation} ${stop.label}`;
      } catch (e) {
        return `${5 * 360 + (360 - index * SLICE)} trap`;
      }
    }
    default: return "none";
  }
}

let pending = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  pending += chunk;
  const lines = pending.split("\n");
  pending = lines.pop();
  if (lines.length > 0) process.stdout.write(lines.map(answer).join("\n") + "\n");
});
