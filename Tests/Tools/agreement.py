#!/usr/bin/env python3
"""One table of what Swift, JSON Schema, TypeScript and Kotlin each said about every fixture.

Usage:
    python3 Tests/Tools/agreement.py --swift S.json --schema J.json --typescript T.json
                                     [--kotlin K.json] [--fixtures Tests/Fixtures] [--report OUT.json]

Inputs
------
S.json is written by the Swift fixture test. It is one JSON object:

    {
      "RequestVerifyPurchaseWithIapkitResult/valid.docs-example.json": "decodes",
      "RequestVerifyPurchaseWithIapkitResult/degrades.numeric-environment.json": "degrades",
      ...
    }

Key: `<TypeName>/<file name>`, the fixture's file name with `.json` (never a
`.expected.json`). One entry per fixture. Value, the first that applies:

    "throws"      decoding threw
    "mismatch"    decoded, but the re-encoding (as a parsed JSON value) equals
                  neither the input nor the fixture's .expected.json
    "constraint"  decoded, re-encoded to the input's JSON value, validate() threw
    "decodes"     decoded, validate() passed, re-encoded to the input's JSON value
    "normalizes"  decoded, validate() passed, re-encoded to .expected.json
    "degrades"    decoded, validate() passed, re-encoded to .expected.json

Output alone cannot tell "normalizes" from "degrades" (both mean: the
re-encoding is the .expected.json). If the generated decoder reports the fields
it dropped, the test writes "degrades" when at least one was dropped and
"normalizes" when none was; otherwise it writes the fixture's own mark.
"Same JSON value": parsed JSON, object key order and number spelling ignored
(1 == 1.0), types significant (true != 1), strings compared by Unicode scalars
(NFD "e\u0301" is not NFC "\u00e9", although Swift's String == says it is).

J.json and T.json are the reports of check_jsonschema.py and
check_typescript.py (`results[key]["verdict"]`). K.json is written by the
Kotlin fixture harness (Tests/Kotlin/FixtureHarness.kt) in the format of
S.json, and must give what Swift must give. A flat `{key: verdict}` object is
accepted for any of them. Without --kotlin the table has no Kotlin column.

What each mark allows
---------------------

    mark        Swift, Kotlin   JSON Schema        TypeScript
    valid       decodes         accept             compiles
    normalizes  normalizes      accept             compiles
    degrades    degrades        reject             fails
    constraint  constraint      accept or reject   compiles (exactly-one*, at-least-one*: fails)
                                (length-*, pattern-*, range-*, exactly-one*, at-least-one*: reject)
    invalid     throws          reject             fails

`extra-fields*` cases: TypeScript `skipped` (or absent from T.json).
`unknown-tag*` cases: TypeScript `fails` (the declarations list the known
union members so that narrowing works; a tag from a later spec is outside them).
A fixture missing from a report is a disagreement (`missing`). With
`--fixtures`, every fixture on disk must be in the table too.

Exit status: 0 when every row is OK, 1 when any row DISAGREEs, 2 when a report
cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from fixture_corpus import MARKS, SWIFT_ALLOWED as SWIFT, schema_allowed, typescript_expectation

MISSING = "missing"


def split_key(key: str) -> tuple[str, str, str] | None:
    """`Type/mark.case.json` -> (type, mark, case), or None if it is not a fixture key."""
    type_name, sep, name = key.partition("/")
    if not sep or "/" in name or not name.endswith(".json") or name.endswith(".expected.json"):
        return None
    stem = name[: -len(".json")]
    mark, dot, case = stem.partition(".")
    if not dot or mark not in MARKS or not case:
        return None
    return type_name, mark, case


def typescript_allowed(mark: str, case: str) -> set[str]:
    expected = typescript_expectation(mark, case)
    return {"skipped", MISSING} if expected == "skipped" else {expected}


def allowed(mark: str, case: str) -> dict[str, set[str]]:
    # Kotlin is held to exactly what Swift is held to.
    return {"swift": SWIFT[mark], "schema": schema_allowed(mark, case), "typescript": typescript_allowed(mark, case),
            "kotlin": SWIFT[mark]}


def load_verdicts(path: Path) -> dict[str, str]:
    """Read a report into {key: verdict}. Raises ValueError on an unusable file."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if isinstance(data, dict) and isinstance(data.get("results"), dict):
        data = data["results"]
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a JSON object")
    verdicts: dict[str, str] = {}
    for key, value in data.items():
        if isinstance(value, dict):
            value = value.get("verdict")
        if not isinstance(value, str):
            raise ValueError(f"{path}: {key}: no verdict string")
        verdicts[key] = value
    return verdicts


