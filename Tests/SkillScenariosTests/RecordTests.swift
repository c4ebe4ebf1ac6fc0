import Foundation
import SkillScenarios
import TestSupport
import Testing

@Suite("Record modes")
struct RecordTests {
    static let draft = """
        {
          "schema": "skillcheck.transcript/1",
          "name": "draft",
          "skills": ["echo"],
          "steps": [
            {"send": "echo 你好"},
            {"expect": {}},
            {"send": "echo again"},
            {"expect": {"messages": null, "state": "idle"}}
          ]
        }
        """

    /// The draft with an expectation that does not hold: its second reply leaves the engine idle.
    static let failingDraft = draft.replacingOccurrences(of: #""state": "idle""#, with: #""state": "processing""#)

    func temporaryFile(_ text: String) throws -> URL {
        URL(fileURLWithPath: try TemporaryFolder("record").file("t.json", text))
    }

    @available(SkillCheckTesting, *)
    @Test("the default is never when CI is set, else missing")
    func defaults() {
        #expect(RecordMode.default(environment: ["CI": "true"]) == .never)
        #expect(RecordMode.default(environment: [:]) == .missing)
    }

    @available(SkillCheckTesting, *)
    @Test("missing fills in null fields and empty expect steps, keeping everything else the author wrote")
    func missingFillsIn() throws {
        let url = try temporaryFile(Self.draft)
        let runner = ScenarioRunner(skills: Fixtures.skills, recordMode: .missing)
        let scenario = runner.runOne(name: "draft", url: url)
        #expect(scenario.status == .passed)
        #expect(scenario.recording == .written)
        let rewritten = try Transcript.load(contentsOf: url)
        let replay = try Replayer(skills: Fixtures.skills).replay(rewritten)
        #expect(replay.passed && !replay.hasMissingExpectations, "\(replay.report)")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(#""name": "draft""#))
        #expect(text.contains(#""content": "你好""#))
    }

    @available(SkillCheckTesting, *)
    @Test("a run that fails is never written over the expectation in missing mode")
    func failingRunUntouched() throws {
        let failing = Self.failingDraft
        let url = try temporaryFile(failing)
        let scenario = ScenarioRunner(skills: Fixtures.skills, recordMode: .missing).runOne(name: "draft", url: url)
        #expect(scenario.status == .failed)
        #expect(try String(contentsOf: url, encoding: .utf8) == failing)
    }

    @available(SkillCheckTesting, *)
    @Test("never leaves the file alone; failed rewrites what differs; all leaves a passing transcript byte for byte")
    func otherModes() throws {
        let failing = Self.failingDraft
        let url = try temporaryFile(failing)
        #expect(ScenarioRunner(skills: Fixtures.skills, recordMode: .never).runOne(name: "d", url: url).recording == .untouched)
        let scenario = ScenarioRunner(skills: Fixtures.skills, recordMode: .failed).runOne(name: "d", url: url)
        #expect(scenario.status == .recorded)
        #expect(try Replayer(skills: Fixtures.skills).replay(Transcript.load(contentsOf: url)).passed)
        let recorded = try Data(contentsOf: url)
        #expect(ScenarioRunner(skills: Fixtures.skills, recordMode: .all).runOne(name: "d", url: url).recording == .untouched)
        #expect(try Data(contentsOf: url) == recorded)
    }

    @available(SkillCheckTesting, *)
    @Test("record refuses to write a transcript whose observed values look like secrets")
    func refusesSecrets() throws {
        let text = Self.draft.replacingOccurrences(of: "echo 你好", with: "echo sk-abcdefghijklmnopqrstuvwx")
        let url = try temporaryFile(text)
        let scenario = ScenarioRunner(skills: Fixtures.skills, recordMode: .all).runOne(name: "d", url: url)
        guard case .refusedSecrets(let pointers) = scenario.recording else {
            Issue.record("expected a refusal, got \(scenario.recording)")
            return
        }
        #expect(pointers.contains("/steps/0/send"))
        #expect(try String(contentsOf: url, encoding: .utf8) == text)
    }

    @available(SkillCheckTesting, *)
    @Test("a failing case writes its observed transcript to the artifacts folder")
    func artifacts() throws {
        let failing = Self.failingDraft
        let url = try temporaryFile(failing)
        let artifacts = url.deletingLastPathComponent().appendingPathComponent("artifacts")
        let scenario = ScenarioRunner(skills: Fixtures.skills, recordMode: .never, artifacts: artifacts).runOne(name: "x/draft", url: url)
        let written = artifacts.appendingPathComponent("x/draft.actual.json")
        #expect(FileManager.default.fileExists(atPath: written.path))
        #expect(scenario.artifact != nil)
        #expect(try Transcript.load(contentsOf: written).name == "draft")
    }

    @available(SkillCheckTesting, *)
    @Test("writes are atomic: no temporary file is left beside the transcript")
    func atomicWrite() throws {
        let url = try temporaryFile("old")
        try FileWriter.write("new", to: url.path)
        #expect(try String(contentsOf: url, encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path) == ["t.json"])
    }
}
