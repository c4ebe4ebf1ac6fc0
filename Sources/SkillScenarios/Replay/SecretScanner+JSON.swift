import SkillCheckSupport

/// ``SecretScanner`` on JSON values: the secrets a transcript holds, by JSON pointer, and the value redacted.
@available(SkillCheckTesting, *)
extension SecretScanner {
    /// Every secret-looking value in `value`, by JSON pointer, with its kind.
    package static func findings(in value: JSONValue, pointer: String = "") -> [Finding] {
        switch value {
        case .string(let text): return kind(of: text).map { [Finding(pointer: pointer, kind: $0)] } ?? []
        case .array(let items):
            return items.enumerated().flatMap { findings(in: $0.element, pointer: pointer + "/\($0.offset)") }
        case .object(let pairs):
            return pairs.flatMap { pair -> [Finding] in
                let child = pointer + "/" + JSONParser.escape(pair.key)
                if case .string(let text) = pair.value, let kind = kind(ofMember: pair.key, text) {
                    return [Finding(pointer: child, kind: kind)]
                }
                return findings(in: pair.value, pointer: child)
            }
        default: return []
        }
    }

    /// JSON pointers of every secret-looking value in `value`.
    package static func secrets(in value: JSONValue, pointer: String = "") -> [String] {
        findings(in: value, pointer: pointer).map(\.pointer)
    }

    /// `value` with each secret in it redacted, members named like secrets included.
    package static func redacted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): return .string(redacted(text))
        case .array(let items): return .array(items.map(redacted))
        case .object(let pairs):
            return .object(pairs.map { pair in (pair.key, redacted(pair.value, key: pair.key)) })
        default: return value
        }
    }

    /// `value` as the value of a member named `key`: all of it redacted when the name says it is secret.
    package static func redacted(_ value: JSONValue, key: String) -> JSONValue {
        if case .string(let text) = value, kind(ofNamed: key, text) != nil { return .string("«redacted»") }
        return redacted(value)
    }
}
