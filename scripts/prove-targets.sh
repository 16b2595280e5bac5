#!/usr/bin/env bash
# The cross-target proof: the same fixture corpus through the generated Swift
# (via `swift test`), the JSON Schema (Python jsonschema, Draft 2020-12), the
# TypeScript declarations (tsc --strict) and the generated Kotlin (kotlinc
# -Werror, run by java: scripts/kotlin.sh, which also runs the Kotlin
# JUnit tests), then one agreement table.
# Expects `swift test` to have written the Swift verdicts to $1.
set -euo pipefail
swift_verdicts=${1:?usage: prove-targets.sh SWIFT_VERDICTS.json}
out=.build/proof
mkdir -p "$out"
python3 Tests/Tools/check_jsonschema.py Generated/JSONSchema/openiap.schema.json Tests/Fixtures --report "$out/schema.json"
python3 Tests/Tools/check_typescript.py Generated/TypeScript/openiap.ts Tests/Fixtures --report "$out/typescript.json"
scripts/kotlin.sh prove Generated/Kotlin Tests/Fixtures "$out/kotlin-verdicts.json"
python3 Tests/Tools/agreement.py --swift "$swift_verdicts" --schema "$out/schema.json" \
  --typescript "$out/typescript.json" --kotlin "$out/kotlin-verdicts.json" --fixtures Tests/Fixtures \
  --report "$out/agreement.json"
