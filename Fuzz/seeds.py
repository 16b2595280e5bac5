#!/usr/bin/env python3
"""Writes the seed inputs and the dictionary of every fuzz target.

    python3 Fuzz/seeds.py OUT_DIR

For each target (`spec`, `types`, `bridge`, `templates`, see Fuzz/Main.swift)
it writes OUT_DIR/<target>/seeds/ (one file per input, the folder emptied
first) and OUT_DIR/<target>/dict (libFuzzer's dictionary format). Everything
is read from the repository at the time of the run, so the seeds follow the
fixture corpus, the hostile corpora, the golden spec, the templates and the
generated JSON Schema (wire names, type and operation names) as they change:

- spec: Schema/ (joined into one input, and file by file), the golden spec,
  the escaping spec and every hostile spec; dictionary Fuzz/spec.dict and
  every key of Schema/;
- types: every fixture as `<Type>\\n<payload>`, every hostile payload case;
- bridge: a call of every operation with each of its argument fixtures, a
  subscribe to every event, and one sequence per store;
- templates: every built-in template as `<folder>/<name>\\n<text>`, and a
  few hostile ones.

The JSON targets' dictionary holds the schema's property names, enum values,
constants and type names; the templates' one the tag syntax and every name
the built-in templates use.
"""

import json
import os
import re
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FILE_SEPARATOR = b"#==file==\n"
STORES = ["google", "amazon", "horizon", "apple"]


def read(path):
    with open(os.path.join(ROOT, path), "rb") as file:
        return file.read()


def files_under(folder, suffix=""):
    found = []
    for base, _, names in os.walk(os.path.join(ROOT, folder)):
        for name in names:
            if name.endswith(suffix):
                found.append(os.path.relpath(os.path.join(base, name), ROOT))
    return sorted(found)


def joined(paths):
    """Spec files as one input, separated as FuzzSpec.swift splits them."""
    parts = []
    for path in paths:
        text = read(path)
        parts.append(text if text.endswith(b"\n") else text + b"\n")
    return FILE_SEPARATOR.join(parts)


