import Foundation

/// A JSON value: what a tool's input schema and a model's tool-call arguments are made of.
///
/// Write one as a literal, or parse one from text:
///
/// ```swift
/// let schema: JSON = ["type": "object", "properties": ["city": ["type": "string"]], "required": ["city"]]
/// let arguments = try JSON(parsing: Data(#"{"city": "北京"}"#.utf8))
/// arguments["city"]   // .string("北京")
/// ```
///
/// Objects are unordered; ``text`` writes their keys sorted, so equal values give equal text.
public indirect enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    /// Parses JSON text.
    ///
    /// Throws `DecodingError` with Foundation's description of where it went wrong.
    public init(parsing data: Data) throws {
        if let value = JSON.read(data) {
            self = value
            return
        }
        self = try JSONDecoder().decode(JSON.self, from: data)
    }

    /// The value of `key` in an object.
    ///
    /// `nil` for a missing key or a value that is not an object.
    public subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// Compact JSON text with sorted keys.
    public var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a JSON value cannot fail: every case maps to a JSON token.
        guard let data = try? encoder.encode(self) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The value as UTF-8 JSON text, for ``ToolCall/arguments`` and ``ToolSkill/execute(arguments:)``.
    public var data: Data { Data(text.utf8) }

    /// What this value is, in the words an error message uses: "a string", "an integer", ...
    package var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number(let value): value.rounded() == value && abs(value) < 1e15 ? "an integer" : "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as it would be quoted in an error message: strings in quotes, containers abbreviated.
    package var quoted: String {
        switch self {
        case .array(let items): "an array of \(items.count)"
        case .object: "an object"
        default:
            text.count > 40 ? String(text.prefix(37)) + "..." : text
        }
    }

    /// The string, when this is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}

extension JSON: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if value.rounded() == value, abs(value) < 1e15 { try container.encode(Int64(value)) } else { try container.encode(value) }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
