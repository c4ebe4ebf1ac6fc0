import Foundation
import SkillConformance
import Testing

@Suite("Conformance/README.md is generated from the catalogue")
struct ReadmeTests {
    static let begin = "<!-- rules: generated from RuleCatalog.standard, do not edit -->"
    static let end = "<!-- rules: end -->"

    @Test("the README's rule table is the catalogue's")
    func readmeMatchesCatalogue() throws {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().appendingPathComponent("../../Conformance/README.md").standardizedFileURL
        let text = try String(contentsOf: url, encoding: .utf8)
        guard let start = text.range(of: Self.begin), let stop = text.range(of: Self.end, range: start.upperBound..<text.endIndex) else {
            Issue.record("\(url.path) lacks the markers \(Self.begin) and \(Self.end) around the rule table")
            return
        }
        let found = text[start.upperBound..<stop.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        let expected = SkillConformance.readmeRules
        guard found != expected else { return }
        // The expected text also goes to a temporary file, to copy from without the log's decoration.
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("skillcheck-conformance-rules.md")
        let saved = (try? expected.write(to: copy, atomically: true, encoding: .utf8)) != nil
        Issue.record(
            """
            \(url.path) is out of step with the catalogue; between the markers it should read\
            \(saved ? " (also in \(copy.path))" : ""):
            \(expected)
            """)
    }
}
