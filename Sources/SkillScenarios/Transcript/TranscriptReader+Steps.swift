import Foundation
import SkillCheckSupport
import SkillKit
import SkillTesting

@available(SkillCheckTesting, *)
extension TranscriptReader {
    /// The step kinds of a transcript of `kind`, in the order error messages list them.
    static func stepKinds(_ kind: Transcript.Kind) -> [String] {
        switch kind {
        case .agent: ["send", "advance", "cancel", "settle", "expect"]
        case .toolCalling: ["run", "advance", "cancel", "settle", "showPacks", "setPermission", "expect"]
        }
    }

    /// One step; `labels` are the run labels of the steps before it, and gains this step's.
    func step(
        _ value: JSONValue, at pointer: String, in transcript: Transcript.Kind = .agent, labels: inout [String]
    )
        throws(TranscriptError) -> Transcript.Step
    {
        let kinds = Self.stepKinds(transcript)
        guard case .object(let pairs) = value, let kind = pairs.first(where: { kinds.contains($0.key) }) else {
            var found = value.kind == "an object" ? "none of them" : value.kind
            if case .object(let pairs) = value, let typo = pairs.first(where: { Suggestion.nearest(to: $0.key, among: kinds) != nil }),
                let near = Suggestion.nearest(to: typo.key, among: kinds)
            {
                found = "\"\(typo.key)\" (did you mean \"\(near)\"?)"
            }
            if transcript == .toolCalling, case .object(let pairs) = value, pairs.contains(where: { $0.key == "send" }) {
                found += " (\"send\" talks to the AgentEngine; a tool-calling transcript starts a run with {\"run\": \"text\"})"
            }
            throw fail(
                pointer, expected: "a step: an object with one of " + kinds.map { "\"\($0)\"" }.joined(separator: ", "),
                found: found)
        }
        let path = pointer + "/" + kind.key
        switch kind.key {
        case "send":
            let members = try members(value, at: pointer, allowed: ["send", "wait"])
            let wait =
                try members.first { $0.key == "wait" }.map { pair throws(TranscriptError) in
                    try bool(pair.value, at: pointer + "/wait")
                } ?? true
            return .send(try string(kind.value, at: path), wait: wait)
        case "advance":
            _ = try members(value, at: pointer, allowed: ["advance"])
            return .advance(try duration(kind.value, at: path))
        case "cancel":
            _ = try members(value, at: pointer, allowed: ["cancel"])
            if case .string("last") = kind.value { return .cancel(.last) }
            if transcript == .toolCalling { return .cancel(try runReference(kind.value, at: path, labels: labels)) }
            guard case .number = kind.value else {
                throw fail(
                    path, expected: "\"last\" or the index of a send among the sends (0 for the first)",
                    found: describe(kind.value))
            }
            return .cancel(.index(try integer(kind.value, at: path)))
        case "settle":
            _ = try members(value, at: pointer, allowed: ["settle"])
            guard try bool(kind.value, at: path) else { throw fail(path, expected: "true", found: "false") }
            return .settle
        case "expect":
            _ = try members(value, at: pointer, allowed: ["expect"])
            return .expect(try expectation(kind.value, at: path, in: transcript))
        default:
            return try toolStep(kind, of: value, at: pointer, labels: &labels)
        }
    }

    func expectation(
        _ value: JSONValue, at pointer: String, in transcript: Transcript.Kind = .agent
    )
        throws(TranscriptError) -> Transcript.Expectation
    {
        let fields = ObservedField.fields(of: transcript)
        if case .null = value {
            // What `--record missing` fills in is an expectation with nothing in it yet, or a field left null.
            throw fail(
                pointer, expected: "an object of the fields to compare: write {} and run with --record missing to fill it in",
                found: "null")
        }
        let pairs = try members(value, at: pointer, allowed: fields.map(\.rawValue) + ["matchers"])
        var result = Transcript.Expectation(values: [], matchers: [], pointer: pointer)
        for (key, child) in pairs {
            let path = pointer + "/" + key
            guard let field = ObservedField(rawValue: key) else {
                result.matchers = try matchers(child, at: path)
                continue
            }
            if case .null = child {} else { try check(child, as: field.form, at: path) }
            result.values.append((field, child))
        }
        return result
    }

    /// Checks that a written expectation has its field's form.
    func check(_ value: JSONValue, as form: ObservedField.Form, at pointer: String) throws(TranscriptError) {
        switch form {
        case .array: _ = try array(value, at: pointer)
        case .object(let expected):
            guard case .object = value else { throw fail(pointer, expected: expected, found: value.kind) }
        case .duration: _ = try duration(value, at: pointer)
        case .any: break
        }
    }

    // MARK: Fixtures

