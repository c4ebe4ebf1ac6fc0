import Foundation
import SkillKit
import SkillScenarios
import Testing

/// A tool that answers with `JSONEncoder`'s text writes a struct's keys in an order that changes from one run to
/// the next: a transcript recorded in one order must replay in another, and still fail on another value.
@Suite("Replayer: a tool's JSON result in another key order")
struct EncodedResultTests {
    struct PairTool: ToolSkill {
        let id = "pair"
        let name = "read_pair"
        let description = "Answers a pair as JSON."
        let inputSchema: JSON = ["type": "object", "properties": [:], "additionalProperties": false]
        /// When set, each call writes the keys in the other order than the last.
        var calls: Executions? = nil
        func execute(arguments: Data) async throws -> String {
            guard let calls else { return #"{"a":1,"b":2}"# }
            let count = calls.count.withLock {
                $0 += 1
                return $0
            }
            return count.isMultiple(of: 2) ? #"{"b":2,"a":1}"# : #"{"a":1,"b":2}"#
        }
    }

    static let transcript = #"""
        {"schema": "skillcheck.transcript/1", "tools": ["pair"],
         "model": [{"call": {"name": "read_pair", "arguments": {}}}, {"text": "好"}],
         "steps": [{"run": "读一下"}, {"expect": {}}]}
        """#

    @available(SkillCheckTesting, *)
    @Test("the result recorded with its keys in another order replays; another value is a difference at the result")
    func keyOrder() throws {
        let replayer = Replayer(skills: [], tools: [{ _ in PairTool() }])
        let recorded = try replayer.replay(Fixtures.transcript(Self.transcript), recordMode: .missing)
        let text = recorded.actual.canonical
        let written = #"{\"a\":1,\"b\":2}"#
        #expect(text.contains(written), "the result is expected in the events")

        let reordered = try replayer.replay(Fixtures.transcript(text.replacingOccurrences(of: written, with: #"{\"b\": 2, \"a\": 1}"#)))
        #expect(reordered.passed, "\(reordered.report)")

        let changed = try replayer.replay(Fixtures.transcript(text.replacingOccurrences(of: written, with: #"{\"b\":3,\"a\":1}"#)))
        #expect(!changed.passed)
        #expect(changed.differences.contains { $0.path.hasSuffix("result") }, "\(changed.report)")
    }

    @available(SkillCheckTesting, *)
    @Test("record mode writes a result whose key order differs between its two replays: it is one value, not nondeterminism")
    func recordsKeyOrder() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("skillcheck-keyorder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("pair.json")
        try Data(Self.transcript.utf8).write(to: url)
        let calls = Executions()
        let runner = ScenarioRunner(skills: [], tools: [{ _ in PairTool(calls: calls) }], recordMode: .missing)
        let scenario = runner.runOne(name: "pair", url: url)
        #expect(scenario.recording == .written, "\(scenario.recording)")
        #expect(calls.value >= 2, "record mode replays twice")
    }
}
