import Foundation
import SkillCheckCommand
import TestSupport
import Testing

/// The shared build folders hold one package's build after another's: what they must never do is run
/// the previous package's code, or a file's old version.
@Suite("Builds shared between packages always run the checked package's current code", .endToEnd)
struct SharedBuildTests {
    /// A package named `folder` whose module `Skills` declares `EchoSkill` with the id `id`: two such
    /// packages differ only in their code, as two users' packages can.
    static func package(_ folder: TemporaryFolder, _ name: String, id: String, kit: URL = DiscoveryTests.root) throws -> URL {
        try folder.file(
            "\(name)/Package.swift",
            """
            // swift-tools-version:6.2
            import PackageDescription
            let package = Package(
                name: "\(name)",
                platforms: [.macOS(.v15), .iOS(.v18)],
                products: [.library(name: "Skills", targets: ["Skills"])],
                dependencies: [.package(path: "\(kit.path)")],
                targets: [.target(name: "Skills", dependencies: [.product(name: "SkillKit", package: "\(kit.lastPathComponent)")])]
            )
            """)
        try source(folder, name, id: id)
        return folder.url.appendingPathComponent(name)
    }

    static func source(_ folder: TemporaryFolder, _ name: String, id: String, literal: Bool = true) throws {
        try folder.file(
            "\(name)/Sources/Skills/EchoSkill.swift",
            """
            import SkillKit

            public struct EchoSkill: AgentSkill {
                public let id = \(literal ? "\"\(id)\"" : id)
                public let displayName = "Echo"
                public let description = "Says the text back."
                public let keywords = ["echo"]
                public init() {}
                public func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
                    try Task.checkCancellation()
                    return SkillOutput(summary: input.rawText)
                }
            }
            """)
    }

    /// A copy of this SkillCheck checkout (without any `.build` or `.git`) in `folder`: a kit whose
    /// sources a test may edit.
    static func kitCopy(in folder: TemporaryFolder) throws -> URL {
        let copy = folder.url.appendingPathComponent("SkillCheck")
        func copyTree(_ source: URL, to destination: URL) throws {
            try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
            for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where name != ".build" && name != ".git" {
                let from = source.appendingPathComponent(name), to = destination.appendingPathComponent(name)
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: from.path, isDirectory: &isFolder) else { continue }
                if isFolder.boolValue { try copyTree(from, to: to) } else { try FileManager.default.copyItem(at: from, to: to) }
            }
        }
        try copyTree(DiscoveryTests.root, to: copy)
        return copy
    }

    /// The ids the report names, checked with a scratch folder of its own and the machine's shared builds.
    @available(SkillCheckTesting, *)
    static func ids(_ package: URL, scratch: URL, tsan: Bool = false) async throws -> [String] {
        var options = CheckOptions(packagePath: package.path)
        options.scratchPath = scratch.path
        options.runsRaceStage = tsan
        options.format = .json
        let report = try await HarnessPipeline().run(options, progress: .silent)
        #expect(report.stage(.conformance)?.status == .ran, "\(report.stages)")
        if tsan { #expect(report.stage(.race)?.status == .ran, "\(report.stages)") }
        if tsan {
            // The race stage's findings carry the id the conformance stage saw; its own binary must hold
            // this package's skill too (an id longer than a small string is kept as text in the binary).
            let binary = scratch.appendingPathComponent("harness-tsan/debug/SkillCheckHarnessPackageTests.xctest")
            let bytes = try Data(contentsOf: binary)
            for id in report.skills.map(\.id) {
                #expect(bytes.range(of: Data(id.utf8)) != nil, "the sanitized harness does not hold \(id)")
            }
        }
        return report.skills.map(\.id)
    }

    @available(SkillCheckTesting, *)
    @Test("two packages with the same module and type, checked in turn, each run their own skill; an edited file is rebuilt")
    func eachPackageRunsItsOwnCode() async throws {
        #if os(Linux)
        let folder = try TemporaryFolder("shared-builds")
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let alpha = try Self.package(folder, "Alpha", id: "alpha-echo-skill-identity"),
            beta = try Self.package(folder, "Beta", id: "beta-echo-skill-identity")
        let scratch = { (name: String) in folder.url.appendingPathComponent("scratch-\(name)") }
        #expect(try await Self.ids(alpha, scratch: scratch("a1"), tsan: true) == ["alpha-echo-skill-identity"])
        #expect(try await Self.ids(beta, scratch: scratch("b1"), tsan: true) == ["beta-echo-skill-identity"])
        // Alpha again, from a scratch folder of its own that is empty: the shared folders last built Beta.
        #expect(try await Self.ids(alpha, scratch: scratch("a2"), tsan: true) == ["alpha-echo-skill-identity"])
        // Beta's own scratch folder still runs Beta, though the shared folders built Alpha since.
        #expect(try await Self.ids(beta, scratch: scratch("b1")) == ["beta-echo-skill-identity"])
        // An edited file is compiled again, in the shared folders as in the package's own.
        try Self.source(folder, "Alpha", id: "alpha-echo-skill-identity-2")
        #expect(try await Self.ids(alpha, scratch: scratch("a1"), tsan: true) == ["alpha-echo-skill-identity-2"])
        #endif
    }

    @available(SkillCheckTesting, *)
    @Test("an edited file of the kit is compiled again in the shared builds, and the next run sees it")
    func kitEditsAreRebuilt() async throws {
        #if os(Linux)
        let folder = try TemporaryFolder("shared-kit")
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let kit = try Self.kitCopy(in: folder)
        let marker = kit.appendingPathComponent("Sources/SkillKit/KitEditMarker.swift")
        func mark(_ text: String) throws {
            try Data("public enum KitEditMarker { public static let id = \"\(text)\" }\n".utf8).write(to: marker)
        }
        try mark("kit-edit-marker-first-version")
        let package = try Self.package(folder, "Marked", id: "KitEditMarker.id", kit: kit)
        try Self.source(folder, "Marked", id: "KitEditMarker.id", literal: false)
        let scratch = folder.url.appendingPathComponent("scratch")
        #expect(try await Self.ids(package, scratch: scratch) == ["kit-edit-marker-first-version"])
        try mark("kit-edit-marker-second-version")
        #expect(try await Self.ids(package, scratch: scratch) == ["kit-edit-marker-second-version"])
        // This kit copy's shared builds are its own: remove them with it.
        if let root = SharedBuildCache.defaultRoot() {
            try? FileManager.default.removeItem(at: SharedBuildCache(root: root, kit: kit.path).folder)
        }
        #endif
    }
}
