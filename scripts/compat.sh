#!/usr/bin/env bash
# Compiles the compatibility corpus of a language, app and SDK code written
# against upstream's OpenIAP 3.2.1 API (Tests/Compat/<Language>/), against
# what Generated/ holds, with the language's real compiler (issue #28).
#
#   scripts/compat.sh swift | typescript | kotlin
#
# Every file must compile, except the files that list the errors they must
# produce (each `// expected error: <message>` at the end of the line the
# compiler reports): those must produce exactly those errors and no other.
#
# With upstream's generated files at hand (UPSTREAM_DIR, default
# /tmp/upstream; never committed), the same corpus is also compiled against
# them, where every file must compile except the ones that say they do not;
# without them that comparison is skipped, with a line saying so.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
UPSTREAM_DIR="${UPSTREAM_DIR:-${OPENIAP_UPSTREAM_DIR:-/tmp/upstream}}"

# Compares the errors a compiler printed with the expected ones.
#   check_errors <log> <label> <file>... : the files' `// expected error:`
# markers against the log's `path:line:column: error: message` lines.
check_errors() {
    python3 - "$@" <<'PY'
import collections, os, re, sys
log, label, files = sys.argv[1], sys.argv[2], sys.argv[3:]
expected = collections.Counter()
for path in files:
    for number, line in enumerate(open(path, encoding='utf-8'), 1):
        m = re.search(r'// expected error: (.+)$', line)
        if m:
            expected[(os.path.basename(path), number, m.group(1).strip())] += 1
found = collections.Counter()
for line in open(log, encoding='utf-8', errors='replace'):
    m = re.match(r'(.+?):(\d+):\d+: error: (.*)$', line.rstrip('\n'))
    if m:
        found[(os.path.basename(m.group(1)), int(m.group(2)), m.group(3).strip())] += 1
missing = expected - found
unexpected = found - expected
for (name, number, message) in sorted(unexpected):
    print('%s: unexpected error at %s:%d: %s' % (label, name, number, message))
for (name, number, message) in sorted(missing):
    print('%s: expected error missing at %s:%d: %s' % (label, name, number, message))
print('%s: %d error(s), %d expected' % (label, sum(found.values()), sum(expected.values())))
sys.exit(1 if missing or unexpected else 0)
PY
}

# MARK: - Swift

