import Foundation
import TestSupport
import Testing

@testable import SkillScenarios

/// Recording changes only the values that differ: every other byte of the file stays as written.
@Suite("Recording edits")
struct RecordingEditTests {
    static let echo = """
        {
          "schema": "skillcheck.transcript/1",
          "skills": ["echo"],
          "steps": [
            {"send": "echo 你好"},
            {"expect": {
                "messages": [
                    {"role": "user",   "content": "echo \\u4f60\\u597d", "at": 0.0},
                    {"role": "agent", "content": "WRONG", "skillID": "echo", "at": 0}
                ],
                "state":"idle"
            }}
          ]
        }

        """

    func temporaryFile(_ text: String) throws -> URL {
        URL(fileURLWithPath: try TemporaryFolder("edit").file("t.json", text))
    }

    func record(_ text: String, mode: RecordMode = .failed) throws -> (outcome: Recorder.Outcome, text: String) {
        let url = try temporaryFile(text)
        let scenario = ScenarioRunner(skills: Fixtures.skills, recordMode: mode).runOne(name: "t", url: url)
        return (scenario.recording, try String(contentsOf: url, encoding: .utf8))
    }

    @available(SkillCheckTesting, *)
    @Test("a changed value is the only change: spacing, escapes, 1.0 and key order stay as written")
    func onlyTheChangedValue() throws {
        let (outcome, text) = try record(Self.echo)
        #expect(outcome == .written)
        #expect(text == Self.echo.replacingOccurrences(of: #""WRONG""#, with: #""你好""#))
    }

