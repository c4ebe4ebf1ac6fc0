#!/usr/bin/env bash
# Kills a cold `skillcheck` with SIGKILL at ten points of its run on Examples/HomeSkills (13 skills), and checks
# after each that 5 s later no process of it is left; then runs it once more, undisturbed, and checks that
# its report is the same as a run that was never killed (timings aside). Public tools only: bash, git, ps,
# python3 (to compare the JSON reports).
#
# It works on a fresh clone of HEAD in a temporary folder, with a cache folder of its own (XDG_CACHE_HOME),
# so that it measures a cold run and nothing in this checkout or in ~/.cache is touched.
#
# "The same" is the same outcome for every skill and rule, the same summary and the same stages run: the
# texts may differ where they quote the wall clock or an id, which differ between any two runs.
#
# Usage: scripts/kill-cold-run.sh [SECONDS...]   (default: 1 2 3 5 7 9 12 15 19 24, from each start)
set -euo pipefail
points=("$@")
[ ${#points[@]} -gt 0 ] || points=(1 2 3 5 7 9 12 15 19 24)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone --quiet "$(git rev-parse --show-toplevel)" "$work/kit"
cd "$work/kit"
echo "building skillcheck in a fresh clone ($(git rev-parse --short HEAD))"
swift build --product skillcheck >/dev/null
tool="$work/kit/.build/debug/skillcheck"
package="$work/kit/Examples/HomeSkills"

# What is still running that this run started: skillcheck, its session guard, and every process whose
# command line names the clone or the run's cache folder (builds, compilers, the harness).
leftovers() {
    ps -eo pid=,args= | grep -F -e "$work" | grep -v -e grep -e "kill-cold-run" || true
}

normalize() {
    python3 - "$1" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
for stage in report.get("stages", []):
    # A stage an earlier run completed is reused: the same evidence, not a different report.
    status = "ran" if stage.get("status") == "reused" else stage.get("status")
    print("stage", stage.get("stage"), status)
for skill in report.get("skills", []):
    for result in skill.get("results", []):
        print(skill.get("type"), result.get("rule"), result.get("outcome"))
print("summary", json.dumps(report.get("summary"), sort_keys=True))
PY
}

echo "an undisturbed cold run, for comparison"
XDG_CACHE_HOME="$work/cache-reference" "$tool" "$package" --format json --output "$work/reference.json" >/dev/null 2>&1 || true
normalize "$work/reference.json" >"$work/reference.txt"

failures=0
export XDG_CACHE_HOME="$work/cache"
for point in "${points[@]}"; do
    "$tool" "$package" --format json --output "$work/killed.json" >/dev/null 2>&1 &
    pid=$!
    sleep "$point"
    if ! kill -0 "$pid" 2>/dev/null; then
        echo "at ${point} s: the run had already ended"
        wait "$pid" || true
        continue
    fi
    running=$(leftovers | wc -l)
    kill -KILL "$pid"
    wait "$pid" 2>/dev/null || true
    sleep 5
    left="$(leftovers)"
    if [ -n "$left" ]; then
        echo "at ${point} s: killed with ${running} processes running; 5 s later still running:"
        echo "$left"
        failures=$((failures + 1))
    else
        echo "at ${point} s: killed with ${running} processes running; 5 s later none left"
    fi
done

echo "the next run, undisturbed, on what the killed runs left"
"$tool" "$package" --format json --output "$work/after.json" >/dev/null 2>&1 || true
normalize "$work/after.json" >"$work/after.txt"
if diff -u "$work/reference.txt" "$work/after.txt"; then
    echo "the report after the kills is the same as the undisturbed run's"
else
    echo "the report after the kills differs from the undisturbed run's (above)"
    failures=$((failures + 1))
fi
[ -z "$(leftovers)" ] || { echo "processes left at the end:"; leftovers; failures=$((failures + 1)); }
exit $((failures > 0))
