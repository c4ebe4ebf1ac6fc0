import SkillConformance
import SkillConformanceTesting
import Testing

/// What a skill author writes in their own test target: one line over their skills.
@Suite("The one-line conformance test a skill author writes")
struct OneLinerTests {
    @Test(arguments: SkillConformance.cases(for: [EchoSkill()]))
    func conformance(_ c: ConformanceCase) async { await c.expectPasses() }

    @Test("the one-liner checks every implemented rule for every skill")
    func casesCoverEveryImplementedRule() {
        let cases = SkillConformance.cases(for: [EchoSkill(), EchoSkill()])
        #expect(cases.count == 2 * SkillConformance.implementedRuleIDs.count)
        #expect(Set(cases.map(\.ruleID)) == Set(SkillConformance.implementedRuleIDs))
    }
}
