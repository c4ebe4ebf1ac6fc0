import Foundation
import SkillCheckSupport
import SkillTesting

/// Reports of a scenario run: text for people, JSON for tools, JUnit XML for CI dashboards.
@available(SkillCheckTesting, *)
public enum ScenarioReport {
    /// The format of the JSON report.
    public static let format = WireFormat.scenariosReport

    public static func render(_ cases: [ScenarioCase], as format: ReportFormat) -> String {
        switch format {
        case .text: text(cases)
        case .json: json(cases).pretty + "\n"
        case .junit: junit(cases)
        }
    }

    /// Counts by status.
    package static func summary(
        _ cases: [ScenarioCase]
    )
        -> (passed: Int, failed: Int, invalid: Int, recorded: Int, unwritten: Int)
    {
        (
            cases.filter { $0.status == .passed }.count, cases.filter { $0.status == .failed }.count,
            cases.filter { $0.status == .invalid }.count, cases.filter { $0.status == .recorded }.count,
            cases.filter { $0.status == .unwritten }.count
        )
    }

    // MARK: Text

    /// One case: a line, and for a failure its differences and artifact.
    package static func text(for scenario: ScenarioCase) -> String {
        var lines: [String] = []
        switch scenario.status {
        case .passed:
            var line = "✔ \(scenario.heading(withFile: false))"
            if case .written = scenario.recording { line += " (recorded missing expectations)" }
            lines.append(line)
        case .recorded:
            lines.append("✎ \(scenario.heading(withFile: true)) rewritten with what was observed")
        case .invalid:
            lines.append("✘ \(scenario.heading(withFile: false)): invalid transcript")
            lines.append("  " + (scenario.error?.description ?? "unknown error"))
        case .failed, .unwritten:
            lines.append("✘ \(scenario.heading(withFile: true))" + (scenario.status == .unwritten ? ": a write failed" : ""))
            for error in scenario.writeErrors { lines.append("  " + error.description) }
            for difference in scenario.result?.differences ?? [] {
                lines += difference.description.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
            }
            if let artifact = scenario.artifact { lines.append("  actual transcript: \(artifact)") }
        }
        lines += recordingLines(scenario.recording)
        return lines.joined(separator: "\n")
    }

    /// Why record mode wrote nothing, indented under the case; empty when it did not refuse.
    static func recordingLines(_ outcome: Recorder.Outcome) -> [String] {
        switch outcome {
        case .untouched, .written:
            return []
        case .refusedSecrets(let pointers):
            return ["  not recorded: the observed values look like secrets at " + pointers.joined(separator: ", ")]
        case .refusedNondeterministic(let values):
            return [
                "  not recorded: these values change from run to run, so a literal would fail the next run;"
                    + " add a matcher to the expect step's \"matchers\":"
            ]
                + values.map { "    \($0.pointer): \($0.suggestion)" }
        case .refusedUnrecordable(let fields):
            return ["  not recorded:"] + fields.map { "    \($0)" }
        }
    }

    /// What record mode did, for the JSON report; `nil` when it left the file alone without a reason.
    static func json(for outcome: Recorder.Outcome) -> JSONValue? {
        switch outcome {
        case .untouched: return nil
        case .written: return .object([("outcome", .string("written"))])
        case .refusedSecrets(let pointers):
            return .object([("outcome", .string("refusedSecrets")), ("pointers", .array(pointers.map { .string($0) }))])
        case .refusedNondeterministic(let values):
            return .object([
                ("outcome", .string("refusedNondeterministic")),
                (
                    "values",
                    .array(
                        values.map { value in
                            .object([
                                ("pointer", .string(value.pointer)), ("matcherPointer", .string(value.matcherPointer)),
                                ("suggestedMatcher", .string(value.suggestion)),
                            ])
                        })
                ),
            ])
        case .refusedUnrecordable(let fields):
            return .object([
                ("outcome", .string("refusedUnrecordable")),
                (
                    "values",
                    .array(
                        fields.map { field in
                            .object([
                                ("pointer", .string(field.pointer)), ("reason", .string(field.reason.rawValue)),
                                ("message", .string(field.description)),
                            ])
                        })
                ),
            ])
        }
    }

