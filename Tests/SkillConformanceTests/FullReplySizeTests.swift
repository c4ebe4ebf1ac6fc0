import Foundation
import SkillCheckSupport
import SkillKit
import TestSupport
import Testing

@testable import SkillConformance

/// A web search tool that lists each result with its content, as LangChain's search tools do: with `keeps`, only
/// the first three results, each cut to 200 characters. With `cache`, it keeps each query's text in a cache that
/// outlives the run, as a module-level dictionary does: every run after the first on a query answers from it.
private struct ResultListTool: ToolSkill {
    struct Found: Decodable { let results: [Result] }
    struct Result: Decodable {
        let title: String
        let content: String
    }
    var keeps: Int?
    var cache: Locked<[String: String]>? = nil
    let id = "result-list"
    let name = "web_search"
    let description = "Searches the web."
    let inputSchema: JSON = ["type": "object", "properties": ["query": ["type": "string"]], "required": ["query"]]
    var sampleArguments: [JSON] { [["query": "swift testing"]] }
    let context: SkillContext

    func execute(arguments: Data) async throws -> String {
        let query = String(decoding: arguments, as: UTF8.self)
        if let kept = cache?.withLock({ $0[query] }) { return kept }
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
        let text = kept.map { "\($0.title): \(keeps == nil ? $0.content : String($0.content.prefix(200)))" }.joined(separator: "\n")
        cache?.withLock { $0[query] = text }
        return text
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

@Suite("TOOL-6 does not pass a run whose answer a cache kept from an earlier run")
struct CachedResultSizeTests {
    @available(SkillCheckTesting, *)
    @Test("a tool that answers later runs from a process-wide cache is skipped, naming the request it did not make again")
    func cacheHidesTheLongerAnswer() async throws {
        let cache = Locked<[String: String]>([:])
        let tool = try SourceRepliesTests.declaredInThisFile {
            SkillUnderTest(declaredIn: $0, tool: { ResultListTool(keeps: nil, cache: cache, context: $0) })
        }
        let findings = await SkillConformance.check(for: "TOOL-6").run(tool)
        #expect(findings.count == 1, "\(findings.map(\.message))")
        guard case .skipped(let reason) = findings.first?.outcome else {
            Issue.record("expected a skip, got \(findings.map(\.message))")
            return
        }
        #expect(reason.contains("`GET search.example/v«n»`") && reason.contains("ERR-1 reports it"), "\(reason)")
        // The rule the reason names does report the cache.
        let errors = await SkillConformance.check(for: "ERR-1").run(tool)
        #expect(
            errors.contains { $0.outcome == .failed && $0.observed.contains("keeps what it got between runs") }, "\(errors.map(\.message))")
    }
}

/// Hands on the notes it keeps in one stored document, whole, as a memory tool hands on its graph; with `whole`
/// false, only how many there are.
private struct StoredNotesTool: ToolSkill {
    var whole = true
    let id = "stored-notes"
    let name = "list_notes"
    let description = "Lists the saved notes."
    let inputSchema: JSON = ["type": "object", "properties": ["filter": ["type": "string"]]]
    var sampleArguments: [JSON] { [["filter": "all"]] }
    var sampleStorage: [String: [StoredDocument]] {
        ["notes": [StoredDocument(id: "all", data: Data(#"{"notes":[{"title":"Milk","body":"Buy milk on the way home."}]}"#.utf8))]]
    }
    let context: SkillContext

    func execute(arguments: Data) async throws -> String {
        guard let data = try await context.storage.document(id: "all", in: "notes") else { return "No notes." }
        guard !whole else { return String(decoding: data, as: UTF8.self) }
        let notes = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["notes"] as? [Any] ?? []
        return "\(notes.count) notes"
    }
}

@Suite("TOOL-6 measures a result against the documents in storage as full as a user's")
struct FullStorageSizeTests {
    @available(SkillCheckTesting, *)
    @Test("a tool that hands on a stored document whole warns once it holds twenty notes; one that counts them passes")
    func storedDocumentWhole() async {
        let whole = await SkillConformance.check(for: "TOOL-6").run(SkillUnderTest(tool: { StoredNotesTool(context: $0) }))
        #expect(
            whole.contains { $0.outcome == .warning && $0.subject.contains("with the documents in storage as full as a real one") },
            "\(whole.map(\.message))")
        let counted = await SkillConformance.check(for: "TOOL-6").run(SkillUnderTest(tool: { StoredNotesTool(whole: false, context: $0) }))
        #expect(!counted.isEmpty && counted.allSatisfy { $0.outcome == .passed }, "\(counted.map(\.message))")
    }
}
