#!/usr/bin/env bash
# Fuzzes what the package ships with libFuzzer (see Docs/Fuzzing.md).
#
#   scripts/fuzz.sh [SECONDS]               every fuzz target, SECONDS shared
#                                           among them (default 300)
#   scripts/fuzz.sh --target NAME [SECONDS] one target for SECONDS (a long campaign)
#   scripts/fuzz.sh --smoke                 the bounded run of `make test`
#   scripts/fuzz.sh --run FILE...           runs the inputs once each, as a
#                                           campaign would (the target is the
#                                           start of the file name, as in
#                                           .fuzz/artifacts/types-crash-…, or
#                                           OPENIAP_FUZZ_TARGET), printing the
#                                           time each took
#
# The harness (Fuzz/*.swift, one binary; OPENIAP_FUZZ_TARGET picks the
# target) is linked with the objects SwiftPM builds for the package modules
# it imports: Fuzz/modules.py reads them, and their dependencies, from
# `swift package describe`, so nothing here lists a source file or a module.
#
# Fuzzing runs build those modules in release mode with coverage and address
# sanitizer (-sanitize=fuzzer,address) in .fuzz/build, keep each target's
# corpus in .fuzz/NAME/corpus, write crashes, hangs and out-of-memory inputs
# to .fuzz/artifacts/NAME-*, and append one line per target to
# .fuzz/runs.log (time, seconds, executions, corpus, coverage, exit status).
#
# The smoke run links the harness with the debug objects `swift build` made
# for the tests (no second compile; only the harness is instrumented, so
# the mutations are not coverage-guided), and runs every target for a fixed
# number of executions from its seeds with a fixed random seed. It fails
# when a target crashes, an input runs longer than the time limit, memory
# passes the limit, or a target stops before its count.
#
# Seeds and dictionaries are written afresh on every run by Fuzz/seeds.py
# from the fixtures, the hostile corpora, the golden spec, the templates and
# the generated JSON Schema. Run one fuzzing process at a time: the build
# machines are shared.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=campaign
only=""
seconds=300
inputs=()
case "${1:-}" in
  --smoke) mode=smoke ;;
  --run) mode=run; shift; inputs=("$@"); [ "${#inputs[@]}" -gt 0 ] || { echo "usage: scripts/fuzz.sh --run FILE..." >&2; exit 2; } ;;
  --target) only=${2:?usage: scripts/fuzz.sh --target NAME [SECONDS]}; seconds=${3:-300} ;;
  "") ;;
  *) seconds=$1 ;;
esac

# Executions per target in the smoke run: each takes a few seconds on two
# cores, and every count is larger than the target's seeds.
declare -A smoke_runs=([spec]=4000 [types]=4000 [bridge]=4000 [templates]=2000)

if [ "$mode" = smoke ]; then
  out=.fuzz/smoke
  bin=$(swift build ${SWIFT_FLAGS:-} --show-bin-path)
  sanitize=-sanitize=fuzzer
else
  out=.fuzz
  scratch=.fuzz/build
  release_flags=(-c release --scratch-path "$scratch" -Xswiftc -sanitize=fuzzer,address -Xswiftc -g)
  bin=$(swift build "${release_flags[@]}" --show-bin-path)
  sanitize=-sanitize=fuzzer,address
fi
mkdir -p "$out/artifacts"
binary=$out/openiap-fuzz

