"""Compares the TypeScript client's transcript with the typed clients' one
(Swift and Kotlin, which must be byte-equal to each other), scenario by
scenario, after dropping null members (a typed encoder leaves an absent
optional out; the raw answer may spell it null).

Every scenario must have sent the same requests. Its outcome must be the
same too, except for the scenarios Tests/IAPKit/transcript-differences.json
lists, each with the reason: the TypeScript client returns IAPKit's answer
as received (its types are declarations only), while the Swift and Kotlin
clients return it as their generated types read it (aliases read as the
value, members the types do not declare dropped, a closed enum's unknown
value refused). A listed scenario whose outcomes agree fails too, so the
list cannot keep a difference that is gone.

    python3 compare_transcripts.py TYPESCRIPT TYPED DIFFERENCES.json
"""

import json
import sys


def read(path):
    lines = {}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            ident, _, text = line.rstrip("\n").partition(" ")
            lines[ident] = without_nulls(json.loads(text))
    return lines


def without_nulls(value):
    if isinstance(value, dict):
        return {key: without_nulls(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [without_nulls(item) for item in value]
    return value


def main(typescript_path, typed_path, differences_path):
    typescript = read(typescript_path)
    typed = read(typed_path)
    with open(differences_path, encoding="utf-8") as handle:
        differences = json.load(handle)
    problems = []
    if list(typescript) != list(typed):
        problems.append("the transcripts list different scenarios")
    for ident in typescript:
        if ident not in typed:
            continue
        if typescript[ident]["sent"] != typed[ident]["sent"]:
            problems.append(f"{ident}: the clients sent different requests")
        same = typescript[ident]["outcome"] == typed[ident]["outcome"]
        if same and ident in differences:
            problems.append(f"{ident}: listed in {differences_path}, but the outcomes agree now; remove it")
        if not same and ident not in differences:
            problems.append(
                f"{ident}: outcomes differ\n  typescript: {json.dumps(typescript[ident]['outcome'], sort_keys=True)}"
                f"\n  typed:      {json.dumps(typed[ident]['outcome'], sort_keys=True)}")
    for ident in differences:
        if ident not in typescript:
            problems.append(f"{ident}: listed in {differences_path}, but no scenario has that id")
    for problem in problems:
        print("iapkit: " + problem, file=sys.stderr)
    if problems:
        return 1
    print(f"iapkit: {len(typescript)} scenarios: the same requests from every client; "
          f"{len(typescript) - len(differences)} outcomes equal, {len(differences)} differ as listed")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
