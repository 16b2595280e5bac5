#!/usr/bin/env python3
"""Write the fixtures of the IAPKit server contract: every request limit at
its bound and one past it, and the mirrors that keep error bodies and
verification results apart.

Limits. The IAPKit server checks each verification request before it calls
a store (its route input schemas): lengths in characters and the characters
of each token. `Schema/verification.yaml` carries the same limits; for each
one this writes a `valid` payload exactly at the bound and a `constraint`
payload one past it (or breaking the pattern), named `length-*` and
`pattern-*`, which the JSON Schema must reject exactly (see
`fixture_corpus.py`).

Mirrors. The server answers a failed request with `{"errors": [...]}`
(`IapkitErrorResponse`) and a verified one with a result. Neither may ever
decode as the other, or an SDK that tries one and then the other could take
an error for an answer. So every valid or normalizing payload of
`IapkitErrorResponse` is also an `invalid.error-body-<case>` fixture of both
result types, and every valid or normalizing payload of the result types is
an `invalid.success-body-<type>-<case>` fixture of `IapkitErrorResponse`: the
agreement table then proves, in Swift, JSON Schema and TypeScript alike,
that each is rejected as the other. A mirror is the source file byte for byte.
(A `VerifyPurchaseWithProviderResult` that carries `errors` is the SDK
reporting a failure, not a verification result, and may read as an error
body; those are not mirrored.)

Usage:
    python3 Tests/Tools/make_contract_fixtures.py            # (re)write the files
    python3 Tests/Tools/make_contract_fixtures.py --check    # exit 1 if any differs or is left over

The outputs are committed; run this after changing it or the mirrored fixtures.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent.parent / "Fixtures"

ERROR_TYPE = "IapkitErrorResponse"
# Result type -> the short name its mirrors in IapkitErrorResponse carry.
RESULT_TYPES = {
    "RequestVerifyPurchaseWithIapkitResult": "iapkit-result",
    "VerifyPurchaseWithProviderResult": "provider-result",
}
MIRRORED_MARKS = ("valid", "normalizes")

BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def filler(alphabet: str, length: int) -> str:
    """`length` characters cycling through `alphabet`."""
    return "".join(alphabet[i % len(alphabet)] for i in range(length))


def jws(length: int) -> str:
    """A compact JWS of exactly `length` characters: three base64url segments."""
    header = "eyJhbGciOiJFUzI1NiIsImtpZCI6IkFCQzEyMyJ9"
    signature = "MEUCIQDx3f9Xb2k7QmZ8_2mVb4lTqP1s0Yh-rW5cN6uJ9eKd"
    body = length - len(header) - len(signature) - 2
    assert body > 0
    return f"{header}.{filler(BASE64URL, body)}.{signature}"


def token(length: int) -> str:
    """A Google Play purchase token of `length` URL-safe characters."""
    return filler("kdmlcnfgbhadpjmkmhco.AO-J1OyX3dYz8Qm2_~", length)


def product_id(length: int) -> str:
    return ("com.example." + filler("premium_monthly-2026.", length))[:length]


def amazon_user(length: int) -> str:
    return ("amzn1.account." + filler("AFA3V5XTXMPLE7JRSWPQ=~-_", length))[:length]


def amazon_receipt(length: int) -> str:
    return ("q1YqVrJSSs7P1UvM:" + filler("TazKz0svTizKT8nMS8x/RslIqTi1+KLEnVTU=5NTi0uLkp", length))[:length]


def horizon_user(length: int) -> str:
    return filler("7364018462839150", length)


def sku(length: int) -> str:
    return filler("sword_pack.v2-", length)


def limits() -> dict[str, object]:
    apple = "RequestVerifyPurchaseWithIapkitAppleProps"
    google = "RequestVerifyPurchaseWithIapkitGoogleProps"
    amazon = "RequestVerifyPurchaseWithIapkitAmazonProps"
    horizon = "RequestVerifyPurchaseWithIapkitHorizonProps"
    props = "RequestVerifyPurchaseWithIapkitProps"
    valid_jws = jws(120)
    out: dict[str, object] = {
        f"{apple}/valid.jws-100-characters.json": {"jws": jws(100)},
        f"{apple}/valid.jws-16000-characters.json": {"jws": jws(16000)},
        f"{apple}/constraint.length-jws-99-characters.json": {"jws": jws(99)},
        f"{apple}/constraint.length-jws-16001-characters.json": {"jws": jws(16001)},
        f"{apple}/constraint.pattern-jws-two-segments.json": {"jws": valid_jws.rsplit(".", 1)[0] + "_" * 30},
        f"{apple}/constraint.pattern-jws-base64-padding.json": {"jws": valid_jws + "=="},
        f"{apple}/constraint.pattern-jws-trailing-line-feed.json": {"jws": valid_jws + "\n"},
        f"{apple}/constraint.pattern-jws-non-ascii.json": {"jws": valid_jws[:-1] + "é"},
        f"{apple}/valid.expected-product-id-256-characters.json": {"jws": valid_jws, "expectedProductId": product_id(256)},
        f"{apple}/constraint.length-expected-product-id-257-characters.json": {
            "jws": valid_jws, "expectedProductId": product_id(257)},
        f"{apple}/constraint.length-expected-product-id-empty.json": {"jws": valid_jws, "expectedProductId": ""},
        f"{apple}/constraint.pattern-expected-product-id-space.json": {
            "jws": valid_jws, "expectedProductId": "com.example premium"},
        f"{google}/valid.token-20-characters.json": {"purchaseToken": token(20)},
        f"{google}/valid.token-2000-characters.json": {"purchaseToken": token(2000)},
        f"{google}/constraint.length-token-19-characters.json": {"purchaseToken": token(19)},
        f"{google}/constraint.length-token-2001-characters.json": {"purchaseToken": token(2001)},
        f"{google}/constraint.pattern-token-slash.json": {"purchaseToken": token(40) + "/" + token(10)},
        f"{google}/valid.expected-product-id.json": {"purchaseToken": token(60), "expectedProductId": "premium_monthly"},
        f"{google}/valid.expected-product-id-256-characters.json": {
            "purchaseToken": token(60), "expectedProductId": product_id(256)},
        f"{google}/constraint.length-expected-product-id-257-characters.json": {
            "purchaseToken": token(60), "expectedProductId": product_id(257)},
        f"{google}/constraint.length-expected-product-id-empty.json": {"purchaseToken": token(60), "expectedProductId": ""},
        f"{google}/constraint.pattern-expected-product-id-colon.json": {
            "purchaseToken": token(60), "expectedProductId": "premium:monthly"},
        f"{amazon}/valid.shortest-ids.json": {"userId": amazon_user(3), "receiptId": amazon_receipt(10)},
        f"{amazon}/valid.longest-ids.json": {"userId": amazon_user(512), "receiptId": amazon_receipt(4096)},
        f"{amazon}/constraint.length-user-id-2-characters.json": {"userId": amazon_user(2), "receiptId": amazon_receipt(40)},
        f"{amazon}/constraint.length-user-id-513-characters.json": {"userId": amazon_user(513), "receiptId": amazon_receipt(40)},
        f"{amazon}/constraint.length-receipt-id-9-characters.json": {"userId": amazon_user(30), "receiptId": amazon_receipt(9)},
        f"{amazon}/constraint.length-receipt-id-4097-characters.json": {
            "userId": amazon_user(30), "receiptId": amazon_receipt(4097)},
        f"{amazon}/constraint.pattern-user-id-at-sign.json": {"userId": "buyer@example.com", "receiptId": amazon_receipt(40)},
        f"{amazon}/constraint.pattern-receipt-id-space.json": {"userId": amazon_user(30), "receiptId": "q1YqVrJSSs7P 1UvMTazKz0"},
        f"{amazon}/constraint.pattern-expected-product-id-non-ascii.json": {
            "userId": amazon_user(30), "receiptId": amazon_receipt(40), "expectedProductId": "prämie"},
        f"{amazon}/constraint.length-expected-product-id-257-characters.json": {
            "userId": amazon_user(30), "receiptId": amazon_receipt(40), "expectedProductId": product_id(257)},
        f"{horizon}/valid.shortest.json": {"sku": sku(1), "userId": horizon_user(3)},
        f"{horizon}/valid.longest.json": {"sku": sku(256), "userId": horizon_user(256)},
        f"{horizon}/constraint.length-user-id-2-characters.json": {"sku": "sword_pack", "userId": horizon_user(2)},
        f"{horizon}/constraint.length-user-id-257-characters.json": {"sku": "sword_pack", "userId": horizon_user(257)},
        f"{horizon}/constraint.length-sku-empty.json": {"sku": "", "userId": horizon_user(16)},
        f"{horizon}/constraint.length-sku-257-characters.json": {"sku": sku(257), "userId": horizon_user(16)},
        f"{horizon}/constraint.pattern-user-id-dot.json": {"sku": "sword_pack", "userId": "7364.0184"},
        f"{props}/constraint.length-nested-apple-jws.json": {"apple": {"jws": jws(99)}},
        f"{props}/constraint.pattern-nested-google-token.json": {"google": {"purchaseToken": token(30) + " " + token(5)}},
        f"{props}/valid.apple-with-expected-product-id.json": {
            "apiKey": "openiap-kit_pk_test_0123456789", "apple": {"jws": valid_jws, "expectedProductId": "pro_lifetime"}},
    }
    return out


def fixture_files(root: Path, type_name: str) -> list[Path]:
    folder = root / type_name
    if not folder.is_dir():
        return []
    return sorted(
        p for p in folder.glob("*.json")
        if not p.name.endswith(".expected.json") and p.name.split(".", 1)[0] in MIRRORED_MARKS
    )


def mirrors(root: Path) -> dict[str, bytes]:
    """Mirror path -> the bytes of the fixture it copies."""
    out: dict[str, bytes] = {}
    for source in fixture_files(root, ERROR_TYPE):
        case = source.name[: -len(".json")].split(".", 1)[1]
        for result in RESULT_TYPES:
            out[f"{result}/invalid.error-body-{case}.json"] = source.read_bytes()
    for result, short in RESULT_TYPES.items():
        for source in fixture_files(root, result):
            value = json.loads(source.read_bytes())
            if isinstance(value, dict) and value.get("errors") is not None:
                continue
            case = source.name[: -len(".json")].split(".", 1)[1]
            out[f"{ERROR_TYPE}/invalid.success-body-{short}-{case}.json"] = source.read_bytes()
    return out


def leftover_mirrors(root: Path, wanted: set[str]) -> list[str]:
    """Mirror files on disk whose source is gone."""
    found = []
    for type_name, prefix in [(t, "invalid.error-body-") for t in RESULT_TYPES] + [(ERROR_TYPE, "invalid.success-body-")]:
        folder = root / type_name
        if folder.is_dir():
            found += [f"{type_name}/{p.name}" for p in sorted(folder.glob(prefix + "*.json"))]
    return [rel for rel in found if rel not in wanted]


def render(value: object) -> bytes:
    return (json.dumps(value, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only compare, write nothing")
    parser.add_argument("--fixtures", type=Path, default=FIXTURES, help="fixture root (default: Tests/Fixtures)")
    args = parser.parse_args(argv)
    wanted: dict[str, bytes] = {rel: render(value) for rel, value in limits().items()}
    wanted.update(mirrors(args.fixtures))
    stale = []
    for rel, data in sorted(wanted.items()):
        path = args.fixtures / rel
        current = path.read_bytes() if path.exists() else None
        if current == data:
            continue
        if args.check:
            stale.append(f"out of date: {rel}")
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            print(f"wrote {rel}")
    for rel in leftover_mirrors(args.fixtures, set(wanted)):
        if args.check:
            stale.append(f"left over (its source is gone): {rel}")
        else:
            (args.fixtures / rel).unlink()
            print(f"removed {rel}")
    for line in stale:
        print(line, file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
