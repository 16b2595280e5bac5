#!/usr/bin/env python3
"""Checks every relative link and anchor in the repository's Markdown pages.

    python3 Tests/Tools/check_links.py [FILE.md ...]

Without arguments it checks README.md and Docs/*.md. For every inline link
`[text](target)`, image `![alt](target)` and reference definition
`[name]: target` outside code (fenced blocks and code spans), a relative
target must name a file or folder inside the repository, and an anchor
(`page.md#section`, `#section`) must be one of the anchors that page has:
its headings, named the way GitHub names them, or an HTML `id` / `name`.
Links with a scheme (`https:`, `mailto:`) are not followed: this runs
offline.

Each problem is printed as `path:line:column: error: message`; the exit
status is 1 when there is any, 2 on misuse.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
CLOSING_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})[ \t]*$")
HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$")
HTML_ANCHOR = re.compile(r"""<a\s[^>]*?\b(?:id|name)\s*=\s*["']([^"']+)["']""", re.IGNORECASE)
CODE_SPAN = re.compile(r"(`+)(?:.+?)\1")
# `[text](target)`: the text may hold code spans and one level of brackets.
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)")
REFERENCE_DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(\S+)")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: its text, lower case, without
    punctuation (letters, marks, digits, `_`, `-` and spaces stay), spaces
    turned into hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML
    text = text.replace("`", "").replace("*", "")
    kept = []
    for character in text.lower():
        category = unicodedata.category(character)
        if character in " -" or category[0] in "LMN" or category == "Pc":
            kept.append(character)
    return "".join(kept).replace(" ", "-")


def prose_lines(text: str) -> list[tuple[int, str]]:
    """The lines outside fenced code blocks, numbered from 1."""
    lines = []
    fence: str | None = None
    for number, line in enumerate(text.split("\n"), start=1):
        opening = FENCE.match(line)
        if fence is None:
            if opening:
                fence = opening.group(1)
                continue
            lines.append((number, line))
        else:
            closing = CLOSING_FENCE.match(line)
            if closing and closing.group(1)[0] == fence[0] and len(closing.group(1)) >= len(fence):
                fence = None
    return lines


def anchors(text: str) -> set[str]:
    """Every anchor a page has: headings (repeats numbered `-1`, `-2`, … as
    GitHub numbers them) and HTML `id` / `name` attributes."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    for _, line in prose_lines(text):
        heading = HEADING.match(line)
        if heading:
            base = slug(heading.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
        found.update(HTML_ANCHOR.findall(line))
    return found


def links(text: str) -> list[tuple[int, int, str]]:
    """(line, column, target) of every link outside code."""
    found = []
    for number, line in prose_lines(text):
        # Blank out code spans, keeping columns where they are.
        visible = CODE_SPAN.sub(lambda match: " " * len(match.group(0)), line)
        definition = REFERENCE_DEFINITION.match(visible)
        if definition:
            found.append((number, definition.start(1) + 1, definition.group(1)))
            continue
        for match in INLINE_LINK.finditer(visible):
            target = match.group(1)
            if target.startswith("<") and target.endswith(">"):
                target = target[1:-1]
            found.append((number, match.start(1) + 1, target))
    return found


def check(files: list[Path], repository: Path | None = None) -> list[str]:
    """The problems of the links in `files`, as located error lines."""
    repository = (repository or REPOSITORY).resolve()
    problems: list[str] = []
    anchor_cache: dict[Path, set[str]] = {}

    def anchors_of(page: Path) -> set[str]:
        if page not in anchor_cache:
            anchor_cache[page] = anchors(page.read_text(encoding="utf-8"))
        return anchor_cache[page]

    for file in files:
        file = file.resolve()
        shown = file.relative_to(repository) if file.is_relative_to(repository) else file
        for line, column, target in links(file.read_text(encoding="utf-8")):

            def report(message: str) -> None:
                problems.append(f"{shown}:{line}:{column}: error: {message}")

            if not target:
                report("empty link target")
                continue
            if SCHEME.match(target) or target.startswith("//"):
                continue
            path_part, _, anchor = target.partition("#")
            destination = (file.parent / path_part).resolve() if path_part else file
            if not destination.is_relative_to(repository):
                report(f"'{target}' leads outside the repository")
                continue
            if not destination.exists():
                report(f"'{target}': no file or folder '{destination.relative_to(repository)}'")
                continue
            if not anchor:
                continue
            if destination.suffix.lower() != ".md" or destination.is_dir():
                report(f"'{target}': an anchor on a file that is not a Markdown page")
                continue
            if anchor not in anchors_of(destination):
                report(f"'{target}': '{destination.relative_to(repository)}' has no heading or anchor '#{anchor}'")
    return problems


def default_files(repository: Path | None = None) -> list[Path]:
    repository = repository or REPOSITORY
    return [repository / "README.md"] + sorted((repository / "Docs").glob("*.md"))


def main(arguments: list[str]) -> int:
    if any(argument.startswith("-") for argument in arguments):
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    files = [Path(argument) for argument in arguments] or default_files()
    problems = check(files)
    for problem in problems:
        print(problem)
    if problems:
        print(f"check_links: {len(problems)} broken link(s) in {len(files)} page(s)", file=sys.stderr)
        return 1
    print(f"check_links: every relative link and anchor resolves ({len(files)} pages)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
