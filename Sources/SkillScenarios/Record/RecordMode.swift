/// When a replay writes what it observed back into the transcript.
///
/// A replay that broke (a send that never finished) is never written, in any mode.
public enum RecordMode: String, Sendable, CaseIterable, Codable {
    /// Compare only.
    case never
    /// Fill in `null` fields and empty `expect` steps, only when everything else passes.
    case missing
    /// Also rewrite the fields that differ.
    case failed
    /// Rewrite every `expect` step.
    case all

    /// `never` when the `CI` environment variable is set, else `missing`: CI never records by accident.
    public static func `default`(environment: [String: String]) -> RecordMode {
        environment["CI"].map { !$0.isEmpty } == true ? .never : .missing
    }
}
