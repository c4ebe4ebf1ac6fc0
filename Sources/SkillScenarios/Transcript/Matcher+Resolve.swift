@available(SkillCheckTesting, *)
extension Matcher {
    /// Whether this matcher's pointer names at least one value in `document` (`*` matching any index
    /// or key): a matcher that names nothing does nothing, which is a mistake in the transcript.
    func resolves(in document: JSONValue) -> Bool {
        Self.resolves(tokens[...], in: document)
    }

    static func resolves(_ tokens: ArraySlice<String>, in value: JSONValue) -> Bool {
        guard let token = tokens.first else { return true }
        return children(of: value, at: token).contains { resolves(tokens.dropFirst(), in: $0.value) }
    }

    /// The children of `value` that `token` names.
    static func children(of value: JSONValue, at token: String) -> [(token: String, value: JSONValue)] {
        switch value {
        case .object(let pairs):
            return token == "*" ? pairs.map { ($0.key, $0.value) } : pairs.filter { $0.key == token }.map { ($0.key, $0.value) }
        case .array(let items):
            if token == "*" { return items.enumerated().map { ("\($0.offset)", $0.element) } }
            guard let index = Int(token), String(index) == token, items.indices.contains(index) else { return [] }
            return [(token, items[index])]
        default:
            return []
        }
    }

    /// Why this matcher names nothing in `document`: the deepest part of its pointer that does name a
    /// value, and what that value holds instead. `nil` when it resolves.
    func miss(in document: JSONValue) -> (depth: Int, text: String)? {
        Self.miss(tokens[...], in: document, prefix: [])
    }

    static func miss(_ tokens: ArraySlice<String>, in value: JSONValue, prefix: [String]) -> (depth: Int, text: String)? {
        guard let token = tokens.first else { return nil }
        let children = children(of: value, at: token)
        guard !children.isEmpty else { return (prefix.count, describe(value, at: prefix, missing: token)) }
        var deepest: (depth: Int, text: String)?
        for child in children {
            guard let miss = miss(tokens.dropFirst(), in: child.value, prefix: prefix + [child.token]) else { return nil }
            if miss.depth > deepest?.depth ?? -1 { deepest = miss }
        }
        return deepest
    }

    static func describe(_ value: JSONValue, at prefix: [String], missing token: String) -> String {
        let pointer = prefix.map { "/" + JSONParser.escape($0) }.joined()
        switch value {
        case .object(let pairs) where prefix.isEmpty:
            return "the step checks no field \"\(token)\" (it checks " + pairs.map { "\"\($0.key)\"" }.joined(separator: ", ") + ")"
        case .object(let pairs):
            if pairs.isEmpty { return "\(pointer) is an empty object" }
            return "\(pointer) has no member \"\(token)\" (its members: " + pairs.map { "\"\($0.key)\"" }.joined(separator: ", ") + ")"
        case .array(let items):
            if items.isEmpty { return "\(pointer) is an empty array" }
            if Int(token) == nil && token != "*" { return "\(pointer) is an array, and \"\(token)\" is not an index" }
            return "\(pointer) has \(items.count) element\(items.count == 1 ? "" : "s") (0 to \(items.count - 1))"
        default:
            return "\(pointer) is \(value.kind), not an object or an array"
        }
    }
}
