import Foundation
import SkillCheckSupport
import SkillEngine
import SkillKit
import SkillTesting

/// Turns a parsed document into a ``Transcript``, rejecting anything unknown with a located error.
@available(SkillCheckTesting, *)
struct TranscriptReader {
    let document: JSONDocument

    func fail(_ pointer: String, expected: String, found: String) -> TranscriptError {
        TranscriptError(
            file: document.file, pointer: pointer, location: document.location(of: pointer),
            expected: expected, found: found)
    }

    func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text):
            "\"\(SecretScanner.redacted(text.count > 60 ? String(text.prefix(60)) + "…" : text))\""
        case .number, .bool, .null: value.canonical
        default: value.kind
        }
    }

    // MARK: Primitives

    func members(
        _ value: JSONValue, at pointer: String, allowed: [String], required: [String] = []
    )
        throws(TranscriptError) -> [(key: String, value: JSONValue)]
    {
        guard case .object(let pairs) = value else {
            throw fail(pointer, expected: "an object", found: value.kind)
        }
        for pair in pairs where !allowed.contains(pair.key) {
            throw fail(
                pointer + "/" + JSONParser.escape(pair.key),
                expected: "one of the members " + allowed.map { "\"\($0)\"" }.joined(separator: ", "),
                found: "\"\(pair.key)\""
                    + (Suggestion.nearest(to: pair.key, among: allowed).map { " (did you mean \"\($0)\"?)" } ?? ""))
        }
        for key in required where !pairs.contains(where: { $0.key == key }) {
            throw fail(pointer, expected: "a member \"\(key)\"", found: "an object without it")
        }
        return pairs
    }

    func string(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> String {
        guard case .string(let text) = value else { throw fail(pointer, expected: "a string", found: value.kind) }
        return text
    }

    func bool(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> Bool {
        guard case .bool(let flag) = value else { throw fail(pointer, expected: "true or false", found: describe(value)) }
        return flag
    }

    func integer(_ value: JSONValue, at pointer: String, minimum: Int = 0, maximum: Int = 1_000_000) throws(TranscriptError) -> Int {
        guard case .number(let number) = value, number == number.rounded(), number >= Double(minimum), number <= Double(maximum) else {
            throw fail(pointer, expected: "a whole number from \(minimum) to \(maximum)", found: describe(value))
        }
        return Int(number)
    }

    func duration(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> Duration {
        if let duration = DurationText.duration(of: value) { return duration }
        throw fail(pointer, expected: "a duration such as \"1.5s\" or \"250ms\", at most 31 years", found: describe(value))
    }

    func choice<Value>(_ value: JSONValue, at pointer: String, _ options: [(String, Value)]) throws(TranscriptError) -> Value {
        if case .string(let text) = value, let match = options.first(where: { $0.0 == text }) { return match.1 }
        throw fail(pointer, expected: "one of " + options.map { "\"\($0.0)\"" }.joined(separator: ", "), found: describe(value))
    }

    func array(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> [JSONValue] {
        guard case .array(let items) = value else { throw fail(pointer, expected: "an array", found: value.kind) }
        return items
    }

    // MARK: Transcript

    func transcript() throws(TranscriptError) -> Transcript {
        let root = document.value
        if case .object(let pairs) = root, pairs.contains(where: { Self.toolMarkers.contains($0.key) }) {
            return try toolTranscript()
        }
        let top = try members(
            root, at: "",
            allowed: [
                "schema", "name", "description", "skills", "engine", "fixtures", "steps", "matchers", "exhaustive",
            ], required: ["schema", "skills", "steps"])
        var result = Transcript(
            file: document.file, name: Self.defaultName(document.file), description: nil, skills: [],
            engine: .init(), fixtures: .init(), steps: [], matchers: [], exhaustive: true, document: document)
        for (key, value) in top {
            let pointer = "/" + key
            if try commonMember(key, value, at: pointer, into: &result) { continue }
            switch key {
            case "skills":
                let items = try array(value, at: pointer)
                for (index, item) in items.enumerated() {
                    result.skills.append(try skill(item, at: pointer + "/\(index)"))
                }
            case "engine": result.engine = try engine(value, at: pointer)
            case "fixtures": result.fixtures = try fixtures(value, at: pointer)
            case "steps": result.steps = try steps(value, at: pointer, in: .agent)
            case "matchers": result.matchers = try matchers(value, at: pointer)
            case "exhaustive": result.exhaustive = try bool(value, at: pointer)
            default: break
            }
        }
        return result
    }

    func steps(_ value: JSONValue, at pointer: String, in kind: Transcript.Kind) throws(TranscriptError) -> [Transcript.Step] {
        var labels: [String] = []
        var steps: [Transcript.Step] = []
        for (index, item) in try array(value, at: pointer).enumerated() {
            steps.append(try step(item, at: pointer + "/\(index)", in: kind, labels: &labels))
        }
        return steps
    }

    static func defaultName(_ file: String) -> String {
        URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    }

    func skill(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> Transcript.SkillReference {
        if case .string(let id) = value { return .init(id: id, pointer: pointer) }
        let pairs = try members(value, at: pointer, allowed: ["id", "retry", "timeout"], required: ["id"])
        var reference = Transcript.SkillReference(id: "", pointer: pointer + "/id")
        for (key, child) in pairs {
            switch key {
            case "id": reference.id = try string(child, at: pointer + "/id")
            case "timeout": reference.timeout = try duration(child, at: pointer + "/timeout")
            case "retry": reference.retry = try retry(child, at: pointer + "/retry")
            default: break
            }
        }
        return reference
    }

    func retry(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> RetryPolicy {
        let pairs = try members(
            value, at: pointer, allowed: ["maxRetries", "baseDelay", "factor", "maxDelay", "jitterSeed"],
            required: ["maxRetries", "baseDelay"])
        var maxRetries = 0, base = Duration.zero, factor = 2.0
        var maxDelay: Duration?, jitter = RetryPolicy.Jitter.none
        for (key, child) in pairs {
            let path = pointer + "/" + key
            switch key {
            case "maxRetries": maxRetries = try integer(child, at: path, maximum: 100)
            case "baseDelay": base = try duration(child, at: path)
            case "maxDelay": maxDelay = try duration(child, at: path)
            case "jitterSeed": jitter = .full(seed: UInt64(try integer(child, at: path, maximum: Int(Int32.max))))
            case "factor":
                guard case .number(let number) = child, number >= 1, number <= 100 else {
                    throw fail(path, expected: "a number from 1 to 100", found: describe(child))
                }
                factor = number
            default: break
            }
        }
        return RetryPolicy(maxRetries: maxRetries, baseDelay: base, factor: factor, maxDelay: maxDelay, jitter: jitter)
    }

    /// Reads the members both kinds of transcript have (`schema`, `name`, `description`) into `result`;
    /// returns whether `key` was one of them.
    func commonMember(_ key: String, _ value: JSONValue, at pointer: String, into result: inout Transcript) throws(TranscriptError) -> Bool
    {
        switch key {
        case "schema":
            guard case .string(Transcript.format.id) = value else {
                throw fail(pointer, expected: "\"\(Transcript.format.id)\"", found: describe(value))
            }
        case "name": result.name = try string(value, at: pointer)
        case "description": result.description = try string(value, at: pointer)
        default: return false
        }
        return true
    }

    /// An engine's concurrency policy: a name, or `{"concurrent": {"maxConcurrent": 2}}`.
    func policy(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> ConcurrencyPolicy {
        let expected =
            ConcurrencyPolicy.simpleCases.map { "\"\($0.name)\"" }.joined(separator: ", ")
            + " or {\"concurrent\": {\"maxConcurrent\": 2}}"
        if case .string(let name) = value, let policy = ConcurrencyPolicy.simpleCases.first(where: { $0.name == name }) { return policy }
        guard case .object(let pairs) = value, pairs.count == 1, pairs[0].key == "concurrent" else {
            throw fail(pointer, expected: "one of " + expected, found: describe(value))
        }
        let path = pointer + "/concurrent"
        let limit = try members(pairs[0].value, at: path, allowed: ["maxConcurrent"], required: ["maxConcurrent"])
        return .concurrent(maxConcurrent: try integer(limit[0].value, at: path + "/maxConcurrent", minimum: 1, maximum: 1000))
    }

    func engine(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> Transcript.EngineSettings {
        var settings = Transcript.EngineSettings()
        for (key, child) in try members(value, at: pointer, allowed: ["timeout", "locale", "policy", "fallback"]) {
            let path = pointer + "/" + key
            switch key {
            case "timeout": settings.timeout = try duration(child, at: path)
            case "locale": settings.language = try locale(child, at: path)
            case "policy": settings.policy = try policy(child, at: path)
            case "fallback": settings.fallback = try skill(child, at: path)
            default: break
            }
        }
        return settings
    }

    func matchers(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> [Matcher] {
        guard case .object(let pairs) = value else { throw fail(pointer, expected: "an object of JSON pointers", found: value.kind) }
        var result: [Matcher] = []
        for (key, rule) in pairs {
            let path = pointer + "/" + JSONParser.escape(key)
            // The empty pointer names the whole step, which is never compared as one value: reject it too.
            guard key.hasPrefix("/") else {
                throw fail(path, expected: "a JSON pointer such as \"/messages/0/content\"", found: "\"\(key)\"")
            }
            result.append(Matcher(pointer: key, rule: try matcherRule(rule, at: path)))
        }
        return result
    }

    func matcherRule(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> Matcher.Rule {
        if case .string("ignore") = value { return .ignore }
        if case .string("unordered") = value { return .unordered }
        let pairs = try members(value, at: pointer, allowed: ["ignore", "regex", "type", "tolerance", "unordered"])
        guard pairs.count == 1, let (key, child) = pairs.first else {
            throw fail(
                pointer, expected: "exactly one of \"ignore\", \"regex\", \"type\", \"tolerance\", \"unordered\"",
                found: "\(pairs.count) members")
        }
        let path = pointer + "/" + key
        switch key {
        case "ignore", "unordered":
            guard try bool(child, at: path) else { throw fail(path, expected: "true", found: "false") }
            return key == "ignore" ? .ignore : .unordered
        case "regex":
            let pattern = try string(child, at: path)
            guard (try? NSRegularExpression(pattern: pattern)) != nil else {
                throw fail(path, expected: "a valid regular expression", found: describe(child))
            }
            return .regex(pattern)
        case "type":
            return .type(try choice(child, at: path, Matcher.typeNames.map { ($0, $0) }))
        default:
            guard case .number(let tolerance) = child, tolerance >= 0 else {
                throw fail(path, expected: "a number of at least 0", found: describe(child))
            }
            return .tolerance(tolerance)
        }
    }
}
