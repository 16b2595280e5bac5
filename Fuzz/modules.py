#!/usr/bin/env python3
"""What the fuzz harness links: the package's modules it imports, and theirs.

    swift package describe --type json | python3 Fuzz/modules.py HARNESS.swift...

Reads the package description on standard input and the `import` lines of
the harness files, and prints one line per module the harness needs, those
it imports and everything they depend on, in dependency order:

    swift NAME C99NAME PATH  a Swift library target: SwiftPM builds it, its
                             objects are <bin>/<C99NAME>.build/*.o, its
                             sources under PATH
    system NAME PATH         a system library target: its module map is in PATH

Modules that are not targets of the package (Foundation) are left out. So
the harness follows the package: a module renamed, split or given a new
dependency is linked as Package.swift says, with no list kept here.
"""

import json
import re
import sys


def main():
    package = json.load(sys.stdin)
    targets = {target["name"]: target for target in package["targets"]}
    wanted = []
    for path in sys.argv[1:]:
        with open(path) as file:
            wanted += re.findall(r"^\s*(?:@testable\s+)?import\s+(\w+)", file.read(), re.M)
    order = []

    def visit(name, chain):
        target = targets.get(name)
        if target is None or name in order:
            return
        if name in chain:
            sys.exit("modules.py: dependency cycle through " + name)
        if target["type"] not in ("library", "system-target"):
            sys.exit("modules.py: the harness imports %s, a %s target; only libraries can be linked" % (name, target["type"]))
        for dependency in target.get("target_dependencies", []):
            visit(dependency, chain + [name])
        order.append(name)

    for name in wanted:
        visit(name, [])
    if not order:
        sys.exit("modules.py: the harness imports no module of the package")
    for name in order:
        target = targets[name]
        if target["type"] == "system-target":
            print("system", name, target["path"])
        else:
            print("swift", name, target["c99name"], target["path"])


if __name__ == "__main__":
    main()
