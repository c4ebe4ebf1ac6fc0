import Foundation
import SkillCheckSupport
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
        "SkillKit", "SkillEngine", "SkillTesting", "SkillTestingTraits", "SkillScenarios", "SkillScenariosTesting",
        "SkillConformance", "SkillConformanceTesting", "SkillCheckCommand",
    ]
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL
    static let updates = ProcessInfo.processInfo.environment["SKILLCHECK_UPDATE_API"] == "1"

    @available(SkillCheckTesting, *)
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

    /// swift-testing's style guide: the first paragraph of a doc comment is one sentence of at most about
    /// 150 characters; the discussion follows in later paragraphs.
    @available(SkillCheckTesting, *)
    @Test("each public symbol's doc comment opens with a one-sentence abstract of at most 150 characters", arguments: products)
    func abstracts(_ module: String) throws {
        var problems: [String] = []
        var checked = 0
        for (_, symbol) in try SymbolList.symbols(of: module) {
            guard let abstract = symbol.abstract, !abstract.isEmpty else { continue }
            checked += 1
            let name = symbol.pathComponents.joined(separator: ".")
            if abstract.count > 150 {
                problems.append("\(name): \(abstract.count) characters: \(abstract)")
            } else if let second = Self.secondSentence(in: abstract) {
                problems.append("\(name): more than one sentence (\"\(second)…\"): \(abstract)")
            }
        }
        #expect(checked > 0, "no doc comment of \(module) was read: the symbol graph has none of its own")
        #expect(
            problems.isEmpty,
            """
            \(problems.count) doc comments in \(module) open with more than a one-sentence abstract; end the first \
            paragraph after one sentence (a blank `///` line), and put the rest in the discussion:
            \(problems.joined(separator: "\n"))
            """)
    }

    /// The start of a second sentence in `text` (a full stop or semicolon outside code font, then a capital
    /// or code), if there is one.
    static func secondSentence(in text: String) -> Substring? {
        var inCode = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "`" { inCode.toggle() }
            let next = text.index(after: index)
            if !inCode, character == "." || character == ";", next < text.endIndex, text[next] == " " {
                let start = text.index(after: next)
                let before = text[..<index]
                let abbreviation = ["e.g", "i.e", "vs", "etc"].contains { before.hasSuffix($0) }
                if start < text.endIndex, !abbreviation, let first = text[start].unicodeScalars.first,
                    CharacterSet.uppercaseLetters.contains(first) || text[start] == "`"
                {
                    return text[start...].prefix(30)
                }
            }
            index = next
        }
        return nil
    }
}

/// Reads a module's public symbols from the toolchain's symbol graph of the module this test was built with.
@available(SkillCheckTesting, *)
enum SymbolList {
    struct Graph: Decodable {
        struct Symbol: Decodable {
            struct Kind: Decodable { var identifier: String }
            struct Fragment: Decodable { var spelling: String }
            var kind: Kind
            var pathComponents: [String]
            struct DocComment: Decodable {
                struct Line: Decodable { var text: String }
                var lines: [Line]
                /// The file the comment is written in; none for one inherited from a protocol of another module.
                var uri: String?
            }
            var declarationFragments: [Fragment]?
            var accessLevel: String
            var docComment: DocComment?

            /// The first paragraph of the symbol's doc comment, on one line.
            var abstract: String? {
                // Only the kit's own comments: one a symbol inherits from the toolchain's protocols is not ours to edit.
                guard let comment = docComment, comment.uri?.contains("/Sources/") == true else { return nil }
                let lines = comment.lines.map(\.text)
                let paragraph = lines.prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                return paragraph.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            }
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

    /// The module maps of the package's C targets (SkillCheckInterposer), which the Swift modules import.
    static var cModuleMaps: [String] {
        let build = modules.deletingLastPathComponent()
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: build.path)) ?? []
        return folders.filter { $0.hasSuffix(".build") }.map {
            build.appendingPathComponent($0).appendingPathComponent("module.modulemap").path
        }
        .filter { FileManager.default.fileExists(atPath: $0) }.sorted()
    }

    /// One line per public symbol, sorted: its path, then its declaration as the compiler prints it.
    static func publicSymbols(of module: String) throws -> [String] {
        var lines: Set<String> = []
        for (extending, symbol) in try symbols(of: module) {
            let declaration = (symbol.declarationFragments ?? []).map(\.spelling).joined()
                .split(whereSeparator: \.isNewline).joined(separator: " ")
            lines.insert(extending + symbol.pathComponents.joined(separator: ".") + " | " + declaration)
        }
        return lines.sorted()
    }

    /// Every public symbol of `module` (with the module it extends, as `Module: `, for an extension's).
    static func symbols(of module: String) throws -> [(extending: String, symbol: Graph.Symbol)] {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("skillcheck-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        // The kit's own process runner: the tool's session ends with it, and both pipes are read to the end.
        let run = try ToolRunner.run(
            [
                "swift-symbolgraph-extract", "-module-name", module, "-I", modules.path, "-target", target,
                "-minimum-access-level", "public", "-output-dir", output.path,
            ] + cModuleMaps.flatMap { ["-Xcc", "-fmodule-map-file=\($0)"] }, timeout: .seconds(120))
        guard run.succeeded else {
            throw SymbolGraphError(module: module, message: run.timedOut ? "timed out after 120 s" : run.standardError)
        }
        var found: [(String, Graph.Symbol)] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: output.path).sorted() where file.hasSuffix(".symbols.json") {
            let graph = try JSONDecoder().decode(Graph.self, from: Data(contentsOf: output.appendingPathComponent(file)))
            let extending = file.split(separator: "@").dropFirst().first.map { String($0.prefix { $0 != "." }) + ": " } ?? ""
            found += graph.symbols.filter { $0.accessLevel == "public" || $0.accessLevel == "open" }.map { (extending, $0) }
        }
        return found
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
