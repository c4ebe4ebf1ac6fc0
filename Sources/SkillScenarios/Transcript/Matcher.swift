import Foundation
import SkillKit

/// How a value that should not be compared literally is compared, addressed by JSON pointer.
///
/// Pointers are relative to an `expect` step's observed document (`/messages/1/content`); a `*`
/// token matches any array index or object key. Written as
/// `{"/messages/*/at": "ignore", "/storage/notes/0/value/id": {"regex": "^[0-9A-F-]{36}$"}}`.
@available(SkillCheckTesting, *)
package struct Matcher: Sendable {
    package enum Rule: Sendable {
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
    package var pointer: String
    package var tokens: [String]
    package var rule: Rule

    package init(pointer: String, rule: Rule) {
        self.pointer = pointer
        tokens = Self.tokens(of: pointer)
        self.rule = rule
    }

    package static func tokens(of pointer: String) -> [String] { JSONSchema.tokens(of: pointer) }

    /// A pointer token's member name (`~1` → `/`, `~0` → `~`): the inverse of ``JSONParser/escape(_:)``.
    package static func unescape(_ token: String) -> String { JSONSchema.unescape(token) }

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
