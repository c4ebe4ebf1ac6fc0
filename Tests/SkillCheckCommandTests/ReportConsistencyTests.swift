import SkillCheckCommand
import SkillConformance
import TestSupport
import Testing

@Suite("A report never contradicts itself")
struct ReportConsistencyTests {
    static let escape = "work left the virtual clock, so this rule could not be judged; TIME-1 reports it"

    @available(SkillCheckTesting, *)
    @Test("a skip that points to a rule that passed is a contradiction, naming both")
    func skipPointingToPass() {
        let findings = Reports.findings(skill: "quote", [Reports.finding("ERR-1", .skipped(reason: Self.escape), skill: "quote")])
        let found = SkillReport.contradictions(in: findings, kind: .agent)
        #expect(found == ["ERR-1 is skipped pointing to TIME-1 (passed): \(Self.escape)"])
    }

    @available(SkillCheckTesting, *)
    @Test("a skip that points to a rule that failed, or warned, is consistent")
    func skipPointingToFailure() {
        let failed = Reports.findings(
            skill: "quote",
            [Reports.finding("ERR-1", .skipped(reason: Self.escape), skill: "quote"), Reports.finding("TIME-1", .failed, skill: "quote")])
        #expect(SkillReport.contradictions(in: failed, kind: .agent).isEmpty)
        let warned = Reports.findings(
            skill: "invite",
            [
                Reports.finding("CAN-1", .skipped(reason: "no sample reaches the work (META-8 warns)"), skill: "invite"),
                Reports.finding("META-8", .warning, skill: "invite"),
            ])
        #expect(SkillReport.contradictions(in: warned, kind: .agent).isEmpty)
    }

    @available(SkillCheckTesting, *)
    @Test("a rule named for the other kind of skill does not count: TOOL-5 for an AgentSkill")
    func otherKind() {
        let reason = "the outputs differ (TIME-2 reports that; TOOL-5 for a tool skill)"
        let findings = Reports.findings(
            skill: "note", [Reports.finding("SEND-2", .skipped(reason: reason)), Reports.finding("TOOL-5", .failed)])
        #expect(SkillReport.contradictions(in: findings, kind: .agent).count == 1)
    }
}
