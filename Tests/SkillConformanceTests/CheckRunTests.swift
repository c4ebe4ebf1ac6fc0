import BundledBrokenSkills
import BundledReferenceSkills
import Foundation
import SkillConformance
import SkillKit
import Synchronization
import Testing

@Suite("Checks run on fresh instances and hand over their findings as JSON")
struct CheckRunTests {
    @Test("each check makes its own instance of the skill, given the check's context")
    func freshInstancePerCheck() async {
        let made = Mutex(0)
        let skill = SkillUnderTest { _ in
            made.withLock { $0 += 1 }
            return EchoSkill()
        }
        let afterInit = made.withLock { $0 }
        _ = await SkillConformance.check(for: "META-6").run(skill)
        _ = await SkillConformance.check(for: "META-5").run(skill)
        #expect(made.withLock { $0 } >= afterInit + 2)
    }

    @Test("the findings of a real check survive the trip a child process makes")
    func findingsRoundTrip() async throws {
        let findings = await SkillConformance.check(for: "ERR-1").run(SkillUnderTest(UmbrellaSkill()))
        #expect(findings.contains { $0.outcome == .failed })
        let back = try FindingsReport.decode(JSONEncoder().encode(FindingsReport(findings: findings)))
        #expect(back.findings == findings)
        #expect(back.findings.allSatisfy { $0.limits.realStallSeconds == 1 })
    }
}
