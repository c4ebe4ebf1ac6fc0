import Foundation
import SkillScenarios
import TestSupport
import Testing

/// Tool-calling transcripts: a `"model"` script and `"tools"` make a transcript replay through
/// `ToolCallingEngine`, with the same comparison, exhaustive check and record mode as every other.
@Suite("Tool-calling transcripts")
struct ToolTranscriptTests {
    static let draft = """
        {
          "schema": "skillcheck.transcript/1",
          "tools": ["echo"],
          "model": [
            {"call": {"name": "echo", "arguments": {"text": "你好"}}},
            {"text": "你好！", "chunks": [1]},
            {"text": "再见"}
          ],
          "steps": [
            {"run": "打个招呼"},
            {"expect": {}},
            {"run": "再来一次", "wait": false},
            {"expect": {"events": null, "history": null, "sent": null, "runs": null, "now": null}}
          ]
        }
        """

    func temporaryFile(_ text: String) throws -> URL {
        URL(fileURLWithPath: try TemporaryFolder("tools").file("t.json", text))
    }

    @available(SkillCheckTesting, *)
    @Test("a request that departs from the model's script fails the transcript at its step: which turn, what was expected, what arrived")
    func departure() throws {
        let json = Self.draft.replacingOccurrences(
            of: #"{"text": "你好！", "chunks": [1]}"#,
            with:
                #"{"text": "你好！", "expect": {"lastMessage": {"role": "toolResult", "callID": "call-1", "containing": "再见"}}}"#)
        let result = try Fixtures.replay(json)
        let departure = try #require(result.differences.first { $0.path == "model" })
        #expect(departure.step == 0)
        #expect(
            departure.description.contains(
                #"turn 2 of 3 departs from the script: expected the last message to be the result of call call-1, containing "再见"; arrived: tools [echo], last message toolResult(call-1 echo: "你好")"#
            ))
    }

    @available(SkillCheckTesting, *)
    @Test("turns the script never played fail the transcript, each named with its pointer")
    func unplayedTurns() throws {
        let json = Self.draft.replacingOccurrences(
            of: #"{"text": "你好！", "chunks": [1]}"#,
            with: #"{"text": "你好！"}, {"text": "再见"}, {"error": "connectionLost"}"#)
        let result = try Fixtures.replay(json)
        let unplayed = try #require(result.differences.first { $0.path == "model" && $0.step == nil })
        #expect(
            unplayed.description.contains(
                "the model's script has 5 turns but only 3 were played; never reached: "
                    + #"turn 4 (/model/3): failure: the connection to the model service was lost; turn 5 (/model/4): text "再见""#))
    }

    @available(SkillCheckTesting, *)
    @Test(
        "record mode missing fills in an empty expect step (events) and null history, sent, runs and now; the recording then passes under never"
    )
    func recordsNewFields() throws {
        let url = try temporaryFile(Self.draft)
        let scenario = ScenarioRunner(skills: Fixtures.skills, recordMode: .missing).runOne(name: "draft", url: url)
        #expect(scenario.status == .passed && scenario.recording == .written, "\(ScenarioReport.text(for: scenario))")
        let recorded = try String(contentsOf: url, encoding: .utf8)
        #expect(recorded.contains(#"{"run": 1, "kind": "textChunk", "text": "你好！"}"#))
        #expect(recorded.contains(#"{"run": 2, "input": "再来一次", "outcome": "finished"}"#))
        #expect(recorded.contains(#""now": "0s""#))
        let replay = try Replayer(skills: Fixtures.skills).replay(Transcript.load(contentsOf: url))
        #expect(replay.passed && !replay.hasMissingExpectations, "\(replay.report)")
    }

    @available(SkillCheckTesting, *)
    @Test("a tool-calling transcript left null fails under never and says how to record each field")
    func unrecordedUnderNever() throws {
        let result = try Fixtures.replay(Self.draft)
        let unrecorded = result.differences.filter { $0.kind == .unrecorded }.map { "\($0.step ?? -1) \($0.path)" }
        #expect(unrecorded == ["1 events", "3 events", "3 history", "3 sent", "3 runs", "3 now"])
    }

    @available(SkillCheckTesting, *)
    @Test("the tool-calling example in Scenarios/README.md replays and passes")
    func readmeExample() throws {
        let readme = try String(contentsOf: Fixtures.scenarios.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Tool-calling transcripts"))
        let start = try #require(readme.range(of: "```json\n", range: section.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let result = try Fixtures.replay(String(readme[start.upperBound..<end.lowerBound]))
        #expect(result.passed, "\(result.report)")
    }

    @available(SkillCheckTesting, *)
    @Test("an AgentEngine transcript is read exactly as before: its members, steps and fields are the old ones")
    func oldTranscriptsUntouched() throws {
        let error = #expect(throws: TranscriptError.self) {
            try Fixtures.transcript(#"{"schema": "skillcheck.transcript/1", "skills": [], "steps": [{"run": "x"}]}"#)
        }
        #expect(
            error?.description
                == #"test.json:1:63: /steps/0: expected a step: an object with one of "send", "advance", "cancel", "settle", "expect", found none of them"#
        )
        let transcript = try Fixtures.transcript(#"{"schema": "skillcheck.transcript/1", "skills": ["echo"], "steps": []}"#)
        #expect(transcript.kind == .agent && transcript.toolConversation == nil)
    }
}
