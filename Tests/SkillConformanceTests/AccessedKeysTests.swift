import Foundation
import SkillKit
import Testing

@testable import SkillConformance

/// A port reads its reply through helpers that mimic Python's or JavaScript's access, which name no type and cast no
/// key: the working reply is fitted from the keys passed to them, so the checks reach the work behind the first key.
@Suite("Replies fitted from keys read through a port's helpers or a subscript chain")
struct AccessedKeysTests {
    @available(SkillCheckTesting, *)
    @Test("a helper's key is an object when read again, a list when iterated, indexed or listed, else what it is cast to")
    func helperKeys() {
        let source = """
            let raw = try JSONSerialization.jsonObject(with: data)
            for hit in try pyList(pyGetItem(pyGetItem(raw, "query"), "search")) {
                let title = try pyGetItem(hit, "title") as? String
                let id = try pyGetItem(hit, "pageid") as? Int
            }
            let messages = jsProp(raw, "messages")
            for message in messages {
                let payload = item(message, key: "payload")
                let headers = item(payload, key: "headers")
                let first = at(headers, 0)
            }
            let name = json["user"]?["name"]?.stringValue
            let tags = json["tags"].arrayValue
            let header = request.headers["Authorization"]
            func pyGetItem(_ obj: Any?, _ key: String) throws -> Any { (obj as! [String: Any])[key]! }
            func pyList(_ obj: Any?) throws -> [Any] { obj as! [Any] }
            func jsProp(_ obj: Any?, _ key: String) -> Any? { (obj as? [String: Any])?[key] }
            func item(_ obj: Any?, key: String) -> Any? { nil }
            func at(_ obj: Any?, _ index: Int) -> Any? { nil }
            """
        let casts = Dictionary(SourceReplies.accessedCasts(in: source).map { ($0.key, [$0.cast]) }, uniquingKeysWith: +)
        let expected: [String: SourceReplies.Cast] = [
            "query": .object, "search": .objects, "title": .string, "pageid": .integer, "messages": .objects, "payload": .object,
            "headers": .objects, "user": .object, "name": .string, "tags": .objects,
        ]
        for (key, cast) in expected {
            #expect(casts[key]?.contains(cast) == true, "\(key): \(casts[key] ?? [])")
            #expect(casts[key]?.contains { $0.isComposite != cast.isComposite } != true, "\(key): \(casts[key] ?? [])")
        }
        #expect(casts["Authorization"] == nil, "a lone subscript says nothing of a reply")
    }

