import Foundation
import SkillCheckCommand
import SkillScenarios
import TestSupport
import Testing

@Suite("A write that fails is reported, and fails the run")
struct WriteFailureTests {
    /// A failing transcript, and an artifacts "folder" that is a regular file, so that no artifact can be
    /// written, even by root.
    func blockedArtifacts() throws -> (folder: TemporaryFolder, runner: ScenarioRunner) {
        let folder = try TemporaryFolder()
        try folder.file("cases/bad.json", SampleTranscripts.failing)
        try folder.file("artifacts", "a file where the artifacts folder should be")
        let runner = ScenarioRunner(skills: Fixtures.skills, artifacts: folder.url.appendingPathComponent("artifacts"))
        return (folder, runner)
    }

    @available(SkillCheckTesting, *)
    @Test("an artifact that cannot be written makes the case unwritten, with the error in every report")
    func artifactFailure() throws {
        let (folder, runner) = try blockedArtifacts()
        let cases = try runner.run(paths: [folder("cases")])
        let scenario = try #require(cases.first)
        #expect(scenario.status == .unwritten)
        #expect(scenario.writeErrors.map(\.path) == [folder("artifacts/bad.actual.json")])
        #expect(scenario.artifact == nil)
        let message = "cannot write \(folder("artifacts/bad.actual.json")): \(folder("artifacts")) is not a folder"
        let text = ScenarioReport.render(cases, as: .text)
        #expect(text.contains(message))
        #expect(text.contains("step 1 › messages[1] › /content"), "the differences are still shown")
        #expect(text.hasSuffix("0 passed, 1 failed\n"))
        let json = try JSONParser.parse(Data(ScenarioReport.render(cases, as: .json).utf8), file: "report").value
        #expect(json["summary"]?["unwritten"] == .number(1))
        guard case .array(let reported)? = json["cases"], case .array(let errors)? = reported.first?["writeErrors"] else {
            Issue.record("no writeErrors in the JSON report")
            return
        }
        #expect(errors.first?["message"] == .string(message))
        #expect(ScenarioReport.render(cases, as: .junit).contains(#"errors="1""#))
        #expect(throws: ScenarioFailures.self) { try runner.verify(paths: [folder("cases")]) }
    }

    @available(SkillCheckTesting, *)
    @Test("skillcheck scenarios exits 2 when an artifact cannot be written")
    func commandExitStatus() throws {
        let (folder, _) = try blockedArtifacts()
        var printed = ""
        let status = try ScenariosCommand.run([folder("cases"), "--record", "never", "--artifacts", folder("artifacts")]) {
            printed += $0
        }
        #expect(status == 2)
        #expect(printed.contains("cannot write \(folder("artifacts/bad.actual.json"))"))
    }

    @available(SkillCheckTesting, *)
    @Test("--record all in a read-only folder fails the run and names the file, never a green tick")
    func readOnlyFolder() async throws {
        let folder = try TemporaryFolder()
        try folder.file("t.json", RecordTests.draft)
        #expect(chmod(folder.path, 0o555) == 0)
        // Root writes anywhere, so the child process that runs the command gives up root first.
        let result = await #expect(processExitsWith: .exitCode(2), observing: [\.standardOutputContent]) { [path = folder.path as String] in
            if getuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0) { exit(99) }
            let status = try ScenariosCommand.run([path, "--record", "all"]) { print($0, terminator: "") }
            exit(status)
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        #expect(output.contains("✘ draft (\(folder("t.json"))): a write failed"))
        #expect(output.contains("cannot write \(folder("t.json")): creating a temporary file in \(folder.path): Permission denied"))
        #expect(try TemporaryFolder.text(folder("t.json")) == RecordTests.draft)
    }
}
