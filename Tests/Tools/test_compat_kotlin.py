#!/usr/bin/env python3
"""Tests for Tests/Compat/Kotlin/expected_errors.py, which holds kotlinc's
messages on the Kotlin compatibility corpus to its `// expect:` marks.

    python3 -m unittest discover -s Tests/Tools -p 'test_*.py' -v
"""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
import unittest
from pathlib import Path

CORPUS = Path(__file__).resolve().parent.parent / "Compat" / "Kotlin"
sys.path.insert(0, str(CORPUS))

import expected_errors  # noqa: E402

SOURCE = """package compat.corpus

// A comment that shows a mark: // expect: not a mark
val a: Int = "x" // expect: type mismatch
val b: Int = 1
val c = x // expect: unresolved reference
"""


class ExpectedErrorsTests(unittest.TestCase):
    def setUp(self) -> None:
        self.folder = Path(tempfile.mkdtemp())
        (self.folder / "Differences.kt").write_text(SOURCE, encoding="utf-8")

    def check(self, log: str) -> list[str]:
        with contextlib.redirect_stdout(io.StringIO()):
            return expected_errors.check(log, self.folder)

    def line(self, number: int, kind: str, text: str, name: str = "Differences.kt") -> str:
        return f"{self.folder / name}:{number}:5: {kind}: {text}"

    def test_marks_are_code_lines_only(self) -> None:
        self.assertEqual(
            expected_errors.marks(self.folder),
            {("Differences.kt", 4): "type mismatch", ("Differences.kt", 6): "unresolved reference"})

    def test_every_mark_met_and_nothing_else_passes(self) -> None:
        log = "\n".join([
            self.line(4, "error", "type mismatch: inferred type is String but Int was expected"),
            "val a: Int = \"x\"",
            "             ^",
            self.line(6, "error", "unresolved reference: x"),
        ])
        self.assertEqual(self.check(log), [])

    def test_a_mark_without_its_error_fails(self) -> None:
        problems = self.check(self.line(4, "error", "type mismatch: inferred type is String but Int was expected"))
        self.assertEqual(len(problems), 1)
        self.assertIn("Differences.kt:6", problems[0])

    def test_an_error_of_another_kind_on_a_marked_line_fails(self) -> None:
        problems = self.check("\n".join([
            self.line(4, "error", "unresolved reference: y"),
            self.line(6, "error", "unresolved reference: x"),
        ]))
        self.assertTrue(any("unexpected error: Differences.kt:4" in problem for problem in problems), problems)

    def test_errors_on_unmarked_lines_warnings_and_other_files_fail(self) -> None:
        marked = [self.line(4, "error", "type mismatch"), self.line(6, "error", "unresolved reference: x")]
        for extra in [
            self.line(5, "error", "type mismatch"),
            self.line(5, "warning", "variable 'b' is never used"),
            f"{self.folder.parent / 'Generated.kt'}:1:1: error: something",
            "error: warnings found and -Werror specified",
        ]:
            self.assertEqual(len(self.check("\n".join(marked + [extra]))), 1, extra)


if __name__ == "__main__":
    unittest.main()
