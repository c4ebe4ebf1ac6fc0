import Foundation
import SkillKit
import SkillScenarios
import Synchronization
import TestSupport
import Testing

/// The README's sample skill: its notes get ids from `UUID()`, different every run.
struct ReminderSkill: AgentSkill {
    let id = "reminder"
    let displayName = "提醒"
    let description = "记录提醒事项"
    let keywords = ["提醒"]
    var executions: Executions?

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        executions?.count.withLock { $0 += 1 }
        let text = input.rawText.replacingOccurrences(of: "提醒", with: "")
        guard !text.isEmpty else { throw SkillError.invalidInput("没有提醒内容") }
        try await context.storage.save(NoteItem(content: text, createdAt: context.now))
        return SkillOutput(summary: "已记录：\(text)", shouldRefreshUI: true)
    }
}

/// The README's sample skill as the README now writes it: ids from `context.newID()`, dates from
/// `context.now`, so a replay gives the same note every run.
struct DeterministicReminderSkill: AgentSkill {
    let id = "reminder"
    let displayName = "提醒"
    let description = "记录提醒事项"
    let keywords = ["提醒"]

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let text = input.rawText.replacingOccurrences(of: "提醒", with: "")
        guard !text.isEmpty else { throw SkillError.invalidInput("没有提醒内容") }
        // context.newID() and context.now, not UUID() and Date(): a replay gives the same note every run
        try await context.storage.save(NoteItem(id: context.newID(), content: text, createdAt: context.now))
        return SkillOutput(summary: "已记录：\(text)", shouldRefreshUI: true)
    }
}

/// How often a skill ran, across replays.
final class Executions: Sendable {
    let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
}

@Suite("Recording what changes from run to run")
struct RecordNondeterminismTests {
    static let draft = """
        {
          "schema": "skillcheck.transcript/1",
          "skills": ["reminder"],
          "steps": [
            {"send": "提醒买牛奶"},
            {"expect": {
              "messages": [
                {"role": "user", "content": "提醒买牛奶", "at": 0},
                {"role": "agent", "content": "已记录：买牛奶", "skillID": "reminder", "at": 0}
              ],
              "state": "idle",
              "storage": null
            }}
          ]
        }
        """

    static let matchers =
        #""matchers": {"/storage/notes/*/id": {"regex": "^[0-9A-F-]{36}$"}, "#
        + #""/storage/notes/*/value/id": {"regex": "^[0-9A-F-]{36}$"}}"#

    func temporaryFile(_ text: String) throws -> URL {
        URL(fileURLWithPath: try TemporaryFolder("nondet").file("t.json", text))
    }

    func run(_ text: String, mode: RecordMode, executions: Executions? = nil) throws -> (ScenarioCase, String) {
        let url = try temporaryFile(text)
        let runner = ScenarioRunner(skills: [ReminderSkill(executions: executions)], recordMode: mode)
        let scenario = runner.runOne(name: "reminder", url: url)
        return (scenario, try String(contentsOf: url, encoding: .utf8))
    }

    @available(SkillCheckTesting, *)
    @Test("a UUID() id is reported with its pointer and a matcher to add, and nothing is written")
    func uuidRefused() throws {
        let (scenario, text) = try run(Self.draft, mode: .missing)
        guard case .refusedNondeterministic(let values) = scenario.recording else {
            Issue.record("expected a refusal, got \(scenario.recording)")
            return
        }
        #expect(values.map(\.pointer) == ["/steps/1/expect/storage/notes/0/id", "/steps/1/expect/storage/notes/0/value/id"])
        #expect(
            values.map(\.suggestion) == [
                #""/storage/notes/*/id": {"regex": "^[0-9A-F-]{36}$"}"#,
                #""/storage/notes/*/value/id": {"regex": "^[0-9A-F-]{36}$"}"#,
            ])
        #expect(text == Self.draft)
        let report = ScenarioReport.text(for: scenario)
        #expect(report.contains(#"/steps/1/expect/storage/notes/0/id: "/storage/notes/*/id": {"regex": "^[0-9A-F-]{36}$"}"#))
        let json = ScenarioReport.render([scenario], as: .json)
        #expect(json.contains(#""outcome": "refusedNondeterministic""#))
        #expect(ScenarioReport.render([scenario], as: .junit).contains("change from run to run"))
    }

    @available(SkillCheckTesting, *)
    @Test("the README's sample, with context.newID(), records its note literally and the next runs pass")
    func readmeSampleIsDeterministic() throws {
        let url = try temporaryFile(Self.draft)
        let scenario = ScenarioRunner(skills: [DeterministicReminderSkill()], recordMode: .missing)
            .runOne(name: "reminder", url: url)
        #expect(scenario.recording == .written)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("00000000-0000-0000-0000-000000000001"))
        let replayer = Replayer(skills: [DeterministicReminderSkill()])
        for _ in 0..<3 {
            let result = try replayer.replay(Transcript.parse(Data(text.utf8), file: "t.json"))
            #expect(result.passed && !result.hasMissingExpectations, "\(result.report)")
        }
    }

    @available(SkillCheckTesting, *)
    @Test("with the suggested matchers in place the rest is recorded, and the next runs pass")
    func recordedWithMatchers() throws {
        let draft = Self.draft.replacingOccurrences(of: #""storage": null"#, with: #""storage": null, "# + Self.matchers)
        let (scenario, text) = try run(draft, mode: .missing)
        #expect(scenario.recording == .written)
        let replayer = Replayer(skills: [ReminderSkill()])
        for _ in 0..<3 {
            let result = try replayer.replay(Transcript.parse(Data(text.utf8), file: "t.json"))
            #expect(result.passed && !result.hasMissingExpectations, "\(result.report)")
        }
    }

    @available(SkillCheckTesting, *)
    @Test("the second replay happens only when something would be written")
    func secondReplayOnlyToWrite() throws {
        for (mode, text, replays) in [(RecordMode.never, Self.draft, 1), (.missing, Self.draft, 2), (.failed, Self.draft, 2)] {
            let executions = Executions()
            _ = try run(text, mode: mode, executions: executions)
            #expect(executions.value == replays, "\(mode)")
        }
        let complete = Self.draft.components(separatedBy: "\n").filter { !$0.contains("storage") }.joined(separator: "\n")
            .replacingOccurrences(of: #""state": "idle","#, with: #""state": "idle""#)
        for mode in RecordMode.allCases {
            let executions = Executions()
            let (scenario, text) = try run(complete, mode: mode, executions: executions)
            #expect(scenario.status == .passed && text == complete)
            #expect(executions.value == 1, "\(mode): nothing to write, one replay")
        }
    }
}
