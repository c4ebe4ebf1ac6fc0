#!/usr/bin/env bash
# Whole-process wall time of a cold `skillcheck PACKAGE` (every stage, ThreadSanitizer included). Median
# of $RUNS runs (default 5), one after another. Before each run it removes the caches a first run on this
# package would not have: the package's own skillcheck scratch folder (~/.cache/skillcheck/<folder>-<hash
# of its absolute path>, computed here the way skillcheck computes it, so no other package's folder is
# touched) and the package's .build. The builds every package shares (the kit's compiled modules) live in
# a folder of the measurement's own, $SHARED_CACHE (default /tmp/skillcheck-measure-shared):
#   SHARED=warm   (default) warmed once, before the first run, by checking another package ($WARM_FROM,
#                 default Examples/ToolSkills): a new package on a machine that has used skillcheck;
#   SHARED=empty  removed before each run as well: the first package on a machine;
#   SHARED=off    not used (--no-shared-cache): every package builds the kit itself, as before.
# Public tools only: bash, date, od, sort, awk.
#
#   swift build --product skillcheck
#   RUNS=3 scripts/measure-cold-check.sh Examples/ReferenceSkills
#   RUNS=3 SHARED=empty scripts/measure-cold-check.sh Examples/ReferenceSkills
#
# On a shared machine, hold the build lock for the whole measurement: flock /tmp/swift.lock scripts/...
set -euo pipefail
cd "$(dirname "$0")/.."
package="${1:-Examples/HomeSkills}"
runs="${RUNS:-5}"
source scripts/scratch-folder.sh
absolute="$(cd "$package" && pwd)"

scratch="$(scratch_folder "$absolute")"
shared="${SHARED:-warm}"
export SKILLCHECK_SHARED_CACHE="${SHARED_CACHE:-/tmp/skillcheck-measure-shared}"
[ "$shared" = off ] && export SKILLCHECK_SHARED_CACHE=off
if [ "$shared" = warm ]; then
    warm_from="${WARM_FROM:-Examples/ToolSkills}"
    echo "warming $SKILLCHECK_SHARED_CACHE with $warm_from" >&2
    "$tool" "$warm_from" >/dev/null 2>&1 || [ $? -le 1 ] || { echo "skillcheck $warm_from failed" >&2; exit 2; }
fi

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
    [ "$shared" = empty ] && rm -rf "$SKILLCHECK_SHARED_CACHE"
    times+=("$(seconds)")
    echo "run $run of $runs: ${times[-1]} s" >&2
done
echo "skillcheck $package (cold: no $scratch, no .build; shared builds $shared): median $(printf '%s\n' "${times[@]}" | median) s of $runs (${times[*]})"
