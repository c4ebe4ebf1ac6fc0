import Foundation
import SkillCheckCommand
import SkillScenarios
import TestSupport
import Testing

/// An expectation never recorded checked nothing: under `--record never` (CI's default, and the Swift
/// API's) it fails and says how to record it; the other modes fill it in.
@Suite("Expectations never recorded")
struct UnrecordedExpectationTests {
    static let draft = RecordTests.draft

    func temporaryFile(_ text: String) throws -> URL {
        URL(fileURLWithPath: try TemporaryFolder("unrecorded").file("draft.json", text))
    }

    @available(SkillCheckTesting, *)
    @Test("Replayer's default mode is never: each null field and empty expect step is a failure that says how to record it")
    func replayerDefault() throws {
        let result = try Fixtures.replay(Self.draft)
        #expect(!result.passed)
        #expect(result.differences.map(\.kind) == [.unrecorded, .unrecorded, .unrecorded])
        #expect(result.differences.map { "\($0.step ?? -1) \($0.path)" } == ["1 messages", "1 state", "3 messages"])
        let first = result.differences.first.map { String($0.description.split(separator: "\n")[0]) }
        #expect(
            first == "step 1 › messages: never recorded (record mode never, as on CI); record it with "
                + "`swift run skillcheck scenarios --record missing test.json` or, for your own skills, "
                + "`ScenarioRunner(skills: ..., recordMode: .missing)`")
        #expect(result.unrecorded.count == 3)
        #expect(result.hasMissingExpectations)
    }

    @available(SkillCheckTesting, *)
    @Test("a transcript whose expect steps are all empty does not pass under never, and is not written")
    func allEmptyFailsUnderNever() throws {
        let empty = """
            {"schema": "skillcheck.transcript/1", "skills": ["echo"], "steps": [
              {"send": "echo a"}, {"expect": {}}, {"send": "echo b"}, {"expect": {"messages": null, "events": null}}]}
            """
        let url = try temporaryFile(empty)
        let scenario = ScenarioRunner(skills: Fixtures.skills).runOne(name: "draft", url: url)
        #expect(scenario.status == .failed)
        #expect(scenario.result?.differences.allSatisfy { $0.kind == .unrecorded } == true)
        #expect(scenario.result?.differences.count == 4)
        #expect(try String(contentsOf: url, encoding: .utf8) == empty)
        #expect(throws: ScenarioFailures.self) { try ScenarioRunner(skills: Fixtures.skills).verify(paths: [url.path]) }
    }

    @available(SkillCheckTesting, *)
    @Test("skillcheck scenarios --record never exits 1 on a transcript of null expectations")
    func commandExitStatus() throws {
        let url = try temporaryFile(Self.draft)
        var printed = ""
        let status = try ScenariosCommand.run([
            url.path, "--record", "never", "--artifacts", url.deletingLastPathComponent().path + "/artifacts",
        ]) {
            printed += $0
        }
        #expect(status == 1)
        #expect(
            printed.contains(
                "step 3 › messages: never recorded (record mode never, as on CI); record it with `swift run skillcheck scenarios --record missing"
            ))
        #expect(printed.hasSuffix("0 passed, 1 failed\n"))
    }

    @available(SkillCheckTesting, *)
    @Test("under missing, null fields are not differences: the replay passes and record mode fills them in")
    func missingModeRecords() throws {
        let result = try Replayer(skills: Fixtures.skills).replay(Fixtures.transcript(Self.draft), recordMode: .missing)
        #expect(result.passed, "\(result.report)")
        #expect(result.unrecorded.count == 3)
        let url = try temporaryFile(Self.draft)
        let scenario = ScenarioRunner(skills: Fixtures.skills, recordMode: .missing).runOne(name: "draft", url: url)
        #expect(scenario.status == .passed)
        #expect(scenario.recording == .written)
    }

    @available(SkillCheckTesting, *)
    @Test("under missing, an expectation that record mode could not write is a failure, not a pass")
    func missingModeRefusedIsFailure() throws {
        let secret = Self.draft.replacingOccurrences(of: "echo 你好", with: "echo sk-abcdefghijklmnopqrstuvwx")
        let url = try temporaryFile(secret)
        let scenario = ScenarioRunner(skills: Fixtures.skills, recordMode: .missing).runOne(name: "draft", url: url)
        #expect(scenario.status == .failed)
        #expect(scenario.result?.differences.map(\.kind) == [.unrecorded, .unrecorded, .unrecorded])
        #expect(try String(contentsOf: url, encoding: .utf8) == secret)
    }
}

@Suite("Transcripts that check nothing")
struct NothingCheckedTests {
    @available(SkillCheckTesting, *)
    @Test("a transcript without an expect step fails in every record mode, saying what to add", arguments: RecordMode.allCases)
    func noExpectStep(mode: RecordMode) throws {
        let transcript = try Fixtures.transcript(
            #"{"schema": "skillcheck.transcript/1", "skills": ["echo"], "steps": [{"send": "echo a"}]}"#)
        let result = try Replayer(skills: Fixtures.skills).replay(transcript, recordMode: mode)
        #expect(!result.passed)
        #expect(
            result.report == "end: the transcript has no expect step, so it checks nothing; add {\"expect\": {}} after the sends, "
                + "then run `swift run skillcheck scenarios --record missing test.json`")
    }
}
