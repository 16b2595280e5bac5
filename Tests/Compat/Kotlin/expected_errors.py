#!/usr/bin/env python3
"""Holds kotlinc's messages on the compatibility corpus to the corpus's marks.

    expected_errors.py KOTLINC_LOG CORPUS_DIR

A corpus line of code that ends in `// expect: TEXT` must get at least one error whose
message contains TEXT; every other error and every warning in a corpus file
fails, and so does any message about a file outside the corpus (the generated
code compiles clean). Prints what it found and exits 1 on any mismatch."""
import re
import sys
from pathlib import Path

MESSAGE = re.compile(r"^(?P<path>[^\s:][^:]*\.kt):(?P<line>\d+):(?P<column>\d+): (?P<kind>error|warning): (?P<text>.*)$")
MARK = re.compile(r"//\s*expect:\s*(?P<text>.+?)\s*$")


def marks(corpus: Path) -> dict[tuple[str, int], str]:
    """(file name, line) -> the text its error must contain."""
    found = {}
    for file in sorted(corpus.glob("*.kt")):
        for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), start=1):
            match = MARK.search(line)
            if match and not line.lstrip().startswith("//"):
                found[(file.name, number)] = match.group("text")
    return found


def check(log: str, corpus: Path) -> list[str]:
    expected = marks(corpus)
    corpus_files = {file.name for file in corpus.glob("*.kt")}
    met: set[tuple[str, int]] = set()
    problems = []
    for raw in log.splitlines():
        match = MESSAGE.match(raw.strip())
        if not match:
            if raw.startswith("error:") or ": error:" in raw:
                problems.append(f"unexpected: {raw}")
            continue
        name = Path(match.group("path")).name
        key = (name, int(match.group("line")))
        where = f"{name}:{key[1]}"
        if name not in corpus_files or Path(match.group("path")).parent.resolve() != corpus.resolve():
            problems.append(f"not the corpus: {raw}")
        elif match.group("kind") == "warning":
            problems.append(f"a warning: {where}: {match.group('text')}")
        elif key in expected and expected[key] in match.group("text"):
            met.add(key)
        else:
            problems.append(f"unexpected error: {where}: {match.group('text')}")
    for key, text in sorted(expected.items()):
        if key not in met:
            problems.append(f"compiled, but marked to fail with '{text}': {key[0]}:{key[1]}")
    print(f"compat kotlin: {len(met)} of {len(expected)} marked differences fail as marked")
    return problems


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    problems = check(Path(sys.argv[1]).read_text(encoding="utf-8"), Path(sys.argv[2]))
    for problem in problems:
        print("compat kotlin: " + problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
