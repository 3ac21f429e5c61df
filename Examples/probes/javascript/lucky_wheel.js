#!/usr/bin/env node
// An eight-prize "lucky wheel" as a JavaScript game builds it: the server picks the prize index by the
// prize table's weights, and the client computes where to stop so that prize lands under the pointer at
// 12 o'clock, after five whole turns, at a random point of the slice (Math.random() in the game; here the
// draw U the toolkit sends) so that stops do not all look alike. Behind the fairness-audit probe protocol
// (docs/probe-protocol.md), as a wheel told its result up front (`target I U`).
// With --bug, the stop angle turns the wrong way (+ instead of −): the wheel shows the prize it was told
// while the pointer rests on another slice. With --wide, the random point spreads over 120% of the slice:
// one stop in six rests on a neighbour.
"use strict";
const SLICES = 8;
const SLICE = 360 / SLICES; // degrees; slice i spans [45 i, 45 (i + 1)) clockwise from the top
const TURNS = 5;
const BUG = process.argv.includes("--bug");
const SPREAD = process.argv.includes("--wide") ? 1.2 : 0.8; // share of the slice the stop may fall in
const LABELS = [100, 200, 300, 500, 1000, 2000, 5000, 10000]; // what each slice shows, clockwise

function stopFor(index, random) {
  if (!Number.isInteger(index) || index < 0 || index >= SLICES) return null; // no such prize: no spin
  const middle = index * SLICE + SLICE / 2 + (random - 0.5) * SLICE * SPREAD;
  // Turning the wheel clockwise by r brings the slice at -r under the fixed pointer at the top.
  const rotation = BUG ? 360 * TURNS + middle : 360 * TURNS + (360 - middle);
  return { rotation, label: LABELS[index] };
}

function answer(line) {
  const words = line.trim().split(/\s+/);
  switch (words[0]) {
    case "fairness-probe": return "ok 1 target double";
    case "target": {
      const stop = stopFor(Number(words[1]), Number(words[2]));
      return stop === null ? "refused" : `${stop.rotation} ${stop.label}`;
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