    @available(SkillCheckTesting, *)
    @Test("a null field is filled in, indented like the line it is on")
    func nullFilled() throws {
        let draft = Self.echo.replacingOccurrences(of: #""state":"idle""#, with: #""state":"idle", "events": null"#)
            .replacingOccurrences(of: #""WRONG""#, with: #""你好""#)
        let (outcome, text) = try record(draft, mode: .missing)
        #expect(outcome == .written)
        let parts = draft.components(separatedBy: "null")
        #expect(text.hasPrefix(parts[0] + "[\n          {\"kind\": \"received\""), "\(text)")
        #expect(text.hasSuffix("}\n        ]" + parts[1]), "\(text)")
        #expect(try Fixtures.replay(text).passed)
    }

    @available(SkillCheckTesting, *)
    @Test("a file with CRLF line breaks keeps them, new lines included")
    func crlfKept() throws {
        let draft = Self.echo.replacingOccurrences(of: #""state":"idle""#, with: #""state":"idle", "events": null"#)
            .replacingOccurrences(of: #""WRONG""#, with: #""你好""#).replacingOccurrences(of: "\n", with: "\r\n")
        let (outcome, text) = try record(draft, mode: .missing)
        #expect(outcome == .written)
        #expect(text.hasPrefix(draft.components(separatedBy: "null")[0] + "[\r\n          {"))
        #expect(
            !text.unicodeScalars.indices.contains { index in
                text.unicodeScalars[index] == "\n"
                    && (index == text.unicodeScalars.startIndex
                        || text.unicodeScalars[text.unicodeScalars.index(before: index)] != "\r")
            })
        #expect(text.contains(#""content": "你好""#))
    }

    @available(SkillCheckTesting, *)
    @Test("an empty expect step gets messages and state, the rest of the file untouched")
    func emptyExpectFilled() throws {
        let draft = RecordTests.draft
        let (outcome, text) = try record(draft, mode: .missing)
        #expect(outcome == .written)
        let lines = text.components(separatedBy: "\n")
        #expect(lines.prefix(6) == draft.components(separatedBy: "\n").prefix(6))
        #expect(lines.contains(#"    {"send": "echo again"},"#))
        #expect(text.contains(#"{"role": "agent", "content": "你好", "skillID": "echo", "at": 0}"#))
        #expect(try Fixtures.replay(text).passed)
    }

    @available(SkillCheckTesting, *)
    @Test("a message that is no longer said goes, and one that is new comes, keeping the others' text")
    func elementsComeAndGo() throws {
        let extra = Self.echo.replacingOccurrences(
            of: #"{"role": "agent", "content": "WRONG", "skillID": "echo", "at": 0}"#,
            with: #"{"role": "agent", "content": "你好", "skillID": "echo", "at": 0},"#
                + "\n" + #"                {"role": "agent", "content": "gone"}"#)
        let (outcome, text) = try record(extra)
        #expect(outcome == .written)
        #expect(text == Self.echo.replacingOccurrences(of: #""WRONG""#, with: #""你好""#))
        let missing = Self.echo.replacingOccurrences(
            of: ",\n" + #"                {"role": "agent", "content": "WRONG", "skillID": "echo", "at": 0}"#,
            with: "")
        let (again, restored) = try record(missing)
        #expect(again == .written)
        #expect(restored == Self.echo.replacingOccurrences(of: #""WRONG""#, with: #""你好""#))
    }

    @available(SkillCheckTesting, *)
    @Test("a member that is new is added after the member it follows; one that is gone is removed")
    func membersComeAndGo() throws {
        let changed = Self.echo.replacingOccurrences(
            of: #""content": "WRONG", "skillID": "echo", "at": 0"#,
            with: #""content": "你好", "at": 0, "mood": "happy""#)
        let (outcome, text) = try record(changed)
        #expect(outcome == .written)
        #expect(text == Self.echo.replacingOccurrences(of: #""WRONG""#, with: #""你好""#))
    }

    @available(SkillCheckTesting, *)
    @Test("a value under a matcher that passes keeps its placeholder while other values are recorded")
    func placeholdersKept() throws {
        let text = Self.echo.replacingOccurrences(
            of: #""state":"idle""#,
            with: #""state":"idle", "matchers": {"/messages/1/skillID": {"regex": "^e"}}"#
        )
        .replacingOccurrences(of: #""skillID": "echo", "at": 0}"#, with: #""skillID": "e-placeholder", "at": 0}"#)
        let (outcome, recorded) = try record(text)
        #expect(outcome == .written)
        #expect(recorded == text.replacingOccurrences(of: #""WRONG""#, with: #""你好""#))
    }

    @available(SkillCheckTesting, *)
    @Test("a value under a matcher that fails is reported and nothing is written: no literal over a matcher")
    func failingMatcherRefused() throws {
        let text = Self.echo.replacingOccurrences(
            of: #""state":"idle""#,
            with: #""state":"idle", "matchers": {"/messages/1/skillID": {"regex": "^x"}}"#)
        let (outcome, recorded) = try record(text)
        #expect(outcome == .refusedUnrecordable([Unrecordable(pointer: "/steps/1/expect/messages/1/skillID", reason: .matcherFails)]))
        #expect(recorded == text)
        let scenario = ScenarioRunner(skills: Fixtures.skills, recordMode: .failed).runOne(name: "t", url: try temporaryFile(text))
        #expect(scenario.status == .failed)
        #expect(ScenarioReport.text(for: scenario).contains("/steps/1/expect/messages/1/skillID: a matcher governs this value"))
    }

    @available(SkillCheckTesting, *)
    @Test("a message observed after the last expect step is reported; nothing is written")
    func afterLastExpectRefused() throws {
        let text = Self.echo.replacingOccurrences(of: "}}\n  ]", with: "}},\n    {\"send\": \"echo 再见\"}\n  ]")
        #expect(text != Self.echo)
        let (outcome, recorded) = try record(text)
        guard case .refusedUnrecordable(let fields) = outcome else {
            Issue.record("expected a refusal, got \(outcome)")
            return
        }
        #expect(fields.contains { $0.reason == .afterLastExpect })
        #expect(recorded == text)
    }

    // MARK: The corpus, as a property

    /// The expect-step leaves of a transcript (strings, numbers, booleans), by pointer, except `now`.
    static func leaves(_ value: JSONValue, pointer: String = "") -> [String] {
        switch value {
        case .object(let pairs):
            return pairs.flatMap { leaves($0.value, pointer: pointer + "/" + JSONParser.escape($0.key)) }
        case .array(let items):
            return items.enumerated().flatMap { leaves($1, pointer: pointer + "/\($0)") }
        case .null: return []
        default: return [pointer]
        }
    }

    /// `value` changed so that it no longer matches: a string gains a character, a number grows, a flag flips.
    static func altered(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): JSONWriter.quote(text + "✗")
        case .number(let number): JSONWriter.format(number + 1)
        case .bool(let flag): flag ? "false" : "true"
        default: "null"
        }
    }

    /// Whether a matcher of `transcript` governs the expect-step value at `pointer`.
    static func governed(_ pointer: String, in transcript: Transcript) -> Bool {
        let tokens = Matcher.tokens(of: pointer)
        guard let index = Int(tokens[1]), case .expect(let expectation) = transcript.steps[index] else { return false }
        let relative = Array(tokens.dropFirst(3))
        let matchers = transcript.matchers + expectation.matchers
        return (0...relative.count).contains { length in matchers.contains { $0.applies(to: Array(relative.prefix(length))) } }
    }

    @available(SkillCheckTesting, *)
    @Test("every corpus transcript: recording all leaves it byte for byte; each altered expect value is restored, and no other byte moves")
    func corpusProperty() throws {
        var altered = 0
        for (name, url) in try Fixtures.corpus() {
            let original = try String(contentsOf: url, encoding: .utf8)
            let unchanged = try record(original, mode: .all)
            #expect(unchanged.outcome == .untouched && unchanged.text == original, "\(name)")
            let document = try JSONParser.parse(Data(original.utf8), file: name)
            let transcript = try TranscriptReader(document: document).transcript()
            let scalars = Array(original.unicodeScalars)
            let pointers = Self.leaves(document.value).filter {
                $0.hasPrefix("/steps/") && $0.contains("/expect/") && !$0.contains("/expect/matchers") && !$0.hasSuffix("/expect/now")
            }
            for pointer in pointers {
                let range = document.valueRange(pointer)!
                var text = String.UnicodeScalarView(scalars[..<range.lowerBound])
                text.append(contentsOf: Self.altered(document.value.value(at: Matcher.tokens(of: pointer))!).unicodeScalars)
                text.append(contentsOf: scalars[range.upperBound...])
                let changed = String(text)
                let (outcome, recorded) = try record(changed)
                altered += 1
                if Self.governed(pointer, in: transcript) {
                    #expect(recorded == changed, "\(name) \(pointer): a value under a matcher is never overwritten")
                } else if transcript.exhaustive {
                    #expect(outcome == .written && recorded == original, "\(name) \(pointer): \(outcome)")
                } else {
                    let passes = try Fixtures.replay(recorded).passed
                    #expect(outcome == .written && passes, "\(name) \(pointer)")
                }
            }
        }
        #expect(altered > 500)
    }
}
