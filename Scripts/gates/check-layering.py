#!/usr/bin/env python3
"""The layering gate: data flows one way and GSL stays out of the GSL-free products.

- From `swift package describe --type json`: FairnessModel, FairnessSubjects, FairnessChecks and FairnessSpec have no path to CGSL (so
  their products build and run where GNU GSL cannot go: an app's tests on the iOS simulator).
- From the sources: every `import` of a project module points down the layers
  (FairnessModel < FairnessSubjects, FairnessChecks, FairnessSpec < FairnessAudit < FairnessProbe < audit;
  CGSL < FairnessStatistics < FairnessAudit;
  CommandLineOptions < audit, audit-bench; Digests (libcrypto or CommonCrypto) < audit; nothing imports an executable).
- The umbrella FairnessToolkit holds nothing but `@_exported import`s, and no other module re-exports.
- Portability: no Linux-only module (Glibc, Musl) is imported outside an `#if os(Linux)` or
  `#if canImport(...)` branch, so the Swift sources stay buildable on macOS (CI runs Linux only).
"""
import glob
import json
import re
import subprocess
import sys

ALLOWED = {
    "FairnessModel": set(),
    "FairnessSubjects": {"FairnessModel"},
    "FairnessChecks": {"FairnessModel"},
    "FairnessStatistics": {"CGSL"},
    "FairnessSpec": {"FairnessModel"},
    "FairnessAudit": {"FairnessModel", "FairnessSubjects", "FairnessChecks", "FairnessStatistics", "FairnessSpec", "CFileSwap"},
    "FairnessProbe": {"FairnessModel", "FairnessChecks", "FairnessSpec", "FairnessAudit"},
    "CommandLineOptions": set(),
    "Digests": set(),
    "FairnessToolkit": {"FairnessModel", "FairnessSubjects", "FairnessChecks", "FairnessStatistics", "FairnessSpec", "FairnessAudit", "FairnessProbe"},
    "audit": {"FairnessModel", "FairnessSubjects", "FairnessChecks", "FairnessStatistics", "FairnessSpec", "FairnessAudit", "FairnessProbe", "CommandLineOptions", "Digests"},
    "audit-bench": {"FairnessModel", "FairnessSubjects", "FairnessChecks", "FairnessStatistics", "FairnessSpec", "FairnessAudit", "FairnessProbe", "CommandLineOptions"},
}
GSL_FREE = ["FairnessModel", "FairnessSubjects", "FairnessChecks", "FairnessSpec"]

description = json.loads(subprocess.run(["swift", "package", "describe", "--type", "json"], check=True,
                                        capture_output=True, text=True).stdout)
targets = {t["name"]: t.get("target_dependencies", []) for t in description["targets"]}
failures = []


def closure(name):
    seen, stack = set(), [name]
    while stack:
        for dependency in targets.get(stack.pop(), []):
            if dependency not in seen:
                seen.add(dependency)
                stack.append(dependency)
    return seen


for name in GSL_FREE:
    reached = closure(name)
    if "CGSL" in reached or "FairnessStatistics" in reached:
        failures.append(f"{name} depends on GSL through {sorted(reached)}")
    print(f"{name}: depends on {sorted(reached) or 'nothing'} (no GSL)")

project = set(ALLOWED) | {"CGSL", "CFileSwap"}
for module, allowed in ALLOWED.items():
    for path in glob.glob(f"Sources/{module}/**/*.swift", recursive=True):
        for line in open(path):
            match = re.match(r"\s*(?:@_exported\s+|@testable\s+)?import\s+(\w+)", line)
            if match and match.group(1) in project and match.group(1) not in allowed:
                failures.append(f"{path}: imports {match.group(1)}, which {module} may not")
# One umbrella that only re-exports; no other module re-exports anything.
for path in glob.glob("Sources/**/*.swift", recursive=True):
    for number, line in enumerate(open(path), 1):
        code = line.split("//")[0].strip()
        if path.startswith("Sources/FairnessToolkit/"):
            if code and not code.startswith("@_exported import "):
                failures.append(f"{path}:{number}: the umbrella FairnessToolkit only re-exports, but declares '{code}'")
        elif code.startswith("@_exported"):
            failures.append(f"{path}:{number}: only the umbrella FairnessToolkit re-exports modules")
print("umbrella: FairnessToolkit only re-exports; no other module re-exports")

for path in glob.glob("Sources/**/*.swift", recursive=True) + glob.glob("Tests/**/*.swift", recursive=True):
    depth_guarded = []
    for number, line in enumerate(open(path), 1):
        stripped = line.strip()
        if stripped.startswith("#if"):
            depth_guarded.append("os(Linux)" in stripped or "canImport(" in stripped)
        elif stripped.startswith("#endif") and depth_guarded:
            depth_guarded.pop()
        match = re.match(r"(?:@_exported\s+)?import\s+(Glibc|Musl|SwiftGlibc)\b", stripped)
        if match and not any(depth_guarded):
            failures.append(f"{path}:{number}: imports {match.group(1)} outside an #if os(Linux) / canImport branch")
print("portability: no unguarded Linux-only imports" if not any("outside an #if" in f for f in failures) else "")

for failure in failures:
    print("error:", failure, file=sys.stderr)
sys.exit(1 if failures else 0)
