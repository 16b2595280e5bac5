#!/usr/bin/env bash
# The IAPKit HTTP proof (Docs/IAPKit.md):
#   1. the generated OpenAPI document passes openapi-spec-validator;
#   2. the test server's own tests (Tests/IAPKit/test_server.py);
#   3. schemathesis runs the OpenAPI document against the test server, a
#      bounded number of examples per route, deterministically;
#   4. the generated TypeScript client (tsc --strict) runs the scenario list
#      (Tests/IAPKit/scenarios.json) against the same server, and its
#      transcript must equal Tests/IAPKit/transcript.expected. Set
#      IAPKIT_UPDATE_TRANSCRIPT=1 to rewrite that file instead (then review
#      the diff);
#   5. the generated Swift client (Generated/SwiftIAPKit, built warning-free
#      as the executable iapkit-swift-client) and the generated Kotlin client
#      (Generated/KotlinIAPKit, kotlinc -Werror) run the same scenarios
#      against the same server; their transcripts must both equal
#      Tests/IAPKit/transcript.typed.expected byte for byte, and
#      Tests/IAPKit/compare_transcripts.py compares that one with the
#      TypeScript transcript: the same requests everywhere, the same
#      outcomes but for the scenarios Tests/IAPKit/transcript-differences.json
#      lists with their reason. IAPKIT_UPDATE_TRANSCRIPT=1 rewrites the
#      typed transcript from the Swift client's.
# Two of schemathesis's checks are left out, because IAPKit answers
# otherwise and the test server answers as IAPKit does: unsupported_method
# (IAPKit, on Hono, answers a method a path lacks with a plain-text 404, not
# 405) and ignored_auth (a well-formed key no project owns is a 400
# INVALID_API_KEY, documented among each route's 400 answers, not 401/403).
# The server listens on 127.0.0.1 only and is stopped when this script ends,
# however it ends. Exit status: 0 when every check passed.
set -euo pipefail
schema=Generated/JSONSchema/openiap.schema.json
openapi=Generated/OpenAPI/iapkit.openapi.json
out=.build/iapkit
root=$(pwd)
mkdir -p "$out"

echo "iapkit: swift build the Swift client (iapkit-swift-client)"
# shellcheck disable=SC2086 # SWIFT_FLAGS holds several flags.
swift build ${SWIFT_FLAGS:--Xswiftc -warnings-as-errors} --product iapkit-swift-client 2>&1 | tail -n 1
swift_client=$(swift build ${SWIFT_FLAGS:--Xswiftc -warnings-as-errors} --show-bin-path)/iapkit-swift-client

echo "iapkit: kotlinc -Werror Generated/KotlinIAPKit/IapkitClient.kt and Tests/IAPKit/KotlinClient"
kotlin_types=$(scripts/kotlin.sh jars | cut -d: -f1)
scripts/kotlin.sh compile "$out/kotlin-client.jar" -cp "$kotlin_types" Generated/KotlinIAPKit/IapkitClient.kt Tests/IAPKit/KotlinClient/*.kt

echo "iapkit: openapi-spec-validator $openapi"
python3 -m openapi_spec_validator "$openapi"

echo "iapkit: tsc --strict Generated/TypeScript/iapkit-client.ts and Tests/IAPKit/client.ts"
rm -rf "$out/js"
tsc --strict --noUnusedLocals --noUnusedParameters --target es2020 --lib es2020 --module commonjs --pretty false \
  --outDir "$out/js" --rootDir . Tests/IAPKit/client.ts

echo "iapkit: test server tests"
(cd Tests/IAPKit && python3 -m unittest test_server 2>&1 | tail -n 3)

server_pid=""
stop_server() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
  fi
}
trap stop_server EXIT

# The server prints its port on the first line of stdout.
python3 Tests/IAPKit/server.py --port 0 --schema "$schema" --openapi "$openapi" \
  --cases Tests/IAPKit/cases.json --no-stdin-watch > "$out/server.out" 2> "$out/server.err" &
server_pid=$!
port=""
for _ in $(seq 1 100); do
  port=$(head -n 1 "$out/server.out" 2>/dev/null || true)
  [ -n "$port" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$out/server.err" >&2; exit 1; }
  sleep 0.1
done
[ -n "$port" ] || { echo "iapkit: the test server printed no port" >&2; exit 1; }
export IAPKIT_TEST_SERVER="http://127.0.0.1:$port"

echo "iapkit: schemathesis against $IAPKIT_TEST_SERVER"
# From inside $out, where schemathesis keeps its .schemathesis cache folder.
(cd "$out" && schemathesis --config-file "$root/Tests/IAPKit/schemathesis.toml" run "$root/$openapi" --url "$IAPKIT_TEST_SERVER" \
  --max-examples 15 --generation-deterministic --phases examples,coverage,fuzzing --checks all \
  --exclude-checks unsupported_method,ignored_auth \
  --no-color > schemathesis.log 2>&1) || { cat "$out/schemathesis.log"; exit 1; }
tail -n 4 "$out/schemathesis.log"

echo "iapkit: TypeScript client scenarios"
node "$out/js/Tests/IAPKit/client.js" "$IAPKIT_TEST_SERVER" Tests/IAPKit/scenarios.json > "$out/typescript.transcript"
if [ "${IAPKIT_UPDATE_TRANSCRIPT:-}" = 1 ]; then
  cp "$out/typescript.transcript" Tests/IAPKit/transcript.expected
  echo "iapkit: wrote Tests/IAPKit/transcript.expected"
elif ! diff -u Tests/IAPKit/transcript.expected "$out/typescript.transcript"; then
  echo "iapkit: the TypeScript client's transcript differs from Tests/IAPKit/transcript.expected" >&2
  exit 1
fi
echo "iapkit: $(wc -l < "$out/typescript.transcript") scenarios, transcript as expected"

# The typed clients: each transcript equals the expected one, byte for byte.
check_typed() { # NAME TRANSCRIPT
  if [ "${IAPKIT_UPDATE_TRANSCRIPT:-}" = 1 ] && [ "$1" = Swift ]; then
    cp "$2" Tests/IAPKit/transcript.typed.expected
    echo "iapkit: wrote Tests/IAPKit/transcript.typed.expected"
  elif ! diff -u Tests/IAPKit/transcript.typed.expected "$2"; then
    echo "iapkit: the $1 client's transcript differs from Tests/IAPKit/transcript.typed.expected" >&2
    exit 1
  fi
  echo "iapkit: $1 client: $(wc -l < "$2") scenarios, transcript as expected"
}

echo "iapkit: Swift client scenarios"
"$swift_client" "$IAPKIT_TEST_SERVER" Tests/IAPKit/scenarios.json > "$out/swift.transcript"
check_typed Swift "$out/swift.transcript"

echo "iapkit: Kotlin client scenarios"
scripts/kotlin.sh run "$kotlin_types:$out/kotlin-client.jar" IapkitScenariosKt "$IAPKIT_TEST_SERVER" Tests/IAPKit/scenarios.json \
  > "$out/kotlin.transcript"
check_typed Kotlin "$out/kotlin.transcript"

python3 Tests/IAPKit/compare_transcripts.py Tests/IAPKit/transcript.expected Tests/IAPKit/transcript.typed.expected \
  Tests/IAPKit/transcript-differences.json
