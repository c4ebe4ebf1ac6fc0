import Foundation
import SkillCheckCommand
import SkillConformance
import TestSupport
import Testing

@Suite("skillcheck check: exit status, --strict and --baseline")
struct ExitStatusTests {
    func check(_ report: ConformanceReport, _ arguments: [String] = [], in package: TemporaryFolder) async -> Run {
        await run(["check", package.path, "--format", "json"] + arguments, pipeline: FakePipeline(report: report))
    }

    static let baseline = """
        {
          "schema": "skillcheck.baseline/1",
          "expectedFailures": [
            {"skill": "NoteSkill", "rule": "CAN-2", "reason": "retry loop ignores cancellation until #12"}
          ]
        }
        """

    @available(SkillCheckTesting, *)
    @Test("0 when every MUST rule passes (a SHOULD warning too), 1 when one fails")
    func mustFails() async throws {
        let package = try TemporaryFolder.withManifest()
        #expect(await check(Reports.report(), in: package).status == 0)
        #expect(await check(Reports.report([Reports.finding("TIME-2", .warning)]), in: package).status == 0)
        let failed = await check(Reports.report([Reports.finding("CAN-2", .failed)]), in: package)
        #expect(failed.status == 1)
        #expect(try ConformanceReport.decode(Data(failed.output.utf8)).summary.failed == 1)
    }

    @available(SkillCheckTesting, *)
    @Test("--strict makes a SHOULD warning fail the run, and the report says it was strict")
    func strict() async throws {
        let package = try TemporaryFolder.withManifest()
        let result = await check(Reports.report([Reports.finding("TIME-2", .warning)]), ["--strict"], in: package)
        #expect(result.status == 1)
        #expect(try ConformanceReport.decode(Data(result.output.utf8)).strict)
    }

    @available(SkillCheckTesting, *)
    @Test("a baselined failure does not fail the run, and keeps its reason in the report")
    func baselined() async throws {
        let package = try TemporaryFolder.withManifest()
        let file = try package.file("baseline.json", Self.baseline)
        let result = await check(Reports.report([Reports.finding("CAN-2", .failed)]), ["--baseline", file], in: package)
        #expect(result.status == 0, "\(result.error)")
        let report = try ConformanceReport.decode(Data(result.output.utf8))
        #expect(report.skills[0].result(for: "CAN-2")?.baseline == "retry loop ignores cancellation until #12")
        #expect(report.skills[0].result(for: "CAN-2")?.outcome == .failed, "the outcome stays what was found")
        #expect(report.summary.baselined == 1 && report.summary.failed == 0)
    }

