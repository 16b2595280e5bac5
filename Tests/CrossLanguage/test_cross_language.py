"""Tests of the node half of the cross-language test: the client (compiled
with tsc --strict, run by node) against the fake peer, honest and lying, and
the transcript checker. Run: python3 -m unittest discover -s Tests/CrossLanguage -p 'test_*.py'
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SCHEMA = ROOT / "Generated/JSONSchema/openiap.schema.json"
sys.path.insert(0, str(HERE))

from fake_peer import LIES  # noqa: E402
from transcript import TranscriptChecker  # noqa: E402

# The steps the scenario reports, each at least once.
STEPS = ("initConnection", "fetchProducts", "requestPurchase", "purchaseUpdated", "verifyPurchaseWithProvider",
         "finishTransaction", "bad argument", "other platform", "peer exit", "framing")


class CrossLanguageTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.out = Path(tempfile.mkdtemp(prefix="openiap-cross-language-"))
        subprocess.run(
            ["tsc", "--strict", "--target", "es2020", "--lib", "es2020", "--module", "commonjs", "--pretty", "false",
             "--outDir", str(cls.out), "--rootDir", str(ROOT), str(HERE / "client.ts")],
            check=True, cwd=ROOT, capture_output=True, text=True)
        cls.client = cls.out / "Tests/CrossLanguage/client.js"
        cls.checker = TranscriptChecker(json.loads(SCHEMA.read_text(encoding="utf-8")))

    @classmethod
    def tearDownClass(cls) -> None:
        shutil.rmtree(cls.out, ignore_errors=True)

    def run_client(self, *peer: str, options: tuple[str, ...] = ("--timeout", "5000")) -> subprocess.CompletedProcess[str]:
        command = ["node", str(self.client), "--transcript", *options, "--", *peer]
        return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)

    def fake(self, *extra: str) -> tuple[str, ...]:
        return (sys.executable, str(HERE / "fake_peer.py"), str(SCHEMA), *extra)

    def test_the_scenario_passes_against_an_honest_peer_of_either_platform(self) -> None:
        for platform in ("ios", "android"):
            with self.subTest(platform=platform):
                result = self.run_client(*self.fake("--platform", platform))
                self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
                lines = result.stdout.splitlines()
                for step in STEPS:
                    self.assertTrue(any(line.startswith(f"ok   {step}:") for line in lines), f"{step}:\n{result.stdout}")
                self.assertFalse([line for line in lines if line.startswith("FAIL")])
                self.assertIn("cross-language: 12 passed, 0 failed", lines)
                problems, counts = self.checker.check(lines)
                self.assertEqual(problems, [])
                self.assertEqual(counts, {"calls": 7, "invalid calls": 1, "replies": 7, "subscribes": 1,
                                          "unsubscribes": 1, "events": 1})

    def test_every_lie_of_the_peer_fails_the_scenario(self) -> None:
        for lie in sorted(LIES):
            with self.subTest(lie=lie):
                result = self.run_client(*self.fake("--lie", lie), options=("--timeout", "1500"))
                self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
                self.assertTrue([line for line in result.stdout.splitlines() if line.startswith("FAIL")], result.stdout)

    def test_a_peer_that_cannot_start_fails(self) -> None:
        result = self.run_client(str(HERE / "no-such-peer"), options=("--timeout", "1000"))
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("could not run the peer", result.stdout)

    def test_misuse_exits_2(self) -> None:
        for arguments in ([], ["--"], ["--timeout", "0", "--", "true"], ["--bogus", "--", "true"]):
            with self.subTest(arguments=arguments):
                result = subprocess.run(["node", str(self.client), *arguments], capture_output=True, text=True, timeout=60)
                self.assertEqual(result.returncode, 2, result.stdout + result.stderr)

    def test_the_transcript_checker_finds_what_breaks_the_wire(self) -> None:
        call = 'send {"id":1,"operation":"getStorefront","args":{}}'
        cases = {
            "a reply that is not the operation's": [call, 'recv {"id":1,"result":42}'],
            "both result and error": [call, 'recv {"id":1,"result":"USA","error":{"code":"unknown","message":"m"}}'],
            "a reply to nothing": ['recv {"id":9,"result":"USA"}'],
            "no reply": [call],
            "an unknown operation": ['send {"id":1,"operation":"getStoreFront"}', 'recv {"id":1,"result":"USA"}'],
            "an invalid call answered": ['send {"id":1,"operation":"fetchProducts","args":{}}', 'recv {"id":1,"result":{}}'],
            "an event of no subscription": ['recv {"subscription":1,"event":"purchaseError","payload":{"code":"unknown","message":"m"}}'],
            "a wrong payload": ['send {"subscribe":"purchaseError","args":{},"subscription":1}',
                                'recv {"subscription":1,"event":"purchaseError","payload":{"code":42}}'],
            "a subscription without its number": ['send {"subscribe":"purchaseError","args":{}}'],
            "an id used twice": [call, call, 'recv {"id":1,"result":"USA"}'],
        }
        for name, lines in cases.items():
            with self.subTest(name):
                problems, _ = self.checker.check(lines)
                self.assertTrue(problems, name)
        problems, counts = self.checker.check([call, 'recv {"id":1,"result":"USA"}', "ok   other lines are ignored"])
        self.assertEqual((problems, counts["replies"]), ([], 1))


if __name__ == "__main__":
    unittest.main()
