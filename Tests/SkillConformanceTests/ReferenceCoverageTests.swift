import BundledReferenceSkills
import SkillConformance
import Testing

/// The Conformance suites pass over the reference skills; this proves they passed because something was
/// checked: every implemented rule finds at least one case it passed or failed, except where the rule
/// truly does not apply.
@Suite("The reference skills are checked, not waved through")
struct ReferenceCoverageTests {
    /// Rules that do not apply to a reference skill, and why.
    static let notApplicable: [String: String] = [:]

    @Test("every implemented rule checks something for each reference skill", arguments: SkillConformance.implementedRuleIDs)
    func ruleChecksSomething(_ rule: String) async {
        let skills = ReferenceSkills.skills.map { SkillUnderTest($0, declaredIn: ExamplePackages.reference) }
        for skill in skills {
            let findings = await SkillConformance.check(for: rule).run(skill, peers: skills.map(\.id))
            let checked = findings.contains { [.passed, .failed, .warning].contains($0.outcome) }
            let key = "\(skill.id) \(rule)"
            if let reason = Self.notApplicable[key] {
                #expect(!checked && findings.allSatisfy { $0.outcome == .notApplicable }, "\(key) was meant not to apply: \(reason)")
            } else {
                #expect(checked, "\(key) checked nothing:\n\(findings.map(\.message).joined(separator: "\n"))")
            }
        }
    }
}
