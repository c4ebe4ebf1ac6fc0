import Foundation
import SkillKit
import Testing

@testable import SkillConformance

/// Routes by the first letter of the message, as a port of a command bot might: `intent.lowercased().first!` traps on
/// an empty message, which the engine asks every skill's canHandle about before it routes one.
struct FirstLetterSkill: AgentSkill {
    let id = "first-letter"
    let displayName = "Weather"
    let description = "Says the weather, such as weather in Paris."
    let keywords = ["weather"]
    var samples: SkillSamples { SkillSamples(handled: ["weather in Paris"], unhandled: ["note this"]) }
    func canHandle(_ intent: String) -> Bool { intent.lowercased().first! == "w" }
    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        guard input.rawText.contains("weather") else { throw SkillError.invalidInput("say which city, such as weather in Paris") }
        return SkillOutput(summary: "晴")
    }
}

@Suite("ERR-2 asks canHandle about its odd inputs")
struct CanHandleTrapTests {
    @Test("a canHandle that traps on an empty message ends ERR-2's check, which CRASH-1 then names")
    func trapInCanHandle() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = await SkillConformance.check(for: "CRASH-1").run(SkillUnderTest(FirstLetterSkill()))
        }
        let report = try #require(CrashReport(result))
        #expect(report.ruleID == "ERR-2")
        #expect(report.finding(skillID: "first-letter").observed.contains("Unexpectedly found nil"))
    }
}