compat_swift() {
    local corpus="$ROOT/Tests/Compat/Swift" work
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' RETURN
    # App code: calls, samples and reads that any module client writes.
    local app=(AppHelpers.swift ModuleConformance.swift DocSamples.swift Calls.swift TypeUsage.swift PropertyReads.swift NotUpstream.swift)
    # SDK code: builds output records with their memberwise initializers,
    # which upstream declares internal (so it is compiled inside upstream's
    # module, and as a client of ours).
    local sdk=(SDKInternal.swift Records.swift)
    # Files that list the errors they produce against ours.
    local expected_app=(ExhaustiveSwitches.swift)
    local expected_sdk=(KeptDifferences.swift)
    # Ours only: the one-line changes of the documented differences.
    local ours_only=(Adapted.swift)
    # Upstream's only: its resolver protocols, which we do not generate.
    local upstream_only=(Resolvers.swift)
    local flags=(-parse-as-library -diagnostic-style llvm -swift-version 5)

    echo "compat swift: building OpenIAPTypes from Generated/Swift"
    mkdir -p "$work/ours"
    swiftc -emit-module -parse-as-library -swift-version 6 -module-name OpenIAPTypes \
        "$ROOT"/Generated/Swift/*.swift -emit-module-path "$work/ours/OpenIAPTypes.swiftmodule"

    local status=0
    (cd "$corpus" && swiftc -typecheck "${flags[@]}" -I "$work/ours" "${app[@]}" "${sdk[@]}" "${ours_only[@]}") >"$work/ours.log" 2>&1 || true
    cat "$work/ours.log"
    check_errors "$work/ours.log" "compat swift (app and SDK code against ours)" || status=1
    # One compile per file: the compiler stops checking the rest of a
    # module's files once one has errors.
    : >"$work/expected.log"
    for f in "${expected_app[@]}" "${expected_sdk[@]}"; do
        (cd "$corpus" && swiftc -typecheck "${flags[@]}" -I "$work/ours" AppHelpers.swift ModuleConformance.swift "$f") \
            >>"$work/expected.log" 2>&1 || true
    done
    check_errors "$work/expected.log" "compat swift (documented differences against ours)" \
        "${expected_app[@]/#/$corpus/}" "${expected_sdk[@]/#/$corpus/}" || status=1

    if [[ ! -f "$UPSTREAM_DIR/Types.swift" || ! -f "$UPSTREAM_DIR/OpenIapProtocol.swift" ]]; then
        echo "compat swift: SKIPPED the comparison with upstream: $UPSTREAM_DIR/Types.swift and OpenIapProtocol.swift are absent"
        return $status
    fi
    echo "compat swift: the same corpus against upstream's types ($UPSTREAM_DIR)"
    mkdir -p "$work/upstream/sdk"
    # The SDK's files live inside upstream's types module: no import there.
    for f in "${sdk[@]}" "${expected_sdk[@]}"; do grep -v '^import OpenIAPTypes$' "$corpus/$f" >"$work/upstream/sdk/$f"; done
    (cd "$work/upstream/sdk" && swiftc -emit-module -parse-as-library -diagnostic-style llvm -swift-version 5 -module-name OpenIAPTypes \
        "$UPSTREAM_DIR/Types.swift" "$UPSTREAM_DIR/OpenIapProtocol.swift" "${sdk[@]}" "${expected_sdk[@]}" \
        -emit-module-path "$work/upstream/OpenIAPTypes.swiftmodule") >"$work/upstream.log" 2>&1 || true
    # Every app file but NotUpstream.swift, whose docs sample passes its
    # arguments in an order upstream's initializer refuses.
    local upstream_app=() f
    for f in "${app[@]}"; do [[ "$f" == NotUpstream.swift ]] || upstream_app+=("$f"); done
    (cd "$corpus" && swiftc -typecheck "${flags[@]}" -I "$work/upstream" "${upstream_app[@]}" "${expected_app[@]}" "${upstream_only[@]}") \
        >>"$work/upstream.log" 2>&1 || true
    cat "$work/upstream.log"
    check_errors "$work/upstream.log" "compat swift (corpus against upstream)" || status=1
    (cd "$corpus" && swiftc -typecheck "${flags[@]}" -I "$work/upstream" AppHelpers.swift ModuleConformance.swift NotUpstream.swift) \
        >"$work/not-upstream.log" 2>&1 || true
    if grep -q "NotUpstream.swift:.*error: argument 'iapkit' must precede argument 'provider'" "$work/not-upstream.log"; then
        echo "compat swift: NotUpstream.swift fails against upstream, as it says"
    else
        cat "$work/not-upstream.log"
        echo "compat swift: NotUpstream.swift was expected to fail against upstream with \"argument 'iapkit' must precede argument 'provider'\""
        status=1
    fi
    return $status
}

# MARK: - TypeScript
#
# Files marked EXPECTED TO FAIL must fail with exactly the errors their
# `expect-error TSnnnn` markers name (each on the line after its marker).

# The errors the marked files must have, as `file(line): TSnnnn`, sorted.
expected_errors() {
  local file
  for file in "$@"; do
    awk '/\/\/ expect-error TS[0-9]+/ { match($0, /TS[0-9]+/); print FILENAME "(" FNR + 1 "): " substr($0, RSTART, RLENGTH) }' "$file"
  done | sort -u
}

# The errors in tsc's output, in the same form, sorted.
reported_errors() {
  grep -oE '^[^( ]+\([0-9]+,[0-9]+\): error TS[0-9]+' "$1" | sed -E 's/\(([0-9]+),[0-9]+\): error (TS[0-9]+)$/(\1): \2/' | sort -u || true
}

# tsc over the corpus in a folder where `./types` is the module under test:
# $1 = a name for the report, $2 = the folder, $3 = the files whose markers
# count (space-separated), then the files to compile.
typescript_run() {
  local name=$1 folder=$2 marked=$3
  shift 3
  local out status=0
  out=$(mktemp)
  (cd "$folder" && tsc --strict --noEmit --target es2020 --module commonjs --pretty false --noErrorTruncation "$@") > "$out" 2>&1 || true
  local expected reported
  # shellcheck disable=SC2086
  expected=$(cd "$folder" && expected_errors $marked)
  reported=$(reported_errors "$out")
  if [ "$expected" != "$reported" ]; then
    echo "compat: typescript ($name): tsc's errors are not the expected ones"
    cat "$out"
    echo "-- expected:"; printf '%s\n' "$expected"
    echo "-- reported:"; printf '%s\n' "$reported"
    status=1
  elif grep -q 'error TS' "$out" && [ -z "$reported" ]; then
    # A diagnostic tsc gives without a file (a bad option, a missing file).
    cat "$out"
    status=1
  else
    echo "compat: typescript ($name): $# files, $(printf '%s' "$expected" | grep -c . || true) expected errors (marked), no other"
  fi
  rm -f "$out"
  return $status
}

compat_typescript() {
  cd "$ROOT"
  local upstream=$UPSTREAM_DIR
  local corpus=Tests/Compat/TypeScript work status=0
  command -v tsc >/dev/null || { echo "compat: no tsc on PATH (scripts/bootstrap.sh installs it)" >&2; return 2; }
  work=$(mktemp -d)
  # shellcheck disable=SC2064
  trap "rm -rf '$work'" RETURN
  # Against ours: `./types` re-exports Generated/TypeScript/openiap.ts, as an
  # SDK's src/types.ts would; the typed client must fit the SDK's exports.
  mkdir "$work/ours"
  cp "$corpus"/*.ts Generated/TypeScript/openiap.ts Generated/TypeScript/openiap-client.ts "$work/ours/"
  printf "export * from './openiap';\n" > "$work/ours/types.ts"
  typescript_run ours "$work/ours" "differences.ts not-upstream.ts" \
    sdk.ts doc-samples.ts calls.ts type-usage.ts client-conformance.ts differences.ts not-upstream.ts || status=1
  # Against upstream's types.ts, where it is at hand: the same corpus but the
  # client's file; there differences.ts compiles.
  if [ -f "$upstream/types.ts" ]; then
    mkdir "$work/upstream"
    cp "$corpus"/*.ts "$work/upstream/"
    rm "$work/upstream/client-conformance.ts"
    cp "$upstream/types.ts" "$work/upstream/types.ts"
    typescript_run upstream "$work/upstream" "not-upstream.ts" \
      sdk.ts doc-samples.ts calls.ts type-usage.ts differences.ts not-upstream.ts || status=1
  else
    echo "compat: typescript: SKIPPED the comparison with upstream's types.ts: $upstream/types.ts does not exist"
  fi
  return $status
}

# MARK: - Kotlin
#
# Renders the Kotlin target with the SDKs' package (--kotlin-package
# dev.hyo.openiap) and checks it is Generated/Kotlin but for the package;
# compiles it with the corpus (kotlinc -Werror: no error, no warning), then
# Differences.kt against that, where every error must be one the file marks
# (`// expect: …`) and every mark must fail (Tests/Compat/Kotlin/
# expected_errors.py). Then, when upstream's Types.kt is at $UPSTREAM_KOTLIN
# (default $UPSTREAM_DIR/Types.kt), the same corpus must compile against it
# without an error or a warning; without it that comparison is skipped, and
# the last line says so.

compat_kotlin() {
  local root=$ROOT
  local corpus=$root/Tests/Compat/Kotlin
  local package=dev.hyo.openiap
  local work
  work=$(mktemp -d)
  trap 'rm -rf "$work"' RETURN
  local generator
  generator="$(cd "$root" && swift build --show-bin-path)/generator"
  (cd "$root" && "$generator" --target kotlin --kotlin-package "$package" --output "$work/out" >/dev/null)
  # The option changes the package and nothing else.
  local file status=0
  for file in "$root"/Generated/Kotlin/*.kt; do
    if ! sed "s/\bdev\.openiap\.types\b/$package/g" "$file" | cmp -s - "$work/out/Kotlin/$(basename "$file")"; then
      echo "compat kotlin: $(basename "$file") rendered with --kotlin-package $package differs from Generated/Kotlin beyond the package" >&2
      status=1
    fi
  done
  [ "$(ls "$work/out/Kotlin" | wc -l)" = "$(ls "$root"/Generated/Kotlin/*.kt | wc -l)" ] || { echo "compat kotlin: another set of files" >&2; status=1; }
  # kotlinc prints no warning once it has an error, so the corpus that must
  # compile goes first, warnings as errors, and the marked differences
  # (Differences.kt) second, against what the first run built.
  echo "compat kotlin: compiling Generated/Kotlin (package $package) and the corpus"
  local sources=() differences=$corpus/Differences.kt
  for file in "$corpus"/*.kt; do [ "$file" = "$differences" ] || sources+=("$file"); done
  if "$root/scripts/kotlin.sh" compile "$work/ours.jar" "$work"/out/Kotlin/*.kt "${sources[@]}" 2>"$work/ours.log"; then
    echo "compat kotlin: compiling Differences.kt, whose marked lines must fail"
    "$root/scripts/kotlin.sh" compile "$work/differences.jar" -cp "$work/ours.jar" "$differences" 2>"$work/differences.log" || true
    python3 "$corpus/expected_errors.py" "$work/differences.log" "$corpus" || status=1
  else
    python3 "$corpus/expected_errors.py" "$work/ours.log" "$corpus" >/dev/null || true
    cat "$work/ours.log" >&2
    echo "compat kotlin: the corpus does not compile against Generated/Kotlin" >&2
    status=1
  fi

  local upstream=${UPSTREAM_KOTLIN:-$UPSTREAM_DIR/Types.kt}
  if [ ! -f "$upstream" ]; then
    echo "compat kotlin: SKIPPED the comparison with upstream: $upstream is absent (upstream's Types.kt is never committed)"
    return $status
  fi
  # Upstream's file needs Kotlin 1.4 and 1.5; adapt_upstream.py makes it
  # compile with kotlinc 1.3.31 without changing a signature.
  sed "s/^package .*/package $package/" "$upstream" | python3 "$corpus/adapt_upstream.py" >"$work/UpstreamTypes.kt"
  echo "compat kotlin: compiling the corpus against upstream's Types.kt"
  if ! "$root/scripts/kotlin.sh" compile "$work/upstream.jar" "$work/UpstreamTypes.kt" "$corpus"/*.kt 2>"$work/upstream.log"; then
    cat "$work/upstream.log" >&2
    echo "compat kotlin: the corpus does not compile against upstream" >&2
    status=1
  else
    echo "compat kotlin: the corpus compiles against upstream's Types.kt"
  fi
  return $status
}

case "${1:-}" in
    swift) compat_swift ;;
    typescript) compat_typescript ;;
    kotlin) compat_kotlin ;;
    *)
        echo "usage: $0 swift | typescript | kotlin" >&2
        exit 2
        ;;
esac
