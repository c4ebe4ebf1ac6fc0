/// Every JSON format the kit reads or writes, in one list.
///
/// Each document names its format in a `"schema"` member, as `skillcheck.<name>/<version>`; a reader
/// accepts exactly the version it was written for and rejects any other with an error naming both.
/// Each type that reads or writes a format says which with a `format` constant (`Transcript.format`);
/// the list names them all:
///
/// ```swift
/// WireFormat.transcript.rawValue     // "skillcheck.transcript/1", what Transcript reads
/// WireFormat.allCases.count          // every format, each with its version
/// ```
@available(SkillCheckTesting, *)
public enum WireFormat: String, Sendable, CaseIterable {
    /// A conversation to replay (`Transcript`), read and written by `skillcheck scenarios`.
    case transcript = "skillcheck.transcript/1"
    /// The JSON report of `skillcheck scenarios --format json`.
    case scenariosReport = "skillcheck.scenarios-report/1"
    /// The rule catalogue (`skillcheck rules --format json`).
    case rules = "skillcheck.rules/1"
    /// The findings a harness process hands to `skillcheck`.
    case findings = "skillcheck.findings/1"
    /// The JSON report of `skillcheck check --format json`.
    case report = "skillcheck.report/1"
    /// Known failures (`skillcheck check --baseline FILE`).
    case baseline = "skillcheck.baseline/1"
    /// What `skillcheck check` remembers between runs in its scratch folder.
    case memory = "skillcheck.memory/2"

    /// The value of the document's `"schema"` member.
    package var id: String { rawValue }

    /// The member of every document that names its format.
    package static let member = "schema"
}
