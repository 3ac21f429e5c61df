#!/usr/bin/env node
// A twelve-slice canvas wheel as a JavaScript game computes it (Math.atan2 of the pointer's direction in
// the wheel's frame), behind the fairness-audit probe protocol (docs/probe-protocol.md).
// With --bug, the slice offset uses JavaScript's `%`, which keeps the sign of a negative angle: half the
// circle shows slice numbers 0, -1, ... that no slice carries.
"use strict";
const TAU = 2 * Math.PI;
const SLICES = 12;
const POINTER = Math.PI / 2;
const FIRST_START = Math.PI / 2;
const BUG = process.argv.includes("--bug");

function sliceAt(rotation) {
  // The wheel turned counter-clockwise by `rotation`: the pointer sees the wheel at angle POINTER - rotation.
  const a = POINTER - rotation;
  const theta = Math.atan2(Math.sin(a), Math.cos(a)); // (-π, π]
  let offset = (theta - FIRST_START) % TAU;
  if (!BUG && offset < 0) offset += TAU;
  return Math.floor(offset / (TAU / SLICES)) % SLICES + 1;
}

function spin(drawn) {
  return 3 * TAU + drawn; // three turns, then the stop angle; every spin starts from rest at 0
}

let session = 0;
function answer(line) {
  const words = line.trim().split(/\s+/);
  switch (words[0]) {
    case "fairness-probe": return "ok 1 wheel double";
    case "report": return String(sliceAt(Number(words[1])));
    case "spin": return String(spin(Number(words[1])));
    case "reset": session = 0; return "ok";
    case "play": session = spin(Number(words[1])); return `${session} ${sliceAt(session)}`;
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
