import Foundation

/// The placeholder a recording writes where a secret was (`«redacted»`, `«redacted: OpenAI API key»`),
/// and how an expectation that holds one is matched: the placeholder stands for any text at its
/// position, and the text around it must be as written.
///
/// A replay in CI has no key, or another one: a fixture recorded with `?appid=«redacted: …»` still
/// matches the request the tool sends there, whatever its key. The position is compared, never the value.
@available(SkillCheckTesting, *)
package enum RedactionPlaceholder {
    static let regex = try! NSRegularExpression(pattern: "«redacted(?::[^»]*)?»")

    /// Whether `text` holds a placeholder.
    package static func occurs(in text: String) -> Bool {
        text.contains("«redacted")
    }

    /// Whether `actual` is `expected` with any text (the empty one too) at each placeholder. An actual
    /// value that is percent-encoded (a URL) is also compared decoded.
    package static func matches(_ expected: String, _ actual: String) -> Bool {
        guard occurs(in: expected) else { return expected == actual }
        let whole = NSRange(expected.startIndex..., in: expected)
        var pattern = "^"
        var cursor = expected.startIndex
        for match in regex.matches(in: expected, range: whole) {
            guard let range = Range(match.range, in: expected) else { continue }
            pattern += NSRegularExpression.escapedPattern(for: String(expected[cursor..<range.lowerBound])) + "[\\s\\S]*?"
            cursor = range.upperBound
        }
        pattern += NSRegularExpression.escapedPattern(for: String(expected[cursor...])) + "$"
        guard let compiled = try? NSRegularExpression(pattern: pattern) else { return false }
        return [actual, actual.removingPercentEncoding].compactMap { $0 }.contains { candidate in
            compiled.firstMatch(in: candidate, range: NSRange(candidate.startIndex..., in: candidate)) != nil
        }
    }

    /// Whether the JSON value `actual` is `expected`, placeholders in `expected`'s strings standing for
    /// any text (as parsed by `JSONSerialization`).
    package static func matches(json expected: Any, _ actual: Any) -> Bool {
        switch (expected, actual) {
        case (let left as String, let right as String): return matches(left, right)
        case (let left as [Any], let right as [Any]):
            return left.count == right.count && zip(left, right).allSatisfy { matches(json: $0, $1) }
        case (let left as [String: Any], let right as [String: Any]):
            return Set(left.keys) == Set(right.keys) && left.allSatisfy { key, value in matches(json: value, right[key]!) }
        case (let left as NSObject, let right as NSObject): return left.isEqual(right)
        default: return false
        }
    }
}