    @available(SkillCheckTesting, *)
    @Test("the document built from them takes the port past its first key: query.search[0].title is a string")
    func documentFromHelpers() throws {
        let source = """
            let raw = try JSONSerialization.jsonObject(with: data)
            for hit in try pyList(pyGetItem(pyGetItem(raw, "query"), "search")) { _ = try pyGetItem(hit, "title") as? String }
            func pyGetItem(_ obj: Any?, _ key: String) throws -> Any { (obj as! [String: Any])[key]! }
            func pyList(_ obj: Any?) throws -> [Any] { obj as! [Any] }
            """
        let document = try JSON(parsing: Data(try #require(SourceReplies.documents(fromSources: [source]).first).utf8))
        guard case .array(let hits)? = document["query"]?["search"], let hit = hits.first else {
            Issue.record("no query.search list: \(document.text)")
            return
        }
        #expect(hit["title"] == .string("Sample-title"))
    }

    @available(SkillCheckTesting, *)
    @Test("a helper whose key is of any type reads a key for a text and an index for a number: num, and results[0].title")
    func keyOfAnyType() throws {
        let source = """
            let json = try JSONSerialization.jsonObject(with: body)
            let number = try pyInt(try getItem(json, "num"))
            func pyInt(_ value: Any) throws -> Int {
                if let number = value as? NSNumber { return number.intValue }
                throw PyError.type
            }
            let title = try getItem(try getItem(try getItem(json, "results"), 0), "title") as? String
            func getItem(_ object: Any, _ key: Any) throws -> Any { (object as! [String: Any])[key as! String]! }
            """
        let document = try JSON(parsing: Data(try #require(SourceReplies.documents(fromSources: [source]).first).utf8))
        // Handed to `pyInt`, whose body reads its parameter as an NSNumber: a number.
        guard case .number? = document["num"] else {
            Issue.record("num is no number: \(document.text)")
            return
        }
        guard case .array(let results)? = document["results"], let first = results.first else {
            Issue.record("no results list: \(document.text)")
            return
        }
        #expect(first["title"] == .string("Sample-title"), "\(document.text)")
    }

    @available(SkillCheckTesting, *)
    @Test("a port that parses JSON with a parser of its own is read too: its token reply has access_token")
    func ownParser() throws {
        let source = """
            let data = try jsonParse(response.text())
            let token = try prop(data, "access_token")
            func prop(_ object: JSValue, _ key: String) throws -> JSValue { object[key] ?? .undefined }
            """
        let document = try JSON(parsing: Data(try #require(SourceReplies.documents(fromSources: [source]).first).utf8))
        #expect(document["access_token"] != nil, "\(document.text)")
    }

    @available(SkillCheckTesting, *)
    @Test("a comparison helper reads no key, a digit key indexes a list, and a status the code checks holds the text it wants")
    func comparedStatus() throws {
        let source = """
            let data = try JSONSerialization.jsonObject(with: body)
            if !strictEquals(try prop(data, "status"), "OK") { return "failed: \\(jsString(try prop(data, "status")))" }
            let first = try prop(prop(data, "results"), "0")
            let name = try prop(first, "name")
            func prop(_ object: JSValue?, _ key: String) throws -> JSValue? { nil }
            func strictEquals(_ value: JSValue?, _ text: String) -> Bool { false }
            """
        let document = try JSON(parsing: Data(try #require(SourceReplies.documents(fromSources: [source]).first).utf8))
        #expect(document["status"] == .string("OK"), "\(document.text)")
        #expect(document["OK"] == nil, "\(document.text)")
        guard case .array(let results)? = document["results"], results.first?["name"] != nil else {
            Issue.record("results is no list of items: \(document.text)")
            return
        }
        // Spelled with operators, and on a Decodable type's field, the same; a failure's text compared with == is not taken.
        let texts = SourceReplies.ValueStyle.successTexts(
            in: """
                guard (json["state"] as? String) == "success" else { throw Failure() }
                if reply.code != "200" { throw Failure() }
                if json["kind"] as? String == "ZERO_RESULTS" { return "none" }
                """)
        #expect(texts == ["state": "success", "code": "200"], "\(texts)")
    }

    @Test("a key handed to a function of the source is what its body makes of the parameter; a helper giving a list lists")
    func keyHandedToAFunction() {
        let source = """
            let rawResults = try JSONDecoder().decode(PyValue.self, from: data)
            return .results(try apiWrapper.cleanResults(try pyGetItem(rawResults, "results")))
            func cleanResults(_ results: PyValue) throws -> [[(String, PyValue)]] {
                for result in try pyIter(results) { _ = try pyGetItem(result, "url") }
            }
            func report(_ results: PyValue) -> String { "" }
            func pyGetItem(_ object: PyValue, _ key: String) throws -> PyValue { object }
            func pyIter(_ object: PyValue) throws -> [PyValue] { [] }
            """
        let casts = SourceReplies.accessedCasts(in: source)
        #expect(casts.first { $0.key == "results" }?.cast == .objects, "\(casts)")
        #expect(casts.first { $0.key == "url" }?.cast == .string, "\(casts)")
    }

    @Test("a key read with a computed key is keyed by the samples' words; a key read only on failure is left out of the first document")
    func keyedAndErrorKeys() throws {
        let source = """
            let raw = try JSONSerialization.jsonObject(with: data)
            if pyIn("error", raw) { throw Failure(try pyGetItem(pyGetItem(raw, "error"), "info") as? String ?? "") }
            let pages = try pyGetItem(pyGetItem(raw, "query"), "pages")
            guard let pageid = try pyList(pages).first as? String else { throw Failure("no page") }
            let extract = try pyGetItem(pyGetItem(pages, pageid), "extract") as? String
            func pyGetItem(_ obj: Any?, _ key: String) throws -> Any { (obj as! [String: Any])[key]! }
            func pyList(_ obj: Any?) throws -> [Any] { obj as! [Any] }
            """
        let documents = SourceReplies.documents(fromSources: [source]).map { SourceReplies.keyed($0, by: ["wiki Turing"]) }
        #expect(
            documents.count == 3 && documents[2].hasPrefix("[{"), "the healthy one, the full one, a list of the healthy one: \(documents)")
        let healthy = try JSON(parsing: Data(try #require(documents.first).utf8))
        #expect(healthy["error"] == nil, "\(healthy.text)")
        guard case .object(let pages)? = healthy["query"]?["pages"] else {
            Issue.record("no query.pages object: \(healthy.text)")
            return
        }
        #expect(Set(pages.keys) == ["sample", "wiki", "WIKI", "Turing", "TURING", "turing"], "\(healthy.text)")
        #expect(pages.values.allSatisfy { $0["extract"] == .string("Sample-extract") }, "\(healthy.text)")
        #expect(try JSON(parsing: Data(documents[1].utf8))["error"] != nil)
    }

    @available(SkillCheckTesting, *)
    @Test("a value read with a computed key and cast is keyed by the samples' words, each the cast's value: rates.EUR is a number")
    func keyedNumbers() throws {
        let source = """
            let raw = try JSONSerialization.jsonObject(with: data)
            guard let rate = get(get(raw, "rates"), to) as? Double else { throw Failure() }
            func get(_ any: Any?, _ key: String) -> Any? { (any as? [String: Any])?[key] }
            """
        let document = try #require(SourceReplies.documents(fromSources: [source]).first)
        let keyed = try JSON(parsing: Data(SourceReplies.keyed(document, by: [#"{"currency_from":"USD","currency_to":"EUR"}"#]).utf8))
        #expect(keyed["rates"]?["EUR"] == .number(1.5), "\(keyed.text)")
    }

    @available(SkillCheckTesting, *)
    @Test("ERR-1 reaches the page request a port makes for each hit, which no stock reply lets it make, when its source is known")
    func reachesTheWork() async throws {
        let declared = await SkillConformance.check(for: "ERR-1").run(try SourceRepliesTests.declaredInThisFile(PortedSearchSkill()))
        let page = "operation 2 of 2 (GET https://en.wikipedia.org/api/rest_v1/page/summary/Sample-title)"
        #expect(declared.contains { $0.outcome == .failed && $0.message.contains(page) }, "\(declared.map(\.message))")
        let unknown = await SkillConformance.check(for: "ERR-1").run(SkillUnderTest(PortedSearchSkill()))
        #expect(!unknown.contains { $0.message.contains("operation 2 of") }, "\(unknown.map(\.message))")
    }
}

/// A port of a Python search tool: `raw["query"]["search"]` read through `pyGetItem` and `pyList`, then each hit's
/// page, its errors let through as they come (ERR-1's to find).
private struct PortedSearchSkill: AgentSkill {
    struct KeyError: Error { let key: String }
    let id = "ported-search"
    var displayName: String { "Search" }
    var description: String { "Searches the wiki, such as search swift." }
    var keywords: [String] { ["search"] }

    func execute(input: SkillInput, context: SkillContext) async throws -> SkillOutput {
        let search = NetworkRequest(method: .get, url: URL(string: "https://en.wikipedia.org/w/api.php?list=search&srsearch=swift")!)
        let raw = try JSONSerialization.jsonObject(with: try await context.networkService.send(search).body)
        var lines: [String] = []
        for hit in try pyList(pyGetItem(pyGetItem(raw, "query"), "search")) {
            let title = try pyGetItem(hit, "title") as? String ?? ""
            let page = NetworkRequest(method: .get, url: URL(string: "https://en.wikipedia.org/api/rest_v1/page/summary/\(title)")!)
            let summary = try JSONSerialization.jsonObject(with: try await context.networkService.send(page).body)
            lines.append("\(title): \(jsProp(summary, "extract") as? String ?? "")")
        }
        return SkillOutput(summary: lines.joined(separator: "\n"))
    }
}

private func pyGetItem(_ object: Any?, _ key: String) throws -> Any {
    guard let dictionary = object as? [String: Any], let value = dictionary[key] else { throw PortedSearchSkill.KeyError(key: key) }
    return value
}

private func pyList(_ object: Any?) throws -> [Any] {
    guard let list = object as? [Any] else { throw PortedSearchSkill.KeyError(key: "(a list)") }
    return list
}

private func jsProp(_ object: Any?, _ key: String) -> Any? { (object as? [String: Any])?[key] }
