import Foundation
import SkillCheckCommand
import SkillConformance
import TestSupport
import Testing

extension ExamplePackageTests {
    /// `skillcheck check` through the real pipeline, end to end, in the scratch folder skillcheck keeps for
    /// the example (its harness is built by the suites before it).
    @Suite("skillcheck check through HarnessPipeline", .endToEnd)
    struct HarnessPipelineTests {
        @available(SkillCheckTesting, *)
        @Test("the reference skills: a JSON report with both skills, no MUST rule failed, the race stage skipped with --no-tsan")
        func referenceSkills() async throws {
            let root = DiscoveryTests.root
            let result = await run(
                [
                    "check", root.appendingPathComponent("Examples/ReferenceSkills").path, "--no-tsan", "--format", "json",
                    // --no-cache: the static stage must run, even when an earlier `swift test` left its memory.
                    "--no-cache", "--scratch-path", DiscoveryTests.userScratch("ReferenceSkills").path,
                ], pipeline: HarnessPipeline())
            #expect(result.status == 0, "\(result.error)")
            let report = try ConformanceReport.decode(Data(result.output.utf8))
            #expect(report.package.name == "ReferenceSkills")
            #expect(report.skills.map(\.type).sorted() == ["NoteSkill", "WeatherSkill"])
            #expect(report.skills.map(\.id).sorted() == ["note", "weather"])
            #expect(report.stage(.conformance)?.status == .ran)
            #expect(report.stage(.race)?.status == .skipped && report.stage(.race)?.reason == "--no-tsan")
            #expect(report.summary.failed == 0 && report.summary.passed > 0)
            for skill in report.skills {
                #expect(skill.results.count == RuleCatalog.standard.rules.count)
                #expect(skill.result(for: "CAN-2")?.outcome == .passed, "\(skill.type): \(skill.result(for: "CAN-2")?.message ?? "")")
            }
            #expect(result.error.contains("✔ conformance: done"), "progress on standard error")
            #expect(report.stage(.static)?.status == .ran)
        }
    }
}
