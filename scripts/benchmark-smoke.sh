#!/usr/bin/env bash
# Smoke test of the benchmark: runs `benchmark --quick` and checks that it
# finishes and writes the tracked figures as numbers (generation, decoding,
# and the compile and size ratios against the baseline Swift, which a quick
# run measures on a tiny spec). It checks no timing: the quick run is far
# too small for its figures to mean anything.
#
# Then `benchmark --hostile` times each hostile input (the ones the hostile
# unit tests prove correct) at a size and at twice it, prints the figures,
# and fails when a time grows faster than linearly (ratio above 3): the unit
# tests themselves time nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
figures=$(mktemp)
trap 'rm -f "$figures"' EXIT
swift run ${SWIFT_FLAGS:-} benchmark --quick --json "$figures" > /dev/null
python3 - "$figures" <<'PY'
import json, math, sys

with open(sys.argv[1]) as file:
    figures = json.load(file)
missing = [key for key in ("floor_ratio", "scaling", "decode_ratio", "encode_ratio",
                           "compile_ratio", "compile_release_ratio", "binary_ratio",
                           "bridge_text_bytes", "bridge_compile_seconds", "bridge_compile_release_seconds")
           if not isinstance(figures.get(key), (int, float)) or isinstance(figures.get(key), bool)
           or not math.isfinite(figures[key])]
if missing:
    sys.exit(f"benchmark --json: missing or not a finite number: {', '.join(missing)}")

# Each size keeps the total of every round, and paired_scaling is the median
# of the rounds' own ratios: with the one round of --quick, that is the
# ratio of the two totals, the same figure as scaling.
generation = figures["generation"]
rounds = [len(size["run_totals"]) for size in generation]
if len(set(rounds)) != 1 or rounds[0] < 1:
    sys.exit(f"benchmark --json: every size should have the same number of rounds, got {rounds}")
small, large = generation[-2], generation[-1]
expected = large["run_totals"][0] / small["run_totals"][0]
if rounds[0] == 1 and not math.isclose(figures.get("paired_scaling", math.nan), expected, rel_tol=1e-9):
    sys.exit(f"benchmark --json: paired_scaling {figures.get('paired_scaling')} is not {expected}")
if rounds[0] == 1 and not math.isclose(figures["scaling"], expected, rel_tol=1e-9):
    sys.exit(f"benchmark --json: scaling {figures['scaling']} is not the ratio of the one round's totals, {expected}")
# A sample of a smaller size averages as many runs as make one run of the
# largest (10 at 20 types when the largest is 200); the fastest single run
# of a size can be no slower than the mean of the sample it was part of, and
# single_run_scaling is the ratio of those fastest runs.
largest = max(size["types"] for size in generation)
for size in generation:
    expected_runs = max(1, round(largest / size["types"]))
    if size.get("runs_per_sample") != expected_runs:
        sys.exit(f"benchmark --json: {size['types']} types should average {expected_runs} runs per sample, got {size.get('runs_per_sample')}")
    if not size["fastest_run"] <= min(size["run_totals"]):
        sys.exit(f"benchmark --json: fastest_run {size['fastest_run']} is slower than a sample's mean {min(size['run_totals'])}")
if not math.isclose(figures.get("single_run_scaling", math.nan), large["fastest_run"] / small["fastest_run"], rel_tol=1e-9):
    sys.exit(f"benchmark --json: single_run_scaling {figures.get('single_run_scaling')} is not the ratio of the fastest runs")
for stage in ("load_kernel", "render_kernel", "total_kernel"):
    kernel = large.get(stage, {})
    if not (isinstance(kernel.get("seconds"), (int, float)) and isinstance(kernel.get("page_faults"), int) and kernel["page_faults"] >= 0):
        sys.exit(f"benchmark --json: {stage} should hold seconds and page_faults, got {kernel}")
# The code-cost ratios divide the best compile of each side, and the
# section sizes of the -O objects, all kept under code_cost.
cost = figures["code_cost"]
for key, side, base in (("compile_ratio", "generated_debug", "baseline_debug"),
                        ("compile_release_ratio", "generated_release", "baseline_release")):
    if not (cost[side] and cost[base] and math.isclose(figures[key], min(cost[side]) / min(cost[base]), rel_tol=1e-9)):
        sys.exit(f"benchmark --json: {key} {figures[key]} is not the best {side} over the best {base}")
if not (cost["generated_text_bytes"] > 0 and cost["baseline_text_bytes"] > 0 and math.isclose(
        figures["binary_ratio"], cost["generated_text_bytes"] / cost["baseline_text_bytes"], rel_tol=1e-9)):
    sys.exit(f"benchmark --json: binary_ratio {figures['binary_ratio']} is not the ratio of the text sizes")
# The bridge is compiled as a module of its own (the quick run's tiny spec
# has a small API): its figures are its object's code and its best compiles.
if not (figures["bridge_text_bytes"] > 0 and figures["bridge_text_bytes"] == cost["bridge_text_bytes"]):
    sys.exit(f"benchmark --json: bridge_text_bytes {figures['bridge_text_bytes']} is not the bridge object's code, {cost['bridge_text_bytes']}")
for key, side in (("bridge_compile_seconds", "bridge_debug"), ("bridge_compile_release_seconds", "bridge_release")):
    if not (cost[side] and figures[key] > 0 and math.isclose(figures[key], min(cost[side]), rel_tol=1e-9)):
        sys.exit(f"benchmark --json: {key} {figures[key]} is not the best of {side}")
print("benchmark smoke test: ok")
PY
swift run ${SWIFT_FLAGS:-} benchmark --hostile --runs 3
