#!/usr/bin/env bash
# The node half of the cross-language test: compiles Tests/CrossLanguage/client.ts
# with the generated client (tsc --strict), runs it with node against a peer
# over JSON lines, and checks every line of the transcript against the
# generated JSON Schema (Tests/CrossLanguage/transcript.py).
#   scripts/cross-language.sh                      against the fake peer, as iOS and as Android, and
#                                                  the Swift bridge (openiap-memory-store, built by swift build)
#                                                  as Google Play and as Amazon, and the Kotlin bridge
#                                                  (MemoryStoreBridgeKt over the generated Kotlin dispatcher,
#                                                  jars from scripts/kotlin.sh jars) as the same two, whose
#                                                  replies must be the Swift bridge's (same_replies.py)
#   scripts/cross-language.sh -- COMMAND [ARG...]   against any peer, such as the Swift bridge
# Exit status: 0 when every check passed, non-zero otherwise.
set -euo pipefail
out=.build/cross-language
schema=Generated/JSONSchema/openiap.schema.json
rm -rf "$out/js"
mkdir -p "$out"
tsc --strict --target es2020 --lib es2020 --module commonjs --pretty false \
  --outDir "$out/js" --rootDir . Tests/CrossLanguage/client.ts

run() {
  local name=$1
  shift
  echo "cross-language: $name"
  local status=0
  node "$out/js/Tests/CrossLanguage/client.js" --transcript -- "$@" > "$out/$name.log" || status=$?
  grep -v '^send \|^recv ' "$out/$name.log" || true
  python3 Tests/CrossLanguage/transcript.py "$schema" "$out/$name.log" || status=1
  return $status
}

if [ "${1:-}" = "--" ]; then
  shift
  run peer "$@"
else
  run fake-ios python3 Tests/CrossLanguage/fake_peer.py "$schema" --platform ios
  run fake-android python3 Tests/CrossLanguage/fake_peer.py "$schema" --platform android
  swift_bridge="$(swift build --show-bin-path)/openiap-memory-store"
  run swift-google "$swift_bridge" --store google
  run swift-amazon "$swift_bridge" --store amazon
  kotlin_classpath=$(scripts/kotlin.sh jars)
  for store in google amazon; do
    run "kotlin-$store" scripts/kotlin.sh run "$kotlin_classpath" MemoryStoreBridgeKt --store "$store"
    python3 Tests/CrossLanguage/same_replies.py "$out/swift-$store.log" "$out/kotlin-$store.log"
  done
fi
