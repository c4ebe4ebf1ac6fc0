import Foundation

/// Finds values that look like credentials, so that record mode refuses to write them and diffs,
/// reports and errors never print them.
///
/// It looks for the common key formats (``patterns``: Stripe, Google, AWS, GitHub, Slack, OpenAI,
/// Anthropic, JWTs, private keys, bearer tokens, passwords in URLs, `api_key=…` / `password: …`
/// pairs in text), for any value of a member named like a secret (`password`, `Authorization`,
/// `api_key`, …), and for long, random-looking values of members whose name merely suggests one
/// (`stripeKey`, `sessionID`, …). A finding names the JSON pointer and the kind, never the value.
///
/// ```swift
/// SecretScanner.secrets(in: observed)   // ["/steps/3/expect/network/0/headers/Authorization"]
/// SecretScanner.redacted("curl -H 'Authorization: Bearer abc.def.123'")   // "... Bearer «redacted»'"
/// ```
@available(SkillCheckTesting, *)
package enum SecretScanner {
    /// One kind of credential and how it looks in text. `group` is the capture group that holds the
    /// secret itself (0: the whole match), which is what redaction replaces.
    package struct Pattern: Sendable {
        package let name: String
        let regex: NSRegularExpression
        let group: Int

        init(_ name: String, _ pattern: String, group: Int = 0) {
            self.name = name
            regex = try! NSRegularExpression(pattern: pattern)
            self.group = group
        }
    }

    /// Where a secret is, and what it looks like; never the secret.
    package struct Finding: Sendable, Hashable, CustomStringConvertible {
        package var pointer: String
        package var kind: String
        package var description: String { "\(pointer.isEmpty ? "/" : pointer) (\(kind))" }
    }

    static let secretName =
        #"api[_-]?key|x-api-key|client[_-]?secret|secret[_-]?key|secret|password|passwd|pwd"#
        + #"|access[_-]?token|refresh[_-]?token|auth[_-]?token|id[_-]?token|token|authorization|auth|credentials?"#
        + #"|private[_-]?key|密码|密钥|口令|令牌"#

    /// The formats looked for in every string, most specific first.
    package static let patterns: [Pattern] = [
        Pattern("private key", #"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END [A-Z0-9 ]*-----)?"#),
        Pattern("Anthropic API key", #"\bsk-ant-[A-Za-z0-9_-]{20,}"#),
        Pattern("OpenAI API key", #"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{16,}"#),
        Pattern("Stripe secret key", #"\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{10,}"#),
        Pattern("Google API key", #"\bAIza[0-9A-Za-z_-]{30,}"#),
        Pattern("AWS access key id", #"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b"#),
        Pattern("GitHub token", #"\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{22,})"#),
        Pattern("Slack token", #"\bxox[abprs]-[A-Za-z0-9-]{10,}|https://hooks\.slack\.com/services/[A-Za-z0-9/]+"#),
        Pattern("JSON Web Token", #"\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.?[A-Za-z0-9_-]*"#),
        // "Bearer" as headers write it takes any token; in running text ("bearer instruments") the token
        // must have a digit or punctuation, as real tokens do.
        Pattern("bearer token", #"\b(?:Bearer|BEARER)\s+([A-Za-z0-9._~+/=-]{8,})"#, group: 1),
        Pattern("bearer token", #"(?i)\bbearer\s+((?=[A-Za-z]*[0-9._~+/=-])[A-Za-z0-9._~+/=-]{8,})"#, group: 1),
        Pattern("password in a URL", #"(?i)\b[a-z][a-z0-9+.-]*://[^\s/:@]+:([^\s/@]+)@"#, group: 1),
        Pattern(
            "secret assignment",
            #"(?i)(?<![A-Za-z0-9])(?:"# + secretName + #")(?![A-Za-z0-9])["']?\s*[:=：]\s*["']?"#
                + #"(?:(?:basic|bearer|token|digest)\s+)?([^\s"'&,;<>«»{}$][^\s"'&,;<>«»]{3,})"#, group: 1),
    ]

    /// Member names (compared without case, `-` and `_`) whose every value is a secret.
    static let secretKeys: Set<String> = [
        "authorization", "proxyauthorization", "apikey", "xapikey", "password", "passwd", "pwd", "secret",
        "clientsecret", "apisecret", "secretkey", "secretaccesskey", "accesstoken", "refreshtoken", "idtoken", "token",
        "authtoken", "xauthtoken", "sessiontoken", "cookie", "setcookie", "privatekey", "credential", "credentials",
        "密码", "密钥", "口令", "令牌",
    ]

    /// Parts of member names that suggest a secret: their values count when long and random-looking.
    static let secretishParts = [
        "key", "secret", "token", "pass", "pwd", "auth", "cred", "signature", "session",
        "cookie", "private",
    ]

    /// A value this long and this random (bits per character) in a member named like a secret is one.
    static let entropyLength = 20
    static let entropyBits = 3.5

    static func normalized(_ key: String) -> String {
        key.lowercased().filter { $0 != "-" && $0 != "_" && $0 != "." }
    }

    /// Words that stand in for a value rather than being one, after `password:` and the like.
    static let placeholderWords: Set<String> = [
        "null", "none", "nil", "true", "false", "undefined", "redacted", "hidden",
        "required", "basic", "bearer", "token", "digest",
    ]

    /// Whether `text` stands in for a secret rather than being one: `***`, `«redacted»`, `xxxx`, `null`.
    static func isPlaceholder(_ text: String) -> Bool {
        text.contains("«redacted") || Set(text).count <= 1 || placeholderWords.contains(text.lowercased())
    }

    /// The Shannon entropy of `text`, in bits per character.
    static func entropy(_ text: String) -> Double {
        let counts = Dictionary(text.unicodeScalars.map { ($0, 1) }, uniquingKeysWith: +).values
        let total = Double(text.unicodeScalars.count)
        return counts.reduce(0) { sum, count in
            let p = Double(count) / total
            return sum - p * log2(p)
        }
    }

    /// The ranges of secrets in `text`, with the kind of each.
    static func matches(in text: String) -> [(kind: String, range: Range<String.Index>)] {
        let whole = NSRange(text.startIndex..., in: text)
        var found: [(kind: String, range: Range<String.Index>)] = []
        for pattern in patterns {
            for match in pattern.regex.matches(in: text, range: whole) {
                guard let range = Range(match.range(at: pattern.group), in: text), !isPlaceholder(String(text[range])),
                    !found.contains(where: { $0.range.overlaps(range) })
                else { continue }
                found.append((pattern.name, range))
            }
        }
        return found
    }

    /// What kind of secret `text` holds, if it holds one.
    package static func kind(of text: String) -> String? {
        matches(in: text).first?.kind
    }

    /// Whether `text` contains something that looks like a token or key.
    package static func looksSecret(_ text: String) -> Bool {
        kind(of: text) != nil
    }

    /// What kind of secret a member named `key` holding `value` is by its name alone, if it is one.
    static func kind(ofNamed key: String, _ value: String) -> String? {
        guard !value.isEmpty, !isPlaceholder(value) else { return nil }
        let name = normalized(key)
        if secretKeys.contains(name) { return "a value of \"\(key)\"" }
        if secretishParts.contains(where: name.contains), value.unicodeScalars.count >= entropyLength,
            entropy(value) >= entropyBits
        {
            return "a random-looking value of \"\(key)\""
        }
        return nil
    }

    /// What kind of secret a member named `key` holding `value` is, if it is one.
    static func kind(ofMember key: String, _ value: String) -> String? {
        kind(ofNamed: key, value) ?? kind(of: value)
    }

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

    /// `text` with each secret in it replaced by `«redacted»`.
    package static func redacted(_ text: String) -> String {
        var result = text
        for match in matches(in: text).sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            result.replaceSubrange(match.range, with: "«redacted»")
        }
        return result
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
