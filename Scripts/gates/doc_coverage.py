#!/usr/bin/env python3
"""Lists the public declarations of the toolkit's libraries that have no doc comment, and fails if any.

Reads the symbol graphs `swift package dump-symbol-graph --minimum-access-level public
--skip-synthesized-members` writes. A member that only witnesses a standard-library protocol
requirement (`description`, `==`, `<`, `hash(into:)`, `next()`, Codable's `init(from:)`/`encode(to:)`)
inherits the protocol's documentation in DocC and is not counted.

Usage: doc_coverage.py SYMBOLGRAPH_DIR MODULE...
"""
import json
import os
import sys

INHERITED = {"description", "==(_:_:)", "<(_:_:)", "hash(into:)", "next()", "init(from:)", "encode(to:)",
             "init(rawValue:)", "rawValue", "allCases"}


def undocumented(path, module):
    graph = json.load(open(path))
    missing = []
    for symbol in graph["symbols"]:
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        title = symbol["names"]["title"]
        if title in INHERITED:
            continue
        if symbol.get("docComment", {}).get("lines"):
            continue
        location = symbol.get("location", {})
        where = location.get("uri", "").replace("file://", "")
        line = location.get("position", {}).get("line", -1) + 1
        name = ".".join(symbol["pathComponents"])
        missing.append(f"{os.path.relpath(where) if where else module}:{line}: {symbol['kind']['displayName'].lower()} {name}")
    return missing


def main():
    directory, modules = sys.argv[1], sys.argv[2:]
    missing = []
    total = 0
    for module in modules:
        path = os.path.join(directory, f"{module}.symbols.json")
        graph = json.load(open(path))
        total += sum(1 for s in graph["symbols"] if s.get("accessLevel") in ("public", "open"))
        missing += undocumented(path, module)
    for line in sorted(missing):
        print(line)
    print(f"{len(missing)} of {total} public declarations undocumented")
    sys.exit(1 if missing else 0)


if __name__ == "__main__":
    main()
