"""Do two peers of the cross-language test answer the node client alike?

    python3 Tests/CrossLanguage/same_replies.py A.log B.log

A and B are transcripts (`send <json>` / `recv <json>` lines, see
transcript.py) of the same client run against two peers, such as the Swift
and the Kotlin bridge over the same memory store. The client's lines must
be the same, in the same order, and so must the peers' lines, compared as
JSON values (key order and number spelling aside) and as a multiset, since
replies and events are not ordered among each other. Exit status 0 when
they are, 1 with the differences otherwise.
"""

import collections
import json
import sys


def number(text):
    """A JSON number as Python reads it, with 1.0 and 1 the same value."""
    value = float(text)
    return int(value) if value.is_integer() and abs(value) < 2**63 else value


def lines(path):
    """The client's and the peer's lines of a transcript, as canonical JSON text."""
    sent, received = [], []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            direction, _, text = line.rstrip("\n").partition(" ")
            if direction not in ("send", "recv"):
                continue
            try:
                value = json.dumps(json.loads(text, parse_float=number), sort_keys=True)
            except ValueError:
                value = text
            (sent if direction == "send" else received).append(value)
    return sent, received


def differences(a, b):
    """What differs between transcripts a and b, as lines of text (none when they agree)."""
    sent_a, received_a = lines(a)
    sent_b, received_b = lines(b)
    problems = []
    if sent_a != sent_b:
        problems.append("the client sent different lines")
    only_a = collections.Counter(received_a) - collections.Counter(received_b)
    only_b = collections.Counter(received_b) - collections.Counter(received_a)
    problems += [f"only in {a}: {line}" for line in sorted(only_a.elements())]
    problems += [f"only in {b}: {line}" for line in sorted(only_b.elements())]
    if not received_a:
        problems.append(f"{a} holds no reply")
    return problems


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    problems = differences(argv[1], argv[2])
    for problem in problems:
        print("same replies: " + problem)
    received = len(lines(argv[1])[1])
    print(f"same replies: {received} lines received from each, {len(problems)} difference(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
