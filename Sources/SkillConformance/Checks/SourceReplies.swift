import Foundation
import SkillCheckSupport
import SkillKit

/// Documents shaped like the replies a skill's own source reads, for fitting the working reply
/// (``WorkingReply/fitted(for:limits:)``).
///
/// The kit's stock replies (a weather document, `[]`, `{}`) let a search tool finish with "no results" and never reach
/// what it does with a hit: the second request, the per-item parsing, the write. The checks then judge a path the
/// skill's users rarely take, and their green says nothing about the one they do. The skill's source says what it
/// reads: the `Decodable` types it decodes (``decodedDocuments(in:)``), the keys it casts out of
/// `JSONSerialization`'s dictionaries (``castDocuments(in:)``), or a feed or a page it parses. A document built
/// from those lets the checks follow the skill down its main path.
///
/// ```swift
/// let source = """
///     struct Found: Decodable { let query: Query }
///     struct Query: Decodable { let search: [Hit] }
///     struct Hit: Decodable { let title: String; let pageid: Int }
///     let found = try JSONDecoder().decode(Found.self, from: data)
///     """
/// SourceReplies.documents(fromSources: [source])
/// // [#"{"query":{"search":[{"pageid":1,"title":"Sample-title"}]}}"#]
/// ```
@available(SkillCheckTesting, *)
package enum SourceReplies {
    /// Names the package whose sources the working reply is fitted from, when the skill under test was not
    /// declared in one (`skillcheck` sets it for its harness).
    package static let environmentKey = "SKILLCHECK_SOURCE_PACKAGE"

    /// The documents for the package at `package`, read once per process from the folder of `module` (`Sources/<module>`
    /// or `Tests/<module>`, where SwiftPM looks for a target), else from the package's `Sources`.
    ///
    /// A folder of more than ``scannedBytes`` of Swift is read only in the files that name `typeName` (the skill's
    /// type): each process of a test that runs its cases apart reads it again.
    static func documents(inPackage package: URL, module: String? = nil, typeName: String? = nil) -> [String] {
        let folder = moduleFolder(in: package, module: module)
        let key = folder.path + "\n" + (typeName ?? "")
        if let known = cache.withLock({ $0[key] }) { return known }
        var texts = sourceFiles(in: folder).compactMap { try? String(contentsOf: $0, encoding: .utf8) }
        if let typeName, texts.reduce(0, { $0 + $1.utf8.count }) > scannedBytes {
            let name = String(typeName.split(separator: ".").last ?? "")
            texts = texts.filter { $0.contains(name) }
        }
        let documents = documents(fromSources: texts)
        cache.withLock { $0[key] = documents }
        return documents
    }

    /// The folder of `module` in `package` (`Sources/<module>` or `Tests/<module>`, where SwiftPM looks for a target),
    /// else the package's `Sources`.
    static func moduleFolder(in package: URL, module: String?) -> URL {
        module.flatMap { module in
            ["Sources", "Tests"].lazy.map { package.appendingPathComponent($0).appendingPathComponent(module) }.first {
                FileManager.default.fileExists(atPath: $0.path)
            }
        } ?? package.appendingPathComponent("Sources")
    }

    /// How much Swift a skill's module folder may hold to be read whole: 256 KB, several times a large skill package.
    static let scannedBytes = 262_144

    /// The documents for source texts: decoded documents first, then documents of cast keys, then a feed or a page
    /// when the source parses one. Empty when the sources read none of these.
    static func documents(fromSources sources: [String]) -> [String] {
        // Only files that decode, cast or parse something: a package's other files cost time and give nothing. "json" in
        // any case covers Foundation's names and a port's own parser alike (`JSONDecoder`, `jsonParse`, `JSON.parse`).
        let hints = ["json", "decodable", "codable", "xml", "html", "href", "<title", "<p>", "swiftsoup"]
        let joined = sources.filter { source in
            hints.contains { source.range(of: $0, options: .caseInsensitive) != nil }
        }.joined(separator: "\n")
        var documents = decodedDocuments(in: joined) + castDocuments(in: joined) + markupDocuments(in: joined)
        var seen = Set<String>()
        documents = documents.filter { seen.insert($0).inserted }
        return documents
    }

    /// The folder of the nearest `Package.swift` above `file`; `nil` when there is none (a file of another machine).
    static func package(holding file: String) -> URL? {
        var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        while folder.path != "/" && !folder.path.isEmpty {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// The key of a dictionary the source decodes (`let rates: [String: Double]`): its keys are data, which
    /// ``keyed(_:by:)`` fills in from what the samples ask for.
    static let anyKey = "skillcheck-any-key"

    /// `document` with each dictionary keyed by every word of `samples` (a tool's string arguments, a text's words) as
    /// well as `sample`: a currency converter asked for EUR finds `rates.EUR`.
    static func keyed(_ document: String, by samples: [String]) -> String {
        guard document.contains(anyKey) else { return document }
        var words: [String] = []
        for sample in samples {
            let strings: [String] =
                if let arguments = try? JSON(parsing: Data(sample.utf8)), case .object = arguments { Self.strings(in: arguments) } else {
                    [sample]
                }
            for text in strings {
                for word in text.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" && $0 != "-" }) where word.count > 1 {
                    // As written, and in capitals and small letters: a converter asked for "jpy" looks up `JPY`.
                    for spelled in [String(word), word.uppercased(), word.lowercased()] where !words.contains(spelled) {
                        words.append(spelled)
                    }
                }
            }
        }
        let keys = ["sample"] + words.prefix(48)
        func fill(_ value: JSON) -> JSON {
            switch value {
            case .object(let members):
                guard members.count == 1, let only = members[anyKey] else { return .object(members.mapValues(fill)) }
                let inner = fill(only)
                return .object(Dictionary(uniqueKeysWithValues: keys.map { ($0, inner) }))
            case .array(let items): return .array(items.map(fill))
            default: return value
            }
        }
        return WorkingReply.documents(of: document).map { part in
            (try? JSON(parsing: Data(part.utf8))).map { fill($0).text } ?? part
        }.joined(separator: "\u{1E}")
    }

    /// Every string inside `value`.
    private static func strings(in value: JSON) -> [String] {
        switch value {
        case .string(let text): [text]
        case .array(let items): items.flatMap(strings)
        case .object(let members): members.sorted { $0.key < $1.key }.flatMap { strings(in: $0.value) }
        default: []
        }
    }

    private static let cache = Locked<[String: [String]]>([:])

    /// The Swift files under `folder`, outside `.build` and hidden folders, sorted by path.
    static func sourceFiles(in folder: URL) -> [URL] {
        guard
            let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var files: [URL] = []
        for case let url as URL in walker {
            if url.lastPathComponent == ".build" {
                walker.skipDescendants()
                continue
            }
            if url.pathExtension == "swift" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    // MARK: Decodable types

    /// A `Decodable` type of the source: a struct's or class's stored properties, or an enum's first raw value.
    struct DecodedType {
        var properties: [(key: String, type: String)] = []
        var rawValue: JSON?
        /// The type's name with the names of the types around it (`Forecast.Day`): where its properties' types are looked up.
        var qualifiedName = ""
    }

    /// One document per decoded root: an object merging every decoded object type's keys (a skill that decodes a
    /// search and then a page reads each from the same reply), and each array type as a list of one.
    static func decodedDocuments(in source: String) -> [String] {
        let types = decodableTypes(in: source)
        let code = SourceScanner.code(of: source)
        let style = ValueStyle(source: source)
        var roots: [(name: String, array: Bool)] = []
        let decodeCall = /decode\(\s*(\[)?\s*([A-Za-z_][\w.]*)\s*\]?\s*\.self/
        for match in code.matches(of: decodeCall) {
            let name = String(match.output.2.split(separator: ".").last ?? "")
            let array = match.output.1 != nil
            let known = types[name] != nil || (array && Self.primitives.contains(name))
            if known, !roots.contains(where: { $0 == (name, array) }) { roots.append((name, array)) }
        }
        // A helper that decodes the type it is handed (`request(.get, "/v1/customers", as: CustomerList.self)`): each
        // decoded type named as a value is a root too.
        for match in code.matches(of: /(\[\s*)?\b([A-Za-z_][\w.]*)\s*(\])?\s*\.self\b/)
        where (match.output.1 == nil) == (match.output.3 == nil) {
            let name = String(match.output.2.split(separator: ".").last ?? "")
            let array = match.output.1 != nil
            if let type = types[name], type.rawValue == nil, !roots.contains(where: { $0 == (name, array) }) { roots.append((name, array)) }
        }
        if roots.isEmpty {
            // No decode call names a type (a generic helper decodes `T`): the types no other type holds.
            let held = Set(types.values.flatMap { $0.properties.map { Self.baseName(of: $0.type) } })
            roots = types.filter { !$0.key.contains(".") && !held.contains($0.key) && $0.value.rawValue == nil }.keys.sorted().map {
                ($0, false)
            }
        }
        var merged: [String: JSON] = [:]
        var documents: [JSON] = []
        var objects: [[String: JSON]] = []
        for root in roots {
            let value = style.value(ofType: root.name, key: "", types: types, open: [])
            if root.array {
                documents.append(.array([value]))
            } else if case .object(let members) = value {
                merged.merge(members) { first, _ in first }
                objects.append(members)
            }
        }
        if !merged.isEmpty { documents.insert(.object(merged), at: 0) }
        // Two services' replies that name one key alike and shape it apart (Dark Sky's `daily` an object, OpenWeather's
        // a list): the merged document keeps the first, so each root comes again alone, for the skill that reads the other.
        let clashes = objects.contains { members in members.contains { key, value in merged[key] != value } }
        if clashes { documents += objects.filter { .object($0) != documents.first }.map { .object($0) } }
        return documents.map(\.text)
    }

    /// The `Decodable` (or `Codable`) structs, classes and enums of `source`, by name, nested ones by their own name
    /// (the first of that name) and by the names of the types around them (`Forecast.Day`), so that two services'
    /// replies that each nest a `Day` are each read with their own.
    static func decodableTypes(in source: String) -> [String: DecodedType] {
        let code = Array(SourceScanner.code(of: source))
        let raw = Array(source)
        let text = String(code)
        var decodable = Set<String>()
        for match in text.matches(of: /\bextension\s+([\w.]+)\s*:\s*([^{]*)\{/) where Self.decodes(match.output.2) {
            decodable.insert(String(match.output.1.split(separator: ".").last ?? ""))
        }
        var declared: [(name: String, kind: String, inherits: Substring, body: Range<Int>)] = []
        let declaration = /\b(struct|class|enum)\s+([A-Za-z_]\w*)(?:\s*<[^>{]*>)?\s*(?::\s*([^{]*))?\{/
        // Matches come in order: count characters from the last one, not from the start each time.
        var (counted, countedTo) = (0, text.startIndex)
        for match in text.matches(of: declaration) {
            counted += text.distance(from: countedTo, to: match.range.upperBound)
            countedTo = match.range.upperBound
            let open = counted - 1
            guard let close = Self.closingBrace(in: code, from: open) else { continue }
            let name = String(match.output.2)
            if let inherits = match.output.3, Self.decodes(inherits) { decodable.insert(name) }
            declared.append((name, String(match.output.1), match.output.3 ?? "", (open + 1)..<close))
        }
        var types: [String: DecodedType] = [:]
        for item in declared where decodable.contains(item.name) {
            let body = Self.topLevel(of: item.body, in: code)
            let outer = declared.filter { $0.body != item.body && $0.body.contains(item.body.lowerBound) }
                .sorted { $0.body.lowerBound < $1.body.lowerBound }.map(\.name)
            let qualified = (outer + [item.name]).joined(separator: ".")
            if item.kind == "enum" {
                let decoded = DecodedType(
                    rawValue: Self.firstRawValue(body: body, raw: raw, inherits: item.inherits), qualifiedName: qualified)
                if types[item.name] == nil { types[item.name] = decoded }
                types[qualified] = decoded
            } else {
                // The type's own `CodingKeys`, not one of a type nested in it.
                let inner = declared.filter { $0.name != "CodingKeys" && $0.body != item.body && item.body.contains($0.body.lowerBound) }
                let own = declared.first { keys in
                    keys.name == "CodingKeys" && item.body.contains(keys.body.lowerBound)
                        && !inner.contains { $0.body.contains(keys.body.lowerBound) }
                }
                let keys = own.map {
                    Self.codingKeys(body: Self.topLevel(of: $0.body, in: code), raw: raw)
                }
                let decoded = DecodedType(
                    properties: Self.storedProperties(body: body, code: code, codingKeys: keys), qualifiedName: qualified)
                if types[item.name] == nil { types[item.name] = decoded }
                types[qualified] = decoded
            }
        }
        return types
    }

    /// The types a list of ids or names is decoded as: `decode([Int].self, from: data)`.
    static let primitives: Set<String> = ["Int", "Int64", "Int32", "UInt", "UInt64", "String", "Double", "Float", "Bool", "URL", "UUID"]

    private static func decodes(_ inherits: Substring) -> Bool {
        inherits.contains(/\b(Decodable|Codable)\b/)
    }

    /// The index of the brace that closes the one at `open`.
    private static func closingBrace(in code: [Character], from open: Int) -> Int? {
        var depth = 0
        for index in open..<code.count {
            if code[index] == "{" { depth += 1 }
            if code[index] == "}" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// The indices of `body` outside any nested braces, the braces themselves kept: the declarations of the type
    /// itself, a getter reading `var x: Int {}`.
    private static func topLevel(of body: Range<Int>, in code: [Character]) -> [Int] {
        var depth = 0
        var indices: [Int] = []
        for index in body {
            if code[index] == "{" {
                if depth == 0 { indices.append(index) }
                depth += 1
            } else if code[index] == "}" {
                depth -= 1
                if depth == 0 { indices.append(index) }
            } else if depth == 0 {
                indices.append(index)
            }
        }
        return indices
    }

    /// The stored properties a synthesized `init(from:)` decodes: `let` without a value, `var` with or without
    /// one, neither `static` nor computed; with `CodingKeys`, only those it lists, under its names.
    private static func storedProperties(body: [Int], code: [Character], codingKeys: [String: String]?) -> [(key: String, type: String)] {
        let text = String(body.map { code[$0] })
        let property =
            /(?:^|[\n;{}])[ \t]*((?:@[\w.]+(?:\([^)\n]*\))?\s+|(?:public|private|internal|fileprivate|package|open|final|nonisolated|lazy|weak|unowned)(?:\(set\))?\s+)*)(let|var)\s+([A-Za-z_]\w*)\s*:\s*([^=\n;{]+?)\s*(=[^\n;]*)?(?=\s*(?:[\n;{]|$))/
        var properties: [(key: String, type: String)] = []
        for match in text.matches(of: property) {
            let modifiers = match.output.1, name = String(match.output.3)
            if modifiers.contains("static") || modifiers.contains("lazy") { continue }
            if match.output.2 == "let", match.output.5 != nil { continue }
            // A `{` after the type opens a getter or observers: computed, or not decoded under its own key.
            let rest = text[match.range.upperBound...].drop { $0 == " " || $0 == "\t" }
            if rest.first == "{" { continue }
            if let codingKeys {
                guard let key = codingKeys[name] else { continue }
                properties.append((key, String(match.output.4)))
            } else {
                properties.append((name, String(match.output.4)))
            }
        }
        return properties
    }

    /// `CodingKeys` cases: the property name and the key it reads (`case pageID = "pageid"`).
    private static func codingKeys(body: [Int], raw: [Character]) -> [String: String] {
        let text = String(body.map { raw[$0] })
        var keys: [String: String] = [:]
        for line in text.matches(of: /\bcase\s+([^\n;]+)/) {
            for item in line.output.1.split(separator: ",") {
                let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard let name = parts.first, !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { continue }
                let key = parts.count > 1 ? parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : name
                keys[name] = key
            }
        }
        return keys
    }

    /// An enum's first case as it is decoded: its raw value, else its name for `String`, `0`-based for `Int`;
    /// `nil` for an enum with no raw type (decoded by hand, its shape unknown).
    private static func firstRawValue(body: [Int], raw: [Character], inherits: Substring) -> JSON? {
        let text = String(body.map { raw[$0] })
        let isString = inherits.contains(/\bString\b/), isNumber = inherits.contains(/\b(Int\w*|UInt\w*|Double|Float)\b/)
        guard isString || isNumber, let first = text.firstMatch(of: /\bcase\s+([A-Za-z_]\w*)\s*(?:=\s*("[^"\n]*"|-?[\d.]+))?/)
        else { return nil }
        if let value = first.output.2 {
            return isString ? .string(value.trimmingCharacters(in: CharacterSet(charactersIn: "\""))) : Double(value).map(JSON.number)
        }
        return isString ? .string(String(first.output.1)) : .number(0)
    }

    /// `[Item]?` gives `Item`: the type a value is built from, without optionals and collections.
    static func baseName(of type: String) -> String {
        String(type.filter { !"[]?!".contains($0) }.split(separator: ":").last ?? "").trimmingCharacters(in: .whitespaces)
    }

    // MARK: Cast keys

    /// What a key is cast to: `json["items"] as? [[String: Any]]` reads `items` as a list of objects.
    indirect enum Cast: Equatable {
        case string, integer, number, boolean, strings, integers, numbers, object, objects, list
        /// An object keyed by data (a page id, a currency), read with a key the skill computes: what ``keyed(_:by:)``
        /// fills with every word of the samples, each holding the same value, cast as `element` says (an item
        /// holding every key when nothing says).
        case keyed(element: Cast?)

        var isComposite: Bool {
            switch self {
            case .object, .objects, .list, .keyed: true
            default: false
            }
        }

        var isKeyed: Bool { if case .keyed = self { true } else { false } }
    }

    /// The keys an API sends only when it failed: a document that holds them sends a skill down its error path.
    static let errorKeys: Set<String> = ["error", "errors", "err", "fault", "faults", "exception"]

    /// A document for a skill that reads `JSONSerialization`'s dictionaries: an object holding every key the source
    /// casts, each as the type it is cast to, objects nested in turn (three levels), and as a list of one when the
    /// source casts the parsed document itself to a list.
    static func castDocuments(in source: String) -> [String] {
        let pattern =
            /\[\s*"([^"\\\n]+)"\s*\]\s*(?:\?\s*)?as\s*[?!]\s*(\[\s*\[\s*String\s*:\s*Any\w*\s*\]\s*\]|\[\s*String\s*:\s*Any\w*\s*\]|\[\s*String\s*\]|\[\s*Int\s*\]|\[\s*Double\s*\]|\[\s*Any\w*\s*\]|NSDictionary|NSArray|String|Int|Double|Float|Bool|NSNumber)/
        var casts: [(key: String, cast: Cast)] = []
        let read =
            source.matches(of: pattern).map { (String($0.output.1), cast(spelled: $0.output.2.filter { !$0.isWhitespace })) }
            // Keys read through a port's helpers or a chain of subscripts, after the cast ones (whose types they keep).
            + accessedCasts(in: source)
        for (key, cast) in read {
            if let index = casts.firstIndex(where: { $0.key == key }) {
                // A key read with a computed key is keyed by data, whatever else lists it (Python's `list(pages)`).
                if cast.isKeyed || (cast.isComposite && !casts[index].cast.isComposite) { casts[index].cast = cast }
            } else {
                casts.append((key, cast))
            }
        }
        guard !casts.isEmpty else { return [] }
        let style = ValueStyle(source: source)
        let listed = source.contains(/jsonObject\(with:[^)\n]*\)\)?\s*as\s*[?!]\s*(\[\s*\[|\[\s*Any|NSArray)/)
        // A key read only when the service failed (`if "error" in raw`) sends the skill down its error path: the
        // document without it comes first, and the one with it after, in case the skill needs it.
        let healthy = casts.filter { !errorKeys.contains($0.key.lowercased()) }
        var documents: [String] = []
        for keys in healthy.count < casts.count && !healthy.isEmpty ? [healthy, casts] : [casts] {
            var depth = 3
            var object = castObject(keys, style: style, depth: depth)
            // Each level holds every composite key again: keep the document under 64 KB.
            while object.text.utf8.count > 65_536, depth > 1 {
                depth -= 1
                object = castObject(keys, style: style, depth: depth)
            }
            documents += listed ? [JSON.array([object]).text, object.text] : [object.text]
        }
        // A list of one such object last, for a skill that reads the parsed document as a list without casting it
        // (`json.arrayValue`, `json[0]?["title"]`).
        if !listed, let first = documents.first, let object = try? JSON(parsing: Data(first.utf8)) {
            documents.append(JSON.array([object]).text)
        }
        return documents
    }

    private static func castObject(_ casts: [(key: String, cast: Cast)], style: ValueStyle, depth: Int) -> JSON {
        var members: [String: JSON] = [:]
        for (key, cast) in casts { members[key] = value(cast, key: key, casts: casts, style: style, depth: depth) }
        return .object(members)
    }

    /// The value of `key` cast as `cast`, in an object `depth` levels from the bottom.
    private static func value(_ cast: Cast, key: String, casts: [(key: String, cast: Cast)], style: ValueStyle, depth: Int) -> JSON {
        switch cast {
        case .string: style.string(for: key)
        case .integer: number(for: key, fraction: false)
        case .number: number(for: key, fraction: true)
        case .boolean: .bool(true)
        case .strings: .array([style.string(for: key)])
        case .integers: .array([number(for: key, fraction: false)])
        case .numbers: .array([number(for: key, fraction: true)])
        case .object: depth > 1 ? castObject(casts, style: style, depth: depth - 1) : .object([:])
        case .objects, .list: .array(depth > 1 ? [castObject(casts, style: style, depth: depth - 1)] : [])
        case .keyed(let element?) where !element.isComposite:
            .object([anyKey: value(element, key: key, casts: casts, style: style, depth: depth)])
        case .keyed: .object(depth > 1 ? [anyKey: castObject(casts, style: style, depth: depth - 1)] : [:])
        }
    }

    /// A number for `key`: 1 (1.5 where the source reads a fraction), or an hour where the key names how long
    /// something lasts (`expires_in`, `ttl`, `max_age`, `lifetime`; in milliseconds where it says so). A token or
    /// a cache entry the reply fills then stays good for the run, as a real service's does: with 1 second, a token
    /// refreshed five minutes before it expires is refreshed on every call, and the checks judge a skill that
    /// never reuses one.
    ///
    /// ```swift
    /// SourceReplies.number(for: "expires_in", fraction: false)   // 3600
    /// SourceReplies.number(for: "count", fraction: false)        // 1
    /// ```
    static func number(for key: String, fraction: Bool) -> JSON {
        let words = NameWords.of(key).map { $0.lowercased() }
        let pairs = Set(zip(words, words.dropFirst()).map { $0 + " " + $1 })
        let lasts =
            words.contains("ttl") || words.contains("lifetime") || words.contains("maxage") || words.contains("expiresin")
            || !pairs.isDisjoint(with: ["expires in", "expire in", "expiry in", "max age", "valid for", "to live"])
        guard lasts else { return .number(fraction ? 1.5 : 1) }
        let milliseconds = words.contains { ["ms", "millis", "msec", "milliseconds"].contains($0) }
        return .number(milliseconds ? 3_600_000 : 3600)
    }

    // MARK: Feeds and pages

    /// An Atom and an RSS feed of one entry when the source parses XML, a page when it reads HTML.
    static func markupDocuments(in source: String) -> [String] {
        var documents: [String] = []
        if source.contains(/\bXMLParser\b|\bXMLDocument\b|\bXMLElement\b/) {
            documents.append(
                #"<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Sample feed</title>"#
                    + #"<id>urn:skillcheck:feed</id><updated>2026-01-05T09:30:00Z</updated><entry><title>Sample entry</title>"#
                    + #"<id>urn:skillcheck:entry:1</id><link href="https://example.com/entry/1"/><updated>2026-01-05T09:30:00Z</updated>"#
                    + #"<published>2026-01-05T09:30:00Z</published><author><name>Sample author</name></author>"#
                    + #"<summary>Sample summary</summary></entry></feed>"#)
            documents.append(
                #"<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Sample feed</title>"#
                    + #"<link>https://example.com/</link><description>Sample feed</description><item><title>Sample item</title>"#
                    + #"<link>https://example.com/item/1</link><guid>https://example.com/item/1</guid>"#
                    + #"<pubDate>Mon, 05 Jan 2026 09:30:00 +0000</pubDate><description>Sample description</description></item>"#
                    + #"</channel></rss>"#)
        }
        if source.range(of: #"<html|<body|<title|<p>|<a |text/html|SwiftSoup|\bhref\b"#, options: [.regularExpression, .caseInsensitive])
            != nil
        {
            documents.append(
                #"<!DOCTYPE html><html><head><meta charset="utf-8"><title>Sample page</title>"#
                    + #"<meta name="description" content="Sample description"></head><body><main><h1>Sample heading</h1>"#
                    + #"<p>Sample paragraph with <a href="https://example.com/next">a link</a>.</p></main></body></html>"#)
        }
        return documents
    }

    // MARK: Values

    /// How the source decodes: its key and date strategies, which decide how a property's key and a date are written.
    struct ValueStyle {
        var snakeCaseKeys = false
        var dates: JSON = .number(789_298_200) // `Date`'s own decoding: seconds since 2001, here 2026-01-05T09:30:00Z
        /// The text the source wants a key to hold for its work to go on (``successTexts(in:)``): `status` "OK".
        var successTexts: [String: String] = [:]

        init(source: String) {
            successTexts = Self.successTexts(in: source)
            snakeCaseKeys = source.contains(".convertFromSnakeCase")
            if source.contains(/\.iso8601\b|ISO8601DateFormatter/) {
                dates = .string("2026-01-05T09:30:00Z")
            } else if source.contains(".millisecondsSince1970") {
                dates = .number(1_767_605_400_000)
            } else if source.contains(".secondsSince1970") {
                dates = .number(1_767_605_400)
            } else if source.contains(/dateDecodingStrategy\s*=\s*\.(formatted|custom)/) {
                dates = .string("2026-01-05T09:30:00Z")
            }
        }

        /// The words a status holds when a service answered as asked: a comparison with one of them (`==`) is taken as
        /// the way on; with any other text, it may be a failure's (`status == "ZERO_RESULTS"`).
        static let successWords: Set<String> = ["ok", "success", "succeeded", "successful", "done", "completed", "complete", "active"]

        /// The text each key must hold for the skill to go on, from the source's comparisons of its value with a literal:
        /// one it leaves on when the value differs (`status != "OK"`, `!strictEquals(prop(data, "status"), "OK")`), else
        /// one it compares with `==` that reads as a success (`json["status"] as? String == "ok"`). A member read
        /// (`response.status != "OK"`) names its key too, for a Decodable type's field.
        static func successTexts(in source: String) -> [String: String] {
            var strong: [String: String] = [:]
            var likely: [String: String] = [:]
            // A comparison the code leaves on when it fails (`!=`, a negated helper) gives the way on; one with `==` only
            // when its text reads as a success. The first of each wins.
            func note(_ key: String, _ text: String, negated: Bool) {
                if negated {
                    if strong[key] == nil { strong[key] = text }
                } else if successWords.contains(text.lowercased()), likely[key] == nil {
                    likely[key] = text
                }
            }
            for match in source.matches(
                of:
                    #/(?:"([A-Za-z_][\w-]*)"\s*\]?|\.([A-Za-z_]\w*))\s*\)?\s*(?:\?\?\s*""\s*)?(?:as\s*[?!]\s*String\s*)?\)?\s*(==|!=|===|!==)\s*"([^"\\\n]*)"/#
            ) {
                guard let key = match.output.1 ?? match.output.2 else { continue }
                note(String(key), String(match.output.4), negated: match.output.3.hasPrefix("!"))
            }
            // A port's comparison helper, `strictEquals(try prop(data, "status"), "OK")`: negated, the way on.
            for match in source.matches(
                of:
                    #/(!?)\s*[A-Za-z_]\w*\(\s*(?:try[?!]?\s+)?[A-Za-z_]\w*\(\s*[^()\n]*?,\s*"([A-Za-z_][\w-]*)"\s*\)\s*,\s*"([^"\\\n]*)"\s*\)/#
            ) {
                note(String(match.output.2), String(match.output.3), negated: !match.output.1.isEmpty)
            }
            return likely.merging(strong) { $1 }
        }

        /// A string that reads as what its key names: a time, a link, an address, an id, or text; the text the source
        /// wants it to hold, when it compares it with one.
        func string(for key: String) -> JSON {
            if let text = successTexts[key] { return .string(text) }
            let lower = key.lowercased()
            if lower.contains("url") || lower.contains("link") || lower.contains("href") || lower.hasSuffix("uri") {
                return .string("https://example.com/sample")
            }
            let timed =
                lower.contains("date") || (lower.contains("time") && !lower.contains("zone")) || key.hasSuffix("At")
                || lower.hasSuffix("_at") || lower.contains("updated") || lower.contains("published") || lower.hasPrefix("start")
                || lower == "end" || lower.hasSuffix("_end") || key.hasSuffix("End")
            if timed { return .string("2026-01-05T09:30:00Z") }
            if lower.contains("email") { return .string("sample@example.com") }
            if lower == "id" || lower.hasSuffix("_id") || key.hasSuffix("Id") || key.hasSuffix("ID") { return .string("sample-1") }
            // No space, nothing a URL must escape: a skill may put the value in its next request's path, as it would
            // an id the service sent.
            return .string(key.isEmpty ? "Sample" : "Sample-\(key)")
        }

        /// A value of the type spelled `type` for the key `key`; `open` holds the types being built, so a recursive
        /// type ends in an empty object.
        func value(ofType type: String, key: String, types: [String: DecodedType], open: Set<String>, scope: String = "") -> JSON {
            var type = type.trimmingCharacters(in: .whitespaces)
            while type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
            if type.hasPrefix("Optional<"), type.hasSuffix(">") { type = String(type.dropFirst(9).dropLast()) }
            if type.hasPrefix("["), type.hasSuffix("]") {
                let inner = String(type.dropFirst().dropLast())
                if let colon = Self.topLevelColon(in: inner) {
                    let element = String(inner[inner.index(after: colon)...])
                    return .object([SourceReplies.anyKey: value(ofType: element, key: key, types: types, open: open, scope: scope)])
                }
                return .array([value(ofType: inner, key: key, types: types, open: open, scope: scope)])
            }
            for prefix in ["Array<", "Set<", "ContiguousArray<"] where type.hasPrefix(prefix) && type.hasSuffix(">") {
                return .array([
                    value(ofType: String(type.dropFirst(prefix.count).dropLast()), key: key, types: types, open: open, scope: scope)
                ])
            }
            let name = String(type.split(separator: ".").last ?? "")
            switch name {
            case "String", "Substring": return string(for: key)
            case "Character": return .string("S")
            case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64":
                return SourceReplies.number(for: key, fraction: false)
            case "Double", "Float", "CGFloat", "Decimal", "Float32", "Float64": return SourceReplies.number(for: key, fraction: true)
            case "Bool": return .bool(true)
            case "Date": return dates
            case "URL": return .string("https://example.com/sample")
            case "UUID": return .string("00000000-0000-4000-8000-000000000001")
            case "Data": return .string("c2FtcGxl")
            default: break
            }
            // The type the name means where it is written: one nested in the type being built, or in a type around it,
            // before the first of that name.
            var found: DecodedType?
            var enclosing = scope
            while found == nil {
                let candidate = enclosing.isEmpty ? name : enclosing + "." + name
                found = types[candidate]
                if enclosing.isEmpty { break }
                enclosing = enclosing.split(separator: ".").dropLast().joined(separator: ".")
            }
            guard let decoded = found else { return string(for: key) }
            if let raw = decoded.rawValue { return raw }
            if open.contains(decoded.qualifiedName) { return .object([:]) }
            var members: [String: JSON] = [:]
            for property in decoded.properties {
                let written = snakeCaseKeys ? Self.snakeCase(property.key) : property.key
                members[written] = value(
                    ofType: property.type, key: property.key, types: types, open: open.union([decoded.qualifiedName]),
                    scope: decoded.qualifiedName)
            }
            return .object(members)
        }

        /// `pageID` gives `page_id`, as `.convertFromSnakeCase` reads it back.
        static func snakeCase(_ name: String) -> String {
            var result = ""
            for (index, character) in name.enumerated() {
                if character.isUppercase, index > 0 { result += "_" }
                result += character.lowercased()
            }
            return result
        }

        private static func topLevelColon(in type: String) -> String.Index? {
            var depth = 0
            for index in type.indices {
                switch type[index] {
                case "[", "<", "(": depth += 1
                case "]", ">", ")": depth -= 1
                case ":" where depth == 0: return index
                default: break
                }
            }
            return nil
        }
    }
}
