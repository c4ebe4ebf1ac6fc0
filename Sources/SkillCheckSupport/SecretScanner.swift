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

        package init(pointer: String, kind: String) {
            self.pointer = pointer
            self.kind = kind
        }
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
        Pattern("Hugging Face token", #"\bhf_[A-Za-z0-9]{30,}"#),
        Pattern("GitLab token", #"\bglpat-[A-Za-z0-9_-]{20,}"#),
        Pattern("npm token", #"\bnpm_[A-Za-z0-9]{36}"#),
        Pattern("Shopify token", #"\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}"#),
        Pattern("DigitalOcean token", #"\bdo[opr]_v1_[a-f0-9]{64}"#),
        Pattern("SendGrid API key", #"\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}"#),
        Pattern("Mailgun API key", #"\bkey-[0-9a-f]{32}\b"#),
        Pattern("Twilio API key", #"\bSK[0-9a-f]{32}\b"#),
        // In a URL's path it follows `bot` (`/bot123456789:AA…/sendMessage`), so no word boundary comes before it.
        Pattern("Telegram bot token", #"(?<![0-9])[0-9]{5,16}:A[A-Za-z0-9_-]{34}(?![A-Za-z0-9_-])"#),
        Pattern("JSON Web Token", #"\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.?[A-Za-z0-9_-]*"#),
        // "Bearer" as headers write it takes any token; in running text ("bearer instruments") the token
        // must have a digit or punctuation, as real tokens do.
        Pattern("bearer token", #"\b(?:Bearer|BEARER)\s+([A-Za-z0-9._~+/=-]{8,})"#, group: 1),
        Pattern("bearer token", #"(?i)\bbearer\s+((?=[A-Za-z]*[0-9._~+/=-])[A-Za-z0-9._~+/=-]{8,})"#, group: 1),
        // The URL as written, or inside a JSON string that escapes its slashes (`https:\/\/`).
        Pattern("password in a URL", #"(?i)\b[a-z][a-z0-9+.-]*:(?://|\\/\\/)[^\s/:@\\]+:([^\s/@\\]+)@"#, group: 1),
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

    /// Query and fragment parameters (compared without case, `-`, `_` and `.`) whose every value is a
    /// secret, as vcrpy's `filter_query_parameters` names them: `?appid=…&sig=…`.
    static let secretParameters: Set<String> = [
        "key", "apikey", "appid", "appkey", "appsecret", "token", "accesstoken", "authtoken", "refreshtoken", "idtoken",
        "signature", "sig", "secret", "clientsecret", "apisecret", "password", "passwd", "pwd", "auth", "authorization",
        "sessionid", "sessiontoken", "xamzsignature", "xamzcredential", "xamzsecuritytoken", "xgoogsignature",
        "xgoogcredential", "privatekey", "credential", "credentials", "license", "licensekey",
    ]

    /// A URL as it appears in text, up to a space, a quote or a placeholder.
    static let urlRegex = try! NSRegularExpression(pattern: #"\b[A-Za-z][A-Za-z0-9+.-]*:(?://|\\/\\/)[^\s"'<>«»`]+"#)

    /// What a value is by its shape alone, where a key usually sits (a URL's path segment or parameter):
    /// a long hex run, or a long random-looking run of base64 or base64url. A UUID is an id, not a key.
    static func kind(ofShape value: String) -> String? {
        let scalars = value.unicodeScalars
        guard scalars.count >= 32, !isPlaceholder(value) else { return nil }
        if value.range(of: #"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"#, options: .regularExpression)
            != nil
        {
            return nil
        }
        if scalars.allSatisfy({ ("0"..."9").contains($0) || ("a"..."f").contains($0) || ("A"..."F").contains($0) }) {
            return "a long hex value"
        }
        let base64 = scalars.allSatisfy {
            ("0"..."9").contains($0) || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || "+/=_-".unicodeScalars.contains($0)
        }
        let letters = scalars.contains { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
        let digits = scalars.contains { ("0"..."9").contains($0) }
        if base64, letters, digits, entropy(value) >= 4 { return "a long random value" }
        return nil
    }

    /// What kind of secret a URL parameter named `name` holding `value` is, by name or by shape.
    package static func kind(ofParameter name: String, _ value: String) -> String? {
        guard !value.isEmpty, !isPlaceholder(value) else { return nil }
        if secretParameters.contains(normalized(name)) || namesCredential(name) { return "the \"\(name)\" parameter" }
        return kind(ofShape: value) ?? kind(of: value)
    }

    /// The last words of parameter names that name a credential: `apiToken`, `serviceKey`, `rapidapi-key`.
    static let credentialWords: Set<String> = [
        "key", "apikey", "token", "secret", "password", "passwd", "pwd", "sig", "signature", "credential", "credentials",
    ]
    /// Words that make such a name something else: a page of results (`pageToken`, `nextPageToken`, `syncToken`), an
    /// order, a place or a record (`sort_key`, `partitionKey`, `object_key`, `hash_key`), a key that is public by design
    /// (`publishable_key`, `site_key`).
    static let notCredentialWords: Set<String> = [
        "page", "next", "prev", "previous", "continuation", "sync", "resumption", "cursor", "sort", "partition", "primary",
        "cache", "idempotency", "public", "publishable", "site", "object", "file", "row", "item", "foreign", "unique", "hash",
        "range", "lookup", "group",
    ]

    /// Whether a parameter's name says it holds a credential, by its words (split at `_ - .` and camelCase): its last
    /// word is one of ``credentialWords`` and none is one of ``notCredentialWords``.
    static func namesCredential(_ name: String) -> Bool {
        let lowered = NameWords.of(name).map { $0.lowercased() }
        guard let last = lowered.last, credentialWords.contains(last) else { return false }
        return !lowered.contains(where: notCredentialWords.contains)
    }

    /// The secrets in the URLs in `text`: a parameter of the query or the fragment by its name or its
    /// shape, a path segment or a user name by its shape (a password in a URL is one of ``patterns``).
    static func urlMatches(in text: String) -> [(kind: String, range: Range<String.Index>)] {
        var found: [(kind: String, range: Range<String.Index>)] = []
        for match in urlRegex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let url = Range(match.range, in: text) else { continue }
            let slashes = text[url].range(of: "://") ?? text[url].range(of: #":\/\/"#)
            var cursor = slashes?.upperBound ?? url.lowerBound
            // The authority: a user name, then the path's segments, up to `?` or `#`.
            let authorityEnd = text[cursor..<url.upperBound].firstIndex { "/?#\\".contains($0) } ?? url.upperBound
            if let at = text[cursor..<authorityEnd].lastIndex(of: "@") {
                let user = text[cursor..<at].prefix { $0 != ":" }
                if let kind = kind(ofShape: String(user)) { found.append((kind, cursor..<user.endIndex)) }
            }
            cursor = authorityEnd
            let pathEnd = text[cursor..<url.upperBound].firstIndex { "?#".contains($0) } ?? url.upperBound
            var segmentStart = cursor
            for index in text[cursor..<pathEnd].indices + [pathEnd] where index == pathEnd || text[index] == "/" {
                let segment = String(text[segmentStart..<index]).trimmingCharacters(in: CharacterSet(charactersIn: "/\\"))
                if let kind = kind(ofShape: segment.removingPercentEncoding ?? segment) {
                    let start = text[segmentStart..<index].firstIndex { $0 != "/" && $0 != "\\" } ?? segmentStart
                    let end = text[start..<index].last == "\\" ? text.index(before: index) : index
                    found.append((kind, start..<end))
                }
                segmentStart = index
            }
            // Parameters of the query and of the fragment (`#access_token=…`).
            var start = pathEnd
            while start < url.upperBound {
                let from = text.index(after: start)
                let end = text[from..<url.upperBound].firstIndex { "&;#".contains($0) } ?? url.upperBound
                let pair = text[from..<end]
                if let equals = pair.firstIndex(of: "=") {
                    let name = String(pair[..<equals]), valueStart = pair.index(after: equals)
                    let value = String(pair[valueStart...])
                    if let kind = kind(ofParameter: name.removingPercentEncoding ?? name, value.removingPercentEncoding ?? value) {
                        found.append((kind, valueStart..<end))
                    }
                }
                start = end
            }
        }
        return found
    }

    /// The ranges of secrets in `text`, with the kind of each.
    package static func matches(in text: String) -> [(kind: String, range: Range<String.Index>)] {
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
        if text.contains("://") || text.contains(#":\/\/"#) {
            for match in urlMatches(in: text) where !match.range.isEmpty && !found.contains(where: { $0.range.overlaps(match.range) }) {
                found.append(match)
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
    package static func kind(ofNamed key: String, _ value: String) -> String? {
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
    package static func kind(ofMember key: String, _ value: String) -> String? {
        kind(ofNamed: key, value) ?? kind(of: value)
    }

    /// `text` with each secret in it replaced by a placeholder that names its kind
    /// (`«redacted: OpenAI API key»`), each kind found, and `offsets` (UTF-8 byte offsets into `text`,
    /// such as where streamed pieces were cut) moved to the same places in the result: an offset inside
    /// a secret moves to the end of its placeholder.
    package static func labelled(_ text: String, offsets: [Int] = []) -> (text: String, kinds: [String], offsets: [Int]) {
        let found = matches(in: text).sorted { $0.range.lowerBound < $1.range.lowerBound }
        guard !found.isEmpty else { return (text, [], offsets) }
        var result = ""
        var cursor = text.startIndex
        // (start, end, placeholder length) of each secret, in UTF-8 bytes of `text`.
        var spans: [(start: Int, end: Int, length: Int)] = []
        for match in found {
            result += text[cursor..<match.range.lowerBound]
            let placeholder = "«redacted: \(match.kind)»"
            spans.append(
                (
                    text.utf8.distance(from: text.startIndex, to: match.range.lowerBound),
                    text.utf8.distance(from: text.startIndex, to: match.range.upperBound), placeholder.utf8.count
                ))
            result += placeholder
            cursor = match.range.upperBound
        }
        result += text[cursor...]
        let moved = offsets.map { offset in
            var shift = 0
            for span in spans {
                if offset >= span.end {
                    shift += span.length - (span.end - span.start)
                } else if offset > span.start {
                    return span.start + shift + span.length
                }
            }
            return offset + shift
        }
        var kinds: [String] = []
        for match in found where !kinds.contains(match.kind) { kinds.append(match.kind) }
        return (result, kinds, moved)
    }

    /// `text` with each secret in it replaced by `«redacted»`.
    package static func redacted(_ text: String) -> String {
        var result = text
        for match in matches(in: text).sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            result.replaceSubrange(match.range, with: "«redacted»")
        }
        return result
    }
}
