#!/usr/bin/env python3
"""Type-check the fixture corpus against the generated TypeScript module.

Usage:
    python3 Tests/Tools/check_typescript.py MODULE FIXTURES_DIR --report OUT.json
                                            [--tsc tsc] [--keep DIR]

MODULE is the generated `openiap.ts` (or any `.ts` / `.d.ts` that exports
`OpenIAPWireTypes`). A fixture is a payload as it arrives on the wire, so it
is checked against the type of its JSON, which the module lists by spec name
in `OpenIAPWireTypes`: the type itself for most, its `…Wire` twin where the
type apps use has another shape (a `oneOf` record, a named choice, `VoidResult`,
an input whose groups the app-facing type leaves to the bridge).

For every fixture `FIXTURES_DIR/<TypeName>/<mark>.<case>.json` (and every
`.expected.json`) one `.ts` file is written into a temporary folder:

    import type { OpenIAPWireTypes } from "<absolute path of MODULE without .ts>";
    type Checked = OpenIAPWireTypes["<TypeName>"];
    // @ts-expect-error            <- only when the fixture must fail
    const value: Checked = <the fixture JSON on one line>;
    // <TypeName>/<file name>

`@ts-expect-error` covers the next line only, which is why the literal is kept
on one line. One `tsc --strict --noEmit --target es2020 --module commonjs
--pretty false` run checks all files at once; its diagnostics are mapped back
to the files by name and line:

* a file without the directive: an error on the value line -> `fails`
  (the first message is recorded), none -> `compiles`;
* a file with the directive: `TS2578 Unused '@ts-expect-error' directive`
  -> `compiles`, no diagnostic -> `fails` (tsc reported an error there and
  the directive consumed it);
* any other diagnostic in the file (on the second line, say, because the
  module lists no `<TypeName>`) -> `error`.

Expected verdicts:

    valid, normalizes -> compiles      degrades, invalid -> fails
    constraint        -> compiles, except cases named `exactly-one*` -> fails
    .expected.json    -> compiles

Cases named `extra-fields*` are skipped (verdict `skipped`): object literals
with properties the type does not declare are rejected by TypeScript by design.
Cases named `unknown-tag*` (a union payload whose tag a later spec added) must
fail: the declared union lists the known members only, so that narrowing on the
discriminator works; Swift keeps such payloads in its `unrecognized` case.

Exit status: 0 when every verdict matches, 1 when one does not (or tsc
reported a diagnostic in the module itself or in a file it could not map),
2 for a setup problem (no tsc, DTS missing, a stray fixture file, tsc crashed).

The report (`--report`) is JSON:

    {
      "tool": "check_typescript", "dts": "<path>", "tsc": "<command>",
      "tscVersion": "Version 4.8.4", "tscExitCode": 0,
      "problems": [...], "unmappedDiagnostics": ["<raw tsc line>", ...],
      "results": {
        "<TypeName>/<file name>": {
          "mark": "invalid", "expect": "fails",
          "verdict": "compiles" | "fails" | "error" | "skipped",
          "error": null | "<first tsc message>", "ok": true
        }, ...
      },
      "expected": { "<TypeName>/<name>.expected.json": { same fields } },
      "summary": {"fixtures": 0, "skipped": 0, "expected": 0, "contradictions": 0}
    }
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from fixture_corpus import Fixture, discover, typescript_expectation as expectation

TSC_FLAGS = ["--strict", "--noEmit", "--target", "es2020", "--module", "commonjs", "--pretty", "false",
             "--noErrorTruncation"]
IMPORT_LINE, TYPE_LINE, DIRECTIVE_LINE, VALUE_LINE = 1, 2, 3, 4
WIRE_TYPES = "OpenIAPWireTypes"
UNUSED_DIRECTIVE = "TS2578"
DIAGNOSTIC = re.compile(r"^(?P<file>.+?)\((?P<line>\d+),(?P<col>\d+)\): error (?P<code>TS\d+): (?P<message>.*)$")
MAX_MESSAGE = 400


def module_specifier(module: Path) -> str:
    path = str(module.resolve())
    for suffix in (".d.ts", ".ts"):
        if path.endswith(suffix):
            return path[: -len(suffix)]
    raise ValueError(f"{module}: expected a .ts or .d.ts file")


def ts_source(specifier: str, type_name: str, key: str, value: Any, must_fail: bool) -> str:
    """The .ts text for one fixture; the value is always on VALUE_LINE."""
    literal = json.dumps(value, ensure_ascii=True, separators=(",", ":"))
    directive = "// @ts-expect-error" if must_fail else "// expect: compiles"
    lines = [
        f"import type {{ {WIRE_TYPES} }} from {json.dumps(specifier)};",
        f"type Checked = {WIRE_TYPES}[{json.dumps(type_name)}];",
        directive,
        f"const value: Checked = {literal};",
        f"// {key}",
        "",
    ]
    return "\n".join(lines)


def parse_diagnostics(output: str, cwd: Path) -> list[dict[str, Any]]:
    """tsc --pretty false output -> [{file, line, code, message}], message with its continuation lines."""
    diagnostics: list[dict[str, Any]] = []
    for raw in output.splitlines():
        m = DIAGNOSTIC.match(raw)
        if m:
            file = os.path.realpath(os.path.join(cwd, m["file"]))
            diagnostics.append(
                {"file": file, "line": int(m["line"]), "code": m["code"], "message": m["message"], "raw": raw}
            )
        elif raw.startswith(" ") and diagnostics:
            diagnostics[-1]["message"] += " " + raw.strip()
        elif raw.strip():
            diagnostics.append({"file": None, "line": 0, "code": None, "message": raw.strip(), "raw": raw})
    return diagnostics


def short(text: str) -> str:
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 3] + "..."


def verdict_for(diags: list[dict[str, Any]], must_fail: bool) -> tuple[str, str | None]:
    """Verdict of one file from its own diagnostics."""
    other = [d for d in diags if d["line"] not in (DIRECTIVE_LINE, VALUE_LINE)]
    if must_fail:
        other += [d for d in diags if d["line"] == VALUE_LINE]  # the directive should have consumed these
        other += [d for d in diags if d["line"] == DIRECTIVE_LINE and d["code"] != UNUSED_DIRECTIVE]
    if other:
        d = other[0]
        return "error", short(f"line {d['line']}: {d['code']}: {d['message']}")
    if must_fail:
        unused = [d for d in diags if d["code"] == UNUSED_DIRECTIVE]
        if unused:
            return "compiles", None
        return "fails", None
    on_value = [d for d in diags if d["line"] == VALUE_LINE]
    if on_value:
        return "fails", short(f"{on_value[0]['code']}: {on_value[0]['message']}")
    return "compiles", None


def tsc_command(tsc: str) -> list[str]:
    return shlex.split(tsc)


def run(dts: Path, fixtures_dir: Path, tsc: str, keep: Path | None = None) -> tuple[dict[str, Any], int]:
    report: dict[str, Any] = {
        "tool": "check_typescript",
        "dts": str(dts),
        "tsc": tsc,
        "tscVersion": None,
        "tscExitCode": None,
        "problems": [],
        "unmappedDiagnostics": [],
        "results": {},
        "expected": {},
        "summary": {"fixtures": 0, "skipped": 0, "expected": 0, "contradictions": 0},
    }
    command = tsc_command(tsc)
    if not command or shutil.which(command[0]) is None:
        report["problems"].append(f"tsc not found: {tsc!r} (apt-get install -y node-typescript)")
        return report, 2
    if not dts.is_file():
        report["problems"].append(f"{dts}: no such file")
        return report, 2
    try:
        specifier = module_specifier(dts)
    except ValueError as exc:
        report["problems"].append(str(exc))
        return report, 2
    fixtures, problems = discover(fixtures_dir)
    report["problems"].extend(problems)

    # (table, key, mark, expect, path) for every file to check.
    jobs: list[tuple[str, str, str, str, Fixture, Path]] = []
    for fx in fixtures:
        expect = expectation(fx.mark, fx.case)
        jobs.append(("results", fx.key, fx.mark, expect, fx, fx.path))
        if fx.expected is not None and expect != "skipped":
            jobs.append(("expected", f"{fx.type_name}/{fx.expected.name}", "expected", "compiles", fx, fx.expected))

    workdir = Path(tempfile.mkdtemp(prefix="openiap-tsc-")) if keep is None else keep
    workdir.mkdir(parents=True, exist_ok=True)
    try:
        files: dict[str, tuple[str, str, str, str, bool]] = {}  # realpath -> (table, key, mark, expect, must_fail)
        for i, (table, key, mark, expect, fx, path) in enumerate(jobs):
            if expect == "skipped":
                report[table][key] = {"mark": mark, "expect": "skipped", "verdict": "skipped", "error": None, "ok": True}
                continue
            try:
                value = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                report[table][key] = {"mark": mark, "expect": expect, "verdict": "error",
                                      "error": short(f"unreadable JSON: {exc}"), "ok": False}
                continue
            stem = re.sub(r"[^A-Za-z0-9_.-]", "_", key.replace("/", "__"))[: -len(".json")]
            ts_file = workdir / f"f{i:04d}_{stem}.ts"
            must_fail = expect == "fails"
            ts_file.write_text(ts_source(specifier, fx.type_name, key, value, must_fail), encoding="utf-8")
            files[os.path.realpath(ts_file)] = (table, key, mark, expect, must_fail)

        if files:
            try:
                version = subprocess.run(command + ["--version"], capture_output=True, text=True, timeout=120)
                report["tscVersion"] = version.stdout.strip() or None
                proc = subprocess.run(
                    command + TSC_FLAGS + sorted(os.path.basename(f) for f in files),
                    cwd=workdir, capture_output=True, text=True, timeout=1800,
                )
            except (OSError, subprocess.TimeoutExpired) as exc:
                report["problems"].append(f"could not run tsc: {exc}")
                return report, 2
            report["tscExitCode"] = proc.returncode
            diagnostics = parse_diagnostics(proc.stdout + proc.stderr, workdir)
            by_file: dict[str, list[dict[str, Any]]] = {f: [] for f in files}
            for d in diagnostics:
                if d["file"] in by_file:
                    by_file[d["file"]].append(d)
                else:
                    report["unmappedDiagnostics"].append(d["raw"])
            if proc.returncode != 0 and not diagnostics:
                report["problems"].append(f"tsc exited with {proc.returncode} and no diagnostics")
                return report, 2
            for file, (table, key, mark, expect, must_fail) in files.items():
                verdict, message = verdict_for(by_file[file], must_fail)
                report[table][key] = {"mark": mark, "expect": expect, "verdict": verdict,
                                      "error": message, "ok": verdict == expect}
    finally:
        if keep is None:
            shutil.rmtree(workdir, ignore_errors=True)

    for table in ("results", "expected"):
        report[table] = dict(sorted(report[table].items()))
    contradictions = sum(not e["ok"] for t in ("results", "expected") for e in report[t].values())
    report["summary"] = {
        "fixtures": len(report["results"]),
        "skipped": sum(e["verdict"] == "skipped" for e in report["results"].values()),
        "expected": len(report["expected"]),
        "contradictions": contradictions,
    }
    if report["problems"]:
        return report, 2
    return report, 1 if contradictions or report["unmappedDiagnostics"] else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check the fixture corpus against the generated TypeScript with tsc.")
    parser.add_argument("dts", type=Path, help="the generated module, e.g. Generated/TypeScript/openiap.ts")
    parser.add_argument("fixtures", type=Path, help="the fixture root, e.g. Tests/Fixtures")
    parser.add_argument("--report", type=Path, required=True, help="where to write the JSON report")
    parser.add_argument("--tsc", default="tsc", help="the tsc command (default: tsc; e.g. 'npx tsc')")
    parser.add_argument("--keep", type=Path, help="write the .ts files here and keep them (default: a temp dir)")
    args = parser.parse_args(argv)

    report, status = run(args.dts, args.fixtures, args.tsc, args.keep)
    args.report.parent.mkdir(parents=True, exist_ok=True)
    args.report.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")

    for problem in report["problems"]:
        print(f"problem: {problem}", file=sys.stderr)
    for raw in report["unmappedDiagnostics"]:
        print(f"tsc diagnostic outside the fixture files: {raw}")
    for table in ("results", "expected"):
        for key, entry in report[table].items():
            if not entry["ok"]:
                print(f"CONTRADICTION {key}: {entry['verdict']} (mark {entry['mark']} needs {entry['expect']})"
                      + (f": {entry['error']}" if entry["error"] else ""))
    s = report["summary"]
    print(f"typescript: {s['fixtures']} fixtures ({s['skipped']} skipped), {s['expected']} expected files, "
          f"{s['contradictions']} contradictions")
    return status


if __name__ == "__main__":
    sys.exit(main())
