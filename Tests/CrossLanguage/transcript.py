#!/usr/bin/env python3
"""Checks a transcript of the cross-language client (`node client.js
--transcript ...`) against the generated JSON Schema: every line the client
sent and every line the peer answered, whichever peer it was.

Usage:
    python3 Tests/CrossLanguage/transcript.py SCHEMA TRANSCRIPT

A transcript line is `send <json>` or `recv <json>`; other lines (the
client's `ok` / `FAIL` lines) are ignored. Sent: a call (with `id`) must be
an `OpenIAPCall` whose operation is known, a subscribe an `OpenIAPSubscribe`,
an unsubscribe an `OpenIAPUnsubscribe`. Received: a reply (with `id`) must
answer a call that was sent and be that operation's `<Operation>Reply`
(without `id`, which is framing), an event an `OpenIAPEvent` of a
subscription that was sent. A call that is not a valid `OpenIAPCall` (the
scenario sends one on purpose) must be answered with a `developer-error`.
Exit status 0 when every line is valid, 1 when
one is not, 2 when the schema or the transcript cannot be read.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012


def reply_type(operation: str) -> str:
    return operation[:1].upper() + operation[1:] + "Reply"


class TranscriptChecker:
    def __init__(self, schema: dict[str, Any]):
        Draft202012Validator.check_schema(schema)
        self.definitions = schema.get("$defs", {})
        self.base = schema.get("$id") or "urn:openiap:schema"
        self.registry = Registry().with_resource(self.base, Resource.from_contents(schema, default_specification=DRAFT202012))

    def problem(self, definition: str, value: Any) -> str | None:
        if definition not in self.definitions:
            return f"the schema has no $defs/{definition}"
        validator = Draft202012Validator({"$ref": f"{self.base}#/$defs/{definition}"}, registry=self.registry)
        error = best_match(validator.iter_errors(value))
        return None if error is None else f"not a valid {definition}: {error.json_path}: {error.message}"[:400]

    def check(self, lines: list[str]) -> tuple[list[str], dict[str, int]]:
        """The problems of a transcript, and how many lines of each kind it had."""
        problems: list[str] = []
        counts = {"calls": 0, "invalid calls": 0, "replies": 0, "subscribes": 0, "unsubscribes": 0, "events": 0}
        calls: dict[Any, str] = {}
        invalid: set[Any] = set()
        subscriptions: set[Any] = set()
        for number, line in enumerate(lines, 1):
            direction, _, text = line.partition(" ")
            if direction not in ("send", "recv"):
                continue
            try:
                message = json.loads(text)
            except ValueError:
                problems.append(f"line {number}: not JSON")
                continue
            if not isinstance(message, dict):
                problems.append(f"line {number}: not an object")
                continue
            body = {key: value for key, value in message.items() if key != "id"}
            if direction == "send":
                if "subscribe" in message:
                    kind, definition = "subscribes", "OpenIAPSubscribe"
                    subscriptions.add(message.get("subscription"))
                elif "unsubscribe" in message:
                    kind, definition = "unsubscribes", "OpenIAPUnsubscribe"
                else:
                    kind, definition = "calls", "OpenIAPCall"
                    if not isinstance(message.get("id"), int) or message["id"] in calls:
                        problems.append(f"line {number}: a call needs an integer id used once")
                    calls[message.get("id")] = str(message.get("operation"))
            elif "id" in message:
                kind = "replies"
                operation = calls.pop(message["id"], None)
                if operation is None:
                    problems.append(f"line {number}: a reply to no call that was sent")
                    continue
                definition = reply_type(operation)
            else:
                kind, definition = "events", "OpenIAPEvent"
                if message.get("subscription") not in subscriptions:
                    problems.append(f"line {number}: an event of no subscription that was sent")
            counts[kind] += 1
            problem = self.problem(definition, body)
            if kind == "calls" and problem is not None:
                # Sent on purpose; the bridge must refuse it.
                counts["invalid calls"] += 1
                invalid.add(message.get("id"))
                continue
            if kind == "replies" and message["id"] in invalid:
                error = body.get("error")
                if not (isinstance(error, dict) and error.get("code") == "developer-error"):
                    problems.append(f"line {number}: an invalid call must be answered with developer-error")
            if problem is not None:
                problems.append(f"line {number}: {problem}")
        for call_id, operation in calls.items():
            problems.append(f"call {call_id} ({operation}) got no reply")
        return problems, counts


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        checker = TranscriptChecker(json.loads(Path(args[0]).read_text(encoding="utf-8")))
        lines = Path(args[1]).read_text(encoding="utf-8").splitlines()
    except (OSError, ValueError) as exc:
        print(f"transcript: {exc}", file=sys.stderr)
        return 2
    problems, counts = checker.check(lines)
    for problem in problems:
        print(f"transcript: {problem}")
    print("transcript: " + ", ".join(f"{count} {kind}" for kind, count in counts.items())
          + f"; {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
