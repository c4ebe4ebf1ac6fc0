#!/usr/bin/env bash
# Each stage's own time in `skillcheck PACKAGE` (every stage), as the JSON report gives it: issue 9's
# "the race stage at most 3x the conformance stage". Median of $RUNS runs (default 5), one after
# another, warm (the scratch folder kept) or, with COLD=1, cold (this package's scratch folder removed
# before each run, so each stage builds from nothing). Public tools only: bash, python3, od, sort, awk.
#
#   swift build --product skillcheck
#   scripts/measure-stages.sh Examples/ReferenceSkills          # warm: run it once first
#   COLD=1 RUNS=3 scripts/measure-stages.sh Examples/HomeSkills
#
# On a shared machine, hold the build lock for the whole measurement: flock /tmp/swift.lock scripts/...
set -euo pipefail
cd "$(dirname "$0")/.."
package="${1:-Examples/ReferenceSkills}"
runs="${RUNS:-5}"
source scripts/scratch-folder.sh
absolute="$(cd "$package" && pwd)"

scratch="$(scratch_folder "$absolute")"
report="$(mktemp)"
trap 'rm -f "$report"' EXIT

rows=()
for run in $(seq "$runs"); do
    [ -n "${COLD:-}" ] && rm -rf "$scratch"
    status=0
    "$tool" "$package" --format json --output "$report" >/dev/null 2>&1 || status=$?
    # 0: nothing failed, 1: some rule failed. Anything else means it did not check: not a time to report.
    if [ "$status" -gt 1 ]; then echo "skillcheck $package exited $status: run it by hand to see why" >&2; exit 2; fi
    row="$(python3 - "$report" <<'PY'
import json, sys
stages = {s["stage"]: s for s in json.load(open(sys.argv[1]))["stages"]}
def seconds(name):
    stage = stages.get(name, {})
    if stage.get("status") != "ran" or "seconds" not in stage:
        sys.exit(f"the {name} stage did not run ({stage.get('status', 'missing')}): nothing to time")
    return stage["seconds"]
conformance, race = seconds("conformance"), seconds("race")
print(f"{conformance:.2f} {race:.2f} {race / conformance:.2f}")
PY
)"
    rows+=("$row")
    echo "run $run of $runs: conformance, race, ratio: $row" >&2
done
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
column() { printf '%s\n' "${rows[@]}" | awk -v c="$1" '{ print $c }' | median; }
mode=warm; [ -n "${COLD:-}" ] && mode=cold
echo "skillcheck $package ($mode), median of $runs: conformance $(column 1) s, race $(column 2) s, race/conformance $(column 3)"
