import Foundation
import SkillKit
import Testing

@testable import SkillConformance

/// The top stories, as many as the message asks for: `prefix(limit)` traps on a negative limit, as a port of
/// Python's harmless `ids[:limit]` does.
struct TopCountSkill: AgentSkill {
    let id = "top-count"
    let displayName = "Top stories"
    let description = "Lists the top stories, such as top 5 stories."
    let keywords = ["top"]
    var samples: SkillSamples { SkillSamples(handled: ["top 5 stories"], unhandled: ["note this"]) }
    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let limit = input.rawText.firstMatch(of: /-?\d+/).flatMap { Int($0.output) } ?? 10
        let stories = ["Swift 6.3", "Structured concurrency", "Virtual time"].prefix(limit)
        return SkillOutput(summary: stories.joined(separator: ", "))
    }
}

@Suite("ERR-2 types a sample's number negative and too big for an Int")
struct NumberInputTests {
    @Test("a sample with a number gives two more odd inputs, its number made negative and made huge; one without gives none")
    func inputs() {
        let inputs = SkillConformance.invalidInputs(keyword: "top", sample: "top 5 stories")
        #expect(inputs.first { $0.name == "its number made negative" }?.text == "top -5 stories")
        #expect(inputs.first { $0.name == "its number made huge" }?.text == "top 99999999999999999999 stories")
        #expect(!SkillConformance.invalidInputs(keyword: "note", sample: "note this").contains { $0.name.hasPrefix("its number") })
    }

    @Test("a skill that takes a prefix of the count the user typed traps on a negative one while ERR-2 runs, which CRASH-1 names")
    func negativeCount() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = await SkillConformance.check(for: "CRASH-1").run(SkillUnderTest(TopCountSkill()))
        }
        let report = try #require(CrashReport(result))
        #expect(report.ruleID == "ERR-2")
        #expect(report.finding(skillID: "top-count").observed.contains("negative"), "\(report.finding(skillID: "top-count").observed)")
    }
}
