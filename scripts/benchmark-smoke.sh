#!/usr/bin/env bash
# Smoke test of the benchmark: runs `benchmark --quick` and checks that it
# finishes and writes the tracked figures as numbers. It checks no timing:
# the quick run is far too small for its figures to mean anything.
set -euo pipefail
cd "$(dirname "$0")/.."
figures=$(mktemp)
trap 'rm -f "$figures"' EXIT
swift run ${SWIFT_FLAGS:-} benchmark --quick --json "$figures" > /dev/null
python3 - "$figures" <<'PY'
import json, math, sys

with open(sys.argv[1]) as file:
    figures = json.load(file)
missing = [key for key in ("floor_ratio", "scaling", "decode_ratio", "encode_ratio")
           if not isinstance(figures.get(key), (int, float)) or isinstance(figures.get(key), bool)
           or not math.isfinite(figures[key])]
if missing:
    sys.exit(f"benchmark --json: missing or not a finite number: {', '.join(missing)}")
print("benchmark smoke test: ok")
PY
