import Foundation
import SkillKit
import SkillScenarios
import SkillTesting
import Testing

/// A skill that sleeps on a real clock, or starts an unstructured task (which the replay's scheduler runs, where the
/// kit interposes task creation).
struct LeavingSkill: AgentSkill {
    let id: String
    var displayName: String { id }
    var description: String { "leaves the scheduler" }
    var keywords: [String] { [id] }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        switch id {
        case "sleepy":
            try await Task.sleep(for: .seconds(2)) // never waits: the scheduler runs this real sleep on the virtual clock and reports it
        default:
            _ = await Task.detached { try await context.clock.sleep(for: .seconds(3)) }.result
        }
        return SkillOutput(summary: "done")
    }
}

@Suite("A replay whose skill leaves the scheduler")
struct ReplayEscapeTests {
    @available(SkillCheckTesting, *)
    @Test("a real sleep lasts as long on the replay's clock, every time, and still fails the replay, naming it")
    func realSleepFailsTheReplay() throws {
        let json = """
            {"schema": "skillcheck.transcript/1", "skills": ["sleepy"],
             "steps": [{"send": "sleepy"}, {"expect": {"messages": [
               {"role": "user", "content": "sleepy", "at": 0},
               {"role": "agent", "content": "done", "skillID": "sleepy", "at": 2}], "state": "idle"}}]}
            """
        for _ in 0..<50 {
            let result = try Replayer(skills: [LeavingSkill(id: "sleepy")]).replay(Fixtures.transcript(json))
            #expect(!result.passed)
            #expect(result.differences.count == 1, "only the sleep differs: the reply came 2 virtual seconds later\n\(result.report)")
            #expect(result.report.contains("made a sleep on a real clock (2.0 seconds on ContinuousClock"), "\(result.report)")
            #expect(result.report.contains("context.clock"), "\(result.report)")
        }
    }

    @available(SkillCheckTesting, *)
    @Test("a skill's Task.detached runs on the replay's clock: the reply comes 3 virtual seconds later, every time")
    func detachedTaskRunsOnTheClock() throws {
        try #require(DeterministicScheduler.adoptsUnstructuredTasks, "task creation is not interposed in this build")
        let json = """
            {"schema": "skillcheck.transcript/1", "skills": ["detached"],
             "steps": [{"send": "detached"}, {"expect": {"messages": [
               {"role": "user", "content": "detached", "at": 0},
               {"role": "agent", "content": "done", "skillID": "detached", "at": 3}], "state": "idle"}}]}
            """
        for _ in 0..<50 {
            let result = try Replayer(skills: [LeavingSkill(id: "detached")]).replay(Fixtures.transcript(json))
            #expect(result.passed, "\(result.report)")
        }
    }
}
