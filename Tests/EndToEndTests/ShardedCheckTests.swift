import Foundation
import SkillCheckCommand
import TestSupport
import Testing

extension ExamplePackageTests {
    /// `check --shard` over three shards of BrokenSkills, merged, against one unsharded run.
    @Suite("check --shard 1/3, 2/3 and 3/3 of BrokenSkills, merged, give the unsharded report", .endToEnd)
    struct ShardedCheckTests {
        /// Each skill's type, id, problem and outcome per rule, and the stages' statuses: what a run
        /// decides. The observed texts are left out: some fixtures are nondeterministic on purpose
        /// (random UUIDs, real sleeps), and that is what they are caught for.
        struct Verdict: Equatable, CustomStringConvertible {
            var skills: [String]
            var stages: [String]
            var summary: ConformanceReport.Summary

            @available(SkillCheckTesting, *)
            init(_ report: ConformanceReport) {
                skills = report.skills.map { skill in
                    "\(skill.type) \(skill.id) \(skill.problem ?? "") "
                        + skill.results.map { "\($0.rule)=\($0.outcome.rawValue)" }.joined(separator: " ")
                }
                stages = report.stages.map { "\($0.stage.rawValue)=\($0.status.rawValue) \($0.diagnostics)" }
                summary = report.summary
            }

            var description: String { (stages + skills).joined(separator: "\n") }
        }

        @available(SkillCheckTesting, *)
        @Test("the merged report has every skill once, in order, with the same outcomes, verdict and exit status")
        func mergedEqualsUnsharded() async throws {
            let folder = try TemporaryFolder("shards")
            defer { try? FileManager.default.removeItem(at: folder.url) }
            let package = ExamplePackages.broken.path
            // --no-cache: every run compiles the static stage again, as the first run of a CI job does.
            let common = [
                package, "--no-tsan", "--no-cache", "--format", "json", "--scratch-path", DiscoveryTests.userScratch("BrokenSkills").path,
            ]
            let whole = await run(["check"] + common + ["--output", folder("whole.json")], pipeline: HarnessPipeline())
            var shards: [String] = []
            for index in 1...3 {
                let file = folder("shard-\(index).json")
                let shard = await run(["check"] + common + ["--shard", "\(index)/3", "--output", file], pipeline: HarnessPipeline())
                #expect([0, 1].contains(shard.status), "\(shard.error)")
                shards.append(file)
            }
            let merged = await run(["merge", "--format", "json", "--output", folder("merged.json")] + shards.reversed())
            #expect(merged.status == whole.status && whole.status == 1, "\(merged.error)")
            let expected = try ConformanceReport.decode(Data(contentsOf: URL(fileURLWithPath: folder("whole.json"))))
            let found = try ConformanceReport.decode(Data(contentsOf: URL(fileURLWithPath: folder("merged.json"))))
            #expect(Verdict(found) == Verdict(expected))
            #expect(found.skills.count == expected.skills.count && expected.skills.count > 30)
            // META-2 compares each id with every skill's, not only its shard's: ArchiveNoteSkill and
            // TeamNoteSkill share "note" and are dealt to different shards.
            #expect(found.skills.first { $0.type == "ArchiveNoteSkill" }?.result(for: "META-2")?.outcome == .failed)
        }
    }
}
