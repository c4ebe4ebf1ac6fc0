import Foundation
import SkillCheckCommand
import SkillConformance
import SkillScenarios
import TestSupport
import Testing

@Suite("The report: skillcheck.report/1")
struct ReportTests {
    @available(SkillCheckTesting, *)
    @Test("a rule's findings aggregate: the worst outcome wins, each failing case is kept with the rule's fix")
    func aggregation() throws {
        let rule = try #require(RuleCatalog.standard["CAN-2"])
        let result = RuleResult(
            rule: rule,
            findings: [
                Reports.finding("CAN-2", .passed, subject: "case 1"),
                Reports.finding("CAN-2", .failed, subject: "case 2", seed: 42),
                Reports.finding("CAN-2", .failed, subject: "case 3", observed: "ran 10 s"),
            ])
        #expect(result.outcome == .failed)
        #expect(result.checks == 3)
        #expect(result.category == .cancellation && result.level == .must)
        #expect(result.findings.map(\.subject) == ["case 2", "case 3"])
        #expect(
            result.message
                == "case 2: expected ends within 5 s, observed still running (seed 42)\ncase 3: expected ends within 5 s, observed ran 10 s"
        )
        #expect(result.fix == rule.advice)
    }

    @available(SkillCheckTesting, *)
    @Test(
        "outcomes combine as failed > warning > skipped > passed > not-applicable; no finding at all is skipped",
        arguments: [
            ([Finding.Outcome.passed, .warning], RuleResult.Outcome.warning),
            ([.passed, .skipped(reason: "the run escaped (TIME-1)")], .skipped),
            ([.notApplicable, .passed], .passed),
            ([.notApplicable], .notApplicable),
            ([.skipped(reason: "x"), .failed], .failed),
            ([], .skipped),
        ])
    func precedence(outcomes: [Finding.Outcome], expected: RuleResult.Outcome) throws {
        let rule = try #require(RuleCatalog.standard["TIME-2"])
        let result = RuleResult(rule: rule, findings: outcomes.map { Reports.finding("TIME-2", $0) })
        #expect(result.outcome == expected)
        if outcomes.isEmpty { #expect(result.message == "not checked: no check recorded a finding for this rule") }
        if expected == .skipped, !outcomes.isEmpty { #expect(result.message?.contains("skipped (the run escaped (TIME-1))") == true) }
        #expect(result.fix == nil || expected == .warning || expected == .failed)
    }

    @available(SkillCheckTesting, *)
    @Test("a skill gets one result per catalogue rule, in catalogue order; an unknown rule's finding is a problem")
    func skillResults() {
        let skill = SkillReport(
            type: "NoteSkill", id: "note", findings: [Reports.finding("META-1", .passed), Reports.finding("XYZ-9", .failed)])
        #expect(skill.results.map(\.rule) == RuleCatalog.standard.rules.map(\.id))
        #expect(skill.result(for: "META-1")?.outcome == .passed)
        #expect(skill.result(for: "CAN-2")?.outcome == .skipped)
        #expect(skill.problem == "findings for rules this version of skillcheck does not know: XYZ-9")
    }

    @available(SkillCheckTesting, *)
    @Test("the JSON report reads back equal, and spells the schema's names")
    func roundTrip() throws {
        let report = Reports.report([Reports.finding("CAN-2", .failed, seed: 7), Reports.finding("TIME-2", .warning)])
        let json = try report.json()
        let back = try ConformanceReport.decode(Data(json.utf8))
        #expect(back == report)
        #expect(try back.json() == json)
        let document = try JSONParser.parse(Data(json.utf8), file: "report.json").value
        #expect(document["schema"] == .string("skillcheck.report/1"))
        #expect(document["package"]?["path"] == .string("/tmp/Notes"))
        guard case .array(let skills)? = document["skills"], case .array(let results)? = skills.first?["results"] else {
            Issue.record("no skills[0].results")
            return
        }
        #expect(skills.first?["type"] == .string("NoteSkill"))
        #expect(skills.first?["id"] == .string("note"))
        let can2 = try #require(results.first { $0["rule"] == .string("CAN-2") })
        #expect(can2["category"] == .string("cancellation"))
        #expect(can2["level"] == .string("MUST"))
        #expect(can2["outcome"] == .string("failed"))
        #expect(can2["message"] == .string("execute \"记录 a\": expected ends within 5 s, observed still running (seed 7)"))
        #expect(
            document["stages"].map { stages in
                guard case .array(let items) = stages else { return false }
                return items.last?["status"] == .string("skipped") && items.last?["reason"] == .string("--no-tsan")
            } == true)
        #expect(document["summary"]?["exitStatus"] == .number(1))
        #expect(document["summary"]?["failed"] == .number(1))
        #expect(document["summary"]?["warnings"] == .number(1))
    }

    @available(SkillCheckTesting, *)
    @Test("every category and outcome is spelt as the schema says")
    func vocabulary() {
        #expect(
            ConformanceRule.Category.allCases.map(\.rawValue) == [
                "sendable", "cancellation", "errors", "metadata", "time", "crash", "hang", "tools",
            ])
        #expect(RuleResult.Outcome.allCases.map(\.rawValue) == ["passed", "failed", "warning", "skipped", "not-applicable"])
        #expect(
            [StageResult.Status.ran, .reused, .skipped, .buildFailed, .error].map(\.rawValue)
                == ["ran", "reused", "skipped", "build-failed", "error"])
    }

    @available(SkillCheckTesting, *)
    @Test("a report of another schema is refused, naming both; the summary is computed, never read")
    func otherSchema() throws {
        let json = try Reports.report().json()
        #expect(throws: ConformanceReport.SchemaMismatch.self) {
            try ConformanceReport.decode(Data(json.replacingOccurrences(of: "skillcheck.report/1", with: "skillcheck.report/2").utf8))
        }
        let forged = json.replacingOccurrences(of: #""exitStatus" : 0"#, with: #""exitStatus" : 9"#)
        #expect(forged != json)
        #expect(try ConformanceReport.decode(Data(forged.utf8)).summary.exitStatus == 0)
    }

    @available(SkillCheckTesting, *)
    @Test("exit status: 2 when a stage did not build or finish, or no skill was checked")
    func brokenStages() {
        let built = Reports.report()
        #expect(built.summary.exitStatus == 0)
        for status in [StageResult.Status.buildFailed, .error] {
            let broken = Reports.report(stages: [StageResult(.static, status, diagnostics: ["Sources/A.swift:1:1: error: x"])])
            #expect(broken.summary.exitStatus == 2)
        }
        let empty = ConformanceReport(package: .init(path: "/tmp/x"), stages: Reports.stages, skills: [])
        #expect(empty.summary.exitStatus == 2)
        let skippedOnly = ConformanceReport(
            package: .init(path: "/tmp/x"), stages: Reports.stages,
            skills: [SkillReport(type: "NoteSkill", id: "note", findings: [])])
        #expect(skippedOnly.summary.exitStatus == 2, "every result skipped: nothing was checked")
        var problem = Reports.report()
        problem.skills[0].problem = "NoteSkill has no public init()"
        #expect(problem.summary.exitStatus == 1)
    }
}