    func fixtures(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> Transcript.Fixtures {
        var result = Transcript.Fixtures()
        for (key, child) in try members(value, at: pointer, allowed: ["storage", "storageLatency", "storageFaults", "network"]) {
            let path = pointer + "/" + key
            switch key {
            case "storage":
                guard case .object(let collections) = child else {
                    throw fail(path, expected: "an object of collections", found: child.kind)
                }
                for (collection, documents) in collections {
                    let collectionPath = path + "/" + JSONParser.escape(collection)
                    var stored: [(id: String, value: JSONValue)] = []
                    for (index, document) in try array(documents, at: collectionPath).enumerated() {
                        let documentPath = collectionPath + "/\(index)"
                        let members = try members(document, at: documentPath, allowed: ["id", "value"], required: ["id", "value"])
                        let id = try string(members.first { $0.key == "id" }!.value, at: documentPath + "/id")
                        stored.append((id, members.first { $0.key == "value" }!.value))
                    }
                    result.storage.append((collection, stored))
                }
            case "storageLatency": result.storageLatency = try duration(child, at: path)
            case "storageFaults":
                for (index, fault) in try array(child, at: path).enumerated() {
                    result.storageFaults.append(try storageFault(fault, at: path + "/\(index)"))
                }
            default:
                for (index, stub) in try array(child, at: path).enumerated() {
                    result.network.append(try networkStub(stub, at: path + "/\(index)"))
                }
            }
        }
        return result
    }

    func storageFault(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> Transcript.StorageFault {
        let pairs = try members(value, at: pointer, allowed: ["failNext", "operation", "collection", "error"])
        let message =
            try pairs.first { $0.key == "error" }.map { pair throws(TranscriptError) in
                try string(pair.value, at: pointer + "/error")
            } ?? "injected fault"
        if let count = pairs.first(where: { $0.key == "failNext" }) {
            return .failNext(try integer(count.value, at: pointer + "/failNext", minimum: 1), message: message)
        }
        let operation = try pairs.first { $0.key == "operation" }.map { pair throws(TranscriptError) in
            try choice(pair.value, at: pointer + "/operation", ["save", "read", "list", "delete"].map { ($0, $0) })
        }
        let collection = try pairs.first { $0.key == "collection" }.map { pair throws(TranscriptError) in
            try string(pair.value, at: pointer + "/collection")
        }
        return .failWhen(operation: operation, collection: collection, message: message)
    }

    func networkStub(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> NetworkStub {
        let pairs = try members(
            value, at: pointer, allowed: ["match", "response", "fault", "latency", "times", "label"],
            required: ["match"])
        var match = NetworkStub.Match()
        var reply: NetworkStub.Reply?
        var latency = Duration.zero
        var times: Int?
        var label: String?
        for (key, child) in pairs {
            let path = pointer + "/" + key
            switch key {
            case "match": (match, label) = try stubMatch(child, at: path, label: label)
            case "latency": latency = try duration(child, at: path)
            case "times": times = try integer(child, at: path, minimum: 1)
            case "label": label = try string(child, at: path)
            case "fault":
                reply = try choice(
                    child, at: path,
                    [
                        ("offline", NetworkStub.Reply.offline), ("timeout", .timeout),
                        ("malformedPayload", .malformedPayload), ("hang", .hang),
                    ])
            default: reply = try response(child, at: path)
            }
        }
        guard let reply else { throw fail(pointer, expected: "a \"response\" or a \"fault\"", found: "neither") }
        if pairs.contains(where: { $0.key == "response" }) && pairs.contains(where: { $0.key == "fault" }) {
            throw fail(pointer + "/fault", expected: "a \"response\" or a \"fault\", not both", found: "both")
        }
        return NetworkStub(match, reply: reply, latency: latency, times: times, label: label)
    }

    func stubMatch(_ value: JSONValue, at pointer: String, label: String?) throws(TranscriptError) -> (NetworkStub.Match, String?) {
        var match = NetworkStub.Match()
        var label = label
        for (key, child) in try members(value, at: pointer, allowed: ["method", "url", "path", "query", "headers", "body", "weather"]) {
            let path = pointer + "/" + key
            switch key {
            case "method": match.method = NetworkRequest.Method(rawValue: try string(child, at: path))
            case "url": match.url = try string(child, at: path)
            case "path": match.path = try string(child, at: path)
            case "query": match.query = try stringMap(child, at: path)
            case "headers": match.headers = try stringMap(child, at: path)
            case "body": match.body = Data(child.canonical.utf8)
            default:
                let city = try string(child, at: path)
                match = FakeNetworkService.weatherMatch(city: city)
                label = label ?? "weather \(city)"
            }
        }
        return (match, label)
    }

    func response(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> NetworkStub.Reply {
        var response = NetworkResponse()
        let pairs = try members(value, at: pointer, allowed: ["status", "headers", "json", "body"])
        for (key, child) in pairs {
            let path = pointer + "/" + key
            switch key {
            case "status": response.status = try integer(child, at: path, minimum: 100, maximum: 599)
            case "headers": response.headers = try stringMap(child, at: path)
            case "json":
                response.body = Data(child.canonical.utf8)
                response.headers["Content-Type"] = response.headers["Content-Type"] ?? "application/json"
            default: response.body = Data(try string(child, at: path).utf8)
            }
        }
        return .response(response)
    }

    func stringMap(_ value: JSONValue, at pointer: String) throws(TranscriptError) -> [String: String] {
        guard case .object(let pairs) = value else { throw fail(pointer, expected: "an object of strings", found: value.kind) }
        var result: [String: String] = [:]
        for (key, child) in pairs { result[key] = try string(child, at: pointer + "/" + JSONParser.escape(key)) }
        return result
    }
}
