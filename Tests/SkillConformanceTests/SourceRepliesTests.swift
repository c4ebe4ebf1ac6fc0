import Foundation
import SkillKit
import Synchronization
import TestSupport
import Testing

@testable import SkillConformance

/// The working reply is fitted from what the skill's source reads, so the checks follow a search past its "no results".
@Suite("Replies shaped like what the source reads")
struct SourceRepliesTests {
    @available(SkillCheckTesting, *)
    @Test("decoded types give one object holding every decoded root's keys, nested types, coding keys and raw values included")
    func decodedTypes() throws {
        let source = """
            struct Found: Decodable {
                let query: Query
                var total: Int? = nil
                static let empty = 0
                var label: String { "found" }
            }
            struct Query: Codable { let search: [Hit] }
            struct Hit: Decodable {
                let title: String
                let pageID: Int
                let kind: Kind
                let edited: Date
                enum CodingKeys: String, CodingKey { case title, pageID = "pageid", kind, edited }
            }
            enum Kind: String, Decodable { case article = "main", talk }
            struct Page: Decodable { let extract: String; let url: URL }
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let found = try decoder.decode(Found.self, from: data)
            let page = try decoder.decode(Page.self, from: other)
            let list = try decoder.decode([Page].self, from: third)
            """
        let documents = SourceReplies.documents(fromSources: [source])
        let merged = try JSON(parsing: Data(try #require(documents.first).utf8))
        #expect(
            merged
                == .object([
                    "query": .object([
                        "search": .array([
                            .object([
                                "title": .string("Sample-title"), "pageid": .number(1), "kind": .string("main"),
                                "edited": .string("2026-01-05T09:30:00Z"),
                            ])
                        ])
                    ]),
                    "total": .number(1), "extract": .string("Sample-extract"), "url": .string("https://example.com/sample"),
                ]),
            "\(documents)")
        #expect(documents.dropFirst().first == #"[{"extract":"Sample-extract","url":"https://example.com/sample"}]"#)
    }

    @available(SkillCheckTesting, *)
    @Test("two services' replies that shape one key apart, each nesting its own Day, each come alone too, after the merged one")
    func clashingRoots() throws {
        let source = """
            struct DarkSky: Decodable { struct Daily: Decodable { let data: [Day] }; struct Day: Decodable { let time: Double }; let daily: Daily? }
            struct OpenWeather: Decodable { struct Day: Decodable { let dt: Double }; let daily: [Day] }
            let dark = try JSONDecoder().decode(DarkSky.self, from: a)
            let open = try JSONDecoder().decode(OpenWeather.self, from: b)
            """
        let documents = SourceReplies.documents(fromSources: [source])
        #expect(
            documents == [#"{"daily":{"data":[{"time":1.5}]}}"#, #"{"daily":[{"dt":1.5}]}"#],
            "the merged one is DarkSky's alone: \(documents)")
        let agreeing =
            "struct A: Decodable { let name: String }\nstruct B: Decodable { let name: String; let id: Int }\n"
            + "let a = try JSONDecoder().decode(A.self, from: x)\nlet b = try JSONDecoder().decode(B.self, from: y)"
        #expect(SourceReplies.documents(fromSources: [agreeing]) == [#"{"id":1,"name":"Sample-name"}"#])
    }

    @available(SkillCheckTesting, *)
    @Test("a helper that decodes the type it is handed reads each type named as a value, the one another type holds too")
    func typesHandedToHelpers() throws {
        let source = """
            struct Customer: Decodable { let id: String }
            struct CustomerList: Decodable { let data: [Customer]; let hasMore: Bool }
            func request<Value: Decodable>(_ path: String, as type: Value.Type) async throws -> Value { try JSONDecoder().decode(Value.self, from: body) }
            let created = try await request("/v1/customers", as: Customer.self)
            let page = try await request("/v1/customers", as: CustomerList.self)
            let ids = try await request("/v1/ids", as: [Customer].self)
            """
        let documents = SourceReplies.documents(fromSources: [source])
        #expect(
            documents == [#"{"data":[{"id":"sample-1"}],"hasMore":true,"id":"sample-1"}"#, #"[{"id":"sample-1"}]"#], "\(documents)")
    }

    @available(SkillCheckTesting, *)
    @Test("keys cast out of JSONSerialization's dictionaries give an object of every key, nested, and a list when the document is one")
    func castKeys() throws {
        let source = """
            let events = try JSONSerialization.jsonObject(with: data) as! [[String: Any]]
            for event in events {
                let summary = event["summary"] as! String
                let start = event["start"] as! [String: Any]
                let when = start["dateTime"] as? String
                let attendees = event["attendees"] as? [[String: Any]] ?? []
                let count = event["sequence"] as? Int
            }
            """
        let documents = SourceReplies.castDocuments(in: source)
        #expect(documents.count == 2, "\(documents)")
        guard case .array(let items) = try JSON(parsing: Data(documents[0].utf8)), case .object(let event)? = items.first else {
            Issue.record("not a list of one object: \(documents)")
            return
        }
        #expect(event["summary"] == .string("Sample-summary"))
        #expect(event["sequence"] == .number(1))
        guard case .object(let start)? = event["start"] else {
            Issue.record("no start object: \(event)")
            return
        }
        #expect(start["dateTime"] == .string("2026-01-05T09:30:00Z"))
        #expect(documents[1].hasPrefix("{"))
    }

    @available(SkillCheckTesting, *)
    @Test("a decoded dictionary is keyed by each word the samples ask for: a converter asked for EUR finds rates.EUR")
    func dictionaryKeys() throws {
        let source =
            "struct Latest: Decodable { let base: String; let rates: [String: Double] }\nlet l = try JSONDecoder().decode(Latest.self, from: d)"
        let document = try #require(SourceReplies.documents(fromSources: [source]).first)
        let keyed = SourceReplies.keyed(document, by: [#"{"amount": 100, "from": "USD", "to": "EUR"}"#, "convert 5 GBP"])
        guard case .object(let rates)? = try JSON(parsing: Data(keyed.utf8))["rates"] else {
            Issue.record("no rates: \(keyed)")
            return
        }
        #expect(Set(rates.keys) == ["sample", "USD", "usd", "EUR", "eur", "convert", "CONVERT", "GBP", "gbp"], "\(keyed)")
        #expect(rates["EUR"] == .number(1.5))
    }

    @available(SkillCheckTesting, *)
    @Test("a source that parses XML gets a feed, one that reads HTML a page, one that reads none of these nothing")
    func markup() {
        #expect(SourceReplies.documents(fromSources: ["let parser = XMLParser(data: data)"]).map { $0.prefix(5) } == ["<?xml", "<?xml"])
        #expect(SourceReplies.documents(fromSources: [#"let title = html.firstMatch(of: /<title>(.*)<\/title>/)"#]).count == 1)
        #expect(SourceReplies.documents(fromSources: ["let x = 1 + 2", "struct Plain { let name: String }"]).isEmpty)
    }

    @available(SkillCheckTesting, *)
    @Test(
        "ERR-1 reaches the request a search makes for its first hit, which stock replies never let it make, when the skill's source is known"
    )
    func followsTheMainPath() async throws {
        let declared = await SkillConformance.check(for: "ERR-1").run(try Self.declaredInThisFile(WikiSkill()))
        let raw = declared.first {
            $0.outcome == .failed && $0.message.contains("operation 2 of 2 (GET https://en.wikipedia.org/api/rest_v1/page/summary/1)")
        }
        #expect(raw != nil, "\(declared.map(\.message))")
        // Without the source, every stock reply ends at the search's own mapped decoding error.
        let unknown = await SkillConformance.check(for: "ERR-1").run(SkillUnderTest(WikiSkill()))
        #expect(
            !unknown.contains { $0.message.contains("operation 2 of 2 (GET https://en.wikipedia.org/api/rest_v1/page/summary/1)") },
            "\(unknown.map(\.message))")
    }

    @available(SkillCheckTesting, *)
    @Test("a list of ids and then each item: the first path gets the list, the item's path the item, and ERR-1 reaches the item")
    func listThenItem() async throws {
        let subject = try Self.declaredInThisFile(TopStoriesSkill())
        let fit = await subject.workingFit(limits: CheckLimits())
        #expect(WorkingReply.documents(of: fit.body).first == "[1]", "\(fit.body)")
        let findings = await SkillConformance.check(for: "ERR-1").run(subject)
        #expect(
            findings.contains {
                $0.outcome == .failed && $0.message.contains("operation 2 of 2 (GET https://hacker-news.firebaseio.com/v0/item/1.json)")
            },
            "\(findings.map(\.message))")
    }

    @available(SkillCheckTesting, *)
    @Test("a skill that keeps its answer between runs is still fitted the reply it decodes, not the stock one its cache hides")
    func cachedAnswer() async throws {
        let subject = try Self.declaredInThisFile(WikiSkill(cache: WikiCache()))
        let fit = await subject.workingFit(limits: CheckLimits())
        let first = try #require(WorkingReply.documents(of: fit.body).first)
        #expect((try? JSONDecoder().decode(WikiSearch.self, from: Data(first.utf8))) != nil, "\(fit.body)")
    }

    @available(SkillCheckTesting, *)
    @Test("the one-line test's cases read the source of the package that holds the test, in the skill's own module folder")
    func casesReadTheTestsPackage() async throws {
        let cases = SkillConformance.cases(for: [WikiSkill()], rules: ["ERR-1"])
        let subject = try #require(cases.first?.skill)
        #expect(subject.module == "SkillConformanceTests")
        #expect(
            subject.sourcePackage?.appendingPathComponent("Package.swift").path
                == SourceReplies.package(holding: #filePath)?.appendingPathComponent("Package.swift").path)
        let findings = await cases[0].run()
        #expect(findings.contains { $0.outcome == .failed && $0.message.contains("operation 2 of 2") }, "\(findings.map(\.message))")
    }
}

extension SourceRepliesTests {
    /// `skill`, declared in a package whose one source file is `file` (by default the caller's): the source its replies
    /// are fitted from.
    @available(SkillCheckTesting, *)
    static func declaredInThisFile(_ skill: any AgentSkill, file: String = #filePath) throws -> SkillUnderTest {
        try declaredInThisFile(file: file) { SkillUnderTest(skill, declaredIn: $0) }
    }

    /// The skill `subject` makes of the package folder it is given, whose one source file is `file`: a tool's
    /// `SkillUnderTest(declaredIn:tool:)`, for one.
    @available(SkillCheckTesting, *)
    static func declaredInThisFile(file: String = #filePath, _ subject: (URL) -> SkillUnderTest) throws -> SkillUnderTest {
        let folder = try TemporaryFolder("source-replies")
        _ = try folder.folder("Sources/Skill")
        _ = try folder.file("Sources/Skill/Skill.swift", try TemporaryFolder.text(file))
        return subject(folder.url)
    }
}

/// A search, then its first hit's summary: the search's failures mapped, the summary's let through as they come.
private struct WikiSkill: AgentSkill {
    /// Where it keeps each answer, when it keeps them: a cache that outlives the run.
    var cache: WikiCache?
    let id = "wiki"
    var displayName: String { "Wiki" }
    var description: String { "Looks up an article, such as wiki Swift." }
    var keywords: [String] { ["wiki"] }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        if let kept = cache?.answers.withLock({ $0[input.rawText] }) { return SkillOutput(summary: kept) }
        let answer = try await lookUp(context)
        cache?.answers.withLock { $0[input.rawText] = answer }
        return SkillOutput(summary: answer)
    }

    private func lookUp(_ context: SkillContext) async throws -> String {
        let found: WikiSearch
        do {
            let request = NetworkRequest(method: .get, url: URL(string: "https://en.wikipedia.org/w/api.php?list=search&srsearch=swift")!)
            found = try JSONDecoder().decode(WikiSearch.self, from: try await context.networkService.send(request).body)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SkillError.executionFailed("The search did not answer.")
        }
        guard let hit = found.query.search.first else { return "No article found." }
        let page = NetworkRequest(method: .get, url: URL(string: "https://en.wikipedia.org/api/rest_v1/page/summary/\(hit.pageid)")!)
        let summary = try JSONDecoder().decode(WikiSummary.self, from: try await context.networkService.send(page).body)
        return "\(hit.title): \(summary.extract)"
    }
}

private final class WikiCache: Sendable {
    let answers = Mutex<[String: String]>([:])
}

private struct WikiSearch: Decodable {
    struct Query: Decodable { let search: [Hit] }
    struct Hit: Decodable {
        let title: String
        let pageid: Int
    }
    let query: Query
}

private struct WikiSummary: Decodable { let extract: String }

/// Hacker News's top stories: a list of ids, then the first story; the story's failures let through.
private struct TopStoriesSkill: AgentSkill {
    let id = "top-stories"
    var displayName: String { "Top stories" }
    var description: String { "Reads the top story, such as top stories." }
    var keywords: [String] { ["top stories"] }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let ids: [Int]
        do {
            let list = NetworkRequest(method: .get, url: URL(string: "https://hacker-news.firebaseio.com/v0/topstories.json")!)
            ids = try JSONDecoder().decode([Int].self, from: try await context.networkService.send(list).body)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SkillError.executionFailed("Hacker News did not answer.")
        }
        guard let first = ids.first else { return SkillOutput(summary: "No stories.") }
        let item = NetworkRequest(method: .get, url: URL(string: "https://hacker-news.firebaseio.com/v0/item/\(first).json")!)
        let story = try JSONDecoder().decode(Story.self, from: try await context.networkService.send(item).body)
        return SkillOutput(summary: "\(story.title) (\(story.score) points)")
    }
}

private struct Story: Decodable {
    let title: String
    let score: Int
}
