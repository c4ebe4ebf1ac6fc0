import Foundation

/// Finds values that look like credentials, so that record mode refuses to write them and diffs never
/// print them.
public enum SecretScanner {
    /// Member names whose values are secrets.
    static let secretKeys = ["authorization", "proxy-authorization", "api_key", "apikey", "api-key", "x-api-key",
                             "password", "secret", "client_secret", "access_token", "refresh_token", "token", "cookie"]

    static let patterns: [NSRegularExpression] = [
        #"(?i)\bbearer\s+[a-z0-9._~+/=-]{8,}"#,
        #"\bsk-[A-Za-z0-9_-]{16,}"#,
        #"\bgh[pousr]_[A-Za-z0-9]{20,}"#,
        #"\bAKIA[0-9A-Z]{16}\b"#,
        #"\bxox[abprs]-[A-Za-z0-9-]{10,}"#,
        #"-----BEGIN [A-Z ]*PRIVATE KEY-----"#,
        #"\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}"#,
    ].map { try! NSRegularExpression(pattern: $0) }

    /// Whether `text` contains something that looks like a token or key.
    public static func looksSecret(_ text: String) -> Bool {
        let range = NSRange(text.startIndex..., in: text)
        return patterns.contains { $0.firstMatch(in: text, range: range) != nil }
    }

    /// JSON pointers of every secret-looking value in `value`.
    public static func secrets(in value: JSONValue, pointer: String = "") -> [String] {
        switch value {
        case .string(let text): return looksSecret(text) ? [pointer] : []
        case .array(let items):
            return items.enumerated().flatMap { secrets(in: $0.element, pointer: pointer + "/\($0.offset)") }
        case .object(let pairs):
            return pairs.flatMap { pair -> [String] in
                let child = pointer + "/" + JSONParser.escape(pair.key)
                if secretKeys.contains(pair.key.lowercased()), case .string(let text) = pair.value, !text.isEmpty {
                    return [child]
                }
                return secrets(in: pair.value, pointer: child)
            }
        default: return []
        }
    }

    static func redacted(_ text: String) -> String {
        var result = text
        for pattern in patterns {
            result = pattern.stringByReplacingMatches(in: result, range: NSRange(result.startIndex..., in: result),
                                                      withTemplate: "«redacted»")
        }
        return result
    }

    static func redacted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): return .string(redacted(text))
        case .array(let items): return .array(items.map(redacted))
        case .object(let pairs):
            return .object(pairs.map { pair in
                if secretKeys.contains(pair.key.lowercased()), case .string = pair.value { return (pair.key, .string("«redacted»")) }
                return (pair.key, redacted(pair.value))
            })
        default: return value
        }
    }
}
