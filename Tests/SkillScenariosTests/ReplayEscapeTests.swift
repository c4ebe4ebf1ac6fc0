import Foundation
import SkillKit
import SkillScenarios
import Testing

/// A skill that sleeps on a real clock or starts an unstructured task: it leaves the replay's scheduler.
struct LeavingSkill: AgentSkill {
    let id: String
    var displayName: String { id }
    var description: String { "leaves the scheduler" }
    var keywords: [String] { [id] }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        if id == "sleepy" {
            try await Task.sleep(for: .seconds(2)) // never waits: the scheduler sees this real sleep start, cuts it short and reports it
        } else {
            _ = await Task.detached { 1 }.value
        }
        return SkillOutput(summary: "done")
    }
}

@Suite("A replay whose skill leaves the scheduler")
struct ReplayEscapeTests {
    @available(SkillCheckTesting, *)
    @Test(
        "fails, naming what left, instead of passing with whatever the race gave",
        arguments: ["sleepy", "detached"])
    func escapeFailsTheReplay(skill: String) throws {
        let json = """
            {"schema": "skillcheck.transcript/1", "skills": ["\(skill)"],
             "steps": [{"send": "\(skill)"}, {"expect": {"messages": [
               {"role": "user", "content": "\(skill)", "at": 0},
               {"role": "agent", "content": "done", "skillID": "\(skill)", "at": 0}], "state": "idle"}}]}
            """
        for _ in 0..<50 {
            let result = try Replayer(skills: [LeavingSkill(id: skill)]).replay(Fixtures.transcript(json))
            #expect(!result.passed)
            #expect(result.report.contains("left the scheduler"), "\(result.report)")
        }
    }
}
