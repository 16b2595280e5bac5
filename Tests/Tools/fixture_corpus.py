"""The fixture corpus rules shared by the checkers: file naming, marks, and
what each target must say about a case. One place, so the JSON Schema checker,
the TypeScript checker and the agreement table cannot drift apart.

See Tests/Fixtures/README.md for the corpus format.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

MARKS = ("valid", "normalizes", "degrades", "constraint", "invalid")

# What the JSON Schema validator must answer, per mark.
SCHEMA_ALLOWED = {
    "valid": {"accept"},
    "normalizes": {"accept"},
    "degrades": {"reject"},
    "constraint": {"accept", "reject"},
    "invalid": {"reject"},
}

# What the Swift fixture test must report, per mark.
SWIFT_ALLOWED = {
    "valid": {"decodes"},
    "normalizes": {"normalizes"},
    "degrades": {"degrades"},
    "constraint": {"constraint"},
    "invalid": {"throws"},
}


# Constraint cases the schema expresses exactly, by the prefix of their case
# name: lengths in characters, patterns, ranges, and exactly-one and
# at-least-one groups. Other constraint cases (UTF-8 byte limits) may go either
# way, since maxLength only approximates a byte count.
EXACT_IN_SCHEMA = ("length-", "pattern-", "range-", "exactly-one", "at-least-one")


def schema_allowed(mark: str, case: str) -> set[str]:
    """What the JSON Schema validator may answer for a fixture."""
    if mark == "constraint" and case.startswith(EXACT_IN_SCHEMA):
        return {"reject"}
    return SCHEMA_ALLOWED[mark]


def typescript_expectation(mark: str, case: str) -> str:
    """What tsc must say about a fixture: compiles, fails or skipped.

    `extra-fields*` cases are skipped (object literals with unknown properties
    are rejected by design); `unknown-tag*` cases must fail (the declared union
    lists the known members so that narrowing works); `exactly-one*` and
    `at-least-one*` constraint cases must fail (the variants forbid setting
    two, or none); `alias-stands-in*` cases must fail (a decode-only alias
    carries a field the declarations require under its own name, which is
    what writers write).
    """
    if mark not in MARKS:
        raise ValueError(f"unknown mark {mark!r}")
    if case.startswith("extra-fields"):
        return "skipped"
    if case.startswith(("unknown-tag", "alias-stands-in")):
        return "fails"
    if mark in ("valid", "normalizes"):
        return "compiles"
    if mark in ("degrades", "invalid"):
        return "fails"
    return "fails" if case.startswith(("exactly-one", "at-least-one")) else "compiles"


@dataclass(frozen=True)
class Fixture:
    key: str  # "<TypeName>/<file name>"
    type_name: str
    mark: str
    case: str
    path: Path
    expected: Path | None  # the .expected.json next to it, if any


def discover(root: Path) -> tuple[list[Fixture], list[str]]:
    """All fixtures under root, sorted by key, and the problems found on the way.

    Problems: a file that does not follow `<mark>.<case>.json`, an unknown
    mark, a normalizes/degrades fixture without `.expected.json`, or an
    `.expected.json` that belongs to no such fixture. Files directly in root
    (README.md) are ignored.
    """
    fixtures: list[Fixture] = []
    problems: list[str] = []
    if not root.is_dir():
        return [], [f"{root}: not a directory"]
    for type_dir in sorted(p for p in root.iterdir() if p.is_dir()):
        names = sorted(p.name for p in type_dir.iterdir())
        expected_names = {n for n in names if n.endswith(".expected.json")}
        claimed: set[str] = set()
        for name in names:
            rel = f"{type_dir.name}/{name}"
            if name in expected_names:
                continue
            if not name.endswith(".json") or name.count(".") < 2:
                problems.append(f"{rel}: not named <mark>.<case>.json")
                continue
            mark, case = name[: -len(".json")].split(".", 1)
            if mark not in MARKS:
                problems.append(f"{rel}: unknown mark {mark!r} (expected one of {', '.join(MARKS)})")
                continue
            exp_name = name[: -len(".json")] + ".expected.json"
            has_expected = exp_name in expected_names
            if mark in ("normalizes", "degrades") and not has_expected:
                problems.append(f"{rel}: a {mark} fixture needs {exp_name}")
            if has_expected:
                claimed.add(exp_name)
                if mark not in ("normalizes", "degrades"):
                    problems.append(f"{type_dir.name}/{exp_name}: only normalizes and degrades fixtures have one")
            fixtures.append(
                Fixture(rel, type_dir.name, mark, case, type_dir / name, type_dir / exp_name if has_expected else None)
            )
        for orphan in sorted(expected_names - claimed):
            problems.append(f"{type_dir.name}/{orphan}: no fixture for this expected file")
    return fixtures, problems
