import Foundation
import SkillKit

/// A value that came out differently in two replays of the same transcript, such as a note id made
/// by `UUID()`: record mode never writes it, since the literal would fail the very next run.
///
/// ```text
/// /steps/1/expect/storage/notes/0/id changes from run to run; add a matcher to the expect step:
///   "matchers": {"/storage/notes/*/id": {"regex": "^[0-9A-F-]{36}$"}}
/// ```
@available(SkillCheckTesting, *)
package struct Nondeterminism: Sendable, Hashable, CustomStringConvertible {
    /// The value's JSON pointer in the transcript file, such as `/steps/1/expect/storage/notes/0/id`.
    package var pointer: String
    /// A matcher pointer for the `expect` step's `matchers` that covers it, such as `/storage/notes/*/id`.
    package var matcherPointer: String
    /// The suggested matcher rule, as JSON: `{"regex": "^[0-9A-F-]{36}$"}`, `{"type": "number"}`, `"ignore"`.
    package var rule: String

    /// The matcher as it would be written: `"/storage/notes/*/id": {"regex": "^[0-9A-F-]{36}$"}`.
    package var suggestion: String { JSONWriter.quote(matcherPointer) + ": " + rule }

    package var description: String {
        "\(pointer) changes from run to run; add a matcher to the expect step: \"matchers\": {\(suggestion)}"
    }

    /// The pointers (below `pointer`) where two values differ.
    static func differences(_ first: JSONValue, _ second: JSONValue, pointer: String = "") -> [String] {
        switch (first, second) {
        case (.object(let a), .object(let b)):
            let keys = a.map(\.key) + b.map(\.key).filter { key in !a.contains { $0.key == key } }
            return keys.flatMap { key -> [String] in
                let child = pointer + "/" + JSONParser.escape(key)
                guard let x = first.child(key), let y = second.child(key) else { return [child] }
                return differences(x, y, pointer: child)
            }
        case (.array(let a), .array(let b)) where a.count == b.count:
            return zip(a, b).enumerated().flatMap { differences($1.0, $1.1, pointer: pointer + "/\($0)") }
        case (.string(let a), .string(let b)):
            // JSON text in another key order is the same value (what a replay compares, too).
            return a == b || JSON.comparable(a) == JSON.comparable(b) ? [] : [pointer]
        default:
            return first == second ? [] : [pointer]
        }
    }

    /// The nondeterminism at `pointer` (a file pointer inside an expect step), with a matcher that
    /// would accept `value`, what the first replay saw there.
    init(pointer: String, value: JSONValue?) {
        self.pointer = pointer
        var tokens = Matcher.tokens(of: pointer)
        tokens.removeFirst(min(3, tokens.count)) // steps, N, expect
        // A storage collection's documents can be many, in any number: one matcher for all of them.
        if let depth = tokens.first.flatMap(ObservedField.init(rawValue:))?.wildcardDepth,
            tokens.count > depth, Int(tokens[depth]) != nil
        {
            tokens[depth] = "*"
        }
        matcherPointer = tokens.isEmpty ? "" : "/" + tokens.map(JSONParser.escape).joined(separator: "/")
        rule = Self.rule(for: value)
    }

    static let uuid = try! NSRegularExpression(pattern: "^[0-9A-Fa-f]{8}(-[0-9A-Fa-f]{4}){3}-[0-9A-Fa-f]{12}$")
    static let timestamp = try! NSRegularExpression(pattern: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}"#)

    static func rule(for value: JSONValue?) -> String {
        switch value {
        case .string(let text)?:
            let range = NSRange(text.startIndex..., in: text)
            if uuid.firstMatch(in: text, range: range) != nil {
                let hex = text == text.uppercased() ? "0-9A-F" : (text == text.lowercased() ? "0-9a-f" : "0-9A-Fa-f")
                return JSONValue.object([("regex", .string("^[\(hex)-]{36}$"))]).pretty
            }
            if timestamp.firstMatch(in: text, range: range) != nil {
                return JSONValue.object([("regex", .string(#"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}"#))]).pretty
            }
            return #"{"type": "string"}"#
        case .number?: return #"{"type": "number"}"#
        default: return #""ignore""#
        }
    }
}

/// A field record mode cannot write truthfully, so that it writes nothing at all.
@available(SkillCheckTesting, *)
package struct Unrecordable: Sendable, Hashable, CustomStringConvertible {
    package enum Reason: String, Sendable, Hashable, Codable {
        /// A matcher governs the field and the observed value fails it; writing the literal would
        /// replace the matcher's placeholder.
        case matcherFails
        /// Observed after the last `expect` step that checks the field (in an exhaustive transcript):
        /// no written step has a place for it.
        case afterLastExpect
    }

    /// The JSON pointer in the transcript file (`/steps/-` for after the last step).
    package var pointer: String
    package var reason: Reason
    /// What was observed, for ``Reason/afterLastExpect``: such as `messages[4]`.
    package var path: String?

    package var description: String {
        switch reason {
        case .matcherFails:
            return "\(pointer): a matcher governs this value and the observed value fails it; "
                + "fix the matcher or the skill (recording never writes a literal over a matcher)"
        case .afterLastExpect:
            let field = path.map { String($0.prefix { $0 != "[" }) } ?? ObservedField.messages.rawValue
            return "\(path ?? field) came after the last expect step that checks \(field); "
                + "add {\"expect\": {\"\(field)\": null}} at the end and record again"
        }
    }
}
