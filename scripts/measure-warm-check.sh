#!/usr/bin/env bash
# Whole-process wall time of a warm `skillcheck PACKAGE --no-tsan` against a plain `swift test` of the
# harness it generated (issue 9's "a warm re-run costs at most 1.5x a plain swift test of the same
# harness"), median of 5 runs each, run in turn (A B A B ...). Public tools only: bash, date, sort.
#
#   scripts/measure-warm-check.sh Examples/ReferenceSkills
#
# Run `swift build --product skillcheck` and one `skillcheck PACKAGE` first, so that both are warm.
set -euo pipefail
cd "$(dirname "$0")/.."
package="${1:-Examples/ReferenceSkills}"
runs="${RUNS:-5}"
absolute="$(cd "$package" && pwd)"
scratch="$(ls -d "$HOME"/.cache/skillcheck/"$(basename "$absolute")"-*/ | head -1)"
[ -d "$scratch/harness" ] || { echo "no harness for $package yet: run .build/debug/skillcheck $package once" >&2; exit 2; }

seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; end=$(date +%s.%N); echo "$end - $start" | bc; }
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

a=(); b=()
for _ in $(seq "$runs"); do
    a+=("$(seconds .build/debug/skillcheck "$package" --no-tsan)")
    b+=("$(seconds swift test --package-path "$scratch/harness" --scratch-path "$scratch/harness-build")")
done
ma=$(printf '%s\n' "${a[@]}" | median); mb=$(printf '%s\n' "${b[@]}" | median)
echo "skillcheck $package --no-tsan (warm): median ${ma} s of ${runs}"
echo "swift test of its harness:            median ${mb} s of ${runs}"
echo "ratio: $(echo "scale=2; $ma / $mb" | bc)"
