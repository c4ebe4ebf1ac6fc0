import Foundation

/// When a replay writes what it observed back into the transcript.
///
/// A replay that broke (a send that never finished) is never written, in any mode.
@available(SkillCheckTesting, *)
public enum RecordMode: String, Sendable, CaseIterable, Codable {
    /// Compare only.
    case never
    /// Fill in `null` fields and empty `expect` steps, only when everything else passes.
    case missing
    /// Also rewrite the fields that differ.
    case failed
    /// Rewrite every `expect` step.
    case all

    /// `never` on CI, else `missing`: CI never records by accident.
    ///
    /// ```swift
    /// RecordMode.default(environment: ProcessInfo.processInfo.environment)
    /// ```
    public static func `default`(environment: [String: String]) -> RecordMode {
        isCI(environment) ? .never : .missing
    }

    /// Whether `CI` says this is a CI run, as CI systems mean it.
    ///
    /// Unset, empty, `0`, `false`, `no` or `off` (in any case, around spaces) mean not CI; any other value
    /// (`true`, `1`, `yes`, a name) means CI.
    public static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"]?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
        return !["", "0", "false", "no", "off"].contains(value)
    }
}
