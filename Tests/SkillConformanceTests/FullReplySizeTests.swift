import Foundation
import SkillKit
import TestSupport
import Testing

@testable import SkillConformance

/// A web search tool that lists each result with its content, as LangChain's search tools do: with `keeps`, only
/// the first three results, each cut to 200 characters.
private struct ResultListTool: ToolSkill {
    struct Found: Decodable { let results: [Result] }
    struct Result: Decodable {
        let title: String
        let content: String
    }
    var keeps: Int?
    let id = "result-list"
    let name = "web_search"
    let description = "Searches the web."
    let inputSchema: JSON = ["type": "object", "properties": ["query": ["type": "string"]], "required": ["query"]]
    var sampleArguments: [JSON] { [["query": "swift testing"]] }
    let context: SkillContext

    func execute(arguments: Data) async throws -> String {
        let found: Found
        do {
            let response = try await context.networkService.send(NetworkRequest(url: URL(string: "https://search.example/v1?q=swift")!))
            found = try JSONDecoder().decode(Found.self, from: response.body)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SkillError.executionFailed("The search did not answer.")
        }
        let kept = keeps.map { Array(found.results.prefix($0)) } ?? found.results
        return kept.map { "\($0.title): \(keeps == nil ? $0.content : String($0.content.prefix(200)))" }.joined(separator: "\n")
    }
}

@Suite("TOOL-6 measures a result against a service's answer as full as a real one")
struct FullReplySizeTests {
    /// The tool, declared in a package whose one source file is this one: its reply is fitted from `Found`.
    @available(SkillCheckTesting, *)
    static func declared(keeps: Int?) throws -> SkillUnderTest {
        try SourceRepliesTests.declaredInThisFile { SkillUnderTest(declaredIn: $0, tool: { ResultListTool(keeps: keeps, context: $0) }) }
    }

    @available(SkillCheckTesting, *)
    @Test("a tool that lists every result whole gets a warning once the answer has twenty results with 1 KB of content each")
    func everyResultWhole() async throws {
        let findings = await SkillConformance.check(for: "TOOL-6").run(try Self.declared(keeps: nil))
        #expect(findings.map(\.outcome) == [.warning], "\(findings.map(\.message))")
        #expect(findings.first?.subject.contains("20 items in each list, each text body 1 KB") == true, "\(findings.map(\.subject))")
        #expect(findings.first?.observed.contains("keep the first few, and cut each body short") == true)
    }

    @available(SkillCheckTesting, *)
    @Test("one that keeps the first three results, each cut short, passes")
    func firstFewCutShort() async throws {
        let findings = await SkillConformance.check(for: "TOOL-6").run(try Self.declared(keeps: 3))
        #expect(findings.map(\.outcome) == [.passed], "\(findings.map(\.message))")
    }
}
