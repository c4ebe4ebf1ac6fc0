import Foundation

/// A model's decision to call one tool skill, with its arguments (seed 002 §2.1).
///
/// Encoded as `{"id": "call-1", "name": "query_weather", "arguments": {"city": "北京"}}`. Arguments that
/// are not a JSON object or array (a model can send broken JSON) are encoded as a string of their text,
/// and a string is decoded as that text, as Chat Completions APIs send it.
///
/// Two calls are equal when their arguments are the same JSON value, however the text is spaced or its
/// keys ordered (`{"city": "北京"}` and `{"city":"北京"}`), so a call equals its encoded and decoded copy;
/// arguments that are not JSON compare byte for byte.
public struct ToolCall: Sendable, Hashable {
    /// The model's id for this call, echoed back with its result.
    public var id: String
    /// The tool's ``ToolSchema/name``.
    public var name: String
    /// The arguments, as UTF-8 JSON text.
    public var arguments: Data

    public init(id: String, name: String, arguments: Data) {
        self.id = id
        self.name = name
        self.arguments = arguments
    }

    /// A call whose arguments are a JSON value.
    ///
    /// ```swift
    /// ToolCall(id: "call-1", name: "query_weather", arguments: ["city": "北京"])
    /// ```
    public init(id: String, name: String, arguments: JSON) {
        self.init(id: id, name: name, arguments: arguments.data)
    }

    /// The arguments as text, for logs and messages.
    public var argumentsText: String { String(decoding: arguments, as: UTF8.self) }

    public static func == (lhs: ToolCall, rhs: ToolCall) -> Bool {
        guard lhs.id == rhs.id, lhs.name == rhs.name else { return false }
        if lhs.arguments == rhs.arguments { return true }
        guard let left = try? JSON(parsing: lhs.arguments), let right = try? JSON(parsing: rhs.arguments) else { return false }
        return left == right
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(name)
        if let value = try? JSON(parsing: arguments) { hasher.combine(value) } else { hasher.combine(arguments) }
    }
}

extension ToolCall: Codable {
    private enum CodingKeys: String, CodingKey { case id, name, arguments }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        let value = try container.decodeIfPresent(JSON.self, forKey: .arguments) ?? .object([:])
        if case .string(let text) = value {
            arguments = Data(text.utf8)
        } else {
            arguments = value.data
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        if let value = try? JSON(parsing: arguments), value.isContainer {
            try container.encode(value, forKey: .arguments)
        } else {
            try container.encode(argumentsText, forKey: .arguments)
        }
    }
}

extension JSON {
    var isContainer: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }
}
