#!/usr/bin/env python3
"""Validate the fixture corpus against the generated JSON Schema 2020-12 document.

Usage:
    python3 Tests/Tools/check_jsonschema.py SCHEMA FIXTURES_DIR --report OUT.json

1. The schema itself is checked against the 2020-12 metaschema
   (`Draft202012Validator.check_schema`). If it is not a valid schema, nothing
   else runs and the exit status is 2.
2. Every fixture `FIXTURES_DIR/<TypeName>/<mark>.<case>.json` is validated
   against `{"$ref": "<schema $id>#/$defs/<TypeName>"}`. The document is put in
   a `referencing.Registry` under its `$id` (or under `urn:openiap:schema` when it
   has none), so every `$ref` resolves offline; a reference to anything else is
   an error, never a download. Format checking is off.
3. Each fixture gets the verdict `accept` or `reject` (plus the most relevant
   error message, from `jsonschema.exceptions.best_match`). The verdict must
   match the mark:

       valid, normalizes -> accept      degrades, invalid -> reject
       constraint        -> either (a UTF-8 byte limit has no exact JSON Schema form)

   Every `.expected.json` (the canonical re-encoding of a normalizes or
   degrades fixture) must be accepted as well.

Exit status: 0 when every verdict matches its mark, 1 when at least one does
not (or a fixture could not be checked, e.g. `$defs/<TypeName>` is missing),
2 for a setup problem (unreadable or invalid schema, a stray file in the
fixture tree, bad arguments).

The report (`--report`) is JSON:

    {
      "tool": "check_jsonschema",
      "schema": "<path>", "schemaId": "<$id used>",
      "schemaError": null | "<metaschema error>",
      "problems": ["<fixture tree problem>", ...],
      "results": {
        "<TypeName>/<file name>": {
          "mark": "valid", "verdict": "accept" | "reject" | "error",
          "error": null | "<first error message>", "errorPath": null | "$.a.b",
          "ok": true
        }, ...
      },
      "expected": { "<TypeName>/<name>.expected.json": { same fields } },
      "summary": {"fixtures": 0, "expected": 0, "contradictions": 0}
    }

`agreement.py` reads `results[key]["verdict"]`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError, best_match
from referencing import Registry, Resource
from referencing.exceptions import Unresolvable
from referencing.jsonschema import DRAFT202012

from fixture_corpus import discover, schema_allowed

DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"
DEFAULT_ID = "urn:openiap:schema"
MAX_MESSAGE = 400


def load_json(path: Path) -> Any:
    with path.open(encoding="utf-8") as f:
        return json.load(f)


def short(text: str) -> str:
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 3] + "..."


class SchemaChecker:
    """Validates instances against `$defs/<TypeName>` of one schema document."""

    def __init__(self, schema: Any):
        if not isinstance(schema, dict):
            raise SchemaError("the schema document is not a JSON object")
        declared = schema.get("$schema")
        if declared is not None and declared.rstrip("#") != DRAFT_2020_12:
            raise SchemaError(f"$schema is {declared!r}, expected {DRAFT_2020_12!r}")
        Draft202012Validator.check_schema(schema)
        self.schema = schema
        self.base = schema.get("$id") or DEFAULT_ID
        resource = Resource.from_contents(schema, default_specification=DRAFT202012)
        # No `retrieve` callable: any URI not in the registry is Unresolvable (no network).
        self.registry = Registry().with_resource(self.base, resource)
        self._validators: dict[str, Draft202012Validator] = {}

    def has_type(self, type_name: str) -> bool:
        defs = self.schema.get("$defs")
        return isinstance(defs, dict) and type_name in defs

    def validator(self, type_name: str) -> Draft202012Validator:
        if type_name not in self._validators:
            ref = {"$ref": f"{self.base}#/$defs/{type_name}"}
            # format_checker left unset: "format" is an annotation only.
            self._validators[type_name] = Draft202012Validator(ref, registry=self.registry)
        return self._validators[type_name]

    def check(self, type_name: str, instance: Any) -> dict[str, Any]:
        """{"verdict": "accept"|"reject"|"error", "error": message|None, "errorPath": path|None}"""
        if not self.has_type(type_name):
            return {"verdict": "error", "error": f"the schema has no $defs/{type_name}", "errorPath": None}
        try:
            error = best_match(self.validator(type_name).iter_errors(instance))
        except Unresolvable as exc:  # jsonschema wraps referencing errors in a subclass of it
            return {"verdict": "error", "error": short(f"unresolvable $ref: {exc}"), "errorPath": None}
        if error is None:
            return {"verdict": "accept", "error": None, "errorPath": None}
        return {"verdict": "reject", "error": short(error.message), "errorPath": error.json_path}


def run(schema_path: Path, fixtures_dir: Path) -> tuple[dict[str, Any], int]:
    report: dict[str, Any] = {
        "tool": "check_jsonschema",
        "schema": str(schema_path),
        "schemaId": None,
        "schemaError": None,
        "problems": [],
        "results": {},
        "expected": {},
        "summary": {"fixtures": 0, "expected": 0, "contradictions": 0},
    }
    try:
        checker = SchemaChecker(load_json(schema_path))
    except (OSError, ValueError, SchemaError) as exc:
        message = exc.message if isinstance(exc, SchemaError) else str(exc)
        report["schemaError"] = short(message)
        return report, 2
    report["schemaId"] = checker.base

    fixtures, problems = discover(fixtures_dir)
    report["problems"] = problems
    contradictions = 0
    for fx in fixtures:
        entries = [(report["results"], fx.key, fx.path, fx.mark, schema_allowed(fx.mark, fx.case))]
        if fx.expected is not None:
            entries.append(
                (report["expected"], f"{fx.type_name}/{fx.expected.name}", fx.expected, "expected", {"accept"})
            )
        for table, key, path, mark, allowed in entries:
            try:
                instance = load_json(path)
            except (OSError, ValueError) as exc:
                outcome = {"verdict": "error", "error": short(f"unreadable JSON: {exc}"), "errorPath": None}
            else:
                outcome = checker.check(fx.type_name, instance)
            ok = outcome["verdict"] in allowed
            contradictions += not ok
            table[key] = {"mark": mark, **outcome, "ok": ok}
    report["summary"] = {
        "fixtures": len(report["results"]),
        "expected": len(report["expected"]),
        "contradictions": contradictions,
    }
    if problems:
        return report, 2
    return report, 1 if contradictions else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Check the fixture corpus against the generated JSON Schema (2020-12)."
    )
    parser.add_argument("schema", type=Path, help="the generated JSON Schema document")
    parser.add_argument("fixtures", type=Path, help="the fixture root, e.g. Tests/Fixtures")
    parser.add_argument("--report", type=Path, required=True, help="where to write the JSON report")
    args = parser.parse_args(argv)

    report, status = run(args.schema, args.fixtures)
    args.report.parent.mkdir(parents=True, exist_ok=True)
    args.report.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")

    if report["schemaError"]:
        print(f"{args.schema}: not a valid JSON Schema 2020-12 document: {report['schemaError']}", file=sys.stderr)
    for problem in report["problems"]:
        print(f"fixture tree: {problem}", file=sys.stderr)
    for table in ("results", "expected"):
        for key, entry in report[table].items():
            if not entry["ok"]:
                want = "accept" if entry["mark"] in ("valid", "normalizes", "expected") else "reject"
                print(f"CONTRADICTION {key}: {entry['verdict']} (mark {entry['mark']} needs {want}): {entry['error']}")
    s = report["summary"]
    print(f"json schema: {s['fixtures']} fixtures, {s['expected']} expected files, {s['contradictions']} contradictions")
    return status


if __name__ == "__main__":
    sys.exit(main())
