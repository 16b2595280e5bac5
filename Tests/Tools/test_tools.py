#!/usr/bin/env python3
"""Tests for the fixture tools and for the shape of the fixture corpus itself.

    python3 -m unittest discover -s Tests/Tools -p 'test_*.py' -v
    python3 Tests/Tools/test_tools.py

The schema verdicts come from the real `jsonschema`, the TypeScript verdicts
from the real `tsc` (tests that need it are skipped when it is not on PATH).
Everything runs on a tiny hand-written schema and .d.ts in a temp folder.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import socket
import sys
import tempfile
import unittest
from pathlib import Path
from unittest import mock

TOOLS = Path(__file__).resolve().parent
sys.path.insert(0, str(TOOLS))

import agreement  # noqa: E402
import check_jsonschema  # noqa: E402
import check_typescript  # noqa: E402
import make_contract_fixtures  # noqa: E402
import make_large_fixtures  # noqa: E402
from fixture_corpus import schema_allowed  # noqa: E402

FIXTURES = TOOLS.parent / "Fixtures"
HAVE_TSC = shutil.which("tsc") is not None

TINY_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://example.test/tiny.schema.json",
    "$defs": {
        "Mode": {"enum": ["a", "b"]},
        "Thing": {
            "type": "object",
            "required": ["name", "mode"],
            "properties": {
                "name": {"type": "string", "maxLength": 4},
                "mode": {"$ref": "#/$defs/Mode"},
                "tag": {"type": ["string", "null"]},
                "mail": {"type": "string", "format": "email"},
            },
        },
        "Pick": {
            "type": "object",
            "properties": {"x": {"type": ["string", "null"]}, "y": {"type": ["string", "null"]}},
            "oneOf": [
                {"required": ["x"], "properties": {"x": {"type": "string"}}},
                {"required": ["y"], "properties": {"y": {"type": "string"}}},
            ],
        },
    },
}

TINY_DTS = """\
export type Mode = "a" | "b";
export interface Thing { name: string; mode: Mode; tag?: string | null; mail?: string }
export type Pick = { x: string; y?: null } | { x?: null; y: string };
export interface OpenIAPWireTypes { Mode: Mode; Thing: Thing; Pick: Pick }
"""

# A corpus on which the tiny schema and .d.ts agree with every mark.
GOOD = {
    "Thing/valid.basic.json": {"name": "ab", "mode": "a"},
    "Thing/valid.non-ascii.json": {"name": "é🎮\u2028", "mode": "b", "tag": "line\nbreak"},
    "Thing/valid.format-not-checked.json": {"name": "x", "mode": "a", "mail": "not an email"},
    "Thing/valid.extra-fields-unknown.json": {"name": "ab", "mode": "a", "later": 1},
    "Thing/normalizes.null-tag.json": {"name": "ab", "mode": "a", "tag": None},
    "Thing/normalizes.null-tag.expected.json": {"name": "ab", "mode": "a"},
    "Thing/degrades.numeric-tag.json": {"name": "ab", "mode": "a", "tag": 1},
    "Thing/degrades.numeric-tag.expected.json": {"name": "ab", "mode": "a"},
    "Thing/constraint.name-too-long.json": {"name": "abcdefgh", "mode": "a"},
    "Thing/invalid.missing-name.json": {"mode": "a"},
    "Thing/invalid.future-mode.json": {"name": "ab", "mode": "c"},
    "Thing/invalid.top-level-null.json": None,
    "Pick/valid.x.json": {"x": "1"},
    "Pick/normalizes.x-with-null-y.json": {"x": "1", "y": None},
    "Pick/normalizes.x-with-null-y.expected.json": {"x": "1"},
    "Pick/constraint.exactly-one-both.json": {"x": "1", "y": "2"},
    "Pick/constraint.exactly-one-none.json": {},
}


def write_tree(root: Path, files: dict[str, object]) -> None:
    for rel, value in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


class TempDirTestCase(unittest.TestCase):
    def setUp(self) -> None:
        self._tmp = tempfile.TemporaryDirectory()
        self.tmp = Path(self._tmp.name)
        self.fixtures = self.tmp / "Fixtures"
        self.schema_path = self.tmp / "tiny.schema.json"
        self.dts_path = self.tmp / "tiny.d.ts"
        self.schema_path.write_text(json.dumps(TINY_SCHEMA), encoding="utf-8")
        self.dts_path.write_text(TINY_DTS, encoding="utf-8")

    def tearDown(self) -> None:
        self._tmp.cleanup()

    def schema(self, files: dict[str, object], schema: object | None = None):
        write_tree(self.fixtures, files)
        if schema is not None:
            self.schema_path.write_text(json.dumps(schema), encoding="utf-8")
        return check_jsonschema.run(self.schema_path, self.fixtures)

    def typescript(self, files: dict[str, object], tsc: str = "tsc"):
        write_tree(self.fixtures, files)
        return check_typescript.run(self.dts_path, self.fixtures, tsc)


class DiscoverTests(TempDirTestCase):
    def test_names_marks_and_expected_files(self):
        write_tree(self.fixtures, GOOD)
        (self.fixtures / "README.md").write_text("ignored")
        for discover in (check_jsonschema.discover, check_typescript.discover):
            fixtures, problems = discover(self.fixtures)
            self.assertEqual(problems, [])
            keys = {f.key for f in fixtures}
            self.assertEqual(keys, {k for k in GOOD if not k.endswith(".expected.json")})
            byname = {f.key: f for f in fixtures}
            f = byname["Thing/normalizes.null-tag.json"]
            self.assertEqual((f.type_name, f.mark, f.case), ("Thing", "normalizes", "null-tag"))
            self.assertEqual(f.expected.name, "normalizes.null-tag.expected.json")
            self.assertIsNone(byname["Thing/valid.basic.json"].expected)

    def test_layout_problems(self):
        write_tree(self.fixtures, {
            "Thing/weird.case.json": {},
            "Thing/valid.json": {},
            "Thing/degrades.no-expected.json": {},
            "Thing/valid.stray.expected.json": {},
            "Thing/valid.has-expected.json": {},
            "Thing/valid.has-expected.expected.json": {},
        })
        (self.fixtures / "Thing" / "notes.txt").write_text("x")
        _, problems = check_jsonschema.discover(self.fixtures)
        text = "\n".join(problems)
        self.assertIn("Thing/weird.case.json: unknown mark 'weird'", text)
        self.assertIn("Thing/valid.json: not named", text)
        self.assertIn("Thing/notes.txt: not named", text)
        self.assertIn("degrades.no-expected.json: a degrades fixture needs", text)
        self.assertIn("valid.stray.expected.json: no fixture", text)
        self.assertIn("valid.has-expected.expected.json: only normalizes and degrades", text)


class JsonSchemaTests(TempDirTestCase):
    def test_good_corpus_matches_every_mark(self):
        report, status = self.schema(GOOD)
        self.assertEqual(status, 0, report)
        r = report["results"]
        self.assertEqual(r["Thing/valid.basic.json"]["verdict"], "accept")
        self.assertEqual(r["Thing/valid.format-not-checked.json"]["verdict"], "accept")
        self.assertEqual(r["Thing/constraint.name-too-long.json"]["verdict"], "reject")
        self.assertEqual(r["Pick/constraint.exactly-one-none.json"]["verdict"], "reject")
        self.assertEqual(r["Pick/normalizes.x-with-null-y.json"]["verdict"], "accept")
        self.assertEqual(r["Thing/degrades.numeric-tag.json"]["errorPath"], "$.tag")
        self.assertIn("'name' is a required property", r["Thing/invalid.missing-name.json"]["error"])
        self.assertEqual(set(report["expected"]), {
            "Thing/normalizes.null-tag.expected.json",
            "Thing/degrades.numeric-tag.expected.json",
            "Pick/normalizes.x-with-null-y.expected.json",
        })
        self.assertTrue(all(e["verdict"] == "accept" for e in report["expected"].values()))
        self.assertEqual(report["summary"], {"fixtures": 14, "expected": 3, "contradictions": 0})

    def test_contradictions_exit_1(self):
        report, status = self.schema({
            "Thing/valid.future-mode.json": {"name": "ab", "mode": "c"},
            "Thing/invalid.looks-fine.json": {"name": "ab", "mode": "a"},
            "Thing/degrades.bad-expected.json": {"name": "ab", "mode": "a", "tag": 1},
            "Thing/degrades.bad-expected.expected.json": {"name": "ab"},
        })
        self.assertEqual(status, 1)
        r = report["results"]
        self.assertFalse(r["Thing/valid.future-mode.json"]["ok"])
        self.assertFalse(r["Thing/invalid.looks-fine.json"]["ok"])
        self.assertTrue(r["Thing/degrades.bad-expected.json"]["ok"])
        self.assertFalse(report["expected"]["Thing/degrades.bad-expected.expected.json"]["ok"])
        self.assertEqual(report["summary"]["contradictions"], 3)

    def test_constraint_accepts_either_verdict(self):
        report, status = self.schema({
            "Thing/constraint.accepted.json": {"name": "ab", "mode": "a"},
            "Thing/constraint.rejected.json": {"name": "abcdef", "mode": "a"},
        })
        self.assertEqual(status, 0)
        self.assertEqual({e["verdict"] for e in report["results"].values()}, {"accept", "reject"})

    def test_schema_failing_the_metaschema_exits_2(self):
        report, status = self.schema(GOOD, schema={"$defs": {"Thing": {"type": 12}}})
        self.assertEqual(status, 2)
        self.assertIn("12", report["schemaError"])
        self.assertEqual(report["results"], {})

    def test_other_draft_exits_2(self):
        schema = dict(TINY_SCHEMA, **{"$schema": "http://json-schema.org/draft-07/schema#"})
        report, status = self.schema(GOOD, schema=schema)
        self.assertEqual(status, 2)
        self.assertIn("draft-07", report["schemaError"])

    def test_missing_definition_is_an_error(self):
        report, status = self.schema({"Nope/valid.x.json": {}})
        self.assertEqual(status, 1)
        self.assertEqual(report["results"]["Nope/valid.x.json"]["verdict"], "error")
        self.assertIn("$defs/Nope", report["results"]["Nope/valid.x.json"]["error"])

    def test_schema_without_id_resolves_internal_refs(self):
        schema = {k: v for k, v in TINY_SCHEMA.items() if k != "$id"}
        report, status = self.schema(GOOD, schema=schema)
        self.assertEqual(status, 0, report)
        self.assertEqual(report["schemaId"], check_jsonschema.DEFAULT_ID)

    def test_external_ref_is_never_fetched(self):
        schema = {"$schema": TINY_SCHEMA["$schema"], "$id": "https://example.test/s.json",
                  "$defs": {"Thing": {"$ref": "https://example.test/elsewhere.json#/$defs/Thing"}}}

        def no_network(*args, **kwargs):
            raise AssertionError("network access attempted")

        with mock.patch.object(socket, "socket", no_network), \
                mock.patch.object(socket, "create_connection", no_network):
            report, status = self.schema({"Thing/valid.x.json": {}}, schema=schema)
        self.assertEqual(status, 1)
        entry = report["results"]["Thing/valid.x.json"]
        self.assertEqual(entry["verdict"], "error")
        self.assertIn("unresolvable", entry["error"])

    def test_layout_problem_exits_2(self):
        files = dict(GOOD)
        files["Thing/degrades.no-expected.json"] = {"name": 1}
        report, status = self.schema(files)
        self.assertEqual(status, 2)
        self.assertTrue(report["problems"])

    def test_cli_writes_report(self):
        write_tree(self.fixtures, GOOD)
        out = self.tmp / "out" / "J.json"
        with contextlib.redirect_stdout(io.StringIO()) as stdout:
            status = check_jsonschema.main([str(self.schema_path), str(self.fixtures), "--report", str(out)])
        self.assertEqual(status, 0)
        self.assertIn("0 contradictions", stdout.getvalue())
        self.assertEqual(json.loads(out.read_text())["results"]["Thing/valid.basic.json"]["verdict"], "accept")


class TypeScriptUnitTests(unittest.TestCase):
    def test_expectation(self):
        e = check_typescript.expectation
        self.assertEqual(e("valid", "x"), "compiles")
        self.assertEqual(e("normalizes", "x"), "compiles")
        self.assertEqual(e("degrades", "x"), "fails")
        self.assertEqual(e("invalid", "x"), "fails")
        self.assertEqual(e("constraint", "body-too-long"), "compiles")
        self.assertEqual(e("constraint", "exactly-one-none-set"), "fails")
        self.assertEqual(e("constraint", "at-least-one-none-set"), "fails")
        self.assertEqual(e("constraint", "pattern-jws-two-segments"), "compiles")
        self.assertEqual(e("normalizes", "alias-stands-in-for-apple"), "fails")
        self.assertEqual(e("valid", "extra-fields-top-level"), "skipped")
        self.assertRaises(ValueError, e, "bogus", "x")

    def test_module_specifier(self):
        self.assertEqual(check_typescript.module_specifier(Path("/a/b/openiap.ts")), "/a/b/openiap")
        self.assertEqual(check_typescript.module_specifier(Path("/a/b/openiap.d.ts")), "/a/b/openiap")
        self.assertRaises(ValueError, check_typescript.module_specifier, Path("/a/b/openiap.json"))

    def test_source_keeps_the_literal_on_the_value_line(self):
        value = {"s": "a\nb\u2028c é🎮", "n": 1784160000000, "z": None}
        text = check_typescript.ts_source("/x/openiap", "Thing", "Thing/valid.x.json", value, must_fail=True)
        lines = text.split("\n")
        self.assertEqual(lines[0], 'import type { OpenIAPWireTypes } from "/x/openiap";')
        self.assertEqual(lines[check_typescript.TYPE_LINE - 1], 'type Checked = OpenIAPWireTypes["Thing"];')
        self.assertEqual(lines[check_typescript.DIRECTIVE_LINE - 1], "// @ts-expect-error")
        value_line = lines[check_typescript.VALUE_LINE - 1]
        self.assertTrue(value_line.startswith("const value: Checked = {"))
        self.assertTrue(value_line.isascii())
        self.assertEqual(json.loads(value_line[len("const value: Checked = "):-1]), value)
        ok = check_typescript.ts_source("/x/openiap", "Thing", "k", value, must_fail=False)
        self.assertNotIn("@ts-expect-error", ok)

    def test_parse_diagnostics(self):
        out = (
            "a.ts(4,7): error TS2322: Type '{ x: number; }' is not assignable to type 'Thing'.\n"
            "  Object literal may only specify known properties.\n"
            "b.ts(3,1): error TS2578: Unused '@ts-expect-error' directive.\n"
            "error TS5023: Unknown compiler option 'bogus'.\n"
        )
        d = check_typescript.parse_diagnostics(out, Path("/tmp/w"))
        self.assertEqual(len(d), 3)
        self.assertEqual((d[0]["line"], d[0]["code"]), (4, "TS2322"))
        self.assertIn("known properties", d[0]["message"])
        self.assertTrue(d[0]["file"].endswith("/w/a.ts"))
        self.assertEqual(d[1]["code"], "TS2578")
        self.assertIsNone(d[2]["file"])

    def test_verdict_for(self):
        v = check_typescript.verdict_for
        value_err = {"line": 4, "code": "TS2322", "message": "no"}
        unused = {"line": 3, "code": "TS2578", "message": "Unused '@ts-expect-error' directive."}
        import_err = {"line": 1, "code": "TS2305", "message": "no export"}
        self.assertEqual(v([], must_fail=False), ("compiles", None))
        self.assertEqual(v([value_err], must_fail=False)[0], "fails")
        self.assertEqual(v([], must_fail=True), ("fails", None))
        self.assertEqual(v([unused], must_fail=True), ("compiles", None))
        self.assertEqual(v([import_err], must_fail=False)[0], "error")
        self.assertEqual(v([import_err, unused], must_fail=True)[0], "error")


@unittest.skipUnless(HAVE_TSC, "tsc not on PATH (apt-get install -y node-typescript)")
class TypeScriptTests(TempDirTestCase):
    def test_good_corpus_matches_every_mark(self):
        report, status = self.typescript(GOOD)
        self.assertEqual(status, 0, json.dumps(report, indent=1))
        r = report["results"]
        self.assertEqual(r["Thing/valid.basic.json"]["verdict"], "compiles")
        self.assertEqual(r["Thing/valid.extra-fields-unknown.json"]["verdict"], "skipped")
        self.assertEqual(r["Thing/invalid.future-mode.json"]["verdict"], "fails")
        self.assertEqual(r["Thing/constraint.name-too-long.json"]["verdict"], "compiles")
        self.assertEqual(r["Pick/constraint.exactly-one-both.json"]["verdict"], "fails")
        self.assertEqual(r["Pick/normalizes.x-with-null-y.json"]["verdict"], "compiles")
        self.assertEqual(len(report["expected"]), 3)
        self.assertEqual(report["summary"]["skipped"], 1)
        self.assertEqual(report["unmappedDiagnostics"], [])

    def test_contradictions_in_both_directions(self):
        report, status = self.typescript({
            "Thing/valid.future-mode.json": {"name": "ab", "mode": "c"},
            "Thing/invalid.looks-fine.json": {"name": "ab", "mode": "a"},
            "Pick/constraint.exactly-one-but-fine.json": {"x": "1"},
            "Pick/constraint.not-exactly-one-rule.json": {"x": "1", "y": "2"},
        })
        self.assertEqual(status, 1)
        r = report["results"]
        self.assertEqual(r["Thing/valid.future-mode.json"]["verdict"], "fails")
        self.assertIn("TS2322", r["Thing/valid.future-mode.json"]["error"])
        self.assertEqual(r["Thing/invalid.looks-fine.json"]["verdict"], "compiles")
        self.assertEqual(r["Pick/constraint.exactly-one-but-fine.json"]["verdict"], "compiles")
        self.assertEqual(r["Pick/constraint.not-exactly-one-rule.json"]["verdict"], "fails")
        self.assertEqual(report["summary"]["contradictions"], 4)

    def test_unknown_type_is_an_error_not_a_verdict(self):
        report, status = self.typescript({"Nope/invalid.x.json": {}, "Nope/valid.y.json": {}})
        self.assertEqual(status, 1)
        for key in ("Nope/invalid.x.json", "Nope/valid.y.json"):
            self.assertEqual(report["results"][key]["verdict"], "error")
            self.assertIn("line 2", report["results"][key]["error"])
            self.assertIn("OpenIAPWireTypes", report["results"][key]["error"])

    def test_errors_in_the_dts_are_reported(self):
        self.dts_path.write_text(TINY_DTS + "export type Broken = Missing;\n", encoding="utf-8")
        report, status = self.typescript(GOOD)
        self.assertEqual(status, 1)
        self.assertTrue(any("Missing" in line for line in report["unmappedDiagnostics"]))

    def test_missing_tsc_exits_2(self):
        report, status = self.typescript(GOOD, tsc="definitely-not-a-tsc-binary")
        self.assertEqual(status, 2)
        self.assertIn("tsc not found", report["problems"][0])

    def test_cli_keep_writes_files(self):
        write_tree(self.fixtures, GOOD)
        keep = self.tmp / "ts"
        out = self.tmp / "T.json"
        with contextlib.redirect_stdout(io.StringIO()):
            status = check_typescript.main([str(self.dts_path), str(self.fixtures), "--report", str(out),
                                            "--keep", str(keep)])
        self.assertEqual(status, 0)
        self.assertTrue(list(keep.glob("*.ts")))
        self.assertEqual(json.loads(out.read_text())["summary"]["contradictions"], 0)


class AgreementTests(TempDirTestCase):
    SWIFT_OK = {
        "T/valid.a.json": "decodes",
        "T/normalizes.b.json": "normalizes",
        "T/degrades.c.json": "degrades",
        "T/constraint.d.json": "constraint",
        "T/constraint.exactly-one-e.json": "constraint",
        "T/invalid.f.json": "throws",
        "T/valid.extra-fields-g.json": "decodes",
    }
    SCHEMA_OK = {
        "T/valid.a.json": "accept", "T/normalizes.b.json": "accept", "T/degrades.c.json": "reject",
        "T/constraint.d.json": "accept", "T/constraint.exactly-one-e.json": "reject",
        "T/invalid.f.json": "reject", "T/valid.extra-fields-g.json": "accept",
    }
    TS_OK = {
        "T/valid.a.json": "compiles", "T/normalizes.b.json": "compiles", "T/degrades.c.json": "fails",
        "T/constraint.d.json": "compiles", "T/constraint.exactly-one-e.json": "fails",
        "T/invalid.f.json": "fails", "T/valid.extra-fields-g.json": "skipped",
    }

    def test_all_ok(self):
        rows = agreement.build_rows(self.SWIFT_OK, self.SCHEMA_OK, self.TS_OK)
        self.assertEqual([r["status"] for r in rows], ["OK"] * 7, rows)

    def test_each_kind_of_disagreement(self):
        swift = dict(self.SWIFT_OK, **{"T/valid.a.json": "throws", "T/degrades.c.json": "normalizes"})
        schema = dict(self.SCHEMA_OK, **{"T/normalizes.b.json": "reject"})
        ts = dict(self.TS_OK, **{"T/constraint.exactly-one-e.json": "compiles", "T/constraint.d.json": "fails"})
        del ts["T/invalid.f.json"]
        rows = {r["fixture"]: r for r in agreement.build_rows(swift, schema, ts)}
        self.assertEqual(rows["T/valid.a.json"]["problems"], ["swift throws (wants decodes)"])
        self.assertEqual(rows["T/degrades.c.json"]["status"], "DISAGREE")
        self.assertEqual(rows["T/normalizes.b.json"]["problems"], ["schema reject (wants accept)"])
        self.assertEqual(rows["T/constraint.exactly-one-e.json"]["status"], "DISAGREE")
        self.assertEqual(rows["T/constraint.d.json"]["status"], "DISAGREE")
        self.assertEqual(rows["T/invalid.f.json"]["typescript"], "missing")
        self.assertEqual(rows["T/invalid.f.json"]["status"], "DISAGREE")
        self.assertEqual(rows["T/valid.extra-fields-g.json"]["status"], "OK")

    def test_kotlin_column_is_held_to_the_swift_verdicts(self):
        rows = agreement.build_rows(self.SWIFT_OK, self.SCHEMA_OK, self.TS_OK, kotlin=dict(self.SWIFT_OK))
        self.assertEqual([r["status"] for r in rows], ["OK"] * 7, rows)
        self.assertIn("kotlin", agreement.render(rows).splitlines()[0])
        kotlin = dict(self.SWIFT_OK, **{"T/invalid.f.json": "decodes", "T/degrades.c.json": "crash: boom"})
        del kotlin["T/valid.a.json"]
        rows = {r["fixture"]: r for r in agreement.build_rows(self.SWIFT_OK, self.SCHEMA_OK, self.TS_OK, kotlin=kotlin)}
        self.assertEqual(rows["T/invalid.f.json"]["problems"], ["kotlin decodes (wants throws)"])
        self.assertEqual(rows["T/degrades.c.json"]["status"], "DISAGREE")
        self.assertEqual(rows["T/valid.a.json"]["kotlin"], "missing")
        self.assertEqual(rows["T/valid.a.json"]["status"], "DISAGREE")
        # Without a Kotlin report there is no Kotlin column to disagree.
        rows = agreement.build_rows(self.SWIFT_OK, self.SCHEMA_OK, self.TS_OK)
        self.assertNotIn("kotlin", rows[0])
        self.assertNotIn("kotlin", agreement.render(rows).splitlines()[0])

    def test_extra_fields_may_be_absent_from_typescript_only(self):
        ts = {k: v for k, v in self.TS_OK.items() if "extra-fields" not in k}
        rows = {r["fixture"]: r for r in agreement.build_rows(self.SWIFT_OK, self.SCHEMA_OK, ts)}
        self.assertEqual(rows["T/valid.extra-fields-g.json"]["status"], "OK")
        schema = {k: v for k, v in self.SCHEMA_OK.items() if "extra-fields" not in k}
        rows = {r["fixture"]: r for r in agreement.build_rows(self.SWIFT_OK, schema, ts)}
        self.assertEqual(rows["T/valid.extra-fields-g.json"]["status"], "DISAGREE")

    def test_bad_keys_and_disk_check(self):
        rows = {r["fixture"]: r for r in agreement.build_rows(
            {"T/bogus.x.json": "decodes", "T/valid.a.expected.json": "decodes"}, {}, {}, on_disk={"T/valid.z.json"})}
        self.assertEqual(rows["T/bogus.x.json"]["status"], "DISAGREE")
        self.assertEqual(rows["T/valid.a.expected.json"]["status"], "DISAGREE")
        self.assertIn("no such fixture on disk", rows["T/bogus.x.json"]["problems"])
        self.assertEqual(rows["T/valid.z.json"]["swift"], "missing")

    def test_load_verdicts_reads_both_report_forms(self):
        flat = self.tmp / "flat.json"
        flat.write_text(json.dumps({"T/valid.a.json": "decodes"}))
        nested = self.tmp / "nested.json"
        nested.write_text(json.dumps({"tool": "x", "results": {"T/valid.a.json": {"verdict": "accept", "ok": True}}}))
        broken = self.tmp / "broken.json"
        broken.write_text(json.dumps({"T/valid.a.json": 3}))
        self.assertEqual(agreement.load_verdicts(flat), {"T/valid.a.json": "decodes"})
        self.assertEqual(agreement.load_verdicts(nested), {"T/valid.a.json": "accept"})
        self.assertRaises(ValueError, agreement.load_verdicts, broken)

    def test_cli_exit_codes(self):
        paths = {}
        for name, data in (("S", self.SWIFT_OK), ("J", {"results": {k: {"verdict": v} for k, v in self.SCHEMA_OK.items()}}),
                           ("T", self.TS_OK)):
            paths[name] = self.tmp / f"{name}.json"
            paths[name].write_text(json.dumps(data))
        argv = ["--swift", str(paths["S"]), "--schema", str(paths["J"]), "--typescript", str(paths["T"])]
        with contextlib.redirect_stdout(io.StringIO()) as out:
            self.assertEqual(agreement.main(argv + ["--report", str(self.tmp / "rows.json")]), 0)
        self.assertIn("7 fixtures, 7 OK, 0 DISAGREE", out.getvalue())
        self.assertEqual(len(json.loads((self.tmp / "rows.json").read_text())["rows"]), 7)
        paths["K"] = self.tmp / "K.json"
        paths["K"].write_text(json.dumps(dict(self.SWIFT_OK, **{"T/valid.a.json": "mismatch"})))
        with contextlib.redirect_stdout(io.StringIO()) as out:
            self.assertEqual(agreement.main(argv + ["--kotlin", str(paths["K"])]), 1)
        self.assertIn("DISAGREE T/valid.a.json: kotlin mismatch (wants decodes)", out.getvalue())
        paths["S"].write_text(json.dumps(dict(self.SWIFT_OK, **{"T/invalid.f.json": "decodes"})))
        with contextlib.redirect_stdout(io.StringIO()) as out:
            self.assertEqual(agreement.main(argv), 1)
        self.assertIn("DISAGREE T/invalid.f.json: swift decodes (wants throws)", out.getvalue())
        paths["S"].write_text("{not json")
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            self.assertEqual(agreement.main(argv), 2)

    @unittest.skipUnless(HAVE_TSC, "tsc not on PATH")
    def test_end_to_end_on_the_tiny_corpus(self):
        write_tree(self.fixtures, GOOD)
        schema_report, s1 = check_jsonschema.run(self.schema_path, self.fixtures)
        ts_report, s2 = check_typescript.run(self.dts_path, self.fixtures, "tsc")
        self.assertEqual((s1, s2), (0, 0))
        swift = {k: {"valid": "decodes", "normalizes": "normalizes", "degrades": "degrades",
                     "constraint": "constraint", "invalid": "throws"}[k.split("/")[1].split(".")[0]]
                 for k in schema_report["results"]}
        rows = agreement.build_rows(swift, agreement_verdicts(schema_report), agreement_verdicts(ts_report),
                                    agreement.fixture_keys(self.fixtures))
        self.assertTrue(all(r["status"] == "OK" for r in rows), [r for r in rows if r["status"] != "OK"])


def agreement_verdicts(report: dict) -> dict[str, str]:
    return {k: v["verdict"] for k, v in report["results"].items()}


class CorpusTests(unittest.TestCase):
    """The committed corpus: layout, formatting, required cases, byte limits."""

    TYPES = {
        "RequestVerifyPurchaseWithIapkitResult",
        "VerifyPurchaseWithProviderResult",
        "IapkitProductClientPayload",
        "RequestVerifyPurchaseWithIapkitProps",
        "RequestVerifyPurchaseWithIapkitHorizonProps",
        "VerifyPurchaseWithProviderProps",
    }

    ROOT = FIXTURES

    def files(self):
        return sorted(self.ROOT.glob("*/*.json"))

    def test_layout(self):
        fixtures, problems = check_jsonschema.discover(FIXTURES)
        self.assertEqual(problems, [])
        self.assertLessEqual(self.TYPES, {f.type_name for f in fixtures})

    def test_formatting(self):
        for path in self.files():
            with self.subTest(path=path.name):
                raw = path.read_bytes()
                text = raw.decode("utf-8")
                self.assertTrue(text.endswith("\n") and not text.endswith("\n\n"), "one trailing newline")
                self.assertNotIn("\r", text)
                self.assertNotIn("\t", text)

                def no_duplicates(pairs):
                    keys = [k for k, _ in pairs]
                    self.assertEqual(len(keys), len(set(keys)), "duplicate key")
                    return dict(pairs)

                value = json.loads(text, object_pairs_hook=no_duplicates)
                if "escaped" in path.name:  # keeps its \\u escapes on purpose
                    pretty = json.dumps(value, indent=2, ensure_ascii=True) + "\n"
                    self.assertEqual(len(text.splitlines()), len(pretty.splitlines()))
                else:
                    self.assertEqual(text, json.dumps(value, indent=2, ensure_ascii=False) + "\n")

    def test_expected_files_change_something(self):
        for path in self.ROOT.glob("*/*.expected.json"):
            source = path.with_name(path.name.replace(".expected.json", ".json"))
            with self.subTest(path=path.name):
                self.assertNotEqual(json.loads(path.read_text()), json.loads(source.read_text()))

    def test_docs_example_is_verbatim(self):
        docs = ('{"store":"google","isValid":true,"state":"entitled","productId":"premium_monthly",'
                '"clientPayload":{"format":"toml","body":"[access]\\nmax_items = 10","version":3,'
                '"updatedAt":1784160000000}}')
        path = FIXTURES / "RequestVerifyPurchaseWithIapkitResult" / "valid.docs-example.json"
        self.assertEqual(json.loads(path.read_text()), json.loads(docs))

    def test_required_cases_exist(self):
        r = "RequestVerifyPurchaseWithIapkitResult/"
        required = [
            r + "valid.environment-sandbox.json", r + "valid.environment-production.json",
            r + "valid.environment-xcode.json", r + "valid.environment-localtesting.json",
            r + "valid.environment-future-value.json", r + "normalizes.empty-environment.json",
            r + "degrades.numeric-environment.json", r + "valid.future-state.json", r + "valid.future-store.json",
            r + "normalizes.upper-snake-state-entitled.json",
            r + "normalizes.upper-snake-state-pending-acknowledgment.json",
            r + "normalizes.upper-snake-state-ready-to-consume.json",
            r + "degrades.future-client-payload-format.json", r + "normalizes.extra-fields-top-level.json",
            r + "normalizes.extra-fields-nested-client-payload.json", r + "valid.non-ascii-text.json",
            r + "valid.client-payload-body-16384-bytes-mixed.json",
            r + "constraint.client-payload-body-16385-bytes-mixed.json",
            r + "invalid.missing-is-valid.json", r + "invalid.missing-store.json", r + "invalid.missing-state.json",
            r + "invalid.is-valid-string.json", r + "invalid.store-number.json", r + "invalid.state-null.json",
            r + "valid.updated-at-ms-precision.json",
            "VerifyPurchaseWithProviderResult/valid.future-provider.json",
            "RequestVerifyPurchaseWithIapkitProps/constraint.exactly-one-none-set.json",
            "RequestVerifyPurchaseWithIapkitProps/constraint.exactly-one-apple-and-google.json",
            "RequestVerifyPurchaseWithIapkitProps/valid.horizon.json",
            "RequestVerifyPurchaseWithIapkitHorizonProps/valid.sku-and-user-id.json",
            "VerifyPurchaseWithProviderProps/valid.horizon.json",
        ]
        for rel in required:
            self.assertTrue((FIXTURES / rel).is_file(), rel)

    def test_body_sizes_at_the_limit(self):
        def bodies(value):
            if isinstance(value, dict):
                for k, v in value.items():
                    if k == "body" and isinstance(v, str):
                        yield v
                    else:
                        yield from bodies(v)

        seen = 0
        for path in FIXTURES.glob("*/*1638[45]-bytes*.json"):
            if path.name.startswith("invalid.success-body-"):
                continue  # a result mirrored as an error body (make_contract_fixtures.py)
            want = 16384 if "16384" in path.name else 16385
            with self.subTest(path=path.name):
                (body,) = list(bodies(json.loads(path.read_text(encoding="utf-8"))))
                self.assertEqual(len(body.encode("utf-8")), want)
                self.assertLess(len(body), want, "multi-byte text, fewer code points than bytes")
                self.assertTrue(path.name.startswith("valid." if want == 16384 else "constraint."))
                seen += 1
        self.assertGreaterEqual(seen, 10)

    def test_schema_expresses_lengths_patterns_ranges_and_groups_exactly(self):
        for case in ("length-jws-99-characters", "pattern-token-slash", "range-version-0", "at-least-one-none-set",
                     "exactly-one-both"):
            self.assertEqual(schema_allowed("constraint", case), {"reject"}, case)
        self.assertEqual(schema_allowed("constraint", "body-16385-bytes-mixed"), {"accept", "reject"})
        self.assertEqual(schema_allowed("valid", "length-at-the-limit"), {"accept"})

    def test_contract_fixtures_are_up_to_date(self):
        with contextlib.redirect_stderr(io.StringIO()) as err:
            self.assertEqual(make_contract_fixtures.main(["--check"]), 0, err.getvalue())

    def test_error_bodies_and_results_are_mirrored_both_ways(self):
        # Every error body is a rejected result and every result a rejected error body.
        errors = sorted(FIXTURES.glob("IapkitErrorResponse/valid.*.json"))
        self.assertGreaterEqual(len(errors), 5)
        for path in errors:
            case = path.name[len("valid."):]
            for result in ("RequestVerifyPurchaseWithIapkitResult", "VerifyPurchaseWithProviderResult"):
                mirror = FIXTURES / result / f"invalid.error-body-{case}"
                self.assertEqual(mirror.read_bytes(), path.read_bytes(), mirror.name)
        results = sorted(FIXTURES.glob("RequestVerifyPurchaseWithIapkitResult/valid.*.json"))
        self.assertGreaterEqual(len(results), 30)
        for path in results:
            mirror = FIXTURES / "IapkitErrorResponse" / f"invalid.success-body-iapkit-result-{path.name[len('valid.'):]}"
            self.assertEqual(mirror.read_bytes(), path.read_bytes(), mirror.name)

    def test_limit_fixtures_sit_at_and_past_each_bound(self):
        def one(rel):
            return json.loads((FIXTURES / rel).read_text(encoding="utf-8"))
        apple = "RequestVerifyPurchaseWithIapkitAppleProps"
        self.assertEqual(len(one(f"{apple}/valid.jws-100-characters.json")["jws"]), 100)
        self.assertEqual(len(one(f"{apple}/valid.jws-16000-characters.json")["jws"]), 16000)
        self.assertEqual(len(one(f"{apple}/constraint.length-jws-99-characters.json")["jws"]), 99)
        self.assertEqual(len(one(f"{apple}/constraint.length-jws-16001-characters.json")["jws"]), 16001)
        amazon = "RequestVerifyPurchaseWithIapkitAmazonProps"
        longest = one(f"{amazon}/valid.longest-ids.json")
        self.assertEqual((len(longest["userId"]), len(longest["receiptId"])), (512, 4096))
        horizon = one("RequestVerifyPurchaseWithIapkitHorizonProps/valid.longest.json")
        self.assertEqual((len(horizon["userId"]), len(horizon["sku"])), (256, 256))

    def test_large_fixtures_are_up_to_date(self):
        with contextlib.redirect_stderr(io.StringIO()) as err:
            self.assertEqual(make_large_fixtures.main(["--check"]), 0, err.getvalue())

    def test_timestamps_are_exact_integers(self):
        path = FIXTURES / "RequestVerifyPurchaseWithIapkitResult" / "valid.updated-at-max-safe-integer.json"
        self.assertIn('"updatedAt": 9007199254740991', path.read_text())


class OperationCorpusTests(unittest.TestCase):
    """The operation fixtures (the `<Operation>Args` and `<Operation>Reply`
    folders of `Tests/Fixtures`): layout and formatting as in the corpus, the
    cases every reply and arguments record needs, and both checkers over them
    alone with the generated schema and declarations (the whole corpus,
    with Swift, is `scripts/prove-targets.sh`'s)."""

    ROOT = FIXTURES
    SCHEMA = TOOLS.parent.parent / "Generated/JSONSchema/openiap.schema.json"
    DTS = TOOLS.parent.parent / "Generated/TypeScript/openiap.ts"

    test_formatting = CorpusTests.test_formatting
    test_expected_files_change_something = CorpusTests.test_expected_files_change_something
    files = CorpusTests.files

    def operation_names(self):
        """The queries and mutations (OpenIAPCall) and events (OpenIAPSubscribe) of the generated schema."""
        definitions = json.loads(self.SCHEMA.read_text(encoding="utf-8"))["$defs"]
        def names(definition, key):
            return {branch["properties"][key]["const"] for branch in definitions[definition]["oneOf"]}
        return names("OpenIAPCall", "operation"), names("OpenIAPSubscribe", "subscribe")

    def test_layout_names_real_operations(self):
        fixtures, problems = check_jsonschema.discover(self.ROOT)
        self.assertEqual(problems, [])
        calls, events = self.operation_names()
        upper = lambda name: name[:1].upper() + name[1:]
        allowed = {upper(n) + "Args" for n in calls | events} | {upper(n) + "Reply" for n in calls}
        named = {f.type_name for f in fixtures if f.type_name.endswith(("Args", "Reply"))}
        self.assertGreaterEqual(len(named), 14)
        for type_name in named:
            self.assertIn(type_name, allowed, "not the Args or Reply type of an operation")

    def operation_folders(self, into: Path) -> Path:
        """A copy of the operation folders alone, under `into`."""
        for folder in self.ROOT.iterdir():
            if folder.is_dir() and folder.name.endswith(("Args", "Reply")):
                shutil.copytree(folder, into / folder.name)
        return into

    def test_required_cases_exist(self):
        names = {f"{p.parent.name}/{p.name}" for p in self.files()}
        for reply in ("FetchProductsReply", "FinishTransactionReply", "RequestPurchaseReply"):
            self.assertIn(f"{reply}/invalid.neither-result-nor-error.json", names)
        for required in (
            "FetchProductsReply/invalid.result-and-error.json", "FinishTransactionReply/invalid.result-and-error.json",
            "FetchProductsReply/invalid.numeric-error-code.json", "FetchProductsReply/invalid.error-without-code.json",
            "FetchProductsReply/valid.error-code-from-a-later-spec.json", "FetchProductsReply/invalid.null-result.json",
            "RequestPurchaseReply/valid.null-result.json", "FetchProductsArgs/invalid.missing-params.json",
            "FetchProductsArgs/invalid.skus-not-a-list.json", "FinishTransactionArgs/invalid.missing-purchase.json",
            "FinishTransactionArgs/invalid.purchase-without-product-id.json",
            "FinishTransactionArgs/invalid.is-consumable-string.json",
            "RequestPurchaseArgs/constraint.exactly-one-none-set.json",
            "IsEligibleForIntroOfferIOSArgs/invalid.product-id-instead-of-group-id.json",
            "PurchaseUpdatedArgs/valid.with-replays.json",
        ):
            self.assertIn(required, names)

    def test_the_schema_agrees_with_every_mark(self):
        with tempfile.TemporaryDirectory() as folder:
            report, status = check_jsonschema.run(self.SCHEMA, self.operation_folders(Path(folder)))
        self.assertEqual(status, 0, json.dumps([k for k, v in report["results"].items() if not v["ok"]]))
        self.assertGreaterEqual(report["summary"]["fixtures"], 60)

    def test_typescript_agrees_with_every_mark(self):
        with tempfile.TemporaryDirectory() as folder:
            report, status = check_typescript.run(self.DTS, self.operation_folders(Path(folder)), "tsc")
        self.assertEqual(status, 0, json.dumps([k for k, v in report["results"].items() if not v["ok"]]))
        verdicts = {k: v["verdict"] for k, v in report["results"].items()}
        self.assertEqual(verdicts["FetchProductsReply/invalid.result-and-error.json"], "fails")
        self.assertEqual(verdicts["FetchProductsReply/normalizes.extra-fields-framing-id.json"], "skipped")


if __name__ == "__main__":
    unittest.main()
