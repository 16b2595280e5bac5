#!/usr/bin/env bash
# Fuzzes the spec reader and every renderer with libFuzzer for a bounded time.
#   scripts/fuzz.sh [SECONDS]     default 300
# Builds .fuzz/fuzz-spec from the generator's layers (Sources/OpenIAPSpec,
# OpenIAPTemplates, OpenIAPCodegen) plus Fuzz/FuzzSpec.swift
# (address sanitizer on), seeds .fuzz/corpus from Schema/, the golden spec and
# the hostile corpus, and runs one libFuzzer process. Crashes, hangs and leaks
# land in .fuzz/artifacts; each becomes a regression test (see Docs/Fuzzing.md).
# One line per run is appended to .fuzz/runs.log: seconds, executions, corpus.
# Not part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
out=.fuzz
mkdir -p "$out/corpus" "$out/seeds" "$out/artifacts"

# Rebuild when any source is newer than the binary. The generator's layers
# (the spec, the template engine, the targets and pipeline) are compiled as
# one module with the harness: their sources are copied to $out/src without
# the imports of one layer by another.
binary="$out/fuzz-spec"
layers="Sources/OpenIAPSpec Sources/OpenIAPTemplates Sources/OpenIAPCodegen"
# shellcheck disable=SC2086
if [ ! -x "$binary" ] || [ -n "$(find $layers Fuzz -name '*.swift' -newer "$binary" | head -1)" ]; then
  echo "fuzz: building $binary"
  rm -rf "$out/src"
  mkdir -p "$out/src"
  # shellcheck disable=SC2086
  find $layers -name '*.swift' | sort | while read -r file; do
    grep -v -E '^import OpenIAP(Spec|Templates)$' "$file" > "$out/src/$(echo "$file" | tr '/' '_')"
  done
  # shellcheck disable=SC2046
  swiftc -swift-version 6 -parse-as-library -module-name OpenIAPFuzz -package-name OpenIAPCodegen -O -g \
    -sanitize=fuzzer,address -I Sources/CYAML -lyaml \
    $(find "$out/src" -name '*.swift' | sort) Fuzz/FuzzSpec.swift -o "$binary" 2> "$out/build.log" || { cat "$out/build.log"; exit 1; }
fi

# Seeds: each spec folder as one input (files joined by `#==file==` lines),
# each spec file alone, and every file of the hostile corpus.
join() { awk 'FNR == 1 && NR != 1 { print "#==file==" } { print }' "$@"; }
join Schema/*.yaml > "$out/seeds/schema.yaml"
join Tests/Golden/Spec/*.yaml > "$out/seeds/golden.yaml"
for file in Schema/*.yaml; do cp "$file" "$out/seeds/schema-$(basename "$file")"; done
if [ -d Tests/Hostile ]; then
  find Tests/Hostile -type f ! -name '*.expected' ! -name '*.swift' ! -name '*.json' ! -name '*.ts' | sort |
    while read -r file; do cp "$file" "$out/seeds/hostile-$(echo "$file" | tr '/' '_')"; done
  if [ -d Tests/Hostile/EscapingSpec ]; then join Tests/Hostile/EscapingSpec/*.yaml > "$out/seeds/escaping.yaml"; fi
fi

log="$out/last-run.log"
# Leak checking is off: the templates loaded once stay alive until exit,
# which LeakSanitizer reports. Memory per input is bounded by -rss_limit_mb
# and -malloc_limit_mb instead; -timeout turns a hang into a crash.
status=0
ASAN_OPTIONS=detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS} "$binary" "$out/corpus" "$out/seeds" \
  -dict=Fuzz/spec.dict -max_len=65536 -timeout=20 -rss_limit_mb=3072 -malloc_limit_mb=2048 \
  -detect_leaks=0 -max_total_time="$seconds" -print_final_stats=1 \
  -artifact_prefix="$out/artifacts/" > "$log" 2>&1 || status=$?
grep -E '^(#[0-9]+ +(INITED|DONE)|==[0-9]+==|SUMMARY|Done |artifact_prefix|Test unit written)' "$log" | tail -n 20 || true

runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | head -1 | grep -o '[0-9]*$' || echo 0)
took=$(grep -o 'Done [0-9]* runs in [0-9]* second' "$log" | head -1 | grep -o 'in [0-9]*' | grep -o '[0-9]*' || echo "$seconds")
files=$(find "$out/corpus" -type f | wc -l)
echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) seconds=$took runs=$runs corpus=$files status=$status" >> "$out/runs.log"
echo "fuzz: $runs runs in ${took}s, corpus $files files, exit $status"
exit "$status"
