import Foundation

/// How a value that should not be compared literally is compared, addressed by JSON pointer.
///
/// Pointers are relative to an `expect` step's observed document (`/messages/1/content`); a `*`
/// token matches any array index or object key. Written as
/// `{"/messages/*/at": "ignore", "/storage/notes/0/value/id": {"regex": "^[0-9A-F-]{36}$"}}`.
@available(SkillCheckTesting, *)
public struct Matcher: Sendable {
    public enum Rule: Sendable {
        /// Anything matches.
        case ignore
        /// The actual string matches this regular expression.
        case regex(String)
        /// The actual value is of this JSON type: `string`, `number`, `boolean`, `object`, `array`, `null`.
        case type(String)
        /// The actual number is within this distance of the expected one.
        case tolerance(Double)
        /// The arrays hold the same elements in any order.
        case unordered
    }

    /// The JSON pointer as written, such as `/messages/*/at`.
    public var pointer: String
    public var tokens: [String]
    public var rule: Rule

    public init(pointer: String, rule: Rule) {
        self.pointer = pointer
        tokens = Self.tokens(of: pointer)
        self.rule = rule
    }

    public static func tokens(of pointer: String) -> [String] {
        guard !pointer.isEmpty else { return [] }
        return pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    func applies(to tokens: [String]) -> Bool {
        self.tokens.count == tokens.count && zip(self.tokens, tokens).allSatisfy { $0 == "*" || $0 == $1 }
    }

    static let typeNames = ["string", "number", "boolean", "object", "array", "null"]

    static func typeName(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
