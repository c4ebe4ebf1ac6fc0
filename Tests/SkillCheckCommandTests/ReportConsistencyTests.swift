import SkillCheckCommand
import SkillConformance
import TestSupport
import Testing

@Suite("A report never contradicts itself")
struct ReportConsistencyTests {
    static let escape =
        "work left the virtual clock, or a task the skill started was left running, so this rule could not be judged; TIME-1 reports it"

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

    @available(SkillCheckTesting, *)
    @Test(
        "one Date() seen by many checks' runs is one TIME-1 finding, naming the other checks; one the rule's own runs saw is not repeated")
    func repeatedRunsCollapse() {
        let read =
            "the wall clock (clock_gettime(CLOCK_REALTIME)) by Quote.execute(input:context:); instead, read the time from the context"
        let other = "system randomness (getrandom) by Quote.id(); instead, make ids with context.newID()"
        let findings = [
            Reports.finding(
                "TIME-1", .failed, skill: "quote", subject: "working fakes, input \"报价\"", observed: "skill \"quote\": " + read),
            Reports.finding("TIME-1", .failed, skill: "quote", subject: "CAN-1's run on input \"报价\"", observed: read),
            Reports.finding("TIME-1", .failed, skill: "quote", subject: "CAN-2's run on input \"报价\"", observed: other),
            Reports.finding("TIME-1", .failed, skill: "quote", subject: "HANG-1's run on input \"报价\"", observed: other),
            Reports.finding("TIME-1", .failed, skill: "quote", subject: "ERR-1's run on input \"报价\"", observed: other),
            Reports.finding("CAN-1", .passed, skill: "quote"),
        ]
        let kept = SkillReport.collapsingRepeatedRuns(findings)
        #expect(
            kept.map(\.subject) == [
                "working fakes, input \"报价\"", "CAN-2's run on input \"报价\" (seen in HANG-1, ERR-1 too)", "execute \"记录 a\"",
            ])
    }
}
