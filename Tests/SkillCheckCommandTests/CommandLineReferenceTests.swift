import Foundation
import SkillCheckCommand
import Testing

/// The command-line reference in the SkillCheckCommand catalogue is the help the commands print, generated
/// from the declarations that parse them, never typed twice.
@Suite("The command-line reference is generated from the command declarations")
struct CommandLineReferenceTests {
    static let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/SkillCheckCommand/SkillCheckCommand.docc/CommandLine.md").standardizedFileURL
    static let start = "<!-- generated: skillcheck --help -->"
    static let end = "<!-- end generated -->"

    /// `skillcheck --help`, then each command's `--help`, each in a text block under its command line.
    @available(SkillCheckTesting, *)
    static var reference: String {
        var sections = ["```sh\nskillcheck --help\n```\n\n```text\n\(SkillCheckCommandLine.overview)\n```"]
        for spec in SkillCheckCommandLine.commands {
            sections.append("```sh\nskillcheck \(spec.name) --help\n```\n\n```text\n\(spec.help)\n```")
        }
        return sections.joined(separator: "\n\n")
    }

    @available(SkillCheckTesting, *)
    @Test("CommandLine.md's reference is what --help prints")
    func referenceMatchesHelp() throws {
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let begin = try #require(text.range(of: Self.start), "CommandLine.md has no \(Self.start) marker")
        let finish = try #require(text.range(of: Self.end, range: begin.upperBound..<text.endIndex), "no \(Self.end) marker")
        let generated = "\n" + Self.reference + "\n"
        if ProcessInfo.processInfo.environment["SKILLCHECK_UPDATE_DOCS"] == "1" {
            let updated = text.replacingCharacters(in: begin.upperBound..<finish.lowerBound, with: generated)
            try Data(updated.utf8).write(to: Self.article)
            return
        }
        #expect(
            String(text[begin.upperBound..<finish.lowerBound]) == generated,
            """
            CommandLine.md's reference differs from the commands' --help: rewrite it with \
            SKILLCHECK_UPDATE_DOCS=1 swift test --filter CommandLineReferenceTests
            """)
    }
}
