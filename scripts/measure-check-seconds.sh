#!/usr/bin/env bash
# The conformance stage's check seconds (the harness processes, builds excluded) of `skillcheck PACKAGE
# --no-tsan [OPTIONS...]`, over $RUNS runs (default 3) after one warm-up run that builds the harness:
# each run's figure, then the median. Compares two versions of the kit with the same package, as issue 26's
# "conformance stage time before and after" asks. Public tools only: bash, python3, sort.
#
#   TOOL=/path/to/old/checkout/.build/debug/skillcheck scripts/measure-check-seconds.sh /path/to/old/checkout/Examples/BrokenSkills
#   scripts/measure-check-seconds.sh Examples/BrokenSkills --skill TipSkill --skill UmbrellaSkill
set -euo pipefail
tool="${TOOL:-$(cd "$(dirname "$0")/.." && pwd)/.build/debug/skillcheck}"
[ -x "$tool" ] || { echo "no $tool: run swift build --product skillcheck first" >&2; exit 2; }
package="$1"
shift
runs="${RUNS:-3}"
report="$(mktemp)"
trap 'rm -f "$report"' EXIT

seconds() {
    status=0
    "$tool" "$package" --no-tsan "$@" --format json --output "$report" >/dev/null 2>&1 || status=$?
    if [ "$status" -gt 1 ]; then echo "skillcheck $package exited $status: run it by hand to see why" >&2; exit 2; fi
    python3 -c '
import json, sys
stage = next(s for s in json.load(open(sys.argv[1]))["stages"] if s["stage"] == "conformance")
print("%.2f" % stage["checkSeconds"])' "$report"
}

seconds "$@" >/dev/null # the warm-up: the harness is built here
figures=()
for run in $(seq "$runs"); do figures+=("$(seconds "$@")"); done
sorted=($(printf '%s\n' "${figures[@]}" | sort -n))
echo "runs: ${figures[*]} s; median $(printf '%s' "${sorted[$((runs / 2))]}") s"