def fixture_keys(root: Path) -> set[str]:
    return {
        f"{p.parent.name}/{p.name}"
        for p in root.glob("*/*.json")
        if not p.name.endswith(".expected.json")
    }


def build_rows(swift: dict[str, str], schema: dict[str, str], typescript: dict[str, str],
               on_disk: set[str] | None = None, kotlin: dict[str, str] | None = None) -> list[dict[str, Any]]:
    keys = set(swift) | set(schema) | set(typescript) | set(kotlin or {}) | (on_disk or set())
    rows = []
    for key in sorted(keys):
        verdicts = {
            "swift": swift.get(key, MISSING),
            "schema": schema.get(key, MISSING),
            "typescript": typescript.get(key, MISSING),
        }
        if kotlin is not None:
            verdicts["kotlin"] = kotlin.get(key, MISSING)
        parsed = split_key(key)
        problems: list[str] = []
        if parsed is None:
            mark = "?"
            problems.append("not a <Type>/<mark>.<case>.json key")
        else:
            _, mark, case = parsed
            for target, ok in allowed(mark, case).items():
                if target in verdicts and verdicts[target] not in ok:
                    problems.append(f"{target} {verdicts[target]} (wants {' or '.join(sorted(ok - {MISSING}))})")
        if on_disk is not None and key not in on_disk:
            problems.append("no such fixture on disk")
        rows.append({"fixture": key, "mark": mark, **verdicts,
                     "status": "DISAGREE" if problems else "OK", "problems": problems})
    return rows


def render(rows: list[dict[str, Any]]) -> str:
    headers = ["fixture", "mark", "swift", "schema", "typescript"]
    headers += ["kotlin"] if rows and "kotlin" in rows[0] else []
    headers.append("status")
    table = [headers] + [[row[h] for h in headers] for row in rows]
    widths = [max(len(line[i]) for line in table) for i in range(len(headers))]
    out = []
    for n, line in enumerate(table):
        out.append("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(line)).rstrip())
        if n == 0:
            out.append("  ".join("-" * w for w in widths))
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Cross-check the Swift, JSON Schema, TypeScript and Kotlin verdicts.")
    parser.add_argument("--swift", type=Path, required=True, help="verdicts written by the Swift fixture test")
    parser.add_argument("--schema", type=Path, required=True, help="report of check_jsonschema.py")
    parser.add_argument("--typescript", type=Path, required=True, help="report of check_typescript.py")
    parser.add_argument("--kotlin", type=Path, help="verdicts written by the Kotlin fixture harness")
    parser.add_argument("--fixtures", type=Path, help="also require every fixture under this root to be listed")
    parser.add_argument("--report", type=Path, help="write the rows as JSON here")
    args = parser.parse_args(argv)

    try:
        swift = load_verdicts(args.swift)
        schema = load_verdicts(args.schema)
        typescript = load_verdicts(args.typescript)
        kotlin = load_verdicts(args.kotlin) if args.kotlin else None
    except (OSError, ValueError) as exc:
        print(f"agreement: cannot read a report: {exc}", file=sys.stderr)
        return 2
    on_disk = fixture_keys(args.fixtures) if args.fixtures else None
    rows = build_rows(swift, schema, typescript, on_disk, kotlin)

    print(render(rows))
    bad = [row for row in rows if row["status"] != "OK"]
    if bad:
        print()
        for row in bad:
            print(f"DISAGREE {row['fixture']}: {'; '.join(row['problems'])}")
    print(f"\n{len(rows)} fixtures, {len(rows) - len(bad)} OK, {len(bad)} DISAGREE")
    # The closing line CI runners read: one row per fixture, agreeing or not.
    print(f"agreement: {len(rows) - len(bad)} passed, {len(bad)} failed")
    if args.report:
        args.report.write_text(json.dumps({"rows": rows}, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
