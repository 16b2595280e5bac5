#!/usr/bin/env bash
# The compatibility corpus of each language (Tests/Compat/<Language>/: app,
# SDK and docs code written against upstream's OpenIAP 3.2.1 API), compiled
# against Generated/ with the language's real compiler. One function per
# language:
#   scripts/compat.sh typescript
# Files marked EXPECTED TO FAIL must fail with exactly the errors their
# `expect-error` markers name (each on the line after its marker) and no
# other; every other file must compile. Where upstream's own files are at
# hand (/tmp/upstream, never committed), the corpus is also compiled against
# them; without them that comparison is skipped, and a line says so.
# Exit status: 0 when every check passed, 1 otherwise, 2 on misuse.
set -euo pipefail
cd "$(dirname "$0")/.."
upstream=${OPENIAP_UPSTREAM_DIR:-/tmp/upstream}

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

typescript() {
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

case "${1:-}" in
  typescript) typescript ;;
  *)
    echo "usage: scripts/compat.sh typescript" >&2
    exit 2
    ;;
esac
