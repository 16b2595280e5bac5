#!/usr/bin/env bash
# Proves that a release which renames and deprecates (with `renamedFrom:` and
# `deprecated: {replacement: ...}`) keeps app code written against the
# release before compiling, with warnings that name the replacements:
#
#   scripts/releases.sh
#
# Generates Tests/Releases/Old and Tests/Releases/New (Swift, Kotlin,
# TypeScript) into a temporary folder, and the migration guide between them
# (`generator diff --format markdown`), then compiles Tests/Releases/App and
# the guide's snippets (before against Old, after against New, no warning)
# against each with the real compilers: swiftc, kotlinc and tsc --strict.
# The guide of Tests/Releases/Hostile (names that are keywords, or that the
# snippets' own names would clash with) is compiled the same way, without app
# code
# (TypeScript's compiler reports no deprecations, its language service does:
# editors show them, and tests/releases-deprecations.js asks it the same way).
# Against Old the app compiles with no warning at all; against New with no
# error, and each line marked `// warns: TEXT` gets a deprecation warning whose
# text (or fix-it note) contains TEXT, and no other line gets one.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SWIFT_FLAGS="${SWIFT_FLAGS:--Xswiftc -warnings-as-errors}"
cd "$ROOT"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
app="$ROOT/Tests/Releases/App"

# shellcheck disable=SC2086
bin="$(swift build $SWIFT_FLAGS --show-bin-path)"
for pair in . Hostile; do
    for release in Old New; do
        "$bin/generator" --schema "Tests/Releases/$pair/$release" --output "$work/$pair/$release" \
            --target swift --target kotlin --target typescript >/dev/null
    done
done

# Checks a compiler log against the `// warns:` markers of one app file.
#   check <label> <log> <app file> <strict: none|marked>
check() {
    python3 - "$@" <<'PY'
import collections, os, re, sys
label, log, source, mode = sys.argv[1:5]
name = os.path.basename(source)
marks = {}
for number, line in enumerate(open(source, encoding='utf-8'), 1):
    m = re.search(r'// warns: (.+)$', line)
    if m:
        marks[number] = m.group(1).strip()
found = collections.defaultdict(list)   # line -> [(severity, message)]
errors = []
for line in open(log, encoding='utf-8', errors='replace'):
    line = line.rstrip('\n')
    # swiftc / tsc-as-printed-by-the-helper: path:line:col: severity: message
    m = re.match(r'(.+?):(\d+):\d+: (error|warning|note): (.*)$', line)
    # kotlinc 1.3: w: path: (line, col): message
    k = re.match(r'([ewi]): (.+?): \((\d+), \d+\): (.*)$', line)
    if m:
        path, number, severity, message = m.group(1), int(m.group(2)), m.group(3), m.group(4)
    elif k:
        severity = {'e': 'error', 'w': 'warning', 'i': 'note'}[k.group(1)]
        path, number, message = k.group(2), int(k.group(3)), k.group(4)
    else:
        continue
    if severity == 'error':
        errors.append(line)
    elif severity == 'warning' and os.path.basename(path) != name:
        errors.append('a warning in generated code: ' + line)
    elif os.path.basename(path) == name:
        found[number].append((severity, message))
problems = list(errors)
warned = {n for n, items in found.items() if any(s == 'warning' for s, _ in items)}
if mode == 'none':
    problems += ['unexpected warning at %s:%d: %s' % (name, n, m) for n in sorted(warned) for s, m in found[n] if s == 'warning']
else:
    for number, text in sorted(marks.items()):
        messages = ' | '.join(m for _, m in found.get(number, []))
        if number not in warned:
            problems.append('%s:%d: expected a deprecation warning naming %s, found none' % (name, number, text))
        elif text not in messages:
            problems.append('%s:%d: the warning does not name %s: %s' % (name, number, text, messages))
    for number in sorted(warned - set(marks)):
        problems.append('unexpected warning at %s:%d: %s' % (name, number, found[number]))
for p in problems:
    print('%s: %s' % (label, p))
count = sum(1 for n in warned)
print('%s: %s (%d line(s) with warnings, %d marked)' % (label, 'FAILED' if problems else 'ok', count, len(marks) if mode != 'none' else 0))
sys.exit(1 if problems else 0)
PY
}

status=0

# The migration guide of a pair: its before snippets must compile against
# Old, its after snippets against New (with the app, below).
#   guide <pair> <folder>: writes <folder>/<language>/<before|after>/snippetN.<ext>
guide() {
    "$bin/generator" diff "Tests/Releases/$1/Old" "Tests/Releases/$1/New" --format markdown --allow-breaking >"$2.md"
    python3 - "$2.md" "$2" "$1" <<'PY'
import os, re, sys
text, out, pair = open(sys.argv[1], encoding='utf-8').read(), sys.argv[2], sys.argv[3]
extension = {'swift': 'swift', 'kotlin': 'kt', 'typescript': 'ts'}
counts = {}
for n, m in enumerate(re.finditer(r'^(Swift|Kotlin|TypeScript) (before|after) \([^)]*\):\n\n```(\w+)\n(.*?)```$', text, re.S | re.M)):
    language, side, fence, code = m.group(1).lower(), m.group(2), m.group(3), m.group(4)
    assert fence == language, (fence, language)
    folder = os.path.join(out, language, side)
    os.makedirs(folder, exist_ok=True)
    open(os.path.join(folder, 'snippet%d.%s' % (n, extension[language])), 'w', encoding='utf-8').write(code)
    counts[(language, side)] = counts.get((language, side), 0) + 1
print('releases: migration guide of Tests/Releases/%s: %d snippets %s' % (pair, sum(counts.values()), sorted(counts.items())))
if len(counts) != 6 or len(set(counts.values())) != 1:
    sys.exit('releases: the guide must have as many before as after snippets in each of Swift, Kotlin and TypeScript')
PY
}
guide . "$work/guide"
guide Hostile "$work/hostile-guide"

