import BundledReferenceSkills
import SkillConformance
import Testing

/// The Conformance suites pass over the reference skills and the example tool skills; this proves they
/// passed because something was checked: every implemented rule finds at least one case it passed or
/// failed, except where the rule does not apply to the kind of skill (then it says so, and only that), and
/// SEND-5 on a request that never runs two parts at once (nothing to reorder, which it says).
@Suite("The reference skills and tool skills are checked, not waved through", .endToEnd)
struct ReferenceCoverageTests {
    @Test("every implemented rule checks something for each reference skill and tool skill", arguments: SkillConformance.implementedRuleIDs)
    func ruleChecksSomething(_ rule: String) async {
        let skills = ReferenceSkills.skills.map { SkillUnderTest($0, declaredIn: ExamplePackages.reference) } + ExamplePackages.toolSkills
        for skill in skills {
            let findings = await SkillConformance.check(for: rule).run(skill, peers: skills.map(\.id))
            let checked = findings.contains { [.passed, .failed, .warning].contains($0.outcome) }
            let key = "\(skill.id) \(rule)"
            if RuleCatalog.standard[rule]?.applies(to: skill.kind) == false {
                #expect(
                    !checked && findings.allSatisfy { $0.outcome == .notApplicable }, "\(key) was meant not to apply to a \(skill.kind)")
                #expect(findings.first?.observed.contains(SkillConformance.notApplicableReason(rule, for: skill.kind)) == true)
            } else if rule == "SEND-5", !checked {
                // A request that never runs two parts at once has nothing for a schedule to reorder, and says so
                // (BrokenSkills' CompareWeatherTool and its ordered twin are the ones SEND-5 judges).
                #expect(
                    !findings.isEmpty && findings.allSatisfy { $0.outcome == .notApplicable && $0.observed.contains("one interleaving") },
                    "\(key): \(findings.map(\.message))")
            } else {
                #expect(checked, "\(key) checked nothing:\n\(findings.map(\.message).joined(separator: "\n"))")
            }
        }
    }
}
