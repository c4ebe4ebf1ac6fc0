import Foundation
import SkillCheckCommand
import SkillCheckSupport
import SkillConformance
import Testing

extension ExamplePackageTests {
    /// `swift package skillcheck` in the example package, which depends on this kit by path: the plugin builds
    /// the `skillcheck` tool once for the kit's sources into the shared build folder (about 35 s the first
    /// time), and runs it. One test, because it builds: the harness goes to a scratch folder kept under this
    /// package's `.build/skillcheck-tests/`, so later runs take seconds per stage.
    @Suite("The command plugin: swift package skillcheck", .endToEnd)
    struct PluginTests {
        static let package = DiscoveryTests.root.appendingPathComponent("Examples/ReferenceSkills")

        static func swiftPackage(_ arguments: [String], environment: [String: String] = [:]) async throws -> ToolRunner.Run {
            try await offThePool("swift package skillcheck") {
                // NO_COLOR: SwiftPM's own lines come plain.
                try ToolRunner.run(
                    ["swift", "package", "--package-path", package.path, "skillcheck"] + arguments,
                    environment: environment.merging(["NO_COLOR": "1"]) { $1 }, timeout: .seconds(900))
            }
        }

        @available(SkillCheckTesting, *)
        @Test("runs skillcheck on its package with the arguments given, progress passed on, and the status turned into a failure")
        func plugin() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skillcheck-plugin-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let junit = folder.appendingPathComponent("report.xml").path
            let summary = folder.appendingPathComponent("summary.md").path
            try Data("earlier step\n".utf8).write(to: URL(fileURLWithPath: summary))

            // SwiftPM holds Examples/ReferenceSkills/.build locked while the plugin runs: every SwiftPM call
            // skillcheck makes on the package must use a scratch path outside it, or this never ends. The one
            // skillcheck keeps for the example is (its harness is built by the suites before this one).
            let scratch = DiscoveryTests.userScratch("ReferenceSkills").path
            // --no-cache: the same report whether or not an earlier `swift test` left the run's memory.
            let run = try await Self.swiftPackage(
                ["--no-tsan", "--no-cache", "--format", "junit", "--output", junit, "--scratch-path", scratch],
                environment: ["GITHUB_STEP_SUMMARY": summary])
            let printed = run.standardOutput + run.standardError
            #expect(run.succeeded && !run.timedOut, "\(printed)")
            #expect(run.standardError.contains("[SkillCheckPlugin] discovering skills in \(Self.package.path)"))
            let report = try String(contentsOfFile: junit, encoding: .utf8)
            #expect(report.contains("NoteSkill") && report.contains("WeatherSkill") && !report.contains("<failure"))
            #expect(run.standardOutput.contains("(report: \(junit))"))
            #expect(try String(contentsOfFile: summary, encoding: .utf8).hasPrefix("earlier step\n\n### skillcheck: ReferenceSkills\n"))

            // A usage error (skillcheck's exit status 2): SwiftPM exits 1 whatever the status, so the plugin says which.
            let wrong = try await Self.swiftPackage(["--strictt"])
            #expect(wrong.status == 1)
            #expect(wrong.standardError.contains("unknown option '--strictt'"))
            #expect(wrong.standardError.contains("skillcheck exited with status 2: nothing was checked"))
            // The tool built for these kit sources is kept and run again, not built again.
            #expect(!wrong.standardError.contains("building skillcheck"), "\(wrong.standardError)")
        }
    }
}
