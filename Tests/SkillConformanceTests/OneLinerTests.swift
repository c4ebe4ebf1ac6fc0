import Foundation
import SkillConformanceTesting
import Testing

@testable import SkillConformance

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

    @Test("a case reads `skill × rule` and encodes `skill/rule`, the same every run")
    func caseNames() throws {
        let c = try #require(SkillConformance.cases(for: [EchoSkill()], rules: ["CAN-2"]).first)
        #expect(c.testDescription == "echo × CAN-2")
        let encoded = try JSONEncoder().encode(Argument(c))
        #expect(String(decoding: encoded, as: UTF8.self) == #""echo\/CAN-2""#)
    }

    @Test(
        "SKILLCHECK_CASE names one case (as skill/rule or as the test shows it), a rule's or a skill's; a name that matches nothing keeps all"
    )
    func selection() {
        let cases = SkillConformance.cases(for: [EchoSkill()], rules: ["CAN-2", "META-1"])
        #expect(SkillConformance.selected(cases, by: "echo/CAN-2").map(\.description) == ["CAN-2 echo"])
        #expect(SkillConformance.selected(cases, by: "echo × META-1").map(\.description) == ["META-1 echo"])
        #expect(SkillConformance.selected(cases, by: "META-1").count == 1)
        #expect(SkillConformance.selected(cases, by: "echo").count == 2)
        #expect(SkillConformance.selected(cases, by: "weather/CAN-2").count == 2)
        #expect(SkillConformance.selected(cases, by: nil).count == 2)
    }

    @Test("a rule that does not apply to the skill ends its case as skipped (cancelled, with the reason), never as a pass")
    func notApplicableIsSkipped() async throws {
        let c = try #require(SkillConformance.cases(for: [EchoSkill()], rules: ["TOOL-1"]).first)
        #expect(await c.run().allSatisfy { $0.outcome == .notApplicable })
        await c.expectPasses()
        #expect(Task.isCancelled)
    }
}

/// Encodes a case's test argument as Swift Testing does, through CustomTestArgumentEncodable.
private struct Argument: Encodable {
    let c: ConformanceCase
    init(_ c: ConformanceCase) { self.c = c }
    func encode(to encoder: any Encoder) throws { try c.encodeTestArgument(to: encoder) }
}
