#!/usr/bin/env python3
"""A stand-in for the Swift bridge of the cross-language test: answers the
JSON-lines framing of client.ts (see its header) on stdin/stdout, as a bridge
on one platform with an in-memory store.

Usage:
    python3 Tests/CrossLanguage/fake_peer.py SCHEMA [--platform ios|android] [--lie MODE]

It is strict where the Swift bridge must be: every call is checked against
the generated JSON Schema (`$defs/OpenIAPCall`, then `$defs/<Operation>Args`,
whose first error gives the developer-error message its field path), every
subscribe and unsubscribe against `OpenIAPSubscribe` / `OpenIAPUnsubscribe`,
and every line it writes against `<Operation>Reply` or `OpenIAPEvent` before
it is written (a line that fails is a bug here: it exits with status 3).

Operations of the other platform (by name suffix) answer
`feature-not-supported`, unknown ones `developer-error`, and the common ones
this store does not implement `feature-not-supported` too.

`--lie MODE` breaks one rule on purpose, so that the test can prove the
client notices (see LIES). Payloads come from Tests/Fixtures.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

FIXTURES = Path(__file__).resolve().parent.parent / "Fixtures"

LIES = {
    "wrong-code": "answers the other platform's call with developer-error",
    "supported": "answers the other platform's call with a result",
    "no-event": "never delivers purchaseUpdated",
    "both": "answers fetchProducts with both result and error",
    "stray-id": "answers finishTransaction under an id nobody used",
    "no-path": "leaves the field path out of a developer-error",
    "wrong-product": "delivers a purchase of another product",
    "exit-1": "exits with status 1 at the end",
}


class Schema:
    def __init__(self, path: Path):
        document = json.loads(path.read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(document)
        self.definitions = document["$defs"]
        self.base = document.get("$id") or "urn:openiap:schema"
        self.registry = Registry().with_resource(
            self.base, Resource.from_contents(document, default_specification=DRAFT202012))
        self.validators: dict[str, Draft202012Validator] = {}

    def validator(self, name: str) -> Draft202012Validator:
        if name not in self.validators:
            self.validators[name] = Draft202012Validator({"$ref": f"{self.base}#/$defs/{name}"}, registry=self.registry)
        return self.validators[name]

    def first_error(self, name: str, value: Any) -> str | None:
        """`path: message` of the first error, `path` as `args.a.b` (a missing
        property is named in the path), or None when `value` is valid. An
        error of `oneOf` (a union) stands for those of its branches, so that
        the path goes into the member that was meant: a wrong branch fails
        on the discriminator, one level deeper than a missing property."""
        def leaves(error: Any) -> Any:
            if error.context:
                for inner in error.context:
                    yield from leaves(inner)
            else:
                yield error
        found = [leaf for error in self.validator(name).iter_errors(value) for leaf in leaves(error)]
        errors = sorted(found, key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path))))
        if not errors:
            return None
        error = errors[0]
        path = [str(part) for part in error.absolute_path]
        if error.validator == "required" and isinstance(error.instance, dict):
            missing = [name for name in error.validator_value if name not in error.instance]
            if missing:
                path.append(missing[0])
        return ".".join(["args", *path]) + ": " + error.message


def fixture(path: str) -> Any:
    return json.loads((FIXTURES / path).read_text(encoding="utf-8"))


class Peer:
    def __init__(self, schema: Schema, platform: str, lie: str | None):
        self.schema = schema
        self.platform = platform
        self.lie = lie
        self.subscriptions: dict[int, str] = {}
        self.sold: dict[str, dict[str, Any]] = {}
        self.products: dict[str, dict[str, Any]] = {}

    # -- output

    def write(self, message: dict[str, Any], definition: str) -> None:
        body = {k: v for k, v in message.items() if k != "id"}
        problem = self.schema.first_error(definition, body)
        if problem is not None:
            print(f"fake_peer: would write an invalid {definition}: {problem}: {json.dumps(message)}", file=sys.stderr)
            sys.exit(3)
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()

    def reply(self, call_id: Any, operation: str, result: Any = None, error: tuple[str, str] | None = None) -> None:
        body: dict[str, Any] = {"error": {"code": error[0], "message": error[1]}} if error else {"result": result}
        if self.lie == "both" and operation == "fetchProducts":
            body = {"result": result, "error": {"code": "unknown", "message": "both"}}
            sys.stdout.write(json.dumps({"id": call_id, **body}) + "\n")
            sys.stdout.flush()
            return
        if self.lie == "stray-id" and operation == "finishTransaction":
            call_id = 10_000
        definition = f"{operation[0].upper()}{operation[1:]}Reply"
        self.write({"id": call_id, **body}, definition if definition in self.schema.definitions else "PurchaseError")

    def emit(self, event: str, payload: Any) -> None:
        for number, name in sorted(self.subscriptions.items()):
            if name == event:
                self.write({"subscription": number, "event": event, "payload": payload}, "OpenIAPEvent")

    # -- input

    def handle(self, line: str) -> None:
        try:
            message = json.loads(line)
        except ValueError:
            print(f"fake_peer: not JSON: {line!r}", file=sys.stderr)
            sys.exit(3)
        if not isinstance(message, dict):
            print(f"fake_peer: not an object: {line!r}", file=sys.stderr)
            sys.exit(3)
        if "subscribe" in message:
            self.require_valid("OpenIAPSubscribe", message)
            self.subscriptions[message["subscription"]] = message["subscribe"]
            return
        if "unsubscribe" in message:
            self.require_valid("OpenIAPUnsubscribe", message)
            self.subscriptions.pop(message["unsubscribe"], None)
            return
        call_id = message.get("id")
        if not isinstance(call_id, int):
            print(f"fake_peer: a call without an integer id: {line!r}", file=sys.stderr)
            sys.exit(3)
        call = {k: v for k, v in message.items() if k != "id"}
        operation = call.get("operation")
        if not isinstance(operation, str) or f"{operation[:1].upper()}{operation[1:]}Reply" not in self.schema.definitions:
            self.reply(call_id, "unknownOperation", error=("developer-error", f"operation: no such operation {operation!r}"))
            return
        args = call.get("args", {})
        arguments_type = f"{operation[0].upper()}{operation[1:]}Args"
        if arguments_type in self.schema.definitions:
            problem = self.schema.first_error(arguments_type, args)
            if problem is not None:
                message_text = "the arguments do not decode" if self.lie == "no-path" else problem
                self.reply(call_id, operation, error=("developer-error", message_text))
                return
        elif not isinstance(args, dict):
            self.reply(call_id, operation, error=("developer-error", "args: not an object"))
            return
        if self.schema.first_error("OpenIAPCall", call) is not None:
            print(f"fake_peer: the call passed its arguments check but not OpenIAPCall: {line!r}", file=sys.stderr)
            sys.exit(3)
        self.dispatch(call_id, operation, args)

    def require_valid(self, definition: str, message: dict[str, Any]) -> None:
        problem = self.schema.first_error(definition, message)
        if problem is not None:
            print(f"fake_peer: an invalid {definition}: {problem}", file=sys.stderr)
            sys.exit(3)

    # -- the in-memory store

    def other_platform(self, operation: str) -> bool:
        if operation.endswith("IOS"):
            return self.platform != "ios"
        if operation.endswith("Android"):
            return self.platform != "android"
        return False

    def dispatch(self, call_id: int, operation: str, args: dict[str, Any]) -> None:
        if self.other_platform(operation):
            if self.lie == "wrong-code":
                self.reply(call_id, operation, error=("developer-error", f"{operation} is not for {self.platform}"))
            elif self.lie == "supported":
                self.reply(call_id, operation, result=True)
            else:
                self.reply(call_id, operation, error=("feature-not-supported", f"{operation} is not available on {self.platform}"))
            return
        handler = getattr(self, f"do_{operation}", None)
        if handler is None:
            self.reply(call_id, operation, error=("feature-not-supported", f"this store does not implement {operation}"))
            return
        handler(call_id, args)

    def do_initConnection(self, call_id: int, args: dict[str, Any]) -> None:
        self.reply(call_id, "initConnection", result=True)

    def do_fetchProducts(self, call_id: int, args: dict[str, Any]) -> None:
        skus = args["params"]["skus"]
        if not skus:
            self.reply(call_id, "fetchProducts", error=("empty-sku-list", "no product identifier"))
            return
        template = fixture("Product/valid.ios.json" if self.platform == "ios" else "Product/valid.android.json")
        products = []
        for sku in skus:
            product = copy.deepcopy(template)
            product["id"] = sku
            self.products[sku] = product
            products.append(product)
        self.reply(call_id, "fetchProducts", result={"products": products})

    def do_requestPurchase(self, call_id: int, args: dict[str, Any]) -> None:
        props = args["params"].get("requestPurchase") or args["params"].get("requestSubscription") or {}
        if self.platform == "ios":
            sku = (props.get("apple") or {}).get("sku")
        else:
            sku = ((props.get("google") or {}).get("skus") or [None])[0]
        if sku not in self.products:
            self.reply(call_id, "requestPurchase", error=("sku-not-found", f"{sku!r} was not fetched"))
            return
        purchase = fixture("Purchase/valid.apple.json" if self.platform == "ios" else "Purchase/valid.google.json")
        purchase["productId"] = "someone.else" if self.lie == "wrong-product" else sku
        purchase["ids"] = [purchase["productId"]]
        purchase["id"] = f"fake-{len(self.sold) + 1}"
        self.sold[purchase["id"]] = purchase
        if self.lie != "no-event":
            self.emit("purchaseUpdated", purchase)
        self.reply(call_id, "requestPurchase", result=None)

    def do_verifyPurchaseWithProvider(self, call_id: int, args: dict[str, Any]) -> None:
        iapkit = args["options"].get("iapkit") or {}
        store = next((name for name in ("apple", "google", "amazon", "horizon") if iapkit.get(name)), None)
        if store is None:
            self.reply(call_id, "verifyPurchaseWithProvider", error=("developer-error", "args.options.iapkit: no purchase"))
            return
        result = {"store": store, "isValid": True, "state": "entitled"}
        self.reply(call_id, "verifyPurchaseWithProvider", result={"provider": "iapkit", "iapkit": result})

    def do_finishTransaction(self, call_id: int, args: dict[str, Any]) -> None:
        if args["purchase"]["id"] not in self.sold:
            self.reply(call_id, "finishTransaction", error=("item-not-owned", "no unfinished purchase with that id"))
            return
        del self.sold[args["purchase"]["id"]]
        # finishTransaction answers nothing: {"result": null}.
        self.reply(call_id, "finishTransaction", result=None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("schema", type=Path)
    parser.add_argument("--platform", choices=("ios", "android"), default="ios")
    parser.add_argument("--lie", choices=sorted(LIES))
    args = parser.parse_args(argv)
    peer = Peer(Schema(args.schema), args.platform, args.lie)
    for line in sys.stdin:
        if line.strip():
            peer.handle(line)
    return 1 if args.lie == "exit-1" else 0


if __name__ == "__main__":
    sys.exit(main())
