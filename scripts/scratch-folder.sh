# Sourced by the measurement scripts: the scratch folder skillcheck uses for a package, and the checks
# every script makes first. Public tools only: bash, od.

tool=.build/debug/skillcheck
[ -x "$tool" ] || { echo "no $tool: run swift build --product skillcheck first" >&2; exit 2; }

# ~/.cache/skillcheck/<folder>-<FNV-1a, 64 bits, of the absolute path's UTF-8 bytes>, as
# ConformanceRun.defaultScratch(for:) computes it, so that a script removes this package's folder only.
scratch_folder() {
    local hash=$((0xCBF29CE484222325)) byte
    for byte in $(printf '%s' "$1" | od -An -v -tu1); do
        hash=$(( (hash ^ byte) * 0x100000001B3 ))
    done
    printf '%s/skillcheck/%s-%x\n' "${XDG_CACHE_HOME:-$HOME/.cache}" "$(basename "$1")" "$hash"
}
