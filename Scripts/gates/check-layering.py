#!/usr/bin/env python3
"""The layering gate: data flows one way and GSL stays out of the GSL-free products.

- From `swift package describe --type json`: FairnessModel, FairnessSubjects, FairnessChecks and FairnessSpec have no path to CGSL (so
  their products build and run where GNU GSL cannot go: an app's tests on the iOS simulator).
- From the sources: every `import` of a project module points down the layers
  (FairnessModel < FairnessSubjects, FairnessChecks, FairnessSpec < the audit's modules < FairnessProbe < audit;
  CGSL < FairnessStatistics < the audit's modules; within the audit, `AUDIT` below: the report model
  FairnessReport imports nothing of the audit, the narrator and writers sit above it, the runner apart from
  orchestration, logs and the battery in modules of their own above the audit of games (whose settings,
  pending checks and report assembly they use), FairnessAudit on top;
  CommandLineOptions < audit; Digests (libcrypto or CommonCrypto) < audit; nothing imports an executable).
- The benchmarks, a package of their own (Benchmarks/), reach the toolkit as a studio's package does: its
  manifest depends on this package's products only, and its sources import the umbrella FairnessToolkit
  (and the `_CommandLineOptions` product's CommandLineOptions), no module of the toolkit one by one.
- The umbrella FairnessToolkit holds nothing but `@_exported import`s; FairnessAudit re-exports the audit's
  modules (in Exports.swift, nothing else there), and no other module re-exports.
- Portability: no Linux-only module (Glibc, Musl) is imported outside an `#if os(Linux)` or
  `#if canImport(...)` branch, so the Swift sources stay buildable on macOS (CI runs Linux only).
"""
import glob
import json
import re
import subprocess
import sys

BASE = {"FairnessModel", "FairnessSubjects", "FairnessChecks", "FairnessStatistics", "FairnessSpec"}
# The audit, a module per concern, from the bottom (docs/architecture.md draws the graph).
AUDIT = {
    "_FairnessAuditSupport": set(),
    "FairnessRunner": {"FairnessModel", "FairnessChecks", "FairnessStatistics", "_FairnessAuditSupport"},
    # The report's data: nothing of the audit below it, no words (the narrator is above).
    "FairnessReport": {"FairnessModel", "FairnessChecks", "FairnessStatistics"},
    "FairnessReportRendering": {"FairnessModel", "FairnessChecks", "FairnessStatistics", "FairnessReport", "_FairnessAuditSupport", "CFileSwap"},
    # One subject's checks and the report assembled as data: it writes no words (the renderer is not below it).
    "FairnessSubjectAudit": BASE | {"_FairnessAuditSupport", "FairnessRunner", "FairnessReport"},
    "FairnessLogs": {"FairnessModel", "FairnessChecks", "FairnessStatistics", "FairnessSpec", "_FairnessAuditSupport", "FairnessRunner",
                     "FairnessReport", "FairnessSubjectAudit"},
    "FairnessBattery": {"FairnessStatistics", "_FairnessAuditSupport", "FairnessRunner", "FairnessReport", "FairnessSubjectAudit", "FairnessLogs"},
    # The verifier renders again and recomputes; it runs no audit.
    "FairnessVerification": {"FairnessChecks", "FairnessStatistics", "_FairnessAuditSupport", "FairnessReport", "FairnessReportRendering",
                             "FairnessLogs"},
    "FairnessAudit": {"FairnessModel", "FairnessStatistics", "_FairnessAuditSupport", "FairnessRunner", "FairnessReport",
                      "FairnessReportRendering", "FairnessSubjectAudit", "FairnessLogs", "FairnessBattery", "FairnessVerification"},
}
ALLOWED = {
    "FairnessModel": set(),
    "FairnessSubjects": {"FairnessModel"},
    "FairnessChecks": {"FairnessModel"},
    "FairnessStatistics": {"CGSL"},
    "FairnessSpec": {"FairnessModel"},
    **AUDIT,
    "FairnessProbe": {"FairnessModel", "FairnessChecks", "FairnessSpec"} | set(AUDIT),
    "CommandLineOptions": set(),
    "Digests": set(),
    "FairnessToolkit": BASE | {"FairnessProbe"} | set(AUDIT),
    "audit": BASE | {"FairnessProbe", "CommandLineOptions", "Digests"} | set(AUDIT),
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


# The manifest declares no dependency the layers forbid (an import is checked below; a declared dependency
# nothing imports would pass that check).
for module, allowed in ALLOWED.items():
    for dependency in targets.get(module, []):
        if dependency in set(ALLOWED) | {"CGSL", "CFileSwap"} and dependency not in allowed:
            failures.append(f"Package.swift: {module} depends on {dependency}, which it may not")

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
        elif path == "Sources/FairnessAudit/Exports.swift" and code:
            # FairnessAudit re-exports the audit's modules it was split into (`import FairnessAudit` is still the
            # whole audit), and nothing else.
            exported = re.match(r"@_exported import (\w+)$", code)
            if not exported or exported.group(1) not in AUDIT or exported.group(1) == "FairnessAudit":
                failures.append(f"{path}:{number}: FairnessAudit re-exports the audit's modules only, but has '{code}'")
        elif code.startswith("@_exported"):
            failures.append(f"{path}:{number}: only the umbrella FairnessToolkit (and FairnessAudit, the audit's modules) re-exports")
print("umbrella: FairnessToolkit only re-exports; FairnessAudit re-exports the audit's modules; no other module re-exports")

# The benchmarks' package: the toolkit through its products, as a studio's package has it.
bench_manifest = open("Benchmarks/Package.swift").read()
for product in re.findall(r'\.product\(name: "([^"]+)", package: "fairness-audit"\)', bench_manifest):
    if product not in {"FairnessToolkit", "_CommandLineOptions"}:
        failures.append(f"Benchmarks/Package.swift: depends on the product {product}; the benchmarks use FairnessToolkit")
if re.search(r'\.target\(name: "Fairness|"Fairness\w+"\s*[,\]]', bench_manifest.split("targets:")[1]):
    failures.append("Benchmarks/Package.swift: names a toolkit target directly; depend on its products")
for path in glob.glob("Benchmarks/Sources/**/*.swift", recursive=True) + glob.glob("Benchmarks/Tests/**/*.swift", recursive=True):
    for number, line in enumerate(open(path), 1):
        match = re.match(r"\s*(?:@_exported\s+|@testable\s+)?import\s+(\w+)", line)
        if match and (match.group(1) in project - {"FairnessToolkit", "CommandLineOptions"} or line.lstrip().startswith("@")):
            failures.append(f"{path}:{number}: imports {match.group(1)} on its own; the benchmarks import FairnessToolkit")
print("benchmarks: Benchmarks/ reaches the toolkit through FairnessToolkit (and _CommandLineOptions) only")

for path in (glob.glob("Sources/**/*.swift", recursive=True) + glob.glob("Tests/**/*.swift", recursive=True)
             + glob.glob("Benchmarks/Sources/**/*.swift", recursive=True) + glob.glob("Benchmarks/Tests/**/*.swift", recursive=True)):
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
