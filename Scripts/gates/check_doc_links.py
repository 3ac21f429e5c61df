#!/usr/bin/env python3
"""The documentation links gate: README.md, SECURITY.md, Scripts/README.md, Benchmarks/README.md and docs/*.md may not point at
files, folders or headings that do not exist.

Checks, one line per problem (`file:line: ...`), exit 1 if any:
- a relative Markdown link, [text](path) or [text](path#anchor), to a missing file or folder (resolved from
  the linking file's folder; http(s), mailto and other schemes are skipped). An anchor into a .md file (or
  into the same file, [text](#anchor)) must be one of its headings, slugged as GitHub does: lowercase,
  spaces to '-', punctuation other than '-' and '_' dropped, repeats numbered -1, -2, ...;
- a repository path in inline code, a code block or plain text that starts with Scripts/, Examples/,
  Tests/, Sources/, docs/, Reports/ or .ci/ and does not exist (resolved from the repository's root).
  A glob (Examples/specs/*.yaml) must match at least one file; a path holding a placeholder ('<', '{',
  '…' or '...') is skipped; trailing punctuation is ignored;
- a command (`swift run audit WORD`, `Benchmarks/.build/release/audit-bench WORD`, ...) whose first word is not one of
  the executable's subcommands (an option is fine: `audit --trials` runs `audit run`);
- README.md longer than 220 lines, or without the `<!-- test-command -->` marker followed by a code
  block, the `<!-- library-example -->` marker or the text `swift run audit`.

Standard library only. Usage: python3 Scripts/gates/check_doc_links.py
"""
import glob
import os
import re
import sys
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README_MAX_LINES = 220
PREFIXES = ("Scripts", "Examples", "Tests", "Sources", "docs", "Reports", ".ci", "Benchmarks")

FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
INLINE_CODE = re.compile(r"(`+)((?:(?!\n\s*\n).)+?)\1", re.DOTALL)  # may wrap, not past a blank line
# [text](target) or ![alt](target), with an optional title; the target may be written <like this>.
LINK = re.compile(r"!?\[((?:[^\[\]\n]|\n(?!\s*\n)|\[[^\[\]\n]*\])*)\]\(\s*(<[^>]*>|[^()\s]+)(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)")
REFERENCE_DEFINITION = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
HTML_ANCHOR = re.compile(r"<a\s+(?:name|id)=\"([^\"]+)\"", re.IGNORECASE)
REPO_PATH = re.compile(r"(?<![\w./\-~$])(?:" + "|".join(re.escape(p) for p in PREFIXES) + r")/[^\s`'\"()\[\],;|]*")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")


def documents():
    """The files the gate reads, README.md first."""
    files = [ROOT / "README.md", ROOT / "SECURITY.md", ROOT / "Scripts" / "README.md", ROOT / "Benchmarks" / "README.md"]
    files += sorted((ROOT / "docs").glob("*.md"))
    return files


def slug(heading):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links and images: their text
    text = re.sub(r"<[^>]+>", "", text)  # HTML tags
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)  # punctuation, backticks and emphasis marks included
    return text.replace(" ", "-")


_anchor_cache = {}


def anchors(path):
    """Every anchor a Markdown file offers: its headings' slugs (repeats numbered) and HTML anchors."""
    if path in _anchor_cache:
        return _anchor_cache[path]
    found, seen = set(), {}
    fence = None
    for line in path.read_text(encoding="utf-8").splitlines():
        marker = FENCE.match(line)
        if marker:
            if fence is None:
                fence = marker.group(1)[0]
            elif marker.group(1)[0] == fence:
                fence = None
            continue
        if fence is not None:
            continue
        for name in HTML_ANCHOR.findall(line):
            found.add(name)
        heading = HEADING.match(line)
        if heading:
            base = slug(heading.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
    _anchor_cache[path] = found
    return found


def display(path):
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def check_link(source, number, target, problems):
    """One relative link target; returns 1 if it was checked, 0 if skipped (an external URL)."""
    if target.startswith("<") and target.endswith(">"):
        target = target[1:-1]
    if SCHEME.match(target) or target.startswith("//"):
        return 0
    where = f"{display(source)}:{number}"
    path_part, _, anchor = target.partition("#")
    path_part = urllib.parse.unquote(path_part.split("?", 1)[0])
    if path_part:
        resolved = (source.parent / path_part).resolve()
        if not resolved.exists():
            problems.append(f"{where}: link to '{target}': {display(resolved)} does not exist")
            return 1
    else:
        resolved = source
    if anchor and resolved.is_file() and resolved.suffix.lower() == ".md":
        if urllib.parse.unquote(anchor) not in anchors(resolved):
            problems.append(f"{where}: link to '{target}': {display(resolved)} has no heading with anchor '#{anchor}'")
    return 1


def check_repo_path(source, number, token, problems):
    """One repository path written in the text; returns 1 if it was checked, 0 if skipped (a placeholder)."""
    if any(mark in token for mark in ("<", "{", "…", "...")) or "/.build/" in token:
        return 0  # a placeholder, or a build's output (not in a clone)
    token = token.rstrip(".:!?")
    if any(ch in token for ch in "*?["):
        if not glob.glob(str(ROOT / token), recursive=True):
            problems.append(f"{display(source)}:{number}: path '{token}' matches no file")
    elif not (ROOT / token).exists():
        problems.append(f"{display(source)}:{number}: path '{token}' does not exist")
    return 1


def blank(text, start, end):
    """text with [start, end) replaced by spaces, newlines kept, so offsets and line numbers stay put."""
    return text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]


