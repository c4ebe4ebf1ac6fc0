import Foundation
import SkillCheckCommand
import SkillScenarios
import TestSupport
import Testing

/// `$GITHUB_STEP_SUMMARY` is injected through the command's environment: no real GitHub.
@Suite("skillcheck scenarios adds its summary to $GITHUB_STEP_SUMMARY")
struct ScenariosStepSummaryTests {

    @available(SkillCheckTesting, *)
    @Test("after what is there: the shard, the counts, and each transcript that did not pass with its differences")
    func appends() throws {
        let folder = try TemporaryFolder("summary")
        try folder.file("t/a.json", SampleTranscripts.passing)
        try folder.file("t/b.json", SampleTranscripts.failing)
        try folder.file("t/c.json", "{")
        let summary = try folder.file("summary.md", "earlier step\n")
        var printed = ""
        let status = try ScenariosCommand.run(
            [folder("t"), "--record", "never", "--shard", "1/1", "--artifacts", folder("artifacts")],
            environment: ["GITHUB_STEP_SUMMARY": summary]
        ) { printed += $0 }
        #expect(status == 2)
        let text = try TemporaryFolder.text(summary)
        #expect(text.hasPrefix("earlier step\n\n### skillcheck scenarios (shard 1/1)\n\n"))
        #expect(text.contains("❌ **Error**: 3 transcripts, 1 passed, 2 failed"))
        #expect(text.contains("| 1 | 1 | 1 | 0 | 0 |"))
        #expect(text.contains("- ❌ **b** (`\(folder("t/b.json"))`)\n  - "))
        #expect(text.contains("  - actual transcript: `\(folder("artifacts"))"))
        #expect(text.contains("- ❌ **c** (`\(folder("t/c.json"))`): invalid transcript\n  - "))
        #expect(!text.contains("**a**"), "a pass is counted, not listed")
        #expect(printed.contains("1 passed, 2 failed"), "the report is printed as before")
    }

    @available(SkillCheckTesting, *)
    @Test("unset, nothing is written; a summary that cannot be written is a usage error (exit status 2)")
    func unsetAndFailed() throws {
        let folder = try TemporaryFolder("summary")
        try folder.file("t/a.json", SampleTranscripts.passing)
        var printed = ""
        #expect(try ScenariosCommand.run([folder("t"), "--record", "never"], environment: [:]) { printed += $0 } == 0)
        #expect(try folder.contents() == ["t"])
        #expect {
            try ScenariosCommand.run([folder("t"), "--record", "never"], environment: ["GITHUB_STEP_SUMMARY": folder("t")]) {
                printed += $0
            }
        } throws: { error in
            "\(error)".contains("cannot add the summary to $GITHUB_STEP_SUMMARY: cannot write \(folder("t")): it is a folder")
        }
    }
}
