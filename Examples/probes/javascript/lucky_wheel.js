#!/usr/bin/env node
// An eight-prize "lucky wheel" as a JavaScript game builds it: the server picks the prize index by the
// prize table's weights, and the client turns the wheel, a CSS `transform: rotate()` that keeps its
// rotation between spins, on from where it rests: five whole turns, then forward to a random point of the
// slice (Math.random() in the game; here the draw U the toolkit sends) so that stops do not all look alike.
// Behind the fairness-audit probe protocol (docs/probe-protocol.md), version 3, as a wheel told its result
// up front: `pick U` (the server's prize table), `target I U P` (a spin from rotation P), and sessions of
// `reset` and `play I U`.
// With --bug, the stop angle turns the wrong way (+ instead of −): the wheel shows the prize it was told
// while the pointer rests on another slice. With --wide, the random point spreads over 120% of the slice:
// one stop in six rests on a neighbour. With --forget-rotation, the spin adds its turn to the current
// rotation without taking off where the wheel already is: right on the first spin only.
"use strict";
const SLICES = 8;
const SLICE = 360 / SLICES; // degrees; slice i spans [45 i, 45 (i + 1)) clockwise from the top
const TURNS = 5;
const BUG = process.argv.includes("--bug");
const FORGET = process.argv.includes("--forget-rotation");
const SPREAD = process.argv.includes("--wide") ? 1.2 : 0.8; // share of the slice the stop may fall in
const LABELS = [100, 200, 300, 500, 1000, 2000, 5000, 10000]; // what each slice shows, clockwise
const WEIGHTS = [30, 20, 15, 10, 10, 8, 5, 2]; // the server's prize table

// The server's draw: the table walked in order with Math.random() (here U).
function pickPrize(random) {
  let x = random * WEIGHTS.reduce((a, b) => a + b, 0);
  for (let i = 0; i < WEIGHTS.length; i++) {
    if (x < WEIGHTS[i]) return i;
    x -= WEIGHTS[i];
  }
  return WEIGHTS.length - 1;
}

class LuckyWheel {
  constructor() { this.rotation = 0; } // the CSS rotation, in degrees; it only grows

  // Turns the wheel so that prize `index` rests under the pointer at the top; null if there is no such prize.
  spinTo(index, random) {
    if (!Number.isInteger(index) || index < 0 || index >= SLICES) return null; // no such prize: no spin
    const point = index * SLICE + SLICE / 2 + (random - 0.5) * SLICE * SPREAD;
    // Turning the wheel clockwise by r brings the slice at -r under the fixed pointer at the top.
    const target = BUG ? point : 360 - point;
    const forward = FORGET ? target : (((target - this.rotation) % 360) + 360) % 360;
    this.rotation += 360 * TURNS + forward;
    return { rotation: this.rotation, label: LABELS[index] };
  }
}

let session = new LuckyWheel();

function show(stop) { return stop === null ? "refused" : `${stop.rotation} ${stop.label}`; }

function answer(line) {
  const words = line.trim().split(/\s+/);
  switch (words[0]) {
    case "fairness-probe": return "ok 3 target double";
    case "pick": return String(pickPrize(Number(words[1])));
    case "target": { // one spin of a wheel resting at rotation P
      const wheel = new LuckyWheel();
      wheel.rotation = Number(words[3]);
      return show(wheel.spinTo(Number(words[1]), Number(words[2])));
    }
    case "reset": session = new LuckyWheel(); return "ok";
    case "play": return show(session.spinTo(Number(words[1]), Number(words[2])));
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
