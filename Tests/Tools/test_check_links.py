"""Tests of check_links.py, and the check itself over README.md and Docs/."""

from __future__ import annotations

import contextlib
import io
import re
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import check_links  # noqa: E402


class SlugTests(unittest.TestCase):
    def test_github_names_headings_like_this(self) -> None:
        self.assertEqual(check_links.slug("The JSON bridge: `OpenIAPDispatcher`"), "the-json-bridge-openiapdispatcher")
        self.assertEqual(check_links.slug("Reviewing a change to `Generated/`"), "reviewing-a-change-to-generated")
        self.assertEqual(check_links.slug("What changed for users"), "what-changed-for-users")
        self.assertEqual(check_links.slug("Records whose fields are alternatives: `oneOf`"), "records-whose-fields-are-alternatives-oneof")
        self.assertEqual(check_links.slug("Code-cost figures, measured on 2026-12-02"), "code-cost-figures-measured-on-2026-12-02")
        self.assertEqual(check_links.slug("`OPERATION_ADDED` and *more*"), "operation_added-and-more")
        self.assertEqual(check_links.slug("See [the page](x.md) — twice"), "see-the-page--twice")
        self.assertEqual(check_links.slug("Ünïcode stays"), "ünïcode-stays")


class CheckTests(unittest.TestCase):
    def setUp(self) -> None:
        self.directory = tempfile.TemporaryDirectory()
        self.root = Path(self.directory.name)
        (self.root / "Docs").mkdir()
        (self.root / "Tests").mkdir()
        (self.root / "Tests" / "data.json").write_text("{}")
        (self.root / "Docs" / "Page.md").write_text(
            "# Page\n\n## Usage\n\ntext\n\n## Usage\n\n<a id=\"kept\"></a>\n\n```md\n## Not a heading\n```\n"
        )

    def tearDown(self) -> None:
        self.directory.cleanup()

    def problems(self, text: str, name: str = "README.md") -> list[str]:
        page = self.root / name
        page.write_text(text)
        return check_links.check([page], repository=self.root)

    def test_links_that_resolve(self) -> None:
        text = "\n".join(
            [
                "# Top",
                "See [the page](Docs/Page.md), [its usage](Docs/Page.md#usage), the second",
                "[usage](Docs/Page.md#usage-1), [a kept anchor](Docs/Page.md#kept), [data](Tests/data.json),",
                "[a folder](Docs/), [this page](#top), ![an image](Tests/data.json \"title\"),",
                "[the web](https://example.com/nowhere.md#x) and [mail](mailto:a@b.c).",
                "[ref]: Docs/Page.md#usage",
                "`[not a link](nowhere.md)` and",
                "```",
                "[not a link either](nowhere.md)",
                "```",
            ]
        )
        self.assertEqual(self.problems(text), [])

    def test_a_missing_file_is_located(self) -> None:
        problems = self.problems("# Top\n\nsome text, then [gone](Docs/Gone.md)\n")
        self.assertEqual(len(problems), 1)
        self.assertTrue(problems[0].startswith("README.md:3:"), problems[0])
        self.assertIn("'Docs/Gone.md'", problems[0])
        column = int(problems[0].split(":")[2])
        self.assertEqual("some text, then [gone](Docs/Gone.md)"[column - 1 :], "Docs/Gone.md)")

    def test_a_missing_anchor(self) -> None:
        problems = self.problems("[x](Docs/Page.md#usage-2) [y](#nowhere) [z](Docs/Page.md#not-a-heading)\n")
        self.assertEqual(len(problems), 3, problems)
        self.assertIn("has no heading or anchor '#usage-2'", problems[0])
        self.assertIn("'README.md' has no heading or anchor '#nowhere'", problems[1])
        self.assertIn("'#not-a-heading'", problems[2])

    def test_links_from_a_page_in_docs_are_relative_to_it(self) -> None:
        (self.root / "README.md").write_text("# R\n")
        self.assertEqual(self.problems("[up](../README.md#r) [beside](Page.md#usage)\n", "Docs/Other.md"), [])
        problems = self.problems("[wrong](Docs/Page.md)\n", "Docs/Other.md")
        self.assertEqual(len(problems), 1)
        self.assertIn("Docs/Docs/Page.md", problems[0])

    def test_outside_the_repository_and_anchors_on_other_files(self) -> None:
        problems = self.problems("[shared](../shared/README.md) [line](Tests/data.json#L1) [empty]()\n")
        self.assertEqual(len(problems), 3, problems)
        self.assertIn("leads outside the repository", problems[0])
        self.assertIn("not a Markdown page", problems[1])
        self.assertIn("empty link target", problems[2])

    def test_the_command_line_fails_on_a_broken_link(self) -> None:
        page = self.root / "README.md"
        page.write_text("[gone](Docs/Gone.md)\n")
        original = check_links.REPOSITORY
        check_links.REPOSITORY = self.root
        output = io.StringIO()
        try:
            with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
                self.assertEqual(check_links.main([str(page)]), 1)
                self.assertIn("README.md:1:8: error: 'Docs/Gone.md'", output.getvalue())
                page.write_text("[there](Docs/Page.md)\n")
                self.assertEqual(check_links.main([str(page)]), 0)
        finally:
            check_links.REPOSITORY = original


class RepositoryDocsTests(unittest.TestCase):
    """The repository's own pages."""

    def test_every_link_in_readme_and_docs_resolves(self) -> None:
        files = check_links.default_files()
        self.assertGreater(len(files), 10)
        self.assertEqual(check_links.check(files), [])

    def test_readme_starts_with_the_two_commands(self) -> None:
        readme = (check_links.REPOSITORY / "README.md").read_text(encoding="utf-8")
        first_block = re.search(r"^```[a-z]*\n(.*?)^```", readme, re.M | re.S)
        self.assertIsNotNone(first_block)
        commands = [line.split("#")[0].strip() for line in first_block.group(1).splitlines()]
        self.assertEqual(commands, ["make generate", "make test"])

    def test_readme_is_a_front_page(self) -> None:
        lines = (check_links.REPOSITORY / "README.md").read_text(encoding="utf-8").count("\n")
        self.assertLessEqual(lines, 300, "README.md is a front page: move detail into Docs/")
        index = (check_links.REPOSITORY / "README.md").read_text(encoding="utf-8")
        for page in sorted((check_links.REPOSITORY / "Docs").glob("*.md")):
            self.assertIn(f"](Docs/{page.name})", index, f"README.md's index does not list Docs/{page.name}")


if __name__ == "__main__":
    unittest.main()