def check_file(path, problems):
    checked = 0
    lines = path.read_text(encoding="utf-8").split("\n")
    # Prose: the file with fenced code blocks blanked; then inline code blanked too, for finding links
    # (a link's text may wrap onto the next line, so links are found in the whole text).
    prose_lines, fence = [], None
    for line in lines:
        marker = FENCE.match(line)
        if marker:
            if fence is None:
                fence = marker.group(1)[0]
            elif marker.group(1)[0] == fence:
                fence = None
            prose_lines.append(" " * len(line))
        else:
            prose_lines.append(line if fence is None else " " * len(line))
    text = "\n".join(lines)
    prose = "\n".join(prose_lines)
    for code in INLINE_CODE.finditer(prose):
        prose = blank(prose, *code.span())
    targets = [(link.start(2), link.group(2), link.span(2)) for link in LINK.finditer(prose)]
    offset = 0
    for line in prose.split("\n"):
        definition = REFERENCE_DEFINITION.match(line)
        if definition:
            targets.append((offset + definition.start(1), definition.group(1), (offset + definition.start(1), offset + definition.end(1))))
        offset += len(line) + 1
    for start, target, span in sorted(targets):
        checked += check_link(path, text.count("\n", 0, start) + 1, target, problems)
        text = blank(text, *span)  # a link's target is not read again as a repository path
    # Repository paths: anywhere, code blocks and inline code included.
    for number, line in enumerate(text.split("\n"), start=1):
        for token in REPO_PATH.findall(line):
            checked += check_repo_path(path, number, token, problems)
    return checked


def check_readme(problems):
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    lines = text.splitlines()
    if len(lines) > README_MAX_LINES:
        problems.append(f"README.md:{len(lines)}: {len(lines)} lines; at most {README_MAX_LINES} (move detail into docs/)")
    if "<!-- test-command -->" not in lines:
        problems.append("README.md:1: no '<!-- test-command -->' marker line (.ci/run runs the code block after it)")
    else:
        after = lines[lines.index("<!-- test-command -->") + 1 :]
        if not any(FENCE.match(line) for line in after):
            problems.append("README.md:1: no code block after '<!-- test-command -->'")
    if "<!-- library-example -->" not in lines:
        problems.append("README.md:1: no '<!-- library-example -->' marker line (the library example test reads it)")
    if "swift run audit" not in text:
        problems.append("README.md:1: the text 'swift run audit' (how to run the audit) is missing")


# The subcommands each executable has; a command in the docs must name one (or start with an option, which
# `audit` gives to its default subcommand, run).
SUBCOMMANDS = {
    "audit": {"run", "log", "rng", "merge", "verify", "list", "spec", "help"},
    "audit-bench": {"engine", "calibrate", "rng-controls", "rng-calibrate", "rng-speed", "rng-pvalues", "dice-bets", "help"},
}
COMMAND = re.compile(r"(?:swift run (?:-c release )?|\.build/(?:release|debug)/)(audit(?:-bench)?)\s+([A-Za-z][\w-]*)")


def check_commands(path, problems):
    """Every `swift run audit WORD` or `.build/release/audit WORD` names a subcommand that exists (lines
    are joined first, since a command may wrap)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    joined, starts, position = "", [], 0
    for number, line in enumerate(lines, 1):
        starts.append((position, number))
        joined += line + " "
        position += len(line) + 1
    count = 0
    for match in COMMAND.finditer(joined):
        count += 1
        tool, word = match.group(1), match.group(2)
        if word not in SUBCOMMANDS[tool]:
            number = max(n for start, n in starts if start <= match.start())
            problems.append(f"{display(path)}:{number}: '{tool} {word}': {tool} has no subcommand '{word}' "
                            f"(it has {', '.join(sorted(SUBCOMMANDS[tool]))})")
    return count


def main():
    problems = []
    files = documents()
    checked = 0
    for path in files:
        if not path.exists():
            problems.append(f"{display(path)}:1: file does not exist")
            continue
        checked += check_file(path, problems)
        checked += check_commands(path, problems)
    if (ROOT / "README.md").exists():
        check_readme(problems)
    for problem in problems:
        print(problem)
    if problems:
        print(f"docs: {len(problems)} problem(s) in {len(files)} files")
        return 1
    print(f"docs: {len(files)} files, {checked} links and paths checked")
    return 0


if __name__ == "__main__":
    os.chdir(ROOT)
    sys.exit(main())
