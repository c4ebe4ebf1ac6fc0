import Foundation
import SkillCheckCommand
import SkillScenarios
import TestSupport
import Testing

@Suite("skillcheck scenarios: where the report goes, and runs that find nothing")
struct CommandOutputTests {
    func run(_ arguments: [String]) throws(UsageError) -> (status: Int32, printed: String) {
        var printed = ""
        let status = try ScenariosCommand.run(arguments) { printed += $0 }
        return (status, printed)
    }

    @available(SkillCheckTesting, *)
    @Test("--output - and --output /dev/stdout print the report on standard output", arguments: ["-", "/dev/stdout"])
    func standardOutput(output: String) throws {
        let folder = try TemporaryFolder()
        try folder.file("a.json", SampleTranscripts.passing)
        let (status, printed) = try run([folder.path, "--record", "never", "--format", "junit", "--output", output])
        #expect(status == 0)
        #expect(printed.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        #expect(TemporaryFolder.kind("/dev/stdout", following: false) == mode_t(S_IFLNK))
    }

    @available(SkillCheckTesting, *)
    @Test("--output into a symbolic link writes its target; into a folder is an error that says so")
    func outputTargets() throws {
        let folder = try TemporaryFolder()
        try folder.file("a.json", SampleTranscripts.passing)
        try folder.file("reports/report.txt", "old")
        try folder.link("latest.txt", to: "reports/report.txt")
        #expect(try run([folder("a.json"), "--record", "never", "--output", folder("latest.txt")]).status == 0)
        #expect(TemporaryFolder.kind(folder("latest.txt"), following: false) == mode_t(S_IFLNK))
        #expect(try TemporaryFolder.text(folder("reports/report.txt")).hasSuffix("1 passed, 0 failed\n"))
        #expect(throws: UsageError.self) { try run([folder("a.json"), "--output", folder("reports")]) }
        do {
            _ = try run([folder("a.json"), "--record", "never", "--output", folder("reports")])
        } catch {
            #expect(error.message.hasPrefix("cannot write \(folder("reports")): it is a folder, not a file"))
        }
    }

    @available(SkillCheckTesting, *)
    @Test("an empty folder, or a filter that matches nothing, is an input error (exit 2), never '0 transcripts'")
    func nothingFound() throws {
        let folder = try TemporaryFolder()
        try folder.folder("empty")
        try folder.file("full/a.json", SampleTranscripts.passing)
        for (arguments, message) in [
            ([folder("empty")], "no transcript (a .json file) in \(folder("empty"))"),
            ([folder("full"), "--filter", "zzz"], "no transcript matched --filter 'zzz' among the 1 found"),
        ] {
            do {
                _ = try run(arguments + ["--record", "never"])
                Issue.record("expected an error for \(arguments)")
            } catch {
                #expect(error.message.hasPrefix(message))
            }
        }
    }
}
