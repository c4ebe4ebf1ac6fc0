import Foundation
import SkillCheckSupport

extension JSONSchema {
    /// Whether `text` is of `format`, for the formats a provider's variant may drop (``SchemaVariant/losses``
    /// says "the tool still checks it"); `nil` for a format the kit does not check (`uri-template`, `regex`, an
    /// unknown one), which then passes. `date-time` is checked on its own, with its example in the message.
    ///
    /// What each accepts, from RFC 3339, 5321, 1123, 2673, 4291, 3986 and 4122, read simply: a `date` is
    /// `2025-04-09`, a `time` `08:30:00Z` or `08:30:00.5+08:00`, a `duration` `P3DT4H`, an `email` one `@`
    /// between a local part and a domain, a `hostname` dot-separated labels of letters, digits and `-`, an
    /// `ipv4` four numbers up to 255, an `ipv6` what `inet_pton` reads, a `uri` a scheme, `:`, and no space,
    /// a `uuid` what `UUID(uuidString:)` reads.
    package static func fits(_ text: String, format: String) -> Bool? {
        switch format {
        case "date": return isDate(text)
        case "time": return isTime(text)
        case "duration": return matches(text, #"^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$"#)
        case "email", "idn-email": return isEmail(text)
        case "hostname", "idn-hostname": return isHostname(text)
        case "ipv4": return isIPv4(text)
        case "ipv6": return isIPv6(text)
        case "uri", "iri": return matches(text, #"^[A-Za-z][A-Za-z0-9+.\-]*:[^\s]*$"#)
        case "uuid": return UUID(uuidString: text) != nil
        default: return nil
        }
    }

    /// An example of `format` for a message: `an email address such as "ada@example.com"`.
    static func formatExample(_ format: String) -> String {
        switch format {
        case "date": "a date such as \"2025-04-09\""
        case "time": "a time such as \"08:30:00Z\""
        case "duration": "a duration such as \"PT30M\""
        case "email", "idn-email": "an email address such as \"ada@example.com\""
        case "hostname", "idn-hostname": "a host name such as \"example.com\""
        case "ipv4": "an IPv4 address such as \"192.0.2.1\""
        case "ipv6": "an IPv6 address such as \"2001:db8::1\""
        case "uri", "iri": "a URI such as \"https://example.com/page\""
        case "uuid": "a UUID such as \"3F2504E0-4F89-11D3-9A0C-0305E82C3301\""
        default: "the format \"\(format)\""
        }
    }

    /// Whether `text` matches `pattern` somewhere, as JSON Schema's `pattern` asks (unanchored); `nil` when the
    /// pattern does not compile here, which then checks nothing (``problems(in:)`` names such a pattern).
    package static func matches(_ text: String, _ pattern: String) -> Bool? {
        let regex = compiledPatterns.withLock { cache -> NSRegularExpression? in
            if let known = cache[pattern] { return known }
            let compiled = try? NSRegularExpression(pattern: pattern)
            cache[pattern] = .some(compiled)
            return compiled
        }
        guard let regex else { return nil }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Each pattern compiled once: tools check their arguments on every call.
    private static let compiledPatterns = Locked([String: NSRegularExpression?]())

    private static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    private static func isTime(_ text: String) -> Bool {
        matches(text, #"^([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+\-]([01]\d|2[0-3]):[0-5]\d)$"#) == true
    }

    private static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64, !text.contains(where: \.isWhitespace) else { return false }
        return isHostname(String(parts[1])) && parts[1].contains(".")
    }

    private static func isHostname(_ text: String) -> Bool {
        let name = text.hasSuffix(".") ? String(text.dropLast()) : text
        guard !name.isEmpty, name.utf8.count <= 253 else { return false }
        return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { $0 == "-" || $0.isLetter || $0.isNumber }
        }
    }

    private static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy { $0.isASCII && $0.isNumber }
                    && (part == "0" || !part.hasPrefix("0")) && (Int(part) ?? 256) <= 255
            }
    }

    private static func isIPv6(_ text: String) -> Bool {
        var address = in6_addr()
        return text.withCString { inet_pton(AF_INET6, $0, &address) } == 1
    }
}
