import Foundation
import SkillCheckCommand
import SkillConformance
import TestSupport
import Testing

/// What a second `skillcheck` run may reuse: the fingerprint that says nothing changed, and the memory
/// file that holds the discovery and the static stage's evidence.
@Suite("Reusing an unchanged package's discovery and builds")
struct RunMemoryTests {
    /// A throwaway folder with a package-like tree: `Package.swift`, a source, and a `.build` folder.
    static func tree() throws -> URL {
        let folder = try TemporaryFolder("fingerprint").url
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources/Notes"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".build/debug"), withIntermediateDirectories: true)
        try "// swift-tools-version:6.2\n".write(to: folder.appendingPathComponent("Package.swift"), atomically: false, encoding: .utf8)
        try "struct Note {}\n".write(to: folder.appendingPathComponent("Sources/Notes/Note.swift"), atomically: false, encoding: .utf8)
        return folder
    }

    static func setModified(_ url: URL, _ seconds: TimeInterval) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: url.path)
    }

    @Test("the same tree gives the same fingerprint; the build folder is not part of it")
    func stable() throws {
        let folder = try Self.tree()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = PackageFingerprint(roots: [folder.path], tools: [])
        try "object code".write(to: folder.appendingPathComponent(".build/debug/Note.o"), atomically: false, encoding: .utf8)
        #expect(PackageFingerprint(roots: [folder.path], tools: []) == first)
    }

    @Test("an edit, a touch, a new file, a removed file or a new link each change it")
    func changes() throws {
        let folder = try Self.tree()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("Sources/Notes/Note.swift")
        try Self.setModified(source, 1_000)
        var seen = [PackageFingerprint(roots: [folder.path], tools: []).value]
        // The same size, another time: an edit that kept the length.
        try "struct Nope {}\n".write(to: source, atomically: false, encoding: .utf8)
        try Self.setModified(source, 2_000)
        seen.append(PackageFingerprint(roots: [folder.path], tools: []).value)
        try Self.setModified(source, 2_000.5)
        seen.append(PackageFingerprint(roots: [folder.path], tools: []).value)
        try "struct Tag {}\n".write(to: folder.appendingPathComponent("Sources/Notes/Tag.swift"), atomically: false, encoding: .utf8)
        seen.append(PackageFingerprint(roots: [folder.path], tools: []).value)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("Sources/Notes/Alias.swift").path,
            withDestinationPath: "Tag.swift")
        seen.append(PackageFingerprint(roots: [folder.path], tools: []).value)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Sources/Notes/Tag.swift"))
        seen.append(PackageFingerprint(roots: [folder.path], tools: []).value)
        #expect(Set(seen).count == seen.count, "each change must give a new fingerprint: \(seen)")
    }

    @Test("a report the run writes inside the package, through a redirect or --output, is not part of it")
    func ownOutputs() throws {
        let folder = try Self.tree()
        defer { try? FileManager.default.removeItem(at: folder) }
        // `skillcheck . > report.txt 2>&1`: the run's output stream is a file in the package, growing as it runs.
        let redirect = folder.appendingPathComponent("report.txt")
        try "".write(to: redirect, atomically: false, encoding: .utf8)
        let stream = try FileHandle(forWritingTo: redirect)
        defer { try? stream.close() }
        let report = folder.appendingPathComponent("skillcheck.json").path
        let read = { PackageFingerprint(roots: [folder.path], tools: [], ignoring: [report], outputDescriptors: [stream.fileDescriptor]) }
        let first = read()
        try stream.write(contentsOf: Data("discovering skills…\n".utf8))
        try #"{"schema": "skillcheck.report/1"}"#.write(toFile: report, atomically: true, encoding: .utf8)
        #expect(read() == first)
        // Any other file is still read: the same write to a file of the package that is not the run's output changes it.
        try "notes\n".write(to: folder.appendingPathComponent("NOTES.md"), atomically: false, encoding: .utf8)
        #expect(read() != first)
        #expect(PackageFingerprint(roots: [folder.path], tools: [], outputDescriptors: []) != read())
    }

    @Test("a changed tool (skillcheck or swift) changes it")
    func tools() throws {
        let folder = try Self.tree()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tool = folder.appendingPathComponent("swift")
        try "#!/bin/sh\n".write(to: tool, atomically: false, encoding: .utf8)
        try Self.setModified(tool, 1_000)
        let before = PackageFingerprint(roots: [], tools: [tool.path])
        try Self.setModified(tool, 3_000)
        let after = PackageFingerprint(roots: [], tools: [tool.path])
        #expect(before.value != after.value)
        #expect(!before.agrees(with: after))
    }

    @Test("two readings agree when each root they share is unchanged, whatever else one of them read")
    func agreement() throws {
        let (one, two) = (try Self.tree(), try Self.tree())
        defer { for folder in [one, two] { try? FileManager.default.removeItem(at: folder) } }
        let narrow = PackageFingerprint(roots: [one.path], tools: [])
        let wide = PackageFingerprint(roots: [one.path, two.path], tools: [])
        #expect(narrow.agrees(with: wide))
        try "struct Changed {}\n".write(to: one.appendingPathComponent("Sources/Notes/Note.swift"), atomically: false, encoding: .utf8)
        try Self.setModified(one.appendingPathComponent("Sources/Notes/Note.swift"), 5_000)
        #expect(!narrow.agrees(with: PackageFingerprint(roots: [one.path, two.path], tools: [])))
    }

    @Test("a memory file this version cannot read is no memory: the run starts over")
    func unreadableMemory() throws {
        let folder = try Self.tree()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(RunMemory.read(in: folder) == nil)
        try #"{"schema":"skillcheck.memory/0"}"#.write(
            to: folder.appendingPathComponent(RunMemory.fileName), atomically: false, encoding: .utf8)
        #expect(RunMemory.read(in: folder) == nil)
    }
}
