import Foundation
import SkillCheckSupport
import SkillTesting

/// What `skillcheck check` was asked to do, as the pipeline reads it.
///
/// ```swift
/// var options = CheckOptions(packagePath: "/home/me/NotePackage")
/// options.skills = ["NoteSkill"]          // --skill NoteSkill
/// options.runsRaceStage = false           // --no-tsan
/// ```
@available(SkillCheckTesting, *)
package struct CheckOptions: Sendable, Hashable {
    /// How the report is written.

    /// The default for `--timeout`: real seconds one skill's run may take before its watchdog ends it.
    package static let defaultTimeout: Duration = .seconds(120)

    /// The package's folder, absolute and standardized (it holds a `Package.swift`).
    package var packagePath: String
    /// `--skill`: type names or ids to check; empty means every skill found.
    package var skills: [String] = []
    package var format: ReportFormat = .text
    /// `--format html`: the report as one self-contained HTML page (``HTMLReport``), in place of `format`.
    package var html = false
    /// `--output`: where the report goes; `nil` (or `-`) is standard output.
    package var output: String?
    /// `--strict`: SHOULD warnings fail the run.
    package var strict = false
    /// `--baseline`: the baseline file's path, as given.
    package var baselinePath: String?
    /// `false` with `--no-tsan`: the race stage is skipped, and the report says so.
    package var runsRaceStage = true
    /// `--scratch-path`: where the harness and builds go (absolute); `nil` lets the pipeline choose.
    package var scratchPath: String?
    /// `--timeout`: the per-skill real-time watchdog.
    package var timeout: Duration = CheckOptions.defaultTimeout
    /// `--jobs`: how many skills' processes run at once (default: the number of cores).
    package var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// `false` with `--no-cache`: discovery and the static stage run again even when nothing changed.
    package var reusesMemory = true
    /// Where the harness builds every package shares are kept (``SharedBuildCache``); `nil` with
    /// `--no-shared-cache`, and where the platform cannot run a test binary by itself.
    package var sharedCache: String? = ConformanceRun.defaultSharedCache?.path
    /// `--shard I/N`: only this share of the skills (``Shard``).
    package var shard: Shard?
    /// `--provider ID`: the provider profiles TOOL-7 holds tool skills to as a MUST (``ProviderProfile``).
    package var providers: [String] = []
    /// `--seed N`: the seed of the checks' randomness and explored schedules; `nil` keeps the fixed default.
    package var seed: UInt64?
    /// `--schedules N`: how many schedules SEND-4 and SEND-5 explore for each request; `nil` keeps the default.
    package var schedules: Int?

    package init(packagePath: String) {
        self.packagePath = packagePath
    }

    /// The discovered skills that `skills` selects (all of them when it is empty), in discovery order.
    /// A name that matches no skill's type or id is a usage error with the nearest name.
    ///
    /// ```swift
    /// let chosen = try options.select(found, type: \.typeName, id: \.id)
    /// ```
    package func select<Skill>(_ discovered: [Skill], type: (Skill) -> String, id: (Skill) -> String) throws(CheckError) -> [Skill] {
        guard !skills.isEmpty else { return discovered }
        for name in skills where !discovered.contains(where: { type($0) == name || id($0) == name }) {
            throw Self.unknownSkill(name, among: discovered.map(type) + discovered.map(id))
        }
        return discovered.filter { skill in skills.contains { $0 == type(skill) || $0 == id(skill) } }
    }

    /// The error for `--skill name` when no skill has that type or id: it names the nearest one.
    package static func unknownSkill(_ name: String, among names: [String]) -> CheckError {
        var message = "--skill '\(name)' names no skill in the package"
        if let near = Suggestion.nearest(to: name, among: names) {
            message += "; did you mean '\(near)'?"
        } else {
            var seen = Set<String>()
            message += "; its skills are " + names.filter { seen.insert($0).inserted }.joined(separator: ", ")
        }
        return .usage(UsageError(message, command: CheckCommand.spec))
    }
}
