import Foundation
import SkillScenarios
import Testing

/// One transcript file as a case of a parameterized Swift Testing test, named by its file (`reminder.json`).
///
/// Each transcript is a case of its own: it passes or fails alone, shows by its file name in the test
/// navigator and in `swift test`, and a failing one attaches what was observed (the actual transcript,
/// secrets redacted, and the differences) for `swift test --attachments-path`.
///
/// ```swift
/// @Test(arguments: try TranscriptCase.all(in: "Transcripts", besides: #filePath))
/// func transcript(_ transcript: TranscriptCase) {
///     transcript.expectReplays(with: ScenarioRunner(skills: [ReminderSkill()]))
/// }
/// ```
@available(SkillCheckTesting, *)
public struct TranscriptCase: Sendable, CustomTestStringConvertible, CustomTestArgumentEncodable {
    /// The case's stable name: the path under the folder searched, without `.json` (`reminder`, `weather/slow`).
    public let name: String
    /// The transcript file.
    public let url: URL

    /// A case for the transcript at `url`, named `name`.
    public init(name: String, url: URL) {
        self.name = name
        self.url = url
    }

    /// `reminder.json`: the file as the test navigator and `swift test` show the case.
    public var testDescription: String { name + ".json" }

    /// Encodes ``name``, which stays the same from run to run, as the case's argument id.
    public func encodeTestArgument(to encoder: some Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    /// Every transcript in `folder`, a path relative to the folder of `file` (pass `#filePath`), sorted.
    ///
    /// Finding none is an error that names where it looked: a test that checks nothing is not a pass.
    public static func all(in folder: String, besides file: String) throws -> [TranscriptCase] {
        let base = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(folder)
        return try all(paths: [base.path])
    }

    /// Every transcript in `paths` (files, or folders searched recursively), sorted.
    ///
    /// Finding none is an error that names each path searched.
    public static func all(paths: [String]) throws -> [TranscriptCase] {
        try ScenarioRunner(skills: []).discover(paths: paths).map { TranscriptCase(name: $0.name, url: $0.url) }
    }

    /// Replays the transcript with `runner`'s skills, tools and record mode, and records an issue when it
    /// does not pass.
    ///
    /// The issue is the text report of the case: each difference with its step, field and JSON pointer. A
    /// failing case also attaches `NAME.actual.json` (what the run observed, secrets redacted),
    /// `NAME.diff.txt` (the differences) and `NAME.html` (the differences beside a timeline of the replay on
    /// virtual time), which `swift test --attachments-path DIR` writes to `DIR`.
    public func expectReplays(with runner: ScenarioRunner, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let scenario = runner.runOne(name: name, url: url)
        guard scenario.status != .passed, scenario.status != .recorded else { return }
        let report = ScenarioReport.text(for: scenario)
        if let result = scenario.result {
            let file = name.replacingOccurrences(of: "/", with: "-")
            Attachment.record(result.actualTranscriptText, named: file + ".actual.json")
            Attachment.record(report + "\n", named: file + ".diff.txt")
            // The page's timeline comes from a second replay that records it: a replay is the same every time,
            // and only a failing case pays for it. It never writes the transcript.
            var drawing = runner
            drawing.replayer.recordsTimeline = true
            drawing.recordMode = .never
            drawing.artifacts = nil
            var shown = scenario
            shown.result?.timeline = drawing.runOne(name: name, url: url).result?.timeline
            Attachment.record(ScenarioHTMLReport().render([shown], title: "skillcheck: " + testDescription), named: file + ".html")
        }
        Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
    }
}
