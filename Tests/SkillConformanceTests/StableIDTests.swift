import Foundation
import SkillKit
import Testing

@testable import SkillConformance

/// A skill whose id is made with `UUID()`, as a SwiftUI list's rows are: each instance names itself anew.
private struct ListRowSkill: AgentSkill {
    let id = UUID().uuidString
    let displayName = "Row"
    let description = "Shows a row, such as show the row."
    let keywords = ["row"]
    var samples: SkillSamples { SkillSamples(handled: ["show the row"], unhandled: ["天气"]) }
    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput { SkillOutput(summary: "row") }
}

@Suite("META-1: an id is the same on every instance")
struct StableIDTests {
    @Test("an id made with UUID() fails META-1 naming the ids it saw; a literal id passes")
    func stable() async {
        let random = await SkillConformance.check(for: "META-1").run(SkillUnderTest { _ in ListRowSkill() })
        let failed = random.filter { $0.outcome == .failed }
        #expect(failed.count == 1 && failed[0].observed.hasPrefix("3 ids: "), "\(random.map(\.message))")
        let literal = await SkillConformance.check(for: "META-1").run(SkillUnderTest { _ in RowSkill() })
        #expect(literal.count == 2 && literal.allSatisfy { $0.outcome == .passed }, "\(literal.map(\.message))")
    }
}

private struct RowSkill: AgentSkill {
    let id = "row"
    let displayName = "Row"
    let description = "Shows a row, such as show the row."
    let keywords = ["row"]
    var samples: SkillSamples { SkillSamples(handled: ["show the row"], unhandled: ["天气"]) }
    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput { SkillOutput(summary: "row") }
}