echo "releases: swift"
# Compiles the Swift of <generated> as OpenIAPTypes and type-checks the
# files after it (relative to the app's folder) against that module into <log>.
#   swift_against <generated> <log> <files...>
swift_against() {
    local generated="$1" log="$2"
    shift 2
    mkdir -p "$generated.module"
    swiftc -emit-module -parse-as-library -swift-version 6 -warnings-as-errors -module-name OpenIAPTypes "$generated"/Swift/*.swift \
        -emit-module-path "$generated.module/OpenIAPTypes.swiftmodule"
    (cd "$app" && swiftc -typecheck -parse-as-library -diagnostic-style llvm -swift-version 5 -I "$generated.module" "$@") \
        >"$log" 2>&1 || true
}
for release in Old New; do
    side=$([ "$release" = Old ] && echo before || echo after)
    swift_against "$work/$release" "$work/swift-$release.log" App.swift "$work/guide/swift/$side"/*.swift
    swift_against "$work/Hostile/$release" "$work/hostile-swift-$release.log" "$work/hostile-guide/swift/$side"/*.swift
    check "releases: swift hostile guide against $release" "$work/hostile-swift-$release.log" /dev/null none || status=1
done
check "releases: swift app against Old" "$work/swift-Old.log" "$app/App.swift" none || status=1
check "releases: swift app against New" "$work/swift-New.log" "$app/App.swift" marked || status=1

echo "releases: kotlin"
export JAVA_OPTS="${KOTLIN_JAVA_OPTS:--Xmx1g -Xss8m -XX:+UseSerialGC -XX:TieredStopAtLevel=1}"
# Compiles the Kotlin of <generated> with the files after it into <log>.
#   kotlin_against <generated> <log> <files...>
kotlin_against() {
    local generated="$1" log="$2"
    shift 2
    local sources=()
    for f in "$generated"/Kotlin/*.kt; do
        [ "$(basename "$f")" = OpenIAPOrgJson.kt ] || sources+=("$f")
    done
    kotlinc -jvm-target 1.8 -no-reflect -cp /usr/share/java/kotlin-stdlib.jar -d "$generated.classes" \
        "${sources[@]}" "$@" >"$log" 2>&1 || true
}
for release in Old New; do
    side=$([ "$release" = Old ] && echo before || echo after)
    kotlin_against "$work/$release" "$work/kotlin-$release.log" "$app/App.kt" "$work/guide/kotlin/$side"/*.kt
    kotlin_against "$work/Hostile/$release" "$work/hostile-kotlin-$release.log" "$work/hostile-guide/kotlin/$side"/*.kt
    check "releases: kotlin hostile guide against $release" "$work/hostile-kotlin-$release.log" /dev/null none || status=1
done
check "releases: kotlin app against Old" "$work/kotlin-Old.log" "$app/App.kt" none || status=1
check "releases: kotlin app against New" "$work/kotlin-New.log" "$app/App.kt" marked || status=1

echo "releases: typescript"
# Type-checks the TypeScript of <generated> with the files after it, copied
# into <folder>, and asks the language service for the deprecations of
# <app file> (unless it is -); the diagnostics go to <folder>.log.
#   typescript_against <generated> <folder> <app file or -> <files...>
typescript_against() {
    local generated="$1" folder="$2" app_file="$3"
    shift 3
    mkdir -p "$folder"
    cp "$generated/TypeScript/openiap.ts" "$@" "$folder/"
    (cd "$folder" && tsc --strict --noEmit --target es2020 --module commonjs --pretty false ./*.ts) >"$folder.log" 2>&1 || true
    if [ "$app_file" != - ]; then
        NODE_PATH=/usr/share/nodejs node "$ROOT/Tests/Releases/deprecations.js" "$folder" "$app_file" >>"$folder.log" 2>&1 || true
    fi
    # tsc prints `file(line,col): error TSnnnn: message`; the checker reads `file:line:col: error: message`.
    sed -E -i 's/^([^( ]+)\(([0-9]+),([0-9]+)\): error (TS[0-9]+: .*)$/\1:\2:\3: error: \4/' "$folder.log"
}
for release in Old New; do
    side=$([ "$release" = Old ] && echo before || echo after)
    typescript_against "$work/$release" "$work/ts-$release" app.ts "$app/app.ts" "$work/guide/typescript/$side"/*.ts
    typescript_against "$work/Hostile/$release" "$work/hostile-ts-$release" - "$work/hostile-guide/typescript/$side"/*.ts
    check "releases: typescript hostile guide against $release" "$work/hostile-ts-$release.log" /dev/null none || status=1
done
check "releases: typescript app against Old" "$work/ts-Old.log" "$app/app.ts" none || status=1
check "releases: typescript app against New" "$work/ts-New.log" "$app/app.ts" marked || status=1
exit $status
