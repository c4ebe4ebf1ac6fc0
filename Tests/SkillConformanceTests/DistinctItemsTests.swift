import Foundation
import SkillKit
import Testing

@testable import SkillConformance

/// Lists open issues with each one's last commenter, fetched in a task group: the lines are appended as the children
/// finish, or, with `keepsPlaces`, put back in the list's order.
private struct IssueLinesTool: ToolSkill {
    struct Issue: Decodable {
        let number: Int
        let title: String
    }
    var keepsPlaces = false
    let id = "issue-lines"
    let name = "list_issues"
    let description = "Lists a repository's open issues."
    let inputSchema: JSON = ["type": "object", "properties": ["repo": ["type": "string"]], "required": ["repo"]]
    var sampleArguments: [JSON] { [["repo": "apple/swift"]] }
    let context: SkillContext

    func execute(arguments: Data) async throws -> String {
        let network = context.networkService
        let issues: [Issue]
        do {
            let response = try await network.send(NetworkRequest(url: URL(string: "https://api.github.com/repos/apple/swift/issues")!))
            issues = try JSONDecoder().decode([Issue].self, from: response.body)
            var lines: [(Int, String)] = []
            try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for (place, issue) in issues.enumerated() {
                    group.addTask {
                        let url = URL(string: "https://api.github.com/repos/apple/swift/issues/\(issue.number)/comments")!
                        _ = try await network.send(NetworkRequest(url: url))
                        return (place, "#\(issue.number) \(issue.title)")
                    }
                }
                for try await line in group { lines.append(line) }
            }
            if keepsPlaces { lines.sort { $0.0 < $1.0 } }
            return lines.map(\.1).joined(separator: "\n")
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SkillError.executionFailed("GitHub did not answer.")
        }
    }
}

@Suite("SEND-5 gives each list of the reply three distinct items, so a task per item has something to reorder")
struct DistinctItemsTests {
    @available(SkillCheckTesting, *)
    @Test("lines kept in the order their children finished fail SEND-5 against three distinct issues; lines kept by place pass")
    func completionOrder() async throws {
        let subject = try SourceRepliesTests.declaredInThisFile { SkillUnderTest(declaredIn: $0, tool: { IssueLinesTool(context: $0) }) }
        let findings = await SkillConformance.check(for: "SEND-5").run(subject)
        #expect(
            findings.contains { $0.outcome == .failed && $0.subject.contains("3 distinct items in each list of the reply") },
            "\(findings.map(\.message))")
        let placed = try SourceRepliesTests.declaredInThisFile {
            SkillUnderTest(declaredIn: $0, tool: { IssueLinesTool(keepsPlaces: true, context: $0) })
        }
        let kept = await SkillConformance.check(for: "SEND-5").run(placed)
        #expect(!kept.isEmpty && kept.allSatisfy { $0.outcome == .passed }, "\(kept.map(\.message))")
    }

    @Test("fuller(distinct:) marks each repeated item's words with its place, and leaves links and times as they are")
    func distinctCopies() throws {
        let body = #"{"items":[{"title":"Sample-title","url":"https://example.com/sample","at":"2026-01-05T09:30:00Z","n":1}]}"#
        let grown = try JSON(parsing: Data(try #require(WorkingReply.fuller(body, listCount: 3, distinct: true)).utf8))
        guard case .array(let items)? = grown["items"] else {
            Issue.record("no items: \(grown.text)")
            return
        }
        #expect(items.map { $0["title"] } == [.string("Sample-title"), .string("Sample-title-2"), .string("Sample-title-3")])
        #expect(Set(items.compactMap { $0["url"] }) == [.string("https://example.com/sample")])
        #expect(Set(items.compactMap { $0["at"] }) == [.string("2026-01-05T09:30:00Z")])
        #expect(WorkingReply.fuller(WorkingReply.modelAnswers[0].body, listCount: 3) == nil, "a model's answer is not grown")
    }
}
