#!/usr/bin/env node
// Five-dice "yacht" scoring as a JavaScript game writes it, behind the fairness-audit probe protocol
// (docs/probe-protocol.md): small and large straights, full house, four of a kind and yacht (five of a
// kind), and the game's own dice.
// With --bug, the small straight looks for "1234", "2345" or "3456" in the sorted faces joined as text,
// without removing repeats first: 1-2-2-3-4 sorts to "12234" and the straight is missed.
"use strict";
const BUG = process.argv.includes("--bug");

function counts(faces) {
  const c = new Map();
  for (const f of faces) c.set(f, (c.get(f) || 0) + 1);
  return [...c.values()].sort((a, b) => b - a);
}

function smallStraight(faces) {
  const text = BUG ? [...faces].sort().join("") : [...new Set(faces)].sort().join("");
  return ["1234", "2345", "3456"].some((run) => text.includes(run));
}

function largeStraight(faces) {
  const text = [...new Set(faces)].sort().join("");
  return text === "12345" || text === "23456";
}

const HANDS = {
  "small-straight": smallStraight,
  "large-straight": largeStraight,
  "full-house": (faces) => { const c = counts(faces); return c[0] === 3 && c[1] === 2; },
  "four-of-a-kind": (faces) => counts(faces)[0] >= 4,
  "yacht": (faces) => counts(faces)[0] === 5,
};

function answer(line) {
  const words = line.trim().split(/\s+/);
  switch (words[0]) {
    case "fairness-probe": return "ok 1 dice double";
    case "straight": return largeStraight(words.slice(1).map(Number)) ? "yes" : "no";
    case "category": return "none"; // the game scores hands, not poker categories
    case "hand": {
      const detector = HANDS[words[1]];
      if (!detector) return "none";
      return detector(words.slice(2).map(Number)) ? "yes" : "no";
    }
    case "roll": return words.slice(1).map((u) => Math.floor(Number(u) * 6) + 1).join(" ");
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
