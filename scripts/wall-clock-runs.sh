#!/usr/bin/env bash
# How often a result built from the wall clock is seen to differ: runs `skillcheck PACKAGE --skill SKILL` RUNS
# times (default 100) and counts the runs whose report shows RULE (TIME-2, or TOOL-5 for a tool skill) with
# two different values. Since the second of the compared runs sees the wall clock a day and 3 h 7 min 11 s
# on, a result built from Date() differs in every run, not only when two runs straddle a second or a minute.
# The default skill answers with the time to the minute and nothing else that varies (no id, no stored
# date), so the count shows the moved wall clock alone. TOOL=path runs another build of skillcheck (an older
# checkout's, to compare). Public tools only: bash, python3.
#
#   swift build --product skillcheck
#   RUNS=100 scripts/wall-clock-runs.sh                       # Tests/Fixtures/WallClockSkills' TimeOfDaySkill
#   scripts/wall-clock-runs.sh Examples/HomeSkills ReminderSkill TIME-2
set -euo pipefail
cd "$(dirname "$0")/.."
package="${1:-Tests/Fixtures/WallClockSkills}"
skill="${2:-TimeOfDaySkill}"
rule="${3:-TIME-2}"
runs="${RUNS:-100}"
tool="${TOOL:-.build/debug/skillcheck}"
[ -x "$tool" ] || { echo "no $tool: run swift build --product skillcheck first" >&2; exit 2; }
report="$(mktemp)"
trap 'rm -f "$report"' EXIT

differed=0
for run in $(seq "$runs"); do
    status=0
    "$tool" "$package" --skill "$skill" --no-tsan --format json --output "$report" >/dev/null 2>&1 || status=$?
    if [ "$status" -gt 1 ]; then echo "skillcheck $package exited $status: run it by hand to see why" >&2; exit 2; fi
    if python3 - "$report" "$skill" "$rule" <<'PY'
import json, sys
report, skill, rule = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]
for entry in report["skills"]:
    if entry["type"] != skill:
        continue
    for result in entry["results"]:
        if result["rule"] == rule and result["outcome"] in ("warning", "failed"):
            sys.exit(0)
sys.exit(1)
PY
    then differed=$((differed + 1)); fi
done
echo "$differed of $runs runs: $skill's $rule saw its wall-clock-built result differ"
[ "$differed" -eq "$runs" ]
