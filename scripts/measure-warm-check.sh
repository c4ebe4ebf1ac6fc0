#!/usr/bin/env bash
# Whole-process wall time of a warm `skillcheck PACKAGE` (every stage, the race stage included) against
# a plain `swift test` of the harness it generated (issue 9's "a warm re-run costs at most 1.5x a plain swift test of the same
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
# The harness skillcheck generated for this very folder (several checkouts may hold a package of that name).
manifest="$(grep -l "path: \"$absolute\")" "${XDG_CACHE_HOME:-$HOME/.cache}"/skillcheck/*/harness/Package.swift 2>/dev/null | head -1 || true)"
[ -n "$manifest" ] || { echo "no harness for $absolute yet: run .build/debug/skillcheck $package once" >&2; exit 2; }
scratch="$(dirname "$(dirname "$manifest")")"

# Wall seconds of one whole command. A run that did not do its job counts as an error, never as a time:
# skillcheck must exit 0 or 1 (a report), and swift test must have run tests.
seconds() {
    local start end status=0 log
    log="$(mktemp)"
    start=$(date +%s.%N)
    "$@" >"$log" 2>&1 || status=$?
    end=$(date +%s.%N)
    if [ "$1" = swift ] && ! grep -q "Test run with" "$log"; then
        echo "no test ran in: $* (exit $status)" >&2; tail -5 "$log" >&2; exit 2
    fi
    if [ "$1" != swift ] && [ "$status" -gt 1 ]; then
        echo "failed: $* (exit $status)" >&2; tail -5 "$log" >&2; exit 2
    fi
    rm -f "$log"
    echo "$end - $start" | bc
}
median() { sort -n | awk '{ a[NR] = $1 } END { printf "%.2f", a[int((NR + 1) / 2)] }'; }
range() { sort -n | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.2f-%.2f", lo, hi }'; }

# The plain `swift test` builds in a folder of its own, warmed once here: skillcheck copies the products of
# the shared builds into harness-build, and a `swift test` there would build over them, so that each
# command would then time the other's rebuild.
plain="$scratch/harness-plain-build"
seconds swift test --package-path "$scratch/harness" --scratch-path "$plain" >/dev/null

a=(); b=()
for _ in $(seq "$runs"); do
    a+=("$(seconds .build/debug/skillcheck "$package")")
    b+=("$(seconds swift test --package-path "$scratch/harness" --scratch-path "$plain")")
done
ma=$(printf '%s\n' "${a[@]}" | median); mb=$(printf '%s\n' "${b[@]}" | median)
echo "skillcheck $package (warm, every stage): median ${ma} s of ${runs} (range $(printf '%s\n' "${a[@]}" | range) s)"
echo "swift test of its harness:               median ${mb} s of ${runs} (range $(printf '%s\n' "${b[@]}" | range) s)"
echo "ratio: $(echo "scale=2; $ma / $mb" | bc)"
