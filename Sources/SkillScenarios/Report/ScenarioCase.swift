import Foundation

/// The outcome of one transcript in a scenario run.
@available(SkillCheckTesting, *)
public struct ScenarioCase: Sendable {
    public enum Status: String, Sendable, Codable {
        case passed, failed, invalid
        /// It differed, and record mode rewrote the transcript with what was observed.
        case recorded
        /// A write it asked for failed (the recording, or the artifact): see ``ScenarioCase/writeErrors``.
        ///
        /// Never a pass, whatever the replay found; its differences, if any, are still in ``result``.
        case unwritten
    }

    /// A stable name, unique in the run.
    ///
    /// The path relative to the folder given, without `.json` (longer when two files would share it; see
    /// `ScenarioRunner/discover(paths:)`).
    public var name: String
    /// The transcript's `name` member, when it has one: reports show it, with ``file`` beside it.
    public var title: String?
    public var file: String
    public var status: Status
    public var result: ReplayResult?
    public var error: TranscriptError?
    package var recording: Recorder.Outcome = .untouched
    /// Where the observed transcript of a failing case was written.
    public var artifact: String?
    /// Writes that failed: the recording over the transcript, the artifact.
    ///
    /// Each makes the case ``Status/unwritten``.
    public var writeErrors: [FileWriteError] = []
    /// Real time the replay took, for JUnit; never compared.
    public var seconds: Double = 0

    /// What reports call the case: its title and file (`weather: slow answer (Scenarios/weather/slow.json)`),
    /// or without a title its name, with the file when `withFile`.
    package func heading(withFile: Bool) -> String {
        if let title { return "\(title) (\(file))" }
        return withFile ? "\(name) (\(file))" : name
    }
}
