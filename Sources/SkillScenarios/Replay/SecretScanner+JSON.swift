import SkillCheckSupport

/// ``SecretScanner`` on JSON values: the secrets a transcript holds, by JSON pointer, and the value redacted.
@available(SkillCheckTesting, *)
extension SecretScanner {
    /// Every secret-looking value in `value`, by JSON pointer, with its kind; with `standIns` false, not a text that
    /// says it stands in for one (``standsIn(_:)``).
    package static func findings(in value: JSONValue, pointer: String = "", standIns: Bool = true) -> [Finding] {
        switch value {
        case .string(let text):
            // In text, the stand-in is the secret's own span: a message may say "example" beside a real key.
            let kind = standIns ? kind(of: text) : matches(in: text).first { !standsIn(String(text[$0.range])) }?.kind
            return kind.map { [Finding(pointer: pointer, kind: $0)] } ?? []
        case .array(let items):
            return items.enumerated().flatMap { findings(in: $0.element, pointer: pointer + "/\($0.offset)", standIns: standIns) }
        case .object(let pairs):
            return pairs.flatMap { pair -> [Finding] in
                let child = pointer + "/" + JSONParser.escape(pair.key)
                if case .string(let text) = pair.value, standIns || !standsIn(text), let kind = kind(ofMember: pair.key, text) {
                    return [Finding(pointer: child, kind: kind)]
                }
                return findings(in: pair.value, pointer: child, standIns: standIns)
            }
        default: return []
        }
    }

    /// Whether `text` says it stands in for a credential, as a hand-written fixture's does: `test-key`, `your-api-key`,
    /// `dummy`, `sk-example`, `changeme`, `xxxx`.
    package static func standsIn(_ text: String) -> Bool {
        let lowered = text.lowercased()
        let words = ["test", "fake", "dummy", "example", "sample", "placeholder", "your", "changeme", "xxx", "mock", "redacted"]
        return words.contains { lowered.contains($0) }
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
