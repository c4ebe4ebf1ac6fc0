import Foundation
import SkillCheckCommand
import SkillConformance
import Testing

/// Discovery reads real packages with the toolchain, so these tests build them (symbol graphs) in scratch
/// folders of their own under this package's `.build/`, kept between runs.
@Suite("Discovery finds a package's skills the way the toolchain sees them", .endToEnd)
struct DiscoveryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL
    static func scratch(_ name: String) -> URL { root.appendingPathComponent(".build/skillcheck-tests/\(name)") }
    /// The scratch folder `skillcheck` itself uses for an example package (under `~/.cache/skillcheck`): the
    /// tests that check the examples build their harnesses there, so that `swift run skillcheck
    /// Examples/<example>` afterwards (as `.ci/run` does) starts from those builds.
    static func userScratch(_ example: String) -> URL {
        ConformanceRun.defaultScratch(for: root.appendingPathComponent("Examples/\(example)"))
    }

    @Test("the reference skills: a catalogue, and both skills with their public init() and source line")
    func referenceSkills() async throws {
        // Discovery waits for SwiftPM off the pool: other tests need the pool's two threads meanwhile.
        let found = try await SkillDiscovery.discover(
            at: Self.root.appendingPathComponent("Examples/ReferenceSkills"),
            scratch: Self.scratch("reference-symbols"))
        #expect(found.package.name == "ReferenceSkills")
        #expect(found.kit.path == Self.root.path)
        #expect(found.catalogs.map(\.description) == ["ReferenceSkills.ReferenceSkills"])
        #expect(Set(found.instantiable.map(\.description)) == ["ReferenceSkills.NoteSkill", "ReferenceSkills.WeatherSkill"])
        let note = try #require(found.skills.first { $0.typeName == "NoteSkill" })
        #expect(note.file?.hasSuffix("Sources/ReferenceSkills/NoteSkill.swift") == true && note.line == 7)
    }

    @Test("a package of tool skills only: each found as a ToolSkill made with init(context:), and the harness gives it the check's context")
    func toolSkills() async throws {
        let found = try await SkillDiscovery.discover(
            at: Self.root.appendingPathComponent("Examples/ToolSkills"),
            scratch: Self.scratch("tools-symbols"))
        #expect(found.catalogs.isEmpty)
        #expect(found.instantiable.map(\.typeName).sorted() == ["CalendarTool", "NotesTool", "WeatherTool"])
        #expect(found.skills.allSatisfy { $0.kind == .tool && $0.takesContext })
        let harness = HarnessPackage(discovery: found, folder: Self.scratch("tools-harness"))
        let subjects = try #require(try harness.files().first { $0.path.hasSuffix("SkillsUnderTest.swift") }?.text)
        #expect(subjects.contains("SkillUnderTest(tool: { context in WeatherTool(context: context) })"), "\(subjects)")
        // The scenarios program has no AgentSkill to register here; it registers each tool skill for
        // tool-calling transcripts, made with the replay's context.
        let packageSkills = try #require(try harness.files().first { $0.path.hasSuffix("PackageSkills.swift") }?.text)
        #expect(packageSkills.contains("{ context in WeatherTool(context: context) }"), "\(packageSkills)")
    }

    @Test("a folder that is no package is an error that names it and shows the tool's words")
    func notAPackage() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skillcheck-not-a-package-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        await #expect {
            try await SkillDiscovery.discover(at: folder, scratch: Self.scratch("none"))
        } throws: { error in
            guard case DiscoveryFailure.notAPackage(let path, let lines)? = error as? DiscoveryFailure else { return false }
            return path == folder.path && !lines.isEmpty
        }
    }
}