def compact(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def dictionary_entry(token):
    """A libFuzzer dictionary line: the token quoted, bytes escaped as \\xNN."""
    out = []
    for byte in token.encode("utf-8"):
        if byte in (0x22, 0x5C) or byte < 0x20 or byte > 0x7E:
            out.append("\\x%02X" % byte)
        else:
            out.append(chr(byte))
    return '"' + "".join(out) + '"'


def write_dictionary(path, tokens, prefix=b""):
    lines = [dictionary_entry(token) for token in sorted(set(tokens)) if token and len(token) <= 64]
    with open(path, "wb") as file:
        file.write(prefix)
        file.write(("\n".join(lines) + "\n").encode("ascii"))


class Seeds:
    def __init__(self, out, target):
        self.folder = os.path.join(out, target, "seeds")
        shutil.rmtree(self.folder, ignore_errors=True)
        os.makedirs(self.folder)
        self.count = 0

    def add(self, name, data):
        name = re.sub(r"[^A-Za-z0-9._-]+", "_", name)
        with open(os.path.join(self.folder, name), "wb") as file:
            file.write(data)
        self.count += 1


def schema():
    return json.loads(read("Generated/JSONSchema/openiap.schema.json"))


def wire_names(node, into):
    """Property names, enum values and constants anywhere in the schema."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                into.update(value.keys())
            elif key == "enum" and isinstance(value, list):
                into.update(item for item in value if isinstance(item, str))
            elif key == "const" and isinstance(value, str):
                into.add(value)
            wire_names(value, into)
    elif isinstance(node, list):
        for item in node:
            wire_names(item, into)


JSON_TOKENS = ["{", "}", "[", "]", ":", ",", '""', "null", "true", "false", "0", "-1", "1.5", "1e400",
               "9223372036854775807", "9223372036854775808", "-9223372036854775809", "2147483648",
               "\\u0000", "\\ud800", "\\udc00", "\\ud83d\\ude00", "\\\"", "\\\\"]


def spec_seeds(out):
    seeds = Seeds(out, "spec")
    seeds.add("schema.yaml", joined(files_under("Schema", ".yaml")))
    for path in files_under("Schema", ".yaml"):
        seeds.add("schema-" + os.path.basename(path), read(path))
    seeds.add("golden.yaml", joined(files_under("Tests/Golden/Spec", ".yaml")))
    seeds.add("escaping.yaml", joined(files_under("Tests/Hostile/EscapingSpec", ".yaml")))
    for path in files_under("Tests/Hostile/Spec", ".yaml"):
        seeds.add("hostile-" + path, read(path))
    for entry in sorted(os.listdir(os.path.join(ROOT, "Tests/Hostile/Spec"))):
        if os.path.isdir(os.path.join(ROOT, "Tests/Hostile/Spec", entry)):
            seeds.add("hostile-" + entry, joined(files_under("Tests/Hostile/Spec/" + entry, ".yaml")))
    # The hand-written tokens, and every key the spec files use.
    keys = set()
    for path in files_under("Schema", ".yaml"):
        keys.update(key.decode() + ":" for key in re.findall(rb"^\s*-?\s*([A-Za-z_][A-Za-z0-9_]*):", read(path), re.M))
    write_dictionary(os.path.join(out, "spec", "dict"), keys, prefix=read("Fuzz/spec.dict"))
    return seeds.count


def types_seeds(out, names):
    seeds = Seeds(out, "types")
    for path in files_under("Tests/Fixtures", ".json"):
        type_name = path.split(os.sep)[2]
        seeds.add(type_name + "-" + os.path.basename(path), type_name.encode() + b"\n" + read(path))
    cases = json.loads(read("Tests/Hostile/Payloads/cases.json"))["cases"]
    for index, case in enumerate(cases):
        payload = case["text"].encode("utf-8") if "text" in case else bytes.fromhex(case["bytes"])
        seeds.add("hostile-%03d-%s" % (index, case["type"]), case["type"].encode() + b"\n" + payload)
    write_dictionary(os.path.join(out, "types", "dict"), JSON_TOKENS + sorted(names))
    return seeds.count


def lower_first(name):
    return name[:1].lower() + name[1:]


def bridge_seeds(out, names, definitions):
    seeds = Seeds(out, "bridge")
    operations = sorted(lower_first(name[: -len("Reply")]) for name in definitions if name.endswith("Reply"))
    events = sorted(branch["properties"]["event"]["const"] for branch in definitions["OpenIAPEvent"]["oneOf"])

    def arguments_of(name):
        """The argument fixtures of an operation or event that are JSON."""
        folder = "Tests/Fixtures/" + name[:1].upper() + name[1:] + "Args"
        found = []
        if os.path.isdir(os.path.join(ROOT, folder)):
            for path in files_under(folder, ".json"):
                try:
                    found.append((os.path.basename(path), json.loads(read(path))))
                except ValueError:
                    pass
        return found

    for operation in operations:
        seeds.add("call-" + operation, ("google\n" + compact({"operation": operation})).encode())
        for fixture, args in arguments_of(operation):
            message = compact({"operation": operation, "args": args})
            seeds.add("call-%s-%s" % (operation, fixture), ("google\n" + message).encode())
    for event in events:
        subscribe = {"subscribe": event, "subscription": 1}
        seeds.add("subscribe-" + event, ("google\n" + compact(subscribe)).encode())
        for fixture, args in arguments_of(event):
            message = compact(dict(subscribe, args=args))
            seeds.add("subscribe-%s-%s" % (event, fixture), ("google\n" + message).encode())
    # One sequence per store: listen, buy, look, finish, verify, stop.
    purchase = {"operation": "requestPurchase", "args": {"params": {"type": "in-app", "request": {
        "google": {"skus": ["com.example.premium"]}, "android": {"skus": ["com.example.premium"]}}}}}
    for fixture, args in arguments_of("requestPurchase"):
        if fixture.startswith("valid."):
            purchase = {"operation": "requestPurchase", "args": args}
            break
    sequence = [
        {"subscribe": "purchaseUpdated", "subscription": 7},
        {"subscribe": "purchaseError", "subscription": 8},
        {"operation": "initConnection"},
        {"operation": "fetchProducts", "args": {"params": {"skus": ["com.example.premium", "com.example.monthly"]}}},
        purchase,
        {"operation": "getAvailablePurchases"},
        {"operation": "getStorefront"},
        {"unsubscribe": 7},
        {"unsubscribe": 8},
        {"operation": "endConnection"},
    ]
    for store in STORES:
        seeds.add("sequence-" + store, (store + "\n" + "\n".join(compact(m) for m in sequence)).encode())
    tokens = JSON_TOKENS + sorted(names) + operations + events + STORES + [
        "operation", "subscribe", "unsubscribe", "subscription", "args", '"args":{', '{"operation":"']
    write_dictionary(os.path.join(out, "bridge", "dict"), tokens)
    return seeds.count


def templates_seeds(out):
    seeds = Seeds(out, "templates")
    names = set()
    for path in files_under("Templates", ".tmpl"):
        folder, name = path.split(os.sep)[1], os.path.basename(path)[: -len(".tmpl")]
        text = read(path)
        seeds.add("%s-%s" % (folder, name), ("%s/%s\n" % (folder, name)).encode() + text)
        names.update(re.findall(rb"\{\{~?\s*[#^/>&]?\s*([A-Za-z0-9_.]+)", text))
    # Hostile templates: runaway partials, sections over the same list
    # nested inside one another (a dozen levels are what the pass budget
    # stops, seconds of work per record: too slow for a seed), deep nesting.
    for name, text in [
        ("swift/record", "{{>record}}{{>record}}"),
        ("swift/record", "{{#fields}}" * 4 + "x" + "{{/fields}}" * 4),
        ("kotlin/record", "{{#fields}}{{>record}}{{/fields}}"),
        ("typescript/interface", "{{#a}}" * 101 + "{{/a}}" * 101),
        ("jsonschema/definition", "{{^x}}{{/y}}{{>}}{{#}}{{{a}}}{{a.b.c}}{{@index}}"),
    ]:
        seeds.add("hostile-%d" % seeds.count, (name + "\n" + text).encode())
    tokens = ["{{", "}}", "{{#", "{{^", "{{/", "{{>", "{{!", "{{~", "~}}", "{{.}}", "\n", "{{#.}}"]
    tokens += [name.decode() for name in names]
    write_dictionary(os.path.join(out, "templates", "dict"), tokens)
    return seeds.count


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: seeds.py OUT_DIR")
    out = sys.argv[1]
    definitions = schema()["$defs"]
    names = set(definitions.keys())
    wire_names(definitions, names)
    counts = {
        "spec": spec_seeds(out),
        "types": types_seeds(out, names),
        "bridge": bridge_seeds(out, names, definitions),
        "templates": templates_seeds(out),
    }
    print("seeds: " + ", ".join("%s %d" % item for item in counts.items()))


if __name__ == "__main__":
    main()
