import Foundation
import Testing

/// The public API of each library product, written to `API/<Module>.txt` and compared here, so that a
/// change to what users can call shows as a diff in review. The symbols come from the toolchain's own
/// `swift-symbolgraph-extract`, run on the modules this very test run was built from (public symbols
/// only, as users see them).
///
/// After a deliberate change, rewrite the files and review their diff:
///
/// ```sh
/// SKILLCHECK_UPDATE_API=1 swift test --filter PublicAPITests
/// ```
@Suite("The public API of each product is the checked-in list")
struct PublicAPITests {
    static let products = [
        "SkillKit", "SkillEngine", "SkillTesting", "SkillScenarios", "SkillConformance", "SkillConformanceTesting",
        "SkillCheckCommand",
    ]
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL
    static let updates = ProcessInfo.processInfo.environment["SKILLCHECK_UPDATE_API"] == "1"

    @Test("each product's public symbols match API/<Module>.txt", arguments: products)
    func publicSymbols(_ module: String) throws {
        let listed = Self.root.appendingPathComponent("API/\(module).txt")
        let current = try SymbolList.publicSymbols(of: module)
        #expect(!current.isEmpty, "no public symbol found for \(module): the symbol graph was not read")
        if Self.updates {
            try FileManager.default.createDirectory(at: listed.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((current.joined(separator: "\n") + "\n").utf8).write(to: listed)
            return
        }
        let text = try String(contentsOf: listed, encoding: .utf8)
        let expected = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let difference = current.difference(from: expected)
        guard !difference.isEmpty else { return }
        let lines = difference.map { change -> String in
            switch change {
            case .insert(_, let line, _): "+ \(line)"
            case .remove(_, let line, _): "- \(line)"
            }
        }
        Issue.record(
            """
            \(module)'s public API differs from API/\(module).txt (+ new, - gone):
            \(lines.joined(separator: "\n"))
            If the change is meant, rewrite the list with `SKILLCHECK_UPDATE_API=1 swift test --filter PublicAPITests` and commit it.
            """)
    }
}

/// Reads a module's public symbols from the toolchain's symbol graph of the module this test was built with.
enum SymbolList {
    struct Graph: Decodable {
        struct Symbol: Decodable {
            struct Kind: Decodable { var identifier: String }
            struct Fragment: Decodable { var spelling: String }
            var kind: Kind
            var pathComponents: [String]
            var declarationFragments: [Fragment]?
            var accessLevel: String
        }
        var symbols: [Symbol]
    }

    /// The folder that holds the built modules: next to the test bundle.
    static var modules: URL {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = bundle.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("SkillKit.swiftmodule").path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return bundle.deletingLastPathComponent().appendingPathComponent("Modules")
    }

    /// One line per public symbol, sorted: its path, then its declaration as the compiler prints it.
    static func publicSymbols(of module: String) throws -> [String] {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("skillcheck-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift-symbolgraph-extract", "-module-name", module, "-I", modules.path, "-target", target,
            "-minimum-access-level", "public", "-output-dir", output.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SymbolGraphError(module: module, message: String(decoding: message, as: UTF8.self))
        }
        var lines: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: output.path) where file.hasSuffix(".symbols.json") {
            let graph = try JSONDecoder().decode(Graph.self, from: Data(contentsOf: output.appendingPathComponent(file)))
            let extending = file.split(separator: "@").dropFirst().first.map { String($0.prefix { $0 != "." }) + ": " } ?? ""
            for symbol in graph.symbols where symbol.accessLevel == "public" || symbol.accessLevel == "open" {
                let declaration = (symbol.declarationFragments ?? []).map(\.spelling).joined()
                    .split(whereSeparator: \.isNewline).joined(separator: " ")
                lines.insert(extending + symbol.pathComponents.joined(separator: ".") + " | " + declaration)
            }
        }
        return lines.sorted()
    }

    static var target: String {
        #if arch(x86_64)
        let arch = "x86_64"
        #else
        let arch = "aarch64"
        #endif
        #if os(Linux)
        return "\(arch)-unknown-linux-gnu"
        #else
        return "\(arch)-apple-macosx15.0"
        #endif
    }

    struct SymbolGraphError: Error, CustomStringConvertible {
        var module: String
        var message: String
        var description: String { "swift-symbolgraph-extract could not read \(module): \(message)" }
    }
}
