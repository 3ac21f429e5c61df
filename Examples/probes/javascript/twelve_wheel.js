#!/usr/bin/env node
// A twelve-slice canvas wheel as a JavaScript game computes it (Math.atan2 of the pointer's direction in
// the wheel's frame), behind the fairness-audit probe protocol (docs/probe-protocol.md).
// With --bug, the slice offset uses JavaScript's `%`, which keeps the sign of a negative angle: half the
// circle shows slice numbers 0, -1, ... that no slice carries.
// `random N` (protocol version 4) answers with the game's own random source, Math.random(). With
// --weak-random it answers with MWC1616, the Math.random() V8 shipped before 2016.
"use strict";
const TAU = 2 * Math.PI;
const SLICES = 12;
const POINTER = Math.PI / 2;
const FIRST_START = Math.PI / 2;
const BUG = process.argv.includes("--bug");
const WEAK_RANDOM = process.argv.includes("--weak-random");

// V8's Math.random() before 2016: two 16-bit multiply-with-carry generators, the first giving the top half.
let r0 = 0x2545f491, r1 = 0x9e3779b9;
function mwc1616() {
  r0 = (Math.imul(18030, r0 & 0xffff) + (r0 >>> 16)) | 0;
  r1 = (Math.imul(36969, r1 & 0xffff) + (r1 >>> 16)) | 0;
  const x = ((r0 << 16) + (r1 & 0xffff)) | 0;
  return (x < 0 ? x + 0x100000000 : x) * 2.3283064365386962890625e-10;
}
const gameRandom = WEAK_RANDOM ? mwc1616 : Math.random;

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
    case "fairness-probe": return "ok 4 wheel double";
    case "report": return String(sliceAt(Number(words[1])));
    case "spin": return String(spin(Number(words[1])));
    case "reset": session = 0; return "ok";
    case "play": session = spin(Number(words[1])); return `${session} ${sliceAt(session)}`;
    case "random": return "double " + Array.from({ length: Number(words[1]) }, () => String(gameRandom())).join(" ");
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
