import Foundation
import SkillCheckCommand
import SkillConformance
import TestSupport
import Testing

/// `$GITHUB_STEP_SUMMARY` is injected through the command line's environment: no real GitHub.
@Suite("skillcheck check adds its summary to $GITHUB_STEP_SUMMARY")
struct StepSummaryTests {
    @available(SkillCheckTesting, *)
    @Test("the summary goes after what earlier steps wrote; the report and the exit status are unchanged")
    func appends() async throws {
        let package = try TemporaryFolder.withManifest()
        let summary = try package.file("summary.md", "## Build\n\nearlier step\n")
        let report = Reports.report([Reports.finding("CAN-2", .failed)])
        let result = await run(
            ["check", package.path], pipeline: FakePipeline(report: report),
            environment: ["GITHUB_STEP_SUMMARY": summary])
        #expect(result.status == 1)
        #expect(result.output == TextReport().render(report.judged(strict: false, baseline: nil, selection: [])))
        let text = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(text.hasPrefix("## Build\n\nearlier step\n\n### skillcheck: Notes\n\n❌ **Failed**: "))
        #expect(text.contains("| NoteSkill (note) | ✅ | ❌ |"))

        // A second command in the same step adds its own, after the first.
        _ = await run(
            ["check", package.path], pipeline: FakePipeline(report: Reports.report()),
            environment: ["GITHUB_STEP_SUMMARY": summary])
        let both = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(both.hasPrefix(text) && both.dropFirst(text.count).contains("✅ **Passed**"))
    }

    @available(SkillCheckTesting, *)
    @Test("unset or empty, nothing is written anywhere", arguments: [[String: String](), ["GITHUB_STEP_SUMMARY": ""]])
    func unset(environment: [String: String]) async throws {
        let package = try TemporaryFolder.withManifest()
        let result = await run(["check", package.path], pipeline: FakePipeline(report: Reports.report()), environment: environment)
        #expect(result.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: package.path) == ["Package.swift"])
    }

    @available(SkillCheckTesting, *)
    @Test(
        "a summary that cannot be written is exit status 2 with the reason, even when every rule passed",
        arguments: [("a-folder", "it is a folder"), ("no/such/folder/summary.md", "does not exist")])
    func failedAppend(name: String, reason: String) async throws {
        let package = try TemporaryFolder.withManifest()
        try FileManager.default.createDirectory(atPath: package("a-folder"), withIntermediateDirectories: true)
        let result = await run(
            ["check", package.path], pipeline: FakePipeline(report: Reports.report()),
            environment: ["GITHUB_STEP_SUMMARY": package(name)])
        #expect(result.status == 2)
        #expect(result.output.contains("✔ passed"), "the report is still printed")
        #expect(result.error.contains("error: cannot add the summary to $GITHUB_STEP_SUMMARY: cannot write \(package(name)): "))
        #expect(result.error.contains(reason))
        #expect(!FileManager.default.fileExists(atPath: package("no")))
    }

    @available(SkillCheckTesting, *)
    @Test("when no report can be made, the summary says the package was not checked, and why")
    func noReport() async throws {
        let package = try TemporaryFolder.withManifest()
        let summary = package("summary.md")
        let failing = FakePipeline { _, _ throws(CheckError) in
            throw .packageUnreadable(path: package.path, reason: "swift package describe failed")
        }
        let result = await run(["check", package.path], pipeline: failing, environment: ["GITHUB_STEP_SUMMARY": summary])
        #expect(result.status == 2)
        let text = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(text.contains("❌ **Not checked**: cannot read the package at \(package.path): swift package describe failed"))
    }
}