# The package modules the harness imports, with their dependencies.
includes=()
objects=()
modules=$(swift package describe --type json | python3 Fuzz/modules.py Fuzz/*.swift)
while read -r kind name where sources; do
  if [ "$kind" = system ]; then
    includes+=(-I "$where")
    continue
  fi
  echo "fuzz: building $name" >&2
  if [ "$mode" = smoke ]; then
    swift build ${SWIFT_FLAGS:-} --target "$name" > "$out/build-$name.log" 2>&1 || { cat "$out/build-$name.log"; exit 1; }
  else
    swift build "${release_flags[@]}" --target "$name" > "$out/build-$name.log" 2>&1 || { cat "$out/build-$name.log"; exit 1; }
  fi
  # A build folder keeps the objects of sources since removed or moved
  # (to another module, say), which would link twice or name what is gone:
  # a source's object is taken only while the source is there.
  for object in "$bin/$where.build"/*.o; do
    case $object in
      *.swift.o) [ -n "$(find "$sources" -name "$(basename "$object" .o)" -print -quit)" ] || continue ;;
    esac
    objects+=("$object")
  done
done <<< "$modules"

# Link again when the harness or an object is newer than the binary.
if [ ! -x "$binary" ] || [ -n "$(find Fuzz -name '*.swift' -newer "$binary" | head -1)" ] ||
   [ -n "$(find "${objects[@]}" -newer "$binary" | head -1)" ]; then
  echo "fuzz: linking $binary" >&2
  # ld.gold warns about every address sanitizer symbol it cannot export;
  # those lines are noise, anything else is shown.
  swiftc -swift-version 6 -parse-as-library -module-name OpenIAPFuzz -O -g "$sanitize" \
    -I "$bin/Modules" "${includes[@]}" Fuzz/*.swift "${objects[@]}" -o "$binary" > "$out/link.log" 2>&1 ||
    { grep -v 'Cannot export local symbol' "$out/link.log"; exit 1; }
fi

# The target names come from the harness itself.
targets=$(OPENIAP_FUZZ_TARGET=list "$binary" 2>/dev/null)

if [ "$mode" = run ]; then
  failed=0
  for input in "${inputs[@]}"; do
    name=$(basename "$input")
    target=${OPENIAP_FUZZ_TARGET:-${name%%-*}}
    grep -qx "$target" <<< "$targets" ||
      { echo "fuzz: '$input' names no target; set OPENIAP_FUZZ_TARGET to one of: $(echo $targets)" >&2; exit 2; }
    # The campaign's limits, with time enough to see how long a slow input takes.
    OPENIAP_FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS} "$binary" \
      -timeout=600 -rss_limit_mb=3072 -malloc_limit_mb=2048 -detect_leaks=0 "$input" > "$out/run.log" 2>&1 || status=$?
    grep -E '^(fuzz:|Fatal error|==[0-9]+==|SUMMARY|Executed)' "$out/run.log" | sed "s|^|$target: |" || true
    if [ "${status:-0}" != 0 ]; then echo "fuzz: $input: exit $status (whole log: $out/run.log)"; failed=1; fi
    status=0
  done
  exit "$failed"
fi

python3 Fuzz/seeds.py "$out" >&2
if [ -n "$only" ]; then
  grep -qx "$only" <<< "$targets" || { echo "fuzz: no target '$only'; the targets are: $(echo $targets)" >&2; exit 2; }
  targets=$only
fi
count=$(wc -w <<< "$targets")

# The figures of a finished libFuzzer log: executions, seconds, and the
# coverage and corpus of its last status line.
executions() { grep -o 'stat::number_of_executed_units: *[0-9]*' "$1" | grep -o '[0-9]*$' || echo 0; }
status_line() { grep -E '^#[0-9]+\s' "$1" | tail -1 || true; }
figure() { grep -o "$2: [0-9]*" <<< "$(status_line "$1")" | grep -o '[0-9]*$' || echo 0; }

failed=0
for target in $targets; do
  log=$out/$target/last-run.log
  status=0
  if [ "$mode" = smoke ]; then
    runs=${smoke_runs[$target]:-2000}
    corpus=$(mktemp -d)
    # libFuzzer adds what it finds to the first folder: a new one every
    # time, so the run is the same from one time to the next.
    OPENIAP_FUZZ_TARGET=$target timeout 300 "$binary" "$corpus" "$out/$target/seeds" -dict="$out/$target/dict" \
      -runs="$runs" -seed=1 -max_len=65536 -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$out/artifacts/$target-" > "$log" 2>&1 || status=$?
    rm -rf "$corpus"
    done_runs=$(executions "$log")
    echo "fuzz smoke: $target: $done_runs of $runs executions, exit $status"
    if [ "$status" != 0 ] || [ "$done_runs" != "$runs" ]; then
      grep -E '^(fuzz:|Fatal error|==[0-9]+==|SUMMARY|artifact_prefix|Test unit written|Base64)' "$log" | head -20 || tail -20 "$log"
      echo "fuzz smoke: $target FAILED (whole log: $log)"
      failed=1
    fi
    continue
  fi
  share=$(( seconds / count ))
  [ "$share" -ge 1 ] || share=1
  mkdir -p "$out/$target/corpus"
  # Leak checking is off: what a target sets up once lives until exit, and
  # the bridge's listeners end on other threads. Memory per input is bounded
  # by -rss_limit_mb and -malloc_limit_mb; -timeout turns a hang into a crash.
  OPENIAP_FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS} "$binary" \
    "$out/$target/corpus" "$out/$target/seeds" -dict="$out/$target/dict" -max_len=65536 -timeout=60 \
    -rss_limit_mb=3072 -malloc_limit_mb=2048 -detect_leaks=0 -max_total_time="$share" -print_final_stats=1 \
    -artifact_prefix="$out/artifacts/$target-" > "$log" 2>&1 || status=$?
  grep -E '^(fuzz:|Fatal error|==[0-9]+==|SUMMARY|artifact_prefix|Test unit written)' "$log" | head -10 || true
  runs=$(executions "$log")
  took=$(grep -o 'Done [0-9]* runs in [0-9]* second' "$log" | grep -o 'in [0-9]*' | grep -o '[0-9]*' || echo "$share")
  files=$(find "$out/$target/corpus" -type f | wc -l)
  cov=$(figure "$log" cov)
  ft=$(figure "$log" ft)
  echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) target=$target seconds=$took runs=$runs corpus=$files cov=$cov ft=$ft status=$status" >> "$out/runs.log"
  echo "fuzz: $target: $runs executions in ${took}s, corpus $files files, cov $cov, ft $ft, exit $status"
  [ "$status" = 0 ] || failed=1
done
exit "$failed"