    static func text(_ cases: [ScenarioCase]) -> String {
        let counts = summary(cases)
        var lines = cases.map(text(for:))
        var closing = "\(counts.passed) passed, \(counts.failed + counts.invalid + counts.unwritten) failed"
        if counts.recorded > 0 { closing += ", \(counts.recorded) recorded" }
        lines.append("")
        var readable =
            "\(cases.count) transcript\(cases.count == 1 ? "" : "s"): "
            + (counts.invalid > 0 ? "\(counts.invalid) invalid" : cases.count == 1 ? "readable" : "all readable")
        if counts.unwritten > 0 { readable += "; \(counts.unwritten) with a write that failed" }
        lines.append(readable)
        lines.append(closing)
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: JSON

    /// A versioned record, `skillcheck.scenarios-report/1`.
    package static func json(_ cases: [ScenarioCase]) -> JSONValue {
        let counts = summary(cases)
        return .object([
            (WireFormat.member, .string(format.id)),
            (
                "summary",
                .object([
                    ("total", .number(Double(cases.count))), ("passed", .number(Double(counts.passed))),
                    ("failed", .number(Double(counts.failed))), ("invalid", .number(Double(counts.invalid))),
                    ("recorded", .number(Double(counts.recorded))), ("unwritten", .number(Double(counts.unwritten))),
                ])
            ),
            ("cases", .array(cases.map(json(for:)))),
        ])
    }

    static func json(for scenario: ScenarioCase) -> JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [
            ("name", .string(scenario.name)), ("file", .string(scenario.file)), ("status", .string(scenario.status.rawValue)),
        ]
        if let title = scenario.title { pairs.insert(("title", .string(title)), at: 1) }
        if let error = scenario.error {
            pairs.append(
                (
                    "error",
                    .object([
                        ("file", .string(error.file)), ("pointer", .string(error.pointer)),
                        ("line", .number(Double(error.location.line))), ("column", .number(Double(error.location.column))),
                        ("expected", .string(error.expected)), ("found", .string(error.found)),
                        ("message", .string(error.description)),
                    ])
                ))
        }
        if let result = scenario.result, !result.differences.isEmpty {
            pairs.append(
                (
                    "differences",
                    .array(
                        result.differences.map { difference in
                            var fields: [(key: String, value: JSONValue)] = [
                                ("kind", .string(difference.kind.rawValue)),
                                ("step", difference.step.map { .number(Double($0)) } ?? .null),
                                ("path", .string(difference.path)),
                            ]
                            if let expected = difference.expected {
                                fields.append(("expected", SecretScanner.redacted(expected, key: difference.key)))
                            }
                            if let actual = difference.actual {
                                fields.append(("actual", SecretScanner.redacted(actual, key: difference.key)))
                            }
                            if let note = difference.note { fields.append(("note", .string(SecretScanner.redacted(note)))) }
                            return .object(fields)
                        })
                ))
        }
        if let artifact = scenario.artifact { pairs.append(("artifact", .string(artifact))) }
        if !scenario.writeErrors.isEmpty {
            pairs.append(
                (
                    "writeErrors",
                    .array(
                        scenario.writeErrors.map { error in
                            .object([("path", .string(error.path)), ("message", .string(error.description))])
                        })
                ))
        }
        if let recording = json(for: scenario.recording) { pairs.append(("recording", recording)) }
        return .object(pairs)
    }

    // MARK: JUnit

    package static func junit(_ cases: [ScenarioCase]) -> String {
        let total = cases.reduce(0) { $0 + $1.seconds }
        let items = cases.map { scenario in
            JUnitDocument.TestCase(
                name: scenario.title ?? scenario.name, className: "scenarios", file: scenario.file,
                seconds: scenario.seconds, verdict: verdict(scenario))
        }
        return JUnitDocument(suites: [.init(name: "skillcheck.scenarios", cases: items, seconds: total)]).xml
    }

    static func verdict(_ scenario: ScenarioCase) -> JUnitDocument.Verdict {
        switch scenario.status {
        case .passed, .recorded:
            let notes = recordingLines(scenario.recording)
            return .passed(output: notes.isEmpty ? nil : notes.joined(separator: "\n"))
        case .failed:
            let first = scenario.result?.differences.first.map { $0.description.split(separator: "\n").first.map(String.init) ?? "" } ?? ""
            return .failure(message: first, type: nil, text: text(for: scenario))
        case .invalid:
            return .error(message: scenario.error?.description ?? "", text: "")
        case .unwritten:
            return .error(message: scenario.writeErrors.first?.description ?? "", text: text(for: scenario))
        }
    }
}
