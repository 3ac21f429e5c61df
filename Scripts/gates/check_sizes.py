#!/usr/bin/env python3
"""The size gate: code a reader can hold. Fails (exit 1, one line per problem) when a function, initialiser
or computed property in Sources/ (and Benchmarks/Sources/) is longer than 80 lines, or a source file is longer than 400 lines.

A body is measured from its declaration line to its closing brace, braces balanced outside string literals
and comments (a light scan, not a Swift parser: enough for this code base's style). Standard library only.
Usage: python3 Scripts/gates/check_sizes.py
"""
import glob
import os
import re
import sys

MAX_FUNCTION_LINES = 80
MAX_FILE_LINES = 400
DECLARATION = re.compile(
    r"\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|static|mutating|override|nonisolated|final)\s+)*"
    r"(func\s+[^\s(<]+|init[?!]?\s*[(<]|var\s+\w+\s*:[^=]*\{\s*$)")


def body_length(lines, start):
    """Lines from `start` to the brace that closes the body opened at or after it; None without a body."""
    depth, opened = 0, False
    for end in range(start, len(lines)):
        text = re.sub(r'"(?:\\.|[^"\\])*"', '""', lines[end]).split("//")[0]
        for character in text:
            if character == "{":
                depth, opened = depth + 1, True
            elif character == "}":
                depth -= 1
        if opened and depth <= 0:
            return end - start + 1
        if not opened and end > start + 8:
            return None
    return None


def main():
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    problems, functions = [], 0
    for path in sorted(glob.glob("Sources/**/*.swift", recursive=True) + glob.glob("Benchmarks/Sources/**/*.swift", recursive=True)):
        lines = open(path, encoding="utf-8").read().split("\n")
        if len(lines) > MAX_FILE_LINES:
            problems.append(f"{path}: {len(lines)} lines; split it (at most {MAX_FILE_LINES}, one main type per file)")
        for number, line in enumerate(lines):
            match = DECLARATION.match(line)
            if not match or line.strip().startswith("//"):
                continue
            length = body_length(lines, number)
            if length is None:
                continue
            functions += 1
            if length > MAX_FUNCTION_LINES:
                problems.append(f"{path}:{number + 1}: {match.group(1).strip()} is {length} lines (at most {MAX_FUNCTION_LINES})")
    for problem in problems:
        print(problem)
    if problems:
        print(f"sizes: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"sizes: {functions} functions of at most {MAX_FUNCTION_LINES} lines, files of at most {MAX_FILE_LINES} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
