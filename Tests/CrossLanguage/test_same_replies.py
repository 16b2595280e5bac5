"""Tests of same_replies.py, which holds the Kotlin bridge's transcript to the
Swift bridge's. Run: python3 -m unittest discover -s Tests/CrossLanguage -p 'test_*.py'
"""

import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from same_replies import differences  # noqa: E402

SWIFT = """cross-language: swift
send {"id":1,"operation":"initConnection"}
recv {"id":1,"result":true}
send {"id":2,"subscribe":"purchaseUpdated","subscription":1}
recv {"event":"purchaseUpdated","payload":{"id":"p","quantity":1},"subscription":1}
recv {"id":2,"result":null}
ok   framing: fine
"""

# The same, with keys in another order, another spelling of a number, and
# the event after the reply it raced with.
KOTLIN = """cross-language: kotlin
send {"id":1,"operation":"initConnection"}
recv {"result":true,"id":1}
send {"id":2,"subscribe":"purchaseUpdated","subscription":1}
recv {"id":2,"result":null}
recv {"subscription":1,"event":"purchaseUpdated","payload":{"quantity":1.0,"id":"p"}}
"""


class SameRepliesTests(unittest.TestCase):
    def differences(self, a: str, b: str) -> list:
        with tempfile.TemporaryDirectory() as folder:
            first, second = Path(folder, "a.log"), Path(folder, "b.log")
            first.write_text(a, encoding="utf-8")
            second.write_text(b, encoding="utf-8")
            return differences(str(first), str(second))

    def test_order_of_keys_and_of_replies_and_events_does_not_matter(self) -> None:
        self.assertEqual(self.differences(SWIFT, KOTLIN), [])

    def test_a_different_reply_is_found(self) -> None:
        found = self.differences(SWIFT, KOTLIN.replace('"result":true', '"result":false'))
        self.assertEqual(len(found), 2)
        self.assertIn('"result": false', found[1])

    def test_a_missing_event_is_found(self) -> None:
        found = self.differences(SWIFT, "\n".join(line for line in KOTLIN.splitlines() if '"event"' not in line))
        self.assertEqual(len(found), 1)

    def test_a_different_call_is_found(self) -> None:
        self.assertIn("the client sent different lines",
                      self.differences(SWIFT, KOTLIN.replace("initConnection", "endConnection", 1)))

    def test_a_transcript_without_replies_is_not_agreement(self) -> None:
        self.assertTrue(self.differences("send {}\n", "send {}\n"))


if __name__ == "__main__":
    unittest.main()
