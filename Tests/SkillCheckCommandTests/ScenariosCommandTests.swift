import Foundation
import SkillCheckCommand
import SkillScenarios
import TestSupport
import Testing

@Suite("skillcheck scenarios")
struct ScenariosCommandTests {
    func folder(_ files: [String: String]) throws -> String {
        let directory = try TemporaryFolder("cli")
        for (name, text) in files { try directory.file(name, text) }
        return directory.path
    }

    /// Runs the command with its output captured, so that the test log stays clean.
    func run(_ arguments: [String]) throws(UsageError) -> Int32 {
        var printed = ""
        return try ScenariosCommand.run(arguments) { printed += $0 }
    }

    @available(SkillCheckTesting, *)
    @Test("exit status 0 when every transcript passes, 1 when one fails, 2 when one cannot be read")
    func exitStatus() throws {
        let good = try folder(["a.json": SampleTranscripts.passing])
        #expect(try run([good, "--record", "never", "--output", good + "/report.txt"]) == 0)
        let bad = try folder(["a.json": SampleTranscripts.passing, "b.json": SampleTranscripts.failing])
        #expect(try run([bad, "--record", "never", "--output", bad + "/report.txt"]) == 1)
        let broken = try folder(["a.json": SampleTranscripts.failing, "b.json": "{"])
        #expect(try run([broken, "--record", "never", "--output", broken + "/report.txt"]) == 2)
    }

    @available(SkillCheckTesting, *)
    @Test("--output writes the report in the chosen format")
    func output() throws {
        let root = try folder(["a.json": SampleTranscripts.passing])
        let report = root + "/report.xml"
        #expect(try run([root, "--format", "junit", "--record", "never", "--output", report]) == 0)
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains(#"<testsuite name="skillcheck.scenarios" tests="1""#))
    }

    @available(SkillCheckTesting, *)
    @Test(
        "usage mistakes are errors that say what to type instead",
        arguments: [
            (["--format", "yaml"], "--format takes one of text, json, junit, html; found 'yaml'"),
            (["--record", "sometimes"], "--record takes one of never, missing, failed, all; found 'sometimes'"),
            (["--shard", "0/3"], "--shard takes i/n with 1 ≤ i ≤ n, such as 1/4; found '0/3'"),
            (
                ["--verbose"],
                "unknown option '--verbose' for 'scenarios'; its options are --filter, --shard, --record, --format, --output, --artifacts, --package, --scratch-path"
            ),
            (["--filter"], "--filter needs a value: <TEXT>"),
            (["no/such/folder"], "no such file or folder: no/such/folder"),
        ])
    func usageErrors(arguments: [String], message: String) {
        do {
            _ = try run(arguments)
            Issue.record("expected a usage error")
        } catch {
            #expect(error.message == message)
        }
    }

    @available(SkillCheckTesting, *)
    @Test("help is generated from the same declarations that parse")
    func help() {
        let help = ScenariosCommand.spec.help
        for option in ScenariosCommand.spec.options { #expect(help.contains(option.name)) }
        #expect(help.contains("USAGE: skillcheck scenarios [options] [PATHS...]"))
    }
}
