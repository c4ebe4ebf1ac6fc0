import Foundation
import SkillCheckCommand
import TestSupport
import Testing

extension ExamplePackageTests {
    /// `skillcheck scenarios --package` on the example packages, end to end: discovery, the generated
    /// harness, its `skillcheck-scenarios` program. They use the scratch folders `skillcheck check`'s tests
    /// use (`CheckExamplesTests`), so that both build one harness per package: the same harness, as the
    /// command shares it (minutes the first time, seconds after).
    @Suite("skillcheck scenarios --package on the example packages", .serialized, .endToEnd)
    struct ScenariosPackageExamplesTests {
        static let root = DiscoveryTests.root
        static let transcripts = root.appendingPathComponent("Examples/ReferenceSkills/Tests/ReferenceSkillsTests/Transcripts")

        /// `skillcheck scenarios --package Examples/<example> --scratch-path <check's> arguments...`.
        @available(SkillCheckTesting, *)
        static func scenarios(_ example: String, _ arguments: [String]) async -> Run {
            await run(
                [
                    "scenarios", "--package", root.appendingPathComponent("Examples/\(example)").path,
                    "--scratch-path", DiscoveryTests.userScratch(example).path,
                ] + arguments)
        }

        @available(SkillCheckTesting, *)
        @Test("the reference package's transcripts pass against its own skills (exit 0), and its help names them")
        func referencePasses() async throws {
            let result = await Self.scenarios("ReferenceSkills", [Self.transcripts.path, "--record", "never"])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output.contains("✔ a note, then the weather in 杭州"))
            #expect(result.output.contains("✔ the weather service is offline"))
            #expect(result.output.hasSuffix("2 passed, 0 failed\n"), "\(result.output)")

            let help = await Self.scenarios("ReferenceSkills", ["--help"])
            #expect(help.status == 0, "\(help.error)")
            #expect(help.output.contains("USAGE: skillcheck scenarios [options] [PATHS...]"))
            let package = Self.root.appendingPathComponent("Examples/ReferenceSkills").path
            #expect(help.output.contains("The skills a transcript can name (those of the package at \(package)): note, weather."))
        }

        @available(SkillCheckTesting, *)
        @Test("a transcript edited to fail: exit status 1, the difference, and the observed copy in --artifacts")
        func editedTranscriptFails() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skillcheck-package-scenarios-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let original = try String(contentsOf: Self.transcripts.appendingPathComponent("note-then-weather.json"), encoding: .utf8)
            let edited = original.replacingOccurrences(of: "已记录：周五交报告", with: "已记录：周四交报告")
            #expect(edited != original)
            try Data(edited.utf8).write(to: folder.appendingPathComponent("note-then-weather.json"))

            let artifacts = folder.appendingPathComponent("artifacts").path
            let result = await Self.scenarios("ReferenceSkills", [folder.path, "--record", "never", "--artifacts", artifacts])
            #expect(result.status == 1, "\(result.error)")
            #expect(result.output.contains("✘ a note, then the weather in 杭州"))
            #expect(result.output.contains("step 2 › messages[1] › /content\n    -已记录：周四交报告\n    +已记录：周五交报告"), "\(result.output)")
            #expect(FileManager.default.fileExists(atPath: artifacts + "/note-then-weather.actual.json"))
            // --record never: the transcript is left as it was.
            #expect(try String(contentsOf: folder.appendingPathComponent("note-then-weather.json"), encoding: .utf8) == edited)
        }

        @available(SkillCheckTesting, *)
        @Test("a package without a catalogue: each skill type is registered, and an id two types share is an error naming both")
        func sharedID() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skillcheck-package-scenarios-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try Data(#"{"schema": "skillcheck.transcript/1", "skills": ["note"], "steps": [{"send": "记一下周五交报告"}]}"#.utf8)
                .write(to: folder.appendingPathComponent("archive.json"))

            let result = await Self.scenarios("BrokenSkills", [folder.path, "--record", "never"])
            #expect(result.status == 2, "\(result.error)")
            #expect(
                result.output.contains(#"found "note", the id of 2 skills (BrokenSkills.ArchiveNoteSkill, BrokenSkills.TeamNoteSkill)"#),
                "\(result.output)")
            let help = await Self.scenarios("BrokenSkills", ["--help"])
            #expect(help.output.contains("umbrella") && help.output.contains("note,"), "\(help.output)")
        }
    }
}
