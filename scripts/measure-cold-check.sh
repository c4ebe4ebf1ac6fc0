#!/usr/bin/env bash
# Whole-process wall time of a cold `skillcheck PACKAGE` (every stage, ThreadSanitizer included): issue
# 9's "a cold run on a 13-skill package under 5 minutes". Median of $RUNS runs (default 5), one after
# another. Before each run it removes the caches a first run on a fresh clone would not have: this
# package's own skillcheck scratch folder (~/.cache/skillcheck/<folder>-<hash of its absolute path>,
# computed here the way skillcheck computes it, so no other package's folder is touched) and the
# package's .build. Public tools only: bash, date, od, sort, awk.
#
#   swift build --product skillcheck
#   RUNS=3 scripts/measure-cold-check.sh Examples/HomeSkills
#
# On a shared machine, hold the build lock for the whole measurement: flock /tmp/swift.lock scripts/...
set -euo pipefail
cd "$(dirname "$0")/.."
package="${1:-Examples/HomeSkills}"
runs="${RUNS:-5}"
source scripts/scratch-folder.sh
absolute="$(cd "$package" && pwd)"

scratch="$(scratch_folder "$absolute")"

seconds() {
    local start end status=0
    start=$(date +%s.%N)
    "$tool" "$package" >/dev/null 2>&1 || status=$?
    end=$(date +%s.%N)
    # 0: nothing failed, 1: some rule failed. Anything else means it did not check: not a time to report.
    if [ "$status" -gt 1 ]; then echo "skillcheck $package exited $status: run it by hand to see why" >&2; exit 2; fi
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f\n", b - a }'
}
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

times=()
for run in $(seq "$runs"); do
    rm -rf "$scratch" "$absolute/.build"
    times+=("$(seconds)")
    echo "run $run of $runs: ${times[-1]} s" >&2
done
echo "skillcheck $package (cold: no $scratch, no .build): median $(printf '%s\n' "${times[@]}" | median) s of $runs (${times[*]})"
