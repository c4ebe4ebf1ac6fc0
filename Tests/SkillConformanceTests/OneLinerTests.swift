import SkillConformance
import SkillConformanceTesting
import Testing

/// What a skill author writes in their own test target: one line over their skills.
@Suite("The one-line conformance test a skill author writes")
struct OneLinerTests {
    /// EchoSkill is declared in this test target, which `swift build` does not compile, so the
    /// compile-time rules are left out here; StaticConformanceTests checks them on the example packages.
    @Test(
        arguments: SkillConformance.cases(
            for: [EchoSkill()], rules: SkillConformance.implementedRuleIDs.filter { !SkillConformance.staticRuleIDs.contains($0) }))
    func conformance(_ c: ConformanceCase) async { await c.expectPasses() }

    @Test("without its package, the one-liner reports the compile-time rules skipped, never passed")
    func staticRulesNeedThePackage() async {
        for c in SkillConformance.cases(for: [EchoSkill()], rules: ["SEND-1", "SEND-3"]) {
            let findings = await c.run()
            #expect(findings.map(\.outcome) == [.skipped(reason: SkillConformance.needsPackage)], "\(c)")
            #expect(findings.allSatisfy { $0.outcome.isProblem })
        }
    }

    @Test("the one-liner checks every implemented rule for every skill")
    func casesCoverEveryImplementedRule() {
        let cases = SkillConformance.cases(for: [EchoSkill(), EchoSkill()])
        #expect(cases.count == 2 * SkillConformance.implementedRuleIDs.count)
        #expect(Set(cases.map(\.ruleID)) == Set(SkillConformance.implementedRuleIDs))
    }
}
