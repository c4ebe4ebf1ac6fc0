import BundledBrokenSkills
import BundledReferenceSkills
import SkillConformance
import SkillKit
import Testing

/// A broken fixture with what the kit needs to check it.
struct BrokenCase: Sendable, CustomStringConvertible {
    let fixture: BrokenSkills.Fixture
    var description: String { "\(fixture.ruleID): \(fixture.flaw)" }
    /// Declared in Examples/BrokenSkills, which the compile-time rules (SEND-1, SEND-3) compile once per run.
    var skill: SkillUnderTest { SkillUnderTest(declaredIn: ExamplePackages.broken, fixture.make) }
    /// The fixture checked among the reference skills, as a package would have it.
    var peers: [String] { ReferenceSkills.skills.map(\.id) + [skill.id] }
}

@Suite("Each broken skill is caught by its own rule, and only by it")
struct BrokenSkillTests {
    let hangReason = "the run hung, so this rule could not be judged; HANG-1 reports the hang"
    let escapeReason = "work left the virtual clock, so this rule could not be judged; TIME-1 reports it"
    static let cases = BrokenSkills.fixtures.map(BrokenCase.init)
    /// A hang is found once nothing is runnable and no sleeper is pending; a quarter second of real
    /// time for work to come back from outside is plenty for these fixtures, and keeps the run short.
    static let limits = CheckLimits(realStall: .milliseconds(250))

    /// Fixtures this package cannot compile (they warn by design, and its warnings are errors): only
    /// compiling Examples/BrokenSkills reaches them (StaticConformanceTests).
    static let compiledOnlyFixtures = ["SEND-1": "QuoteOfTheDaySkill in LegacyBrokenSkills, a Swift 5 mode target"]

    @Test("every implemented rule has a broken fixture")
    func everyImplementedRuleHasAFixture() {
        let covered = Set(BrokenSkills.fixtures.map(\.ruleID)).union(Self.compiledOnlyFixtures.keys)
        for rule in SkillConformance.implementedRuleIDs {
            #expect(covered.contains(rule), "no fixture in Examples/BrokenSkills breaks \(rule): a rule with no broken fixture is not done")
        }
    }

    @Test("the fixture fails (or, for a SHOULD rule, warns on) its own rule, with a message that says what to fix", arguments: cases)
    func failsItsOwnRule(_ broken: BrokenCase) async {
        let findings = await SkillConformance.check(for: broken.fixture.ruleID).run(broken.skill, peers: broken.peers, limits: Self.limits)
        // A MUST rule fails; a SHOULD rule warns.
        let breach: Finding.Outcome = RuleCatalog.standard[broken.fixture.ruleID]?.level == .should ? .warning : .failed
        let failures = findings.filter { $0.outcome == breach }
        #expect(!failures.isEmpty, "\(broken) passed its own rule:\n\(findings.map(\.message).joined(separator: "\n"))")
        let fix = RuleCatalog.standard[broken.fixture.ruleID]?.troubleshooting.fix ?? "?"
        for failure in failures {
            #expect(failure.message.contains(fix), "message lacks the fix: \(failure.message)")
            #expect(failure.message.contains("expected:") && failure.message.contains("observed:"))
        }
    }

    @Test("the fixture passes every other implemented MUST rule", arguments: cases)
    func passesEveryOtherRule(_ broken: BrokenCase) async {
        for rule in SkillConformance.implementedRuleIDs where rule != broken.fixture.ruleID {
            guard RuleCatalog.standard[rule]?.level == .must else { continue }
            let findings = await SkillConformance.check(for: rule).run(broken.skill, peers: broken.peers, limits: Self.limits)
            for finding in findings where finding.outcome.isProblem {
                // A skill that hangs cannot be judged by the rules whose runs hang: they say so and point
                // at HANG-1 (skipped, never passed).
                if broken.fixture.ruleID == "HANG-1", finding.outcome == .skipped(reason: hangReason) { continue }
                // Likewise a skill whose work leaves the virtual clock, for TIME-1.
                if broken.fixture.ruleID == "TIME-1", finding.outcome == .skipped(reason: escapeReason) { continue }
                Issue.record("\(broken) also breaks \(rule):\n\(finding.message)")
            }
        }
    }
}
