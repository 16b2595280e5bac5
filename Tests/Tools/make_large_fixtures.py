#!/usr/bin/env python3
"""Write the fixtures whose clientPayload.body sits exactly at the byte limit.

IAPKit limits `clientPayload.body` to 16,384 bytes measured as UTF-8, not
characters. Each pair below has a body of exactly 16,384 bytes (valid) and one
of 16,385 bytes (constraint). The bodies are made of multi-byte text, so a
limit counted in characters, UTF-16 code units or grapheme clusters gives a
different answer from the byte count:

* mixed: TOML-like lines with CJK, Arabic, Hebrew, emoji (ZWJ sequences,
  flags) and combining marks. The 16,385-byte body differs from the 16,384-byte
  one only in its last character (`a` -> `é`): same number of code points,
  UTF-16 units and grapheme clusters, one more byte.
* emoji: 4,096 four-byte emoji (16,384 bytes, 4,096 code points) against
  4,095 emoji followed by `界` and `é` (16,385 bytes, 4,097 code points).

Usage:
    python3 Tests/Tools/make_large_fixtures.py            # (re)write the files
    python3 Tests/Tools/make_large_fixtures.py --check    # exit 1 if any differs

The outputs are committed; run this only after changing it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

LIMIT = 16_384
FIXTURES = Path(__file__).resolve().parent.parent / "Fixtures"

MIXED_LINES = [
    "[access]\n",
    "max_items = 10\n",
    'title = "高級会員 プレミアム 프리미엄"\n',
    'badge = "🎮🚀 👩‍👩‍👧 🇯🇵"\n',
    'arabic = "اشتراك شهري"\n',
    'hebrew = "מנוי חודשי"\n',
    'combining = "e\u0301 o\u0308 n\u0303 z\u0351\u0346"\n',
]
EMOJI = ["🎮", "🚀", "😀", "🧪"]  # all four bytes in UTF-8


def nbytes(text: str) -> int:
    return len(text.encode("utf-8"))


def mixed_body(extra_byte: bool) -> str:
    """Repeat MIXED_LINES, pad with ASCII, end in `a` (or `é` for +1 byte)."""
    parts: list[str] = []
    size = 0
    i = 0
    while True:
        line = MIXED_LINES[i % len(MIXED_LINES)]
        if size + nbytes(line) > LIMIT - 64:
            break
        parts.append(line)
        size += nbytes(line)
        i += 1
    body = "".join(parts)
    body += "#" * (LIMIT - 1 - nbytes(body))  # room for one final character
    body += "é" if extra_byte else "a"
    return body


def emoji_body(extra_byte: bool) -> str:
    if not extra_byte:
        return "".join(EMOJI[i % 4] for i in range(LIMIT // 4))
    return "".join(EMOJI[i % 4] for i in range(LIMIT // 4 - 1)) + "界é"


def payload(body: str, fmt: str, version: int) -> dict:
    return {"format": fmt, "body": body, "version": version, "updatedAt": 1784160000000}


def result(body: str, fmt: str) -> dict:
    return {
        "store": "google",
        "isValid": True,
        "state": "entitled",
        "productId": "premium_monthly",
        "clientPayload": payload(body, fmt, 9),
    }


def outputs() -> dict[str, object]:
    m16384, m16385 = mixed_body(False), mixed_body(True)
    e16384, e16385 = emoji_body(False), emoji_body(True)
    assert nbytes(m16384) == LIMIT and nbytes(m16385) == LIMIT + 1
    assert nbytes(e16384) == LIMIT and nbytes(e16385) == LIMIT + 1
    assert len(m16384) == len(m16385)  # same number of code points
    assert len(m16384.encode("utf-16-le")) == len(m16385.encode("utf-16-le"))
    return {
        "IapkitProductClientPayload/valid.body-16384-bytes-mixed.json": payload(m16384, "toml", 5),
        "IapkitProductClientPayload/constraint.body-16385-bytes-mixed.json": payload(m16385, "toml", 5),
        "IapkitProductClientPayload/valid.body-16384-bytes-emoji.json": payload(e16384, "text", 6),
        "IapkitProductClientPayload/constraint.body-16385-bytes-emoji.json": payload(e16385, "text", 6),
        "RequestVerifyPurchaseWithIapkitResult/valid.client-payload-body-16384-bytes-mixed.json": result(m16384, "toml"),
        "RequestVerifyPurchaseWithIapkitResult/constraint.client-payload-body-16385-bytes-mixed.json": result(m16385, "toml"),
        "RequestVerifyPurchaseWithIapkitResult/valid.client-payload-body-16384-bytes-emoji.json": result(e16384, "text"),
        "RequestVerifyPurchaseWithIapkitResult/constraint.client-payload-body-16385-bytes-emoji.json": result(e16385, "text"),
        "VerifyPurchaseWithProviderResult/valid.nested-client-payload-body-16384-bytes.json": {
            "provider": "iapkit",
            "iapkit": result(m16384, "toml"),
        },
        "VerifyPurchaseWithProviderResult/constraint.nested-client-payload-body-16385-bytes.json": {
            "provider": "iapkit",
            "iapkit": result(m16385, "toml"),
        },
    }


def render(value: object) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only compare, write nothing")
    parser.add_argument("--fixtures", type=Path, default=FIXTURES, help="fixture root (default: Tests/Fixtures)")
    args = parser.parse_args(argv)
    stale = []
    for rel, value in outputs().items():
        path = args.fixtures / rel
        text = render(value)
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        if args.check:
            stale.append(rel)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", newline="\n")
            print(f"wrote {rel}")
    for rel in stale:
        print(f"out of date: {rel}", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