    @available(SkillCheckTesting, *)
    @Test("a baselined rule that now passes is stale and fails the run; so is one naming no checked skill")
    func stale() async throws {
        let package = try TemporaryFolder.withManifest()
        let file = try package.file("baseline.json", Self.baseline)
        let passing = await check(Reports.report(), ["--baseline", file], in: package)
        #expect(passing.status == 1)
        let report = try ConformanceReport.decode(Data(passing.output.utf8))
        #expect(
            report.stale == [
                .init(
                    skill: "NoteSkill", rule: "CAN-2", reason: "retry loop ignores cancellation until #12",
                    why: "it passes now: remove it from the baseline")
            ])
        let text = await run(["check", package.path, "--baseline", file], pipeline: FakePipeline(report: Reports.report()))
        #expect(text.output.contains("Stale baseline entries (remove them from the baseline):\n✘ NoteSkill CAN-2: it passes now"))
        let renamed = try package.file("renamed.json", Self.baseline.replacingOccurrences(of: "NoteSkill", with: "NotesSkill"))
        let gone = await check(Reports.report([Reports.finding("CAN-2", .failed)]), ["--baseline", renamed], in: package)
        #expect(gone.status == 1)
        #expect(gone.output.contains("no skill with this type or id was checked (checked: NoteSkill (note), WeatherSkill (weather))"))
        let narrowed = await check(Reports.report(), ["--baseline", renamed, "--skill", "weather"], in: package)
        #expect(narrowed.status == 0, "--skill leaves the other skills' entries unjudged")
    }

    @available(SkillCheckTesting, *)
    @Test("a skipped rule neither confirms nor staled its baseline entry")
    func skippedEntry() async throws {
        let package = try TemporaryFolder.withManifest()
        let file = try package.file("baseline.json", Self.baseline)
        let result = await check(
            Reports.report([Reports.finding("CAN-2", .skipped(reason: "--no-tsan"))]), ["--baseline", file], in: package)
        #expect(result.status == 0)
    }

    @available(SkillCheckTesting, *)
    @Test(
        "a malformed baseline is a usage error naming the file, the JSON pointer, line:column and what was expected",
        arguments: [
            (
                #"{"schema": "skillcheck.baseline/1", "expectedFailures": [{"skill": "NoteSkill", "rule": "CAN2", "reason": "x"}]}"#,
                #"/expectedFailures/0/rule: expected a rule id of the catalogue (did you mean "CAN-2"?), found "CAN2""#, "1:89"
            ),
            (
                "{\"schema\": \"skillcheck.baseline/1\",\n \"expectedFailures\": [{\"skill\": \"NoteSkill\", \"rule\": \"CAN-2\"}]}",
                #"/expectedFailures/0: expected a member "reason", found an object without it"#, "2:23"
            ),
            (
                #"{"schema": "skillcheck.baseline/1", "expectedFailures": [{"skill": "NoteSkill", "rule": "CAN-2", "reason": ""}]}"#,
                "/expectedFailures/0/reason: expected a reason that says why this failure is accepted, found an empty string", "1:108"
            ),
            (
                #"{"schema": "skillcheck.baseline/1", "expectedFailure": []}"#,
                #"/expectedFailure: expected one of the members "schema", "expectedFailures" (did you mean "expectedFailures"?), found "expectedFailure""#,
                "1:56"
            ),
            (
                #"{"schema": "skillcheck.baseline/2", "expectedFailures": []}"#,
                #"/schema: expected "skillcheck.baseline/1", found "skillcheck.baseline/2""#, "1:12"
            ),
            (
                #"{"schema": "skillcheck.baseline/1", "expectedFailures": [{"skill": "a", "rule": "CAN-2", "reason": "x"}, {"skill": "a", "rule": "CAN-2", "reason": "y"}]}"#,
                "/expectedFailures/1: expected each skill and rule once, found a second entry for a CAN-2 (the first is /expectedFailures/0)",
                "1:106"
            ),
            ("{\"schema\": ", "/schema: expected a value, found the end of the file", "1:12"),
        ])
    func malformed(text: String, message: String, location: String) async throws {
        let package = try TemporaryFolder.withManifest()
        let file = try package.file("baseline.json", text)
        let result = await check(Reports.report(), ["--baseline", file], in: package)
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("error: baseline \(file):\(location): \(message)"), "\(result.error)")
        #expect(result.output.isEmpty)
    }

    @available(SkillCheckTesting, *)
    @Test("a baseline file that cannot be read is a usage error that says why")
    func unreadable() async throws {
        let package = try TemporaryFolder.withManifest()
        let result = await check(Reports.report(), ["--baseline", package("missing.json")], in: package)
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("error: cannot read the baseline \(package("missing.json")): No such file or directory"))
    }

    @available(SkillCheckTesting, *)
    @Test("--output writes the report through FileWriter and prints a summary line; a write that fails is exit 2")
    func output() async throws {
        let package = try TemporaryFolder.withManifest()
        let target = package("reports/skillcheck.xml")
        let result = await run(
            ["check", package.path, "--format", "junit", "--output", target],
            pipeline: FakePipeline(report: Reports.report([Reports.finding("CAN-2", .failed)])))
        #expect(result.status == 1)
        #expect(result.output == "\(Reports.results - 1) passed, 1 failed (report: \(target))\n")
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("<?xml"))
        let folder = await run(["check", package.path, "--output", package("reports")], pipeline: FakePipeline(report: Reports.report()))
        #expect(folder.status == 2)
        #expect(folder.error.hasPrefix("error: cannot write \(package("reports")): it is a folder, not a file"))
    }

    @available(SkillCheckTesting, *)
    @Test("a pipeline that can make no report: exit 2 with its reason; a stage that failed to build: exit 2 with the report")
    func pipelineFailures() async throws {
        let package = try TemporaryFolder.withManifest()
        let failing = FakePipeline { _, _ throws(CheckError) in
            throw .packageUnreadable(path: "/p", reason: "swift package describe failed")
        }
        let failed = await run(["check", package.path], pipeline: failing)
        #expect(failed.status == 2)
        #expect(failed.error == "error: cannot read the package at /p: swift package describe failed\n")
        let unbuilt = Reports.report(stages: [StageResult(.static, .buildFailed, diagnostics: ["A.swift:1:1: error: x"])])
        let result = await check(unbuilt, in: package)
        #expect(result.status == 2)
        #expect(try ConformanceReport.decode(Data(result.output.utf8)).stage(.static)?.diagnostics == ["A.swift:1:1: error: x"])
    }

    @available(SkillCheckTesting, *)
    @Test("the pipeline gets the parsed options and reports progress on standard error, never standard output")
    func progressOnStandardError() async throws {
        let package = try TemporaryFolder.withManifest()
        let pipeline = FakePipeline { options, progress throws(CheckError) in
            progress.stageStarted(.conformance, detail: "2 skills")
            progress.skillFinished("NoteSkill", stage: .conformance, summary: "22 passed")
            progress.stageFinished(StageResult(.race, .skipped, reason: options.runsRaceStage ? "?" : "--no-tsan"))
            return Reports.report()
        }
        let result = await run(["check", package.path, "--no-tsan", "--format", "json"], pipeline: pipeline)
        #expect(result.status == 0)
        #expect(result.error == "[conformance] 2 skills…\n✔ [conformance] NoteSkill: 22 passed\n– race: skipped (--no-tsan)\n")
        #expect(try ConformanceReport.decode(Data(result.output.utf8)) == Reports.report())
    }

    @available(SkillCheckTesting, *)
    @Test(
        "on a terminal, progress is one live line in colour, cleared before the report; NO_COLOR keeps it plain",
        arguments: [([String: String](), true), (["NO_COLOR": "1"], false)])
    func liveProgress(environment: [String: String], coloured: Bool) async throws {
        let package = try TemporaryFolder.withManifest()
        let pipeline = FakePipeline { _, progress throws(CheckError) in
            progress.skillStarted("NoteSkill", stage: .conformance)
            progress.stageFinished(StageResult(.conformance, .ran))
            return Reports.report()
        }
        let result = await run(["check", package.path], pipeline: pipeline, environment: environment, errorIsTerminal: true)
        #expect(result.status == 0)
        #expect(result.error.hasPrefix("\r\u{1B}[2K[conformance] NoteSkill…"))
        #expect(result.error.hasSuffix("\r\u{1B}[2K"), "the live line is cleared before the report")
        #expect(result.error.contains("\u{1B}[32m✔\u{1B}[0m conformance: done") == coloured)
        #expect(result.error.contains("✔ conformance: done") != coloured)
    }
}
