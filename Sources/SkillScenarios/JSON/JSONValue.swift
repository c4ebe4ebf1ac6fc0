import Foundation

/// A JSON value that keeps object keys in the order they were written.
///
/// So a transcript written back by record mode reads like the one its author wrote.
@available(SkillCheckTesting, *)
public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && a.allSatisfy { pair in b.contains { $0.key == pair.key && $0.value == pair.value } }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(canonical)
    }

    /// The value of `key` in an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    /// The type name used in error messages: "a string", "an object", ...
    package var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Compact JSON with sorted keys: equal values give equal text.
    package var canonical: String { JSONWriter.write(self, pretty: false, sortKeys: true) }

    /// Two-space indented JSON in the written key order.
    package var pretty: String { JSONWriter.write(self, pretty: true, sortKeys: false) }

    /// Converts an `Encodable` value as `JSONEncoder` would (sorted keys, ISO 8601 dates), without the
    /// text in between (``JSONValueEncoder``).
    package init<Value: Encodable>(encoding value: Value) throws {
        self = try JSONValueEncoder.encode(value)
    }

    /// Decodes this value as `Value` through `JSONDecoder`.
    package func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(type, from: Data(canonical.utf8))
    }
}
